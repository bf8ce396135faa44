//! The interface every game crate implements, in layers: the rules core
//! ([`GameRules`]) and, above it, notation, record hooks, diagrams, perft,
//! adjudication (draw rules that need a game's history) and the profile; [`Game`] is all of them, what one reader, one checker
//! and one CLI are written against.

use crate::catalog::ProfileSource;
use crate::configured::{Configured, settings_text};
use crate::graph::Graph;
use crate::node::NodeId;
use crate::options::{DiagramOptions, GameOption, NO_BULK, PerftOptions};
use crate::profile::{ProfileError, ProfileHeader};
use crate::svg::Scene;
use serde::Serialize;
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

    /// `"White"` or `"Black"`, as messages name the players (also
    /// [`fmt::Display`]).
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "White",
            Side::Black => "Black",
        }
    }

    /// `'W'` or `'B'`, as a FEN writes the side.
    pub const fn letter(self) -> char {
        match self {
            Side::White => 'W',
            Side::Black => 'B',
        }
    }

    /// The side of a FEN letter, in either case: `W`/`w` or `B`/`b`.
    ///
    /// ```
    /// use board_core::Side;
    /// assert_eq!(Side::from_letter('w'), Some(Side::White));
    /// assert_eq!(Side::from_letter('B'), Some(Side::Black));
    /// assert_eq!(Side::from_letter('x'), None);
    /// assert_eq!(Side::Black.to_string(), "Black");
    /// ```
    pub const fn from_letter(c: char) -> Option<Side> {
        match c {
            'W' | 'w' => Some(Side::White),
            'B' | 'b' => Some(Side::Black),
            _ => None,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
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

impl SyntaxError {
    /// A syntax error at `span`.
    pub fn new(span: Range<usize>, message: impl Into<String>) -> Self {
        SyntaxError {
            span,
            message: message.into(),
        }
    }
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

impl LegalityError {
    /// A move that is not legal, why, and a hint if there is one.
    pub fn illegal(reason: impl Into<String>, help: Option<String>) -> Self {
        LegalityError::Illegal {
            reason: reason.into(),
            help,
        }
    }

    /// Which kind of error this is ([`MoveErrorKind::Illegal`] or
    /// [`MoveErrorKind::Ambiguous`]).
    pub fn kind(&self) -> MoveErrorKind {
        match self {
            LegalityError::Illegal { .. } => MoveErrorKind::Illegal,
            LegalityError::Ambiguous { .. } => MoveErrorKind::Ambiguous,
        }
    }
}

/// The kinds of [`MoveError`], for callers that match on the kind rather
/// than the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveErrorKind {
    /// Not well-formed ([`MoveError::Syntax`]).
    Syntax,
    /// No legal move matches ([`LegalityError::Illegal`]).
    Illegal,
    /// Several legal moves match ([`LegalityError::Ambiguous`]).
    Ambiguous,
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

impl MoveError {
    /// Which kind of error this is.
    pub fn kind(&self) -> MoveErrorKind {
        match self {
            MoveError::Syntax(_) => MoveErrorKind::Syntax,
            MoveError::Legality(e) => e.kind(),
        }
    }
}

/// What kind of problem a [`PositionProblem`] is, for callers that match on
/// the kind rather than the text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionProblemKind {
    /// The side to move is missing or is not a side letter.
    SideToMove,
    /// A field that is unknown, empty or malformed (a counter that is not
    /// a number, a wrong number of fields).
    BadField,
    /// A required field is missing.
    MissingField,
    /// A field given twice.
    RepeatedField,
    /// An empty entry in a list (two commas in a row).
    EmptyEntry,
    /// A name that is no point of the board (or a square not played on).
    UnknownSquare,
    /// An entry that is not a piece: an unknown piece letter, a marker
    /// without a point, a bad level.
    BadPiece,
    /// A point listed twice, or holding two pieces.
    Duplicate,
    /// More pieces of a side or type than the profile has.
    TooManyPieces,
    /// A field or value the profile's rules give no meaning.
    NotInRules,
    /// A position the rules cannot reach (a man on its promotion row, an
    /// ended game, marks that do not add up).
    Unreachable,
    /// A set-up that breaks a rule of set-ups (lingqi's L3, L22).
    SetUp,
}

/// One problem of a position: its kind and, for people, its text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionProblem {
    /// What kind of problem.
    pub kind: PositionProblemKind,
    /// What is wrong, in words.
    pub message: String,
    /// The nodes the problem is about, where it is about some (a set-up's
    /// misplaced piece, an unguarded Sect): a board can mark them.
    pub nodes: Vec<NodeId>,
}

impl PositionProblem {
    /// A problem of this kind, about no node in particular.
    pub fn new(kind: PositionProblemKind, message: impl Into<String>) -> Self {
        PositionProblem {
            kind,
            message: message.into(),
            nodes: Vec::new(),
        }
    }

    /// The same problem, about these nodes.
    ///
    /// ```
    /// use board_core::{NodeId, PositionProblem, PositionProblemKind};
    /// let p = PositionProblem::new(PositionProblemKind::SetUp, "Sect on j2: unguarded")
    ///     .at([NodeId::new(9)]);
    /// assert_eq!(p.nodes, vec![NodeId::new(9)]);
    /// ```
    pub fn at(mut self, nodes: impl IntoIterator<Item = NodeId>) -> Self {
        self.nodes.extend(nodes);
        self
    }

    /// The text of the problem.
    pub fn as_str(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for PositionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl PartialEq<str> for PositionProblem {
    fn eq(&self, other: &str) -> bool {
        self.message == other
    }
}

impl PartialEq<&str> for PositionProblem {
    fn eq(&self, other: &&str) -> bool {
        self.message == *other
    }
}

/// Every problem of a position or set-up, reported at once.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct PositionError {
    /// One entry per problem.
    pub problems: Vec<PositionProblem>,
}

impl PositionError {
    /// A position error with a single problem.
    pub fn one(kind: PositionProblemKind, problem: impl Into<String>) -> Self {
        PositionError {
            problems: vec![PositionProblem::new(kind, problem)],
        }
    }

    /// The kinds of the problems, in order.
    pub fn kinds(&self) -> impl Iterator<Item = PositionProblemKind> + '_ {
        self.problems.iter().map(|p| p.kind)
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.problems.as_slice() {
            [one] => write!(f, "{one}"),
            many => {
                write!(f, "{} problems: ", many.len())?;
                for (i, p) in many.iter().enumerate() {
                    if i > 0 {
                        f.write_str("; ")?;
                    }
                    write!(f, "{p}")?;
                }
                Ok(())
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

/// How squares are named when a move is written in a [`MoveStyle`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SquareStyle {
    /// Square numbers (`22-18`), where the board has them.
    Numeric,
    /// Square labels (`c3-d4`).
    Algebraic,
}

/// How much of a capture's path a move written in a [`MoveStyle`] names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CaptureStyle {
    /// Every landing square.
    Full,
    /// First and last square, every landing square when that is ambiguous.
    Short,
    /// The shortest writing that is not ambiguous in the position.
    Minimal,
}

/// The capture separator of a move written in a [`MoveStyle`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeparatorStyle {
    /// `x`.
    X,
    /// `:`.
    Colon,
}

/// Where a move written in a [`MoveStyle`] puts what it removes (morris).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RemovalStyle {
    /// Part of the move token (`b4-a4xb2`).
    Joined,
    /// A token of its own (`b4-a4 xb2`).
    Separate,
}

/// A way of writing moves other than the profile's: each field `None`
/// keeps the profile's own choice, and a game ignores what it has no use
/// for ([`Notation::write_move_styled`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct MoveStyle {
    /// How squares are named.
    pub squares: Option<SquareStyle>,
    /// How much of a capture is written.
    pub captures: Option<CaptureStyle>,
    /// The capture separator.
    pub separator: Option<SeparatorStyle>,
    /// Where removals go.
    pub removal: Option<RemovalStyle>,
}

