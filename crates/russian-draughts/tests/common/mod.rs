//! Helpers shared by the test files: loading the bundled profiles.

#![allow(dead_code)]

use board_core::ProfileSource;
use board_core::prelude::*;
use russian_draughts::Draughts;

/// Every profile of the game, by name.
pub const PROFILES: [&str; 5] = ["russian", "english", "international", "brazilian", "czech"];

/// Loads `rules/russian-draughts/<name>.v1.toml`.
pub fn load(name: &str) -> Draughts {
    let path = format!(
        "{}/../../rules/russian-draughts/{name}.v1.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("profile file is readable");
    let source = ProfileSource::new(path, text, true).expect("profile header is valid");
    Draughts::from_profile(&source).expect("profile loads")
}

/// Parses a FEN that the test knows to be valid.
pub fn fen(game: &Draughts, text: &str) -> russian_draughts::Position {
    game.parse_position(text).expect("test FEN is valid")
}

/// Every legal move of a position, written in full.
pub fn moves(game: &Draughts, pos: &russian_draughts::Position) -> Vec<String> {
    let mut list = Vec::new();
    game.legal_moves(pos, &mut list);
    let mut names: Vec<String> = list.iter().map(|m| game.write_full(m)).collect();
    names.sort();
    names
}
