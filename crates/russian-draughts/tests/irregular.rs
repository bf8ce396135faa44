//! Irregular moves (`Notation::parse_irregular`): what can be played on the
//! board as written although the rules forbid it, and what cannot.

use board_core::prelude::*;
use russian_draughts::Draughts;

/// The position after the irregular move `text`, or `None` when the move
/// is not physically possible. The move must be refused by `parse_move`.
fn after(game: &Draughts, fen: &str, text: &str) -> Option<String> {
    let mut position = game.parse_position(fen).expect("valid position");
    assert!(
        game.parse_move(&position, text).is_err(),
        "{text} is legal in {fen}"
    );
    let mv = game.parse_irregular(&position, text)?;
    game.play(&mut position, &mv);
    Some(game.write_position(&position))
}

fn russian() -> Draughts {
    Draughts::builtin("russian@1").expect("russian profile")
}

#[test]
fn a_capture_stopped_early_removes_the_pieces_jumped_and_stops_where_written() {
    let game = russian();
    // c3:e5:g7 is the only legal move; c3:e5 stops after one jump.
    assert_eq!(
        after(&game, "W:Wc3:Bd4,f6", "c3:e5").as_deref(),
        Some("B:We5:Bf6")
    );
    // Written with every landing square, or with `x`.
    assert_eq!(
        after(&game, "W:Wc3:Bd4,f6,f8", "c3xe5").as_deref(),
        Some("B:We5:Bf6,f8")
    );
}

#[test]
fn a_man_that_stops_on_its_crowning_row_is_crowned() {
    let game = russian();
    // b6:d8:f6 is legal (the new king goes on); stopping on d8 crowns it.
    assert_eq!(
        after(&game, "W:Wb6:Bc7,e7", "b6:d8").as_deref(),
        Some("B:WKd8:Be7")
    );
}

#[test]
fn a_flying_king_may_stop_on_any_empty_square_beyond_the_piece_it_jumped() {
    let game = russian();
    // a1:e5:g3 is legal; the king stops after c3 on d4, e5 or f6.
    let fen = "W:WKa1:Bc3,f4";
    assert_eq!(after(&game, fen, "a1:d4").as_deref(), Some("B:WKd4:Bf4"));
    assert_eq!(after(&game, fen, "a1:f6").as_deref(), Some("B:WKf6:Bf4"));
    // No stop beyond a second piece on the line: that is no jump.
    assert_eq!(after(&game, "W:WKa1:Bc3,f4,f6,g7", "a1:h8"), None);
}

#[test]
fn a_plain_move_when_a_capture_was_mandatory_is_played() {
    let game = russian();
    assert_eq!(
        after(&game, "W:Wc3:Bd4,f6", "c3-b4").as_deref(),
        Some("B:Wb4:Bd4,f6")
    );
}

#[test]
fn a_capture_against_king_priority_or_the_maximum_rule_is_played() {
    let czech = Draughts::builtin("czech@1").expect("czech profile");
    // The king on a1 must capture b2; the man on e3 takes d4 instead.
    assert_eq!(
        after(&czech, "W:WKa1,e3:Bb2,d4", "e3xc5").as_deref(),
        Some("B:WKa1,c5:Bb2")
    );
    let international = Draughts::builtin("international@1").expect("international profile");
    // 37x17 takes two pieces; 37x26 takes one against the maximum rule.
    assert_eq!(
        after(&international, "W:W37:B32,22,31", "37x26").as_deref(),
        Some("B:W26:B22,32")
    );
}

#[test]
fn what_cannot_be_played_on_the_board_is_no_irregular_move() {
    let game = russian();
    let fen = "W:Wc3,e3:Bd4,f6";
    for text in [
        // No piece there, or not one of White's.
        "a3-b4", "d4-e5", // A jump over an empty square or an own piece.
        "e3:g5", "c3:e1", // Landing on an occupied square.
        "e3-d4", // Not on one diagonal, off any route.
        "c3-c5",
    ] {
        let position = game.parse_position(fen).expect("valid position");
        assert!(game.parse_move(&position, text).is_err(), "{text}");
        assert_eq!(game.parse_irregular(&position, text), None, "{text}");
    }
}
