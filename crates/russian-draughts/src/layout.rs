//! The board graph compiled once into bitboards: every dark square gets a
//! bit, and each diagonal direction becomes one shift of the whole board.
//!
//! Bits are laid out row by row with a stride of an odd number of half
//! squares, so that a step off the edge of the board lands on a bit that is
//! no square ("ghost") instead of wrapping to the other side. The layout is
//! derived from the node coordinates and then checked edge by edge against
//! the graph, which stays the source of truth.

use board_core::{Direction, Graph, NodeId};

/// Index of the north-east direction in per-direction tables.
pub const NE: usize = 0;
/// Index of the north-west direction.
pub const NW: usize = 1;
/// Index of the south-east direction.
pub const SE: usize = 2;
/// Index of the south-west direction.
pub const SW: usize = 3;
/// The four diagonal directions in table order.
pub const DIRECTIONS: [Direction; 4] = [Direction::NE, Direction::NW, Direction::SE, Direction::SW];

/// A board as bitboards: which bits are squares, how each direction shifts.
#[derive(Clone, Debug)]
pub struct Layout {
    /// The bits that are squares of the board.
    pub squares: u64,
    left: [u32; 4],
    right: [u32; 4],
    /// The north-east shift; the others are `k - 1` (north-west),
    /// `-(k - 1)` (south-east) and `-k` (south-west).
    pub k: u32,
    /// Per side (White, Black): the squares where its men are promoted.
    pub promotion: [u64; 2],
    /// Per side: the two directions its men move in.
    pub forward: [[usize; 2]; 2],
    /// Per side: the bit distance of one step in each of its `forward`
    /// directions (`to - from`), derived from them.
    pub forward_steps: [[i32; 2]; 2],
    bit_of: Vec<u8>,
    node_of: [u16; 64],
}

/// No node at this bit.
const GHOST: u16 = u16::MAX;

impl Layout {
    /// Compiles a graph, or says why this engine cannot play on it.
    pub fn new(graph: &Graph) -> Result<Layout, String> {
        for &(a, b) in graph.edges() {
            let (na, nb) = (graph.node(a), graph.node(b));
            if (na.x - nb.x).abs() != 1 || (na.y - nb.y).abs() != 1 {
                return Err(format!(
                    "draughts is played along diagonals only, but the board joins {} and {}",
                    na.label, nb.label
                ));
            }
        }
        let (min_x, min_y, max_x, _) = graph.bounds();
        let width = (max_x - min_x + 1) as i64;
        let stride = if width % 2 == 0 { width + 1 } else { width + 2 };
        let mut bit_of = Vec::with_capacity(graph.node_count());
        let mut node_of = [GHOST; 64];
        let mut squares = 0u64;
        for n in graph.node_ids() {
            let node = graph.node(n);
            let raw = i64::from(node.x - min_x) + i64::from(node.y - min_y) * stride;
            if raw % 2 != 0 {
                return Err(format!(
                    "{} is not a square of the playing colour (draughts boards use every other square)",
                    node.label
                ));
            }
            let bit = raw / 2;
            if !(0..64).contains(&bit) {
                return Err(format!(
                    "the board is too large for this engine ({} needs bit {bit}, the limit is 63)",
                    node.label
                ));
            }
            bit_of.push(bit as u8);
            node_of[bit as usize] = n.index() as u16;
            squares |= 1 << bit;
        }
        let mut left = [0; 4];
        let mut right = [0; 4];
        for (i, d) in DIRECTIONS.into_iter().enumerate() {
            let (dx, dy) = d.delta();
            let shift = (i64::from(dx) + i64::from(dy) * stride) / 2;
            if shift >= 0 {
                left[i] = shift as u32;
            } else {
                right[i] = (-shift) as u32;
            }
            for n in graph.node_ids() {
                let bit = i64::from(bit_of[n.index()]);
                let target = bit + shift;
                let on_board = (0..64).contains(&target) && squares & (1 << target) != 0;
                match graph.neighbour(n, d) {
                    Some(m) if on_board && i64::from(bit_of[m.index()]) == target => {}
                    None if !on_board => {}
                    _ => {
                        return Err(format!(
                            "the board's {d} neighbours of {} do not form a regular diagonal grid",
                            graph.label(n)
                        ));
                    }
                }
            }
        }
        let mut promotion = [0u64; 2];
        for n in graph.node_ids() {
            let bit = 1u64 << bit_of[n.index()];
            if graph.neighbour(n, Direction::NE).is_none()
                && graph.neighbour(n, Direction::NW).is_none()
            {
                promotion[0] |= bit;
            }
            if graph.neighbour(n, Direction::SE).is_none()
                && graph.neighbour(n, Direction::SW).is_none()
            {
                promotion[1] |= bit;
            }
        }
        let forward = [[NE, NW], [SE, SW]];
        let distance = |d: usize| left[d] as i32 - right[d] as i32;
        Ok(Layout {
            squares,
            left,
            right,
            k: left[NE],
            promotion,
            forward,
            forward_steps: forward.map(|dirs| dirs.map(distance)),
            bit_of,
            node_of,
        })
    }

    /// Moves every bit one step towards `d`. Bits leaving the board land on
    /// ghost bits or fall off the word: callers mask with a set of squares.
    #[inline(always)]
    pub fn step(&self, bits: u64, d: usize) -> u64 {
        (bits << self.left[d]) >> self.right[d]
    }

    /// The bit of a node.
    pub fn bit(&self, n: NodeId) -> u32 {
        u32::from(self.bit_of[n.index()])
    }

    /// The node at a bit (`None` for a ghost bit).
    pub fn node(&self, bit: u32) -> Option<NodeId> {
        match self.node_of.get(bit as usize) {
            Some(&GHOST) | None => None,
            Some(&n) => Some(NodeId::new(usize::from(n))),
        }
    }
}
