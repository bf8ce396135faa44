//! Perft speed of the alquerque profiles from the start
//! (`cargo bench -p alquerque`); divan reports leaves per second.

use alquerque::Alquerque;
use board_core::PerftOptions;
use board_core::prelude::*;
use divan::counter::ItemsCount;

fn main() {
    divan::main();
}

fn alfonso() -> Alquerque {
    Alquerque::builtin("alfonso@1").expect("a builtin profile")
}

fn seed() -> Alquerque {
    Alquerque::builtin("alquerque@1").expect("a builtin profile")
}

fn run(bencher: divan::Bencher, game: &Alquerque, depth: u32, options: PerftOptions) {
    let start = game.start_position();
    let leaves = game.perft(&start, depth, &options);
    bencher
        .counter(ItemsCount::new(leaves))
        .bench(|| game.perft(&start, depth, &options));
}

/// alfonso@1, depth 7 (81 306 leaves), last ply counted in bulk.
#[divan::bench(sample_count = 20)]
fn alfonso_d7_bulk(bencher: divan::Bencher) {
    run(bencher, &alfonso(), 7, PerftOptions::default());
}

/// alfonso@1, depth 8 (717 196 leaves), last ply counted in bulk.
#[divan::bench(sample_count = 10)]
fn alfonso_d8_bulk(bencher: divan::Bencher) {
    run(bencher, &alfonso(), 8, PerftOptions::default());
}

/// alfonso@1, depth 7, every leaf made (no bulk counting).
#[divan::bench(sample_count = 20)]
fn alfonso_d7_no_bulk(bencher: divan::Bencher) {
    let options = PerftOptions::default().with(&board_core::NO_BULK);
    run(bencher, &alfonso(), 7, options);
}

/// alquerque@1 (the seed's rules), depth 12 (897 991 leaves): capture chains.
#[divan::bench(sample_count = 10)]
fn seed_d12_bulk(bencher: divan::Bencher) {
    run(bencher, &seed(), 12, PerftOptions::default());
}

/// The generic perft (legal_moves / play) on alfonso@1 depth 6, for
/// comparison with the fast count.
#[divan::bench(sample_count = 10)]
fn alfonso_d6_generic(bencher: divan::Bencher) {
    let game = alfonso();
    let start = game.start_position();
    let options = PerftOptions::default();
    bencher
        .counter(ItemsCount::new(10262u64))
        .bench(|| board_core::game::generic_perft(&game, &start, 6, &options));
}
