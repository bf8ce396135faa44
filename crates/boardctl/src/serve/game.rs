//! The state of a game as the API gives it (`/api/game`, `/api/play`,
//! `/api/computer`, `/api/diagram`): a profile, a start position and the
//! moves so far, replayed on every request (the server keeps no games).
//! Written once over [`Game`].

use super::error::ApiError;
use crate::play::{describe_move_error, move_error_help};
use crate::registry::GameTask;
use board_core::notation::natural_cmp;
use board_core::svg::{SvgOptions, draw};
use board_core::{Ending, Game, MoveError, MoveErrorKind, MoveParts, Outcome};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// Which game, from where, and the moves so far: the body of `/api/game`
/// (and the start of `/api/play`'s and `/api/computer`'s).
#[derive(Clone, Debug, Default, Deserialize)]
pub struct GameRequest {
    /// A profile reference: `game/name@N`, or `game/name` for the newest.
    pub profile: Option<String>,
    /// A profile's TOML text instead (a user's own rules).
    pub profile_toml: Option<String>,
    /// Start from this position (the game's FEN).
    pub fen: Option<String>,
    /// Start from the position these record tags ask for (`FEN`, lingqi's
    /// `SetupSouth` and `SetupNorth`).
    #[serde(default)]
    pub tags: BTreeMap<String, String>,
    /// The moves played so far, in any notation the game reads.
    #[serde(default)]
    pub moves: Vec<String>,
    /// The second player's side at the bottom of the picture.
    #[serde(default)]
    pub flip: bool,
    /// Zones and trapped pieces in the picture (lingqi).
    #[serde(default)]
    pub zones: bool,
}

/// What to do after the replay.
#[derive(Clone, Debug)]
pub enum Action {
    /// Nothing: the state.
    Show,
    /// Play the move a text names, or the one a list of clicks enters.
    Play {
        /// The move text.
        text: Option<String>,
        /// Node labels clicked, in order.
        clicks: Option<Vec<String>>,
    },
    /// Let the computer choose and play a move.
    Computer(board_mcts::Settings),
    /// Only the picture of the start position (`/api/diagram`).
    Picture,
}

/// Replays a [`GameRequest`] and does its [`Action`]: the JSON answer.
pub struct Respond<'a> {
    /// The request.
    pub request: &'a GameRequest,
    /// What to do.
    pub action: Action,
}

/// A game replayed up to its last move.
struct Replayed<G: Game> {
    start: G::Position,
    position: G::Position,
    clock: G::Clock,
    moves: Vec<Value>,
    last: Option<MoveParts>,
}

impl<G: Game> Replayed<G> {
    /// Plays a legal move, keeping the clock, the move list and the last
    /// move for the picture; the move's canonical notation.
    fn play(&mut self, game: &G, mv: &G::Move) -> String {
        let notation = game.write_move(&self.position, mv);
        let parts = game.describe_move(&self.position, mv);
        let before = self.position.clone();
        game.play(&mut self.position, mv);
        game.advance(&mut self.clock, &before, mv, &self.position);
        self.moves.push(json!({
            "ply": self.moves.len() + 1,
            "notation": notation,
            "fen": game.write_position(&self.position),
        }));
        self.last = Some(parts);
        notation
    }

    /// The automatic end of the game (a claim does not end it).
    fn ended(&self, game: &G) -> Option<Ending> {
        game.ending(&self.clock, &self.position)
            .filter(|e| !e.claim)
    }
}

/// The error for a move text the game refused, at `ply`.
fn move_error<G: Game>(game: &G, e: &MoveError, ply: usize) -> ApiError {
    let code = match e.kind() {
        MoveErrorKind::Syntax => "move-syntax",
        MoveErrorKind::Illegal => "illegal-move",
        MoveErrorKind::Ambiguous => "ambiguous-move",
    };
    ApiError::unprocessable(code, describe_move_error(e))
        .at_ply(ply)
        .with_help(move_error_help(game, e))
}

/// The error for a move after the end of the game.
fn after_end<G: Game>(game: &G, ending: &Ending, ply: usize) -> ApiError {
    ApiError::unprocessable(
        "move-after-end",
        format!("the game is over: {}", ending_text(game, ending)),
    )
    .at_ply(ply)
}

/// `White wins: …`, `draw: …`, `a draw can be claimed: …`, with the
/// game's names of the players.
fn ending_text<G: Game>(game: &G, ending: &Ending) -> String {
    match &ending.outcome {
        Outcome::Win { winner, .. } => {
            format!("{} wins: {}", game.side_name(*winner), ending.rule())
        }
        Outcome::Draw { .. } if ending.claim => format!("a draw can be claimed: {}", ending.rule()),
        Outcome::Draw { .. } => format!("draw: {}", ending.rule()),
    }
}

