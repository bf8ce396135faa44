//! The draughts family for boardctl: Russian draughts (shashki), English
//! checkers, International, Brazilian and Czech draughts, on board-core
//! graphs, every difference a switch of the rule profile.
//!
//! The board graph is compiled once per profile into bitboards (a private
//! layout, profile-dependent: positions and moves speak [`board_core::NodeId`]
//! through [`Draughts`]); the move generator searches
//! capture sequences with the captured pieces left on the board until the
//! end of the sequence, applies free choice or the maximum rule, and counts
//! perft with bulk counting at the last ply.

mod builtin;
mod explain;
mod fen;
mod game;
mod layout;
mod matching;
mod movegen;
mod moves;
mod notation;
mod path;
mod position;
mod rules;
mod squares;

pub use game::{Draughts, Piece};
pub use moves::Move;
pub use position::Position;
pub use rules::{
    CaptureChoice, CaptureWriting, FirstPlayer, KingRange, MidCapturePromotion, Rules,
    SquareNotation, Start,
};
