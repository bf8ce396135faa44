//! Perft speed from the start position of each profile (one thread, no hash
//! table). Run with `cargo bench -p russian-draughts`.

use board_core::prelude::*;
use board_core::{PerftOptions, ProfileSource};
use russian_draughts::Draughts;

fn main() {
    divan::main();
}

fn load(name: &str) -> Draughts {
    let path = format!(
        "{}/../../rules/russian-draughts/{name}.v1.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("profile file is readable");
    let source = ProfileSource::new(path, text, true).expect("profile header is valid");
    Draughts::from_profile(&source).expect("profile loads")
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
