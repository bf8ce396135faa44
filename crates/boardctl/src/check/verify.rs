//! Replays a recorded game with its game's rules: the main line and every
//! variation, each move through `Notation::parse_move`, reporting what is
//! illegal, ambiguous or inconsistent. Generic over [`Game`].

use super::ahead::Played;
use super::diagnostic::{Code, Diagnostic};
use super::plies::{Plies, Step, parse_ply};
use super::record::{Event, RecordedGame};
use crate::cli::Irregular;
use crate::play::describe_outcome;
use crate::registry::{AnyGame, GameTask};
use board_core::record::{Pos, ReadError, ReadErrorKind, Span};
use board_core::{
    Ending, Game, LegalityError, MoveError, Notation, Outcome, Side, Slip, Suggestion,
};
use serde::Serialize;
use std::borrow::Cow;

/// What checking one game found.
#[derive(Debug, Default)]
pub struct Verified {
    /// Findings, in file order.
    pub diagnostics: Vec<Diagnostic>,
    /// Moves found legal and played.
    pub moves: u64,
    /// The recorded result against the end on the board (`None` for text
    /// that held only reading problems).
    pub result: Option<GameResult>,
}

/// A game's recorded result and the end of its main line on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameResult {
    /// The result token, else the `Result` tag; `None` when neither.
    pub recorded: Option<String>,
    /// How the main line ended.
    pub board: BoardEnd,
    /// Whether the two agree; `None` when the moves cannot decide (an
    /// unfinished game: agreement, resignation, time; `*`).
    pub agree: Option<bool>,
}

/// The end of a game's main line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "end", rename_all = "lowercase")]
pub enum BoardEnd {
    /// Won on the board.
    Win {
        /// `White` or `Black` (as a result names them).
        winner: &'static str,
        /// Why, with the rule's citation when a rule says so.
        rule: String,
        /// The move after which it was over, when moves followed it.
        at: Option<String>,
    },
    /// Drawn by a rule (or on the board), or a draw a player could claim.
    Draw {
        /// The rule and its citation.
        rule: String,
        /// Only on a claim (the game could go on).
        claim: bool,
        /// The move after which it was over, when moves followed it.
        at: Option<String>,
    },
    /// Not over on the board.
    Unfinished,
    /// Not known: the main line could not be followed to its end, or the
    /// game's rules are unknown.
    Unknown,
}

/// Checks one recorded game (a [`GameTask`]), letting irregular moves
/// stand or stop their line.
pub struct Verify<'a>(pub &'a RecordedGame, pub Irregular);

impl GameTask for Verify<'_> {
    type Output = Verified;
    fn run<G: Game>(self, game: &G) -> Verified {
        let mut v = Verifier::new(game, self.0, self.1);
        let result = v.run();
        let mut out = Verified {
            diagnostics: v.out,
            moves: v.moves,
            result,
        };
        finish(&mut out, self.0);
        out
    }
}

/// Plays a lone ply's text on `position` when it is a legal move: by the
/// game's own quick way ([`Notation::play_text`]), else read as a move;
/// `false`, the position unchanged, when it is not (or not UTF-8). `text`
/// is the ply's bytes, and `checked` the same as a string when the caller
/// has it (else the bytes are checked as UTF-8 if the quick way fails).
#[inline]
pub fn play_lone<G: Game>(
    game: &G,
    position: &mut G::Position,
    text: &[u8],
    checked: Option<&str>,
) -> bool {
    game.play_text(position, text)
        || match checked
            .or_else(|| std::str::from_utf8(text).ok())
            .map(|text| game.parse_move(position, text))
        {
            Some(Ok(mv)) => {
                game.play(position, &mv);
                true
            }
            _ => false,
        }
}

/// Checks one recorded game with its rules: from the position its moves
/// played while it was read reached ([`RecordedGame::ahead`]), else from
/// its start.
pub fn verify(engine: &AnyGame, game: &RecordedGame, irregular: Irregular) -> Verified {
    match &game.ahead {
        Some(played) => played.live.verify(game, irregular, played),
        None => engine.run(Verify(game, irregular)),
    }
}

/// [`Verify`] from the moves played while the game was read: `position`
/// reached, `before` the last of them.
pub fn verify_from<G: Game>(
    game: &G,
    rec: &RecordedGame,
    irregular: Irregular,
    position: &G::Position,
    before: &G::Position,
    played: &Played,
) -> Verified {
    let mut v = Verifier::new(game, rec, irregular);
    v.resume(position, before, played);
    let result = v.run();
    let mut out = Verified {
        diagnostics: v.out,
        moves: v.moves,
        result,
    };
    finish(&mut out, rec);
    out
}

