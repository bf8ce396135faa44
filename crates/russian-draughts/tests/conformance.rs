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

/// The split of perft that threads share out (`perft -j`) counts the same
/// tree from positions of random games (captures, kings, crowning), with
/// and without counting every capture route.
#[test]
fn perft_split_agrees_along_random_games() {
    use board_core::conformance::Rng;
    let keep = PerftOptions::default().with(&russian_draughts::KEEP_DUPLICATES);
    for name in common::PROFILES {
        let game = common::load(name);
        let mut rng = Rng::new(0x5717 + name.len() as u64);
        for _ in 0..6 {
            let mut position = game.start_position();
            for ply in 0..120 {
                if ply % 6 == 0 {
                    for options in [&PerftOptions::default(), &keep] {
                        check_perft(&game, &position, 3, options)
                            .unwrap_or_else(|e| panic!("{name} at ply {ply}: {e}"));
                    }
                }
                let mut moves = Vec::new();
                game.legal_moves(&position, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.below(moves.len())].clone();
                game.play(&mut position, &mv);
            }
        }
    }
}
