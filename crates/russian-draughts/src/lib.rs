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
//!
//! # Use on its own
//!
//! The crate carries its profiles ([`Draughts::builtin`]), so an engine
//! that depends on it alone works from any directory. The game interface is
//! [`board_core::Game`]; bring it into scope:
//!
//! ```
//! use board_core::prelude::*;
//! use russian_draughts::Draughts;
//!
//! let game = Draughts::builtin("russian@1")?;
//! let mut position = game.parse_position("W:Wh2:Bc3,d6,g3,g5,g7")?;
//! let mv = game.parse_move(&position, "h2:f4:h6:f8:b4:e1")?;
//! assert_eq!(game.move_captured(&mv).len(), 5);
//! game.play(&mut position, &mv);
//! let fen = game.write_position(&position);
//! println!("{fen}");
//! assert_eq!(fen, "B:WKe1:B");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod builtin;
mod explain;
mod fen;
mod game;
mod layout;
mod matching;
mod movegen;
mod moves;
mod names;
mod notation;
mod path;
mod position;
mod rules;
mod squares;

pub use game::{Draughts, KEEP_DUPLICATES, Piece};
pub use moves::Move;
pub use position::Position;
pub use rules::{
    CaptureChoice, CaptureWriting, FirstPlayer, KingRange, MidCapturePromotion, Rules,
    SquareNotation, Start,
};
