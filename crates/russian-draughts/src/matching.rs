//! The legal move a written move names, found without listing every legal
//! route and without heap allocation (but for the move's own path): only
//! the moves of the piece on the written start square are generated.
//!
//! This is the common case of `parse_move`. It answers only when the text
//! names exactly one legal move; anything else (a syntax error, an illegal
//! or ambiguous move, an unusual form) goes the general way, which lists
//! every legal route and builds the error message. Both ways give the same
//! move with the same path.

use crate::movegen::{Engine, RouteSink};
use crate::moves::{Move, path_matches};
use crate::path::{MAX_PATH, Path};
use crate::position::Position;

/// Distinct moves kept while matching; more means "go the general way".
const CANDIDATES: usize = 4;

/// A move matching the written squares, with the first route found for it.
#[derive(Clone, Copy)]
struct Candidate {
    to: u8,
    captured: u64,
    promote: bool,
    by_king: bool,
    path: [u8; MAX_PATH],
    len: usize,
    /// Some route of this move has exactly the written landing squares.
    exact: bool,
}

/// Receives capture routes: keeps the distinct moves from the written start
/// square whose landing squares match the text, and the most pieces any
/// route takes.
struct Matcher<'a> {
    squares: &'a [u8],
    best: u32,
    found: [Option<Candidate>; CANDIDATES],
    count: usize,
    overflow: bool,
}

impl RouteSink for Matcher<'_> {
    fn route(
        &mut self,
        from: u32,
        path: &[u8],
        _order: u128,
        captured: u64,
        promote: bool,
        by_king: bool,
    ) {
        self.best = self.best.max(captured.count_ones());
        if from != u32::from(self.squares[0]) || !path_matches(from as u8, path, self.squares) {
            return;
        }
        let to = path[path.len() - 1];
        let exact = *path == self.squares[1..];
        let same = |c: &&mut Option<Candidate>| {
            c.is_some_and(|c| c.to == to && c.captured == captured && c.promote == promote)
        };
        if let Some(Some(known)) = self.found[..self.count].iter_mut().find(same) {
            known.exact |= exact;
            return;
        }
        if self.count == CANDIDATES || path.len() > MAX_PATH {
            self.overflow = true;
            return;
        }
        let mut kept = [0u8; MAX_PATH];
        kept[..path.len()].copy_from_slice(path);
        self.found[self.count] = Some(Candidate {
            to,
            captured,
            promote,
            by_king,
            path: kept,
            len: path.len(),
            exact,
        });
        self.count += 1;
    }
}

