//! The reader's buffer: refills from an `impl Read`, keeps the current token
//! (and, while it fits, the current game) contiguous, and turns byte offsets
//! into lines and columns.

use super::scan::blanks_end;
use super::{GameText, Pos};
use std::io::{self, Read};

/// Bytes read from the source at a time, and the buffer's starting size.
const CHUNK: usize = 64 * 1024;
/// The buffer grows up to this size to keep a whole game's text; longer
/// games lose their raw text (the events are unaffected).
const MAX_BUFFER: usize = 4 * 1024 * 1024;

/// A window over the input, with absolute byte offsets.
pub(crate) struct Input<R> {
    inner: R,
    buf: Vec<u8>,
    /// Valid bytes are `buf[..end]`.
    end: usize,
    /// Absolute offset of `buf[0]`.
    base: u64,
    /// Absolute offset of the next byte not consumed.
    pub pos: u64,
    eof: bool,
    /// Line of `pos` (1-based), given that every `\n` before `pos` was noted.
    line: u32,
    /// Absolute offset of the first byte of the current line.
    line_start: u64,
    /// Characters from `line_start` to `col_at`.
    col_chars: u32,
    col_at: u64,
    /// Where the current game's text starts, while kept.
    retain: Option<Pos>,
}

impl<R: Read> Input<R> {
    pub fn new(inner: R) -> Self {
        Input {
            inner,
            buf: vec![0; CHUNK],
            end: 0,
            base: 0,
            pos: 0,
            eof: false,
            line: 1,
            line_start: 0,
            col_chars: 0,
            col_at: 0,
            retain: None,
        }
    }

    /// Skips a UTF-8 byte-order mark at the very start.
    pub fn skip_bom(&mut self) -> io::Result<()> {
        if self.pos == 0
            && self.byte_at(0, 0)? == Some(0xEF)
            && self.byte_at(1, 0)? == Some(0xBB)
            && self.byte_at(2, 0)? == Some(0xBF)
        {
            self.pos = 3;
            self.line_start = 3;
            self.col_at = 3;
        }
        Ok(())
    }

    /// The byte at absolute offset `at` (>= `keep`), reading more input when
    /// needed while keeping the bytes from `keep` on; `None` at the end.
    #[inline]
    pub fn byte_at(&mut self, at: u64, keep: u64) -> io::Result<Option<u8>> {
        let idx = (at - self.base) as usize;
        if idx < self.end {
            return Ok(Some(self.buf[idx]));
        }
        self.byte_at_slow(at, keep)
    }

    #[cold]
    fn byte_at_slow(&mut self, at: u64, keep: u64) -> io::Result<Option<u8>> {
        loop {
            let idx = (at - self.base) as usize;
            if idx < self.end {
                return Ok(Some(self.buf[idx]));
            }
            if self.eof {
                return Ok(None);
            }
            self.fill(keep)?;
        }
    }

