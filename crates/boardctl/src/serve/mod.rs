//! `boardctl serve`: the web board and its JSON API (docs/api.md) on axum
//! and tokio. The server keeps no games: each request carries its profile
//! and moves, and the answer is computed from them.
//!
//! Every answer that is not a success is the JSON error shape of
//! [`error::ApiError`] with a 4xx status (503 when the computer is busy):
//! bodies are bounded ([`BODY_LIMIT`]), work that takes a while runs on
//! tokio's blocking threads so the runtime stays free, `/api/check` runs at
//! most [`Limits::checks`] at once and the computer at most
//! [`Limits::searches`].

mod assets;
mod check;
pub mod error;
mod game;
mod setup;

use crate::cli::ServeArgs;
use crate::registry::{AnyGame, embedded_catalog};
use axum::Router;
use axum::extract::rejection::QueryRejection;
use axum::extract::{DefaultBodyLimit, Query, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use board_core::{Catalog, ProfileError, ProfileSource};
use error::{ApiError, Body};
pub use game::MAX_MOVES;
use game::{Action, GameRequest, Respond};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::io::Write;
use std::ops::RangeInclusive;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;
use tokio::sync::Semaphore;

/// The largest request body accepted (4 MiB); a larger one is answered
/// with 413.
pub const BODY_LIMIT: usize = 4 * 1024 * 1024;

/// The computer's time per move, in milliseconds: a request's `time_ms` is
/// clamped to this range.
pub const TIME_MS: RangeInclusive<u64> = 50..=10_000;

/// The computer's time per move when a request gives none.
pub const DEFAULT_TIME_MS: u64 = 1000;

/// The most playouts a request may ask for with `iterations`.
pub const MAX_ITERATIONS: u64 = 1_000_000;

/// How much the server does at once.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Computer searches at once (each keeps a core busy).
    pub searches: usize,
    /// How long a computer request waits for a free search before it is
    /// answered 503 `busy`.
    pub busy_wait: Duration,
    /// `/api/check` runs at once; the others wait their turn (each holds
    /// its record and findings in memory).
    pub checks: usize,
}

impl Default for Limits {
    /// One search per core, waiting up to 5 s; one check per core.
    fn default() -> Limits {
        let cores = std::thread::available_parallelism().map_or(1, usize::from);
        Limits {
            searches: cores.max(1),
            busy_wait: Duration::from_secs(5),
            checks: cores.max(1),
        }
    }
}

/// What every request shares: the profiles, the engines loaded so far,
/// and the limits.
struct Shared {
    catalog: Catalog,
    /// Engines of the built-in profiles, loaded on first use.
    loaded: Mutex<HashMap<String, Arc<AnyGame>>>,
    searches: Semaphore,
    checks: Semaphore,
    limits: Limits,
}

type AppState = Arc<Shared>;

impl Shared {
    /// The engine a request names: a built-in profile by reference, or a
    /// profile's TOML text.
    fn engine(&self, profile: Option<&str>, toml: Option<&str>) -> Result<Arc<AnyGame>, ApiError> {
        let bad_profile = |e: ProfileError| ApiError::unprocessable("bad-profile", e.to_string());
        match (profile, toml) {
            (_, Some(text)) => {
                let source = ProfileSource::new("<profile_toml>", text.to_string(), false)
                    .map_err(bad_profile)?;
                Ok(Arc::new(AnyGame::load(&source).map_err(bad_profile)?))
            }
            (Some(reference), None) => {
                let source = self.catalog.find(reference).map_err(|e| {
                    ApiError::new(StatusCode::NOT_FOUND, "unknown-profile", e.to_string())
                })?;
                let id = source.id().to_string();
                let mut loaded = self.loaded.lock().unwrap_or_else(PoisonError::into_inner);
                if let Some(engine) = loaded.get(&id) {
                    return Ok(Arc::clone(engine));
                }
                let engine = Arc::new(AnyGame::load(source).map_err(bad_profile)?);
                loaded.insert(id, Arc::clone(&engine));
                Ok(engine)
            }
            (None, None) => Err(ApiError::bad_request(
                "no-profile",
                "give `profile` (a profile reference such as russian-draughts/russian) or `profile_toml` (a profile's text)",
            )),
        }
    }
}

