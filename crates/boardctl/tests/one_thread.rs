//! On one thread `check` plays the main line's plain moves as it reads
//! them (`check/ahead.rs`); on more it keeps every move and checks it
//! afterwards. Both ways give the same findings, results and totals, on
//! every record file of the project and on each kind of step that stops
//! playing ahead.

use boardctl::check::{Checker, Totals};
use boardctl::cli::{CheckFormat, Irregular};
use std::io::Cursor;
use std::path::{Path, PathBuf};

mod common;

/// The findings, results and totals of checking `bytes` on `jobs` threads.
fn check_with(
    bytes: &[u8],
    rules: Option<&str>,
    format: CheckFormat,
    irregular: Irregular,
    jobs: usize,
    rules_file: Option<&Path>,
) -> (String, Totals) {
    let checker = match rules_file {
        Some(file) => {
            let profile = boardctl::profile_from_file(file).expect("the profile loads");
            Checker::with_profiles(rules, vec![profile], format, jobs).expect("a checker")
        }
        None => Checker::new(rules, format, jobs).expect("a checker"),
    };
    let mut checker = checker.with_irregular(irregular);
    let mut out = Vec::new();
    let totals = checker
        .check_reader("record.pdn", Cursor::new(bytes.to_vec()), &mut out)
        .expect("check runs");
    (String::from_utf8(out).expect("UTF-8 output"), totals)
}

/// Asserts that one thread and two give the same output for `bytes`.
fn same_on_one_thread_and_two(
    what: &str,
    bytes: &[u8],
    rules: Option<&str>,
    format: CheckFormat,
    irregular: Irregular,
) -> (String, Totals) {
    let one = check_with(bytes, rules, format, irregular, 1, None);
    let two = check_with(bytes, rules, format, irregular, 2, None);
    assert_eq!(one, two, "{what} ({rules:?}, {irregular:?})");
    one
}

fn record_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("tests/data is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            record_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "pdn") {
            out.push(path);
        }
    }
}

#[test]
fn every_record_file_reads_the_same_on_one_thread_and_on_two() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data");
    let mut files = Vec::new();
    record_files(&root, &mut files);
    files.sort();
    assert!(files.len() > 40, "{} record files", files.len());
    for file in &files {
        let bytes = std::fs::read(file).expect("a record file");
        let what = file.display().to_string();
        for rules in [None, Some("russian-draughts/russian")] {
            for irregular in [Irregular::Stop, Irregular::Stand] {
                same_on_one_thread_and_two(&what, &bytes, rules, CheckFormat::Json, irregular);
            }
        }
        same_on_one_thread_and_two(&what, &bytes, None, CheckFormat::Text, Irregular::Stop);
    }
}

