//! The tokenizer and game splitter.

use super::input::Input;
use super::scan::{blanks_end, find_any};
use super::{Pos, ReadError, ReadErrorKind, Span, Visitor, is_result};
use crate::notation::{byte_set, is_move_separator};
use std::io::{self, Read};

/// The longest token (tag, move, set-up command) kept whole, in bytes;
/// longer comments are cut to this length, other tokens are skipped.
pub const MAX_TOKEN: usize = 16 * 1024;

/// Bytes that end a word (a move, a number, a result).
#[inline]
fn is_delimiter(b: u8) -> bool {
    DELIMITERS[usize::from(b)]
}

/// [`is_delimiter`] as a table.
static DELIMITERS: [bool; 256] = byte_set(false, b" \t\n\r\x0b\x0c{}()[];$\"");

/// Bytes of the moves [`Reader::plain_words`] reads itself: ASCII letters,
/// digits, `-` and `:`.
static MOVE_BYTE: [bool; 256] = byte_set(true, b"-:");

/// Bytes of a tag name [`plain_tag`] reads: ASCII letters, digits and `_`.
static NAME_BYTE: [bool; 256] = byte_set(true, b"_");

/// The word of plain movetext that starts at `buf[start]`, if
/// [`Reader::plain_words`] reads it: where it ends and, for a move number,
/// its value and whether it is written for the reply (`12...`). `None`
/// for a word that does not end at a delimiter in the buffer, a result, a
/// move left open by its separator, or any other word.
#[inline(always)]
fn plain_word(buf: &[u8], start: usize) -> Option<(usize, Option<(u32, bool)>)> {
    // The commonest words first, tested without a loop: a move of five
    // bytes (`c3-d4`, `32-28`; no `.` among them, so no number, and no
    // result is five such bytes) …
    if let Some(&[a, b, c, d, e, after]) = buf.get(start..start + 6) {
        if MOVE_BYTE[usize::from(a)]
            & MOVE_BYTE[usize::from(b)]
            & MOVE_BYTE[usize::from(c)]
            & MOVE_BYTE[usize::from(d)]
            & MOVE_BYTE[usize::from(e)]
            & is_delimiter(after)
            & !is_move_separator(e)
        {
            return Some((start + 5, None));
        }
    }
    // … and a move number of one or two digits (`7.`, `12.`).
    match buf.get(start..start + 4) {
        Some(&[a, b'.', after, _]) if a.is_ascii_digit() && is_delimiter(after) => {
            return Some((start + 2, Some((u32::from(a - b'0'), false))));
        }
        Some(&[a, b, b'.', after])
            if a.is_ascii_digit() && b.is_ascii_digit() && is_delimiter(after) =>
        {
            let value = u32::from(a - b'0') * 10 + u32::from(b - b'0');
            return Some((start + 3, Some((value, false))));
        }
        _ => {}
    }
    other_plain_word(buf, start)
}

/// A whole move at `buf[start]` as most records write it, three words of
/// [`plain_word`]'s commonest forms one space apart: a move number of one
/// or two digits, then two moves of five bytes, the second followed by a
/// delimiter (`12. c3-d4 d6-e5`). The number's value and where the first
/// move starts (the second starts six bytes later).
#[inline(always)]
fn plain_full_move(buf: &[u8], start: usize) -> Option<(u32, usize)> {
    let bytes: &[u8; 16] = buf.get(start..start + 16)?.try_into().ok()?;
    let (value, m1) = match *bytes {
        [a, b'.', b' ', ..] if a.is_ascii_digit() => (u32::from(a - b'0'), 3),
        [a, b, b'.', b' ', ..] if a.is_ascii_digit() && b.is_ascii_digit() => {
            (u32::from(a - b'0') * 10 + u32::from(b - b'0'), 4)
        }
        _ => return None,
    };
    let five = |at: usize| {
        bytes[at..at + 5]
            .iter()
            .fold(true, |all, &b| all & MOVE_BYTE[usize::from(b)])
            & !is_move_separator(bytes[at + 4])
    };
    (five(m1) && bytes[m1 + 5] == b' ' && five(m1 + 6) && is_delimiter(bytes[m1 + 11]))
        .then_some((value, start + m1))
}

/// [`plain_word`] of the words of other forms, out of line.
#[inline(never)]
fn other_plain_word(buf: &[u8], start: usize) -> Option<(usize, Option<(u32, bool)>)> {
    let limit = buf.len().min(start + PLAIN_WORD_MAX);
    let mut end = start;
    while end < limit && buf[end].is_ascii_digit() {
        end += 1;
    }
    let digits = end - start;
    let number = digits > 0 && buf.get(end) == Some(&b'.');
    if number {
        while end < limit && buf[end] == b'.' {
            end += 1;
        }
    } else {
        while end < limit && MOVE_BYTE[usize::from(buf[end])] {
            end += 1;
        }
    }
    // The word must end here, at a delimiter in the buffer.
    if !buf.get(end).is_some_and(|&b| is_delimiter(b)) {
        return None;
    }
    let text = &buf[start..end];
    if number {
        let value = parse_number(&text[..digits]).unwrap_or(u32::MAX);
        return Some((end, Some((value, text.len() - digits >= 2))));
    }
    // No word at all (`start` at a delimiter), a move left open, a result.
    let &last = text.last()?;
    if is_move_separator(last) || (digits > 0 && is_result(text)) {
        return None;
    }
    Some((end, None))
}