/// Reports the reading problems of a game whose rules are unknown, next to
/// the rules error.
pub fn unverified(game: &RecordedGame, rules_error: Option<Diagnostic>) -> Verified {
    let mut out = Verified {
        result: (!game.problems_only).then(|| GameResult {
            recorded: game
                .tag_with_span("Result")
                .map(|(t, _)| t.trim().to_string()),
            board: BoardEnd::Unknown,
            agree: None,
        }),
        ..Verified::default()
    };
    out.diagnostics.extend(rules_error);
    for e in &game.events {
        if let Event::Problem(p) = e {
            out.diagnostics.push(problem_diagnostic(p));
        }
    }
    finish(&mut out, game);
    out
}

/// The finding for malformed record text: a `pdn-syntax` error, or for
/// text after a tag pair (skipped) a `tag-junk` warning.
pub fn problem_diagnostic(p: &ReadError) -> Diagnostic {
    match p.kind {
        ReadErrorKind::TextAfterTag => Diagnostic::warning(Code::TagJunk, p.span, p.to_string()),
        _ => Diagnostic::error(Code::PdnSyntax, p.span, p.to_string()),
    }
}

fn finish(out: &mut Verified, game: &RecordedGame) {
    for (tag, known) in game.miscased_tags() {
        out.diagnostics.push(Diagnostic::warning(
            Code::TagCase,
            tag.span,
            format!(
                "the tag `{}` is read as `{known}`: tag names are case-sensitive in PDN",
                game.text_str(&tag.name)
            ),
        ));
    }
    if let Some(span) = game.cut_at {
        out.diagnostics.push(Diagnostic::error(
            Code::PdnSyntax,
            span,
            format!(
                "game too long: only its first {} tokens are checked",
                super::record::MAX_EVENTS
            ),
        ));
    }
    for d in &mut out.diagnostics {
        d.game = game.index;
    }
    out.diagnostics.sort_by_key(|d| d.span.start.offset);
    cap_repeats(&mut out.diagnostics);
}

/// The most findings of one code a game shows; the rest are counted in one
/// more finding of that code (a file of junk is not echoed line by line).
/// Irregular moves that stood are every one reported: each is a move an
/// arbiter must see.
pub const MAX_SAME_FINDINGS: usize = board_core::notation::REPEAT_LIMIT;

/// Keeps the first [`MAX_SAME_FINDINGS`] findings of each code (but
/// `irregular-move`) and puts, after the last one kept, a count of the
/// others.
fn cap_repeats(diagnostics: &mut Vec<Diagnostic>) {
    if diagnostics.len() <= MAX_SAME_FINDINGS {
        return;
    }
    let mut seen: Vec<(Code, usize)> = Vec::new();
    let mut kept = Vec::with_capacity(diagnostics.len());
    for d in diagnostics.drain(..) {
        let count = match seen.iter_mut().find(|(c, _)| *c == d.code) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                seen.push((d.code, 1));
                1
            }
        };
        if count <= MAX_SAME_FINDINGS || d.code == Code::IrregularMove {
            kept.push(d);
        }
    }
    for (code, n) in seen {
        if n <= MAX_SAME_FINDINGS || code == Code::IrregularMove {
            continue;
        }
        let Some(last) = kept.iter().rposition(|d| d.code == code) else {
            continue;
        };
        let mut more = kept[last].clone();
        more.message = format!(
            "… and {} more `{code}` findings in this game, not shown",
            n - MAX_SAME_FINDINGS
        );
        more.help = None;
        more.ply = None;
        kept.insert(last + 1, more);
    }
    *diagnostics = kept;
}

/// The finding for a move that could not be played: `illegal move 12.
/// c3:e5 — reason`, with the help of the game's error (for an ambiguous
/// move, the game's hint).
pub fn move_diagnostic<G: Notation>(
    game: &G,
    label: &str,
    text: &str,
    span: Span,
    e: &MoveError,
) -> Diagnostic {
    match e {
        MoveError::Syntax(s) => Diagnostic::error(
            Code::MoveSyntax,
            span,
            format!("not a move: {label} {text} — {}", s.message),
        ),
        MoveError::Legality(LegalityError::Illegal { reason, help }) => Diagnostic::error(
            Code::IllegalMove,
            span,
            format!("illegal move {label} {text} — {reason}"),
        )
        .with_help(help.clone()),
        MoveError::Legality(LegalityError::Ambiguous { candidates, .. }) => Diagnostic::error(
            Code::AmbiguousMove,
            span,
            format!(
                "ambiguous move {label} {text} — it can be {}",
                candidates.join(" or ")
            ),
        )
        .with_help(Some(game.ambiguity_hint(candidates))),
    }
}

/// The one legal move a move text that could not be played plainly meant
/// (the game's [`Notation::did_you_mean`]), for a move that is illegal or
/// cannot be read; never for an ambiguous one.
pub fn suggestion<G: Notation>(
    game: &G,
    position: &G::Position,
    text: &str,
    e: &MoveError,
) -> Option<Suggestion<G::Move>> {
    match e {
        MoveError::Syntax(_) | MoveError::Legality(LegalityError::Illegal { .. }) => {
            game.did_you_mean(position, text)
        }
        MoveError::Legality(LegalityError::Ambiguous { .. }) => None,
    }
}

