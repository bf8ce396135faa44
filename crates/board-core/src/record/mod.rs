//! A streaming reader of game records in the PDN container
//! (PDN 3.0 with the project's `Rules` tag, see `docs/check.md`): bytes in, events out through a [`Visitor`].
//!
//! The reader knows no game. It splits the input into games, tags, move
//! numbers, move tokens, comments, NAGs, suffixes, variations, set-up
//! commands and results, and hands each one to the visitor as a byte slice
//! borrowed from its buffer, with the [`Span`] it came from (byte offset,
//! line, column in characters). Nothing is allocated per token; the buffer
//! has a bounded size, so memory does not grow with the input. Bad content
//! becomes a [`ReadError`] given to the visitor, and reading goes on.
//!
//! ```
//! use board_core::record::{Reader, Span, Visitor};
//!
//! #[derive(Default)]
//! struct Moves(Vec<String>);
//!
//! impl Visitor for Moves {
//!     fn move_text(&mut self, text: &[u8], span: Span) {
//!         let at = span.start;
//!         let text = String::from_utf8_lossy(text);
//!         self.0.push(format!("{}:{} {text}", at.line, at.column));
//!     }
//! }
//!
//! let pdn = "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x 23 2-0\n";
//! let mut moves = Moves::default();
//! Reader::new(pdn.as_bytes()).read_all(&mut moves)?;
//! assert_eq!(moves.0, ["2:4 32-28", "2:10 19-23", "2:19 28x19", "2:25 14x23"]);
//! # Ok::<(), std::io::Error>(())
//! ```

mod input;
mod reader;
mod scan;
#[cfg(test)]
mod tests;

pub use reader::{MAX_TOKEN, Reader};

use std::borrow::Cow;
use std::fmt;

/// A place in the input.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    /// Bytes from the start of the input (a byte-order mark counts).
    pub offset: u64,
    /// Line, from 1; only `\n` ends a line (`\r\n` is one line end).
    pub line: u32,
    /// Column, from 1, in characters (bytes that are not UTF-8 count one
    /// character per invalid sequence; a byte-order mark counts none).
    pub column: u32,
}

/// Where a token stands: its first byte and the byte offset after its end.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// The token's first byte.
    pub start: Pos,
    /// The offset of the byte after the token.
    pub end: u64,
}

impl Span {
    /// Length in bytes.
    pub fn len(&self) -> u64 {
        self.end.saturating_sub(self.start.offset)
    }

    /// Whether the span holds no byte.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// The text of a whole game, for showing source lines.
#[derive(Clone, Copy, Debug)]
pub struct GameText<'a> {
    /// Where `bytes` start (column 1 unless the line's start was no longer
    /// in the buffer).
    pub start: Pos,
    /// The bytes, to the end of the game.
    pub bytes: &'a [u8],
}

/// What is malformed in a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReadErrorKind {
    /// A `{` comment with no `}` before the end of the input or the next
    /// game's tags.
    UnclosedComment,
    /// Variations still open when the game ended.
    UnclosedVariation {
        /// How many.
        count: u64,
    },
    /// A `)` with no open variation.
    UnmatchedParenthesis,
    /// A `}` outside a comment.
    UnmatchedBrace,
    /// A tag pair that is not `[Name "value"]`.
    BadTag(&'static str),
    /// A token longer than [`MAX_TOKEN`] bytes; it was skipped.
    TokenTooLong,
    /// A `$` not followed by digits.
    BadNag,
    /// A `/` set-up command with no closing `/` on its line.
    UnclosedSetup,
    /// Tags inside a variation: the game ended there.
    TagInVariation,
    /// Text after the `]` of a tag pair on its line (such as the two
    /// characters `\r` some exporters write): skipped. Not an error of the
    /// tags or moves, which read as usual.
    TextAfterTag,
}

/// A malformed part of a record, where it stands and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// Where.
    pub span: Span,
    /// What.
    pub kind: ReadErrorKind,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ReadErrorKind::UnclosedComment => f.write_str("comment `{` is never closed"),
            ReadErrorKind::UnclosedVariation { count: 1 } => {
                f.write_str("variation `(` is never closed")
            }
            ReadErrorKind::UnclosedVariation { count } => {
                write!(
                    f,
                    "{count} variations are never closed (the outermost opens here)"
                )
            }
            ReadErrorKind::UnmatchedParenthesis => f.write_str("`)` closes no variation"),
            ReadErrorKind::UnmatchedBrace => f.write_str("`}` closes no comment"),
            ReadErrorKind::BadTag(why) => write!(f, "malformed tag: {why}"),
            ReadErrorKind::TokenTooLong => {
                write!(f, "token longer than {MAX_TOKEN} bytes, skipped")
            }
            ReadErrorKind::BadNag => f.write_str("`$` must be followed by a number"),
            ReadErrorKind::UnclosedSetup => f.write_str("set-up command `/` is never closed"),
            ReadErrorKind::TagInVariation => {
                f.write_str("tags inside an open variation: the game ends here")
            }
            ReadErrorKind::TextAfterTag => {
                f.write_str("text after the tag pair is not part of it, skipped")
            }
        }
    }
}

