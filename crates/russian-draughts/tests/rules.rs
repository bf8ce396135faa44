//! One test per rule, each on a position built for it (algebraic FENs are
//! read by every 8×8 profile).

mod common;

use board_core::prelude::*;
use board_core::{LegalityError, MoveError, Outcome, PerftOptions, Side};
use common::{fen, load, moves};

fn illegal_reason(err: MoveError) -> String {
    match err {
        MoveError::Legality(LegalityError::Illegal { reason, .. }) => reason,
        other => panic!("expected an illegal-move error, got {other:?}"),
    }
}

#[test]
fn seed_promotion_mid_capture_continues_as_king_h2_f4_h6_f8_b4_e1() {
    let game = load("russian");
    let pos = fen(&game, "W:Wh2:Bc5,d2,g3,g5,g7");
    assert_eq!(moves(&game, &pos), ["h2:f4:h6:f8:b4:e1"]);
    let mv = game.parse_move(&pos, "h2:f4:h6:f8:b4:e1").expect("legal");
    let mut after = pos;
    game.play(&mut after, &mv);
    assert_eq!(game.write_position(&after), "B:WKe1:B");
    assert!(matches!(
        game.outcome(&after),
        Some(Outcome::Win {
            winner: Side::White,
            ..
        })
    ));
}

#[test]
fn seed_capture_must_continue_names_the_new_king_and_its_target() {
    let game = load("russian");
    let pos = fen(&game, "W:Wh2:Bc5,d2,g3,g5,g7");
    let err = game
        .parse_move(&pos, "h2:f4:h6:f8")
        .expect_err("stops too early");
    assert_eq!(
        illegal_reason(err),
        "the capture must continue: from f8 the new king can take on c5"
    );
    let err = game.parse_move(&pos, "h2:f4").expect_err("stops too early");
    assert_eq!(
        illegal_reason(err),
        "the capture must continue: from f4 the man can take on g5"
    );
}

#[test]
fn seed_free_choice_h6_f8_d6_b4_or_h6_f4_or_h4_f6() {
    let game = load("russian");
    let pos = fen(&game, "W:Wa3,h4,h6:Bc5,d8,e7,g5,g7,h8");
    assert_eq!(moves(&game, &pos), ["h4:f6", "h6:f4", "h6:f8:d6:b4"]);
    for text in ["h6:f8:d6:b4", "h6:f4", "h4:f6", "h6xf4", "h6:b4"] {
        assert!(game.parse_move(&pos, text).is_ok(), "{text}");
    }
}

#[test]
fn maximum_capture_rule_takes_the_most_pieces_kings_counting_as_one() {
    let pos_text = "W:Wc3:BKd4,b4,b6";
    let russian = load("russian");
    let pos = fen(&russian, pos_text);
    assert_eq!(moves(&russian, &pos), ["c3:a5:c7", "c3:e5"]);
    let game = load("brazilian");
    let pos = fen(&game, pos_text);
    assert_eq!(moves(&game, &pos), ["c3xa5xc7"]);
    let err = game
        .parse_move(&pos, "c3xe5")
        .expect_err("takes one piece only");
    assert_eq!(
        illegal_reason(err),
        "the most pieces must be captured: 2 can be taken (c3xa5xc7), c3xe5 takes 1"
    );
}

#[test]
fn capture_is_mandatory_and_the_reason_lists_the_captures() {
    let game = load("russian");
    let pos = fen(&game, "W:Wc3,g3:Bf4,h8");
    let err = game
        .parse_move(&pos, "c3-d4")
        .expect_err("a capture exists");
    assert_eq!(illegal_reason(err), "capture is mandatory: g3:e5");
    let pos = fen(&game, "W:Wc3,g3:Bb4,f4,h8");
    let err = game
        .parse_move(&pos, "g3-h4")
        .expect_err("a capture exists");
    assert_eq!(illegal_reason(err), "capture is mandatory: c3:a5 or g3:e5");
}

#[test]
fn captured_piece_cannot_be_jumped_twice() {
    let game = load("russian");
    let pos = fen(&game, "W:Wc1:Bd2,h8");
    assert_eq!(moves(&game, &pos), ["c1:e3"]);
}

#[test]
fn pieces_are_removed_at_the_end_so_a_loop_stops_on_its_first_victim() {
    let game = load("russian");
    // e3 takes d4, d6, f6, f4 round the loop back to e3, where d4 (still on
    // the board) stops it; the two directions round the loop are one move.
    let pos = fen(&game, "W:We3:Bd4,d6,f4,f6,h8");
    let list = moves(&game, &pos);
    assert_eq!(list.len(), 1);
    assert!(
        list[0] == "e3:c5:e7:g5:e3" || list[0] == "e3:g5:e7:c5:e3",
        "{list:?}"
    );
    for text in ["e3:c5:e7:g5:e3", "e3:g5:e7:c5:e3"] {
        assert!(game.parse_move(&pos, text).is_ok(), "{text}");
    }
    let keep = PerftOptions::default().with(&russian_draughts::KEEP_DUPLICATES);
    assert_eq!(game.perft(&pos, 1, &PerftOptions::default()), 1);
    assert_eq!(game.perft(&pos, 1, &keep), 2);
}

