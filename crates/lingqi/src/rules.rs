//! The `[rules]` and `[start]` tables of a lingqi profile: every switch the
//! rules page names (decisions L1–L23).

use crate::piece::Kind;
use serde::{Deserialize, Serialize};

/// Where a move may end relative to an enemy zone (L9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ZoneEnd {
    /// A move may end in an enemy zone (if the mover survives the zone
    /// check); a piece standing in an enemy zone cannot move (L9, L17).
    Trapped,
    /// A move may not end in an enemy zone at all; pieces that stand in one
    /// (a formation came next to them) may move.
    Forbidden,
}

/// How a piece with a long move (the level-3 Guardian) makes it (L16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LongMove {
    /// Any number ≥ 1 of steps in its directions, turning at will, through
    /// empty cells.
    Walk,
    /// Any distance ≥ 1 along one straight line, like a bishop.
    Slide,
}

/// How overlapping formations of one side combine (L7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Overlap {
    /// Their levels add up.
    Sum,
    /// The strongest counts.
    Max,
}

/// Who is captured when attacker and defender have equal effective levels
/// (L10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tie {
    /// The mover wins: the piece that was on the cell first is captured.
    Mover,
    /// The defender wins.
    Defender,
}

/// What happens to a side that has no legal turn (L12, L20).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoLegalTurn {
    /// It loses.
    Loses,
    /// The game is drawn.
    Draw,
}

/// How a piece type moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Movement {
    /// It never moves (the Sect).
    None,
    /// A walk of exactly `steps` steps (L6).
    Walk,
    /// The formation move (L11): one step to an empty cell next to an own
    /// non-formation piece that stands next to the mover.
    Formation,
}

/// Which neighbours a walking piece steps to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Directions {
    /// All eight.
    All,
    /// The four diagonal neighbours only (the Guardian).
    Diagonal,
}

/// The rule of one piece type.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PieceRule {
    /// How many each side sets up (the composition, L22; also the count
    /// "at the start" of the transformation, L19).
    pub count: u32,
    /// Starting level (seed; L2 for the Sect and the Formation).
    pub level: u32,
    /// Whether a turn's upgrade may raise it (L4: not the Sect).
    pub upgradable: bool,
    /// How it moves.
    pub movement: Movement,
    /// Steps of a walk (L6); 0 for other movements.
    #[serde(default)]
    pub steps: u32,
    /// Which neighbours its steps go to.
    #[serde(default = "all_directions")]
    pub directions: Directions,
    /// From this own level on it makes the long move (L16) instead of its
    /// walk of `steps` steps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[serde(alias = "long_move_level")]
    pub long_move_level: Option<u32>,
}

fn all_directions() -> Directions {
    Directions::All
}

/// The rule of every piece type.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PieceRules {
    /// The Sect.
    pub sect: PieceRule,
    /// The Master.
    pub master: PieceRule,
    /// The Vice-master.
    pub vice_master: PieceRule,
    /// The Elders.
    pub elder: PieceRule,
    /// The Guardians.
    pub guardian: PieceRule,
    /// The Disciples.
    pub disciple: PieceRule,
    /// The Formations.
    pub formation: PieceRule,
}

impl PieceRules {
    /// The rule of one type.
    pub fn get(&self, kind: Kind) -> &PieceRule {
        match kind {
            Kind::Sect => &self.sect,
            Kind::Master => &self.master,
            Kind::ViceMaster => &self.vice_master,
            Kind::Elder => &self.elder,
            Kind::Guardian => &self.guardian,
            Kind::Disciple => &self.disciple,
            Kind::Formation => &self.formation,
        }
    }
}

/// The transformation (L5, L19).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Transformation {
    /// The type that may be transformed.
    pub from: Kind,
    /// The least level it needs.
    #[serde(alias = "min_level")]
    pub min_level: u32,
    /// The types it may become, each only while its side has fewer of that
    /// type than the composition (`count`).
    pub into: Vec<Kind>,
    /// Whether the new piece keeps the level (true) or takes its type's
    /// starting level (false).
    #[serde(alias = "keeps_level")]
    pub keeps_level: bool,
}

