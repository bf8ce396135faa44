//! Move notation and PDN FEN: the accepted forms, and a clear error (never
//! a panic) for bad input.

mod common;

use board_core::MoveError;
use board_core::prelude::*;
use common::{fen, load};

fn syntax(game: &russian_draughts::Draughts, text: &str) -> (std::ops::Range<usize>, String) {
    match game.parse_move(&game.start_position(), text) {
        Err(MoveError::Syntax(e)) => (e.span, e.message),
        other => panic!("`{text}`: expected a syntax error, got {other:?}"),
    }
}

#[test]
fn every_accepted_move_form_reads_the_same_move() {
    let game = load("russian");
    let start = game.start_position();
    let expected = game.parse_move(&start, "c3-d4").expect("legal");
    for text in [
        "c3-d4", "22-18", "2218", "c3d4", "c3 - d4", "22- 18", "c3-d4!", "c3-d4?!",
    ] {
        assert_eq!(
            game.parse_move(&start, text).as_ref(),
            Ok(&expected),
            "{text}"
        );
    }
    let pos = fen(&game, "W:Wc3:Bd4,h8");
    let capture = game.parse_move(&pos, "c3:e5").expect("legal");
    for text in ["c3xe5", "22x15", "c3×e5", "22x 15", "c3Xe5"] {
        assert_eq!(game.parse_move(&pos, text).as_ref(), Ok(&capture), "{text}");
    }
}

#[test]
fn english_numeric_moves_and_captures() {
    let game = load("english");
    let start = game.start_position();
    let mv = game.parse_move(&start, "11-15").expect("legal");
    assert_eq!(game.write_move(&start, &mv), "11-15");
    let pos = fen(&game, "B:W18:B14,1");
    let mv = game.parse_move(&pos, "14x23").expect("legal");
    assert_eq!(game.write_move(&pos, &mv), "14x23");
}

#[test]
fn international_writes_captures_short_unless_ambiguous() {
    let game = load("international");
    // White 33 takes 28 and 18 (33x22x13); only one route: written short.
    let pos = fen(&game, "W:W33:B28,18,3");
    let mut list = Vec::new();
    game.legal_moves(&pos, &mut list);
    let written: Vec<String> = list.iter().map(|m| game.write_move(&pos, m)).collect();
    assert_eq!(written, ["33x13"]);
    assert_eq!(game.parse_move(&pos, "33x22x13").as_ref(), Ok(&list[0]));
}

#[test]
fn syntax_errors_carry_the_span_of_the_problem() {
    let game = load("russian");
    let (span, message) = syntax(&game, "z9-a1");
    assert_eq!(span, 0..2);
    assert_eq!(message, "`z9` is not a square of this board (a1–h8)");
    let (span, message) = syntax(&game, "c3-");
    assert_eq!(span, 3..3);
    assert_eq!(message, "`-` must be followed by a square");
    let (span, _) = syntax(&game, "c3-d4-");
    assert_eq!(span, 6..6);
    let (span, message) = syntax(&game, "c3-a2");
    assert_eq!(span, 3..5);
    assert!(message.contains("light square"), "{message}");
    let (span, message) = syntax(&game, "22-33");
    assert_eq!(span, 3..5);
    assert_eq!(message, "`33` is not a square number of this board (1–32)");
    let (span, _) = syntax(&game, "c3--d4");
    assert_eq!(span, 2..4);
    let (span, _) = syntax(&game, "c3");
    assert_eq!(span, 0..2);
    let (span, _) = syntax(&game, "");
    assert_eq!(span, 0..0);
    let (span, _) = syntax(&game, "c3#d4");
    assert_eq!(span, 2..3);
    for weird in [
        "x",
        "-",
        ":::",
        "é3-d4",
        "c",
        "c3-d",
        "999999999999999999999-1",
        "a99-b1",
    ] {
        assert!(
            game.parse_move(&game.start_position(), weird).is_err(),
            "{weird}"
        );
    }
}

