//! The interface every game crate implements, so that one reader, one
//! checker and one CLI serve all games.

use crate::catalog::ProfileSource;
use crate::graph::Graph;
use crate::profile::{ProfileError, ProfileHeader};
use std::fmt;
use std::ops::Range;

/// One of the two players. `White` is the player a result `1-0` / `2-0`
/// names as winner (the `White` tag of a record), whichever moves first;
/// games with other names for their players map them here (lingqi: South
/// is `White`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The player named first in a result.
    White,
    /// The player named second in a result.
    Black,
}

impl Side {
    /// The other player.
    pub const fn opposite(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black.
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// How a game ended on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Side,
        /// Why, in words (`Black has no legal move`).
        reason: String,
    },
    /// Drawn by a rule of the profile.
    Draw {
        /// Which rule.
        reason: String,
    },
}

/// Options of a perft count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PerftOptions {
    /// Count every capture route, even routes that leave the same position
    /// and are written the same way (draughts, alquerque).
    pub keep_duplicates: bool,
    /// Count a removal as a ply of its own (morris).
    pub removal_ply: bool,
    /// Don't count the last ply by generating it only (measures the full
    /// cost of making every move).
    pub no_bulk: bool,
}

/// Options of a text diagram.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DiagramOptions {
    /// Mark zones and trapped pieces (lingqi).
    pub zones: bool,
}

/// A move text that is not well-formed, with the byte span (within that
/// text) of the offending part.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct SyntaxError {
    /// Byte range of the problem within the move text.
    pub span: Range<usize>,
    /// What is wrong.
    pub message: String,
}

/// A well-formed move that the position does not allow as written.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LegalityError {
    /// No legal move matches.
    #[error("{reason}")]
    Illegal {
        /// Why, in a player's words (`capture is mandatory: g3:e5 or g3:h4`).
        reason: String,
        /// A hint, such as the legal moves of the piece.
        help: Option<String>,
    },
    /// Several legal moves match; the notation must say which.
    #[error("ambiguous: {text} matches {}", candidates.join(", "))]
    Ambiguous {
        /// The text as written.
        text: String,
        /// Every matching move, in full notation.
        candidates: Vec<String>,
    },
}

/// Why a move text could not be turned into a legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not well-formed.
    #[error("syntax error: {0}")]
    Syntax(#[from] SyntaxError),
    /// Well-formed, but not legal here.
    #[error("{0}")]
    Legality(#[from] LegalityError),
}

/// Every problem of a position or set-up, reported at once.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct PositionError {
    /// One entry per problem.
    pub problems: Vec<String>,
}

impl PositionError {
    /// A position error with a single problem.
    pub fn one(problem: impl Into<String>) -> Self {
        PositionError {
            problems: vec![problem.into()],
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.problems.as_slice() {
            [one] => f.write_str(one),
            many => {
                write!(f, "{} problems: ", many.len())?;
                f.write_str(&many.join("; "))
            }
        }
    }
}

/// The tags of one game record, for games whose start position comes from
/// tags (`FEN`, lingqi's `SetupSouth` / `SetupNorth`).
pub trait TagLookup {
    /// The value of the first tag with this name, unescaped.
    fn tag(&self, name: &str) -> Option<&str>;
}

impl TagLookup for [(String, String)] {
    fn tag(&self, name: &str) -> Option<&str> {
        self.iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

impl TagLookup for Vec<(String, String)> {
    fn tag(&self, name: &str) -> Option<&str> {
        self.as_slice().tag(name)
    }
}

/// A game configured by a rule profile: positions, moves, notation.
///
/// Positions are plain values (`play` mutates one); a move is only
/// meaningful in the position it was generated or parsed in.
pub trait Game: Sized + Send + Sync + 'static {
    /// A position: everything the rules need to go on from here.
    type Position: Clone + fmt::Debug + PartialEq + Send + Sync;
    /// A move, as generated or parsed in one position.
    type Move: Clone + fmt::Debug + PartialEq + Send + Sync;

    /// The game's name, the `game` of its profiles (`russian-draughts`).
    const GAME: &'static str;

    /// Builds the game from a profile of this game.
    fn from_profile(source: &ProfileSource) -> Result<Self, ProfileError>;

    /// The profile's header.
    fn header(&self) -> &ProfileHeader;

    /// The board.
    fn graph(&self) -> &Graph;

    /// Every rule switch of the profile with defaults filled in, as TOML text
    /// in a stable order.
    fn settings(&self) -> String;

    /// The profile's start position.
    fn start_position(&self) -> Self::Position;

    /// The start position a record's tags ask for: `Ok(None)` when they ask
    /// for none (start from [`Game::start_position`]). The default reads a
    /// `FEN` tag.
    fn position_from_tags(
        &self,
        tags: &dyn TagLookup,
    ) -> Result<Option<Self::Position>, PositionError> {
        tags.tag("FEN").map(|f| self.parse_position(f)).transpose()
    }

    /// Parses the game's position notation, reporting every problem.
    fn parse_position(&self, text: &str) -> Result<Self::Position, PositionError>;

    /// Writes the game's position notation; `parse_position` reads it back.
    fn write_position(&self, position: &Self::Position) -> String;

    /// A text diagram of the position for people.
    fn diagram(&self, position: &Self::Position, options: &DiagramOptions) -> String;

    /// Whose turn it is.
    fn side_to_move(&self, position: &Self::Position) -> Side;

    /// What this game calls a player (`White`, `South`).
    fn side_name(&self, side: Side) -> &'static str {
        match side {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    /// Appends every legal move, each once (moves with the same effect and
    /// the same notation are one move).
    fn legal_moves(&self, position: &Self::Position, moves: &mut Vec<Self::Move>);

    /// Plays a legal move.
    fn play(&self, position: &mut Self::Position, mv: &Self::Move);

    /// The result decided on the board, if the game is over.
    fn outcome(&self, position: &Self::Position) -> Option<Outcome>;

    /// The canonical notation of a legal move.
    fn write_move(&self, position: &Self::Position, mv: &Self::Move) -> String;

    /// Reads a move in any accepted notation and finds the legal move it
    /// names: a syntax error, an illegal move (why) or an ambiguous one
    /// (the candidates) otherwise.
    fn parse_move(&self, position: &Self::Position, text: &str) -> Result<Self::Move, MoveError>;

    /// Whether the move token `next` continues the move begun by the tokens
    /// in `pending` (morris writes a removal as its own token `xg7`; a
    /// lingqi turn is an upgrade token then a move token). The record
    /// reader joins such tokens with one space before [`Game::parse_move`].
    fn continues_move(&self, pending: &str, next: &str) -> bool {
        let _ = (pending, next);
        false
    }

    /// Counts the leaf nodes of the move tree to `depth`.
    fn perft(&self, position: &Self::Position, depth: u32, options: &PerftOptions) -> u64 {
        generic_perft(self, position, depth, options)
    }
}

/// Perft by generating, playing and recursing, with bulk counting at the
/// last ply unless `no_bulk`. Game crates override [`Game::perft`] with
/// faster counts; this is the reference they are tested against.
pub fn generic_perft<G: Game>(
    game: &G,
    position: &G::Position,
    depth: u32,
    options: &PerftOptions,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    game.legal_moves(position, &mut moves);
    if depth == 1 && !options.no_bulk {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| {
            let mut next = position.clone();
            game.play(&mut next, mv);
            generic_perft(game, &next, depth - 1, options)
        })
        .sum()
}
