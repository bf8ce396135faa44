#![doc = include_str!("../README.md")]

use board_core::conformance::Rng;
use board_core::{Adjudication, GameRules, Outcome, Side};
use std::time::{Duration, Instant};

/// How long a search may run: a number of playouts, a time, or both (the
/// first reached ends it). At least one playout is always made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Playouts at most.
    pub iterations: Option<u64>,
    /// Wall-clock time at most.
    pub time: Option<Duration>,
}

impl Budget {
    /// A budget of `n` playouts: the same seed gives the same search.
    pub fn iterations(n: u64) -> Budget {
        Budget {
            iterations: Some(n),
            time: None,
        }
    }

    /// A budget of `time`.
    pub fn time(time: Duration) -> Budget {
        Budget {
            iterations: None,
            time: Some(time),
        }
    }
}

/// The settings of a search.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Settings {
    /// How long to search.
    pub budget: Budget,
    /// The seed of the random playouts: with a budget of iterations, the
    /// same seed gives the same move.
    pub seed: u64,
    /// Plies a playout plays at most; one that reaches it counts as a draw
    /// (so every playout ends, whatever the game).
    pub playout_cap: u32,
    /// The exploration constant of the UCT formula (√2 in theory).
    pub exploration: f64,
    /// Tree nodes kept at most (each holds a position); once reached the
    /// tree stops growing and the playouts go on from its leaves.
    pub max_nodes: usize,
}

impl Default for Settings {
    /// 1,000 playouts, seed 1, playouts of at most 400 plies, exploration
    /// √2, at most 200,000 nodes.
    fn default() -> Settings {
        Settings {
            budget: Budget::iterations(1000),
            seed: 1,
            playout_cap: 400,
            exploration: std::f64::consts::SQRT_2,
            max_nodes: 200_000,
        }
    }
}

/// Why no move was chosen.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SearchError {
    /// The game is over at the root: on the board or by an automatic rule
    /// ending (a draw a player may only claim does not end it).
    #[error("the game is over: {0}")]
    Over(String),
    /// The budget allows nothing: neither iterations nor a time given.
    #[error("no budget: give a number of iterations or a time")]
    NoBudget,
}

/// What the search found for one legal move of the root.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStats<M> {
    /// The move.
    pub mv: M,
    /// Playouts through it.
    pub visits: u64,
    /// Its mean result for the side to move at the root: 1 a win, ½ a
    /// draw, 0 a loss.
    pub score: f64,
}

/// The move chosen and how the search went.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice<M> {
    /// The move to play: the most visited at the root (or the only legal
    /// one, or one that wins at once).
    pub mv: M,
    /// Playouts made.
    pub playouts: u64,
    /// Plies played in the playouts, in all (at most `playouts ×
    /// playout_cap`).
    pub plies: u64,
    /// The root's moves that were tried, in the order they were first
    /// tried.
    pub moves: Vec<MoveStats<M>>,
}

/// The result of a game: the winner, `None` for a draw.
type Winner = Option<Side>;

fn winner(outcome: &Outcome) -> Winner {
    match outcome {
        Outcome::Win { winner, .. } => Some(*winner),
        Outcome::Draw { .. } => None,
    }
}

/// The end of the game at `position`, if it is over: the board's outcome
/// first, then an automatic rule ending; with no legal move and no outcome
/// (which a correct game never gives), a draw.
fn end<G: GameRules + Adjudication>(
    game: &G,
    clock: &G::Clock,
    position: &G::Position,
    no_move: bool,
) -> Option<Winner> {
    if let Some(o) = game.outcome(position) {
        return Some(winner(&o));
    }
    if no_move {
        return Some(None);
    }
    game.rule_ending(clock, position)
        .filter(|e| !e.claim)
        .map(|e| winner(&e.outcome))
}

struct Node<G: GameRules + Adjudication> {
    position: G::Position,
    clock: G::Clock,
    /// The move from the parent; `None` at the root.
    mv: Option<G::Move>,
    parent: Option<usize>,
    /// Who played `mv` (the results are counted for that side).
    mover: Side,
    children: Vec<usize>,
    /// Legal moves not yet made into children.
    untried: Vec<G::Move>,
    /// `Some` when the game is over here.
    end: Option<Winner>,
    visits: u64,
    score: f64,
}

