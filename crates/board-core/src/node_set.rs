//! Fixed-size sets of nodes: bitsets wide enough for every board here.

use crate::NodeId;
use std::fmt;

/// Number of 64-bit words in a [`NodeSet`].
const WORDS: usize = 6;

/// The largest number of nodes a board may have: the width of a [`NodeSet`].
/// A 19×19 board (361 nodes) fits.
pub const MAX_NODES: usize = WORDS * 64;

/// A set of nodes of one graph, as a fixed-size bitset (`Copy`, no
/// allocation). Iteration yields nodes in increasing index order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct NodeSet {
    words: [u64; WORDS],
}

impl NodeSet {
    /// The empty set.
    pub const EMPTY: NodeSet = NodeSet { words: [0; WORDS] };

    /// The empty set.
    pub const fn new() -> Self {
        Self::EMPTY
    }

    /// The set of the first `n` nodes (all nodes of an `n`-node graph).
    pub fn first(n: usize) -> Self {
        let mut s = Self::EMPTY;
        for i in 0..n.min(MAX_NODES) {
            s.words[i / 64] |= 1 << (i % 64);
        }
        s
    }

    /// A set holding one node.
    pub fn single(n: NodeId) -> Self {
        let mut s = Self::EMPTY;
        s.insert(n);
        s
    }

    /// Whether `n` is in the set.
    #[inline]
    pub fn contains(&self, n: NodeId) -> bool {
        let i = n.index();
        self.words[i / 64] >> (i % 64) & 1 == 1
    }

    /// Adds `n`; returns whether it was absent.
    #[inline]
    pub fn insert(&mut self, n: NodeId) -> bool {
        let i = n.index();
        let was = self.contains(n);
        self.words[i / 64] |= 1 << (i % 64);
        !was
    }

    /// Removes `n`; returns whether it was present.
    #[inline]
    pub fn remove(&mut self, n: NodeId) -> bool {
        let i = n.index();
        let was = self.contains(n);
        self.words[i / 64] &= !(1 << (i % 64));
        was
    }

    /// Number of nodes in the set.
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The nodes in both sets.
    pub fn intersection(&self, other: &NodeSet) -> NodeSet {
        let mut s = *self;
        for (a, b) in s.words.iter_mut().zip(other.words) {
            *a &= b;
        }
        s
    }

    /// The nodes in either set.
    pub fn union(&self, other: &NodeSet) -> NodeSet {
        let mut s = *self;
        for (a, b) in s.words.iter_mut().zip(other.words) {
            *a |= b;
        }
        s
    }

    /// The nodes of `self` that are not in `other`.
    pub fn difference(&self, other: &NodeSet) -> NodeSet {
        let mut s = *self;
        for (a, b) in s.words.iter_mut().zip(other.words) {
            *a &= !b;
        }
        s
    }

    /// Whether every node of `self` is in `other`.
    pub fn is_subset(&self, other: &NodeSet) -> bool {
        self.difference(other).is_empty()
    }

    /// The node with the lowest index, if any.
    pub fn first_node(&self) -> Option<NodeId> {
        self.iter().next()
    }

    /// Iterates over the nodes in increasing index order.
    pub fn iter(&self) -> NodeSetIter {
        NodeSetIter {
            words: self.words,
            word: 0,
        }
    }
}

impl FromIterator<NodeId> for NodeSet {
    fn from_iter<I: IntoIterator<Item = NodeId>>(iter: I) -> Self {
        let mut s = NodeSet::EMPTY;
        for n in iter {
            s.insert(n);
        }
        s
    }
}

impl IntoIterator for &NodeSet {
    type Item = NodeId;
    type IntoIter = NodeSetIter;
    fn into_iter(self) -> NodeSetIter {
        self.iter()
    }
}

impl fmt::Debug for NodeSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Iterator over a [`NodeSet`], lowest index first.
pub struct NodeSetIter {
    words: [u64; WORDS],
    word: usize,
}

impl Iterator for NodeSetIter {
    type Item = NodeId;

    #[inline]
    fn next(&mut self) -> Option<NodeId> {
        while self.word < WORDS {
            let w = self.words[self.word];
            if w != 0 {
                let bit = w.trailing_zeros() as usize;
                self.words[self.word] = w & (w - 1);
                return Some(NodeId::new(self.word * 64 + bit));
            }
            self.word += 1;
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate_across_words() {
        let mut s = NodeSet::new();
        for i in [0, 63, 64, 200, 360] {
            assert!(s.insert(NodeId::new(i)));
        }
        assert!(!s.insert(NodeId::new(64)));
        assert_eq!(s.len(), 5);
        let v: Vec<usize> = s.iter().map(NodeId::index).collect();
        assert_eq!(v, vec![0, 63, 64, 200, 360]);
        assert!(s.remove(NodeId::new(63)));
        assert!(!s.contains(NodeId::new(63)));
        assert_eq!(NodeSet::first(361).len(), 361);
    }

    #[test]
    fn set_algebra() {
        let a: NodeSet = [1, 2, 3].into_iter().map(NodeId::new).collect();
        let b: NodeSet = [3, 4].into_iter().map(NodeId::new).collect();
        assert_eq!(a.intersection(&b).len(), 1);
        assert_eq!(a.union(&b).len(), 4);
        assert_eq!(a.difference(&b).len(), 2);
        assert!(a.intersection(&b).is_subset(&a));
    }
}
