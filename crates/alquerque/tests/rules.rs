//! One test per rule of the seed's profile (`alquerque/alquerque@1`), each on
//! a position built for it, plus the switches that differ in the other
//! readings.

mod common;

use board_core::prelude::*;
use board_core::{LegalityError, MoveError, Outcome, PerftOptions, Side};
use common::{load, load_text, moves_of, play};

/// The reason of an illegal move, failing on anything else.
fn reason(game: &alquerque::Alquerque, fen: &str, text: &str) -> String {
    let position = game.parse_position(fen).expect("test FEN");
    match game.parse_move(&position, text) {
        Err(MoveError::Legality(LegalityError::Illegal { reason, .. })) => reason,
        other => panic!("{text}: expected an illegal move, got {other:?}"),
    }
}

#[test]
fn no_backward_plain_move() {
    let game = load("alquerque");
    // White moves up the board: from c3 forward (c4, b4, d4) and sideways
    // (b3, d3), never back to b2, c2 or d2.
    assert_eq!(
        moves_of(&game, "W:Wc3:Ba5"),
        ["c3-b3", "c3-b4", "c3-c4", "c3-d3", "c3-d4"]
    );
    assert_eq!(
        reason(&game, "W:Wc3:Ba5", "c3-c2"),
        "men do not move backward"
    );
    assert_eq!(
        reason(&game, "W:Wc3:Ba5", "c3-b2"),
        "men do not move backward"
    );
    // Black moves down the board.
    assert_eq!(
        moves_of(&game, "B:Wa1:Bc3"),
        ["c3-b2", "c3-b3", "c3-c2", "c3-d2", "c3-d3"]
    );
    assert_eq!(
        reason(&game, "B:Wa1:Bc3", "c3-c4"),
        "men do not move backward"
    );
    // Alfonso's reading allows the backward step.
    assert!(moves_of(&load("alfonso"), "W:Wc3:Ba5").contains(&"c3-c2".to_string()));
}

#[test]
fn no_unmarked_diagonal() {
    let game = load("alquerque");
    // c2 (file + rank index odd) has no diagonal: only c3 ahead and the
    // sideways steps, no c2-b3 or c2-d3.
    assert_eq!(moves_of(&game, "W:Wc2:Ba5"), ["c2-b2", "c2-c3", "c2-d2"]);
    assert_eq!(
        reason(&game, "W:Wc2:Ba5", "c2-d3"),
        "no diagonal runs through c2"
    );
    assert_eq!(
        reason(&game, "W:Wb1:Ba5", "b1-c2"),
        "no diagonal runs through b1"
    );
    // Nor is there a capture along an unmarked diagonal: b1 cannot take c2,
    // so capturing is not mandatory here.
    assert_eq!(moves_of(&game, "W:Wb1:Bc2,e5"), ["b1-a1", "b1-b2", "b1-c1"]);
    assert_eq!(
        reason(&game, "W:Wb1:Bc2,e5", "b1:d3"),
        "no diagonal runs through b1"
    );
    // The drawn diagonals do carry moves: b2 steps to a3 and c3.
    assert!(moves_of(&game, "W:Wb2:Ba5").contains(&"b2-c3".to_string()));
}

/// The loop position: the man on c1 takes c2, then d3, e4, d5 and c4 and
/// lands on c3 a second time.
const LOOP: &str = "W:Wc1:Bc2,d3,e4,d5,c4";

#[test]
fn capture_chain_returns_to_an_earlier_landing_point() {
    let game = load("alquerque");
    // Both ways round the loop take the same five men from c1 to c3: one move.
    assert_eq!(moves_of(&game, LOOP), ["c1:c3:c5:e5:e3:c3"]);
    let position = game.parse_position(LOOP).expect("FEN");
    let other_way = game
        .parse_move(&position, "c1:c3:e3:e5:c5:c3")
        .expect("the other route names the same move");
    let written = game
        .parse_move(&position, "c1:c3:c5:e5:e3:c3")
        .expect("legal");
    assert_eq!(other_way, written);
    assert_eq!(written.captured().count(), 5);
    let every = PerftOptions::default().with(&alquerque::KEEP_DUPLICATES);
    assert_eq!(game.perft(&position, 1, &PerftOptions::default()), 1);
    assert_eq!(game.perft(&position, 1, &every), 2);
    let after = play(&game, LOOP, &["c1:c3:e3:e5:c5:c3"]);
    assert_eq!(game.write_position(&after), "B:Wc3:B");

    // A chain may also come back to its own start, vacated at the first jump.
    let back_home = "W:Wc1:Bb2,b4,d2,d4";
    assert_eq!(moves_of(&game, back_home), ["c1:e3:c5:a3:c1"]);
    assert_eq!(
        game.write_position(&play(&game, back_home, &["c1:a3:c5:e3:c1"])),
        "B:Wc1:B"
    );

    // With the switch off, the chain must stop before landing on c3 again.
    let text = include_str!("../../../rules/alquerque/alquerque.v1.toml")
        .replace("chain-may-revisit = true", "chain-may-revisit = false");
    let strict = load_text(&text);
    assert_eq!(
        moves_of(&strict, LOOP),
        ["c1:c3:c5:e5:e3", "c1:c3:e3:e5:c5"]
    );
    assert_eq!(
        reason(&strict, LOOP, "c1:c3:c5:e5:e3:c3"),
        "in these rules a capture may not land on c3 again"
    );
}

