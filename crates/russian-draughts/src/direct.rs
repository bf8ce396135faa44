//! The move a written text names, checked square by square on the
//! bitboards without generating any move: the commonest texts of a record,
//! a plain move (`c3-d4`, a man's or a king's) and a man's capture written
//! with every landing square (`c3:e5`, `c3:e5:g3`).
//!
//! The written squares are the route; only the rules that route could
//! break are asked: the piece is a man of the side to move, its landing
//! squares are empty, a plain move is legal only when nothing can capture,
//! each jump takes an enemy piece not yet taken, and no jump is left from
//! the last square (a capture is made in full). A king's plain move is
//! checked the same way: empty squares along one diagonal, nothing to
//! capture. Anything else answers `None` and goes the general way
//! ([`crate::matching`], then every legal route listed): a king's capture,
//! a crowning on the way, the maximum-capture rule,
//! king priority when a king can capture, a route written short, every
//! refusal. What is answered here is what the general way answers, path
//! included: a route written in full is the only route of its move that
//! matches the text (as many landing squares as pieces taken), and a
//! complete route named exactly is the move named.

use crate::layout::{NE, NW, SE, SW};
use crate::movegen::{Engine, Geom, Runtime};
use crate::position::Position;
use crate::rules::{MidCapturePromotion, Rules};

/// The direct check on a profile: its compiled engine and its rules
/// (borrowed for one move: the game keeps nothing more for it).
pub struct Direct<'a> {
    /// The move generator's layout and switches.
    pub engine: &'a Engine,
    /// The profile's rule switches.
    pub rules: &'a Rules,
}

/// What the move [`Direct::find`] found does besides going from the first
/// written square to the last, whose landing squares are the written ones
/// after the first: the pieces it takes and whether it crowns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The captured pieces (bitboard).
    pub captured: u64,
    /// Whether the man is crowned.
    pub promote: bool,
}

