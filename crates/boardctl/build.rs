//! Rebuilds the binary when a file of `web/` (embedded by `serve`) changes,
//! is added or is removed.

fn main() {
    println!("cargo:rerun-if-changed=web");
}
