//! `boardctl check` and `boardctl replay` from the outside: messages, JSON
//! fields, exit codes, variations, warnings, and hostile input.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs boardctl with `stdin`; returns stdout, stderr and the exit code.
fn run(args: &[&str], stdin: &[u8]) -> (String, String, Option<i32>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardctl"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("boardctl starts");
    let mut input = child.stdin.take().expect("piped stdin");
    let data = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        // The program may stop reading early; that is not a failure here.
        let _ = input.write_all(&data);
    });
    let output = child.wait_with_output().expect("boardctl ends");
    writer.join().expect("stdin writer");
    (
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

fn check_stdin(extra: &[&str], record: &str) -> (String, String, Option<i32>) {
    let mut args = vec!["check"];
    args.extend_from_slice(extra);
    args.push("-");
    run(&args, record.as_bytes())
}

/// The JSON findings of `check --format json`: every line but the
/// per-game result objects.
fn finding_lines(stdout: &str) -> impl Iterator<Item = &str> {
    stdout.lines().filter(|l| !is_game_result(l))
}

/// Whether a JSON line is a game's result object (`{"file":…,"game":N,"result":…}`).
fn is_game_result(line: &str) -> bool {
    let v: serde_json::Value = serde_json::from_str(line).expect("JSON line");
    v.get("result").is_some() && v.get("code").is_none()
}

/// `LINE:COLUMN SEVERITY CODE ply=N` per JSON finding.
fn json_findings(stdout: &str) -> Vec<String> {
    finding_lines(stdout)
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).expect("JSON line");
            format!(
                "{}:{} {} {} ply={}",
                v["line"],
                v["column"],
                v["severity"].as_str().unwrap_or("?"),
                v["code"].as_str().unwrap_or("?"),
                v["ply"]
            )
        })
        .collect()
}

const MANDATORY_CAPTURE: &str =
    "[Event \"t\"]\n[GameType \"25\"]\n[Result \"*\"]\n1. c3-d4 f6-e5 2. a3-b4 e5-f4 *\n";

#[test]
fn illegal_move_is_reported_like_a_compiler_with_source_line_and_caret() {
    let (out, err, code) = check_stdin(&[], MANDATORY_CAPTURE);
    assert_eq!(code, Some(1), "{out}{err}");
    let expected = "error[illegal-move]: illegal move 2. a3-b4 — capture is mandatory: d4:f6\n --> <stdin>:4:19\n  |\n4 | 1. c3-d4 f6-e5 2. a3-b4 e5-f4 *\n  |                   ^^^^^\n\n";
    assert_eq!(out, expected);
    assert!(
        err.starts_with("checked 1 game, 2 moves: 1 error, 0 warnings in "),
        "{err}"
    );
}

#[test]
fn json_gives_one_object_per_finding_with_every_field() {
    let (out, _, code) = check_stdin(&["--format", "json"], MANDATORY_CAPTURE);
    assert_eq!(code, Some(1));
    let findings: Vec<&str> = finding_lines(&out).collect();
    assert_eq!(findings.len(), 1, "{out}");
    let v: serde_json::Value = serde_json::from_str(findings[0]).expect("one JSON object");
    assert_eq!(v["file"], "<stdin>");
    assert_eq!(v["game"], 1);
    assert_eq!(v["ply"], 3);
    assert_eq!(v["line"], 4);
    assert_eq!(v["column"], 19);
    // `[Event "t"]\n` is 12 bytes, `[GameType "25"]\n` 16, `[Result "*"]\n` 13,
    // then 18 bytes before the move: 59..64.
    assert_eq!(v["span"], serde_json::json!([59, 64]));
    assert_eq!(v["severity"], "error");
    assert_eq!(v["code"], "illegal-move");
    assert_eq!(
        v["message"],
        "illegal move 2. a3-b4 — capture is mandatory: d4:f6"
    );
    assert!(v["help"].is_null());
}

#[test]
fn variations_replace_the_last_move_and_are_checked_at_any_depth() {
    // 2. a3-b4 replaces 2. d4:f6 (capture still mandatory); the nested
    // 3. e3-f4 replaces 3. d2-c3, which replaces 3. b2-c3; after it
    // e5:g3 lands on an occupied square. The main line goes on.
    let record = "[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4:f6 (2. a3-b4) g7:e5 3. b2-c3 (3. d2-c3 (3. e3-f4 e5:g3)) h6-g5 *\n";
    let (out, _, code) = check_stdin(&["--format", "json"], record);
    assert_eq!(code, Some(1));
    assert_eq!(
        json_findings(&out),
        [
            "2:29 error illegal-move ply=3",
            "2:71 error illegal-move ply=6"
        ]
    );
}

