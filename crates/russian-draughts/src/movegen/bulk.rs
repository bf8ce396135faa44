//! Bulk counting: the number of legal moves of a position without playing
//! them, and the moves of all the children of a position counted together
//! (the last two plies of a perft walk).
//!
//! Everything here is the same rules as the move generator, counted on
//! whole bitboards where the count is exact, with the full capture search
//! as the fallback.

use super::perft::{FirstJumps, Step};
use super::{ActionSink, Engine, Geom, Mover, first_on_ray, nearest, ray_takes, to};
use crate::layout::{NE, NW, SE, SW};
use crate::movegen::Action;
use crate::position::Position;
use board_core::Side;
use board_core::notation::Bits;

/// The direction opposite `d` (north-east and south-west, north-west and
/// south-east).
#[inline(always)]
pub(super) const fn back(d: usize) -> usize {
    3 - d
}

/// Per direction `e`: the squares from which a man of the side `M` could
/// jump towards `e` (an enemy on `s + e`, `s + 2e` empty, and its men
/// capture towards `e`), whatever stands on them.
#[inline(always)]
pub(super) fn jump_sources<G: Geom>(g: G, enemy: u64, empty: u64, caps: [u64; 4]) -> [u64; 4] {
    [
        to::<G, SW>(g, to::<G, SW>(g, empty) & enemy) & caps[NE],
        to::<G, SE>(g, to::<G, SE>(g, empty) & enemy) & caps[NW],
        to::<G, NW>(g, to::<G, NW>(g, empty) & enemy) & caps[SE],
        to::<G, NE>(g, to::<G, NE>(g, empty) & enemy) & caps[SW],
    ]
}

/// The landing squares of the first jumps of `men` per direction (one bit
/// per jump: the start is two steps back).
#[inline(always)]
pub(super) fn first_jumps<G: Geom>(
    g: G,
    men: u64,
    enemy: u64,
    empty: u64,
    caps: [u64; 4],
) -> [u64; 4] {
    [
        to::<G, NE>(g, to::<G, NE>(g, men & caps[NE]) & enemy) & empty,
        to::<G, NW>(g, to::<G, NW>(g, men & caps[NW]) & enemy) & empty,
        to::<G, SE>(g, to::<G, SE>(g, men & caps[SE]) & enemy) & empty,
        to::<G, SW>(g, to::<G, SW>(g, men & caps[SW]) & enemy) & empty,
    ]
}

/// The squares from which a king could capture towards `D`: past the
/// squares `free` (any number of them if `flying`, none else) an enemy with
/// a free square behind it. Whatever stands on the squares themselves.
#[inline(always)]
fn king_takes_towards<G: Geom, const D: usize>(g: G, enemy: u64, free: u64, flying: bool) -> u64 {
    let mut takes = g.step(g.step(free, back(D)) & enemy, back(D));
    if flying {
        let mut reach = takes;
        while reach != 0 {
            reach = g.step(reach & free, back(D));
            takes |= reach;
        }
    }
    takes
}

/// The squares from which a king having jumped towards `LAST` could
/// capture again ([`king_takes_towards`]): any way but back.
#[inline(always)]
fn king_takes_onward<G: Geom, const LAST: usize>(g: G, enemy: u64, free: u64, flying: bool) -> u64 {
    let mut takes = 0;
    if LAST != back(NE) {
        takes |= king_takes_towards::<G, NE>(g, enemy, free, flying);
    }
    if LAST != back(NW) {
        takes |= king_takes_towards::<G, NW>(g, enemy, free, flying);
    }
    if LAST != back(SE) {
        takes |= king_takes_towards::<G, SE>(g, enemy, free, flying);
    }
    if LAST != back(SW) {
        takes |= king_takes_towards::<G, SW>(g, enemy, free, flying);
    }
    takes
}

/// The squares a flying king lands on past a piece it takes, the first
/// being `f` (a bit index), towards `D`: up to the next piece or the edge
/// (`rays`, the engine's ray table).
#[inline(always)]
fn landings_past<const D: usize>(rays: &[[u64; 4]; 65], f: usize, empty: u64) -> u64 {
    rays[f][D] & !rays[nearest(rays[f][D] & !empty, D)][D]
}

/// The landing squares of a flying king's jump from the bit `at` towards
/// `D` (none: no jump): the first piece on its ray is one of `enemy`, with
/// empty squares behind it.
#[inline(always)]
fn flying_jump<G: Geom, const D: usize>(
    g: G,
    rays: &[[u64; 4]; 65],
    at: usize,
    enemy: u64,
    empty: u64,
) -> u64 {
    let x = first_on_ray::<D>(rays[at][D] & !empty);
    let f = to::<G, D>(g, x & enemy) & empty;
    if f == 0 {
        return 0;
    }
    landings_past::<D>(rays, f.trailing_zeros() as usize, empty)
}

/// The piece a flying king's jump towards `D` with the landing squares
/// `landings` takes (none when there are no landings), when the capture
/// ends there: no landing can capture straight on or to either side.
/// `None` when it goes on.
#[inline(always)]
fn jumped<G: Geom, const D: usize>(
    g: G,
    rays: &[[u64; 4]; 65],
    landings: u64,
    enemy: u64,
    empty: u64,
) -> Option<u64> {
    if landings == 0 {
        return Some(0);
    }
    let first = nearest(landings, D);
    if ray_takes::<G, D>(g, rays, first, enemy, empty) {
        return None;
    }
    for at in Bits(landings) {
        let at = at as usize;
        let aside = if D == NE || D == SW {
            ray_takes::<G, NW>(g, rays, at, enemy, empty)
                || ray_takes::<G, SE>(g, rays, at, enemy, empty)
        } else {
            ray_takes::<G, NE>(g, rays, at, enemy, empty)
                || ray_takes::<G, SW>(g, rays, at, enemy, empty)
        };
        if aside {
            return None;
        }
    }
    Some(g.step(1 << first, back(D)))
}

