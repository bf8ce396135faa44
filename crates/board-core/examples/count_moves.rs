//! Counts the games and move tokens of a record file with the reader alone
//! and a visitor that only counts: how to use [`Reader`] and [`Visitor`],
//! and the measure of what reading costs apart from checking
//! (`valgrind --tool=callgrind target/release/examples/count_moves FILE`).
//!
//! ```sh
//! cargo run --release -p board-core --example count_moves -- tests/data/examples/russian-games.pdn
//! ```

use board_core::record::{GameText, Reader, Span, Visitor};

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

fn main() {
    let Some(path) = std::env::args().nth(1) else {
        eprintln!("usage: count_moves FILE");
        std::process::exit(2);
    };
    let mut count = Count::default();
    let fail = |e: std::io::Error| -> ! {
        eprintln!("count_moves: {path}: {e}");
        std::process::exit(1)
    };
    let file = std::fs::File::open(&path).unwrap_or_else(|e| fail(e));
    if let Err(e) = Reader::new(file).read_all(&mut count) {
        fail(e);
    }
    println!("{} games, {} moves", count.games, count.moves);
}