#[test]
fn the_rest_of_a_line_after_an_illegal_move_is_skipped_and_the_next_game_read() {
    let record = "[GameType \"25\"]\n1. c3-d4 f6-e5 2. a3-b4 zz-top 3. nonsense *\n[GameType \"25\"]\n1. c3-d4 d6-c5 2. e3-f4 *\n";
    let (out, err, code) = check_stdin(&["--format", "json"], record);
    assert_eq!(code, Some(1));
    assert_eq!(json_findings(&out), ["2:19 error illegal-move ply=3"]);
    assert!(
        err.starts_with("checked 2 games, 5 moves: 1 error"),
        "{err}"
    );
}

#[test]
fn result_contradicting_the_board_missing_result_and_move_numbers_are_warnings() {
    let record = "[GameType \"25\"]\n[FEN \"W:Wc3:Bd4\"]\n1. c3:e5 0-1\n\n[GameType \"25\"]\n1. c3-d4 f6-g5 3. b2-c3\n";
    let (out, _, code) = check_stdin(&["--format", "json"], record);
    assert_eq!(code, Some(0), "warnings do not fail");
    assert_eq!(
        json_findings(&out),
        [
            "3:10 warning result-mismatch ply=null",
            "6:16 warning move-number ply=3",
            "6:19 warning missing-result ply=null",
        ]
    );
}

#[test]
fn the_caret_stands_under_the_token_after_tabs_and_wide_characters() {
    let record = "[Event \"ёё\"]\n[GameType \"25\"]\n\n{日本}\t1. c3-d4\tf6-e5 2. a3-b4 *\n";
    let (out, _, code) = check_stdin(&[], record);
    assert_eq!(code, Some(1), "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[1], " --> <stdin>:4:24", "{out}");
    let source = lines[3];
    let caret = lines[4];
    let at = caret.find('^').expect("a caret");
    assert_eq!(&caret[at..], "^^^^^", "{out}");
    // The token stands at the caret's display column: `日` and `本` are two
    // columns wide each, and the tabs are expanded on the source line.
    let mut width = 0;
    let mut rest = source;
    while width < at {
        let c = rest.chars().next().expect("the source line is long enough");
        width += if ('\u{4e00}'..='\u{9fff}').contains(&c) {
            2
        } else {
            1
        };
        rest = &rest[c.len_utf8()..];
    }
    assert_eq!(width, at, "{out}");
    assert!(rest.starts_with("a3-b4"), "{out}");
    assert!(!source.contains('\t'), "tabs are expanded: {out}");
}

#[test]
fn a_game_without_rules_gets_an_error_with_a_suggestion_never_a_guess() {
    let (out, _, code) = check_stdin(&[], "[Event \"x\"]\n1. 33-28 18-22 2. 38-33 *\n");
    assert_eq!(code, Some(1));
    assert!(
        out.starts_with("error[unknown-rules]: the rules of this game are unknown"),
        "{out}"
    );
    assert!(out.contains("help: the moves look like International draughts (squares 1-50): add [GameType \"20\"] to the record or pass --rules russian-draughts/international"), "{out}");
    let (out, _, _) = check_stdin(&[], "1. c3-d4 f6-g5 *\n");
    assert!(out.contains("--rules russian-draughts/russian"), "{out}");
    let (out, _, code) = check_stdin(
        &["--rules", "russian-draughts/russian"],
        "1. c3-d4 f6-g5 *\n",
    );
    assert_eq!((out.as_str(), code), ("", Some(0)));
}

#[test]
fn rules_tag_wins_over_game_type_and_unknown_versions_are_named() {
    let record = "[Rules \"russian-draughts/russian@99\"]\n[GameType \"20\"]\n1. c3-d4 *\n";
    let (out, _, code) = check_stdin(&["--format", "json"], record);
    assert_eq!(code, Some(1));
    assert_eq!(json_findings(&out), ["1:1 error unknown-rules ply=null"]);
    assert!(out.contains("99"), "{out}");
    let (out, _, _) = check_stdin(&["--format", "json"], "[GameType \"22\"]\n1. 9-13 *\n");
    assert!(
        out.contains("GameType 22 (Italian draughts) has no rule profile"),
        "{out}"
    );
}

#[test]
fn could_not_run_exits_2() {
    let (_, err, code) = run(&["check", "/nonexistent/file.pdn"], b"");
    assert_eq!(code, Some(2));
    assert!(err.contains("cannot read /nonexistent/file.pdn"), "{err}");
    let (_, err, code) = run(&["check", "--rules", "no/such-profile", "-"], b"");
    assert_eq!(code, Some(2));
    assert!(err.contains("unknown profile"), "{err}");
    let (_, _, code) = run(&["check", "--no-such-option", "-"], b"");
    assert_eq!(code, Some(2));
}

#[test]
fn corrupted_records_give_diagnostics_and_exit_1_never_a_panic() {
    let cases: [(&str, &str); 5] = [
        // truncated inside a tag value
        (
            "truncated tag",
            "[GameType \"25\"]\n1. c3-d4 f6-g5 *\n[GameType \"25\"]\n[White \"Ко",
        ),
        // truncated inside a move
        ("truncated move", "[GameType \"25\"]\n1. c3-d4 f6-g"),
        (
            "unclosed comment",
            "[GameType \"25\"]\n1. c3-d4 {never closed f6-g5\n",
        ),
        ("stray brace", "[GameType \"25\"]\n1. c3-d4 } f6-g5 *\n"),
        (
            "unbalanced parentheses",
            "[GameType \"25\"]\n1. c3-d4 ) f6-g5 ((2. a3-b4 *\n",
        ),
    ];
    for (what, record) in cases {
        let (out, err, code) = check_stdin(&["--format", "json"], record);
        assert_eq!(code, Some(1), "{what}: {out}{err}");
        assert!(!out.is_empty(), "{what}: no diagnostic");
    }
    // binary garbage, every byte value, in a fixed pseudo-random order
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    let garbage: Vec<u8> = (0..200_000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            (state >> 32) as u8
        })
        .collect();
    for rules in [None, Some("russian-draughts/russian")] {
        let mut args = vec!["check"];
        if let Some(r) = rules {
            args.extend(["--rules", r]);
        }
        args.push("-");
        let (out, err, code) = run(&args, &garbage);
        assert_eq!(code, Some(1), "garbage ({rules:?}): {err}");
        assert!(out.contains("error"), "garbage: no diagnostic");
    }
}