/// The longest word [`Reader::plain_words`] reads itself.
const PLAIN_WORD_MAX: usize = 64;

#[inline]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | 0x0b | 0x0c)
}

/// The plain form of a tag pair, `[Name "value"]`, at the start of `rest`
/// (cut to [`MAX_TOKEN`] bytes here): a name of letters, digits and `_`,
/// spaces, a value without `"`, `\\` or a line end. Such a tag reads as the
/// general scan reads it; any other is left to that scan. Its length (to
/// the `]`, included), where the name ends and where the value starts.
#[inline]
fn plain_tag(rest: &[u8]) -> Option<(usize, usize, usize)> {
    let rest = &rest[..rest.len().min(MAX_TOKEN)];
    let mut i = 1 + rest
        .get(1..)?
        .iter()
        .position(|&b| !NAME_BYTE[usize::from(b)])
        .unwrap_or(rest.len() - 1);
    if i == 1 {
        return None;
    }
    let name_end = i;
    i += rest[i..].iter().take_while(|&&b| b == b' ').count();
    if rest.get(i) != Some(&b'"') {
        return None;
    }
    i += 1;
    let value_start = i;
    i += find_any(&rest[i..], [b'"', b'\\', b'\n']).unwrap_or(rest.len() - i);
    (rest.get(i..i + 2)? == b"\"]").then_some((i + 2, name_end, value_start))
}

/// Keeps the first `Result` tag's value (trimmed) of a game.
fn note_result_tag(kept: &mut Option<Vec<u8>>, name: &[u8], value: &[u8]) {
    if name == b"Result" {
        let kept = kept.get_or_insert_with(Vec::new);
        if kept.is_empty() {
            kept.extend_from_slice(value.trim_ascii());
        }
    }
}

/// Reads game records from an `impl Read`, one game per [`Reader::read_game`].
pub struct Reader<R> {
    input: Input<R>,
    started: bool,
    /// Joined move tokens (`35x` + `4`).
    scratch: Vec<u8>,
    /// The current game's `Result` tag value (raw, trimmed): as the game's
    /// last token it is the result, whatever it says.
    result_tag: Option<Vec<u8>>,
}

/// The state of the game being read.
struct GameState {
    in_game: bool,
    movetext: bool,
    depth: u64,
    outermost_open: Option<Span>,
    last_number: Option<u32>,
    after_number: bool,
}

enum Step {
    Continue,
    EndGame,
}

impl<R: Read> Reader<R> {
    /// A reader over `inner` (buffering is done here; no `BufReader` needed).
    pub fn new(inner: R) -> Self {
        Reader {
            input: Input::new(inner),
            started: false,
            scratch: Vec::new(),
            result_tag: None,
        }
    }

    /// Reads every game to the end of the input.
    pub fn read_all<V: Visitor>(&mut self, visitor: &mut V) -> io::Result<()> {
        while self.read_game(visitor)? {}
        Ok(())
    }

    /// Reads the next game, giving its parts to `visitor`; `Ok(false)` when
    /// the input holds no further game. Comments between games are given
    /// to the visitor outside `begin_game` / `end_game`.
    pub fn read_game<V: Visitor>(&mut self, v: &mut V) -> io::Result<bool> {
        if !self.started {
            self.started = true;
            self.input.skip_bom()?;
        }
        let mut g = GameState {
            in_game: false,
            movetext: false,
            depth: 0,
            outermost_open: None,
            last_number: None,
            after_number: false,
        };
        if let Some(tag) = &mut self.result_tag {
            tag.clear();
        }
        loop {
            // A game's first token goes the general way; then its tag
            // pairs are read on their own path while they are plain, and
            // the plain words of its movetext from the first.
            if g.movetext {
                self.plain_words(&mut g, v);
            } else if g.in_game {
                self.plain_tags(v);
                self.plain_words(&mut g, v);
            }
            self.skip_space()?;
            let start = self.input.pos;
            let Some(b) = self.input.byte_at(start, start)? else {
                if g.in_game {
                    self.end_game(&mut g, v);
                    return Ok(true);
                }
                return Ok(false);
            };
            if b == b'[' && !g.in_game {
                // A game's first tag pair: the game begins here, and the
                // tag is read on the plain path when it can be.
                self.begin(&mut g, start, v);
                continue;
            }
            if let Step::EndGame = self.token(b, start, &mut g, v)? {
                self.end_game(&mut g, v);
                return Ok(true);
            }
        }
    }

