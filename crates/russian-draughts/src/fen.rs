//! PDN FEN: `W:W21,22,K30:B1-12` (numeric, with ranges) or
//! `W:Wa1,c1,Kd4:Bf8` (algebraic), read with every problem reported.

use crate::layout::{Bits, Layout};
use crate::position::Position;
use crate::rules::SquareNotation;
use crate::squares::{parse_square, write_square};
use board_core::{Graph, NodeId, PositionError, Side};

fn side_letter(c: &str) -> Option<Side> {
    match c {
        "W" | "w" => Some(Side::White),
        "B" | "b" => Some(Side::Black),
        _ => None,
    }
}

fn side_word(side: Side) -> &'static str {
    match side {
        Side::White => "White",
        Side::Black => "Black",
    }
}

/// Reads a PDN FEN. Accepts a trailing `.`, empty piece lists (`W:W:B1`),
/// numeric ranges, `K` before any square, and ignores lidraughts' `H` and
/// `F` counters.
pub fn parse_fen(graph: &Graph, layout: &Layout, text: &str) -> Result<Position, PositionError> {
    let mut problems = Vec::new();
    let body = text.trim();
    let body = body.strip_suffix('.').unwrap_or(body).trim_end();
    let mut fields = body.split(':');
    let side_text = fields.next().unwrap_or("").trim();
    let side = side_letter(side_text);
    if side.is_none() {
        if side_text.is_empty() {
            problems.push("the side to move is missing: a FEN starts with W or B".to_string());
        } else {
            problems.push(format!(
                "the side to move must be W or B, not `{side_text}`"
            ));
        }
    }
    let mut pieces = [0u64; 2];
    let mut kings = 0u64;
    let mut seen: Vec<(NodeId, String)> = Vec::new();
    let mut lists = 0;
    for field in fields {
        let field = field.trim();
        let (head, rest) = field.split_at(field.chars().next().map_or(0, char::len_utf8));
        let colour = match head {
            "W" | "w" => Side::White,
            "B" | "b" => Side::Black,
            "H" | "F" if rest.chars().all(|c| c.is_ascii_digit()) => continue,
            "" => {
                // `W::` (an empty position, seen in English problem files).
                lists += 1;
                continue;
            }
            _ => {
                problems.push(format!(
                    "`{field}`: a piece list starts with W or B (the colour of its pieces)"
                ));
                continue;
            }
        };
        lists += 1;
        let rest = rest.trim();
        if rest.is_empty() {
            continue;
        }
        for item in rest.split(',') {
            let item = item.trim();
            let (king, squares) = match item.strip_prefix(['K', 'k']) {
                Some(s) => (true, s.trim()),
                None => (false, item),
            };
            if squares.is_empty() {
                problems.push(if item.is_empty() {
                    "an empty entry in a piece list (two commas in a row)".to_string()
                } else {
                    format!("`{item}`: a square must follow K")
                });
                continue;
            }
            let nodes = match expand(graph, squares) {
                Ok(nodes) => nodes,
                Err(problem) => {
                    problems.push(problem);
                    continue;
                }
            };
            for n in nodes {
                if let Some((_, earlier)) = seen.iter().find(|(m, _)| *m == n) {
                    problems.push(format!(
                        "square {} is listed twice (`{earlier}` and `{item}`)",
                        describe(graph, n)
                    ));
                    continue;
                }
                seen.push((n, item.to_string()));
                let bit = 1u64 << layout.bit(n);
                pieces[colour.index()] |= bit;
                if king {
                    kings |= bit;
                } else if layout.promotion[colour.index()] & bit != 0 {
                    problems.push(format!(
                        "a {} man on {} stands on its promotion rank (it would be a king: write K{})",
                        side_word(colour),
                        describe(graph, n),
                        squares
                    ));
                }
            }
        }
    }
    if lists == 0 && side.is_some() {
        problems.push("no piece lists: expected `:W…:B…` after the side to move".to_string());
    }
    match side {
        Some(side) if problems.is_empty() => Ok(Position {
            pieces,
            kings,
            side,
        }),
        _ => Err(PositionError { problems }),
    }
}

fn describe(graph: &Graph, n: NodeId) -> String {
    match graph.number(n) {
        Some(k) => format!("{} ({k})", graph.label(n)),
        None => graph.label(n).to_string(),
    }
}

/// One entry of a list: a square, or a numeric range `31-50`.
fn expand(graph: &Graph, text: &str) -> Result<Vec<NodeId>, String> {
    let one = |s: &str| parse_square(graph, s.trim()).map_err(|e| e.describe(s.trim(), graph));
    match text.split_once('-') {
        None => one(text).map(|n| vec![n]),
        Some((a, b)) => {
            let numeric =
                |s: &str| !s.trim().is_empty() && s.trim().bytes().all(|c| c.is_ascii_digit());
            if !numeric(a) || !numeric(b) {
                return Err(format!(
                    "`{text}`: ranges are written with square numbers only"
                ));
            }
            let (na, nb) = (one(a)?, one(b)?);
            let (ka, kb) = (
                graph.number(na).map_or(0, usize::from),
                graph.number(nb).map_or(0, usize::from),
            );
            if ka > kb {
                return Err(format!(
                    "`{text}`: a range goes from the lower number to the higher"
                ));
            }
            Ok((ka..=kb).filter_map(|k| graph.node_by_number(k)).collect())
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
    let mut out = String::from(match pos.side {
        Side::White => "W",
        Side::Black => "B",
    });
    for side in [Side::White, Side::Black] {
        out.push(':');
        out.push(match side {
            Side::White => 'W',
            Side::Black => 'B',
        });
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
