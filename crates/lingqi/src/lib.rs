#![doc = include_str!("../README.md")]

mod builtin;
mod diagram;
mod fen;
mod movegen;
mod notation;
mod piece;
mod position;
mod rules;
mod setup;
mod turn;
mod zones;

pub use movegen::{Mobility, Reach};
pub use piece::{Kind, Piece, side_name};
pub use position::Position;
pub use rules::{
    Directions, LongMove, Movement, NoLegalTurn, Overlap, PieceRule, PieceRules, Rules, Start, Tie,
    Transformation, ZoneEnd,
};
pub use turn::{Fate, Turn, Upgrade};
pub use zones::Zones;

use board_core::{
    Configured, Diagram, DiagramOptions, GameOption, GameRules, MoveError, MoveParts, NO_BULK,
    Notation, Outcome, Perft, PerftOptions, PerftSplit, PositionError, PositionProblemKind,
    Profile, ProfileError, ProfileSource, Profiled, RecordHooks, Side, TagLookup,
};

/// Diagrams mark zones and the pieces trapped in an enemy zone.
pub const ZONES: GameOption = GameOption {
    name: "zones",
    help: "marks zones and trapped pieces in diagrams",
};

/// The lingqi engine configured by one profile.
#[derive(Clone, Debug)]
pub struct Lingqi {
    config: Configured<Rules, Position>,
}

impl Lingqi {
    /// The profile's rule switches.
    pub fn rules(&self) -> &Rules {
        &self.config.rules
    }

    /// Perft to `depth`, bulk counting at the last ply unless `no_bulk`.
    fn count(&self, position: &Position, depth: u32, no_bulk: bool) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.decided(position).is_some() {
            return 0;
        }
        if depth == 1 && !no_bulk {
            return self.count_turns(position);
        }
        let mut moves = Vec::new();
        self.generate(position, &mut moves);
        moves
            .iter()
            .map(|mv| {
                let mut next = position.clone();
                self.play_turn(&mut next, mv);
                self.count(&next, depth - 1, no_bulk)
            })
            .sum()
    }

    /// The winner when a side has lost its Sect, or the turn limit is
    /// reached; `None` when the game goes on by these rules (whether the
    /// side to move has a turn is not looked at).
    fn decided(&self, position: &Position) -> Option<Outcome> {
        for side in [Side::White, Side::Black] {
            if position.sect(side).is_none() {
                return Some(Outcome::Win {
                    winner: side.opposite(),
                    reason: format!("{}'s Sect was captured", side_name(side)),
                });
            }
        }
        let limit = self.config.rules.turn_limit;
        if limit > 0 && position.turn > limit {
            return Some(Outcome::Draw {
                reason: format!("the turn limit of {limit} turns is reached"),
            });
        }
        None
    }
}

impl GameRules for Lingqi {
    type Position = Position;

    type Move = Turn;

    fn side_to_move(&self, position: &Position) -> Side {
        position.to_move
    }

    fn legal_moves(&self, position: &Position, moves: &mut Vec<Turn>) {
        if self.decided(position).is_none() {
            self.generate(position, moves);
        }
    }

    fn play(&self, position: &mut Position, mv: &Turn) {
        self.play_turn(position, mv);
    }

    fn outcome(&self, position: &Position) -> Option<Outcome> {
        if let Some(o) = self.decided(position) {
            return Some(o);
        }
        if self.count_turns(position) > 0 {
            return None;
        }
        let side = position.to_move;
        let reason = format!("{} has no legal turn", side_name(side));
        Some(match self.config.rules.no_legal_turn {
            NoLegalTurn::Loses => Outcome::Win {
                winner: side.opposite(),
                reason,
            },
            NoLegalTurn::Draw => Outcome::Draw { reason },
        })
    }
}

/// `parse_irregular` keeps the default `None`: lingqi's moves are decided
/// by levels, formations and zones with no single "capture was due" rule to
/// break, and no record of a lingqi game with an accepted irregular move
/// exists to say what players would let stand; a refused move stops its
/// line.
impl Notation for Lingqi {
    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        self.parse_fen(text)
    }

    fn write_position(&self, position: &Position) -> String {
        self.write_fen(position)
    }

    fn write_move(&self, position: &Position, mv: &Turn) -> String {
        self.write_turn(position, mv)
    }

    /// The captured pieces are the enemy pieces the turn removes (the one
    /// on the cell it ends on, when it takes it).
    fn describe_move(&self, position: &Position, mv: &Turn) -> MoveParts {
        let mut after = position.clone();
        self.play(&mut after, mv);
        let side = position.to_move;
        MoveParts {
            from: Some(mv.from),
            landings: vec![mv.to],
            captured: position
                .pieces()
                .filter(|&(n, p)| p.side != side && after.piece(n).is_none_or(|q| q.side == side))
                .map(|(n, _)| n)
                .collect(),
        }
    }

    /// The upgrade comes first: a click on the piece upgraded (with the
    /// letter of the type it transforms into, if it does), then the move.
    fn move_clicks(&self, position: &Position, mv: &Turn) -> Vec<board_core::Click> {
        let mut clicks = Vec::with_capacity(3);
        if let Some(u) = mv.upgrade {
            clicks.push(board_core::Click {
                node: u.cell,
                role: board_core::ClickRole::Upgrade,
                choice: u.into.map(|k| k.letter().to_string()),
            });
        }
        clicks.extend(board_core::clicks_of(
            &self.describe_move(position, mv),
            false,
        ));
        clicks
    }

    fn parse_move(&self, position: &Position, text: &str) -> Result<Turn, MoveError> {
        if let Some(o) = self.decided(position) {
            let why = match o {
                Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
            };
            return Err(MoveError::Legality(board_core::LegalityError::Illegal {
                reason: format!("the game is over: {why}"),
                help: None,
            }));
        }
        self.parse_turn(position, text)
    }
}

