//! Reading move text: squares joined by `-`, `x`, `:` (or nothing, as in
//! `a3b4` and `3228`), each square with its byte span for error messages.

use crate::squares::{SquareError, parse_square};
use board_core::notation::is_move_separator;
use board_core::{Graph, NodeId, SyntaxError};
use std::ops::Range;

/// A move as written: its squares in order, with their spans.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveText {
    /// The squares, first to last.
    pub squares: Vec<(NodeId, Range<usize>)>,
    /// Whether a capture separator (`x`, `:`) was used.
    pub capture_separator: bool,
}

/// A separator between squares: one of [`is_move_separator`], or `×`.
fn is_separator(c: char) -> bool {
    u8::try_from(c).is_ok_and(is_move_separator) || c == '×'
}

/// Splits a move text into squares. Whitespace around separators is
/// tolerated (`35x 4`); trailing move-strength marks (`!`, `?`) are ignored.
pub fn parse_move_text(graph: &Graph, text: &str) -> Result<MoveText, SyntaxError> {
    // Squares are read in either case in every game (`C3-D4` is `c3-d4`);
    // lowering ASCII keeps every byte offset.
    let lowered;
    let text = if text.bytes().any(|b| b.is_ascii_uppercase()) {
        lowered = text.to_ascii_lowercase();
        lowered.as_str()
    } else {
        text
    };
    let end = text.trim_end_matches(['!', '?', ' ', '\t']).len();
    let body = &text[..end];
    let mut squares = Vec::new();
    let mut capture_separator = false;
    let mut pending_separator: Option<Range<usize>> = None;
    let mut raw_tokens: Vec<Range<usize>> = Vec::new();
    let chars: Vec<(usize, char)> = body.char_indices().collect();
    let mut i = 0;
    while i < chars.len() {
        let (at, c) = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        if is_separator(c) {
            if squares.is_empty() && raw_tokens.is_empty() {
                return Err(SyntaxError::new(
                    at..at + c.len_utf8(),
                    format!("a move starts with a square, not `{c}`"),
                ));
            }
            if let Some(prev) = pending_separator {
                return Err(SyntaxError::new(
                    prev.start..at + c.len_utf8(),
                    "two separators in a row: a square is missing",
                ));
            }
            if c != '-' {
                capture_separator = true;
            }
            pending_separator = Some(at..at + c.len_utf8());
            i += 1;
            continue;
        }
        let start = at;
        let mut j = i;
        if c.is_ascii_lowercase() {
            j += 1;
        }
        while j < chars.len() && chars[j].1.is_ascii_digit() {
            j += 1;
        }
        if j == i || (c.is_ascii_lowercase() && j == i + 1) {
            let what = if c.is_ascii_lowercase() {
                format!("`{c}` must be followed by a rank number (`{c}3`)")
            } else {
                format!("unexpected `{c}`: a move is squares joined by `-`, `x` or `:`")
            };
            return Err(SyntaxError::new(start..start + c.len_utf8(), what));
        }
        let stop = chars.get(j).map_or(body.len(), |&(p, _)| p);
        let separated = pending_separator.take().is_some();
        if !squares.is_empty() && !separated && !c.is_ascii_lowercase() {
            return Err(SyntaxError::new(
                start..stop,
                "a separator (`-`, `x` or `:`) is missing before this square",
            ));
        }
        let token = &body[start..stop];
        if squares.is_empty()
            && !c.is_ascii_lowercase()
            && (token.len() == 3 || token.len() == 4)
            && j == chars.len()
        {
            // `3228`: two numeric squares written without a separator.
            let splits: Vec<usize> = if token.len() == 4 {
                vec![2]
            } else {
                vec![1, 2]
            };
            let valid: Vec<(NodeId, NodeId, usize)> = splits
                .into_iter()
                .filter_map(|k| {
                    let a = parse_square(graph, &token[..k]).ok()?;
                    let b = parse_square(graph, &token[k..]).ok()?;
                    Some((a, b, k))
                })
                .collect();
            if let [(a, b, k)] = valid[..] {
                squares.push((a, start..start + k));
                squares.push((b, start + k..stop));
                i = j;
                continue;
            }
            if token.len() == 4 || valid.len() > 1 {
                return Err(SyntaxError::new(
                    start..stop,
                    format!("`{token}`: write a separator between the two squares"),
                ));
            }
        }
        match parse_square(graph, token) {
            Ok(n) => squares.push((n, start..stop)),
            Err(e) => {
                let message = e.describe(token, graph);
                let message = if e == SquareError::Malformed {
                    format!("{message} (squares are written `c3` or `22`)")
                } else {
                    message
                };
                return Err(SyntaxError::new(start..stop, message));
            }
        }
        raw_tokens.push(start..stop);
        i = j;
    }
    if let Some(sep) = pending_separator {
        let c = &body[sep.clone()];
        return Err(SyntaxError::new(
            sep.end..sep.end,
            format!("`{c}` must be followed by a square"),
        ));
    }
    match squares.len() {
        0 => Err(SyntaxError::new(
            0..text.len(),
            "empty move: expected squares such as `c3-d4`",
        )),
        1 => {
            let span = squares[0].1.clone();
            Err(SyntaxError::new(
                span,
                "a move names at least two squares (`c3-d4`, `c3:e5`)",
            ))
        }
        _ => Ok(MoveText {
            squares,
            capture_separator,
        }),
    }
}

