//! Move notation: the written forms, removals as separate tokens, syntax
//! errors with their place, and illegal moves with their reasons.

mod common;

use board_core::prelude::*;
use board_core::{LegalityError, MoveError};
use common::{fen, illegal_reason, play, profile, variant};

#[test]
fn placement_move_and_removal_are_written_as_the_contract_says() {
    let game = profile("nine-mens-morris");
    let p = fen(&game, "W:Wa1,d1,b4:Bb2,d6,f4:H0/0");
    let written = |text: &str| {
        let mv = game.parse_move(&p, text).expect("legal");
        game.write_move(&p, &mv)
    };
    assert_eq!(written("a1-a4"), "a1-a4");
    assert_eq!(written("b4-g1xb2"), "b4-g1xb2");
    let placing = fen(&game, "W:Wa1,d1:Bb2,d6:H7/7");
    let mv = game.parse_move(&placing, "g1xd6").expect("legal");
    assert_eq!(game.write_move(&placing, &mv), "g1xd6");
    let mv = game.parse_move(&placing, "f4").expect("legal");
    assert_eq!(game.write_move(&placing, &mv), "f4");
}

#[test]
fn two_removals_are_written_one_after_the_other() {
    let game = variant("nine-mens-morris", &[("removals-per-double-mill", "2")]);
    let p = fen(&game, "W:Wa4,a7,d1,g1:Bb2,d6,e5,f4:H5/5");
    let mv = game.parse_move(&p, "a1xf4xb2").expect("legal");
    assert_eq!(game.write_move(&p, &mv), "a1xb2xf4");
}

#[test]
fn a_removal_written_as_its_own_token_is_read() {
    let game = profile("nine-mens-morris");
    let p = fen(&game, "W:Wa1,d1:Bb2,d6:H7/7");
    assert!(game.continues_move("g1", "xd6"));
    assert!(game.continues_move("a1-a4", "xg7xg1"));
    assert!(!game.continues_move("g1", "d6"));
    assert!(!game.continues_move("", "xd6"));
    assert!(!game.continues_move("g1", "x"));
    let joined = game.parse_move(&p, "g1 xd6").expect("legal");
    assert_eq!(joined, game.parse_move(&p, "g1xd6").expect("legal"));
}

const X_BOARD: &str = r#"
game = "morris"
name = "x-board"
version = 1
description = "two rows of three, the first labelled x1, x2, x3"

[board]
kind = "custom"
nodes = [
    { label = "x1", x = 0, y = 0 }, { label = "x2", x = 1, y = 0 }, { label = "x3", x = 2, y = 0 },
    { label = "y1", x = 0, y = 1 }, { label = "y2", x = 1, y = 1 }, { label = "y3", x = 2, y = 1 },
]
edges = [["x1", "x2"], ["x2", "x3"], ["y1", "y2"], ["y2", "y3"], ["x1", "y1"], ["x2", "y2"], ["x3", "y3"]]
lines = [["x1", "x2", "x3"], ["y1", "y2", "y3"]]

[rules]
men-per-side = 3
flying-at = "never"
mill-protection = "none"

[start]
fen = "W:W:B:H3/3"
"#;

#[test]
fn a_point_whose_label_starts_with_x_is_a_placement_not_a_removal() {
    let source = board_core::ProfileSource::new("x-board.toml", X_BOARD, false).expect("header");
    let game = morris::Morris::from_profile(&source).expect("custom board loads");
    assert!(!game.continues_move("y1", "x2"));
    assert!(game.continues_move("y1", "xx2"));
    let mut p = fen(&game, "W:Wx1,x2:By1,y3:H1/1");
    play(&game, &mut p, &["x3xy1"]);
    assert_eq!(game.write_position(&p), "B:Wx1,x2,x3:By3:H0/1");
}

