//! Reading a point label (`c3`, `j10`) at a byte offset of a move text,
//! and the short labels (`d1`) read without hashing ([`ShortLabels`]).

use crate::game::SyntaxError;
use crate::graph::Graph;
use crate::node::NodeId;

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

/// The labels of a board that are a lowercase letter other than `x` and a
/// digit from 1 to 9 (`d1`), by letter and digit: what [`read_label`] finds
/// for such a text, read without hashing. Built once per board, for the
/// common move texts a game reads on its fast path.
///
/// ```
/// use board_core::board_spec::{BoardSpec, Connections, GridSpec, Numbering, Squares};
/// use board_core::notation::ShortLabels;
/// let graph = BoardSpec::Grid(GridSpec {
///     width: 3,
///     height: 12,
///     squares: Squares::All,
///     connections: Connections::Orthogonal,
///     numbering: Numbering::None,
/// })
/// .build()
/// .expect("a 3×12 board");
/// let labels = ShortLabels::new(&graph);
/// let b2 = labels.at(b"a1-b2", 3).expect("b2");
/// assert_eq!(graph.label(b2), "b2");
/// assert_eq!(labels.at(b"c12", 0), None); // a longer label: read the general way
/// assert_eq!(labels.at(b"d4", 0), None); // no such point
/// ```
#[derive(Clone, Debug)]
pub struct ShortLabels {
    /// Node index + 1 at `letter * 9 + digit - 1`, 0 for no node.
    index: Vec<u16>,
}

impl ShortLabels {
    /// The short labels of a board.
    pub fn new(graph: &Graph) -> ShortLabels {
        let mut index = vec![0; 26 * 9];
        for n in graph.node_ids() {
            let label = graph.label(n);
            if let [l @ b'a'..=b'z', d @ b'1'..=b'9'] = *label.as_bytes() {
                // The node `read_label` finds for this text.
                if let Some(m) = graph.node_by_label(label).filter(|_| l != b'x') {
                    index[usize::from(l - b'a') * 9 + usize::from(d - b'1')] = m.index() as u16 + 1;
                }
            }
        }
        ShortLabels { index }
    }

    /// The node whose short label stands at byte `at` of `text`, when no
    /// digit follows it (`d10` is another label); `None` for anything else.
    #[inline]
    pub fn at(&self, text: &[u8], at: usize) -> Option<NodeId> {
        let (&l, &d) = (text.get(at)?, text.get(at + 1)?);
        if !l.is_ascii_lowercase() || !(b'1'..=b'9').contains(&d) {
            return None;
        }
        if text.get(at + 2).is_some_and(u8::is_ascii_digit) {
            return None;
        }
        let n = self.index[usize::from(l - b'a') * 9 + usize::from(d - b'1')];
        n.checked_sub(1).map(|i| NodeId::new(usize::from(i)))
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