#[test]
fn variations_nested_100000_deep_do_not_overflow_the_stack() {
    let depth = 100_000;
    let mut record = String::from("[GameType \"25\"]\n1. c3-d4 ");
    record.push_str(&"(".repeat(depth));
    record.push_str("1. a3-b4 ");
    record.push_str(&")".repeat(depth));
    record.push_str(" f6-g5 *\n");
    let (out, err, code) = check_stdin(&[], &record);
    assert_eq!(code, Some(0), "{out}{err}");
    // c3-d4, the innermost a3-b4 (replacing c3-d4), f6-g5.
    assert!(
        err.starts_with("checked 1 game, 3 moves: 0 errors"),
        "{err}"
    );
}

#[test]
fn one_thread_and_all_cores_print_the_same_findings_in_file_order() {
    let corpus = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/corpus/czech/mrcd2007.pdn"
    );
    let one = run(
        &[
            "check",
            "-j",
            "1",
            "--rules",
            "russian-draughts/russian",
            corpus,
        ],
        b"",
    );
    let all = run(
        &["check", "--rules", "russian-draughts/russian", corpus],
        b"",
    );
    assert_eq!(one.0, all.0);
    assert_eq!(one.2, Some(1));
}

#[test]
fn replay_prints_each_position_with_its_move_or_its_fen() {
    let record = "[GameType \"25\"]\n1. c3-d4 f6-e5 2. d4:f6 *\n";
    let (out, err, code) = run(&["replay", "--fen", "-"], record.as_bytes());
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(lines[1].starts_with("start  W:"), "{out}");
    assert!(lines[2].starts_with("1. c3-d4  B:"), "{out}");
    assert!(lines[4].starts_with("2. d4:f6  B:"), "{out}");
    assert!(
        !lines[4].contains("f6,") || lines[4].contains("Wa1"),
        "{out}"
    );
    let (out, _, code) = run(&["replay", "-"], record.as_bytes());
    assert_eq!(code, Some(0));
    assert!(out.contains("1... f6-e5 (White to move)\n"), "{out}");
    let (out, _, code) = run(&["replay", "--game", "2", "-"], record.as_bytes());
    assert_eq!(code, Some(2), "{out}");
}

