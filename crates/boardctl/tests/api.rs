//! The JSON API of `boardctl serve`, called on the router itself
//! (`tower::ServiceExt::oneshot`, no network): every endpoint, and every
//! class of bad input answered with the JSON error shape and a 4xx status.

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use boardctl::serve::{BODY_LIMIT, Limits, router};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use tower::ServiceExt;

fn app() -> Router {
    router(Limits::default()).expect("the embedded profiles load")
}

/// The status, content type and body of one request.
async fn send(app: &Router, request: Request<Body>) -> (StatusCode, String, Vec<u8>) {
    let response = app
        .clone()
        .oneshot(request)
        .await
        .expect("the router always answers");
    let status = response.status();
    let kind = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let body = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .expect("a body");
    (status, kind, body.to_vec())
}

/// A JSON request to `path`; the status and the JSON answer.
async fn post(app: &Router, path: &str, body: &Value) -> (StatusCode, Value) {
    post_raw(app, path, body.to_string()).await
}

async fn post_raw(app: &Router, path: &str, body: String) -> (StatusCode, Value) {
    let request = Request::post(path)
        .header(header::CONTENT_TYPE, "application/json")
        .body(Body::from(body))
        .expect("a request");
    let (status, kind, body) = send(app, request).await;
    assert!(kind.starts_with("application/json"), "{path}: {kind}");
    let value = serde_json::from_slice(&body).expect("a JSON answer");
    (status, value)
}

async fn get(app: &Router, path: &str) -> (StatusCode, String, Vec<u8>) {
    let request = Request::get(path).body(Body::empty()).expect("a request");
    send(app, request).await
}

/// The error code of an error answer, checking its shape.
fn code(value: &Value) -> &str {
    let error = &value["error"];
    assert!(
        error["message"].as_str().is_some_and(|m| !m.is_empty()),
        "{value}"
    );
    error["code"].as_str().expect("an error code")
}

fn notations(state: &Value) -> Vec<&str> {
    state["legal"]
        .as_array()
        .expect("legal moves")
        .iter()
        .map(|m| m["notation"].as_str().expect("a notation"))
        .collect()
}

fn clicks(legal: &Value) -> Vec<(String, String)> {
    legal["clicks"]
        .as_array()
        .expect("clicks")
        .iter()
        .map(|c| {
            (
                c["node"].as_str().expect("node").to_string(),
                c["role"].as_str().expect("role").to_string(),
            )
        })
        .collect()
}

#[tokio::test]
async fn profiles_lists_every_profile_of_profiles_list() {
    let app = app();
    let (status, kind, body) = get(&app, "/api/profiles").await;
    assert_eq!(status, StatusCode::OK);
    assert!(kind.starts_with("application/json"));
    let value: Value = serde_json::from_slice(&body).expect("JSON");
    let listed: Vec<&str> = value["profiles"]
        .as_array()
        .expect("a list")
        .iter()
        .map(|p| {
            assert!(p["description"].as_str().is_some_and(|d| !d.is_empty()));
            let name = p["name"].as_str().expect("a name");
            assert!(name.starts_with(p["game"].as_str().expect("a game")));
            name
        })
        .collect();
    let catalog = boardctl::registry::embedded_catalog().expect("profiles");
    let expected: Vec<String> = catalog
        .sources()
        .iter()
        .map(|s| s.id().to_string())
        .collect();
    assert_eq!(listed, expected);
    assert!(listed.contains(&"russian-draughts/russian@2"));
}