impl Direct<'_> {
    /// The layout's north-east shift ([`Layout::k`](crate::layout::Layout::k)).
    #[inline]
    fn k(&self) -> u32 {
        self.engine.layout.k
    }

    /// The legal move of `pos` that `squares` (bits, at least two) name as
    /// a plain move or a man's capture with every landing square (a move
    /// from `squares[0]` landing on `squares[1..]`); `None` when the text is
    /// not of that kind or the move is not legal (the general way says
    /// why).
    #[inline]
    pub fn find(&self, pos: &Position, squares: &[u8]) -> Option<Found> {
        let (&from, landings) = squares.split_first()?;
        match *landings {
            [] => None,
            [to] => self
                .man_move(pos, from, to)
                .or_else(|| self.king_move(pos, from, to)),
            _ if pos.own() & !pos.kings & (1u64 << from) == 0 => None,
            _ => self.capture(pos, from, landings),
        }
    }

    /// [`Direct::find`] of the commonest moves of a record, written with
    /// two squares: a man's step or single jump from `from` to `to` (bits).
    /// `None` for a move of a king or of no piece of the side to move.
    #[inline(always)]
    pub fn man_move(&self, pos: &Position, from: u8, to: u8) -> Option<Found> {
        if pos.own() & !pos.kings & (1u64 << from) == 0 {
            return None;
        }
        self.step_or_jump(pos, from, to)
    }

    /// [`Direct::find`] of a king's plain move from `from` to `to` (bits);
    /// `None` for a move of a man or of no piece of the side to move, and
    /// for a king's capture (the general way reads those).
    #[inline(always)]
    pub fn king_move(&self, pos: &Position, from: u8, to: u8) -> Option<Found> {
        let start = 1u64 << from;
        if pos.own() & pos.kings & start == 0 {
            return None;
        }
        self.king_step(pos, start, to)
    }

    /// [`Direct::find`] of a man's step from `from` to `to` (bits), one
    /// step forward: `None` when the landing square is taken or a capture
    /// is possible (the step is then no move at all).
    #[inline(always)]
    fn man_step(&self, pos: &Position, from: u8, to: u8) -> Option<Found> {
        let side = pos.side.index();
        let target = 1u64 << to;
        debug_assert!(self.steps_forward(side, from, to));
        if pos.occupied() & target != 0 || self.can_capture(pos) {
            return None;
        }
        Some(Found {
            captured: 0,
            promote: target & self.engine.layout.promotion[side] != 0,
        })
    }

    /// [`Direct::find`] of a king's plain move from `start` (a bitboard) to
    /// `to` (a bit): along one diagonal over empty squares only (one step
    /// for a king that does not fly), when nothing can capture.
    #[inline]
    fn king_step(&self, pos: &Position, start: u64, to: u8) -> Option<Found> {
        let k = self.k();
        let empty = self.engine.layout.squares & !pos.occupied();
        let target = 1u64 << to;
        if empty & target == 0 {
            return None;
        }
        // North-east and north-west shift up, the other two down.
        let directions = if target > start { [NE, NW] } else { [SE, SW] };
        let reached = directions.into_iter().any(|d| {
            let mut x = step(start, d, k) & empty;
            while x != 0 && x != target && self.engine.flying() {
                x = step(x, d, k) & empty;
            }
            x == target
        });
        if !reached || self.can_capture(pos) {
            return None;
        }
        Some(Found {
            captured: 0,
            promote: false,
        })
    }

    /// [`Direct::find`] of a man's move from `from` to `to` (bits): a step
    /// forward, else a single jump.
    #[inline(always)]
    fn step_or_jump(&self, pos: &Position, from: u8, to: u8) -> Option<Found> {
        if self.steps_forward(pos.side.index(), from, to) {
            return self.man_step(pos, from, to);
        }
        self.capture(pos, from, &[to])
    }

    /// Whether `to` is one step from `from` (bits) towards a direction the
    /// men of `side` (an index) move in: the distance between the bits is
    /// one of the side's [`Layout::forward_steps`].
    ///
    /// [`Layout::forward_steps`]: crate::layout::Layout::forward_steps
    #[inline(always)]
    fn steps_forward(&self, side: usize, from: u8, to: u8) -> bool {
        let distance = i32::from(to) - i32::from(from);
        let [a, b] = self.engine.layout.forward_steps[side];
        distance == a || distance == b
    }

    /// Whether the side to move has a capture (a plain move is then no
    /// move): its men's jumps on whole bitboards, the engine's own test
    /// when it has kings.
    #[inline(always)]
    fn can_capture(&self, pos: &Position) -> bool {
        let engine = self.engine;
        if pos.own() & pos.kings != 0 {
            let (men, kings) = engine.capturers(pos);
            return men != 0 || kings;
        }
        let l = &engine.layout;
        let empty = l.squares & !pos.occupied();
        man_jumps(
            self.k(),
            &engine.man_capture_bits[pos.side.index()],
            pos.own(),
            pos.enemy(),
            empty,
        )
    }

    /// A man's capture from `from` landing on each of `landings` in turn,
    /// if it is complete and legal.
    #[inline(always)]
    fn capture(&self, pos: &Position, from: u8, landings: &[u8]) -> Option<Found> {
        let engine = self.engine;
        if engine.maximum_rule() || (engine.king_priority() && engine.capturers(pos).1) {
            return None;
        }
        let l = &engine.layout;
        let side = pos.side.index();
        let mask = engine.man_capture_mask[side];
        let promotion = l.promotion[side];
        let enemy = pos.enemy();
        // The man has left its square: it is empty for the rest of the
        // route, and the pieces taken stay on the board until the end.
        let empty = l.squares & !(pos.occupied() & !(1u64 << from));
        let mut at = 1u64 << from;
        let mut at_bit = from;
        let mut captured = 0u64;
        for (i, &square) in landings.iter().enumerate() {
            if at & promotion != 0 && i > 0 {
                // Crowned on the way: the general way knows what follows.
                return None;
            }
            // The one direction whose two steps lead there, one the men
            // capture towards; the square between holds an enemy piece not
            // taken yet, and the landing square is empty.
            let d = direction_of(at_bit, square, 2, self.k())?;
            let target = 1u64 << square;
            if mask & (1 << d) == 0 || empty & target == 0 {
                return None;
            }
            let over = step(at, d, self.k()) & enemy & !captured;
            if over == 0 {
                return None;
            }
            captured |= over;
            at = target;
            at_bit = square;
        }
        let crowned = at & promotion != 0;
        let complete = match (crowned, self.rules.mid_capture_promotion) {
            (true, MidCapturePromotion::EndsMove) => true,
            (true, MidCapturePromotion::ContinueAsKing) => {
                !self.king_jumps(at, enemy & !captured, empty)
            }
            _ => !man_jumps(
                self.k(),
                &engine.man_capture_bits[side],
                at,
                enemy & !captured,
                empty,
            ),
        };
        if !complete {
            return None;
        }
        Some(Found {
            captured,
            promote: crowned,
        })
    }

    /// Whether a king on `at` has a jump over one of `targets` onto an
    /// empty square.
    fn king_jumps(&self, at: u64, targets: u64, empty: u64) -> bool {
        if !self.engine.flying() {
            return man_jumps(self.k(), &[u64::MAX; 4], at, targets, empty);
        }
        (0..4).any(|d| {
            let mut x = step(at, d, self.k());
            while x & empty != 0 {
                x = step(x, d, self.k());
            }
            x & targets != 0 && step(x, d, self.k()) & empty != 0
        })
    }
}

/// Whether a man on one of `at`, capturing towards the directions whose
/// word in `dirs` is all ones, has a jump over one of `targets` onto an empty square, on a
/// layout whose north-east shift is `k`.
#[inline(always)]
fn man_jumps(k: u32, dirs: &[u64; 4], at: u64, targets: u64, empty: u64) -> bool {
    // Every direction at once, those the men do not capture in masked.
    let towards = |d: usize| step(step(at, d, k) & targets, d, k) & dirs[d];
    (towards(NE) | towards(NW) | towards(SE) | towards(SW)) & empty != 0
}

/// The direction (table order) in which `steps` steps (1 or 2) lead from
/// bit `from` to bit `to`, on a layout whose north-east shift is `k`: a
/// step is a shift by `k` (north-east), `k - 1` (north-west), `-(k - 1)`
/// (south-east) or `-k` (south-west), so the distance names it.
#[inline(always)]
fn direction_of(from: u8, to: u8, steps: i32, k: u32) -> Option<usize> {
    let diff = i32::from(to) - i32::from(from);
    let k = k as i32;
    if diff == steps * k {
        Some(NE)
    } else if diff == steps * (k - 1) {
        Some(NW)
    } else if diff == -steps * (k - 1) {
        Some(SE)
    } else if diff == -steps * k {
        Some(SW)
    } else {
        None
    }
}

/// Every bit one step towards direction `d` (table order) on a layout
/// whose north-east shift is `k`: the engine's [`Geom::step`].
#[inline(always)]
fn step(bits: u64, d: usize, k: u32) -> u64 {
    Runtime(k).step(bits, d)
}
