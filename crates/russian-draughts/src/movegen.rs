//! Move generation on bitboards: plain moves, and capture sequences searched
//! square by square with the captured pieces left on the board until the
//! sequence ends.
//!
//! Every function is generic over the board's shifts ([`Geom`]): the
//! layouts of the 8×8 and 10×10 boards get their shifts as constants, any
//! other board reads them at run time. The rules are the same code either
//! way.

use crate::layout::{Layout, NE, NW, SE, SW};
use crate::path::MAX_PATH;
use crate::position::Position;
use crate::rules::{CaptureChoice, KingRange, MidCapturePromotion, Rules};
use board_core::Side;
use board_core::notation::Bits;

/// The rules compiled for the move generator: the layout and the switches.
#[derive(Clone, Debug)]
pub struct Engine {
    /// The board as bitboards.
    pub layout: Layout,
    /// Per side: bit `d` set when its men capture towards direction `d`.
    pub(crate) man_capture_mask: [u8; 2],
    /// The same per side and direction as a word: all ones or zero.
    pub(crate) man_capture_bits: [[u64; 4]; 2],
    flying: bool,
    maximum: bool,
    king_priority: bool,
    mid_promotion: MidCapturePromotion,
    /// Per side: where a man's capture ends by landing (crowned, when the
    /// move ends there), and where landing needs the full search (crowned,
    /// when it goes on as a king).
    landing_rules: [[u64; 2]; 2],
    /// Per bit and direction: the bit and the squares a flying king passes
    /// over from there on an empty board, up to the edge; bit 64 (no
    /// square) has none.
    rays: Box<[[u64; 4]; 65]>,
}

