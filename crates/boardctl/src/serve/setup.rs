//! `/api/setup`: one side's set-up of a game that starts from set-ups
//! (lingqi), checked by the game's rules with every violation and the cells
//! it is about.

use super::error::ApiError;
use crate::registry::AnyGame;
use board_core::svg::{SvgOptions, draw};
use board_core::{Profiled, Side};
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

/// Checks the set-up: `ok`, the problems with their cells, and a picture
/// of the pieces placed with the problem cells highlighted.
pub fn setup(game: &AnyGame, request: &SetupRequest) -> Result<Value, ApiError> {
    let AnyGame::Lingqi(lingqi) = game else {
        return Err(ApiError::bad_request(
            "no-setup",
            "this game has no set-ups: its start position comes from its profile or a FEN",
        ));
    };
    let lingqi: &lingqi::Lingqi = lingqi;
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
            .map(|p| {
                let cells: Vec<&str> = p.nodes.iter().map(|&n| graph.label(n)).collect();
                json!({ "message": p.message, "cells": cells })
            })
            .collect(),
    };
    let position = lingqi.setup_preview(side, &request.setup);
    // The page marks the problems' cells itself.
    let options = SvgOptions {
        flip: request.flip,
        ..SvgOptions::default()
    };
    Ok(json!({
        "ok": problems.is_empty(),
        "problems": problems,
        "svg": draw(lingqi, &position, &options),
    }))
}