/// The first landing squares of jumps towards `D` from the squares `from`:
/// an enemy one step on, an empty square behind it.
#[inline(always)]
fn jumps_towards<G: Geom, const D: usize>(g: G, from: u64, enemy: u64, empty: u64) -> u64 {
    to::<G, D>(g, to::<G, D>(g, from) & enemy) & empty
}

/// The targets of the plain moves of `men` of the side `M` (both forward
/// directions), unmasked.
#[inline(always)]
pub(super) fn men_steps<G: Geom, M: Mover>(g: G, men: u64) -> [u64; 2] {
    let [a, b] = M::FORWARD;
    [g.step(men, a), g.step(men, b)]
}

/// The men of a side stepped once: per direction `d`, those that capture
/// that way moved one step towards `d` (a jump needs an enemy there), and
/// the targets of their plain moves (unmasked). They stay the same while
/// only the other side's pieces change, as in the children of a position
/// where the other side moves.
struct MenAhead {
    ahead: [u64; 4],
    steps: [u64; 2],
}

impl MenAhead {
    /// The men `men` of the side `M`.
    #[inline(always)]
    fn new<G: Geom, M: Mover>(g: G, men: u64) -> MenAhead {
        let caps = M::CAPS;
        MenAhead {
            ahead: [
                to::<G, NE>(g, men & caps[NE]),
                to::<G, NW>(g, men & caps[NW]),
                to::<G, SE>(g, men & caps[SE]),
                to::<G, SW>(g, men & caps[SW]),
            ],
            steps: men_steps::<G, M>(g, men),
        }
    }

    /// The landing squares of the men's first jumps per direction, over
    /// `enemy` onto `empty` (as [`first_jumps`]).
    #[inline(always)]
    fn landings<G: Geom>(&self, g: G, enemy: u64, empty: u64) -> [u64; 4] {
        let a = &self.ahead;
        [
            to::<G, NE>(g, a[NE] & enemy) & empty,
            to::<G, NW>(g, a[NW] & enemy) & empty,
            to::<G, SE>(g, a[SE] & enemy) & empty,
            to::<G, SW>(g, a[SW] & enemy) & empty,
        ]
    }
}

/// Men capture routes counted on whole bitboards, route by route of jump
/// directions, up to four jumps, free choice among them.
///
/// A set of landing squares reached by a fixed sequence of jump directions
/// holds one bit per route (each step is a shift). Whether a jump exists,
/// and whether a route goes on from its landing square, is read from the
/// jumps of the board as it is (`sources`). Up to four jumps this is exact
/// but for one shape: the captured pieces stay on the board and can only be
/// jumped again by a jump back, and a landing square differs from the board
/// as it is only when it is the start square, which a man reaches only by
/// four jumps round a square (directions `d`, `e`, `-d`, `-e`).
///
/// A route round a square has a twin the other way round (`e`, `d`, `-e`,
/// `-d`: the same squares and pieces), the only way two routes of at most
/// four jumps leave the same position; they are one move, or two when
/// routes that capture in another order count apart (`keep`). Back on its
/// start square, a man can go on only towards `-d` or `-e` (the piece
/// towards `d` or `e` is taken), read from the board as it is. Other
/// routes are counted by popcounts, one per route.
///
/// A man crowned on the way goes on as a king if he can capture. After one
/// or two jumps, where a king could not capture on the board as it is with
/// the start square empty (the captured pieces are left on it, which may
/// show a capture that is not there, never hide one; the way back is
/// blocked by the piece just taken), the route ends with the crowning.
///
/// The men that go on past four jumps, or may go on as kings, are left to
/// the search: their start squares are gathered in `deep`, and their
/// routes are not counted.
///
/// The routes that end go to `ends`: a count, or the moves themselves
/// ([`RouteEnds`]).
struct MenRoutes<G, R> {
    g: G,
    sources: [u64; 4],
    /// Per arrival direction: the squares from which a route goes on.
    goes_on: [u64; 4],
    /// A landing there ends the move.
    stop: u64,
    /// A landing there crowns a man, who goes on as a king if he can.
    special: u64,
    enemy: u64,
    /// The empty squares of the board as it is.
    empty: u64,
    /// Whether kings fly.
    flying: bool,
    caps: [u64; 4],
    /// Whether the two ways round a square count apart.
    keep: bool,
    ends: R,
    deep: u64,
}

/// Receives the men's capture routes that [`MenRoutes`] finds ending.
trait RouteEnds {
    /// The routes that end on the squares `end` after jumps towards the
    /// directions `jumps`, in order (one route per square).
    fn end<G: Geom, const N: usize>(&mut self, g: G, end: u64, jumps: [usize; N]);
}

/// Counts the routes.
impl RouteEnds for u64 {
    #[inline(always)]
    fn end<G: Geom, const N: usize>(&mut self, _: G, end: u64, _: [usize; N]) {
        *self += u64::from(end.count_ones());
    }
}

