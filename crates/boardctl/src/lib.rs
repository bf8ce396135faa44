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
    let catalog = registry::embedded_catalog()?;
    Ok(catalog.find(reference)?.clone())
}

/// Reads a profile file from disk.
pub fn profile_from_file(path: &Path) -> anyhow::Result<ProfileSource> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read profile {}", path.display()))?;
    Ok(ProfileSource::new(path.display().to_string(), text, false)?)
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
