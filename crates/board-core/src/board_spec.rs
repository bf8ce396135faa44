//! The `[board]` table of a rule profile, and how each kind of board is
//! turned into a [`Graph`].

use crate::graph::{BoardError, Graph, Node};
use crate::{MAX_NODES, NodeId};
use serde::{Deserialize, Serialize};

/// Largest width or height of a grid (labels use the letters a–z).
pub const MAX_GRID_SIDE: u32 = 26;

/// A board description, as written in a profile's `[board]` table.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum BoardSpec {
    /// A rectangular grid of cells (draughts, alquerque, lingqi).
    Grid(GridSpec),
    /// Concentric squares joined at their midpoints (the morris boards).
    Morris(MorrisSpec),
    /// Explicit nodes, edges and lines.
    Custom(CustomSpec),
}

/// Which cells of a grid are nodes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Squares {
    /// Every cell.
    #[default]
    All,
    /// The dark cells only; a1 is dark.
    Dark,
}

/// Which neighbouring cells of a grid are joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Connections {
    /// North, east, south, west.
    Orthogonal,
    /// The four diagonal neighbours.
    Diagonal,
    /// All eight neighbours.
    Both,
    /// Orthogonal everywhere; diagonals only through cells whose
    /// file + rank index is even (the alquerque board).
    Alternating,
}

/// Numeric labels on a grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Numbering {
    /// No numeric labels.
    #[default]
    None,
    /// PDN numbering: 1 is the leftmost node of the top rank, counting left
    /// to right, rank by rank downwards (1–32 on 8×8, 1–50 on 10×10).
    Pdn,
}

/// A rectangular grid board.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct GridSpec {
    /// Number of files (columns), labelled a, b, ….
    pub width: u32,
    /// Number of ranks (rows), labelled 1, 2, ….
    pub height: u32,
    /// Which cells are nodes.
    #[serde(default)]
    pub squares: Squares,
    /// Which neighbours are joined.
    pub connections: Connections,
    /// Numeric labels.
    #[serde(default)]
    pub numbering: Numbering,
}

/// A kind of line on a morris board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum MorrisLine {
    /// The three points of each side of each square.
    Sides,
    /// The midpoints of one side across all squares (needs connectors).
    Connectors,
    /// The corners of one corner across all squares (needs diagonals).
    Diagonals,
}

/// A morris board: `rings` concentric squares on a (2·rings+1)² grid.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct MorrisSpec {
    /// Number of concentric squares (3 for nine men's morris, 2 for six).
    pub rings: u32,
    /// Whether the midpoints of neighbouring squares are joined.
    #[serde(default = "default_true")]
    #[serde(alias = "midpoint_connectors")]
    pub midpoint_connectors: bool,
    /// Whether the corners of neighbouring squares are joined.
    #[serde(default)]
    #[serde(alias = "corner_diagonals")]
    pub corner_diagonals: bool,
    /// Which lines are lines of the board (mills).
    pub lines: Vec<MorrisLine>,
}

fn default_true() -> bool {
    true
}

/// An explicit node of a custom board.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CustomNode {
    /// Unique label.
    pub label: String,
    /// Column, growing east.
    pub x: i32,
    /// Row, growing north.
    pub y: i32,
}

/// A board given node by node.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CustomSpec {
    /// The nodes.
    pub nodes: Vec<CustomNode>,
    /// Undirected edges as pairs of labels.
    pub edges: Vec<[String; 2]>,
    /// Lines as sequences of labels.
    #[serde(default)]
    pub lines: Vec<Vec<String>>,
}

fn grid_label(x: u32, y: u32) -> String {
    let file = char::from(b'a' + x as u8);
    format!("{file}{}", y + 1)
}

impl BoardSpec {
    /// Builds the graph this description stands for, checking its size
    /// before allocating anything per node.
    pub fn build(&self) -> Result<Graph, BoardError> {
        match self {
            BoardSpec::Grid(g) => g.build(),
            BoardSpec::Morris(m) => m.build(),
            BoardSpec::Custom(c) => c.build(),
        }
    }
}

fn check_size(nodes: u64) -> Result<(), BoardError> {
    if nodes > MAX_NODES as u64 {
        return Err(BoardError::TooLarge {
            nodes,
            limit: MAX_NODES,
        });
    }
    Ok(())
}

impl GridSpec {
    fn is_node(&self, x: u32, y: u32) -> bool {
        match self.squares {
            Squares::All => true,
            Squares::Dark => (x + y) % 2 == 0,
        }
    }

