//! Invariants of every game engine on every embedded profile, on random
//! playouts (proptest draws the seeds): every generated move is played and
//! round-trips through its notation; every position written parses back to
//! itself; perft(n) is the sum of perft(n−1) over the moves (divide); a
//! finished game has no moves; and the number of pieces on the board changes
//! only by what the move records (captures, removals, placements).
//!
//! The debug suite runs 40 playouts per profile (2 for lingqi, whose
//! positions have hundreds of turns); the `#[ignore]`d tests (release, in
//! CI) run 1,000 of ≤ 300 plies per profile (6 of 60 plies for lingqi, every 13th move).

use board_core::conformance::Rng;
use board_core::prelude::*;
use board_core::{PerftOptions, ProfileSource};
use boardctl::registry::embedded_catalog;
use proptest::prelude::*;

/// How a game's pieces are counted and what a move says it changes.
trait Accounting: Game {
    /// Pieces on the board, both sides.
    fn on_board(&self, position: &Self::Position) -> i64;
    /// The change in [`Accounting::on_board`] the move records (placements
    /// add one, captures and removals take one each).
    fn recorded_change(&self, position: &Self::Position, mv: &Self::Move) -> i64;
}

/// The comma-separated entries of the FEN fields at the indices `fields`
/// (fields split by `:`).
fn fen_entries(fen: &str, fields: &[usize]) -> i64 {
    let parts: Vec<&str> = fen.split(':').collect();
    fields
        .iter()
        .map(|&i| {
            let field = parts.get(i).copied().unwrap_or("");
            field.split(',').filter(|e| !e.trim().is_empty()).count() as i64
        })
        .sum()
}

/// The men of a `W:Wa1,d1:Bd6…` position (morris, alquerque): the entries
/// of the fields after the first that start with `W` or `B`.
fn lettered_entries(fen: &str) -> i64 {
    fen.split(':')
        .skip(1)
        .filter(|f| f.starts_with('W') || f.starts_with('B'))
        .map(|f| f[1..].split(',').filter(|e| !e.is_empty()).count() as i64)
        .sum()
}

impl Accounting for russian_draughts::Draughts {
    fn on_board(&self, p: &Self::Position) -> i64 {
        self.pieces(p).len() as i64
    }
    fn recorded_change(&self, _: &Self::Position, mv: &Self::Move) -> i64 {
        -(self.move_captured(mv).len() as i64)
    }
}

impl Accounting for morris::Morris {
    fn on_board(&self, p: &Self::Position) -> i64 {
        // `W:Wa1,d1:Bd6:...`
        lettered_entries(&self.write_position(p))
    }
    fn recorded_change(&self, p: &Self::Position, mv: &Self::Move) -> i64 {
        let written = self.write_move(p, mv);
        let removals = written.matches('x').count();
        assert_eq!(
            removals,
            mv.removals().len(),
            "`{written}`: the notation and the move disagree on removals"
        );
        i64::from(mv.is_placement()) - removals as i64
    }
}

impl Accounting for alquerque::Alquerque {
    fn on_board(&self, p: &Self::Position) -> i64 {
        // `W:Wa1,…:Ba3,…[:N12][:Hb2]`
        lettered_entries(&self.write_position(p))
    }
    fn recorded_change(&self, _: &Self::Position, mv: &Self::Move) -> i64 {
        -(mv.captured().count() as i64) - i64::from(mv.huff().is_some())
    }
}

impl Accounting for lingqi::Lingqi {
    fn on_board(&self, p: &Self::Position) -> i64 {
        // `S:<South's pieces>:<North's pieces>:<turn>`
        fen_entries(&self.write_position(p), &[1, 2])
    }
    fn recorded_change(&self, p: &Self::Position, mv: &Self::Move) -> i64 {
        let mut next = p.clone();
        match self.play_turn(&mut next, mv) {
            lingqi::Fate::Arrived => 0,
            lingqi::Fate::Captured(_) | lingqi::Fate::FellInZone | lingqi::Fate::LostAttack => -1,
        }
    }
}

/// Every embedded profile of `G`, loaded.
fn profiles<G: Game>() -> Vec<(String, G)> {
    let catalog = embedded_catalog().expect("embedded profiles load");
    let sources: Vec<ProfileSource> = catalog
        .sources()
        .iter()
        .filter(|s| s.header.game == G::GAME)
        .cloned()
        .collect();
    assert!(!sources.is_empty(), "no profile of {}", G::GAME);
    sources
        .iter()
        .map(|s| {
            let game = G::from_profile(s).expect("embedded profile loads");
            (s.header.id().to_string(), game)
        })
        .collect()
}