/// A move as bitboards, enough to play it (the path is not kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Action {
    /// The pieces it captures.
    pub captured: u64,
    /// The bit of the square the piece leaves.
    pub from: u8,
    /// The bit of the square it ends on (may equal `from` after a round
    /// trip).
    pub to: u8,
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
struct ActionSink<'a> {
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
        if self.maximum {
            let count = captured.count_ones();
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
            captured,
            from: from as u8,
            to: path[path.len() - 1],
            promote,
        };
        // A single capture has a single route: only longer ones can repeat.
        if captured & captured.wrapping_sub(1) != 0 {
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

/// The four diagonal shifts of a layout: north-east is `k`, north-west
/// `k - 1`, south-east `-(k - 1)`, south-west `-k`.
pub trait Geom: Copy {
    /// The north-east shift.
    fn k(self) -> u32;

    /// The most steps a ray can run on a board of this shift: rows are
    /// `2k - 1` half squares apart, so the board is at most `2k - 2`
    /// squares wide and a diagonal holds at most that many squares (7
    /// steps on 8×8, where `k` is 5; 9 on 10×10). A diagonal of `n`
    /// squares also needs `n` rows, and 64 bits hold no board with more
    /// than 10: no ray runs more than 9 steps.
    #[inline(always)]
    fn longest_ray(self) -> u32 {
        2 * self.k() - 3
    }

    /// Every bit one step towards direction `d`; bits leaving the board
    /// land on ghost bits or fall off the word (callers mask them).
    #[inline(always)]
    fn step(self, bits: u64, d: usize) -> u64 {
        match d {
            NE => bits << self.k(),
            NW => bits << (self.k() - 1),
            SE => bits >> (self.k() - 1),
            _ => bits >> self.k(),
        }
    }
}

/// One step towards the constant direction `D` (a [`Geom::step`] the
/// compiler resolves).
#[inline(always)]
fn to<G: Geom, const D: usize>(g: G, bits: u64) -> u64 {
    g.step(bits, D)
}

/// `from` and every square reached from it towards `D` over squares of
/// `through` only, each ray up to the first square not in `through`.
/// An occluded fill: each round doubles the steps covered (1, 2, 4 and,
/// when [`Geom::longest_ray`] is longer than 7, 8: up to 15 steps, more
/// than any ray runs). It takes the same instructions however long the
/// rays are, where a loop stepping square by square ends after a number
/// of steps the processor cannot foresee.
#[inline(always)]
pub(crate) fn ray_fill<G: Geom, const D: usize>(g: G, from: u64, through: u64) -> u64 {
    let twice = |x: u64| to::<G, D>(g, to::<G, D>(g, x));
    let mut reach = from;
    let mut open = through;
    reach |= open & to::<G, D>(g, reach);
    open &= to::<G, D>(g, open);
    reach |= open & twice(reach);
    open &= twice(open);
    reach |= open & twice(twice(reach));
    if g.longest_ray() > 7 {
        open &= twice(twice(open));
        reach |= open & twice(twice(twice(twice(reach))));
    }
    reach
}

/// The side to move as a type, for code that knows it at compile time,
/// with the rules of whether men capture backward (`BACK`) and whether the
/// choice among captures is free (`FREE`: no maximum-capture rule).
pub(crate) trait Mover {
    /// Its index (White 0, Black 1).
    const US: usize;
    /// The two directions its men step in (as [`Layout::forward`]).
    const FORWARD: [usize; 2];
    /// Per direction (table order): all ones when its men capture that
    /// way, else zero.
    const CAPS: [u64; 4];
    /// Whether the choice among captures is free (no maximum rule).
    const FREE: bool;
    /// The other side, under the same rules.
    type Other: Mover;
}

/// White to move; men capture backward if `BACK`, free choice if `FREE`.
pub(crate) struct WhiteToMove<const BACK: bool, const FREE: bool>;

/// Black to move; men capture backward if `BACK`, free choice if `FREE`.
pub(crate) struct BlackToMove<const BACK: bool, const FREE: bool>;

/// All ones if `on`.
const fn ones(on: bool) -> u64 {
    if on { u64::MAX } else { 0 }
}

impl<const BACK: bool, const FREE: bool> Mover for WhiteToMove<BACK, FREE> {
    const US: usize = 0;
    const FORWARD: [usize; 2] = [NE, NW];
    const CAPS: [u64; 4] = [u64::MAX, u64::MAX, ones(BACK), ones(BACK)];
    const FREE: bool = FREE;
    type Other = BlackToMove<BACK, FREE>;
}

impl<const BACK: bool, const FREE: bool> Mover for BlackToMove<BACK, FREE> {
    const US: usize = 1;
    const FORWARD: [usize; 2] = [SE, SW];
    const CAPS: [u64; 4] = [ones(BACK), ones(BACK), u64::MAX, u64::MAX];
    const FREE: bool = FREE;
    type Other = WhiteToMove<BACK, FREE>;
}

/// Shifts known at compile time (`K` = 5 on 8×8 boards, 6 on 10×10).
#[derive(Clone, Copy, Debug)]
pub struct Fixed<const K: u32>;

impl<const K: u32> Geom for Fixed<K> {
    #[inline(always)]
    fn k(self) -> u32 {
        K
    }
}

/// Shifts read at run time, for any other board.
#[derive(Clone, Copy, Debug)]
pub struct Runtime(pub(crate) u32);

impl Geom for Runtime {
    #[inline(always)]
    fn k(self) -> u32 {
        self.0
    }
}

/// Runs `$body` with `$g` bound to the layout's [`Geom`].
macro_rules! with_geom {
    ($engine:expr, $g:ident => $body:expr) => {
        match $engine.layout.k {
            5 => {
                let $g = Fixed::<5>;
                $body
            }
            6 => {
                let $g = Fixed::<6>;
                $body
            }
            k => {
                let $g = Runtime(k);
                $body
            }
        }
    };
}

mod bulk;
mod perft;

struct Search<'a, S, G> {
    geom: G,
    empty: u64,
    enemy: u64,
    promotion: u64,
    man_mask: u8,
    mid_promotion: MidCapturePromotion,
    flying: bool,
    from: u32,
    by_king: bool,
    crowned: bool,
    track_order: bool,
    order: u128,
    path: [u8; MAX_PATH],
    len: usize,
    rays: &'a [[u64; 4]; 65],
    sink: &'a mut S,
}

/// The index of the bit of `ray` nearest its start, for a ray towards `d`
/// (north-east and north-west rays go up the word), or 64 if it is empty.
#[inline(always)]
fn nearest(ray: u64, d: usize) -> usize {
    if d == NE || d == NW {
        ray.trailing_zeros() as usize
    } else {
        63u32.wrapping_sub(ray.leading_zeros()).min(64) as usize
    }
}

/// The first piece on `ray` seen from its start, for a ray towards `D`
/// (north-east and north-west rays go up the word), or none.
#[inline(always)]
fn first_on_ray<const D: usize>(ray: u64) -> u64 {
    if D == NE || D == NW {
        ray & ray.wrapping_neg()
    } else if ray == 0 {
        0
    } else {
        1 << (63 - ray.leading_zeros())
    }
}

