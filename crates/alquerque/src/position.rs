//! Positions and moves of alquerque.

use crate::tables::{node, points};
use board_core::{NodeId, Side};

/// A position: the men of both sides, the side to move, and the counters the
/// rules need.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Per side (indexed by [`Side::index`]): the points of its men, one bit
    /// per node index.
    pub(crate) men: [u64; 2],
    /// Whose turn it is.
    pub(crate) side: Side,
    /// Plies played since the last capture or huff (kept only when the
    /// profile has a draw rule; 0 otherwise).
    pub(crate) quiet_plies: u32,
    /// Men of the side that just moved that could have captured and did not
    /// (huffing profiles only; 0 otherwise). The side to move may remove one.
    pub(crate) huffable: u64,
}

impl Position {
    /// Whose turn it is.
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The points of a side's men, in node index order.
    pub fn men(&self, side: Side) -> impl Iterator<Item = NodeId> + '_ {
        points(self.men[side.index()]).map(node)
    }

    /// How many men a side has.
    pub fn count(&self, side: Side) -> u32 {
        self.men[side.index()].count_ones()
    }

    /// Which side has a man on `n`, if any.
    pub fn man_at(&self, n: NodeId) -> Option<Side> {
        let b = 1u64 << n.index();
        [Side::White, Side::Black]
            .into_iter()
            .find(|s| self.men[s.index()] & b != 0)
    }

    /// Plies since the last capture or huff (0 unless the profile has a
    /// draw rule).
    pub fn plies_without_capture(&self) -> u32 {
        self.quiet_plies
    }

    /// The men the side to move may huff (huffing profiles only).
    pub fn huffable(&self) -> impl Iterator<Item = NodeId> + '_ {
        points(self.huffable).map(node)
    }
}

/// A move: an optional huff, then a plain step or a capture route.
///
/// Two capture routes with the same start, end and set of captured men are
/// the same move; [`crate::Alquerque::legal_moves`](board_core::GameRules::legal_moves)
/// lists one route for each.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The huffed man, removed before the move (huffing profiles).
    pub(crate) huff: Option<u8>,
    /// Where the moving man starts.
    pub(crate) from: u8,
    /// Every point the man lands on, in order (one point for a plain step).
    pub(crate) landings: Vec<u8>,
    /// The captured men (empty for a plain step).
    pub(crate) captured: u64,
}

impl Move {
    /// Where the moving man starts.
    pub fn from(&self) -> NodeId {
        node(self.from)
    }

    /// Where the moving man ends.
    pub fn to(&self) -> NodeId {
        node(self.to_index())
    }

    pub(crate) fn to_index(&self) -> u8 {
        self.landings.last().copied().unwrap_or(self.from)
    }

    /// Every landing point in order (one for a plain step).
    pub fn landings(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.landings.iter().copied().map(node)
    }

    /// The captured men's points, in node index order.
    pub fn captured(&self) -> impl Iterator<Item = NodeId> {
        points(self.captured).map(node)
    }

    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// The man huffed before the move, if any.
    pub fn huff(&self) -> Option<NodeId> {
        self.huff.map(node)
    }

    /// The identity of the move: huff, start, end and captured men. Routes
    /// with the same identity leave the same position.
    pub(crate) fn identity(&self) -> (Option<u8>, u8, u8, u64) {
        (self.huff, self.from, self.to_index(), self.captured)
    }
}