#[test]
fn captured_pieces_block_until_the_sequence_ends() {
    let game = load("russian");
    // The king takes b2 then d2 (landing e1); from e1 the way back NW is
    // blocked by d2, which is still on the board.
    let pos = fen(&game, "W:WKa1:Bb2,d2,h8");
    assert_eq!(moves(&game, &pos), ["a1:c3:e1"]);
}

#[test]
fn flying_king_must_land_where_the_capture_continues() {
    let game = load("russian");
    let pos = fen(&game, "W:WKa1:Bc3,e3");
    assert_eq!(moves(&game, &pos), ["a1:d4:f2", "a1:d4:g1"]);
    let err = game.parse_move(&pos, "a1:e5").expect_err("must land on d4");
    assert_eq!(
        illegal_reason(err),
        "the capture must continue: the king must land on d4 from where it can capture again"
    );
    let err = game.parse_move(&pos, "a1:d4").expect_err("must go on");
    assert_eq!(
        illegal_reason(err),
        "the capture must continue: from d4 the king can take on e3"
    );
}

#[test]
fn flying_king_lands_on_any_square_beyond_when_nothing_follows() {
    let game = load("russian");
    let pos = fen(&game, "W:WKa1:Bc3");
    assert_eq!(
        moves(&game, &pos),
        ["a1:d4", "a1:e5", "a1:f6", "a1:g7", "a1:h8"]
    );
}

#[test]
fn promotion_mid_capture_continues_as_man_in_brazilian_and_international() {
    let brazilian = load("brazilian");
    let pos = fen(&brazilian, "W:Wf6:Bc7,e7");
    let list = moves(&brazilian, &pos);
    assert_eq!(list, ["f6xd8xb6"]);
    let mv = brazilian.parse_move(&pos, "f6xd8xb6").expect("legal");
    assert!(
        !mv.is_promotion(),
        "a man passing the last rank is not crowned"
    );
    let russian = load("russian");
    let pos = fen(&russian, "W:Wf6:Bc7,e7");
    assert_eq!(moves(&russian, &pos), ["f6:d8:a5", "f6:d8:b6"]);
    let english = load("english");
    let pos = fen(&english, "W:Wf6:Bc7,e7");
    let mv = english
        .parse_move(&pos, "f6xd8")
        .expect("crowning ends the move");
    assert!(mv.is_promotion());
    assert_eq!(moves(&english, &pos).len(), 1);
}

#[test]
fn man_ending_a_capture_on_the_last_rank_is_crowned() {
    let game = load("international");
    let pos = fen(&game, "W:W12:B7");
    let mv = game.parse_move(&pos, "12x1").expect("legal");
    assert!(mv.is_promotion());
}

#[test]
fn men_capture_backward_only_where_the_profile_says_so() {
    let pos_text = "W:We5:Bd4,h8";
    let russian = load("russian");
    assert_eq!(moves(&russian, &fen(&russian, pos_text)), ["e5:c3"]);
    for name in ["english", "czech"] {
        let game = load(name);
        let list = moves(&game, &fen(&game, pos_text));
        let expected = if name == "english" {
            ["15-10", "15-11"]
        } else {
            ["e5-d6", "e5-f6"]
        };
        assert_eq!(list, expected, "{name}");
    }
}

#[test]
fn short_kings_move_and_capture_one_square() {
    let game = load("english");
    let pos = fen(&game, "W:WKc3:Be5");
    // c3 = 22: one step to b4, d4, b2, d2.
    assert_eq!(moves(&game, &pos), ["22-17", "22-18", "22-25", "22-26"]);
    let pos = fen(&game, "W:WKd4:Be5");
    // d4 = 18 takes e5 and lands on f6 = 11, not beyond.
    assert_eq!(moves(&game, &pos), ["18x11"]);
}

#[test]
fn czech_king_must_capture_when_it_can() {
    let pos_text = "W:WKa1,a3:Bb4,c3";
    let czech = load("czech");
    let pos = fen(&czech, pos_text);
    assert_eq!(
        moves(&czech, &pos),
        ["a1xd4", "a1xe5", "a1xf6", "a1xg7", "a1xh8"]
    );
    let err = czech
        .parse_move(&pos, "a3xc5")
        .expect_err("the king must capture");
    assert!(illegal_reason(err).starts_with("a king must capture when it can: a1xd4"));
    let russian = load("russian");
    assert!(moves(&russian, &fen(&russian, pos_text)).contains(&"a3:c5".to_string()));
}