impl MoveStyle {
    /// Whether every choice is the profile's.
    pub fn is_default(&self) -> bool {
        *self == MoveStyle::default()
    }
}

/// What a move does on the board, as nodes: where the moving piece starts
/// (`None` for a placement), every node it lands on in order (the last is
/// where it stops), and the pieces it takes ([`Notation::describe_move`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveParts {
    /// Where the piece starts; `None` when it comes from hand.
    pub from: Option<NodeId>,
    /// Every landing node, in order.
    pub landings: Vec<NodeId>,
    /// The nodes of the pieces taken.
    pub captured: Vec<NodeId>,
}

/// What a click on a node does when a move is entered on a board
/// ([`Notation::move_clicks`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClickRole {
    /// The node of the piece that moves.
    From,
    /// A landing on the way (a capture of several jumps).
    Land,
    /// Where the piece stops.
    To,
    /// A piece taken by choice (a morris removal).
    Remove,
    /// Where a piece from hand is placed.
    Place,
    /// The piece a turn upgrades before it moves (lingqi).
    Upgrade,
}

impl ClickRole {
    /// `from`, `to`, `land`, `remove`, `place` or `upgrade`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ClickRole::From => "from",
            ClickRole::Land => "land",
            ClickRole::To => "to",
            ClickRole::Remove => "remove",
            ClickRole::Place => "place",
            ClickRole::Upgrade => "upgrade",
        }
    }
}

