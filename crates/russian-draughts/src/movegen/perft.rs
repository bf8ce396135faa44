//! The perft walk: every line of play to a depth, with the side to move
//! known at compile time, bulk counting at the last two plies unless asked
//! to play every leaf. Its moves are [`Step`]s, ready to play.

use super::bulk::{back, first_jumps};
use super::{Action, BlackToMove, Engine, Fixed, Geom, Mover, Runtime, WhiteToMove, nearest};
use crate::layout::{NE, NW, SE, SW};
use crate::position::Position;
use board_core::Side;
use board_core::notation::Bits;

/// A legal move as the bits it flips: the mover's pieces (`own`, start
/// and end; none for a round trip), the pieces it captures, and the kings
/// (a king's start and end, or the end of a man crowned).
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    pub(super) own: u64,
    pub(super) captured: u64,
    pub(super) kings: u64,
}

impl Step {
    /// The position after this step of the side `M`, given the sides as
    /// they stand: its pieces `own`, the other side's `enemy` and the kings
    /// of both `kings`, all held in registers by the caller.
    #[inline(always)]
    pub(super) fn child<M: Mover>(self, own: u64, enemy: u64, kings: u64) -> Position {
        let mut pieces = [0; 2];
        pieces[M::US] = own ^ self.own;
        pieces[M::US ^ 1] = enemy & !self.captured;
        Position {
            pieces,
            kings: (kings & !self.captured) ^ self.kings,
            side: if M::US == 0 { Side::Black } else { Side::White },
        }
    }

    /// The step of an [`Action`] of the side to move in `pos`.
    #[inline(always)]
    pub(super) fn of(action: &Action, pos: &Position) -> Step {
        let from = 1u64 << action.from;
        let to = 1u64 << action.to;
        let own = from ^ to;
        let kings = if pos.kings & from != 0 {
            own
        } else if action.promote {
            to
        } else {
            0
        };
        Step {
            own,
            captured: action.captured,
            kings,
        }
    }
}

/// Runs `$body` with `$m` the [`Mover`] type of the side `$side` under the
/// engine's switches (men capture backward; free choice among captures).
macro_rules! with_mover {
    ($engine:expr, $side:expr, $m:ident => $body:expr) => {{
        let back = $engine.man_capture_mask == [0b1111; 2];
        let free = !$engine.maximum;
        match $side {
            Side::White => with_mover!(@back WhiteToMove, back, free, $m => $body),
            Side::Black => with_mover!(@back BlackToMove, back, free, $m => $body),
        }
    }};
    (@back $ty:ident, $back:expr, $free:expr, $m:ident => $body:expr) => {
        if $back {
            with_mover!(@free $ty, true, $free, $m => $body)
        } else {
            with_mover!(@free $ty, false, $free, $m => $body)
        }
    };
    (@free $ty:ident, $back:tt, $free:expr, $m:ident => $body:expr) => {
        if $free {
            type $m = $ty<$back, true>;
            $body
        } else {
            type $m = $ty<$back, false>;
            $body
        }
    };
}

impl Engine {
    /// Perft from `pos`: bulk counting at the last ply unless `no_bulk`.
    pub fn perft(&self, pos: &Position, depth: u32, keep_duplicates: bool, no_bulk: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut lists: Vec<Vec<Step>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
        let mut scratch = Vec::with_capacity(64);
        let walk = Walk { keep_duplicates };
        debug_assert_eq!(
            self.layout.forward,
            [
                WhiteToMove::<true, true>::FORWARD,
                BlackToMove::<true, true>::FORWARD
            ]
        );
        let (lists, scratch) = (&mut lists[..], &mut scratch);
        with_mover!(self, pos.side, M => if no_bulk {
            with_geom!(self, g => self.walk::<_, M, false>(g, walk, pos, depth, lists, scratch))
        } else {
            with_geom!(self, g => self.walk::<_, M, true>(g, walk, pos, depth, lists, scratch))
        })
    }