impl RecordHooks for Lingqi {
    /// A `FEN` tag, or the set-up tags `SetupSouth` and `SetupNorth` (both
    /// or neither), every violation of both reported at once.
    fn position_from_tags(&self, tags: &dyn TagLookup) -> Result<Option<Position>, PositionError> {
        let fen = tags.tag("FEN");
        let south = tags.tag("SetupSouth");
        let north = tags.tag("SetupNorth");
        match (fen, south, north) {
            (Some(_), Some(_), _) | (Some(_), _, Some(_)) => Err(PositionError::one(
                PositionProblemKind::BadField,
                "give either a FEN tag or the set-up tags SetupSouth/SetupNorth, not both",
            )),
            (Some(f), None, None) => self.parse_position(f).map(Some),
            (None, Some(s), Some(n)) => self.position_from_setups(s, n).map(Some),
            (None, Some(_), None) => Err(PositionError::one(
                PositionProblemKind::MissingField,
                "SetupSouth is given but SetupNorth is missing: the two set-ups go together (L3)",
            )),
            (None, None, Some(_)) => Err(PositionError::one(
                PositionProblemKind::MissingField,
                "SetupNorth is given but SetupSouth is missing: the two set-ups go together (L3)",
            )),
            (None, None, None) => Ok(None),
        }
    }

    /// A pending upgrade token `^j2` is continued by the move token after
    /// it.
    fn continues_move(&self, pending: &str, next: &str) -> bool {
        let pending = pending.trim();
        pending.starts_with('^')
            && !pending.contains(char::is_whitespace)
            && !next.trim_start().starts_with('^')
    }
}

impl Diagram for Lingqi {
    const DIAGRAM_OPTIONS: &'static [GameOption] = &[ZONES];

    fn diagram(&self, position: &Position, options: &DiagramOptions) -> String {
        self.draw(position, options)
    }

    fn scene(&self, position: &Position) -> board_core::svg::Scene {
        self.scene_of(position)
    }

    fn side_name(&self, side: Side) -> &'static str {
        side_name(side)
    }
}

/// No draw rule needs a game's history beyond the position: the end is
/// [`GameRules::outcome`].
impl board_core::Adjudication for Lingqi {
    type Clock = ();

    /// No rule of this game needs the history: the clock is `()`.
    fn has_clock(&self) -> bool {
        false
    }
}

impl Perft for Lingqi {
    fn perft(&self, position: &Position, depth: u32, options: &PerftOptions) -> u64 {
        self.count(position, depth, options.has(&NO_BULK))
    }

    /// The tree of [`Perft::perft`]: one subtree per turn.
    fn perft_split(
        &self,
        position: &Position,
        depth: u32,
        _options: &PerftOptions,
    ) -> PerftSplit<Position> {
        if depth == 0 {
            return PerftSplit::counted(1);
        }
        if self.decided(position).is_some() {
            return PerftSplit::counted(0);
        }
        let mut turns = Vec::new();
        self.generate(position, &mut turns);
        let mut split = PerftSplit::counted(0);
        for turn in &turns {
            let mut next = position.clone();
            self.play_turn(&mut next, turn);
            split.push(next, depth - 1);
        }
        split
    }
}

impl Profiled for Lingqi {
    type Rules = Rules;

    const GAME: &'static str = "lingqi";

    fn configured(&self) -> &Configured<Rules, Position> {
        &self.config
    }

    fn from_profile(source: &ProfileSource) -> Result<Self, ProfileError> {
        let profile = Profile::<Rules, Start>::parse(&source.origin, &source.text, Self::GAME)?;
        let invalid = |message: String| source.invalid(message);
        let (_, min_y, _, max_y) = profile.graph.bounds();
        let problems = profile.rules.problems((max_y - min_y + 1) as u32);
        if !problems.is_empty() {
            return Err(invalid(format!("[rules]: {}", problems.join("; "))));
        }
        let mut game = Lingqi {
            config: Configured {
                header: profile.header,
                graph: profile.graph,
                rules: profile.rules,
                start: Position::empty(0),
            },
        };
        game.config.start = game
            .position_from_setups(&profile.start.south, &profile.start.north)
            .map_err(|e| invalid(format!("[start]: {e}")))?;
        Ok(game)
    }
}
