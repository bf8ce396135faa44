//! Embeds every profile under the workspace's `rules/` folder, so the binary
//! works from any directory.

use std::fmt::Write;
use std::path::{Path, PathBuf};

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect(&path, out);
        } else if path.extension().is_some_and(|e| e == "toml") {
            out.push(path);
        }
    }
}

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let rules = manifest.join("../../rules");
    println!("cargo:rerun-if-changed={}", rules.display());
    let mut files = Vec::new();
    collect(&rules, &mut files);
    files.sort();
    let mut code = String::from(
        "/// Every profile file under `rules/`: (path, text).\npub static EMBEDDED: &[(&str, &str)] = &[\n",
    );
    for f in &files {
        println!("cargo:rerun-if-changed={}", f.display());
        let rel = f.strip_prefix(&rules).expect("under rules/");
        let rel = rel.to_string_lossy().replace('\\', "/");
        let _ = writeln!(
            code,
            "    (\"rules/{rel}\", include_str!({:?})),",
            f.canonicalize().expect("exists")
        );
    }
    code.push_str("];\n");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets it"))
        .join("embedded_profiles.rs");
    std::fs::write(out, code).expect("OUT_DIR is writable");
}