/// Why a suggestion is made, in parentheses: `(a capture written with
/// -)`; for another numbering, with a note that the whole game seems to
/// use it.
pub fn suggestion_words<M>(s: &Suggestion<M>) -> String {
    match s.slip {
        Slip::OtherNumbering => format!("({}; the whole game seems to use that numbering)", s.why),
        _ => format!("({})", s.why),
    }
}

/// Where a game ended automatically (by a rule or on the board): the
/// ending and the move after which it stood (`41... f6-g5`; `None` at the
/// start position).
#[derive(Clone, Debug)]
struct Ended {
    ending: Ending,
    at: Option<String>,
}

/// The automatic end of the game at `position`, if any: a draw rule that
/// is met (the board's own end first, should both hold). Claims do not end
/// a game. Cheap after every move: the board is asked only when a rule is
/// met.
fn automatic_end<G: Game>(
    game: &G,
    clock: &G::Clock,
    position: &G::Position,
    at: impl FnOnce() -> Option<String>,
) -> Option<Ended> {
    let rule = game.rule_ending(clock, position).filter(|e| !e.claim)?;
    let ending = game.outcome(position).map_or(rule, Ending::board);
    Some(Ended { ending, at: at() })
}

/// A move as written and its number, kept per ply without formatting or
/// copying: where its text stands in the record when it is one token of
/// it, else (tokens joined into one ply) a copy.
#[derive(Clone, Debug, Default)]
struct LastMove {
    number: i64,
    dots: &'static str,
    /// Where the text stands in the record's text, if it does.
    lent: Option<(usize, usize)>,
    /// The text otherwise.
    joined: String,
}

impl LastMove {
    #[inline]
    fn set(&mut self, number: i64, dots: &'static str, text: &str, rec: &RecordedGame) {
        self.number = number;
        self.dots = dots;
        self.lent = rec.offset_of(text).map(|at| (at, text.len()));
        if self.lent.is_none() {
            self.joined.clear();
            self.joined.push_str(text);
        }
    }

    /// `41... f6-g5`, the text read from `rec` where it stands there.
    fn label(&self, rec: &RecordedGame) -> String {
        let text = match self.lent {
            Some((at, len)) => rec.text.get(at..at + len).unwrap_or_default(),
            None => &self.joined,
        };
        format!("{}{} {}", self.number, self.dots, text)
    }
}

/// `White wins` / `drawn`, as the end of a game is named in messages.
fn end_words<G: Game>(game: &G, ending: &Ending) -> String {
    match &ending.outcome {
        Outcome::Win { winner, .. } => format!("won by {}", game.side_name(*winner)),
        Outcome::Draw { .. } => "drawn".to_string(),
    }
}

/// The `move-after-end` error of a move played after the game ended:
/// `move after the end of the game 42. c3-d4 — the game was drawn at 41...
/// f6-g5: 15 moves with kings only (FMJD-64 7.2.5)`.
fn after_end_diagnostic<G: Game>(game: &G, label: &str, span: Span, ended: &Ended) -> Diagnostic {
    let at = ended
        .at
        .as_deref()
        .map_or("at the start position".to_string(), |m| format!("at {m}"));
    Diagnostic::error(
        Code::MoveAfterEnd,
        span,
        format!(
            "move after the end of the game {label} — the game was {} {at}: {}",
            end_words(game, &ended.ending),
            ended.ending.rule()
        ),
    )
}

/// A line of play: the main line or a variation.
struct Line<P, C> {
    /// The position before the last move played on this line (where a
    /// variation following that move starts).
    before: Option<P>,
    position: P,
    /// The draw rules' clock at `position`, and at `before`.
    clock: C,
    before_clock: C,
    /// The game ended automatically at `position`: a move after it is no
    /// move of the game.
    ended: Option<Ended>,
    /// The last move played on this line, as written, and its number
    /// (formatted only when a message names it: most plies never are).
    last_move: LastMove,
    /// Plies from the start position to `position`.
    ply: u32,
    /// After an error: the rest of the line is not checked.
    dead: bool,
    /// The line died at its last move token: a variation that follows
    /// replaces that move and starts from `position`.
    died_here: bool,
    /// Where the line died (an error there says why), `None` when it was
    /// never followed (it branches from a line that had died).
    died_at: Option<Pos>,
}

/// What a result says.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Claim {
    Win(Side),
    Draw,
    Unknown,
}

fn claim(text: &str) -> Option<Claim> {
    match text.trim() {
        "1-0" | "2-0" => Some(Claim::Win(Side::White)),
        "0-1" | "0-2" => Some(Claim::Win(Side::Black)),
        "1/2-1/2" | "1-1" | "½-½" => Some(Claim::Draw),
        "0-0" | "*" => Some(Claim::Unknown),
        _ => None,
    }
}

