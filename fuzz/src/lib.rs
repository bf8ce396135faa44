//! What the fuzz targets share: the embedded profiles of a game, a few
//! positions of each (start and random playouts), and the properties checked
//! on whatever a parser accepts.

use board_core::conformance::Rng;
use board_core::{Game, ProfileSource};

/// Every embedded profile of game `G`, loaded.
pub fn games<G: Game>() -> Vec<G> {
    let catalog = boardctl::registry::embedded_catalog().expect("embedded profiles load");
    catalog
        .sources()
        .iter()
        .filter(|s| s.header.game == G::GAME)
        .map(|s| G::from_profile(s).expect("embedded profile loads"))
        .collect()
}

/// The start position and the positions after 4, 12 and 30 random plies
/// (fewer when a game ends first), from fixed seeds.
pub fn positions<G: Game>(game: &G) -> Vec<G::Position> {
    let start = game.start_position();
    let mut out = vec![start.clone()];
    let mut moves = Vec::new();
    for (seed, plies) in [(1, 4), (2, 12), (3, 30)] {
        let mut rng = Rng::new(seed);
        let mut position = start.clone();
        for _ in 0..plies {
            moves.clear();
            game.legal_moves(&position, &mut moves);
            if moves.is_empty() || game.outcome(&position).is_some() {
                break;
            }
            game.play(&mut position, &moves[rng.below(moves.len())]);
        }
        out.push(position);
    }
    out
}

/// A game with its positions, built once per fuzz process.
pub struct Setup<G: Game> {
    /// One entry per profile.
    pub games: Vec<(G, Vec<G::Position>)>,
}

impl<G: Game> Setup<G> {
    /// Every profile of `G` with its positions.
    pub fn new() -> Self {
        Setup {
            games: games::<G>()
                .into_iter()
                .map(|g| {
                    let p = positions(&g);
                    (g, p)
                })
                .collect(),
        }
    }
}

impl<G: Game> Default for Setup<G> {
    fn default() -> Self {
        Self::new()
    }
}

/// Splits fuzz input into a selector byte and text.
fn split(data: &[u8]) -> Option<(u8, String)> {
    let (&first, rest) = data.split_first()?;
    Some((first, String::from_utf8_lossy(rest).into_owned()))
}

/// Parses the input as a move in one position of one profile (chosen by the
/// first byte); a move it accepts must be legal, print and parse back to
/// itself, and be playable.
pub fn fuzz_move<G: Game>(setup: &Setup<G>, data: &[u8]) {
    let Some((selector, text)) = split(data) else {
        return;
    };
    let (game, positions) = &setup.games[usize::from(selector) % setup.games.len()];
    let position = &positions[usize::from(selector / 16) % positions.len()];
    if let Ok(mv) = game.parse_move(position, &text) {
        let mut legal = Vec::new();
        game.legal_moves(position, &mut legal);
        assert!(
            legal.contains(&mv),
            "`{text}` parsed to a move not generated: {mv:?}"
        );
        let written = game.write_move(position, &mv);
        let back = game.parse_move(position, &written);
        assert_eq!(
            back.as_ref(),
            Ok(&mv),
            "`{text}` → `{written}` does not read back"
        );
        let mut next = position.clone();
        game.play(&mut next, &mv);
    }
}

/// Parses the input as a position of one profile (chosen by the first
/// byte); a position it accepts must write and read back to itself, and
/// moves can be generated and played from it.
pub fn fuzz_fen<G: Game>(setup: &Setup<G>, data: &[u8]) {
    let Some((selector, text)) = split(data) else {
        return;
    };
    let (game, _) = &setup.games[usize::from(selector) % setup.games.len()];
    if let Ok(position) = game.parse_position(&text) {
        let written = game.write_position(&position);
        let back = game.parse_position(&written);
        assert_eq!(
            back.as_ref(),
            Ok(&position),
            "`{text}` → `{written}` does not read back"
        );
        let mut moves = Vec::new();
        game.legal_moves(&position, &mut moves);
        let _ = game.outcome(&position);
        for mv in moves.iter().take(8) {
            let w = game.write_move(&position, mv);
            assert_eq!(
                game.parse_move(&position, &w).as_ref(),
                Ok(mv),
                "`{w}` in `{written}`"
            );
            let mut next = position.clone();
            game.play(&mut next, mv);
        }
    }
}

/// Loads the input as a profile text of every game: an error or a game,
/// never a panic; a game that loads can give its start position and moves.
pub fn fuzz_profile(data: &[u8]) {
    let text = String::from_utf8_lossy(data).into_owned();
    let Ok(source) = ProfileSource::new("fuzz.toml", text, false) else {
        return;
    };
    load::<russian_draughts::Draughts>(&source);
    load::<morris::Morris>(&source);
    load::<alquerque::Alquerque>(&source);
    load::<lingqi::Lingqi>(&source);
}

fn load<G: Game>(source: &ProfileSource) {
    if let Ok(game) = G::from_profile(source) {
        let start = game.start_position();
        let _ = game.settings();
        let fen = game.write_position(&start);
        let _ = game.parse_position(&fen);
        let mut moves = Vec::new();
        game.legal_moves(&start, &mut moves);
        let _ = game.outcome(&start);
    }
}
