//! Checking while reading, on one thread: the main line's plain moves are
//! played as the reader hands them over, and only what follows the first
//! other step is kept as events for the verifier ([`super::verify`]), which
//! goes on from the position reached ([`Played`]).
//!
//! A move is played ahead only where the verifier's own plain loop would
//! play it without a word: a move token no other token can continue, after
//! no move number or the number it should have, that the game plays
//! ([`play_lone`]), in a game that starts from its profile's position and
//! keeps no clock. Anything else (another number, a comment, a variation,
//! a result, a refused move) stops it for the rest of the game; that step
//! and every one after it are kept as they would be without this.

use super::record::{Collector, MAX_EVENTS, RecordedGame};
use super::rules::RulesCache;
use super::verify::{Verified, play_lone, verify_from};
use crate::cli::Irregular;
use crate::registry::{AnyGame, SharedTask};
use board_core::Game;
use board_core::record::{GameText, Pos, ReadError, Reader, Span, Visitor};
use std::io::{self, Read};
use std::ops::Range;
use std::sync::Arc;

/// What was played ahead of a game, kept for its verifier: the game and its
/// positions, of their own type behind a box (one a game).
pub trait Live: Send + Sync {
    /// Checks the game's kept events from the position reached
    /// ([`verify_from`]).
    fn verify(&self, rec: &RecordedGame, irregular: Irregular, played: &Played) -> Verified;
    /// A copy, boxed.
    fn boxed_clone(&self) -> Box<dyn Live>;
}

/// [`Live`] for a game of type `G`.
struct LiveGame<G: Game> {
    game: Arc<G>,
    position: G::Position,
    before: G::Position,
}

impl<G: Game> Live for LiveGame<G> {
    fn verify(&self, rec: &RecordedGame, irregular: Irregular, played: &Played) -> Verified {
        verify_from(
            &*self.game,
            rec,
            irregular,
            &self.position,
            &self.before,
            played,
        )
    }

    fn boxed_clone(&self) -> Box<dyn Live> {
        Box::new(LiveGame {
            game: Arc::clone(&self.game),
            position: self.position.clone(),
            before: self.before.clone(),
        })
    }
}

/// What was played ahead of a game's kept events: the verifier starts
/// from here.
pub struct Played {
    /// The game and the positions after the moves played and before the
    /// last of them (where a variation after it would start).
    pub live: Box<dyn Live>,
    /// How many plies were played (at least one).
    pub plies: u32,
    /// The last move's text, in the game's text.
    pub last: Range<u32>,
    /// Where the last move stands.
    pub last_span: Span,
}

impl Clone for Played {
    fn clone(&self) -> Self {
        Played {
            live: self.live.boxed_clone(),
            plies: self.plies,
            last: self.last.clone(),
            last_span: self.last_span,
        }
    }
}

impl std::fmt::Debug for Played {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Played")
            .field("plies", &self.plies)
            .field("last", &self.last)
            .finish_non_exhaustive()
    }
}

/// Where a game stands in being played ahead.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// No movetext read yet.
    Before,
    /// Plies are played as they come.
    Playing,
    /// Everything is kept from here.
    Off,
}

/// What playing ahead keeps from game to game.
pub struct Ahead {
    /// Games in a row that were not played ahead …
    misses: u32,
    /// … and games read since without trying.
    skipped: std::cell::Cell<u32>,
    /// The last move played: its text (the buffer is reused).
    last: Vec<u8>,
}

impl Default for Ahead {
    fn default() -> Self {
        Ahead {
            misses: 0,
            skipped: std::cell::Cell::new(0),
            last: Vec::new(),
        }
    }
}

/// Games not played ahead in a row after which the next games are read
/// without trying (a file of another game, or of set-up positions) …
const MISSES_BEFORE_SKIPPING: u32 = 2;
/// … but one game in this many is tried again.
const TRY_AGAIN_EVERY: u32 = 64;

impl Ahead {
    /// Whether the next game is worth reading in front of the collector:
    /// the last games were played ahead, or it is time to try again.
    pub fn worth_trying(&self) -> bool {
        if self.misses < MISSES_BEFORE_SKIPPING {
            return true;
        }
        let skipped = self.skipped.get() + 1;
        let again = skipped >= TRY_AGAIN_EVERY;
        self.skipped.set(if again { 0 } else { skipped });
        again
    }
}

