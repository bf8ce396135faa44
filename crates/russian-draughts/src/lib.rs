#![doc = include_str!("../README.md")]

mod builtin;
mod direct;
mod draws;
mod explain;
mod fen;
mod game;
mod irregular;
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
mod suggest;

pub use draws::DrawClock;
pub use game::{Draughts, KEEP_DUPLICATES, Piece};
pub use moves::Move;
pub use position::Position;
pub use rules::{
    CaptureChoice, CaptureWriting, Count, Decision, DrawKind, DrawRule, FirstPlayer, KingRange,
    MidCapturePromotion, Reset, Rules, SideMaterial, SquareNotation, Start,
};
