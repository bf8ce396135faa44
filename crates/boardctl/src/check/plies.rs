//! The plies of a recorded game, as `check` and `replay` both read them:
//! move tokens that continue a move ([`board_core::RecordHooks::continues_move`])
//! joined into one ply, set-up commands stripped to their position.

use super::record::{Event, RecordedGame};
use board_core::record::{Pos, ReadError, Span};
use board_core::{MoveError, Notation, RecordHooks};

/// One step of a recorded game's movetext, in file order.
#[derive(Debug)]
pub enum Step<'s> {
    /// A move number, `12.` or `12...`.
    Number {
        /// The number written.
        number: u32,
        /// Written for the reply (`12...`).
        second_side: bool,
        /// Where.
        span: Span,
    },
    /// One ply: its move tokens joined by single spaces, from the first
    /// token's start to the last one's end.
    Ply {
        /// The move text.
        text: &'s str,
        /// Where.
        span: Span,
    },
    /// `-`, a move not known.
    Unknown(Span),
    /// A set-up command `/FEN "..."/`.
    Setup {
        /// The position between the quotes, `None` when the command is not
        /// of that form.
        fen: Option<&'s str>,
        /// The text between the slashes.
        text: &'s str,
        /// Where.
        span: Span,
    },
    /// `(`: a variation begins.
    Open(Span),
    /// `)`: it ends.
    Close,
    /// A result token.
    Result {
        /// Its text.
        text: &'s str,
        /// Where.
        span: Span,
    },
    /// Malformed record text.
    Problem(&'s ReadError),
    /// A comment, NAG or suffix, only from [`Plies::with_notes`] (one that
    /// stands inside a move of several tokens comes after the move).
    Note(&'s Event),
}

/// The position of a set-up command's text (`FEN "W:W21:B1"`), if it has
/// that form.
pub fn setup_fen(text: &str) -> Option<&str> {
    text.trim()
        .strip_prefix("FEN")
        .map(str::trim)
        .and_then(|v| v.strip_prefix('"'))
        .and_then(|v| v.strip_suffix('"'))
}

/// A ply read from its text: the move, and when text is glued to its end
/// (`8-11Redoversteppedthetimecontrol.`), where that text stands.
pub struct ParsedPly<M> {
    /// The move.
    pub mv: M,
    /// The text after the move that is not part of it, if any.
    pub glued: Option<(String, Span)>,
}

/// Reads a ply's text as a move of `position`, as `check` and `replay` both
/// do: when the whole text is not a move (a syntax error) but a prefix of
/// it is a legal move and the rest is words (it starts with two letters),
/// the move is the prefix and the rest is reported as glued text.
#[inline]
pub fn parse_ply<G: Notation>(
    game: &G,
    position: &G::Position,
    text: &str,
    span: Span,
) -> Result<ParsedPly<G::Move>, MoveError> {
    match game.parse_move(position, text) {
        Ok(mv) => Ok(ParsedPly { mv, glued: None }),
        Err(e @ MoveError::Syntax(_)) => glued_ply(game, position, text, span, e),
        Err(e) => Err(e),
    }
}

/// [`parse_ply`] for a text that is not a move as a whole (`error`): a
/// legal move and glued words, else the error.
#[cold]
fn glued_ply<G: Notation>(
    game: &G,
    position: &G::Position,
    text: &str,
    span: Span,
    error: MoveError,
) -> Result<ParsedPly<G::Move>, MoveError> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    // The longest prefix first: `26x17x10x1Red` is 26x17x10x1 and `Red`.
    for w in chars.windows(3).rev() {
        let [(_, before), (at, first), (_, second)] = [w[0], w[1], w[2]];
        if !(before.is_ascii_alphanumeric() && first.is_alphabetic() && second.is_alphabetic()) {
            continue;
        }
        if let Ok(mv) = game.parse_move(position, &text[..at]) {
            let rest = &text[at..];
            // The glued text ends the token: count back from its end.
            let offset = span
                .end
                .saturating_sub(rest.len() as u64)
                .max(span.start.offset);
            let column = span.start.column + (offset - span.start.offset) as u32;
            let glued_span = Span {
                start: Pos {
                    offset,
                    line: span.start.line,
                    column,
                },
                end: span.end,
            };
            return Ok(ParsedPly {
                mv,
                glued: Some((rest.to_string(), glued_span)),
            });
        }
    }
    Err(error)
}

/// Reads a recorded game's [`Step`]s with a game's rules for joining move
/// tokens. It lends each ply's text from a buffer of its own, so it is not
/// an [`Iterator`]: call [`Plies::next`] in a `while let` loop.
pub struct Plies<'a, G> {
    game: &'a G,
    rec: &'a RecordedGame,
    events: std::slice::Iter<'a, Event>,
    /// An event read but not yet handed out (it ended the pending ply).
    held: Option<&'a Event>,
    /// The ply being assembled: its first token, borrowed from the record
    /// (most plies are one token and are never copied) …
    first: Option<&'a str>,
    /// … and, once a second token continues it, the tokens joined.
    joined: String,
    pending_span: Span,
    /// Whether comments, NAGs and suffixes are steps ([`Step::Note`]).
    notes: bool,
    /// Notes read inside a move being assembled, handed out after it.
    deferred: Vec<&'a Event>,
}

impl<'a, G: RecordHooks> Plies<'a, G> {
    /// The steps of `rec`, read with `game`'s rules.
    pub fn new(game: &'a G, rec: &'a RecordedGame) -> Self {
        Plies {
            game,
            rec,
            events: rec.events.iter(),
            held: None,
            first: None,
            joined: String::new(),
            pending_span: Span::default(),
            notes: false,
            deferred: Vec::new(),
        }
    }

