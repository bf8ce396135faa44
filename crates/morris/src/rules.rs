//! The `[rules]` and `[start]` tables of a morris profile: every rule of the
//! family as a named switch.

use board_core::notation::count;
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use std::fmt;

/// The rule switches of a morris profile (`[rules]`).
///
/// Defaults are the standard nine men's morris choices; bundled profiles
/// spell every switch out.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Rules {
    /// Men each side starts with in hand.
    #[serde(alias = "men_per_side")]
    pub men_per_side: u8,
    /// Whether all men are placed before any man moves.
    #[serde(default)]
    pub placing: Placing,
    /// Men on the board at which a side flies in the moving phase.
    #[serde(alias = "flying_at")]
    pub flying_at: FlyingAt,
    /// Which enemy men a mill may take.
    #[serde(alias = "mill_protection")]
    pub mill_protection: MillProtection,
    /// Men taken by a move that forms two (or more) mills at once: 1 or 2.
    #[serde(default = "one")]
    #[serde(alias = "removals_per_double_mill")]
    pub removals_per_double_mill: u8,
    /// What a removal during the placing phase leaves on its point.
    #[serde(default)]
    #[serde(alias = "marked_points")]
    pub marked_points: MarkedPoints,
    /// What happens to a side that must place but has no point to place on.
    #[serde(default)]
    #[serde(alias = "no_placement")]
    pub no_placement: NoPlacement,
    /// What happens to a side that has no legal move.
    #[serde(default)]
    pub blocked: Blocked,
    /// What happens when the board is full and the side to move is blocked.
    #[serde(default)]
    #[serde(alias = "full_board")]
    pub full_board: FullBoard,
    /// A side with this many men or fewer, on the board and in hand
    /// together, has lost.
    #[serde(default = "two")]
    #[serde(alias = "loses_with")]
    pub loses_with: u8,
    /// Draw after this many moves in a row (plies of either side) without a
    /// removal or placement; 0 turns the rule off.
    #[serde(default)]
    #[serde(alias = "draw_moves_without_removal")]
    pub draw_moves_without_removal: u16,
    /// Draw when the same position (men, hands, marks, side to move) occurs
    /// for this many times; 0 turns the rule off.
    #[serde(default)]
    #[serde(alias = "draw_repetition")]
    pub draw_repetition: u8,
}

fn one() -> u8 {
    1
}

fn two() -> u8 {
    2
}

/// When men may move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Placing {
    /// A side with men in hand must place; men move once both hands are
    /// empty (the standard game).
    #[default]
    BeforeMoving,
    /// A side with men in hand may place or move on any turn (Lasker).
    AnyTurn,
}

/// The flying threshold: `flying-at = 3` or `flying-at = "never"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlyingAt {
    /// No side ever flies.
    Never,
    /// In the moving phase (no man in hand on either side), a side with
    /// exactly this many men on the board moves a man to any empty point.
    Men(u8),
}

impl Serialize for FlyingAt {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            FlyingAt::Never => s.serialize_str("never"),
            FlyingAt::Men(n) => s.serialize_u8(*n),
        }
    }
}

impl<'de> Deserialize<'de> for FlyingAt {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct FlyingVisitor;
        impl Visitor<'_> for FlyingVisitor {
            type Value = FlyingAt;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a number of men (such as 3) or \"never\"")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<FlyingAt, E> {
                u8::try_from(v)
                    .map(FlyingAt::Men)
                    .map_err(|_| E::custom(format!("flying-at = {v}: expected 0 to 255 men")))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<FlyingAt, E> {
                self.visit_i64(i64::try_from(v).unwrap_or(i64::MAX))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<FlyingAt, E> {
                if v == "never" {
                    Ok(FlyingAt::Never)
                } else {
                    Err(E::custom(format!(
                        "flying-at = \"{v}\": expected a number of men or \"never\""
                    )))
                }
            }
        }
        d.deserialize_any(FlyingVisitor)
    }
}

/// Which enemy men a mill may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MillProtection {
    /// Men standing in a mill are never taken; if every enemy man stands in
    /// a mill, the mill takes nothing (the seed's game).
    Strict,
    /// Men in a mill are taken only when every enemy man stands in a mill.
    UnlessAll,
    /// Any enemy man may be taken.
    None,
}

/// What a removal during the placing phase leaves behind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MarkedPoints {
    /// The point is free at once.
    #[default]
    None,
    /// The point stays empty but marked: no man may be placed (or moved)
    /// there until the moving phase (cheng-san).
    EmptyPoint,
    /// The taken man stays on its point, marked as taken, until the moving
    /// phase; it counts for nobody and blocks the point (da-san-qi).
    TakenManStays,
}

/// What happens when a side must place and every empty point is closed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoPlacement {
    /// That side loses.
    #[default]
    Lose,
    /// The placing phase ends for both sides: men still in hand leave the
    /// game, marks vanish and the side to move moves.
    StartMoving,
}

/// What happens when the side to move has no legal move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Blocked {
    /// The blocked side loses.
    #[default]
    Lose,
    /// The game is drawn.
    Draw,
}

/// What happens when the board is full and the side to move cannot move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FullBoard {
    /// Nothing special: the `blocked` rule decides.
    #[default]
    BlockedRule,
    /// The game is drawn (twelve men's morris, morabaraba).
    Draw,
}

/// The `[start]` table: the start position in the morris FEN.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Start {
    /// The start position, such as `W:W:B:H9/9`.
    pub fen: String,
}

impl Rules {
    /// Every inconsistency between the switches, in words.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        if self.men_per_side == 0 {
            problems.push("men-per-side must be at least 1".to_string());
        }
        if self.loses_with >= self.men_per_side {
            problems.push(format!(
                "loses-with = {} but each side has only {}: the game would be lost before it starts",
                self.loses_with,
                count(self.men_per_side, "man", "men")
            ));
        }
        if let FlyingAt::Men(n) = self.flying_at {
            if n <= self.loses_with {
                problems.push(format!(
                    "flying-at = {n} is never reached: a side with {n} men has already lost (loses-with = {})",
                    self.loses_with
                ));
            }
            if n > self.men_per_side {
                problems.push(format!(
                    "flying-at = {n} is more than the {} a side has",
                    count(self.men_per_side, "man", "men")
                ));
            }
        }
        if !(1..=2).contains(&self.removals_per_double_mill) {
            problems.push(format!(
                "removals-per-double-mill = {}: expected 1 or 2",
                self.removals_per_double_mill
            ));
        }
        if self.draw_repetition == 1 {
            problems.push(
                "draw-repetition = 1 would draw every position: use 0 (off) or 2 and more"
                    .to_string(),
            );
        }
        problems
    }

    /// Whether removals during the placing phase mark their point.
    pub fn marks_points(&self) -> bool {
        self.marked_points != MarkedPoints::None
    }
}

impl board_core::KeyMeanings for Rules {
    const KEY_MEANINGS: &'static [(&'static str, &'static str)] = &[
        ("men-per-side", "the men each side has, 1 or more"),
        (
            "removals-per-double-mill",
            "the men a move that closes two mills at once removes",
        ),
        (
            "loses-with",
            "a side with this many men or fewer has lost; less than men-per-side",
        ),
        (
            "flying-at",
            "the men a side has when its men may fly, or \"never\"",
        ),
        (
            "draw-moves-without-removal",
            "plies without a removal that draw the game, 0 for no such rule",
        ),
        (
            "draw-repetition",
            "how often a position is reached for a draw, 0 for no such rule, else 2 or more",
        ),
    ];
}
