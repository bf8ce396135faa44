//! One test per rule, each on a position built for it: first the seed's
//! game (cheng-san), then every other switch of the `[rules]` table.

mod common;

use board_core::prelude::*;
use board_core::{DiagramOptions, Outcome, Side};
use common::{fen, illegal_reason, legal, play, profile, variant};

fn win(winner: Side, reason: &str) -> Option<Outcome> {
    Some(Outcome::Win {
        winner,
        reason: reason.to_string(),
    })
}

fn draw(reason: &str) -> Option<Outcome> {
    Some(Outcome::Draw {
        reason: reason.to_string(),
    })
}

// --- cheng-san, the seed's variant -------------------------------------

#[test]
fn cheng_san_a_removal_during_placing_marks_the_point() {
    let game = profile("cheng-san");
    let mut p = fen(&game, "W:Wa1,d1:Bb2,d6:H7/7");
    play(&game, &mut p, &["g1xb2"]);
    let b2 = game.graph().node_by_label("b2").expect("b2");
    assert!(p.marked().contains(b2));
    assert_eq!(p.marked().len(), 1);
    assert_eq!(game.write_position(&p), "B:Wa1,d1,g1:Bd6:H6/7:Mb2");
}

#[test]
fn cheng_san_placing_on_a_marked_point_is_illegal_until_the_moving_phase() {
    let game = profile("cheng-san");
    let mut p = fen(&game, "W:Wa1,d1:Bb2,d6:H7/7");
    play(&game, &mut p, &["g1xb2"]);
    assert_eq!(
        illegal_reason(&game, &p, "b2"),
        "b2 is marked: no placement there until the moving phase"
    );
    assert!(!legal(&game, &p).contains(&"b2".to_string()));
    // The mark closes the point to White as well.
    play(&game, &mut p, &["a7"]);
    assert_eq!(
        illegal_reason(&game, &p, "b2"),
        "b2 is marked: no placement there until the moving phase"
    );
    assert_eq!(legal(&game, &p).len(), 24 - 5 - 1);
}

#[test]
fn cheng_san_marks_vanish_when_moving_starts() {
    let game = profile("cheng-san");
    // Black places its last man; White has lost one man, marked on g1.
    let mut p = fen(
        &game,
        "B:Wa1,a7,c3,d1,d7,e5,f4,g4:Bb2,b4,c5,d3,d5,e3,e4,f6:H0/1:Mg1",
    );
    assert_eq!(p.marked().len(), 1);
    assert_eq!(
        illegal_reason(&game, &p, "g1"),
        "g1 is marked: no placement there until the moving phase"
    );
    // The last placement closes a mill: even its own mark vanishes at once.
    play(&game, &mut p, &["b6xa1"]);
    assert!(p.marked().is_empty());
    assert!(!p.is_placing_phase());
    assert_eq!(
        game.write_position(&p),
        "W:Wa7,c3,d1,d7,e5,f4,g4:Bb2,b4,b6,c5,d3,d5,e3,e4,f6:H0/0"
    );
    // g1 and a1 are open to moves now.
    let moves = legal(&game, &p);
    assert!(moves.contains(&"d1-g1".to_string()), "{moves:?}");
    assert!(moves.contains(&"d1-a1".to_string()), "{moves:?}");
}

#[test]
fn cheng_san_a_man_in_a_mill_cannot_be_taken() {
    let game = profile("cheng-san");
    let p = fen(&game, "W:Wa1,d1:Bb2,d2,f2,d6:H5/5:Ma7,g7");
    assert_eq!(
        illegal_reason(&game, &p, "g1xd2"),
        "d2 stands in a mill and cannot be taken"
    );
    let with_g1: Vec<String> = legal(&game, &p)
        .into_iter()
        .filter(|m| m.starts_with("g1"))
        .collect();
    assert_eq!(with_g1, ["g1xd6"]);
}

#[test]
fn cheng_san_strict_protection_takes_nothing_when_all_men_stand_in_mills() {
    let game = profile("cheng-san");
    let mut p = fen(&game, "W:Wa1,d1:Bb2,d2,f2:H5/5:Ma7,d7,g7");
    let with_g1: Vec<String> = legal(&game, &p)
        .into_iter()
        .filter(|m| m.starts_with("g1"))
        .collect();
    assert_eq!(with_g1, ["g1"]);
    assert_eq!(
        illegal_reason(&game, &p, "g1xb2"),
        "every black man stands in a mill, so g1 takes nothing (strict mill protection)"
    );
    play(&game, &mut p, &["g1"]);
    assert_eq!(p.men(Side::Black).len(), 3);
    assert_eq!(p.marked().len(), 3);
}