    /// The same steps with comments, NAGs and suffixes among them, where
    /// they stand ([`Step::Note`]): what `fmt` writes back.
    pub fn with_notes(mut self) -> Self {
        self.notes = true;
        self
    }

    /// The next step, `None` at the end of the movetext.
    #[allow(clippy::should_implement_trait)] // it lends: not an Iterator
    pub fn next(&mut self) -> Option<Step<'_>> {
        if let Some((text, span)) = self.lone_ply() {
            return Some(Step::Ply { text, span });
        }
        self.assemble()
    }

    /// The next step if it is the commonest one, a move token that is a
    /// ply by itself (the event after it cannot continue it: a number, a
    /// result, the end, or a move token the game does not join to it):
    /// its text and span, as [`Plies::next`] would hand it out. `None`
    /// when it is another step, or when the general way must look further
    /// (a comment or a reading problem after it may stand inside the
    /// move); [`Plies::next`] then gives the next step.
    #[inline]
    pub fn lone_ply(&mut self) -> Option<(&'a str, Span)> {
        if !self.idle() {
            return None;
        }
        self.idle_ply()
    }

    /// Whether nothing is pending: no ply being assembled, no event held
    /// and no note deferred. [`Plies::idle_ply`] and
    /// [`Plies::idle_number`] keep it so.
    #[inline]
    pub fn idle(&self) -> bool {
        self.first.is_none() && self.held.is_none() && self.deferred.is_empty()
    }

    /// [`Plies::lone_ply`] when [`Plies::idle`] is known to hold, for a
    /// loop that reads only lone plies and numbers.
    #[inline(always)]
    pub fn idle_ply(&mut self) -> Option<(&'a str, Span)> {
        let rec = self.rec;
        let events = self.events.as_slice();
        let Some(Event::Move { text, span }) = events.first() else {
            return None;
        };
        let text = rec.text_str(text);
        let alone = match events.get(1) {
            None => true,
            Some(Event::Move { text: next, .. }) => {
                !(self.game.may_continue(text.as_bytes())
                    && self.game.continues_move(text, rec.text_str(next)))
            }
            Some(
                Event::Comment { .. }
                | Event::Nag { .. }
                | Event::Suffix { .. }
                | Event::Problem(_),
            ) => false,
            Some(_) => true,
        };
        if !alone {
            return None;
        }
        self.events.next();
        Some((text, *span))
    }

    /// The next step if it is a move number with nothing pending before
    /// it: the number, whether it is written for the reply, and where, as
    /// [`Plies::next`] would hand it out ([`Step::Number`]); `None`
    /// otherwise.
    #[inline]
    pub fn lone_number(&mut self) -> Option<(u32, bool, Span)> {
        if !self.idle() {
            return None;
        }
        self.idle_number()
    }

    /// [`Plies::lone_number`] when [`Plies::idle`] is known to hold.
    #[inline]
    pub fn idle_number(&mut self) -> Option<(u32, bool, Span)> {
        let Some(&Event::Number {
            number,
            second_side,
            span,
        }) = self.events.as_slice().first()
        else {
            return None;
        };
        self.events.next();
        Some((number, second_side, span))
    }

    /// The next step, tokens joined into plies and notes put after them.
    fn assemble(&mut self) -> Option<Step<'_>> {
        loop {
            if self.first.is_none() && !self.deferred.is_empty() {
                return Some(Step::Note(self.deferred.remove(0)));
            }
            let Some(event) = self.held.take().or_else(|| self.events.next()) else {
                return self.hand_out_pending();
            };
            let rec = self.rec;
            let step = match event {
                Event::Move { text, span } => {
                    let text = rec.text_str(text);
                    match self.first {
                        None => {
                            self.first = Some(text);
                            self.joined.clear();
                            self.pending_span = *span;
                        }
                        Some(first) => {
                            let pending = if self.joined.is_empty() {
                                first
                            } else {
                                self.joined.as_str()
                            };
                            if !self.game.continues_move(pending, text) {
                                self.held = Some(event);
                                return self.hand_out_pending();
                            }
                            if self.joined.is_empty() {
                                self.joined.push_str(first);
                            }
                            self.joined.push(' ');
                            self.joined.push_str(text);
                            self.pending_span.end = span.end;
                        }
                    }
                    continue;
                }
                // A reading problem does not end the move being assembled.
                Event::Problem(p) => Step::Problem(p),
                // Nor does a comment, which is no step (but a note for
                // `fmt`).
                Event::Comment { .. } | Event::Nag { .. } | Event::Suffix { .. } => {
                    if !self.notes {
                        continue;
                    }
                    if self.first.is_some() {
                        self.deferred.push(event);
                        continue;
                    }
                    Step::Note(event)
                }
                _ if self.first.is_some() => {
                    self.held = Some(event);
                    return self.hand_out_pending();
                }
                Event::Number {
                    number,
                    second_side,
                    span,
                } => Step::Number {
                    number: *number,
                    second_side: *second_side,
                    span: *span,
                },
                Event::Unknown(span) => Step::Unknown(*span),
                Event::Setup { text, span } => {
                    let text = rec.text_str(text);
                    Step::Setup {
                        fen: setup_fen(text),
                        text,
                        span: *span,
                    }
                }
                Event::Open(span) => Step::Open(*span),
                Event::Close => Step::Close,
                Event::Result { text, span } => Step::Result {
                    text: rec.text_str(text),
                    span: *span,
                },
            };
            return Some(step);
        }
    }

    fn hand_out_pending(&mut self) -> Option<Step<'_>> {
        let first = self.first.take()?;
        let text = if self.joined.is_empty() {
            first
        } else {
            self.joined.as_str()
        };
        Some(Step::Ply {
            text,
            span: self.pending_span,
        })
    }
}
