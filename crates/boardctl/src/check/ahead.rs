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
use crate::registry::SharedTask;
use board_core::Game;
use board_core::record::{GameText, Pos, ReadError, Span, Visitor};
use std::ops::Range;
use std::sync::Arc;

/// A game being played ahead, its engine and positions of their own type.
pub trait Live: Send + Sync {
    /// Plays one lone ply's text ([`play_lone`]), keeping the position
    /// before it; `false`, the position unchanged, when the text is not
    /// played (another token may continue it, or it is no legal move).
    fn play(&mut self, text: &[u8]) -> bool;
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
    fn play(&mut self, text: &[u8]) -> bool {
        // A token another may continue is joined by the verifier.
        if self.game.may_continue(text) {
            return false;
        }
        // A text not played leaves the position as it was (and the
        // position before equal to it: only a played move reads that).
        self.before.clone_from(&self.position);
        play_lone(&*self.game, &mut self.position, text, None)
    }

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

/// Starts a game played ahead: from its profile's position, when the tags
/// set up none, the game keeps no clock and the position has not ended.
struct StartOf<'a>(&'a RecordedGame);

impl SharedTask for StartOf<'_> {
    type Output = Option<Box<dyn Live>>;
    fn run<G: Game>(self, game: Arc<G>) -> Option<Box<dyn Live>> {
        if !G::PLAYS_TEXT
            || game.has_clock()
            || !matches!(game.position_from_tags(self.0), Ok(None))
        {
            return None;
        }
        let position = game.start_position();
        let clock = game.start_clock(&position);
        if game
            .rule_ending(&clock, &position)
            .is_some_and(|e| !e.claim)
        {
            return None;
        }
        Some(Box::new(LiveGame {
            game,
            before: position.clone(),
            position,
        }))
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

/// The state of playing ahead, kept between batches (its buffers are
/// reused from game to game).
pub struct Ahead {
    phase: Phase,
    live: Option<Box<dyn Live>>,
    plies: u32,
    /// Tokens played ahead (numbers and moves), counted against
    /// [`MAX_EVENTS`] as the kept events are …
    tokens: usize,
    /// … and how many may be (nothing is kept while playing ahead).
    room: usize,
    /// Whether the game being read is played ahead from its start.
    started: bool,
    /// Games in a row that were not played ahead …
    misses: u32,
    /// … and games read since without trying.
    skipped: std::cell::Cell<u32>,
    /// A move number read, waiting for its move.
    number: Option<(u32, bool, Span)>,
    /// The last move played: its text and where it stands.
    last: Vec<u8>,
    last_span: Span,
}

impl Default for Ahead {
    fn default() -> Self {
        Ahead {
            phase: Phase::Before,
            live: None,
            plies: 0,
            tokens: 0,
            room: 0,
            started: false,
            misses: 0,
            skipped: std::cell::Cell::new(0),
            number: None,
            last: Vec::new(),
            last_span: Span::default(),
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

    /// The game's movetext begins: plays ahead when its rules are known and
    /// it starts from its profile's position.
    fn begin(&mut self, collector: &mut Collector, cache: &mut RulesCache) {
        self.phase = Phase::Off;
        if !collector.text_made_string() {
            return;
        }
        let Some(game) = cache.game_before_moves(collector.current()) else {
            return;
        };
        let Some(live) = game.run_shared(StartOf(collector.current())) else {
            return;
        };
        collector.current_mut().rules = Some(game);
        self.live = Some(live);
        self.started = true;
        self.plies = 0;
        self.tokens = 0;
        // Two tokens spare: a number waiting for its move is kept at the stop.
        self.room = MAX_EVENTS.saturating_sub(collector.kept_tokens() + 2);
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
        let Some(live) = &mut self.live else {
            return false;
        };
        if self.tokens >= self.room || !live.play(text) {
            return false;
        }
        self.plies += 1;
        self.tokens += 1 + usize::from(self.number.take().is_some());
        self.last.clear();
        if let Some(five) = text.first_chunk::<5>().filter(|_| text.len() == 5) {
            // The commonest move texts, copied without a call to `memcpy`.
            self.last.extend_from_slice(five);
        } else {
            self.last.extend_from_slice(text);
        }
        self.last_span = span;
        true
    }

    /// Stops playing ahead: the number waiting for its move is kept, and
    /// what was played goes to the game.
    fn stop(&mut self, collector: &mut Collector) {
        self.phase = Phase::Off;
        // The tokens played count against the game's room, as kept
        // events would.
        collector.current_mut().count_played(self.tokens);
        if let Some((number, second_side, span)) = self.number.take() {
            collector.move_number(number, second_side, span);
        }
        let Some(live) = self.live.take() else {
            return;
        };
        if self.plies == 0 {
            return;
        }
        let last = collector.keep_text(&self.last);
        collector.current_mut().ahead = Some(Box::new(Played {
            live,
            plies: self.plies,
            last,
            last_span: self.last_span,
        }));
    }
}

/// A visitor in front of a [`Collector`] that plays the main line's plain
/// moves as they are read ([`Ahead`]).
pub struct Playing<'a> {
    /// Where the games are kept.
    pub collector: &'a mut Collector,
    /// The rules of each game.
    pub cache: &'a mut RulesCache,
    /// The state of playing ahead.
    pub ahead: &'a mut Ahead,
}

impl Playing<'_> {
    /// Any movetext step but a number or a move: the rest is kept.
    #[inline]
    fn other_step(&mut self) {
        match self.ahead.phase {
            Phase::Off => {}
            Phase::Before => self.ahead.phase = Phase::Off,
            Phase::Playing => self.ahead.stop(self.collector),
        }
    }
}

impl Visitor for Playing<'_> {
    fn begin_game(&mut self, at: Pos) {
        self.ahead.phase = Phase::Before;
        self.ahead.started = false;
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
        if self.ahead.phase == Phase::Before {
            self.ahead.begin(self.collector, self.cache);
        }
        if self.ahead.phase == Phase::Playing {
            if self.ahead.number.is_none() {
                self.ahead.number = Some((number, second_side, span));
                return;
            }
            self.ahead.stop(self.collector);
        }
        self.collector.move_number(number, second_side, span);
    }

    #[inline(always)]
    fn move_text(&mut self, text: &[u8], span: Span) {
        if self.ahead.phase == Phase::Before {
            self.ahead.begin(self.collector, self.cache);
        }
        if self.ahead.phase == Phase::Playing {
            if self.ahead.play(text, span) {
                return;
            }
            self.ahead.stop(self.collector);
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
        if self.ahead.phase == Phase::Playing {
            self.ahead.stop(self.collector);
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
        if self.ahead.phase == Phase::Playing {
            self.ahead.stop(self.collector);
        }
        self.ahead.phase = Phase::Before;
        self.ahead.misses = if self.ahead.started {
            0
        } else {
            self.ahead.misses.saturating_add(1)
        };
        self.collector.end_game(end, raw);
    }

    fn problem(&mut self, error: ReadError) {
        if self.ahead.phase == Phase::Playing {
            self.ahead.stop(self.collector);
        }
        self.collector.problem(error);
    }
}
