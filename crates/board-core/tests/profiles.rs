//! Profile loading: references, versions, TOML errors with positions, and
#![allow(clippy::unwrap_used)] // tests fail loudly on purpose
//! inconsistent boards — each a clear error, none a panic.

use board_core::{BoardError, Catalog, MAX_NODES, Profile, ProfileError};
use serde::Deserialize;
use std::borrow::Cow;

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Rules {
    men_capture_backward: bool,
}

impl board_core::KeyMeanings for Rules {}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
struct Start {
    fen: String,
}

const GOOD: &str = r#"
game = "test-game"
name = "plain"
version = 1
description = "A small valid profile."

[board]
kind = "grid"
width = 8
height = 8
squares = "dark"
connections = "diagonal"

[rules]
men_capture_backward = true

[start]
fen = "W:W21-32:B1-12"
"#;

fn parse(text: &str) -> Result<Profile<Rules, Start>, ProfileError> {
    Profile::parse("rules/test-game/plain.v1.toml", text, "test-game")
}

fn catalog() -> Catalog {
    let v2 = GOOD.replace("version = 1", "version = 2");
    let other = GOOD.replace("name = \"plain\"", "name = \"other\"");
    Catalog::new([
        (
            "rules/test-game/plain.v1.toml".to_string(),
            Cow::Borrowed(GOOD),
        ),
        ("rules/test-game/plain.v2.toml".to_string(), Cow::Owned(v2)),
        (
            "rules/test-game/other.v1.toml".to_string(),
            Cow::Owned(other),
        ),
    ])
    .unwrap()
}

#[test]
fn a_valid_profile_parses_with_its_board() {
    let p = parse(GOOD).unwrap();
    assert_eq!(p.header.id().to_string(), "test-game/plain@1");
    assert_eq!(p.graph.node_count(), 32);
    assert!(p.rules.men_capture_backward);
    assert_eq!(p.start.fen, "W:W21-32:B1-12");
}

#[test]
fn references_resolve_to_the_newest_or_the_named_version() {
    let c = catalog();
    assert_eq!(c.find("test-game/plain").unwrap().header.version, 2);
    assert_eq!(c.find("test-game/plain@1").unwrap().header.version, 1);
    let newest: Vec<String> = c.newest().map(|s| s.id().to_string()).collect();
    assert_eq!(newest, ["test-game/other@1", "test-game/plain@2"]);
}

#[test]
fn unknown_profile_lists_the_known_ones() {
    let e = catalog().find("test-game/nope").unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown profile `test-game/nope`; known profiles: test-game/other, test-game/plain"
    );
}

#[test]
fn unknown_version_lists_the_known_versions() {
    let e = catalog().find("test-game/plain@7").unwrap_err();
    assert_eq!(
        e.to_string(),
        "unknown version 7 of profile `test-game/plain`; known versions: @1, @2"
    );
}

#[test]
fn malformed_reference_is_an_error() {
    let e = catalog().find("plain@x").unwrap_err();
    assert!(matches!(e, ProfileError::BadReference { .. }), "{e}");
}

#[test]
fn unknown_key_is_reported_at_its_line_and_column() {
    let text = GOOD.replace(
        "men_capture_backward = true",
        "men_capture_backward = true\nflying_men = true",
    );
    match parse(&text).unwrap_err() {
        ProfileError::Toml {
            line,
            column,
            message,
            ..
        } => {
            assert_eq!((line, column), (16, 1), "{message}");
            assert!(message.contains("unknown field `flying_men`"), "{message}");
        }
        e => panic!("expected a TOML error, got {e}"),
    }
}

#[test]
fn wrong_type_is_reported_at_its_line_and_column() {
    let text = GOOD.replace(
        "men_capture_backward = true",
        "men_capture_backward = \"yes\"",
    );
    match parse(&text).unwrap_err() {
        ProfileError::Toml {
            line,
            column,
            message,
            origin,
        } => {
            assert_eq!(origin, "rules/test-game/plain.v1.toml");
            assert_eq!((line, column), (15, 24), "{message}");
            assert!(message.contains("expected a boolean"), "{message}");
        }
        e => panic!("expected a TOML error, got {e}"),
    }
}

