//! `boardctl replay`: every position of one recorded game's main line, as
//! a diagram (or its position notation) with the move that led to it; with
//! `--svg DIR`, a picture of each position of every game (or of `--game N`)
//! written to files.

use crate::check::diagnostic::{Code, Diagnostic, render_text};
use crate::check::plies::{Plies, Step, parse_ply};
use crate::check::record::{Collector, RecordedGame};
use crate::check::rules::RulesCache;
use crate::check::verify::move_diagnostic;
use crate::cli::ReplayArgs;
use crate::play::describe_outcome;
use crate::registry::DIAGRAM_OPTIONS;
use crate::registry::GameTask;
use crate::{EXIT_FINDINGS, EXIT_OK};
use anyhow::Context;
use board_core::record::{Reader, Span};
use board_core::svg::{SvgOptions, draw};
use board_core::{Game, MoveParts};
use std::fmt::Write as _;
use std::io::Read;
use std::ops::ControlFlow;
use std::path::Path;

/// Reads the games of the file in order, handing each (with its number,
/// from 1) to `visit` until it breaks; how many games were read.
fn read_games(
    args: &ReplayArgs,
    mut visit: impl FnMut(&str, RecordedGame) -> anyhow::Result<ControlFlow<()>>,
) -> anyhow::Result<(String, usize)> {
    let (name, stream): (String, Box<dyn Read>) = if args.file.as_os_str() == "-" {
        ("<stdin>".into(), Box::new(std::io::stdin()))
    } else {
        let file = std::fs::File::open(&args.file)
            .with_context(|| format!("cannot read {}", args.file.display()))?;
        (args.file.display().to_string(), Box::new(file))
    };
    if args.game == Some(0) {
        anyhow::bail!("--game counts from 1");
    }
    let mut reader = Reader::new(stream);
    let mut collector = Collector::with_encoding(args.encoding);
    let mut seen = 0;
    while reader
        .read_game(&mut collector)
        .with_context(|| format!("reading {name}"))?
    {
        for game in collector.take() {
            seen += 1;
            if visit(&name, game)?.is_break() {
                return Ok((name, seen));
            }
        }
    }
    Ok((name, seen))
}

/// `boardctl replay`.
pub fn replay(args: &ReplayArgs) -> anyhow::Result<u8> {
    let user = args
        .rules_file
        .iter()
        .map(|p| crate::profile_from_file(p))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut cache = RulesCache::with_profiles(args.rules.as_deref(), user)?;
    if let Some(dir) = &args.svg {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let wanted = args.game;
    let mut code = EXIT_OK;
    let mut found = false;
    let (name, seen) = read_games(args, |name, game| {
        let number = game.index;
        if wanted.is_some_and(|w| w != number) || (wanted.is_none() && args.svg.is_none() && found)
        {
            return Ok(ControlFlow::Continue(()));
        }
        found = true;
        code = code.max(replay_one(args, &mut cache, name, &game)?);
        Ok(if wanted.is_some() || args.svg.is_none() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        })
    })?;
    if !found {
        match wanted {
            Some(n) => anyhow::bail!("{name} holds {seen} games; there is no game {n}"),
            None => anyhow::bail!("{name} holds no game"),
        }
    }
    Ok(code)
}

/// Replays one game: prints its positions, or writes its pictures.
fn replay_one(
    args: &ReplayArgs,
    cache: &mut RulesCache,
    name: &str,
    game: &RecordedGame,
) -> anyhow::Result<u8> {
    match cache.game_for(game) {
        Ok(engine) => {
            let (code, text, pictures) = engine.run(Replay {
                args,
                name,
                game,
                out: String::new(),
                pictures: Vec::new(),
            })?;
            crate::emit(&text)?;
            if let Some(dir) = &args.svg {
                write_pictures(dir, &pictures)?;
                crate::emit(&pictures_line(dir, &pictures))?;
            }
            Ok(code)
        }
        // Rules the record names but boardctl cannot load: a finding in
        // the record (exit 1), as in `check`; `--rules` naming unknown
        // rules is refused before (exit 2).
        Err(d) => {
            crate::emit(&render_text(name, &d, game.source.as_ref()))?;
            Ok(EXIT_FINDINGS)
        }
    }
}

/// A picture's file name: `game-<N>-ply-<PPP>.svg`, ply 000 the start.
pub fn picture_name(game: usize, ply: u32) -> String {
    format!("game-{game}-ply-{ply:03}.svg")
}

/// Writes each `(file name, SVG)` into `dir`.
fn write_pictures(dir: &Path, pictures: &[(String, String)]) -> anyhow::Result<()> {
    for (file, svg) in pictures {
        let path = dir.join(file);
        std::fs::write(&path, svg).with_context(|| format!("cannot write {}", path.display()))?;
    }
    Ok(())
}

/// `  wrote 3 pictures to DIR: game-1-ply-000.svg … game-1-ply-002.svg`.
fn pictures_line(dir: &Path, pictures: &[(String, String)]) -> String {
    match (pictures.first(), pictures.last()) {
        (Some((first, _)), Some((last, _))) if pictures.len() > 1 => format!(
            "  wrote {} pictures to {}: {first} … {last}\n",
            pictures.len(),
            dir.display()
        ),
        (Some((first, _)), _) => format!("  wrote 1 picture to {}: {first}\n", dir.display()),
        _ => format!("  wrote no picture to {}\n", dir.display()),
    }
}

struct Replay<'a> {
    args: &'a ReplayArgs,
    name: &'a str,
    game: &'a RecordedGame,
    /// What is printed, written at the end.
    out: String,
    /// With `--svg`: each picture's file name and text, in ply order.
    pictures: Vec<(String, String)>,
}

