//! `boardctl check`: replays every game of record files and reports each
//! move that is not legal, compiler-style or as JSON lines.
//!
//! The input is read by the streaming [`board_core::record::Reader`] into
//! batches of owned games ([`record`]); each game's rules are picked on the
//! reading thread ([`rules`]); the games of a batch are checked in parallel
//! ([`verify`]) while the next batch is read; findings are printed in file
//! order ([`diagnostic`]).

pub mod ahead;
pub mod diagnostic;
pub mod plies;
pub mod record;
pub mod rules;
pub mod verify;

use crate::cli::{CheckArgs, CheckFormat, Irregular};
use crate::registry::AnyGame;
use crate::{EXIT_FINDINGS, EXIT_OK};
use ahead::{Ahead, ReadOne};
use anyhow::Context;
use board_core::notation::count;
use board_core::record::Reader;
use diagnostic::{Diagnostic, Severity, render_json, render_json_game, render_text};
use rayon::prelude::*;
use record::{Collector, RecordedGame};
use rules::RulesCache;
use std::io::{self, IsTerminal, Read, Write};
use std::sync::Arc;
use std::time::{Duration, Instant};
use verify::{Verified, unverified, verify};

/// Games per batch at most: small enough that a batch's owned games are
/// still in the cache when they are checked (512 measured 5–10 % slower on
/// one core), large enough to share out among the cores.
const BATCH_GAMES: usize = 128;
/// Approximate bytes held per batch at most.
const BATCH_WEIGHT: usize = 4 * 1024 * 1024;

/// An input: its name for messages, the stream, its size when known.
struct Input {
    name: String,
    stream: Box<dyn Read + Send>,
    size: Option<u64>,
}

fn open(path: &std::path::Path) -> anyhow::Result<Input> {
    if path.as_os_str() == "-" {
        return Ok(Input {
            name: "<stdin>".into(),
            stream: Box::new(io::stdin()),
            size: None,
        });
    }
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let size = file.metadata().ok().map(|m| m.len());
    Ok(Input {
        name: path.display().to_string(),
        stream: Box::new(file),
        size,
    })
}

/// Totals over every file.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    /// Games read (not counting text between games that held only problems).
    pub games: u64,
    /// Moves replayed.
    pub moves: u64,
    /// Diagnostics of severity error.
    pub errors: u64,
    /// Diagnostics of severity warning.
    pub warnings: u64,
    /// Games whose recorded result the end on the board confirms.
    pub confirmed: u64,
    /// Games whose recorded result the end on the board contradicts.
    pub contradicted: u64,
    /// Games whose result the moves cannot decide (not over on the board:
    /// agreements, resignations; `*`; no result; unknown rules).
    pub undecided: u64,
}

/// A game's rules, or why it has none (`None`: it holds only reading
/// problems).
type Job = Result<Arc<AnyGame>, Option<Diagnostic>>;

/// Whether a game plays a move's text itself ([`board_core::Notation::PLAYS_TEXT`]).
struct PlaysText;

impl crate::registry::GameTask for PlaysText {
    type Output = bool;
    fn run<G: board_core::Game>(self, _game: &G) -> bool {
        G::PLAYS_TEXT
    }
}

/// Reads games until a batch is full; `false` when the input is done.
/// With `ahead` (one thread), the main line's plain moves are played as
/// they are read ([`ahead`]).
fn read_batch<R: Read>(
    reader: &mut Reader<R>,
    collector: &mut Collector,
    ahead: Option<(&mut RulesCache, &mut Ahead)>,
) -> io::Result<(Vec<RecordedGame>, bool)> {
    let mut weight = 0;
    let mut playing = ahead;
    while collector.pending().len() < BATCH_GAMES && weight < BATCH_WEIGHT {
        let more = match &mut playing {
            Some((cache, ahead)) if ahead.worth_trying() => match cache.last_game() {
                // A game that cannot play a text itself is read as it is.
                Some(expected) if !expected.run(PlaysText) => reader.read_game(&mut *collector)?,
                // The reader's loop compiled for the last game's type.
                Some(expected) => expected.run_shared(ReadOne {
                    reader,
                    collector: &mut *collector,
                    cache,
                    ahead,
                    expected: &expected,
                })?,
                None => {
                    // No rules chosen yet: this game's, once read, choose
                    // the type the next games are read for.
                    let more = reader.read_game(&mut *collector)?;
                    if let Some(game) = collector.pending().last().filter(|g| !g.problems_only) {
                        let _ = cache.game_for(game);
                    }
                    more
                }
            },
            _ => reader.read_game(&mut *collector)?,
        };
        if !more {
            collector.finish();
            return Ok((collector.take(), false));
        }
        weight += collector.pending().last().map_or(0, RecordedGame::weight);
    }
    Ok((collector.take(), true))
}

