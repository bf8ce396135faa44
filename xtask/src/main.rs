//! Project automation.
//!
//! - `cargo xtask ci`: every check CI runs, in the order a developer wants to
//!   see failures: formatting, lints, the test suite (with the snapshots),
//!   unreferenced snapshots, then the deep release tests (`--ignored`).
//! - `cargo xtask snapshots [--update]`: the snapshot tests of every rule
//!   profile and of the CLI; `--update` accepts changes and removes the
//!   snapshots of deleted profiles.

use anyhow::{Context, bail};
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask sits in the workspace root")
        .to_path_buf()
}

fn cargo(args: &[&str], env: &[(&str, &str)]) -> anyhow::Result<()> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    eprintln!("$ cargo {}", args.join(" "));
    let status = Command::new(&cargo)
        .args(args)
        .envs(env.iter().copied())
        .env_remove("INSTA_FORCE_PASS")
        .current_dir(root())
        .status()
        .with_context(|| format!("cannot run {cargo}"))?;
    if !status.success() {
        bail!("`cargo {}` failed ({status})", args.join(" "));
    }
    Ok(())
}

/// The snapshot files of profiles, and whether their profile still exists.
fn profile_snapshots() -> anyhow::Result<Vec<(PathBuf, bool)>> {
    let dir = root().join("crates/boardctl/tests/snapshots");
    let mut out = Vec::new();
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return Ok(out);
    };
    for entry in entries {
        let path = entry?.path();
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let Some(rest) = name
            .strip_prefix("profile_snapshots__snapshot@")
            .and_then(|r| r.strip_suffix(".snap"))
        else {
            continue;
        };
        let profile = root().join("rules").join(rest.replace("__", "/"));
        out.push((path, profile.is_file()));
    }
    out.sort();
    Ok(out)
}

fn check_unreferenced(update: bool) -> anyhow::Result<()> {
    let stale: Vec<PathBuf> = profile_snapshots()?
        .into_iter()
        .filter(|(_, exists)| !exists)
        .map(|(p, _)| p)
        .collect();
    if stale.is_empty() {
        return Ok(());
    }
    if update {
        for p in &stale {
            eprintln!(
                "removing the snapshot of a deleted profile: {}",
                p.display()
            );
            std::fs::remove_file(p)?;
        }
        return Ok(());
    }
    for p in &stale {
        eprintln!(
            "error: unreferenced snapshot (its profile is gone): {}",
            p.display()
        );
    }
    bail!(
        "{} unreferenced snapshot(s); run `cargo xtask snapshots --update` to remove them",
        stale.len()
    )
}

fn snapshots(update: bool) -> anyhow::Result<()> {
    let ci = std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0");
    let mode = if update {
        "always"
    } else if ci {
        "no"
    } else {
        "new"
    };
    cargo(
        &[
            "test",
            "-p",
            "boardctl",
            "--test",
            "profile_snapshots",
            "--test",
            "cli_snapshots",
        ],
        &[("INSTA_UPDATE", mode)],
    )?;
    check_unreferenced(update)
}

fn ci() -> anyhow::Result<()> {
    cargo(&["fmt", "--all", "--", "--check"], &[])?;
    cargo(
        &[
            "clippy",
            "--workspace",
            "--all-targets",
            "--",
            "-D",
            "warnings",
        ],
        &[],
    )?;
    cargo(&["test", "--workspace"], &[("INSTA_UPDATE", "no")])?;
    check_unreferenced(false)?;
    cargo(
        &["test", "--workspace", "--release", "--", "--ignored"],
        &[],
    )?;
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["ci"] => ci(),
        ["snapshots"] => snapshots(false),
        ["snapshots", "--update"] => snapshots(true),
        _ => {
            eprintln!("usage: cargo xtask <command>");
            eprintln!(
                "  ci                     formatting, clippy, tests, snapshots, deep release tests"
            );
            eprintln!("  snapshots [--update]   snapshot tests of every profile and of the CLI");
            std::process::exit(2);
        }
    }
}