    fn end_game<V: Visitor>(&mut self, g: &mut GameState, v: &mut V) {
        if g.depth > 0 {
            if let Some(span) = g.outermost_open {
                v.problem(ReadError {
                    span,
                    kind: ReadErrorKind::UnclosedVariation { count: g.depth },
                });
            }
        }
        let end = self.input.pos;
        let raw = self.input.take_retained(end);
        v.end_game(end, raw);
    }

    #[inline]
    fn begin<V: Visitor>(&mut self, g: &mut GameState, start: u64, v: &mut V) {
        if !g.in_game {
            g.in_game = true;
            self.input.retain_from(start);
            let at = self.input.pos_of(start);
            v.begin_game(at);
        }
    }

    fn span(&mut self, start: u64, end: u64) -> Span {
        Span {
            start: self.input.pos_of(start),
            end,
        }
    }

    /// Reads the common movetext straight from the buffer: white space, line
    /// ends, move numbers (`12.`, `12...`) and moves of letters, digits,
    /// `-` and `:`, all ASCII, each followed by a delimiter already in the
    /// buffer. Stops at the first byte or word it does not read itself (a
    /// result, a comment, a suffix, a glued number, a `%` line, the end of
    /// the buffer, …), leaving it to [`Reader::token`]: the events and
    /// positions are the ones `token` gives, at a fraction of the cost.
    fn plain_words<V: Visitor>(&mut self, g: &mut GameState, v: &mut V) {
        let Some(mut c) = self.input.cursor() else {
            return;
        };
        let (buf, base) = self.input.window();
        let mut i = (c.at - base) as usize;
        let result_tag = match &self.result_tag {
            Some(tag) if g.depth == 0 && !tag.is_empty() => Some(tag.as_slice()),
            _ => None,
        };
        loop {
            // White space and line ends.
            loop {
                match buf.get(i) {
                    Some(b' ' | b'\t' | b'\r') => i += 1,
                    Some(b'\n') => {
                        i += 1;
                        c.new_line(base + i as u64);
                    }
                    _ => break,
                }
            }
            c.at = base + i as u64;
            let start = i;
            match buf.get(i) {
                Some(b) if b.is_ascii_alphanumeric() => {}
                _ => break,
            }
            if let Some((value, m1)) = plain_full_move(buf, start) {
                // `12. c3-d4 d6-e5`: three words, tested at once.
                let m2 = m1 + 6;
                let (number, first, second) =
                    (&buf[start..m1 - 1], &buf[m1..m1 + 5], &buf[m2..m2 + 5]);
                if result_tag.is_none_or(|r| r != number && r != first && r != second) {
                    // One line, all ASCII: the columns follow the number's.
                    let at = c.pos_at(c.at);
                    let span = |from: usize, to: usize| Span {
                        start: Pos {
                            offset: base + from as u64,
                            line: at.line,
                            column: at.column.saturating_add((from - start) as u32),
                        },
                        end: base + to as u64,
                    };
                    v.full_move(
                        (value, span(start, m1 - 1)),
                        (first, span(m1, m1 + 5)),
                        (second, span(m2, m2 + 5)),
                    );
                    g.last_number = Some(value);
                    g.after_number = false;
                    g.movetext = true;
                    // The space after it, the commonest delimiter, skipped
                    // here rather than by the loop over white space.
                    i = m2 + 5 + usize::from(buf[m2 + 5] == b' ');
                    continue;
                }
            }
            let Some((end, number)) = plain_word(buf, start) else {
                break;
            };
            let text = &buf[start..end];
            if result_tag == Some(text) {
                break;
            }
            let span = Span {
                start: c.pos_at(c.at),
                end: base + end as u64,
            };
            if let Some((value, second_side)) = number {
                v.move_number(value, second_side, span);
                g.last_number = Some(value);
                g.after_number = true;
            } else {
                v.move_text(text, span);
                g.after_number = false;
            }
            g.movetext = true;
            i = end + usize::from(buf.get(end) == Some(&b' '));
        }
        self.input.set_cursor(c);
    }

    /// Reads the tag pairs after a game's first straight from the buffer
    /// while each stands alone on its line in the plain form ([`plain_tag`]),
    /// with only white space after it, and the blank lines between them.
    /// Stops at the start of the first line it does not read itself (the
    /// movetext, a comment, a tag of another form, the end of the buffer),
    /// leaving it to [`Reader::token`]: the events and positions are the
    /// ones `token` gives.
    fn plain_tags<V: Visitor>(&mut self, v: &mut V) {
        let Some(mut c) = self.input.cursor() else {
            return;
        };
        let (buf, base) = self.input.window();
        let mut i = (c.at - base) as usize;
        // `i` stays at a line's start or after white space on it: the
        // cursor's columns hold there.
        loop {
            let open = blanks_end(buf, i);
            match buf.get(open) {
                Some(b'\n') => {
                    i = open + 1;
                    c.new_line(base + i as u64);
                    continue;
                }
                Some(b'[') => {}
                _ => break,
            }
            let Some((len, name_end, value_start)) = plain_tag(&buf[open..]) else {
                break;
            };
            let close = open + len;
            let line_end = blanks_end(buf, close);
            if buf.get(line_end) != Some(&b'\n') {
                break;
            }
            let name = &buf[open + 1..open + name_end];
            let value = &buf[open + value_start..close - 2];
            note_result_tag(&mut self.result_tag, name, value);
            let span = Span {
                start: c.pos_at(base + open as u64),
                end: base + close as u64,
            };
            v.tag_without_escapes(name, value, span);
            i = line_end + 1;
            c.new_line(base + i as u64);
        }
        c.at = base + i as u64;
        self.input.set_cursor(c);
    }