#[test]
fn replay_and_check_agree_on_the_moves_before_an_unknown_move() {
    let record = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 33-29 - 4. 29x18 *\n";
    let (out, err, code) = check_stdin(&[], record);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(err.starts_with("checked 1 game, 5 moves: 1 error"), "{err}");
    let (out, _, code) = run(&["replay", "--fen", "-"], record.as_bytes());
    assert_eq!(code, Some(1), "{out}");
    let shown: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_once("  "))
        .filter(|(title, fen)| !title.is_empty() && fen.contains(':'))
        .map(|(title, _)| title)
        .collect();
    assert_eq!(
        shown,
        [
            "start",
            "1. 32-28",
            "1... 19-23",
            "2. 28x19",
            "2... 14x23",
            "3. 33-29"
        ],
        "{out}"
    );
    assert!(out.contains("unknown move `-`"), "{out}");
}

#[test]
fn after_a_set_up_position_the_first_move_number_sets_the_count() {
    // English: Black moves first, White is to move here. Problem collections
    // write `1.` or `1...` for that move; both set the count.
    for record in [
        "[GameType \"21\"]\n[FEN \"W:W27:B5\"]\n1. 27-24 5-9 2. 24-20 9-14 *\n",
        "[GameType \"21\"]\n[FEN \"W:W27:B5\"]\n1... 27-24 2. 5-9 2... 24-20 3. 9-14 *\n",
        "[GameType \"21\"]\n[FEN \"W:W27:B5\"]\n31. 27-24 5-9 32. 24-20 9-14 *\n",
    ] {
        let (out, err, code) = check_stdin(&["--format", "json"], record);
        assert_eq!(
            (json_findings(&out), code),
            (Vec::<String>::new(), Some(0)),
            "{record}{err}"
        );
    }
    let (out, _, _) = check_stdin(
        &["--format", "json"],
        "[GameType \"21\"]\n[FEN \"W:W27:B5\"]\n1... 27-24 2. 5-9 3... 24-20 3. 9-14 *\n",
    );
    assert_eq!(json_findings(&out), ["3:19 warning move-number ply=3"]);
}

#[test]
fn set_up_commands_inside_movetext_replace_the_position() {
    // After two moves, `/FEN .../` sets a position where c3 must take d4.
    let record = "[GameType \"25\"]\n1. c3-d4 f6-g5 /FEN \"W:Wc3:Bd4\"/ 2. c3:e5 *\n";
    let (out, err, code) = check_stdin(&["--format", "json"], record);
    assert_eq!(
        (json_findings(&out), code),
        (Vec::<String>::new(), Some(0)),
        "{err}"
    );
    assert!(err.starts_with("checked 1 game, 3 moves"), "{err}");
    let record = "[GameType \"25\"]\n1. c3-d4 /FEN \"W:Wz9\"/ 1... f6-g5 *\n[GameType \"25\"]\n1. c3-d4 /SETUP/ f6-g5 *\n";
    let (out, _, code) = check_stdin(&["--format", "json"], record);
    assert_eq!(code, Some(1));
    assert_eq!(
        json_findings(&out),
        [
            "2:10 error bad-position ply=null",
            "4:10 error bad-position ply=null"
        ]
    );
}

#[test]
fn crlf_bom_and_non_utf8_names_keep_lines_and_columns() {
    let mut record = vec![0xEF, 0xBB, 0xBF];
    record.extend_from_slice(b"[White \"\x8f\xa5\xe2\xe0\xae\xa2\"]\r\n[GameType \"25\"]\r\n");
    record.extend_from_slice(b"1. c3-d4 f6-e5\r\n2. a3-b4 *\r\n");
    let (out, _, code) = run(&["check", "--format", "json", "-"], &record);
    assert_eq!(code, Some(1));
    assert_eq!(json_findings(&out), ["4:4 error illegal-move ply=3"]);
}

#[test]
fn a_variation_right_after_an_illegal_move_is_checked_as_its_alternative() {
    // 2. a3-b4 is illegal (d4 must take); the variation replacing it is
    // checked from the same position, the rest of the main line is not.
    let record =
        "[GameType \"25\"]\n1. c3-d4 f6-e5 2. a3-b4 (2. d4:f6 g7:e5 (2... e7:g5)) h6-g5 *\n";
    let (out, err, code) = check_stdin(&["--format", "json"], record);
    assert_eq!(code, Some(1));
    assert_eq!(json_findings(&out), ["2:19 error illegal-move ply=3"]);
    assert!(err.starts_with("checked 1 game, 5 moves"), "{err}");
}