/// Makes each route a [`Step`]: the start and the pieces jumped are found
/// by stepping back from the landing, jump by jump; a man who ends on
/// `promotion` is crowned (a route whose crowning needs the search never
/// ends here).
struct CollectRoutes<'a> {
    out: &'a mut Vec<Step>,
    promotion: u64,
}

impl RouteEnds for CollectRoutes<'_> {
    #[inline(always)]
    fn end<G: Geom, const N: usize>(&mut self, g: G, end: u64, jumps: [usize; N]) {
        for l in Bits(end) {
            let to = 1u64 << l;
            let (mut at, mut captured) = (to, 0);
            for &d in jumps.iter().rev() {
                let over = g.step(at, back(d));
                captured |= over;
                at = g.step(over, back(d));
            }
            self.out.push(Step {
                own: at ^ to,
                captured,
                kings: to & self.promotion,
            });
        }
    }
}

impl<G: Geom, R: RouteEnds> MenRoutes<G, R> {
    /// The landings among `landed` (after a jump towards `d`, with the
    /// extra squares `more` from which it goes on) where the route ends.
    #[inline(always)]
    fn ending(&self, landed: u64, d: usize, more: u64) -> u64 {
        landed & ((!(self.goes_on[d] | more) & !self.special) | self.stop)
    }

    /// The routes whose first jump is towards `D`, landing on `l1`.
    #[inline(always)]
    fn first<const D: usize>(&mut self, l1: u64) {
        if l1 == 0 {
            return;
        }
        let end = self.ending(l1, D, 0);
        self.ends.end(self.g, end, [D]);
        let rest = l1 & !end;
        if rest == 0 {
            return;
        }
        let searched = self.crowned::<D, 1>(rest & self.special, [D]);
        self.deep |= self.back2::<D>(searched);
        let on = rest & !self.special;
        if D != back(NE) {
            self.second::<D, NE>(on);
        }
        if D != back(NW) {
            self.second::<D, NW>(on);
        }
        if D != back(SE) {
            self.second::<D, SE>(on);
        }
        if D != back(SW) {
            self.second::<D, SW>(on);
        }
    }

    /// The routes going on from `on` (after a jump towards `D`) towards `E`.
    #[inline(always)]
    fn second<const D: usize, const E: usize>(&mut self, on: u64) {
        let l2 = self.fore2::<E>(on & self.sources[E]);
        if l2 == 0 {
            return;
        }
        let end = self.ending(l2, E, 0);
        self.ends.end(self.g, end, [D, E]);
        let rest = l2 & !end;
        if rest == 0 {
            return;
        }
        let searched = self.crowned::<E, 2>(rest & self.special, [D, E]);
        self.deep |= self.back2::<D>(self.back2::<E>(searched));
        let on = rest & !self.special;
        if E != back(NE) {
            self.third::<D, E, NE>(on);
        }
        if E != back(NW) {
            self.third::<D, E, NW>(on);
        }
        if E != back(SE) {
            self.third::<D, E, SE>(on);
        }
        if E != back(SW) {
            self.third::<D, E, SW>(on);
        }
    }

    /// The routes going on from `on` (after jumps towards `D` and `E`)
    /// towards `F`.
    #[inline(always)]
    fn third<const D: usize, const E: usize, const F: usize>(&mut self, on: u64) {
        let l3 = self.fore2::<F>(on & self.sources[F]);
        if l3 == 0 {
            return;
        }
        // After `d`, `e`, `-d` a fourth jump towards `-e` lands on the
        // start square, which the board as it is shows taken: an enemy
        // towards `-e` is enough.
        let round = if F == back(D) && E != D {
            to::<G, E>(self.g, self.enemy) & self.caps[back(E)]
        } else {
            0
        };
        let end = self.ending(l3, F, round);
        self.ends.end(self.g, end, [D, E, F]);
        let rest = l3 & !end;
        if rest == 0 {
            return;
        }
        self.deep |= self.back2::<D>(self.back2::<E>(self.back2::<F>(rest & self.special)));
        let on = rest & !self.special;
        if F == back(D) && E != D {
            self.round_square::<D, E>(on & round);
        }
        if F != back(NE) {
            self.fourth::<D, E, F, NE>(on);
        }
        if F != back(NW) {
            self.fourth::<D, E, F, NW>(on);
        }
        if F != back(SE) {
            self.fourth::<D, E, F, SE>(on);
        }
        if F != back(SW) {
            self.fourth::<D, E, F, SW>(on);
        }
    }

    /// The routes from `on` (after jumps towards `D`, `E` and `-D`) that
    /// jump towards `-E` back onto their start square: counted when they
    /// end there (once for both ways round unless `keep`), else left to
    /// the search.
    #[inline(always)]
    fn round_square<const D: usize, const E: usize>(&mut self, on: u64) {
        if on == 0 {
            return;
        }
        let start = self.back2::<E>(on);
        let goes_on = self.sources[back(D)] | self.sources[back(E)];
        let end = start & ((!goes_on & !self.special) | self.stop);
        if self.keep || D < E {
            self.ends.end(self.g, end, [D, E, back(D), back(E)]);
        }
        self.deep |= start & !end;
    }