/// Checks every invariant on one position, on every move or (games with
/// hundreds of moves per position, in debug) on every `stride`-th one;
/// `Err` names the violation.
fn check_position<G: Accounting>(
    game: &G,
    position: &G::Position,
    stride: usize,
) -> Result<(), String> {
    let fen = game.write_position(position);
    match game.parse_position(&fen) {
        Ok(back) if back == *position => {}
        Ok(back) => {
            return Err(format!(
                "`{fen}` reads back as `{}`",
                game.write_position(&back)
            ));
        }
        Err(e) => return Err(format!("`{fen}` does not parse: {e}")),
    }
    let mut moves = Vec::new();
    game.legal_moves(position, &mut moves);
    if let Some(outcome) = game.outcome(position) {
        if !moves.is_empty() {
            return Err(format!(
                "`{fen}` is finished ({outcome:?}) but has {} moves",
                moves.len()
            ));
        }
    }
    let before = game.on_board(position);
    for mv in moves.iter().step_by(stride) {
        let text = game.write_move(position, mv);
        match game.parse_move(position, &text) {
            Ok(back) if back == *mv => {}
            Ok(back) => {
                return Err(format!(
                    "`{fen}`: `{text}` reads back as {back:?}, not {mv:?}"
                ));
            }
            Err(e) => return Err(format!("`{fen}`: `{text}` does not read back: {e}")),
        }
        let mut next = position.clone();
        game.play(&mut next, mv);
        let change = game.on_board(&next) - before;
        let recorded = game.recorded_change(position, mv);
        if change != recorded {
            return Err(format!(
                "`{fen}`: `{text}` changes the pieces on the board by {change}, the move records {recorded}"
            ));
        }
    }
    Ok(())
}

/// perft(depth) = Σ over the moves of perft(depth − 1), with the game's
/// own perft on both sides.
fn check_divide<G: Game>(game: &G, position: &G::Position, depth: u32) -> Result<(), String> {
    let options = PerftOptions::default();
    let total = game.perft(position, depth, &options);
    let mut moves = Vec::new();
    game.legal_moves(position, &mut moves);
    let divided: u64 = moves
        .iter()
        .map(|mv| {
            let mut next = position.clone();
            game.play(&mut next, mv);
            game.perft(&next, depth - 1, &options)
        })
        .sum();
    if total != divided {
        return Err(format!(
            "`{}`: perft({depth}) = {total}, divided {divided}",
            game.write_position(position)
        ));
    }
    Ok(())
}

/// How much of each playout is checked.
#[derive(Clone, Copy)]
struct Budget {
    /// Plies per playout at most.
    plies: usize,
    /// perft(2) is divided every this many plies.
    divide_every: usize,
    /// Every this many moves of a position are checked (1: all).
    stride: usize,
}

/// One random playout on every profile of `G`, checking every position.
fn playout<G: Accounting>(
    profiles: &[(String, G)],
    seed: u64,
    budget: Budget,
) -> Result<(), String> {
    let Budget {
        plies: max_plies,
        divide_every,
        stride,
    } = budget;
    for (name, game) in profiles {
        let mut rng = Rng::new(seed);
        let mut position = game.start_position();
        let mut moves = Vec::new();
        for ply in 0..max_plies {
            check_position(game, &position, stride)
                .map_err(|e| format!("{name}, seed {seed}: {e}"))?;
            if (ply + 1) % divide_every == 0 {
                check_divide(game, &position, 2)
                    .map_err(|e| format!("{name}, seed {seed}: {e}"))?;
            }
            moves.clear();
            game.legal_moves(&position, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())].clone();
            game.play(&mut position, &mv);
        }
    }
    Ok(())
}

macro_rules! invariants {
    ($name:ident, $deep:ident, $ty:ty, $cases:expr, $budget:expr, $deep_games:expr, $deep_budget:expr) => {
        proptest! {
            #![proptest_config(ProptestConfig::with_cases($cases))]
            #[test]
            fn $name(seed in any::<u64>()) {
                thread_local! {
                    static PROFILES: Vec<(String, $ty)> = profiles::<$ty>();
                }
                PROFILES.with(|p| {
                    if let Err(e) = playout(p, seed, $budget) {
                        panic!("{e}");
                    }
                });
            }
        }

        #[test]
        #[ignore = "thousands of playouts per profile: run in release"]
        fn $deep() {
            let profiles = profiles::<$ty>();
            for seed in 1..=$deep_games {
                if let Err(e) = playout(&profiles, seed * 0x9E37_79B9, $deep_budget) {
                    panic!("{e}");
                }
            }
        }
    };
}

const SMALL: Budget = Budget {
    plies: 100,
    divide_every: 25,
    stride: 1,
};
const LARGE: Budget = Budget {
    plies: 300,
    divide_every: 7,
    stride: 1,
};

invariants!(
    draughts_invariants,
    draughts_invariants_deep,
    russian_draughts::Draughts,
    40,
    SMALL,
    1000u64,
    LARGE
);
invariants!(
    morris_invariants,
    morris_invariants_deep,
    morris::Morris,
    40,
    SMALL,
    1000u64,
    LARGE
);
invariants!(
    alquerque_invariants,
    alquerque_invariants_deep,
    alquerque::Alquerque,
    40,
    SMALL,
    1000u64,
    LARGE
);
invariants!(
    lingqi_invariants,
    lingqi_invariants_deep,
    lingqi::Lingqi,
    2,
    Budget {
        plies: 20,
        divide_every: 1000,
        stride: 53
    },
    6u64,
    Budget {
        plies: 60,
        divide_every: 30,
        stride: 13
    }
);