#[test]
fn chain_may_not_stop_while_a_jump_remains() {
    let game = load("alquerque");
    assert_eq!(
        reason(&game, LOOP, "c1:c3:e3"),
        "the capture must continue: from e3 the man can take on e4"
    );
    assert_eq!(
        reason(&game, "W:Wc1:Bd2,e4,d4", "c1:e3:e5"),
        "the capture must continue: from e5 the man can take on d4"
    );
    assert_eq!(
        reason(&game, LOOP, "c1:c3:c5"),
        "the capture must continue: from c5 the man can take on d5"
    );
    // Alfonso's reading: one jump per move, the chain ends at once.
    let alfonso = load("alfonso");
    assert!(moves_of(&alfonso, LOOP).contains(&"c1:c3".to_string()));
    assert_eq!(
        reason(&alfonso, LOOP, "c1:c3:e3"),
        "a capture is a single jump in these rules: the move ends on c3"
    );
    // Murray's reading: the man may stop after any jump.
    let murray = load("murray");
    let position = murray.parse_position(LOOP).expect("FEN");
    for prefix in ["c1:c3", "c1:c3:e3", "c1:c3:e3:e5", "c1:c3:e3:e5:c5:c3"] {
        murray
            .parse_move(&position, prefix)
            .unwrap_or_else(|e| panic!("{prefix}: {e}"));
    }
}

#[test]
fn capture_is_mandatory() {
    let game = load("alquerque");
    assert_eq!(moves_of(&game, "W:Wc3,a1:Bc4"), ["c3:c5"]);
    assert_eq!(
        reason(&game, "W:Wc3,a1:Bc4", "c3-d3"),
        "capture is mandatory: c3:c5"
    );
    assert_eq!(
        reason(&game, "W:Wc3,a1:Bc4", "a1-a2"),
        "capture is mandatory: c3:c5"
    );
    // The choice among captures is free: the short capture is as legal as
    // the long one (no majority rule).
    let choice = moves_of(&game, "W:Wa1,e1:Bb2,b4,e2");
    assert_eq!(choice, ["a1:c3:a5", "e1:e3"]);
    // In Alfonso's reading capturing is optional.
    let alfonso = load("alfonso");
    let position = alfonso.parse_position("W:Wc3,a1:Bc4").expect("FEN");
    alfonso
        .parse_move(&position, "c3-d3")
        .expect("optional capture");
}

#[test]
fn a_man_on_the_far_row_makes_no_plain_move() {
    let game = load("alquerque");
    // White's c5 is on Black's back rank: no step, not even sideways; the
    // other man moves.
    assert_eq!(moves_of(&game, "W:Wc5,a1:Be1"), ["a1-a2", "a1-b1", "a1-b2"]);
    assert_eq!(
        reason(&game, "W:Wc5,a1:Be1", "c5-d5"),
        "the man on c5 is on the far row: it makes no plain move, it can only capture"
    );
    // It can still capture, backward included.
    assert_eq!(moves_of(&game, "W:Wc5:Bc4"), ["c5:c3"]);
    // Black's far row is rank 1; a frozen man alone has no legal move.
    let frozen = game.parse_position("B:Wa5:Bc1").expect("FEN");
    assert_eq!(
        game.outcome(&frozen),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "Black has no legal move".into()
        })
    );
    // Without the rule (Alfonso) the man on the far row steps freely.
    assert!(moves_of(&load("alfonso"), "W:Wc5,a1:Be1").contains(&"c5-d5".to_string()));
}

