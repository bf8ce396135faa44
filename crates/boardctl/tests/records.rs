//! Data-driven test of `boardctl check`: every `NAME.pdn` under
//! `tests/data/records/` (each must have a `NAME.expect`), and every
//! `NAME.pdn` under `tests/data/corpus/` and `tests/data/examples/` that has
//! one, is checked with `--format json`; the findings, one per line as
//! `LINE:COLUMN SEVERITY CODE` in file order, must equal the `.expect` file.
//!
//! A file with no game gives `1:1 warning no-games` and exits 1.
//!
//! `NAME.args` holds extra command-line arguments (e.g. `--rules
//! russian-draughts/russian` for files without a `GameType` tag). A file
//! can be checked more than once: `NAME.VARIANT.expect` with
//! `NAME.VARIANT.args` (e.g. Czech games under Russian rules).

use std::path::{Path, PathBuf};
use std::process::Command;

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else {
            out.push(path);
        }
    }
}

/// One run: the record, its expectation, its extra arguments.
struct Case {
    pdn: PathBuf,
    expect: PathBuf,
    args: Vec<String>,
}

fn cases() -> Vec<Case> {
    let root = workspace().join("tests/data");
    let mut files = Vec::new();
    for dir in ["records", "corpus", "examples"] {
        walk(&root.join(dir), &mut files);
    }
    files.sort();
    let mut cases = Vec::new();
    for pdn in files
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "pdn"))
    {
        let stem = pdn
            .file_stem()
            .and_then(|s| s.to_str())
            .expect("file names are UTF-8");
        let dir = pdn.parent().expect("a file has a folder");
        let mut found = false;
        for expect in files.iter().filter(|f| {
            f.parent() == Some(dir)
                && f.extension().is_some_and(|e| e == "expect")
                && f.file_stem().and_then(|s| s.to_str()).is_some_and(|s| {
                    s == stem || s.strip_prefix(stem).is_some_and(|v| v.starts_with('.'))
                })
        }) {
            found = true;
            let args_file = expect.with_extension("args");
            let args = std::fs::read_to_string(&args_file)
                .map(|t| t.split_whitespace().map(str::to_string).collect())
                .unwrap_or_default();
            cases.push(Case {
                pdn: pdn.clone(),
                expect: expect.clone(),
                args,
            });
        }
        let in_records = pdn.starts_with(root.join("records"));
        assert!(
            found || !in_records,
            "{} has no .expect file next to it",
            pdn.display()
        );
    }
    cases
}

/// `LINE:COLUMN SEVERITY CODE` lines of `check --format json`, and the
/// exit code.
fn findings(case: &Case) -> (Vec<String>, Option<i32>) {
    let output = Command::new(env!("CARGO_BIN_EXE_boardctl"))
        .arg("check")
        .arg("--format")
        .arg("json")
        .args(&case.args)
        .arg(&case.pdn)
        .output()
        .expect("boardctl runs");
    let stdout = String::from_utf8(output.stdout).expect("JSON output is UTF-8");
    let lines = stdout
        .lines()
        .map(|line| serde_json::from_str(line).expect("one JSON object per line"))
        // A game's result object (`{"file":…,"game":N,"result":…}`) is no
        // finding.
        .filter(|v: &serde_json::Value| v.get("code").is_some())
        .map(|v| {
            format!(
                "{}:{} {} {}",
                v["line"],
                v["column"],
                v["severity"].as_str().expect("severity is a string"),
                v["code"].as_str().expect("code is a string")
            )
        })
        .collect();
    (lines, output.status.code())
}

#[test]
fn check_reports_exactly_what_each_expect_file_lists() {
    let cases = cases();
    assert!(!cases.is_empty(), "no record with an .expect file found");
    let mut failures = Vec::new();
    for case in &cases {
        let expected: Vec<String> = std::fs::read_to_string(&case.expect)
            .expect("readable .expect")
            .lines()
            .map(|l| l.trim().to_string())
            .filter(|l| !l.is_empty())
            .collect();
        let (found, code) = findings(case);
        // An error, or a file with no game (`no-games`: nothing checked),
        // exits 1.
        let want_code = if expected
            .iter()
            .any(|l| l.contains(" error ") || l.ends_with(" no-games"))
        {
            1
        } else {
            0
        };
        if found != expected || code != Some(want_code) {
            failures.push(format!(
                "{} (expect {}): exit {code:?} (want {want_code})\n  expected: {expected:?}\n  found:    {found:?}",
                case.pdn.display(),
                case.expect.display()
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