/// Whether a flying king on the bit `at` can capture towards `D`: the first
/// piece on its ray (`rays`, the engine's ray table) past the squares
/// `empty` is one of `enemy`, with an empty square behind it.
#[inline(always)]
fn ray_takes<G: Geom, const D: usize>(
    g: G,
    rays: &[[u64; 4]; 65],
    at: usize,
    enemy: u64,
    empty: u64,
) -> bool {
    let x = first_on_ray::<D>(rays[at][D] & !empty);
    to::<G, D>(g, x & enemy) & empty != 0
}

impl<S: RouteSink, G: Geom> Search<'_, S, G> {
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

    /// Jumps of a man (`man`) or a short king from `at`, towards the
    /// directions in `mask`; returns whether any exists. Complete sequences
    /// go to the sink.
    #[inline]
    fn short_jumps(&mut self, at: u64, captured: u64, mask: u8, man: bool) -> bool {
        let mut found = false;
        if mask & (1 << NE) != 0 {
            found |= self.jump::<NE>(at, captured, mask, man);
        }
        if mask & (1 << NW) != 0 {
            found |= self.jump::<NW>(at, captured, mask, man);
        }
        if mask & (1 << SE) != 0 {
            found |= self.jump::<SE>(at, captured, mask, man);
        }
        if mask & (1 << SW) != 0 {
            found |= self.jump::<SW>(at, captured, mask, man);
        }
        found
    }

    /// The jump from `at` towards `D` and every sequence that follows it;
    /// returns whether the jump exists.
    #[inline(always)]
    fn jump<const D: usize>(&mut self, at: u64, captured: u64, mask: u8, man: bool) -> bool {
        let g = self.geom;
        let over = to::<G, D>(g, at) & self.enemy & !captured;
        if over == 0 {
            return false;
        }
        let land = to::<G, D>(g, over) & self.empty;
        if land == 0 {
            return false;
        }
        let now = captured | over;
        let saved_order = self.order;
        if self.track_order {
            self.order = (saved_order << 6) | u128::from(over.trailing_zeros() + 1);
        }
        self.path[self.len] = land.trailing_zeros() as u8;
        self.len += 1;
        if man && land & self.promotion != 0 {
            match self.mid_promotion {
                MidCapturePromotion::ContinueAsKing => {
                    self.crowned = true;
                    if !self.king_jumps(land.trailing_zeros() as usize, now) {
                        self.emit(now, true);
                    }
                    self.crowned = false;
                }
                MidCapturePromotion::EndsMove => self.emit(now, true),
                MidCapturePromotion::ContinueAsMan => {
                    if !self.short_jumps(land, now, self.man_mask, true) {
                        self.emit(now, true);
                    }
                }
            }
        } else if !self.short_jumps(land, now, mask, man) {
            self.emit(now, false);
        }
        self.len -= 1;
        self.order = saved_order;
        true
    }

    /// Jumps of a king from the bit `at`; returns whether any exists.
    fn king_jumps(&mut self, at: usize, captured: u64) -> bool {
        if !self.flying {
            return self.short_jumps(1 << at, captured, 0b1111, false);
        }
        let ne = self.king_jump::<NE>(at, captured);
        let nw = self.king_jump::<NW>(at, captured);
        let se = self.king_jump::<SE>(at, captured);
        let sw = self.king_jump::<SW>(at, captured);
        ne | nw | se | sw
    }

    /// Whether a flying king standing on the bit `at`, the pieces
    /// `captured` taken so far, can capture towards `D`: the first piece on
    /// the ray is an enemy not yet taken, with an empty square behind it.
    #[inline(always)]
    fn takes<const D: usize>(&self, at: usize, captured: u64) -> bool {
        ray_takes::<G, D>(self.geom, self.rays, at, self.enemy & !captured, self.empty)
    }

    /// The flying king's capture from the bit `at` towards `D` and every
    /// sequence that follows it; returns whether the capture exists.
    ///
    /// A landing square is searched further only when the king can capture
    /// from it: straight on (the same from every landing) or to either
    /// side. The way back is blocked by the piece just taken.
    #[inline(always)]
    fn king_jump<const D: usize>(&mut self, at: usize, captured: u64) -> bool {
        let rays = self.rays;
        // The first piece on the ray, then the empty squares past it up
        // to the next piece or the edge.
        let blockers = rays[at][D] & !self.empty;
        if blockers == 0 {
            return false;
        }
        let xi = nearest(blockers, D);
        let x = 1u64 << xi;
        if x & self.enemy & !captured == 0 {
            return false;
        }
        let past = rays[xi][D] ^ x;
        let next = first_on_ray::<D>(past & !self.empty);
        let now = captured | x;
        let landings = past & !rays[nearest(next, D)][D];
        if landings == 0 {
            return false;
        }
        let straight = to::<G, D>(self.geom, next & self.enemy & !now) & self.empty != 0;
        let saved_order = self.order;
        if self.track_order {
            self.order = (saved_order << 6) | u128::from(x.trailing_zeros() + 1);
        }
        let mut continued = false;
        let mut left = landings;
        while left != 0 {
            let i = nearest(left, D);
            left ^= 1 << i;
            let goes_on = straight
                || if D == NE || D == SW {
                    self.takes::<NW>(i, now) || self.takes::<SE>(i, now)
                } else {
                    self.takes::<NE>(i, now) || self.takes::<SW>(i, now)
                };
            if goes_on {
                self.path[self.len] = i as u8;
                self.len += 1;
                continued |= self.king_jumps(i, now);
                self.len -= 1;
            }
        }
        if !continued {
            let mut left = landings;
            while left != 0 {
                let i = nearest(left, D);
                left ^= 1 << i;
                self.path[self.len] = i as u8;
                self.len += 1;
                self.emit(now, false);
                self.len -= 1;
            }
        }
        self.order = saved_order;
        true
    }
}