/// A Russian game of two tags, `pairs` empty variations `( ) ` (two
/// events each, four bytes) on its third line, then `movetext`.
fn long_record(pairs: usize, movetext: &str) -> String {
    let head = "[GameType \"25\"]\n[Result \"*\"]\n";
    format!("{head}{}{movetext}", "( ) ".repeat(pairs))
}

#[test]
fn a_game_of_more_than_250000_tokens_is_cut_with_an_error() {
    let record = long_record(130_000, "1. c3-d4 *\n");
    let (out, _, code) = check_stdin(&["--format", "json"], &record);
    assert_eq!(code, Some(1));
    // 250,000 events and tags kept: 2 tags and 124,999 pairs `( ) ` of 4
    // bytes; the game is cut at the next `(`, column 4 * 124,999 + 1.
    assert_eq!(json_findings(&out), ["3:499997 error pdn-syntax ply=null"]);
    assert!(out.contains("game too long"), "{out}");
}

/// The reader hands a plain whole move (`1. c3-d4 d6-e5`) over at once:
/// the cut still falls on the first token past the limit, inside it.
#[test]
fn a_game_cut_inside_a_whole_move_keeps_the_tokens_before_the_limit() {
    // 2 tags and 249,996 events: room for the number and the first move.
    let record = long_record(124_998, "1. c3-d4 d6-e5 *\n");
    let (out, err, code) = check_stdin(&["--format", "json"], &record);
    assert_eq!(code, Some(1));
    // `d6-e5` is cut: 9 bytes after the number at column 4 * 124,998 + 1.
    assert_eq!(json_findings(&out), ["3:500002 error pdn-syntax ply=null"]);
    assert!(err.starts_with("checked 1 game, 1 move:"), "{err}");
}

/// Many batches (games past the first batches reuse the buffers of games
/// already checked): every copy of the bundled example gives its one error
/// at its own line, with its own source line, on one core and on all.
#[test]
fn findings_stay_exact_across_batches_that_reuse_buffers() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/examples/russian-games.pdn"
    );
    let one = std::fs::read_to_string(path).expect("bundled example");
    let lines = one.lines().count();
    let copies = 300;
    let archive = one.repeat(copies);
    let expected: Vec<String> = (0..copies)
        .map(|k| format!("{}:5 error illegal-move ply=39", 71 + k * lines))
        .collect();
    for jobs in ["1", "2"] {
        let (stdout, stderr, code) = check_stdin(&["-j", jobs, "--format", "json"], &archive);
        assert_eq!(code, Some(1), "{stderr}");
        assert_eq!(json_findings(&stdout), expected, "-j {jobs}");
        assert!(stderr.contains("checked 1200 games"), "{stderr}");
        let (text, _, _) = check_stdin(&["-j", jobs], &archive);
        let carets: Vec<&str> = text.lines().filter(|l| l.contains("^^^^^")).collect();
        assert_eq!(carets.len(), copies);
        let sources: Vec<&str> = text
            .lines()
            .filter(|l| l.contains("| 20. b6xd8 h4-g3"))
            .collect();
        assert_eq!(sources.len(), copies, "every error shows its source line");
    }
}

#[test]
fn perft_refuses_an_option_the_game_does_not_have_and_names_the_games_that_do() {
    let (out, err, code) = run(
        &[
            "perft",
            "--rules",
            "russian-draughts/russian",
            "--removal-ply",
            "3",
        ],
        b"",
    );
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        err.starts_with(
            "error: --removal-ply is not an option of russian-draughts; it counts a removal \
             as a ply of its own in the morris profiles (morris/cheng-san, morris/da-san-qi, "
        ),
        "{err}"
    );
    for (rules, option, owners) in [
        (
            "morris/nine-mens-morris",
            "--keep-duplicates",
            "alquerque and russian-draughts",
        ),
        (
            "lingqi/lingqi",
            "--keep-duplicates",
            "alquerque and russian-draughts",
        ),
        ("alquerque/alquerque", "--removal-ply", "morris"),
    ] {
        let (out, err, code) = run(&["perft", "--rules", rules, option, "1"], b"");
        assert_eq!(code, Some(2), "{rules} {option}: {out}{err}");
        assert!(
            err.contains(&format!("{option} is not an option of"))
                && err.contains(&format!("in the {owners} profiles (")),
            "{err}"
        );
    }
    let (out, err, code) = run(
        &[
            "perft",
            "--rules",
            "morris/nine-mens-morris",
            "--removal-ply",
            "--no-bulk",
            "2",
        ],
        b"",
    );
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "1\t24\n2\t552\n");
}

