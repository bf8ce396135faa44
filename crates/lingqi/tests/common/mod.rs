//! Helpers shared by the lingqi tests: the profile, variants of it, FEN
//! positions and cells by label.
#![allow(dead_code)]

use board_core::prelude::*;
use board_core::{NodeId, ProfileSource};
use lingqi::{Lingqi, Position, Turn};

/// The text of `rules/lingqi/lingqi.v1.toml`.
pub const PROFILE: &str = include_str!("../../../../rules/lingqi/lingqi.v1.toml");
/// The text of `rules/lingqi/forbidden-zones.v1.toml`.
pub const FORBIDDEN_PROFILE: &str =
    include_str!("../../../../rules/lingqi/forbidden-zones.v1.toml");

/// The engine of the bundled profile.
pub fn game() -> Lingqi {
    load("rules/lingqi/lingqi.v1.toml", PROFILE)
}

/// The engine of the `forbidden-zones` profile.
pub fn forbidden_game() -> Lingqi {
    load("rules/lingqi/forbidden-zones.v1.toml", FORBIDDEN_PROFILE)
}

/// An engine from a profile text.
pub fn load(origin: &str, text: &str) -> Lingqi {
    let source =
        ProfileSource::new(origin.to_string(), text.to_string(), false).expect("profile header");
    Lingqi::from_profile(&source).unwrap_or_else(|e| panic!("{e}"))
}

/// The bundled profile with one line replaced (`from` must occur).
pub fn variant(from: &str, to: &str) -> Lingqi {
    assert!(PROFILE.contains(from), "profile has no `{from}`");
    load("variant.toml", &PROFILE.replacen(from, to, 1))
}

/// The position of a FEN, which must be valid.
pub fn pos(g: &Lingqi, fen: &str) -> Position {
    g.parse_position(fen)
        .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A cell by label.
pub fn cell(g: &Lingqi, label: &str) -> NodeId {
    g.graph().node_by_label(label).expect("cell on the board")
}

/// Parses a legal turn.
pub fn turn(g: &Lingqi, p: &Position, text: &str) -> Turn {
    g.parse_move(p, text)
        .unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

/// Plays a legal turn written in notation and returns the new position.
pub fn after(g: &Lingqi, p: &Position, text: &str) -> Position {
    let t = turn(g, p, text);
    let mut next = p.clone();
    g.play(&mut next, &t);
    next
}

/// The reason of an illegal turn (panics if it is legal).
pub fn illegal(g: &Lingqi, p: &Position, text: &str) -> String {
    match g.parse_move(p, text) {
        Ok(t) => panic!("`{text}` is legal: {t:?}"),
        Err(e) => e.to_string(),
    }
}

/// The piece text (`M3`, `d0`) on a cell, `.` when empty.
pub fn at(g: &Lingqi, p: &Position, label: &str) -> String {
    p.piece(cell(g, label))
        .map_or_else(|| ".".to_string(), |x| x.diagram_text())
}

/// The end cells of the piece on `label`, sorted by label.
pub fn ends(g: &Lingqi, p: &Position, label: &str) -> Vec<String> {
    let mut v: Vec<String> = g
        .reach(p, cell(g, label))
        .ends
        .iter()
        .map(|n| g.graph().label(n).to_string())
        .collect();
    v.sort();
    v
}
