//! The command line: subcommands and their options (clap derive).

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Rules engine and notation verifier for draughts, morris, alquerque and lingqi.
#[derive(Parser, Debug)]
#[command(name = "boardctl", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// List and inspect rule profiles.
    #[command(subcommand)]
    Profiles(ProfilesCommand),
    /// Play moves from a position and say for each whether it is legal.
    Validate(ValidateArgs),
    /// List every legal move of a position in canonical notation.
    Moves(PositionArgs),
    /// Count the leaf nodes of the move tree (perft).
    Perft(PerftArgs),
    /// Replay every game of record files (PDN) and report each move that is
    /// not legal.
    Check(CheckArgs),
    /// Print every position of a recorded game, or write each as an SVG
    /// picture.
    Replay(ReplayArgs),
    /// Draw a position: the text diagram, or an SVG picture.
    Diagram(DiagramArgs),
    /// Write record files (PDN) back in canonical form, or converted
    /// between notations.
    Fmt(FmtArgs),
    /// Serve the web board and its JSON API (docs/api.md).
    Serve(ServeArgs),
}

/// `serve` options.
#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// The port to listen on; 0 picks a free one (the line printed on
    /// start says which).
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// The address to listen on: the loopback address unless another is
    /// asked for (then with a warning: the server has no authentication).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
}

/// `profiles` subcommands.
#[derive(Subcommand, Debug)]
pub enum ProfilesCommand {
    /// Every known profile: name, version, description.
    List,
    /// A profile's board (nodes, edges, neighbours, lines) and start position.
    Show {
        /// `game/name@N`, or `game/name` for the newest version.
        profile: Option<String>,
        /// Read the profile from this file instead.
        #[arg(long, value_name = "PATH", conflicts_with = "profile")]
        rules_file: Option<PathBuf>,
    },
}

/// Which profile to use.
#[derive(Args, Debug, Clone)]
pub struct RulesArgs {
    /// The rule profile: `game/name@N`, or `game/name` for the newest version.
    #[arg(long, value_name = "PROFILE", required_unless_present = "rules_file")]
    pub rules: Option<String>,
    /// Read the rule profile from this TOML file instead.
    #[arg(long, value_name = "PATH", conflicts_with = "rules")]
    pub rules_file: Option<PathBuf>,
}

/// A profile and a position.
#[derive(Args, Debug, Clone)]
pub struct PositionArgs {
    /// The rules.
    #[command(flatten)]
    pub rules: RulesArgs,
    /// Start from this position (the game's FEN) instead of the profile's.
    #[arg(long)]
    pub fen: Option<String>,
}

/// `validate` options.
#[derive(Args, Debug)]
pub struct ValidateArgs {
    /// Profile and start position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// The moves, in order (a move of several tokens, like a lingqi turn
    /// `^j2 j2-j5`, is one quoted argument).
    #[arg(required = true, allow_hyphen_values = true)]
    pub moves: Vec<String>,
}

/// Output format of perft.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum PerftFormat {
    /// `depth<TAB>nodes` lines.
    Text,
    /// One JSON object.
    Json,
}

/// `perft` options.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// Profile and start position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Count to this depth, at least 1 (each depth from 1 is printed).
    #[arg(value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: u32,
    /// Print the count below each legal move at DEPTH instead.
    #[arg(long)]
    pub divide: bool,
    /// Same as `--format json`.
    #[arg(long)]
    pub json: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = PerftFormat::Text)]
    pub format: PerftFormat,
    /// Count every capture route, even those with the same result
    /// (draughts, alquerque).
    #[arg(long)]
    pub keep_duplicates: bool,
    /// Count a removal as a ply of its own (morris).
    #[arg(long)]
    pub removal_ply: bool,
    /// Make every move of the last ply instead of counting them.
    #[arg(long)]
    pub no_bulk: bool,
    /// Threads to count on (default: one per core; at most 64): the tree
    /// is split at the root, or deeper when the root has few moves.
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(usize))]
    pub jobs: Option<usize>,
}

/// Output format of `check`.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckFormat {
    /// Compiler-style messages with the source line and a caret.
    Text,
    /// One JSON object per line per finding.
    Json,
}

/// What `check` does with an irregular move: one the rules forbid but that
/// can be played on the board as written.
#[derive(ValueEnum, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum Irregular {
    /// An `illegal-move` error, and the rest of its line is not checked.
    #[default]
    Stop,
    /// The move stood (the opponent accepted it): an `irregular-move`
    /// warning, the move is played as written and checking goes on.
    Stand,
}

