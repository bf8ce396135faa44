//! The draw rules of a profile ([`DrawRule`], `[[rules.draw]]`) on a game:
//! a [`DrawClock`] per game, advanced with each move, read generically from
//! the rules' data (counters, resets, material, thresholds). The position
//! stays a small `Copy` value without history; perft never sees this.

use crate::moves::Move;
use crate::position::Position;
use crate::rules::{Decision, DrawKind, DrawRule, Reset, SideMaterial};
use board_core::{Graph, NodeId, Side};

/// What a draughts game's draw rules need of the game so far: per rule its
/// counter (plies), and the positions reached since the last capture or man
/// move (none can recur across one), for repetition.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct DrawClock {
    pub(crate) counters: Vec<u16>,
    /// The largest of the counters (0: every counter at 0).
    top: u16,
    pub(crate) history: Vec<Position>,
}

/// A checker keeps the clock before each move (where a variation starts):
/// copied into the buffers it already has.
impl Clone for DrawClock {
    fn clone(&self) -> Self {
        DrawClock {
            counters: self.counters.clone(),
            top: self.top,
            history: self.history.clone(),
        }
    }

    #[inline]
    fn clone_from(&mut self, source: &Self) {
        // Both empty (a profile without draw rules): nothing to copy.
        if !(self.counters.is_empty() && source.counters.is_empty()) {
            self.counters.clone_from(&source.counters);
        }
        self.top = source.top;
        if !(self.history.is_empty() && source.history.is_empty()) {
            self.history.clone_from(&source.history);
        }
    }
}

/// A side's material condition with its squares as bits.
#[derive(Clone, Debug)]
struct SideCheck {
    spec: SideMaterial,
    on: u64,
}

/// A draw rule with its squares resolved to bits.
#[derive(Clone, Debug)]
pub(crate) struct Compiled {
    pub(crate) rule: DrawRule,
    strong: Option<SideCheck>,
    weak: Option<SideCheck>,
    /// The kinds of move that reset its counter ([`RESET_CAPTURE`], ...),
    /// as bits.
    resets: u8,
    /// The fewest kings on the board its material allows: a position with
    /// fewer is ruled out at once (most positions of a game have none).
    min_kings: u32,
    /// Whether its material is counts only (no squares): a move that
    /// neither captures nor crowns leaves it as it was.
    counts_only: bool,
}

/// A move that captures, as a bit of [`Compiled::resets`].
const RESET_CAPTURE: u8 = 1;
/// A man's move.
const RESET_MAN_MOVE: u8 = 2;
/// A crowning.
const RESET_CROWNING: u8 = 4;

/// The bits of the moves that reset a counter with these resets.
fn reset_bits(resets: &[Reset]) -> u8 {
    resets.iter().fold(0, |bits, r| {
        bits | match r {
            Reset::Capture => RESET_CAPTURE,
            Reset::ManMove => RESET_MAN_MOVE,
            Reset::Crowning => RESET_CROWNING,
            Reset::BalanceChange => RESET_CAPTURE | RESET_CROWNING,
        }
    })
}

/// The profile's draw rules, compiled once.
#[derive(Clone, Debug, Default)]
pub(crate) struct Draws {
    pub(crate) rules: Vec<Compiled>,
    repetition: bool,
    /// Per rule, the count its counter must reach to be met (`u16::MAX`
    /// for a repetition rule, whose counter stays 0).
    thresholds: Vec<u16>,
    /// The fewest positions the history holds when a repetition rule can
    /// be met (`times`, one fewer for a claim made before the move);
    /// `usize::MAX` when the profile has no repetition rule.
    min_history: usize,
    /// Per kind of move (its reset bits, [`RESET_CAPTURE`], ...): the
    /// fewest kings the position before it needs for some counter to go
    /// on; with fewer, every counter restarts (`u32::MAX`: the move resets
    /// them all).
    kings_to_count: [u32; 8],
    /// The smallest of the thresholds: a clock whose counters are all
    /// below it has no counter due.
    min_threshold: u16,
}