    /// The leaves `depth` plies below `pos`, the side `M` to move, counted
    /// in bulk at the last two plies if `BULK` (compiled apart, so that the
    /// walk that plays every leaf carries none of the counting code);
    /// `lists` holds a move list per ply below, `scratch` the list of the
    /// capture search.
    fn walk<G: Geom, M: Mover, const BULK: bool>(
        &self,
        g: G,
        walk: Walk,
        pos: &Position,
        depth: u32,
        lists: &mut [Vec<Step>],
        scratch: &mut Vec<Action>,
    ) -> u64 {
        let keep = walk.keep_duplicates;
        if BULK && depth == 1 {
            return self.count_moves::<G, M>(g, pos, scratch, keep);
        }
        let Some((list, rest)) = lists.split_first_mut() else {
            return 0;
        };
        if BULK && depth == 2 {
            return self.count_children::<G, M>(g, pos, list, scratch, keep);
        }
        let (own, enemy, empty) = self.sides::<M>(pos);
        let kings = own & pos.kings;
        let l = first_jumps(g, own & !kings, enemy, empty, M::CAPS);
        let all_kings = pos.kings;
        let child = |step: &Step| step.child::<M>(own, enemy, all_kings);
        let first = FirstJumps {
            men: l,
            king: kings != 0 && self.king_can_capture(g, pos, empty),
        };
        if !first.any() {
            let mut total = 0;
            if depth == 1 {
                self.quiet_steps::<G, M>(g, own, kings, empty, |step| {
                    std::hint::black_box(child(&step));
                    total += 1;
                });
            } else {
                self.quiet_steps::<G, M>(g, own, kings, empty, |step| {
                    let next = child(&step);
                    total +=
                        self.walk::<G, M::Other, BULK>(g, walk, &next, depth - 1, rest, scratch);
                });
            }
            return total;
        }
        list.clear();
        self.capture_steps::<G, M>(g, pos, first, list, scratch, keep);
        if depth == 1 {
            for step in list.iter() {
                std::hint::black_box(child(step));
            }
            return list.len() as u64;
        }
        let mut total = 0;
        for step in list.iter() {
            let next = child(step);
            total += self.walk::<G, M::Other, BULK>(g, walk, &next, depth - 1, rest, scratch);
        }
        total
    }

    /// Appends every legal move of the side `M` in `pos` to `out` as a
    /// [`Step`]: the walk's two listings, [`Engine::quiet_steps`] and
    /// [`Engine::capture_steps`], joined for the tests that compare them
    /// with the capture search.
    #[cfg(test)]
    pub(super) fn steps<G: Geom, M: Mover>(
        &self,
        g: G,
        pos: &Position,
        out: &mut Vec<Step>,
        scratch: &mut Vec<Action>,
        keep_duplicates: bool,
    ) {
        let (own, enemy, empty) = self.sides::<M>(pos);
        let kings = own & pos.kings;
        let first = FirstJumps {
            men: first_jumps(g, own & !kings, enemy, empty, M::CAPS),
            king: kings != 0 && self.king_can_capture(g, pos, empty),
        };
        if !first.any() {
            self.quiet_steps::<G, M>(g, own, kings, empty, |step| out.push(step));
            return;
        }
        self.capture_steps::<G, M>(g, pos, first, out, scratch, keep_duplicates);
    }

    /// Appends the captures of the side `M` in `pos`, which has one, to
    /// `out` as [`Step`]s, given its `first` jumps: single
    /// jumps that cannot go on straight from the bitboards, the men's longer
    /// captures under free choice from the bitboards too
    /// ([`Engine::men_capture_steps`]), flying kings' captures of at most
    /// two jumps beside men's single ones under free choice without king
    /// priority ([`Engine::flying_king_steps`]), other captures from the
    /// capture search ([`Engine::actions`], through `scratch`).
    #[inline(always)]
    pub(super) fn capture_steps<G: Geom, M: Mover>(
        &self,
        g: G,
        pos: &Position,
        first: FirstJumps,
        out: &mut Vec<Step>,
        scratch: &mut Vec<Action>,
        keep_duplicates: bool,
    ) {
        let (own, enemy, empty) = self.sides::<M>(pos);
        let kings = own & pos.kings;
        let promotion = self.layout.promotion[M::US];
        let landings = first.men;
        if kings == 0 && self.onward::<G, M>(g, enemy, empty, landings).singles_only {
            single_man_steps(g, landings, promotion, out);
            return;
        }
        if kings == 0 && M::FREE {
            self.men_capture_steps::<G, M>(g, pos, out, scratch, keep_duplicates);
            return;
        }
        // Flying kings' captures of at most two jumps, beside men's single
        // jumps, from the bitboards when the choice is free.
        if M::FREE && self.flying && !self.king_priority {
            let start = out.len();
            let men = landings[NE] | landings[NW] | landings[SE] | landings[SW];
            if (men == 0 || self.onward::<G, M>(g, enemy, empty, landings).singles_only)
                && (!first.king
                    || self
                        .flying_king_steps(g, kings, enemy, empty, out)
                        .is_some())
            {
                single_man_steps(g, landings, promotion, out);
                return;
            }
            out.truncate(start);
        }
        scratch.clear();
        self.actions_with(g, pos, scratch, keep_duplicates, first.king);
        out.extend(scratch.iter().map(|a| Step::of(a, pos)));
    }