/// Reads the next game with [`Playing`] for the game type of `expected`
/// (the last game's rules): a [`SharedTask`], so that the reader's loop is
/// compiled for that type.
pub struct ReadOne<'a, R> {
    /// The reader.
    pub reader: &'a mut Reader<R>,
    /// Where the games are kept.
    pub collector: &'a mut Collector,
    /// The rules of each game.
    pub cache: &'a mut RulesCache,
    /// What playing ahead keeps between games.
    pub ahead: &'a mut Ahead,
    /// The loaded game the reader is compiled for.
    pub expected: &'a Arc<AnyGame>,
}

impl<R: Read> SharedTask for ReadOne<'_, R> {
    type Output = io::Result<bool>;
    fn run<G: Game>(self, game: Arc<G>) -> io::Result<bool> {
        let mut playing = Playing {
            collector: self.collector,
            cache: self.cache,
            ahead: self.ahead,
            expected: self.expected,
            game,
            phase: Phase::Before,
            live: None,
            plies: 0,
            tokens: 0,
            room: 0,
            started: false,
            number: None,
            last_span: Span::default(),
        };
        self.reader.read_game(&mut playing)
    }
}

/// A visitor in front of a [`Collector`] that plays the main line's plain
/// moves of a game of type `G` as they are read.
struct Playing<'a, G: Game> {
    collector: &'a mut Collector,
    cache: &'a mut RulesCache,
    ahead: &'a mut Ahead,
    /// The loaded game `game` is: a game whose rules are another is not
    /// played ahead.
    expected: &'a Arc<AnyGame>,
    game: Arc<G>,
    phase: Phase,
    /// The position reached and the one before the last move played.
    live: Option<(G::Position, G::Position)>,
    plies: u32,
    /// Tokens played ahead (numbers and moves), counted against
    /// [`MAX_EVENTS`] as the kept events are …
    tokens: usize,
    /// … and how many may be (nothing is kept while playing ahead).
    room: usize,
    /// Whether the game is played ahead from its start.
    started: bool,
    /// A move number read, waiting for its move.
    number: Option<(u32, bool, Span)>,
    last_span: Span,
}

impl<G: Game> Playing<'_, G> {
    /// The game's movetext begins: plays ahead when its rules are the
    /// expected ones, it starts from its profile's position and keeps no
    /// clock.
    fn begin(&mut self) {
        self.phase = Phase::Off;
        if !G::PLAYS_TEXT || self.game.has_clock() {
            return;
        }
        if !self.collector.text_made_string() {
            return;
        }
        let Some(rules) = self.cache.game_before_moves(self.collector.current()) else {
            return;
        };
        if !Arc::ptr_eq(&rules, self.expected)
            || !matches!(
                self.game.position_from_tags(self.collector.current()),
                Ok(None)
            )
        {
            return;
        }
        let position = self.game.start_position();
        let clock = self.game.start_clock(&position);
        if self
            .game
            .rule_ending(&clock, &position)
            .is_some_and(|e| !e.claim)
        {
            return;
        }
        self.collector.current_mut().rules = Some(rules);
        self.live = Some((position.clone(), position));
        self.started = true;
        self.plies = 0;
        self.tokens = 0;
        // Two tokens spare: a number waiting for its move is kept at the stop.
        self.room = MAX_EVENTS.saturating_sub(self.collector.kept_tokens() + 2);
        self.number = None;
        self.phase = Phase::Playing;
    }

    /// Plays `text` ahead; `false` when it is not played (nothing changed
    /// but the position before, which only a played move reads).
    #[inline(always)]
    fn play(&mut self, text: &[u8], span: Span) -> bool {
        let k = self.plies;
        if let Some((written, second, _)) = self.number {
            if written != k / 2 + 1 || second != (k % 2 == 1) {
                return false;
            }
        }
        let game = &*self.game;
        // A token another may continue is joined by the verifier.
        if self.tokens >= self.room || game.may_continue(text) {
            return false;
        }
        let Some((position, before)) = &mut self.live else {
            return false;
        };
        before.clone_from(position);
        if !play_lone(game, position, text, None) {
            return false;
        }
        self.plies += 1;
        self.tokens += 1 + usize::from(self.number.take().is_some());
        let last = &mut self.ahead.last;
        last.clear();
        if let Some(five) = text.first_chunk::<5>().filter(|_| text.len() == 5) {
            // The commonest move texts, copied without a call to `memcpy`.
            last.extend_from_slice(five);
        } else {
            last.extend_from_slice(text);
        }
        self.last_span = span;
        true
    }

    /// Stops playing ahead: the number waiting for its move is kept, and
    /// what was played goes to the game.
    fn stop(&mut self) {
        self.phase = Phase::Off;
        // The tokens played count against the game's room, as kept
        // events would.
        self.collector.current_mut().count_played(self.tokens);
        if let Some((number, second_side, span)) = self.number.take() {
            self.collector.move_number(number, second_side, span);
        }
        let Some((position, before)) = self.live.take() else {
            return;
        };
        if self.plies == 0 {
            return;
        }
        let last = self.collector.keep_text(&self.ahead.last);
        let live = Box::new(LiveGame {
            game: Arc::clone(&self.game),
            position,
            before,
        });
        self.collector.current_mut().ahead = Some(Box::new(Played {
            live,
            plies: self.plies,
            last,
            last_span: self.last_span,
        }));
    }

    /// Any movetext step but a number or a move: the rest is kept.
    #[inline]
    fn other_step(&mut self) {
        match self.phase {
            Phase::Off => {}
            Phase::Before => self.phase = Phase::Off,
            Phase::Playing => self.stop(),
        }
    }
}