impl std::error::Error for ReadError {}

/// Receives the parts of a record in input order. Every method has an
/// empty default, so a visitor implements only what it needs. Slices are
/// borrowed from the reader's buffer and are valid during the call only.
#[allow(unused_variables)]
pub trait Visitor {
    /// A game begins at its first tag or movetext token.
    fn begin_game(&mut self, at: Pos) {}
    /// A tag pair; `value` is raw, with its backslash escapes (see
    /// [`unescape_tag_value`]).
    fn tag(&mut self, name: &[u8], value: &[u8], span: Span) {}
    /// A tag pair whose value holds no backslash, so nothing to unescape
    /// (read on the reader's fast path); the default gives it to
    /// [`Visitor::tag`].
    fn tag_without_escapes(&mut self, name: &[u8], value: &[u8], span: Span) {
        self.tag(name, value, span);
    }
    /// A move number: `12.` (`second_side` false) or `12...` / `12. ...`
    /// (`second_side` true: the move that follows is the reply).
    fn move_number(&mut self, number: u32, second_side: bool, span: Span) {}
    /// A move token. Tokens split by a space after a separator (`35x 4`,
    /// `1- 7`) arrive joined (`35x4`).
    fn move_text(&mut self, text: &[u8], span: Span) {}
    /// A whole move as most records write it, read on the reader's fast
    /// path: a move number for the first side (`12.`) and two move tokens
    /// of five bytes (`c3-d4 d6-e5`), each with where it is. The default
    /// hands them to [`Visitor::move_number`] and [`Visitor::move_text`]
    /// in turn; a visitor may take the three at once.
    fn full_move(&mut self, number: (u32, Span), first: (&[u8], Span), second: (&[u8], Span)) {
        self.move_number(number.0, false, number.1);
        self.move_text(first.0, first.1);
        self.move_text(second.0, second.1);
    }
    /// An unknown move written `-` (`1. - -` is two unknown moves).
    fn unknown_move(&mut self, span: Span) {}
    /// A move strength suffix such as `!` or `?!`.
    fn suffix(&mut self, text: &[u8], span: Span) {}
    /// A numeric annotation glyph `$n`.
    fn nag(&mut self, nag: u32, span: Span) {}
    /// A `{...}` or `;...` comment (without the delimiters). An over-long
    /// comment gives its first [`MAX_TOKEN`] bytes with `truncated`.
    fn comment(&mut self, text: &[u8], span: Span, truncated: bool) {}
    /// A set-up command `/FEN "..."/` inside the movetext (between the
    /// slashes).
    fn setup(&mut self, text: &[u8], span: Span) {}
    /// `(`.
    fn begin_variation(&mut self, span: Span) {}
    /// `)`.
    fn end_variation(&mut self, span: Span) {}
    /// A result token (`2-0`, `1/2-1/2`, `*`, ...; also, as the game's
    /// last token, the value of its `Result` tag, whatever it is: `4-6`,
    /// `-`). At the outermost level it ends the game.
    fn result(&mut self, text: &[u8], span: Span) {}
    /// The game ends at byte `end`. `raw` is the game's whole text (from the
    /// start of its first token's line) unless the game was too long to keep.
    fn end_game(&mut self, end: u64, raw: Option<GameText<'_>>) {}
    /// A malformed part of the record.
    fn problem(&mut self, error: ReadError) {}
}

/// Whether `text` is a result token: `1-0 0-1 2-0 0-2 1-1 0-0 1/2-1/2 *`
/// (and `½-½`).
pub fn is_result(text: &[u8]) -> bool {
    // Most words are moves and numbers: one test rules them out.
    if !matches!(text.get(1), None | Some(b'-' | b'/' | b'\xBD')) {
        return false;
    }
    matches!(
        text,
        b"1-0"
            | b"0-1"
            | b"2-0"
            | b"0-2"
            | b"1-1"
            | b"0-0"
            | b"1/2-1/2"
            | b"*"
            | b"\xC2\xBD-\xC2\xBD"
    )
}

/// A tag value with its escapes `\"` and `\\` resolved.
pub fn unescape_tag_value(raw: &[u8]) -> Cow<'_, [u8]> {
    if scan::find_any(raw, [b'\\']).is_none() {
        return Cow::Borrowed(raw);
    }
    let mut out = Vec::with_capacity(raw.len());
    let mut bytes = raw.iter();
    while let Some(&b) = bytes.next() {
        if b == b'\\' {
            match bytes.next() {
                Some(&next) => out.push(next),
                None => out.push(b),
            }
        } else {
            out.push(b);
        }
    }
    Cow::Owned(out)
}
