//! Snapshots of what a person sees: the help of every subcommand, the list of
//! profiles, and `check` on the bundled valid and invalid examples (exit
//! code, stdout and stderr).
#![allow(clippy::unwrap_used)] // a failing snapshot test should fail loudly

use insta_cmd::{assert_cmd_snapshot, get_cargo_bin};
use std::process::Command;

fn boardctl() -> Command {
    let mut cmd = Command::new(get_cargo_bin("boardctl"));
    cmd.current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    cmd.env("NO_COLOR", "1");
    cmd.env("COLUMNS", "100");
    cmd
}

#[test]
fn help_of_every_subcommand() {
    for sub in [
        &[][..],
        &["profiles"],
        &["profiles", "list"],
        &["profiles", "show"],
        &["validate"],
        &["moves"],
        &["perft"],
        &["check"],
        &["replay"],
        &["diagram"],
        &["fmt"],
        &["serve"],
    ] {
        let name = if sub.is_empty() {
            "boardctl".to_string()
        } else {
            sub.join("-")
        };
        assert_cmd_snapshot!(format!("help-{name}"), boardctl().args(sub).arg("--help"));
    }
}

#[test]
fn profiles_list() {
    assert_cmd_snapshot!(boardctl().args(["profiles", "list"]));
}

/// Runs `boardctl check` and renders exit code, stdout and stderr, with the
/// elapsed time of the summary line replaced (it differs from run to run).
fn check_output(args: &[&str]) -> String {
    let out = boardctl().arg("check").args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr)
        .lines()
        .map(|l| match l.rfind(" in ") {
            Some(i) if l.starts_with("checked ") && l.ends_with(" s") => {
                format!("{} in [time] s", &l[..i])
            }
            _ => l.to_string(),
        })
        .collect::<Vec<_>>()
        .join("\n");
    format!(
        "exit code: {}\n----- stdout -----\n{}----- stderr -----\n{stderr}\n",
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout)
    )
}

/// Snapshots `check` on each file as `check-<kind>-<folder>-<stem>`.
fn snapshot_check(kind: &str, files: &[&str]) {
    for file in files {
        let mut parts = file.rsplit('/');
        let stem = parts.next().unwrap().trim_end_matches(".pdn");
        let folder = parts.next().unwrap();
        insta::assert_snapshot!(
            format!("check-{kind}-{folder}-{stem}"),
            check_output(&[file])
        );
    }
}

#[test]
fn check_on_the_bundled_valid_examples() {
    snapshot_check(
        "valid",
        &[
            "tests/data/records/russian-draughts/family-games.pdn",
            "tests/data/records/morris/cheng-san-game.pdn",
            "tests/data/records/alquerque/seed-game.pdn",
            "tests/data/records/lingqi/valid-games.pdn",
        ],
    );
}

#[test]
fn check_on_the_bundled_invalid_examples() {
    snapshot_check(
        "invalid",
        &[
            "tests/data/examples/russian-games.pdn",
            "tests/data/records/russian-draughts/illegal-moves.pdn",
            "tests/data/records/morris/illegal-moves.pdn",
            "tests/data/records/alquerque/illegal-moves.pdn",
            "tests/data/records/lingqi/invalid-setups.pdn",
        ],
    );
}