    /// Skips white space and `%` escape lines.
    fn skip_space(&mut self) -> io::Result<()> {
        loop {
            // Fast path over the bytes already in the buffer.
            let skipped = {
                let rest = self.input.buffered_from(self.input.pos);
                rest.iter()
                    .take_while(|&&b| b == b' ' || b == b'\r')
                    .count()
            };
            let at = self.input.pos + skipped as u64;
            self.input.pos = at;
            match self.input.byte_at(at, at)? {
                Some(b'\n') => {
                    self.input.newline_at(at);
                    self.input.pos = at + 1;
                }
                Some(b) if is_space(b) => self.input.pos = at + 1,
                Some(b'%') if self.input.at_line_start() => {
                    self.skip_line()?;
                }
                _ => return Ok(()),
            }
        }
    }

    /// Skips to the end of the line (the `\n` stays).
    fn skip_line(&mut self) -> io::Result<()> {
        loop {
            let at = self.input.pos;
            match self.input.byte_at(at, at)? {
                None | Some(b'\n') => return Ok(()),
                Some(_) => self.input.pos = at + 1,
            }
        }
    }

    /// Handles the token starting with byte `b` at `start`.
    fn token<V: Visitor>(
        &mut self,
        b: u8,
        start: u64,
        g: &mut GameState,
        v: &mut V,
    ) -> io::Result<Step> {
        match b {
            b'[' => {
                if g.in_game && (g.movetext || g.depth > 0) {
                    if g.depth > 0 {
                        let span = self.span(start, start + 1);
                        v.problem(ReadError {
                            span,
                            kind: ReadErrorKind::TagInVariation,
                        });
                    }
                    return Ok(Step::EndGame);
                }
                self.begin(g, start, v);
                self.tag(start, v)?;
            }
            b'{' => self.brace_comment(start, v)?,
            b';' => {
                let end = self.scan_line_end(start)?;
                let text_end = end.min(start + 1 + MAX_TOKEN as u64);
                let span = self.span(start, end);
                v.comment(self.input.slice(start + 1, text_end), span, text_end < end);
                self.input.pos = end;
                self.skip_line()?;
            }
            b'(' => {
                self.begin(g, start, v);
                g.movetext = true;
                g.after_number = false;
                let span = self.span(start, start + 1);
                if g.depth == 0 {
                    g.outermost_open = Some(span);
                }
                g.depth += 1;
                self.input.pos = start + 1;
                v.begin_variation(span);
            }
            b')' => {
                self.begin(g, start, v);
                let span = self.span(start, start + 1);
                self.input.pos = start + 1;
                g.after_number = false;
                if g.depth == 0 {
                    v.problem(ReadError {
                        span,
                        kind: ReadErrorKind::UnmatchedParenthesis,
                    });
                } else {
                    g.depth -= 1;
                    v.end_variation(span);
                }
            }
            b'}' | b']' | b'"' => {
                self.begin(g, start, v);
                let span = self.span(start, start + 1);
                self.input.pos = start + 1;
                let kind = match b {
                    b'}' => ReadErrorKind::UnmatchedBrace,
                    b']' => ReadErrorKind::BadTag("`]` outside a tag"),
                    _ => ReadErrorKind::BadTag("`\"` outside a tag"),
                };
                v.problem(ReadError { span, kind });
            }
            b'$' => {
                self.begin(g, start, v);
                g.movetext = true;
                let end = self.scan_word(start + 1)?;
                let span = self.span(start, end);
                let digits = self.input.slice(start + 1, end);
                match parse_number(digits) {
                    Some(n) if !digits.is_empty() => v.nag(n, span),
                    _ => v.problem(ReadError {
                        span,
                        kind: ReadErrorKind::BadNag,
                    }),
                }
                self.input.pos = end;
            }
            b'/' => {
                self.begin(g, start, v);
                g.movetext = true;
                self.setup(start, v)?;
            }
            _ => {
                self.begin(g, start, v);
                g.movetext = true;
                let end = self.scan_word(start)?;
                if end - start > MAX_TOKEN as u64 {
                    let span = self.span(start, end);
                    v.problem(ReadError {
                        span,
                        kind: ReadErrorKind::TokenTooLong,
                    });
                    self.skip_word()?;
                    return Ok(Step::Continue);
                }
                return self.word(start, end, g, v);
            }
        }
        Ok(Step::Continue)
    }