    /// The routes landing on `crowned` (where a man is crowned) after the
    /// jumps `jumps`, the last towards `LAST`: those where a king could not
    /// capture end there; returns the landings of the others.
    #[inline(always)]
    fn crowned<const LAST: usize, const N: usize>(
        &mut self,
        crowned: u64,
        jumps: [usize; N],
    ) -> u64 {
        if crowned == 0 {
            return 0;
        }
        let mut starts = crowned;
        for &d in jumps.iter().rev() {
            starts = self.back2_at(starts, d);
        }
        let end = crowned & !self.king_takes::<LAST>(self.empty | starts);
        self.ends.end(self.g, end, jumps);
        crowned & !end
    }

    /// Two steps back from a jump towards `d`.
    #[inline(always)]
    fn back2_at(&self, bits: u64, d: usize) -> u64 {
        self.g.step(self.g.step(bits, back(d)), back(d))
    }

    /// The squares from which a king of the side, having jumped towards
    /// `LAST`, could capture with the squares `free` empty
    /// ([`king_takes_onward`]).
    #[inline(never)]
    fn king_takes<const LAST: usize>(&self, free: u64) -> u64 {
        king_takes_onward::<G, LAST>(self.g, self.enemy, free, self.flying)
    }

    /// The routes going on from `on` (after jumps towards `D`, `E` and `F`)
    /// towards `H`, when that does not land on the start square: counted
    /// when they end there, else left to the search.
    #[inline(always)]
    fn fourth<const D: usize, const E: usize, const F: usize, const H: usize>(&mut self, on: u64) {
        let l4 = self.fore2::<H>(on & self.sources[H]);
        if l4 == 0 {
            return;
        }
        let end = self.ending(l4, H, 0);
        self.ends.end(self.g, end, [D, E, F, H]);
        let rest = self.back2::<F>(self.back2::<H>(l4 & !end));
        self.deep |= self.back2::<D>(self.back2::<E>(rest));
    }

    /// Every route from the first jumps `landings` (per direction).
    #[inline(always)]
    fn all(&mut self, landings: [u64; 4]) {
        self.first::<NE>(landings[NE]);
        self.first::<NW>(landings[NW]);
        self.first::<SE>(landings[SE]);
        self.first::<SW>(landings[SW]);
    }

    /// Two steps towards `D`.
    #[inline(always)]
    fn fore2<const D: usize>(&self, bits: u64) -> u64 {
        to::<G, D>(self.g, to::<G, D>(self.g, bits))
    }

    /// Two steps back from a jump towards `D`.
    #[inline(always)]
    fn back2<const D: usize>(&self, bits: u64) -> u64 {
        let b = self.g.step(bits, back(D));
        self.g.step(b, back(D))
    }
}

/// What follows the first jumps of the side `M`'s men.
pub(super) struct Onward {
    /// Per direction `d`: the squares a man could jump from towards `d`.
    pub sources: [u64; 4],
    /// Whether every first jump is a whole capture: no landing goes on, or
    /// crowns a man who would (the profile's mid-capture promotion).
    pub singles_only: bool,
}

impl Engine {
    /// The squares of the side `M`, of the other side, and the empty ones.
    #[inline(always)]
    pub(super) fn sides<M: Mover>(&self, pos: &Position) -> (u64, u64, u64) {
        let own = pos.pieces[M::US];
        let enemy = pos.pieces[M::US ^ 1];
        (own, enemy, self.layout.squares & !(own | enemy))
    }

    /// What follows the men's first jumps `landings` (per direction).
    ///
    /// A landing goes on when a man could jump from it towards any
    /// direction: the way back needs the start square empty, and the board
    /// as it is shows the jumping man there, so no direction is left out.
    #[inline(always)]
    pub(super) fn onward<G: Geom, M: Mover>(
        &self,
        g: G,
        enemy: u64,
        empty: u64,
        landings: [u64; 4],
    ) -> Onward {
        let sources = jump_sources(g, enemy, empty, M::CAPS);
        let [ne, nw, se, sw] = sources;
        let [stop, special] = self.landing_rules[M::US];
        let all = landings[NE] | landings[NW] | landings[SE] | landings[SW];
        let further = all & (special | ne | nw | se | sw);
        Onward {
            sources,
            singles_only: further & !stop == 0,
        }
    }

    /// The number of legal moves of the side `M` in `pos`.
    #[inline(always)]
    pub(super) fn count_moves<G: Geom, M: Mover>(
        &self,
        g: G,
        pos: &Position,
        scratch: &mut Vec<Action>,
        keep_duplicates: bool,
    ) -> u64 {
        let (own, enemy, empty) = self.sides::<M>(pos);
        if own & pos.kings != 0 {
            return self.count_with_kings::<G, M>(g, pos, scratch, keep_duplicates);
        }
        let men = MenAhead::new::<G, M>(g, own);
        let sides = (own, pos.kings);
        self.count_men_moves::<G, M>(g, &men, enemy, empty, sides, scratch, keep_duplicates)
    }

