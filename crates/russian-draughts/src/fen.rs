//! PDN FEN: `W:W21,22,K30:B1-12` (numeric, with ranges) or
//! `W:Wa1,c1,Kd4:Bf8` (algebraic), read with every problem reported.

use crate::layout::Layout;
use crate::position::Position;
use crate::rules::SquareNotation;
use crate::squares::{parse_square, write_square};
use board_core::notation::Bits;
use board_core::notation::fen::{self, Field, FieldReader, FieldSpec, Problems, SideLetters};
use board_core::{Graph, NodeId, PositionError, PositionProblem, PositionProblemKind, Side};

/// The fields of a draughts FEN: piece lists (each colour may come more
/// than once) and lidraughts' counters, which are ignored.
const FIELDS: &[FieldSpec] = &[
    FieldSpec::repeatable('W', "White's pieces"),
    FieldSpec::repeatable('B', "Black's pieces"),
    FieldSpec::repeatable('H', "lidraughts' half-move counter, ignored"),
    FieldSpec::repeatable('F', "lidraughts' move number, ignored"),
];

/// Reads a PDN FEN. Accepts a trailing `.`, empty piece lists (`W:W:B1`),
/// numeric ranges, `K` before any square, and ignores lidraughts' `H` and
/// `F` counters.
pub fn parse_fen(graph: &Graph, layout: &Layout, text: &str) -> Result<Position, PositionError> {
    let mut problems = Problems::new();
    let body = text.trim();
    let body = body.strip_suffix('.').unwrap_or(body);
    let (side, fields) = fen::start(body, SideLetters::WHITE_BLACK, &mut problems);
    let mut pieces = [0u64; 2];
    let mut kings = 0u64;
    let mut seen: Vec<(NodeId, Side, String)> = Vec::new();
    let mut lists = 0;
    let mut reader = FieldReader::new(FIELDS);
    for &field in &fields {
        let (tag, rest) = match reader.read(field, &mut problems) {
            None => continue,
            // `W::` (an empty position, seen in English problem files).
            Some(Field::Empty) => {
                lists += 1;
                continue;
            }
            Some(Field::Tagged { tag, body }) => (tag, body),
        };
        let colour = match Side::from_letter(tag) {
            Some(colour) => colour,
            None if rest.bytes().all(|c| c.is_ascii_digit()) => continue,
            None => {
                reader.unknown(field, &mut problems);
                continue;
            }
        };
        lists += 1;
        let what = FIELDS[colour.index()].what;
        for item in fen::entries(rest, what, &mut problems) {
            let (king, squares) = match fen::strip_marker(item, &['K', 'k']) {
                (Some(_), s) => (true, s),
                (None, s) => (false, s),
            };
            if squares.is_empty() {
                problems.push(
                    PositionProblemKind::BadPiece,
                    format!("`{item}`: a square must follow K"),
                );
                continue;
            }
            let nodes = match expand(graph, squares) {
                Ok(nodes) => nodes,
                Err(problem) => {
                    problems.push(problem.kind, problem.message);
                    continue;
                }
            };
            for n in nodes {
                if let Some((_, owner, earlier)) = seen.iter().find(|(m, _, _)| *m == n) {
                    problems.push(
                        PositionProblemKind::Duplicate,
                        format!(
                            "square {} is listed twice ({owner}'s `{earlier}` and {colour}'s `{item}`)",
                            describe(graph, n)
                        ),
                    );
                    continue;
                }
                seen.push((n, colour, item.to_string()));
                let bit = Bits::bit(layout.bit(n));
                pieces[colour.index()] |= bit;
                if king {
                    kings |= bit;
                } else if layout.promotion[colour.index()] & bit != 0 {
                    problems.push(
                        PositionProblemKind::Unreachable,
                        format!(
                            "a {colour} man on {} stands on its promotion rank (it would be a king: write K{})",
                            describe(graph, n),
                            squares
                        ),
                    );
                }
            }
        }
    }
    if lists == 0 && side.is_some() {
        problems.push(
            PositionProblemKind::MissingField,
            "no piece lists: expected `:W…:B…` after the side to move",
        );
    }
    match side {
        Some(side) => problems.result(Position {
            pieces,
            kings,
            side,
        }),
        None => Err(problems.into_error()),
    }
}

fn describe(graph: &Graph, n: NodeId) -> String {
    match graph.number(n) {
        Some(k) => format!("{} ({k})", graph.label(n)),
        None => graph.label(n).to_string(),
    }
}

/// One entry of a list: a square, or a numeric range `31-50`.
fn expand(graph: &Graph, text: &str) -> Result<Vec<NodeId>, PositionProblem> {
    let one = |s: &str| {
        parse_square(graph, s.trim()).map_err(|e| {
            PositionProblem::new(
                PositionProblemKind::UnknownSquare,
                e.describe(s.trim(), graph),
            )
        })
    };
    match fen::range(text) {
        None => one(text).map(|n| vec![n]),
        Some(range) => {
            let numbers = range?;
            let (a, b) = text.split_once('-').unwrap_or((text, text));
            let (na, nb) = (one(a)?, one(b)?);
            let numbers = fen::ascending(text, numbers)?;
            debug_assert_eq!(
                (graph.number(na), graph.number(nb)),
                (Some(numbers.0 as u16), Some(numbers.1 as u16))
            );
            Ok((numbers.0..=numbers.1)
                .filter_map(|k| graph.node_by_number(k))
                .collect())
        }
    }
}

/// Writes a position as a PDN FEN in the given square notation, squares in
/// ascending order, kings marked `K`.
pub fn write_fen(
    graph: &Graph,
    layout: &Layout,
    pos: &Position,
    notation: SquareNotation,
) -> String {
    let mut out = String::from(pos.side.letter());
    for side in [Side::White, Side::Black] {
        out.push(':');
        out.push(side.letter());
        let mut nodes: Vec<NodeId> = Bits(pos.pieces[side.index()])
            .filter_map(|b| layout.node(b))
            .collect();
        match notation {
            SquareNotation::Numeric if graph.numbered_count() > 0 => {
                nodes.sort_by_key(|&n| graph.number(n));
            }
            _ => nodes.sort(),
        }
        let items: Vec<String> = nodes
            .iter()
            .map(|&n| {
                let k = if pos.kings & (1 << layout.bit(n)) != 0 {
                    "K"
                } else {
                    ""
                };
                format!("{k}{}", write_square(graph, n, notation))
            })
            .collect();
        out.push_str(&items.join(","));
    }
    out
}
