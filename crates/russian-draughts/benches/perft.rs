//! Perft speed from the start position of each profile (one thread, no hash
//! table). Run with `cargo bench -p russian-draughts`.

use board_core::PerftOptions;
use board_core::prelude::*;
use russian_draughts::Draughts;

fn main() {
    divan::main();
}

fn load(name: &str) -> Draughts {
    Draughts::builtin(name).expect("a builtin profile")
}

/// Russian perft to depth 9 with bulk counting at the last ply
/// (4 570 586 leaves).
#[divan::bench(sample_count = 5)]
fn russian_d9_bulk(bencher: divan::Bencher) {
    let game = load("russian");
    let start = game.start_position();
    bencher
        .counter(divan::counter::ItemsCount::new(4_570_586usize))
        .bench(|| game.perft(&start, 9, &PerftOptions::default()));
}

/// Russian perft to depth 9, every leaf played.
#[divan::bench(sample_count = 5)]
fn russian_d9_no_bulk(bencher: divan::Bencher) {
    let game = load("russian");
    let start = game.start_position();
    let options = PerftOptions::default().with(&board_core::NO_BULK);
    bencher
        .counter(divan::counter::ItemsCount::new(4_570_586usize))
        .bench(|| game.perft(&start, 9, &options));
}

/// International perft to depth 8 with bulk counting (6 483 961 leaves).
#[divan::bench(sample_count = 5)]
fn international_d8_bulk(bencher: divan::Bencher) {
    let game = load("international");
    let start = game.start_position();
    bencher
        .counter(divan::counter::ItemsCount::new(6_483_961usize))
        .bench(|| game.perft(&start, 8, &PerftOptions::default()));
}