/// One click of a move entered on a board: the node, what the click does
/// there, and a choice made with it (the type a lingqi piece transforms
/// into, as its letter).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Click {
    /// The node clicked.
    pub node: NodeId,
    /// What the click does.
    pub role: ClickRole,
    /// A choice that goes with the click, if any.
    pub choice: Option<String>,
}

impl Click {
    /// A click with no choice.
    pub fn new(node: NodeId, role: ClickRole) -> Click {
        Click {
            node,
            role,
            choice: None,
        }
    }
}

/// The clicks of a move from what it does ([`MoveParts`]): its start (or,
/// for a placement, where it is placed), each landing on the way, where it
/// stops; the pieces it takes are not clicked (they follow from the
/// path), unless `removals` says they are chosen.
///
/// ```
/// use board_core::{ClickRole, MoveParts, NodeId, clicks_of};
/// let n = NodeId::new;
/// let capture = MoveParts { from: Some(n(0)), landings: vec![n(2), n(4)], captured: vec![n(1), n(3)] };
/// let roles: Vec<ClickRole> = clicks_of(&capture, false).iter().map(|c| c.role).collect();
/// assert_eq!(roles, [ClickRole::From, ClickRole::Land, ClickRole::To]);
/// let placement = MoveParts { from: None, landings: vec![n(5)], captured: vec![n(7)] };
/// let clicks = clicks_of(&placement, true);
/// assert_eq!((clicks[0].node, clicks[0].role), (n(5), ClickRole::Place));
/// assert_eq!((clicks[1].node, clicks[1].role), (n(7), ClickRole::Remove));
/// ```
pub fn clicks_of(parts: &MoveParts, removals: bool) -> Vec<Click> {
    let mut clicks = Vec::with_capacity(parts.landings.len() + 1);
    let last = parts.landings.len().saturating_sub(1);
    match parts.from {
        Some(from) => {
            clicks.push(Click::new(from, ClickRole::From));
            for (i, &n) in parts.landings.iter().enumerate() {
                let role = if i == last {
                    ClickRole::To
                } else {
                    ClickRole::Land
                };
                clicks.push(Click::new(n, role));
            }
        }
        None => {
            for (i, &n) in parts.landings.iter().enumerate() {
                let role = if i == last {
                    ClickRole::Place
                } else {
                    ClickRole::Land
                };
                clicks.push(Click::new(n, role));
            }
        }
    }
    if removals {
        clicks.extend(
            parts
                .captured
                .iter()
                .map(|&n| Click::new(n, ClickRole::Remove)),
        );
    }
    clicks
}

/// The kind of slip a "did you mean" suggestion corrects
/// ([`Notation::did_you_mean`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Slip {
    /// The squares are joined by the wrong separator (a capture written as
    /// a plain move or the other way round, or a character that is no
    /// separator).
    WrongSeparator,
    /// A capture with a wrong intermediate square: one legal capture has
    /// the same start, end and number of landings.
    WrongIntermediate,
    /// The two squares of a move swapped.
    SwappedSquares,
    /// Square numbers read in another numbering of the same board: a record
    /// that uses it does so for every move, so a caller says it once per
    /// game.
    OtherNumbering,
}

