//! `boardctl replay`: every position of one recorded game's main line, as
//! a diagram (or its position notation) with the move that led to it.

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
use board_core::Game;
use board_core::record::{Reader, Span};
use std::fmt::Write as _;
use std::io::Read;

/// Reads the file up to game `number` (from 1).
fn find_game(args: &ReplayArgs) -> anyhow::Result<(String, RecordedGame)> {
    let (name, stream): (String, Box<dyn Read>) = if args.file.as_os_str() == "-" {
        ("<stdin>".into(), Box::new(std::io::stdin()))
    } else {
        let file = std::fs::File::open(&args.file)
            .with_context(|| format!("cannot read {}", args.file.display()))?;
        (args.file.display().to_string(), Box::new(file))
    };
    if args.game == 0 {
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
            if seen == args.game {
                return Ok((name, game));
            }
        }
    }
    anyhow::bail!("{name} holds {seen} games; there is no game {}", args.game)
}

/// `boardctl replay`.
pub fn replay(args: &ReplayArgs) -> anyhow::Result<u8> {
    let (name, game) = find_game(args)?;
    let user = args
        .rules_file
        .iter()
        .map(|p| crate::profile_from_file(p))
        .collect::<anyhow::Result<Vec<_>>>()?;
    let mut cache = RulesCache::with_profiles(args.rules.as_deref(), user)?;
    match cache.game_for(&game) {
        Ok(engine) => {
            let (code, text) = engine.run(Replay {
                args,
                name: &name,
                game: &game,
                out: String::new(),
            })?;
            crate::emit(&text)?;
            Ok(code)
        }
        // Rules the record names but boardctl cannot load: a finding in
        // the record (exit 1), as in `check`; `--rules` naming unknown
        // rules is refused before (exit 2).
        Err(d) => {
            crate::emit(&render_text(&name, &d, game.source.as_ref()))?;
            Ok(EXIT_FINDINGS)
        }
    }
}

struct Replay<'a> {
    args: &'a ReplayArgs,
    name: &'a str,
    game: &'a RecordedGame,
    /// What is printed, written at the end.
    out: String,
}

impl Replay<'_> {
    fn fail(&mut self, d: Diagnostic) -> u8 {
        self.out
            .push_str(&render_text(self.name, &d, self.game.source.as_ref()));
        EXIT_FINDINGS
    }

    fn show<G: Game>(&mut self, g: &G, title: &str, position: &G::Position) {
        if self.args.fen {
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
                self.show(g, &title, position);
                if let Some((rest, _)) = &parsed.glued {
                    let _ = writeln!(self.out, "  (text glued to the move, not a move: `{rest}`)");
                }
                Ok(())
            }
            Err(e) => Err(self.fail(move_diagnostic(g, &label, text, span, &e))),
        }
    }
}

impl GameTask for Replay<'_> {
    type Output = anyhow::Result<(u8, String)>;
    fn run<G: Game>(mut self, g: &G) -> anyhow::Result<(u8, String)> {
        let options = crate::options::from_flags(&[("zones", self.args.zones)]);
        crate::options::refuse_undeclared(G::GAME, &options, G::DIAGRAM_OPTIONS, DIAGRAM_OPTIONS)?;
        let code = self.replay(g);
        Ok((code, self.out))
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
        self.show(g, "start", &position);
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
                            self.show(g, &format!("/{text}/"), &position);
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
