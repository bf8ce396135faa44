//! The morris FEN: written and read back, and every problem of an invalid
//! one listed.

mod common;

use board_core::Side;
use board_core::prelude::*;
use common::{BUNDLED, fen, profile, variant};

#[test]
fn start_positions_are_written_in_the_documented_form() {
    let expected = [
        ("cheng-san", "W:W:B:H9/9"),
        ("nine-mens-morris", "W:W:B:H9/9"),
        ("six-mens-morris", "W:W:B:H6/6"),
        ("twelve-mens-morris", "W:W:B:H12/12"),
        ("morabaraba", "W:W:B:H12/12"),
        ("lasker", "W:W:B:H10/10"),
        ("da-san-qi", "W:W:B:H12/12"),
    ];
    assert_eq!(expected.len(), BUNDLED.len());
    for (name, text) in expected {
        let game = profile(name);
        assert_eq!(game.write_position(&game.start_position()), text, "{name}");
    }
}

#[test]
fn every_field_is_read() {
    let game = profile("cheng-san");
    let p = fen(&game, "B:Wa1,d1,g1:Bd6:H6/7:Mb2");
    assert_eq!(p.side_to_move(), Side::Black);
    assert_eq!(p.men(Side::White).len(), 3);
    assert_eq!(p.men(Side::Black).len(), 1);
    assert_eq!((p.in_hand(Side::White), p.in_hand(Side::Black)), (6, 7));
    assert_eq!(p.marked().len(), 1);
    assert!(p.is_placing_phase());
    // Fields in another order, spaces and upper-case points are accepted.
    let q = fen(&game, " B : Mb2 : H6/7 : Bd6 : WA1, d1, g1 ");
    assert_eq!(p, q);
    assert_eq!(game.write_position(&q), "B:Wa1,d1,g1:Bd6:H6/7:Mb2");
}

#[test]
fn the_move_count_is_written_only_with_the_move_limit_rule() {
    let game = variant("nine-mens-morris", &[("draw-moves-without-removal", "50")]);
    let p = fen(&game, "W:Wa1,d1,g7,b4:Bb2,d6,f4:R17");
    assert_eq!(p.moves_without_removal(), 17);
    assert_eq!(game.write_position(&p), "W:Wa1,b4,d1,g7:Bb2,d6,f4:H0/0:R17");
    let plain = profile("nine-mens-morris");
    let err = plain
        .parse_position("W:Wa1,d1,g7,b4:Bb2,d6,f4:R17")
        .expect_err("R without the rule");
    assert_eq!(
        err.problems,
        ["`R` counts moves for the move-limit draw, but this profile has no such rule"]
    );
}

#[test]
fn an_invalid_fen_lists_every_problem() {
    let game = profile("nine-mens-morris");
    let err = game
        .parse_position("X:Wa1,a1,h9:Bd1:H3:Q1:")
        .expect_err("invalid");
    assert_eq!(
        err.problems,
        [
            "the side to move must be W or B, not `X`",
            "White's men: a1 is listed twice",
            "White's men: `h9` is not a point of this board",
            "`H3`: men in hand are written `H<white>/<black>`, such as `H9/9`",
            "unknown field `Q1`: fields are `W…` (White's men), `B…` (Black's men), `H…` (men in hand), `M…` (marked points), `R…` (moves without removal)",
            "empty field (two `:` in a row)",
        ]
    );
}

#[test]
fn a_fen_that_no_game_can_reach_is_refused_with_the_reasons() {
    let game = profile("cheng-san");
    let problems = |text: &str| game.parse_position(text).expect_err(text).problems;
    assert_eq!(
        problems("W:Wa1,d1:Ba1:H9/7"),
        [
            "a1 holds both a White and a Black man",
            "White has 11 men (2 on the board, 9 in hand) but the profile gives each side 9",
            "0 marked points but 1 man has been taken: in the placing phase every removal leaves a mark",
            "White to move with 9 in hand and Black with 7: the sides place in turn, so the side to move has as many men in hand as the other or one more",
        ]
    );
    assert_eq!(
        problems("W:Wa1,d1,g1:Bb2,d2,f2:Ma4"),
        [
            "marked points a4 given, but no man is in hand: marks vanish when the moving phase begins",
        ]
    );
    assert_eq!(
        problems("W:Wa1,d1:Bb2,d6:H7/7:Ma1"),
        [
            "a1 is marked but holds a man: a marked point is empty until the moving phase",
            "1 marked point but 0 men have been taken: in the placing phase every removal leaves a mark",
        ]
    );
    assert_eq!(
        problems("W:Wa1,d1,g1:Bb2,d6:H0/0"),
        ["Black (not to move) has only 2 men: the game ended when it was reduced to 2"]
    );
    assert_eq!(
        problems("W:W:Bd6"),
        ["both sides have at most 2 men: the game ended before this position",]
    );
    let plain = profile("nine-mens-morris");
    assert_eq!(
        plain
            .parse_position("W:Wa1,d1:Bb2,d6:H6/6:Mg1")
            .expect_err("marks")
            .problems,
        ["marked points g1 given, but this profile does not mark points"]
    );
    assert_eq!(
        game.parse_position("W:Wa1").expect_err("missing").problems,
        ["the field `B…` (Black's men) is missing"]
    );
}