/// The one legal move a refused move text plainly meant
/// ([`Notation::did_you_mean`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Suggestion<M> {
    /// The legal move meant.
    pub mv: M,
    /// What kind of slip the text made.
    pub slip: Slip,
    /// The slip in a player's words (`a capture written with -`); for
    /// [`Slip::OtherNumbering`] it names the numbering (the same words for
    /// every move of that numbering).
    pub why: String,
}

/// The rules core: positions, moves, whose turn, the legal moves, playing
/// one, and the result decided on the board. Every other layer
/// ([`Notation`], [`RecordHooks`], [`Diagram`], [`Perft`], [`Profiled`])
/// builds on it.
///
/// Positions are plain values (`play` mutates one); a move is only
/// meaningful in the position it was generated or parsed in.
pub trait GameRules: Sized + Send + Sync + 'static {
    /// A position: everything the rules need to go on from here.
    type Position: Clone + fmt::Debug + PartialEq + Send + Sync;
    /// A move, as generated or parsed in one position.
    type Move: Clone + fmt::Debug + PartialEq + Send + Sync;

    /// Whose turn it is.
    fn side_to_move(&self, position: &Self::Position) -> Side;

    /// Appends every legal move, each once (moves with the same effect and
    /// the same notation are one move).
    fn legal_moves(&self, position: &Self::Position, moves: &mut Vec<Self::Move>);

    /// Plays a legal move.
    fn play(&self, position: &mut Self::Position, mv: &Self::Move);

    /// The result decided on the board, if the game is over.
    fn outcome(&self, position: &Self::Position) -> Option<Outcome>;
}

/// The game's notation of moves and positions.
pub trait Notation: GameRules {
    /// The canonical notation of a legal move.
    fn write_move(&self, position: &Self::Position, mv: &Self::Move) -> String;

    /// Reads a move in any accepted notation and finds the legal move it
    /// names: a syntax error, an illegal move (why) or an ambiguous one
    /// (the candidates) otherwise.
    fn parse_move(&self, position: &Self::Position, text: &str) -> Result<Self::Move, MoveError>;

    /// Whether [`Notation::play_text`] has a quick way of this game (the
    /// default plays nothing): a checker may then play a record's moves as
    /// it reads them.
    const PLAYS_TEXT: bool = false;

    /// Plays the move `text` names on `position` when a quick way of the
    /// game is certain of it, without handing the move out (the text's
    /// bytes as read: text that is not UTF-8 is no move): `true` when
    /// played, the position then what [`Notation::parse_move`] and
    /// [`GameRules::play`] leave. `false` leaves the position as it was
    /// and says nothing: the text may still be a legal move, and
    /// [`Notation::parse_move`] tells. The default plays nothing.
    fn play_text(&self, position: &mut Self::Position, text: &[u8]) -> bool {
        let _ = (position, text);
        false
    }

    /// Reads a move that [`Notation::parse_move`] refused as illegal but
    /// that can be played on the board as written: an *irregular* move,
    /// which the opponent may let stand (FMJD rules, Annex 1, 5.4). `None`
    /// when the move is not physically possible in this game (no piece
    /// there, a jump over nothing, a square off the board), or names more
    /// than one such move. The default is `None`: every refused move stops
    /// the line.
    ///
    /// The move returned is played with [`GameRules::play`] as if it were
    /// legal, and leaves the position the text describes. Callers ask only
    /// after `parse_move` refused the text; this is never on the path of
    /// legal move generation or perft.
    fn parse_irregular(&self, position: &Self::Position, text: &str) -> Option<Self::Move> {
        let _ = (position, text);
        None
    }

    /// The notation of a legal move in `style`: every choice the style
    /// leaves `None` is the profile's, and a game ignores the choices it
    /// has no use for. What is written must read back
    /// ([`Notation::parse_move`]) as `mv` in `position`; the default is
    /// [`Notation::write_move`].
    fn write_move_styled(
        &self,
        position: &Self::Position,
        mv: &Self::Move,
        style: &MoveStyle,
    ) -> String {
        let _ = style;
        self.write_move(position, mv)
    }

