//! Perft speed of nine men's morris from the start (`cargo bench -p morris`).

use board_core::PerftOptions;
use board_core::prelude::*;
use morris::Morris;

fn main() {
    divan::main();
}

fn nine_mens_morris() -> Morris {
    Morris::builtin("nine-mens-morris@1").expect("a builtin profile")
}

/// Depth 5 from the start, removal counted with its move.
#[divan::bench]
fn perft_5(bencher: divan::Bencher) {
    let game = nine_mens_morris();
    let start = game.start_position();
    bencher.bench(|| game.perft(&start, 5, &PerftOptions::default()));
}

/// Depth 5 from the start, removal as a ply of its own.
#[divan::bench]
fn perft_5_removal_ply(bencher: divan::Bencher) {
    let game = nine_mens_morris();
    let start = game.start_position();
    let options = PerftOptions::default().with(&morris::REMOVAL_PLY);
    bencher.bench(|| game.perft(&start, 5, &options));
}
