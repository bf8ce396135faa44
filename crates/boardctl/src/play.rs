//! `validate`, `moves` and `perft`: one position, one game, any profile.

use crate::cli::{DiagramArgs, DiagramFormat, PerftArgs, PerftFormat, PositionArgs, ValidateArgs};
use crate::registry::{AnyGame, GameTask};
use crate::registry::{DIAGRAM_OPTIONS, PERFT_OPTIONS};
use crate::{EXIT_FINDINGS, EXIT_OK, load_profile, move_number};
use anyhow::Context;
use board_core::notation::natural_cmp;
use board_core::{Game, LegalityError, MoveError, Notation, PerftOptions, PerftSubtree};
use rayon::prelude::*;
use std::time::Instant;

fn start<G: Game>(game: &G, fen: Option<&str>) -> anyhow::Result<G::Position> {
    match fen {
        None => Ok(game.start_position()),
        Some(text) => game.parse_position(text).map_err(|e| {
            let list: Vec<String> = e.problems.iter().map(|p| format!("  - {p}")).collect();
            anyhow::anyhow!(
                "invalid position `{}`:\n{}",
                board_core::notation::elide(text, 80),
                list.join("\n")
            )
        }),
    }
}

fn load(args: &PositionArgs) -> anyhow::Result<AnyGame> {
    Ok(AnyGame::load(&load_profile(&args.rules)?)?)
}

struct Validate<'a>(&'a ValidateArgs);

impl GameTask for Validate<'_> {
    type Output = anyhow::Result<u8>;
    fn run<G: Game>(self, game: &G) -> anyhow::Result<u8> {
        let mut position = start(game, self.0.position.fen.as_deref())?;
        for (ply, text) in self.0.moves.iter().enumerate() {
            let number = move_number(ply);
            let side = game.side_name(game.side_to_move(&position));
            match game.parse_move(&position, text) {
                Ok(mv) => {
                    outln!("{number} {text}: legal ({side})");
                    game.play(&mut position, &mv);
                }
                Err(e) => {
                    outln!("{number} {text}: {}", describe_move_error(&e));
                    if let MoveError::Syntax(s) = &e {
                        outln!("    {text}");
                        let width = s.span.end.saturating_sub(s.span.start).max(1);
                        outln!("    {}{}", " ".repeat(s.span.start), "^".repeat(width));
                    }
                    if let Some(help) = move_error_help(game, &e) {
                        outln!("  help: {help}");
                    }
                    let rest = self.0.moves.len() - ply - 1;
                    if rest > 0 {
                        outln!("({rest} later move(s) not checked)");
                    }
                    return Ok(EXIT_FINDINGS);
                }
            }
        }
        if let Some(outcome) = game.outcome(&position) {
            outln!("game over: {}", describe_outcome(game, &outcome));
        }
        Ok(EXIT_OK)
    }
}

/// A move error in a player's words: `illegal: …`, `ambiguous: …`.
pub fn describe_move_error(e: &MoveError) -> String {
    match e {
        MoveError::Syntax(s) => format!("not a move: {}", s.message),
        MoveError::Legality(LegalityError::Illegal { reason, .. }) => format!("illegal: {reason}"),
        MoveError::Legality(LegalityError::Ambiguous { text, candidates }) => {
            format!("ambiguous: {text} can be {}", candidates.join(" or "))
        }
    }
}

/// The `help:` line of a move error, if it has one; the game says how to
/// write an ambiguous move.
pub fn move_error_help<G: Notation>(game: &G, e: &MoveError) -> Option<String> {
    match e {
        MoveError::Legality(LegalityError::Illegal { help, .. }) => help.clone(),
        MoveError::Legality(LegalityError::Ambiguous { candidates, .. }) => {
            Some(game.ambiguity_hint(candidates))
        }
        MoveError::Syntax(_) => None,
    }
}

/// An outcome in words: `White wins: Black has no legal move`.
pub fn describe_outcome<G: Game>(game: &G, outcome: &board_core::Outcome) -> String {
    match outcome {
        board_core::Outcome::Win { winner, reason } => {
            format!("{} wins: {reason}", game.side_name(*winner))
        }
        board_core::Outcome::Draw { reason } => format!("draw: {reason}"),
    }
}

