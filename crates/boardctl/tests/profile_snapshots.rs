//! One snapshot per rule profile under `rules/`: settings, board, start
//! position (diagram and FEN), legal moves from the start and perft to a
//! node budget. A released profile version must never change behaviour, so
//! a changed snapshot fails with the instruction to add a new version.
//!
//! Run through `cargo xtask snapshots` (`--update` to accept).
#![allow(clippy::unwrap_used)] // a failing snapshot test should fail loudly

use std::path::{Path, PathBuf};
use std::process::Command;

/// Perft depths are added while the count stays within this many leaves
/// (deterministic, unlike a time limit; well under a second in debug).
const PERFT_BUDGET: u64 = 50_000;

fn boardctl(args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_boardctl"))
        .args(args)
        .output()
        .expect("boardctl runs");
    assert!(
        out.status.success(),
        "boardctl {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("UTF-8 output")
}

/// The snapshot text of one profile file.
fn snapshot_text(path: &Path) -> String {
    let file = path.to_str().expect("UTF-8 path");
    let mut text = boardctl(&["profiles", "show", "--rules-file", file]);
    text.push_str("legal moves from the start:\n");
    for line in boardctl(&["moves", "--rules-file", file]).lines() {
        text.push_str("  ");
        text.push_str(line);
        text.push('\n');
    }
    text.push_str(&format!(
        "perft from the start (leaves up to {PERFT_BUDGET}):\n"
    ));
    let mut previous = 1u64;
    for depth in 1.. {
        let json = boardctl(&["perft", "--rules-file", file, "--json", &depth.to_string()]);
        let v: serde_json::Value = serde_json::from_str(&json).expect("perft JSON");
        let nodes = v["depths"][depth as usize - 1]["nodes"]
            .as_u64()
            .expect("count");
        if nodes > PERFT_BUDGET {
            break;
        }
        text.push_str(&format!("  {depth}\t{nodes}\n"));
        let estimate = nodes.saturating_mul(nodes.max(1)) / previous.max(1);
        if nodes == 0 || estimate > PERFT_BUDGET {
            break;
        }
        previous = nodes;
    }
    text
}

/// The version guard: what to say when a released profile's snapshot
/// changes.
fn version_message(path: &Path) -> String {
    let name = path.file_name().unwrap().to_string_lossy().into_owned();
    let (stem, version) = name
        .strip_suffix(".toml")
        .and_then(|s| s.rsplit_once(".v"))
        .and_then(|(stem, v)| Some((stem.to_string(), v.parse::<u32>().ok()?)))
        .unwrap_or((name.clone(), 0));
    format!(
        "the behaviour of the released profile `{name}` changed. A released version never \
         changes: restore `{name}` and add `{stem}.v{}.toml` with the new rules instead \
         (then accept its snapshot with `cargo xtask snapshots --update`).",
        version + 1
    )
}

fn rules_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../rules")
        .canonicalize()
        .unwrap()
}

/// The body of the committed snapshot of the profile at `rules/<relative>`.
fn committed_snapshot(relative: &Path) -> Option<String> {
    let name = format!(
        "profile_snapshots__snapshot@{}.snap",
        relative.to_string_lossy().replace(['/', '\\'], "__")
    );
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/snapshots")
        .join(name);
    let text = std::fs::read_to_string(path).ok()?;
    Some(text.splitn(3, "---\n").nth(2).unwrap_or("").to_string())
}

/// The version guard: a profile's snapshot text against the committed
/// snapshot of the released profile at `rules/<relative>`.
fn version_guard(relative: &Path, text: &str) -> Result<(), String> {
    match committed_snapshot(relative) {
        Some(old) if old.trim_end() != text.trim_end() => Err(version_message(relative)),
        _ => Ok(()),
    }
}

#[test]
fn every_profile_matches_its_snapshot() {
    insta::glob!("../../../rules", "**/*.toml", |path| {
        let text = snapshot_text(path);
        let relative = path.strip_prefix(rules_dir()).unwrap_or(path);
        if let Err(message) = version_guard(relative, &text) {
            eprintln!("error: {message}");
        }
        insta::with_settings!({ description => version_message(path), omit_expression => true }, {
            insta::assert_snapshot!("snapshot", text);
        });
    });
}

#[test]
fn version_guard_fires_on_an_edited_released_profile() {
    let relative = Path::new("morris/cheng-san.v1.toml");
    let original = std::fs::read_to_string(rules_dir().join(relative)).unwrap();
    let dir = std::env::temp_dir().join(format!("boardctl-guard-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let copy = dir.join("cheng-san.v1.toml");

    std::fs::write(&copy, &original).unwrap();
    assert_eq!(version_guard(relative, &snapshot_text(&copy)), Ok(()));

    let edited = original.replace("mill-protection = \"strict\"", "mill-protection = \"none\"");
    assert_ne!(
        edited, original,
        "the profile has the switch this test edits"
    );
    std::fs::write(&copy, &edited).unwrap();
    let message = version_guard(relative, &snapshot_text(&copy)).unwrap_err();
    assert!(message.contains("add `cheng-san.v2.toml`"), "{message}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The profile text with every multi-word key in the snake_case spelling
/// profiles used before keys became kebab-case.
fn old_spelling(text: &str) -> String {
    text.lines()
        .map(|line| match line.split_once(" = ") {
            Some((key, value)) if key.contains('-') && !key.starts_with('#') => {
                format!("{} = {value}\n", key.replace('-', "_"))
            }
            _ => format!("{line}\n"),
        })
        .collect()
}

#[test]
fn version_guard_passes_a_pure_spelling_change() {
    for relative in [
        "morris/cheng-san.v1.toml",
        "alquerque/covarrubias.v1.toml",
        "lingqi/lingqi.v1.toml",
    ] {
        let relative = Path::new(relative);
        let original = std::fs::read_to_string(rules_dir().join(relative)).unwrap();
        let respelled = old_spelling(&original);
        assert_ne!(respelled, original, "{relative:?} has multi-word keys");
        let dir = std::env::temp_dir().join(format!(
            "boardctl-spelling-{}-{}",
            std::process::id(),
            relative.file_stem().unwrap().to_string_lossy()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        let copy = dir.join(relative.file_name().unwrap());
        std::fs::write(&copy, &respelled).unwrap();
        assert_eq!(
            version_guard(relative, &snapshot_text(&copy)),
            Ok(()),
            "{relative:?} with snake_case keys behaves differently"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}

#[test]
fn version_guard_names_the_next_version() {
    let msg = version_message(Path::new("rules/morris/cheng-san.v1.toml"));
    assert!(msg.contains("add `cheng-san.v2.toml`"), "{msg}");
    assert!(msg.contains("restore `cheng-san.v1.toml`"), "{msg}");
}
