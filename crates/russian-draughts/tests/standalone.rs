//! An engine author's project that depends on `russian-draughts` alone,
//! built and run outside the repository: the crate must carry its profiles.
#![allow(clippy::unwrap_used)] // a failing setup step should fail loudly

use std::path::{Path, PathBuf};
use std::process::Command;

const MAIN: &str = r#"use board_core::prelude::*;
use russian_draughts::Draughts;

fn main() {
    let game = Draughts::builtin("russian@1").expect("the builtin profile loads");
    let mut position = game
        .parse_position("W:Wh2:Bc3,d6,g3,g5,g7")
        .expect("a valid FEN");
    let mv = game
        .parse_move(&position, "h2:f4:h6:f8:b4:e1")
        .expect("a legal move");
    game.play(&mut position, &mv);
    println!("{}", game.write_position(&position));
}
"#;

fn workspace_target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target"),
        PathBuf::from,
    )
}

#[test]
fn a_project_outside_the_repository_loads_the_builtin_profile() {
    let crate_dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .canonicalize()
        .unwrap();
    let workspace = crate_dir.join("../..").canonicalize().unwrap();
    let project = std::env::temp_dir().join(format!("draughts-user-{}", std::process::id()));
    assert!(
        !project.starts_with(&workspace),
        "the project must be outside the repository"
    );
    std::fs::create_dir_all(project.join("src")).unwrap();
    let manifest = format!(
        "[package]\nname = \"draughts-user\"\nversion = \"0.1.0\"\nedition = \"2024\"\n\n\
         [dependencies]\nrussian-draughts = {{ path = {:?} }}\nboard-core = {{ path = {:?} }}\n\n\
         [workspace]\n",
        crate_dir,
        crate_dir.join("../board-core").canonicalize().unwrap(),
    );
    std::fs::write(project.join("Cargo.toml"), manifest).unwrap();
    std::fs::write(project.join("src/main.rs"), MAIN).unwrap();
    // The workspace's lock file pins the versions already built and cached.
    std::fs::copy(workspace.join("Cargo.lock"), project.join("Cargo.lock")).unwrap();

    let out = Command::new(env!("CARGO"))
        .args(["run", "--offline", "--quiet"])
        .current_dir(&project)
        .env("CARGO_TARGET_DIR", workspace_target_dir())
        .output()
        .expect("cargo runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    std::fs::remove_dir_all(&project).unwrap();
    assert!(out.status.success(), "cargo run failed:\n{stderr}");
    assert_eq!(stdout, "B:WKe1:B\n");
}
