//! Differential test between `check` and the engines: random legal games of
//! every embedded profile, written as PDN records by this test (each move
//! in the engine's own notation, with move numbers, `Rules` and, for games
//! that start from a played position, `FEN` tags), are read back by `check`
//! with zero errors; the same games with one move replaced by a move of
//! another position that is not legal here give exactly one error, at that
//! ply, line and column.

use board_core::conformance::Rng;
use board_core::prelude::*;
use board_core::{ProfileSource, Side};
use boardctl::check::Checker;
use boardctl::cli::CheckFormat;
use boardctl::registry::embedded_catalog;
use std::io::Cursor;

/// A written game: the record text and where each move token starts.
struct Written {
    text: String,
    /// (line, column) of each ply's first token, 1-based.
    at: Vec<(u32, u32)>,
}

/// One played game: the set-up FEN if not from the start, the positions
/// before each ply and the move texts.
struct Played<P> {
    fen: Option<String>,
    first: Side,
    before: Vec<P>,
    moves: Vec<String>,
}

fn play<G: Game>(game: &G, rng: &mut Rng, plies: usize) -> Played<G::Position> {
    let mut position = game.start_position();
    let mut moves = Vec::new();
    let mut fen = None;
    // Half the games start from a position reached by a few random plies,
    // given as a FEN tag.
    if rng.below(2) == 1 {
        for _ in 0..rng.below(9) + 1 {
            moves.clear();
            game.legal_moves(&position, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())].clone();
            game.play(&mut position, &mv);
        }
        fen = Some(game.write_position(&position));
    }
    let first = game.side_to_move(&position);
    let mut out = Played {
        fen,
        first,
        before: Vec::new(),
        moves: Vec::new(),
    };
    // The game ends where a draw rule of the profile ends it (an `@2`
    // profile): a move after that is no move of the game.
    let mut clock = game.start_clock(&position);
    for _ in 0..plies {
        if game
            .rule_ending(&clock, &position)
            .is_some_and(|end| !end.claim)
        {
            break;
        }
        moves.clear();
        game.legal_moves(&position, &mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[rng.below(moves.len())].clone();
        out.before.push(position.clone());
        out.moves.push(game.write_move(&position, &mv));
        let before = position.clone();
        game.play(&mut position, &mv);
        game.advance(&mut clock, &before, &mv, &position);
    }
    out
}

/// Writes the record: tags, then numbered moves, a few moves per line.
fn write_record(profile: &str, fen: Option<&str>, first: Side, moves: &[String]) -> Written {
    let mut text = String::new();
    text.push_str("[Event \"differential\"]\n");
    text.push_str(&format!("[Rules \"{profile}\"]\n"));
    if let Some(fen) = fen {
        text.push_str(&format!("[FEN \"{fen}\"]\n"));
    }
    text.push_str("[Result \"*\"]\n\n");
    let mut line = 6 + u32::from(fen.is_some()) - 1;
    let mut column = 1u32;
    let mut at = Vec::new();
    let offset = usize::from(first == Side::Black);
    for (i, mv) in moves.iter().enumerate() {
        let ply = i + offset;
        let number = ply / 2 + 1;
        let prefix = if ply % 2 == 0 {
            format!("{number}. ")
        } else if i == 0 {
            format!("{number}... ")
        } else {
            String::new()
        };
        if column > 60 {
            text.push('\n');
            line += 1;
            column = 1;
        }
        text.push_str(&prefix);
        column += prefix.chars().count() as u32;
        at.push((line, column));
        text.push_str(mv);
        text.push(' ');
        column += mv.chars().count() as u32 + 1;
    }
    text.push_str("*\n\n");
    Written { text, at }
}