#[test]
fn replay_refuses_zones_outside_lingqi() {
    let record = "[GameType \"25\"]\n1. c3-d4 f6-e5 *\n";
    let (out, err, code) = run(&["replay", "--zones", "-"], record.as_bytes());
    assert_eq!(code, Some(2), "{out}{err}");
    assert!(
        err.starts_with(
            "error: --zones is not an option of russian-draughts; it marks zones and trapped \
             pieces in diagrams in the lingqi profiles (lingqi/"
        ),
        "{err}"
    );
}

#[test]
fn a_variation_after_an_unreadable_token_is_checked_from_its_own_place_or_not_at_all() {
    // Issue 15: `\r` after a tag (two characters) is skipped with a
    // warning; the variation is replayed from its own position, so neither
    // "no piece on 23" nor a move-number warning (both false) appears.
    let record =
        "[Event \"x\"]\n[GameType \"20\"]\\r\n\n1. 32-28 18-23 2. 37-32 (2. 33-29 23x34) 12-18 *\n";
    let (out, err, code) = check_stdin(&[], record);
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(out.contains("warning[tag-junk]"), "{out}");
    assert!(
        out.contains("illegal move 2... 23x34 — 34 is occupied"),
        "{out}"
    );
    assert!(
        !out.contains("no piece on 23") && !out.contains("move-number"),
        "{out}"
    );
    // A token that cannot be read ends the main line: the variation after
    // it is not checked, and a warning says so (nested ones silently).
    let record = "[GameType \"20\"]\n\\r 1. 32-28 18-23 2. 37-32 (2. 33-29 23x34 (2... 19-23)) *\n";
    let (out, _, code) = check_stdin(&["--format", "json"], record);
    assert_eq!(code, Some(1));
    assert_eq!(
        json_findings(&out),
        [
            "2:1 error move-syntax ply=1",
            "2:28 warning unchecked-variation ply=null"
        ]
    );
}

