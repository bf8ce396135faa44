//! Fast perft on the compact position: no move lists, bulk counting at the
//! last ply, and both ways of counting a removal.
//!
//! By default a mill-closing move together with one choice of removal is
//! one move (one ply). With [`PerftOptions::removal_ply`] the move is one
//! ply and each removal a further ply of the same player, all within the
//! depth: a mill closed at the last ply counts once, its removals lie
//! beyond the depth.

use crate::engine::Engine;
use crate::position::Core;
use crate::tables::points;
use board_core::PerftOptions;

/// One perft count: the engine, the options and the repetition history.
pub(crate) struct Perft<'a> {
    engine: &'a Engine,
    options: PerftOptions,
    /// Earlier positions as repetition keys (only with the repetition rule).
    history: Vec<Core>,
    track_history: bool,
}

impl<'a> Perft<'a> {
    /// Prepares a count from a position with its history.
    pub fn new(engine: &'a Engine, options: PerftOptions, history: &[Core]) -> Perft<'a> {
        let track_history = engine.rules.draw_repetition > 0;
        Perft {
            engine,
            options,
            history: if track_history {
                history.to_vec()
            } else {
                Vec::new()
            },
            track_history,
        }
    }

    /// Leaf count of the tree below `c` to `depth` plies.
    pub fn count(&mut self, c: &Core, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let e = self.engine;
        if self.over_before_moves(c) {
            return 0;
        }
        let candidates = e.candidates(c.men[c.side.opposite().index()]);
        let bulk = depth == 1 && !self.options.no_bulk;
        let mut total = 0;
        for to in points(e.placements(c)) {
            total += self.child(c, None, to, candidates, depth, bulk);
        }
        if e.may_move(c) {
            let flies = e.flies(c);
            for from in points(c.men[c.side.index()]) {
                for to in points(e.targets(c, from, flies)) {
                    total += self.child(c, Some(from), to, candidates, depth, bulk);
                }
            }
        }
        total
    }

    /// The game ended by men left or a draw rule (a position without moves
    /// counts nothing by itself).
    fn over_before_moves(&self, c: &Core) -> bool {
        let r = &self.engine.rules;
        let lost = |side: board_core::Side| c.total(side) <= u32::from(r.loses_with);
        lost(c.side)
            || lost(c.side.opposite())
            || (r.draw_moves_without_removal > 0 && c.quiet >= r.draw_moves_without_removal)
            || (self.track_history && self.engine.repeated(c, &self.history))
    }

    #[inline]
    fn child(
        &mut self,
        c: &Core,
        from: Option<usize>,
        to: usize,
        candidates: u64,
        depth: u32,
        bulk: bool,
    ) -> u64 {
        let e = self.engine;
        let due = e.removals_for(c, from, to, candidates);
        if bulk {
            return match due {
                0 => 1,
                _ if self.options.removal_ply => 1,
                1 => u64::from(candidates.count_ones()),
                _ => {
                    let mut after = *c;
                    e.play_base(&mut after, from, to);
                    let mut n = 0;
                    e.for_each_removal_set(&after, due, |_| n += 1);
                    n
                }
            };
        }
        let mut after = *c;
        e.play_base(&mut after, from, to);
        if due == 0 {
            e.end_turn(&mut after, from.is_none());
            return self.descend(c, &after, depth - 1);
        }
        if self.options.removal_ply {
            return self.count_removals(c, &after, due, depth - 1);
        }
        let mut total = 0;
        let mut sets = Vec::new();
        e.for_each_removal_set(&after, due, |set| sets.push(set.to_vec()));
        for set in sets {
            let mut next = after;
            for &r in &set {
                e.take(&mut next, r);
            }
            e.end_turn(&mut next, true);
            total += self.descend(c, &next, depth - 1);
        }
        total
    }

    /// The removal plies of a mill-closing move: `after` is the position
    /// after the placement or move, the mover still to choose `due` men.
    fn count_removals(&mut self, before: &Core, after: &Core, due: usize, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let e = self.engine;
        let o = after.side.opposite().index();
        let candidates = e.candidates(after.men[o]);
        if depth == 1 && !self.options.no_bulk {
            return u64::from(candidates.count_ones());
        }
        let mut total = 0;
        for r in points(candidates) {
            let mut next = *after;
            e.take(&mut next, r);
            if due > 1 && e.candidates(next.men[o]) != 0 {
                total += self.count_removals(before, &next, due - 1, depth - 1);
            } else {
                e.end_turn(&mut next, true);
                total += self.descend(before, &next, depth - 1);
            }
        }
        total
    }

    /// Counts below `next`, reached from `before` by one turn.
    fn descend(&mut self, before: &Core, next: &Core, depth: u32) -> u64 {
        if !self.track_history {
            return self.count(next, depth);
        }
        self.history.push(before.repetition_key());
        let n = self.count(next, depth);
        self.history.pop();
        n
    }
}
