//! The conformance suite every game runs in its tests: properties that hold
//! for any correct game, checked on random playouts: notation round trips
//! need [`Notation`], perft agreement [`Perft`].
//!
//! Each check returns `Err` with a description of the first violation, so a
//! game's test can `assert!(… .is_ok())` with the message shown.

use crate::game::{GameRules, Notation, Perft, generic_perft};
use crate::options::{NO_BULK, PerftOptions};

/// A small deterministic random generator (xorshift64*), so playouts are
/// reproducible from a seed without a dependency.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a seed (0 is replaced by a fixed constant).
    pub fn new(seed: u64) -> Rng {
        Rng(if seed == 0 {
            0x9E37_79B9_7F4A_7C15
        } else {
            seed
        })
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Checks one position: the position notation round-trips; every legal move
/// round-trips through its notation (written, parsed back, the same move) and
/// can be played; a position won on the board has no moves and a position
/// without moves has an outcome.
pub fn check_position<G: Notation>(game: &G, position: &G::Position) -> Result<(), String> {
    let fen = game.write_position(position);
    match game.parse_position(&fen) {
        Ok(back) if back == *position => {}
        Ok(back) => {
            return Err(format!(
                "position notation does not round-trip: `{fen}` reads back as `{}`",
                game.write_position(&back)
            ));
        }
        Err(e) => return Err(format!("position notation `{fen}` does not parse: {e}")),
    }
    let mut moves = Vec::new();
    game.legal_moves(position, &mut moves);
    let outcome = game.outcome(position);
    if moves.is_empty() && outcome.is_none() {
        return Err(format!("`{fen}`: no legal move but no outcome"));
    }
    if matches!(outcome, Some(crate::Outcome::Win { .. })) && !moves.is_empty() {
        return Err(format!(
            "`{fen}`: the game is won but {} moves are generated",
            moves.len()
        ));
    }
    for (i, mv) in moves.iter().enumerate() {
        if moves[..i].contains(mv) {
            return Err(format!("`{fen}`: move {mv:?} generated twice"));
        }
        let text = game.write_move(position, mv);
        match game.parse_move(position, &text) {
            Ok(back) if back == *mv => {}
            Ok(back) => {
                return Err(format!(
                    "`{fen}`: `{text}` parses back as another move ({back:?} instead of {mv:?})"
                ));
            }
            Err(e) => return Err(format!("`{fen}`: `{text}` does not parse back: {e}")),
        }
        let mut next = position.clone();
        game.play(&mut next, mv);
    }
    Ok(())
}

/// Plays `games` random games of at most `max_plies` plies from `start`,
/// running [`check_position`] on every position reached. Returns the number
/// of positions checked.
pub fn random_playouts<G: Notation>(
    game: &G,
    start: &G::Position,
    games: usize,
    max_plies: usize,
    seed: u64,
) -> Result<usize, String> {
    for_each_playout_position(game, start, games, max_plies, seed, |position, _| {
        check_position(game, position)
    })
}

/// Plays `games` random games (seeded) of at most `max_plies` plies from
/// `start` and calls `visit` with every position reached and its legal
/// moves; a game stops where it has no move or is over. Returns the number
/// of positions visited, or the first error `visit` gives.
///
/// ```
/// use board_core::conformance::for_each_playout_position;
/// # fn demo<G: board_core::GameRules>(game: &G, start: &G::Position) {
/// let visited = for_each_playout_position(game, start, 3, 40, 1, |_, moves| {
///     // Something to hold of every position of random games.
///     Ok::<(), String>(assert!(moves.len() < 10_000))
/// });
/// assert!(visited.is_ok());
/// # }
/// ```
pub fn for_each_playout_position<G: GameRules, E>(
    game: &G,
    start: &G::Position,
    games: usize,
    max_plies: usize,
    seed: u64,
    mut visit: impl FnMut(&G::Position, &[G::Move]) -> Result<(), E>,
) -> Result<usize, E> {
    let mut rng = Rng::new(seed);
    let mut visited = 0;
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut position = start.clone();
        for _ in 0..max_plies {
            moves.clear();
            game.legal_moves(&position, &mut moves);
            visit(&position, &moves)?;
            visited += 1;
            if moves.is_empty() || game.outcome(&position).is_some() {
                break;
            }
            let mv = &moves[rng.below(moves.len())];
            game.play(&mut position, mv);
        }
    }
    Ok(visited)
}

