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
    for name in GAMES.iter().chain(&["board-core", "boardctl"]) {
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
