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
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
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

/// The answer of `/api/check` (typed, not a `Value` per move: a 1 MB
/// record has some 80,000 moves).
#[derive(Debug, Serialize)]
pub struct CheckAnswer {
    /// The objects of `check --format json`, in file order.
    pub findings: Vec<Value>,
    /// Every game, in file order.
    pub games: Vec<GameLines>,
}

/// One game of the record and its lines.
#[derive(Debug, Serialize)]
pub struct GameLines {
    /// Its number in the record, from 1.
    pub index: usize,
    /// Its tags (the first of each name).
    pub tags: Map<String, Value>,
    /// The profile it was checked under, `None` when its rules are unknown.
    pub profile: Option<String>,
    /// Its start position.
    pub start_fen: Option<String>,
    /// The main line (id 0), then the variations.
    pub lines: Vec<LineOut>,
    /// The result object of `check --format json`.
    pub result: Value,
    /// Why the game could not be followed at all (unknown rules, an
    /// invalid start position).
    pub error: Option<String>,
}

/// One line of a game.
#[derive(Debug, Serialize)]
pub struct LineOut {
    /// 0 for the main line.
    pub id: usize,
    /// The line it branches from, `None` for the main line.
    pub parent: Option<Parent>,
    /// Its moves.
    pub moves: Vec<MoveOut>,
}

/// Where a variation branches off.
#[derive(Debug, Serialize)]
pub struct Parent {
    /// The line it branches from.
    pub line: usize,
    /// Plies of that line before the variation's first move.
    pub ply: usize,
}

/// One move of a line.
#[derive(Debug, Serialize)]
pub struct MoveOut {
    /// Its ply along its line, from 1.
    pub ply: usize,
    /// As written.
    pub text: String,
    /// In canonical notation, when it was played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
    /// Where it stands: line, from 1.
    pub line: u32,
    /// Column, from 1.
    pub column: u32,
    /// The position after it; `None` when it was not played.
    pub fen: Option<String>,
    /// Why it could not be played, for the move refused.
    pub error: Option<String>,
}

/// Checks the text: findings and games.
pub fn check(request: &CheckRequest) -> Result<CheckAnswer, ApiError> {
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
                Err(d) => GameLines {
                    error: Some(d.message),
                    ..base(&rec)
                },
            };
            game.result = results
                .remove(&rec.index.to_string())
                .unwrap_or(Value::Null);
            games.push(game);
        }
        if !more {
            break;
        }
    }
    Ok(CheckAnswer { findings, games })
}

/// A game before its lines are known.
fn base(rec: &RecordedGame) -> GameLines {
    let mut tags = Map::new();
    for (name, value, _) in rec.tag_pairs() {
        tags.entry(name.to_string())
            .or_insert_with(|| Value::String(value.to_string()));
    }
    GameLines {
        index: rec.index,
        tags,
        profile: None,
        start_fen: None,
        lines: Vec::new(),
        result: Value::Null,
        error: None,
    }
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
    type Output = GameLines;

    fn run<G: Game>(self, game: &G) -> GameLines {
        let rec = self.0;
        let mut v = base(rec);
        v.profile = Some(game.header().id().to_string());
        let start = match game.position_from_tags(rec) {
            Ok(Some(p)) => Some(p),
            Ok(None) => Some(game.start_position()),
            Err(e) => {
                v.error = Some(format!("invalid start position: {e}"));
                None
            }
        };
        v.start_fen = start.as_ref().map(|p| game.write_position(p));
        let mut out = vec![LineOut {
            id: 0,
            parent: None,
            moves: Vec::new(),
        }];
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
                        "unknown move `-`: the rest of this line cannot be followed".to_string()
                    });
                    line.refused_last = error.is_some();
                    line.dead = true;
                    let entry = move_entry(line.ply, "-", span, None, error);
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
                    out.push(LineOut {
                        id,
                        parent: Some(Parent {
                            line: parent.id,
                            ply,
                        }),
                        moves: Vec::new(),
                    });
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
        v.lines = out;
        v
    }
}

fn push_move(out: &mut [LineOut], line: usize, entry: MoveOut) {
    if let Some(l) = out.get_mut(line) {
        l.moves.push(entry);
    }
}

fn move_entry(
    ply: usize,
    text: &str,
    span: Span,
    fen: Option<String>,
    error: Option<String>,
) -> MoveOut {
    MoveOut {
        ply,
        text: text.to_string(),
        notation: None,
        line: span.start.line,
        column: span.start.column,
        fen,
        error,
    }
}

/// Plays one move token on a line: its entry.
fn play<G: Game>(game: &G, line: &mut Line<G>, text: &str, span: Span) -> MoveOut {
    line.ply += 1;
    line.refused_last = false;
    let state = match &mut line.state {
        Some(state) if !line.dead => state,
        _ => return move_entry(line.ply, text, span, None, None),
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
            // The buffers of the position before are reused: a draw
            // rule's clock keeps the game's history.
            let before = match &mut line.before {
                Some(before) => {
                    before.position.clone_from(&state.position);
                    before.clock.clone_from(&state.clock);
                    before
                }
                None => line.before.insert(state.clone()),
            };
            game.play(&mut state.position, &parsed.mv);
            game.advance(
                &mut state.clock,
                &before.position,
                &parsed.mv,
                &state.position,
            );
            let fen = Some(game.write_position(&state.position));
            let mut entry = move_entry(line.ply, text, span, fen, None);
            entry.notation = Some(notation);
            entry
        }
        Err(message) => {
            line.dead = true;
            line.refused_last = true;
            move_entry(line.ply, text, span, None, Some(message))
        }
    }
}
