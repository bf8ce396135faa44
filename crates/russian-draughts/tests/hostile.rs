//! Hostile positions for the draughts engine: International positions with
//! many kings where the capture sequences explode, counted against an
//! independent brute-force enumerator written here (flying kings, Turkish
//! strike: captured men stay on the board until the sequence ends and are
//! never jumped twice, the maximum capture rule), in bounded time; and
//! regressions of bugs the invariant tests and fuzzers found.

mod common;

#[path = "../../../tests/support/hostile.rs"]
mod support;

use board_core::PerftOptions;
use board_core::prelude::*;
use std::collections::BTreeSet;
use std::time::Duration;
use support::within;

/// A square of the 10×10 board by PDN number: (column, row), row 0 the
/// row of squares 1–5.
fn coords(n: u8) -> (i8, i8) {
    let r = (n - 1) / 5;
    let i = (n - 1) % 5;
    let x = 2 * i + u8::from(r % 2 == 0);
    (x as i8, r as i8)
}

fn number(x: i8, y: i8) -> Option<u8> {
    if !(0..10).contains(&x) || !(0..10).contains(&y) || (x + y) % 2 == 0 {
        return None;
    }
    Some((y * 5 + x / 2 + 1) as u8)
}

/// A board for the reference: 0 empty, 1 white king, 2 black man.
type Board = [u8; 51];

/// Every capture route of White's kings: (from, landings, captured).
fn king_routes(board: &Board) -> Vec<(u8, Vec<u8>, BTreeSet<u8>)> {
    let mut out = Vec::new();
    for from in 1..=50u8 {
        if board[from as usize] == 1 {
            let mut b = *board;
            b[from as usize] = 0;
            extend(
                &b,
                from,
                from,
                &mut Vec::new(),
                &mut BTreeSet::new(),
                &mut out,
            );
        }
    }
    out
}

fn extend(
    board: &Board,
    from: u8,
    at: u8,
    landings: &mut Vec<u8>,
    captured: &mut BTreeSet<u8>,
    out: &mut Vec<(u8, Vec<u8>, BTreeSet<u8>)>,
) {
    let mut continued = false;
    let (x, y) = coords(at);
    for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
        let (mut cx, mut cy) = (x + dx, y + dy);
        // Fly over empty squares to the first piece.
        while let Some(n) = number(cx, cy) {
            if board[n as usize] != 0 {
                break;
            }
            cx += dx;
            cy += dy;
        }
        let Some(victim) = number(cx, cy) else {
            continue;
        };
        if board[victim as usize] != 2 || captured.contains(&victim) {
            continue;
        }
        let (mut lx, mut ly) = (cx + dx, cy + dy);
        while let Some(land) = number(lx, ly) {
            if board[land as usize] != 0 {
                break;
            }
            continued = true;
            captured.insert(victim);
            landings.push(land);
            extend(board, from, land, landings, captured, out);
            landings.pop();
            captured.remove(&victim);
            lx += dx;
            ly += dy;
        }
    }
    if !continued && !captured.is_empty() {
        out.push((from, landings.clone(), captured.clone()));
    }
}

/// White kings on `kings`, black men on `men`, White to move.
fn position_text(kings: &[u8], men: &[u8]) -> String {
    let k: Vec<String> = kings.iter().map(|n| format!("K{n}")).collect();
    let m: Vec<String> = men.iter().map(u8::to_string).collect();
    format!("W:W{}:B{}", k.join(","), m.join(","))
}

/// The counts of the reference: (routes of the maximum length, moves
/// counted once per start, end and captured set).
fn reference(kings: &[u8], men: &[u8]) -> (u64, u64) {
    let mut board: Board = [0; 51];
    for &k in kings {
        board[k as usize] = 1;
    }
    for &m in men {
        board[m as usize] = 2;
    }
    let routes = king_routes(&board);
    let max = routes.iter().map(|r| r.2.len()).max().unwrap_or(0);
    let best: Vec<_> = routes.into_iter().filter(|r| r.2.len() == max).collect();
    let distinct: BTreeSet<(u8, u8, BTreeSet<u8>)> = best
        .iter()
        .map(|(f, l, c)| (*f, *l.last().expect("a capture lands"), c.clone()))
        .collect();
    (best.len() as u64, distinct.len() as u64)
}

/// Black men on a lattice two squares apart (columns b, d, f, h of rows 3,
/// 5, 7, 9: every diagonal neighbour empty), White kings in the four corners
/// around them: every man can be jumped from four directions with several
/// landings each, so the routes multiply.
fn lattice() -> (Vec<u8>, Vec<u8>) {
    let at = |x, y| number(x, y).expect("a dark square");
    let kings = vec![at(0, 9), at(9, 0), at(0, 1), at(9, 8)];
    let mut men = Vec::new();
    for y in [2, 4, 6, 8] {
        for x in [1, 3, 5, 7] {
            men.push(at(x, y));
        }
    }
    (kings, men)
}

#[test]
fn international_kings_capture_explosion_matches_the_reference() {
    let (kings, men) = lattice();
    let (routes, moves) = reference(&kings, &men);
    assert!(routes >= 50, "the construction explodes ({routes} routes)");
    let text = position_text(&kings, &men);
    let (engine_routes, engine_moves) = within(Duration::from_secs(120), move || {
        let game = common::load("international");
        let position = game.parse_position(&text).expect("valid position");
        let keep = PerftOptions::default().with(&russian_draughts::KEEP_DUPLICATES);
        (
            game.perft(&position, 1, &keep),
            game.perft(&position, 1, &PerftOptions::default()),
        )
    });
    eprintln!("{routes} routes, {moves} moves");
    assert_eq!(engine_routes, routes, "routes with every duplicate");
    assert_eq!(engine_moves, moves, "moves by start, end and captured men");
}

/// Found by the invariant tests (`crates/boardctl/tests/invariants.rs`):
/// the canonical notation of a capture that lists every landing square
/// must read back as that capture, not as ambiguous with a longer route
/// through the same squares. Russian draughts, Black to move:
/// `e5:c3:a5` is read as matching `e5:g3:e1:c3:a5` too.
#[test]
fn bug_full_capture_notation_reads_back_as_itself_russian() {
    every_move_reads_back_as_itself(
        "russian",
        "B:Wa1,c1,g1,d2,f2,h2,e3,b4,d4,f4,h6:Bh4,e5,f6,a7,e7,b8,f8,h8",
    );
}

/// The same bug in Czech draughts (kings fly): `g1xe3xg5` is read as
/// matching `g1xc5xa3xc1xe3xg5` too.
#[test]
fn bug_full_capture_notation_reads_back_as_itself_czech() {
    every_move_reads_back_as_itself(
        "czech",
        "B:Wa1,e1,b2,d2,f2,c3,b4,f4,h6,Kh8:BKg1,b6,d6,a7,e7,b8,d8,f8",
    );
}

/// Every legal move of `fen` under `profile`, written in the canonical
/// notation, is read back as that move.
fn every_move_reads_back_as_itself(profile: &str, fen: &str) {
    let game = common::load(profile);
    let position = common::fen(&game, fen);
    let mut moves = Vec::new();
    game.legal_moves(&position, &mut moves);
    for mv in &moves {
        let text = game.write_move(&position, mv);
        assert_eq!(
            game.parse_move(&position, &text).as_ref(),
            Ok(mv),
            "`{text}`"
        );
    }
}