#[test]
fn cheng_san_loss_at_two_men_counting_men_in_hand() {
    let game = profile("cheng-san");
    let mut p = fen(
        &game,
        "W:Wa1,a4,c3,c5,d1,e3,e5,g7:Bb2,f6:H1/1:Mb4,b6,d2,d6,f2,f4",
    );
    // Two men on the board and one in hand: three, the game goes on.
    assert_eq!(game.outcome(&p), None);
    play(&game, &mut p, &["g1xb2"]);
    // One on the board and one in hand: two, Black has lost.
    assert_eq!(
        game.outcome(&p),
        win(Side::White, "Black has only 2 men left")
    );
    assert!(legal(&game, &p).is_empty());
}

#[test]
fn cheng_san_a_blocked_side_loses() {
    let game = profile("cheng-san");
    let p = fen(&game, "B:Wa4,c4,d1,d3,d7,g4:Ba1,c3,g7");
    assert_eq!(game.outcome(&p), win(Side::White, "Black cannot move"));
    assert!(legal(&game, &p).is_empty());
    let white_to_move = fen(&game, "W:Wa4,c4,d1,d3,d7,g4:Ba1,c3,g7");
    assert_eq!(game.outcome(&white_to_move), None);
}

#[test]
fn cheng_san_men_never_fly() {
    let game = profile("cheng-san");
    let p = fen(&game, "W:Wa1,d1,g7:Bb2,d2,f6,d6:H0/0");
    assert_eq!(
        illegal_reason(&game, &p, "g7-c3"),
        "c3 is not adjacent to g7 (men never fly in this game)"
    );
}

// --- the other switches -------------------------------------------------

#[test]
fn a_side_blocked_at_its_first_moving_turn_loses_at_once() {
    let game = variant("nine-mens-morris", &[("flying-at", "\"never\"")]);
    let mut p = fen(&game, "B:Wa1,c3,g7:Bc4,d1,d3,d7,g4:H0/1");
    play(&game, &mut p, &["a4"]);
    assert!(!p.is_placing_phase());
    assert_eq!(game.outcome(&p), win(Side::Black, "White cannot move"));
}

#[test]
fn blocked_draw_makes_a_blocked_side_draw() {
    let game = variant(
        "nine-mens-morris",
        &[("flying-at", "\"never\""), ("blocked", "\"draw\"")],
    );
    let p = fen(&game, "B:Wa4,c4,d1,d3,d7,g4:Ba1,c3,g7");
    assert_eq!(game.outcome(&p), draw("Black cannot move"));
}

#[test]
fn unless_all_protects_men_in_mills_while_others_stand_free() {
    let game = profile("nine-mens-morris");
    let p = fen(&game, "W:Wa1,d1:Bb2,d2,f2,d6:H5/5");
    assert_eq!(
        illegal_reason(&game, &p, "g1xd2"),
        "d2 stands in a mill and cannot be taken while Black has men outside mills"
    );
}

#[test]
fn unless_all_takes_a_man_in_a_mill_when_all_stand_in_mills() {
    let game = profile("nine-mens-morris");
    let p = fen(&game, "W:Wa1,d1:Bb2,d2,f2:H5/5");
    let with_g1: Vec<String> = legal(&game, &p)
        .into_iter()
        .filter(|m| m.starts_with("g1"))
        .collect();
    assert_eq!(with_g1, ["g1xb2", "g1xd2", "g1xf2"]);
}

#[test]
fn mill_protection_none_takes_a_man_in_a_mill() {
    let game = profile("da-san-qi");
    let p = fen(&game, "W:Wa1,d1:Bb2,d2,f2,d6:H8/8:Ma7,g7");
    let with_g1: Vec<String> = legal(&game, &p)
        .into_iter()
        .filter(|m| m.starts_with("g1"))
        .collect();
    assert_eq!(with_g1, ["g1xb2", "g1xd2", "g1xd6", "g1xf2"]);
}

#[test]
fn taken_man_stays_marked_on_its_point_until_the_moving_phase() {
    let game = profile("da-san-qi");
    let mut p = fen(&game, "W:Wa1,d1:Bb2,d2,f2,d6:H8/8:Ma7,g7");
    play(&game, &mut p, &["g1xd2"]);
    assert_eq!(
        illegal_reason(&game, &p, "d2"),
        "d2 holds a taken man: no placement there until the moving phase"
    );
    let diagram = game.diagram(&p, &DiagramOptions::default());
    let board: String = diagram.lines().take(7).collect();
    assert_eq!(board.matches('#').count(), 3, "{diagram}");
}

