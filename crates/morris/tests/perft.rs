//! Perft: the published counts (data in `tests/perft/morris.toml`), the fast
//! count against generating and playing every move, and the removal-ply
//! count against a count built from the legal moves.

mod common;

use board_core::PerftOptions;
use board_core::conformance::{Rng, check_perft};
use board_core::prelude::*;
use common::{BUNDLED, profile};
use morris::{Morris, Position};
use serde::Deserialize;

#[derive(Deserialize)]
struct PerftFile {
    perft: Vec<PerftCase>,
}

#[derive(Deserialize)]
struct PerftCase {
    profile: String,
    #[serde(default)]
    fen: Option<String>,
    removal_ply: bool,
    counts: Vec<u64>,
    debug_depth: usize,
    #[allow(dead_code)]
    source: String,
}

fn cases() -> Vec<PerftCase> {
    let file: PerftFile = toml::from_str(include_str!("../../../tests/perft/morris.toml"))
        .expect("tests/perft/morris.toml is well-formed");
    file.perft
}

fn run_cases(depths: impl Fn(&PerftCase) -> std::ops::RangeInclusive<usize>) {
    for case in cases() {
        let game = profile(&case.profile);
        let start = match &case.fen {
            Some(f) => common::fen(&game, f),
            None => game.start_position(),
        };
        let options = PerftOptions::default().with_if(case.removal_ply, &morris::REMOVAL_PLY);
        for depth in depths(&case) {
            let Some(&expected) = case.counts.get(depth - 1) else {
                continue;
            };
            assert_eq!(
                game.perft(&start, depth as u32, &options),
                expected,
                "{} removal_ply={} depth {depth}",
                case.profile,
                case.removal_ply
            );
        }
    }
}

#[test]
fn published_counts_cheap_depths() {
    run_cases(|case| 1..=case.debug_depth);
}

#[test]
#[ignore = "deep perft: run in release (cargo test --release -- --ignored)"]
fn published_counts_deep_depths() {
    run_cases(|case| case.debug_depth + 1..=case.counts.len());
}

/// Positions reached by random play from the start of `game`.
fn midgame_positions(game: &Morris, seed: u64, count: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut found = Vec::new();
    let mut moves = Vec::new();
    while found.len() < count {
        let mut position = game.start_position();
        let plies = 10 + rng.below(40);
        for _ in 0..plies {
            moves.clear();
            game.legal_moves(&position, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            game.play(&mut position, &mv);
        }
        found.push(position);
    }
    found
}

#[test]
fn fast_perft_agrees_with_generating_and_playing_on_every_profile() {
    for (name, _) in BUNDLED {
        let game = profile(name);
        let start = game.start_position();
        for options in [
            PerftOptions::default(),
            PerftOptions::default().with(&board_core::NO_BULK),
        ] {
            check_perft(&game, &start, 3, &options).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
        for position in midgame_positions(&game, 7, 12) {
            check_perft(&game, &position, 3, &PerftOptions::default()).unwrap_or_else(|e| {
                panic!("{name} from `{}`: {e}", game.write_position(&position))
            });
        }
    }
}

#[test]
fn fast_perft_agrees_with_generating_and_playing_with_every_switch_turned() {
    let variants = [
        common::variant("nine-mens-morris", &[("removals-per-double-mill", "2")]),
        common::variant(
            "nine-mens-morris",
            &[
                ("draw-moves-without-removal", "3"),
                ("draw-repetition", "2"),
            ],
        ),
        common::variant("twelve-mens-morris", &[("removals-per-double-mill", "2")]),
        common::variant(
            "lasker",
            &[
                ("marked-points", "\"empty-point\""),
                ("mill-protection", "\"strict\""),
            ],
        ),
    ];
    for game in &variants {
        for position in midgame_positions(game, 3, 10) {
            check_perft(game, &position, 3, &PerftOptions::default())
                .unwrap_or_else(|e| panic!("{e} from `{}`", game.write_position(&position)));
        }
    }
}

/// The removal-ply count rebuilt from the legal moves: a move without
/// removal is a ply, a mill-closing move is a ply followed by one ply per
/// man taken (the bundled profiles take at most one man per move).
fn removal_ply_reference(game: &Morris, position: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    game.legal_moves(position, &mut moves);
    let mut bases: Vec<(Option<board_core::NodeId>, board_core::NodeId)> = Vec::new();
    let mut total = 0;
    for mv in &moves {
        let mut next = position.clone();
        game.play(&mut next, mv);
        if mv.removals().len() == 0 {
            total += removal_ply_reference(game, &next, depth - 1);
            continue;
        }
        assert_eq!(mv.removals().len(), 1);
        let base = (mv.from(), mv.to());
        if !bases.contains(&base) {
            bases.push(base);
            if depth == 1 {
                total += 1;
            }
        }
        if depth >= 2 {
            total += removal_ply_reference(game, &next, depth - 2);
        }
    }
    total
}

#[test]
fn removal_ply_agrees_with_a_count_built_from_the_legal_moves() {
    let options = PerftOptions::default().with(&morris::REMOVAL_PLY);
    for (name, _) in BUNDLED {
        let game = profile(name);
        for position in midgame_positions(&game, 11, 8) {
            for depth in 1..=3 {
                assert_eq!(
                    game.perft(&position, depth, &options),
                    removal_ply_reference(&game, &position, depth),
                    "{name} depth {depth} from `{}`",
                    game.write_position(&position)
                );
            }
        }
    }
}
