//! `/api/check`: the findings of `boardctl check --format json` on a
//! record's text, and every game's lines (main line and variations) with
//! the position after each move, for a page that steps through them.

use super::error::ApiError;
use crate::check::Checker;
use crate::check::plies::{Plies, Step, parse_ply};
use crate::check::record::{Collector, RecordedGame};
use crate::check::rules::RulesCache;
use crate::cli::CheckFormat;
use crate::play::describe_move_error;
use crate::registry::GameTask;
use board_core::Game;
use board_core::record::{Reader, Span};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use std::io::Cursor;
use std::sync::Arc;

/// The body of `/api/check`.
#[derive(Clone, Debug, Deserialize)]
pub struct CheckRequest {
    /// The record (PDN).
    pub text: String,
    /// The rules of games with neither a `Rules` nor a `GameType` tag.
    pub rules: Option<String>,
}

/// The name findings give the text.
const NAME: &str = "<request>";

/// Checks the text: findings and games.
pub fn check(request: &CheckRequest) -> Result<Value, ApiError> {
    let unknown = |e: anyhow::Error| {
        ApiError::new(
            axum::http::StatusCode::NOT_FOUND,
            "unknown-profile",
            format!("{e:#}"),
        )
    };
    let bytes: Arc<[u8]> = Arc::from(request.text.as_bytes());
    let mut checker =
        Checker::new(request.rules.as_deref(), CheckFormat::Json, 1).map_err(unknown)?;
    let mut out = Vec::new();
    checker
        .check_reader(NAME, Cursor::new(Arc::clone(&bytes)), &mut out)
        .map_err(|e| ApiError::unprocessable("unreadable", format!("{e:#}")))?;
    let mut findings = Vec::new();
    let mut results = Map::new();
    for line in out.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
        let Ok(mut value) = serde_json::from_slice::<Value>(line) else {
            continue;
        };
        match value.get_mut("result").map(Value::take) {
            Some(result) => {
                let game = value
                    .get("game")
                    .map(ToString::to_string)
                    .unwrap_or_default();
                results.insert(game, result);
            }
            None => findings.push(value),
        }
    }
    let mut cache = RulesCache::new(request.rules.as_deref()).map_err(unknown)?;
    let mut reader = Reader::new(Cursor::new(bytes));
    let mut collector = Collector::default();
    let mut games = Vec::new();
    loop {
        let more = reader
            .read_game(&mut collector)
            .map_err(|e| ApiError::unprocessable("unreadable", e.to_string()))?;
        if !more {
            collector.finish();
        }
        for rec in collector.take() {
            if rec.problems_only {
                continue;
            }
            let mut game = match cache.game_for(&rec) {
                Ok(engine) => engine.run(Lines(&rec)),
                Err(d) => {
                    let mut v = base(&rec);
                    v["error"] = json!(d.message);
                    v
                }
            };
            game["result"] = results
                .remove(&rec.index.to_string())
                .unwrap_or(Value::Null);
            games.push(game);
        }
        if !more {
            break;
        }
    }
    Ok(json!({ "findings": findings, "games": games }))
}

/// The fields of a game before its lines are known.
fn base(rec: &RecordedGame) -> Value {
    let mut tags = Map::new();
    for (name, value, _) in rec.tag_pairs() {
        tags.entry(name.to_string())
            .or_insert_with(|| Value::String(value.to_string()));
    }
    json!({
        "index": rec.index,
        "tags": tags,
        "profile": null,
        "start_fen": null,
        "lines": [],
        "error": null,
    })
}

/// One line being followed.
struct Line<G: Game> {
    id: usize,
    /// The current position; `None` when there is none (an invalid start
    /// position or set-up).
    state: Option<State<G>>,
    /// Not followed any more: a move was refused (`state` is where), or it
    /// branches from where its parent could not be followed.
    dead: bool,
    /// The position before the last move played, with its clock.
    before: Option<State<G>>,
    /// Plies from the start to the current position.
    ply: usize,
    /// The last move token of this line was refused: a variation after it
    /// replaces it.
    refused_last: bool,
}

struct State<G: Game> {
    position: G::Position,
    clock: G::Clock,
}

impl<G: Game> Clone for State<G> {
    fn clone(&self) -> Self {
        State {
            position: self.position.clone(),
            clock: self.clock.clone(),
        }
    }
}

/// The lines of one game (a [`GameTask`]).
struct Lines<'a>(&'a RecordedGame);

