#![doc = include_str!("../README.md")]

/// `println!` that ends quietly when standard output is closed (`| head`)
/// instead of panicking; for functions returning `anyhow::Result`.
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::emit(&format!("{}\n", format_args!($($arg)*)))?
    };
}

/// `print!` with the same care as [`outln!`].
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::emit(&format!($($arg)*))?
    };
}

pub mod check;
pub mod cli;
pub mod fmt;
pub mod options;
pub mod play;
pub mod profiles;
pub mod registry;
pub mod replay;
pub mod serve;

use anyhow::Context;
use board_core::ProfileSource;
use cli::{Cli, Command, ProfilesCommand, RulesArgs};
use std::io::Write;
use std::path::Path;

/// Exit code: everything checked was legal.
pub const EXIT_OK: u8 = 0;
/// Exit code: something checked was illegal.
pub const EXIT_FINDINGS: u8 = 1;
/// Exit code: could not run (bad arguments, missing file, unknown profile).
pub const EXIT_USAGE: u8 = 2;

/// Runs a parsed command line; the exit code on success.
pub fn run(cli: Cli) -> anyhow::Result<u8> {
    match cli.command {
        Command::Profiles(ProfilesCommand::List) => profiles::list(),
        Command::Profiles(ProfilesCommand::Show {
            profile,
            rules_file,
        }) => profiles::show(&RulesArgs {
            rules: profile,
            rules_file,
        }),
        Command::Validate(args) => play::validate(&args),
        Command::Moves(args) => play::moves(&args),
        Command::Perft(args) => play::perft(&args),
        Command::Check(args) => check::check(&args),
        Command::Replay(args) => replay::replay(&args),
        Command::Fmt(args) => fmt::fmt(&args),
        Command::Diagram(args) => play::diagram(&args),
        Command::Serve(args) => serve::serve(&args),
    }
}

/// Finds the profile the options name: `--rules-file` from disk, else
/// `--rules` in the embedded catalog.
pub fn load_profile(args: &RulesArgs) -> anyhow::Result<ProfileSource> {
    if let Some(path) = &args.rules_file {
        return profile_from_file(path);
    }
    let Some(reference) = &args.rules else {
        anyhow::bail!("no profile given: use --rules game/name[@N] or --rules-file PATH");
    };
    Ok(registry::find_embedded(reference)?)
}

/// Reads a profile file from disk. One that keeps a built-in profile's
/// `game/name@version` but plays otherwise is loaded with a warning: records
/// could not tell the two apart.
pub fn profile_from_file(path: &Path) -> anyhow::Result<ProfileSource> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read profile {}", path.display()))?;
    let source = ProfileSource::new(path.display().to_string(), text, false)?;
    if let Some(warning) = shadowing(&source) {
        let _ = writeln!(std::io::stderr(), "warning: {warning}");
    }
    Ok(source)
}

/// What a user's profile that takes a built-in's name but differs from it
/// should be told, if it does.
fn shadowing(source: &ProfileSource) -> Option<String> {
    let id = source.id();
    let catalog = registry::embedded_catalog().ok()?;
    let builtin = catalog
        .resolve(&board_core::ProfileRef {
            game: id.game.clone(),
            name: id.name.clone(),
            version: Some(id.version),
        })
        .ok()?;
    if builtin.text == source.text {
        return None;
    }
    let ours = registry::AnyGame::load(source).ok()?;
    let theirs = registry::AnyGame::load(builtin).ok()?;
    if ours.run(Fingerprint) == theirs.run(Fingerprint) {
        return None;
    }
    Some(format!(
        "{} calls itself {id}, a built-in profile, but its rules differ from it; \
         give your own profile a name of its own (`name = \"my-{}\"` and the file \
         name my-{}.v1.toml) so records and messages can tell the two apart",
        source.origin, id.name, id.name
    ))
}

/// What a profile plays: its settings, board and start position.
struct Fingerprint;

impl registry::GameTask for Fingerprint {
    type Output = String;
    fn run<G: board_core::Game>(self, game: &G) -> String {
        let graph = game.graph();
        let nodes: Vec<(&str, i32, i32, Option<u16>)> = graph
            .node_ids()
            .map(|n| {
                let node = graph.node(n);
                (node.label.as_str(), node.x, node.y, graph.number(n))
            })
            .collect();
        format!(
            "{}\n{nodes:?}\n{:?}\n{:?}\n{}",
            game.settings(),
            graph.edges(),
            graph.lines(),
            game.write_position(&game.start_position())
        )
    }
}

/// Move number prefix of the ply with this index counted from the start
/// position: `3.` for the side that moved first, `3...` for the other.
pub fn move_number(ply_index: usize) -> String {
    let number = ply_index / 2 + 1;
    if ply_index % 2 == 0 {
        format!("{number}.")
    } else {
        format!("{number}...")
    }
}

/// Writes to standard output; a reader that went away (`| head`) is not
/// an error.
pub fn emit(text: &str) -> anyhow::Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}
