//! Reading a point label (`c3`, `j10`) at a byte offset of a move text,
//! and the separators written between labels.

use crate::game::SyntaxError;
use crate::graph::Graph;
use crate::node::NodeId;

/// Whether `b` is one of the one-byte separators written between the
/// points of a move (`c3-d4`, `35x24`, `d4:f6`): `-`, `x`, `X` and `:`. A
/// move that ends with one (`35x` at a line's end) goes on in the next
/// word.
///
/// ```
/// use board_core::notation::is_move_separator;
/// assert!(is_move_separator(b':') && is_move_separator(b'X'));
/// assert!(!is_move_separator(b'.') && !is_move_separator(b'3'));
/// ```
#[inline(always)]
pub fn is_move_separator(b: u8) -> bool {
    // A table: one load where the comparisons took four instructions, in
    // the record reader's test of every word.
    MOVE_SEPARATORS[usize::from(b)]
}

/// [`is_move_separator`] as a table.
static MOVE_SEPARATORS: [bool; 256] = super::byte_set(false, b"-xX:");

/// Whether a move text may write a label in another case than the board's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LabelCase {
    /// Only as the board writes it (`c3`; `C3` is an error that says so).
    Exact,
    /// In any case (`C3` reads as `c3`).
    Any,
}

/// Reads the point label at byte `at` of `text`: ASCII letters then digits
/// (`c3`, `j10`). Gives the node and the length read, or a syntax error
/// whose span points at what is there instead. `noun` is what the game
/// calls a point (`point`, `cell`), `example` a label of its boards.
///
/// ```
/// use board_core::board_spec::{BoardSpec, Connections, GridSpec, Numbering, Squares};
/// use board_core::notation::{LabelCase, read_label};
/// let graph = BoardSpec::Grid(GridSpec {
///     width: 3,
///     height: 3,
///     squares: Squares::All,
///     connections: Connections::Orthogonal,
///     numbering: Numbering::None,
/// })
/// .build()
/// .expect("a 3×3 board");
/// let (node, len) = read_label(&graph, "a1-b2", 3, LabelCase::Exact, "point", "b2").unwrap();
/// assert_eq!((graph.label(node), len), ("b2", 2));
/// let e = read_label(&graph, "a1-z9", 3, LabelCase::Exact, "point", "b2").unwrap_err();
/// assert_eq!((e.span, e.message.as_str()), (3..5, "`z9` is not a point of this board"));
/// ```
pub fn read_label(
    graph: &Graph,
    text: &str,
    at: usize,
    case: LabelCase,
    noun: &str,
    example: &str,
) -> Result<(NodeId, usize), SyntaxError> {
    let rest = &text[at..];
    let letters = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
    let digits = rest[letters..]
        .bytes()
        .take_while(u8::is_ascii_digit)
        .count();
    let len = letters + digits;
    if len == 0 {
        return Err(match rest.chars().next() {
            Some(c) => SyntaxError::new(
                at..at + c.len_utf8(),
                format!("expected a {noun} (such as {example}), found `{c}`"),
            ),
            None => match text[..at].chars().next_back() {
                Some(c) => SyntaxError::new(
                    at - c.len_utf8()..at,
                    format!("a {noun} (such as {example}) is missing after `{c}`"),
                ),
                None => {
                    SyntaxError::new(at..at, format!("a {noun} (such as {example}) is missing"))
                }
            },
        });
    }
    let label = &rest[..len];
    if let Some(n) = graph.node_by_label(label) {
        return Ok((n, len));
    }
    let lower = label.to_ascii_lowercase();
    match (graph.node_by_label(&lower), case) {
        (Some(n), LabelCase::Any) => Ok((n, len)),
        (Some(_), LabelCase::Exact) => Err(SyntaxError::new(
            at..at + len,
            format!("`{label}`: {noun}s are written in lower case, as in `{lower}`"),
        )),
        (None, _) => Err(SyntaxError::new(
            at..at + len,
            format!("`{label}` is not a {noun} of this board"),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board_spec::{BoardSpec, Connections, GridSpec, Numbering, Squares};

    fn grid() -> Graph {
        BoardSpec::Grid(GridSpec {
            width: 3,
            height: 12,
            squares: Squares::All,
            connections: Connections::Orthogonal,
            numbering: Numbering::None,
        })
        .build()
        .expect("graph")
    }

    #[test]
    fn labels_are_read_with_their_length_or_a_spanned_error() {
        let g = grid();
        let read = |t: &str, at: usize, case| read_label(&g, t, at, case, "point", "c3");
        let (n, len) = read("c12:a1", 0, LabelCase::Exact).expect("c12");
        assert_eq!((g.label(n), len), ("c12", 3));
        let (n, len) = read("xC3", 1, LabelCase::Any).expect("C3");
        assert_eq!((g.label(n), len), ("c3", 2));
        let e = read("C3", 0, LabelCase::Exact).expect_err("upper case");
        assert_eq!(
            e.message,
            "`C3`: points are written in lower case, as in `c3`"
        );
        let e = read("a1-", 3, LabelCase::Exact).expect_err("missing");
        assert_eq!(e.span, 2..3);
        assert_eq!(e.message, "a point (such as c3) is missing after `-`");
        let e = read("", 0, LabelCase::Exact).expect_err("empty");
        assert_eq!(
            (e.span, e.message.as_str()),
            (0..0, "a point (such as c3) is missing")
        );
        let e = read("a1-é", 3, LabelCase::Exact).expect_err("other");
        assert_eq!(e.span, 3..5);
        assert_eq!(e.message, "expected a point (such as c3), found `é`");
        let e = read("d4", 0, LabelCase::Any).expect_err("off the board");
        assert_eq!(e.message, "`d4` is not a point of this board");
    }
}
