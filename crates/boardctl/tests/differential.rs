//! Differential test between `check` and the engines: random legal games of
//! every embedded profile, written as PDN records by this test (each move
//! in the engine's own notation, with move numbers, `Rules` and, for games
//! that start from a played position, `FEN` tags), are read back by `check`
//! with zero errors; the same games with one move replaced by a move of
//! another position that is not legal here give exactly one error, at that
//! ply, line and column. And the fast reading of draughts moves (a man's
//! plain move or full capture checked on the board as written) against the
//! listing of every legal route, on the moves of random games and on texts
//! that break each rule it asks.

use board_core::conformance::Rng;
use board_core::prelude::*;
use board_core::{Direction, NodeId, ProfileSource, Side};
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

/// A square of a draughts board as written: its label, or its number in
/// the numeric notation (when the board has numbers).
fn square(game: &russian_draughts::Draughts, n: NodeId, numeric: bool) -> String {
    match game.graph().number(n) {
        Some(k) if numeric => k.to_string(),
        _ => game.graph().label(n).to_string(),
    }
}

/// Move texts for a draughts position: every legal move written in full,
/// short, with a landing square changed, cut before its end, with `-` for
/// `:`, in either notation; and from every piece of the side to move (and
/// a few other squares) to the squares one and two steps away along each
/// diagonal, with either separator: the wrong piece, an occupied landing, a
/// plain move while a capture is due, a jump over nothing or over an own
/// piece, a capture left unfinished, texts that name several moves.
fn draughts_texts(
    game: &russian_draughts::Draughts,
    position: &russian_draughts::Position,
    moves: &[russian_draughts::Move],
    rng: &mut Rng,
) -> Vec<String> {
    let graph = game.graph();
    let nodes: Vec<NodeId> = graph.node_ids().collect();
    let mut out = Vec::new();
    for mv in moves {
        let numeric = rng.below(2) == 1;
        let from = game
            .move_from(mv)
            .expect("a legal move starts on the board");
        let landings = game.move_landings(mv);
        let write = |squares: &[NodeId], sep: &str| {
            squares
                .iter()
                .map(|&n| square(game, n, numeric))
                .collect::<Vec<_>>()
                .join(sep)
        };
        let full: Vec<NodeId> = std::iter::once(from)
            .chain(landings.iter().copied())
            .collect();
        let sep = if mv.is_capture() { ":" } else { "-" };
        out.push(write(&full, sep));
        out.push(write(&full, "-"));
        out.push(write(&[from, full[full.len() - 1]], "x"));
        let mut changed = full.clone();
        let i = 1 + rng.below(changed.len() - 1);
        changed[i] = nodes[rng.below(nodes.len())];
        out.push(write(&changed, sep));
        if full.len() > 2 {
            out.push(write(&full[..full.len() - 1], sep));
        }
    }
    let side = game.side_to_move(position);
    let starts = nodes.iter().copied().filter(|&n| {
        game.piece_at(position, n).is_some_and(|p| p.side == side) || rng.below(8) == 0
    });
    for n in starts.collect::<Vec<_>>() {
        for d in [Direction::NE, Direction::NW, Direction::SE, Direction::SW] {
            let one = graph.neighbour(n, d);
            let two = one.and_then(|m| graph.neighbour(m, d));
            for t in [one, two].into_iter().flatten() {
                let sep = ["-", ":"][rng.below(2)];
                let numeric = rng.below(2) == 1;
                out.push(format!(
                    "{}{sep}{}",
                    square(game, n, numeric),
                    square(game, t, numeric)
                ));
            }
        }
    }
    out
}

#[test]
fn draughts_fast_reading_agrees_with_listing_every_route() {
    let catalog = embedded_catalog().expect("embedded profiles");
    for source in catalog
        .sources()
        .iter()
        .filter(|s| s.header.game == russian_draughts::Draughts::GAME)
    {
        let game = russian_draughts::Draughts::from_profile(source).expect("profile loads");
        let profile = source.header.id().to_string();
        let mut rng = Rng::new(21);
        let (mut compared, mut legal, mut refused, mut quick) = (0, 0, 0, 0);
        // Texts played quickly that move a king (the direct check's
        // king steps, or the written piece's moves).
        let mut quick_kings = 0;
        let nodes: Vec<NodeId> = game.graph().node_ids().collect();
        for _ in 0..3 {
            let mut position = game.start_position();
            for _ in 0..90 {
                let mut moves = Vec::new();
                game.legal_moves(&position, &mut moves);
                if moves.is_empty() {
                    break;
                }
                for text in draughts_texts(&game, &position, &moves, &mut rng) {
                    let fast = game.parse_move(&position, &text);
                    let listed = game.parse_move_listing(&position, &text);
                    // Debug shows the path and whether a king moves too,
                    // which equality of moves ignores.
                    assert_eq!(
                        format!("{fast:?}"),
                        format!("{listed:?}"),
                        "{profile}: {text:?} in {}",
                        game.write_position(&position)
                    );
                    // Playing the text itself: only a legal move, and then
                    // the position the listed move leaves.
                    let mut played = position;
                    if game.play_text(&mut played, text.as_bytes()) {
                        let mut expected = position;
                        let mv = listed.as_ref().unwrap_or_else(|e| {
                            panic!("{profile}: {text:?} played but refused: {e}")
                        });
                        game.play(&mut expected, mv);
                        assert_eq!(played, expected, "{profile}: {text:?}");
                        quick += 1;
                        let king_left = |&n: &NodeId| {
                            game.piece_at(&position, n).is_some_and(|p| p.king)
                                && game.piece_at(&played, n).is_none()
                        };
                        if nodes.iter().any(king_left) {
                            quick_kings += 1;
                        }
                    } else {
                        assert_eq!(played, position, "{profile}: {text:?} left a change");
                    }
                    compared += 1;
                    if fast.is_ok() {
                        legal += 1;
                    } else {
                        refused += 1;
                    }
                }
                let mv = moves[rng.below(moves.len())].clone();
                game.play(&mut position, &mv);
            }
        }
        assert!(
            compared > 5_000
                && legal > 1_000
                && refused > 1_000
                && quick > legal / 2
                && quick_kings > 20,
            "{profile}: {compared} texts, {legal} legal ({quick} played quickly, \
             {quick_kings} by a king), {refused} refused"
        );
    }
}
