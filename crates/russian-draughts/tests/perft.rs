//! Perft from the start position of every profile against the published
//! tables in `tests/perft/russian-draughts.toml`, and from the other Russian
//! positions listed there, with and without bulk counting.

mod common;

use board_core::PerftOptions;
use board_core::prelude::*;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct Table {
    profile: Vec<Entry>,
    position: Vec<FromFen>,
}

/// A Russian position other than the start and its counts.
#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct FromFen {
    fen: String,
    nodes: Vec<u64>,
    keep_duplicates: Vec<[u64; 2]>,
    debug_depth: u32,
    release_depth: u32,
}

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct Entry {
    name: String,
    nodes: Vec<u64>,
    keep_duplicates: Vec<[u64; 2]>,
    debug_depth: u32,
    release_depth: u32,
}

fn table() -> Table {
    toml::from_str(include_str!("../../../tests/perft/russian-draughts.toml"))
        .expect("the perft table parses")
}

fn check(name: &str, depths: impl Fn(&Entry) -> std::ops::RangeInclusive<u32>) {
    let table = table();
    let entry = table
        .profile
        .iter()
        .find(|e| e.name == name)
        .expect("profile listed in the perft table");
    let game = common::load(name);
    let start = game.start_position();
    for depth in depths(entry) {
        let expected = entry.nodes[depth as usize - 1];
        let got = game.perft(&start, depth, &PerftOptions::default());
        assert_eq!(got, expected, "{name} perft({depth})");
        if let Some([_, dup]) = entry
            .keep_duplicates
            .iter()
            .find(|[d, _]| *d == u64::from(depth))
        {
            let options = PerftOptions::default().with(&russian_draughts::KEEP_DUPLICATES);
            assert_eq!(
                game.perft(&start, depth, &options),
                *dup,
                "{name} perft({depth}) keeping duplicates"
            );
        } else if depth <= entry.debug_depth {
            let options = PerftOptions::default().with(&russian_draughts::KEEP_DUPLICATES);
            assert_eq!(
                game.perft(&start, depth, &options),
                expected,
                "{name} perft({depth}) keeping duplicates"
            );
        }
    }
}

/// Every listed position at `depths`, in both counting conventions; without
/// bulk counting too up to `no_bulk_depth`.
fn check_positions(depths: impl Fn(&FromFen) -> std::ops::RangeInclusive<u32>, no_bulk_depth: u32) {
    let game = common::load("russian");
    let keep = PerftOptions::default().with(&russian_draughts::KEEP_DUPLICATES);
    let no_bulk = PerftOptions::default().with(&board_core::NO_BULK);
    let keep_no_bulk = keep.clone().with(&board_core::NO_BULK);
    for entry in table().position {
        let pos = common::fen(&game, &entry.fen);
        for depth in depths(&entry) {
            let expected = entry.nodes[depth as usize - 1];
            let fen = &entry.fen;
            assert_eq!(
                game.perft(&pos, depth, &PerftOptions::default()),
                expected,
                "{fen} perft({depth})"
            );
            let dup = entry
                .keep_duplicates
                .iter()
                .find(|[d, _]| *d == u64::from(depth))
                .map_or(expected, |[_, n]| *n);
            assert_eq!(
                game.perft(&pos, depth, &keep),
                dup,
                "{fen} perft({depth}) keeping duplicates"
            );
            if depth <= no_bulk_depth {
                assert_eq!(
                    game.perft(&pos, depth, &no_bulk),
                    expected,
                    "{fen} perft({depth}) without bulk counting"
                );
                assert_eq!(
                    game.perft(&pos, depth, &keep_no_bulk),
                    dup,
                    "{fen} perft({depth}) keeping duplicates without bulk counting"
                );
            }
        }
    }
}

#[test]
fn perft_russian_positions_cheap_depths() {
    check_positions(|e| 1..=e.debug_depth, 5);
}

#[test]
#[ignore = "deep perft: run in release with --ignored"]
fn perft_russian_positions_deep() {
    check_positions(|e| e.debug_depth + 1..=e.release_depth, 8);
}

#[test]
fn perft_russian_cheap_depths() {
    check("russian", |e| 1..=e.debug_depth);
}

#[test]
fn perft_english_cheap_depths() {
    check("english", |e| 1..=e.debug_depth);
}

#[test]
fn perft_international_cheap_depths() {
    check("international", |e| 1..=e.debug_depth);
}

#[test]
fn perft_brazilian_cheap_depths() {
    check("brazilian", |e| 1..=e.debug_depth);
}

#[test]
fn perft_without_bulk_counting_agrees() {
    let game = common::load("russian");
    let start = game.start_position();
    let options = PerftOptions::default().with(&board_core::NO_BULK);
    assert_eq!(game.perft(&start, 5, &options), 7482);
}

#[test]
#[ignore = "deep perft: run in release with --ignored"]
fn perft_without_bulk_counting_agrees_deep() {
    let game = common::load("russian");
    let start = game.start_position();
    let table = table();
    let russian = table.profile.iter().find(|e| e.name == "russian");
    let nodes = &russian.expect("russian listed in the perft table").nodes;
    let options = PerftOptions::default().with(&board_core::NO_BULK);
    for depth in 6..=9 {
        assert_eq!(
            game.perft(&start, depth, &options),
            nodes[depth as usize - 1],
            "russian perft({depth}) without bulk counting"
        );
    }
    let keep = options.with(&russian_draughts::KEEP_DUPLICATES);
    assert_eq!(
        game.perft(&start, 9, &keep),
        4570667,
        "russian perft(9) keeping duplicates without bulk counting"
    );
}

#[test]
#[ignore = "deep perft: run in release with --ignored"]
fn perft_russian_deep() {
    check("russian", |e| e.debug_depth + 1..=e.release_depth);
}

#[test]
#[ignore = "deep perft: run in release with --ignored"]
fn perft_english_deep() {
    check("english", |e| e.debug_depth + 1..=e.release_depth);
}

#[test]
#[ignore = "deep perft: run in release with --ignored"]
fn perft_international_deep() {
    check("international", |e| e.debug_depth + 1..=e.release_depth);
}

#[test]
#[ignore = "deep perft: run in release with --ignored"]
fn perft_brazilian_deep() {
    check("brazilian", |e| e.debug_depth + 1..=e.release_depth);
}