impl<G: Game> Visitor for Playing<'_, G> {
    fn begin_game(&mut self, at: Pos) {
        self.phase = Phase::Before;
        self.started = false;
        self.collector.begin_game(at);
    }

    fn tag(&mut self, name: &[u8], value: &[u8], span: Span) {
        self.collector.tag(name, value, span);
    }

    #[inline]
    fn tag_without_escapes(&mut self, name: &[u8], value: &[u8], span: Span) {
        self.collector.tag_without_escapes(name, value, span);
    }

    #[inline(always)]
    fn move_number(&mut self, number: u32, second_side: bool, span: Span) {
        if self.phase == Phase::Before {
            self.begin();
        }
        if self.phase == Phase::Playing {
            if self.number.is_none() {
                self.number = Some((number, second_side, span));
                return;
            }
            self.stop();
        }
        self.collector.move_number(number, second_side, span);
    }

    #[inline(always)]
    fn move_text(&mut self, text: &[u8], span: Span) {
        if self.phase == Phase::Before {
            self.begin();
        }
        if self.phase == Phase::Playing {
            if self.play(text, span) {
                return;
            }
            self.stop();
        }
        self.collector.move_text(text, span);
    }

    fn unknown_move(&mut self, span: Span) {
        self.other_step();
        self.collector.unknown_move(span);
    }

    fn suffix(&mut self, text: &[u8], span: Span) {
        self.other_step();
        self.collector.suffix(text, span);
    }

    fn nag(&mut self, nag: u32, span: Span) {
        self.other_step();
        self.collector.nag(nag, span);
    }

    fn comment(&mut self, text: &[u8], span: Span, truncated: bool) {
        // A comment before the first move does not stop the game from
        // being played ahead: comments are not steps of the check.
        if self.phase == Phase::Playing {
            self.stop();
        }
        self.collector.comment(text, span, truncated);
    }

    fn setup(&mut self, text: &[u8], span: Span) {
        self.other_step();
        self.collector.setup(text, span);
    }

    fn begin_variation(&mut self, span: Span) {
        self.other_step();
        self.collector.begin_variation(span);
    }

    fn end_variation(&mut self, span: Span) {
        self.other_step();
        self.collector.end_variation(span);
    }

    fn result(&mut self, text: &[u8], span: Span) {
        self.other_step();
        self.collector.result(text, span);
    }

    fn end_game(&mut self, end: u64, raw: Option<GameText<'_>>) {
        if self.phase == Phase::Playing {
            self.stop();
        }
        self.phase = Phase::Before;
        self.ahead.misses = if self.started {
            0
        } else {
            self.ahead.misses.saturating_add(1)
        };
        self.collector.end_game(end, raw);
    }

    fn problem(&mut self, error: ReadError) {
        if self.phase == Phase::Playing {
            self.stop();
        }
        self.collector.problem(error);
    }
}