/// The progress bar, shown on a terminal once a run takes a while.
struct Progress {
    /// Whether a bar may be shown at all (never in-process).
    enabled: bool,
    started: Instant,
    total: Option<u64>,
    done_before: u64,
    bar: Option<indicatif::ProgressBar>,
    /// When the bar appeared, and whether it shows rate and time left yet.
    shown_at: Option<Instant>,
    estimating: bool,
}

/// How long the bar is shown before it gives a rate and a time left: until
/// then the average would rest on the first buffers read (a 1 GB run
/// started at "759 GiB/s, 0 s left").
const ESTIMATE_AFTER: Duration = Duration::from_secs(3);

/// The bar's template: bytes only at first, then with the rate and the
/// time left (both moving averages over the run since the bar appeared).
fn progress_template(since_shown: Duration) -> &'static str {
    if since_shown < ESTIMATE_AFTER {
        "{bar:40} {binary_bytes}/{binary_total_bytes}"
    } else {
        "{bar:40} {binary_bytes}/{binary_total_bytes} {binary_bytes_per_sec} {eta} left"
    }
}

impl Progress {
    fn update(&mut self, file_bytes: u64) {
        let position = self.done_before + file_bytes;
        if self.enabled
            && self.bar.is_none()
            && self.started.elapsed() > Duration::from_secs(1)
            && io::stderr().is_terminal()
        {
            let bar = match self.total {
                Some(total) => indicatif::ProgressBar::new(total),
                None => indicatif::ProgressBar::new_spinner(),
            };
            bar.set_style(Self::style(Duration::ZERO));
            bar.set_position(position);
            self.bar = Some(bar);
            self.shown_at = Some(Instant::now());
        }
        let Some(bar) = &self.bar else {
            return;
        };
        let since = self.shown_at.map_or(Duration::ZERO, |t| t.elapsed());
        if !self.estimating && since >= ESTIMATE_AFTER {
            // The estimate starts from here, not from the first buffers.
            bar.reset_eta();
            bar.set_style(Self::style(since));
            self.estimating = true;
        }
        bar.set_position(position);
    }

    fn style(since_shown: Duration) -> indicatif::ProgressStyle {
        indicatif::ProgressStyle::with_template(progress_template(since_shown))
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
    }
}

/// The most worker threads `check` starts, whatever `-j` asks for: a batch
/// holds at most this many games' worth of work, and more threads only
/// cost memory and start-up time.
pub const MAX_JOBS: usize = 64;

/// The threads `-j jobs` asks for: `jobs`, or one per core for 0, at most
/// [`MAX_JOBS`]. The cores are looked up (a dozen system calls reading the
/// cgroup's quota) only when `jobs` is 0.
pub fn threads_for(jobs: usize) -> usize {
    let threads = if jobs == 0 {
        std::thread::available_parallelism().map_or(1, usize::from)
    } else {
        jobs
    };
    threads.min(MAX_JOBS)
}

/// The worker threads of a run, started with the first batch that needs
/// them: never more than asked for, than [`MAX_JOBS`], or than there are
/// games in that batch (a one-game file is checked on the calling thread).
struct Workers {
    requested: usize,
    pool: Option<rayon::ThreadPool>,
}

impl Workers {
    /// `jobs` threads (0: one per core).
    fn new(jobs: usize) -> Self {
        Workers {
            requested: threads_for(jobs),
            pool: None,
        }
    }

    /// The pool for a batch of `games` (`more`: more batches follow), or
    /// `None` when one thread is all the work needs.
    fn pool_for(&mut self, games: usize, more: bool) -> anyhow::Result<Option<&rayon::ThreadPool>> {
        if self.pool.is_none() {
            let work = if more { self.requested } else { games };
            let threads = self.requested.min(work);
            if threads <= 1 {
                return Ok(None);
            }
            self.pool = Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .context("cannot start the worker threads")?,
            );
        }
        Ok(self.pool.as_ref())
    }
}

