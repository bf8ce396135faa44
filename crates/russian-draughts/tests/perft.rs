//! Perft from the start position of every profile against the published
//! tables in `tests/perft/russian-draughts.toml`.

mod common;

use board_core::PerftOptions;
use board_core::prelude::*;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct Table {
    profile: Vec<Entry>,
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
