//! Helpers shared by the morris tests: the bundled profiles and profiles
//! written in a test.

#![allow(dead_code)]

use board_core::prelude::*;
use board_core::{LegalityError, MoveError, ProfileSource};
use morris::{Morris, Position};

/// Every bundled profile: (name, TOML text).
pub const BUNDLED: &[(&str, &str)] = &[
    (
        "cheng-san",
        include_str!("../../../../rules/morris/cheng-san.v1.toml"),
    ),
    (
        "nine-mens-morris",
        include_str!("../../../../rules/morris/nine-mens-morris.v1.toml"),
    ),
    (
        "six-mens-morris",
        include_str!("../../../../rules/morris/six-mens-morris.v1.toml"),
    ),
    (
        "twelve-mens-morris",
        include_str!("../../../../rules/morris/twelve-mens-morris.v1.toml"),
    ),
    (
        "morabaraba",
        include_str!("../../../../rules/morris/morabaraba.v1.toml"),
    ),
    (
        "lasker",
        include_str!("../../../../rules/morris/lasker.v1.toml"),
    ),
    (
        "da-san-qi",
        include_str!("../../../../rules/morris/da-san-qi.v1.toml"),
    ),
];

/// A bundled profile by name.
pub fn profile(name: &str) -> Morris {
    let (_, text) = BUNDLED
        .iter()
        .find(|(n, _)| *n == name)
        .unwrap_or_else(|| panic!("no bundled profile {name}"));
    let source = ProfileSource::new(format!("rules/morris/{name}.v1.toml"), *text, true)
        .expect("bundled header");
    Morris::from_profile(&source).expect("bundled profile loads")
}

/// A bundled profile with some `[rules]` lines replaced: each `(key, value)`
/// replaces the line starting with `key = `.
pub fn variant(name: &str, changes: &[(&str, &str)]) -> Morris {
    try_variant(name, changes).expect("variant loads")
}

/// Like [`variant`], returning the profile error.
pub fn try_variant(
    name: &str,
    changes: &[(&str, &str)],
) -> Result<Morris, board_core::ProfileError> {
    let (_, text) = BUNDLED
        .iter()
        .find(|(n, _)| *n == name)
        .expect("bundled profile");
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for (key, value) in changes {
        let prefix = format!("{key} = ");
        let line = lines
            .iter_mut()
            .find(|l| l.starts_with(&prefix))
            .unwrap_or_else(|| panic!("no line `{key} = ` in {name}"));
        *line = format!("{key} = {value}");
    }
    let source = ProfileSource::new("test-variant.toml", lines.join("\n"), false)?;
    Morris::from_profile(&source)
}

/// A position from a FEN, which must be valid.
pub fn fen(game: &Morris, text: &str) -> Position {
    game.parse_position(text)
        .unwrap_or_else(|e| panic!("`{text}` should parse: {e}"))
}

/// Plays moves written in notation, each of which must be legal.
pub fn play(game: &Morris, position: &mut Position, moves: &[&str]) {
    for text in moves {
        let mv = game.parse_move(position, text).unwrap_or_else(|e| {
            panic!(
                "`{text}` should be legal in `{}`: {e}",
                game.write_position(position)
            )
        });
        game.play(position, &mv);
    }
}

/// Every legal move in canonical notation, sorted.
pub fn legal(game: &Morris, position: &Position) -> Vec<String> {
    let mut moves = Vec::new();
    game.legal_moves(position, &mut moves);
    let mut texts: Vec<String> = moves.iter().map(|m| game.write_move(position, m)).collect();
    texts.sort();
    texts
}

/// The reason a move is illegal (panics if it is legal or not illegal).
pub fn illegal_reason(game: &Morris, position: &Position, text: &str) -> String {
    match game.parse_move(position, text) {
        Err(MoveError::Legality(LegalityError::Illegal { reason, .. })) => reason,
        other => panic!("`{text}` should be illegal, got {other:?}"),
    }
}