#[test]
fn a_mill_written_without_its_removal_names_the_mill_and_the_full_moves() {
    let game = profile("nine-mens-morris");
    let p = fen(&game, "W:Wa1,d1:Bb2,d6:H7/7");
    assert_eq!(
        illegal_reason(&game, &p, "g1"),
        "g1 closes the mill a1-d1-g1: the removal is missing (g1xb2 or g1xd6)"
    );
    // Even when only one man can be taken, the removal is not implied.
    let one = fen(&game, "W:Wa1,d1:Bb2,d2,f2,d6:H5/5");
    assert_eq!(
        illegal_reason(&game, &one, "g1"),
        "g1 closes the mill a1-d1-g1: the removal is missing (g1xd6)"
    );
    // The issue's game: b4-a4 closes a1-a4-a7 and only b2 can be taken.
    let end = fen(&game, "W:Wa1,a7,b4,d1,d2:Bb2,g1,g4,g7:H0/0");
    assert_eq!(
        illegal_reason(&game, &end, "b4-a4"),
        "b4-a4 closes the mill a1-a4-a7: the removal is missing (b4-a4xb2)"
    );
    // The removal written, glued or as its own token, completes the move.
    for text in ["b4-a4xb2", "b4-a4 xb2"] {
        let mv = game.parse_move(&end, text).expect("legal");
        assert_eq!(game.write_move(&end, &mv), "b4-a4xb2");
    }
}

#[test]
fn under_strict_protection_a_mill_that_can_take_nothing_is_written_bare() {
    let game = profile("cheng-san");
    // Every black man stands in the mill g1-g4-g7.
    let p = fen(&game, "W:Wa1,a7,b4,d1,d2:Bg1,g4,g7:H0/0");
    let mv = game
        .parse_move(&p, "b4-a4")
        .expect("the bare move is the full move");
    assert_eq!(game.write_move(&p, &mv), "b4-a4");
    assert_eq!(mv.removals().len(), 0);
}

#[test]
fn irregular_removals_are_played_as_written() {
    let game = profile("nine-mens-morris");
    let p = fen(&game, "W:Wa1,a7,b4,d1,d2:Bb2,g1,g4,g7:H0/0");
    let played = |text: &str| {
        assert!(game.parse_move(&p, text).is_err(), "{text} is legal");
        let mv = game.parse_irregular(&p, text)?;
        let mut after = p.clone();
        game.play(&mut after, &mv);
        Some(game.write_position(&after))
    };
    // The removal missing: nothing is taken.
    assert_eq!(
        played("b4-a4").as_deref(),
        Some("B:Wa1,a4,a7,d1,d2:Bb2,g1,g4,g7:H0/0")
    );
    // A man taken out of a mill while b2 stands outside one.
    assert_eq!(
        played("b4-a4xg4").as_deref(),
        Some("B:Wa1,a4,a7,d1,d2:Bb2,g1,g7:H0/0")
    );
    // No mill, no man of Black there, a step that is not a step: no move.
    assert_eq!(played("d2-d3xb2"), None);
    assert_eq!(played("b4-a4xd6"), None);
    assert_eq!(played("b4-g1"), None);
}

fn syntax(
    game: &morris::Morris,
    p: &morris::Position,
    text: &str,
) -> (std::ops::Range<usize>, String) {
    match game.parse_move(p, text) {
        Err(MoveError::Syntax(e)) => (e.span, e.message),
        other => panic!("`{text}` should be a syntax error, got {other:?}"),
    }
}

#[test]
fn syntax_errors_point_at_the_offending_part() {
    let game = profile("nine-mens-morris");
    let p = game.start_position();
    assert_eq!(
        syntax(&game, &p, "h9"),
        (0..2, "`h9` is not a point of this board".to_string())
    );
    assert_eq!(
        syntax(&game, &p, "d1xh9"),
        (3..5, "`h9` is not a point of this board".to_string())
    );
    assert_eq!(
        syntax(&game, &p, "d1-"),
        (
            2..3,
            "a point (such as d1) is missing after `-`".to_string()
        )
    );
    assert_eq!(
        syntax(&game, &p, "d1 x"),
        (
            3..4,
            "a point (such as d1) is missing after `x`".to_string()
        )
    );
    assert_eq!(
        syntax(&game, &p, "D1-§"),
        (3..5, "expected a point (such as d1), found `§`".to_string())
    );
    assert_eq!(
        syntax(&game, &p, "d1+").1,
        "expected `x` and the point of the man taken (such as xg7), found `+`"
    );
    assert_eq!(syntax(&game, &p, "").1, "empty move");
    assert_eq!(
        syntax(&game, &p, "b1").1,
        "`b1` is not a point of this board"
    );
}

