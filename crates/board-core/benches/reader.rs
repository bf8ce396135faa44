//! Reading speed of the PDN reader alone: the 153 real Russian games of
//! `tests/data/corpus/russian/ussr1947.pdn` repeated 66 times in memory
//! (10,098 games), given to a visitor that only counts. What `boardctl
//! check` spends on top of this is the copying into owned games and the
//! replay. Run with `cargo bench -p board-core`.

use board_core::record::{GameText, Reader, Span, Visitor};

fn main() {
    divan::main();
}

/// Counts games and move tokens.
#[derive(Default)]
struct Count {
    games: u64,
    moves: u64,
}

impl Visitor for Count {
    fn move_text(&mut self, _text: &[u8], _span: Span) {
        self.moves += 1;
    }

    fn end_game(&mut self, _end: u64, _raw: Option<GameText<'_>>) {
        self.games += 1;
    }
}

fn archive() -> Vec<u8> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/corpus/russian/ussr1947.pdn"
    );
    let one = std::fs::read(path).expect("the corpus file is readable");
    one.repeat(66)
}

/// Every game of the archive read with a counting visitor.
#[divan::bench(sample_count = 20)]
fn ussr1947_x66(bencher: divan::Bencher) {
    let bytes = archive();
    bencher
        .counter(divan::counter::BytesCount::new(bytes.len()))
        .bench(|| {
            let mut count = Count::default();
            let mut reader = Reader::new(bytes.as_slice());
            reader
                .read_all(&mut count)
                .expect("reading memory cannot fail");
            assert_eq!(count.games, 10_098);
            count.moves
        });
}
