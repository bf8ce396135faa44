//! Loading the bundled profiles in tests.

#![allow(dead_code)]

use alquerque::Alquerque;
use board_core::ProfileSource;
use board_core::prelude::*;

/// The text of every bundled profile, by name.
pub const PROFILES: &[(&str, &str)] = &[
    (
        "alquerque",
        include_str!("../../../rules/alquerque/alquerque.v1.toml"),
    ),
    (
        "alfonso",
        include_str!("../../../rules/alquerque/alfonso.v1.toml"),
    ),
    (
        "murray",
        include_str!("../../../rules/alquerque/murray.v1.toml"),
    ),
    (
        "covarrubias",
        include_str!("../../../rules/alquerque/covarrubias.v1.toml"),
    ),
];

/// Loads a bundled profile by name (`alquerque`, `alfonso`, …).
pub fn load(name: &str) -> Alquerque {
    let (_, text) = PROFILES
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no bundled profile {name}"));
    let source = ProfileSource::new(
        format!("rules/alquerque/{name}.v1.toml"),
        text.to_string(),
        true,
    )
    .expect("bundled profile header");
    Alquerque::from_profile(&source).expect("bundled profile loads")
}

/// Loads a profile from its text (for test-only rule sets).
pub fn load_text(text: &str) -> Alquerque {
    let source = ProfileSource::new("test.toml", text.to_string(), false).expect("header");
    Alquerque::from_profile(&source).expect("profile loads")
}

/// Plays moves given in notation, panicking with the reason on an illegal one.
pub fn play(game: &Alquerque, fen: &str, moves: &[&str]) -> alquerque::Position {
    let mut position = game.parse_position(fen).expect("test FEN");
    for text in moves {
        let mv = game
            .parse_move(&position, text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        game.play(&mut position, &mv);
    }
    position
}

/// Every legal move of a position, in canonical notation, sorted.
pub fn moves(game: &Alquerque, position: &alquerque::Position) -> Vec<String> {
    let mut list = Vec::new();
    game.legal_moves(position, &mut list);
    let mut texts: Vec<String> = list.iter().map(|m| game.write_move(position, m)).collect();
    texts.sort();
    texts
}

/// Every legal move from a FEN.
pub fn moves_of(game: &Alquerque, fen: &str) -> Vec<String> {
    let position = game.parse_position(fen).expect("test FEN");
    moves(game, &position)
}
