//! Formation zones (L7, L8, L9, L17): the strength of each side's zones at
//! every cell, effective levels, trapped pieces.

use crate::Lingqi;
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::rules::Overlap;
use board_core::{NodeId, NodeSet, Side};

/// Both sides' zones in one position.
#[derive(Clone, Debug)]
pub struct Zones {
    strength: [Vec<u32>; 2],
    covered: [NodeSet; 2],
}

impl Zones {
    /// The side's zone strength at a cell: the levels of its formations
    /// next to the cell, combined by the profile's `zone-overlap` (L7).
    #[inline]
    pub fn strength(&self, side: Side, n: NodeId) -> u32 {
        self.strength[side.index()][n.index()]
    }

    /// Whether the cell is next to at least one of the side's formations,
    /// whatever the levels (L17).
    #[inline]
    pub fn covers(&self, side: Side, n: NodeId) -> bool {
        self.covered[side.index()].contains(n)
    }

    /// Every cell of the side's zone.
    pub fn cells(&self, side: Side) -> NodeSet {
        self.covered[side.index()]
    }
}

impl Lingqi {
    /// The zones of both sides.
    pub fn zones(&self, position: &Position) -> Zones {
        let cells = position.cells.len();
        let mut zones = Zones {
            strength: [vec![0; cells], vec![0; cells]],
            covered: [NodeSet::new(), NodeSet::new()],
        };
        for (n, p) in position.pieces() {
            if p.kind != Kind::Formation {
                continue;
            }
            let s = p.side.index();
            for (_, m) in self.config.graph.neighbours(n) {
                zones.covered[s].insert(m);
                let slot = &mut zones.strength[s][m.index()];
                *slot = match self.config.rules.zone_overlap {
                    Overlap::Sum => slot.saturating_add(p.level),
                    Overlap::Max => (*slot).max(p.level),
                };
            }
        }
        zones
    }

    /// A piece's effective level on a cell (L7): a formation's own level;
    /// any other piece's level plus its side's zone strength there.
    pub fn effective_level(&self, zones: &Zones, piece: Piece, at: NodeId) -> u32 {
        if piece.kind == Kind::Formation {
            piece.level
        } else {
            piece.level.saturating_add(zones.strength(piece.side, at))
        }
    }

    /// Whether `piece` is captured on stepping onto `at` (L8): `at` is in
    /// the enemy zone and the piece's effective level there is at most the
    /// enemy zone strength.
    pub fn captured_entering(&self, zones: &Zones, piece: Piece, at: NodeId) -> bool {
        let enemy = piece.side.opposite();
        zones.covers(enemy, at)
            && self.effective_level(zones, piece, at) <= zones.strength(enemy, at)
    }

    /// Whether the piece on `at` stands in an enemy zone (L9, L17).
    pub fn in_enemy_zone(&self, zones: &Zones, side: Side, at: NodeId) -> bool {
        zones.covers(side.opposite(), at)
    }
}
