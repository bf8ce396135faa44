//! Morris positions: men on the board, men in hand, marked points, the side
//! to move and what the draw rules need.

use crate::tables::{Mask, to_node_set};
use board_core::{NodeSet, Side};

/// Everything the rules need to go on, except the repetition history: small
/// and `Copy`, the unit the move generator and perft work on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Core {
    /// The men on the board, per side (`Side::index`).
    pub men: [Mask; 2],
    /// Points closed by a removal during the placing phase.
    pub marks: Mask,
    /// Men still in hand, per side.
    pub hand: [u8; 2],
    /// Whose turn it is.
    pub side: Side,
    /// Moves in a row without a removal or placement (kept at 0 unless the
    /// profile has that draw rule).
    pub quiet: u16,
}

impl Core {
    /// The same position for the repetition rule (the quiet count left out).
    pub fn repetition_key(&self) -> Core {
        Core { quiet: 0, ..*self }
    }

    /// Men of `side` on the board and in hand together.
    pub fn total(&self, side: Side) -> u32 {
        self.men[side.index()].count_ones() + u32::from(self.hand[side.index()])
    }

    /// Whether any man is still in hand (the placing phase).
    pub fn placing_phase(&self) -> bool {
        self.hand != [0, 0]
    }

    /// The points without a man.
    pub fn empty(&self, all: Mask) -> Mask {
        all & !(self.men[0] | self.men[1])
    }
}

/// A morris position.
///
/// Two positions are equal when men, hands, marks, side to move and the
/// move-limit count agree; the repetition history (the earlier positions
/// since the last placement or removal, kept only when the profile has the
/// repetition rule) is context, not part of the position's identity, and
/// the FEN does not hold it.
#[derive(Debug)]
pub struct Position {
    pub(crate) core: Core,
    pub(crate) history: Vec<Core>,
}

/// A checker keeps the position before each move (where a variation
/// starts): copied into the history buffer it already has.
impl Clone for Position {
    fn clone(&self) -> Self {
        Position {
            core: self.core,
            history: self.history.clone(),
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.core = source.core;
        self.history.clone_from(&source.history);
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.core == other.core
    }
}

impl Position {
    pub(crate) fn from_core(core: Core) -> Position {
        Position {
            core,
            history: Vec::new(),
        }
    }

    /// Whose turn it is.
    pub fn side_to_move(&self) -> Side {
        self.core.side
    }

    /// The points holding a man of `side`.
    pub fn men(&self, side: Side) -> NodeSet {
        to_node_set(self.core.men[side.index()])
    }

    /// How many men `side` still has to place.
    pub fn in_hand(&self, side: Side) -> u8 {
        self.core.hand[side.index()]
    }

    /// The points closed by a removal during the placing phase.
    pub fn marked(&self) -> NodeSet {
        to_node_set(self.core.marks)
    }

    /// Whether a man is still in hand on either side.
    pub fn is_placing_phase(&self) -> bool {
        self.core.placing_phase()
    }

    /// Moves in a row without a removal or placement (0 unless the profile
    /// has a move-limit draw rule).
    pub fn moves_without_removal(&self) -> u16 {
        self.core.quiet
    }
}