struct Draw<'a>(&'a DiagramArgs);

impl GameTask for Draw<'_> {
    type Output = anyhow::Result<u8>;
    fn run<G: Game>(self, game: &G) -> anyhow::Result<u8> {
        let args = self.0;
        let options = crate::options::from_flags(&[("zones", args.zones)]);
        crate::options::refuse_undeclared(G::GAME, &options, G::DIAGRAM_OPTIONS, DIAGRAM_OPTIONS)?;
        let mut position = start(game, args.position.fen.as_deref())?;
        let mut last_move = None;
        for (ply, text) in args.moves.iter().enumerate() {
            let mv = game.parse_move(&position, text).map_err(|e| {
                anyhow::anyhow!("{} {text}: {}", move_number(ply), describe_move_error(&e))
            })?;
            last_move = Some(game.describe_move(&position, &mv));
            game.play(&mut position, &mv);
        }
        match args.format {
            DiagramFormat::Text => {
                if args.flip {
                    anyhow::bail!("--flip turns SVG pictures only; add --format svg");
                }
                out!("{}", game.diagram(&position, &options));
            }
            DiagramFormat::Svg => {
                let svg_options = board_core::svg::SvgOptions {
                    flip: args.flip,
                    last_move,
                    zones: args.zones,
                    ..board_core::svg::SvgOptions::default()
                };
                out!("{}", board_core::svg::draw(game, &position, &svg_options));
            }
        }
        Ok(EXIT_OK)
    }
}

/// `boardctl diagram`.
pub fn diagram(args: &DiagramArgs) -> anyhow::Result<u8> {
    load(&args.position)?.run(Draw(args))
}

/// `boardctl validate`.
pub fn validate(args: &ValidateArgs) -> anyhow::Result<u8> {
    load(&args.position)?.run(Validate(args))
}

struct Moves<'a>(&'a PositionArgs);

impl GameTask for Moves<'_> {
    type Output = anyhow::Result<u8>;
    fn run<G: Game>(self, game: &G) -> anyhow::Result<u8> {
        let position = start(game, self.0.fen.as_deref())?;
        let mut moves = Vec::new();
        game.legal_moves(&position, &mut moves);
        let mut lines: Vec<String> = moves
            .iter()
            .map(|m| game.write_move(&position, m))
            .collect();
        lines.sort_by(|a, b| natural_cmp(a, b));
        for l in lines {
            outln!("{l}");
        }
        Ok(EXIT_OK)
    }
}

/// `boardctl moves`.
pub fn moves(args: &PositionArgs) -> anyhow::Result<u8> {
    load(args)?.run(Moves(args))
}

struct Perft<'a>(&'a PerftArgs);

impl GameTask for Perft<'_> {
    type Output = anyhow::Result<u8>;
    fn run<G: Game>(self, game: &G) -> anyhow::Result<u8> {
        let args = self.0;
        let position = start(game, args.position.fen.as_deref())?;
        let options = crate::options::from_flags(&[
            ("keep-duplicates", args.keep_duplicates),
            ("removal-ply", args.removal_ply),
            ("no-bulk", args.no_bulk),
        ]);
        crate::options::refuse_undeclared(G::GAME, &options, G::PERFT_OPTIONS, PERFT_OPTIONS)?;
        let json = args.json || args.format == PerftFormat::Json;
        let profile = game.header().id().to_string();
        let fen = game.write_position(&position);
        if args.divide && args.removal_ply {
            anyhow::bail!(
                "--divide splits the count by whole moves, and with --removal-ply a move that \
                 closes a mill is two plies; run --divide without --removal-ply"
            );
        }
        let counter = Counter::new(args.jobs.unwrap_or(0))?;
        if args.divide {
            let mut moves = Vec::new();
            game.legal_moves(&position, &mut moves);
            let t = Instant::now();
            let depth = args.depth.saturating_sub(1);
            let roots: Vec<_> = moves
                .iter()
                .map(|mv| {
                    let mut next = position.clone();
                    game.play(&mut next, mv);
                    (next, depth)
                })
                .collect();
            let counts = counter.count(game, &roots, &options);
            let mut rows = Vec::new();
            for (mv, count) in moves.iter().zip(counts) {
                rows.push((game.write_move(&position, mv), count));
            }
            rows.sort_by(|a, b| natural_cmp(&a.0, &b.0));
            let total: u64 = rows.iter().map(|r| r.1).sum();
            if json {
                let moves: Vec<_> = rows
                    .iter()
                    .map(|(m, n)| serde_json::json!({"move": m, "nodes": n}))
                    .collect();
                let v = serde_json::json!({"profile": profile, "fen": fen, "depth": args.depth,
                    "moves": moves, "nodes": total, "seconds": t.elapsed().as_secs_f64()});
                outln!("{v}");
            } else {
                for (m, n) in rows {
                    outln!("{m}\t{n}");
                }
                outln!("total\t{total}");
            }
            return Ok(EXIT_OK);
        }
        let mut depths = Vec::new();
        for depth in 1..=args.depth {
            let t = Instant::now();
            let nodes = counter.count(game, &[(position.clone(), depth)], &options)[0];
            let seconds = t.elapsed().as_secs_f64();
            if !json {
                outln!("{depth}\t{nodes}");
            }
            depths.push(serde_json::json!({"depth": depth, "nodes": nodes, "seconds": seconds}));
        }
        if json {
            let v = serde_json::json!({"profile": profile, "fen": fen, "depths": depths});
            outln!("{v}");
        }
        Ok(EXIT_OK)
    }
}

