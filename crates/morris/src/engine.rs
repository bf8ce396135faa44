//! The rules applied to positions: which placements, moves and removals are
//! legal, what a move does, and when the game is over.

use crate::moves::Move;
use crate::position::Core;
use crate::rules::{Blocked, FlyingAt, FullBoard, MillProtection, NoPlacement, Placing, Rules};
use crate::tables::{Mask, Tables, bit, points};
use board_core::Outcome;
use board_core::notation::count;

/// A profile's rules together with its board tables.
#[derive(Clone, Debug)]
pub(crate) struct Engine {
    pub rules: Rules,
    pub tables: Tables,
}

impl Engine {
    /// Points where the side to move may place a man now.
    #[inline]
    pub fn placements(&self, c: &Core) -> Mask {
        if c.hand[c.side.index()] == 0 {
            0
        } else {
            c.empty(self.tables.all) & !c.marks
        }
    }

    /// Whether the side to move may move a man now (rather than place).
    #[inline]
    pub fn may_move(&self, c: &Core) -> bool {
        c.hand[c.side.index()] == 0 || self.rules.placing == Placing::AnyTurn
    }

    /// Whether the side to move flies: the moving phase (no man in hand on
    /// either side) and exactly the profile's threshold of men on the board.
    #[inline]
    pub fn flies(&self, c: &Core) -> bool {
        match self.rules.flying_at {
            FlyingAt::Never => false,
            FlyingAt::Men(n) => {
                !c.placing_phase() && c.men[c.side.index()].count_ones() == u32::from(n)
            }
        }
    }

    /// The points a man on `from` may go to.
    #[inline]
    pub fn targets(&self, c: &Core, from: usize, flies: bool) -> Mask {
        let free = c.empty(self.tables.all) & !c.marks;
        if flies {
            free
        } else {
            self.tables.adjacent[from] & free
        }
    }

    /// The men of `victim` (a side's men) that a mill may take.
    #[inline]
    pub fn candidates(&self, victim: Mask) -> Mask {
        match self.rules.mill_protection {
            MillProtection::None => victim,
            MillProtection::Strict => victim & !self.tables.in_mills(victim),
            MillProtection::UnlessAll => {
                let free = victim & !self.tables.in_mills(victim);
                if free == 0 { victim } else { free }
            }
        }
    }

    /// How many mills the side to move forms by placing on or moving to `to`.
    #[inline]
    pub fn mills_made(&self, c: &Core, from: Option<usize>, to: usize) -> u32 {
        let mut men = c.men[c.side.index()] | bit(to);
        if let Some(f) = from {
            men &= !bit(f);
        }
        self.tables.mills_at(men, to)
    }

    /// How many men a move forming `mills` mills takes, before asking
    /// whether there is anything to take.
    #[inline]
    pub fn removals_due(&self, mills: u32) -> usize {
        match mills {
            0 => 0,
            1 => 1,
            _ => usize::from(self.rules.removals_per_double_mill),
        }
    }

    /// Places or moves the man, without removals or change of turn.
    #[inline]
    pub fn play_base(&self, c: &mut Core, from: Option<usize>, to: usize) {
        let s = c.side.index();
        match from {
            Some(f) => c.men[s] ^= bit(f) | bit(to),
            None => {
                c.men[s] |= bit(to);
                c.hand[s] -= 1;
            }
        }
    }

    /// Takes the enemy man on `point`, marking the point if the profile
    /// marks removals made while a man is still in hand.
    #[inline]
    pub fn take(&self, c: &mut Core, point: usize) {
        let o = c.side.opposite().index();
        c.men[o] &= !bit(point);
        if self.rules.marks_points() && c.placing_phase() {
            c.marks |= bit(point);
        }
    }

    /// Ends the turn: marks vanish once no man is in hand, the turn passes,
    /// the move-limit count advances (or restarts after a placement or
    /// removal) and a side that cannot place starts the moving phase if the
    /// profile says so.
    #[inline]
    pub fn end_turn(&self, c: &mut Core, irreversible: bool) {
        if !c.placing_phase() {
            c.marks = 0;
        }
        c.side = c.side.opposite();
        if self.rules.draw_moves_without_removal > 0 {
            c.quiet = if irreversible {
                0
            } else {
                c.quiet.saturating_add(1)
            };
        }
        self.normalize(c);
    }

    /// Applies `no-placement = "start-moving"` to a side that must place and
    /// cannot.
    pub fn normalize(&self, c: &mut Core) {
        if self.rules.no_placement == NoPlacement::StartMoving
            && self.rules.placing == Placing::BeforeMoving
            && c.hand[c.side.index()] > 0
            && self.placements(c) == 0
        {
            c.hand = [0, 0];
            c.marks = 0;
        }
    }

    /// Plays a legal move.
    pub fn play(&self, c: &mut Core, mv: &Move) {
        self.play_base(c, mv.origin(), mv.target());
        for &r in mv.removal_indices() {
            self.take(c, usize::from(r));
        }
        self.end_turn(c, mv.is_placement() || !mv.removal_indices().is_empty());
    }

    /// Calls `f` for every placement and move of the side to move, without
    /// removals: `(from, to)`, `from` `None` for a placement.
    #[inline]
    pub fn for_each_base(&self, c: &Core, mut f: impl FnMut(Option<usize>, usize)) {
        for to in points(self.placements(c)) {
            f(None, to);
        }
        if self.may_move(c) {
            let flies = self.flies(c);
            for from in points(c.men[c.side.index()]) {
                for to in points(self.targets(c, from, flies)) {
                    f(Some(from), to);
                }
            }
        }
    }

