//! A morris move: a placement or a step (or flight), with the men it takes.

use board_core::NodeId;

/// Marks a placement in [`Move::from`]'s compact field.
const PLACEMENT: u8 = u8::MAX;

/// The most men one move takes (`removals-per-double-mill` is 1 or 2).
pub const MAX_REMOVALS: usize = 2;

/// One turn: a placement or a move, and the enemy men it takes (sorted, so
/// that the same set of removals is the same move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    from: u8,
    to: u8,
    taken: [u8; MAX_REMOVALS],
    taken_count: u8,
}

impl Move {
    /// A placement or move without removals. Points are node indices
    /// (boards have at most 64 points).
    pub(crate) fn new(from: Option<usize>, to: usize) -> Move {
        Move {
            from: from.map_or(PLACEMENT, |f| f as u8),
            to: to as u8,
            taken: [0; MAX_REMOVALS],
            taken_count: 0,
        }
    }

    /// The same placement or move taking `removals` (at most two).
    pub(crate) fn with_removals(mut self, removals: &[usize]) -> Move {
        let count = removals.len().min(MAX_REMOVALS);
        for (slot, &r) in self.taken.iter_mut().zip(removals) {
            *slot = r as u8;
        }
        self.taken[..count].sort_unstable();
        self.taken_count = count as u8;
        self
    }

    /// The point the man leaves; `None` for a placement.
    pub fn from(&self) -> Option<NodeId> {
        self.origin().map(NodeId::new)
    }

    /// The point the man arrives on.
    pub fn to(&self) -> NodeId {
        NodeId::new(self.to as usize)
    }

    /// Whether the move places a man from hand.
    pub fn is_placement(&self) -> bool {
        self.from == PLACEMENT
    }

    /// The enemy men taken, lowest node index first.
    pub fn removals(&self) -> impl ExactSizeIterator<Item = NodeId> + '_ {
        self.removal_indices()
            .iter()
            .map(|&r| NodeId::new(r as usize))
    }

    pub(crate) fn origin(&self) -> Option<usize> {
        (self.from != PLACEMENT).then_some(self.from as usize)
    }

    pub(crate) fn target(&self) -> usize {
        self.to as usize
    }

    pub(crate) fn removal_indices(&self) -> &[u8] {
        &self.taken[..self.taken_count as usize]
    }
}