impl Engine {
    /// Compiles the switches for a board.
    pub fn new(layout: Layout, rules: &Rules) -> Engine {
        let backward = rules.men_capture_backward;
        let mask = |[a, b]: [usize; 2]| {
            let forward = (1u8 << a) | (1u8 << b);
            if backward { 0b1111 } else { forward }
        };
        let man_capture_mask = [mask(layout.forward[0]), mask(layout.forward[1])];
        let bits = |mask: u8| [NE, NW, SE, SW].map(|d| 0u64.wrapping_sub(u64::from(mask >> d & 1)));
        let landing_rules = layout.promotion.map(|p| match rules.mid_capture_promotion {
            MidCapturePromotion::EndsMove => [p, 0],
            MidCapturePromotion::ContinueAsKing => [0, p],
            MidCapturePromotion::ContinueAsMan => [0, 0],
        });
        let mut rays = Box::new([[0u64; 4]; 65]);
        for (bit, ray) in rays.iter_mut().enumerate().take(64) {
            for (d, r) in ray.iter_mut().enumerate() {
                *r = 1 << bit;
                let mut x = layout.step(1 << bit, d) & layout.squares;
                while x != 0 {
                    *r |= x;
                    x = layout.step(x, d) & layout.squares;
                }
            }
        }
        debug_assert!(
            Bits(layout.squares)
                .flat_map(|b| rays[b as usize])
                .all(|r| r.count_ones() - 1 <= Runtime(layout.k).longest_ray().min(15)),
            "a ray longer than `Geom::longest_ray` says, or than `ray_fill` reaches"
        );
        Engine {
            rays,
            landing_rules,
            layout,
            man_capture_bits: man_capture_mask.map(bits),
            man_capture_mask,
            flying: rules.kings == KingRange::Flying,
            maximum: rules.capture_choice == CaptureChoice::MaximumPieces,
            king_priority: rules.king_capture_priority,
            mid_promotion: rules.mid_capture_promotion,
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

    /// The men of the side to move that have a first jump.
    #[inline(always)]
    fn man_jumpers<G: Geom>(&self, g: G, pos: &Position, empty: u64) -> u64 {
        let [ne, nw, se, sw] = self.jump_sources(g, pos, empty);
        (ne | nw | se | sw) & pos.own() & !pos.kings
    }

    /// Per direction `d` (table order): the squares from which a man of the
    /// side to move could jump towards `d` (an enemy on `s + d`, `s + 2d`
    /// empty, and the men capture towards `d`), whatever stands on them.
    /// Steps the empty squares back twice; a direction the men do not
    /// capture in is masked out, without branches.
    #[inline(always)]
    fn jump_sources<G: Geom>(&self, g: G, pos: &Position, empty: u64) -> [u64; 4] {
        let enemy = pos.enemy();
        let [ne, nw, se, sw] = self.man_capture_bits[pos.side.index()];
        [
            to::<G, SW>(g, to::<G, SW>(g, empty) & enemy) & ne,
            to::<G, SE>(g, to::<G, SE>(g, empty) & enemy) & nw,
            to::<G, NW>(g, to::<G, NW>(g, empty) & enemy) & se,
            to::<G, NE>(g, to::<G, NE>(g, empty) & enemy) & sw,
        ]
    }

    /// Whether some king of the side to move has a first jump.
    #[inline(always)]
    fn king_can_capture<G: Geom>(&self, g: G, pos: &Position, empty: u64) -> bool {
        let kings = pos.own() & pos.kings;
        if kings == 0 {
            return false;
        }
        let enemy = pos.enemy();
        for d in 0..4 {
            let mut reach = kings;
            if self.flying {
                let mut f = g.step(kings, d) & empty;
                while f != 0 {
                    reach |= f;
                    f = g.step(f, d) & empty;
                }
            }
            if g.step(g.step(reach, d) & enemy, d) & empty != 0 {
                return true;
            }
        }
        false
    }

    /// Finds every complete capture sequence of the side to move (each
    /// route once), with neither the maximum rule nor king priority applied
    /// when `raw`; returns whether any was found.
    pub fn captures<S: RouteSink>(&self, pos: &Position, sink: &mut S, raw: bool) -> bool {
        with_geom!(self, g => {
            let empty = self.layout.squares & !pos.occupied();
            let jumpers = self.man_jumpers(g, pos, empty);
            let kings = self.king_can_capture(g, pos, empty);
            self.captures_from(g, pos, sink, raw, (jumpers, kings), true)
        })
    }

    /// A capture search for the side to move in `pos`, starting with its
    /// kings (`by_king`); `from` and `empty` are set per piece.
    #[inline]
    fn search<'a, S: RouteSink, G: Geom>(
        &'a self,
        geom: G,
        pos: &Position,
        sink: &'a mut S,
        track_order: bool,
    ) -> Search<'a, S, G> {
        Search {
            geom,
            empty: 0,
            enemy: pos.enemy(),
            promotion: self.layout.promotion[pos.side.index()],
            man_mask: self.man_capture_mask[pos.side.index()],
            mid_promotion: self.mid_promotion,
            flying: self.flying,
            from: 0,
            by_king: true,
            crowned: false,
            track_order,
            order: 0,
            path: [0; MAX_PATH],
            len: 0,
            rays: &self.rays,
            sink,
        }
    }

