//! "Did you mean" (issue 16): `check`'s help line and `fmt --fix`, for
//! each kind of slip; nothing offered when two legal moves fit; the
//! verdict of `check` and the output of `fmt` without `--fix` unchanged.

#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::process::{Command, Output};

fn file(name: &str, text: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardctl-dym-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn boardctl(args: &[&str], path: &PathBuf) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardctl"))
        .args(args)
        .arg(path)
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// One game per kind: its text, the help `check` gives, the fix `fmt
/// --fix` lists and the movetext it writes.
const CASES: [(&str, &str, &str, &str, &str); 4] = [
    (
        "swapped",
        "[GameType \"25\"]\n\n1. d4-c3 f6-g5 *\n",
        "did you mean c3-d4? (the two squares swapped)",
        ":3:4: fixed 1. d4-c3 -> c3-d4 (the two squares swapped)",
        "1. c3-d4 f6-g5 *",
    ),
    (
        "intermediate",
        "[GameType \"25\"]\n[FEN \"W:Wc3:Bd4,f6,h8\"]\n\n1. c3:d4:g7 *\n",
        "did you mean c3:e5:g7? (a wrong intermediate square)",
        ":4:4: fixed 1. c3:d4:g7 -> c3:e5:g7 (a wrong intermediate square)",
        "1. c3:e5:g7 *",
    ),
    (
        "separator",
        "[GameType \"25\"]\n[FEN \"W:Wc3:Bd4,h8\"]\n\n1. c3–e5 *\n",
        "did you mean c3:e5? (a capture written with `–`, which is no separator)",
        ":4:4: fixed 1. c3–e5 -> c3:e5 (a capture written with `–`, which is no separator)",
        "1. c3:e5 *",
    ),
    (
        "numbering",
        "[GameType \"25\"]\n\n1. 12-16 21-17 2. 16-20 *\n",
        "did you mean g3-h4? (squares numbered 1 = a1 … 32 = h8 as some programs do, not 1 = b8 … 32 = g1 as PDN does; the whole game seems to use that numbering)",
        ":3:4: fixed 1. 12-16 -> g3-h4 (squares numbered 1 = a1 … 32 = h8 as some programs do, not 1 = b8 … 32 = g1 as PDN does; the whole game seems to use that numbering); 2 more moves of the game read in it",
        "1. g3-h4 b6-a5 2. h4-g5 *",
    ),
];

#[test]
fn check_says_did_you_mean_in_the_help_and_keeps_the_error() {
    for (name, record, help, _, _) in CASES {
        let path = file(&format!("{name}.pdn"), record);
        let out = boardctl(&["check"], &path);
        let stdout = text(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(1),
            "{name}: still an error\n{stdout}"
        );
        assert!(
            stdout.contains(&format!("= help: {help}\n")),
            "{name}:\n{stdout}"
        );
    }
}

#[test]
fn fmt_fix_writes_the_move_meant_and_lists_each_fix() {
    for (name, record, _, fix, movetext) in CASES {
        let path = file(&format!("fix-{name}.pdn"), record);
        let out = boardctl(&["fmt", "--fix"], &path);
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert!(
            stdout.ends_with(&format!("\n{movetext}\n")),
            "{name}:\n{stdout}"
        );
        assert_eq!(
            stderr,
            format!("{}{fix}\n", path.display()),
            "{name}: one line per fix"
        );
        // Without --fix nothing changes: the game is kept as written.
        let plain = boardctl(&["fmt"], &path);
        let kept = record.split("\n\n").nth(1).unwrap();
        assert!(text(&plain.stdout).ends_with(kept), "{name}");
        assert!(text(&plain.stderr).contains("`--fix` writes it"), "{name}");
    }
}

#[test]
fn another_numbering_is_said_once_per_game() {
    let path = file(
        "numbering-variations.pdn",
        "[GameType \"25\"]\n\n1. 12-16 (1. 11-15) (1. 10-14) *\n",
    );
    let out = boardctl(&["check"], &path);
    let stdout = text(&out.stdout);
    assert_eq!(stdout.matches("did you mean").count(), 1, "{stdout}");
    assert_eq!(stdout.matches("illegal move").count(), 3, "{stdout}");
}

#[test]
fn nothing_is_offered_when_two_legal_moves_fit() {
    // `9-5`: swapped in PDN it is a7-b6, read from White's side a3-b2.
    let path = file(
        "two.pdn",
        "[GameType \"25\"]\n[FEN \"B:Wa1,c1,e1,g1,d2,f2,h2,c3,e3,g3,d4:Ba3,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8\"]\n\n1... 9-5 *\n",
    );
    let out = boardctl(&["check"], &path);
    assert!(!text(&out.stdout).contains("did you mean"));
    let fixed = boardctl(&["fmt", "--fix"], &path);
    assert!(text(&fixed.stdout).ends_with("1... 9-5 *\n"));
    assert!(!text(&fixed.stderr).contains("fixed"));
}
