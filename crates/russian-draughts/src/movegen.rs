//! Move generation on bitboards: plain moves, and capture sequences searched
//! square by square with the captured pieces left on the board until the
//! sequence ends.

use crate::layout::{Bits, Layout, opposite};
use crate::position::Position;
use crate::rules::{CaptureChoice, KingRange, MidCapturePromotion, Rules};

/// The rules compiled for the move generator: the layout and the switches.
#[derive(Clone, Debug)]
pub struct Engine {
    /// The board as bitboards.
    pub layout: Layout,
    /// Per side: the directions its men capture in.
    man_capture_dirs: [[usize; 4]; 2],
    man_capture_count: usize,
    flying: bool,
    maximum: bool,
    king_priority: bool,
    mid_promotion: MidCapturePromotion,
}

/// A move as bitboards, enough to play it (the path is not kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Action {
    /// The square the piece leaves (one bit).
    pub from: u64,
    /// The square it ends on (one bit; may equal `from` after a round trip).
    pub to: u64,
    /// The pieces it captures.
    pub captured: u64,
    /// Whether a man is crowned by the move.
    pub promote: bool,
}

/// Receives every complete capture sequence found.
pub trait RouteSink {
    /// One complete sequence: start bit, landing bits in order (the last is
    /// the final square), the captured pieces in capture order (6 bits per
    /// piece, square bit + 1, first capture highest), the captured set,
    /// crowning, and whether a king made it.
    fn route(
        &mut self,
        from: u32,
        path: &[u8],
        order: u128,
        captured: u64,
        promote: bool,
        by_king: bool,
    );
}

/// Collects legal actions, applying the maximum-capture rule and merging
/// routes with the same effect unless asked to keep them.
pub struct ActionSink<'a> {
    out: &'a mut Vec<Action>,
    orders: Vec<u128>,
    start: usize,
    keep_duplicates: bool,
    maximum: bool,
    best: u32,
}

impl RouteSink for ActionSink<'_> {
    #[inline]
    fn route(
        &mut self,
        from: u32,
        path: &[u8],
        order: u128,
        captured: u64,
        promote: bool,
        _: bool,
    ) {
        let count = captured.count_ones();
        if self.maximum {
            if count < self.best {
                return;
            }
            if count > self.best {
                self.out.truncate(self.start);
                self.orders.clear();
                self.best = count;
            }
        }
        let action = Action {
            from: 1 << from,
            to: 1 << path[path.len() - 1],
            captured,
            promote,
        };
        if count >= 2 {
            let earlier = &self.out[self.start..];
            if self.keep_duplicates {
                // Routes count apart when they capture in a different order;
                // other landing squares on the way make no other route.
                let same = earlier
                    .iter()
                    .zip(&self.orders)
                    .any(|(a, &o)| *a == action && o == order);
                if same {
                    return;
                }
            } else if earlier.contains(&action) {
                return;
            }
        }
        self.out.push(action);
        if self.keep_duplicates {
            self.orders.resize(self.out.len() - self.start - 1, 0);
            self.orders.push(order);
        }
    }
}

struct Search<'a, S> {
    layout: &'a Layout,
    empty: u64,
    enemy: u64,
    promotion: u64,
    man_dirs: &'a [usize],
    mid_promotion: MidCapturePromotion,
    flying: bool,
    from: u32,
    by_king: bool,
    crowned: bool,
    order: u128,
    path: [u8; 64],
    len: usize,
    sink: &'a mut S,
}

