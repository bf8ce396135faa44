//! `boardctl fmt`: record files written back in canonical form
//! ([`canonical`]), converted between notations, or as JSON ([`json`]).
//!
//! A file is read whole before anything is written; `--write` writes a
//! temporary file in the same directory and renames it over the original.

pub mod canonical;
pub mod json;

use crate::check::record::{Collector, Event, RecordedGame};
use crate::check::rules::RulesCache;
use crate::cli::{FmtArgs, FmtTo};
use crate::{EXIT_FINDINGS, EXIT_OK, EXIT_USAGE};
use anyhow::Context;
use board_core::MoveStyle;
use board_core::record::{ReadErrorKind, Reader};
use canonical::{Canonical, Formatted, Lines, Warning, has_read_problems, unformatted};
use std::io::{self, Read, Write};
use std::path::Path;

/// How `fmt` writes.
#[derive(Clone, Debug, Default)]
pub struct Settings {
    /// How moves are written.
    pub style: MoveStyle,
    /// Refuse a file with a game in error.
    pub strict: bool,
    /// PDN or JSON.
    pub to: FmtTo,
    /// `--encoding`.
    pub encoding: Option<&'static encoding_rs::Encoding>,
    /// `--fix`: write the move a bad move plainly meant.
    pub fix: bool,
}

/// One input formatted.
#[derive(Debug, Default)]
pub struct FileOutput {
    /// The text written (the whole file).
    pub bytes: Vec<u8>,
    /// Warnings, `game N, line L: message`.
    pub warnings: Vec<String>,
    /// Moves `--fix` changed, `LINE:COL: fixed …`.
    pub fixes: Vec<String>,
    /// Why the file cannot be written back at all (nothing is written).
    pub refused: Option<String>,
    /// Games read, with where each starts and ends in the input (for
    /// `--check`): index, first line, start and end offsets.
    pub games: Vec<(usize, u32, u64, u64)>,
}

/// Formats every game of `input` (a whole file's bytes).
pub fn format_bytes(
    input: &[u8],
    cache: &mut RulesCache,
    settings: &Settings,
) -> io::Result<FileOutput> {
    let mut out = FileOutput::default();
    let mut reader = Reader::new(input);
    let mut collector = Collector::with_encoding(settings.encoding);
    let mut first = true;
    loop {
        let more = reader.read_game(&mut collector)?;
        if !more {
            collector.finish();
        }
        let games = collector.take();
        for rec in &games {
            if out.refused.is_some() {
                break;
            }
            if !rec.problems_only {
                out.games
                    .push((rec.index, rec.start.line, rec.start.offset, rec.end));
            }
            match settings.to {
                FmtTo::Pdn => game_pdn(rec, input, cache, settings, &mut out, &mut first),
                FmtTo::Json => json::game_json(rec, cache, &mut out),
            }
        }
        collector.recycle(games);
        if !more || out.refused.is_some() {
            break;
        }
    }
    if out.refused.is_some() {
        out.bytes.clear();
    }
    Ok(out)
}

/// Encodes text in a game's encoding (UTF-8 when it was UTF-8).
fn encoded(rec: &RecordedGame, text: &str) -> Vec<u8> {
    match rec.encoding {
        Some(e) => e.encode(text).0.into_owned(),
        None => text.as_bytes().to_vec(),
    }
}

