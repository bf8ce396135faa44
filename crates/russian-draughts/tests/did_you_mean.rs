//! "Did you mean" (issue 16): the one legal move a refused move text
//! plainly meant, each kind of slip, and no suggestion when two fit.

mod common;

use board_core::Slip;
use board_core::prelude::*;
use common::{fen, load};

fn meant(game: &russian_draughts::Draughts, fen_text: &str, text: &str) -> Option<(String, Slip)> {
    let pos = if fen_text.is_empty() {
        game.start_position()
    } else {
        fen(game, fen_text)
    };
    assert!(game.parse_move(&pos, text).is_err(), "{text} is refused");
    game.did_you_mean(&pos, text)
        .map(|s| (game.write_move(&pos, &s.mv), s.slip))
}

#[test]
fn two_squares_swapped() {
    let game = load("russian");
    assert_eq!(
        meant(&game, "", "d4-c3"),
        Some(("c3-d4".to_string(), Slip::SwappedSquares))
    );
    // b4 can be reached from a3 and from c3, but swapped `b4-a3` names one.
    assert_eq!(
        meant(&game, "", "b4-a3"),
        Some(("a3-b4".to_string(), Slip::SwappedSquares))
    );
}

#[test]
fn a_wrong_intermediate_square() {
    let game = load("russian");
    assert_eq!(
        meant(&game, "W:Wc3:Bd4,f6,h8", "c3:d4:g7"),
        Some(("c3:e5:g7".to_string(), Slip::WrongIntermediate))
    );
}

#[test]
fn a_character_that_is_no_separator() {
    let game = load("russian");
    assert_eq!(
        meant(&game, "", "c3–d4"),
        Some(("c3-d4".to_string(), Slip::WrongSeparator))
    );
    assert_eq!(
        meant(&game, "W:Wc3:Bd4,h8", "c3.e5"),
        Some(("c3:e5".to_string(), Slip::WrongSeparator))
    );
}

#[test]
fn a_numeric_text_in_the_pydraughts_numbering() {
    let game = load("russian");
    // pydraughts: 12 = g3, 16 = h4; in PDN 12 = h6, a Black man.
    let pos = game.start_position();
    let s = game.did_you_mean(&pos, "12-16").expect("one move fits");
    assert_eq!(s.slip, Slip::OtherNumbering);
    assert_eq!(game.write_move(&pos, &s.mv), "g3-h4");
    assert!(s.why.contains("1 = a1 … 32 = h8"), "{}", s.why);
    // The same words for every move of that numbering.
    let other = game.did_you_mean(&pos, "9-13").expect("one move fits");
    assert_eq!(other.why, s.why);
}

#[test]
fn no_suggestion_when_two_legal_moves_fit() {
    let game = load("russian");
    // Nothing fits at all.
    assert_eq!(meant(&game, "", "c3-c5"), None);
    // `9-5`: swapped in PDN (5-9) it is a7-b6; read from White's side
    // (9 = a3, 5 = b2) it is a3-b2. Two legal moves fit: nothing is offered.
    let pos = "B:Wa1,c1,e1,g1,d2,f2,h2,c3,e3,g3,d4:Ba3,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";
    let game_pos = fen(&game, pos);
    assert!(game.parse_move(&game_pos, "a7-b6").is_ok());
    assert!(game.parse_move(&game_pos, "a3-b2").is_ok());
    assert_eq!(meant(&game, pos, "9-5"), None);
}