impl<S: RouteSink> Search<'_, S> {
    #[inline]
    fn emit(&mut self, captured: u64, promote: bool) {
        self.sink.route(
            self.from,
            &self.path[..self.len],
            self.order,
            captured,
            promote || self.crowned,
            self.by_king,
        );
    }

    /// Jumps of a man (or a short king, `man == false`) from `at`; returns
    /// whether any exists. Complete sequences go to the sink.
    fn short_jumps(&mut self, at: u64, captured: u64, dirs: &[usize], man: bool) -> bool {
        let mut found = false;
        for &d in dirs {
            let over = self.layout.step(at, d) & self.enemy & !captured;
            if over == 0 {
                continue;
            }
            let land = self.layout.step(over, d) & self.empty;
            if land == 0 {
                continue;
            }
            found = true;
            let now = captured | over;
            let saved_order = self.order;
            self.order = (saved_order << 6) | u128::from(over.trailing_zeros() + 1);
            self.path[self.len] = land.trailing_zeros() as u8;
            self.len += 1;
            if man && land & self.promotion != 0 {
                match self.mid_promotion {
                    MidCapturePromotion::ContinueAsKing => {
                        self.crowned = true;
                        if !self.king_jumps(land, now) {
                            self.emit(now, true);
                        }
                        self.crowned = false;
                    }
                    MidCapturePromotion::EndsMove => self.emit(now, true),
                    MidCapturePromotion::ContinueAsMan => {
                        if !self.short_jumps(land, now, self.man_dirs, true) {
                            self.emit(now, true);
                        }
                    }
                }
            } else if !self.short_jumps(land, now, dirs, man) {
                self.emit(now, false);
            }
            self.len -= 1;
            self.order = saved_order;
        }
        found
    }

    /// Jumps of a king from `at`; returns whether any exists.
    fn king_jumps(&mut self, at: u64, captured: u64) -> bool {
        if !self.flying {
            return self.short_jumps(at, captured, &[0, 1, 2, 3], false);
        }
        let mut found = false;
        for d in 0..4 {
            let mut x = self.layout.step(at, d);
            while x & self.empty != 0 {
                x = self.layout.step(x, d);
            }
            if x & self.enemy & !captured == 0 {
                continue;
            }
            let now = captured | x;
            let mut landings = [0u64; 16];
            let mut n = 0;
            let mut y = self.layout.step(x, d) & self.empty;
            while y != 0 {
                landings[n] = y;
                n += 1;
                y = self.layout.step(y, d) & self.empty;
            }
            if n == 0 {
                continue;
            }
            found = true;
            let saved_order = self.order;
            self.order = (saved_order << 6) | u128::from(x.trailing_zeros() + 1);
            let mut continued = false;
            for &land in &landings[..n] {
                self.path[self.len] = land.trailing_zeros() as u8;
                self.len += 1;
                continued |= self.king_jumps(land, now);
                self.len -= 1;
            }
            if !continued {
                for &land in &landings[..n] {
                    self.path[self.len] = land.trailing_zeros() as u8;
                    self.len += 1;
                    self.emit(now, false);
                    self.len -= 1;
                }
            }
            self.order = saved_order;
        }
        found
    }
}

impl Engine {
    /// Compiles the switches for a board.
    pub fn new(layout: Layout, rules: &Rules) -> Engine {
        let man_capture_count = if rules.men_capture_backward { 4 } else { 2 };
        let man_capture_dirs = layout
            .forward
            .map(|[a, b]| [a, b, opposite(a), opposite(b)]);
        Engine {
            layout,
            man_capture_dirs,
            man_capture_count,
            flying: rules.kings == KingRange::Flying,
            maximum: rules.capture_choice == CaptureChoice::MaximumPieces,
            king_priority: rules.king_capture_priority,
            mid_promotion: rules.mid_capture_promotion,
        }
    }

    /// The directions the men of the side to move capture in.
    #[inline(always)]
    fn man_dirs(&self, pos: &Position) -> &[usize] {
        &self.man_capture_dirs[pos.side.index()][..self.man_capture_count]
    }

    #[inline(always)]
    fn empty(&self, pos: &Position) -> u64 {
        self.layout.squares & !pos.occupied()
    }

    /// Whether the side to move has a capture.
    #[inline]
    pub fn has_capture(&self, pos: &Position) -> bool {
        let l = &self.layout;
        let own = pos.own();
        let enemy = pos.enemy();
        let empty = self.empty(pos);
        let men = own & !pos.kings;
        let kings = own & pos.kings;
        for &d in self.man_dirs(pos) {
            if l.step(l.step(men, d) & enemy, d) & empty != 0 {
                return true;
            }
        }
        if kings != 0 {
            for d in 0..4 {
                let mut reach = kings;
                if self.flying {
                    let mut f = kings;
                    loop {
                        f = l.step(f, d) & empty;
                        if f == 0 {
                            break;
                        }
                        reach |= f;
                    }
                }
                if l.step(l.step(reach, d) & enemy, d) & empty != 0 {
                    return true;
                }
            }
        }
        false
    }

    /// Finds every complete capture sequence of the side to move, each route
    /// once, with neither the maximum rule nor king priority applied when
    /// `raw`; returns whether any was found.
    pub fn captures<S: RouteSink>(&self, pos: &Position, sink: &mut S, raw: bool) -> bool {
        let own = pos.own();
        let occupied = pos.occupied();
        let mut search = Search {
            layout: &self.layout,
            empty: 0,
            enemy: pos.enemy(),
            promotion: self.layout.promotion[pos.side.index()],
            man_dirs: self.man_dirs(pos),
            mid_promotion: self.mid_promotion,
            flying: self.flying,
            from: 0,
            by_king: true,
            crowned: false,
            order: 0,
            path: [0; 64],
            len: 0,
            sink,
        };
        let mut by_kings = false;
        for b in Bits(own & pos.kings) {
            search.from = b;
            search.empty = self.layout.squares & !(occupied & !(1 << b));
            by_kings |= search.king_jumps(1 << b, 0);
        }
        if by_kings && self.king_priority && !raw {
            return true;
        }
        let mut by_men = false;
        search.by_king = false;
        let dirs = search.man_dirs;
        for b in Bits(own & !pos.kings) {
            search.from = b;
            search.empty = self.layout.squares & !(occupied & !(1 << b));
            by_men |= search.short_jumps(1 << b, 0, dirs, true);
        }
        by_kings || by_men
    }

