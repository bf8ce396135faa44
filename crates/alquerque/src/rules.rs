//! The `[rules]` and `[start]` tables of an alquerque profile: every rule
//! switch by name, so the readings of the old sources are data.

use serde::{Deserialize, Serialize};

/// A direction a man may take on a plain (non-capturing) step, seen from
/// its owner: forward is towards the opponent's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum PlainDirection {
    /// Towards the opponent's side, straight or along a diagonal.
    Forward,
    /// Along the same rank.
    Sideways,
    /// Towards the own side, straight or along a diagonal.
    Backward,
}

impl PlainDirection {
    /// The name used in profiles (`forward`).
    pub const fn name(self) -> &'static str {
        match self {
            PlainDirection::Forward => "forward",
            PlainDirection::Sideways => "sideways",
            PlainDirection::Backward => "backward",
        }
    }
}

/// Whether a capture must be taken when one exists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureRule {
    /// If any capture exists, the player must capture (free choice among
    /// the captures).
    Mandatory,
    /// Capturing is a free choice.
    Optional,
    /// Capturing is not enforced by the move list, but a man that could have
    /// captured and did not may be removed ("huffed") by the opponent at the
    /// start of the opponent's next turn.
    Huffing,
}

impl CaptureRule {
    /// The name used in profiles.
    pub const fn name(self) -> &'static str {
        match self {
            CaptureRule::Mandatory => "mandatory",
            CaptureRule::Optional => "optional",
            CaptureRule::Huffing => "huffing",
        }
    }
}

/// How many jumps one capturing move makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ChainRule {
    /// Exactly one jump per move.
    Single,
    /// After a jump the same man jumps again while it can; the move ends only
    /// when no jump remains.
    MustContinue,
    /// The same man may jump again after each jump, or stop.
    MayStop,
}

impl ChainRule {
    /// The name used in profiles.
    pub const fn name(self) -> &'static str {
        match self {
            ChainRule::Single => "single",
            ChainRule::MustContinue => "must-continue",
            ChainRule::MayStop => "may-stop",
        }
    }
}

fn yes() -> bool {
    true
}

/// The `[rules]` table of an alquerque profile.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Rules {
    /// Directions of a plain step (`["forward", "sideways"]` in the seed's
    /// rules, all three in Alfonso's reading).
    #[serde(alias = "plain_moves")]
    pub plain_moves: Vec<PlainDirection>,
    /// Whether captures are mandatory, optional, or optional with huffing.
    pub capture: CaptureRule,
    /// Whether a capture is one jump, a chain that must go on, or a chain
    /// that may stop.
    pub chain: ChainRule,
    /// Whether a chain may land again on a point it already occupied during
    /// the move (its start included). Default `true`.
    #[serde(default = "yes")]
    #[serde(alias = "chain_may_revisit")]
    pub chain_may_revisit: bool,
    /// Whether a man standing on the opponent's back rank (the far row) makes
    /// no plain move at all; it can still capture.
    #[serde(alias = "far_row_frozen")]
    pub far_row_frozen: bool,
    /// The game is drawn once this many plies in a row were played without a
    /// capture (or huff); 0 switches the rule off. Default 0.
    #[serde(default)]
    #[serde(alias = "draw_plies_without_capture")]
    pub draw_plies_without_capture: u32,
}

impl Rules {
    /// Whether a plain step in this direction is allowed.
    pub fn allows_plain(&self, direction: PlainDirection) -> bool {
        self.plain_moves.contains(&direction)
    }

    /// Checks the switches for contradictions; the message says what.
    pub fn check(&self) -> Result<(), String> {
        for (i, d) in self.plain_moves.iter().enumerate() {
            if self.plain_moves[..i].contains(d) {
                return Err(format!("[rules] plain-moves lists `{}` twice", d.name()));
            }
        }
        Ok(())
    }
}

/// Which player moves first in the start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StartSide {
    /// White (the player at the bottom, ranks 1–2) moves first.
    White,
    /// Black moves first.
    Black,
}

/// The `[start]` table: the start position as piece lists.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Start {
    /// Who moves first.
    #[serde(alias = "side_to_move")]
    pub side_to_move: StartSide,
    /// The points of White's men.
    pub white: Vec<String>,
    /// The points of Black's men.
    pub black: Vec<String>,
}

impl board_core::KeyMeanings for Rules {
    const KEY_MEANINGS: &'static [(&'static str, &'static str)] = &[(
        "draw-plies-without-capture",
        "plies without a capture that draw the game, 0 for no such rule",
    )];
}