fn ending_json<G: Game>(game: &G, ending: Option<&Ending>) -> Value {
    let Some(e) = ending else {
        return Value::Null;
    };
    let winner = match &e.outcome {
        Outcome::Win { winner, .. } => json!(winner.name()),
        Outcome::Draw { .. } => Value::Null,
    };
    json!({
        "winner": winner,
        "text": ending_text(game, e),
        "rule": e.rule(),
        "citation": e.citation,
        "claim": e.claim,
    })
}

/// The start position a request asks for: its FEN, else its tags, else
/// the profile's.
fn start_position<G: Game>(game: &G, request: &GameRequest) -> Result<G::Position, ApiError> {
    let bad = |what: &str, e: board_core::PositionError| {
        ApiError::unprocessable("bad-position", format!("invalid {what}: {e}"))
    };
    if let Some(fen) = &request.fen {
        return game.parse_position(fen).map_err(|e| bad("position", e));
    }
    if request.tags.is_empty() {
        return Ok(game.start_position());
    }
    let tags: Vec<(String, String)> = request
        .tags
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    match game.position_from_tags(&tags) {
        Ok(Some(p)) => Ok(p),
        Ok(None) => Ok(game.start_position()),
        Err(e) => Err(bad("start position", e)),
    }
}

/// The most moves a request may carry: far more than any game is long,
/// and a bound on the work and the answer of one request.
pub const MAX_MOVES: usize = 10_000;

/// Replays the request's moves from its start position.
fn replay<G: Game>(game: &G, request: &GameRequest) -> Result<Replayed<G>, ApiError> {
    if request.moves.len() > MAX_MOVES {
        return Err(ApiError::unprocessable(
            "too-many-moves",
            format!(
                "{} moves given; a request carries at most {MAX_MOVES}",
                request.moves.len()
            ),
        ));
    }
    let start = start_position(game, request)?;
    let mut r = Replayed {
        position: start.clone(),
        clock: game.start_clock(&start),
        start,
        moves: Vec::with_capacity(request.moves.len()),
        last: None,
    };
    for (i, text) in request.moves.iter().enumerate() {
        let mv = parse(game, &r, text, i + 1)?;
        r.play(game, &mv);
    }
    Ok(r)
}

/// Reads the move `text` as ply `ply` of the replayed game.
fn parse<G: Game>(game: &G, r: &Replayed<G>, text: &str, ply: usize) -> Result<G::Move, ApiError> {
    if let Some(e) = game.rule_ending(&r.clock, &r.position).filter(|e| !e.claim) {
        let ending = game.outcome(&r.position).map_or(e, Ending::board);
        return Err(after_end(game, &ending, ply));
    }
    game.parse_move(&r.position, text)
        .map_err(|e| match game.outcome(&r.position) {
            Some(o) => after_end(game, &Ending::board(o), ply),
            None => move_error(game, &e, ply),
        })
}

/// The labels a legal move is entered by, with the JSON of its clicks.
fn clicks_json<G: Game>(game: &G, position: &G::Position, mv: &G::Move) -> (Vec<String>, Value) {
    let graph = game.graph();
    let clicks = game.move_clicks(position, mv);
    let labels = clicks
        .iter()
        .map(|c| graph.label(c.node).to_string())
        .collect();
    let json = clicks
        .iter()
        .map(|c| {
            let mut v = json!({ "node": graph.label(c.node), "role": c.role.as_str() });
            if let Some(choice) = &c.choice {
                v["choice"] = json!(choice);
            }
            v
        })
        .collect();
    (labels, json)
}

/// The legal moves with their clicks and captured pieces, by notation.
fn legal_json<G: Game>(game: &G, position: &G::Position) -> Vec<Value> {
    let graph = game.graph();
    let mut moves = Vec::new();
    game.legal_moves(position, &mut moves);
    let mut out: Vec<(String, Value)> = moves
        .iter()
        .map(|mv| {
            let notation = game.write_move(position, mv);
            let (_, clicks) = clicks_json(game, position, mv);
            let captured: Vec<&str> = game
                .describe_move(position, mv)
                .captured
                .iter()
                .map(|&n| graph.label(n))
                .collect();
            let v = json!({ "notation": notation, "clicks": clicks, "captured": captured });
            (notation, v)
        })
        .collect();
    out.sort_by(|a, b| natural_cmp(&a.0, &b.0));
    out.into_iter().map(|(_, v)| v).collect()
}