/// The most squares a move written in a common form may name for
/// [`quick_squares`] (longer texts go the general way).
pub const QUICK_SQUARES: usize = 32;

/// Square names to bits, built once per profile from the graph, for reading
/// the common forms of move text without allocating: every label of the
/// form letter + rank (`c3`, `j10`) and every square number.
#[derive(Clone, Debug)]
pub struct SquareTable {
    /// `(file, rank)` → bit, at `file * 100 + rank` (`NONE` if no square).
    algebraic: Vec<u8>,
    /// Square number → bit (`NONE` if no square).
    numeric: Vec<u8>,
    /// The squares written in two bytes, a letter and a digit from 1 to 9
    /// (`c3`) or a number from 10 to 99 (`32`) → bit, at index
    /// `first * 256 + second` (`NONE` for any other two bytes): the
    /// commonest squares read with one load, the index never out of range.
    two: Box<[u8; 256 * 256]>,
}

/// No square.
const NONE: u8 = u8::MAX;

impl SquareTable {
    /// The table of a graph; `bit` gives a node's bit in the layout.
    pub fn new(graph: &Graph, bit: impl Fn(NodeId) -> u32) -> SquareTable {
        let mut algebraic = vec![NONE; 26 * 100];
        for n in graph.node_ids() {
            let Some((file, rank)) = split_label(graph.label(n).as_bytes()) else {
                continue;
            };
            // The node `parse_square` finds for this text.
            if let Some(m) = graph.node_by_label(graph.label(n)) {
                algebraic[file * 100 + rank] = bit(m) as u8;
            }
        }
        let mut numeric = vec![NONE; 100];
        for (k, slot) in numeric.iter_mut().enumerate().skip(1) {
            if let Some(m) = graph.node_by_number(k) {
                *slot = bit(m) as u8;
            }
        }
        let mut two = Box::new([NONE; 256 * 256]);
        for file in 0..26u8 {
            if file == b'x' - b'a' {
                continue;
            }
            for rank in 1..=9u8 {
                let at = usize::from(b'a' + file) * 256 + usize::from(b'0' + rank);
                two[at] = algebraic[usize::from(file) * 100 + usize::from(rank)];
            }
        }
        for (k, &bit) in numeric.iter().enumerate().skip(10) {
            two[(usize::from(b'0') + k / 10) * 256 + usize::from(b'0') + k % 10] = bit;
        }
        SquareTable {
            algebraic,
            numeric,
            two,
        }
    }
}

impl SquareTable {
    /// The two squares of a text of the commonest form, `c3-d4`, `d4:b6`
    /// or `32-28` (two squares written in two bytes each, joined by `-`,
    /// `x`, `X` or `:`), as bits: what [`quick_squares`] reads there.
    #[inline(always)]
    pub(crate) fn pair(&self, text: &[u8]) -> Option<(u8, u8)> {
        let &[a1, a2, sep, b1, b2] = text else {
            return None;
        };
        if !is_move_separator(sep) {
            return None;
        }
        Some((self.two_bytes(a1, a2)?, self.two_bytes(b1, b2)?))
    }

