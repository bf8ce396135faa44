//! The board-core conformance suite on every morris profile, and on
//! variants that turn on the switches no bundled profile uses.

mod common;

use board_core::conformance::random_playouts;
use board_core::prelude::*;
use common::{BUNDLED, profile, variant};
use morris::Morris;

fn run(name: &str, game: &Morris) {
    let checked = random_playouts(game, &game.start_position(), 20, 200, 0x5eed)
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    assert!(checked > 1000, "{name}: only {checked} positions checked");
}

#[test]
fn conformance_on_every_bundled_profile() {
    for (name, _) in BUNDLED {
        run(name, &profile(name));
    }
}

#[test]
fn conformance_with_draw_rules_and_double_removals() {
    let game = variant(
        "nine-mens-morris",
        &[
            ("removals-per-double-mill", "2"),
            ("draw-moves-without-removal", "30"),
            ("draw-repetition", "3"),
            ("blocked", "\"draw\""),
        ],
    );
    run("nine-mens-morris with draws and double removals", &game);
}

#[test]
fn conformance_with_marks_and_moves_during_placing() {
    let game = variant(
        "lasker",
        &[
            ("marked-points", "\"empty-point\""),
            ("mill-protection", "\"strict\""),
        ],
    );
    run("lasker with marks", &game);
}