#[test]
fn fen_reads_numeric_ranges_trailing_dot_and_algebraic() {
    let game = load("russian");
    let start = game.start_position();
    for text in [
        "W:W21-32:B1-12",
        "W:W21-32:B1-12.",
        "W:W29,30,31,32,25,26,27,28,21,22,23,24:B9,10,11,12,5,6,7,8,1,2,3,4.",
        "W:Wa3,c3,e3,g3,b2,d2,f2,h2,a1,c1,e1,g1:Bb8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6",
        "W:W21-32:B1-12:H0:F1",
    ] {
        assert_eq!(game.parse_position(text), Ok(start), "{text}");
    }
    assert_eq!(
        game.write_position(&start),
        "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8"
    );
    let english = load("english");
    assert_eq!(
        english.write_position(&english.start_position()),
        "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"
    );
    let kings = fen(&game, "B:W18,K30:BK5,1");
    // Algebraic squares are written rank by rank from a1.
    assert_eq!(game.write_position(&kings), "B:WKc1,d4:BKa7,b8");
    let empty = fen(&english, "W::.");
    assert_eq!(english.write_position(&empty), "W:W:B");
}

#[test]
fn invalid_fen_lists_every_problem() {
    let game = load("russian");
    let err = game
        .parse_position("X:W33,a2,22,22,1:Bz9,K")
        .expect_err("invalid");
    let problems = err.problems;
    let expected = [
        "the side to move must be W or B, not `X`",
        "`33` is not a square number of this board (1–32)",
        "`a2` is a light square; draughts is played on the dark squares",
        "square c3 (22) is listed twice (White's `22` and White's `22`)",
        "a White man on b8 (1) stands on its promotion rank (it would be a king: write K1)",
        "`z9` is not a square of this board (a1–h8)",
        "`K`: a square must follow K",
    ];
    assert_eq!(problems, expected);
}

#[test]
fn fen_with_thirteen_kings_on_light_squares_is_a_clear_error() {
    let game = load("russian");
    let text = "W:WKa2,Kc2,Ke2,Kg2,Kb1,Kd1,Kf1,Kh1,Ka4,Kc4,Ke4,Kg4,Kb3:B";
    let err = game.parse_position(text).expect_err("light squares");
    assert_eq!(err.problems.len(), 13);
    assert!(
        err.problems
            .iter()
            .all(|p| p.message.contains("light square"))
    );
}

#[test]
fn moves_written_by_the_profile_read_back() {
    for name in common::PROFILES {
        let game = load(name);
        let start = game.start_position();
        let mut list = Vec::new();
        game.legal_moves(&start, &mut list);
        for mv in &list {
            let text = game.write_move(&start, mv);
            assert_eq!(
                game.parse_move(&start, &text).as_ref(),
                Ok(mv),
                "{name}: {text}"
            );
        }
    }
}

#[test]
fn a_move_split_after_its_separator_is_joined_and_read() {
    let game = load("international");
    assert!(game.continues_move("1-", "7"));
    assert!(game.continues_move("35x", "4"));
    assert!(!game.continues_move("32-28", "19-23"));
    assert!(!game.continues_move("-", "7"));
    let start = game.start_position();
    let pos = fen(
        &game,
        "B:W28:B1,2,3,4,5,6,8,9,10,11,12,13,14,15,16,17,18,19,20",
    );
    assert!(game.parse_move(&pos, "1- 7").is_ok());
    assert!(game.parse_move(&start, "31- 26").is_ok());
}

/// `may_continue` answers `false` only where `continues_move` is false for
/// every next token, and `35x` then `4` is still one move.
#[test]
fn a_move_goes_on_only_after_its_separator() {
    let game = load("international");
    let pending = [
        "35x", "1-", "c3:", "e3X", "c3-d4", "32-28", "x", "-", "35", "c3-d4!", "",
    ];
    let next = ["4", "7", "d4", "h2", "x", "-", "", "c", "c3-d4", "1-0"];
    let mut going_on = 0;
    for p in pending {
        for n in next {
            if game.continues_move(p, n) {
                assert!(game.may_continue(p.as_bytes()), "{p} then {n}");
                going_on += 1;
            }
        }
    }
    assert!(going_on > 10, "{going_on}");
    assert!(game.continues_move("35x", "4"));
    assert!(!game.may_continue(b"32-28"));
    assert!(!game.may_continue(b"-"));
}
