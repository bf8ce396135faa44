use super::*;
use board_core::Ending;

/// Take 1, 2 or 3 stones; who takes the last one wins. The side to move
/// wins exactly when the pile is no multiple of four, by leaving one.
struct Nim;

impl GameRules for Nim {
    type Position = (u32, Side);
    type Move = u32;
    fn side_to_move(&self, p: &(u32, Side)) -> Side {
        p.1
    }
    fn legal_moves(&self, p: &(u32, Side), moves: &mut Vec<u32>) {
        moves.extend((1..=3).filter(|&n| n <= p.0));
    }
    fn play(&self, p: &mut (u32, Side), n: &u32) {
        *p = (p.0 - n, p.1.opposite());
    }
    fn outcome(&self, p: &(u32, Side)) -> Option<Outcome> {
        (p.0 == 0).then(|| Outcome::Win {
            winner: p.1.opposite(),
            reason: "took the last stone".into(),
        })
    }
}

impl Adjudication for Nim {
    type Clock = ();
}

/// Three moves a turn, forever: no end on the board. With `limit`, a draw
/// after that many plies, automatic or (with `claim`) only on a claim.
struct Endless {
    limit: Option<u32>,
    claim: bool,
}

impl GameRules for Endless {
    type Position = (u64, Side);
    type Move = u64;
    fn side_to_move(&self, p: &(u64, Side)) -> Side {
        p.1
    }
    fn legal_moves(&self, _: &(u64, Side), moves: &mut Vec<u64>) {
        moves.extend([1, 2, 3]);
    }
    fn play(&self, p: &mut (u64, Side), n: &u64) {
        *p = (p.0.wrapping_mul(7).wrapping_add(*n), p.1.opposite());
    }
    fn outcome(&self, _: &(u64, Side)) -> Option<Outcome> {
        None
    }
}

impl Adjudication for Endless {
    type Clock = u32;
    fn advance(&self, clock: &mut u32, _: &(u64, Side), _: &u64, _: &(u64, Side)) {
        *clock += 1;
    }
    fn rule_ending(&self, clock: &u32, _: &(u64, Side)) -> Option<Ending> {
        let limit = self.limit?;
        (*clock >= limit).then(|| Ending {
            outcome: Outcome::Draw {
                reason: format!("{limit} plies"),
            },
            citation: None,
            claim: self.claim,
        })
    }
}

fn budget(n: u64) -> Settings {
    Settings {
        budget: Budget::iterations(n),
        ..Settings::default()
    }
}

#[test]
fn it_finds_the_move_that_leaves_a_multiple_of_four() {
    for (stones, best) in [(5, 1), (6, 2), (7, 3), (9, 1), (10, 2)] {
        let choice =
            search(&Nim, &(stones, Side::Black), &(), &budget(4000)).expect("the game goes on");
        assert_eq!(choice.mv, best, "{stones} stones");
        assert_eq!(choice.playouts, 4000);
        let stats = choice
            .moves
            .iter()
            .find(|m| m.mv == best)
            .expect("the best move was tried");
        assert!(stats.score > 0.5, "{stones} stones: {stats:?}");
    }
}

#[test]
fn a_move_that_wins_at_once_is_played_without_search() {
    let choice = search(&Nim, &(3, Side::White), &(), &budget(100)).expect("not over");
    assert_eq!(choice.mv, 3);
    assert_eq!(choice.playouts, 0);
}

#[test]
fn the_only_legal_move_is_played_without_search() {
    let choice = search(&Nim, &(1, Side::White), &(), &budget(100)).expect("not over");
    assert_eq!((choice.mv, choice.playouts), (1, 0));
}

#[test]
fn the_move_chosen_is_always_legal_and_the_budget_is_kept() {
    for stones in 2..30 {
        for seed in 1..4 {
            let settings = Settings { seed, ..budget(50) };
            let position = (stones, Side::White);
            let choice = search(&Nim, &position, &(), &settings).expect("not over");
            let mut legal = Vec::new();
            Nim.legal_moves(&position, &mut legal);
            assert!(legal.contains(&choice.mv), "{stones}: {}", choice.mv);
            assert!(choice.playouts == 50 || choice.playouts == 0);
            let visits: u64 = choice.moves.iter().map(|m| m.visits).sum();
            assert_eq!(visits, choice.playouts);
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_search() {
    let game = Endless {
        limit: None,
        claim: false,
    };
    let settings = Settings {
        seed: 42,
        playout_cap: 20,
        ..budget(200)
    };
    let a = search(&game, &(0, Side::White), &0, &settings).expect("not over");
    let b = search(&game, &(0, Side::White), &0, &settings).expect("not over");
    assert_eq!(a, b);
}

#[test]
fn every_playout_ends_at_the_cap_in_a_game_without_end() {
    let game = Endless {
        limit: None,
        claim: false,
    };
    let settings = Settings {
        playout_cap: 30,
        ..budget(100)
    };
    let choice = search(&game, &(0, Side::White), &0, &settings).expect("not over");
    assert!([1, 2, 3].contains(&choice.mv));
    assert_eq!(choice.playouts, 100);
    assert!(choice.plies <= 100 * 30, "{} plies", choice.plies);
    assert!(choice.plies > 0);
    // Every playout is a draw: every score is one half.
    assert!(choice.moves.iter().all(|m| (m.score - 0.5).abs() < 1e-9));
}

#[test]
fn an_automatic_rule_ending_ends_the_game_and_the_playouts() {
    let game = Endless {
        limit: Some(6),
        claim: false,
    };
    let at_limit = search(&game, &(0, Side::White), &6, &budget(10));
    assert_eq!(at_limit, Err(SearchError::Over("6 plies".into())));
    let choice = search(&game, &(0, Side::White), &0, &budget(100)).expect("not over");
    // Tree and playouts stop at the sixth ply: never more than six plies
    // are played out from the root's children.
    assert!(choice.plies <= 100 * 6, "{} plies", choice.plies);
}

#[test]
fn a_draw_that_is_only_claimed_does_not_end_the_game() {
    let game = Endless {
        limit: Some(2),
        claim: true,
    };
    let settings = Settings {
        playout_cap: 10,
        ..budget(20)
    };
    let choice = search(&game, &(0, Side::White), &5, &settings).expect("a claim is no end");
    assert_eq!(choice.playouts, 20);
}

#[test]
fn an_ended_game_or_an_empty_budget_is_refused() {
    assert_eq!(
        search(&Nim, &(0, Side::White), &(), &budget(10)),
        Err(SearchError::Over("took the last stone".into()))
    );
    let none = Settings {
        budget: Budget::default(),
        ..Settings::default()
    };
    assert_eq!(
        search(&Nim, &(8, Side::White), &(), &none),
        Err(SearchError::NoBudget)
    );
}

#[test]
fn a_time_budget_still_makes_one_playout() {
    let settings = Settings {
        budget: Budget::time(Duration::ZERO),
        ..Settings::default()
    };
    let choice = search(&Nim, &(8, Side::White), &(), &settings).expect("not over");
    assert_eq!(choice.playouts, 1);
}

#[test]
fn a_full_tree_stops_growing_and_goes_on_playing_out() {
    let settings = Settings {
        max_nodes: 4,
        ..budget(300)
    };
    let choice = search(&Nim, &(13, Side::White), &(), &settings).expect("not over");
    assert_eq!(choice.playouts, 300);
    assert!(choice.moves.len() <= 3);
}