    /// The number of legal moves of the side `M`, which has only the men
    /// `men` (all its pieces `own`), against the pieces `enemy` with the
    /// squares `empty` free and the kings `kings`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn count_men_moves<G: Geom, M: Mover>(
        &self,
        g: G,
        men: &MenAhead,
        enemy: u64,
        empty: u64,
        (own, kings): (u64, u64),
        scratch: &mut Vec<Action>,
        keep_duplicates: bool,
    ) -> u64 {
        let landings = men.landings(g, enemy, empty);
        if landings[0] | landings[1] | landings[2] | landings[3] == 0 {
            let [a, b] = men.steps;
            return u64::from((a & empty).count_ones()) + u64::from((b & empty).count_ones());
        }
        let onward = self.onward::<G, M>(g, enemy, empty, landings);
        if onward.singles_only {
            return landings.iter().map(|l| u64::from(l.count_ones())).sum();
        }
        self.count_longer_captures::<G, M>(
            g,
            [own, enemy, kings],
            landings,
            onward.sources,
            scratch,
            keep_duplicates,
        )
    }

    /// The number of its men's captures, for the side `M` whose men have a
    /// first jump (`landings`), when some capture goes on after its first
    /// jump, with the board's jump sources; its pieces, the other side's
    /// and the kings are `[own, enemy, kings]` (the position is made only
    /// for the search; the side's own kings only stand in the way).
    #[inline(never)]
    fn count_longer_captures<G: Geom, M: Mover>(
        &self,
        g: G,
        [own, enemy, kings]: [u64; 3],
        landings: [u64; 4],
        sources: [u64; 4],
        scratch: &mut Vec<Action>,
        keep_duplicates: bool,
    ) -> u64 {
        let empty = self.layout.squares & !(own | enemy);
        let pos = || {
            let mut pieces = [own, enemy];
            pieces.rotate_left(M::US);
            let side = if M::US == 0 { Side::White } else { Side::Black };
            Position {
                pieces,
                kings,
                side,
            }
        };
        if !M::FREE {
            let pos = pos();
            let jumpers = self.man_jumpers(g, &pos, empty);
            return self.searched(g, &pos, jumpers, false, scratch, keep_duplicates);
        }
        let mut routes = self.men_routes::<G, M, _>(g, enemy, empty, sources, keep_duplicates, 0);
        routes.all(landings);
        if routes.deep == 0 {
            return routes.ends;
        }
        let deep = routes.deep;
        routes.ends = 0;
        routes.all(first_jumps(g, own & !deep, enemy, empty, M::CAPS));
        routes.ends + self.searched(g, &pos(), deep, false, scratch, keep_duplicates)
    }

    /// The routes of the men of the side `M` against `enemy`, the squares
    /// `empty` empty, with the board's jump sources, ending in `ends`; the
    /// two ways round a square count apart if `keep`.
    #[inline(always)]
    fn men_routes<G: Geom, M: Mover, R: RouteEnds>(
        &self,
        g: G,
        enemy: u64,
        empty: u64,
        sources: [u64; 4],
        keep: bool,
        ends: R,
    ) -> MenRoutes<G, R> {
        let [stop, special] = self.landing_rules[M::US];
        let [ne, nw, se, sw] = sources;
        let goes_on = [ne | nw | se, ne | nw | sw, ne | se | sw, nw | se | sw];
        MenRoutes {
            g,
            sources,
            goes_on,
            stop,
            special,
            enemy,
            empty,
            flying: self.flying,
            caps: M::CAPS,
            keep,
            ends,
            deep: 0,
        }
    }

    /// Appends the captures of the side `M`, which has only men and a first
    /// jump, to `out` as [`Step`]s: the routes of up to four
    /// jumps straight from the bitboards ([`MenRoutes`]), the men with
    /// longer ones from the search. Not under the maximum rule.
    #[inline(never)]
    pub(super) fn men_capture_steps<G: Geom, M: Mover>(
        &self,
        g: G,
        pos: &Position,
        out: &mut Vec<Step>,
        scratch: &mut Vec<Action>,
        keep_duplicates: bool,
    ) {
        debug_assert!(M::FREE && !self.maximum);
        let (own, enemy, empty) = self.sides::<M>(pos);
        let landings = first_jumps(g, own, enemy, empty, M::CAPS);
        let onward = self.onward::<G, M>(g, enemy, empty, landings);
        let start = out.len();
        let promotion = self.layout.promotion[M::US];
        let ends = CollectRoutes { out, promotion };
        let mut routes =
            self.men_routes::<G, M, _>(g, enemy, empty, onward.sources, keep_duplicates, ends);
        routes.all(landings);
        let deep = routes.deep;
        if deep == 0 {
            return;
        }
        routes.ends.out.truncate(start);
        routes.all(first_jumps(g, own & !deep, enemy, empty, M::CAPS));
        self.searched(g, pos, deep, false, scratch, keep_duplicates);
        out.extend(scratch.iter().map(|a| Step::of(a, pos)));
    }

    /// The number of legal moves of the side `M` when it has kings.
    #[inline(never)]
    fn count_with_kings<G: Geom, M: Mover>(
        &self,
        g: G,
        pos: &Position,
        scratch: &mut Vec<Action>,
        keep_duplicates: bool,
    ) -> u64 {
        let (own, enemy, empty) = self.sides::<M>(pos);
        let kings = own & pos.kings;
        let men = own & !kings;
        let l = first_jumps(g, men, enemy, empty, M::CAPS);
        // The squares the kings reach by plain moves, per direction: a
        // flying king captures when one step past them is an enemy with an
        // empty square behind, a short king from where it stands.
        let rays = self.king_rays(g, kings, empty);
        let from = |d: usize| if self.flying { kings | rays[d] } else { kings };
        let king_jumps = [
            jumps_towards::<G, NE>(g, from(NE), enemy, empty),
            jumps_towards::<G, NW>(g, from(NW), enemy, empty),
            jumps_towards::<G, SE>(g, from(SE), enemy, empty),
            jumps_towards::<G, SW>(g, from(SW), enemy, empty),
        ];
        let king_jumps_any = king_jumps[NE] | king_jumps[NW] | king_jumps[SE] | king_jumps[SW];
        if l[NE] | l[NW] | l[SE] | l[SW] | king_jumps_any == 0 {
            let [a, b] = men_steps::<G, M>(g, men);
            let steps = u64::from((a & empty).count_ones()) + u64::from((b & empty).count_ones());
            // The rays of different kings towards one direction are apart
            // (each stops at the first piece), and so are those of one king
            // towards the four directions.
            let reach = if kings & (kings - 1) == 0 {
                u64::from((rays[0] | rays[1] | rays[2] | rays[3]).count_ones())
            } else {
                rays.iter().map(|r| u64::from(r.count_ones())).sum()
            };
            return steps + reach;
        }
        self.count_captures_with_kings::<G, M>(g, pos, l, king_jumps, scratch, keep_duplicates)
    }

    /// The number of captures of the side `M`, which has kings, from the
    /// first landing squares of its men's jumps (`men`) and its kings'
    /// (`kings`), per direction: on whole bitboards where every capture of
    /// a kind (the kings', the men's) is a single jump, the search for the
    /// other kind (or both, when the maximum rule may weigh one against
    /// the other).
    #[inline(never)]
    fn count_captures_with_kings<G: Geom, M: Mover>(
        &self,
        g: G,
        pos: &Position,
        men: [u64; 4],
        kings: [u64; 4],
        scratch: &mut Vec<Action>,
        keep_duplicates: bool,
    ) -> u64 {
        let (_, enemy, empty) = self.sides::<M>(pos);
        let men_any = men[NE] | men[NW] | men[SE] | men[SW] != 0;
        let men_single = !men_any || self.onward::<G, M>(g, enemy, empty, men).singles_only;
        let kings_counted = self.counted_king_captures::<G>(g, enemy, empty, kings);
        let men_count = || men.iter().map(|l| u64::from(l.count_ones())).sum::<u64>();
        let jumpers = || self.man_jumpers(g, pos, empty);
        match kings_counted {
            Some(k) if k != 0 && self.king_priority => k,
            Some(k) if men_single => k + men_count(),
            Some(k) if M::FREE => {
                k + self.searched(g, pos, jumpers(), false, scratch, keep_duplicates)
            }
            None if self.king_priority => self.searched(g, pos, 0, true, scratch, keep_duplicates),
            None if M::FREE && men_single => {
                men_count() + self.searched(g, pos, 0, true, scratch, keep_duplicates)
            }
            _ => {
                let kings_any = kings[NE] | kings[NW] | kings[SE] | kings[SW] != 0;
                self.searched(g, pos, jumpers(), kings_any, scratch, keep_duplicates)
            }
        }
    }

    /// The number of the kings' captures from the first landing squares of
    /// their jumps per direction (`first`), `enemy` the other side's
    /// pieces, when it is found on the board as it is: every capture of a
    /// short king is a single jump, every capture of a flying king at most
    /// two (one under the maximum rule, where lengths are weighed); `None`
    /// otherwise.
    ///
    /// A short king's jump ends on the first square past the piece it
    /// takes: one move per landing square, since the rays of two kings
    /// towards one direction are apart. After a jump towards `d` the
    /// squares that differ from the board as it is (the king's start, the
    /// piece taken) lie on the way back, so the capture goes on exactly
    /// when a king on the landing square could capture another way on the
    /// board as it is. Flying kings: [`Engine::flying_captures`].
    #[inline(always)]
    fn counted_king_captures<G: Geom>(
        &self,
        g: G,
        enemy: u64,
        empty: u64,
        first: [u64; 4],
    ) -> Option<u64> {
        if !self.flying {
            let onward = [
                king_takes_onward::<G, NE>(g, enemy, empty, false),
                king_takes_onward::<G, NW>(g, enemy, empty, false),
                king_takes_onward::<G, SE>(g, enemy, empty, false),
                king_takes_onward::<G, SW>(g, enemy, empty, false),
            ];
            if (0..4).any(|d| first[d] & onward[d] != 0) {
                return None;
            }
            return Some(first.iter().map(|l| u64::from(l.count_ones())).sum());
        }
        Some(
            self.flying_captures::<G, NE>(g, enemy, empty, first[NE])?
                + self.flying_captures::<G, NW>(g, enemy, empty, first[NW])?
                + self.flying_captures::<G, SE>(g, enemy, empty, first[SE])?
                + self.flying_captures::<G, SW>(g, enemy, empty, first[SW])?,
        )
    }

    /// The number of flying kings' captures whose first jump goes towards
    /// `D` and lands first on one of `first`, when none has a third jump
    /// (a single jump when the maximum rule weighs lengths).
    #[inline(always)]
    fn flying_captures<G: Geom, const D: usize>(
        &self,
        g: G,
        enemy: u64,
        empty: u64,
        first: u64,
    ) -> Option<u64> {
        let mut count = 0;
        for f in Bits(first) {
            self.flying_routes::<G, D>(g, enemy, empty, f as usize, |_, landings| {
                count += u64::from(landings.count_ones());
            })?;
        }
        Some(count)
    }

    /// Appends the captures of the flying kings `kings` to `out` as
    /// [`Step`]s, `enemy` the other side's pieces, when each has at most
    /// two jumps and the choice is free ([`Engine::flying_routes`]); `None`
    /// (having appended some) otherwise.
    #[inline(never)]
    pub(super) fn flying_king_steps<G: Geom>(
        &self,
        g: G,
        kings: u64,
        enemy: u64,
        empty: u64,
        out: &mut Vec<Step>,
    ) -> Option<()> {
        for s in Bits(kings) {
            self.flying_king_steps_towards::<G, NE>(g, s as usize, enemy, empty, out)?;
            self.flying_king_steps_towards::<G, NW>(g, s as usize, enemy, empty, out)?;
            self.flying_king_steps_towards::<G, SE>(g, s as usize, enemy, empty, out)?;
            self.flying_king_steps_towards::<G, SW>(g, s as usize, enemy, empty, out)?;
        }
        Some(())
    }

    /// [`Engine::flying_king_steps`] of the king on the bit `from` whose
    /// first jump goes towards `D`.
    #[inline(always)]
    fn flying_king_steps_towards<G: Geom, const D: usize>(
        &self,
        g: G,
        from: usize,
        enemy: u64,
        empty: u64,
        out: &mut Vec<Step>,
    ) -> Option<()> {
        // The king's own square is no piece in its way.
        let landed = flying_jump::<G, D>(g, &self.rays, from, enemy, empty | 1 << from);
        if landed == 0 {
            return Some(());
        }
        let f = nearest(landed, D);
        self.flying_routes::<G, D>(g, enemy, empty, f, |captured, landings| {
            for to in Bits(landings) {
                let moved = 1u64 << from | 1u64 << to;
                out.push(Step {
                    own: moved,
                    captured,
                    kings: moved,
                });
            }
        })
    }

    /// Hands the captures of a flying king whose first jump goes towards
    /// `D` and lands first on the bit `f` to `end`, as the pieces taken and
    /// the squares each of which ends one move; `None` (having handed over
    /// some) when one has a third jump, or a second under the maximum rule.
    ///
    /// A landing square where the king can capture again (straight on, the
    /// same from every landing, or to either side) is the only kind it may
    /// stop on; the second jump's landing squares each end a move unless
    /// one of them goes on too. Every square a two-jump route changes (the
    /// king's start, the pieces taken) lies behind the king on the lines it
    /// went along, which no jump from a later landing crosses: the board as
    /// it is answers each test. A second jump straight on is one move
    /// whichever square before it the king landed on; two routes of at
    /// most two jumps that take the same pieces are otherwise the same
    /// route, so the moves are the same with and without duplicates kept.
    #[inline(always)]
    fn flying_routes<G: Geom, const D: usize>(
        &self,
        g: G,
        enemy: u64,
        empty: u64,
        f: usize,
        mut end: impl FnMut(u64, u64),
    ) -> Option<()> {
        let rays = &self.rays;
        let taken = g.step(1 << f, back(D));
        let landed = landings_past::<D>(rays, f, empty);
        // Straight on: the piece that ends the landing squares.
        let straight = flying_jump::<G, D>(g, rays, f, enemy, empty);
        let mut goes_on = straight != 0;
        if goes_on {
            if self.maximum {
                return None;
            }
            let second = jumped::<G, D>(g, rays, straight, enemy, empty)?;
            end(taken | second, straight);
        }
        for at in Bits(landed) {
            let at = at as usize;
            let (left, right) = if D == NE || D == SW {
                (
                    flying_jump::<G, NW>(g, rays, at, enemy, empty),
                    flying_jump::<G, SE>(g, rays, at, enemy, empty),
                )
            } else {
                (
                    flying_jump::<G, NE>(g, rays, at, enemy, empty),
                    flying_jump::<G, SW>(g, rays, at, enemy, empty),
                )
            };
            if left | right == 0 {
                continue;
            }
            if self.maximum {
                return None;
            }
            goes_on = true;
            let (second_left, second_right) = if D == NE || D == SW {
                (
                    jumped::<G, NW>(g, rays, left, enemy, empty)?,
                    jumped::<G, SE>(g, rays, right, enemy, empty)?,
                )
            } else {
                (
                    jumped::<G, NE>(g, rays, left, enemy, empty)?,
                    jumped::<G, SW>(g, rays, right, enemy, empty)?,
                )
            };
            if left != 0 {
                end(taken | second_left, left);
            }
            if right != 0 {
                end(taken | second_right, right);
            }
        }
        if !goes_on {
            end(taken, landed);
        }
        Some(())
    }

    /// The number of legal captures found by the search, starting with the
    /// men `jumpers` and the kings if `kings`.
    fn searched<G: Geom>(
        &self,
        g: G,
        pos: &Position,
        jumpers: u64,
        kings: bool,
        scratch: &mut Vec<Action>,
        keep_duplicates: bool,
    ) -> u64 {
        scratch.clear();
        let mut sink = ActionSink {
            start: 0,
            orders: Vec::new(),
            out: scratch,
            keep_duplicates,
            maximum: self.maximum,
            best: 0,
        };
        self.captures_from(g, pos, &mut sink, false, (jumpers, kings), keep_duplicates);
        scratch.len() as u64
    }
}

