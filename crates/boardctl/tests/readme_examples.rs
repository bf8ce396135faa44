//! The examples of the top-level README are true: every ```text block that
//! starts with `$ boardctl …` is run, and its output compared with what the
//! block shows (line for line; a block with `…` shows a shortened output,
//! whose lines must appear in that order). Timings are masked.

use std::path::Path;
use std::process::Command;

/// One example: the command's arguments and the lines the README shows.
struct Example {
    args: Vec<String>,
    lines: Vec<String>,
}

/// The `$ boardctl …` examples of a Markdown text.
fn examples(markdown: &str) -> Vec<Example> {
    let mut out = Vec::new();
    let mut in_block = false;
    let mut current: Option<Example> = None;
    for line in markdown.lines() {
        if line.starts_with("```") {
            in_block = !in_block && line == "```text";
            out.extend(current.take());
            continue;
        }
        if !in_block {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ boardctl ") {
            out.extend(current.take());
            current = Some(Example {
                args: command.split_whitespace().map(str::to_string).collect(),
                lines: Vec::new(),
            });
        } else if let Some(example) = current.as_mut() {
            example.lines.push(line.trim_end().to_string());
        }
    }
    out
}

/// `in 0.01 s` → `in [time] s`.
fn mask_time(line: &str) -> String {
    match line.rfind(" in ") {
        Some(at) if line.ends_with(" s") && line.starts_with("checked ") => {
            format!("{} in [time] s", &line[..at])
        }
        _ => line.to_string(),
    }
}

#[test]
fn every_readme_example_shows_what_the_command_prints() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let examples = examples(&readme);
    assert!(
        examples.len() >= 6,
        "the README shows an example per command"
    );
    for example in examples {
        let output = Command::new(env!("CARGO_BIN_EXE_boardctl"))
            .args(&example.args)
            .current_dir(&root)
            .output()
            .expect("boardctl runs");
        let text = String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr);
        let actual: Vec<String> = text
            .lines()
            .map(|l| mask_time(l.trim_end()))
            .filter(|l| !l.is_empty())
            .collect();
        let shown: Vec<String> = example
            .lines
            .iter()
            .map(|l| mask_time(l))
            .filter(|l| !l.is_empty())
            .collect();
        let command = example.args.join(" ");
        if shown
            .iter()
            .any(|l| l == "…" || l.contains(" … ") || l.ends_with('…'))
        {
            let mut rest = actual.iter();
            for line in shown.iter().filter(|l| !l.contains('…')) {
                assert!(
                    rest.any(|a| a == line),
                    "README example `boardctl {command}`: `{line}` is not in the output (in order):\n{text}"
                );
            }
        } else {
            assert_eq!(
                shown, actual,
                "README example `boardctl {command}` differs from its output"
            );
        }
    }
}