    /// The bit of the square written in the two bytes `first`, `second`
    /// (`c3`, `32`), if there is one.
    #[inline(always)]
    fn two_bytes(&self, first: u8, second: u8) -> Option<u8> {
        let bit = self.two[usize::from(first) * 256 + usize::from(second)];
        (bit != NONE).then_some(bit)
    }
}

/// `c3` → (2, 3): a lowercase letter other than `x` (a separator) and a
/// rank of one or two digits without a leading zero.
fn split_label(label: &[u8]) -> Option<(usize, usize)> {
    match *label {
        [f @ b'a'..=b'z', r @ b'1'..=b'9'] if f != b'x' => {
            Some((usize::from(f - b'a'), usize::from(r - b'0')))
        }
        [f @ b'a'..=b'z', r @ b'1'..=b'9', s @ b'0'..=b'9'] if f != b'x' => Some((
            usize::from(f - b'a'),
            usize::from(r - b'0') * 10 + usize::from(s - b'0'),
        )),
        _ => None,
    }
}

/// The squares of a move text written in a common form, as bits, in order:
/// squares of the table (`c3`, `22`) joined by one `-`, `x`, `X` or `:`
/// each (or, before a letter, by nothing: `a3b4`), at least two, with
/// trailing `!`, `?` and blanks ignored.
///
/// `None` for anything else (blanks inside, `×`, `3228`, a square not on
/// the board, a syntax error): such texts go through [`parse_move_text`].
/// When this gives squares, [`parse_move_text`] gives the same.
#[inline(always)]
pub fn quick_squares<'a>(
    table: &SquareTable,
    text: &[u8],
    out: &'a mut [u8; QUICK_SQUARES],
) -> Option<&'a [u8]> {
    // The most common form, `c3-d4` / `32-28`, with nothing after it.
    if let Some((a, b)) = table.pair(text) {
        out[0] = a;
        out[1] = b;
        return Some(&out[..2]);
    }
    other_squares(table, text, out)
}

/// [`quick_squares`] of the texts of other forms.
#[inline(never)]
fn other_squares<'a>(
    table: &SquareTable,
    text: &[u8],
    out: &'a mut [u8; QUICK_SQUARES],
) -> Option<&'a [u8]> {
    let mut end = text.len();
    while end > 0 && matches!(text[end - 1], b'!' | b'?' | b' ' | b'\t') {
        end -= 1;
    }
    let body = &text[..end];
    // The most common form, `c3-d4` / `32-28`, in one step.
    if let Some((a, b)) = table.pair(body) {
        out[0] = a;
        out[1] = b;
        return Some(&out[..2]);
    }
    let mut len = 0;
    let mut i = 0;
    loop {
        // A square at `i`: a letter other than `x` and a rank, or a number;
        // one or two digits, the first not 0.
        let c = *body.get(i)?;
        let letter = c.is_ascii_lowercase() && c != b'x';
        let at = i + usize::from(letter);
        let first = body.get(at)?.wrapping_sub(b'1');
        if first > 8 {
            return None;
        }
        let mut value = usize::from(first) + 1;
        i = at + 1;
        if let Some(&d) = body.get(i) {
            if d.is_ascii_digit() {
                value = value * 10 + usize::from(d - b'0');
                i += 1;
                if body.get(i).is_some_and(u8::is_ascii_digit) {
                    return None;
                }
            }
        }
        let bit = if letter {
            table.algebraic[usize::from(c - b'a') * 100 + value]
        } else {
            table.numeric[value]
        };
        if bit == NONE || len == QUICK_SQUARES {
            return None;
        }
        out[len] = bit;
        len += 1;
        match body.get(i) {
            None if len >= 2 => return Some(&out[..len]),
            None => return None,
            Some(&b) if is_move_separator(b) => i += 1,
            // `a3b4`: a square that starts with a letter needs no separator.
            Some(c) if c.is_ascii_lowercase() => {}
            Some(_) => return None,
        }
    }
}
