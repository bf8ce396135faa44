//! The board-core conformance suite on every profile.

mod common;

use board_core::conformance;
use board_core::prelude::*;

#[test]
fn random_playouts_conform_on_every_profile() {
    for (i, (name, _)) in common::PROFILES.iter().enumerate() {
        let game = common::load(name);
        let start = game.start_position();
        let checked = conformance::random_playouts(&game, &start, 20, 150, 0xA1C0 + i as u64)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(checked > 20, "{name}: only {checked} positions");
    }
}

#[test]
fn random_playouts_from_a_crowded_middle_position_conform() {
    // Many capture chains at once: a position after a few opening moves of
    // the seed's rules, and the same men with Black to move.
    for fen in [
        "W:Wa1,b1,c1,d1,e1,a2,c2,e2,b3,d3:Ba3,c3,a4,b4,d4,e4,a5,c5,e5",
        "B:Wa1,b1,c1,d1,e1,a2,c2,e2,b3,d3:Ba3,c3,a4,b4,d4,e4,a5,c5,e5",
    ] {
        for (name, _) in common::PROFILES {
            let game = common::load(name);
            let start = game.parse_position(fen).expect("FEN");
            conformance::random_playouts(&game, &start, 8, 100, 7)
                .unwrap_or_else(|e| panic!("{name} {fen}: {e}"));
        }
    }
}
