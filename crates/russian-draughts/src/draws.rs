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
    pub(crate) history: Vec<Position>,
}

/// A checker keeps the clock before each move (where a variation starts):
/// copied into the buffers it already has.
impl Clone for DrawClock {
    fn clone(&self) -> Self {
        DrawClock {
            counters: self.counters.clone(),
            history: self.history.clone(),
        }
    }

    #[inline]
    fn clone_from(&mut self, source: &Self) {
        // Both empty (a profile without draw rules): nothing to copy.
        if !(self.counters.is_empty() && source.counters.is_empty()) {
            self.counters.clone_from(&source.counters);
        }
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
    /// be met (`times`, one fewer for a claim made before the move); 0
    /// when not known, which rules nothing out.
    min_history: usize,
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
            out.thresholds.push(match r.kind {
                DrawKind::Counter => r.plies,
                DrawKind::Repetition => u16::MAX,
            });
            let kings = |spec: &Option<SideMaterial>| spec.as_ref().map_or(0, |s| s.kings.min);
            out.rules.push(Compiled {
                rule: r.clone(),
                strong: side(&r.strong, &r.name)?,
                weak: side(&r.weak, &r.name)?,
                resets: reset_bits(&r.reset),
                min_kings: (u32::from(kings(&r.strong)) + u32::from(kings(&r.weak)))
                    .max(if r.both_have_kings { 2 } else { 0 }),
            });
        }
        Ok(out)
    }

    /// The clock of a game starting at `position`: counters at 0 (a `FEN`
    /// carries no counters), `position` reached once.
    pub(crate) fn start(&self, position: &Position) -> DrawClock {
        DrawClock {
            counters: vec![0; self.rules.len()],
            history: if self.repetition {
                vec![*position]
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
        for (c, counter) in self.rules.iter().zip(clock.counters.iter_mut()) {
            if c.rule.kind != DrawKind::Counter {
                continue;
            }
            let reset = c.resets & moved != 0;
            *counter = if !reset && c.holds(before) && c.holds(after) {
                counter.saturating_add(1)
            } else {
                0
            };
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
            && clock
                .counters
                .iter()
                .zip(&self.thresholds)
                .all(|(&n, &t)| n < t)
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
