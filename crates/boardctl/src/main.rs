//! `boardctl`: rules engine and notation verifier for traditional board games.
//! The program is a thin wrapper over the `boardctl` library.

use boardctl::cli::Cli;
use boardctl::{EXIT_OK, EXIT_USAGE, run};
use clap::Parser;
use std::io::Write;
use std::process::ExitCode;

/// mimalloc: most of a record's buffers are small and short-lived. Set by
/// the program, not by the `boardctl` library, which the fuzz targets link
/// under the sanitizer's own allocator; the tests that bound memory set it
/// too (`tests/hostile.rs`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { EXIT_USAGE } else { EXIT_OK });
        }
    };
    match run(cli) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            // A closed standard error is no reason to panic.
            let _ = writeln!(std::io::stderr(), "error: {e:#}");
            ExitCode::from(EXIT_USAGE)
        }
    }
}