impl Engine {
    /// perft(2) of `pos`, the side `M` to move: the legal moves of every
    /// child, summed.
    #[inline(always)]
    pub(super) fn count_children<G: Geom, M: Mover>(
        &self,
        g: G,
        pos: &Position,
        list: &mut Vec<Step>,
        scratch: &mut Vec<Action>,
        keep_duplicates: bool,
    ) -> u64 {
        let (own, enemy, empty) = self.sides::<M>(pos);
        let kings = own & pos.kings;
        let first = FirstJumps {
            men: first_jumps(g, own & !kings, enemy, empty, M::CAPS),
            king: kings != 0 && self.king_can_capture(g, pos, empty),
        };
        let all_kings = pos.kings;
        let mut total = 0;
        if !first.any() {
            if kings == 0 {
                return self.count_after_men_steps::<G, M>(g, pos, empty, scratch, keep_duplicates);
            }
            list.clear();
            self.quiet_steps::<G, M>(g, own, kings, empty, |step| list.push(step));
        } else {
            list.clear();
            self.capture_steps::<G, M>(g, pos, first, list, scratch, keep_duplicates);
        }
        for step in list.iter() {
            let next = step.child::<M>(own, enemy, all_kings);
            total += self.count_moves::<G, M::Other>(g, &next, scratch, keep_duplicates);
        }
        total
    }