struct Verifier<'a, G: Game> {
    game: &'a G,
    rec: &'a RecordedGame,
    lines: Vec<Line<G::Position, G::Clock>>,
    number: Option<(u32, bool, Span)>,
    /// 1 when the start position has the side that moves second to move.
    shift: u32,
    /// Written move number minus counted move number (0 from the profile's
    /// start; learnt from the first number after a set-up position).
    number_offset: Option<i64>,
    /// The result token of the main line, borrowed from the record.
    result: Option<(Cow<'a, str>, Span)>,
    last_main_move: Option<Span>,
    out: Vec<Diagnostic>,
    moves: u64,
    /// `--irregular`: whether an irregular move stands.
    irregular: Irregular,
    /// Another numbering was suggested already: said once per game.
    numbering_said: bool,
    /// Nothing is kept of a move played (no variation, no clock): the
    /// game may play a text itself ([`Notation::play_text`]).
    plain: bool,
}

impl<'a, G: Game> Verifier<'a, G> {
    fn new(game: &'a G, rec: &'a RecordedGame, irregular: Irregular) -> Self {
        let first_side = game.side_to_move(&game.start_position());
        let mut dead = false;
        let mut out = Vec::new();
        let mut from_setup = false;
        let position = match game.position_from_tags(rec) {
            Ok(Some(p)) => {
                from_setup = true;
                p
            }
            Ok(None) => game.start_position(),
            Err(e) => {
                let span = ["FEN", "SetupSouth", "SetupNorth"]
                    .iter()
                    .find_map(|t| rec.tag_with_span(t))
                    .map_or(
                        Span {
                            start: rec.start,
                            end: rec.start.offset,
                        },
                        |(_, s)| s,
                    );
                out.push(Diagnostic::error(
                    Code::BadPosition,
                    span,
                    format!("invalid start position: {e}"),
                ));
                dead = true;
                game.start_position()
            }
        };
        let shift = u32::from(game.side_to_move(&position) != first_side);
        let clock = game.start_clock(&position);
        let ended = if dead {
            None
        } else {
            automatic_end(game, &clock, &position, || None)
        };
        Verifier {
            game,
            rec,
            lines: vec![Line {
                before: None,
                position,
                before_clock: clock.clone(),
                clock,
                ended,
                last_move: LastMove::default(),
                ply: 0,
                dead,
                died_here: false,
                died_at: None,
            }],
            number: None,
            shift,
            number_offset: if from_setup { None } else { Some(0) },
            result: None,
            last_main_move: None,
            out,
            moves: 0,
            irregular,
            numbering_said: false,
            plain: !rec.variations && !game.has_clock(),
        }
    }

    /// Goes on from the moves played while the game was read, as if the
    /// plain loop ([`Verifier::play_plain`]) had played them.
    fn resume(&mut self, position: &G::Position, before: &G::Position, played: &Played) {
        let game = self.game;
        let rec = self.rec;
        let (number, second) = self.label(played.plies - 1);
        let line = &mut self.lines[0];
        line.position.clone_from(position);
        line.before = Some(before.clone());
        line.ply = played.plies;
        line.last_move.set(
            number,
            if second { "..." } else { "." },
            rec.text_str(&played.last),
            rec,
        );
        self.moves = u64::from(played.plies);
        self.last_main_move = Some(played.last_span);
        if !self.plain {
            // What `Verifier::play` would have found after the last move.
            let last = &line.last_move;
            line.ended = automatic_end(game, &line.clock, &line.position, || Some(last.label(rec)));
        }
    }