/// The one legal move whose start, end and (in order) some landing squares
/// are `squares` (bits, at least two), as the general way finds it; `None`
/// when there is no such move or more than one.
pub fn find_move(engine: &Engine, pos: &Position, squares: &[u8]) -> Option<Move> {
    let (&from, &to) = (squares.first()?, squares.last()?);
    if squares.len() < 2 {
        return None;
    }
    let start = 1u64 << from;
    let (men_jumping, kings_capture) = engine.capturers(pos);
    if men_jumping == 0 && !kings_capture {
        // No capture: a plain move names its start and end only.
        if squares.len() != 2 {
            return None;
        }
        let promote = engine.quiet_move(pos, from, to)?;
        return Some(Move {
            from,
            path: Path::single(to),
            captured: 0,
            promote,
            by_king: pos.kings & start != 0,
        });
    }
    let own_kings = pos.own() & pos.kings;
    let priority = engine.king_priority() && kings_capture;
    if priority && own_kings & start == 0 {
        return None;
    }
    // The pieces whose captures are legal and count for the maximum rule.
    let searched = match (engine.maximum_rule(), priority) {
        (false, _) => start,
        (true, true) => own_kings,
        (true, false) => pos.own(),
    };
    let mut matcher = Matcher {
        squares,
        best: 0,
        found: [None; CANDIDATES],
        count: 0,
        overflow: false,
    };
    engine.captures_of(pos, searched, &mut matcher);
    if matcher.overflow {
        return None;
    }
    let best = matcher.best;
    let legal = || {
        matcher.found[..matcher.count]
            .iter()
            .flatten()
            .filter(|c| !engine.maximum_rule() || c.captured.count_ones() == best)
    };
    let found = match (legal().next(), legal().nth(1)) {
        (Some(one), None) => one,
        // Every landing square written names that route's move.
        (Some(_), Some(_)) => {
            let mut exact = legal().filter(|c| c.exact);
            match (exact.next(), exact.next()) {
                (Some(one), None) => one,
                _ => return None,
            }
        }
        _ => return None,
    };
    Some(Move {
        from,
        path: Path::new(&found.path[..found.len])?,
        captured: found.captured,
        promote: found.promote,
        by_king: found.by_king,
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::find_move;
    use crate::Draughts;
    use crate::moves::{legal_routes, raw_captures};
    use crate::notation::{QUICK_SQUARES, quick_squares};
    use board_core::ProfileSource;
    use board_core::prelude::*;

    /// The profile `text`, from `rules/russian-draughts/{file}.toml`, loaded.
    pub(crate) fn load(file: &str, text: &str) -> Draughts {
        let origin = format!("rules/russian-draughts/{file}.toml");
        let source =
            ProfileSource::new(origin, text.to_string(), true).expect("profile header is valid");
        Draughts::from_profile(&source).expect("profile loads")
    }

    /// The five profiles of the `@1` version, loaded.
    pub(crate) fn profiles() -> Vec<Draughts> {
        vec![
            load(
                "russian.v1",
                include_str!("../../../rules/russian-draughts/russian.v1.toml"),
            ),
            load(
                "english.v1",
                include_str!("../../../rules/russian-draughts/english.v1.toml"),
            ),
            load(
                "international.v1",
                include_str!("../../../rules/russian-draughts/international.v1.toml"),
            ),
            load(
                "brazilian.v1",
                include_str!("../../../rules/russian-draughts/brazilian.v1.toml"),
            ),
            load(
                "czech.v1",
                include_str!("../../../rules/russian-draughts/czech.v1.toml"),
            ),
        ]
    }

    /// A small deterministic generator (xorshift).
    pub(crate) struct Rng(pub(crate) u64);

    impl Rng {
        /// A number below `n`.
        pub(crate) fn below(&mut self, n: usize) -> usize {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % n as u64) as usize
        }
    }

    /// Both names of a square: algebraic label and number (if numbered).
    fn names(game: &Draughts, bit: u8) -> Vec<String> {
        let graph = game.graph();
        let node = game
            .engine()
            .layout
            .node(u32::from(bit))
            .expect("a route's squares are on the board");
        let mut out = vec![graph.label(node).to_string()];
        out.extend(graph.number(node).map(|k| k.to_string()));
        out
    }

    /// Texts naming a route in many ways: full, short, with some landing
    /// squares left out, either notation, each separator, no separator
    /// between algebraic squares, move marks and blanks after it.
    fn texts(game: &Draughts, from: u8, path: &[u8], rng: &mut Rng) -> Vec<String> {
        let mut out = Vec::new();
        for notation in 0..2 {
            let name = |b: u8| {
                let n = names(game, b);
                n.get(notation).cloned().unwrap_or_else(|| n[0].clone())
            };
            let full: Vec<u8> = std::iter::once(from).chain(path.iter().copied()).collect();
            let mut forms = vec![full.clone(), vec![from, path[path.len() - 1]]];
            for _ in 0..3 {
                let kept: Vec<u8> = full
                    .iter()
                    .enumerate()
                    .filter(|&(i, _)| i == 0 || i == full.len() - 1 || rng.below(2) == 0)
                    .map(|(_, &s)| s)
                    .collect();
                forms.push(kept);
            }
            for form in forms {
                let sep = ["-", "x", "X", ":", "", "×", " - ", "--"][rng.below(8)];
                let words: Vec<String> = form.iter().map(|&s| name(s)).collect();
                let mut text = words.join(sep);
                text.push_str(["", "!", "?!", " ", "\t!"][rng.below(5)]);
                out.push(text);
            }
        }
        out
    }

    /// Random text from the characters of moves.
    fn noise(rng: &mut Rng) -> String {
        const CHARS: &[u8] = b"abcdefghx0123456789-:X!? ";
        (0..1 + rng.below(9))
            .map(|_| char::from(CHARS[rng.below(CHARS.len())]))
            .collect()
    }

    #[test]
    fn quick_reading_names_the_same_move_as_listing_every_route() {
        for game in profiles() {
            let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
            let mut compared = 0;
            let mut answered = 0;
            for _ in 0..12 {
                let mut pos = game.start_position();
                for _ in 0..120 {
                    let routes = legal_routes(game.engine(), &pos);
                    if routes.is_empty() {
                        break;
                    }
                    let mut candidates: Vec<String> = Vec::new();
                    // Every route, also those the maximum rule or king
                    // priority make illegal.
                    for r in routes.iter().chain(&raw_captures(game.engine(), &pos)) {
                        candidates.extend(texts(&game, r.from, &r.path, &mut rng));
                    }
                    for _ in 0..20 {
                        candidates.push(noise(&mut rng));
                        let a = names(&game, routes[rng.below(routes.len())].from)[0].clone();
                        let b = &routes[rng.below(routes.len())].path;
                        candidates.push(format!("{a}-{}", names(&game, b[0])[0]));
                    }
                    for text in &candidates {
                        let mut buffer = [0u8; QUICK_SQUARES];
                        let direct = quick_squares(&game.squares, text.as_bytes(), &mut buffer)
                            .and_then(|squares| find_move(game.engine(), &pos, squares));
                        answered += usize::from(direct.is_some());
                        let quick = game.parse_move(&pos, text);
                        let listed = game.parse_move_listing(&pos, text);
                        // Debug shows the path and `by_king` too, which
                        // equality of moves ignores.
                        assert_eq!(
                            format!("{quick:?}"),
                            format!("{listed:?}"),
                            "{} {text:?} in {}",
                            game.header().name,
                            game.write_position(&pos)
                        );
                        compared += 1;
                    }
                    let r = &routes[rng.below(routes.len())];
                    r.apply(&mut pos);
                }
            }
            assert!(compared > 10_000, "{compared}");
            assert!(answered > compared / 4, "{answered} of {compared}");
        }
    }
}
