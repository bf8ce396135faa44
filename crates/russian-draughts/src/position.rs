//! A draughts position: the men and kings of each side and whose turn it is.

use board_core::Side;

/// A position: the men and kings of each side and whose turn it is. Its
/// squares are read through [`Draughts::piece_at`](crate::Draughts::piece_at)
/// and [`Draughts::pieces`](crate::Draughts::pieces); the bit layout inside
/// depends on the profile.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Per side (White, Black): the squares of its pieces, men and kings.
    pub(crate) pieces: [u64; 2],
    /// The squares holding a king, of either side.
    pub(crate) kings: u64,
    /// Whose turn it is.
    pub(crate) side: Side,
}

impl Position {
    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// Every occupied square.
    #[inline(always)]
    pub(crate) fn occupied(&self) -> u64 {
        self.pieces[0] | self.pieces[1]
    }

    /// The pieces of the side to move.
    #[inline(always)]
    pub(crate) fn own(&self) -> u64 {
        self.pieces[self.side.index()]
    }

    /// The pieces of the side not to move.
    #[inline(always)]
    pub(crate) fn enemy(&self) -> u64 {
        self.pieces[self.side.opposite().index()]
    }

    /// Plays a move given as bitboards: the piece on `from` goes to `to`,
    /// `captured` pieces leave the board, a man is crowned if `promote`.
    #[inline(always)]
    pub(crate) fn apply(&mut self, from: u64, to: u64, captured: u64, promote: bool) {
        self.apply_by(self.side.index(), from, to, captured, promote);
    }

    /// [`Position::apply`] of a man's move (no king on `from`): only a
    /// crowning makes a king.
    #[inline(always)]
    pub(crate) fn apply_man(&mut self, from: u64, to: u64, captured: u64, promote: bool) {
        debug_assert_eq!(self.kings & from, 0);
        let us = self.side.index();
        self.pieces[us] = (self.pieces[us] & !from) | to;
        self.pieces[us ^ 1] &= !captured;
        self.kings = (self.kings & !captured) | (to & 0u64.wrapping_sub(u64::from(promote)));
        self.side = self.side.opposite();
    }

    /// [`Position::apply`] for a caller that knows the side to move, `us`
    /// (its index), at compile time.
    #[inline(always)]
    pub(crate) fn apply_by(&mut self, us: usize, from: u64, to: u64, captured: u64, promote: bool) {
        // Without branches: the mover's pieces lose `from` and gain `to`
        // (a round trip, `from == to`, keeps the piece), the other side
        // loses `captured`, and `to` holds a king if a king moved or a man
        // is crowned.
        self.pieces[us] = (self.pieces[us] & !from) | to;
        self.pieces[us ^ 1] &= !captured;
        let king_moves = 0u64.wrapping_sub(u64::from(self.kings & from != 0));
        let crowned = 0u64.wrapping_sub(u64::from(promote));
        self.kings = (self.kings & !captured & !from) | (to & (king_moves | crowned));
        self.side = if us == 0 { Side::Black } else { Side::White };
    }
}