    /// The end of the word starting at `start` (scanning stops one byte
    /// past [`MAX_TOKEN`]).
    fn scan_word(&mut self, start: u64) -> io::Result<u64> {
        let mut at = start;
        while at - start <= MAX_TOKEN as u64 {
            // Fast path over the bytes already in the buffer.
            let run = {
                let rest = self.input.buffered_from(at);
                rest.iter().take_while(|&&b| !is_delimiter(b)).count()
            };
            at += run as u64;
            match self.input.byte_at(at, start)? {
                Some(b) if !is_delimiter(b) => at += 1,
                _ => break,
            }
        }
        Ok(at)
    }

    /// Consumes the rest of an over-long word.
    fn skip_word(&mut self) -> io::Result<()> {
        loop {
            let at = self.input.pos;
            match self.input.byte_at(at, at)? {
                Some(b) if !is_delimiter(b) => self.input.pos = at + 1,
                _ => return Ok(()),
            }
        }
    }

    /// The offset of the `\n` ending the line (or the input), at most
    /// [`MAX_TOKEN`] bytes on; a longer line's rest is skipped.
    fn scan_line_end(&mut self, start: u64) -> io::Result<u64> {
        let mut at = start;
        loop {
            match self.input.byte_at(at, start)? {
                None | Some(b'\n') => return Ok(at),
                Some(_) if at - start > MAX_TOKEN as u64 => return Ok(at),
                Some(_) => at += 1,
            }
        }
    }

    /// A word: move number, result, move, unknown move, suffix.
    fn word<V: Visitor>(
        &mut self,
        start: u64,
        end: u64,
        g: &mut GameState,
        v: &mut V,
    ) -> io::Result<Step> {
        let text = self.input.slice(start, end);
        if is_result(text) {
            let span = self.span(start, end);
            v.result(self.input.slice(start, end), span);
            self.input.pos = end;
            g.after_number = false;
            return Ok(if g.depth == 0 {
                Step::EndGame
            } else {
                Step::Continue
            });
        }
        if g.depth == 0 && self.is_result_tag_value(start, end)? {
            let span = self.span(start, end);
            v.result(self.input.slice(start, end), span);
            self.input.pos = end;
            g.after_number = false;
            return Ok(Step::EndGame);
        }
        // Move numbers `12.`, `12...`, possibly glued to a move `12.c3-d4`.
        let mut start = start;
        loop {
            let text = self.input.slice(start, end);
            let digits = text.iter().take_while(|b| b.is_ascii_digit()).count();
            if digits == 0 || text.get(digits) != Some(&b'.') {
                break;
            }
            let dots = text[digits..].iter().take_while(|&&b| b == b'.').count();
            let number = parse_number(&text[..digits]).unwrap_or(u32::MAX);
            let number_end = start + (digits + dots) as u64;
            let span = self.span(start, number_end);
            v.move_number(number, dots >= 2, span);
            g.last_number = Some(number);
            g.after_number = true;
            self.input.pos = number_end;
            if number_end == end {
                return Ok(Step::Continue);
            }
            start = number_end;
        }
        let text = self.input.slice(start, end);
        // `...` after `12.`: the number is the reply's.
        if text.iter().all(|&b| b == b'.') || text == b"\xE2\x80\xA6" {
            let span = self.span(start, end);
            if g.after_number {
                if let Some(n) = g.last_number {
                    v.move_number(n, true, span);
                }
            }
            g.after_number = false;
            self.input.pos = end;
            return Ok(Step::Continue);
        }
        g.after_number = false;
        if text == b"-" || text == b"--" {
            let span = self.span(start, end);
            v.unknown_move(span);
            self.input.pos = end;
            return Ok(Step::Continue);
        }
        let suffix = text
            .iter()
            .rev()
            .take_while(|&&b| b == b'!' || b == b'?')
            .count();
        let move_end = end - suffix as u64;
        if move_end == start {
            let span = self.span(start, end);
            v.suffix(self.input.slice(start, end), span);
            self.input.pos = end;
            return Ok(Step::Continue);
        }
        let last = text[text.len() - suffix - 1];
        if suffix == 0 && is_move_separator(last) {
            if let Some((second, second_end)) = self.joinable(start, end)? {
                return self.joined(start, end, second, second_end, v);
            }
        }
        let span = self.span(start, move_end);
        v.move_text(self.input.slice(start, move_end), span);
        if suffix > 0 {
            let span = self.span(move_end, end);
            v.suffix(self.input.slice(move_end, end), span);
        }
        self.input.pos = end;
        Ok(Step::Continue)
    }

