//! Square names: algebraic labels (`c3`) and PDN numbers (`22`), read and
//! written against the board graph.

use crate::rules::SquareNotation;
use board_core::{Graph, NodeId};

/// Why a square name does not name a playing square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SquareError {
    /// Not a square name at all.
    Malformed,
    /// An algebraic name outside the board.
    OffBoard,
    /// An algebraic name of a square of the non-playing colour.
    LightSquare,
    /// A number outside 1..=n.
    OutOfRange,
}

impl SquareError {
    /// A sentence for a player, naming the square as written.
    pub fn describe(&self, text: &str, graph: &Graph) -> String {
        let n = graph.numbered_count();
        match self {
            SquareError::Malformed => format!("`{text}` is not a square name"),
            SquareError::OffBoard => {
                let (_, _, w, h) = graph.bounds();
                let last = format!("{}{}", char::from(b'a' + w as u8), h + 1);
                format!("`{text}` is not a square of this board (a1–{last})")
            }
            SquareError::LightSquare => {
                format!("`{text}` is a light square; draughts is played on the dark squares")
            }
            SquareError::OutOfRange if n > 0 => {
                format!("`{text}` is not a square number of this board (1–{n})")
            }
            SquareError::OutOfRange => format!("`{text}`: this board has no square numbers"),
        }
    }
}

/// Reads an algebraic (`c3`, `j10`) or numeric (`22`) square.
pub fn parse_square(graph: &Graph, text: &str) -> Result<NodeId, SquareError> {
    let bytes = text.as_bytes();
    if !bytes.is_empty() && bytes.iter().all(u8::is_ascii_digit) {
        let k: usize = text.parse().map_err(|_| SquareError::OutOfRange)?;
        return graph.node_by_number(k).ok_or(SquareError::OutOfRange);
    }
    let (file, rank) = match bytes.split_first() {
        Some((&f, rest))
            if f.is_ascii_lowercase()
                && !rest.is_empty()
                && rest.len() <= 3
                && rest.iter().all(u8::is_ascii_digit)
                && rest[0] != b'0' =>
        {
            (f, &text[1..])
        }
        _ => return Err(SquareError::Malformed),
    };
    if let Some(n) = graph.node_by_label(text) {
        return Ok(n);
    }
    let x = i32::from(file - b'a');
    let y: i32 = rank.parse::<i32>().map_err(|_| SquareError::Malformed)? - 1;
    let (min_x, min_y, max_x, max_y) = graph.bounds();
    if (min_x..=max_x).contains(&x) && (min_y..=max_y).contains(&y) {
        Err(SquareError::LightSquare)
    } else {
        Err(SquareError::OffBoard)
    }
}

/// Writes a square in the given notation (algebraic when the board has no
/// numbers).
pub fn write_square(graph: &Graph, n: NodeId, notation: SquareNotation) -> String {
    match (notation, graph.number(n)) {
        (SquareNotation::Numeric, Some(k)) => k.to_string(),
        _ => graph.label(n).to_string(),
    }
}
