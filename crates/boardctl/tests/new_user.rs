//! The command line as a new user meets it (issue 18): one test per
//! numbered item — its command, and the message or exit code expected.

use std::process::Command;

/// Runs boardctl; returns stdout, stderr and the exit code.
fn boardctl(args: &[&str]) -> (String, String, Option<i32>) {
    let output = Command::new(env!("CARGO_BIN_EXE_boardctl"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("boardctl runs");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// `validate` of one move from a FEN: its one line of output.
fn validate(profile: &str, fen: &str, mv: &str) -> String {
    let rules = format!("russian-draughts/{profile}");
    let (out, err, code) = boardctl(&["validate", "--rules", &rules, "--fen", fen, mv]);
    assert_eq!(code, Some(1), "{mv} is refused: {out}{err}");
    out.lines().next().unwrap_or_default().to_string()
}

#[test]
fn item_01_a_man_is_not_called_a_king() {
    let cases = [
        (
            "russian",
            "W:Wc3:Bd4",
            "c3:f6",
            "a man captures by jumping to the square just beyond: c3:e5",
        ),
        (
            "russian",
            "W:Wc3:Bd4",
            "c3:g7",
            "a man captures by jumping to the square just beyond: c3:e5",
        ),
        ("russian", "W:Wc3:Bd4", "c3-d4", "d4 is occupied"),
        ("english", "B:W18:B14", "14-18", "18 is occupied"),
        (
            "international",
            "W:W32:B27",
            "32x16",
            "a man captures by jumping to the square just beyond: 32x21",
        ),
    ];
    for (profile, fen, mv, reason) in cases {
        let line = validate(profile, fen, mv);
        assert_eq!(
            line,
            format!("1. {mv}: illegal: {reason}"),
            "{profile} {fen}"
        );
        assert!(!line.contains("king"), "{line}");
    }
}

#[test]
fn item_02_nothing_to_capture_only_when_there_is_nothing() {
    let cases = [
        ("english", "B:W19,24:B15", "15x24", "24 is occupied"),
        ("russian", "W:Wc3,e5:Bd4", "c3:e5", "e5 is occupied"),
        (
            "english",
            "W:We5:Bd4,h8",
            "e5:c3",
            "a man does not capture backward",
        ),
    ];
    for (profile, fen, mv, reason) in cases {
        assert_eq!(
            validate(profile, fen, mv),
            format!("1. {mv}: illegal: {reason}")
        );
    }
}

#[test]
fn item_03_a_wrong_route_says_what_is_wrong_with_it() {
    let turkish =
        "a piece is taken once and stays on the board until the move ends (Turkish strike)";
    let cases = [
        (
            "W:WKb2:Bd4,f4",
            "b2:e5:c3",
            format!("d4 is taken already: {turkish}"),
        ),
        (
            "W:Wd6,Kg3:Bc7,Kd8,e3,e5",
            "d6:b8:f4:d2",
            format!("c7 is taken already: {turkish}"),
        ),
        (
            "W:Wc3:Bd4",
            "c3:e5:g7",
            "no capture from e5: there is no piece between e5 and g7".to_string(),
        ),
    ];
    for (fen, mv, reason) in cases {
        let line = validate("russian", fen, mv);
        assert_eq!(line, format!("1. {mv}: illegal: {reason}"));
        assert!(!line.contains("capture is mandatory"), "{line}");
    }
}

#[test]
fn item_04_a_finished_game_has_no_moves_and_says_why() {
    let line = validate("russian", "W:Wa1:B", "a1-b2");
    assert_eq!(
        line,
        "1. a1-b2: illegal: the game is over: White wins: Black has no pieces left"
    );
    let (out, _, code) = boardctl(&[
        "moves",
        "--rules",
        "russian-draughts/russian",
        "--fen",
        "W:Wa1:B",
    ]);
    assert_eq!((out.as_str(), code), ("", Some(0)));
    let (out, _, _) = boardctl(&[
        "perft",
        "--rules",
        "russian-draughts/russian",
        "--fen",
        "W:Wa1:B",
        "1",
    ]);
    assert_eq!(out, "1\t0\n");
    // The same in every game: a finished position lists no move.
    for (rules, fen) in [
        ("morris/nine-mens-morris", "W:Wa1,d1:Bd6,g1,g4:H0/0"),
        ("alquerque/alquerque", "W:Wa1:B"),
    ] {
        let (out, err, code) = boardctl(&["moves", "--rules", rules, "--fen", fen]);
        assert_eq!((out.as_str(), code), ("", Some(0)), "{rules}: {err}");
    }
}
