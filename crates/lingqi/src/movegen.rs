//! Move generation without enumerating walks: the cells a piece reaches
//! are found by breadth-first search over (cell, steps) states, with a
//! second search that avoids the cells where the mover would be captured
//! (L15); a turn is (upgrade, start, end).

use crate::Lingqi;
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::rules::{Directions, LongMove, Movement, ZoneEnd};
use crate::turn::{Turn, Upgrade};
use crate::zones::Zones;
use board_core::{Direction, NodeId, NodeSet, Side};

/// Where one piece can move and which of those ends it reaches alive.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Every legal end cell.
    pub ends: NodeSet,
    /// The ends it reaches by a walk on which it is never captured (L15);
    /// at the other ends it is captured on the way or on arrival.
    pub safe: NodeSet,
}

/// How a piece moves in the current position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mobility {
    /// It cannot move (the Sect, or a trapped piece).
    Still,
    /// A walk of exactly this many steps (L6).
    Steps(u32),
    /// The long move, any number ≥ 1 of steps (L16).
    Long(LongMove),
    /// The formation move (L11).
    Formation,
}

/// The cells of the board shared by every piece's search in one position.
pub(crate) struct Board {
    pub(crate) zones: Zones,
    pub(crate) empty: NodeSet,
}

impl Lingqi {
    pub(crate) fn board(&self, position: &Position) -> Board {
        let empty = position
            .cells
            .iter()
            .enumerate()
            .filter(|(_, p)| p.is_none())
            .map(|(i, _)| NodeId::new(i))
            .collect();
        Board {
            zones: self.zones(position),
            empty,
        }
    }