#[test]
fn a_file_with_no_game_is_a_warning_and_no_game_at_all_exits_1() {
    let (out, err, code) = check_stdin(&[], "");
    assert_eq!(code, Some(1), "{out}{err}");
    assert!(
        out.starts_with("warning[no-games]: <stdin> holds no game: nothing in it was checked\n --> <stdin>:1:1\n"),
        "{out}"
    );
    assert!(
        err.starts_with("checked 0 games, 0 moves: 0 errors, 1 warning"),
        "{err}"
    );
    let (out, _, code) = check_stdin(&["--format", "json"], "{ only a comment }\n");
    assert_eq!(code, Some(1));
    assert_eq!(json_findings(&out), ["1:1 warning no-games ply=null"]);
    // One file with games is enough for success; the empty one is named.
    let dir = std::env::temp_dir().join(format!("boardctl-no-games-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let empty = dir.join("empty.pdn");
    let games = dir.join("games.pdn");
    std::fs::write(&empty, "").expect("write");
    std::fs::write(&games, "[GameType \"25\"]\n1. c3-d4 *\n").expect("write");
    let (out, err, code) = run(
        &[
            "check",
            "--format",
            "json",
            empty.to_str().expect("UTF-8 path"),
            games.to_str().expect("UTF-8 path"),
        ],
        b"",
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(code, Some(0), "{out}{err}");
    assert_eq!(json_findings(&out), ["1:1 warning no-games ply=null"]);
    assert!(out.contains("empty.pdn holds no game"), "{out}");
    assert!(err.starts_with("checked 1 game, 1 move"), "{err}");
}

#[test]
fn result_strings_equal_to_the_result_tag_end_the_game_and_star_under_a_decided_tag_is_reported() {
    let record = "[GameType \"20\"]\n[Result \"4-6\"]\n1. 32-28 18-23 4-6\n\n[GameType \"20\"]\n[Result \"-\"]\n1. 32-28 18-23 -\n\n[GameType \"20\"]\n[Result \"2-0\"]\n1. 32-28 18-23 *\n";
    let (out, err, code) = check_stdin(&[], record);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        err.starts_with("checked 3 games, 6 moves: 0 errors, 1 warning"),
        "{err}"
    );
    assert!(
        out.contains("warning[result-mismatch]: the game ends with * but its Result tag says 2-0"),
        "{out}"
    );
}

#[test]
fn replay_and_check_agree_on_a_move_with_text_glued_to_it() {
    let record = "[GameType \"21\"]\n1. 11-15 23-19 2. 8-11Redoversteppedthetimecontrol. 22-17 *\n";
    let (out, err, code) = check_stdin(&[], record);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(
        err.starts_with("checked 1 game, 4 moves: 0 errors, 1 warning"),
        "{err}"
    );
    assert!(
        out.contains("warning[glued-text]: text glued to the move 8-11 is not a move: `Redoversteppedthetimecontrol.`"),
        "{out}"
    );
    let (out, _, code) = run(&["replay", "--fen", "-"], record.as_bytes());
    assert_eq!(code, Some(0), "{out}");
    let shown: Vec<&str> = out
        .lines()
        .filter_map(|l| l.split_once("  "))
        .filter(|(title, fen)| !title.is_empty() && fen.contains(':'))
        .map(|(title, _)| title)
        .collect();
    assert_eq!(
        shown,
        ["start", "1. 11-15", "1... 23-19", "2. 8-11", "2... 22-17"],
        "{out}"
    );
}

/// `Петров` and `Иванов` in CP1251 and in CP866.
const PETROV_CP1251: &[u8] = b"\xcf\xe5\xf2\xf0\xee\xe2";
const IVANOV_CP1251: &[u8] = b"\xc8\xe2\xe0\xed\xee\xe2";
const PETROV_CP866: &[u8] = b"\x8f\xa5\xe2\xe0\xae\xa2";
const IVANOV_CP866: &[u8] = b"\x88\xa2\xa0\xad\xae\xa2";

fn names_record(white: &[u8], black: &[u8]) -> Vec<u8> {
    let mut record = b"[White \"".to_vec();
    record.extend_from_slice(white);
    record.extend_from_slice(b"\"]\n[Black \"");
    record.extend_from_slice(black);
    record.extend_from_slice(b"\"]\n[GameType \"25\"]\n[Result \"*\"]\n\n1. c3-d4 f6-g5 *\n");
    record
}

#[test]
fn replay_shows_cp1251_and_cp866_names_guessed_or_given() {
    for (record, label) in [
        (names_record(PETROV_CP1251, IVANOV_CP1251), "windows-1251"),
        (names_record(PETROV_CP866, IVANOV_CP866), "cp866"),
    ] {
        for extra in [&[][..], &["--encoding", label][..]] {
            let mut args = vec!["replay", "--fen"];
            args.extend_from_slice(extra);
            args.push("-");
            let (out, err, code) = run(&args, &record);
            assert_eq!(code, Some(0), "{err}");
            assert!(
                out.starts_with(
                    "<stdin> game 1: Петров - Иванов, * (russian-draughts/russian@1)\n"
                ),
                "{label} {extra:?}: {out}"
            );
        }
    }
    // UTF-8 stays UTF-8, whatever --encoding says.
    let record = names_record("Петров".as_bytes(), "Иванов".as_bytes());
    let (out, _, _) = run(&["replay", "--encoding", "cp866", "-"], &record);
    assert!(out.starts_with("<stdin> game 1: Петров - Иванов"), "{out}");
}

#[test]
fn replay_shows_the_names_of_the_real_cp866_file() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/corpus/russian/encoding-cp866/ussr1947_2017_cp866.pdn"
    );
    let (out, err, code) = run(
        &[
            "replay",
            "--fen",
            "--rules",
            "russian-draughts/russian@1",
            "--game",
            "30",
            file,
        ],
        b"",
    );
    assert_eq!(code, Some(0), "{err}");
    let header = out.lines().next().unwrap_or_default();
    assert!(
        header.ends_with(
            "game 30: Петров С. - Циценоветский М., 1/2-1/2 (russian-draughts/russian@1)"
        ),
        "{header}"
    );
}

#[test]
fn an_unknown_or_non_ascii_encoding_cannot_run() {
    for label in ["cp9999", "utf-16"] {
        let (_, err, code) = check_stdin(&["--encoding", label], "");
        assert_eq!(code, Some(2), "{label}: {err}");
        assert!(err.contains("--encoding"), "{err}");
    }
}