/// The move a list of clicks enters: the one legal move whose clicks are
/// exactly these labels.
fn by_clicks<G: Game>(
    game: &G,
    r: &Replayed<G>,
    clicks: &[String],
    ply: usize,
) -> Result<G::Move, ApiError> {
    if let Some(e) = r.ended(game) {
        return Err(after_end(game, &e, ply));
    }
    let mut moves = Vec::new();
    game.legal_moves(&r.position, &mut moves);
    let fitting: Vec<&G::Move> = moves
        .iter()
        .filter(|mv| clicks_json(game, &r.position, mv).0 == clicks)
        .collect();
    match fitting.as_slice() {
        [one] => Ok((*one).clone()),
        [] => Err(clicks_refused(game, r, clicks, ply)),
        many => {
            let names: Vec<String> = many
                .iter()
                .map(|mv| game.write_move(&r.position, mv))
                .collect();
            Err(ApiError::unprocessable(
                "ambiguous-move",
                format!(
                    "the clicks enter {}: send the move's text",
                    names.join(" or ")
                ),
            )
            .at_ply(ply))
        }
    }
}

/// Why no legal move is entered by `clicks`: the engine's reason for the
/// clicks written as a move (the labels joined by `-`, `:`, or alone as a
/// placement), the first such text it reads but refuses; else that no
/// move is entered so.
fn clicks_refused<G: Game>(game: &G, r: &Replayed<G>, clicks: &[String], ply: usize) -> ApiError {
    let texts = [clicks.join("-"), clicks.join(":"), clicks.join(" ")];
    let refused = texts
        .iter()
        .find_map(|text| match game.parse_move(&r.position, text) {
            Err(e @ MoveError::Legality(_)) => Some(e),
            _ => None,
        });
    match refused {
        Some(e) => move_error(game, &e, ply),
        None => ApiError::unprocessable(
            "illegal-move",
            format!(
                "no legal move is entered by the clicks {}",
                if clicks.is_empty() {
                    "(none)".to_string()
                } else {
                    clicks.join(", ")
                }
            ),
        )
        .at_ply(ply),
    }
}

/// The state of a replayed game as JSON.
fn state_json<G: Game>(game: &G, request: &GameRequest, r: Replayed<G>) -> Value {
    let side = game.side_to_move(&r.position);
    let ending = game.ending(&r.clock, &r.position);
    let legal = match &ending {
        Some(e) if !e.claim => Vec::new(),
        _ => legal_json(game, &r.position),
    };
    let options = SvgOptions {
        flip: request.flip,
        last_move: r.last.clone(),
        zones: request.zones,
        ..SvgOptions::default()
    };
    json!({
        "profile": game.header().id().to_string(),
        "game": G::GAME,
        "start_fen": game.write_position(&r.start),
        "fen": game.write_position(&r.position),
        "side_to_move": side.name(),
        "side_name": game.side_name(side),
        "moves": r.moves,
        "legal": legal,
        "ending": ending_json(game, ending.as_ref()),
        "svg": draw(game, &r.position, &options),
    })
}

impl GameTask for Respond<'_> {
    type Output = Result<Value, ApiError>;

    fn run<G: Game>(self, game: &G) -> Result<Value, ApiError> {
        let request = self.request;
        if let Action::Picture = self.action {
            let position = start_position(game, request)?;
            let options = SvgOptions {
                flip: request.flip,
                zones: request.zones,
                ..SvgOptions::default()
            };
            return Ok(json!({ "svg": draw(game, &position, &options) }));
        }
        let mut r = replay(game, request)?;
        let ply = r.moves.len() + 1;
        match self.action {
            Action::Show | Action::Picture => Ok(state_json(game, request, r)),
            Action::Play { text, clicks } => {
                let mv = match (text, clicks) {
                    (Some(text), _) => parse(game, &r, &text, ply)?,
                    (None, Some(clicks)) => by_clicks(game, &r, &clicks, ply)?,
                    (None, None) => {
                        return Err(ApiError::bad_request(
                            "no-move",
                            "give `move` (a move text) or `clicks` (the labels of the nodes clicked)",
                        ));
                    }
                };
                let played = r.play(game, &mv);
                let mut state = state_json(game, request, r);
                state["played"] = json!(played);
                Ok(state)
            }
            Action::Computer(settings) => {
                if let Some(e) = r.ended(game) {
                    return Err(ApiError::unprocessable(
                        "game-over",
                        format!("the game is over: {}", ending_text(game, &e)),
                    ));
                }
                let choice = board_mcts::search(game, &r.position, &r.clock, &settings)
                    .map_err(|e| ApiError::unprocessable("game-over", e.to_string()))?;
                let played = r.play(game, &choice.mv);
                let mut state = state_json(game, request, r);
                state["played"] = json!(played);
                state["playouts"] = json!(choice.playouts);
                state["time_ms"] = json!(settings.budget.time.map(|t| t.as_millis()));
                Ok(state)
            }
        }
    }
}
