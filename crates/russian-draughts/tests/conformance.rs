//! The board-core conformance suite on every profile.

mod common;

use board_core::PerftOptions;
use board_core::conformance::{check_perft, random_playouts};
use board_core::prelude::*;

#[test]
fn conformance_random_playouts_every_profile() {
    for name in common::PROFILES {
        let game = common::load(name);
        let start = game.start_position();
        let checked = random_playouts(&game, &start, 40, 200, 0x5EED + name.len() as u64)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            checked > 40 * 20,
            "{name}: only {checked} positions reached"
        );
    }
}

#[test]
fn conformance_perft_every_profile() {
    for name in common::PROFILES {
        let game = common::load(name);
        let start = game.start_position();
        check_perft(&game, &start, 4, &PerftOptions::default())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}
