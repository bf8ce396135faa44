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
        #[arg(long, value_name = "PATH")]
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
    /// Count to this depth (each depth from 1 is printed).
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
}