#[test]
fn illegal_placements_say_why() {
    let game = profile("cheng-san");
    let p = fen(&game, "B:Wa1,d1:Bb2,d6:H6/7:Mg1");
    assert_eq!(
        illegal_reason(&game, &p, "a1"),
        "a1 is occupied by a white man"
    );
    assert_eq!(
        illegal_reason(&game, &p, "b2"),
        "b2 is occupied by a black man"
    );
    assert_eq!(
        illegal_reason(&game, &p, "g1"),
        "g1 is marked: no placement there until the moving phase"
    );
    let moving = fen(&game, "W:Wa1,d1,g7:Bb2,d2,f6,d6:H0/0");
    assert_eq!(
        illegal_reason(&game, &moving, "a4"),
        "White has no man left in hand: a man moves, written from-to (such as a1-a4)"
    );
}

#[test]
fn illegal_moves_say_why() {
    let game = profile("nine-mens-morris");
    let p = fen(&game, "W:Wa1,d1,b4,f6:Bb2,d6,f4:H0/0");
    assert_eq!(
        illegal_reason(&game, &p, "d2-d3"),
        "there is no white man on d2"
    );
    assert_eq!(
        illegal_reason(&game, &p, "b2-b6"),
        "b2 holds a man of Black, not of White"
    );
    assert_eq!(
        illegal_reason(&game, &p, "b4-b2"),
        "b2 is occupied by a black man"
    );
    assert_eq!(
        illegal_reason(&game, &p, "a1-g7"),
        "g7 is not adjacent to a1 (White flies only with 3 men on the board and no man in hand on either side; it has 4 on the board)"
    );
}

#[test]
fn illegal_removals_say_why() {
    let game = profile("nine-mens-morris");
    let p = fen(&game, "W:Wa1,d1:Bb2,d6:H7/7");
    assert_eq!(illegal_reason(&game, &p, "g1xa1"), "a1 is White's own man");
    assert_eq!(
        illegal_reason(&game, &p, "g1xg4"),
        "there is no black man on g4 to take"
    );
    assert_eq!(
        illegal_reason(&game, &p, "a4xb2"),
        "a4 does not close a mill, so it takes nothing"
    );
    assert_eq!(
        illegal_reason(&game, &p, "g1xb2xd6"),
        "g1 closes one mill and takes only one man"
    );
    assert_eq!(illegal_reason(&game, &p, "g1xd6xd6"), "d6 is taken twice");
}

#[test]
fn a_move_after_the_end_of_the_game_is_illegal() {
    let game = profile("cheng-san");
    let mut p = fen(
        &game,
        "W:Wa1,a4,c3,c5,d1,e3,e5,g7:Bb2,f6:H1/1:Mb4,b6,d2,d6,f2,f4",
    );
    play(&game, &mut p, &["g1xb2"]);
    assert_eq!(
        illegal_reason(&game, &p, "g4"),
        "the game is over (White won: Black has only 2 men left)"
    );
}

#[test]
fn illegal_moves_come_with_the_legal_alternatives() {
    let game = profile("nine-mens-morris");
    let p = fen(&game, "W:Wa1,d1,b4,f6:Bb2,d6,f4:H0/0");
    match game.parse_move(&p, "a1-g7") {
        Err(MoveError::Legality(LegalityError::Illegal { help, .. })) => {
            assert_eq!(help.as_deref(), Some("legal moves of a1: a1-a4"));
        }
        other => panic!("expected illegal, got {other:?}"),
    }
}