impl Draws {
    /// Resolves the rules' squares (`bit` maps a node to its bit) and
    /// checks their numbers; an error says which rule is wrong.
    pub(crate) fn new(
        rules: &[DrawRule],
        graph: &Graph,
        bit: impl Fn(NodeId) -> u32,
    ) -> Result<Self, String> {
        let side = |spec: &Option<SideMaterial>, name: &str| -> Result<Option<SideCheck>, String> {
            let Some(spec) = spec else { return Ok(None) };
            let mut on = 0u64;
            for label in &spec.on {
                let node = graph.node_by_label(label).ok_or_else(|| {
                    format!("[[rules.draw]] `{name}`: `{label}` is no square of this board")
                })?;
                on |= 1u64 << bit(node);
            }
            Ok(Some(SideCheck {
                spec: spec.clone(),
                on,
            }))
        };
        let mut out = Draws {
            min_history: usize::MAX,
            kings_to_count: [u32::MAX; 8],
            min_threshold: u16::MAX,
            ..Draws::default()
        };
        for r in rules {
            match r.kind {
                DrawKind::Counter if r.plies == 0 => {
                    return Err(format!(
                        "[[rules.draw]] `{}`: a counter needs `plies` of at least 1",
                        r.name
                    ));
                }
                DrawKind::Repetition if r.times < 2 => {
                    return Err(format!(
                        "[[rules.draw]] `{}`: `times` must be at least 2",
                        r.name
                    ));
                }
                DrawKind::Repetition => {
                    out.repetition = true;
                    let claim = usize::from(r.decision == Decision::Claim);
                    out.min_history = out.min_history.min(usize::from(r.times) - claim);
                }
                DrawKind::Counter => {}
            }
            let threshold = match r.kind {
                DrawKind::Counter => r.plies,
                DrawKind::Repetition => u16::MAX,
            };
            out.thresholds.push(threshold);
            out.min_threshold = out.min_threshold.min(threshold);
            let kings = |spec: &Option<SideMaterial>| spec.as_ref().map_or(0, |s| s.kings.min);
            let squares =
                |spec: &Option<SideMaterial>| spec.as_ref().is_some_and(|s| !s.on.is_empty());
            let compiled = Compiled {
                rule: r.clone(),
                strong: side(&r.strong, &r.name)?,
                weak: side(&r.weak, &r.name)?,
                resets: reset_bits(&r.reset),
                min_kings: (u32::from(kings(&r.strong)) + u32::from(kings(&r.weak)))
                    .max(if r.both_have_kings { 2 } else { 0 }),
                counts_only: !squares(&r.strong) && !squares(&r.weak),
            };
            if r.kind == DrawKind::Counter {
                for (moved, need) in (0u8..).zip(out.kings_to_count.iter_mut()) {
                    if compiled.resets & moved == 0 {
                        *need = (*need).min(compiled.min_kings);
                    }
                }
            }
            out.rules.push(compiled);
        }
        Ok(out)
    }

    /// The clock of a game starting at `position`: counters at 0 (a `FEN`
    /// carries no counters), `position` reached once.
    pub(crate) fn start(&self, position: &Position) -> DrawClock {
        DrawClock {
            counters: vec![0; self.rules.len()],
            top: 0,
            history: if self.repetition {
                // Room for the positions of a few king moves in a row.
                let mut history = Vec::with_capacity(16);
                history.push(*position);
                history
            } else {
                Vec::new()
            },
        }
    }

    /// Advances the clock by `mv`, played from `before` to `after`.
    pub(crate) fn advance(
        &self,
        clock: &mut DrawClock,
        before: &Position,
        mv: &Move,
        after: &Position,
    ) {
        if self.rules.is_empty() {
            return;
        }
        if clock.counters.len() != self.rules.len() {
            clock.counters.resize(self.rules.len(), 0);
        }
        let capture = mv.is_capture();
        let man = !mv.is_by_king();
        let crowning = mv.is_promotion();
        let moved = if capture { RESET_CAPTURE } else { 0 }
            | if man { RESET_MAN_MOVE } else { 0 }
            | if crowning { RESET_CROWNING } else { 0 };
        if before.kings.count_ones() < self.kings_to_count[usize::from(moved)] {
            // No rule this move leaves running can hold before it (most
            // moves: a man's, with no king or one on the board).
            if clock.top != 0 {
                clock.counters.fill(0);
                clock.top = 0;
            }
        } else {
            let mut top = 0;
            // Only a capture or a crowning changes the material counts.
            let same_counts = !capture && !crowning;
            for (c, counter) in self.rules.iter().zip(clock.counters.iter_mut()) {
                if c.rule.kind != DrawKind::Counter {
                    continue;
                }
                let goes_on = c.resets & moved == 0
                    && c.holds(before)
                    && ((same_counts && c.counts_only) || c.holds(after));
                *counter = if goes_on {
                    counter.saturating_add(1)
                } else {
                    0
                };
                top = top.max(*counter);
            }
            clock.top = top;
        }
        if self.repetition {
            if capture || man {
                clock.history.clear();
            }
            clock.history.push(*after);
        }
    }

