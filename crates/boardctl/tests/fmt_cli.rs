//! `boardctl fmt` from the outside: conversions, `--check`, `--write` and
//! what it never loses, `--strict`, standard input, `--to json` against
//! its schema.
#![allow(clippy::unwrap_used)] // a failing test should fail loudly

mod common;
use common::scratch;

use boardctl::check::rules::RulesCache;
use boardctl::cli::{Cli, Command as Sub};
use boardctl::fmt::{FileStatus, Settings, fmt_file, temp_name};
use clap::Parser;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn boardctl(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardctl"))
        .current_dir(workspace())
        .args(args)
        .output()
        .unwrap()
}

fn boardctl_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardctl"))
        .current_dir(workspace())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

const RUSSIAN: &str = "tests/data/examples/russian-games.pdn";

/// The move tokens of a PDN text (no numbers, tags, results, comments).
fn moves(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.starts_with('['))
        .flat_map(str::split_whitespace)
        .filter(|w| w.contains(['-', ':', 'x']) && !w.ends_with('.') && w.len() > 3)
        .map(str::to_string)
        .collect()
}

#[test]
fn algebraic_and_back_gives_the_numeric_form() {
    let dir = scratch("squares");
    let numeric = boardctl(&["fmt", "--squares", "numeric", RUSSIAN]);
    assert_eq!(numeric.status.code(), Some(0), "{}", stderr(&numeric));
    let numeric_text = stdout(&numeric);
    assert!(numeric_text.contains("1. 22-18 10-15"), "{numeric_text}");
    let numeric_file = dir.join("numeric.pdn");
    std::fs::write(&numeric_file, &numeric_text).unwrap();
    let algebraic = boardctl(&[
        "fmt",
        "--squares",
        "algebraic",
        numeric_file.to_str().unwrap(),
    ]);
    let algebraic_text = stdout(&algebraic);
    assert!(
        algebraic_text.contains("1. c3-d4 d6-e5"),
        "{algebraic_text}"
    );
    let algebraic_file = dir.join("algebraic.pdn");
    std::fs::write(&algebraic_file, &algebraic_text).unwrap();
    let back = boardctl(&[
        "fmt",
        "--squares",
        "numeric",
        algebraic_file.to_str().unwrap(),
    ]);
    assert_eq!(stdout(&back), numeric_text);
    assert!(moves(&numeric_text).len() > 200);
    // The first games are read whole (the last one keeps its illegal move
    // and what follows as written).
    assert!(
        moves(&numeric_text)[..200]
            .iter()
            .all(|m| !m.contains(|c: char| c.is_ascii_lowercase())),
        "numeric squares only"
    );
}

/// Findings of `check --format json`: (code, line) pairs.
fn findings(file: &str, rules: &str) -> Vec<(String, u64)> {
    let out = boardctl(&["check", "--format", "json", "--rules", rules, file]);
    stdout(&out)
        .lines()
        .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap())
        // The per-game result objects have no code.
        .filter(|v| v.get("code").is_some())
        .map(|v| {
            (
                v["code"].as_str().unwrap().to_string(),
                v["line"].as_u64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn minimal_captures_on_the_international_corpus_are_never_ambiguous() {
    let dir = scratch("minimal");
    let corpus = workspace().join("tests/data/corpus/international");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&corpus)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "pdn"))
        .collect();
    files.sort();
    assert!(files.len() >= 8);
    let rules = "russian-draughts/international";
    let mut shorter = 0;
    for file in files {
        let name = file.to_str().unwrap();
        let full = boardctl(&["fmt", "--rules", rules, "--captures", "full", name]);
        let minimal = boardctl(&["fmt", "--rules", rules, "--captures", "minimal", name]);
        assert_eq!(minimal.status.code(), Some(0), "{}", stderr(&minimal));
        let out = dir.join(file.file_name().unwrap());
        std::fs::write(&out, &minimal.stdout).unwrap();
        let count = |f: &[(String, u64)], code: &str| f.iter().filter(|(c, _)| c == code).count();
        let before = findings(name, rules);
        let after = findings(out.to_str().unwrap(), rules);
        // Only the ambiguous moves of the file itself, kept as written.
        assert_eq!(
            count(&after, "ambiguous-move"),
            count(&before, "ambiguous-move"),
            "{name}"
        );
        assert_eq!(
            count(&after, "illegal-move"),
            count(&before, "illegal-move"),
            "{name}"
        );
        if minimal.stdout.len() < full.stdout.len() {
            shorter += 1;
        }
    }
    assert!(
        shorter > 0,
        "minimal writes fewer squares than full somewhere"
    );
}

