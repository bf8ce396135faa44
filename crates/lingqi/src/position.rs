//! A lingqi position: the pieces with their levels, the side to move and
//! the turn number.

use crate::piece::{Kind, Piece};
use board_core::{NodeId, Side};

/// Everything the rules need to go on from here.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) cells: Vec<Option<Piece>>,
    pub(crate) to_move: Side,
    pub(crate) turn: u32,
}

impl Position {
    /// An empty board of `cells` cells, South to move, turn 1.
    pub fn empty(cells: usize) -> Position {
        Position {
            cells: vec![None; cells],
            to_move: Side::White,
            turn: 1,
        }
    }

    /// The piece on a cell.
    #[inline]
    pub fn piece(&self, n: NodeId) -> Option<Piece> {
        self.cells[n.index()]
    }

    /// Puts a piece on a cell (or empties it).
    pub fn set(&mut self, n: NodeId, piece: Option<Piece>) {
        self.cells[n.index()] = piece;
    }

    /// Whose turn it is.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Sets whose turn it is.
    pub fn set_to_move(&mut self, side: Side) {
        self.to_move = side;
    }

    /// The number of the turn about to be played, from 1 (each side's turn
    /// counts).
    pub fn turn(&self) -> u32 {
        self.turn
    }

    /// Sets the turn number.
    pub fn set_turn(&mut self, turn: u32) {
        self.turn = turn;
    }

    /// Every occupied cell with its piece, in cell order.
    pub fn pieces(&self) -> impl Iterator<Item = (NodeId, Piece)> + '_ {
        self.cells
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (NodeId::new(i), p)))
    }

    /// How many pieces of this type the side has.
    pub fn count(&self, side: Side, kind: Kind) -> u32 {
        self.cells
            .iter()
            .flatten()
            .filter(|p| p.side == side && p.kind == kind)
            .count() as u32
    }

    /// Where the side's Sect stands, if it has one.
    pub fn sect(&self, side: Side) -> Option<NodeId> {
        self.pieces()
            .find(|(_, p)| p.side == side && p.kind == Kind::Sect)
            .map(|(n, _)| n)
    }
}