/// `check` findings as (severity, code, ply, line, column).
fn check(text: &str) -> Vec<(String, String, Option<u64>, u64, u64)> {
    let mut checker = Checker::new(None, CheckFormat::Json, 1).expect("checker");
    let mut out = Vec::new();
    checker
        .check_reader(
            "differential.pdn",
            Cursor::new(text.as_bytes().to_vec()),
            &mut out,
        )
        .expect("check runs");
    String::from_utf8(out)
        .expect("JSON is UTF-8")
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .filter(|v: &serde_json::Value| v.get("code").is_some())
        .map(|v| {
            (
                v["severity"].as_str().unwrap_or_default().to_string(),
                v["code"].as_str().unwrap_or_default().to_string(),
                v["ply"].as_u64(),
                v["line"].as_u64().unwrap_or_default(),
                v["column"].as_u64().unwrap_or_default(),
            )
        })
        .collect()
}

fn errors(
    found: &[(String, String, Option<u64>, u64, u64)],
) -> Vec<&(String, String, Option<u64>, u64, u64)> {
    found.iter().filter(|f| f.0 == "error").collect()
}

/// Runs `games` random games of every profile of `G` through `check`,
/// clean and with one move replaced.
fn differential<G: Game>(games: usize, plies: usize, seed: u64) {
    let catalog = embedded_catalog().expect("embedded profiles");
    let sources: Vec<ProfileSource> = catalog
        .sources()
        .iter()
        .filter(|s| s.header.game == G::GAME)
        .cloned()
        .collect();
    assert!(!sources.is_empty());
    let mut mutated_games = 0;
    for source in &sources {
        let game = G::from_profile(source).expect("profile loads");
        let profile = source.header.id().to_string();
        let mut rng = Rng::new(seed);
        for g in 0..games {
            let played = play(&game, &mut rng, plies);
            let written =
                write_record(&profile, played.fen.as_deref(), played.first, &played.moves);
            let found = check(&written.text);
            assert!(
                errors(&found).is_empty(),
                "{profile} game {g}: errors {found:?} in a legal game:\n{}",
                written.text
            );
            if played.moves.len() < 2 {
                continue;
            }
            // Replace ply k by a move of another position of the game that
            // this position refuses.
            let k = rng.below(played.moves.len());
            let here = &played.before[k];
            let replacement = played
                .before
                .iter()
                .enumerate()
                .filter(|(j, _)| *j != k)
                .flat_map(|(_, p)| {
                    let mut list = Vec::new();
                    game.legal_moves(p, &mut list);
                    list.into_iter()
                        .map(|m| game.write_move(p, &m))
                        .collect::<Vec<_>>()
                })
                .find(|text| game.parse_move(here, text).is_err());
            let Some(replacement) = replacement else {
                continue;
            };
            let mut moves = played.moves.clone();
            moves[k] = replacement.clone();
            let written = write_record(&profile, played.fen.as_deref(), played.first, &moves);
            let found = check(&written.text);
            let errs = errors(&found);
            let ply = (k + 1) as u64;
            let (line, column) = written.at[k];
            assert!(
                errs.len() == 1
                    && errs[0].2 == Some(ply)
                    && (errs[0].3, errs[0].4) == (u64::from(line), u64::from(column)),
                "{profile} game {g}: ply {ply} replaced by `{replacement}` at {line}:{column}: \
                 expected one error there, found {found:?}\n{}",
                written.text
            );
            mutated_games += 1;
        }
    }
    assert!(mutated_games > 0, "no game of {} was mutated", G::GAME);
}

#[test]
fn draughts_records_check_clean_and_one_error_per_mutation() {
    differential::<russian_draughts::Draughts>(20, 80, 1);
}

#[test]
fn morris_records_check_clean_and_one_error_per_mutation() {
    differential::<morris::Morris>(20, 80, 2);
}

#[test]
fn alquerque_records_check_clean_and_one_error_per_mutation() {
    differential::<alquerque::Alquerque>(20, 80, 3);
}

#[test]
fn lingqi_records_check_clean_and_one_error_per_mutation() {
    differential::<lingqi::Lingqi>(3, 30, 4);
}

#[test]
#[ignore = "hundreds of games per profile: release"]
fn every_game_many_records() {
    differential::<russian_draughts::Draughts>(300, 200, 11);
    differential::<morris::Morris>(300, 200, 12);
    differential::<alquerque::Alquerque>(300, 200, 13);
    differential::<lingqi::Lingqi>(30, 100, 14);
}