/// `boardctl perft`.
pub fn perft(args: &PerftArgs) -> anyhow::Result<u8> {
    load(&args.position)?.run(Perft(args))
}

/// Perft counts on one thread or several. On several, the trees are split
/// ([`board_core::Perft::perft_split`]) until there are at least four subtrees per
/// thread (at most three plies down), and the game's own `perft` counts
/// the subtrees on the threads.
pub struct Counter {
    pool: Option<rayon::ThreadPool>,
}

impl Counter {
    /// A counter on `jobs` threads (0: one per core; at most
    /// [`crate::check::MAX_JOBS`]).
    pub fn new(jobs: usize) -> anyhow::Result<Counter> {
        let threads = crate::check::threads_for(jobs);
        let pool = if threads > 1 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .context("cannot start the perft threads")?,
            )
        } else {
            None
        };
        Ok(Counter { pool })
    }

    /// The threads counted on.
    pub fn threads(&self) -> usize {
        self.pool
            .as_ref()
            .map_or(1, rayon::ThreadPool::current_num_threads)
    }

    /// The perft count of each `(position, depth)` of `roots`, in order.
    pub fn count<G: board_core::Perft>(
        &self,
        game: &G,
        roots: &[(G::Position, u32)],
        options: &PerftOptions,
    ) -> Vec<u64> {
        let Some(pool) = &self.pool else {
            return roots
                .iter()
                .map(|(p, depth)| game.perft(p, *depth, options))
                .collect();
        };
        let mut counts = vec![0u64; roots.len()];
        let mut tasks: Vec<(usize, PerftSubtree<G::Position>)> = roots
            .iter()
            .enumerate()
            .map(|(i, (position, depth))| {
                let subtree = PerftSubtree {
                    position: position.clone(),
                    depth: *depth,
                    weight: 1,
                };
                (i, subtree)
            })
            .collect();
        let enough = 4 * pool.current_num_threads();
        for _ in 0..3 {
            if tasks.len() >= enough || tasks.iter().all(|(_, t)| t.depth == 0) {
                break;
            }
            let mut deeper = Vec::new();
            for (i, t) in tasks {
                let split = game.perft_split(&t.position, t.depth, options);
                counts[i] += t.weight * split.counted;
                deeper.extend(split.subtrees.into_iter().map(|s| {
                    let weight = t.weight * s.weight;
                    (i, PerftSubtree { weight, ..s })
                }));
            }
            tasks = deeper;
        }
        let below: Vec<(usize, u64)> = pool.install(|| {
            tasks
                .par_iter()
                .with_max_len(1)
                .map(|(i, t)| (*i, t.weight * game.perft(&t.position, t.depth, options)))
                .collect()
        });
        for (i, n) in below {
            counts[i] += n;
        }
        counts
    }
}