    /// Whether the word `start..end` is the game's `Result` tag value and
    /// the game's last token (only white space follows before the next
    /// tag pair or the end of the input).
    fn is_result_tag_value(&mut self, start: u64, end: u64) -> io::Result<bool> {
        match &self.result_tag {
            Some(tag) if !tag.is_empty() && tag == self.input.slice(start, end) => {}
            _ => return Ok(false),
        }
        let mut at = end;
        while at - end <= MAX_TOKEN as u64 {
            match self.input.byte_at(at, start)? {
                None | Some(b'[') => return Ok(true),
                Some(b) if is_space(b) || b == b'\n' => at += 1,
                Some(_) => return Ok(false),
            }
        }
        Ok(false)
    }

    /// After a word ending in a separator, the second half of a move split
    /// by spaces (`35x 4`): its start and end, if there is one.
    fn joinable(&mut self, start: u64, end: u64) -> io::Result<Option<(u64, u64)>> {
        let mut at = end;
        while let Some(b) = self.input.byte_at(at, start)? {
            if b == b' ' || b == b'\t' {
                at += 1;
                if at - start > MAX_TOKEN as u64 {
                    return Ok(None);
                }
            } else {
                break;
            }
        }
        if at == end {
            return Ok(None);
        }
        match self.input.byte_at(at, start)? {
            Some(b) if b.is_ascii_alphanumeric() => {}
            _ => return Ok(None),
        }
        let mut second_end = at;
        while second_end - start <= MAX_TOKEN as u64 {
            match self.input.byte_at(second_end, start)? {
                Some(b) if !is_delimiter(b) => second_end += 1,
                _ => break,
            }
        }
        if second_end - start > MAX_TOKEN as u64 {
            return Ok(None);
        }
        let second = self.input.slice(at, second_end);
        let digits = second.iter().take_while(|b| b.is_ascii_digit()).count();
        if is_result(second) || second.get(digits) == Some(&b'.') {
            return Ok(None);
        }
        Ok(Some((at, second_end)))
    }

    fn joined<V: Visitor>(
        &mut self,
        start: u64,
        end: u64,
        second: u64,
        second_end: u64,
        v: &mut V,
    ) -> io::Result<Step> {
        let tail = self.input.slice(second, second_end);
        let suffix = tail
            .iter()
            .rev()
            .take_while(|&&b| b == b'!' || b == b'?')
            .count();
        let move_end = second_end - suffix as u64;
        self.scratch.clear();
        self.scratch.extend_from_slice(self.input.slice(start, end));
        self.scratch
            .extend_from_slice(self.input.slice(second, move_end));
        let span = self.span(start, move_end);
        v.move_text(&self.scratch, span);
        if suffix > 0 {
            let span = self.span(move_end, second_end);
            v.suffix(self.input.slice(move_end, second_end), span);
        }
        self.input.pos = second_end;
        Ok(Step::Continue)
    }

    /// `[Name "value"]`, ending at the `]` after the value or at the end of
    /// the line.
    fn tag<V: Visitor>(&mut self, start: u64, v: &mut V) -> io::Result<()> {
        if let Some((len, name_end, value_start)) = plain_tag(self.input.buffered_from(start)) {
            let end = start + len as u64;
            let span = self.span(start, end);
            self.input.pos = end;
            let name = self.input.slice(start + 1, start + name_end as u64);
            let value = self.input.slice(start + value_start as u64, end - 2);
            note_result_tag(&mut self.result_tag, name, value);
            v.tag_without_escapes(name, value, span);
            return self.text_after_tag(v);
        }
        let mut at = start + 1;
        let mut in_quotes = false;
        let mut escaped = false;
        let mut closed = false;
        loop {
            if !escaped {
                // The bytes with no meaning here, at once (at most to one
                // byte past the longest token, as byte by byte).
                let limit = (start + MAX_TOKEN as u64 + 1).saturating_sub(at) as usize;
                let run = self
                    .input
                    .buffered_from(at)
                    .iter()
                    .take(limit)
                    .take_while(|&&b| !matches!(b, b'"' | b'\\' | b']' | b'\n'))
                    .count();
                at += run as u64;
            }
            if at - start > MAX_TOKEN as u64 {
                let span = self.span(start, at);
                v.problem(ReadError {
                    span,
                    kind: ReadErrorKind::TokenTooLong,
                });
                self.input.pos = at;
                self.skip_line()?;
                return Ok(());
            }
            match self.input.byte_at(at, start)? {
                None | Some(b'\n') => break,
                Some(b) => {
                    at += 1;
                    if escaped {
                        escaped = false;
                    } else if in_quotes && b == b'\\' {
                        escaped = true;
                    } else if b == b'"' {
                        in_quotes = !in_quotes;
                    } else if b == b']' && !in_quotes {
                        closed = true;
                        break;
                    }
                }
            }
        }
        let span = self.span(start, at);
        self.input.pos = at;
        let inner_end = if closed { at - 1 } else { at };
        let inner = self.input.slice(start + 1, inner_end);
        if !closed {
            v.problem(ReadError {
                span,
                kind: ReadErrorKind::BadTag("no closing `]` on its line"),
            });
        }
        match split_tag(inner) {
            Ok((name, value)) => {
                note_result_tag(&mut self.result_tag, name, value);
                v.tag(name, value, span);
            }
            Err(why) => v.problem(ReadError {
                span,
                kind: ReadErrorKind::BadTag(why),
            }),
        }
        if closed {
            self.text_after_tag(v)?;
        }
        Ok(())
    }

