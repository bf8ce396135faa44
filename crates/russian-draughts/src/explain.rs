//! Why a well-formed move is not legal, in a player's words.

use crate::moves::{Move, between, legal_moves, raw_captures, route_matches};
use crate::names::Names;
use crate::position::Position;
use crate::rules::MidCapturePromotion;
use board_core::LegalityError;
use board_core::notation::{moves_of, shortlist};

/// Moves in full, as alternatives (`a, b or c`).
fn list(game: &Names<'_>, moves: &[Move]) -> String {
    let names: Vec<String> = moves.iter().map(|m| game.full(m)).collect();
    shortlist(&names, ", ", " or ")
}

/// The piece between two consecutive landing squares of a route.
fn captured_between(game: &Names<'_>, route: &Move, a: u8, b: u8) -> Option<u8> {
    let (_, squares) = between(game.engine, a, b)?;
    squares
        .into_iter()
        .find(|s| route.captured & (1u64 << s) != 0)
}

/// What the moving piece is at landing index `i` of a route.
fn piece_word(game: &Names<'_>, pos: &Position, route: &Move, i: usize) -> &'static str {
    if route.by_king {
        return "king";
    }
    let promotion = game.engine.layout.promotion[pos.side.index()];
    let crowned = route.path[..=i]
        .iter()
        .any(|&s| promotion & (1u64 << s) != 0);
    if crowned && game.rules.mid_capture_promotion == MidCapturePromotion::ContinueAsKing {
        "new king"
    } else {
        "man"
    }
}

/// What is physically wrong with a written capture route (bits), hop by
/// hop, if anything: a piece that is not on the diagonal, a man's jump that
/// does not land just beyond, an occupied landing square, a hop over
/// nothing, over an own piece, over two pieces or over a piece already taken
/// (Turkish strike: a piece is taken once and stays on the board until the
/// move ends), a man going on after a crowning that ends its move. `None`
/// when every hop can be made: then the route is refused by a rule of
/// choice (mandatory, most pieces, priority, going on), not by the board.
fn route_problem(game: &Names<'_>, pos: &Position, squares: &[u8], raw: &[Move]) -> Option<String> {
    let name = |b: u8| game.square(b);
    let engine = game.engine;
    let from = squares[0];
    let bit = |b: u8| 1u64 << b;
    // The moving piece has left its square.
    let occupied = pos.occupied() & !bit(from);
    let own = pos.own() & !bit(from);
    let mut king = pos.kings & bit(from) != 0;
    let mut taken = 0u64;
    let short = squares.len() == 2;
    for (i, hop) in squares.windows(2).enumerate() {
        let (a, b) = (hop[0], hop[1]);
        let Some((direction, path)) = between(engine, a, b) else {
            return Some(format!(
                "{} and {} are not on one diagonal",
                name(a),
                name(b)
            ));
        };
        if occupied & bit(b) != 0 {
            return Some(format!("{} is occupied", name(b)));
        }
        let forward = engine.layout.forward[pos.side.index()].contains(&direction);
        if !king && !forward && !game.rules.men_capture_backward {
            return Some("a man does not capture backward".to_string());
        }
        let jumps_one = path.len() == 1;
        if !jumps_one && (!king || !engine.flying()) {
            if short && !king {
                // Written short, it may stand for several jumps: say what
                // this man can take.
                let jumps: Vec<String> = raw
                    .iter()
                    .filter(|r| r.from == from)
                    .map(|r| game.full(r))
                    .collect();
                return Some(if jumps.is_empty() {
                    "a man captures by jumping to the square just beyond a piece".to_string()
                } else {
                    format!(
                        "a man captures by jumping to the square just beyond: {}",
                        shortlist(&jumps, ", ", " or ")
                    )
                });
            }
            let piece = if king { "king" } else { "man" };
            return Some(format!(
                "a {piece} captures by jumping to the square just beyond, not from {} to {}",
                name(a),
                name(b)
            ));
        }
        let pieces: Vec<u8> = path
            .iter()
            .copied()
            .filter(|&p| occupied & bit(p) != 0)
            .collect();
        if let Some(&again) = pieces.iter().find(|&&p| taken & bit(p) != 0) {
            return Some(format!(
                "{} is taken already: a piece is taken once and stays on the board until the move ends (Turkish strike)",
                name(again)
            ));
        }
        match pieces.as_slice() {
            [] if i == 0 => {
                return Some(format!(
                    "there is no piece to capture between {} and {}",
                    name(a),
                    name(b)
                ));
            }
            [] => {
                return Some(format!(
                    "no capture from {}: there is no piece between {} and {}",
                    name(a),
                    name(a),
                    name(b)
                ));
            }
            [p] if own & bit(*p) != 0 => {
                return Some(format!(
                    "a piece does not jump its own piece on {}",
                    name(*p)
                ));
            }
            [p] => taken |= bit(*p),
            [p, q, ..] => {
                return Some(format!(
                    "one jump takes one piece, but {} and {} stand between {} and {}",
                    name(*p),
                    name(*q),
                    name(a),
                    name(b)
                ));
            }
        }
        if !king && engine.layout.promotion[pos.side.index()] & bit(b) != 0 {
            match game.rules.mid_capture_promotion {
                MidCapturePromotion::ContinueAsKing => king = true,
                MidCapturePromotion::EndsMove if i + 2 < squares.len() => {
                    return Some(format!(
                        "the man is crowned on {} and its move ends there",
                        name(b)
                    ));
                }
                _ => {}
            }
        }
    }
    None
}

/// What is physically wrong with a written quiet move, if anything (`None`
/// when the piece could make it, were no capture due).
fn quiet_problem(game: &Names<'_>, pos: &Position, from: u8, to: u8) -> Option<String> {
    let name = |b: u8| game.square(b);
    let engine = game.engine;
    let king = pos.kings & (1u64 << from) != 0;
    match between(engine, from, to) {
        None => Some(format!(
            "{} and {} are not on one diagonal",
            name(from),
            name(to)
        )),
        Some(_) if pos.occupied() & (1u64 << to) != 0 => Some(format!("{} is occupied", name(to))),
        Some((d, path)) if !king => {
            if !engine.layout.forward[pos.side.index()].contains(&d) {
                Some("a man does not move backward".to_string())
            } else if !path.is_empty() {
                Some("a man moves one square diagonally forward".to_string())
            } else {
                None
            }
        }
        Some((_, path)) => {
            if let Some(&blocker) = path.iter().find(|&&s| pos.occupied() & (1u64 << s) != 0) {
                Some(format!(
                    "the diagonal from {} to {} is blocked on {}",
                    name(from),
                    name(to),
                    name(blocker)
                ))
            } else if !engine.flying() && !path.is_empty() {
                Some("a king moves one square diagonally".to_string())
            } else {
                None
            }
        }
    }
}

/// Explains why no legal route matches the written squares (bits).
/// `capture_written`: the text used a capture separator.
pub fn explain(
    game: &Names<'_>,
    pos: &Position,
    squares: &[u8],
    capture_written: bool,
    routes: &[Move],
) -> LegalityError {
    let name = |b: u8| game.square(b);
    let engine = game.engine;
    let from = squares[0];
    let to = squares[squares.len() - 1];
    let written: Vec<String> = squares.iter().map(|&s| name(s)).collect();
    let side = pos.side;
    let legal = legal_moves(engine, pos);
    let bit = 1u64 << from;
    if pos.occupied() & bit == 0 {
        return LegalityError::illegal(
            format!("there is no piece on {}", name(from)),
            Some(format!("{side} can play {}", list(game, &legal))),
        );
    }
    if pos.own() & bit == 0 {
        return LegalityError::illegal(
            format!(
                "{} holds a {} piece; it is {side}'s turn",
                name(from),
                pos.side.opposite()
            ),
            None,
        );
    }
    let piece_moves: Vec<Move> = legal.iter().filter(|m| m.from == from).cloned().collect();
    let names: Vec<String> = piece_moves.iter().map(|m| game.full(m)).collect();
    let help = Some(moves_of(&name(from), "piece", &names, ", ", " or "));
    let raw = raw_captures(engine, pos);
    let capture = capture_written || squares.len() > 2;
    if capture && !raw.iter().any(|r| route_matches(r, squares)) {
        if let Some(problem) = route_problem(game, pos, squares, &raw) {
            return LegalityError::illegal(problem, help);
        }
    }
    if !capture {
        if let Some(problem) = quiet_problem(game, pos, from, to) {
            return LegalityError::illegal(problem, help);
        }
    }
    if legal.first().is_some_and(Move::is_capture) {
        if raw.iter().any(|r| route_matches(r, squares)) {
            if engine.king_priority() && !raw.iter().any(|r| route_matches(r, squares) && r.by_king)
            {
                return LegalityError::illegal(
                    format!("a king must capture when it can: {}", list(game, &legal)),
                    None,
                );
            }
            let best = legal
                .iter()
                .map(|m| m.captured.count_ones())
                .max()
                .unwrap_or(0);
            let taken = raw
                .iter()
                .filter(|r| route_matches(r, squares))
                .map(|r| r.captured.count_ones())
                .max()
                .unwrap_or(0);
            return LegalityError::illegal(
                format!(
                    "the most pieces must be captured: {best} can be taken ({}), {} takes {taken}",
                    list(game, &legal),
                    written.join(&game.rules.capture_separator)
                ),
                None,
            );
        }
        // The sequence stops where it must go on.
        for source in [routes, raw.as_slice()] {
            for route in source {
                for i in 0..route.path.len().saturating_sub(1) {
                    if route.path[i] != to {
                        continue;
                    }
                    let mut prefix = route.clone();
                    prefix.path.truncate(i + 1);
                    if !route_matches(&prefix, squares) {
                        continue;
                    }
                    let next = route.path[i + 1];
                    let target = captured_between(game, route, to, next).unwrap_or(next);
                    return LegalityError::illegal(
                        format!(
                            "the capture must continue: from {} the {} can take on {}",
                            name(to),
                            piece_word(game, pos, route, i),
                            name(target)
                        ),
                        Some(format!("complete sequences: {}", list(game, &legal))),
                    );
                }
            }
        }
        // A king stopped beyond a piece where it could land and go on elsewhere.
        if squares.len() >= 2 && pos.kings & bit != 0 {
            let before = squares[squares.len() - 2];
            let mut better = Vec::new();
            for route in routes {
                let k = squares.len() - 2;
                if route.from != from || route.path.len() <= k {
                    continue;
                }
                let prefix_ok = squares[1..=k].iter().zip(&route.path).all(|(a, b)| a == b);
                if !prefix_ok {
                    continue;
                }
                let land = route.path[k];
                let same_line = between(engine, before, land)
                    .zip(between(engine, before, to))
                    .is_some_and(|((d1, _), (d2, _))| d1 == d2);
                if same_line && land != to && !better.contains(&land) {
                    better.push(land);
                }
            }
            if !better.is_empty() {
                let names: Vec<String> = better.iter().map(|&b| name(b)).collect();
                return LegalityError::illegal(
                    format!(
                        "the capture must continue: the king must land on {} from where it can capture again",
                        names.join(" or ")
                    ),
                    Some(format!("complete sequences: {}", list(game, &legal))),
                );
            }
        }
        return LegalityError::illegal(
            format!("capture is mandatory: {}", list(game, &legal)),
            None,
        );
    }
    if squares.len() > 2 || capture_written {
        return LegalityError::illegal(
            format!(
                "{} is not possible: there is nothing to capture",
                written.join(&game.rules.capture_separator)
            ),
            help,
        );
    }
    let reason = quiet_problem(game, pos, from, to)
        .unwrap_or_else(|| format!("{} cannot be played here", written.join("-")));
    LegalityError::illegal(reason, help)
}
