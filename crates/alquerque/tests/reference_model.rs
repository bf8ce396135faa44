//! An independent model of the alquerque rules, written from the rules text
//! (shared/rules/alquerque.md and the seed) with plain coordinates and board
//! arrays, sharing no code with the crate: it does not use the graph, the
//! masks or the move generator. Its perft counts are compared with the
//! crate's fast perft and generic perft, and with the published alfonso
//! numbers.

mod common;

use board_core::PerftOptions;
use board_core::prelude::*;
use std::collections::HashSet;

const EMPTY: u8 = 0;
const WHITE: u8 = 1;
const BLACK: u8 = 2;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Chain {
    Single,
    MustContinue,
    MayStop,
}

#[derive(Clone, Copy)]
struct ModelRules {
    backward_steps: bool,
    mandatory: bool,
    chain: Chain,
    far_row_frozen: bool,
}

const SEED: ModelRules = ModelRules {
    backward_steps: false,
    mandatory: true,
    chain: Chain::MustContinue,
    far_row_frozen: true,
};

const ALFONSO: ModelRules = ModelRules {
    backward_steps: true,
    mandatory: false,
    chain: Chain::Single,
    far_row_frozen: false,
};

const MURRAY: ModelRules = ModelRules {
    backward_steps: true,
    mandatory: false,
    chain: Chain::MayStop,
    far_row_frozen: false,
};

type Board = [u8; 25];

/// A move's identity: start, end, captured points (sorted).
type Identity = (usize, usize, Vec<usize>);

fn at(x: i32, y: i32) -> Option<usize> {
    ((0..5).contains(&x) && (0..5).contains(&y)).then(|| (y * 5 + x) as usize)
}

/// The line directions through (x, y): always the four orthogonal ones; the
/// diagonals only on points with x + y even (the drawn diagonals).
fn directions(x: i32, y: i32) -> Vec<(i32, i32)> {
    let mut d = vec![(1, 0), (-1, 0), (0, 1), (0, -1)];
    if (x + y) % 2 == 0 {
        d.extend([(1, 1), (1, -1), (-1, 1), (-1, -1)]);
    }
    d
}

fn start() -> Board {
    let mut b = [EMPTY; 25];
    for y in 0..5 {
        for x in 0..5 {
            let i = (y * 5 + x) as usize;
            b[i] = match y {
                0 | 1 => WHITE,
                3 | 4 => BLACK,
                _ if x >= 3 => WHITE,
                _ if x <= 1 => BLACK,
                _ => EMPTY,
            };
        }
    }
    b
}

/// Every capture route of the man now lifted from `from` and standing on
/// (x, y) in `board` (where it is not drawn); pushes (end, captured) per
/// finished route.
#[allow(clippy::too_many_arguments)]
fn routes(
    board: &mut Board,
    me: u8,
    from: usize,
    x: i32,
    y: i32,
    taken: &mut Vec<usize>,
    chain: Chain,
    out: &mut Vec<Identity>,
) {
    let mut jumped = false;
    for (dx, dy) in directions(x, y) {
        let (Some(mid), Some(land)) = (at(x + dx, y + dy), at(x + 2 * dx, y + 2 * dy)) else {
            continue;
        };
        let enemy = board[mid] != EMPTY && board[mid] != me;
        if !enemy || board[land] != EMPTY {
            continue;
        }
        jumped = true;
        let victim = board[mid];
        board[mid] = EMPTY;
        taken.push(mid);
        let finished = |taken: &Vec<usize>| {
            let mut set = taken.clone();
            set.sort_unstable();
            (from, land, set)
        };
        match chain {
            Chain::Single => out.push(finished(taken)),
            Chain::MayStop => {
                out.push(finished(taken));
                routes(board, me, from, x + 2 * dx, y + 2 * dy, taken, chain, out);
            }
            Chain::MustContinue => {
                routes(board, me, from, x + 2 * dx, y + 2 * dy, taken, chain, out);
            }
        }
        taken.pop();
        board[mid] = victim;
    }
    if !jumped && chain == Chain::MustContinue && !taken.is_empty() {
        let mut set = taken.clone();
        set.sort_unstable();
        out.push((from, (y * 5 + x) as usize, set));
    }
}