impl GameTask for Lines<'_> {
    type Output = Value;

    fn run<G: Game>(self, game: &G) -> Value {
        let rec = self.0;
        let mut v = base(rec);
        v["profile"] = json!(game.header().id().to_string());
        let start = match game.position_from_tags(rec) {
            Ok(Some(p)) => Some(p),
            Ok(None) => Some(game.start_position()),
            Err(e) => {
                v["error"] = json!(format!("invalid start position: {e}"));
                None
            }
        };
        v["start_fen"] = start
            .as_ref()
            .map_or(Value::Null, |p| json!(game.write_position(p)));
        let mut out: Vec<Value> = vec![json!({ "id": 0, "parent": null, "moves": [] })];
        let mut stack: Vec<Line<G>> = vec![Line {
            id: 0,
            dead: start.is_none(),
            state: start.map(|p| State {
                clock: game.start_clock(&p),
                position: p,
            }),
            before: None,
            ply: 0,
            refused_last: false,
        }];
        let mut plies = Plies::new(game, rec);
        while let Some(step) = plies.next() {
            match step {
                Step::Ply { text, span } => {
                    let Some(line) = stack.last_mut() else {
                        continue;
                    };
                    let entry = play(game, line, text, span);
                    push_move(&mut out, line.id, entry);
                }
                Step::Unknown(span) => {
                    let Some(line) = stack.last_mut() else {
                        continue;
                    };
                    line.ply += 1;
                    let error = (!line.dead).then(|| {
                        json!("unknown move `-`: the rest of this line cannot be followed")
                    });
                    line.refused_last = error.is_some();
                    line.dead = true;
                    let entry = move_entry(line.ply, "-", span, Value::Null, error);
                    push_move(&mut out, line.id, entry);
                }
                Step::Setup { fen, .. } => {
                    let Some(line) = stack.last_mut() else {
                        continue;
                    };
                    line.refused_last = false;
                    if !line.dead {
                        line.state = fen
                            .and_then(|f| game.parse_position(f).ok())
                            .map(|p| State {
                                clock: game.start_clock(&p),
                                position: p,
                            });
                        line.dead = line.state.is_none();
                        line.before = None;
                    }
                }
                Step::Open(_) => {
                    let Some(parent) = stack.last() else {
                        continue;
                    };
                    let (state, dead, ply) = if parent.refused_last {
                        // An alternative to the move refused.
                        (parent.state.clone(), false, parent.ply.saturating_sub(1))
                    } else if parent.dead {
                        (None, true, parent.ply.saturating_sub(1))
                    } else if let Some(before) = &parent.before {
                        (Some(before.clone()), false, parent.ply.saturating_sub(1))
                    } else {
                        // No move played on the parent yet (or since a
                        // set-up): from where it stands.
                        (parent.state.clone(), false, parent.ply)
                    };
                    let id = out.len();
                    out.push(json!({
                        "id": id,
                        "parent": { "line": parent.id, "ply": ply },
                        "moves": [],
                    }));
                    stack.push(Line {
                        id,
                        dead: dead || state.is_none(),
                        state,
                        before: None,
                        ply,
                        refused_last: false,
                    });
                }
                Step::Close => {
                    if stack.len() > 1 {
                        stack.pop();
                    }
                }
                Step::Number { .. } | Step::Result { .. } | Step::Problem(_) | Step::Note(_) => {}
            }
        }
        v["lines"] = Value::Array(out);
        v
    }
}

fn push_move(out: &mut [Value], line: usize, entry: Value) {
    if let Some(Value::Array(moves)) = out.get_mut(line).and_then(|l| l.get_mut("moves")) {
        moves.push(entry);
    }
}

fn move_entry(ply: usize, text: &str, span: Span, fen: Value, error: Option<Value>) -> Value {
    json!({
        "ply": ply,
        "text": text,
        "line": span.start.line,
        "column": span.start.column,
        "fen": fen,
        "error": error.unwrap_or(Value::Null),
    })
}

/// Plays one move token on a line: its entry.
fn play<G: Game>(game: &G, line: &mut Line<G>, text: &str, span: Span) -> Value {
    line.ply += 1;
    line.refused_last = false;
    let state = match &mut line.state {
        Some(state) if !line.dead => state,
        _ => return move_entry(line.ply, text, span, Value::Null, None),
    };
    let ended = game
        .rule_ending(&state.clock, &state.position)
        .filter(|e| !e.claim);
    let parsed = match ended {
        Some(e) => Err(format!("move after the end of the game: {}", e.rule())),
        None => parse_ply(game, &state.position, text, span).map_err(|e| {
            match game.outcome(&state.position) {
                Some(o) => format!(
                    "move after the end of the game: {}",
                    crate::play::describe_outcome(game, &o)
                ),
                None => describe_move_error(&e),
            }
        }),
    };
    match parsed {
        Ok(parsed) => {
            let notation = game.write_move(&state.position, &parsed.mv);
            let before = state.clone();
            game.play(&mut state.position, &parsed.mv);
            game.advance(
                &mut state.clock,
                &before.position,
                &parsed.mv,
                &state.position,
            );
            let fen = json!(game.write_position(&state.position));
            line.before = Some(before);
            let mut entry = move_entry(line.ply, text, span, fen, None);
            entry["notation"] = json!(notation);
            entry
        }
        Err(message) => {
            line.dead = true;
            line.refused_last = true;
            move_entry(line.ply, text, span, Value::Null, Some(json!(message)))
        }
    }
}