impl Replay<'_> {
    fn fail(&mut self, d: Diagnostic) -> u8 {
        self.out
            .push_str(&render_text(self.name, &d, self.game.source.as_ref()));
        EXIT_FINDINGS
    }

    /// Shows a position: a picture of ply `ply` with `--svg` (with the
    /// move that led to it), else a diagram or the FEN under `title`.
    fn show<G: Game>(
        &mut self,
        g: &G,
        title: &str,
        position: &G::Position,
        ply: Option<u32>,
        last_move: Option<MoveParts>,
    ) {
        if self.args.svg.is_some() {
            // A set-up command has no ply of its own: the next move's
            // picture shows its position.
            if let Some(ply) = ply {
                let options = SvgOptions {
                    flip: self.args.flip,
                    last_move,
                    zones: self.args.zones,
                    ..SvgOptions::default()
                };
                self.pictures.push((
                    picture_name(self.game.index, ply),
                    draw(g, position, &options),
                ));
            }
        } else if self.args.fen {
            let _ = writeln!(self.out, "{title}  {}", g.write_position(position));
        } else {
            let options = crate::options::from_flags(&[("zones", self.args.zones)]);
            let _ = writeln!(
                self.out,
                "{title} ({} to move)\n{}",
                g.side_name(g.side_to_move(position)),
                g.diagram(position, &options)
            );
        }
    }

    /// Plays one move; the exit code on failure.
    fn play<G: Game>(
        &mut self,
        g: &G,
        position: &mut G::Position,
        ply: &mut u32,
        shift: u32,
        text: &str,
        span: Span,
    ) -> Result<(), u8> {
        let k = *ply + shift;
        let label = crate::move_number(k as usize);
        match parse_ply(g, position, text, span) {
            Ok(parsed) => {
                // The move in canonical notation, and as written beside it
                // when the record wrote it otherwise (`1. g1xb6 (as written: g1)`).
                let canonical = g.write_move(position, &parsed.mv);
                let parts = g.describe_move(position, &parsed.mv);
                g.play(position, &parsed.mv);
                *ply += 1;
                let played = match &parsed.glued {
                    Some((rest, _)) => &text[..text.len() - rest.len()],
                    None => text,
                };
                let title = if canonical == played {
                    format!("{label} {canonical}")
                } else {
                    format!("{label} {canonical} (as written: {played})")
                };
                self.show(g, &title, position, Some(*ply), Some(parts));
                if let Some((rest, _)) = &parsed.glued {
                    let _ = writeln!(self.out, "  (text glued to the move, not a move: `{rest}`)");
                }
                Ok(())
            }
            Err(e) => Err(self.fail(move_diagnostic(g, &label, text, span, &e))),
        }
    }
}

/// The exit code, the text printed and the pictures of one game.
type Replayed = (u8, String, Vec<(String, String)>);

impl GameTask for Replay<'_> {
    type Output = anyhow::Result<Replayed>;
    fn run<G: Game>(mut self, g: &G) -> anyhow::Result<Replayed> {
        let options = crate::options::from_flags(&[("zones", self.args.zones)]);
        crate::options::refuse_undeclared(G::GAME, &options, G::DIAGRAM_OPTIONS, DIAGRAM_OPTIONS)?;
        let code = self.replay(g);
        Ok((code, self.out, self.pictures))
    }
}

impl Replay<'_> {
    fn replay<G: Game>(&mut self, g: &G) -> u8 {
        let rec = self.game;
        let tag = |n: &str| rec.tag_with_span(n).map_or("?", |(v, _)| v);
        let _ = writeln!(
            self.out,
            "{} game {}: {} - {}, {} ({})",
            self.name,
            rec.index,
            tag("White"),
            tag("Black"),
            tag("Result"),
            g.header().id()
        );
        let first_side = g.side_to_move(&g.start_position());
        let mut position = match g.position_from_tags(rec) {
            Ok(Some(p)) => p,
            Ok(None) => g.start_position(),
            Err(e) => {
                let span = rec.tag_with_span("FEN").map_or(
                    Span {
                        start: rec.start,
                        end: rec.start.offset,
                    },
                    |(_, s)| s,
                );
                return self.fail(Diagnostic::error(
                    Code::BadPosition,
                    span,
                    format!("invalid start position: {e}"),
                ));
            }
        };
        let shift = u32::from(g.side_to_move(&position) != first_side);
        self.show(g, "start", &position, Some(0), None);
        let mut ply = 0;
        let mut depth = 0usize;
        let mut plies = Plies::new(g, rec);
        while let Some(step) = plies.next() {
            match step {
                Step::Open(_) => depth += 1,
                Step::Close => depth = depth.saturating_sub(1),
                _ if depth > 0 => {}
                Step::Ply { text, span } => {
                    if let Err(code) = self.play(g, &mut position, &mut ply, shift, text, span) {
                        return code;
                    }
                }
                Step::Unknown(span) => {
                    return self.fail(Diagnostic::error(
                        Code::UnknownMove,
                        span,
                        "unknown move `-`: the game cannot be replayed past it".into(),
                    ));
                }
                Step::Setup { fen, text, span } => {
                    match g.parse_position(fen.unwrap_or_default()) {
                        Ok(p) => {
                            position = p;
                            self.show(g, &format!("/{text}/"), &position, None, None);
                        }
                        Err(e) => {
                            return self.fail(Diagnostic::error(
                                Code::BadPosition,
                                span,
                                format!("invalid position in set-up command: {e}"),
                            ));
                        }
                    }
                }
                Step::Number { .. } | Step::Result { .. } | Step::Problem(_) | Step::Note(_) => {}
            }
        }
        if let Some(outcome) = g.outcome(&position) {
            let _ = writeln!(self.out, "game over: {}", describe_outcome(g, &outcome));
        }
        EXIT_OK
    }
}
