//! Perft speed of lingqi from the default set-up (one thread). Run with
//! `cargo bench -p lingqi`.

use board_core::PerftOptions;
use board_core::prelude::*;
use lingqi::Lingqi;

fn main() {
    divan::main();
}

fn load() -> Lingqi {
    Lingqi::builtin("lingqi@1").expect("a builtin profile")
}

/// Perft 2 with bulk counting at the last ply (6 447 088 leaves).
#[divan::bench(sample_count = 5)]
fn default_setup_d2_bulk(bencher: divan::Bencher) {
    let game = load();
    let start = game.start_position();
    bencher
        .counter(divan::counter::ItemsCount::new(6_447_088usize))
        .bench(|| game.perft(&start, 2, &PerftOptions::default()));
}

/// Generating the 2540 turns of the default set-up.
#[divan::bench]
fn default_setup_legal_moves(bencher: divan::Bencher) {
    let game = load();
    let start = game.start_position();
    bencher.bench(|| {
        let mut moves = Vec::new();
        game.legal_moves(&start, &mut moves);
        moves.len()
    });
}

/// Parsing every turn of the default set-up from its notation (what
/// `boardctl check` does per move).
#[divan::bench(sample_count = 5)]
fn default_setup_parse_every_turn(bencher: divan::Bencher) {
    let game = load();
    let start = game.start_position();
    let mut moves = Vec::new();
    game.legal_moves(&start, &mut moves);
    let texts: Vec<String> = moves.iter().map(|m| game.write_move(&start, m)).collect();
    bencher
        .counter(divan::counter::ItemsCount::new(texts.len()))
        .bench(|| {
            texts
                .iter()
                .filter(|t| game.parse_move(&start, t).is_ok())
                .count()
        });
}
