//! `cargo run --release -p russian-draughts --example perft -- russian 9 [keep] [nobulk] [only] [fen=FEN]`:
//! perft from a profile's start position (or `FEN`), with the time taken.

use board_core::PerftOptions;
use board_core::prelude::*;
use russian_draughts::Draughts;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map_or("russian", String::as_str);
    let depth: u32 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(8);
    let game = Draughts::builtin(name).unwrap_or_else(|e| panic!("{e}"));
    let options = PerftOptions::default()
        .with_if(
            args.iter().any(|a| a == "keep"),
            &russian_draughts::KEEP_DUPLICATES,
        )
        .with_if(args.iter().any(|a| a == "nobulk"), &board_core::NO_BULK);
    let start = match args.iter().find_map(|a| a.strip_prefix("fen=")) {
        Some(fen) => game.parse_position(fen).unwrap_or_else(|e| panic!("{e}")),
        None => game.start_position(),
    };
    let first = if args.iter().any(|a| a == "only") {
        depth
    } else {
        1
    };
    for d in first..=depth {
        let t = Instant::now();
        let n = game.perft(&start, d, &options);
        let s = t.elapsed().as_secs_f64();
        println!("{d}\t{n}\t{s:.3}s\t{:.1} Mnodes/s", n as f64 / s / 1e6);
    }
}