fn game_pdn(
    rec: &RecordedGame,
    input: &[u8],
    cache: &mut RulesCache,
    settings: &Settings,
    out: &mut FileOutput,
    first: &mut bool,
) {
    let refuse = |out: &mut FileOutput, why: String| {
        out.refused = Some(format!(
            "game {}, line {}: {why}",
            rec.index, rec.start.line
        ));
    };
    // Malformed text outside any game cannot be kept with a game.
    for e in &rec.events {
        if let Event::Problem(p) = e {
            if rec.problems_only || p.span.start.offset < rec.start.offset {
                out.refused = Some(format!(
                    "line {}: {p}, outside any game: fmt cannot keep it (fix it by hand)",
                    p.span.start.line
                ));
                return;
            }
        }
    }
    let mut chunk = String::new();
    if !rec.preamble.is_empty() {
        let mut lines = Lines::default();
        for (text, _) in &rec.preamble {
            lines.comment(rec.text_str(text));
            chunk.push_str(&std::mem::take(&mut lines).finish());
        }
    }
    let formatted = if rec.problems_only {
        Formatted::default()
    } else if has_read_problems(rec) {
        let problems: Vec<String> = rec
            .events
            .iter()
            .filter_map(|e| match e {
                Event::Problem(p) if p.kind != ReadErrorKind::TextAfterTag => {
                    Some(format!("line {}: {p}", p.span.start.line))
                }
                _ => None,
            })
            .chain(
                rec.cut_at
                    .map(|s| format!("line {}: game too long", s.start.line)),
            )
            .collect();
        let mut f = Formatted {
            tail: Some(rec.start.offset),
            ..Formatted::default()
        };
        f.warnings.push(Warning {
            line: rec.start.line,
            message: format!("{}: the game is kept as written", problems.join("; ")),
            error: true,
        });
        f
    } else {
        match cache.game_for(rec) {
            Ok(engine) => engine.run(Canonical {
                rec,
                style: &settings.style,
                fix: settings.fix,
            }),
            Err(d) => unformatted(rec, &d.message),
        }
    };
    let junk = rec
        .events
        .iter()
        .filter(|e| matches!(e, Event::Problem(p) if p.kind == ReadErrorKind::TextAfterTag))
        .count();
    if junk > 0 && formatted.tail != Some(rec.start.offset) {
        out.warnings.push(format!(
            "game {}, line {}: text after {junk} tag pair(s) dropped (it is no part of the tags)",
            rec.index, rec.start.line
        ));
    }
    for fix in &formatted.fixes {
        out.fixes.push(format!(
            "{}:{}: fixed {}",
            fix.line, fix.column, fix.message
        ));
    }
    for w in &formatted.warnings {
        if settings.strict && w.error {
            refuse(out, format!("line {}: {} (--strict)", w.line, w.message));
            return;
        }
        out.warnings.push(format!(
            "game {}, line {}: {}",
            rec.index, w.line, w.message
        ));
    }
    chunk.push_str(&formatted.text);
    if chunk.is_empty() && formatted.tail.is_none() {
        return;
    }
    if !*first {
        out.bytes.push(b'\n');
    }
    *first = false;
    match rec.encoding {
        None => out.bytes.extend_from_slice(chunk.as_bytes()),
        Some(_) => out.bytes.extend_from_slice(&encoded(rec, &chunk)),
    }
    if let Some(tail) = formatted.tail {
        let Some(kept) = kept_text(rec, input, tail) else {
            refuse(
                out,
                "the text to keep as written is not at hand (the game is too long)".into(),
            );
            return;
        };
        out.bytes.extend_from_slice(kept);
        if !kept.ends_with(b"\n") {
            out.bytes.push(b'\n');
        }
    }
}

/// The input from `from` to the end of the game.
fn kept_text<'a>(rec: &RecordedGame, input: &'a [u8], from: u64) -> Option<&'a [u8]> {
    let start = usize::try_from(from).ok()?;
    let end = usize::try_from(rec.end).ok()?;
    input.get(start..end)
}

/// Where two texts first differ (`None` when equal).
fn first_difference(a: &[u8], b: &[u8]) -> Option<usize> {
    if a == b {
        return None;
    }
    Some(a.iter().zip(b).take_while(|(x, y)| x == y).count())
}

/// Writes `bytes` over `path` atomically: a temporary file in the same
/// directory, then a rename. `before_rename` runs just before the rename
/// (a test hook). The original is left as it was on any failure.
pub fn write_atomically(
    path: &Path,
    bytes: &[u8],
    original: &std::fs::Metadata,
    before_rename: &dyn Fn(),
) -> anyhow::Result<()> {
    if original.permissions().readonly() {
        anyhow::bail!("{} is read-only: not rewritten", path.display());
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => std::path::PathBuf::from("."),
    };
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let temp = dir.join(temp_name(&name));
    let written = (|| -> io::Result<()> {
        let mut file = std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&temp)?;
        file.write_all(bytes)?;
        file.set_permissions(original.permissions())?;
        file.sync_all()
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(e).with_context(|| {
            format!(
                "cannot write the temporary file {}: {} not rewritten",
                temp.display(),
                path.display()
            )
        });
    }
    before_rename();
    // The file must still be the one that was read.
    let same = std::fs::metadata(path).is_ok_and(|now| {
        now.len() == original.len() && now.modified().ok() == original.modified().ok()
    });
    if !same {
        let _ = std::fs::remove_file(&temp);
        anyhow::bail!(
            "{} changed or vanished while it was formatted: not rewritten",
            path.display()
        );
    }
    if let Err(e) = std::fs::rename(&temp, path) {
        let _ = std::fs::remove_file(&temp);
        return Err(e).with_context(|| format!("cannot rename over {}", path.display()));
    }
    Ok(())
}

