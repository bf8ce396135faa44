//! Arbitrary text never panics the move and position readers, and every
//! legal move of random positions survives a round trip.

mod common;

use board_core::conformance;
use board_core::prelude::*;
use proptest::prelude::*;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn any_move_text_is_read_or_refused(text in "\\PC{0,24}") {
        for name in ["alquerque", "covarrubias"] {
            let game = common::load(name);
            let _ = game.parse_move(&game.start_position(), &text);
        }
    }

    #[test]
    fn move_like_text_is_read_or_refused(text in "(x[a-f][0-9] )?[a-fA-F][0-9]{1,2}([-:x+][a-f][0-9]{0,2}){0,5}") {
        let game = common::load("alquerque");
        let position = game
            .parse_position("W:Wc1,a1,e3:Bc2,d3,e4,d5,c4,b2")
            .expect("FEN");
        if let Err(board_core::MoveError::Syntax(e)) = game.parse_move(&position, &text) {
            prop_assert!(e.span.end <= text.len() && e.span.start <= e.span.end);
            prop_assert!(text.get(e.span.clone()).is_some());
        }
    }

    #[test]
    fn any_fen_text_is_read_or_refused(text in "[WBNHX:,a-f0-9]{0,40}") {
        let game = common::load("covarrubias");
        if let Ok(position) = game.parse_position(&text) {
            prop_assert!(conformance::check_position(&game, &position).is_ok());
        }
    }

    #[test]
    fn random_positions_conform(white in 0u32..(1 << 25), black in 0u32..(1 << 25), black_to_move: bool) {
        let black = black & !white;
        let list = |mask: u32| {
            (0..25)
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| format!("{}{}", char::from(b'a' + (i % 5) as u8), i / 5 + 1))
                .collect::<Vec<_>>()
                .join(",")
        };
        let fen = format!(
            "{}:W{}:B{}",
            if black_to_move { 'B' } else { 'W' },
            list(white),
            list(black)
        );
        for name in ["alquerque", "alfonso", "murray"] {
            let game = common::load(name);
            let position = game.parse_position(&fen).expect("generated FEN");
            prop_assert!(conformance::check_position(&game, &position).is_ok(), "{} {}", name, fen);
        }
    }
}