    /// Where a legal move of `position` starts, lands and takes, as nodes.
    /// The default says nothing (no start, no landing, no capture).
    fn describe_move(&self, position: &Self::Position, mv: &Self::Move) -> MoveParts {
        let _ = (position, mv);
        MoveParts::default()
    }

    /// How a legal move of `position` is entered by clicks on the board,
    /// in order: what a web board matches its player's clicks against.
    /// The default is [`clicks_of`] the move's [`Notation::describe_move`],
    /// the pieces taken not clicked; a game whose player chooses what it
    /// takes, or makes a choice before moving, says so.
    fn move_clicks(&self, position: &Self::Position, mv: &Self::Move) -> Vec<Click> {
        clicks_of(&self.describe_move(position, mv), false)
    }

    /// The one legal move of `position` that a move text refused by
    /// [`Notation::parse_move`] plainly meant, and the slip it made: `None`
    /// unless exactly one legal move fits (the default: never). It never
    /// makes the text legal; callers offer it as help or, on request, as a
    /// fix.
    fn did_you_mean(
        &self,
        position: &Self::Position,
        text: &str,
    ) -> Option<Suggestion<Self::Move>> {
        let _ = (position, text);
        None
    }

    /// What to write to make an ambiguous move text name one move, given
    /// the candidates in full notation ([`LegalityError::Ambiguous`]).
    fn ambiguity_hint(&self, candidates: &[String]) -> String {
        let _ = candidates;
        "write the move in full to say which".to_string()
    }

    /// Parses the game's position notation, reporting every problem.
    fn parse_position(&self, text: &str) -> Result<Self::Position, PositionError>;

    /// Writes the game's position notation; `parse_position` reads it back.
    fn write_position(&self, position: &Self::Position) -> String;
}

/// How a game's records are read: where a game starts and how its move
/// tokens make up one move.
pub trait RecordHooks: Notation {
    /// The start position a record's tags ask for: `Ok(None)` when they ask
    /// for none (start from the profile's start position). The default
    /// reads a `FEN` tag.
    fn position_from_tags(
        &self,
        tags: &dyn TagLookup,
    ) -> Result<Option<Self::Position>, PositionError> {
        tags.tag("FEN").map(|f| self.parse_position(f)).transpose()
    }

    /// Whether the move token `next` continues the move begun by the tokens
    /// in `pending` (morris writes a removal as its own token `xg7`; a
    /// lingqi turn is an upgrade token then a move token). The record
    /// reader joins such tokens with one space before
    /// [`Notation::parse_move`].
    fn continues_move(&self, pending: &str, next: &str) -> bool {
        let _ = (pending, next);
        false
    }

    /// Whether some token may continue the move begun by `pending`: a
    /// test of `pending` alone, asked before [`RecordHooks::continues_move`]
    /// so that the next token's text is not looked up when no token can
    /// continue. `false` only when [`RecordHooks::continues_move`] is false
    /// for every `next`; the default, `true`, asks it every time. The
    /// pending text's bytes as read.
    fn may_continue(&self, pending: &[u8]) -> bool {
        let _ = pending;
        true
    }
}

/// Positions drawn for people.
pub trait Diagram: GameRules {
    /// The marks this game's diagrams can add ([`crate::OptionSet`]).
    const DIAGRAM_OPTIONS: &'static [GameOption] = &[];

    /// A text diagram of the position, with the enabled marks of
    /// [`Diagram::DIAGRAM_OPTIONS`].
    fn diagram(&self, position: &Self::Position, options: &DiagramOptions) -> String;

    /// What a picture shows of the position ([`crate::svg::draw`]): the
    /// pieces on their nodes and the marks of the game's rules; the board
    /// itself is drawn from the graph.
    fn scene(&self, position: &Self::Position) -> Scene;

    /// What this game calls a player (`White`, `South`).
    fn side_name(&self, side: Side) -> &'static str {
        side.name()
    }
}