    fn run(&mut self) -> Option<GameResult> {
        if self.rec.problems_only {
            return None;
        }
        let mut plies = Plies::new(self.game, self.rec);
        loop {
            if self.plain {
                self.play_plain(&mut plies);
            }
            // Most steps are plies of one token: played without a `Step`.
            if let Some((text, span)) = plies.lone_ply() {
                let number = self.number.take();
                self.play(text, span, number);
                continue;
            }
            if let Some(number) = plies.lone_number() {
                self.number = Some(number);
                continue;
            }
            let Some(step) = plies.next() else {
                break;
            };
            match step {
                Step::Number {
                    number,
                    second_side,
                    span,
                } => self.number = Some((number, second_side, span)),
                Step::Ply { text, span } => {
                    let number = self.number.take();
                    self.play(text, span, number);
                }
                Step::Unknown(span) => {
                    self.number = None;
                    let line = self.top();
                    line.died_here = false;
                    if !line.dead {
                        let ply = line.ply + 1;
                        line.dead = true;
                        line.died_here = true;
                        line.died_at = Some(span.start);
                        self.out.push(
                            Diagnostic::error(
                                Code::UnknownMove,
                                span,
                                "unknown move `-`: the rest of this line cannot be checked"
                                    .to_string(),
                            )
                            .at_ply(ply),
                        );
                    }
                }
                Step::Setup { fen, text, span } => self.setup(fen, text, span),
                Step::Open(span) => {
                    self.number = None;
                    let parent = self.top();
                    let child = if parent.died_here {
                        // An alternative to the move that was rejected.
                        Line {
                            position: parent.position.clone(),
                            clock: parent.clock.clone(),
                            before_clock: parent.clock.clone(),
                            ended: parent.ended.clone(),
                            last_move: parent.last_move.clone(),
                            ply: parent.ply,
                            before: None,
                            dead: false,
                            died_here: false,
                            died_at: None,
                        }
                    } else {
                        let clock = if parent.before.is_some() {
                            parent.before_clock.clone()
                        } else {
                            parent.clock.clone()
                        };
                        Line {
                            position: parent
                                .before
                                .clone()
                                .unwrap_or_else(|| parent.position.clone()),
                            before_clock: clock.clone(),
                            clock,
                            // The position before a move that was played
                            // had not ended the game.
                            ended: if parent.before.is_some() {
                                None
                            } else {
                                parent.ended.clone()
                            },
                            last_move: LastMove::default(),
                            ply: parent.ply - u32::from(parent.before.is_some()),
                            before: None,
                            dead: parent.dead,
                            died_here: false,
                            died_at: None,
                        }
                    };
                    // The variation's place is not known: it is not checked
                    // (never from another position), and said so once where
                    // the line it branches from died.
                    let note = match (parent.dead, parent.died_here, parent.died_at) {
                        (true, false, Some(at)) => Some(at),
                        _ => None,
                    };
                    self.lines.push(child);
                    if let Some(at) = note {
                        self.out.push(Diagnostic::warning(
                            Code::UncheckedVariation,
                            span,
                            format!(
                                "variation not checked: the line it branches from could not be followed past {}:{}",
                                at.line, at.column
                            ),
                        ));
                    }
                }
                Step::Close => {
                    self.number = None;
                    if self.lines.len() > 1 {
                        self.lines.pop();
                    }
                }
                Step::Result { text, span } => {
                    self.number = None;
                    if self.lines.len() == 1 && self.result.is_none() {
                        // Handed out from the record's text: borrowed again
                        // from there, not copied.
                        let text = self
                            .rec
                            .lend(text)
                            .map_or_else(|| Cow::Owned(text.to_string()), Cow::Borrowed);
                        self.result = Some((text, span));
                    }
                }
                Step::Problem(p) => self.out.push(problem_diagnostic(p)),
                Step::Note(_) => {}
            }
        }
        self.lines.truncate(1);
        Some(self.check_result())
    }

    fn top(&mut self) -> &mut Line<G::Position, G::Clock> {
        self.lines
            .last_mut()
            .expect("the main line is never popped")
    }

    /// Plays the main line's plies while each is a lone move token with,
    /// before it, no move number or the number it should have, and a legal
    /// move (played by its text, [`Notation::play_text`], where the game
    /// can): the commonest stretch of a record, with [`Verifier::play`]'s
    /// bookkeeping done once at the end. Only for a game that keeps
    /// nothing of a move ([`Verifier::plain`]: no variation, and no clock,
    /// so no rule can end the game between two moves). Ends before any
    /// other step; a ply it took but cannot play this way goes to
    /// [`Verifier::play`].
    fn play_plain(&mut self, plies: &mut Plies<'a, G>) {
        let game = self.game;
        let rec = self.rec;
        // A number read before the run is the general way's to use.
        if self.number.is_some() {
            return;
        }
        let line = &mut self.lines[0];
        let Some(offset) = self.number_offset else {
            return;
        };
        // The loop reads lone plies and numbers only, which leave nothing
        // pending: one test of that serves the whole run.
        if line.dead || line.ended.is_some() || !plies.idle() {
            return;
        }
        let first = line.ply;
        let mut ply = first;
        let mut last = None;
        let mut left = None;
        let mut number = None;
        loop {
            if let Some(read) = plies.idle_number() {
                number = Some(read);
                continue;
            }
            let Some((text, read, span)) = plies.idle_token() else {
                break;
            };
            // The ply as a string, read once already when the game asked
            // whether the next token continues it.
            let as_str = || read.unwrap_or_else(|| rec.text_str(text));
            let k = ply + self.shift;
            let written = number.take();
            let as_counted = written.is_none_or(|(written, second, _)| {
                i64::from(written) == i64::from(k / 2 + 1) + offset && second == (k % 2 == 1)
            });
            // The game plays the text itself (its bytes), else reads it as
            // a move; a text that is no legal move goes to `play`, which
            // says why.
            let played = as_counted
                && (game.play_text(&mut line.position, rec.text(text))
                    || match game.parse_move(&line.position, as_str()) {
                        Ok(mv) => {
                            game.play(&mut line.position, &mv);
                            true
                        }
                        Err(_) => false,
                    });
            if !played {
                let written = written.map(|(n, second, span)| (n, second, *span));
                left = Some((as_str(), *span, written));
                break;
            }
            ply += 1;
            last = Some((text, span));
        }
        // A number read last, its ply not read here: the general way's.
        if let Some((n, second, span)) = number {
            self.number = Some((n, second, *span));
        }
        if let Some((text, span)) = last {
            let (number, second) = self.label(ply - 1);
            let line = &mut self.lines[0];
            line.ply = ply;
            line.last_move.set(
                number,
                if second { "..." } else { "." },
                rec.text_str(text),
                rec,
            );
            self.moves += u64::from(ply - first);
            self.last_main_move = Some(*span);
        }
        if let Some((text, span, number)) = left {
            self.play(text, span, number);
        }
    }