    fn directions(&self, piece: Piece) -> &'static [Direction] {
        match self.config.rules.pieces.get(piece.kind).directions {
            Directions::All => &Direction::ALL,
            Directions::Diagonal => &Direction::DIAGONAL,
        }
    }

    /// How the piece on `from` moves, trapping included.
    pub fn mobility(&self, zones: &Zones, piece: Piece, from: NodeId) -> Mobility {
        if self.config.rules.zone_end == ZoneEnd::Trapped
            && self.in_enemy_zone(zones, piece.side, from)
        {
            return Mobility::Still;
        }
        let rule = self.config.rules.pieces.get(piece.kind);
        match rule.movement {
            Movement::None => Mobility::Still,
            Movement::Formation => Mobility::Formation,
            Movement::Walk => match rule.long_move_level {
                Some(l) if piece.level >= l => Mobility::Long(self.config.rules.guardian_long_move),
                _ => Mobility::Steps(rule.steps),
            },
        }
    }

    fn expand(&self, from: &NodeSet, dirs: &[Direction]) -> NodeSet {
        let mut out = NodeSet::new();
        for n in from {
            for &d in dirs {
                if let Some(m) = self.config.graph.neighbour(n, d) {
                    out.insert(m);
                }
            }
        }
        out
    }

    /// The cells where this piece would be captured on stepping there (L8).
    fn danger(&self, zones: &Zones, piece: Piece) -> NodeSet {
        zones
            .cells(piece.side.opposite())
            .iter()
            .filter(|&c| self.captured_entering(zones, piece, c))
            .collect()
    }

    pub(crate) fn reach_on(&self, position: &Position, board: &Board, from: NodeId) -> Reach {
        let Some(piece) = position.piece(from) else {
            return Reach::default();
        };
        let mut passable = board.empty;
        passable.insert(from);
        let danger = self.danger(&board.zones, piece);
        let dirs = self.directions(piece);
        let mut reach = match self.mobility(&board.zones, piece, from) {
            Mobility::Still => return Reach::default(),
            Mobility::Steps(n) => {
                let mut all = NodeSet::single(from);
                let mut safe = all;
                for _ in 0..n {
                    all = self.expand(&all.intersection(&passable), dirs);
                    safe = self
                        .expand(&safe.intersection(&passable), dirs)
                        .difference(&danger);
                }
                Reach { ends: all, safe }
            }
            Mobility::Long(LongMove::Walk) => {
                let all = self.flood(from, &passable, &NodeSet::new(), dirs);
                let safe = self.flood(from, &passable, &danger, dirs);
                Reach { ends: all, safe }
            }
            Mobility::Long(LongMove::Slide) => {
                let mut r = Reach::default();
                for &d in dirs {
                    let mut alive = true;
                    for &m in self.config.graph.ray(from, d) {
                        alive &= !danger.contains(m);
                        r.ends.insert(m);
                        if alive {
                            r.safe.insert(m);
                        }
                        if !passable.contains(m) {
                            break;
                        }
                    }
                }
                r
            }
            Mobility::Formation => {
                let mut r = Reach::default();
                for (_, c) in self.config.graph.neighbours(from) {
                    if !board.empty.contains(c) {
                        continue;
                    }
                    let supported = self.config.graph.neighbours(from).any(|(_, p)| {
                        position
                            .piece(p)
                            .is_some_and(|q| q.side == piece.side && q.kind != Kind::Formation)
                            && self.config.graph.neighbours(p).any(|(_, x)| x == c)
                    });
                    if supported {
                        r.ends.insert(c);
                        if !danger.contains(c) {
                            r.safe.insert(c);
                        }
                    }
                }
                r
            }
        };
        reach.ends.remove(from);
        let own: NodeSet = reach
            .ends
            .iter()
            .filter(|&c| position.piece(c).is_some_and(|p| p.side == piece.side))
            .collect();
        reach.ends = reach.ends.difference(&own);
        if self.config.rules.zone_end == ZoneEnd::Forbidden {
            reach.ends = reach
                .ends
                .difference(&board.zones.cells(piece.side.opposite()));
        }
        reach.safe = reach.safe.intersection(&reach.ends);
        reach
    }

    /// Cells reached by steps in `dirs` from `from`, passing only through
    /// `passable` cells and never stepping onto `avoid`.
    fn flood(
        &self,
        from: NodeId,
        passable: &NodeSet,
        avoid: &NodeSet,
        dirs: &[Direction],
    ) -> NodeSet {
        let mut reached = NodeSet::new();
        let mut visited = NodeSet::single(from);
        let mut stack = vec![from];
        while let Some(c) = stack.pop() {
            for &d in dirs {
                let Some(m) = self.config.graph.neighbour(c, d) else {
                    continue;
                };
                if avoid.contains(m) {
                    continue;
                }
                reached.insert(m);
                if passable.contains(m) && visited.insert(m) {
                    stack.push(m);
                }
            }
        }
        reached
    }

    /// Where the piece on `from` can move, and which ends it reaches alive.
    pub fn reach(&self, position: &Position, from: NodeId) -> Reach {
        self.reach_on(position, &self.board(position), from)
    }

    /// Every (start, end) move of the side to move, ignoring the upgrade.
    pub fn moves(&self, position: &Position) -> Vec<(NodeId, NodeId)> {
        let board = self.board(position);
        let side = position.to_move;
        let mut out = Vec::new();
        for (n, p) in position.pieces() {
            if p.side == side {
                for e in &self.reach_on(position, &board, n).ends {
                    out.push((n, e));
                }
            }
        }
        out
    }

    fn move_count(&self, position: &Position) -> u64 {
        let board = self.board(position);
        let side = position.to_move;
        position
            .pieces()
            .filter(|(_, p)| p.side == side)
            .map(|(n, _)| self.reach_on(position, &board, n).ends.len() as u64)
            .sum()
    }

    /// The upgrades the side to move may choose from (L4, L5): +1 on every
    /// upgradable piece, then the transformations.
    pub fn upgrades(&self, position: &Position) -> Vec<Upgrade> {
        let side = position.to_move;
        let t = &self.config.rules.transformation;
        let mut out = Vec::new();
        for (n, p) in position.pieces() {
            if p.side != side {
                continue;
            }
            if self.config.rules.pieces.get(p.kind).upgradable {
                out.push(Upgrade {
                    cell: n,
                    into: None,
                });
            }
            if p.kind == t.from && p.level >= t.min_level {
                for &k in &t.into {
                    if self.missing(position, side, k) {
                        out.push(Upgrade {
                            cell: n,
                            into: Some(k),
                        });
                    }
                }
            }
        }
        out
    }

    /// Whether the side has fewer pieces of this type than the composition
    /// (L5, L19).
    pub fn missing(&self, position: &Position, side: Side, kind: Kind) -> bool {
        position.count(side, kind) < self.config.rules.pieces.get(kind).count
    }

    /// Applies an upgrade (+1, or a transformation) to the position.
    pub fn apply_upgrade(&self, position: &mut Position, upgrade: Upgrade) {
        let Some(mut p) = position.piece(upgrade.cell) else {
            return;
        };
        match upgrade.into {
            None => p.level = p.level.saturating_add(1),
            Some(k) => {
                if !self.config.rules.transformation.keeps_level {
                    p.level = self.config.rules.pieces.get(k).level;
                }
                p.kind = k;
            }
        }
        position.set(upgrade.cell, Some(p));
    }

    /// Whether an upgrade can change which moves exist: a transformation,
    /// or a level reaching the long move. Any other upgrade changes only
    /// the outcome of moves (L15), never their legality.
    fn changes_moves(&self, position: &Position, upgrade: Upgrade) -> bool {
        if upgrade.into.is_some() {
            return true;
        }
        position.piece(upgrade.cell).is_some_and(|p| {
            self.config.rules.pieces.get(p.kind).long_move_level == Some(p.level.saturating_add(1))
        })
    }

    /// Appends every legal turn of the side to move (the game not being
    /// over), each once by its identity (L21).
    pub(crate) fn generate(&self, position: &Position, out: &mut Vec<Turn>) {
        let base = self.moves(position);
        let upgrades = self.upgrades(position);
        if upgrades.is_empty() {
            out.extend(base.iter().map(|&(from, to)| Turn {
                upgrade: None,
                from,
                to,
            }));
            return;
        }
        for u in upgrades {
            let push = |out: &mut Vec<Turn>, moves: &[(NodeId, NodeId)]| {
                out.extend(moves.iter().map(|&(from, to)| Turn {
                    upgrade: Some(u),
                    from,
                    to,
                }));
            };
            if self.changes_moves(position, u) {
                let mut next = position.clone();
                self.apply_upgrade(&mut next, u);
                push(out, &self.moves(&next));
            } else {
                push(out, &base);
            }
        }
    }

    /// The number of legal turns of the side to move (the game not being
    /// over), without listing them.
    pub(crate) fn count_turns(&self, position: &Position) -> u64 {
        let base = self.move_count(position);
        let upgrades = self.upgrades(position);
        if upgrades.is_empty() {
            return base;
        }
        upgrades
            .into_iter()
            .map(|u| {
                if self.changes_moves(position, u) {
                    let mut next = position.clone();
                    self.apply_upgrade(&mut next, u);
                    self.move_count(&next)
                } else {
                    base
                }
            })
            .sum()
    }
}