/// The temporary file `--write` writes next to `name`.
pub fn temp_name(name: &str) -> String {
    format!(".{name}.{}.fmt.tmp", std::process::id())
}

/// What happened to one file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FileStatus {
    /// Printed, or already canonical, or rewritten.
    Done,
    /// Not in canonical form (`--check`).
    NotCanonical,
    /// Refused (an error that would lose text, or `--strict`).
    Refused,
    /// Could not be read or written.
    Failed,
}

/// Runs `fmt` on one file (or `-`), writing to `stdout` when printing;
/// messages go to `stderr`.
pub fn fmt_file(
    path: &Path,
    args: &FmtArgs,
    settings: &Settings,
    cache: &mut RulesCache,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
    before_rename: &dyn Fn(),
) -> anyhow::Result<FileStatus> {
    let stdin = path.as_os_str() == "-";
    let name = if stdin {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    };
    let mut input = Vec::new();
    let metadata = if stdin {
        io::stdin().read_to_end(&mut input).map(|_| None)
    } else {
        std::fs::File::open(path).and_then(|mut f| {
            let m = f.metadata()?;
            f.read_to_end(&mut input)?;
            Ok(Some(m))
        })
    };
    let metadata = match metadata {
        Ok(m) => m,
        Err(e) => {
            writeln!(stderr, "error: cannot read {name}: {e}")?;
            return Ok(FileStatus::Failed);
        }
    };
    let out = format_bytes(&input, cache, settings)?;
    for fix in &out.fixes {
        writeln!(stderr, "{name}:{fix}")?;
    }
    for w in &out.warnings {
        writeln!(stderr, "warning: {name}: {w}")?;
    }
    if let Some(why) = &out.refused {
        writeln!(stderr, "error: {name}: {why}: the file is not written")?;
        return Ok(FileStatus::Refused);
    }
    if args.check && settings.to == FmtTo::Pdn {
        let Some(at) = first_difference(&input, &out.bytes) else {
            return Ok(FileStatus::Done);
        };
        let line = input[..at.min(input.len())]
            .iter()
            .filter(|&&b| b == b'\n')
            .count()
            + 1;
        let game = out
            .games
            .iter()
            .find(|g| g.3 as usize >= at)
            .or(out.games.last());
        match game {
            Some((index, _, _, _)) => writeln!(
                stderr,
                "{name}: game {index}, line {line}: not in canonical form"
            )?,
            None => writeln!(stderr, "{name}: line {line}: not in canonical form")?,
        }
        return Ok(FileStatus::NotCanonical);
    }
    match (args.write && !stdin, metadata) {
        (true, Some(metadata)) if settings.to == FmtTo::Pdn => {
            if input == out.bytes {
                return Ok(FileStatus::Done);
            }
            if let Err(e) = write_atomically(path, &out.bytes, &metadata, before_rename) {
                writeln!(stderr, "error: {e:#}")?;
                return Ok(FileStatus::Failed);
            }
            writeln!(stderr, "rewrote {name}")?;
            Ok(FileStatus::Done)
        }
        _ => {
            match stdout.write_all(&out.bytes) {
                Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {}
                other => other?,
            }
            Ok(FileStatus::Done)
        }
    }
}

/// `boardctl fmt`.
pub fn fmt(args: &FmtArgs) -> anyhow::Result<u8> {
    if args.write && args.to == FmtTo::Json {
        anyhow::bail!("--write rewrites record files: it cannot write JSON over them");
    }
    let settings = Settings {
        style: args.style(),
        strict: args.strict,
        to: args.to,
        encoding: args.encoding,
        fix: args.fix,
    };
    let mut cache = RulesCache::new(args.rules.as_deref())?;
    let stdout = io::stdout();
    let mut stdout = io::BufWriter::new(stdout.lock());
    let mut stderr = io::stderr();
    let mut code = EXIT_OK;
    for path in &args.files {
        let status = fmt_file(
            path,
            args,
            &settings,
            &mut cache,
            &mut stdout,
            &mut stderr,
            &|| {},
        )?;
        code = match status {
            FileStatus::Done => code,
            FileStatus::NotCanonical | FileStatus::Refused => code.max(EXIT_FINDINGS),
            FileStatus::Failed => EXIT_USAGE,
        };
    }
    match stdout.flush() {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => return Err(e.into()),
        _ => {}
    }
    Ok(code)
}
