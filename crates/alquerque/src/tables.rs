//! Lookup tables derived once from the board graph and the rule switches:
//! plain steps per side, jumps per point, the frozen far rows.

use crate::rules::{PlainDirection, Rules};
use board_core::notation::Bits;
use board_core::{Direction, Graph, NodeId, Side};

/// The most points an alquerque board may have: positions are 64-bit masks.
pub const MAX_POINTS: usize = 64;

/// The bit of point `p` in a position mask ([`Bits::bit`] by point).
#[inline(always)]
pub(crate) const fn bit(p: u8) -> u64 {
    Bits::bit(p as u32)
}

/// The points of a mask, lowest first ([`Bits`] by point).
#[inline(always)]
pub(crate) fn points(mask: u64) -> impl Iterator<Item = u8> {
    Bits(mask).map(|p| p as u8)
}

/// One jump from a point: the man jumped over and the point landed on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Jump {
    /// The point jumped over (the captured man's point).
    pub over: u8,
    /// The landing point.
    pub land: u8,
}

/// Tables for one board and rule set.
#[derive(Clone, Debug)]
pub(crate) struct Tables {
    /// Every point of the board.
    pub all: u64,
    /// Per side, per point: the points a plain step may reach (direction
    /// rules applied, occupancy not).
    pub steps: [Vec<u64>; 2],
    /// Per point: the jumps along the board's lines.
    pub jumps: Vec<Vec<Jump>>,
    /// Per side: the points where that side's men make no plain move (the
    /// far row, when the profile freezes it).
    pub frozen: [u64; 2],
}

/// How a step in direction `d` looks to the owner of a man of `side`.
pub(crate) fn plain_direction(side: Side, d: Direction) -> PlainDirection {
    let (towards, away) = match side {
        Side::White => (d.is_northward(), d.is_southward()),
        Side::Black => (d.is_southward(), d.is_northward()),
    };
    if towards {
        PlainDirection::Forward
    } else if away {
        PlainDirection::Backward
    } else {
        PlainDirection::Sideways
    }
}

impl Tables {
    /// Builds the tables; the graph has at most [`MAX_POINTS`] nodes.
    pub fn new(graph: &Graph, rules: &Rules) -> Tables {
        let count = graph.node_count();
        debug_assert!(count <= MAX_POINTS);
        let (_, min_y, _, max_y) = graph.bounds();
        let mut steps = [vec![0u64; count], vec![0u64; count]];
        let mut jumps = vec![Vec::new(); count];
        let mut far_row = [0u64; 2];
        for n in graph.node_ids() {
            let p = n.index() as u8;
            let y = graph.node(n).y;
            if y == max_y {
                far_row[Side::White.index()] |= bit(p);
            }
            if y == min_y {
                far_row[Side::Black.index()] |= bit(p);
            }
            for (d, m) in graph.neighbours(n) {
                for side in [Side::White, Side::Black] {
                    if rules.allows_plain(plain_direction(side, d)) {
                        steps[side.index()][n.index()] |= bit(m.index() as u8);
                    }
                }
                if let Some(land) = graph.neighbour(m, d) {
                    jumps[n.index()].push(Jump {
                        over: m.index() as u8,
                        land: land.index() as u8,
                    });
                }
            }
        }
        let frozen = if rules.far_row_frozen {
            far_row
        } else {
            [0, 0]
        };
        Tables {
            all: if count == 64 {
                u64::MAX
            } else {
                (1u64 << count) - 1
            },
            steps,
            jumps,
            frozen,
        }
    }
}

/// The node of a point index.
pub(crate) fn node(p: u8) -> NodeId {
    NodeId::new(usize::from(p))
}