    /// Reads more input, first making room by dropping bytes before `keep`
    /// (and before the retained game start) or by growing the buffer.
    fn fill(&mut self, keep: u64) -> io::Result<()> {
        if self.end == self.buf.len() {
            let mut from = keep.min(self.pos);
            if let Some(r) = self.retain {
                from = from.min(r.offset);
            }
            if from == self.base {
                if self.buf.len() < MAX_BUFFER {
                    let len = self.buf.len() * 2;
                    self.buf.resize(len, 0);
                } else {
                    // The game is too long to keep whole: give up its text.
                    self.retain = None;
                    from = keep.min(self.pos);
                }
            }
            if from > self.base {
                self.count_columns_to(from);
                let drop = (from - self.base) as usize;
                self.buf.copy_within(drop..self.end, 0);
                self.end -= drop;
                self.base = from;
            }
            if self.end == self.buf.len() {
                let len = self.buf.len() * 2;
                self.buf.resize(len, 0);
            }
        }
        loop {
            match self.inner.read(&mut self.buf[self.end..]) {
                Ok(0) => {
                    self.eof = true;
                    return Ok(());
                }
                Ok(n) => {
                    self.end += n;
                    return Ok(());
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    /// The bytes from absolute offset `at` to the end of what is buffered
    /// (empty when `at` is not buffered yet).
    #[inline]
    pub fn buffered_from(&self, at: u64) -> &[u8] {
        let idx = (at - self.base) as usize;
        self.buf.get(idx..self.end).unwrap_or_default()
    }

    /// The bytes between two absolute offsets, both in the buffer.
    pub fn slice(&self, from: u64, to: u64) -> &[u8] {
        let a = (from - self.base) as usize;
        let b = (to - self.base) as usize;
        &self.buf[a..b]
    }

    /// Notes the line ends in `[from, to)` (in the buffer) and consumes up
    /// to `to`.
    pub fn consume_to(&mut self, from: u64, to: u64) {
        let a = (from - self.base) as usize;
        let b = (to - self.base) as usize;
        if let Some(last) = self.buf[a..b].iter().rposition(|&c| c == b'\n') {
            let lines = self.buf[a..b].iter().filter(|&&c| c == b'\n').count();
            self.line = self.line.saturating_add(lines as u32);
            self.line_start = from + last as u64 + 1;
            self.col_at = self.line_start;
            self.col_chars = 0;
        }
        self.pos = to;
    }

    /// Notes a line end at `at` (the byte there is `\n`).
    #[inline]
    pub fn newline_at(&mut self, at: u64) {
        self.line = self.line.saturating_add(1);
        self.line_start = at + 1;
        self.col_at = at + 1;
        self.col_chars = 0;
    }

    /// Whether `pos` is at the start of a line.
    pub fn at_line_start(&self) -> bool {
        self.pos == self.line_start
    }

    #[inline]
    fn count_columns_to(&mut self, to: u64) {
        if to <= self.col_at {
            return;
        }
        let a = (self.col_at - self.base) as usize;
        let b = (to - self.base) as usize;
        let chars = match short_ascii_run(&self.buf, a, b) {
            Some(n) => n,
            None => count_chars(&self.buf[a..b]),
        };
        self.col_chars = self.col_chars.saturating_add(chars);
        self.col_at = to;
    }

    /// The position of absolute offset `at`, which must be on the current
    /// line, in the buffer, and not before an earlier position asked for.
    pub fn pos_of(&mut self, at: u64) -> Pos {
        self.count_columns_to(at);
        Pos {
            offset: at,
            line: self.line,
            column: self.col_chars.saturating_add(1),
        }
    }

    /// Where reading stands, with the line and column bookkeeping brought up
    /// to `pos`, for a scan that takes the bytes from there itself
    /// ([`Input::window`]) and hands the cursor back ([`Input::set_cursor`]);
    /// `None` when a position past `pos` was asked for already.
    #[inline]
    pub fn cursor(&mut self) -> Option<Cursor> {
        // Spaces and a line end first: the columns before need no count.
        let rest = self.buffered_from(self.pos);
        let spaces = blanks_end(rest, 0);
        if rest.get(spaces) == Some(&b'\n') {
            let at = self.pos + spaces as u64 + 1;
            let mut c = Cursor {
                at,
                line: self.line,
                line_start: at,
                anchor: at,
                anchor_chars: 0,
            };
            c.new_line(at);
            return Some(c);
        }
        self.count_columns_to(self.pos);
        (self.col_at == self.pos).then_some(Cursor {
            at: self.pos,
            line: self.line,
            line_start: self.line_start,
            anchor: self.pos,
            anchor_chars: self.col_chars,
        })
    }

    /// Takes back a cursor moved over ASCII bytes and line ends only.
    #[inline]
    pub fn set_cursor(&mut self, c: Cursor) {
        self.pos = c.at;
        self.line = c.line;
        self.line_start = c.line_start;
        self.col_at = c.at;
        self.col_chars = c.chars_before(c.at);
    }

    /// The buffered bytes and the absolute offset of the first.
    #[inline]
    pub fn window(&self) -> (&[u8], u64) {
        (&self.buf[..self.end], self.base)
    }

    /// Starts keeping the game's text, from the start of the line holding
    /// `at` when that is still in the buffer (before any position asked for).
    pub fn retain_from(&mut self, at: u64) {
        let start = if self.line_start >= self.base {
            Pos {
                offset: self.line_start,
                line: self.line,
                column: 1,
            }
        } else {
            let from = self.base.max(self.col_at).min(at);
            self.pos_of(from)
        };
        self.retain = Some(start);
    }

    /// Stops keeping the game's text; returns it when it was kept whole.
    pub fn take_retained(&mut self, end: u64) -> Option<GameText<'_>> {
        let start = self.retain.take()?;
        Some(GameText {
            start,
            bytes: self.slice(start.offset, end),
        })
    }
}

/// A reading position with its line, moved by a scan over ASCII bytes and
/// line ends: the column of a byte on the line is counted from an anchor
/// (one character per byte since it), not byte by byte.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Cursor {
    /// Absolute offset.
    pub at: u64,
    /// Line of `at`, from 1.
    pub line: u32,
    /// Absolute offset of the line's first byte.
    pub line_start: u64,
    /// An offset on the line whose column is known …
    pub anchor: u64,
    /// … as the characters before it on the line.
    pub anchor_chars: u32,
}

impl Cursor {
    /// Moves to the start of the next line, at `at`.
    #[inline]
    pub fn new_line(&mut self, at: u64) {
        self.line = self.line.saturating_add(1);
        self.line_start = at;
        self.anchor = at;
        self.anchor_chars = 0;
    }

    /// Characters on the line before `at` (ASCII since the anchor).
    #[inline]
    fn chars_before(&self, at: u64) -> u32 {
        let since = u32::try_from(at - self.anchor).unwrap_or(u32::MAX);
        self.anchor_chars.saturating_add(since)
    }

    /// The position of `at`, on the cursor's line.
    #[inline]
    pub fn pos_at(&self, at: u64) -> Pos {
        Pos {
            offset: at,
            line: self.line,
            column: self.chars_before(at).saturating_add(1),
        }
    }
}

/// The length of `buf[a..b]` when it is at most 8 bytes, all ASCII, and 8
/// bytes from `a` are in `buf`: one load and one mask, the common case of
/// the gap between two tokens.
#[inline]
fn short_ascii_run(buf: &[u8], a: usize, b: usize) -> Option<u32> {
    let len = b.checked_sub(a)?;
    if len > 8 {
        return None;
    }
    let word: [u8; 8] = buf.get(a..a + 8)?.try_into().ok()?;
    let keep = if len == 8 {
        u64::MAX
    } else {
        (1u64 << (8 * len)) - 1
    };
    (u64::from_le_bytes(word) & keep & 0x8080_8080_8080_8080 == 0).then_some(len as u32)
}

/// Characters in `bytes` as a lossy UTF-8 decoding would show them: one
/// per character, one per invalid sequence.
#[inline]
fn count_chars(bytes: &[u8]) -> u32 {
    if bytes.is_ascii() {
        return bytes.len() as u32;
    }
    let mut n = 0usize;
    for chunk in bytes.utf8_chunks() {
        n += chunk.valid().chars().count();
        if !chunk.invalid().is_empty() {
            n += 1;
        }
    }
    n as u32
}

#[cfg(test)]
mod tests {
    use super::{count_chars, short_ascii_run};

    /// The fast path agrees with the full count wherever it answers, and
    /// answers for every short ASCII run with 8 bytes in the buffer.
    #[test]
    fn short_ascii_run_agrees_with_count_chars() {
        let text = "1. c3-d4 {é} Блиндер\u{FFFD} 2. b2-c3\t*\n".as_bytes();
        let mut buf = text.to_vec();
        buf.extend_from_slice(&[0xFF, 0xC3, 0x80, b'a']);
        for a in 0..buf.len() {
            for b in a..buf.len().min(a + 12) {
                let fast = short_ascii_run(&buf, a, b);
                if let Some(n) = fast {
                    assert_eq!(n, count_chars(&buf[a..b]), "{a}..{b}");
                }
                let expected = b - a <= 8 && a + 8 <= buf.len() && buf[a..b].is_ascii();
                assert_eq!(fast.is_some(), expected, "{a}..{b}");
            }
        }
    }
}