/// `boardctl check`.
pub fn check(args: &CheckArgs) -> anyhow::Result<u8> {
    let started = Instant::now();
    let user = args
        .rules_file
        .iter()
        .map(|p| crate::profile_from_file(p))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut cache =
        RulesCache::with_profiles(args.rules.as_deref(), user)?.forcing(args.force_rules);
    // Every readable file is checked; an unreadable one is reported in its
    // turn and makes the exit code 2 at the end (as ripgrep does).
    let inputs: Vec<anyhow::Result<Input>> = args.files.iter().map(|p| open(p)).collect();
    let mut unreadable = 0usize;
    let mut workers = Workers::new(args.jobs.unwrap_or(0));
    let total = inputs
        .iter()
        .map(|i| i.as_ref().ok().and_then(|i| i.size))
        .sum::<Option<u64>>();
    let mut progress = Progress {
        enabled: true,
        started,
        total,
        done_before: 0,
        bar: None,
        shown_at: None,
        estimating: false,
    };
    let mut totals = Totals::default();
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    for input in inputs {
        let input = match input {
            Ok(input) => input,
            Err(e) => {
                out.flush()?;
                let _ = writeln!(io::stderr(), "error: {e:#}");
                unreadable += 1;
                continue;
            }
        };
        let name = input.name.clone();
        let size = input.size;
        check_stream(
            input,
            &mut cache,
            &mut workers,
            Reading {
                format: args.format,
                encoding: args.encoding,
                irregular: args.irregular,
            },
            &mut out,
            &mut totals,
            &mut progress,
        )
        .with_context(|| format!("reading {name}"))?;
        progress.done_before += size.unwrap_or(0);
    }
    out.flush()?;
    if let Some(bar) = progress.bar.take() {
        bar.finish_and_clear();
    }
    // A closed standard error is no reason to fail.
    let _ = writeln!(
        io::stderr(),
        "checked {}, {}: {}, {} in {:.2} s",
        count(totals.games, "game", "games"),
        count(totals.moves, "move", "moves"),
        count(totals.errors, "error", "errors"),
        count(totals.warnings, "warning", "warnings"),
        started.elapsed().as_secs_f64()
    );
    let _ = writeln!(
        io::stderr(),
        "results: {} confirmed by the board, {} contradicted, {} not decidable from the moves",
        totals.confirmed,
        totals.contradicted,
        totals.undecided
    );
    if unreadable > 0 {
        return Ok(crate::EXIT_USAGE);
    }
    // Nothing checked is no success: the file was likely the wrong one.
    Ok(if totals.errors > 0 || totals.games == 0 {
        EXIT_FINDINGS
    } else {
        EXIT_OK
    })
}

/// `boardctl check` in-process on one stream, with its worker threads and
/// loaded profiles kept between calls (what a fuzz target or a test wants):
/// no files, no terminal, no summary line.
pub struct Checker {
    cache: RulesCache,
    workers: Workers,
    format: CheckFormat,
    encoding: Option<&'static encoding_rs::Encoding>,
    irregular: Irregular,
}

impl Checker {
    /// A checker with `rules` as the `--rules` fallback, findings rendered
    /// in `format`, on `jobs` worker threads (0: one per core).
    pub fn new(rules: Option<&str>, format: CheckFormat, jobs: usize) -> anyhow::Result<Self> {
        Ok(Checker {
            cache: RulesCache::new(rules)?,
            workers: Workers::new(jobs),
            format,
            encoding: None,
            irregular: Irregular::Stop,
        })
    }

    /// [`Checker::new`] with a user's profiles besides the compiled-in
    /// ones (`--rules-file`).
    pub fn with_profiles(
        rules: Option<&str>,
        user: Vec<board_core::ProfileSource>,
        format: CheckFormat,
        jobs: usize,
    ) -> anyhow::Result<Self> {
        Ok(Checker {
            cache: RulesCache::with_profiles(rules, user)?,
            ..Checker::new(rules, format, jobs)?
        })
    }

    /// `--rules` wins over the games' `Rules` and `GameType` tags
    /// (`--force-rules`).
    pub fn forcing_rules(mut self) -> Self {
        self.cache = self.cache.forcing(true);
        self
    }

    /// Decodes text that is not UTF-8 with `encoding` (`--encoding`)
    /// instead of guessing.
    pub fn with_encoding(mut self, encoding: &'static encoding_rs::Encoding) -> Self {
        self.encoding = Some(encoding);
        self
    }

    /// Lets irregular moves stand (`--irregular stand`) or stop their line.
    pub fn with_irregular(mut self, irregular: Irregular) -> Self {
        self.irregular = irregular;
        self
    }

