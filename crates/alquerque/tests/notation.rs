//! Move notation (syntax errors with spans, short forms, ambiguity), the
//! FEN, and profile errors.

mod common;

use alquerque::Alquerque;
use board_core::prelude::*;
use board_core::{LegalityError, MoveError, ProfileError, ProfileSource, SyntaxError};
use common::load;

const START: &str = "W:Wa1,b1,c1,d1,e1,a2,b2,c2,d2,e2,d3,e3:Ba3,b3,a4,b4,c4,d4,e4,a5,b5,c5,d5,e5";

fn syntax_error(game: &Alquerque, text: &str) -> SyntaxError {
    match game.parse_move(&game.start_position(), text) {
        Err(MoveError::Syntax(e)) => e,
        other => panic!("{text:?}: expected a syntax error, got {other:?}"),
    }
}

#[test]
fn syntax_errors_carry_the_span_of_the_problem() {
    let game = load("alquerque");
    for (text, span, message) in [
        ("", 0..0, "empty move"),
        ("c2", 0..2, "a move names at least two points"),
        ("c2-c9", 3..5, "`c9` is not a point of this board"),
        ("c2-f3", 3..5, "`f3` is not a point of this board"),
        ("c2-c3-c4", 0..8, "a plain move is one step"),
        ("a1:c3-e5", 5..6, "not both"),
        ("c2+c3", 2..3, "expected `-` (a step) or `:` (a capture)"),
        ("c2-", 2..3, "a point (such as c3) is missing after `-`"),
        ("-c3", 0..1, "expected a point (such as c3), found `-`"),
        ("c2-é3", 3..5, "expected a point (such as c3), found `é`"),
        ("c2-c3 c4-c5", 6..11, "one move per text"),
        ("xb2", 0..3, "a huff is followed by the move"),
    ] {
        let e = syntax_error(&game, text);
        assert_eq!(e.span, span, "{text:?}: {}", e.message);
        assert!(e.message.contains(message), "{text:?}: {}", e.message);
    }
}