/// Monte Carlo tree search (UCT with random playouts) over any game: the
/// rules core gives the moves and the end on the board, [`Adjudication`]
/// the draws by rules that need a game's history. No evaluation of
/// positions is written for any game.
///
/// ```
/// use board_core::{Adjudication, GameRules, Outcome, Side};
/// use board_mcts::{Budget, Settings, search};
///
/// /// Take 1, 2 or 3 stones; who takes the last one wins.
/// struct Nim;
///
/// impl GameRules for Nim {
///     type Position = (u32, Side);
///     type Move = u32;
///     fn side_to_move(&self, p: &(u32, Side)) -> Side { p.1 }
///     fn legal_moves(&self, p: &(u32, Side), moves: &mut Vec<u32>) {
///         moves.extend((1..=3).filter(|&n| n <= p.0));
///     }
///     fn play(&self, p: &mut (u32, Side), n: &u32) {
///         *p = (p.0 - n, p.1.opposite());
///     }
///     fn outcome(&self, p: &(u32, Side)) -> Option<Outcome> {
///         (p.0 == 0).then(|| Outcome::Win { winner: p.1.opposite(), reason: "last stone".into() })
///     }
/// }
/// impl Adjudication for Nim { type Clock = (); }
///
/// let settings = Settings { budget: Budget::iterations(3000), ..Settings::default() };
/// let choice = search(&Nim, &(6, Side::White), &(), &settings)?;
/// assert_eq!(choice.mv, 2); // leaves a multiple of four
/// assert_eq!(choice.playouts, 3000);
/// # Ok::<(), board_mcts::SearchError>(())
/// ```
pub fn search<G: GameRules + Adjudication>(
    game: &G,
    position: &G::Position,
    clock: &G::Clock,
    settings: &Settings,
) -> Result<Choice<G::Move>, SearchError> {
    if settings.budget.iterations.is_none() && settings.budget.time.is_none() {
        return Err(SearchError::NoBudget);
    }
    let started = Instant::now();
    let out_of_time = || settings.budget.time.is_some_and(|t| started.elapsed() >= t);
    let mut moves = Vec::new();
    game.legal_moves(position, &mut moves);
    if let Some(o) = game.outcome(position) {
        return Err(SearchError::Over(reason(&o)));
    }
    if let Some(e) = game.rule_ending(clock, position).filter(|e| !e.claim) {
        return Err(SearchError::Over(e.rule()));
    }
    let side = game.side_to_move(position);
    let Some(first) = moves.first() else {
        return Err(SearchError::Over("no legal move".to_string()));
    };
    if moves.len() == 1 {
        return Ok(Choice {
            mv: first.clone(),
            playouts: 0,
            plies: 0,
            moves: Vec::new(),
        });
    }
    // A move that wins at once needs no search (looked for within the
    // time budget: where every move has many replies, this takes a while).
    for mv in &moves {
        if out_of_time() {
            break;
        }
        let mut next = position.clone();
        game.play(&mut next, mv);
        let mut next_clock = clock.clone();
        game.advance(&mut next_clock, position, mv, &next);
        if end(game, &next_clock, &next, false) == Some(Some(side)) {
            return Ok(Choice {
                mv: mv.clone(),
                playouts: 0,
                plies: 0,
                moves: Vec::new(),
            });
        }
    }
    let mut tree = Tree {
        game,
        settings,
        rng: Rng::new(settings.seed),
        nodes: vec![Node {
            position: position.clone(),
            clock: clock.clone(),
            mv: None,
            parent: None,
            mover: side.opposite(),
            children: Vec::new(),
            untried: moves,
            end: None,
            visits: 0,
            score: 0.0,
        }],
        scratch: Vec::new(),
        plies: 0,
    };
    let mut playouts = 0u64;
    loop {
        tree.iterate();
        playouts += 1;
        let out_of_iterations = settings.budget.iterations.is_some_and(|n| playouts >= n);
        if out_of_iterations || out_of_time() {
            break;
        }
    }
    tree.choice(playouts)
}

fn reason(outcome: &Outcome) -> String {
    match outcome {
        Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason.clone(),
    }
}

struct Tree<'a, G: GameRules + Adjudication> {
    game: &'a G,
    settings: &'a Settings,
    rng: Rng,
    nodes: Vec<Node<G>>,
    /// A buffer for move generation.
    scratch: Vec<G::Move>,
    plies: u64,
}

