//! Fast perft on the compact position: no move lists, bulk counting at the
//! last ply, and both ways of counting a removal.
//!
//! By default a mill-closing move together with one choice of removal is
//! one move (one ply). With [`crate::REMOVAL_PLY`] the move is one
//! ply and each removal a further ply of the same player, all within the
//! depth: a mill closed at the last ply counts once, its removals lie
//! beyond the depth.

use crate::engine::Engine;
use crate::position::{Core, Position};
use crate::tables::{Mask, points};
use board_core::PerftSplit;

/// One perft count: the engine, the options and the repetition history.
pub(crate) struct Perft<'a> {
    engine: &'a Engine,
    /// A removal is a ply of its own.
    removal_ply: bool,
    /// Every move of the last ply is made, not counted.
    no_bulk: bool,
    /// Earlier positions as repetition keys (only with the repetition rule).
    history: Vec<Core>,
    track_history: bool,
}

impl<'a> Perft<'a> {
    /// Prepares a count from a position with its history.
    pub fn new(
        engine: &'a Engine,
        removal_ply: bool,
        no_bulk: bool,
        history: &[Core],
    ) -> Perft<'a> {
        let track_history = engine.rules.draw_repetition > 0;
        Perft {
            engine,
            removal_ply,
            no_bulk,
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
        if depth == 1 && !self.no_bulk {
            return self.count_last_ply(c);
        }
        let candidates = e.candidates(c.men[c.side.opposite().index()]);
        let mut total = 0;
        for to in points(e.placements(c)) {
            total += self.child(c, None, to, candidates, depth);
        }
        if e.may_move(c) {
            let flies = e.flies(c);
            for from in points(c.men[c.side.index()]) {
                for to in points(e.targets(c, from, flies)) {
                    total += self.child(c, Some(from), to, candidates, depth);
                }
            }
        }
        total
    }

    /// The count below `c` split one ply down ([`board_core::Perft::perft_split`]):
    /// the same tree as [`Perft::count`], each turn's position a subtree
    /// with its history; the removal plies of a mill-closing move are
    /// expanded into their positions (or counted, when the depth ends
    /// among them).
    pub fn split(&mut self, c: &Core, depth: u32) -> PerftSplit<Position> {
        if depth == 0 {
            return PerftSplit::counted(1);
        }
        if self.over_before_moves(c) {
            return PerftSplit::counted(0);
        }
        if depth == 1 && !self.no_bulk {
            return PerftSplit::counted(self.count_last_ply(c));
        }
        let e = self.engine;
        let candidates = e.candidates(c.men[c.side.opposite().index()]);
        let mut split = PerftSplit::counted(0);
        let mut turns = Vec::new();
        for to in points(e.placements(c)) {
            turns.push((None, to));
        }
        if e.may_move(c) {
            let flies = e.flies(c);
            for from in points(c.men[c.side.index()]) {
                for to in points(e.targets(c, from, flies)) {
                    turns.push((Some(from), to));
                }
            }
        }
        for (from, to) in turns {
            let due = e.removals_for(c, from, to, candidates);
            let mut after = *c;
            e.play_base(&mut after, from, to);
            if due == 0 {
                e.end_turn(&mut after, from.is_none());
                self.push_subtree(&mut split, c, after, depth - 1);
            } else if self.removal_ply {
                self.split_removals(&mut split, c, &after, due, depth - 1);
            } else {
                for next in self.after_removal_sets(&after, due) {
                    self.push_subtree(&mut split, c, next, depth - 1);
                }
            }
        }
        split
    }

    /// [`Perft::count_removals`], adding subtrees to `split` instead of
    /// descending.
    fn split_removals(
        &mut self,
        split: &mut PerftSplit<Position>,
        before: &Core,
        after: &Core,
        due: usize,
        depth: u32,
    ) {
        if depth == 0 {
            split.counted += 1;
            return;
        }
        let e = self.engine;
        let o = after.side.opposite().index();
        let candidates = e.candidates(after.men[o]);
        if depth == 1 && !self.no_bulk {
            split.counted += u64::from(candidates.count_ones());
            return;
        }
        for r in points(candidates) {
            let mut next = *after;
            e.take(&mut next, r);
            if due > 1 && e.candidates(next.men[o]) != 0 {
                self.split_removals(split, before, &next, due - 1, depth - 1);
            } else {
                e.end_turn(&mut next, true);
                self.push_subtree(split, before, next, depth - 1);
            }
        }
    }

    /// The subtree below `next`, reached from `before` by one turn, with the
    /// history [`Perft::descend`] would count it with.
    fn push_subtree(
        &self,
        split: &mut PerftSplit<Position>,
        before: &Core,
        next: Core,
        depth: u32,
    ) {
        let mut position = Position::from_core(next);
        if self.track_history {
            position.history = self.history.clone();
            position.history.push(before.repetition_key());
        }
        split.push(position, depth);
    }

    /// The moves at the last ply, counted without playing them: every
    /// placement or move is one, and a mill-closing one is one per choice of
    /// removal (unless removals are plies of their own). Only the few moves
    /// onto a point that could close a mill are looked at one by one.
    fn count_last_ply(&self, c: &Core) -> u64 {
        let e = self.engine;
        let men = c.men[c.side.index()];
        let choices = if self.removal_ply {
            0
        } else {
            u64::from(e.candidates(c.men[c.side.opposite().index()]).count_ones())
        };
        // With one man to take, a single-removal move counts once; a double
        // removal may still have several second choices.
        let per_move = choices > 1 || (choices == 1 && e.rules.removals_per_double_mill > 1);
        let closing = if per_move { e.tables.closing(men) } else { 0 };
        let mut total = 0;
        let extra = |from: Option<usize>, to: usize| -> u64 {
            match e.removals_due(e.mills_made(c, from, to)) {
                0 => 0,
                1 => choices - 1,
                due => {
                    let mut after = *c;
                    e.play_base(&mut after, from, to);
                    let mut sets = 0;
                    e.for_each_removal_set(&after, due, |_| sets += 1);
                    sets - 1
                }
            }
        };
        let placements = e.placements(c);
        total += u64::from(placements.count_ones());
        for to in points(placements & closing) {
            total += extra(None, to);
        }
        if e.may_move(c) {
            let flies = e.flies(c);
            for from in points(men) {
                let targets = e.targets(c, from, flies);
                total += u64::from(targets.count_ones());
                for to in points(targets & closing) {
                    total += extra(Some(from), to);
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
        candidates: Mask,
        depth: u32,
    ) -> u64 {
        let e = self.engine;
        let due = e.removals_for(c, from, to, candidates);
        let mut after = *c;
        e.play_base(&mut after, from, to);
        if due == 0 {
            e.end_turn(&mut after, from.is_none());
            return self.descend(c, &after, depth - 1);
        }
        if self.removal_ply {
            return self.count_removals(c, &after, due, depth - 1);
        }
        let mut total = 0;
        for next in self.after_removal_sets(&after, due) {
            total += self.descend(c, &next, depth - 1);
        }
        total
    }

    /// The positions after each set of `due` removals from `after`, the
    /// turn ended (removals joined to their move, not `removal-ply`).
    fn after_removal_sets(&self, after: &Core, due: usize) -> Vec<Core> {
        let e = self.engine;
        let mut positions = Vec::new();
        e.for_each_removal_set(after, due, |set| {
            let mut next = *after;
            for &r in set {
                e.take(&mut next, r);
            }
            e.end_turn(&mut next, true);
            positions.push(next);
        });
        positions
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
        if depth == 1 && !self.no_bulk {
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
