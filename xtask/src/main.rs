//! Project automation.
//!
//! - `cargo xtask ci`: every check CI runs, in the order a developer wants to
//!   see failures: formatting, lints, the docs (`cargo doc`, warnings denied),
//!   the test suite (with the snapshots),
//!   unreferenced snapshots, then the deep tests (`--ignored`, optimized:
//!   the `deep-test` profile of the workspace's `Cargo.toml`),
//!   the browser tests (`tests/browser/`, the release server in chromium:
//!   on Linux x86-64 the static binary of `dist`) and the fuzz smoke run.
//! - `cargo xtask dist`: the release binary to hand out on Linux x86-64,
//!   `target/dist/boardctl`: linked statically (glibc included), so that it
//!   runs on any x86-64 Linux whatever its glibc (on the processor level
//!   `.cargo/config.toml` names, or the one the caller's `RUSTFLAGS` name)
//!   and starts without the dynamic loader.
//! - `cargo xtask fuzz-smoke [SECONDS]`: every fuzz target of `fuzz/` for
//!   SECONDS each (30 by default and in `ci`), when `cargo fuzz` is
//!   installed; otherwise the targets are compiled only, with a note.
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

/// Prints how long a step took, so a slow CI run says which step grew.
fn took(step: &str, started: std::time::Instant) {
    eprintln!("  ({step} took {:.0} s)", started.elapsed().as_secs_f64());
}

fn cargo(args: &[&str], env: &[(&str, &str)]) -> anyhow::Result<()> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    eprintln!("$ cargo {}", args.join(" "));
    let started = std::time::Instant::now();
    let status = Command::new(&cargo)
        .args(args)
        .envs(env.iter().copied())
        .env_remove("INSTA_FORCE_PASS")
        .current_dir(root())
        .status()
        .with_context(|| format!("cannot run {cargo}"))?;
    took(&format!("cargo {}", args.first().unwrap_or(&"")), started);
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

/// The fuzz targets of `fuzz/Cargo.toml`, in the order the smoke run takes
/// them.
const FUZZ_TARGETS: &[&str] = &[
    "reader",
    "check",
    "profile",
    "move_draughts",
    "move_morris",
    "move_alquerque",
    "move_lingqi",
    "fen_draughts",
    "fen_morris",
    "fen_alquerque",
    "fen_lingqi",
];