    /// The move number label of the ply after `ply` plies: `12.` or `12...`.
    fn label(&self, ply: u32) -> (i64, bool) {
        let k = ply + self.shift;
        let number = i64::from(k / 2 + 1) + self.number_offset.unwrap_or(0);
        (number, k % 2 == 1)
    }

    fn setup(&mut self, value: Option<&str>, text: &str, span: Span) {
        let game = self.game;
        let line = self
            .lines
            .last_mut()
            .expect("the main line is never popped");
        line.died_here = false;
        if line.dead {
            return;
        }
        let Some(value) = value else {
            line.dead = true;
            line.died_at = Some(span.start);
            self.out.push(Diagnostic::error(
                Code::BadPosition,
                span,
                format!("set-up command `/{text}/` is not `/FEN \"...\"/`"),
            ));
            return;
        };
        match game.parse_position(value) {
            Ok(p) => {
                line.clock = game.start_clock(&p);
                line.ended = automatic_end(game, &line.clock, &p, || None);
                line.position = p;
                line.before = None;
                self.number_offset = None;
            }
            Err(e) => {
                line.dead = true;
                line.died_at = Some(span.start);
                self.out.push(Diagnostic::error(
                    Code::BadPosition,
                    span,
                    format!("invalid position in set-up command: {e}"),
                ));
            }
        }
    }

    /// Checks and plays one ply, with the move number written before it.
    fn play(&mut self, text: &str, span: Span, number: Option<(u32, bool, Span)>) {
        let depth = self.lines.len();
        let game = self.game;
        let line = self
            .lines
            .last_mut()
            .expect("the main line is never popped");
        if line.dead {
            // A move of a dead line: a variation after it is no alternative
            // to the move that was rejected.
            line.died_here = false;
            return;
        }
        let ply = line.ply;
        if let Some((written, second, number_span)) = number {
            if self.number_offset.is_none() {
                // After a set-up position the record's first number sets the
                // count, and its form (`N.` or `N...`) which side it calls
                // the first (problem collections write `1.` for either).
                if ((ply + self.shift) % 2 == 1) != second {
                    self.shift ^= 1;
                }
                let k = ply + self.shift;
                self.number_offset = Some(i64::from(written) - i64::from(k / 2 + 1));
            }
            let k = ply + self.shift;
            let counted = i64::from(k / 2 + 1);
            let expected = counted + self.number_offset.unwrap_or(0);
            let expected_second = k % 2 == 1;
            if i64::from(written) != expected || second != expected_second {
                self.number_mismatch(written, second, number_span, expected, expected_second);
            }
        }
        let line = self
            .lines
            .last_mut()
            .expect("the main line is never popped");
        let k = ply + self.shift;
        let number = i64::from(k / 2 + 1) + self.number_offset.unwrap_or(0);
        let dots = if k % 2 == 1 { "..." } else { "." };
        if line.ended.is_some() {
            self.after_end(text, span, number, dots);
            return;
        }
        // Without variations or a clock nothing is kept of the move: the
        // game plays the text itself when it can.
        let played = self.plain && game.play_text(&mut line.position, text.as_bytes());
        if !played && !self.parse_and_play(text, span, number, dots) {
            return;
        }
        let line = self
            .lines
            .last_mut()
            .expect("the main line is never popped");
        line.ply += 1;
        let rec = self.rec;
        line.last_move.set(number, dots, text, rec);
        let last = &line.last_move;
        // `line.ended` is `None` here: only an end is written.
        if let Some(ended) =
            automatic_end(game, &line.clock, &line.position, || Some(last.label(rec)))
        {
            line.ended = Some(ended);
        }
        self.moves += 1;
        if depth == 1 {
            self.last_main_move = Some(span);
        }
    }