/// The API and the web page, with these limits.
pub fn router(limits: Limits) -> anyhow::Result<Router> {
    let state: AppState = Arc::new(Shared {
        catalog: embedded_catalog()?,
        loaded: Mutex::new(HashMap::new()),
        searches: Semaphore::new(limits.searches),
        checks: Semaphore::new(limits.checks),
        limits,
    });
    let check_route = post(check_record).route_layer(middleware::from_fn_with_state(
        Arc::clone(&state),
        one_check_at_a_time,
    ));
    Ok(Router::new()
        .route("/api/profiles", get(profiles))
        .route("/api/game", post(show_game))
        .route("/api/play", post(play))
        .route("/api/computer", post(computer))
        .route("/api/setup", post(check_setup))
        .route("/api/check", check_route)
        .route("/api/diagram", post(diagram))
        .route("/api/diagram.svg", get(diagram_svg))
        .route("/api", any(no_route))
        .route("/api/", any(no_route))
        .route("/api/{*rest}", any(no_route))
        .fallback(assets::serve_file)
        .method_not_allowed_fallback(wrong_method)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(state))
}

/// Runs blocking work on tokio's blocking threads.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Result<T, ApiError> {
    tokio::task::spawn_blocking(work).await.unwrap_or_else(|e| {
        Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            format!("the request could not be completed: {e}"),
        ))
    })
}

/// A JSON success answer.
fn ok(value: Value) -> Response {
    axum::Json(value).into_response()
}

async fn no_route(uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not-found",
        format!("no API endpoint at {} (docs/api.md lists them)", uri.path()),
    )
}

async fn wrong_method(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method-not-allowed",
        format!("{} does not answer {method}", uri.path()),
    )
}

/// `GET /api/profiles`.
async fn profiles(State(state): State<AppState>) -> Response {
    let list: Vec<Value> = state
        .catalog
        .sources()
        .iter()
        .map(|s| {
            json!({
                "name": s.id().to_string(),
                "game": s.header.game,
                "description": s.header.description,
            })
        })
        .collect();
    ok(json!({ "profiles": list }))
}

/// Loads the request's engine and answers it with `action`, off the
/// runtime.
async fn respond(
    state: AppState,
    request: GameRequest,
    action: Action,
) -> Result<Response, ApiError> {
    blocking(move || {
        let engine = state.engine(request.profile.as_deref(), request.profile_toml.as_deref())?;
        engine.run(Respond {
            request: &request,
            action,
        })
    })
    .await
    .map(ok)
}

/// `POST /api/game`.
async fn show_game(
    State(state): State<AppState>,
    Body(request): Body<GameRequest>,
) -> Result<Response, ApiError> {
    respond(state, request, Action::Show).await
}

/// The body of `/api/play`.
#[derive(Deserialize)]
struct PlayRequest {
    #[serde(flatten)]
    game: GameRequest,
    #[serde(rename = "move")]
    mv: Option<String>,
    clicks: Option<Vec<String>>,
}

/// `POST /api/play`.
async fn play(
    State(state): State<AppState>,
    Body(request): Body<PlayRequest>,
) -> Result<Response, ApiError> {
    let action = Action::Play {
        text: request.mv,
        clicks: request.clicks,
    };
    respond(state, request.game, action).await
}

/// The body of `/api/computer`.
#[derive(Deserialize)]
struct ComputerRequest {
    #[serde(flatten)]
    game: GameRequest,
    time_ms: Option<u64>,
    iterations: Option<u64>,
    seed: Option<u64>,
}

