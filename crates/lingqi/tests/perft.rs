//! Perft counts from `tests/perft/lingqi.toml`, and an independent check of
//! every depth-1 figure by a naive reference that enumerates walks step by
//! step (every sequence of directions) on plain coordinates instead of the
//! engine's breadth-first search over node sets.

mod common;

use board_core::prelude::*;
use board_core::{PerftOptions, Side, conformance};
use common::*;
use lingqi::Lingqi;
use std::collections::{HashMap, HashSet};

const DATA: &str = include_str!("../../../tests/perft/lingqi.toml");

#[derive(serde::Deserialize)]
struct Data {
    position: Vec<Entry>,
}

#[derive(serde::Deserialize)]
struct Entry {
    name: String,
    profile: String,
    fen: String,
    nodes: Vec<u64>,
    debug_depth: u32,
}

fn engine(profile: &str) -> Lingqi {
    match profile {
        "lingqi/lingqi@1" => game(),
        "lingqi/forbidden-zones@1" => forbidden_game(),
        other => panic!("unknown profile {other}"),
    }
}

fn entries() -> Vec<(Entry, Lingqi)> {
    let data: Data = toml::from_str(DATA).expect("tests/perft/lingqi.toml");
    data.position
        .into_iter()
        .map(|e| {
            let g = engine(&e.profile);
            (e, g)
        })
        .collect()
}

fn start_of(g: &Lingqi, e: &Entry) -> lingqi::Position {
    if e.fen == "start" {
        g.start_position()
    } else {
        pos(g, &e.fen)
    }
}

fn run(release: bool) {
    for (e, g) in entries() {
        let p = start_of(&g, &e);
        for (i, &want) in e.nodes.iter().enumerate() {
            let depth = i as u32 + 1;
            if (depth <= e.debug_depth) == release {
                continue;
            }
            let got = g.perft(&p, depth, &PerftOptions::default());
            assert_eq!(got, want, "{} depth {depth}", e.name);
        }
    }
}

#[test]
fn perft_cheap_depths() {
    run(false);
}

#[test]
#[ignore = "deep perft, run in release"]
fn perft_deep_depths() {
    run(true);
}

#[test]
fn perft_depth_one_matches_the_naive_reference() {
    for (e, g) in entries() {
        let p = start_of(&g, &e);
        let naive = naive::turns(&g.write_position(&p), forbidden(&g));
        assert_eq!(naive, e.nodes[0], "{}: naive reference", e.name);
    }
}

#[test]
#[ignore = "depth 2 through the naive reference, run in release"]
fn perft_depth_two_matches_the_naive_reference_below_each_turn() {
    for (e, g) in entries().into_iter().filter(|(e, _)| e.nodes.len() >= 2) {
        let p = start_of(&g, &e);
        let mut moves = Vec::new();
        g.legal_moves(&p, &mut moves);
        let total: u64 = moves
            .iter()
            .map(|m| {
                let mut next = p.clone();
                g.play(&mut next, m);
                if next.sect(Side::White).is_none() || next.sect(Side::Black).is_none() {
                    0
                } else {
                    naive::turns(&g.write_position(&next), forbidden(&g))
                }
            })
            .sum();
        assert_eq!(total, e.nodes[1], "{}: naive depth 2", e.name);
    }
}

/// Along random games of both profiles: the engine's count of turns equals
/// the naive reference's in every position reached.
fn compare_along_random_games(games: usize, plies: usize, seed: u64) {
    for g in [game(), forbidden_game()] {
        let mut rng = conformance::Rng::new(seed);
        for _ in 0..games {
            let mut p = g.start_position();
            for _ in 0..plies {
                let fen = g.write_position(&p);
                let want = naive::turns(&fen, forbidden(&g));
                assert_eq!(g.perft(&p, 1, &PerftOptions::default()), want, "{fen}");
                let mut moves = Vec::new();
                g.legal_moves(&p, &mut moves);
                assert_eq!(moves.len() as u64, want, "{fen}");
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                g.play(&mut p, &m);
            }
        }
    }
}

#[test]
fn turn_counts_match_the_naive_reference_along_random_games() {
    compare_along_random_games(1, 25, 7);
}

