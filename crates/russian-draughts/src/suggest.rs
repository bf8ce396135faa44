//! "Did you mean": the one legal move a refused move text plainly meant
//! ([`board_core::Notation::did_you_mean`]). Every kind of slip is tried;
//! a suggestion is made only when all that fit name one and the same legal
//! move.

use crate::moves::{Move, legal_moves, route_matches};
use crate::names::Names;
use crate::notation::parse_move_text;
use crate::position::Position;
use board_core::{Graph, NodeId, Slip, Suggestion};

/// Characters seen between the squares of a move that are no separator:
/// typographic dashes (word processors), `.`, `*`, `=`, `_`.
const NOT_SEPARATORS: [char; 8] = ['–', '—', '−', '‐', '.', '*', '=', '_'];

/// A numbering of the board's squares other than the profile's, and its
/// words (`1 = a1 … 32 = h8`).
struct Numbering {
    /// The node of each number, from 1.
    order: Vec<NodeId>,
    words: String,
}

/// The numberings a numeric file may use instead of the profile's: the one
/// a real library writes (`pdn-notes`: pydraughts numbers Russian squares
/// row by row from White's side, 1 = a1 … 32 = h8). The profile's own seen
/// from the other side is not tried: from the start position it names a
/// legal move wherever this one does, and no file is known to use it.
fn other_numberings(graph: &Graph) -> Vec<Numbering> {
    let count = graph.numbered_count();
    let own: Vec<NodeId> = (1..=count)
        .filter_map(|k| graph.node_by_number(k))
        .collect();
    if own.len() != count || count == 0 {
        return Vec::new();
    }
    let mut from_white = own.clone();
    from_white.sort_by_key(|&n| (graph.node(n).y, graph.node(n).x));
    if from_white == own {
        return Vec::new();
    }
    let words = format!(
        "1 = {} … {count} = {}",
        graph.label(from_white[0]),
        graph.label(from_white[count - 1])
    );
    vec![Numbering {
        order: from_white,
        words,
    }]
}

/// The one legal move the written squares (bits) name, as `parse_move`
/// would find it (every landing written picks that route's move).
fn named(legal: &[Move], squares: &[u8]) -> Option<Move> {
    let mut found: Vec<&Move> = Vec::new();
    for m in legal.iter().filter(|m| route_matches(m, squares)) {
        if !found.contains(&m) {
            found.push(m);
        }
    }
    if found.len() > 1 {
        found.retain(|m| m.path[..] == squares[1..]);
    }
    match found[..] {
        [one] => Some(one.clone()),
        _ => None,
    }
}

/// Whether a move text names its squares by number only.
fn numeric(text: &str) -> bool {
    text.bytes().any(|b| b.is_ascii_digit())
        && !text
            .bytes()
            .any(|b| b.is_ascii_alphabetic() && !matches!(b, b'x' | b'X'))
}

/// The one legal move `text` plainly meant in `pos`, if exactly one fits.
pub fn did_you_mean(names: &Names<'_>, pos: &Position, text: &str) -> Option<Suggestion<Move>> {
    if pos.enemy() == 0 {
        return None;
    }
    let legal = legal_moves(names.engine, pos);
    let graph = names.graph;
    let bits = |nodes: &mut dyn Iterator<Item = NodeId>| -> Vec<u8> {
        nodes.map(|n| names.engine.layout.bit(n) as u8).collect()
    };
    let mut fits: Vec<Suggestion<Move>> = Vec::new();
    let mut fit = |mv: Move, slip: Slip, why: String| fits.push(Suggestion { mv, slip, why });
    match parse_move_text(graph, text) {
        Ok(written) => {
            let squares = bits(&mut written.squares.iter().map(|(n, _)| *n));
            // Another numbering first: it explains a whole game.
            if numeric(text) {
                for numbering in other_numberings(graph) {
                    let read: Option<Vec<u8>> = written
                        .squares
                        .iter()
                        .map(|(n, _)| {
                            let k = usize::from(graph.number(*n)?);
                            numbering.order.get(k - 1).copied()
                        })
                        .map(|n| n.map(|n| names.engine.layout.bit(n) as u8))
                        .collect();
                    if let Some(mv) = read.and_then(|s| named(&legal, &s)) {
                        let first = graph.node_by_number(1).map_or("", |n| graph.label(n));
                        let last = graph
                            .node_by_number(graph.numbered_count())
                            .map_or("", |n| graph.label(n));
                        fit(
                            mv,
                            Slip::OtherNumbering,
                            format!(
                                "squares numbered {} as some programs do, not 1 = {first} … {} = {last} as PDN does",
                                numbering.words,
                                graph.numbered_count()
                            ),
                        );
                    }
                }
            }
            if let [a, b] = squares[..] {
                if let Some(mv) = named(&legal, &[b, a]) {
                    fit(
                        mv,
                        Slip::SwappedSquares,
                        "the two squares swapped".to_string(),
                    );
                }
            }
            if squares.len() >= 3 {
                let (from, to) = (squares[0], squares[squares.len() - 1]);
                let same: Vec<&Move> = legal
                    .iter()
                    .filter(|m| m.from == from && m.to() == to && m.path.len() == squares.len() - 1)
                    .collect();
                if let [one] = same[..] {
                    if !route_matches(one, &squares) {
                        fit(
                            one.clone(),
                            Slip::WrongIntermediate,
                            "a wrong intermediate square".to_string(),
                        );
                    }
                }
            }
        }
        Err(_) => {
            let used: Vec<char> = NOT_SEPARATORS
                .iter()
                .copied()
                .filter(|c| text.contains(*c))
                .collect();
            if let [c] = used[..] {
                let mended = text.replace(c, "-");
                if let Ok(written) = parse_move_text(graph, &mended) {
                    let squares = bits(&mut written.squares.iter().map(|(n, _)| *n));
                    if let Some(mv) = named(&legal, &squares) {
                        let what = if mv.is_capture() {
                            "a capture"
                        } else {
                            "a move"
                        };
                        let why = format!("{what} written with `{c}`, which is no separator");
                        fit(mv, Slip::WrongSeparator, why);
                    }
                }
            }
        }
    }
    let mv = fits.first()?.mv.clone();
    if fits.iter().all(|s| s.mv == mv) {
        fits.into_iter().next()
    } else {
        None
    }
}