/// Each step that stops playing ahead, after moves played ahead: the
/// verifier goes on from the position reached, with the last move's text
/// and number for its messages.
#[test]
fn every_step_that_stops_playing_ahead_is_checked_as_before() {
    let head = "[GameType \"25\"]\n";
    let cases = [
        // A variation right after moves played ahead starts before the last.
        "1. c3-d4 f6-g5 2. b2-c3 (2. g3-f4 g5:e3 3. d2:f4) g7-f6 *",
        "1. c3-d4 f6-g5 2. b2-c3 {a comment} (2. g3-f4 g5:e3) 2... g7-f6 *",
        // A variation replacing a refused move.
        "1. c3-d4 f6-e5 2. a3-b4 (2. d4:f6 g7:e5) h6-g5 *",
        // A move number that does not match, then the moves go on.
        "1. c3-d4 f6-g5 3. b2-c3 g7-f6 *",
        "1. c3-d4 1... f6-g5 2. b2-c3 2... g7-f6 *",
        // Two numbers in a row, an unknown move, a NAG, a suffix.
        "1. c3-d4 f6-g5 2. 2. b2-c3 *",
        "1. c3-d4 f6-g5 2. - g7-f6 *",
        "1. c3-d4 $1 f6-g5 2. b2-c3 *",
        "1. c3-d4! f6-g5 2. b2-c3 *",
        // An illegal move, a move split after its separator, glued text.
        "1. c3-d4 f6-g5 2. b2-c4 g7-f6 *",
        "1. c3-d4 f6-e5 2. d4: f6 *",
        "1. c3-d4 f6-g5 2. b2-c3Resigned 1-0",
        // A result that the board contradicts, one it confirms, none.
        "1. c3-d4 f6-g5 2. b2-c3 g7-f6 0-1",
        "1. c3-d4 f6-g5 2. b2-c3 g7-f6",
        // A set-up command in the movetext, and a reading problem.
        "1. c3-d4 f6-g5 /FEN \"W:W21-32:B1-12\"/ 1. c3-d4 *",
        "1. c3-d4 f6-g5 2. b2-c3 ] g7-f6 *",
        // Comments and a NAG before the first move.
        "{Annotated} {twice} 1. c3-d4 f6-g5 *",
        "$3 1. c3-d4 f6-g5 *",
    ];
    for case in cases {
        let record = format!("{head}{case}\n");
        for irregular in [Irregular::Stop, Irregular::Stand] {
            same_on_one_thread_and_two(case, record.as_bytes(), None, CheckFormat::Json, irregular);
            same_on_one_thread_and_two(case, record.as_bytes(), None, CheckFormat::Text, irregular);
        }
    }
    // A position set up by a tag is not played ahead, and reads the same.
    let fen = "[GameType \"25\"]\n[FEN \"W:W21-32:B1-12\"]\n1. c3-d4 f6-g5 *\n";
    same_on_one_thread_and_two(
        "FEN",
        fen.as_bytes(),
        None,
        CheckFormat::Json,
        Irregular::Stop,
    );
}

/// Movetext in a legacy encoding after tags that are UTF-8: the tags were
/// read as UTF-8 when the movetext began, the game is decoded as a whole
/// once it ends, as it is on more threads.
#[test]
fn a_legacy_movetext_after_utf8_tags_is_decoded_as_a_whole() {
    let mut record = "[White \"Белавус\"]\n[GameType \"25\"]\n"
        .as_bytes()
        .to_vec();
    record.extend_from_slice(b"1. c3-d4 f6-g5 {\xe4\xee\xe1\xf0\xfb \xf5\xee\xe4} 2. b2-c4 *\n");
    let (out, totals) =
        same_on_one_thread_and_two("legacy", &record, None, CheckFormat::Text, Irregular::Stop);
    assert_eq!(totals.errors, 1, "{out}");
    assert!(out.contains("b2-c4"), "{out}");
}

/// The moves played ahead count against a game's 250,000 events: a game
/// of two kings moving to and fro is cut at the same token either way.
#[test]
fn moves_played_ahead_count_towards_the_room_of_a_game() {
    let dir = common::scratch("one-thread-kings");
    let profile = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/russian-draughts/russian.v1.toml"),
    )
    .expect("the Russian profile");
    let profile = profile
        .replace("name = \"russian\"", "name = \"two-kings\"")
        .replace("fen = \"W:W21-32:B1-12\"", "fen = \"W:WKa1:BKh2\"");
    assert!(profile.contains("two-kings") && profile.contains("BKh2"));
    let file = dir.join("two-kings.v1.toml");
    std::fs::write(&file, profile).expect("the profile is written");
    let mut record = String::from("[Rules \"russian-draughts/two-kings\"]\n");
    for n in 1..=90_000 {
        let (white, black) = if n % 2 == 1 {
            ("a1-b2", "h2-g1")
        } else {
            ("b2-a1", "g1-h2")
        };
        record.push_str(&format!("{n}. {white} {black} "));
    }
    record.push_str("*\n");
    let one = check_with(
        record.as_bytes(),
        None,
        CheckFormat::Json,
        Irregular::Stop,
        1,
        Some(&file),
    );
    let two = check_with(
        record.as_bytes(),
        None,
        CheckFormat::Json,
        Irregular::Stop,
        2,
        Some(&file),
    );
    assert_eq!(one, two);
    assert!(one.0.contains("game too long"), "{}", one.0);
    // One tag and 249,999 tokens kept or played, the cut at the next.
    assert_eq!(one.1.moves, 166_666, "{:?}", one.1);
}
