//! Node identifiers: dense indices into a [`Graph`](crate::Graph)'s tables.

use std::fmt;

/// The index of a node in its graph, dense from 0 to `node_count - 1`.
///
/// A `NodeId` means nothing without the graph that issued it; positions and
/// tables are indexed by [`NodeId::index`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NodeId(u16);

impl NodeId {
    /// Wraps a raw index. Callers guarantee it is below the graph's node count.
    pub const fn new(index: usize) -> Self {
        NodeId(index as u16)
    }

    /// The dense index, for indexing per-node tables.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Debug for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}