/// `check` options.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Record files; `-` reads standard input.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Rules of games that have neither a `Rules` nor a `GameType` tag:
    /// `game/name@N` or `game/name`.
    #[arg(long, value_name = "PROFILE")]
    pub rules: Option<String>,
    /// `--rules` wins over every game's `Rules` and `GameType` tags (to
    /// check an archive under another profile version).
    #[arg(long, requires = "rules")]
    pub force_rules: bool,
    /// A profile of your own, from a TOML file: a `Rules` tag can name it
    /// (`game/name@N` of its header); given once without `--rules`, it is
    /// also the rules of games with no `Rules` or `GameType` tag.
    /// Repeatable.
    #[arg(long, value_name = "PATH")]
    pub rules_file: Vec<PathBuf>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = CheckFormat::Text)]
    pub format: CheckFormat,
    /// Worker threads (default: one per core; at most 64, and never more
    /// than the games to check).
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(usize))]
    pub jobs: Option<usize>,
    /// The encoding of record text that is not UTF-8 (names, comments):
    /// `windows-1251`, `ibm866`, `koi8-r`, ... (WHATWG labels such as
    /// `cp1251`, `cp866`); without it the encoding is guessed. UTF-8 text
    /// is read as UTF-8.
    #[arg(long, value_name = "LABEL", value_parser = parse_encoding)]
    pub encoding: Option<&'static encoding_rs::Encoding>,
    /// Irregular moves (illegal, but possible on the board as written):
    /// `stop` reports them as illegal and stops their line; `stand` lets
    /// them stand, plays them as written and checks on.
    #[arg(long, value_enum, default_value_t = Irregular::Stop)]
    pub irregular: Irregular,
}

fn parse_encoding(label: &str) -> Result<&'static encoding_rs::Encoding, String> {
    crate::check::record::encoding_for_label(label)
}

/// `replay` options.
#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// A record file; `-` reads standard input.
    pub file: PathBuf,
    /// Which game of the file, from 1 (default: the first; with `--svg`,
    /// every game).
    #[arg(long, value_parser = clap::value_parser!(usize))]
    pub game: Option<usize>,
    /// Print the position notation (FEN) after each move instead of a diagram.
    #[arg(long, conflicts_with = "svg")]
    pub fen: bool,
    /// Write one SVG picture per ply of each game's main line into this
    /// directory instead (`game-<N>-ply-<PPP>.svg`, ply 000 the start),
    /// each with the move that led to it marked.
    #[arg(long, value_name = "DIR")]
    pub svg: Option<PathBuf>,
    /// Turn the pictures half a turn: the second player at the bottom
    /// (with `--svg`).
    #[arg(long, requires = "svg")]
    pub flip: bool,
    /// Mark zones and trapped pieces in the diagrams (lingqi).
    #[arg(long)]
    pub zones: bool,
    /// Rules when the game has neither a `Rules` nor a `GameType` tag.
    #[arg(long, value_name = "PROFILE")]
    pub rules: Option<String>,
    /// A profile of your own, from a TOML file: the record's `Rules` tag
    /// can name it; without `--rules`, it is also the rules of a game with
    /// no `Rules` or `GameType` tag.
    #[arg(long, value_name = "PATH")]
    pub rules_file: Option<PathBuf>,
    /// The encoding of record text that is not UTF-8 (names, comments):
    /// `windows-1251`, `ibm866`, `koi8-r`, ... (WHATWG labels such as
    /// `cp1251`, `cp866`); without it the encoding is guessed. UTF-8 text
    /// is read as UTF-8.
    #[arg(long, value_name = "LABEL", value_parser = parse_encoding)]
    pub encoding: Option<&'static encoding_rs::Encoding>,
}

/// Output format of `diagram`.
#[derive(ValueEnum, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum DiagramFormat {
    /// The text diagram.
    #[default]
    Text,
    /// An SVG picture.
    Svg,
}

/// `diagram` options.
#[derive(Args, Debug)]
pub struct DiagramArgs {
    /// Profile and start position.
    #[command(flatten)]
    pub position: PositionArgs,
    /// Moves to play first (each as one argument, as for `validate`); the
    /// picture marks the last one.
    pub moves: Vec<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = DiagramFormat::Text)]
    pub format: DiagramFormat,
    /// Turn the board half a turn: the second player at the bottom (SVG).
    #[arg(long)]
    pub flip: bool,
    /// Mark zones and trapped pieces (lingqi).
    #[arg(long)]
    pub zones: bool,
}

