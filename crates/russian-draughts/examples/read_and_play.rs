//! Reads a record file and plays each move token on one position as it is
//! read, keeping nothing: the floor of a `check` that checks while reading
//! (the reader and the game's quick way, [`Notation::play_text`], with no
//! event stored, no move number, tag, result or diagnostic looked at).
//!
//! ```sh
//! cargo build --release -p russian-draughts --example read_and_play
//! valgrind --tool=callgrind target/release/examples/read_and_play russian FILE
//! ```
//!
//! Every game starts from the profile's start position; a token that is no
//! legal move there is counted and skipped, so the figure is a floor only
//! on a file whose games are all legal and start from the start position
//! (the benchmark files of `make_russian_file.sh` are).

use board_core::prelude::*;
use board_core::record::{GameText, Pos, Reader, Span, Visitor};
use russian_draughts::{Draughts, Position};

/// Plays each move token of the game being read on `position`.
struct ReadAndPlay {
    game: Draughts,
    position: Position,
    games: u64,
    plies: u64,
    refused: u64,
}

impl Visitor for ReadAndPlay {
    fn begin_game(&mut self, _at: Pos) {
        self.position = self.game.start_position();
    }

    fn move_text(&mut self, text: &[u8], _span: Span) {
        if self.game.play_text(&mut self.position, text) {
            self.plies += 1;
            return;
        }
        // Checked as UTF-8 only when the quick way refuses it.
        let Ok(text) = std::str::from_utf8(text) else {
            self.refused += 1;
            return;
        };
        if let Ok(mv) = self.game.parse_move(&self.position, text) {
            self.game.play(&mut self.position, &mv);
            self.plies += 1;
        } else {
            self.refused += 1;
        }
    }

    fn end_game(&mut self, _end: u64, _raw: Option<GameText<'_>>) {
        self.games += 1;
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, profile, path] = args.as_slice() else {
        eprintln!("usage: read_and_play PROFILE FILE (PROFILE: russian, english, ...)");
        std::process::exit(2);
    };
    let fail = |message: String| -> ! {
        eprintln!("read_and_play: {message}");
        std::process::exit(1)
    };
    let game = Draughts::builtin(profile).unwrap_or_else(|e| fail(e.to_string()));
    let file = std::fs::File::open(path).unwrap_or_else(|e| fail(format!("{path}: {e}")));
    let position = game.start_position();
    let mut run = ReadAndPlay {
        game,
        position,
        games: 0,
        plies: 0,
        refused: 0,
    };
    if let Err(e) = Reader::new(file).read_all(&mut run) {
        fail(format!("{path}: {e}"));
    }
    println!(
        "{} games, {} plies played, {} tokens refused",
        run.games, run.plies, run.refused
    );
}