#[test]
#[ignore = "long random games through the naive reference, run in release"]
fn turn_counts_match_the_naive_reference_along_long_random_games() {
    compare_along_random_games(6, 200, 11);
}

/// The default set-up's depth 1 counted by hand (README): each piece's
/// moves, and the 18 upgrades.
#[test]
fn default_setup_depth_one_by_hand() {
    let g = game();
    let p = g.start_position();
    let by_hand = [
        ("f5", 7),
        ("g5", 6),
        ("h5", 5),
        ("i5", 6),
        ("k5", 6),
        ("l5", 5),
        ("m5", 6),
        ("n5", 7),
        ("i2", 8),
        ("k2", 8),
        ("i4", 10),
        ("k4", 10),
        ("g3", 4),
        ("m3", 4),
        ("j1", 4),
        ("j3", 21),
        ("h3", 3),
        ("l3", 3),
        ("j2", 0),
    ];
    for (label, n) in by_hand {
        assert_eq!(ends(&g, &p, label).len(), n, "{label}");
    }
    // A level-3 Guardian on h3 (the long move): the naive flood agrees.
    let raised = g.write_position(&p).replace("G2h3", "G3h3");
    let q = pos(&g, &raised);
    assert_eq!(ends(&g, &q, "h3").len(), 166);
    assert_eq!(naive::moves_of(&raised, "h3"), 166);
    assert_eq!(naive::moves_of(&raised, "j3"), 21);
    assert_eq!(16 * (117 + 6) + 2 * (117 + 3 + 166), 2540);
}

#[test]
fn perft_agrees_with_generating_and_playing() {
    for (e, g) in entries() {
        let p = start_of(&g, &e);
        conformance::check_perft(&g, &p, 1, &PerftOptions::default())
            .unwrap_or_else(|m| panic!("{}: {m}", e.name));
    }
}

fn forbidden(g: &Lingqi) -> bool {
    g.rules().zone_end == lingqi::ZoneEnd::Forbidden
}

/// The reference: the rules of `lingqi/lingqi@1` written out directly on
/// (file, rank) coordinates, every walk enumerated.
mod naive {
    use super::*;

    #[derive(Clone, Copy)]
    struct P {
        south: bool,
        kind: char,
        level: u32,
    }

    type Board = HashMap<(i32, i32), P>;

    const ALL: [(i32, i32); 8] = [
        (0, 1),
        (1, 1),
        (1, 0),
        (1, -1),
        (0, -1),
        (-1, -1),
        (-1, 0),
        (-1, 1),
    ];
    const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

    fn composition(kind: char) -> usize {
        match kind {
            'S' | 'M' | 'V' => 1,
            'E' => 4,
            'G' | 'F' => 2,
            'D' => 8,
            _ => 0,
        }
    }

    fn on(c: (i32, i32)) -> bool {
        (0..19).contains(&c.0) && (0..19).contains(&c.1)
    }

    fn adjacent(a: (i32, i32), b: (i32, i32)) -> bool {
        a != b && (a.0 - b.0).abs() <= 1 && (a.1 - b.1).abs() <= 1
    }

    fn parse(fen: &str) -> (bool, Board) {
        let f: Vec<&str> = fen.split(':').collect();
        let mut b = Board::new();
        for (south, list) in [(true, f[1]), (false, f[2])] {
            for item in list.split(',').filter(|s| !s.is_empty()) {
                let kind = item.chars().next().expect("letter");
                let digits: String = item[1..].chars().take_while(char::is_ascii_digit).collect();
                let cell = &item[1 + digits.len()..];
                let x = i32::from(cell.as_bytes()[0] - b'a');
                let y: i32 = cell[1..].parse::<i32>().expect("rank") - 1;
                b.insert(
                    (x, y),
                    P {
                        south,
                        kind,
                        level: digits.parse().expect("level"),
                    },
                );
            }
        }
        (f[0] == "S", b)
    }

    fn in_enemy_zone(b: &Board, south: bool, c: (i32, i32)) -> bool {
        b.iter()
            .any(|(&q, p)| p.kind == 'F' && p.south != south && adjacent(q, c))
    }