    /// Checks every game of `stream` (named `name` in the findings) and
    /// writes the findings to `out`, as `boardctl check` would.
    pub fn check_reader(
        &mut self,
        name: &str,
        stream: impl Read + Send + 'static,
        out: &mut impl Write,
    ) -> anyhow::Result<Totals> {
        let mut totals = Totals::default();
        let mut progress = Progress {
            enabled: false,
            started: Instant::now(),
            total: None,
            done_before: 0,
            bar: None,
            shown_at: None,
            estimating: false,
        };
        let input = Input {
            name: name.to_string(),
            stream: Box::new(stream),
            size: None,
        };
        check_stream(
            input,
            &mut self.cache,
            &mut self.workers,
            Reading {
                format: self.format,
                encoding: self.encoding,
                irregular: self.irregular,
            },
            out,
            &mut totals,
            &mut progress,
        )?;
        Ok(totals)
    }
}

/// Checks `bytes` as one record file with `rules` as the `--rules`
/// fallback, on one worker thread, discarding the findings: the totals.
/// Any bytes give totals or an error value, never a panic.
pub fn check_bytes(bytes: &[u8], rules: Option<&str>) -> anyhow::Result<Totals> {
    let mut checker = Checker::new(rules, CheckFormat::Json, 1)?;
    checker.check_reader("<bytes>", io::Cursor::new(bytes.to_vec()), &mut io::sink())
}

/// How an input is read and its findings written.
#[derive(Clone, Copy)]
struct Reading {
    format: CheckFormat,
    /// `--encoding`: text that is not UTF-8 is decoded with it (else the
    /// encoding is guessed).
    encoding: Option<&'static encoding_rs::Encoding>,
    /// `--irregular`: what an irregular move does to its line.
    irregular: Irregular,
}

/// Checks one input; `false` when standard output was closed (`| head`),
/// which ends the run quietly.
fn check_stream(
    input: Input,
    cache: &mut RulesCache,
    workers: &mut Workers,
    reading: Reading,
    out: &mut impl Write,
    totals: &mut Totals,
    progress: &mut Progress,
) -> anyhow::Result<bool> {
    let Reading {
        format,
        encoding,
        irregular,
    } = reading;
    // A NUL byte in the first 8 KiB: a binary file, said once, not read
    // (its every line would be echoed as a finding).
    let mut head = Vec::with_capacity(BINARY_PROBE);
    let mut stream = input.stream;
    (&mut stream)
        .take(BINARY_PROBE as u64)
        .read_to_end(&mut head)
        .with_context(|| format!("cannot read {}", input.name))?;
    if let Some(at) = head.iter().position(|&b| b == 0) {
        let d = binary_file(&input.name, at as u64);
        return write_findings(&input.name, &[d], None, format, out, totals);
    }
    let stream: Box<dyn Read + Send> = Box::new(io::Cursor::new(head).chain(stream));
    let mut reader = Reader::new(stream);
    let mut collector = Collector::with_encoding(encoding);
    // One thread: the moves are played as they are read.
    let mut ahead = (workers.requested == 1).then(Ahead::default);
    let (mut batch, mut more) = read_batch(
        &mut reader,
        &mut collector,
        ahead.as_mut().map(|a| (&mut *cache, a)),
    )?;
    let games_before = totals.games;
    loop {
        let jobs: Vec<Job> = batch
            .iter()
            .map(|g| {
                if g.problems_only {
                    Err(None)
                } else if let Some(rules) = &g.rules {
                    Ok(Arc::clone(rules))
                } else {
                    cache.game_for(g).map_err(Some)
                }
            })
            .collect();
        let check_one = |(game, job): (&RecordedGame, Job)| match job {
            Ok(engine) => verify(&engine, game, irregular),
            Err(rules_error) => unverified(game, rules_error),
        };
        let mut read_next = || {
            if more {
                read_batch(
                    &mut reader,
                    &mut collector,
                    ahead.as_mut().map(|a| (&mut *cache, a)),
                )
            } else {
                Ok((Vec::new(), false))
            }
        };
        let (next, results) = if let Some(pool) = workers.pool_for(batch.len(), more)? {
            pool.install(|| {
                rayon::join(read_next, || {
                    batch
                        .par_iter()
                        .zip(jobs)
                        .map(check_one)
                        .collect::<Vec<Verified>>()
                })
            })
        } else {
            // One thread: no hand-over between threads (an idle worker spins).
            let results: Vec<Verified> = batch.iter().zip(jobs).map(check_one).collect();
            (read_next(), results)
        };
        for (game, verified) in batch.iter().zip(&results) {
            if !game.problems_only {
                totals.games += 1;
            }
            totals.moves += verified.moves;
            let source = game.source.as_ref();
            if !write_findings(
                &input.name,
                &verified.diagnostics,
                source,
                format,
                out,
                totals,
            )? {
                return Ok(false);
            }
            if let Some(result) = &verified.result {
                match result.agree {
                    Some(true) => totals.confirmed += 1,
                    Some(false) => totals.contradicted += 1,
                    None => totals.undecided += 1,
                }
                if format == CheckFormat::Json {
                    let line = render_json_game(&input.name, game.index, result) + "\n";
                    match out.write_all(line.as_bytes()) {
                        Ok(()) => {}
                        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(false),
                        Err(e) => return Err(e.into()),
                    }
                }
            }
        }
        if let Some(last) = batch.last() {
            progress.update(last.end);
        }
        if !more {
            if totals.games == games_before {
                return write_findings(
                    &input.name,
                    &[no_games(&input.name)],
                    None,
                    format,
                    out,
                    totals,
                );
            }
            return Ok(true);
        }
        let (next_batch, next_more) = next?;
        collector.recycle(std::mem::replace(&mut batch, next_batch));
        more = next_more;
    }
}