    /// Hands every plain move of the side `M` (its pieces `own`, its kings
    /// `kings`) to `f` as a [`Step`]: the men's steps, then the kings'.
    #[inline(always)]
    pub(super) fn quiet_steps<G: Geom, M: Mover>(
        &self,
        g: G,
        own: u64,
        kings: u64,
        empty: u64,
        mut f: impl FnMut(Step),
    ) {
        let promotion = self.layout.promotion[M::US];
        for d in M::FORWARD {
            let mut targets = g.step(own & !kings, d) & empty;
            while targets != 0 {
                let to = targets & targets.wrapping_neg();
                targets ^= to;
                f(Step {
                    own: to | g.step(to, back(d)),
                    captured: 0,
                    kings: to & promotion,
                });
            }
        }
        for k in Bits(kings) {
            let from = 1u64 << k;
            for x in Bits(self.king_moves(g, k as usize, empty)) {
                let both = from | 1u64 << x;
                f(Step {
                    own: both,
                    captured: 0,
                    kings: both,
                });
            }
        }
    }

    /// The squares the king on the bit `k` reaches by plain moves: a
    /// flying king's four rays read from the ray table up to the first
    /// piece on each, without a branch, so that one loop over the squares
    /// makes all its moves.
    #[inline(always)]
    fn king_moves<G: Geom>(&self, g: G, k: usize, empty: u64) -> u64 {
        let from = 1u64 << k;
        if !self.flying {
            return (g.step(from, NE) | g.step(from, NW) | g.step(from, SE) | g.step(from, SW))
                & empty;
        }
        let rays = &self.rays[k];
        let mut reach = 0;
        for d in [NE, NW, SE, SW] {
            let ray = rays[d] ^ from;
            reach |= ray & !self.rays[nearest(ray & !empty, d)][d];
        }
        reach
    }
}

/// Appends the men's single jumps whose landing squares per direction are
/// `landings` to `out` as [`Step`]s (crowned on `promotion`).
#[inline(always)]
fn single_man_steps<G: Geom>(g: G, landings: [u64; 4], promotion: u64, out: &mut Vec<Step>) {
    for d in [NE, NW, SE, SW] {
        for l in Bits(landings[d]) {
            let to = 1u64 << l;
            let over = g.step(to, back(d));
            out.push(Step {
                own: to | g.step(over, back(d)),
                captured: over,
                kings: to & promotion,
            });
        }
    }
}

/// What a node first learns of its side's captures: its men's first jumps,
/// as landing squares per direction, and whether one of its kings can
/// capture.
#[derive(Clone, Copy)]
pub(super) struct FirstJumps {
    pub(super) men: [u64; 4],
    pub(super) king: bool,
}

impl FirstJumps {
    /// Whether the side has a capture, and so must take.
    #[inline(always)]
    pub(super) fn any(self) -> bool {
        self.men[NE] | self.men[NW] | self.men[SE] | self.men[SW] != 0 || self.king
    }
}

/// How a perft walk counts (bulk counting or not is the walk's `BULK`).
#[derive(Clone, Copy)]
struct Walk {
    keep_duplicates: bool,
}