/// Counting the leaves of the move tree.
pub trait Perft: GameRules {
    /// The counting conventions this game's perft has; [`NO_BULK`] in
    /// every game.
    const PERFT_OPTIONS: &'static [GameOption] = &[NO_BULK];

    /// Counts the leaf nodes of the move tree to `depth`, with the enabled
    /// conventions of [`Perft::PERFT_OPTIONS`].
    fn perft(&self, position: &Self::Position, depth: u32, options: &PerftOptions) -> u64 {
        generic_perft(self, position, depth, options)
    }

    /// The count split one ply down, to share it out between threads:
    /// `perft(position, depth)` is `counted` plus, over the `subtrees`,
    /// `weight × perft(subtree, its depth)`, with the same `options`. The
    /// default makes each legal move; a game whose perft counts another
    /// tree under some option (every capture route, a removal as a ply)
    /// splits its own tree.
    fn perft_split(
        &self,
        position: &Self::Position,
        depth: u32,
        options: &PerftOptions,
    ) -> PerftSplit<Self::Position> {
        let _ = options;
        generic_perft_split(self, position, depth)
    }
}

/// A perft count split one ply down ([`Perft::perft_split`]).
#[derive(Clone, Debug, PartialEq)]
pub struct PerftSplit<P> {
    /// The leaves counted while splitting (bulk counts at the last ply, a
    /// depth of 0).
    pub counted: u64,
    /// The subtrees still to count.
    pub subtrees: Vec<PerftSubtree<P>>,
}

/// One subtree of a [`PerftSplit`].
#[derive(Clone, Debug, PartialEq)]
pub struct PerftSubtree<P> {
    /// Where it starts.
    pub position: P,
    /// The depth left below it.
    pub depth: u32,
    /// How many times its count counts (routes with the same result kept
    /// apart; 1 otherwise).
    pub weight: u64,
}

impl<P> PerftSplit<P> {
    /// A count that is already known: no subtree.
    pub fn counted(counted: u64) -> PerftSplit<P> {
        PerftSplit {
            counted,
            subtrees: Vec::new(),
        }
    }

    /// Adds a subtree counting once.
    pub fn push(&mut self, position: P, depth: u32) {
        self.subtrees.push(PerftSubtree {
            position,
            depth,
            weight: 1,
        });
    }
}

/// [`Perft::perft_split`] by making each legal move: the split of
/// [`generic_perft`] (depth 0 counts 1; otherwise one subtree per move).
pub fn generic_perft_split<G: GameRules>(
    game: &G,
    position: &G::Position,
    depth: u32,
) -> PerftSplit<G::Position> {
    if depth == 0 {
        return PerftSplit::counted(1);
    }
    let mut moves = Vec::new();
    game.legal_moves(position, &mut moves);
    let mut split = PerftSplit::counted(0);
    for mv in &moves {
        let mut next = position.clone();
        game.play(&mut next, mv);
        split.push(next, depth - 1);
    }
    split
}

/// A game built from a rule profile: its name, header, board, rule
/// switches and start position. A game provides its [`Configured`]; the
/// rest is written here once.
pub trait Profiled: GameRules {
    /// The game's name, the `game` of its profiles (`russian-draughts`).
    const GAME: &'static str;

    /// The typed `[rules]` table of the game's profiles.
    type Rules: Serialize;

    /// Builds the game from a profile of this game.
    fn from_profile(source: &ProfileSource) -> Result<Self, ProfileError>;

    /// What the game keeps of its profile.
    fn configured(&self) -> &Configured<Self::Rules, Self::Position>;

    /// The profile's header.
    fn header(&self) -> &ProfileHeader {
        &self.configured().header
    }

    /// The board.
    fn graph(&self) -> &Graph {
        &self.configured().graph
    }

    /// Every rule switch of the profile with defaults filled in, as TOML text
    /// in a stable order ([`settings_text`]).
    fn settings(&self) -> String {
        settings_text(&self.configured().rules)
    }

    /// The profile's start position.
    fn start_position(&self) -> Self::Position {
        self.configured().start.clone()
    }
}

