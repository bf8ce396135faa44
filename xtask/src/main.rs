//! Project automation. `cargo xtask ci` runs every check CI runs, in the
//! order a developer wants to see failures: formatting, lints, the debug
//! test suite, then the deep (release, `--ignored`) tests.

use anyhow::{Context, bail};
use std::process::Command;

fn cargo(args: &[&str]) -> anyhow::Result<()> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    eprintln!("$ cargo {}", args.join(" "));
    let status = Command::new(&cargo)
        .args(args)
        .status()
        .with_context(|| format!("cannot run {cargo}"))?;
    if !status.success() {
        bail!("`cargo {}` failed ({status})", args.join(" "));
    }
    Ok(())
}

fn ci() -> anyhow::Result<()> {
    cargo(&["fmt", "--all", "--", "--check"])?;
    cargo(&["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"])?;
    cargo(&["test", "--workspace"])?;
    cargo(&["test", "--workspace", "--release", "--", "--ignored"])?;
    Ok(())
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("ci") => ci(),
        _ => {
            eprintln!("usage: cargo xtask ci");
            eprintln!("  ci   formatting, clippy, the test suite and the deep release tests");
            std::process::exit(2);
        }
    }
}
