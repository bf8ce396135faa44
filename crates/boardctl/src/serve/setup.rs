//! `/api/setup`: one side's set-up of a game that starts from set-ups
//! (lingqi), checked by the game's rules with every violation and the cells
//! it names.

use super::error::ApiError;
use crate::registry::AnyGame;
use board_core::svg::{SvgOptions, draw};
use board_core::{Graph, NodeId, Notation, Profiled, Side};
use serde::Deserialize;
use serde_json::{Value, json};

/// The body of `/api/setup`.
#[derive(Clone, Debug, Deserialize)]
pub struct SetupRequest {
    /// A profile reference.
    pub profile: Option<String>,
    /// A profile's TOML text instead.
    pub profile_toml: Option<String>,
    /// `South` or `North`.
    pub side: String,
    /// The side's pieces, `Sj2,Mj3,…`.
    pub setup: String,
    /// The second player's side at the bottom of the picture.
    #[serde(default)]
    pub flip: bool,
}

/// The labels of the board's nodes that a message names, in order, each
/// once: the cells of a violation.
fn cells_named(graph: &Graph, message: &str) -> Vec<String> {
    let mut cells: Vec<String> = Vec::new();
    for word in message.split(|c: char| !c.is_ascii_alphanumeric()) {
        if word.is_empty() || cells.iter().any(|c| c == word) {
            continue;
        }
        if graph.node_by_label(word).is_some() {
            cells.push(word.to_string());
        }
    }
    cells
}

/// Checks the set-up: `ok`, the problems with their cells, and a picture
/// of the pieces placed with the problem cells highlighted.
pub fn setup(game: &AnyGame, request: &SetupRequest) -> Result<Value, ApiError> {
    let AnyGame::Lingqi(lingqi) = game else {
        return Err(ApiError::bad_request(
            "no-setup",
            "this game has no set-ups: its start position comes from its profile or a FEN",
        ));
    };
    let side = match request.side.as_str() {
        "South" | "south" | "S" => Side::White,
        "North" | "north" | "N" => Side::Black,
        other => {
            return Err(ApiError::bad_request(
                "bad-side",
                format!("`side` is `South` or `North`, not `{other}`"),
            ));
        }
    };
    let graph = lingqi.graph();
    let problems: Vec<Value> = match lingqi.parse_setup(side, &request.setup) {
        Ok(_) => Vec::new(),
        Err(problems) => problems
            .iter()
            .map(|p| json!({ "message": p.message, "cells": cells_named(graph, &p.message) }))
            .collect(),
    };
    let highlight: Vec<NodeId> = problems
        .iter()
        .filter_map(|p| p["cells"].as_array())
        .flatten()
        .filter_map(|c| c.as_str().and_then(|l| graph.node_by_label(l)))
        .collect();
    let position = placed(lingqi, side, &request.setup);
    let options = SvgOptions {
        flip: request.flip,
        highlight,
        ..SvgOptions::default()
    };
    Ok(json!({
        "ok": problems.is_empty(),
        "problems": problems,
        "svg": draw(lingqi, &position, &options),
    }))
}

/// The pieces of a set-up that can stand on the board (every item that
/// reads and whose cell is free), as a position with nothing else on it
/// (written in lingqi's FEN, `S:<South>:<North>:<turn>`).
fn placed<G: Notation + Profiled>(game: &G, side: Side, setup: &str) -> G::Position {
    let fen = |items: &str| match side {
        Side::White => format!("S:{items}::1"),
        Side::Black => format!("S::{items}:1"),
    };
    let mut kept: Vec<&str> = Vec::new();
    let mut position = game.parse_position(&fen("")).ok();
    for item in setup.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        kept.push(item);
        match game.parse_position(&fen(&kept.join(","))) {
            Ok(p) => position = Some(p),
            Err(_) => {
                kept.pop();
            }
        }
    }
    position.unwrap_or_else(|| game.start_position())
}
