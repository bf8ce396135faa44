//! The benchmark tools of `tests/bench` (docs/performance.md) refuse bad
//! arguments with a message that says what is wrong, before they build or
//! measure anything; `make_russian_file.sh` writes the copies asked for.

mod common;
use common::scratch;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn tool(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/bench")
        .join(name)
}

fn run(program: &str, script: &str, args: &[&str], tmp: Option<&Path>) -> Output {
    let mut command = Command::new(program);
    command.arg(tool(script)).args(args);
    if let Some(tmp) = tmp {
        command.env("TMPDIR", tmp);
    }
    command
        .output()
        .unwrap_or_else(|e| panic!("{program} {script}: {e}"))
}

/// The run failed and its error output says `says`.
fn refused(out: &Output, says: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "accepted; stderr: {err}");
    assert!(err.contains(says), "expected `{says}` in: {err}");
}

#[test]
fn make_russian_file_refuses_bad_arguments_and_writes_the_copies_asked_for() {
    let dir = scratch("make");
    let out = dir.join("games.pdn");
    let path = out.to_str().expect("a UTF-8 path");
    refused(&run("sh", "make_russian_file.sh", &[], None), "usage");
    for copies in ["abc", "0", "-3", "2x", ""] {
        refused(
            &run("sh", "make_russian_file.sh", &[path, copies], None),
            "COPIES is a whole number of at least 1",
        );
        assert!(!out.exists(), "{copies:?} left a file");
    }
    refused(
        &run(
            "sh",
            "make_russian_file.sh",
            &["/nonexistent-dir/x.pdn", "1"],
            None,
        ),
        "/nonexistent-dir/x.pdn",
    );

    let made = run("sh", "make_russian_file.sh", &[path, "2"], None);
    assert!(made.status.success(), "{made:?}");
    let text = std::fs::read_to_string(&out).expect("the file written");
    // The 153 games of the corpus file, twice, each with a GameType tag
    // for its start position.
    assert_eq!(text.matches("[Event ").count(), 306);
    assert_eq!(text.matches("[GameType \"25\"]").count(), 306);
    assert!(!text.contains("[FEN "));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn speed_sh_refuses_bad_arguments_before_building() {
    let empty = scratch("speed");
    let anchor = empty.to_str().expect("a UTF-8 path");
    let boardctl = env!("CARGO_BIN_EXE_boardctl");
    refused(&run("bash", "speed.sh", &[], None), "usage: speed.sh");
    refused(
        &run("bash", "speed.sh", &["/nonexistent/boardctl", anchor], None),
        "`/nonexistent/boardctl` is not a program to run",
    );
    refused(
        &run("bash", "speed.sh", &[boardctl, anchor, "fast"], None),
        "instructions, time or all, not `fast`",
    );
    refused(
        &run("bash", "speed.sh", &[boardctl, anchor], None),
        "holds no ./perft",
    );
    let _ = std::fs::remove_dir_all(&empty);
}

#[test]
fn interleaved_py_refuses_bad_arguments_and_missing_archives() {
    let empty = scratch("interleaved");
    let tmp = Some(empty.as_path());
    let boardctl = env!("CARGO_BIN_EXE_boardctl");
    let anchor = empty.to_str().expect("a UTF-8 path");
    let rounds = "ROUNDS must be a whole number of at least 1";
    let missing = "/nonexistent/old is not a program to run";
    let cases: &[(&[&str], &str)] = &[
        (&[], "ANCHOR_DIR"),
        (&[boardctl, anchor, "0"], rounds),
        (&[boardctl, anchor, "many"], rounds),
        (&[boardctl, anchor, "-1"], rounds),
        (&[boardctl, anchor], "perft is not a program to run"),
        (&["check", boardctl, "/nonexistent/old"], missing),
        (
            &["check", boardctl, boardctl],
            "russian-10k.pdn is missing: speed.sh makes it",
        ),
        (&["startup", anchor], "ANCHOR_DIR"),
        (&["startup", anchor, boardctl, "/nonexistent/old"], missing),
        (&["startup", anchor, boardctl, "many"], rounds),
        (
            &["startup", anchor, boardctl],
            "perft is not a program to run",
        ),
    ];
    for (args, says) in cases {
        refused(&run("python3", "interleaved.py", args, tmp), says);
    }
    let _ = std::fs::remove_dir_all(&empty);
}

/// A program that runs and fails stops the measurement with its command
/// and error output, not a Python traceback.
#[cfg(unix)]
#[test]
fn interleaved_py_stops_naming_a_program_that_fails() {
    use std::os::unix::fs::PermissionsExt;
    let anchor_dir = scratch("interleaved-fails");
    let anchor = anchor_dir.to_str().expect("a UTF-8 path");
    let failing = anchor_dir.join("perft");
    std::fs::write(&failing, "#!/bin/sh\necho 'no such depth' >&2\nexit 3\n").expect("written");
    std::fs::set_permissions(&failing, std::fs::Permissions::from_mode(0o755))
        .expect("made runnable");
    let boardctl = env!("CARGO_BIN_EXE_boardctl");
    refused(
        &run(
            "python3",
            "interleaved.py",
            &["startup", anchor, boardctl, "2"],
            None,
        ),
        "perft 1 --scalar` failed (exit status 3): no such depth",
    );
    let _ = std::fs::remove_dir_all(&anchor_dir);
}