    /// Skips the words after a tag pair's `]` on its line that neither
    /// start a tag pair, a comment nor the movetext (a digit or `*`), such
    /// as the `\r` some exporters write, with one warning for them.
    fn text_after_tag<V: Visitor>(&mut self, v: &mut V) -> io::Result<()> {
        let mut at = self.input.pos;
        // The first junk byte, once one is seen.
        let mut junk: Option<u64> = None;
        let mut junk_end = at;
        let mut too_long = false;
        loop {
            let keep = junk.unwrap_or(at);
            match self.input.byte_at(at, keep)? {
                Some(b' ' | b'\t' | b'\r') => at += 1,
                None | Some(b'\n' | b'[' | b'{' | b';' | b'*' | b'0'..=b'9') => break,
                Some(_) => {
                    let from = *junk.get_or_insert(at);
                    while let Some(b) = self.input.byte_at(at, from)? {
                        if matches!(b, b' ' | b'\t' | b'\r' | b'\n' | b'[' | b'{') {
                            break;
                        }
                        at += 1;
                        if at - from > MAX_TOKEN as u64 {
                            too_long = true;
                            break;
                        }
                    }
                    junk_end = at;
                    if too_long {
                        break;
                    }
                }
            }
        }
        if let Some(from) = junk {
            let span = self.span(from, junk_end);
            v.problem(ReadError {
                span,
                kind: ReadErrorKind::TextAfterTag,
            });
            self.input.pos = junk_end;
            if too_long {
                self.skip_line()?;
            }
        }
        Ok(())
    }

    /// A `{...}` comment; an unclosed one ends before the next line that
    /// starts a tag pair.
    fn brace_comment<V: Visitor>(&mut self, start: u64, v: &mut V) -> io::Result<()> {
        let mut at = start + 1;
        let span_start = self.input.pos_of(start);
        // Scan while the text fits.
        loop {
            if at - start > MAX_TOKEN as u64 {
                break;
            }
            match self.input.byte_at(at, start)? {
                None => {
                    self.unclosed_comment(start, at, span_start, v);
                    return Ok(());
                }
                Some(b'}') => {
                    let span = Span {
                        start: span_start,
                        end: at + 1,
                    };
                    v.comment(self.input.slice(start + 1, at), span, false);
                    self.input.consume_to(start, at + 1);
                    return Ok(());
                }
                Some(b'\n') if self.tag_line_follows(at + 1, start)? => {
                    self.unclosed_comment(start, at, span_start, v);
                    return Ok(());
                }
                Some(_) => at += 1,
            }
        }
        // Too long: give the beginning, skip the middle.
        let span = Span {
            start: span_start,
            end: at,
        };
        v.comment(self.input.slice(start + 1, at), span, true);
        self.input.consume_to(start, at);
        loop {
            let at = self.input.pos;
            match self.input.byte_at(at, at)? {
                None => {
                    let span = Span {
                        start: span_start,
                        end: at,
                    };
                    v.problem(ReadError {
                        span,
                        kind: ReadErrorKind::UnclosedComment,
                    });
                    return Ok(());
                }
                Some(b'}') => {
                    self.input.pos = at + 1;
                    return Ok(());
                }
                Some(b'\n') => {
                    self.input.newline_at(at);
                    self.input.pos = at + 1;
                    if self.tag_line_follows(at + 1, at + 1)? {
                        let span = Span {
                            start: span_start,
                            end: at,
                        };
                        v.problem(ReadError {
                            span,
                            kind: ReadErrorKind::UnclosedComment,
                        });
                        return Ok(());
                    }
                }
                Some(_) => self.input.pos = at + 1,
            }
        }
    }

    fn unclosed_comment<V: Visitor>(&mut self, start: u64, at: u64, span_start: Pos, v: &mut V) {
        let span = Span {
            start: span_start,
            end: at,
        };
        v.comment(self.input.slice(start + 1, at), span, false);
        v.problem(ReadError {
            span,
            kind: ReadErrorKind::UnclosedComment,
        });
        self.input.consume_to(start, at);
    }

