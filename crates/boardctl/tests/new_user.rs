//! The command line as a new user meets it (issue 18): one test per
//! numbered item — its command, and the message or exit code expected.

mod common;
use common::scratch;

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

#[test]
fn item_05_an_ambiguous_morris_removal_gets_a_morris_hint() {
    let (out, _, code) = boardctl(&[
        "validate",
        "--rules",
        "morris/nine-mens-morris",
        "d2",
        "d6",
        "b2",
        "f4",
        "f2",
    ]);
    assert_eq!(code, Some(1));
    // The removal is part of the move (issue 14): the bare mill-closing
    // move names the removals to write, in morris words.
    assert!(
        out.contains("f2 closes the mill b2-d2-f2: the removal is missing (f2xd6 or f2xf4)"),
        "{out}"
    );
    assert!(!out.contains("landing square"), "{out}");
}

#[test]
fn item_10_an_option_of_another_game_is_refused() {
    let (_, err, code) = boardctl(&[
        "perft",
        "--rules",
        "russian-draughts/russian",
        "--removal-ply",
        "3",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("morris/nine-mens-morris"), "{err}");
    let (_, err, code) = boardctl(&[
        "perft",
        "--rules",
        "morris/nine-mens-morris",
        "--keep-duplicates",
        "2",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("russian-draughts/russian"), "{err}");
}

#[test]
fn item_11_depth_0_is_refused_the_same_way_everywhere() {
    for extra in [&[][..], &["--json"], &["--divide"]] {
        let mut args = vec!["perft", "--rules", "russian-draughts/russian"];
        args.extend_from_slice(extra);
        args.push("0");
        let (out, err, code) = boardctl(&args);
        assert_eq!((out.as_str(), code), ("", Some(2)), "{args:?}");
        assert!(err.contains("0 is not in 1.."), "{err}");
    }
}

/// Runs boardctl with both output streams closed before it writes: it must
/// end with its own exit code, never a panic (101).
fn with_closed_pipes(args: &[&str]) -> Option<i32> {
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardctl"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("boardctl starts");
    drop(child.stdout.take());
    drop(child.stderr.take());
    child.wait().expect("boardctl ends").code()
}

#[test]
fn item_12_a_closed_stdout_or_stderr_ends_quietly_in_every_subcommand() {
    let example = "tests/data/examples/russian-games.pdn";
    let runs: [&[&str]; 9] = [
        &["check", example],
        &["check", "--format", "json", example],
        &["replay", example],
        &[
            "validate",
            "--rules",
            "russian-draughts/russian",
            "c3-d4",
            "a7-a6",
        ],
        &["moves", "--rules", "russian-draughts/russian"],
        &["perft", "--rules", "russian-draughts/russian", "3"],
        &["profiles", "list"],
        &["profiles", "show", "russian-draughts/russian"],
        &["profiles", "show", "no-such/profile"],
    ];
    for args in runs {
        let code = with_closed_pipes(args);
        assert!(matches!(code, Some(0..=2)), "{args:?} ended with {code:?}");
    }
}

#[test]
fn item_13_a_huge_job_count_is_capped_by_the_work() {
    // The cap itself (at most 64 threads, never more than the games of a
    // one-batch run) is unit-tested in `check::tests`; here the command
    // that once ran for minutes with 100,000 threads ends with its verdict.
    let (_, err, code) = boardctl(&[
        "check",
        "-j",
        "100000",
        "tests/data/examples/russian-games.pdn",
    ]);
    assert_eq!(code, Some(1), "{err}");
    assert!(
        err.starts_with("checked 4 games, 226 moves: 1 error"),
        "{err}"
    );
}

#[test]
fn item_14_every_readable_file_is_checked_and_an_unreadable_one_reported() {
    let (out, err, code) = boardctl(&[
        "check",
        "tests/data/examples/russian-games.pdn",
        "no-such-file.pdn",
    ]);
    assert_eq!(code, Some(2), "{err}");
    assert!(
        out.contains("error[illegal-move]"),
        "the first file's findings: {out}"
    );
    assert!(err.contains("cannot read no-such-file.pdn"), "{err}");
    assert!(err.contains("checked 4 games"), "{err}");
}

#[test]
fn item_17_counts_of_one_are_singular() {
    let (_, err, _) = boardctl(&["check", "tests/data/examples/russian-games.pdn"]);
    assert!(
        err.starts_with("checked 4 games, 226 moves: 1 error, 0 warnings in "),
        "{err}"
    );
    let (_, err, code) = boardctl(&[
        "moves",
        "--rules",
        "morris/nine-mens-morris",
        "--fen",
        "W:Wa1,d1,g1:Bd7:H0/0",
    ]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("Black (not to move) has only 1 man: "),
        "{err}"
    );
}

#[test]
fn item_09_a_profile_and_a_profile_file_together_are_refused_everywhere() {
    let file = "rules/morris/cheng-san.v1.toml";
    for args in [
        &[
            "profiles",
            "show",
            "russian-draughts/russian",
            "--rules-file",
            file,
        ][..],
        &[
            "moves",
            "--rules",
            "russian-draughts/russian",
            "--rules-file",
            file,
        ],
    ] {
        let (out, err, code) = boardctl(args);
        assert_eq!((out.as_str(), code), ("", Some(2)), "{args:?}");
        assert!(
            err.contains("cannot be used with '--rules-file <PATH>'"),
            "{err}"
        );
    }
}

#[test]
fn item_18_moves_are_listed_by_square_number_and_by_file_and_rank() {
    let (out, _, _) = boardctl(&["moves", "--rules", "russian-draughts/english"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
    );
    let (out, _, _) = boardctl(&[
        "perft",
        "--divide",
        "--rules",
        "russian-draughts/english",
        "1",
    ]);
    assert!(out.starts_with("9-13\t1\n9-14\t1\n10-14\t1\n"), "{out}");
    let (out, _, code) = boardctl(&[
        "validate",
        "--rules",
        "russian-draughts/russian",
        "--fen",
        "W:Wd4:Bh8",
        "d4-c3",
    ]);
    assert_eq!(code, Some(1));
    assert!(out.contains("legal moves of d4: d4-c5 or d4-e5"), "{out}");
}

#[test]
fn item_19_did_you_mean_for_profiles_and_tag_names() {
    let (_, err, code) = boardctl(&["profiles", "show", "russian"]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("did you mean `russian-draughts/russian`?"),
        "{err}"
    );
    let (_, err, _) = boardctl(&["perft", "--rules", "russian-draughts/russain", "1"]);
    assert!(
        err.contains("did you mean `russian-draughts/russian`?"),
        "{err}"
    );
    assert!(
        !err.contains("alquerque"),
        "the closest profile, not all: {err}"
    );
    let dir = std::env::temp_dir().join(format!("boardctl-item19-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let typo = dir.join("typo.pdn");
    std::fs::write(
        &typo,
        "[Event \"x\"]\n[Rules \"russian-draughts/russain\"]\n1. c3-d4 *\n",
    )
    .expect("written");
    let (out, _, _) = boardctl(&["check", typo.to_str().expect("utf-8 path")]);
    assert!(
        out.contains("did you mean `russian-draughts/russian`?"),
        "{out}"
    );
    let cased = dir.join("cased.pdn");
    std::fs::write(
        &cased,
        "[Event \"x\"]\n[fen \"W:Wc3:Bd4\"]\n[gametype \"25\"]\n1. c3:e5 *\n",
    )
    .expect("written");
    let (out, err, code) = boardctl(&["check", cased.to_str().expect("utf-8 path")]);
    assert_eq!(code, Some(0), "the tags are read: {out}{err}");
    assert!(
        out.contains("warning[tag-case]: the tag `fen` is read as `FEN`"),
        "{out}"
    );
    assert!(
        out.contains("the tag `gametype` is read as `GameType`"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn item_15_binary_input_is_said_once_and_repeated_findings_are_capped() {
    let dir = std::env::temp_dir().join(format!("boardctl-item15-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let binary = dir.join("binary.pdn");
    let bytes: Vec<u8> = (0..100_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    std::fs::write(&binary, &bytes).expect("written");
    let (out, _, code) = boardctl(&["check", binary.to_str().expect("utf-8 path")]);
    assert_eq!(code, Some(1));
    assert_eq!(out.matches("error[binary-file]").count(), 1, "{out}");
    assert!(out.len() < 1_000, "{} bytes of output", out.len());
    let junk = dir.join("junk.pdn");
    std::fs::write(
        &junk,
        format!("[Event \"x\"]\n[GameType \"25\"]\n\n{}\n", ") ".repeat(500)),
    )
    .expect("written");
    let (out, _, _) = boardctl(&["check", junk.to_str().expect("utf-8 path")]);
    assert_eq!(out.matches("error[pdn-syntax]").count(), 21, "{out}");
    assert!(
        out.contains("… and 480 more `pdn-syntax` findings in this game, not shown"),
        "{out}"
    );
    let fen = format!("W:W{}:Bd6", vec!["c3"; 10_000].join(","));
    let (_, err, code) = boardctl(&[
        "moves",
        "--rules",
        "russian-draughts/russian",
        "--fen",
        &fen,
    ]);
    assert_eq!(code, Some(2));
    assert!(err.len() < 4_000, "{} bytes of errors", err.len());
    assert!(
        err.contains("… and 9979 more problems of the same kind"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn item_22_a_square_of_both_sides_names_the_two_fields() {
    let (_, err, code) = boardctl(&[
        "moves",
        "--rules",
        "russian-draughts/english",
        "--fen",
        "B:W1-32:Bb8",
    ]);
    assert_eq!(code, Some(2));
    assert!(
        err.contains("square b8 (1) is listed twice (White's `1-32` and Black's `b8`)"),
        "{err}"
    );
}

#[test]
fn item_07_the_profile_walkthrough_copy_change_check_a_record() {
    // docs/profiles.md, "Writing your own variant": copy, rename, change a
    // switch, then use it everywhere a profile is taken.
    let dir = scratch("item07");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let russian = std::fs::read_to_string(root.join("rules/russian-draughts/russian.v1.toml"))
        .expect("the released profile");
    let mine = russian
        .replacen("name = \"russian\"", "name = \"my-russian\"", 1)
        .replacen(
            "men-capture-backward = true",
            "men-capture-backward = false",
            1,
        );
    assert_ne!(mine, russian, "the copy changes a switch");
    let file = dir.join("my-russian.v1.toml");
    std::fs::write(&file, mine).expect("written");
    let file = file.to_str().expect("utf-8 path");
    let (out, err, code) = boardctl(&["profiles", "show", "--rules-file", file]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("russian-draughts/my-russian@1"), "{out}");
    assert!(out.contains("men-capture-backward = false"), "{out}");
    let (out, _, code) = boardctl(&["perft", "--rules-file", file, "4"]);
    assert_eq!((out.lines().count(), code), (4, Some(0)));
    // White's man on e5 captures backward over d4: legal in Russian, not in
    // the copy.
    let record = dir.join("games.pdn");
    std::fs::write(
        &record,
        "[Event \"x\"]\n[Rules \"russian-draughts/my-russian\"]\n[FEN \"W:We5:Bd4,h8\"]\n\n1. e5:c3 *\n",
    )
    .expect("written");
    let record = record.to_str().expect("utf-8 path");
    let (out, _, code) = boardctl(&["check", "--rules-file", file, record]);
    assert_eq!(code, Some(1), "{out}");
    assert!(out.contains("a man does not capture backward"), "{out}");
    let (out, _, code) = boardctl(&["check", record]);
    assert_eq!(code, Some(1));
    assert!(
        out.contains("error[unknown-rules]"),
        "without the file: {out}"
    );
    let (out, err, code) = boardctl(&["replay", "--rules-file", file, record]);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(out.contains("russian-draughts/my-russian@1"), "{out}");
    // Given once, the file is the rules of an untagged game too.
    let untagged = dir.join("untagged.pdn");
    std::fs::write(
        &untagged,
        "[Event \"x\"]\n[FEN \"W:We5:Bd4,h8\"]\n\n1. e5:c3 *\n",
    )
    .expect("written");
    let (out, _, _) = boardctl(&[
        "check",
        "--rules-file",
        file,
        untagged.to_str().expect("utf-8"),
    ]);
    assert!(out.contains("a man does not capture backward"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn item_08_a_file_that_takes_a_built_in_name_but_plays_otherwise_is_warned() {
    let dir = scratch("item08");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let russian = std::fs::read_to_string(root.join("rules/russian-draughts/russian.v1.toml"))
        .expect("the released profile");
    let changed = dir.join("russian.v1.toml");
    std::fs::write(
        &changed,
        russian.replacen(
            "men-capture-backward = true",
            "men-capture-backward = false",
            1,
        ),
    )
    .expect("written");
    let (_, err, code) = boardctl(&[
        "perft",
        "--rules-file",
        changed.to_str().expect("utf-8"),
        "1",
    ]);
    assert_eq!(code, Some(0));
    assert!(
        err.contains("calls itself russian-draughts/russian@1, a built-in profile"),
        "{err}"
    );
    assert!(err.contains("name = \"my-russian\""), "{err}");
    // The same rules in other words (a comment, other spacing) are no
    // reason to warn.
    let same = dir.join("same.v1.toml");
    std::fs::write(
        &same,
        format!(
            "# my copy\n{}",
            russian.replace(
                "men-capture-backward = true",
                "men-capture-backward  =  true"
            )
        ),
    )
    .expect("written");
    let (_, err, code) = boardctl(&["perft", "--rules-file", same.to_str().expect("utf-8"), "1"]);
    assert_eq!((err.as_str(), code), ("", Some(0)));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn item_21_numeric_diagrams_and_replay_in_canonical_notation() {
    let (out, _, code) = boardctl(&["profiles", "show", "russian-draughts/english"]);
    assert_eq!(code, Some(0));
    assert!(out.contains("\n  1-4    b   b   b   b\n"), "{out}");
    assert!(out.contains("\n29-32  w   w   w   w\n"), "{out}");
    assert!(!out.contains("a b c d e f g h"), "{out}");
    let dir = scratch("item21");
    let record = dir.join("short.pdn");
    std::fs::write(
        &record,
        "[Event \"x\"]\n[GameType \"25\"]\n[FEN \"W:Wc3:Bd4,f6\"]\n\n1. c3:g7 *\n",
    )
    .expect("written");
    let (out, _, _) = boardctl(&["replay", "--fen", record.to_str().expect("utf-8")]);
    assert!(
        out.contains("1. c3:e5:g7 (as written: c3:g7)  B:Wg7:B"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn item_20_one_case_rule_for_squares_and_one_exit_code_for_unknown_rules() {
    for (rules, moves) in [
        ("russian-draughts/russian", &["C3-D4", "F6-G5"][..]),
        (
            "morris/nine-mens-morris",
            &["D2", "D6", "B2", "F4", "F2XD6"],
        ),
        ("alquerque/alquerque", &["D2-C3"]),
    ] {
        let mut args = vec!["validate", "--rules", rules];
        args.extend_from_slice(moves);
        let (out, err, code) = boardctl(&args);
        assert_eq!(code, Some(0), "{rules}: {out}{err}");
    }
    let dir = scratch("item20");
    let record = dir.join("unknown.pdn");
    std::fs::write(&record, "[Event \"x\"]\n[Rules \"foo/bar\"]\n1. c3-d4 *\n").expect("written");
    let record = record.to_str().expect("utf-8");
    for sub in ["check", "replay"] {
        let (out, _, code) = boardctl(&[sub, record]);
        assert_eq!(code, Some(1), "{sub}: a finding in the record: {out}");
        assert!(out.contains("error[unknown-rules]"), "{sub}: {out}");
        let (_, err, code) = boardctl(&[sub, "--rules", "foo/bar", record]);
        assert_eq!(code, Some(2), "{sub}: a bad option: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn item_06_profile_errors_say_what_the_key_means_and_its_range() {
    let dir = scratch("item06");
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let nine = std::fs::read_to_string(root.join("rules/morris/nine-mens-morris.v1.toml"))
        .expect("the released profile");
    for (value, found) in [
        ("\"nine\"", "found the string \"nine\""),
        ("100000", "found 100000"),
    ] {
        let file = dir.join("nine-mens-morris.v1.toml");
        std::fs::write(
            &file,
            nine.replacen("men-per-side = 9", &format!("men-per-side = {value}"), 1),
        )
        .expect("written");
        let (_, err, code) =
            boardctl(&["perft", "--rules-file", file.to_str().expect("utf-8"), "1"]);
        assert_eq!(code, Some(2));
        assert!(
            err.contains(&format!(
                "[rules] men-per-side (the men each side has, 1 or more): expected a whole number from 0 to 255, {found}"
            )),
            "{err}"
        );
        assert!(
            !err.contains("expected u8"),
            "no Rust in the message: {err}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}