#[test]
fn flying_at_three_moves_a_man_to_any_empty_point() {
    let game = profile("nine-mens-morris");
    let p = fen(&game, "W:Wa1,d1,g7:Bb2,d2,f6,d6:H0/0");
    let moves = legal(&game, &p);
    assert!(moves.contains(&"g7-c3".to_string()));
    let mut bases: Vec<&str> = moves
        .iter()
        .map(|m| m.split('x').next().unwrap_or(m))
        .collect();
    bases.dedup();
    assert_eq!(bases.len(), 3 * (24 - 7), "each man to each empty point");
    let four = fen(&game, "W:Wa1,d1,g7,c4:Bb2,d2,f6,d6:H0/0");
    assert_eq!(
        illegal_reason(&game, &four, "g7-c3"),
        "c3 is not adjacent to g7 (White flies only with 3 men on the board and no man in hand on either side; it has 4 on the board)"
    );
}

#[test]
fn flying_waits_until_no_man_is_in_hand() {
    let game = profile("lasker");
    let p = fen(&game, "W:Wa1,d1,g7:Bb2,d2,f6,d6:H1/1");
    assert!(
        illegal_reason(&game, &p, "g7-c3").starts_with("c3 is not adjacent to g7"),
        "a side with a man in hand does not fly"
    );
    let other_hand = fen(&game, "W:Wa1,d1,g7:Bb2,d2,f6,d6:H0/1");
    assert!(
        illegal_reason(&game, &other_hand, "g7-c3").starts_with("c3 is not adjacent to g7"),
        "no side flies while the other still has a man in hand"
    );
}

#[test]
fn lasker_places_or_moves_on_any_turn() {
    let game = profile("lasker");
    let p = fen(&game, "W:Wa1:Bd6:H9/9");
    let moves = legal(&game, &p);
    assert!(moves.contains(&"a1-d1".to_string()));
    assert!(moves.contains(&"a1-a4".to_string()));
    assert!(moves.contains(&"g7".to_string()));
    assert_eq!(moves.len(), 22 + 2);
}

#[test]
fn placing_before_moving_forbids_moves_while_men_are_in_hand() {
    let game = profile("nine-mens-morris");
    let p = fen(&game, "W:Wa1:Bd6:H8/8");
    assert_eq!(
        illegal_reason(&game, &p, "a1-d1"),
        "White still has 8 men to place: men move only after all are placed"
    );
}

#[test]
fn a_double_mill_takes_one_man_by_default() {
    let game = profile("nine-mens-morris");
    let p = fen(&game, "W:Wa4,a7,d1,g1:Bb2,d6,e5,f4:H5/5");
    let with_a1: Vec<String> = legal(&game, &p)
        .into_iter()
        .filter(|m| m.starts_with("a1"))
        .collect();
    assert_eq!(with_a1, ["a1xb2", "a1xd6", "a1xe5", "a1xf4"]);
    assert_eq!(
        illegal_reason(&game, &p, "a1xb2xd6"),
        "a1 closes 2 mills and takes only one man"
    );
}

#[test]
fn removals_per_double_mill_two_takes_two_men() {
    let game = variant("nine-mens-morris", &[("removals-per-double-mill", "2")]);
    let mut p = fen(&game, "W:Wa4,a7,d1,g1:Bb2,d6,e5,f4:H5/5");
    let with_a1: Vec<String> = legal(&game, &p)
        .into_iter()
        .filter(|m| m.starts_with("a1"))
        .collect();
    assert_eq!(
        with_a1,
        [
            "a1xb2xd6", "a1xb2xe5", "a1xb2xf4", "a1xd6xe5", "a1xd6xf4", "a1xe5xf4"
        ]
    );
    // Written in either order, and as separate tokens.
    play(&game, &mut p, &["a1 xf4 xb2"]);
    assert_eq!(p.men(Side::Black).len(), 2);
    let single = fen(&game, "W:Wa4,a7,d1,g1:Bb2,d6,e5,f4:H5/5");
    assert_eq!(
        illegal_reason(&game, &single, "a1xb2"),
        "a1 closes 2 mills and takes two men"
    );
}

#[test]
fn moving_a_man_out_of_a_mill_and_back_forms_it_again() {
    let game = profile("nine-mens-morris");
    let mut p = fen(&game, "W:Wa1,b4,d1,g1:Bc3,e3,f6,b6,g7:H0/0");
    play(&game, &mut p, &["d1-d2", "g7-d7"]);
    let back: Vec<String> = legal(&game, &p)
        .into_iter()
        .filter(|m| m.starts_with("d2-d1"))
        .collect();
    assert_eq!(
        back,
        ["d2-d1xb6", "d2-d1xc3", "d2-d1xd7", "d2-d1xe3", "d2-d1xf6"]
    );
}

