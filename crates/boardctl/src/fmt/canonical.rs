//! One recorded game written back in canonical form: the one place of
//! `fmt`'s rules (tags in PDN order, moves in the profile's notation or a
//! [`MoveStyle`], recomputed move numbers, lines of at most 80 columns).
//!
//! The game is read with the same ply reader as `check` and `replay`
//! ([`Plies`], [`parse_ply`]); every move is parsed in its position and
//! written with [`board_core::Notation::write_move_styled`]. What cannot be read (an
//! illegal or unreadable move, `-`, a bad set-up) is kept as written from
//! there to the end of the game, with a warning: nothing is lost.

use crate::check::plies::{ParsedPly, Plies, Step, parse_ply};
use crate::check::record::{Event, RecordedGame};
use crate::check::verify::{move_diagnostic, suggestion, suggestion_words};
use crate::registry::GameTask;
use board_core::record::{ReadErrorKind, Span, is_result};
use board_core::{Game, MoveStyle, Slip};

/// PDN's export width.
pub const WIDTH: usize = 80;

/// The seven-tag roster, in PDN order: these come first.
pub const ROSTER: [&str; 7] = ["Event", "Site", "Date", "Round", "White", "Black", "Result"];

/// A game written back.
#[derive(Debug, Default)]
pub struct Formatted {
    /// The canonical text (tags and movetext up to `tail`), each line ending
    /// with `\n`.
    pub text: String,
    /// Where in the game's source the text kept as written begins (byte
    /// offset in the input), when part of the game could not be read.
    pub tail: Option<u64>,
    /// What fmt could not do or kept as it was, for standard error.
    pub warnings: Vec<Warning>,
    /// Moves `--fix` wrote as the one legal move they plainly meant.
    pub fixes: Vec<Fix>,
}

/// A move `--fix` changed.
#[derive(Debug, Clone)]
pub struct Fix {
    /// Where (line of the input).
    pub line: u32,
    /// Where (column of the input).
    pub column: u32,
    /// `12. c3-e5 -> c3:e5 (a capture written with -)`.
    pub message: String,
}

/// A warning about one game.
#[derive(Debug, Clone)]
pub struct Warning {
    /// Where (line of the input).
    pub line: u32,
    /// What.
    pub message: String,
    /// Whether it is an error of the record (what `--strict` refuses), not
    /// a note about something kept.
    pub error: bool,
}

/// Lines of tokens of at most [`WIDTH`] columns, one space between tokens,
/// never breaking inside one.
#[derive(Default)]
pub struct Lines {
    /// The text so far.
    pub out: String,
    column: usize,
    /// The last token ended a line of its own (a `;` comment).
    must_break: bool,
    /// The last token was `(`: the next one follows without a space.
    open: bool,
}

impl Lines {
    /// Adds a token (which may hold a space, as `12. c3-d4`, kept on one
    /// line, or line breaks, as a comment may).
    pub fn token(&mut self, token: &str) {
        self.tokens(token, "");
    }

    /// Adds `first` and `second` as one token with a space between them
    /// (a move number and its move), or `first` alone when `second` is
    /// empty.
    pub fn tokens(&mut self, first: &str, second: &str) {
        let joined;
        let token = if second.is_empty() {
            first
        } else if first.is_ascii() && second.is_ascii() {
            // The common case, without a copy.
            let width = first.len() + 1 + second.len();
            self.before_token(width);
            self.out.push_str(first);
            self.out.push(' ');
            self.out.push_str(second);
            self.column += width;
            return;
        } else {
            joined = format!("{first} {second}");
            &joined
        };
        let width = if token.is_ascii() && !token.contains('\n') {
            token.len()
        } else {
            token.split('\n').next().unwrap_or_default().chars().count()
        };
        self.before_token(width);
        self.out.push_str(token);
        match token.rfind('\n') {
            Some(at) => self.column = token[at + 1..].chars().count(),
            None => self.column += width,
        }
    }

    /// The space or line break before a token of `width` columns.
    fn before_token(&mut self, width: usize) {
        let space = usize::from(self.column > 0 && !self.open);
        if self.must_break || (self.column > 0 && self.column + space + width > WIDTH) {
            self.out.push('\n');
            self.column = 0;
        } else if space == 1 {
            self.out.push(' ');
            self.column += 1;
        }
        self.must_break = false;
        self.open = false;
    }

    /// Glues text to the last token (a suffix `!` to its move).
    pub fn glue(&mut self, text: &str) {
        let width = text.chars().count();
        if self.must_break || self.column == 0 || self.column + width > WIDTH {
            self.token(text);
            return;
        }
        self.out.push_str(text);
        self.column += width;
        self.open = false;
    }

