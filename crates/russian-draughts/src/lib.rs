//! The draughts family for boardctl: Russian draughts (shashki), English
//! checkers, International, Brazilian and Czech draughts, on board-core
//! graphs, every difference a switch of the rule profile.
//!
//! The board graph is compiled once per profile into bitboards
//! ([`layout::Layout`]); the move generator ([`movegen::Engine`]) searches
//! capture sequences with the captured pieces left on the board until the
//! end of the sequence, applies free choice or the maximum rule, and counts
//! perft with bulk counting at the last ply.

pub mod explain;
pub mod fen;
pub mod game;
pub mod layout;
pub mod matching;
pub mod movegen;
pub mod moves;
pub mod names;
pub mod notation;
pub mod path;
pub mod position;
pub mod rules;
pub mod squares;

pub use game::{Draughts, KEEP_DUPLICATES};
pub use moves::Move;
pub use path::Path;
pub use position::Position;
pub use rules::Rules;
