//! [`Bits`]: a set of up to 64 points (or bit indices) in one `u64`, the
//! position masks of the games' engines.

/// A set of bit indices 0..64 as one word: bit `i` set means `i` is in the
/// set. Iterating gives the indices lowest first; it is `Copy` and never
/// allocates.
///
/// ```
/// use board_core::notation::Bits;
/// let mut set = Bits::EMPTY;
/// set.insert(3);
/// set.insert(40);
/// assert!(set.contains(40) && !set.contains(4));
/// assert_eq!(set.count(), 2);
/// assert_eq!(set.collect::<Vec<u32>>(), [3, 40]);
/// assert_eq!(Bits::bit(5), 0b10_0000);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bits(pub u64);

impl Bits {
    /// No index.
    pub const EMPTY: Bits = Bits(0);

    /// The word with only bit `i` set.
    #[inline(always)]
    pub const fn bit(i: u32) -> u64 {
        1 << i
    }

    /// How many indices the set holds.
    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether index `i` is in the set.
    #[inline(always)]
    pub const fn contains(self, i: u32) -> bool {
        self.0 & (1 << i) != 0
    }

    /// Adds index `i`.
    #[inline(always)]
    pub fn insert(&mut self, i: u32) {
        self.0 |= 1 << i;
    }

    /// Removes index `i`.
    #[inline(always)]
    pub fn remove(&mut self, i: u32) {
        self.0 &= !(1 << i);
    }

    /// The indices as `usize`, lowest first.
    #[inline]
    pub fn indices(self) -> impl Iterator<Item = usize> {
        self.map(|i| i as usize)
    }
}

/// The indices of the set, lowest first (the set is consumed as it goes).
impl Iterator for Bits {
    type Item = u32;

    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let b = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(b)
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_iterate_lowest_first_and_edit_in_place() {
        let mut s = Bits(0b1011);
        assert_eq!(s.count(), 3);
        s.remove(1);
        s.insert(63);
        assert_eq!(s.collect::<Vec<_>>(), [0, 3, 63]);
        assert_eq!(s.indices().collect::<Vec<_>>(), [0, 3, 63]);
        assert!(Bits::EMPTY.is_empty());
        assert_eq!(Bits(u64::MAX).len(), 64);
        assert!(Bits(Bits::bit(63)).contains(63));
    }
}