    /// Whether no rule can be met with this clock: every counter below its
    /// count, and too few positions reached for any repetition. Asked
    /// before the rules one by one (after most moves, nothing is due).
    pub(crate) fn none_due(&self, clock: &DrawClock) -> bool {
        clock.history.len() < self.min_history
            && (clock.top < self.min_threshold
                || clock
                    .counters
                    .iter()
                    .zip(&self.thresholds)
                    .all(|(&n, &t)| n < t))
    }

    /// How often `position` was reached (at least once: it is reached now).
    pub(crate) fn occurrences(clock: &DrawClock, position: &Position) -> usize {
        clock
            .history
            .iter()
            .filter(|p| *p == position)
            .count()
            .max(1)
    }

    /// Whether some position was reached at least `n` times.
    pub(crate) fn any_reached(clock: &DrawClock, n: usize) -> bool {
        clock
            .history
            .iter()
            .any(|p| clock.history.iter().filter(|q| *q == p).count() >= n)
    }
}

impl Compiled {
    /// Whether the rule's material holds in `p`.
    pub(crate) fn holds(&self, p: &Position) -> bool {
        let r = &self.rule;
        let total = (p.pieces[0] | p.pieces[1]).count_ones();
        if !r.pieces.holds(total) || p.kings.count_ones() < self.min_kings {
            return false;
        }
        if r.both_have_kings && p.pieces.iter().any(|&side| side & p.kings == 0) {
            return false;
        }
        if self.strong.is_none() && self.weak.is_none() {
            return true;
        }
        [Side::White, Side::Black].into_iter().any(|strong| {
            let weak = strong.opposite();
            self.strong.as_ref().is_none_or(|s| s.matches(p, strong))
                && self.weak.as_ref().is_none_or(|w| w.matches(p, weak))
        })
    }
}

impl SideCheck {
    fn matches(&self, p: &Position, side: Side) -> bool {
        let own = p.pieces[side.index()];
        let kings = (own & p.kings).count_ones();
        let pieces = own.count_ones();
        let s = &self.spec;
        if !(s.pieces.holds(pieces) && s.kings.holds(kings) && s.men.holds(pieces - kings)) {
            return false;
        }
        if self.on == 0 {
            return true;
        }
        let other = p.pieces[side.opposite().index()];
        own & !self.on == 0 && (!s.alone_on || other & self.on == 0)
    }
}

#[cfg(test)]
mod tests {
    use crate::Draughts;
    use crate::matching::tests::{Rng, load};
    use crate::moves::{Move, legal_routes};
    use crate::position::Position;
    use crate::rules::{DrawKind, Reset};
    use board_core::{Profiled, Side};

    /// The five profiles with draw rules (`@2`), loaded.
    fn profiles() -> Vec<Draughts> {
        vec![
            load(
                "russian.v2",
                include_str!("../../../rules/russian-draughts/russian.v2.toml"),
            ),
            load(
                "english.v2",
                include_str!("../../../rules/russian-draughts/english.v2.toml"),
            ),
            load(
                "international.v2",
                include_str!("../../../rules/russian-draughts/international.v2.toml"),
            ),
            load(
                "brazilian.v2",
                include_str!("../../../rules/russian-draughts/brazilian.v2.toml"),
            ),
            load(
                "czech.v2",
                include_str!("../../../rules/russian-draughts/czech.v2.toml"),
            ),
        ]
    }

    /// A few pieces, most of them kings: the endings the counters are for.
    fn ending(game: &Draughts, rng: &mut Rng) -> Position {
        let squares = game.engine().layout.squares;
        let mut pieces = [0u64; 2];
        let mut kings = 0u64;
        let mut bits = squares;
        let spread = [8, 12, 20][rng.below(3)];
        while bits != 0 {
            let bit = bits & bits.wrapping_neg();
            bits ^= bit;
            if rng.below(spread) == 0 {
                pieces[rng.below(2)] |= bit;
                kings |= bit * u64::from(rng.below(4) != 0);
            }
        }
        let side = if rng.below(2) == 0 {
            Side::White
        } else {
            Side::Black
        };
        Position {
            pieces,
            kings,
            side,
        }
    }