#[test]
fn check_passes_on_its_own_output_and_names_the_first_game_and_line_otherwise() {
    let dir = scratch("check");
    let formatted = boardctl(&["fmt", RUSSIAN]);
    let file = dir.join("canonical.pdn");
    std::fs::write(&file, &formatted.stdout).unwrap();
    let ok = boardctl(&["fmt", "--check", file.to_str().unwrap()]);
    assert_eq!(ok.status.code(), Some(0), "{}", stderr(&ok));
    assert!(
        ok.stdout.is_empty(),
        "--check writes nothing to standard output"
    );
    let original = boardctl(&["fmt", "--check", RUSSIAN, file.to_str().unwrap()]);
    assert_eq!(original.status.code(), Some(1));
    let err = stderr(&original);
    assert!(
        err.contains("russian-games.pdn: game 1, line 1: not in canonical form"),
        "{err}"
    );
    assert_eq!(err.matches("not in canonical form").count(), 1, "{err}");
    // `--check` never writes the file.
    assert_eq!(
        std::fs::read(workspace().join(RUSSIAN)).unwrap(),
        std::fs::read(workspace().join(RUSSIAN)).unwrap()
    );
}

#[test]
fn standard_input_goes_to_standard_output() {
    let input = b"[Result \"1-0\"]\n[Event \"x\\\"y\"]\n[GameType \"25\"]\n1.c3-d4 {a  comment} d6-e5 $3 2. b2-c3! 1-0\n";
    let out = boardctl_stdin(&["fmt", "-"], input);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "[Event \"x\\\"y\"]\n[Result \"1-0\"]\n[GameType \"25\"]\n\n1. c3-d4 {a  comment} 1... d6-e5 $3 2. b2-c3! 1-0\n"
    );
    let check = boardctl_stdin(&["fmt", "--check", "-"], &out.stdout);
    assert_eq!(check.status.code(), Some(0));
}

#[test]
fn a_game_that_starts_with_black_to_move_numbers_its_first_move_with_dots() {
    let input = b"[GameType \"25\"]\n[FEN \"B:Wc3:Bf6,h8\"]\n5. f6-e5 c3-d4 *\n";
    let out = boardctl_stdin(&["fmt", "-"], input);
    assert_eq!(
        stdout(&out),
        "[GameType \"25\"]\n[FEN \"B:Wc3:Bf6,h8\"]\n\n5... f6-e5 6. c3-d4 *\n"
    );
}

#[test]
fn a_result_token_that_contradicts_the_tag_is_kept_with_the_tag_and_warned() {
    let input = b"[Result \"0-1\"]\n[GameType \"25\"]\n1. c3-d4 1/2-1/2\n";
    let out = boardctl_stdin(&["fmt", "-"], input);
    assert_eq!(out.status.code(), Some(0));
    assert!(stdout(&out).ends_with("1. c3-d4 1/2-1/2\n"));
    assert!(stdout(&out).contains("[Result \"0-1\"]"));
    assert!(stderr(&out).contains("but its Result tag says 0-1: both kept"));
    // A Result tag alone gives the result token.
    let out = boardctl_stdin(
        &["fmt", "-"],
        b"[Result \"1-0\"]\n[GameType \"25\"]\n1. c3-d4\n",
    );
    assert!(stdout(&out).ends_with("1. c3-d4 1-0\n"), "{}", stdout(&out));
}

const BAD: &[u8] = b"[Event \"a\"]\n[GameType \"25\"]\n1. c3-d4   d6-e5 2. c3-b4 {here}   f6-g5 *\n\n[Event   \"b\"]\n[GameType \"25\"]\n1.  c3-d4 *\n";

#[test]
fn a_bad_move_keeps_the_rest_of_its_game_as_written_and_strict_refuses_the_file() {
    let out = boardctl_stdin(&["fmt", "-"], BAD);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "[Event \"a\"]\n[GameType \"25\"]\n\n1. c3-d4 d6-e5 2. c3-b4 {here}   f6-g5 *\n\n[Event \"b\"]\n[GameType \"25\"]\n\n1. c3-d4 *\n"
    );
    let err = stderr(&out);
    assert!(
        err.contains("game 1, line 3: illegal move 2. c3-b4") && err.contains("kept as written"),
        "{err}"
    );
    let strict = boardctl_stdin(&["fmt", "--strict", "-"], BAD);
    assert_eq!(strict.status.code(), Some(1));
    assert!(strict.stdout.is_empty());
    assert!(stderr(&strict).contains("--strict"), "{}", stderr(&strict));
}

fn fmt_args(args: &[&str]) -> boardctl::cli::FmtArgs {
    let mut all = vec!["boardctl", "fmt"];
    all.extend_from_slice(args);
    match Cli::parse_from(all).command {
        Sub::Fmt(a) => a,
        _ => unreachable!(),
    }
}