#[tokio::test]
async fn game_replays_the_moves_and_lists_the_legal_ones_with_their_clicks() {
    let app = app();
    let (status, state) = post(
        &app,
        "/api/game",
        &json!({"profile": "russian-draughts/russian", "moves": ["c3-d4", "f6-g5"]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["profile"], "russian-draughts/russian@2");
    assert_eq!(state["game"], "russian-draughts");
    assert_eq!(state["side_to_move"], "White");
    assert_eq!(state["side_name"], "White");
    assert_eq!(state["moves"][0]["notation"], "c3-d4");
    assert_eq!(state["moves"][1]["ply"], 2);
    assert_eq!(state["fen"], state["moves"][1]["fen"]);
    assert!(state["ending"].is_null());
    // After 1. c3-d4 f6-g5 White has 8 moves (the same as perft, one ply).
    let legal = notations(&state);
    assert_eq!(legal.len(), 8, "{legal:?}");
    assert!(legal.contains(&"d4-c5"));
    let first = &state["legal"][0];
    assert_eq!(clicks(first)[0].1, "from");
    assert_eq!(clicks(first)[1].1, "to");
    let svg = state["svg"].as_str().expect("an SVG");
    assert!(svg.starts_with("<svg"));
    for (node, _) in state["legal"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(clicks)
    {
        assert!(svg.contains(&format!("data-node=\"{node}\"")), "{node}");
    }
}

#[tokio::test]
async fn the_seed_capture_is_played_by_its_landing_clicks() {
    let app = app();
    let start = json!({"profile": "russian-draughts/russian", "fen": "W:Wh2:Bc3,d6,g3,g5,g7"});
    let (_, state) = post(&app, "/api/game", &start).await;
    let capture = state["legal"]
        .as_array()
        .expect("moves")
        .iter()
        .find(|m| m["notation"] == "h2:f4:h6:f8:b4:e1")
        .expect("the seed's capture is legal");
    let labels: Vec<String> = clicks(capture).into_iter().map(|c| c.0).collect();
    assert_eq!(labels, ["h2", "f4", "h6", "f8", "b4", "e1"]);
    let roles: Vec<String> = clicks(capture).into_iter().map(|c| c.1).collect();
    assert_eq!(roles, ["from", "land", "land", "land", "land", "to"]);
    assert_eq!(capture["captured"].as_array().map(Vec::len), Some(5));
    let mut body = start.clone();
    body["clicks"] = json!(labels);
    let (status, after) = post(&app, "/api/play", &body).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(after["played"], "h2:f4:h6:f8:b4:e1");
    assert_eq!(after["fen"], "B:WKe1:B");
    assert_eq!(after["ending"]["winner"], "White");
    assert!(after["legal"].as_array().is_some_and(Vec::is_empty));
    // The same move by its text, in another accepted notation.
    let mut body = start;
    body["move"] = json!("h2xf4xh6xf8xb4xe1");
    let (status, again) = post(&app, "/api/play", &body).await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert_eq!(again["fen"], after["fen"]);
}

#[tokio::test]
async fn morris_placements_and_removals_are_clicks() {
    let app = app();
    // Cheng San: b2 is marked (a man was taken there): no placement there.
    let marked =
        json!({"profile": "morris/cheng-san", "fen": "B:Wa1,d1,g1:Bd6:H6/7:Mb2", "move": "b2"});
    let (status, refused) = post(&app, "/api/play", &marked).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(code(&refused), "illegal-move");
    assert_eq!(refused["error"]["ply"], 1);
    let (_, state) = post(&app, "/api/game", &marked).await;
    let placements: Vec<(String, String)> = state["legal"]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(clicks)
        .collect();
    assert!(
        placements
            .iter()
            .all(|(n, role)| n != "b2" && role == "place")
    );
    // White closes the mill a1-d1-g1 and chooses which man to take.
    let mill = json!({"profile": "morris/cheng-san", "fen": "W:Wa1,d1:Bd6,f4:H7/7"});
    let (_, state) = post(&app, "/api/game", &mill).await;
    let closing: Vec<Vec<(String, String)>> = state["legal"]
        .as_array()
        .into_iter()
        .flatten()
        .map(clicks)
        .filter(|c| c[0].0 == "g1")
        .collect();
    assert_eq!(closing.len(), 2, "{closing:?}");
    for c in &closing {
        assert_eq!(c[0].1, "place");
        assert_eq!(c[1].1, "remove");
    }
    let mut body = mill;
    body["clicks"] = json!(["g1", "f4"]);
    let (status, after) = post(&app, "/api/play", &body).await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert!(after["played"].as_str().is_some_and(|p| p.contains("f4")));
    assert!(!after["fen"].as_str().unwrap_or_default().contains("f4,"));
    // Clicks that stop before the removal enter no move: the engine says
    // why, as for the move's text.
    body["clicks"] = json!(["g1"]);
    let (status, short) = post(&app, "/api/play", &body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(code(&short), "illegal-move", "{short}");
    let reason = short["error"]["message"].as_str().unwrap_or_default();
    assert!(reason.contains("removal is missing"), "{reason}");
    // A click on the marked point gets the engine's reason, as its text would.
    let mut body = marked.clone();
    body["clicks"] = json!(["b2"]);
    let (status, clicked) = post(&app, "/api/play", &body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(clicked["error"], refused["error"]);
    // Clicks no move text explains.
    body["clicks"] = json!(["a1", "zz", "a1"]);
    let (status, nonsense) = post(&app, "/api/play", &body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(code(&nonsense), "illegal-move");
}

#[tokio::test]
async fn a_lingqi_turn_is_clicked_upgrade_first_and_set_ups_are_checked() {
    let app = app();
    let (status, state) = post(&app, "/api/game", &json!({"profile": "lingqi/lingqi"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(state["side_name"], "South");
    for legal in state["legal"].as_array().expect("turns") {
        let roles: Vec<String> = clicks(legal).into_iter().map(|c| c.1).collect();
        assert_eq!(roles, ["upgrade", "from", "to"], "{legal}");
    }
    let default_south =
        "Sj2,Mj3,Vj1,Ei2,Ek2,Ei4,Ek4,Gh3,Gl3,Fg3,Fm3,Df5,Dg5,Dh5,Di5,Dk5,Dl5,Dm5,Dn5";
    let (status, ok) = post(
        &app,
        "/api/setup",
        &json!({"profile": "lingqi/lingqi", "side": "South", "setup": default_south}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(ok["ok"], true);
    assert!(
        ok["svg"]
            .as_str()
            .is_some_and(|s| s.contains("data-node=\"j2\""))
    );
    // The Sect on the far side of the board, outside South's ranks.
    let bad = default_south.replace("Sj2", "Sj12");
    let (status, refused) = post(
        &app,
        "/api/setup",
        &json!({"profile": "lingqi/lingqi", "side": "South", "setup": bad}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(refused["ok"], false);
    let problems = refused["problems"].as_array().expect("problems");
    assert!(
        problems.iter().any(|p| p["cells"] == json!(["j12"])
            && p["message"].as_str().is_some_and(|m| m.contains("rank 12"))),
        "{problems:?}"
    );
    // A side's picture shows its own pieces only, each that can stand,
    // however few.
    let (status, partial) = post(
        &app,
        "/api/setup",
        &json!({"profile": "lingqi/lingqi", "side": "North", "setup": "Mj17,Dk15,Dk15,Xq1"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(partial["ok"], false);
    let svg = partial["svg"].as_str().expect("an SVG");
    assert_eq!(svg.matches("class=\"piece").count(), 2, "{svg}");
    assert!(svg.contains("side-black") && !svg.contains("side-white"));
    // A game from two set-ups.
    let north = "Sj18,Mj17,Vj19,Ei18,Ek18,Ei16,Ek16,Gh17,Gl17,Fg17,Fm17,Df15,Dg15,Dh15,Di15,Dk15,Dl15,Dm15,Dn15";
    let swapped = default_south.replace("Vj1", "Vi1");
    let tags = json!({"SetupSouth": swapped, "SetupNorth": north});
    let (status, from_tags) = post(
        &app,
        "/api/game",
        &json!({"profile": "lingqi/lingqi", "tags": tags}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{from_tags}");
    assert_ne!(from_tags["start_fen"], state["start_fen"]);
    // Set-ups are for games that have them.
    let (status, none) = post(
        &app,
        "/api/setup",
        &json!({"profile": "morris/cheng-san", "side": "South", "setup": "a1"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(code(&none), "no-setup");
}

#[tokio::test]
async fn a_users_profile_is_played_from_its_toml() {
    let app = app();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../rules/alquerque/alquerque.v1.toml"
    ))
    .expect("a profile")
    .replace("name = \"alquerque\"", "name = \"my-alquerque\"");
    let (status, state) = post(
        &app,
        "/api/game",
        &json!({"profile_toml": text, "moves": []}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{state}");
    assert_eq!(state["profile"], "alquerque/my-alquerque@1");
    assert!(!notations(&state).is_empty());
}

#[tokio::test]
async fn diagram_draws_a_position_as_json_or_as_an_image() {
    let app = app();
    let (status, value) = post(
        &app,
        "/api/diagram",
        &json!({"profile": "morris/nine-mens-morris", "flip": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let svg = value["svg"].as_str().expect("an SVG");
    assert!(svg.starts_with("<svg"));
    let (status, kind, body) = get(
        &app,
        "/api/diagram.svg?profile=russian-draughts/russian&fen=W:Wc3:Bf6",
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(kind, "image/svg+xml");
    let image = String::from_utf8(body).expect("text");
    assert!(image.starts_with("<svg") && image.contains("data-node=\"c3\""));
    let (status, kind, body) = get(
        &app,
        "/api/diagram.svg?profile=russian-draughts/russian&flip=maybe",
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(kind.starts_with("application/json"));
    let value: Value = serde_json::from_slice(&body).expect("JSON");
    assert_eq!(code(&value), "bad-query");
}

const ILLEGAL_RECORD: &str = r#"[Event "test"]
[Rules "russian-draughts/russian@2"]
[Result "*"]

1. c3-d4 f6-g5 2. g3-h4 (2. b2-c3 g7-f6) 2... b6-a5 3. a1-b2 *
"#;

#[tokio::test]
async fn check_gives_the_findings_and_every_line_of_every_game() {
    let app = app();
    let (status, value) = post(&app, "/api/check", &json!({"text": ILLEGAL_RECORD})).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    let findings = value["findings"].as_array().expect("findings");
    let codes: Vec<&str> = findings.iter().filter_map(|f| f["code"].as_str()).collect();
    assert!(codes.contains(&"illegal-move"), "{codes:?}");
    let illegal = findings
        .iter()
        .find(|f| f["code"] == "illegal-move")
        .expect("the illegal move");
    assert_eq!(illegal["line"], 5);
    assert_eq!(illegal["file"], "<request>");
    let games = value["games"].as_array().expect("games");
    assert_eq!(games.len(), 1);
    let game = &games[0];
    assert_eq!(game["index"], 1);
    assert_eq!(game["profile"], "russian-draughts/russian@2");
    assert_eq!(game["tags"]["Event"], "test");
    let lines = game["lines"].as_array().expect("lines");
    assert_eq!(lines.len(), 2);
    let main = lines[0]["moves"].as_array().expect("moves");
    let texts: Vec<&str> = main.iter().filter_map(|m| m["text"].as_str()).collect();
    assert_eq!(texts, ["c3-d4", "f6-g5", "g3-h4", "b6-a5", "a1-b2"]);
    // The illegal move is 3. a1-b2, and it has no position.
    assert!(main[3]["fen"].is_string());
    assert!(main[4]["fen"].is_null());
    assert!(
        main[4]["error"]
            .as_str()
            .is_some_and(|e| e.starts_with("illegal"))
    );
    assert_eq!(main[4]["line"], 5);
    // The variation replaces White's second move: it branches after ply 2.
    assert_eq!(lines[1]["parent"], json!({"line": 0, "ply": 2}));
    let variation = lines[1]["moves"].as_array().expect("moves");
    assert_eq!(variation[0]["ply"], 3);
    assert!(variation.iter().all(|m| m["fen"].is_string()));
}

#[tokio::test]
async fn check_reads_the_bundled_example_clean() {
    let app = app();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/examples/russian-games.pdn"
    ))
    .expect("the example");
    let (status, value) = post(&app, "/api/check", &json!({"text": text})).await;
    assert_eq!(status, StatusCode::OK);
    let games = value["games"].as_array().expect("games");
    assert!(!games.is_empty());
    for game in games {
        for line in game["lines"].as_array().into_iter().flatten() {
            for m in line["moves"].as_array().into_iter().flatten() {
                let fine = m["fen"].is_string() || m["error"].is_string();
                let after_refusal = m["error"].is_null() && m["fen"].is_null();
                assert!(fine || after_refusal, "{m}");
            }
        }
    }
    let (status, unknown) = post(
        &app,
        "/api/check",
        &json!({"text": text, "rules": "chess/classic"}),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert_eq!(code(&unknown), "unknown-profile");
}

#[tokio::test]
async fn the_computer_plays_a_legal_move_within_its_budget() {
    let app = app();
    for profile in [
        "russian-draughts/russian",
        "morris/cheng-san",
        "alquerque/alfonso",
    ] {
        let game = json!({"profile": profile, "moves": []});
        let (_, before) = post(&app, "/api/game", &game).await;
        let mut body = game.clone();
        body["iterations"] = json!(30);
        body["seed"] = json!(7);
        let (status, after) = post(&app, "/api/computer", &body).await;
        assert_eq!(status, StatusCode::OK, "{profile}: {after}");
        let played = after["played"].as_str().expect("a move");
        assert!(notations(&before).contains(&played), "{profile}: {played}");
        assert!(after["playouts"].as_u64().is_some_and(|n| n <= 30));
        assert_eq!(after["moves"].as_array().map(Vec::len), Some(1));
        // Deterministic for a seed with a budget of playouts.
        let (_, again) = post(&app, "/api/computer", &body).await;
        assert_eq!(again["played"], after["played"], "{profile}");
    }
}

#[tokio::test]
async fn the_computers_time_is_clamped_to_its_range() {
    let app = app();
    let mut body = json!({"profile": "russian-draughts/russian", "iterations": 5, "time_ms": 1});
    let (status, fast) = post(&app, "/api/computer", &body).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(fast["time_ms"], 50);
    body["time_ms"] = json!(86_400_000);
    let (_, slow) = post(&app, "/api/computer", &body).await;
    assert_eq!(slow["time_ms"], 10_000);
    assert!(slow["playouts"].as_u64().is_some_and(|n| n <= 5));
    body["time_ms"] = json!(-5);
    let (status, negative) = post(&app, "/api/computer", &body).await;
    assert!(status.is_client_error());
    assert_eq!(code(&negative), "bad-field");
}

#[tokio::test]
async fn the_computer_refuses_an_ended_game() {
    let app = app();
    let body = json!({"profile": "russian-draughts/russian", "fen": "B:WKe1:B", "iterations": 5});
    let (status, value) = post(&app, "/api/computer", &body).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(code(&value), "game-over");
}

#[tokio::test]
async fn a_busy_computer_answers_503_after_its_wait() {
    // No search slot at all: every request waits its 10 ms, then is busy.
    let limits = Limits {
        searches: 0,
        busy_wait: Duration::from_millis(10),
        ..Limits::default()
    };
    let app = router(limits).expect("a router");
    let body = json!({"profile": "russian-draughts/russian", "iterations": 5});
    let (status, value) = post(&app, "/api/computer", &body).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(code(&value), "busy");
}

#[tokio::test]
async fn a_body_over_the_limit_is_413_json() {
    let app = app();
    let text = "x".repeat(BODY_LIMIT + 1);
    let body = json!({"text": text}).to_string();
    for path in ["/api/check", "/api/game"] {
        let (status, value) = post_raw(&app, path, body.clone()).await;
        assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE, "{path}");
        assert_eq!(code(&value), "body-too-large");
    }
}

#[tokio::test]
async fn malformed_json_is_400_json() {
    let app = app();
    for body in ["{\"profile\":", "not json", "", "{\"moves\": [\"a\",}"] {
        let (status, value) = post_raw(&app, "/api/game", body.to_string()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}: {value}");
        assert_eq!(code(&value), "bad-json");
    }
}

#[tokio::test]
async fn wrong_field_types_are_4xx_json() {
    let app = app();
    let cases = [
        ("/api/game", json!({"profile": 3})),
        (
            "/api/game",
            json!({"profile": "russian-draughts/russian", "moves": "c3-d4"}),
        ),
        (
            "/api/game",
            json!({"profile": "russian-draughts/russian", "flip": "yes"}),
        ),
        (
            "/api/play",
            json!({"profile": "russian-draughts/russian", "clicks": [1, 2]}),
        ),
        ("/api/check", json!({"text": 5})),
        ("/api/check", json!({})),
        ("/api/setup", json!({"profile": "lingqi/lingqi"})),
        ("/api/game", json!([1, 2])),
    ];
    for (path, body) in cases {
        let (status, value) = post(&app, path, &body).await;
        assert!(status.is_client_error(), "{path} {body}: {status}");
        assert_eq!(code(&value), "bad-field", "{path} {body}");
    }
    // A body that is not sent as JSON.
    let request = Request::post("/api/game")
        .body(Body::from("{}"))
        .expect("a request");
    let (status, kind, body) = send(&app, request).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(kind.starts_with("application/json"));
    let value: Value = serde_json::from_slice(&body).expect("JSON");
    assert_eq!(code(&value), "content-type");
}

#[tokio::test]
async fn an_unknown_or_missing_profile_is_a_json_error() {
    let app = app();
    for profile in ["russian-draughts/nope", "nope", "chess/classic@3", ""] {
        let (status, value) = post(&app, "/api/game", &json!({"profile": profile})).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{profile}");
        assert_eq!(code(&value), "unknown-profile");
    }
    let (status, value) = post(&app, "/api/game", &json!({"moves": []})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(code(&value), "no-profile");
}

#[tokio::test]
async fn a_bad_profile_toml_is_422() {
    let app = app();
    let cases = [
        "this is = not toml =",
        "[profile]\ngame = \"chess\"\nname = \"x\"\nversion = 1\ndescription = \"d\"\n",
        "",
    ];
    for text in cases {
        let (status, value) = post(&app, "/api/game", &json!({"profile_toml": text})).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{text}: {value}");
        assert_eq!(code(&value), "bad-profile");
    }
}

#[tokio::test]
async fn an_illegal_move_is_422_with_its_ply() {
    let app = app();
    let (status, value) = post(
        &app,
        "/api/game",
        &json!({"profile": "russian-draughts/russian", "moves": ["c3-d4", "f6-g5", "d4-e6"]}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(value["error"]["ply"], 3);
    assert!(["illegal-move", "move-syntax"].contains(&code(&value)));
    let (status, value) = post(
        &app,
        "/api/play",
        &json!({"profile": "russian-draughts/russian", "moves": ["c3-d4"], "move": "zz"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(value["error"]["ply"], 2);
    assert_eq!(code(&value), "move-syntax");
    let (status, value) = post(
        &app,
        "/api/game",
        &json!({"profile": "russian-draughts/russian", "fen": "W:Wz9"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(code(&value), "bad-position");
    // A move after the end of the game.
    let (status, value) = post(
        &app,
        "/api/play",
        &json!({"profile": "russian-draughts/russian", "fen": "B:WKe1:B", "move": "e1-d2"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(code(&value), "move-after-end");
}

#[tokio::test]
async fn a_request_carries_at_most_ten_thousand_moves() {
    let app = app();
    let moves = vec!["c3-d4"; 10_001];
    let (status, value) = post(
        &app,
        "/api/game",
        &json!({"profile": "russian-draughts/russian", "moves": moves}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(code(&value), "too-many-moves");
}

#[tokio::test]
async fn unknown_routes_and_methods_are_json_errors() {
    let app = app();
    for path in [
        "/api/nothing",
        "/api",
        "/api/",
        "/api/game/extra",
        "/no-such-page.html",
    ] {
        let (status, kind, body) = get(&app, path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert!(kind.starts_with("application/json"), "{path}");
        let value: Value = serde_json::from_slice(&body).expect("JSON");
        assert_eq!(code(&value), "not-found");
    }
    let (status, kind, body) = get(&app, "/api/game").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(kind.starts_with("application/json"));
    let value: Value = serde_json::from_slice(&body).expect("JSON");
    assert_eq!(code(&value), "method-not-allowed");
}

#[tokio::test]
async fn the_page_is_served_from_the_embedded_files() {
    let app = app();
    let (status, kind, body) = get(&app, "/").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(kind, "text/html; charset=utf-8");
    let on_disk = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/web/index.html"))
        .expect("web/index.html");
    assert_eq!(body, on_disk);
    let (status, _, again) = get(&app, "/index.html").await;
    assert_eq!((status, again), (StatusCode::OK, on_disk));
}

#[tokio::test]
async fn the_computer_thinks_off_the_runtime_and_its_slots_are_counted() {
    // One slot; a search of half a second holds it. The test's runtime has
    // one thread: were the search on it, nothing else would be answered
    // until it ends.
    let limits = Limits {
        searches: 1,
        busy_wait: Duration::from_millis(10),
        ..Limits::default()
    };
    let app = router(limits).expect("a router");
    let thinking = {
        let app = app.clone();
        tokio::spawn(async move {
            // A probe below may hold the slot for a moment: ask again
            // until the search itself has had it, for at most ten seconds
            // (a slot never given back fails the test, not hangs it).
            let body = json!({"profile": "russian-draughts/russian", "time_ms": 500});
            let asked = Instant::now();
            loop {
                let (status, value) = post(&app, "/api/computer", &body).await;
                if status != StatusCode::SERVICE_UNAVAILABLE {
                    return (status, value);
                }
                assert!(
                    asked.elapsed() < Duration::from_secs(10),
                    "the search was refused as busy for ten seconds: {value}"
                );
                tokio::task::yield_now().await;
            }
        })
    };
    // Let the search take its slot: a probe is refused only while the
    // search holds it.
    while !thinking.is_finished() {
        let body = json!({"profile": "russian-draughts/russian", "iterations": 1});
        let (status, value) = post(&app, "/api/computer", &body).await;
        if status == StatusCode::SERVICE_UNAVAILABLE {
            assert_eq!(code(&value), "busy");
            break;
        }
        tokio::task::yield_now().await;
    }
    let (status, _, _) = get(&app, "/api/profiles").await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        !thinking.is_finished(),
        "the profiles were answered only after the search"
    );
    let (status, value) = thinking.await.expect("the search ends");
    assert_eq!(status, StatusCode::OK, "{value}");
    assert_eq!(value["time_ms"], 500);
}