    /// Whether the side to move has any placement or move.
    pub fn has_base(&self, c: &Core) -> bool {
        if self.placements(c) != 0 {
            return true;
        }
        if !self.may_move(c) {
            return false;
        }
        let flies = self.flies(c);
        points(c.men[c.side.index()]).any(|from| self.targets(c, from, flies) != 0)
    }

    /// How many men the base move `(from, to)` takes: what its mills are
    /// due, or none if the enemy has nothing that may be taken.
    #[inline]
    pub fn removals_for(
        &self,
        c: &Core,
        from: Option<usize>,
        to: usize,
        candidates: Mask,
    ) -> usize {
        if candidates == 0 {
            0
        } else {
            self.removals_due(self.mills_made(c, from, to))
        }
    }

    /// Calls `f` once for every distinct set of removals that a move owing
    /// `due` removals may make, from `after` (the position after the base
    /// move, the mover still to move). Removals are made one after the
    /// other, each among the men that may be taken at that moment; a second
    /// removal with nothing left to take is dropped.
    pub fn for_each_removal_set(&self, after: &Core, due: usize, mut f: impl FnMut(&[usize])) {
        let o = after.side.opposite().index();
        let first = self.candidates(after.men[o]);
        if due <= 1 {
            for r in points(first) {
                f(&[r]);
            }
            return;
        }
        let mut sets: Vec<(usize, Option<usize>)> = Vec::new();
        for r1 in points(first) {
            let mut next = *after;
            self.take(&mut next, r1);
            let second = self.candidates(next.men[o]);
            if second == 0 {
                sets.push((r1, None));
            }
            for r2 in points(second) {
                sets.push((r1.min(r2), Some(r1.max(r2))));
            }
        }
        sets.sort_unstable();
        sets.dedup();
        for (a, b) in sets {
            match b {
                Some(b) => f(&[a, b]),
                None => f(&[a]),
            }
        }
    }

    /// Appends every legal move (the caller has checked that the game is
    /// not over).
    pub fn generate(&self, c: &Core, out: &mut Vec<Move>) {
        let candidates = self.candidates(c.men[c.side.opposite().index()]);
        self.for_each_base(c, |from, to| {
            self.push_moves_of_base(c, from, to, candidates, out);
        });
    }

    /// Appends the legal moves whose placement or step is `(from, to)`, in
    /// the order [`Engine::generate`] gives them: those of `generate` with
    /// that base, without generating the others (the caller has checked
    /// that the game is not over).
    pub fn generate_with_base(
        &self,
        c: &Core,
        from: Option<usize>,
        to: usize,
        out: &mut Vec<Move>,
    ) {
        let legal = match from {
            None => self.placements(c) & bit(to) != 0,
            Some(f) => {
                self.may_move(c)
                    && c.men[c.side.index()] & bit(f) != 0
                    && self.targets(c, f, self.flies(c)) & bit(to) != 0
            }
        };
        if legal {
            let candidates = self.candidates(c.men[c.side.opposite().index()]);
            self.push_moves_of_base(c, from, to, candidates, out);
        }
    }

    /// The legal moves of one legal base: the base alone when it takes
    /// nothing, else the base with each set of removals it may make.
    #[inline]
    fn push_moves_of_base(
        &self,
        c: &Core,
        from: Option<usize>,
        to: usize,
        candidates: Mask,
        out: &mut Vec<Move>,
    ) {
        let base = Move::new(from, to);
        let due = self.removals_for(c, from, to, candidates);
        if due == 0 {
            out.push(base);
        } else {
            let mut after = *c;
            self.play_base(&mut after, from, to);
            self.for_each_removal_set(&after, due, |set| out.push(base.with_removals(set)));
        }
    }

    /// The result decided by the position alone (men left, the move-limit
    /// count, no legal move), if any; `repeated` says whether the
    /// repetition rule applies.
    pub fn outcome(&self, c: &Core, repeated: bool) -> Option<Outcome> {
        let (s, o) = (c.side, c.side.opposite());
        for (loser, winner) in [(s, o), (o, s)] {
            let left = c.total(loser);
            if left <= u32::from(self.rules.loses_with) {
                return Some(Outcome::Win {
                    winner,
                    reason: format!(
                        "{} has only {} left",
                        loser.name(),
                        count(left, "man", "men")
                    ),
                });
            }
        }
        let limit = self.rules.draw_moves_without_removal;
        if limit > 0 && c.quiet >= limit {
            return Some(Outcome::Draw {
                reason: format!("{limit} moves in a row without a removal"),
            });
        }
        if repeated {
            return Some(Outcome::Draw {
                reason: format!(
                    "the same position occurred {} times",
                    self.rules.draw_repetition
                ),
            });
        }
        if self.has_base(c) {
            return None;
        }
        let name = s.name();
        if self.rules.placing == Placing::BeforeMoving && c.hand[s.index()] > 0 {
            return Some(Outcome::Win {
                winner: o,
                reason: format!("{name} cannot place: every empty point is marked"),
            });
        }
        if c.empty(self.tables.all) == 0 && self.rules.full_board == FullBoard::Draw {
            return Some(Outcome::Draw {
                reason: "the board is full".to_string(),
            });
        }
        let reason = format!("{name} cannot move");
        Some(match self.rules.blocked {
            Blocked::Lose => Outcome::Win { winner: o, reason },
            Blocked::Draw => Outcome::Draw { reason },
        })
    }

    /// Whether `c` has occurred often enough in `history` (earlier positions
    /// as repetition keys) to be drawn by repetition.
    pub fn repeated(&self, c: &Core, history: &[Core]) -> bool {
        let n = self.rules.draw_repetition;
        if n == 0 {
            return false;
        }
        let key = c.repetition_key();
        let earlier = history.iter().filter(|h| **h == key).count();
        earlier + 1 >= usize::from(n)
    }
}
