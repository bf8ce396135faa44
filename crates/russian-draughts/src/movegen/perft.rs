//! The perft walk: every line of play to a depth, with the side to move
//! known at compile time, bulk counting at the last two plies unless asked
//! to play every leaf.

use super::{Action, BlackToMove, Engine, Fixed, Geom, Mover, Runtime, WhiteToMove};
use crate::position::Position;
use board_core::Side;

impl Engine {
    /// Perft from `pos`: bulk counting at the last ply unless `no_bulk`.
    pub fn perft(&self, pos: &Position, depth: u32, keep_duplicates: bool, no_bulk: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut lists: Vec<Vec<Action>> = (0..=depth).map(|_| Vec::with_capacity(64)).collect();
        let walk = Walk {
            keep_duplicates,
            no_bulk,
        };
        debug_assert_eq!(
            self.layout.forward,
            [WhiteToMove::<true>::FORWARD, BlackToMove::<true>::FORWARD]
        );
        let back = self.man_capture_mask == [0b1111; 2];
        with_geom!(self, g => match (pos.side, back) {
            (Side::White, true) => self.walk::<_, WhiteToMove<true>>(g, walk, pos, depth, &mut lists),
            (Side::Black, true) => self.walk::<_, BlackToMove<true>>(g, walk, pos, depth, &mut lists),
            (Side::White, false) => self.walk::<_, WhiteToMove<false>>(g, walk, pos, depth, &mut lists),
            (Side::Black, false) => self.walk::<_, BlackToMove<false>>(g, walk, pos, depth, &mut lists),
        })
    }

    /// The leaves `depth` plies below `pos`, the side `M` to move; `lists`
    /// holds a move list per ply below and a scratch list.
    fn walk<G: Geom, M: Mover>(
        &self,
        g: G,
        walk: Walk,
        pos: &Position,
        depth: u32,
        lists: &mut [Vec<Action>],
    ) -> u64 {
        let Some((list, rest)) = lists.split_first_mut() else {
            return 0;
        };
        let keep = walk.keep_duplicates;
        if !walk.no_bulk {
            if depth == 1 {
                return self.count_moves::<G, M>(g, pos, list, keep);
            }
            if depth == 2 {
                let Some(scratch) = rest.first_mut() else {
                    return 0;
                };
                return self.count_children::<G, M>(g, pos, list, scratch, keep);
            }
        }
        list.clear();
        self.actions_g(g, pos, list, keep);
        if depth == 1 {
            for a in list.iter() {
                let mut next = *pos;
                next.apply(1 << a.from, 1 << a.to, a.captured, a.promote);
                std::hint::black_box(&next);
            }
            return list.len() as u64;
        }
        let mut total = 0;
        for a in list.iter() {
            let mut next = *pos;
            next.apply(1 << a.from, 1 << a.to, a.captured, a.promote);
            total += self.walk::<G, M::Other>(g, walk, &next, depth - 1, rest);
        }
        total
    }
}

/// How a perft walk counts.
#[derive(Clone, Copy)]
struct Walk {
    keep_duplicates: bool,
    no_bulk: bool,
}
