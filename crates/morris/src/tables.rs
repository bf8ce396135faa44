//! The board as bit masks: one bit per point, adjacency and mills derived
//! once from the profile's graph.

use board_core::notation::Bits;
use board_core::{Graph, NodeId, NodeSet};

/// The largest morris board: one bit per point in a `u64`.
pub const MAX_POINTS: usize = 64;

/// A set of points as a bit mask (bit `i` is node index `i`).
pub type Mask = u64;

/// The bit of one point ([`Bits::bit`] by point index).
#[inline(always)]
pub const fn bit(point: usize) -> Mask {
    Bits::bit(point as u32)
}

/// The points of a mask, lowest first ([`Bits`] by point index).
#[inline(always)]
pub fn points(mask: Mask) -> impl Iterator<Item = usize> {
    Bits(mask).indices()
}

/// Converts a mask to a board-core node set.
pub fn to_node_set(mask: Mask) -> NodeSet {
    points(mask).map(NodeId::new).collect()
}

/// Adjacency and mills of a board, as masks.
#[derive(Clone, Debug)]
pub struct Tables {
    /// Every point.
    pub all: Mask,
    /// The neighbours of each point.
    pub adjacent: Vec<Mask>,
    /// Every mill line.
    pub lines: Vec<Mask>,
    /// The mill lines through each point, point after point.
    through: Vec<Mask>,
    /// Where each point's lines start in `through` (one entry per point,
    /// plus the end).
    through_start: Vec<u32>,
}

impl Tables {
    /// Builds the tables, or says why the graph cannot be a morris board.
    pub fn new(graph: &Graph) -> Result<Tables, String> {
        let n = graph.node_count();
        if n > MAX_POINTS {
            return Err(format!(
                "a morris board has at most {MAX_POINTS} points; this one has {n}"
            ));
        }
        if graph.lines().is_empty() {
            return Err(
                "the board has no lines, so no mill could ever form: list them in [board] `lines`"
                    .to_string(),
            );
        }
        let all = if n == MAX_POINTS {
            Mask::MAX
        } else {
            bit(n) - 1
        };
        let adjacent = graph
            .node_ids()
            .map(|p| graph.neighbours(p).fold(0, |m, (_, q)| m | bit(q.index())))
            .collect();
        let lines: Vec<Mask> = graph
            .lines()
            .iter()
            .map(|l| l.iter().fold(0, |m, q| m | bit(q.index())))
            .collect();
        let mut through = Vec::new();
        let mut through_start = vec![0];
        for p in graph.node_ids() {
            through.extend(graph.lines_through(p).iter().map(|&l| lines[l]));
            through_start.push(through.len() as u32);
        }
        Ok(Tables {
            all,
            adjacent,
            lines,
            through,
            through_start,
        })
    }

    /// How many mill lines through `point` are complete in `men`.
    #[inline]
    pub fn mills_at(&self, men: Mask, point: usize) -> u32 {
        let range = self.through_start[point] as usize..self.through_start[point + 1] as usize;
        self.through[range]
            .iter()
            .filter(|&&line| men & line == line)
            .count() as u32
    }

    /// The empty points that would complete a mill line of `men` (lines
    /// with every point but one held).
    #[inline]
    pub fn closing(&self, men: Mask) -> Mask {
        self.lines
            .iter()
            .filter(|&&line| (line & !men).count_ones() == 1)
            .fold(0, |m, &line| m | (line & !men))
    }

    /// The men of `men` that stand in a complete mill line.
    #[inline]
    pub fn in_mills(&self, men: Mask) -> Mask {
        self.lines
            .iter()
            .filter(|&&line| men & line == line)
            .fold(0, |m, &line| m | line)
    }
}
