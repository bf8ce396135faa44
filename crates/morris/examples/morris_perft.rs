//! Perft of a morris profile, for timing from outside: a builtin profile by
//! name (`nine-mens-morris@1`) or a profile file (`my-morris.v1.toml`):
//! `cargo run --release -p morris --example morris_perft -- nine-mens-morris 6 [--removal-ply]`.

use board_core::prelude::*;
use board_core::{PerftOptions, ProfileSource};
use morris::Morris;
use std::time::Instant;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [path, depth, rest @ ..] = args.as_slice() else {
        return Err("usage: perft PROFILE[@N]|PROFILE.toml DEPTH [--removal-ply]".to_string());
    };
    let game = if path.ends_with(".toml") {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        let source = ProfileSource::new(path.clone(), text, false).map_err(|e| e.to_string())?;
        Morris::from_profile(&source)
    } else {
        Morris::builtin(path)
    }
    .map_err(|e| e.to_string())?;
    let depth: u32 = depth.parse().map_err(|_| format!("bad depth `{depth}`"))?;
    let options = PerftOptions::default().with_if(
        rest.iter().any(|a| a == "--removal-ply"),
        &morris::REMOVAL_PLY,
    );
    let start = game.start_position();
    for d in 1..=depth {
        let t = Instant::now();
        let n = game.perft(&start, d, &options);
        let secs = t.elapsed().as_secs_f64();
        println!(
            "{d}\t{n}\t{secs:.3}s\t{:.0} nodes/s",
            n as f64 / secs.max(1e-9)
        );
    }
    Ok(())
}