    /// Reads the ply as a move and plays it, keeping the position and clock
    /// before it when variations or the clock need them; `false` when the
    /// line ends here (the error reported).
    fn parse_and_play(&mut self, text: &str, span: Span, number: i64, dots: &str) -> bool {
        let game = self.game;
        let line = self.top();
        // The move is borrowed from the parse result, not moved out of it:
        // a move can be large (88 bytes in draughts), and this runs per ply.
        let parsed = game.parse_move(&line.position, text);
        let irregular;
        let mv = match &parsed {
            Ok(mv) => mv,
            Err(e) => match self.not_plain(text, span, number, dots, e.clone()) {
                Some(mv) => {
                    irregular = mv;
                    &irregular
                }
                None => return false,
            },
        };
        let line = self
            .lines
            .last_mut()
            .expect("the main line is never popped");
        if self.rec.variations || game.has_clock() {
            // The position before the move: where a variation following
            // this move starts, and what the clock is advanced from.
            match &mut line.before {
                Some(before) => before.clone_from(&line.position),
                None => line.before = Some(line.position.clone()),
            }
            let before = line.before.as_ref().expect("set just above");
            game.play(&mut line.position, mv);
            if self.rec.variations {
                line.before_clock.clone_from(&line.clock);
            }
            game.advance(&mut line.clock, before, mv, &line.position);
        } else {
            game.play(&mut line.position, mv);
        }
        true
    }

    /// The `move-number` warning of a number that does not match the ply.
    #[cold]
    fn number_mismatch(
        &mut self,
        written: u32,
        second: bool,
        span: Span,
        expected: i64,
        expected_second: bool,
    ) {
        let game = self.game;
        let line = self.top();
        let ply = line.ply;
        let dots = |s: bool| if s { "..." } else { "." };
        let side = game.side_name(game.side_to_move(&line.position));
        self.out.push(
            Diagnostic::warning(
                Code::MoveNumber,
                span,
                format!(
                    "move number `{written}{}` does not match the move: it is {side}'s move {expected}{}",
                    dots(second),
                    dots(expected_second)
                ),
            )
            .at_ply(ply + 1),
        );
    }

    /// A move after the automatic end of its line: the line dies there.
    #[cold]
    fn after_end(&mut self, text: &str, span: Span, number: i64, dots: &str) {
        let game = self.game;
        let line = self.top();
        let ply = line.ply;
        let ended = line.ended.clone().expect("asked only after an end");
        line.dead = true;
        line.died_here = true;
        line.died_at = Some(span.start);
        let d = after_end_diagnostic(game, &format!("{number}{dots} {text}"), span, &ended);
        self.out.push(d.at_ply(ply + 1));
    }

    /// A ply that is not a legal move as a whole (`error`): a move with
    /// text glued to it (warned), an irregular move that stands (warned),
    /// or an error that ends the line (`None`).
    #[cold]
    #[inline(never)]
    fn not_plain(
        &mut self,
        text: &str,
        span: Span,
        number: i64,
        dots: &str,
        error: MoveError,
    ) -> Option<G::Move> {
        let game = self.game;
        let ply = self.top().ply;
        let written = || format!("{number}{dots} {text}");
        let parsed = match error {
            MoveError::Syntax(_) => parse_ply(game, &self.top().position, text, span),
            e => Err(e),
        };
        let e = match parsed {
            Ok(parsed) => {
                if let Some((rest, glued_span)) = parsed.glued {
                    let played = &text[..text.len() - rest.len()];
                    self.out.push(
                        Diagnostic::warning(
                            Code::GluedText,
                            glued_span,
                            format!("text glued to the move {played} is not a move: `{rest}`"),
                        )
                        .at_ply(ply + 1),
                    );
                }
                return Some(parsed.mv);
            }
            Err(e) => e,
        };
        let rec = self.rec;
        let line = self.top();
        // Over on the board (no move, no piece, a win by the rules core):
        // the move comes after the end.
        if let Some(outcome) = game.outcome(&line.position) {
            line.dead = true;
            line.died_here = true;
            line.died_at = Some(span.start);
            let ended = Ended {
                ending: Ending::board(outcome),
                at: (line.ply > 0).then(|| line.last_move.label(rec)),
            };
            let d = after_end_diagnostic(game, &written(), span, &ended);
            line.ended = Some(ended);
            self.out.push(d.at_ply(ply + 1));
            return None;
        }
        let (number, second) = self.label(ply);
        let label = format!("{number}{}", if second { "..." } else { "." });
        let line = self
            .lines
            .last_mut()
            .expect("the main line is never popped");
        // An irregular move that stood: the game says whether the
        // move can be played as written.
        let stood = match (&e, self.irregular) {
            (MoveError::Legality(LegalityError::Illegal { reason, help }), Irregular::Stand) => {
                game.parse_irregular(&line.position, text)
                    .map(|mv| (mv, reason, help))
            }
            _ => None,
        };
        let Some((mv, reason, help)) = stood else {
            line.dead = true;
            line.died_here = true;
            line.died_at = Some(span.start);
            let mut d = move_diagnostic(game, &label, text, span, &e);
            let meant = suggestion(game, &line.position, text, &e).filter(|s| {
                s.slip != Slip::OtherNumbering || !std::mem::replace(&mut self.numbering_said, true)
            });
            if let Some(s) = meant {
                let written = game.write_move(&line.position, &s.mv);
                d.help = Some(format!("did you mean {written}? {}", suggestion_words(&s)));
            }
            self.out.push(d.at_ply(ply + 1));
            return None;
        };
        self.out.push(
            Diagnostic::warning(
                Code::IrregularMove,
                span,
                format!("irregular move {label} {text} stood — {reason}"),
            )
            .with_help(help.clone())
            .at_ply(ply + 1),
        );
        Some(mv)
    }

