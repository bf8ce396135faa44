//! Piece types, pieces with levels, and their letters.

use board_core::Side;
use serde::{Deserialize, Serialize};

/// The seven piece types of lingqi.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// 宗门, the Sect: its capture loses the game.
    Sect,
    /// 宗主, the Master.
    Master,
    /// 副宗主, the Vice-master.
    ViceMaster,
    /// 长老, an Elder.
    Elder,
    /// 护法, a Guardian.
    Guardian,
    /// 弟子, a Disciple.
    Disciple,
    /// 阵法, a Formation: it guards the 8 cells around it (its zone).
    Formation,
}

impl Kind {
    /// Every type, in the order of the composition 1/1/1/4/2/8/2.
    pub const ALL: [Kind; 7] = [
        Kind::Sect,
        Kind::Master,
        Kind::ViceMaster,
        Kind::Elder,
        Kind::Guardian,
        Kind::Disciple,
        Kind::Formation,
    ];

    /// Dense index 0..7 in [`Kind::ALL`] order.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter of the notation (`S M V E G D F`).
    pub const fn letter(self) -> char {
        match self {
            Kind::Sect => 'S',
            Kind::Master => 'M',
            Kind::ViceMaster => 'V',
            Kind::Elder => 'E',
            Kind::Guardian => 'G',
            Kind::Disciple => 'D',
            Kind::Formation => 'F',
        }
    }

    /// The type written with this upper-case letter.
    pub fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == c)
    }

    /// The English name (`Vice-master`).
    pub const fn name(self) -> &'static str {
        match self {
            Kind::Sect => "Sect",
            Kind::Master => "Master",
            Kind::ViceMaster => "Vice-master",
            Kind::Elder => "Elder",
            Kind::Guardian => "Guardian",
            Kind::Disciple => "Disciple",
            Kind::Formation => "Formation",
        }
    }

    /// The key of this type in a profile (`vice-master`).
    pub const fn key(self) -> &'static str {
        match self {
            Kind::Sect => "sect",
            Kind::Master => "master",
            Kind::ViceMaster => "vice-master",
            Kind::Elder => "elder",
            Kind::Guardian => "guardian",
            Kind::Disciple => "disciple",
            Kind::Formation => "formation",
        }
    }
}

/// A piece on the board: its owner, type and level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The owner (South is `White`, North is `Black`).
    pub side: Side,
    /// The type.
    pub kind: Kind,
    /// The level (no upper bound).
    pub level: u32,
}

impl Piece {
    /// The diagram text: type letter (upper case for South, lower case for
    /// North) followed by the level, e.g. `M3`, `d0`.
    pub fn diagram_text(self) -> String {
        let letter = match self.side {
            Side::White => self.kind.letter(),
            Side::Black => self.kind.letter().to_ascii_lowercase(),
        };
        format!("{letter}{}", self.level)
    }
}

/// The name of a side in lingqi (`South` moves first).
pub const fn side_name(side: Side) -> &'static str {
    match side {
        Side::White => "South",
        Side::Black => "North",
    }
}
