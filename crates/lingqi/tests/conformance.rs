//! The board-core conformance suite on every lingqi profile: positions and
//! moves round-trip through their notation, a decided game has no moves,
//! a position without moves is decided.

mod common;

use board_core::prelude::*;
use board_core::{PerftOptions, conformance};
use common::*;

fn playouts(g: &lingqi::Lingqi, fen: Option<&str>, games: usize, plies: usize, seed: u64) {
    let start = fen.map_or_else(|| g.start_position(), |f| pos(g, f));
    let checked = conformance::random_playouts(g, &start, games, plies, seed)
        .unwrap_or_else(|e| panic!("{}: {e}", g.header().id()));
    assert!(checked > 0);
}

/// Small endgames reach their end (a Sect captured, no legal turn).
const ENDGAME: &str = "S:S0a1,M3c3,D0d4,F0b2,G2e1:S0s19,M3q17,F1r18,D0p16,E2n15:1";

#[test]
fn conformance_default_profile() {
    let g = game();
    playouts(&g, None, 1, 2, 1);
    playouts(&g, Some(ENDGAME), 1, 12, 2);
    conformance::check_perft(&g, &g.start_position(), 1, &PerftOptions::default())
        .unwrap_or_else(|e| panic!("{e}"));
}

#[test]
fn conformance_forbidden_zones_profile() {
    let g = forbidden_game();
    playouts(&g, None, 1, 1, 3);
    playouts(&g, Some(ENDGAME), 1, 12, 4);
}

#[test]
#[ignore = "long playouts, run in release"]
fn conformance_long_playouts() {
    for g in [game(), forbidden_game()] {
        playouts(&g, None, 2, 20, 5);
        playouts(&g, Some(ENDGAME), 8, 200, 6);
        conformance::check_perft(&g, &g.start_position(), 2, &PerftOptions::default())
            .unwrap_or_else(|e| panic!("{e}"));
    }
}
