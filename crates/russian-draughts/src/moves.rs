//! Moves with their paths: every capture route, the legal moves among them
//! (each once), and how they are written.

use crate::movegen::{Engine, RouteSink};
use crate::path::Path;
use crate::position::Position;

/// A legal move: where the piece starts, every square it lands on (the last
/// is where it stops), what it captures and whether it is crowned. Its
/// squares are read as nodes through [`Draughts::move_from`](crate::Draughts::move_from),
/// [`Draughts::move_landings`](crate::Draughts::move_landings) and
/// [`Draughts::move_captured`](crate::Draughts::move_captured).
///
/// Two routes with the same start, end, captured pieces and crowning are the
/// same move (they leave the same position), so equality ignores the
/// intermediate squares; the path kept is the first route found.
#[derive(Clone, Debug, Eq)]
pub struct Move {
    /// Bit of the start square.
    pub(crate) from: u8,
    /// Bits of the landing squares in order; one square for a plain move.
    pub(crate) path: Path,
    /// The captured pieces (bitboard).
    pub(crate) captured: u64,
    /// Whether a man is crowned.
    pub(crate) promote: bool,
    /// Whether a king moves.
    pub(crate) by_king: bool,
}

impl PartialEq for Move {
    fn eq(&self, other: &Move) -> bool {
        self.from == other.from
            && self.to() == other.to()
            && self.captured == other.captured
            && self.promote == other.promote
    }
}

impl Move {
    /// Bit of the final square.
    pub(crate) fn to(&self) -> u8 {
        self.path.last().copied().unwrap_or(self.from)
    }

    /// Whether a man is crowned by the move.
    pub fn is_promotion(&self) -> bool {
        self.promote
    }

    /// Whether the piece that moves is a king.
    pub fn is_by_king(&self) -> bool {
        self.by_king
    }

    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// Plays the move on a position.
    pub(crate) fn apply(&self, pos: &mut Position) {
        pos.apply(1 << self.from, 1 << self.to(), self.captured, self.promote);
    }
}

struct RouteCollector<'a>(&'a mut Vec<Move>);

impl RouteSink for RouteCollector<'_> {
    fn route(
        &mut self,
        from: u32,
        path: &[u8],
        _order: u128,
        captured: u64,
        promote: bool,
        by_king: bool,
    ) {
        // The search keeps its path in a `[u8; MAX_PATH]`: it always fits,
        // and a route dropped here would be a legal move missing.
        let path = Path::new(path).expect("a search path holds at most MAX_PATH squares");
        self.0.push(Move {
            from: from as u8,
            path,
            captured,
            promote,
            by_king,
        });
    }
}

/// Every complete capture route of the side to move, duplicates kept, with
/// neither the maximum rule nor king priority applied.
pub fn raw_captures(engine: &Engine, pos: &Position) -> Vec<Move> {
    let mut out = Vec::new();
    engine.captures(pos, &mut RouteCollector(&mut out), true);
    out
}

/// Every legal route (several routes may be the same move).
pub fn legal_routes(engine: &Engine, pos: &Position) -> Vec<Move> {
    let mut routes = raw_captures(engine, pos);
    if routes.is_empty() {
        engine.quiet_moves(pos, |from, to, promote| {
            routes.push(Move {
                from: from as u8,
                path: Path::single(to as u8),
                captured: 0,
                promote,
                by_king: pos.kings & (1 << from) != 0,
            });
        });
        return routes;
    }
    if engine.king_priority() && routes.iter().any(|m| m.by_king) {
        routes.retain(|m| m.by_king);
    }
    if engine.maximum_rule() {
        let best = routes
            .iter()
            .map(|m| m.captured.count_ones())
            .max()
            .unwrap_or(0);
        routes.retain(|m| m.captured.count_ones() == best);
    }
    routes
}

/// The legal moves, each once, in generation order.
pub fn legal_moves(engine: &Engine, pos: &Position) -> Vec<Move> {
    let mut moves: Vec<Move> = Vec::new();
    for m in legal_routes(engine, pos) {
        if !moves.contains(&m) {
            moves.push(m);
        }
    }
    moves
}

/// Whether the squares written (`squares`, bits) name this route: same
/// start and end, and every square written in between is a landing square
/// of the route, in order.
pub fn route_matches(route: &Move, squares: &[u8]) -> bool {
    path_matches(route.from, &route.path, squares)
}

/// [`route_matches`] for a route given as its start and landing squares
/// (at least one).
#[inline]
pub fn path_matches(from: u8, path: &[u8], squares: &[u8]) -> bool {
    let ([first, middle @ .., last], [landings @ .., end]) = (squares, path) else {
        return false;
    };
    if *first != from || last != end {
        return false;
    }
    let mut rest = landings.iter();
    middle.iter().all(|s| rest.any(|l| l == s))
}

/// The squares strictly between two squares on one diagonal, nearest first,
/// and the direction, if they are on one diagonal.
pub fn between(engine: &Engine, a: u8, b: u8) -> Option<(usize, Vec<u8>)> {
    let l = &engine.layout;
    for d in 0..4 {
        let mut x = l.step(1 << a, d) & l.squares;
        let mut seen = Vec::new();
        while x != 0 {
            let bit = x.trailing_zeros() as u8;
            if bit == b {
                return Some((d, seen));
            }
            seen.push(bit);
            x = l.step(x, d) & l.squares;
        }
    }
    None
}
