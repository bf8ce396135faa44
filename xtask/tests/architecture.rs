//! The architecture invariants of ARCHITECTURE.md, checked on the manifests:
//! game crates depend on board-core only, board-core on no workspace crate,
//! and nothing depends on boardctl.

use std::collections::BTreeMap;
use std::path::Path;

const GAMES: &[&str] = &["russian-draughts", "morris", "alquerque", "lingqi"];

/// Workspace crates each crate depends on (normal, dev and build deps).
fn workspace_deps() -> BTreeMap<String, Vec<String>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut members: Vec<(String, std::path::PathBuf)> = std::fs::read_dir(root.join("crates"))
        .expect("crates/ exists")
        .map(|e| {
            let path = e.expect("readable entry").path();
            (
                path.file_name()
                    .expect("named")
                    .to_string_lossy()
                    .into_owned(),
                path,
            )
        })
        .collect();
    members.push(("xtask".into(), root.join("xtask")));
    let names: Vec<String> = members.iter().map(|(n, _)| n.clone()).collect();
    let mut out = BTreeMap::new();
    for (name, path) in members {
        let text = std::fs::read_to_string(path.join("Cargo.toml")).expect("manifest");
        let manifest: toml::Table = toml::from_str(&text).expect("valid manifest");
        let mut deps = Vec::new();
        for table in ["dependencies", "dev-dependencies", "build-dependencies"] {
            if let Some(t) = manifest.get(table).and_then(|t| t.as_table()) {
                deps.extend(t.keys().filter(|k| names.contains(k)).cloned());
            }
        }
        deps.sort();
        deps.dedup();
        out.insert(name, deps);
    }
    out
}

#[test]
fn every_crate_of_the_design_exists() {
    let deps = workspace_deps();
    for name in GAMES
        .iter()
        .chain(&["board-core", "board-mcts", "boardctl"])
    {
        assert!(deps.contains_key(*name), "crates/{name} is missing");
    }
}

#[test]
fn board_core_depends_on_no_workspace_crate() {
    assert_eq!(workspace_deps()["board-core"], Vec::<String>::new());
}

#[test]
fn game_crates_depend_only_on_board_core() {
    let deps = workspace_deps();
    for game in GAMES {
        assert_eq!(deps[*game], vec!["board-core".to_string()], "crates/{game}");
    }
}

/// The computer player is written over the game interface alone: it knows
/// no game.
#[test]
fn board_mcts_depends_on_board_core_only() {
    assert_eq!(
        workspace_deps()["board-mcts"],
        vec!["board-core".to_string()]
    );
}

#[test]
fn nothing_depends_on_boardctl() {
    for (name, deps) in workspace_deps() {
        assert!(
            !deps.contains(&"boardctl".to_string()),
            "{name} depends on boardctl"
        );
    }
}

#[test]
fn boardctl_depends_on_every_game() {
    let deps = workspace_deps();
    for game in GAMES {
        assert!(
            deps["boardctl"].contains(&game.to_string()),
            "boardctl lacks {game}"
        );
    }
}

/// Every file under `dir` (not under `target/`) whose name ends in `.ext`.
fn files_under(dir: &Path, ext: &str, out: &mut Vec<std::path::PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.expect("readable entry").path();
        if path.is_dir() {
            if path.file_name().is_some_and(|n| n != "target") {
                files_under(&path, ext, out);
            }
        } else if path.extension().is_some_and(|e| e == ext) {
            out.push(path);
        }
    }
}

/// Whether a Rust source names the crate `ident` (`ident::…`, `use ident`,
/// `extern crate ident`).
fn names_crate(source: &str, ident: &str) -> bool {
    source.match_indices(ident).any(|(at, _)| {
        let before = source[..at].chars().next_back();
        let after = &source[at + ident.len()..];
        let starts_word = !before.is_some_and(|c| c.is_alphanumeric() || c == '_');
        let path = after.starts_with("::");
        let used = source[..at].ends_with("use ") || source[..at].ends_with("extern crate ");
        starts_word && (path || used)
    })
}

/// The `cargo-machete` check, without installing it: every dependency a
/// member declares is named in that member's Rust sources, and every
/// workspace dependency is declared by some member.
#[test]
fn every_declared_dependency_is_used() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut members: Vec<std::path::PathBuf> = std::fs::read_dir(root.join("crates"))
        .expect("crates/ exists")
        .map(|e| e.expect("readable entry").path())
        .collect();
    members.push(root.join("xtask"));
    let mut declared_anywhere = Vec::new();
    let mut unused = Vec::new();
    for member in &members {
        let text = std::fs::read_to_string(member.join("Cargo.toml")).expect("manifest");
        let manifest: toml::Table = toml::from_str(&text).expect("valid manifest");
        let mut files = Vec::new();
        files_under(member, "rs", &mut files);
        let sources: Vec<String> = files
            .iter()
            .map(|f| std::fs::read_to_string(f).expect("readable source"))
            .collect();
        for table in ["dependencies", "dev-dependencies", "build-dependencies"] {
            let Some(deps) = manifest.get(table).and_then(|t| t.as_table()) else {
                continue;
            };
            for name in deps.keys() {
                declared_anywhere.push(name.clone());
                let ident = name.replace('-', "_");
                if !sources.iter().any(|s| names_crate(s, &ident)) {
                    unused.push(format!("{}: [{table}] {name}", member.display()));
                }
            }
        }
    }
    let workspace: toml::Table =
        toml::from_str(&std::fs::read_to_string(root.join("Cargo.toml")).expect("manifest"))
            .expect("valid manifest");
    let shared = workspace["workspace"]["dependencies"]
        .as_table()
        .expect("[workspace.dependencies]");
    for name in shared.keys() {
        if !declared_anywhere.contains(name) {
            unused.push(format!("Cargo.toml: [workspace.dependencies] {name}"));
        }
    }
    assert!(unused.is_empty(), "declared but unused: {unused:#?}");
}

#[test]
fn names_crate_sees_paths_and_uses_only() {
    assert!(names_crate("use serde::Deserialize;", "serde"));
    assert!(names_crate("fn main() { divan::main() }", "divan"));
    assert!(names_crate("use rayon;", "rayon"));
    assert!(!names_crate("let my_serde = 1; // serde", "serde"));
    assert!(!names_crate("use not_serde::X;", "serde"));
}

/// The README is a newcomer's page: at most 200 lines, and no link or path
/// that leaves the repository (nor do the docs and crate READMEs).
#[test]
fn readmes_stay_short_and_inside_the_repository() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md");
    let lines = readme.lines().count();
    assert!(lines <= 200, "README.md has {lines} lines (at most 200)");
    let mut pages = vec![root.join("README.md"), root.join("ARCHITECTURE.md")];
    for dir in ["docs", "crates"] {
        let mut found = Vec::new();
        files_under(&root.join(dir), "md", &mut found);
        pages.extend(found);
    }
    for page in pages {
        let text = std::fs::read_to_string(&page).expect("readable page");
        for (n, line) in text.lines().enumerate() {
            assert!(
                !line.contains("../") && !line.contains("shared/"),
                "{}:{}: points outside the repository: {line}",
                page.display(),
                n + 1
            );
        }
    }
}
