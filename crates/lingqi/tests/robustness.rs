//! Bad input gets a clear error, never a panic: move texts, positions,
//! set-ups and profiles.

mod common;

use board_core::prelude::*;
use board_core::{MoveError, ProfileSource};
use common::*;
use lingqi::Lingqi;

#[test]
fn malformed_turns_are_errors() {
    let g = game();
    let p = g.start_position();
    for text in [
        "",
        " ",
        "^",
        "^^",
        "^j",
        "^j2=",
        "^j2=EE j2-j3",
        "^ j2 j2-j3",
        "j2--j3",
        "j2-",
        "-j2",
        "ж",
        "^ж j3-j4",
        "^j3 j3-ж",
        "^j3 j3xж",
        "^j3 j3-j4 extra",
        "^j3 ^j3",
        "^j3 j3",
        "^j3 j3-j4x",
        "^j3 j3xj4-j5",
        "^j3 j3-j99",
        "^z1 j3-j4",
        "^j3 j3-j4-j5-j6-j7-j8-j9-j10",
        "^j3=E j3-j4",
        "^j3 j3-j3",
        "^j3 t3-t4",
        "^j3 j3-j40000000000000000000000",
        "^j3 j3-ab12",
    ] {
        let r = g.parse_move(&p, text);
        assert!(r.is_err(), "`{text}` parsed as {r:?}");
        if let Err(MoveError::Syntax(s)) = &r {
            assert!(
                text.get(s.span.clone()).is_some(),
                "`{text}`: span {:?}",
                s.span
            );
        }
    }
}

#[test]
fn cells_are_read_in_either_case_as_in_every_game() {
    let g = game();
    let p = g.start_position();
    let upper = g.parse_move(&p, "^J3 J3-J4");
    let lower = g.parse_move(&p, "^j3 j3-j4");
    assert_eq!(upper.is_ok(), lower.is_ok());
    assert_eq!(upper.ok(), lower.ok());
}

#[test]
fn malformed_positions_are_errors() {
    let g = game();
    for text in [
        "",
        ":",
        "S",
        "S:",
        "S::",
        "S:::",
        "S::::",
        "S:S0a1:S0s19:1:9",
        "S:S0a1,:S0s19:1",
        "S:S0a1:S0s19:-1",
        "S:S0a1:S0s19:x",
        "N:S99999999999999999999a1:S0s19:1",
        "S:Sa:S0s19",
        "S:S0a1,S0b1:S0s19",
        "S:ж:S0s19",
        "S:S0a1:S0a1",
        "S:S0a20:S0s19",
    ] {
        let r = g.parse_position(text);
        assert!(r.is_err(), "`{text}` parsed");
        let e = r.expect_err("checked");
        assert!(!e.problems.is_empty());
    }
}

#[test]
fn bad_profiles_are_errors() {
    for (from, to, says) in [
        (
            "zone-end = \"trapped\"",
            "zone-end = \"maybe\"",
            "unknown variant",
        ),
        (
            "turn-limit = 0",
            "turn-limit = 0\nturns = 3",
            "unknown field",
        ),
        ("south-ranks = [1, 9]", "south-ranks = [1, 12]", "overlap"),
        (
            "north-ranks = [11, 19]",
            "north-ranks = [11, 20]",
            "north-ranks",
        ),
        (
            "[rules.pieces.sect]\ncount = 1",
            "[rules.pieces.sect]\ncount = 2",
            "exactly one Sect",
        ),
        ("steps = 3", "steps = 0", "a walk needs steps"),
        (
            "into = [\"master\",",
            "into = [\"disciple\", \"master\",",
            "the type it transforms",
        ),
        (
            "south = \"Sj2,Mj3,",
            "south = \"Sj2,Mj9,",
            "no Master among",
        ),
    ] {
        assert!(PROFILE.contains(from), "{from}");
        let text = PROFILE.replacen(from, to, 1);
        let source = ProfileSource::new("bad.toml".to_string(), text, false).expect("header");
        match Lingqi::from_profile(&source) {
            Ok(_) => panic!("`{to}` accepted"),
            Err(e) => assert!(e.to_string().contains(says), "`{to}`: {e}"),
        }
    }
}
