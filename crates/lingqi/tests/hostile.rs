//! Hostile positions for lingqi: several level-3 Guardians on an open
//! board (each may walk any number of diagonal steps, L16 "walk"), counted
//! in bounded time against a reference computed here independently: with
//! no formation on the board, a Guardian of level ≥ 3 reaches every empty
//! cell of the connected diagonal region around it (except its start) and
//! every enemy piece diagonally next to that region; a turn is an upgrade
//! of any own piece but the Sect (the upgrade changes no such Guardian's
//! moves) followed by a move.

#[path = "../../../tests/support/hostile.rs"]
mod support;

use board_core::prelude::*;
use board_core::{PerftOptions, ProfileSource};
use lingqi::Lingqi;
use std::collections::BTreeSet;
use std::time::Duration;
use support::within;

fn load() -> Lingqi {
    let path = format!(
        "{}/../../rules/lingqi/lingqi.v1.toml",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("profile readable");
    let source = ProfileSource::new(path, text, true).expect("header");
    Lingqi::from_profile(&source).expect("profile loads")
}

const FILES: &[u8; 19] = b"abcdefghijklmnopqrs";

fn cell(name: &str) -> (i32, i32) {
    let file = FILES
        .iter()
        .position(|&f| f == name.as_bytes()[0])
        .expect("a file") as i32;
    let rank: i32 = name[1..].parse().expect("a rank");
    (file, rank - 1)
}

/// The reference count of South's turns: (upgradable pieces: the
/// Guardians) × Σ over the Guardians of the cells each reaches. `sect` is
/// South's Sect (it blocks, it is never upgraded); `north` every North
/// piece, its Sect included.
fn reference(guardians: &[&str], sect: &str, north: &[&str]) -> u64 {
    let own: BTreeSet<(i32, i32)> = guardians.iter().chain(&[sect]).map(|c| cell(c)).collect();
    let enemy: BTreeSet<(i32, i32)> = north.iter().map(|c| cell(c)).collect();
    let inside = |(x, y): (i32, i32)| (0..19).contains(&x) && (0..19).contains(&y);
    let mut moves = 0u64;
    for g in guardians {
        let start = cell(g);
        // Flood fill over empty cells by diagonal steps from the start.
        let mut region = BTreeSet::from([start]);
        let mut todo = vec![start];
        let mut ends = BTreeSet::new();
        while let Some((x, y)) = todo.pop() {
            for (dx, dy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                let next = (x + dx, y + dy);
                if !inside(next) || own.contains(&next) {
                    continue;
                }
                if enemy.contains(&next) {
                    ends.insert(next);
                } else if region.insert(next) {
                    todo.push(next);
                }
            }
        }
        ends.extend(region.into_iter().filter(|&c| c != start));
        moves += ends.len() as u64;
    }
    // Every own piece but the Sect can take the +1 upgrade.
    guardians.len() as u64 * moves
}

#[test]
fn level_3_guardians_on_an_open_board_perft_1_matches_the_reference() {
    // South: Sect a1 and its two Guardians at level 3, one on each colour;
    // North: Sect s19, two level-5 Guardians and Disciples standing in the
    // way (the four Guardians of the game, all long-moving).
    let guardians = ["e5", "f5"];
    let north = ["s19", "k11", "c7", "p16", "h2", "g8", "m12"];
    let fen = "S:S0a1,G3e5,G3f5:S0s19,G5k11,D0c7,D0p16,G5h2,D0g8,D0m12:1";
    let expected = reference(&guardians, "a1", &north);
    assert!(
        expected > 300,
        "an open board gives many moves ({expected})"
    );
    let (count, turns) = within(Duration::from_secs(60), move || {
        let game = load();
        let position = game.parse_position(fen).expect("valid FEN");
        let mut turns = Vec::new();
        game.legal_moves(&position, &mut turns);
        (
            game.perft(&position, 1, &PerftOptions::default()),
            turns.len() as u64,
        )
    });
    assert_eq!(count, expected);
    assert_eq!(turns, expected);
}