/// `POST /api/computer`.
async fn computer(
    State(state): State<AppState>,
    Body(request): Body<ComputerRequest>,
) -> Result<Response, ApiError> {
    let time_ms = request
        .time_ms
        .unwrap_or(DEFAULT_TIME_MS)
        .clamp(*TIME_MS.start(), *TIME_MS.end());
    let iterations = request.iterations.map(|n| n.clamp(1, MAX_ITERATIONS));
    let settings = board_mcts::Settings {
        budget: board_mcts::Budget {
            iterations,
            time: Some(Duration::from_millis(time_ms)),
        },
        seed: request.seed.unwrap_or(1),
        ..board_mcts::Settings::default()
    };
    let wait = state.limits.busy_wait;
    let permit = match tokio::time::timeout(wait, state.searches.acquire()).await {
        Ok(Ok(permit)) => permit,
        _ => {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "busy",
                format!(
                    "the computer is busy with {} other searches; try again shortly",
                    state.limits.searches
                ),
            ));
        }
    };
    let answer = respond(Arc::clone(&state), request.game, Action::Computer(settings)).await;
    drop(permit);
    answer
}

/// Lets one `/api/check` at a time per slot read its body and run.
async fn one_check_at_a_time(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let _permit = state.checks.acquire().await;
    next.run(request).await
}

/// `POST /api/check`: the answer is serialized on the blocking thread too
/// (it can be megabytes).
async fn check_record(Body(request): Body<check::CheckRequest>) -> Result<Response, ApiError> {
    let bytes = blocking(move || {
        let answer = check::check(&request)?;
        // About 14 bytes of answer per byte of record (a position per move).
        let mut bytes = Vec::with_capacity(request.text.len().saturating_mul(14));
        serde_json::to_writer(&mut bytes, &answer).map_err(|e| {
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string())
        })?;
        Ok(bytes)
    })
    .await?;
    Ok((
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/json"),
        )],
        bytes,
    )
        .into_response())
}

/// `POST /api/setup`.
async fn check_setup(
    State(state): State<AppState>,
    Body(request): Body<setup::SetupRequest>,
) -> Result<Response, ApiError> {
    blocking(move || {
        let engine = state.engine(request.profile.as_deref(), request.profile_toml.as_deref())?;
        setup::setup(&engine, &request)
    })
    .await
    .map(ok)
}

/// The body of `/api/diagram`, and the query of `/api/diagram.svg`.
#[derive(Deserialize)]
struct DiagramRequest {
    profile: Option<String>,
    profile_toml: Option<String>,
    fen: Option<String>,
    #[serde(default)]
    flip: bool,
    #[serde(default)]
    zones: bool,
}

impl DiagramRequest {
    fn game(self) -> GameRequest {
        GameRequest {
            profile: self.profile,
            profile_toml: self.profile_toml,
            fen: self.fen,
            flip: self.flip,
            zones: self.zones,
            ..GameRequest::default()
        }
    }
}

/// `POST /api/diagram`.
async fn diagram(
    State(state): State<AppState>,
    Body(request): Body<DiagramRequest>,
) -> Result<Response, ApiError> {
    respond(state, request.game(), Action::Picture).await
}

/// `GET /api/diagram.svg?profile=…&fen=…`: the picture itself.
async fn diagram_svg(
    State(state): State<AppState>,
    query: Result<Query<DiagramRequest>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(request) = query.map_err(|e| ApiError::bad_request("bad-query", e.body_text()))?;
    let request = request.game();
    let value = blocking(move || {
        let engine = state.engine(request.profile.as_deref(), request.profile_toml.as_deref())?;
        engine.run(Respond {
            request: &request,
            action: Action::Picture,
        })
    })
    .await?;
    let svg = value["svg"].as_str().unwrap_or_default().to_string();
    Ok((
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static("image/svg+xml"),
        )],
        svg,
    )
        .into_response())
}

/// `boardctl serve`.
pub fn serve(args: &ServeArgs) -> anyhow::Result<u8> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((args.host.as_str(), args.port))
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {}:{}: {e}", args.host, args.port))?;
        let address = listener.local_addr()?;
        if !address.ip().is_loopback() {
            let _ = writeln!(
                std::io::stderr(),
                "warning: listening on {address}, which other machines can reach: \
                 the server has no authentication"
            );
        }
        crate::emit(&format!("listening on http://{address}/\n"))?;
        let app = router(Limits::default())?;
        axum::serve(listener, app).await?;
        Ok(crate::EXIT_OK)
    })
}