/// How a game ended: on the board ([`GameRules::outcome`]) or by a rule of
/// the profile above the rules core (a draw rule with its citation).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// Who won, or a draw, and why in words (the rule's name).
    pub outcome: Outcome,
    /// Where the rule is written (`FMJD-64 7.2.5`); `None` for an end on
    /// the board.
    pub citation: Option<String>,
    /// The rule draws only when a player claims it: the game may go on.
    pub claim: bool,
}

impl Ending {
    /// The end the rules core decided on the board.
    pub fn board(outcome: Outcome) -> Self {
        Ending {
            outcome,
            citation: None,
            claim: false,
        }
    }

    /// The reason with its citation: `15 moves with kings only (FMJD-64
    /// 7.2.5)`.
    pub fn rule(&self) -> String {
        let reason = match &self.outcome {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        };
        match &self.citation {
            Some(c) => format!("{reason} ({c})"),
            None => reason.clone(),
        }
    }
}

/// The layer above the rules core that ends games by rules that need the
/// history of a game (draws by repetition, move counters): a per-game
/// [`Adjudication::Clock`] is started from a position, advanced with each
/// move played and asked for the end. The rules core and its positions
/// (what perft walks) carry no history.
///
/// The defaults are for a game without such rules: the clock is `()`-like
/// and the end is [`GameRules::outcome`].
pub trait Adjudication: GameRules {
    /// What the rules need of the game so far (counters, earlier
    /// positions).
    type Clock: Clone + fmt::Debug + Default + Send + Sync;

    /// The clock of a game that starts at `position` (a profile's start or
    /// a `FEN` set-up): counters at 0, `position` the only one reached.
    fn start_clock(&self, position: &Self::Position) -> Self::Clock {
        let _ = position;
        Self::Clock::default()
    }

    /// Whether [`Adjudication::advance`] may change a clock of this game:
    /// when `false`, a caller need not keep the position before each move
    /// to advance the clock, and [`Adjudication::rule_ending`] ends no game
    /// (a rule that ends games reads the clock), so a checker need not ask
    /// it between moves. `true` by default.
    fn has_clock(&self) -> bool {
        true
    }

    /// Advances the clock by the legal move `mv`, played from `before` to
    /// `after`.
    fn advance(
        &self,
        clock: &mut Self::Clock,
        before: &Self::Position,
        mv: &Self::Move,
        after: &Self::Position,
    ) {
        let _ = (clock, before, mv, after);
    }

    /// The end by a rule of the profile alone, without asking the board:
    /// an automatic draw first, else a draw a player may claim
    /// ([`Ending::claim`]). Cheap enough to ask after every move; `None`
    /// by default.
    fn rule_ending(&self, clock: &Self::Clock, position: &Self::Position) -> Option<Ending> {
        let _ = (clock, position);
        None
    }

    /// The end of the game at `position` with its clock: a win or draw on
    /// the board first ([`GameRules::outcome`]), else
    /// [`Adjudication::rule_ending`]; `None` while the game goes on.
    fn ending(&self, clock: &Self::Clock, position: &Self::Position) -> Option<Ending> {
        self.outcome(position)
            .map(Ending::board)
            .or_else(|| self.rule_ending(clock, position))
    }
}

/// Every layer of a game together: what the CLI and the record checker are
/// written against. Implemented for every type that has all the layers.
pub trait Game: Profiled + RecordHooks + Diagram + Perft + Adjudication {}

impl<T: Profiled + RecordHooks + Diagram + Perft + Adjudication> Game for T {}

/// Perft by generating, playing and recursing, with bulk counting at the
/// last ply unless [`NO_BULK`] is enabled. Game crates override
/// [`Perft::perft`] with faster counts; this is the reference they are
/// tested against.
pub fn generic_perft<G: GameRules>(
    game: &G,
    position: &G::Position,
    depth: u32,
    options: &PerftOptions,
) -> u64 {
    count(game, position, depth, options.has(&NO_BULK))
}

fn count<G: GameRules>(game: &G, position: &G::Position, depth: u32, no_bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = Vec::new();
    game.legal_moves(position, &mut moves);
    if depth == 1 && !no_bulk {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| {
            let mut next = position.clone();
            game.play(&mut next, mv);
            count(game, &next, depth - 1, no_bulk)
        })
        .sum()
}