#[cfg(test)]
mod tests {
    use super::{BlackToMove, Step, WhiteToMove};
    use crate::Draughts;
    use crate::layout::{NE, NW, SE, SW};
    use crate::movegen::{Engine, Fixed, Geom, Runtime, ray_fill};
    use crate::position::Position;
    use board_core::Side;
    use board_core::conformance::for_each_playout_position;
    use board_core::prelude::*;

    /// A step as a sortable triple.
    fn key(s: &Step) -> (u64, u64, u64) {
        (s.own, s.captured, s.kings)
    }

    /// The perft walk's moves of `pos`, sorted.
    fn steps(engine: &Engine, pos: &Position, keep: bool) -> Vec<(u64, u64, u64)> {
        let (mut out, mut scratch) = (Vec::new(), Vec::new());
        with_mover!(engine, pos.side, M => with_geom!(engine, g => {
            engine.steps::<_, M>(g, pos, &mut out, &mut scratch, keep)
        }));
        let mut keys: Vec<_> = out.iter().map(key).collect();
        keys.sort_unstable();
        keys
    }

    /// The perft walk's moves (the men's routes from the bitboards among
    /// them) are the legal moves the capture search lists, one for one,
    /// along random games of every compiled-in profile, with and without
    /// counting every capture route.
    #[test]
    fn the_walks_moves_are_the_listed_moves() {
        for id in Draughts::builtin_profiles().expect("compiled-in profiles") {
            let game = Draughts::builtin(&format!("{}@{}", id.name, id.version)).expect("loads");
            let engine = game.engine();
            let start = game.start_position();
            let mut captures = 0;
            for_each_playout_position(&game, &start, 20, 200, 0x57E9, |pos, _| {
                for keep in [false, true] {
                    let mut listed = Vec::new();
                    engine.actions(pos, &mut listed, keep);
                    let mut expected: Vec<_> =
                        listed.iter().map(|a| key(&Step::of(a, pos))).collect();
                    expected.sort_unstable();
                    captures += usize::from(listed.iter().any(|a| a.captured != 0));
                    let found = steps(engine, pos, keep);
                    if found != expected {
                        return Err(format!("{} {pos:?} keep {keep}", id.name));
                    }
                }
                Ok::<(), String>(())
            })
            .unwrap_or_else(|e| panic!("{e}"));
            assert!(
                captures > 100,
                "{}: only {captures} capture positions",
                id.name
            );
        }
    }

    /// The occluded fill reaches what stepping square by square reaches,
    /// on the 8×8 and 10×10 boards (three and four rounds), from every
    /// piece and from the kings, over the empty squares of positions along
    /// random games of every compiled-in profile.
    #[test]
    fn the_ray_fill_reaches_what_steps_reach() {
        fn stepped<G: Geom>(g: G, from: u64, through: u64, d: usize) -> u64 {
            let mut reach = from;
            let mut f = g.step(from, d) & through;
            while f != 0 {
                reach |= f;
                f = g.step(f, d) & through;
            }
            reach
        }
        fn check<G: Geom>(g: G, from: u64, through: u64) -> Result<(), String> {
            let filled = [
                ray_fill::<G, NE>(g, from, through),
                ray_fill::<G, NW>(g, from, through),
                ray_fill::<G, SE>(g, from, through),
                ray_fill::<G, SW>(g, from, through),
            ];
            for (d, fill) in filled.into_iter().enumerate() {
                if fill != stepped(g, from, through, d) {
                    return Err(format!("from {from:#x} through {through:#x} towards {d}"));
                }
            }
            Ok(())
        }
        for id in Draughts::builtin_profiles().expect("compiled-in profiles") {
            let game = Draughts::builtin(&format!("{}@{}", id.name, id.version)).expect("loads");
            let engine = game.engine();
            let start = game.start_position();
            for_each_playout_position(&game, &start, 10, 200, 0xF111, |pos, _| {
                let empty = engine.layout.squares & !pos.occupied();
                for from in [pos.occupied(), pos.kings, pos.own()] {
                    with_geom!(engine, g => check(g, from, empty))?;
                    check(Runtime(engine.layout.k), from, empty)?;
                }
                Ok::<(), String>(())
            })
            .unwrap_or_else(|e| panic!("{}: {e}", id.name));
        }
    }
}
