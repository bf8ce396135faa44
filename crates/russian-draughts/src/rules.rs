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
    /// The draw rules (`[[rules.draw]]`, profiles from version 2), checked
    /// in order; none: a game ends only on the board.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub draw: Vec<DrawRule>,
}

/// What a draw rule looks at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum DrawKind {
    /// The same position (pieces and side to move) reached `times` times
    /// in the game since the last capture or man move.
    Repetition,
    /// `plies` moves in a row while the rule's material holds, none of
    /// them a `reset` event.
    Counter,
}

/// Whether a rule ends the game by itself or lets a player claim the draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Decision {
    /// The game is drawn the moment the rule is met; a move after it is
    /// no move of the game.
    Automatic,
    /// The player to move may claim the draw (a draw result is confirmed);
    /// the game may go on.
    Claim,
}

/// A move that restarts a counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reset {
    /// A move that captures.
    Capture,
    /// A move of a man (crowning included).
    ManMove,
    /// A move that crowns a man.
    Crowning,
    /// A move that changes the men or kings of either side: a capture or a
    /// crowning.
    BalanceChange,
}

/// A count and the range it must be in, written `"3"`, `"3+"` (3 or more)
/// or `"1-2"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(try_from = "String", into = "String")]
pub struct Count {
    /// The least count.
    pub min: u8,
    /// The greatest count.
    pub max: u8,
}

impl Count {
    /// Any count.
    pub const ANY: Count = Count {
        min: 0,
        max: u8::MAX,
    };

    /// Whether `n` is in the range.
    pub fn holds(self, n: u32) -> bool {
        (u32::from(self.min)..=u32::from(self.max)).contains(&n)
    }
}

impl Default for Count {
    fn default() -> Self {
        Count::ANY
    }
}

impl TryFrom<String> for Count {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        let bad = || format!("`{text}` is not a count: write `3`, `3+` or `1-2`");
        let number = |s: &str| s.trim().parse::<u8>().map_err(|_| bad());
        let t = text.trim();
        let (min, max) = if let Some(low) = t.strip_suffix('+') {
            (number(low)?, u8::MAX)
        } else if let Some((low, high)) = t.split_once('-') {
            (number(low)?, number(high)?)
        } else {
            let n = number(t)?;
            (n, n)
        };
        if min > max {
            return Err(bad());
        }
        Ok(Count { min, max })
    }
}

impl From<Count> for String {
    fn from(c: Count) -> String {
        match (c.min, c.max) {
            (min, u8::MAX) => format!("{min}+"),
            (min, max) if min == max => min.to_string(),
            (min, max) => format!("{min}-{max}"),
        }
    }
}

/// What one side must have for a rule to apply.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct SideMaterial {
    /// Its pieces, men and kings.
    #[serde(default, skip_serializing_if = "is_any")]
    pub pieces: Count,
    /// Its kings.
    #[serde(default, skip_serializing_if = "is_any")]
    pub kings: Count,
    /// Its men.
    #[serde(default, skip_serializing_if = "is_any")]
    pub men: Count,
    /// Squares every piece of the side must stand on (`["a1", "b2", …]`,
    /// the long diagonal); empty: anywhere.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub on: Vec<String>,
    /// With `on`: no piece of the other side stands on those squares
    /// either (the side holds them alone).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub alone_on: bool,
}

fn is_any(c: &Count) -> bool {
    *c == Count::ANY
}

fn is_three(n: &u8) -> bool {
    *n == 3
}

fn three() -> u8 {
    3
}

fn is_zero(n: &u16) -> bool {
    *n == 0
}

/// One draw rule of a profile (`[[rules.draw]]`): a name and citation for
/// messages, what it counts, the material it applies to, the threshold and
/// whether it draws by itself or on a claim. The engine reads these
/// generically; no rule is a code path.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct DrawRule {
    /// What the rule is, in words (`15 moves with kings only`).
    pub name: String,
    /// Where it is written (`FMJD-64 7.2.5`).
    pub citation: String,
    /// Repetition or counter.
    pub kind: DrawKind,
    /// Repetition: how many times the same position must be reached.
    #[serde(default = "three", skip_serializing_if = "is_three")]
    pub times: u8,
    /// Counter: the threshold in plies (one move of one player each; "15
    /// moves" of each player is 30 plies).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub plies: u16,
    /// Counter: the moves that restart it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reset: Vec<Reset>,
    /// Counter: the pieces on the board, both sides together.
    #[serde(default, skip_serializing_if = "is_any")]
    pub pieces: Count,
    /// Counter: both sides have at least one king.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub both_have_kings: bool,
    /// Counter: what the stronger side has (either side may be it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub strong: Option<SideMaterial>,
    /// Counter: what the other side has then.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub weak: Option<SideMaterial>,
    /// Automatic or on a claim.
    pub decision: Decision,
}

/// The start position (`[start]`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Start {
    /// The initial position as a PDN FEN (`W:W21-32:B1-12`).
    pub fen: String,
}

impl board_core::KeyMeanings for Rules {
    const KEY_MEANINGS: &'static [(&'static str, &'static str)] = &[
        (
            "times",
            "how often the same position must be reached for a repetition draw",
        ),
        (
            "plies",
            "a draw counter's threshold in plies, one move of one player each",
        ),
    ];
}