/// The `[rules]` table of a lingqi profile.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Rules {
    /// First and last rank (1-based, inclusive) of South's set-up (L1).
    #[serde(alias = "south_ranks")]
    pub south_ranks: [u32; 2],
    /// First and last rank of North's set-up (L1).
    #[serde(alias = "north_ranks")]
    pub north_ranks: [u32; 2],
    /// How many own pieces the Sect's 8 neighbours must hold (L3).
    #[serde(alias = "sect_guard_min")]
    pub sect_guard_min: u32,
    /// Types that must be among them (L3: the Master).
    #[serde(alias = "sect_guard_includes")]
    pub sect_guard_includes: Vec<Kind>,
    /// L9: `trapped` or `forbidden`.
    #[serde(alias = "zone_end")]
    pub zone_end: ZoneEnd,
    /// L7: overlapping formations `sum` or `max`.
    #[serde(alias = "zone_overlap")]
    pub zone_overlap: Overlap,
    /// L16: `walk` or `slide`.
    #[serde(alias = "guardian_long_move")]
    pub guardian_long_move: LongMove,
    /// L10: who wins a tie, `mover` or `defender`.
    #[serde(alias = "combat_tie")]
    pub combat_tie: Tie,
    /// L12, L20: `loses` or `draw`.
    #[serde(alias = "no_legal_turn")]
    pub no_legal_turn: NoLegalTurn,
    /// L12: the game is drawn once this many turns have been played; 0 for
    /// no limit.
    #[serde(alias = "turn_limit")]
    pub turn_limit: u32,
    /// The piece types.
    pub pieces: PieceRules,
    /// L5, L19.
    pub transformation: Transformation,
}

/// The `[start]` table: the default set-up (L13), one list per side in the
/// set-up notation (`Sj2,Mj3,…`).
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Start {
    /// South's set-up.
    pub south: String,
    /// North's set-up.
    pub north: String,
}

impl Rules {
    /// Checks the rules against themselves and the board height; every
    /// problem, in words.
    pub fn problems(&self, height: u32) -> Vec<String> {
        let mut out = Vec::new();
        for (name, [lo, hi]) in [
            ("south-ranks", self.south_ranks),
            ("north-ranks", self.north_ranks),
        ] {
            if lo == 0 || lo > hi || hi > height {
                out.push(format!(
                    "{name} = [{lo}, {hi}]: ranks run from 1 to {height}, first ≤ last"
                ));
            }
        }
        let [a, b] = self.south_ranks;
        let [c, d] = self.north_ranks;
        if a <= d && c <= b {
            out.push("south-ranks and north-ranks overlap".into());
        }
        if self.pieces.sect.count != 1 {
            out.push(format!(
                "pieces.sect.count = {}: each side has exactly one Sect (its capture ends the game)",
                self.pieces.sect.count
            ));
        }
        for kind in Kind::ALL {
            let r = self.pieces.get(kind);
            let key = kind.key();
            match r.movement {
                Movement::Walk if r.steps == 0 => {
                    out.push(format!("pieces.{key}: a walk needs steps ≥ 1"));
                }
                Movement::None | Movement::Formation if r.steps != 0 => {
                    out.push(format!(
                        "pieces.{key}: steps only apply to movement = \"walk\""
                    ));
                }
                _ => {}
            }
            if r.long_move_level.is_some() && r.movement != Movement::Walk {
                out.push(format!(
                    "pieces.{key}: long-move-level only applies to movement = \"walk\""
                ));
            }
        }
        for &k in &self.sect_guard_includes {
            if k == Kind::Sect {
                out.push("sect-guard-includes cannot name the Sect itself".into());
            }
        }
        let t = &self.transformation;
        if t.into.contains(&t.from) {
            out.push(format!(
                "transformation.into contains `{}`, the type it transforms",
                t.from.key()
            ));
        }
        if t.into.contains(&Kind::Sect) {
            out.push("transformation.into cannot contain the Sect".into());
        }
        out
    }
}

impl board_core::KeyMeanings for Rules {
    const KEY_MEANINGS: &'static [(&'static str, &'static str)] = &[
        ("count", "how many pieces of this type each side sets up"),
        ("level", "the level a piece of this type starts at"),
        ("steps", "the steps of a walk, 0 for other movements"),
        (
            "min-level",
            "the least level a piece needs to be transformed",
        ),
        (
            "sect-guard-min",
            "how many own pieces the Sect's 8 neighbours must hold",
        ),
        (
            "turn-limit",
            "the turns after which the game is drawn, 0 for no limit",
        ),
    ];
}
