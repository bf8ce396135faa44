//! `cargo run --release -p russian-draughts --example divide -- russian 9 FEN`:
//! perft below each legal move, one line per move: the numeric FEN it leads
//! to, the move, the count.

use board_core::{Game, PerftOptions, ProfileSource};
use russian_draughts::Draughts;
use russian_draughts::fen::write_fen;
use russian_draughts::rules::SquareNotation;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let name = args.get(1).map_or("russian", String::as_str);
    let depth: u32 = args.get(2).and_then(|d| d.parse().ok()).unwrap_or(1);
    let path = format!(
        "{}/../../rules/russian-draughts/{name}.v1.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("profile file is readable");
    let source = ProfileSource::new(path, text, true).expect("profile header is valid");
    let game = Draughts::from_profile(&source).expect("profile loads");
    let start = match args.get(3) {
        Some(f) => game.parse_position(f).expect("valid FEN"),
        None => game.start_position(),
    };
    let mut moves = Vec::new();
    game.legal_moves(&start, &mut moves);
    for mv in &moves {
        let mut next = start;
        game.play(&mut next, mv);
        let n = game.perft(&next, depth - 1, &PerftOptions::default());
        let fen = write_fen(
            game.graph(),
            &game.engine().layout,
            &next,
            SquareNotation::Numeric,
        );
        println!("{fen}\t{}\t{n}", game.write_full(mv));
    }
}