    fn captures_from<S: RouteSink, G: Geom>(
        &self,
        g: G,
        pos: &Position,
        sink: &mut S,
        raw: bool,
        (jumpers, kings): (u64, bool),
        track_order: bool,
    ) -> bool {
        let occupied = pos.occupied();
        let mut search = self.search(g, pos, sink, track_order);
        let mut by_kings = false;
        if kings {
            for b in Bits(pos.own() & pos.kings) {
                search.from = b;
                search.empty = self.layout.squares & !(occupied & !(1 << b));
                by_kings |= search.king_jumps(b as usize, 0);
            }
        }
        if by_kings && self.king_priority && !raw {
            return true;
        }
        search.by_king = false;
        let mask = search.man_mask;
        for b in Bits(jumpers) {
            search.from = b;
            search.empty = self.layout.squares & !(occupied & !(1 << b));
            search.short_jumps(1 << b, 0, mask, true);
        }
        by_kings || jumpers != 0
    }

    /// Which pieces of the side to move have a capture: the men with a first
    /// jump, and whether some king has one (bitboard tests, no search).
    pub fn capturers(&self, pos: &Position) -> (u64, bool) {
        with_geom!(self, g => {
            let empty = self.layout.squares & !pos.occupied();
            (self.man_jumpers(g, pos, empty), self.king_can_capture(g, pos, empty))
        })
    }