/// How much of a file is looked at for a NUL byte, the sign of a binary
/// file (as git and ripgrep do).
const BINARY_PROBE: usize = 8 * 1024;

/// The `binary-file` error for a file that is not text.
fn binary_file(name: &str, offset: u64) -> Diagnostic {
    let start = board_core::record::Pos {
        offset,
        line: 1,
        column: 1,
    };
    Diagnostic::error(
        diagnostic::Code::BinaryFile,
        board_core::record::Span {
            start,
            end: offset + 1,
        },
        format!("{name} is not a text file (a NUL byte at byte {offset}): it was not read"),
    )
}

/// The `no-games` warning for a file in which no game was found.
fn no_games(name: &str) -> Diagnostic {
    let start = board_core::record::Pos {
        offset: 0,
        line: 1,
        column: 1,
    };
    Diagnostic::warning(
        diagnostic::Code::NoGames,
        board_core::record::Span { start, end: 0 },
        format!("{name} holds no game: nothing in it was checked"),
    )
}

/// Writes findings and counts them; `false` when standard output was
/// closed.
fn write_findings(
    name: &str,
    diagnostics: &[Diagnostic],
    source: Option<&(board_core::record::Pos, Vec<u8>)>,
    format: CheckFormat,
    out: &mut impl Write,
    totals: &mut Totals,
) -> anyhow::Result<bool> {
    for d in diagnostics {
        match d.severity {
            Severity::Error => totals.errors += 1,
            Severity::Warning => totals.warnings += 1,
        }
        let text = match format {
            CheckFormat::Text => render_text(name, d, source),
            CheckFormat::Json => render_json(name, d) + "\n",
        };
        match out.write_all(text.as_bytes()) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(false),
            Err(e) => return Err(e.into()),
        }
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_progress_bar_gives_no_rate_or_time_left_until_it_has_measured_some() {
        let early = progress_template(Duration::from_millis(500));
        assert!(
            !early.contains("{eta}") && !early.contains("per_sec"),
            "{early}"
        );
        let later = progress_template(ESTIMATE_AFTER);
        assert!(
            later.contains("{eta}") && later.contains("{binary_bytes_per_sec}"),
            "{later}"
        );
    }

    #[test]
    fn the_threads_asked_for_are_kept_capped_or_one_per_core() {
        assert_eq!(threads_for(3), 3);
        assert_eq!(threads_for(MAX_JOBS + 1), MAX_JOBS);
        // One per core: at least one thread, never past the cap.
        let per_core = threads_for(0);
        assert!((1..=MAX_JOBS).contains(&per_core), "{per_core}");
    }

    #[test]
    fn the_worker_count_is_capped_by_the_work_and_a_maximum() {
        let mut one_game = Workers::new(100_000);
        assert!(
            one_game
                .pool_for(1, false)
                .expect("no pool needed")
                .is_none()
        );
        let mut many = Workers::new(100_000);
        assert_eq!(many.requested, MAX_JOBS);
        let pool = many
            .pool_for(3, false)
            .expect("a pool")
            .expect("three games");
        assert_eq!(pool.current_num_threads(), 3);
    }
}