    /// perft(2) when the side `M` has only men and no capture, so every
    /// move is a step of a man.
    ///
    /// When the other side has only men and no jump on the board as it is,
    /// a step from `f` to `t` gives it a capture only by a jump landing on
    /// `f` or a jump over `t`; in every other child its moves are its
    /// steps, which differ from those on the board as it is only on `f`
    /// (now empty) and `t` (now taken). Those children are counted on whole
    /// bitboards, direction by direction; the others one by one, each from
    /// the other side's men stepped ahead once for all children
    /// ([`MenAhead`]) and the two squares that changed.
    #[inline(never)]
    fn count_after_men_steps<G: Geom, M: Mover>(
        &self,
        g: G,
        pos: &Position,
        empty: u64,
        scratch: &mut Vec<Action>,
        keep_duplicates: bool,
    ) -> u64 {
        let own = pos.pieces[M::US];
        let enemy = pos.pieces[M::US ^ 1];
        let promotion = self.layout.promotion[M::US];
        let child = |f: u64, t: u64| {
            let mut next = *pos;
            next.pieces[M::US] = own ^ f ^ t;
            next.kings |= t & promotion;
            next.side = next.side.opposite();
            next
        };
        let mut total = 0;
        if enemy & pos.kings != 0 {
            for d in M::FORWARD {
                for t in Bits(g.step(own, d) & empty) {
                    let t = 1u64 << t;
                    let next = child(g.step(t, back(d)), t);
                    total += self.count_moves::<G, M::Other>(g, &next, scratch, keep_duplicates);
                }
            }
            return total;
        }
        // The other side has only men, the same in every child: their steps
        // ahead are shared, and a child's count needs only the squares that
        // changed.
        let theirs = MenAhead::new::<G, M::Other>(g, enemy);
        let ahead = theirs.ahead;
        let jumps = theirs.landings(g, own, empty);
        // Per forward direction: the targets whose children are counted one
        // by one.
        let mut apart = M::FORWARD.map(|d| g.step(own, d) & empty);
        if jumps[0] | jumps[1] | jumps[2] | jumps[3] == 0 {
            let [q1, q2] = theirs.steps;
            let base = u64::from((q1 & empty).count_ones()) + u64::from((q2 & empty).count_ones());
            // Per direction `e` of their jumps, the squares one step short
            // of an empty one (`x + e` empty).
            let behind = [
                to::<G, SW>(g, empty),
                to::<G, SE>(g, empty),
                to::<G, NW>(g, empty),
                to::<G, NE>(g, empty),
            ];
            // A jump over `t`; a jump landing on a vacated `f` (in `f`).
            let over_to = (ahead[NE] & behind[NE])
                | (ahead[NW] & behind[NW])
                | (ahead[SE] & behind[SE])
                | (ahead[SW] & behind[SW]);
            let onto_from = (to::<G, NE>(g, own & ahead[NE])
                | to::<G, NW>(g, own & ahead[NW])
                | to::<G, SE>(g, own & ahead[SE])
                | to::<G, SW>(g, own & ahead[SW]))
                & own;
            // Per forward direction `d` (each direction written out, so that
            // its shifts are constants): the quiet children counted, the
            // threatened targets left in `targets`.
            let mut quiet_children = |targets: &mut u64, d: usize| {
                // The targets `t` after which the other side has a jump: also
                // a man on `t + d` that jumps `t` back onto `f`.
                let threatened = ahead[back(d)] | over_to | g.step(onto_from, d);
                let quiet = *targets & !threatened;
                let froms = g.step(quiet, back(d));
                let gained =
                    u64::from((froms & q1).count_ones()) + u64::from((froms & q2).count_ones());
                let lost =
                    u64::from((quiet & q1).count_ones()) + u64::from((quiet & q2).count_ones());
                total += u64::from(quiet.count_ones()) * base + gained - lost;
                *targets &= threatened;
            };
            let [first, second] = &mut apart;
            quiet_children(first, M::FORWARD[0]);
            quiet_children(second, M::FORWARD[1]);
        }
        for (targets, d) in apart.into_iter().zip(M::FORWARD) {
            for t in Bits(targets) {
                let t = 1u64 << t;
                let f = g.step(t, back(d));
                let (own, empty) = (own ^ f ^ t, empty ^ f ^ t);
                let sides = (enemy, pos.kings | (t & promotion));
                total += self.count_men_moves::<G, M::Other>(
                    g,
                    &theirs,
                    own,
                    empty,
                    sides,
                    scratch,
                    keep_duplicates,
                );
            }
        }
        total
    }
}