/// What `fmt` writes.
#[derive(ValueEnum, Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum FmtTo {
    /// The records in canonical PDN.
    #[default]
    Pdn,
    /// One JSON object per game (docs/fmt.md).
    Json,
}

/// `fmt --squares`.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SquaresArg {
    /// Square numbers (`22-18`).
    Numeric,
    /// Square labels (`c3-d4`).
    Algebraic,
}

/// `fmt --captures`.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum CapturesArg {
    /// Every landing square.
    Full,
    /// First and last square (in full where that is ambiguous).
    Short,
    /// The shortest writing that is not ambiguous in the position.
    Minimal,
}

/// `fmt --separator`.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum SeparatorArg {
    /// `x`.
    #[value(name = "x")]
    X,
    /// `:`.
    #[value(name = ":")]
    Colon,
}

/// `fmt --removal`.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum RemovalArg {
    /// Part of the move (`b4-a4xb2`).
    Joined,
    /// A token of its own (`b4-a4 xb2`).
    Separate,
}

/// `fmt` options.
#[derive(Args, Debug)]
pub struct FmtArgs {
    /// Record files; `-` reads standard input and writes standard output.
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Rewrite the files in place (atomically) instead of printing them.
    #[arg(long, conflicts_with = "check")]
    pub write: bool,
    /// Write nothing; exit 1 naming each file (first game and line) not in
    /// canonical form.
    #[arg(long)]
    pub check: bool,
    /// Refuse a whole file when one of its games has an error, instead of
    /// keeping that game as written from the bad move on.
    #[arg(long)]
    pub strict: bool,
    /// Where a move is illegal or unreadable but one legal move is plainly
    /// what was meant, write that move (each fix is listed on standard
    /// error) instead of keeping the game as written from there.
    #[arg(long)]
    pub fix: bool,
    /// Output: canonical PDN or JSON (one object per game).
    #[arg(long, value_enum, default_value_t = FmtTo::Pdn)]
    pub to: FmtTo,
    /// Squares as numbers or labels (draughts; default: the profile's).
    #[arg(long, value_enum)]
    pub squares: Option<SquaresArg>,
    /// How much of a capture to write (draughts; default: the profile's).
    #[arg(long, value_enum)]
    pub captures: Option<CapturesArg>,
    /// The capture separator (draughts; default: the profile's).
    #[arg(long, value_enum)]
    pub separator: Option<SeparatorArg>,
    /// A removal as part of the move or as a token of its own (morris;
    /// default: joined).
    #[arg(long, value_enum)]
    pub removal: Option<RemovalArg>,
    /// Rules of games that have neither a `Rules` nor a `GameType` tag:
    /// `game/name@N` or `game/name`.
    #[arg(long, value_name = "PROFILE")]
    pub rules: Option<String>,
    /// The encoding of record text that is not UTF-8 (names, comments);
    /// without it the encoding is guessed. Such games are written back in
    /// their encoding.
    #[arg(long, value_name = "LABEL", value_parser = parse_encoding)]
    pub encoding: Option<&'static encoding_rs::Encoding>,
}

impl FmtArgs {
    /// The move style the switches ask for.
    pub fn style(&self) -> board_core::MoveStyle {
        use board_core::{CaptureStyle, RemovalStyle, SeparatorStyle, SquareStyle};
        board_core::MoveStyle {
            squares: self.squares.map(|s| match s {
                SquaresArg::Numeric => SquareStyle::Numeric,
                SquaresArg::Algebraic => SquareStyle::Algebraic,
            }),
            captures: self.captures.map(|c| match c {
                CapturesArg::Full => CaptureStyle::Full,
                CapturesArg::Short => CaptureStyle::Short,
                CapturesArg::Minimal => CaptureStyle::Minimal,
            }),
            separator: self.separator.map(|s| match s {
                SeparatorArg::X => SeparatorStyle::X,
                SeparatorArg::Colon => SeparatorStyle::Colon,
            }),
            removal: self.removal.map(|r| match r {
                RemovalArg::Joined => RemovalStyle::Joined,
                RemovalArg::Separate => RemovalStyle::Separate,
            }),
        }
    }
}