#[test]
fn a_complete_line_away_from_the_destination_takes_nothing() {
    let game = profile("nine-mens-morris");
    let p = fen(&game, "W:Wa1,b4,d1,g1:Bc3,e3,f6,b6,g7:H0/0");
    assert_eq!(
        illegal_reason(&game, &p, "b4-b2xc3"),
        "b4-b2 does not close a mill, so it takes nothing"
    );
}

#[test]
fn full_board_is_a_draw_in_twelve_mens_morris() {
    let game = profile("twelve-mens-morris");
    let p = fen(
        &game,
        "W:Wa1,a4,a7,b2,b4,b6,c3,c4,c5,d1,d2,d3:Bd5,d6,d7,e3,e4,e5,f2,f4,f6,g1,g4,g7:H0/0",
    );
    assert_eq!(game.outcome(&p), draw("the board is full"));
    let blocked_rule = variant("twelve-mens-morris", &[("full-board", "\"blocked-rule\"")]);
    let p = fen(
        &blocked_rule,
        "W:Wa1,a4,a7,b2,b4,b6,c3,c4,c5,d1,d2,d3:Bd5,d6,d7,e3,e4,e5,f2,f4,f6,g1,g4,g7:H0/0",
    );
    assert_eq!(
        blocked_rule.outcome(&p),
        win(Side::Black, "White cannot move")
    );
}

const NO_PLACE: &str = "W:Wa1,b2,c1,c4,d3,e3:Ba3,b3,c2,d4,e1,e5:H1/1:Ma5,b4,c5,d2";

fn crowded_six(no_placement: &str) -> morris::Morris {
    variant(
        "six-mens-morris",
        &[
            ("men-per-side", "9"),
            ("marked-points", "\"empty-point\""),
            ("no-placement", no_placement),
            ("fen", "\"W:W:B:H9/9\""),
        ],
    )
}

#[test]
fn no_placement_lose_a_side_that_cannot_place_loses() {
    let game = crowded_six("\"lose\"");
    let p = fen(&game, NO_PLACE);
    assert_eq!(
        game.outcome(&p),
        win(
            Side::Black,
            "White cannot place: every empty point is marked"
        )
    );
}

#[test]
fn no_placement_start_moving_ends_the_placing_phase() {
    let game = crowded_six("\"start-moving\"");
    let p = fen(&game, NO_PLACE);
    assert!(!p.is_placing_phase());
    assert!(p.marked().is_empty());
    assert_eq!(game.outcome(&p), None);
    assert!(legal(&game, &p).contains(&"c4-b4".to_string()));
}

#[test]
fn draw_after_moves_without_removal() {
    let game = variant("nine-mens-morris", &[("draw-moves-without-removal", "4")]);
    let mut p = fen(&game, "W:Wa1,b4,d1,g1:Bc3,e3,f6,b6,g7:H0/0");
    assert_eq!(
        game.write_position(&p),
        "W:Wa1,b4,d1,g1:Bb6,c3,e3,f6,g7:H0/0:R0"
    );
    play(&game, &mut p, &["b4-b2", "g7-d7", "b2-b4"]);
    assert_eq!(game.outcome(&p), None);
    assert_eq!(p.moves_without_removal(), 3);
    play(&game, &mut p, &["d7-g7"]);
    assert_eq!(game.outcome(&p), draw("4 moves in a row without a removal"));
    // A removal starts the count again.
    let mut q = fen(&game, "W:Wa1,b4,d1,g1:Bc3,e3,f6,b6,g7:H0/0:R1");
    play(&game, &mut q, &["d1-d2", "g7-d7", "d2-d1xc3"]);
    assert_eq!(q.moves_without_removal(), 0);
}

#[test]
fn draw_by_repetition() {
    let game = variant("nine-mens-morris", &[("draw-repetition", "3")]);
    let mut p = fen(&game, "W:Wa1,b4,d1,g1:Bc3,e3,f6,b6,g7:H0/0");
    let cycle = ["b4-b2", "g7-d7", "b2-b4", "d7-g7"];
    play(&game, &mut p, &cycle);
    assert_eq!(game.outcome(&p), None, "second occurrence");
    play(&game, &mut p, &cycle);
    assert_eq!(game.outcome(&p), draw("the same position occurred 3 times"));
    assert!(legal(&game, &p).is_empty());
}

#[test]
fn draw_rules_are_off_unless_the_profile_turns_them_on() {
    let game = profile("nine-mens-morris");
    let mut p = fen(&game, "W:Wa1,b4,d1,g1:Bc3,e3,f6,b6,g7:H0/0");
    let cycle = ["b4-b2", "g7-d7", "b2-b4", "d7-g7"];
    for _ in 0..30 {
        play(&game, &mut p, &cycle);
    }
    assert_eq!(game.outcome(&p), None);
}