/// Runs every fuzz target for `seconds` each (libFuzzer, no sanitizer: the
/// workspace forbids unsafe code), when `cargo fuzz` is installed. The
/// fuzz crate needs nightly flags; `RUSTC_BOOTSTRAP=1` lets the stable
/// toolchain take them. Without `cargo fuzz`, the targets are still
/// compiled (`cargo check`), so that a change of the libraries they drive
/// cannot leave them broken unseen: the fuzz crate is outside the
/// workspace, which no other step builds.
fn fuzz_smoke(seconds: u32) -> anyhow::Result<()> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let installed = Command::new(&cargo)
        .args(["fuzz", "--version"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    let fuzz = root().join("fuzz");
    let run = |args: &[&str]| -> anyhow::Result<()> {
        eprintln!("$ (cd fuzz && cargo {})", args.join(" "));
        let status = Command::new(&cargo)
            .args(args)
            .env("RUSTC_BOOTSTRAP", "1")
            .env_remove("CARGO_TARGET_DIR")
            .current_dir(&fuzz)
            .status()
            .with_context(|| format!("cannot run {cargo}"))?;
        if !status.success() {
            bail!("`cargo {}` failed ({status})", args.join(" "));
        }
        Ok(())
    };
    if !installed {
        eprintln!(
            "note: `cargo fuzz` is not installed: the fuzz targets are compiled, not run \
             (install: cargo install cargo-fuzz --locked)"
        );
        return run(&["check", "--bins", "--locked"]);
    }
    run(&["fuzz", "build", "-O", "-s", "none"])?;
    let time = format!("-max_total_time={seconds}");
    let seeds = root().join("tests/data/records");
    for target in FUZZ_TARGETS {
        // A fresh corpus each run, seeded with the bundled records for the
        // targets that read records.
        let corpus = fuzz.join("corpus-smoke").join(target);
        let _ = std::fs::remove_dir_all(&corpus);
        std::fs::create_dir_all(&corpus)?;
        let corpus = corpus.display().to_string();
        let mut args = vec!["fuzz", "run", "-O", "-s", "none", target, corpus.as_str()];
        if matches!(*target, "reader" | "check") {
            for entry in std::fs::read_dir(&seeds)? {
                let game = entry?.path();
                if game.is_dir() {
                    for file in std::fs::read_dir(&game)? {
                        let file = file?.path();
                        if file.extension().is_some_and(|e| e == "pdn") {
                            let name = file
                                .file_name()
                                .map(|n| n.to_os_string())
                                .unwrap_or_default();
                            std::fs::copy(&file, std::path::Path::new(&corpus).join(name))?;
                        }
                    }
                }
            }
        }
        args.extend(["--", time.as_str(), "-rss_limit_mb=2048", "-timeout=10"]);
        run(&args)?;
    }
    Ok(())
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
    cargo(
        &["doc", "--workspace", "--no-deps"],
        &[("RUSTDOCFLAGS", "-D warnings")],
    )?;
    cargo(&["test", "--workspace"], &[("INSTA_UPDATE", "no")])?;
    check_unreferenced(false)?;
    cargo(
        &[
            "test",
            "--workspace",
            "--profile",
            "deep-test",
            "--",
            "--ignored",
        ],
        &[],
    )?;
    browser_tests()?;
    fuzz_smoke(30)
}

/// Whether `dist` can build here: a Linux x86-64 host with glibc, whose
/// standard library links statically.
const STATIC_HOST: bool = cfg!(all(
    target_os = "linux",
    target_arch = "x86_64",
    target_env = "gnu"
));

/// The triple `dist` builds for.
const DIST_TARGET: &str = "x86_64-unknown-linux-gnu";

/// Builds the static release binary and copies it to `target/dist/boardctl`;
/// its path.
///
/// The C library linked in (`crt-static`) spares each run the dynamic
/// loader: `perft` of one ply starts in 1.4 ms instead of 1.8 ms (see
/// docs/performance.md), and the binary runs on any x86-64 Linux whatever
/// its glibc. The target is named so that the flag reaches only the binary,
/// not the build scripts and proc-macros, which must stay dynamic.
fn dist() -> anyhow::Result<PathBuf> {
    if !STATIC_HOST {
        bail!(
            "`dist` builds the static Linux x86-64 binary on a Linux x86-64 host; here, use `cargo build --release`"
        );
    }
    let flags = dist_rustflags(
        std::env::var("RUSTFLAGS").ok().as_deref(),
        &config_rustflags(&root().join(".cargo/config.toml"))?,
    );
    eprintln!("RUSTFLAGS=\"{flags}\"");
    cargo(
        &[
            "build",
            "--release",
            "-p",
            "boardctl",
            "--target",
            DIST_TARGET,
        ],
        &[("RUSTFLAGS", &flags)],
    )?;
    let built = target_dir().join(DIST_TARGET).join("release/boardctl");
    let bytes =
        std::fs::read(&built).with_context(|| format!("cannot read {}", built.display()))?;
    if elf_interpreter(&bytes)? {
        bail!(
            "{} asks for a dynamic loader: it is not linked statically",
            built.display()
        );
    }
    let dir = target_dir().join("dist");
    std::fs::create_dir_all(&dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let binary = dir.join("boardctl");
    std::fs::copy(&built, &binary)
        .with_context(|| format!("cannot copy to {}", binary.display()))?;
    Ok(binary)
}

/// The flags of the `dist` build: the C library linked in, after the
/// caller's `RUSTFLAGS` when set, else after `config`, the flags
/// `.cargo/config.toml` gives the target (which any `RUSTFLAGS` replaces,
/// as it would in a plain build).
fn dist_rustflags(user: Option<&str>, config: &str) -> String {
    let base = match user.map(str::trim) {
        Some(flags) if !flags.is_empty() => flags,
        _ => config,
    };
    format!("{base} -C target-feature=+crt-static")
        .trim_start()
        .to_string()
}

/// The `rustflags` the cargo configuration at `path` gives [`DIST_TARGET`],
/// joined by spaces as `RUSTFLAGS` takes them (empty when it gives none;
/// an error when they are not words cargo would read).
fn config_rustflags(path: &Path) -> anyhow::Result<String> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let config: toml::Table =
        toml::from_str(&text).with_context(|| format!("{} is not TOML", path.display()))?;
    let Some(flags) = config
        .get("target")
        .and_then(|t| t.get(DIST_TARGET))
        .and_then(|t| t.get("rustflags"))
    else {
        return Ok(String::new());
    };
    // Cargo takes a string of words or a list of single words.
    let words = match flags {
        toml::Value::String(text) => Some(text.split_whitespace().collect()),
        toml::Value::Array(list) => list
            .iter()
            .map(toml::Value::as_str)
            .collect::<Option<Vec<_>>>()
            .filter(|w| w.iter().all(|w| !w.contains(char::is_whitespace))),
        _ => None,
    }
    .with_context(|| {
        format!(
            "{}: target.{DIST_TARGET}.rustflags is neither a string nor a list of words",
            path.display()
        )
    })?;
    Ok(words.join(" "))
}

/// Whether a 64-bit little-endian ELF file names an interpreter (a
/// `PT_INTERP` program header): whether it needs the dynamic loader.
fn elf_interpreter(elf: &[u8]) -> anyhow::Result<bool> {
    const PT_INTERP: u32 = 3;
    let field = |at: usize, len: usize| -> anyhow::Result<u64> {
        let bytes = at
            .checked_add(len)
            .and_then(|end| elf.get(at..end))
            .context("not a 64-bit ELF file: too short")?;
        Ok(bytes.iter().rev().fold(0, |n, &b| n << 8 | u64::from(b)))
    };
    if elf.get(..6) != Some(b"\x7fELF\x02\x01".as_slice()) {
        bail!("not a 64-bit little-endian ELF file");
    }
    let (table, size, count) = (field(0x20, 8)?, field(0x36, 2)?, field(0x38, 2)?);
    for k in 0..count {
        let at = table
            .checked_add(k * size)
            .and_then(|at| usize::try_from(at).ok())
            .context("not a 64-bit ELF file: a program header out of range")?;
        if field(at, 4)? == u64::from(PT_INTERP) {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Where cargo puts its builds: `CARGO_TARGET_DIR` (relative to the
/// workspace root when it is relative), else `target/`.
fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => root().join(dir),
        _ => root().join("target"),
    }
}

/// Runs a program in the workspace root; an error when it fails.
fn program(name: &str, args: &[&str], env: &[(&str, &Path)]) -> anyhow::Result<()> {
    eprintln!("$ {name} {}", args.join(" "));
    let started = std::time::Instant::now();
    let status = Command::new(name)
        .args(args)
        .envs(env.iter().copied())
        .current_dir(root())
        .status()
        .with_context(|| format!("cannot run {name} (the browser tests need Node.js ≥ 20)"))?;
    took(name, started);
    if !status.success() {
        bail!("`{name} {}` failed ({status})", args.join(" "));
    }
    Ok(())
}

/// The browser tests of `tests/browser/`: the release `boardctl serve` (the
/// static binary of [`dist`] where it can be built, so that CI runs the
/// binary handed out) driven through Debian's chromium by playwright-core,
/// every test saving its screenshots under `target/browser-screenshots/`. The npm packages are
/// installed from the lock file when they are missing; chromium must be
/// installed (`.ci/run` does it with apt-get).
fn browser_tests() -> anyhow::Result<()> {
    let binary = if STATIC_HOST {
        dist()?
    } else {
        cargo(&["build", "--release", "-p", "boardctl"], &[])?;
        target_dir().join("release/boardctl")
    };
    let tests = root().join("tests/browser");
    if !tests.join("node_modules/playwright-core").is_dir() {
        program("npm", &["ci", "--prefix", "tests/browser"], &[])?;
    }
    let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    if !Path::new(&chromium).exists() {
        bail!(
            "the browser tests need chromium at {chromium} (`apt-get install chromium`, \
             as .ci/run does, or set CHROMIUM)"
        );
    }
    let screenshots = target_dir().join("browser-screenshots");
    program(
        "node",
        &["tests/browser/run.mjs"],
        &[("BOARDCTL", &binary), ("SCREENSHOTS", &screenshots)],
    )
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.as_slice() {
        ["ci"] => ci(),
        ["fuzz-smoke"] => fuzz_smoke(30),
        ["fuzz-smoke", seconds] => fuzz_smoke(
            seconds
                .parse()
                .with_context(|| format!("`{seconds}` is not a number of seconds"))?,
        ),
        ["snapshots"] => snapshots(false),
        ["snapshots", "--update"] => snapshots(true),
        ["dist"] => dist().map(|binary| println!("{}", binary.display())),
        _ => {
            eprintln!("usage: cargo xtask <command>");
            eprintln!(
                "  ci                     formatting, clippy, tests, snapshots, deep optimized tests, browser tests, fuzz targets"
            );
            eprintln!("  snapshots [--update]   snapshot tests of every profile and of the CLI");
            eprintln!(
                "  dist                   the static release binary, target/dist/boardctl (Linux x86-64)"
            );
            eprintln!(
                "  fuzz-smoke [SECONDS]   every fuzz target for SECONDS (30) each (compiled only without cargo-fuzz)"
            );
            std::process::exit(2);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{config_rustflags, dist_rustflags, elf_interpreter, root};

    #[test]
    fn dist_links_statically_after_the_callers_flags_or_the_processor_level() {
        let config = "-C target-cpu=x86-64-v2";
        let default = "-C target-cpu=x86-64-v2 -C target-feature=+crt-static";
        assert_eq!(dist_rustflags(None, config), default);
        assert_eq!(dist_rustflags(Some("  "), config), default);
        assert_eq!(dist_rustflags(None, ""), "-C target-feature=+crt-static");
        assert_eq!(
            dist_rustflags(Some("-C target-cpu=x86-64"), config),
            "-C target-cpu=x86-64 -C target-feature=+crt-static"
        );
    }

    #[test]
    fn dist_reads_the_processor_level_from_the_cargo_configuration() {
        let flags = config_rustflags(&root().join(".cargo/config.toml")).unwrap();
        assert_eq!(flags, "-C target-cpu=x86-64-v2");
        let dir = std::env::temp_dir().join(format!("xtask-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let config = dir.join("config.toml");
        std::fs::write(&config, "[alias]\nx = \"run\"\n").unwrap();
        assert_eq!(config_rustflags(&config).unwrap(), "");
        let section = "[target.x86_64-unknown-linux-gnu]";
        std::fs::write(&config, format!("{section}\nrustflags = \" -C  x \"\n")).unwrap();
        assert_eq!(config_rustflags(&config).unwrap(), "-C x");
        for bad in ["rustflags = [\"-C x\"]", "rustflags = [1]", "rustflags = 3"] {
            let text = format!("{section}\n{bad}\n");
            std::fs::write(&config, text).unwrap();
            assert!(config_rustflags(&config).is_err(), "{bad}");
        }
        std::fs::write(&config, "[target\n").unwrap();
        assert!(config_rustflags(&config).is_err());
        assert!(config_rustflags(&dir.join("missing.toml")).is_err());
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// An ELF header with one program header of type `p_type`.
    fn elf_with(p_type: u32) -> Vec<u8> {
        let mut elf = vec![0; 0x40 + 0x38];
        elf[..6].copy_from_slice(b"\x7fELF\x02\x01");
        elf[0x20] = 0x40; // program headers right after the ELF header
        elf[0x36] = 0x38; // each 56 bytes long
        elf[0x38] = 1; // one of them
        elf[0x40..0x44].copy_from_slice(&p_type.to_le_bytes());
        elf
    }

    #[test]
    fn an_interpreter_header_is_found_and_a_load_header_is_not() {
        assert!(elf_interpreter(&elf_with(3)).unwrap());
        assert!(!elf_interpreter(&elf_with(1)).unwrap());
    }

    #[test]
    fn a_file_that_is_not_elf_or_is_cut_short_is_an_error() {
        assert!(elf_interpreter(b"#!/bin/sh\n").is_err());
        let mut cut = elf_with(3);
        cut.truncate(0x42);
        assert!(elf_interpreter(&cut).is_err());
        let mut far = elf_with(3);
        far[0x20..0x28].copy_from_slice(&u64::MAX.to_le_bytes());
        assert!(elf_interpreter(&far).is_err());
    }
}