    /// Every complete capture sequence of the pieces of the side to move in
    /// `pieces` (kings first, then men, each in bit order, as
    /// [`Engine::captures`] finds them), with neither the maximum rule nor
    /// king priority applied. The capture order given to the sink is 0.
    pub fn captures_of<S: RouteSink>(&self, pos: &Position, pieces: u64, sink: &mut S) {
        with_geom!(self, g => {
            let occupied = pos.occupied();
            let own = pos.own() & pieces;
            let mut search = self.search(g, pos, sink, false);
            for b in Bits(own & pos.kings) {
                search.from = b;
                search.empty = self.layout.squares & !(occupied & !(1 << b));
                search.king_jumps(b as usize, 0);
            }
            search.by_king = false;
            let mask = search.man_mask;
            for b in Bits(own & !pos.kings) {
                search.from = b;
                search.empty = self.layout.squares & !(occupied & !(1 << b));
                search.short_jumps(1 << b, 0, mask, true);
            }
        })
    }

    /// The plain move of the piece on `from` to `to` (bits), if it is one
    /// of the side to move's plain moves: whether a man is crowned by it.
    pub fn quiet_move(&self, pos: &Position, from: u8, to: u8) -> Option<bool> {
        let l = &self.layout;
        let start = 1u64 << from;
        let target = 1u64 << to;
        let empty = l.squares & !pos.occupied();
        if pos.own() & start == 0 || empty & target == 0 {
            return None;
        }
        if pos.kings & start != 0 {
            for d in 0..4 {
                let mut x = l.step(start, d) & empty;
                while x != 0 {
                    if x == target {
                        return Some(false);
                    }
                    if !self.flying {
                        break;
                    }
                    x = l.step(x, d) & empty;
                }
            }
            return None;
        }
        let forward = l.forward[pos.side.index()];
        if forward.iter().any(|&d| l.step(start, d) & target != 0) {
            return Some(target & l.promotion[pos.side.index()] != 0);
        }
        None
    }

    /// Calls `f(from, to, promote)` for every plain move (bits).
    pub fn quiet_moves(&self, pos: &Position, mut f: impl FnMut(u32, u32, bool)) {
        with_geom!(self, g => self.quiet_moves_g(g, pos, |from, to, promote| {
            f(from.trailing_zeros(), to.trailing_zeros(), promote)
        }))
    }

    #[inline(always)]
    fn quiet_moves_g<G: Geom>(&self, g: G, pos: &Position, mut f: impl FnMut(u64, u64, bool)) {
        let own = pos.own();
        let empty = self.layout.squares & !pos.occupied();
        let promotion = self.layout.promotion[pos.side.index()];
        let kings = own & pos.kings;
        if kings != 0 {
            for b in Bits(kings) {
                let from = 1u64 << b;
                for d in 0..4 {
                    let mut x = g.step(from, d) & empty;
                    while x != 0 {
                        f(from, x, false);
                        if !self.flying {
                            break;
                        }
                        x = g.step(x, d) & empty;
                    }
                }
            }
        }
        let men = own & !pos.kings;
        let mut each = |targets: u64, back: fn(G, u64) -> u64| {
            for bit in Bits(targets & empty) {
                let to = 1u64 << bit;
                f(back(g, to), to, to & promotion != 0);
            }
        };
        match pos.side {
            Side::White => {
                each(to::<G, NE>(g, men), to::<G, SW>);
                each(to::<G, NW>(g, men), to::<G, SE>);
            }
            Side::Black => {
                each(to::<G, SE>(g, men), to::<G, NW>);
                each(to::<G, SW>(g, men), to::<G, NE>);
            }
        }
    }

    /// The squares the kings reach by plain moves, per direction (table
    /// order).
    #[inline(always)]
    pub(super) fn king_rays<G: Geom>(&self, g: G, kings: u64, empty: u64) -> [u64; 4] {
        if !self.flying {
            return [
                to::<G, NE>(g, kings) & empty,
                to::<G, NW>(g, kings) & empty,
                to::<G, SE>(g, kings) & empty,
                to::<G, SW>(g, kings) & empty,
            ];
        }
        [
            ray_fill::<G, NE>(g, kings, empty) & empty,
            ray_fill::<G, NW>(g, kings, empty) & empty,
            ray_fill::<G, SE>(g, kings, empty) & empty,
            ray_fill::<G, SW>(g, kings, empty) & empty,
        ]
    }

    /// Appends every legal move as an [`Action`].
    pub fn actions(&self, pos: &Position, out: &mut Vec<Action>, keep_duplicates: bool) {
        with_geom!(self, g => self.actions_g(g, pos, out, keep_duplicates))
    }

