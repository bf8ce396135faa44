//! The morris family for boardctl — Nine, Six and Twelve Men's Morris,
//! Morabaraba, Lasker Morris, and the Chinese marked-point games Cheng San
//! and Da San Qi — on one rule engine configured by profiles.
//!
//! # Use on its own
//!
//! The crate carries its profiles ([`Morris::builtin`]), so it works from
//! any directory; the game interface is [`board_core::Game`]:
//!
//! ```
//! use board_core::prelude::*;
//! use morris::Morris;
//!
//! let game = Morris::builtin("nine-mens-morris@1")?;
//! let mut position = game.parse_position("B:Wa1,d1:Bd6:H7/8")?;
//! let mv = game.parse_move(&position, "g1")?;
//! game.play(&mut position, &mv);
//! let fen = game.write_position(&position);
//! println!("{fen}");
//! assert_eq!(fen, "W:Wa1,d1:Bd6,g1:H7/7");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The board is the profile's graph (`[board] kind = "morris"` with its
//! `lines`, or any custom graph of at most 64 points): its edges are the
//! steps, its lines the mills. Every rule is a switch of the `[rules]`
//! table ([`Rules`]): men per side, the flying threshold, mill protection,
//! removals per double mill, marked points, what happens to a side that
//! cannot place or cannot move, the draw rules and the loss threshold.
//!
//! # Move notation
//!
//! A placement is its point (`d1`), a move or flight joins two points with
//! `-` (`d1-d2`, `a1-g7`). The men a mill takes follow, each after an `x`:
//! `d2xg7`, `a1-a4xg7`, `a1-a4xg7xg1`. A removal may also be written as a
//! token of its own (`d2 xg7`): [`board_core::RecordHooks::continues_move`] tells
//! the record reader to join it onto the move. Marked points are never
//! written. A mill-closing move written without its removal is accepted when
//! only one man can be taken, and is ambiguous otherwise.
//!
//! # Position notation (FEN)
//!
//! `W:Wa1,d1,g1:Bd6:H6/7:Mb2` — fields separated by `:`; first the side
//! to move (`W` or `B`); then, in any order, `W…` and `B…` (required): the
//! points of White's and Black's men, comma-separated, possibly none;
//! `H<white>/<black>`: men in hand (omitted means `H0/0`, the moving
//! phase — the placing phase lasts while a hand is not empty); `M…`:
//! marked points (omitted when there are none); `R<n>`: moves in a row
//! without a removal or placement, written only by profiles with a
//! move-limit draw rule. The start of nine men's morris is `W:W:B:H9/9`.
//! An invalid FEN is refused with every problem listed: unknown or doubled
//! points, a point held by both sides, more men than the profile gives,
//! marks in a profile without them, in the moving phase, on occupied points
//! or not one per removal made, hands that alternate placing cannot
//! produce, a side not to move that has already lost. The repetition
//! history is not part of a FEN: a game read from one starts counting
//! repetitions there.
//!
//! # Perft
//!
//! A mill-closing move with one choice of removal is one move. With
//! [`REMOVAL_PLY`] the removal is a ply of its own, within the depth (a
//! mill closed at the last ply counts once). There is no option to keep
//! duplicates: a placement or move with its set of removals is one move,
//! whatever the order the removals are written in.

mod builtin;
mod engine;
mod fen;
mod game;
mod moves;
mod notation;
mod perft;
mod position;
mod rules;
mod tables;

pub use game::{Morris, REMOVAL_PLY};
pub use moves::Move;
pub use position::Position;
pub use rules::{
    Blocked, FlyingAt, FullBoard, MarkedPoints, MillProtection, NoPlacement, Placing, Rules, Start,
};
pub use tables::MAX_POINTS;
