//! Irregular moves: moves the rules forbid here that can still be played on
//! the board as written ([`board_core::Notation::parse_irregular`]).
//!
//! This is a path of its own, taken only after `parse_move` refused a text;
//! the legal move generator, the quick matcher and perft never run it.
//! What counts as physically possible:
//!
//! - a complete capture route chosen against a choice rule: fewer pieces
//!   than the maximum rule asks, a man capturing when a king must (king
//!   priority) — the routes of [`raw_captures`], found without those rules;
//! - a capture stopped early: a prefix of such a route, the pieces jumped so
//!   far removed, the piece standing on the square written (a flying king
//!   on any empty square of the line beyond the piece it jumped last);
//! - a plain move when a capture was mandatory.
//!
//! A man that stops on its crowning row is crowned, as at the end of any
//! move there (and a man already crowned on the way under
//! `continue-as-king` stays a king). Anything else — no own piece on the
//! start square, a jump over an own piece or an empty square, landing on an
//! occupied square, squares not on one line — is no move at all.

use crate::movegen::Engine;
use crate::moves::{Move, between, raw_captures, route_matches};
use crate::path::Path;
use crate::position::Position;
use crate::rules::MidCapturePromotion;

/// The one irregular move the written squares (bits) name, if there is
/// exactly one (see the module's documentation).
pub fn find_irregular(
    engine: &Engine,
    mid_promotion: MidCapturePromotion,
    pos: &Position,
    squares: &[u8],
) -> Option<Move> {
    let (&from, &to) = (squares.first()?, squares.last()?);
    let raw = raw_captures(engine, pos);
    let complete: Vec<Move> = raw
        .iter()
        .filter(|r| route_matches(r, squares))
        .cloned()
        .collect();
    if !complete.is_empty() {
        return one(complete, squares);
    }
    let stopped: Vec<Move> = raw
        .iter()
        .filter(|r| r.from == from)
        .flat_map(|r| stopped_early(engine, mid_promotion, pos, r))
        .filter(|m| route_matches(m, squares))
        .collect();
    if !stopped.is_empty() {
        return one(stopped, squares);
    }
    if squares.len() != 2 {
        return None;
    }
    let promote = engine.quiet_move(pos, from, to)?;
    Some(Move {
        from,
        path: Path::single(to),
        captured: 0,
        promote,
        by_king: pos.kings & (1u64 << from) != 0,
    })
}

/// The move among `found` (which all match the text), if they are one
/// move, or if exactly one of them has every landing square written.
fn one(mut found: Vec<Move>, squares: &[u8]) -> Option<Move> {
    let mut distinct: Vec<Move> = Vec::new();
    for m in found.drain(..) {
        if !distinct.contains(&m) {
            distinct.push(m);
        }
    }
    if distinct.len() == 1 {
        return distinct.pop();
    }
    let mut exact = distinct
        .into_iter()
        .filter(|m| m.path[..] == squares[1..])
        .collect::<Vec<_>>();
    if exact.len() == 1 { exact.pop() } else { None }
}

/// Every capture that stops before the end of `route`: after each jump but
/// the last, on the landing square of the route, and for a flying king on
/// every other empty square beyond the piece just jumped.
fn stopped_early(
    engine: &Engine,
    mid_promotion: MidCapturePromotion,
    pos: &Position,
    route: &Move,
) -> Vec<Move> {
    let layout = &engine.layout;
    let promotion = layout.promotion[pos.side.index()];
    // The piece has left its square; the pieces it jumps stay until the end.
    let occupied = pos.occupied() & !(1u64 << route.from);
    let mut out = Vec::new();
    let mut captured = 0u64;
    let mut at = route.from;
    for i in 0..route.path.len().saturating_sub(1) {
        let land = route.path[i];
        let Some((d, on_the_way)) = between(engine, at, land) else {
            return out;
        };
        let Some(&jumped) = on_the_way
            .iter()
            .find(|&&s| route.captured & (1u64 << s) != 0)
        else {
            return out;
        };
        captured |= 1u64 << jumped;
        let mut stops = vec![land];
        if route.by_king && engine.flying() {
            let mut x = layout.step(1u64 << jumped, d) & layout.squares;
            while x != 0 && x & occupied == 0 {
                let s = x.trailing_zeros() as u8;
                if s != land {
                    stops.push(s);
                }
                x = layout.step(x, d) & layout.squares;
            }
        }
        for stop in stops {
            let crowned_on_the_way = mid_promotion == MidCapturePromotion::ContinueAsKing
                && route.path[..i]
                    .iter()
                    .any(|&s| promotion & (1u64 << s) != 0);
            let promote = !route.by_king && (crowned_on_the_way || promotion & (1u64 << stop) != 0);
            let mut landings = route.path[..i].to_vec();
            landings.push(stop);
            let Some(path) = Path::new(&landings) else {
                continue;
            };
            out.push(Move {
                from: route.from,
                path,
                captured,
                promote,
                by_king: route.by_king,
            });
        }
        at = land;
    }
    out
}