    #[inline(always)]
    fn actions_g<G: Geom>(
        &self,
        g: G,
        pos: &Position,
        out: &mut Vec<Action>,
        keep_duplicates: bool,
    ) {
        let empty = self.layout.squares & !pos.occupied();
        let kings = self.king_can_capture(g, pos, empty);
        self.actions_with(g, pos, out, keep_duplicates, kings);
    }

    /// [`Engine::actions_g`] for a caller that knows whether some king of
    /// the side to move has a first jump (`kings`).
    #[inline(always)]
    pub(super) fn actions_with<G: Geom>(
        &self,
        g: G,
        pos: &Position,
        out: &mut Vec<Action>,
        keep_duplicates: bool,
        kings: bool,
    ) {
        let empty = self.layout.squares & !pos.occupied();
        let sources = self.jump_sources(g, pos, empty);
        let jumpers = (sources[0] | sources[1] | sources[2] | sources[3]) & pos.own() & !pos.kings;
        if jumpers != 0 && !kings {
            if let Some(all) = self.single_man_captures(g, pos, sources) {
                let promotion = self.layout.promotion[pos.side.index()];
                for (d, back) in [(NE, SW), (NW, SE), (SE, NW), (SW, NE)] {
                    let mut landings = all[d];
                    while landings != 0 {
                        let to = landings & landings.wrapping_neg();
                        landings ^= to;
                        let captured = g.step(to, back);
                        out.push(Action {
                            captured,
                            from: g.step(captured, back).trailing_zeros() as u8,
                            to: to.trailing_zeros() as u8,
                            promote: to & promotion != 0,
                        });
                    }
                }
                return;
            }
        }
        if jumpers != 0 || kings {
            let mut sink = ActionSink {
                start: out.len(),
                orders: Vec::new(),
                out,
                keep_duplicates,
                maximum: self.maximum,
                best: 0,
            };
            self.captures_from(g, pos, &mut sink, false, (jumpers, kings), keep_duplicates);
        } else {
            self.quiet_moves_g(g, pos, |from, to, promote| {
                out.push(Action {
                    captured: 0,
                    from: from.trailing_zeros() as u8,
                    to: to.trailing_zeros() as u8,
                    promote,
                });
            });
        }
    }

    /// The captures of the men on whole bitboards when every one is a
    /// single jump, as the landing squares per direction of the jump: `None`
    /// when some jump could go on (or crowns a man that would go on as a
    /// king), which needs the full search.
    ///
    /// After a jump towards `d` landing on `l`, the only squares that differ
    /// from the position before the move are the start (`l - 2d`) and the
    /// captured piece (`l - d`), and only a jump back towards `-d` touches
    /// them (blocked: the captured piece stays until the end). So a further
    /// jump exists exactly when `l` could jump towards another direction in
    /// the position as it is.
    #[inline(always)]
    fn single_man_captures<G: Geom>(
        &self,
        g: G,
        pos: &Position,
        sources: [u64; 4],
    ) -> Option<[u64; 4]> {
        let men = pos.own() & !pos.kings;
        let promotion = self.layout.promotion[pos.side.index()];
        let [ne, nw, se, sw] = sources;
        // The landing squares of the first jumps, per direction.
        let all = [
            to::<G, NE>(g, to::<G, NE>(g, men & ne)),
            to::<G, NW>(g, to::<G, NW>(g, men & nw)),
            to::<G, SE>(g, to::<G, SE>(g, men & se)),
            to::<G, SW>(g, to::<G, SW>(g, men & sw)),
        ];
        // From a landing square after a jump towards `d`, a further jump
        // goes any way but back (north-east's back is south-west, …).
        let onward = [ne | nw | se, ne | nw | sw, ne | se | sw, nw | se | sw];
        let mut goes_on = 0;
        for d in 0..4 {
            let (landings, onward) = (all[d], onward[d]);
            let crowned = landings & promotion;
            goes_on |= match self.mid_promotion {
                MidCapturePromotion::ContinueAsKing => (landings & onward) | crowned,
                MidCapturePromotion::EndsMove => landings & onward & !crowned,
                MidCapturePromotion::ContinueAsMan => landings & onward,
            };
        }
        if goes_on != 0 {
            return None;
        }
        Some(all)
    }
}
