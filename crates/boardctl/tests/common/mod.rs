//! Helpers shared by `boardctl`'s integration tests, included with
//! `mod common;`.

use std::path::PathBuf;

/// A fresh, empty directory for one test, under the system's temporary
/// directory and named after this test process.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardctl-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}