#[test]
fn unknown_board_kind_is_a_toml_error() {
    let text = GOOD.replace("kind = \"grid\"", "kind = \"hexagon\"");
    assert!(matches!(parse(&text), Err(ProfileError::Toml { .. })));
}

#[test]
fn profile_of_another_game_is_refused() {
    let e = Profile::<Rules, Start>::parse("x.toml", GOOD, "morris").unwrap_err();
    assert!(
        e.to_string()
            .contains("profile is for game `test-game`, expected `morris`"),
        "{e}"
    );
}

#[test]
fn file_name_must_match_the_header() {
    let e = Catalog::new([(
        "rules/test-game/plain.v3.toml".to_string(),
        Cow::Borrowed(GOOD),
    )])
    .unwrap_err();
    assert!(
        e.to_string()
            .contains("must be named `test-game/plain.v1.toml`"),
        "{e}"
    );
}

fn custom(nodes: &str, edges: &str, lines: &str) -> String {
    format!(
        "game = \"test-game\"\nname = \"plain\"\nversion = 1\ndescription = \"d\"\n\
         [board]\nkind = \"custom\"\nnodes = [{nodes}]\nedges = [{edges}]\nlines = [{lines}]\n\
         [rules]\nmen_capture_backward = false\n[start]\nfen = \"\"\n"
    )
}

const THREE: &str = r#"{label="a1",x=0,y=0},{label="b1",x=1,y=0},{label="c1",x=2,y=0}"#;

fn board_error(text: &str) -> BoardError {
    match parse(text).unwrap_err() {
        ProfileError::Board { error, .. } => error,
        e => panic!("expected a board error, got {e}"),
    }
}

#[test]
fn edge_to_a_missing_node_is_an_error() {
    let e = board_error(&custom(THREE, r#"["a1","b1"],["b1","z9"]"#, ""));
    assert_eq!(
        e.to_string(),
        "edge b1-z9 names node `z9`, which is not on the board"
    );
}

#[test]
fn duplicate_label_is_an_error() {
    let nodes = r#"{label="a1",x=0,y=0},{label="a1",x=1,y=0}"#;
    assert_eq!(
        board_error(&custom(nodes, "", "")),
        BoardError::DuplicateLabel("a1".into())
    );
}

#[test]
fn line_through_non_adjacent_nodes_is_an_error() {
    let e = board_error(&custom(THREE, r#"["a1","b1"]"#, r#"["a1","b1","c1"]"#));
    assert_eq!(
        e.to_string(),
        "line 1 (a1,b1,c1) passes from `b1` to `c1`, which are not adjacent"
    );
}

#[test]
fn board_too_large_is_a_stated_limit() {
    let text = GOOD
        .replace("width = 8", "width = 1000")
        .replace("height = 8", "height = 1000");
    let e = board_error(&text);
    assert_eq!(
        e,
        BoardError::TooLarge {
            nodes: 500_000,
            limit: MAX_NODES
        }
    );
    assert_eq!(
        e.to_string(),
        "board too large: 500000 nodes, the limit is 384"
    );
}

#[test]
fn garbage_is_a_toml_error_not_a_panic() {
    for text in [
        "",
        "\u{0}\u{1}",
        "[board",
        "game = 1",
        "[[[",
        "version = 99999999999999999999",
    ] {
        assert!(parse(text).is_err(), "{text:?}");
    }
}

#[test]
fn profile_text_over_the_size_limit_is_refused_before_parsing() {
    let nodes: String = (0..1_000_000)
        .map(|i| format!("{{label=\"n{i}\",x={i},y=0}},"))
        .collect();
    let text = custom(&nodes, "", "");
    assert!(text.len() > board_core::profile::MAX_PROFILE_BYTES);
    let e = parse(&text).unwrap_err();
    assert!(e.to_string().contains("profile too large"), "{e}");
    let e = board_core::profile::parse_board("big.toml", &text).unwrap_err();
    assert!(e.to_string().contains("the limit is 1048576 bytes"), "{e}");
}