#[test]
fn syntax_and_legality_are_kept_apart() {
    let game = load("alquerque");
    let start = game.start_position();
    // Well-formed but illegal: a legality error, not a syntax error.
    for (text, reason) in [
        ("c2-c4", "c2 and c4 are not neighbours on a line"),
        ("c3-c4", "there is no man on c3"),
        ("c4-c3", "the man on c4 is Black's; it is White's turn"),
        ("a1-b2", "b2 is occupied"),
        ("c1:c3", "a man does not jump its own side's man (on c2)"),
        ("e3-e4", "e4 is occupied"),
        ("d3-e4", "no diagonal runs through d3"),
    ] {
        match game.parse_move(&start, text) {
            Err(MoveError::Legality(LegalityError::Illegal { reason: r, .. })) => {
                assert_eq!(r, reason, "{text}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn illegal_moves_come_with_the_moves_of_that_man() {
    let game = load("alquerque");
    let position = game.parse_position("W:Wc3:Ba5").expect("FEN");
    match game.parse_move(&position, "c3-c2") {
        Err(MoveError::Legality(LegalityError::Illegal { help, .. })) => assert_eq!(
            help.as_deref(),
            Some("legal moves of c3: c3-b3 or c3-b4 or c3-c4 or c3-d3 or c3-d4")
        ),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_plain_step_written_for_a_capture_is_pointed_out() {
    let game = load("alquerque");
    let position = game.parse_position("W:Wc3,a1:Bc4").expect("FEN");
    match game.parse_move(&position, "c3-c5") {
        Err(MoveError::Legality(LegalityError::Illegal { reason, .. })) => {
            assert_eq!(reason, "c3-c5 is not a step; a capture is written c3:c5");
        }
        other => panic!("{other:?}"),
    }
    // `x` reads as `:`.
    let mv = game.parse_move(&position, "c3xc5").expect("x separator");
    assert_eq!(game.write_move(&position, &mv), "c3:c5");
}

#[test]
fn short_capture_form_is_accepted_when_unambiguous() {
    let game = load("alquerque");
    // The loop position: c1:c3 names the whole loop (the only capture from c1
    // ending on c3).
    let position = game.parse_position("W:Wc1:Bc2,d3,e4,d5,c4").expect("FEN");
    let short = game.parse_move(&position, "c1:c3").expect("short form");
    assert_eq!(game.write_move(&position, &short), "c1:c3:c5:e5:e3:c3");
    // Some landing points between, in order, are fine too.
    let partial = game
        .parse_move(&position, "c1:e5:c3")
        .expect("partial form");
    assert_eq!(partial, short);
    // A point the man never lands on is not.
    assert!(game.parse_move(&position, "c1:d5:c3").is_err());
}

#[test]
fn ambiguous_short_capture_lists_the_candidates() {
    // Murray's chains may stop: from c1 two different pairs of men lead to c5.
    let game = load("murray");
    let position = game.parse_position("W:Wc1:Bb2,b4,d2,d4").expect("FEN");
    match game.parse_move(&position, "c1:c5") {
        Err(MoveError::Legality(LegalityError::Ambiguous { text, candidates })) => {
            assert_eq!(text, "c1:c5");
            let mut sorted = candidates.clone();
            sorted.sort();
            assert_eq!(sorted, ["c1:a3:c5", "c1:e3:c5"]);
        }
        other => panic!("{other:?}"),
    }
    game.parse_move(&position, "c1:a3:c5").expect("full form");
}

#[test]
fn fen_round_trips_the_start_position() {
    for (name, _) in common::PROFILES {
        let game = load(name);
        assert_eq!(game.write_position(&game.start_position()), START, "{name}");
        assert_eq!(
            game.parse_position(START).expect("start"),
            game.start_position()
        );
    }
    // Points in any order, read back in board order.
    let game = load("alquerque");
    let p = game.parse_position("B:Wc3,a1:Be5,b5").expect("FEN");
    assert_eq!(game.write_position(&p), "B:Wa1,c3:Bb5,e5");
}

#[test]
fn an_invalid_fen_lists_every_problem() {
    let game = load("alquerque");
    let e = game
        .parse_position("X:Wa1,a1,z9:Ba1,:N3:Q")
        .expect_err("invalid");
    let expected = [
        "the side to move must be W or B, not `X`",
        "White's men: a1 is listed twice",
        "White's men: `z9` is not a point of this board",
        "Black's men: an empty entry in the list (two commas, or a trailing comma)",
        "unknown field `Q`: fields are `W…` (White's men), `B…` (Black's men), `N…` (plies without capture), `H…` (huffable men)",
        "a1 holds both a White and a Black man",
        "this profile has no draw rule, so a ply counter (`N…`) has no meaning",
    ];
    assert_eq!(e.problems, expected);
    for (text, problem) in [
        ("", "the side to move is missing: a FEN starts with W or B"),
        ("W:Wa1", "the field `B…` (Black's men) is missing"),
        (
            "W:Wa1:Bb5:Bc5",
            "the field `B…` (Black's men) appears twice",
        ),
        ("W:Wa1:Bb5:Hb5", "this profile has no huffing"),
    ] {
        let e = game.parse_position(text).expect_err(text);
        assert!(
            e.problems.iter().any(|p| p.message.contains(problem)),
            "{text}: {:?}",
            e.problems
        );
    }
    let huffing = load("covarrubias");
    let e = huffing
        .parse_position("W:Wa1:Bb5:Ha1")
        .expect_err("own man");
    assert_eq!(
        e.problems,
        ["huffable man a1 is not a man of Black (the side that just moved)"]
    );
}

fn profile_error(text: &str) -> ProfileError {
    let source = ProfileSource::new("test.toml", text.to_string(), false).expect("header");
    Alquerque::from_profile(&source).expect_err("invalid profile")
}

#[test]
fn profile_errors_are_clear() {
    let base = include_str!("../../../rules/alquerque/alquerque.v1.toml");
    let unknown = base.replace(
        "far-row-frozen = true",
        "far-row-frozen = true\nflying = true",
    );
    assert!(matches!(profile_error(&unknown), ProfileError::Toml { .. }));
    let twice = base.replace(
        "plain-moves = [\"forward\", \"sideways\"]",
        "plain-moves = [\"forward\", \"forward\"]",
    );
    assert!(
        profile_error(&twice)
            .to_string()
            .contains("lists `forward` twice")
    );
    let off_board = base.replace("\"e3\"]", "\"e9\"]");
    assert!(
        profile_error(&off_board)
            .to_string()
            .contains("[start] white: `e9` is not a point of the board")
    );
    let big = base
        .replace("width = 5", "width = 9")
        .replace("height = 5", "height = 9");
    assert!(profile_error(&big).to_string().contains("at most 64"));
}

#[test]
fn settings_spell_out_every_switch() {
    assert_eq!(
        load("alquerque").settings(),
        "plain-moves = [\"forward\", \"sideways\"]\ncapture = \"mandatory\"\nchain = \"must-continue\"\n\
         chain-may-revisit = true\nfar-row-frozen = true\ndraw-plies-without-capture = 0\n"
    );
}

#[test]
fn huff_notation_round_trips() {
    let game = load("covarrubias");
    let position = game.parse_position("B:Wa2,c3:Bc4,e5:Hc3").expect("FEN");
    let mv = game.parse_move(&position, "xc3 c4-c3").expect("huff");
    assert_eq!(game.write_move(&position, &mv), "xc3 c4-c3");
    assert!(game.continues_move("xc3", "c4-c3"));
    assert!(!game.continues_move("c4-c3", "e5-e4"));
    assert!(!load("alquerque").continues_move("xc3", "c4-c3"));
}

/// `may_continue` looks at the pending token alone: false only where no
/// next token continues it, true for a huff under the huffing rule.
#[test]
fn only_a_huff_may_be_continued() {
    let texts = ["xc3", "c4-c3", "c4xc2", "x", "xc3 c4-c3", "e5-e4", "a1"];
    for name in ["alquerque", "covarrubias"] {
        let game = load(name);
        for pending in texts {
            if !game.may_continue(pending.as_bytes()) {
                for next in texts {
                    assert!(
                        !game.continues_move(pending, next),
                        "{name}: {pending} {next}"
                    );
                }
            }
        }
    }
    assert!(load("covarrubias").may_continue(b"xc3"));
    assert!(!load("covarrubias").may_continue(b"c4-c3"));
    assert!(!load("alquerque").may_continue(b"xc3"));
}

#[test]
fn points_are_read_in_either_case_as_in_every_game() {
    let game = load("alquerque");
    let start = game.start_position();
    let upper = game.parse_move(&start, "D2-C3").expect("upper case");
    assert_eq!(upper, game.parse_move(&start, "d2-c3").expect("lower case"));
    assert_eq!(game.write_move(&start, &upper), "d2-c3");
}