    /// Whether the line starting at `at` begins with a tag pair
    /// `[Name "` (spaces allowed before the quote).
    fn tag_line_follows(&mut self, at: u64, keep: u64) -> io::Result<bool> {
        let mut i = at;
        if self.input.byte_at(i, keep)? != Some(b'[') {
            return Ok(false);
        }
        i += 1;
        if !matches!(self.input.byte_at(i, keep)?, Some(b) if b.is_ascii_uppercase()) {
            return Ok(false);
        }
        while matches!(self.input.byte_at(i, keep)?, Some(b) if b.is_ascii_alphanumeric() || b == b'_')
        {
            i += 1;
            if i - at > 64 {
                return Ok(false);
            }
        }
        let mut spaces = 0;
        while matches!(self.input.byte_at(i, keep)?, Some(b' ' | b'\t')) {
            i += 1;
            spaces += 1;
            if spaces > 64 {
                return Ok(false);
            }
        }
        Ok(spaces > 0 && self.input.byte_at(i, keep)? == Some(b'"'))
    }

    /// `/FEN "..."/`: a set-up command closed on the same line.
    fn setup<V: Visitor>(&mut self, start: u64, v: &mut V) -> io::Result<()> {
        let mut at = start + 1;
        loop {
            match self.input.byte_at(at, start)? {
                Some(b'/') => {
                    let span = self.span(start, at + 1);
                    v.setup(self.input.slice(start + 1, at), span);
                    self.input.pos = at + 1;
                    return Ok(());
                }
                Some(b'\n') | None => break,
                Some(_) if at - start > MAX_TOKEN as u64 => break,
                Some(_) => at += 1,
            }
        }
        let end = self.scan_word(start)?;
        let span = self.span(start, end);
        v.problem(ReadError {
            span,
            kind: ReadErrorKind::UnclosedSetup,
        });
        self.input.pos = end;
        self.skip_word()
    }
}

/// Splits the inside of `[Name "value"]` into name and raw value.
fn split_tag(inner: &[u8]) -> Result<(&[u8], &[u8]), &'static str> {
    let trimmed = inner.trim_ascii();
    let name_len = trimmed
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || **b == b'_')
        .count();
    if name_len == 0 {
        return Err("no tag name after `[`");
    }
    let (name, rest) = trimmed.split_at(name_len);
    let rest = rest.trim_ascii();
    let Some(body) = rest.strip_prefix(b"\"") else {
        return Err("the value must be in double quotes");
    };
    let Some(value) = body.strip_suffix(b"\"") else {
        return Err("the value's closing `\"` is missing");
    };
    Ok((name, value))
}

/// A decimal number (saturating), `None` when `digits` holds a non-digit.
fn parse_number(digits: &[u8]) -> Option<u32> {
    let mut n: u32 = 0;
    for &d in digits {
        if !d.is_ascii_digit() {
            return None;
        }
        n = n.saturating_mul(10).saturating_add(u32::from(d - b'0'));
    }
    Some(n)
}

#[cfg(test)]
mod tests {
    use super::{plain_full_move, plain_word};

    /// A number and two five-byte moves, one space apart, the second ended
    /// by a delimiter; any other spacing or form is left to `plain_word`.
    #[test]
    fn plain_full_move_reads_a_number_and_two_moves_and_nothing_else() {
        assert_eq!(plain_full_move(b"12. c3-d4 d6-e5 ..", 0), Some((12, 4)));
        assert_eq!(plain_full_move(b"7. 32-28 19-23\n...", 0), Some((7, 3)));
        assert_eq!(plain_full_move(b" 7. 32-28 d4:f6{c}...", 1), Some((7, 4)));
        for no in [
            &b"12. c3-d4 d6-e5! ..."[..],
            b"12.  c3-d4 d6-e5 ..",
            b"12. c3-d4\nd6-e5 ..",
            b"123. c3-d4 d6-e5 ..",
            b"12... c3-d4 d6-e5 ",
            b"12. c3-d4 26x1x ...",
            b"12. c3-d4 d6-e5x ..",
            b"12. c3-d4 d6-e5",
        ] {
            assert_eq!(
                plain_full_move(no, 0),
                None,
                "{:?}",
                String::from_utf8_lossy(no)
            );
        }
    }

    /// Each kind of word, and starts that are no word at all: the space
    /// or line end before one, a lone `.`, the end of the buffer.
    #[test]
    fn plain_word_reads_moves_and_numbers_and_nothing_else() {
        let read = |text: &[u8], start| plain_word(text, start);
        assert_eq!(read(b"c3-d4 ", 0), Some((5, None)));
        assert_eq!(read(b"32-28\n", 0), Some((5, None)));
        assert_eq!(read(b"c3-d4xe5 ", 0), Some((8, None)));
        assert_eq!(read(b"12. ", 0), Some((3, Some((12, false)))));
        assert_eq!(read(b"7. ", 0), Some((2, Some((7, false)))));
        assert_eq!(read(b"123... ", 0), Some((6, Some((123, true)))));
        for no_word in [&b"26x1x "[..], b"35x 4", b"1-0 ", b"c3-d4!", b"c3-d4"] {
            assert_eq!(read(no_word, 0), None, "{no_word:?}");
        }
        for (text, start) in [(&b" c3-d4 "[..], 0), (b"\n", 0), (b". ", 0), (b"c3", 2)] {
            assert_eq!(read(text, start), None, "{text:?} at {start}");
        }
    }
}
