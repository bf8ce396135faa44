//! Bad input of any shape gets an error, never a panic.

mod common;

use board_core::prelude::*;
use common::{BUNDLED, profile};
use morris::Morris;
use proptest::prelude::*;
use std::sync::OnceLock;

fn games() -> &'static [Morris] {
    static GAMES: OnceLock<Vec<Morris>> = OnceLock::new();
    GAMES.get_or_init(|| BUNDLED.iter().map(|(name, _)| profile(name)).collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn any_move_text_is_read_or_refused(text in "[a-hx1-9 :\\-XD§]{0,14}") {
        let game = &games()[0];
        let start = game.start_position();
        let marked = common::fen(game, "B:Wa1,d1:Bb2,d6:H6/7:Mg1");
        for position in [&start, &marked] {
            if let Ok(mv) = game.parse_move(position, &text) {
                let mut next = position.clone();
                game.play(&mut next, &mv);
            }
        }
        let _ = game.continues_move("d1", &text);
    }

    #[test]
    fn any_fen_is_read_or_refused_with_reasons(text in "[WBHMRa-h0-9:,/ \\-xé]{0,40}") {
        for game in games() {
            match game.parse_position(&text) {
                Ok(position) => {
                    let written = game.write_position(&position);
                    prop_assert!(game.parse_position(&written).is_ok(), "{written}");
                }
                Err(e) => prop_assert!(!e.problems.is_empty()),
            }
        }
    }
}
