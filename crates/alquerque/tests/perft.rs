//! Perft counts of every profile, read from `tests/perft/alquerque.toml`.

mod common;

use board_core::prelude::*;
use board_core::{PerftOptions, conformance};
use serde::Deserialize;

#[derive(Deserialize)]
struct File {
    case: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    profile: String,
    fen: String,
    debug_depth: usize,
    nodes: Vec<u64>,
    #[serde(default)]
    every_route: Vec<u64>,
    #[allow(dead_code)]
    source: String,
}

fn cases() -> Vec<Case> {
    let text = include_str!("../../../tests/perft/alquerque.toml");
    toml::from_str::<File>(text)
        .expect("perft data parses")
        .case
}

fn run(deep: bool) {
    for case in cases() {
        let game = common::load(&case.profile);
        let position = if case.fen.is_empty() {
            game.start_position()
        } else {
            game.parse_position(&case.fen).expect("perft FEN")
        };
        let depths = |all: &[u64]| -> Vec<(u32, u64)> {
            all.iter()
                .enumerate()
                .map(|(i, &n)| (i as u32 + 1, n))
                .filter(|&(d, _)| (d as usize > case.debug_depth) == deep)
                .collect()
        };
        for (depth, expected) in depths(&case.nodes) {
            let got = game.perft(&position, depth, &PerftOptions::default());
            assert_eq!(
                got, expected,
                "{} {:?} depth {depth}",
                case.profile, case.fen
            );
        }
        let every = PerftOptions::default().with(&alquerque::KEEP_DUPLICATES);
        for (depth, expected) in depths(&case.every_route) {
            let got = game.perft(&position, depth, &every);
            assert_eq!(
                got, expected,
                "{} {:?} depth {depth}, every route",
                case.profile, case.fen
            );
        }
    }
}

#[test]
fn perft_counts_of_the_cheap_depths() {
    run(false);
}

#[test]
#[ignore = "deep: run in release"]
fn perft_counts_of_the_deep_depths() {
    run(true);
}

#[test]
fn fast_perft_agrees_with_generic_perft_on_every_profile() {
    for (name, _) in common::PROFILES {
        let game = common::load(name);
        let start = game.start_position();
        for options in [
            PerftOptions::default(),
            PerftOptions::default().with(&board_core::NO_BULK),
        ] {
            for depth in 0..=4 {
                conformance::check_perft(&game, &start, depth, &options)
                    .unwrap_or_else(|e| panic!("{name}: {e}"));
            }
        }
    }
}

#[test]
fn huffing_perft_counts_huffs_as_moves() {
    // After White ignores the capture c3:c5, Black may huff c3 before each of
    // its moves: every Black move exists with and without the huff.
    let game = common::load("covarrubias");
    let position = common::play(&game, "W:Wc3,a1:Bc4,e5", &["a1-a2"]);
    assert_eq!(game.write_position(&position), "B:Wa2,c3:Bc4,e5:Hc3");
    let unhuffable = game.parse_position("B:Wa2,c3:Bc4,e5").expect("FEN");
    let without = game.perft(&unhuffable, 1, &PerftOptions::default());
    let with = game.perft(&position, 1, &PerftOptions::default());
    let mut moves = Vec::new();
    game.legal_moves(&position, &mut moves);
    let huffs = moves.iter().filter(|m| m.huff().is_some()).count() as u64;
    assert!(huffs > 0);
    assert_eq!(with, without + huffs);
}