#[test]
fn irregular_moves_stand_as_warnings_and_are_played_as_written_or_stop_the_line() {
    let record = "[GameType \"25\"]\n[Result \"*\"]\n\
        1. c3-d4 f6-e5 2. a3-b4 e5-f4 3. e3xg5 h6xf4 4. a1-b2 b6-a5 *\n";
    // Default: the first irregular move is illegal and ends the line.
    let (stdout, stderr, code) = check_stdin(&["--format", "json"], record);
    assert_eq!(json_findings(&stdout), ["3:19 error illegal-move ply=3"]);
    assert!(stderr.contains("2 moves"), "{stderr}");
    assert_eq!(code, Some(1));
    // Standing: both irregular moves are warnings with today's reason, the
    // game goes on from them, and a move onto an occupied square (b2) still
    // stops the line.
    let (stdout, stderr, code) = check_stdin(&["--irregular", "stand"], record);
    assert!(
        stdout.contains(
            "warning[irregular-move]: irregular move 2. a3-b4 stood — capture is mandatory: d4:f6"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("irregular move 2... e5-f4 stood — capture is mandatory: e5:c3:a5"),
        "{stdout}"
    );
    assert!(
        stdout.contains("error[illegal-move]: illegal move 4. a1-b2"),
        "{stdout}"
    );
    assert!(stderr.contains("6 moves: 1 error, 2 warnings"), "{stderr}");
    assert_eq!(code, Some(1));
    // Without the last move the game is clean but for the warnings: exit 0.
    let clean = record.replace(" 4. a1-b2 b6-a5", "");
    let (stdout, _, code) = check_stdin(&["--irregular", "stand", "--format", "json"], &clean);
    assert_eq!(
        json_findings(&stdout),
        [
            "3:19 warning irregular-move ply=3",
            "3:25 warning irregular-move ply=4"
        ]
    );
    assert_eq!(code, Some(0));
}

#[test]
fn a_morris_mill_without_its_removal_is_an_error_that_names_the_mill_unless_nothing_can_be_taken() {
    let game = |rules: &str, moves: &str| {
        format!(
            "[Rules \"morris/{rules}@1\"]\n[FEN \"W:Wa1,a7,b4,d1,d2:Bb2,g1,g4,g7:H0/0\"]\n[Result \"*\"]\n{moves}\n"
        )
    };
    let message =
        "illegal move 1. b4-a4 — b4-a4 closes the mill a1-a4-a7: the removal is missing (b4-a4xb2)";
    // At the end of the game, and followed by a move.
    for moves in ["1. b4-a4 *", "1. b4-a4 g4-f4 2. a4-b4 *"] {
        let (stdout, _, code) = check_stdin(&[], &game("nine-mens-morris", moves));
        assert!(stdout.contains(message), "{moves}: {stdout}");
        assert_eq!(code, Some(1), "{moves}");
    }
    // Followed by its removal as a token of its own: one legal move.
    let (stdout, stderr, code) = check_stdin(
        &[],
        &game("nine-mens-morris", "1. b4-a4 xb2 g4-f4 2. a4-b4 *"),
    );
    assert_eq!(stdout, "");
    assert!(stderr.contains("3 moves: 0 errors"), "{stderr}");
    assert_eq!(code, Some(0));
    // Strict protection with every black man in a mill: nothing can be
    // taken, the bare move is the full move.
    let strict = "[Rules \"morris/cheng-san@1\"]\n[FEN \"W:Wa1,a7,b4,d1,d2:Bg1,g4,g7:H0/0\"]\n[Result \"*\"]\n1. b4-a4 g4-f4 2. a4-b4 *\n";
    let (stdout, _, code) = check_stdin(&[], strict);
    assert_eq!(stdout, "");
    assert_eq!(code, Some(0));
}

/// A move number read just before a comment belongs to the move after the
/// comment, on one thread and on two: `3.` stands at column 16 of line 2
/// and is the wrong number for White's second move; `2...` after it is
/// right and says nothing.
#[test]
fn a_number_before_a_comment_is_the_next_moves_number() {
    let record = "[GameType \"25\"]\n1. c3-d4 f6-g5 3. {note} b2-c3 2... g7-f6 *\n";
    for jobs in ["1", "2"] {
        let (out, err, code) = check_stdin(&["-j", jobs, "--format", "json"], record);
        assert_eq!(code, Some(0), "{err}");
        assert_eq!(json_findings(&out), ["2:16 warning move-number ply=3"]);
        assert!(err.starts_with("checked 1 game, 4 moves"), "{err}");
    }
}