    /// Calls `f(from, to, promote)` for every plain move (bits).
    pub fn quiet_moves(&self, pos: &Position, mut f: impl FnMut(u32, u32, bool)) {
        let l = &self.layout;
        let own = pos.own();
        let empty = self.empty(pos);
        let promotion = l.promotion[pos.side.index()];
        for b in Bits(own & pos.kings) {
            for d in 0..4 {
                let mut x = l.step(1 << b, d) & empty;
                while x != 0 {
                    f(b, x.trailing_zeros(), false);
                    if !self.flying {
                        break;
                    }
                    x = l.step(x, d) & empty;
                }
            }
        }
        for b in Bits(own & !pos.kings) {
            for d in l.forward[pos.side.index()] {
                let x = l.step(1 << b, d) & empty;
                if x != 0 {
                    f(b, x.trailing_zeros(), x & promotion != 0);
                }
            }
        }
    }

    /// The number of plain moves, counted on whole bitboards.
    #[inline]
    pub fn count_quiet(&self, pos: &Position) -> u64 {
        let l = &self.layout;
        let own = pos.own();
        let empty = self.empty(pos);
        let men = own & !pos.kings;
        let kings = own & pos.kings;
        let [a, b] = l.forward[pos.side.index()];
        let mut n = u64::from((l.step(men, a) & empty).count_ones())
            + u64::from((l.step(men, b) & empty).count_ones());
        if kings != 0 {
            for d in 0..4 {
                let mut f = l.step(kings, d) & empty;
                n += u64::from(f.count_ones());
                if self.flying {
                    while f != 0 {
                        f = l.step(f, d) & empty;
                        n += u64::from(f.count_ones());
                    }
                }
            }
        }
        n
    }

    /// Appends every legal move as an [`Action`].
    #[inline]
    pub fn actions(&self, pos: &Position, out: &mut Vec<Action>, keep_duplicates: bool) {
        if self.has_capture(pos) {
            let mut sink = ActionSink {
                start: out.len(),
                orders: Vec::new(),
                out,
                keep_duplicates,
                maximum: self.maximum,
                best: 0,
            };
            self.captures(pos, &mut sink, false);
        } else {
            self.quiet_moves(pos, |from, to, promote| {
                out.push(Action {
                    from: 1 << from,
                    to: 1 << to,
                    captured: 0,
                    promote,
                });
            });
        }
    }

    /// Whether the maximum-capture rule applies.
    pub fn maximum_rule(&self) -> bool {
        self.maximum
    }

    /// Whether captures by a king take priority.
    pub fn king_priority(&self) -> bool {
        self.king_priority
    }

    /// Whether kings fly.
    pub fn flying(&self) -> bool {
        self.flying
    }

    /// The number of legal moves, counted without playing them.
    #[inline]
    pub fn count_moves(
        &self,
        pos: &Position,
        scratch: &mut Vec<Action>,
        keep_duplicates: bool,
    ) -> u64 {
        if self.has_capture(pos) {
            scratch.clear();
            self.actions(pos, scratch, keep_duplicates);
            scratch.len() as u64
        } else {
            self.count_quiet(pos)
        }
    }

    /// Perft from `pos`: bulk counting at the last ply unless `no_bulk`.
    pub fn perft(&self, pos: &Position, depth: u32, keep_duplicates: bool, no_bulk: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut lists: Vec<Vec<Action>> = (0..=depth).map(|_| Vec::with_capacity(64)).collect();
        self.perft_inner(pos, depth, keep_duplicates, no_bulk, &mut lists)
    }

    fn perft_inner(
        &self,
        pos: &Position,
        depth: u32,
        keep_duplicates: bool,
        no_bulk: bool,
        lists: &mut [Vec<Action>],
    ) -> u64 {
        if depth == 0 {
            return 1;
        }
        let Some((list, rest)) = lists.split_first_mut() else {
            return 0;
        };
        if depth == 1 && !no_bulk {
            return self.count_moves(pos, list, keep_duplicates);
        }
        list.clear();
        self.actions(pos, list, keep_duplicates);
        let mut total = 0;
        for a in list.iter() {
            let mut next = *pos;
            next.apply(a.from, a.to, a.captured, a.promote);
            total += self.perft_inner(&next, depth - 1, keep_duplicates, no_bulk, rest);
        }
        total
    }
}