    /// Whether `mv` is one of the moves that reset a counter with `resets`.
    fn resets(resets: &[Reset], mv: &Move) -> bool {
        resets.iter().any(|r| match r {
            Reset::Capture => mv.is_capture(),
            Reset::ManMove => !mv.is_by_king(),
            Reset::Crowning => mv.is_promotion(),
            Reset::BalanceChange => mv.is_capture() || mv.is_promotion(),
        })
    }

    /// A profile says it keeps no clock exactly when it has no draw rules,
    /// and then `advance` leaves the clock as it started and no rule ends
    /// the game, on random games: a caller that skips the clock and the
    /// rules for such a profile misses nothing.
    #[test]
    fn a_profile_without_a_clock_never_changes_it() {
        use board_core::{Adjudication, GameRules};
        let all = crate::matching::tests::profiles()
            .into_iter()
            .chain(profiles());
        let mut without = 0;
        for game in all {
            assert_eq!(game.has_clock(), !game.draws().rules.is_empty());
            if game.has_clock() {
                continue;
            }
            without += 1;
            let mut rng = Rng(0x2545_f491_4f6c_dd1d);
            for _ in 0..200 {
                let mut pos = game.start_position();
                let start = game.start_clock(&pos);
                let mut clock = game.start_clock(&pos);
                for _ in 0..200 {
                    let moves = legal_routes(game.engine(), &pos);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = &moves[rng.below(moves.len())];
                    let before = pos;
                    game.play(&mut pos, mv);
                    game.advance(&mut clock, &before, mv, &pos);
                    assert_eq!(clock, start);
                    assert_eq!(game.rule_ending(&clock, &pos), None);
                }
            }
        }
        assert_eq!(without, 5);
    }

    /// The clock `advance` keeps is the clock recomputed from each move and
    /// the positions on both sides of it (every counter, every rule's
    /// material asked of both), on random games of every profile with draw
    /// rules, from the start and from endings of a few kings.
    #[test]
    fn advance_agrees_with_the_rules_recomputed_at_each_move() {
        for game in profiles() {
            let draws = game.draws();
            let mut rng = Rng(0x7f4a_7c15_9e37_79b9);
            let mut running = vec![0usize; draws.rules.len()];
            for round in 0..3000 {
                let mut pos = if round % 4 == 0 {
                    game.start_position()
                } else {
                    ending(&game, &mut rng)
                };
                let mut clock = draws.start(&pos);
                let mut counters = vec![0u16; draws.rules.len()];
                let mut history = clock.history.clone();
                for _ in 0..240 {
                    let moves = legal_routes(game.engine(), &pos);
                    if moves.is_empty() {
                        break;
                    }
                    let mv = &moves[rng.below(moves.len())];
                    let mut after = pos;
                    mv.apply(&mut after);
                    draws.advance(&mut clock, &pos, mv, &after);
                    for (i, c) in draws.rules.iter().enumerate() {
                        if c.rule.kind != DrawKind::Counter {
                            continue;
                        }
                        counters[i] =
                            if !resets(&c.rule.reset, mv) && c.holds(&pos) && c.holds(&after) {
                                counters[i] + 1
                            } else {
                                0
                            };
                        running[i] += usize::from(counters[i] > 0);
                    }
                    if draws.repetition {
                        if mv.is_capture() || !mv.is_by_king() {
                            history.clear();
                        }
                        history.push(after);
                    }
                    assert_eq!(clock.counters, counters, "{mv:?} from {pos:?}");
                    assert_eq!(clock.history, history);
                    assert_eq!(clock.top, counters.iter().copied().max().unwrap_or(0));
                    let due = history.len() >= draws.min_history
                        || counters.iter().zip(&draws.thresholds).any(|(n, t)| n >= t);
                    assert_eq!(draws.none_due(&clock), !due);
                    pos = after;
                }
            }
            for (c, n) in draws.rules.iter().zip(&running) {
                let counts = c.rule.kind == DrawKind::Counter;
                assert!(!counts || *n > 100, "{}: running {n} times", c.rule.name);
            }
        }
    }
}