#[test]
fn first_player_comes_from_the_profile() {
    assert_eq!(load("russian").start_position().side_to_move(), Side::White);
    assert_eq!(load("english").start_position().side_to_move(), Side::Black);
    let english = load("english");
    assert_eq!(
        moves(&english, &english.start_position()),
        ["10-14", "10-15", "11-15", "11-16", "12-16", "9-13", "9-14"]
    );
}

#[test]
fn game_ends_when_the_side_to_move_has_no_piece() {
    let game = load("russian");
    let pos = fen(&game, "B:WKe1:B");
    assert_eq!(
        game.outcome(&pos),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "Black has no pieces left".into()
        })
    );
}

#[test]
fn game_ends_when_the_side_to_move_has_no_move() {
    let game = load("russian");
    let pos = fen(&game, "W:Wa1:Bb2,c3");
    assert!(moves(&game, &pos).is_empty());
    assert_eq!(
        game.outcome(&pos),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: "White has no legal move".into()
        })
    );
    assert_eq!(game.outcome(&game.start_position()), None);
}

#[test]
fn same_landing_squares_short_form_is_ambiguous_with_candidates() {
    let game = load("russian");
    // Both routes go from h4 to a7, over different pieces.
    let pos = fen(&game, "W:WK20:B4,9,10,16,24");
    match game.parse_move(&pos, "h4:a7") {
        Err(MoveError::Legality(LegalityError::Ambiguous { candidates, .. })) => {
            let mut c = candidates;
            c.sort();
            assert_eq!(c, ["h4:e7:c5:a7", "h4:f2:a7"]);
        }
        other => panic!("expected ambiguous, got {other:?}"),
    }
    let a = game.parse_move(&pos, "h4:f2:a7").expect("full form");
    let b = game.parse_move(&pos, "h4:e7:c5:a7").expect("full form");
    assert!(
        game.parse_move(&pos, "h4:c5:a7").is_ok(),
        "a turning square is enough"
    );
    assert_ne!(a, b);
    assert_ne!(game.move_captured(&a), game.move_captured(&b));
}

#[test]
fn plain_moves_explain_what_is_wrong() {
    let game = load("russian");
    let start = game.start_position();
    let cases = [
        ("c3-e5", "a man moves one square diagonally forward"),
        ("g3-c3", "g3 and c3 are not on one diagonal"),
        ("b2-c3", "c3 is occupied"),
        ("d4-e5", "there is no piece on d4"),
        ("f6-g5", "f6 holds a Black piece; it is White's turn"),
        ("c3:e5", "there is no piece to capture between c3 and e5"),
    ];
    for (text, reason) in cases {
        let err = game.parse_move(&start, text).expect_err(text);
        assert_eq!(illegal_reason(err), reason, "{text}");
    }
    let pos = fen(&game, "W:Wd4:Bh8");
    let err = game.parse_move(&pos, "d4-c3").expect_err("backward");
    assert_eq!(illegal_reason(err), "a man does not move backward");
    let pos = fen(&game, "W:WKa1,c3:Bh8");
    let err = game.parse_move(&pos, "a1-e5").expect_err("blocked");
    assert_eq!(
        illegal_reason(err),
        "the diagonal from a1 to e5 is blocked on c3"
    );
}

#[test]
fn international_maximum_capture_on_the_ten_by_ten_board() {
    let game = load("international");
    // c3 = 37 takes b4 and b6 (37x26x17) rather than the king on d4 alone.
    let pos = fen(&game, "W:Wc3:BKd4,b4,b6");
    assert_eq!(moves(&game, &pos), ["37x26x17"]);
    let mut list = Vec::new();
    game.legal_moves(&pos, &mut list);
    assert_eq!(game.write_move(&pos, &list[0]), "37x17");
    let err = game.parse_move(&pos, "37x28").expect_err("one piece only");
    assert!(illegal_reason(err).starts_with("the most pieces must be captured: 2 can be taken"));
}

#[test]
fn keep_duplicates_counts_capture_orders_not_landing_choices() {
    let game = load("russian");
    // The king takes c3, may land on d4 or e5 (both go on), then takes f6
    // and lands on g7 or h8: four routes, two moves, and the same pieces in
    // the same order for both routes to each square.
    let pos = fen(&game, "W:WKa1:Bc3,f6");
    assert_eq!(moves(&game, &pos), ["a1:d4:g7", "a1:d4:h8"]);
    let via_e5 = game.parse_move(&pos, "a1:e5:h8").expect("legal");
    let via_d4 = game.parse_move(&pos, "a1:d4:h8").expect("legal");
    assert_eq!(via_e5, via_d4);
    let keep = PerftOptions::default().with(&russian_draughts::KEEP_DUPLICATES);
    assert_eq!(game.perft(&pos, 1, &PerftOptions::default()), 2);
    assert_eq!(game.perft(&pos, 1, &keep), 2);
}
