//! The perft walk: every line of play to a depth, with the side to move
//! known at compile time, bulk counting at the last two plies unless asked
//! to play every leaf. Its moves are [`Step`]s, ready to play.

use super::bulk::{back, first_jumps};
use super::{Action, BlackToMove, Engine, Fixed, Geom, Mover, Runtime, WhiteToMove};
use crate::layout::{NE, NW, SE, SW};
use crate::position::Position;
use board_core::Side;
use board_core::notation::Bits;

/// A legal move as the bits it flips: the mover's pieces (`own`, start
/// and end; none for a round trip), the pieces it captures, and the kings
/// (a king's start and end, or the end of a man crowned).
#[derive(Clone, Copy, Debug)]
pub(super) struct Step {
    own: u64,
    captured: u64,
    kings: u64,
}

impl Step {
    /// The position after this step of the side `M` in `pos`.
    #[inline(always)]
    pub(super) fn after<M: Mover>(self, pos: &Position) -> Position {
        let mut next = *pos;
        next.pieces[M::US] ^= self.own;
        next.pieces[M::US ^ 1] &= !self.captured;
        next.kings = (next.kings & !self.captured) ^ self.kings;
        next.side = if M::US == 0 { Side::Black } else { Side::White };
        next
    }

    /// The step of an [`Action`] of the side to move in `pos`.
    #[inline(always)]
    fn of(action: &Action, pos: &Position) -> Step {
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

impl Engine {
    /// Perft from `pos`: bulk counting at the last ply unless `no_bulk`.
    pub fn perft(&self, pos: &Position, depth: u32, keep_duplicates: bool, no_bulk: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut lists: Vec<Vec<Step>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
        let mut scratch = Vec::with_capacity(64);
        let walk = Walk {
            keep_duplicates,
            no_bulk,
        };
        debug_assert_eq!(
            self.layout.forward,
            [WhiteToMove::<true>::FORWARD, BlackToMove::<true>::FORWARD]
        );
        let back = self.man_capture_mask == [0b1111; 2];
        let (lists, scratch) = (&mut lists[..], &mut scratch);
        with_geom!(self, g => match (pos.side, back) {
            (Side::White, true) => self.walk::<_, WhiteToMove<true>>(g, walk, pos, depth, lists, scratch),
            (Side::Black, true) => self.walk::<_, BlackToMove<true>>(g, walk, pos, depth, lists, scratch),
            (Side::White, false) => self.walk::<_, WhiteToMove<false>>(g, walk, pos, depth, lists, scratch),
            (Side::Black, false) => self.walk::<_, BlackToMove<false>>(g, walk, pos, depth, lists, scratch),
        })
    }

    /// The leaves `depth` plies below `pos`, the side `M` to move; `lists`
    /// holds a move list per ply below, `scratch` the list of the capture
    /// search.
    fn walk<G: Geom, M: Mover>(
        &self,
        g: G,
        walk: Walk,
        pos: &Position,
        depth: u32,
        lists: &mut [Vec<Step>],
        scratch: &mut Vec<Action>,
    ) -> u64 {
        let keep = walk.keep_duplicates;
        if !walk.no_bulk && depth == 1 {
            return self.count_moves::<G, M>(g, pos, scratch, keep);
        }
        let Some((list, rest)) = lists.split_first_mut() else {
            return 0;
        };
        if !walk.no_bulk && depth == 2 {
            return self.count_children::<G, M>(g, pos, list, scratch, keep);
        }
        list.clear();
        self.steps::<G, M>(g, pos, list, scratch, keep);
        if depth == 1 {
            for step in list.iter() {
                std::hint::black_box(step.after::<M>(pos));
            }
            return list.len() as u64;
        }
        let mut total = 0;
        for step in list.iter() {
            let next = step.after::<M>(pos);
            total += self.walk::<G, M::Other>(g, walk, &next, depth - 1, rest, scratch);
        }
        total
    }

    /// Appends every legal move of the side `M` in `pos` to `out` as a
    /// [`Step`]: plain moves and single jumps that cannot go on straight
    /// from the bitboards, other captures from the capture search
    /// ([`Engine::actions`], through `scratch`).
    #[inline(always)]
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
        let men = own & !kings;
        let promotion = self.layout.promotion[M::US];
        let landings = first_jumps(g, men, enemy, empty, M::CAPS);
        let jumps = landings[NE] | landings[NW] | landings[SE] | landings[SW];
        if kings == 0 && jumps != 0 && self.onward::<G, M>(g, enemy, empty, landings).singles_only {
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
            return;
        }
        if jumps != 0 || (kings != 0 && self.king_can_capture(g, pos, empty)) {
            scratch.clear();
            self.actions_g(g, pos, scratch, keep_duplicates);
            out.extend(scratch.iter().map(|a| Step::of(a, pos)));
            return;
        }
        for d in M::FORWARD {
            for t in Bits(g.step(men, d) & empty) {
                let to = 1u64 << t;
                out.push(Step {
                    own: to | g.step(to, back(d)),
                    captured: 0,
                    kings: to & promotion,
                });
            }
        }
        for k in Bits(kings) {
            let from = 1u64 << k;
            for d in [NE, NW, SE, SW] {
                let mut x = g.step(from, d) & empty;
                while x != 0 {
                    out.push(Step {
                        own: from | x,
                        captured: 0,
                        kings: from | x,
                    });
                    if !self.flying {
                        break;
                    }
                    x = g.step(x, d) & empty;
                }
            }
        }
    }
}

/// How a perft walk counts.
#[derive(Clone, Copy)]
struct Walk {
    keep_duplicates: bool,
    no_bulk: bool,
}