#[test]
fn a_player_without_a_legal_move_loses() {
    let game = load("alquerque");
    // White's only man on a1 is walled in: every neighbour is Black and
    // every point behind them is taken.
    let blocked = game
        .parse_position("W:Wa1:Ba2,b1,b2,a3,c1,c3")
        .expect("FEN");
    assert!(common::moves(&game, &blocked).is_empty());
    assert_eq!(
        game.outcome(&blocked),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: "White has no legal move".into()
        })
    );
    // A player with no men left has lost as well.
    let none = game.parse_position("W:W:Bc3").expect("FEN");
    assert_eq!(
        game.outcome(&none),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: "White has no men left".into()
        })
    );
    // Reached by play: White's last capture takes Black's last man.
    let after = play(&game, "W:Wc3:Bc4", &["c3:c5"]);
    assert!(matches!(
        game.outcome(&after),
        Some(Outcome::Win {
            winner: Side::White,
            ..
        })
    ));
    // A move in a finished game is refused with the reason.
    assert_eq!(
        reason(&game, "W:Wa1:Ba2,b1,b2,a3,c1,c3", "a1-a2"),
        "the game is over: White has no legal move"
    );
}

#[test]
fn huffing_removes_a_man_that_failed_to_capture() {
    let game = load("covarrubias");
    // White could take c3:c5 but steps a1-a2: Black may huff c3.
    let position = play(&game, "W:Wc3,a1:Bc4,e5", &["a1-a2"]);
    assert_eq!(position.huffable().count(), 1);
    let huffed = play(&game, "B:Wa2,c3:Bc4,e5:Hc3", &["xc3 c4-c3"]);
    assert_eq!(game.write_position(&huffed), "W:Wa2:Bc3,e5");
    // The chance lapses after Black's turn: c3 is no longer huffable, but
    // Black's c4, which could have taken c3 and did not, now is.
    let lapsed = play(&game, "B:Wa2,c3:Bc4,e5:Hc3", &["e5-e4"]);
    assert_eq!(game.write_position(&lapsed), "W:Wa2,c3:Bc4,e4:Hc4");
    // The man that failed and then moved is huffed on its new point.
    let moved = play(&game, "W:Wc3,a1:Bc4,e5", &["c3-d3"]);
    assert_eq!(game.write_position(&moved), "B:Wa1,d3:Bc4,e5:Hd3");
    // Only a man that failed to capture can be huffed.
    assert_eq!(
        reason(&game, "B:Wa2,c3:Bc4,e5:Hc3", "xa2 c4-b4"),
        "a2 cannot be huffed: only a man that failed to capture on the last move can be"
    );
    assert_eq!(
        reason(&load("alquerque"), "W:Wc3:Ba5", "xa5 c3-c4"),
        "these rules have no huffing"
    );
}

#[test]
fn draw_rule_counts_plies_without_capture() {
    let text = include_str!("../../../rules/alquerque/alfonso.v1.toml").replace(
        "draw-plies-without-capture = 0",
        "draw-plies-without-capture = 2",
    );
    let game = load_text(&text);
    let start = game.start_position();
    assert!(game.write_position(&start).ends_with(":N0"));
    let position = play(&game, &game.write_position(&start), &["c2-c3", "c4:c2"]);
    assert!(
        game.outcome(&position).is_none(),
        "the capture reset the count"
    );
    let drawn = play(&game, "W:Wa1:Be5:N0", &["a1-a2", "e5-e4"]);
    assert_eq!(
        game.outcome(&drawn),
        Some(Outcome::Draw {
            reason: "2 plies without a capture".into()
        })
    );
    assert!(common::moves(&game, &drawn).is_empty());
}

/// The position after the irregular move `text` (refused by `parse_move`),
/// or `None` when it cannot be played as written.
fn irregular(game: &alquerque::Alquerque, fen: &str, text: &str) -> Option<String> {
    let mut position = game.parse_position(fen).expect("test FEN");
    assert!(game.parse_move(&position, text).is_err(), "{text} is legal");
    let mv = game.parse_irregular(&position, text)?;
    game.play(&mut position, &mv);
    Some(game.write_position(&position))
}

#[test]
fn irregular_moves_are_a_plain_step_past_a_capture_and_a_chain_stopped_early() {
    let game = load("alquerque");
    let fen = "W:Wc1:Bd2,e4,d4";
    // c1:e3:c5 and c1:e3:e5:c3 are the legal chains; stopping on e3 or e5
    // takes what was jumped so far.
    assert_eq!(
        irregular(&game, fen, "c1:e3").as_deref(),
        Some("B:We3:Bd4,e4")
    );
    assert!(irregular(&game, fen, "c1:e3:e5").is_some());
    // A plain step although c1 must capture.
    assert!(irregular(&game, fen, "c1-c2").is_some());
    // No jump over an empty point, no man on b1, no step onto a man.
    assert_eq!(irregular(&game, fen, "c1:a3"), None);
    assert_eq!(irregular(&game, fen, "b1-b2"), None);
    assert_eq!(irregular(&game, fen, "c1-d2"), None);
}
