//! Move generation on position masks: plain steps and capture routes.

use crate::rules::{CaptureRule, ChainRule, Rules};
use crate::tables::{Tables, bit, points};
use board_core::Side;

/// Receives generated moves.
pub(crate) trait Sink {
    /// A plain step.
    fn plain(&mut self, from: u8, to: u8);
    /// A capture route: its landing points in order and the captured men.
    fn capture(&mut self, from: u8, landings: &[u8], captured: u64);
}

/// The longest route: every jump takes a man, so at most one per point.
const MAX_ROUTE: usize = 65;

/// Generates every legal route of `side` on `men` (huffs are the caller's):
/// captures first, then plain steps unless a capture exists and captures
/// are mandatory. Routes with the same identity are all reported.
pub(crate) fn generate(t: &Tables, rules: &Rules, men: [u64; 2], side: Side, sink: &mut impl Sink) {
    let own = men[side.index()];
    let enemy = men[side.opposite().index()];
    let empty = t.all & !(own | enemy);
    let mut any_capture = false;
    for from in points(own) {
        any_capture |= captures_from(t, rules, enemy, empty, from, sink);
    }
    if any_capture && rules.capture == CaptureRule::Mandatory {
        return;
    }
    plain_steps(t, men, side, sink);
}

/// Reports every plain step of `side`, whatever the capture rule.
pub(crate) fn plain_steps(t: &Tables, men: [u64; 2], side: Side, sink: &mut impl Sink) {
    let own = men[side.index()];
    let empty = t.all & !(own | men[side.opposite().index()]);
    for from in points(own & !t.frozen[side.index()]) {
        for to in points(t.steps[side.index()][usize::from(from)] & empty) {
            sink.plain(from, to);
        }
    }
}

/// Whether `side` has any move ([`generate`] would report one): a man with
/// a first jump (every first jump ends some route), or a plain step (legal
/// itself, or else a capture is).
pub(crate) fn has_any_move(t: &Tables, men: [u64; 2], side: Side) -> bool {
    let own = men[side.index()];
    let empty = t.all & !(own | men[side.opposite().index()]);
    has_capture(t, men, side)
        || points(own & !t.frozen[side.index()])
            .any(|from| t.steps[side.index()][usize::from(from)] & empty != 0)
}

/// Whether some man of `side` can capture.
pub(crate) fn has_capture(t: &Tables, men: [u64; 2], side: Side) -> bool {
    capturers(t, men, side) != 0
}

/// The men of `side` that can capture.
pub(crate) fn capturers(t: &Tables, men: [u64; 2], side: Side) -> u64 {
    let own = men[side.index()];
    let enemy = men[side.opposite().index()];
    let empty = t.all & !(own | enemy);
    points(own)
        .filter(|&p| {
            t.jumps[usize::from(p)]
                .iter()
                .any(|j| enemy & bit(j.over) != 0 && empty & bit(j.land) != 0)
        })
        .fold(0, |acc, p| acc | bit(p))
}

/// Reports every capture route of the man on `from`; returns whether it has
/// one. `empty` excludes `from`, which the man vacates at its first jump.
pub(crate) fn captures_from(
    t: &Tables,
    rules: &Rules,
    enemy: u64,
    empty: u64,
    from: u8,
    sink: &mut impl Sink,
) -> bool {
    let mut route = [0u8; MAX_ROUTE];
    route[0] = from;
    let mut search = Search {
        t,
        rules,
        enemy,
        empty: empty | bit(from),
        route,
    };
    search.extend(0, bit(from), 0, sink)
}

struct Search<'a> {
    t: &'a Tables,
    rules: &'a Rules,
    enemy: u64,
    empty: u64,
    route: [u8; MAX_ROUTE],
}

impl Search<'_> {
    /// Extends the route `route[..=len]`; returns whether a jump was found.
    fn extend(&mut self, len: usize, visited: u64, captured: u64, sink: &mut impl Sink) -> bool {
        let at = self.route[len];
        let mut extended = false;
        for j in &self.t.jumps[usize::from(at)] {
            let over = bit(j.over);
            let land = bit(j.land);
            if self.enemy & over == 0 || captured & over != 0 {
                continue;
            }
            if (self.empty | captured) & land == 0 {
                continue;
            }
            if !self.rules.chain_may_revisit && visited & land != 0 {
                continue;
            }
            extended = true;
            self.route[len + 1] = j.land;
            let taken = captured | over;
            match self.rules.chain {
                ChainRule::Single => sink.capture(self.route[0], &self.route[1..=len + 1], taken),
                ChainRule::MayStop => {
                    sink.capture(self.route[0], &self.route[1..=len + 1], taken);
                    self.extend(len + 1, visited | land, taken, sink);
                }
                ChainRule::MustContinue => {
                    self.extend(len + 1, visited | land, taken, sink);
                }
            }
        }
        if !extended && len > 0 && self.rules.chain == ChainRule::MustContinue {
            sink.capture(self.route[0], &self.route[1..=len], captured);
        }
        extended
    }
}

/// The points the man on `at` can take next in a route that has already
/// taken `captured` (for "the capture must continue" messages): every
/// jumpable enemy man.
pub(crate) fn next_takes(t: &Tables, enemy: u64, empty: u64, at: u8, captured: u64) -> Vec<u8> {
    t.jumps[usize::from(at)]
        .iter()
        .filter(|j| {
            enemy & bit(j.over) != 0
                && captured & bit(j.over) == 0
                && (empty | captured) & bit(j.land) != 0
        })
        .map(|j| j.over)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{Sink, generate, has_any_move};
    use crate::Alquerque;
    use board_core::Side;
    use board_core::conformance::Rng;
    use board_core::prelude::*;

    /// Counts what [`generate`] reports.
    struct Count(usize);

    impl Sink for Count {
        fn plain(&mut self, _: u8, _: u8) {
            self.0 += 1;
        }
        fn capture(&mut self, _: u8, _: &[u8], _: u64) {
            self.0 += 1;
        }
    }

    /// `has_any_move` says yes exactly when `generate` reports a move, on
    /// random placements of men on the boards of every profile.
    #[test]
    fn has_any_move_agrees_with_generate() {
        let mut rng = Rng::new(11);
        for id in Alquerque::builtin_profiles().expect("profiles") {
            let game = Alquerque::builtin(&format!("{}@{}", id.name, id.version)).expect("loads");
            let t = &game.tables;
            for _ in 0..3000 {
                let (a, b) = (
                    rng.next_u64() & rng.next_u64(),
                    rng.next_u64() & rng.next_u64(),
                );
                let men = [a & t.all, b & t.all & !a];
                for side in [Side::White, Side::Black] {
                    let mut count = Count(0);
                    generate(t, &game.config.rules, men, side, &mut count);
                    assert_eq!(
                        has_any_move(t, men, side),
                        count.0 > 0,
                        "{} {men:?}",
                        id.name
                    );
                }
            }
        }
    }
}