    /// A comment: `{text}`, or `;text` and a line break when the text
    /// holds a `}` (only a `;` comment can).
    pub fn comment(&mut self, text: &str) {
        if text.contains('}') && !text.contains('\n') {
            self.token(&format!(";{text}"));
            self.must_break = true;
        } else {
            self.token(&format!("{{{text}}}"));
        }
    }

    /// Ends the last line.
    pub fn finish(mut self) -> String {
        if self.column > 0 || self.must_break {
            self.out.push('\n');
        }
        self.out
    }
}

/// A tag value with `\` and `"` escaped.
pub fn escape_tag_value(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    for c in value.chars() {
        if c == '\\' || c == '"' {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// The tags in canonical order: the seven-tag roster first, then the rest
/// in their order (a tag given twice is kept twice, in its order).
pub fn ordered_tags(rec: &RecordedGame) -> Vec<(&str, &str)> {
    let mut tags: Vec<(&str, &str)> = rec.tag_pairs().map(|(n, v, _)| (n, v)).collect();
    tags.sort_by_key(|(name, _)| {
        ROSTER
            .iter()
            .position(|r| r == name)
            .unwrap_or(ROSTER.len())
    });
    tags
}

/// The `[Name "value"]` lines of a game.
pub fn write_tags(rec: &RecordedGame, out: &mut String) {
    for (name, value) in ordered_tags(rec) {
        out.push('[');
        out.push_str(name);
        out.push_str(" \"");
        out.push_str(&escape_tag_value(value));
        out.push_str("\"]\n");
    }
}

/// What a result token says, for comparing it with the `Result` tag.
fn result_meaning(text: &str) -> &str {
    match text.trim() {
        "2-0" => "1-0",
        "0-2" => "0-1",
        "1-1" | "½-½" => "1/2-1/2",
        other => other,
    }
}

/// Formats one game with a game's rules (a [`GameTask`]).
pub struct Canonical<'a> {
    /// The game.
    pub rec: &'a RecordedGame,
    /// How moves are written.
    pub style: &'a MoveStyle,
    /// `--fix`: write the one legal move a bad move plainly meant.
    pub fix: bool,
}

/// A line of play: the main line or a variation.
struct Line<P> {
    before: Option<P>,
    position: P,
    ply: u32,
}

impl GameTask for Canonical<'_> {
    type Output = Formatted;
    fn run<G: Game>(self, game: &G) -> Formatted {
        let mut f = Formatted::default();
        let rec = self.rec;
        write_tags(rec, &mut f.text);
        let movetext = movetext(game, rec, self.style, self.fix, &mut f);
        if !movetext.is_empty() {
            if !rec.tags.is_empty() {
                f.text.push('\n');
            }
            f.text.push_str(&movetext);
        }
        f
    }
}

/// The movetext of a game whose rules are unknown: kept as written (the
/// tags are still written in order).
pub fn unformatted(rec: &RecordedGame, why: &str) -> Formatted {
    let mut f = Formatted::default();
    write_tags(rec, &mut f.text);
    if let Some(first) = rec.events.iter().find_map(event_start) {
        f.tail = Some(first);
        f.warnings.push(Warning {
            line: rec.start.line,
            message: format!("{why}: its moves are kept as written"),
            error: true,
        });
        if !rec.tags.is_empty() {
            f.text.push('\n');
        }
    }
    f
}

/// Where an event starts in the input (`None` for `)`, which has no span).
fn event_start(e: &Event) -> Option<u64> {
    match e {
        Event::Number { span, .. }
        | Event::Move { span, .. }
        | Event::Unknown(span)
        | Event::Setup { span, .. }
        | Event::Open(span)
        | Event::Comment { span, .. }
        | Event::Result { span, .. }
        | Event::Nag { span, .. }
        | Event::Suffix { span, .. } => Some(span.start.offset),
        Event::Problem(_) | Event::Close => None,
    }
}

/// Whether a game has malformed text that fmt cannot write back (every
/// reading problem but text after a tag pair, which is dropped).
pub fn has_read_problems(rec: &RecordedGame) -> bool {
    rec.cut_at.is_some()
        || rec
            .events
            .iter()
            .any(|e| matches!(e, Event::Problem(p) if p.kind != ReadErrorKind::TextAfterTag))
}

fn movetext<G: Game>(
    game: &G,
    rec: &RecordedGame,
    style: &MoveStyle,
    fix: bool,
    f: &mut Formatted,
) -> String {
    let mut w = Lines::default();
    let first_side = game.side_to_move(&game.start_position());
    let (position, from_setup) = match game.position_from_tags(rec) {
        Ok(Some(p)) => (p, true),
        Ok(None) => (game.start_position(), false),
        Err(e) => {
            if let Some(first) = rec.events.iter().find_map(event_start) {
                f.tail = Some(first);
                f.warnings.push(Warning {
                    line: rec.start.line,
                    message: format!("invalid start position: {e}; the moves are kept as written"),
                    error: true,
                });
            }
            return String::new();
        }
    };
    let mut shift = u32::from(game.side_to_move(&position) != first_side);
    // Written number minus counted number: learnt from the first number
    // written after a set-up position (as `check` does).
    let mut offset: Option<i64> = if from_setup { None } else { Some(0) };
    let mut lines = vec![Line {
        before: None,
        position,
        ply: 0,
    }];
    // The next ply needs its number even for the second side (`12...`).
    let mut need_number = true;
    let mut last_was_move = false;
    let mut result: Option<(String, Span)> = None;
    // `--fix` found the game in another numbering: its words, and how many
    // later moves were read in it (said once per game).
    let mut numbering: Option<String> = None;
    let mut renumbered = 0usize;
    let mut numbering_fix: Option<(usize, String)> = None;
    let mut plies = Plies::new(game, rec).with_notes();
    let label = |ply: u32, shift: u32, offset: Option<i64>| {
        let k = ply + shift;
        let n = i64::from(k / 2 + 1) + offset.unwrap_or(0);
        (n, k % 2 == 1)
    };
    let number_text = |n: i64, second: bool| format!("{n}{}", if second { "..." } else { "." });
    while let Some(step) = plies.next() {
        let glue_ok = last_was_move;
        last_was_move = false;
        match step {
            Step::Number {
                number,
                second_side,
                ..
            } => {
                if offset.is_none() {
                    let ply = lines.last().map_or(0, |l| l.ply);
                    let k = ply + shift;
                    offset = Some(i64::from(number) - i64::from(k / 2 + 1));
                    let _ = second_side;
                }
            }
            Step::Ply { text, span } => {
                let line = lines.last_mut().expect("the main line stays");
                let (n, second) = label(line.ply, shift, offset);
                let number = (!second || need_number).then(|| number_text(n, second));
                let mut parsed = parse_ply(game, &line.position, text, span);
                // A game found in another numbering reads every later move
                // in it.
                if let Some(words) = &numbering {
                    let again = game
                        .did_you_mean(&line.position, text)
                        .filter(|s| s.slip == Slip::OtherNumbering && s.why == *words);
                    if let Some(s) = again {
                        renumbered += 1;
                        more_in_numbering(f, &numbering_fix, renumbered);
                        parsed = Ok(ParsedPly {
                            mv: s.mv,
                            glued: None,
                        });
                    }
                }
                if let (true, Err(e)) = (fix, &parsed) {
                    if let Some(s) = suggestion(game, &line.position, text, e) {
                        let written = game.write_move_styled(&line.position, &s.mv, style);
                        let said = s.slip == Slip::OtherNumbering && numbering.is_some();
                        if s.slip == Slip::OtherNumbering {
                            numbering = Some(s.why.clone());
                        }
                        let message = format!(
                            "{} {text} -> {written} {}",
                            number_text(n, second),
                            suggestion_words(&s)
                        );
                        if said {
                            renumbered += 1;
                            more_in_numbering(f, &numbering_fix, renumbered);
                        } else {
                            if s.slip == Slip::OtherNumbering {
                                numbering_fix = Some((f.fixes.len(), message.clone()));
                            }
                            f.fixes.push(Fix {
                                line: span.start.line,
                                column: span.start.column,
                                message,
                            });
                        }
                        parsed = Ok(ParsedPly {
                            mv: s.mv,
                            glued: None,
                        });
                    }
                }
                match parsed {
                    Ok(parsed) => {
                        let mut written = game.write_move_styled(&line.position, &parsed.mv, style);
                        if let Some((rest, _)) = &parsed.glued {
                            written.push_str(rest);
                        }
                        let mut tokens = written.split(' ');
                        let first = tokens.next().unwrap_or_default();
                        match &number {
                            Some(n) => w.tokens(n, first),
                            None => w.token(first),
                        }
                        for t in tokens {
                            w.token(t);
                        }
                        let before = line.position.clone();
                        game.play(&mut line.position, &parsed.mv);
                        line.before = Some(before);
                        line.ply += 1;
                        need_number = false;
                        last_was_move = true;
                    }
                    Err(e) => {
                        let d = move_diagnostic(game, &number_text(n, second), text, span, &e);
                        let meant = suggestion(game, &line.position, text, &e).map_or_else(
                            String::new,
                            |s| {
                                let written = game.write_move_styled(&line.position, &s.mv, style);
                                format!(" (did you mean {written}? `--fix` writes it)")
                            },
                        );
                        f.warnings.push(Warning {
                            line: span.start.line,
                            message: format!("{}; kept as written from here{meant}", d.message),
                            error: true,
                        });
                        return stop(w, number, span, f);
                    }
                }
            }
            Step::Unknown(span) => {
                let line = lines.last().expect("the main line stays");
                let (n, second) = label(line.ply, shift, offset);
                let number = (!second || need_number).then(|| number_text(n, second));
                f.warnings.push(Warning {
                    line: span.start.line,
                    message: "unknown move `-`: kept as written from here".to_string(),
                    error: true,
                });
                return stop(w, number, span, f);
            }
            Step::Setup { fen, text, span } => {
                let parsed = fen.map(|v| game.parse_position(v));
                match parsed {
                    Some(Ok(p)) => {
                        let line = lines.last_mut().expect("the main line stays");
                        line.position = p;
                        line.before = None;
                        // The side to move decides the form of the next number.
                        let second = game.side_to_move(&line.position) != first_side;
                        if ((line.ply + shift) % 2 == 1) != second {
                            shift ^= 1;
                        }
                        offset = None;
                        w.token(&format!("/{text}/"));
                        need_number = true;
                    }
                    _ => {
                        f.warnings.push(Warning {
                            line: span.start.line,
                            message: format!(
                                "set-up command `/{text}/` has no valid position: kept as written from here"
                            ),
                            error: true,
                        });
                        return stop(w, None, span, f);
                    }
                }
            }
            Step::Open(_) => {
                let parent = lines.last().expect("the main line stays");
                let child = Line {
                    position: parent
                        .before
                        .clone()
                        .unwrap_or_else(|| parent.position.clone()),
                    ply: parent.ply - u32::from(parent.before.is_some()),
                    before: None,
                };
                lines.push(child);
                w.token("(");
                w.open = true;
                need_number = true;
            }
            Step::Close => {
                if lines.len() > 1 {
                    lines.pop();
                }
                w.glue(")");
                need_number = true;
            }
            Step::Result { text, span } => {
                if lines.len() == 1 && result.is_none() {
                    result = Some((text.to_string(), span));
                } else {
                    w.token(text);
                }
            }
            Step::Note(Event::Comment { text, .. }) => {
                w.comment(rec.text_str(text));
                need_number = true;
            }
            Step::Note(Event::Nag { nag, .. }) => w.token(&format!("${nag}")),
            Step::Note(Event::Suffix { text, .. }) => {
                if glue_ok {
                    w.glue(rec.text_str(text));
                    last_was_move = true;
                } else {
                    w.token(rec.text_str(text));
                }
            }
            Step::Note(_) | Step::Problem(_) => {}
        }
    }
    let tag = rec.tag_with_span("Result").map(|(v, _)| v);
    match (result.as_ref().map(|(t, s)| (t.as_str(), *s)), tag) {
        (Some((token, span)), Some(tag)) => {
            if result_meaning(token) != result_meaning(tag) {
                f.warnings.push(Warning {
                    line: span.start.line,
                    message: format!(
                        "the game ends with {token} but its Result tag says {tag}: both kept"
                    ),
                    error: false,
                });
            }
            w.token(token);
        }
        (Some((token, _)), None) => w.token(token),
        (None, Some(tag)) if is_result(tag.as_bytes()) => w.token(tag),
        _ => {}
    }
    w.finish()
}

/// The first fix of a game in another numbering, with how many later
/// moves were read in it (said once, not per move).
fn more_in_numbering(f: &mut Formatted, first: &Option<(usize, String)>, more: usize) {
    if let Some((at, message)) = first {
        if let Some(fix) = f.fixes.get_mut(*at) {
            let moves = if more == 1 { "move" } else { "moves" };
            fix.message = format!("{message}; {more} more {moves} of the game read in it");
        }
    }
}

/// The line ends at a move fmt cannot read: its number, then the rest of
/// the game as written (from `span`).
fn stop(mut w: Lines, number: Option<String>, span: Span, f: &mut Formatted) -> String {
    if let Some(n) = number {
        w.token(&n);
    }
    f.tail = Some(span.start.offset);
    let must_break = w.must_break;
    let open = w.open;
    let mut text = w.out;
    if !text.is_empty() && !open {
        text.push(if must_break { '\n' } else { ' ' });
    }
    text
}