/// Checks that the game's perft agrees with itself split by the first move
/// (perft(n) = Σ perft(n−1) over the moves), with its own split
/// ([`Perft::perft_split`]) and with [`generic_perft`].
pub fn check_perft<G: Perft>(
    game: &G,
    position: &G::Position,
    depth: u32,
    options: &PerftOptions,
) -> Result<(), String> {
    let total = game.perft(position, depth, options);
    let reference = generic_perft(game, position, depth, options);
    // A game's own convention (counting duplicate routes, removals as
    // plies) counts something else than moves: only the count of moves is
    // compared with generating and playing them.
    let moves_counted = options.names().all(|name| name == NO_BULK.name);
    if moves_counted && total != reference {
        return Err(format!(
            "perft({depth}) = {total} but generating and playing gives {reference}"
        ));
    }
    // The split that threads share out counts the same tree, under every
    // convention.
    let split = game.perft_split(position, depth, options);
    let parts = split.counted
        + split
            .subtrees
            .iter()
            .map(|s| s.weight * game.perft(&s.position, s.depth, options))
            .sum::<u64>();
    if parts != total {
        return Err(format!(
            "perft({depth}) = {total} but its split counts {parts} ({} subtrees)",
            split.subtrees.len()
        ));
    }
    if depth == 0 {
        return Ok(());
    }
    let mut moves = Vec::new();
    game.legal_moves(position, &mut moves);
    if moves_counted {
        let divided: u64 = moves
            .iter()
            .map(|mv| {
                let mut next = position.clone();
                game.play(&mut next, mv);
                game.perft(&next, depth - 1, options)
            })
            .sum();
        if divided != total {
            return Err(format!(
                "perft({depth}) = {total} but the sum over the first moves is {divided}"
            ));
        }
    }
    Ok(())
}

/// Every compiled-in profile of `G` loads by `name@N` and is the profile
/// asked for; each name without a version loads its newest version; an
/// unknown name, an unknown version and another game's reference are
/// errors of their kind.
pub fn builtin_profiles_load<G: crate::Builtin>() -> Result<(), String> {
    use crate::ProfileError;
    let ids = G::builtin_profiles().map_err(|e| format!("the compiled-in profiles: {e}"))?;
    if ids.len() != G::PROFILES.len() {
        return Err(format!(
            "{} profile files but {} profiles",
            G::PROFILES.len(),
            ids.len()
        ));
    }
    for id in &ids {
        let game =
            G::builtin(&format!("{}@{}", id.name, id.version)).map_err(|e| format!("{id}: {e}"))?;
        if game.header().id() != *id {
            return Err(format!("{id} loaded {}", game.header().id()));
        }
        let newest = G::builtin(&id.name).map_err(|e| format!("{}: {e}", id.name))?;
        let last = ids
            .iter()
            .filter(|i| i.name == id.name)
            .map(|i| i.version)
            .max();
        if Some(newest.header().version) != last {
            return Err(format!("{} is not its newest version", id.name));
        }
    }
    let Some(first) = ids.first() else {
        return Err("no compiled-in profile".into());
    };
    match G::builtin("no-such-profile") {
        Err(ProfileError::UnknownProfile { .. }) => {}
        other => return Err(format!("an unknown name gave {:?}", other.err())),
    }
    match G::builtin(&format!("{}@999", first.name)) {
        Err(ProfileError::UnknownVersion { .. }) => {}
        other => return Err(format!("an unknown version gave {:?}", other.err())),
    }
    match G::builtin(&format!("other-game/{}", first.name)) {
        Err(ProfileError::BadReference { .. }) => {}
        other => return Err(format!("another game's reference gave {:?}", other.err())),
    }
    Ok(())
}