/// Runs `fmt` in-process on one file with a hook before the rename.
fn fmt_with_hook(path: &Path, args: &[&str], hook: &dyn Fn()) -> (FileStatus, String) {
    let args = fmt_args(args);
    let settings = Settings {
        style: args.style(),
        strict: args.strict,
        to: args.to,
        encoding: args.encoding,
        fix: args.fix,
    };
    let mut cache = RulesCache::new(None).unwrap();
    let mut out = Vec::new();
    let mut err = Vec::new();
    let status = fmt_file(path, &args, &settings, &mut cache, &mut out, &mut err, hook).unwrap();
    (status, String::from_utf8_lossy(&err).into_owned())
}

#[test]
fn write_rewrites_in_place_and_then_has_nothing_to_do() {
    let dir = scratch("write");
    let file = dir.join("games.pdn");
    std::fs::copy(workspace().join(RUSSIAN), &file).unwrap();
    let expected = stdout(&boardctl(&["fmt", RUSSIAN]));
    let out = boardctl(&["fmt", "--write", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    assert_eq!(std::fs::read_to_string(&file).unwrap(), expected);
    let again = boardctl(&["fmt", "--check", file.to_str().unwrap()]);
    assert_eq!(again.status.code(), Some(0));
    // No temporary file is left behind.
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
}

#[test]
fn write_on_a_read_only_file_changes_nothing() {
    let dir = scratch("readonly");
    let file = dir.join("games.pdn");
    std::fs::copy(workspace().join(RUSSIAN), &file).unwrap();
    let mut perms = std::fs::metadata(&file).unwrap().permissions();
    perms.set_readonly(true);
    std::fs::set_permissions(&file, perms).unwrap();
    let out = boardctl(&["fmt", "--write", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("read-only"), "{}", stderr(&out));
    assert_eq!(
        std::fs::read(&file).unwrap(),
        std::fs::read(workspace().join(RUSSIAN)).unwrap()
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
}

#[test]
fn write_on_a_file_that_vanishes_before_the_rename_loses_nothing() {
    let dir = scratch("vanish");
    let file = dir.join("games.pdn");
    let original = std::fs::read(workspace().join(RUSSIAN)).unwrap();
    std::fs::write(&file, &original).unwrap();
    let moved = dir.join("moved.pdn");
    let (status, err) = fmt_with_hook(&file, &["--write", "x"], &|| {
        std::fs::rename(&file, &moved).unwrap();
    });
    assert_eq!(status, FileStatus::Failed);
    assert!(err.contains("vanished"), "{err}");
    // The original (moved away by someone else) is intact and fmt did not
    // recreate the file or leave its temporary file.
    assert_eq!(std::fs::read(&moved).unwrap(), original);
    assert!(!file.exists());
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
}

#[test]
fn write_when_the_temporary_file_cannot_be_created_loses_nothing() {
    let dir = scratch("notemp");
    let file = dir.join("games.pdn");
    let original = std::fs::read(workspace().join(RUSSIAN)).unwrap();
    std::fs::write(&file, &original).unwrap();
    // Something already stands where the temporary file would go (as a
    // directory that cannot be written would refuse it).
    let blocker = dir.join(temp_name("games.pdn"));
    std::fs::create_dir(&blocker).unwrap();
    let (status, err) = fmt_with_hook(&file, &["--write", "x"], &|| {});
    assert_eq!(status, FileStatus::Failed);
    assert!(err.contains("cannot write the temporary file"), "{err}");
    assert_eq!(std::fs::read(&file).unwrap(), original);
    assert!(blocker.is_dir());
}

#[test]
fn write_on_a_file_with_a_syntax_error_loses_nothing() {
    let dir = scratch("syntax");
    let file = dir.join("games.pdn");
    // An unclosed comment and an unmatched `)` in the first game, a good
    // second game.
    let text = b"[Event \"a\"]\n[GameType \"25\"]\n1. c3-d4 ) d6-e5 {never closed\n\n[Event  \"b\"]\n[GameType \"25\"]\n1.  c3-d4 *\n";
    std::fs::write(&file, text).unwrap();
    let out = boardctl(&["fmt", "--write", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).contains("kept as written"), "{}", stderr(&out));
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(
        written.starts_with("[Event \"a\"]\n[GameType \"25\"]\n1. c3-d4 ) d6-e5 {never closed\n"),
        "{written}"
    );
    assert!(written.ends_with("[Event \"b\"]\n[GameType \"25\"]\n\n1. c3-d4 *\n"));
    // Strict: the file is refused and stays as it was.
    std::fs::write(&file, text).unwrap();
    let strict = boardctl(&["fmt", "--write", "--strict", file.to_str().unwrap()]);
    assert_eq!(strict.status.code(), Some(1));
    assert_eq!(std::fs::read(&file).unwrap(), text);
}

#[test]
fn morris_removals_can_be_tokens_of_their_own() {
    let dir = workspace().join("tests/data");
    let mut found = None;
    for entry in walkdir(&dir) {
        let text = std::fs::read_to_string(&entry).unwrap_or_default();
        if text.contains("morris/") && text.contains('x') {
            found = Some(entry);
            break;
        }
    }
    let file = found.expect("a morris record with a removal");
    let joined = stdout(&boardctl(&["fmt", file.to_str().unwrap()]));
    let separate = stdout(&boardctl(&[
        "fmt",
        "--removal",
        "separate",
        file.to_str().unwrap(),
    ]));
    assert_ne!(joined, separate);
    assert!(separate.contains(" x"), "{separate}");
    let dir = scratch("removal");
    let back_file = dir.join("separate.pdn");
    std::fs::write(&back_file, &separate).unwrap();
    let back = stdout(&boardctl(&["fmt", back_file.to_str().unwrap()]));
    assert_eq!(back, joined);
}

fn walkdir(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walkdir(&path));
        } else if path.extension().is_some_and(|e| e == "pdn") {
            out.push(path);
        }
    }
    out.sort();
    out
}

/// The JSON Schema's type names, checked by hand: `required` keys present,
/// `type` (a name or a list of names) matched, `items` and `properties`
/// followed.
fn validate(value: &serde_json::Value, schema: &serde_json::Value, path: &str) {
    use serde_json::Value;
    if let Some(t) = schema.get("type") {
        let types: Vec<&str> = match t {
            Value::String(s) => vec![s.as_str()],
            Value::Array(a) => a.iter().map(|x| x.as_str().unwrap()).collect(),
            _ => panic!("bad schema type at {path}"),
        };
        let ok = types.iter().any(|t| match *t {
            "object" => value.is_object(),
            "array" => value.is_array(),
            "string" => value.is_string(),
            "integer" => value.is_u64() || value.is_i64(),
            "null" => value.is_null(),
            other => panic!("type {other} not handled"),
        });
        assert!(ok, "{path}: {value} is not {types:?}");
    }
    if let (Some(required), Some(obj)) = (schema.get("required"), value.as_object()) {
        for key in required.as_array().unwrap() {
            let key = key.as_str().unwrap();
            assert!(obj.contains_key(key), "{path}: `{key}` is missing");
        }
    }
    if let (Some(props), Some(obj)) = (schema.get("properties"), value.as_object()) {
        for (key, sub) in props.as_object().unwrap() {
            if let Some(v) = obj.get(key) {
                validate(v, sub, &format!("{path}.{key}"));
            }
        }
        if schema.get("additionalProperties") == Some(&Value::Bool(false)) {
            for key in obj.keys() {
                assert!(
                    props.get(key).is_some(),
                    "{path}: `{key}` is not in the schema"
                );
            }
        }
    }
    if let (Some(Value::Object(_)), Some(obj)) =
        (schema.get("additionalProperties"), value.as_object())
    {
        for (key, v) in obj {
            validate(v, &schema["additionalProperties"], &format!("{path}.{key}"));
        }
    }
    if let (Some(items), Some(arr)) = (schema.get("items"), value.as_array()) {
        for (i, v) in arr.iter().enumerate() {
            validate(v, items, &format!("{path}[{i}]"));
        }
    }
}

#[test]
fn json_output_follows_its_documented_schema() {
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(workspace().join("docs/fmt.schema.json")).unwrap(),
    )
    .unwrap();
    let mut files = vec![workspace().join(RUSSIAN)];
    files.extend(walkdir(&workspace().join("tests/data/records")));
    let mut plies = 0;
    for file in files {
        let out = boardctl(&["fmt", "--to", "json", file.to_str().unwrap()]);
        for line in stdout(&out).lines() {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            validate(&value, &schema, &file.display().to_string());
            plies += value["plies"].as_array().unwrap().len();
        }
    }
    assert!(plies > 200);
    // A capture names its landings and the pieces taken.
    let out = stdout(&boardctl(&["fmt", "--to", "json", RUSSIAN]));
    let game: serde_json::Value = serde_json::from_str(out.lines().next().unwrap()).unwrap();
    let capture = game["plies"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["move"] == "c5:e3:g5")
        .unwrap();
    assert_eq!(capture["from"], "c5");
    assert_eq!(capture["landings"], serde_json::json!(["e3", "g5"]));
    assert_eq!(capture["captured"], serde_json::json!(["d4", "f4"]));
}