/// The moves of `me`: (from, to, captured), each identity once, and the
/// number of routes of each.
fn moves(board: &Board, me: u8, rules: ModelRules) -> Vec<(Identity, u64)> {
    let mut captures = Vec::new();
    let mut work = *board;
    for i in 0..25 {
        if work[i] != me {
            continue;
        }
        let (x, y) = ((i % 5) as i32, (i / 5) as i32);
        work[i] = EMPTY;
        routes(
            &mut work,
            me,
            i,
            x,
            y,
            &mut Vec::new(),
            rules.chain,
            &mut captures,
        );
        work[i] = me;
    }
    let mut result: Vec<(Identity, u64)> = Vec::new();
    for c in captures {
        match result.iter_mut().find(|(k, _)| *k == c) {
            Some((_, n)) => *n += 1,
            None => result.push((c, 1)),
        }
    }
    if !result.is_empty() && rules.mandatory {
        return result;
    }
    let forward = if me == WHITE { 1 } else { -1 };
    let far_row = if me == WHITE { 4 } else { 0 };
    for i in 0..25 {
        if board[i] != me {
            continue;
        }
        let (x, y) = ((i % 5) as i32, (i / 5) as i32);
        if rules.far_row_frozen && y == far_row {
            continue;
        }
        for (dx, dy) in directions(x, y) {
            if dy == -forward && !rules.backward_steps {
                continue;
            }
            if let Some(to) = at(x + dx, y + dy)
                && board[to] == EMPTY
            {
                result.push(((i, to, Vec::new()), 1));
            }
        }
    }
    result
}

fn model_perft(board: &Board, me: u8, depth: u32, rules: ModelRules, every_route: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let list = moves(board, me, rules);
    let distinct: HashSet<&Identity> = list.iter().map(|(k, _)| k).collect();
    assert_eq!(distinct.len(), list.len(), "identities merged");
    let mut total = 0;
    for ((from, to, captured), routes) in &list {
        let mut next = *board;
        next[*from] = EMPTY;
        for &c in captured {
            next[c] = EMPTY;
        }
        next[*to] = me;
        let below = model_perft(&next, 3 - me, depth - 1, rules, every_route);
        total += below * if every_route { *routes } else { 1 };
    }
    total
}

fn compare(profile: &str, rules: ModelRules, depth: u32, every_route: bool) -> Vec<u64> {
    let game = common::load(profile);
    let position = game.start_position();
    let options = PerftOptions::default().with_if(every_route, &alquerque::KEEP_DUPLICATES);
    (1..=depth)
        .map(|d| {
            let model = model_perft(&start(), WHITE, d, rules, every_route);
            let fast = game.perft(&position, d, &options);
            assert_eq!(
                model, fast,
                "{profile} depth {d}: model {model}, crate {fast}"
            );
            if !every_route {
                let generic = board_core::game::generic_perft(&game, &position, d, &options);
                assert_eq!(model, generic, "{profile} depth {d}: generic perft");
            }
            model
        })
        .collect()
}

#[test]
fn model_reproduces_the_published_alfonso_counts() {
    let counts: Vec<u64> = (1..=5)
        .map(|d| model_perft(&start(), WHITE, d, ALFONSO, false))
        .collect();
    assert_eq!(counts, [4, 8, 33, 210, 1430]);
}

#[test]
fn model_agrees_with_the_crate_on_alfonso() {
    compare("alfonso", ALFONSO, 5, false);
}

#[test]
fn model_agrees_with_the_crate_on_the_seed_profile() {
    let counts = compare("alquerque", SEED, 6, false);
    // Depth 1 and 2 counted by hand from the rules (see tests/perft/alquerque.toml).
    assert_eq!(counts[..2], [4, 5]);
}

#[test]
fn model_agrees_with_the_crate_on_the_seed_profile_counting_every_route() {
    compare("alquerque", SEED, 6, true);
}

#[test]
fn model_agrees_with_the_crate_on_murray() {
    compare("murray", MURRAY, 5, false);
    compare("murray", MURRAY, 5, true);
}

#[test]
#[ignore = "deep: run in release"]
fn model_agrees_with_the_crate_on_the_seed_profile_deep() {
    let counts = compare("alquerque", SEED, 10, false);
    println!("alquerque@1 perft: {counts:?}");
    let routes = compare("alquerque", SEED, 10, true);
    println!("alquerque@1 perft, every route: {routes:?}");
}

#[test]
#[ignore = "deep: run in release"]
fn model_agrees_with_the_crate_on_murray_deep() {
    let counts = compare("murray", MURRAY, 7, false);
    println!("murray@1 perft 1..7: {counts:?}");
    let routes = compare("murray", MURRAY, 7, true);
    println!("murray@1 perft 1..7, every route: {routes:?}");
}