    fn build(&self) -> Result<Graph, BoardError> {
        let cells = u64::from(self.width) * u64::from(self.height);
        let nodes = match self.squares {
            Squares::All => cells,
            Squares::Dark => cells.div_ceil(2),
        };
        check_size(nodes)?;
        if self.width == 0 || self.height == 0 {
            return Err(BoardError::Empty);
        }
        if self.width > MAX_GRID_SIDE || self.height > MAX_GRID_SIDE {
            return Err(BoardError::Invalid(format!(
                "grid of {}×{}: width and height are at most {MAX_GRID_SIDE}",
                self.width, self.height
            )));
        }
        let mut list = Vec::new();
        for y in 0..self.height {
            for x in 0..self.width {
                if self.is_node(x, y) {
                    list.push(Node {
                        label: grid_label(x, y),
                        x: x as i32,
                        y: y as i32,
                    });
                }
            }
        }
        let mut edges = Vec::new();
        for y in 0..self.height as i32 {
            for x in 0..self.width as i32 {
                if !self.is_node(x as u32, y as u32) {
                    continue;
                }
                // Each edge once: towards E, N, NE and NW.
                let orth = [(1, 0), (0, 1)];
                let diag = [(1, 1), (-1, 1)];
                let even = (x + y) % 2 == 0;
                let steps: Vec<(i32, i32)> = match self.connections {
                    Connections::Orthogonal => orth.to_vec(),
                    Connections::Diagonal => diag.to_vec(),
                    Connections::Both => orth.iter().chain(&diag).copied().collect(),
                    Connections::Alternating if even => orth.iter().chain(&diag).copied().collect(),
                    Connections::Alternating => orth.to_vec(),
                };
                for (dx, dy) in steps {
                    let (nx, ny) = (x + dx, y + dy);
                    if nx < 0 || ny < 0 || nx >= self.width as i32 || ny >= self.height as i32 {
                        continue;
                    }
                    if self.is_node(nx as u32, ny as u32) {
                        edges.push((
                            grid_label(x as u32, y as u32),
                            grid_label(nx as u32, ny as u32),
                        ));
                    }
                }
            }
        }
        let graph = Graph::new(list, &edges, &[])?;
        Ok(match self.numbering {
            Numbering::None => graph,
            Numbering::Pdn => {
                let mut order: Vec<NodeId> = graph.node_ids().collect();
                order.sort_by_key(|&n| {
                    let node = graph.node(n);
                    (-node.y, node.x)
                });
                graph.with_numbering(&order)
            }
        })
    }
}

impl MorrisSpec {
    fn build(&self) -> Result<Graph, BoardError> {
        check_size(u64::from(self.rings) * 8)?;
        if self.rings == 0 {
            return Err(BoardError::Empty);
        }
        if 2 * self.rings + 1 > MAX_GRID_SIDE {
            return Err(BoardError::Invalid(format!(
                "{} rings: a morris board has at most {} rings",
                self.rings,
                (MAX_GRID_SIDE - 1) / 2
            )));
        }
        let r = self.rings as i32;
        let size = 2 * r;
        let label = |x: i32, y: i32| grid_label(x as u32, y as u32);
        // Ring k's corners and midpoints, counter-clockwise from lower-left.
        let ring = |k: i32| -> [(i32, i32); 8] {
            let (lo, mid, hi) = (k, r, size - k);
            [
                (lo, lo),
                (mid, lo),
                (hi, lo),
                (hi, mid),
                (hi, hi),
                (mid, hi),
                (lo, hi),
                (lo, mid),
            ]
        };
        let mut coords: Vec<(i32, i32)> = (0..r).flat_map(ring).collect();
        coords.sort_by_key(|&(x, y)| (y, x));
        let nodes = coords
            .iter()
            .map(|&(x, y)| Node {
                label: label(x, y),
                x,
                y,
            })
            .collect();
        let mut edges = Vec::new();
        let mut lines = Vec::new();
        for k in 0..r {
            let p = ring(k);
            for i in 0..8 {
                edges.push((
                    label(p[i].0, p[i].1),
                    label(p[(i + 1) % 8].0, p[(i + 1) % 8].1),
                ));
            }
            if self.lines.contains(&MorrisLine::Sides) {
                for side in 0..4 {
                    lines.push(
                        (0..3)
                            .map(|j| {
                                let (x, y) = p[(2 * side + j) % 8];
                                label(x, y)
                            })
                            .collect(),
                    );
                }
            }
        }
        for (enabled, kind, first) in [
            (self.midpoint_connectors, MorrisLine::Connectors, 1),
            (self.corner_diagonals, MorrisLine::Diagonals, 0),
        ] {
            if self.lines.contains(&kind) && !enabled {
                return Err(BoardError::Invalid(format!(
                    "lines include {kind:?} but the board does not join them",
                )));
            }
            if !enabled {
                continue;
            }
            for i in (first..8).step_by(2) {
                let pts: Vec<String> = (0..r)
                    .map(|k| {
                        let (x, y) = ring(k)[i];
                        label(x, y)
                    })
                    .collect();
                for w in pts.windows(2) {
                    edges.push((w[0].clone(), w[1].clone()));
                }
                if self.lines.contains(&kind) && pts.len() >= 2 {
                    lines.push(pts);
                }
            }
        }
        Graph::new(nodes, &edges, &lines)
    }
}

impl CustomSpec {
    fn build(&self) -> Result<Graph, BoardError> {
        check_size(self.nodes.len() as u64)?;
        let nodes = self
            .nodes
            .iter()
            .map(|n| Node {
                label: n.label.clone(),
                x: n.x,
                y: n.y,
            })
            .collect();
        let edges: Vec<(String, String)> = self
            .edges
            .iter()
            .map(|[a, b]| (a.clone(), b.clone()))
            .collect();
        Graph::new(nodes, &edges, &self.lines)
    }
}