impl<G: GameRules + Adjudication> Tree<'_, G> {
    /// One playout: select, expand, play out, back up.
    fn iterate(&mut self) {
        let mut at = 0;
        loop {
            let node = &self.nodes[at];
            let can_grow = self.nodes.len() < self.settings.max_nodes;
            if node.end.is_some()
                || node.children.is_empty()
                || (can_grow && !node.untried.is_empty())
            {
                break;
            }
            at = self.select(at);
        }
        if self.nodes[at].end.is_none()
            && !self.nodes[at].untried.is_empty()
            && self.nodes.len() < self.settings.max_nodes
        {
            at = self.expand(at);
        }
        let result = match self.nodes[at].end {
            Some(result) => result,
            None => self.playout(at),
        };
        let mut next = Some(at);
        while let Some(i) = next {
            let node = &mut self.nodes[i];
            node.visits += 1;
            node.score += match result {
                Some(w) if w == node.mover => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            next = node.parent;
        }
    }

    /// The child of `at` with the highest upper confidence bound.
    fn select(&self, at: usize) -> usize {
        let parent = &self.nodes[at];
        let log = (parent.visits.max(1) as f64).ln();
        let mut best = (f64::NEG_INFINITY, at);
        for &c in &parent.children {
            let child = &self.nodes[c];
            let visits = child.visits.max(1) as f64;
            let value = child.score / visits + self.settings.exploration * (log / visits).sqrt();
            if value > best.0 {
                best = (value, c);
            }
        }
        best.1
    }

    /// Makes one untried move of `at` into a child; the child's index.
    fn expand(&mut self, at: usize) -> usize {
        let pick = self.rng.below(self.nodes[at].untried.len());
        let mv = self.nodes[at].untried.swap_remove(pick);
        let parent = &self.nodes[at];
        let mut position = parent.position.clone();
        self.game.play(&mut position, &mv);
        let mut clock = parent.clock.clone();
        self.game
            .advance(&mut clock, &parent.position, &mv, &position);
        let mover = self.game.side_to_move(&parent.position);
        self.scratch.clear();
        self.game.legal_moves(&position, &mut self.scratch);
        let end = end(self.game, &clock, &position, self.scratch.is_empty());
        let untried = if end.is_some() {
            Vec::new()
        } else {
            self.scratch.clone()
        };
        let index = self.nodes.len();
        self.nodes.push(Node {
            position,
            clock,
            mv: Some(mv),
            parent: Some(at),
            mover,
            children: Vec::new(),
            untried,
            end,
            visits: 0,
            score: 0.0,
        });
        self.nodes[at].children.push(index);
        index
    }

    /// Random moves from the position of `at` until the game ends or the
    /// cap is reached (a draw).
    fn playout(&mut self, at: usize) -> Winner {
        let game = self.game;
        let mut position = self.nodes[at].position.clone();
        let mut before = position.clone();
        let mut clock = self.nodes[at].clock.clone();
        for _ in 0..self.settings.playout_cap {
            self.scratch.clear();
            game.legal_moves(&position, &mut self.scratch);
            if let Some(result) = end(game, &clock, &position, self.scratch.is_empty()) {
                return result;
            }
            let mv = &self.scratch[self.rng.below(self.scratch.len())];
            before.clone_from(&position);
            game.play(&mut position, mv);
            game.advance(&mut clock, &before, mv, &position);
            self.plies += 1;
        }
        None
    }

    /// The most visited move of the root (ties: the better score, then the
    /// one tried first).
    fn choice(self, playouts: u64) -> Result<Choice<G::Move>, SearchError> {
        let root = &self.nodes[0];
        let moves: Vec<MoveStats<G::Move>> = root
            .children
            .iter()
            .filter_map(|&c| {
                let child = &self.nodes[c];
                let mv = child.mv.clone()?;
                Some(MoveStats {
                    mv,
                    visits: child.visits,
                    score: child.score / child.visits.max(1) as f64,
                })
            })
            .collect();
        let best = moves
            .iter()
            .fold(None::<&MoveStats<G::Move>>, |best, m| match best {
                Some(b) if (b.visits, b.score) >= (m.visits, m.score) => Some(b),
                _ => Some(m),
            });
        let mv = match best {
            Some(b) => b.mv.clone(),
            // Unreachable with one playout made, but no panic either.
            None => root
                .untried
                .first()
                .cloned()
                .ok_or_else(|| SearchError::Over("no legal move".to_string()))?,
        };
        Ok(Choice {
            mv,
            playouts,
            plies: self.plies,
            moves,
        })
    }
}

#[cfg(test)]
mod tests;
