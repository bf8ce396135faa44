//! The `[rules]` and `[start]` tables of a draughts profile: every switch by
//! which the members of the family differ.

use serde::{Deserialize, Serialize};

/// How kings move and capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum KingRange {
    /// Any number of empty squares along a diagonal; a capture may start at
    /// any distance and land on any empty square beyond the captured piece.
    Flying,
    /// One square in any diagonal direction; captures like a man, backward
    /// too (English checkers).
    Short,
}

/// Which capture sequences the player may choose among.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureChoice {
    /// Any complete sequence, whatever it captures.
    Free,
    /// Only the sequences that capture the most pieces; a king counts as one
    /// piece like a man, and capturing with a king gives no priority.
    MaximumPieces,
}

/// What happens to a man that reaches its promotion rank in the middle of a
/// capture sequence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MidCapturePromotion {
    /// It becomes a king at once and goes on capturing as a king.
    ContinueAsKing,
    /// It goes on capturing as a man if it can, and is promoted only if the
    /// sequence ends on the promotion rank.
    ContinueAsMan,
    /// It is promoted and the move ends there.
    EndsMove,
}

/// Which position notation and move notation a profile writes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum SquareNotation {
    /// `c3`, `h8`.
    Algebraic,
    /// PDN numbers, 1 = the leftmost dark square of the top rank.
    Numeric,
}

/// How much of a capture's path a written capture shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum CaptureWriting {
    /// Every landing square (`h2:f4:h6:f8:b4:e1`).
    Full,
    /// First and last square only, every landing square when that is
    /// ambiguous (PDN writing restriction 8).
    Short,
}

/// The player who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FirstPlayer {
    /// White (the men on ranks 1–3).
    White,
    /// Black (the men on the top ranks).
    Black,
}

/// The rule switches of a draughts profile (`[rules]`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Rules {
    /// Whether men may capture backward (they always move forward only).
    pub men_capture_backward: bool,
    /// How kings move and capture.
    pub kings: KingRange,
    /// Free choice among capture sequences, or the maximum-capture rule.
    pub capture_choice: CaptureChoice,
    /// If any king of the side to move can capture, only captures by a king
    /// are legal (Czech draughts).
    #[serde(default)]
    pub king_capture_priority: bool,
    /// A man reaching the promotion rank during a capture.
    pub mid_capture_promotion: MidCapturePromotion,
    /// Who moves first; the start position's side to move must agree.
    pub first_player: FirstPlayer,
    /// The squares the profile writes in moves and positions.
    pub notation: SquareNotation,
    /// The separator it writes between the squares of a capture (`:` or `x`).
    pub capture_separator: String,
    /// How much of a capture's path it writes.
    pub capture_writing: CaptureWriting,
}

/// The start position (`[start]`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Start {
    /// The initial position as a PDN FEN (`W:W21-32:B1-12`).
    pub fen: String,
}
