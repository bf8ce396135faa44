#![doc = include_str!("../README.md")]

mod builtin;
mod direct;
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