    /// Result warnings (missing, contradicting the tag or the board), and
    /// the recorded result against the end of the main line.
    fn check_result(&mut self) -> GameResult {
        let board = self.board_end();
        let rec = self.rec;
        let tag = rec.tag_with_span("Result");
        let token = self.result.take();
        let Some((claimed, span)) = token.as_ref().map(|(t, s)| (t.as_ref(), *s)).or(tag) else {
            let span = self.last_main_move.unwrap_or(Span {
                start: self.rec.start,
                end: self.rec.start.offset,
            });
            self.out.push(Diagnostic::warning(
                Code::MissingResult,
                span,
                "the game has no result (no Result tag and no result at the end of the moves)"
                    .to_string(),
            ));
            return GameResult {
                recorded: None,
                board: board.map_or(BoardEnd::Unknown, |b| b.1),
                agree: None,
            };
        };
        let (agree, words) = match &board {
            Some((Some(ending), _)) => (agrees(claim(claimed), ending), Some(ending)),
            _ => (None, None),
        };
        let result = GameResult {
            recorded: Some(claimed.trim().to_string()),
            board: board.as_ref().map_or(BoardEnd::Unknown, |b| b.1.clone()),
            agree,
        };
        if let (Some((t, s)), Some((tag_value, _))) = (&token, tag) {
            let contradicts = match (claim(t), claim(tag_value)) {
                (Some(a), Some(b)) if a != Claim::Unknown && b != Claim::Unknown => a != b,
                // `*` (not finished) under a tag that names a winner.
                (Some(Claim::Unknown), Some(Claim::Win(_))) => t.trim() == "*",
                _ => false,
            };
            if contradicts {
                self.out.push(Diagnostic::warning(
                    Code::ResultMismatch,
                    *s,
                    format!("the game ends with {t} but its Result tag says {tag_value}"),
                ));
                return result;
            }
        }
        if let (Some(false), Some(ending)) = (agree, words) {
            let at = match &self.lines[0].ended {
                Some(Ended { at: Some(m), .. }) if self.lines[0].dead => format!(" at {m}"),
                _ => String::new(),
            };
            let described = match (&ending.outcome, &ending.citation) {
                (Outcome::Draw { .. }, Some(_)) => format!("draw: {}", ending.rule()),
                (outcome, _) => describe_outcome(self.game, outcome),
            };
            self.out.push(Diagnostic::warning(
                Code::ResultMismatch,
                span,
                format!(
                    "the result {} contradicts the board: {described}{at}",
                    claimed.trim()
                ),
            ));
        }
        result
    }

    /// The end of the main line: the ending (if it ended or a draw can be
    /// claimed) and its JSON form; `None` when the line could not be
    /// followed to its end.
    fn board_end(&self) -> Option<(Option<Ending>, BoardEnd)> {
        let main = &self.lines[0];
        let (ending, at) = match &main.ended {
            Some(Ended { ending, at }) => (Some(ending.clone()), at.clone()),
            None if main.dead => return None,
            None => (self.game.ending(&main.clock, &main.position), None),
        };
        // Moves after the end: name where it ended.
        let at = at.filter(|_| main.dead);
        let json = match &ending {
            None => BoardEnd::Unfinished,
            Some(e) => match &e.outcome {
                Outcome::Win { winner, .. } => BoardEnd::Win {
                    winner: winner.name(),
                    rule: e.rule(),
                    at,
                },
                Outcome::Draw { .. } => BoardEnd::Draw {
                    rule: e.rule(),
                    claim: e.claim,
                    at,
                },
            },
        };
        Some((ending, json))
    }
}

/// Whether a recorded result agrees with the end on the board: `None` when
/// the moves cannot say (`*`, an unknown result string, a decisive result
/// where a draw could only be claimed: the claim may not have been made).
fn agrees(recorded: Option<Claim>, ending: &Ending) -> Option<bool> {
    match (recorded?, &ending.outcome) {
        (Claim::Unknown, _) => None,
        (Claim::Win(w), Outcome::Win { winner, .. }) => Some(w == *winner),
        (Claim::Win(_), Outcome::Draw { .. }) if ending.claim => None,
        (Claim::Win(_), Outcome::Draw { .. }) => Some(false),
        (Claim::Draw, Outcome::Win { .. }) => Some(false),
        (Claim::Draw, Outcome::Draw { .. }) => Some(true),
    }
}