    fn walks(
        b: &Board,
        start: (i32, i32),
        here: (i32, i32),
        left: u32,
        dirs: &[(i32, i32)],
        out: &mut HashSet<(i32, i32)>,
    ) {
        if left == 0 {
            if here != start {
                out.insert(here);
            }
            return;
        }
        if here != start && b.contains_key(&here) {
            return;
        }
        for d in dirs {
            let next = (here.0 + d.0, here.1 + d.1);
            if on(next) {
                walks(b, start, next, left - 1, dirs, out);
            }
        }
    }

    fn long(b: &Board, start: (i32, i32), out: &mut HashSet<(i32, i32)>) {
        let mut seen = HashSet::from([start]);
        let mut todo = vec![start];
        while let Some(c) = todo.pop() {
            for d in DIAG {
                let n = (c.0 + d.0, c.1 + d.1);
                if !on(n) {
                    continue;
                }
                if n != start {
                    out.insert(n);
                }
                if !b.contains_key(&n) && seen.insert(n) {
                    todo.push(n);
                }
            }
        }
    }

    fn piece_moves(b: &Board, c: (i32, i32), p: P, forbidden: bool) -> usize {
        let south = p.south;
        if !forbidden && in_enemy_zone(b, south, c) {
            return 0;
        }
        let mut ends = HashSet::new();
        match p.kind {
            'S' => {}
            'F' => {
                for d in ALL {
                    let t = (c.0 + d.0, c.1 + d.1);
                    let supported = b.iter().any(|(&q, o)| {
                        o.south == south && o.kind != 'F' && adjacent(q, c) && adjacent(q, t)
                    });
                    if on(t) && !b.contains_key(&t) && supported {
                        ends.insert(t);
                    }
                }
            }
            'G' if p.level >= 3 => long(b, c, &mut ends),
            'G' => walks(b, c, c, 2, &DIAG, &mut ends),
            'M' => walks(b, c, c, 3, &ALL, &mut ends),
            'V' | 'E' => walks(b, c, c, 2, &ALL, &mut ends),
            'D' => walks(b, c, c, 1, &ALL, &mut ends),
            other => panic!("kind {other}"),
        }
        ends.iter()
            .filter(|t| b.get(t).is_none_or(|o| o.south != south && p.kind != 'F'))
            .filter(|&&t| !forbidden || !in_enemy_zone(b, south, t))
            .count()
    }

    fn moves(b: &Board, south: bool, forbidden: bool) -> usize {
        b.iter()
            .filter(|(_, p)| p.south == south)
            .map(|(&c, &p)| piece_moves(b, c, p, forbidden))
            .sum()
    }

    /// The moves of the piece on `cell` (`h3`).
    pub fn moves_of(fen: &str, cell: &str) -> usize {
        let (_, b) = parse(fen);
        let c = (
            i32::from(cell.as_bytes()[0] - b'a'),
            cell[1..].parse::<i32>().expect("rank") - 1,
        );
        piece_moves(&b, c, b[&c], false)
    }

    /// The number of legal turns: every upgrade (+1 on each non-Sect
    /// piece, each allowed transformation) times the moves after it.
    pub fn turns(fen: &str, forbidden: bool) -> u64 {
        let (south, b) = parse(fen);
        let mut total = 0;
        let mut upgrades = 0;
        for (&c, p) in b.iter().filter(|(_, p)| p.south == south) {
            if p.kind != 'S' {
                upgrades += 1;
                let mut up = b.clone();
                up.insert(
                    c,
                    P {
                        level: p.level + 1,
                        ..*p
                    },
                );
                total += moves(&up, south, forbidden);
            }
            if p.kind == 'D' && p.level >= 3 {
                for k in ['M', 'V', 'E', 'G', 'F'] {
                    let have = b
                        .values()
                        .filter(|o| o.south == south && o.kind == k)
                        .count();
                    if have < composition(k) {
                        upgrades += 1;
                        let mut up = b.clone();
                        up.insert(c, P { kind: k, ..*p });
                        total += moves(&up, south, forbidden);
                    }
                }
            }
        }
        if upgrades == 0 {
            total = moves(&b, south, forbidden);
        }
        total as u64
    }
}
