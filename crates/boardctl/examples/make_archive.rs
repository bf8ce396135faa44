//! Writes an archive of games played by the engine: each move chosen at
//! random (seeded) among the legal moves, each game ended where the rules
//! end it (on the board or by an automatic draw rule of the profile) or left
//! unfinished (`*`) after a ply limit. The benchmark files for `check` of the
//! games that have no public archive of this size (morris, alquerque) are
//! made with it:
//!
//! ```sh
//! cargo run --release -p boardctl --example make_archive -- \
//!     morris/nine-mens-morris 10000 1 > /tmp/morris-10k.pdn
//! cargo run --release -p boardctl --example make_archive -- \
//!     alquerque/alquerque 10000 1 > /tmp/alquerque-10k.pdn
//! ```
//!
//! Arguments: profile, number of games, seed, and optionally the ply limit
//! (default 200). The same arguments give the same bytes.

use anyhow::Context;
use board_core::conformance::Rng;
use board_core::{Game, Outcome, Side};
use boardctl::cli::RulesArgs;
use boardctl::registry::{AnyGame, GameTask};
use std::fmt::Write as _;
use std::io::Write as _;

/// The archive's settings, read from the command line.
struct Archive {
    games: usize,
    seed: u64,
    ply_limit: usize,
}

impl GameTask for Archive {
    type Output = String;

    fn run<G: Game>(self, game: &G) -> String {
        let mut rng = Rng::new(self.seed);
        let mut text = String::new();
        let mut moves = Vec::new();
        let header = game.header();
        let rules = format!("{}/{}@{}", header.game, header.name, header.version);
        for number in 1..=self.games {
            let mut position = game.start_position();
            let mut clock = game.start_clock(&position);
            let mut body = String::new();
            let mut result = "*";
            for ply in 0..self.ply_limit {
                if let Some(ending) = game.ending(&clock, &position) {
                    if !ending.claim {
                        result = match ending.outcome {
                            Outcome::Win {
                                winner: Side::White,
                                ..
                            } => "1-0",
                            Outcome::Win { .. } => "0-1",
                            Outcome::Draw { .. } => "1/2-1/2",
                        };
                        break;
                    }
                }
                moves.clear();
                game.legal_moves(&position, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = &moves[rng.below(moves.len())];
                if ply % 2 == 0 {
                    let _ = write!(body, "{}. ", ply / 2 + 1);
                }
                body.push_str(&game.write_move(&position, mv));
                body.push(if ply % 20 == 19 { '\n' } else { ' ' });
                let before = position.clone();
                game.play(&mut position, mv);
                game.advance(&mut clock, &before, mv, &position);
            }
            let _ = write!(
                text,
                "[Event \"Random game {number}\"]\n[Rules \"{rules}\"]\n[Result \"{result}\"]\n\n{body}{result}\n\n"
            );
        }
        text
    }
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (profile, games, seed, rest) = match args.as_slice() {
        [profile, games, seed, rest @ ..] if rest.len() <= 1 => (profile, games, seed, rest),
        _ => anyhow::bail!("usage: make_archive PROFILE GAMES SEED [PLY-LIMIT]"),
    };
    let archive = Archive {
        games: games.parse().context("GAMES is a number")?,
        seed: seed.parse().context("SEED is a number")?,
        ply_limit: match rest.first() {
            Some(limit) => limit.parse().context("PLY-LIMIT is a number")?,
            None => 200,
        },
    };
    let source = boardctl::load_profile(&RulesArgs {
        rules: Some(profile.clone()),
        rules_file: None,
    })?;
    let text = AnyGame::load(&source)?.run(archive);
    std::io::stdout().write_all(text.as_bytes())?;
    Ok(())
}
