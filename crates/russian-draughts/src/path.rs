//! [`Path`]: the landing squares of a move, kept inline (a move is made and
//! dropped for every move token checked; a heap path cost an allocation
//! each).

use arrayvec::ArrayVec;
use std::fmt;
use std::ops::Deref;

/// Landing squares a path holds at most: one per captured piece, and a
/// board has at most 64 squares.
pub const MAX_PATH: usize = 64;

/// The landing squares of a move (bits), in order; derefs to `[u8]`.
#[derive(Clone, PartialEq, Eq)]
pub struct Path(ArrayVec<u8, MAX_PATH>);

impl Path {
    /// A path of the given squares; `None` when there are more than
    /// [`MAX_PATH`].
    pub fn new(squares: &[u8]) -> Option<Path> {
        ArrayVec::try_from(squares).ok().map(Path)
    }

    /// A path of one square (a plain move).
    pub fn single(square: u8) -> Path {
        let mut squares = ArrayVec::new();
        squares.push(square);
        Path(squares)
    }

    /// Keeps the first `len` squares.
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }
}

impl Deref for Path {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.0
    }
}

impl<'a> IntoIterator for &'a Path {
    type Item = &'a u8;
    type IntoIter = std::slice::Iter<'a, u8>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::{MAX_PATH, Path};

    #[test]
    fn holds_up_to_max_path_squares() {
        let long: Vec<u8> = (0..MAX_PATH as u8).collect();
        let path = Path::new(&long).expect("64 squares fit");
        assert_eq!(&path[..], &long[..]);
        assert!(Path::new(&[0; MAX_PATH + 1]).is_none());
    }

    #[test]
    fn truncates_and_compares_by_squares() {
        let mut path = Path::new(&[3, 5, 7]).expect("fits");
        path.truncate(2);
        assert_eq!(path, Path::new(&[3, 5]).expect("fits"));
        path.truncate(5);
        assert_eq!(path.len(), 2);
        assert_eq!(Path::single(9).to_vec(), vec![9]);
        assert_eq!(format!("{path:?}"), "[3, 5]");
    }
}
