//! The board graph: labelled nodes with coordinates, direction-tagged edges,
//! and the tables derived from them once (neighbours, rays, lines).

use crate::{Direction, MAX_NODES, NodeId, NodeSet};
use std::collections::HashMap;
use std::ops::Range;

/// Index of a line in [`Graph::lines`].
pub type LineId = usize;

/// One point of a board: its label and its drawing coordinates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node {
    /// The algebraic label (`a1`, `s19`), unique in its graph.
    pub label: String,
    /// Column for drawing; grows to the east.
    pub x: i32,
    /// Row for drawing; grows to the north.
    pub y: i32,
}

/// What is wrong with a board description. Every variant names the place.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// More nodes than a [`NodeSet`] holds.
    #[error("board too large: {nodes} nodes, the limit is {limit}")]
    TooLarge {
        /// Nodes the description asks for.
        nodes: u64,
        /// [`MAX_NODES`].
        limit: usize,
    },
    /// A board with no node at all.
    #[error("board has no nodes")]
    Empty,
    /// Two nodes share a label.
    #[error("duplicate node label `{0}`")]
    DuplicateLabel(String),
    /// Two nodes share coordinates.
    #[error("nodes `{0}` and `{1}` have the same coordinates")]
    DuplicateCoordinates(String, String),
    /// An edge or line names a node that does not exist.
    #[error("{context} names node `{label}`, which is not on the board")]
    UnknownNode {
        /// What named it (`edge a1-b9`, `line 3`).
        context: String,
        /// The missing label.
        label: String,
    },
    /// An edge from a node to itself.
    #[error("edge from `{0}` to itself")]
    SelfLoop(String),
    /// Two edges leave one node in the same compass direction.
    #[error("node `{node}` has two edges towards {direction}: to `{first}` and to `{second}`")]
    DirectionClash {
        /// The node.
        node: String,
        /// The shared direction.
        direction: Direction,
        /// Target of the first edge.
        first: String,
        /// Target of the second edge.
        second: String,
    },
    /// A line whose consecutive nodes are not joined by an edge.
    #[error("line {line} ({labels}) passes from `{from}` to `{to}`, which are not adjacent")]
    LineNotConnected {
        /// 1-based line number in the description.
        line: usize,
        /// The line's labels, comma-separated.
        labels: String,
        /// First node of the gap.
        from: String,
        /// Second node of the gap.
        to: String,
    },
    /// A line of fewer than two nodes, or one that bends.
    #[error("line {line} ({labels}): {reason}")]
    BadLine {
        /// 1-based line number in the description.
        line: usize,
        /// The line's labels, comma-separated.
        labels: String,
        /// What is wrong.
        reason: String,
    },
    /// A board option out of range or not applicable.
    #[error("{0}")]
    Invalid(String),
}

/// A board as a graph, with every derived table computed at construction.
///
/// Tables are flat and indexed by [`NodeId::index`] (times 8 plus
/// [`Direction::index`] for per-direction tables).
#[derive(Clone, Debug)]
pub struct Graph {
    nodes: Vec<Node>,
    neighbours: Vec<Option<NodeId>>,
    edges: Vec<(NodeId, NodeId)>,
    ray_ranges: Vec<Range<u32>>,
    ray_nodes: Vec<NodeId>,
    lines: Vec<Vec<NodeId>>,
    lines_through: Vec<Vec<LineId>>,
    by_label: HashMap<String, NodeId>,
    /// The nodes of the labels of one ASCII letter and one or two digits
    /// (`c3`, `j10`), by [`short_label_slot`]; `u16::MAX` where none.
    by_short_label: Vec<u16>,
    by_coord: HashMap<(i32, i32), NodeId>,
    numbers: Vec<Option<u16>>,
    by_number: Vec<NodeId>,
}

impl Graph {
    /// Builds a graph from nodes, undirected edges (pairs of labels) and
    /// lines (sequences of labels, each consecutive pair joined by an edge).
    /// Edge directions come from the coordinates.
    pub fn new(
        nodes: Vec<Node>,
        edges: &[(String, String)],
        lines: &[Vec<String>],
    ) -> Result<Graph, BoardError> {
        if nodes.len() > MAX_NODES {
            return Err(BoardError::TooLarge {
                nodes: nodes.len() as u64,
                limit: MAX_NODES,
            });
        }
        if nodes.is_empty() {
            return Err(BoardError::Empty);
        }
        let mut by_label = HashMap::with_capacity(nodes.len());
        let mut by_coord = HashMap::with_capacity(nodes.len());
        for (i, n) in nodes.iter().enumerate() {
            if by_label.insert(n.label.clone(), NodeId::new(i)).is_some() {
                return Err(BoardError::DuplicateLabel(n.label.clone()));
            }
            if let Some(prev) = by_coord.insert((n.x, n.y), NodeId::new(i)) {
                return Err(BoardError::DuplicateCoordinates(
                    nodes[prev.index()].label.clone(),
                    n.label.clone(),
                ));
            }
        }
        let lookup = |label: &str, context: &dyn Fn() -> String| {
            by_label
                .get(label)
                .copied()
                .ok_or_else(|| BoardError::UnknownNode {
                    context: context(),
                    label: label.to_string(),
                })
        };

        let mut neighbours: Vec<Option<NodeId>> = vec![None; nodes.len() * 8];
        let mut edge_list = Vec::with_capacity(edges.len());
        for (a, b) in edges {
            let ctx = || format!("edge {a}-{b}");
            let (na, nb) = (lookup(a, &ctx)?, lookup(b, &ctx)?);
            if na == nb {
                return Err(BoardError::SelfLoop(a.clone()));
            }
            let (pa, pb) = (&nodes[na.index()], &nodes[nb.index()]);
            let dir = Direction::of_vector(
                i64::from(pb.x) - i64::from(pa.x),
                i64::from(pb.y) - i64::from(pa.y),
            )
            .ok_or_else(|| BoardError::DuplicateCoordinates(a.clone(), b.clone()))?;
            for (from, to, d) in [(na, nb, dir), (nb, na, dir.opposite())] {
                let slot = &mut neighbours[from.index() * 8 + d.index()];
                match slot {
                    Some(existing) if *existing == to => {}
                    Some(existing) => {
                        return Err(BoardError::DirectionClash {
                            node: nodes[from.index()].label.clone(),
                            direction: d,
                            first: nodes[existing.index()].label.clone(),
                            second: nodes[to.index()].label.clone(),
                        });
                    }
                    None => *slot = Some(to),
                }
            }
            let key = if na < nb { (na, nb) } else { (nb, na) };
            if !edge_list.contains(&key) {
                edge_list.push(key);
            }
        }
        edge_list.sort();

        let mut ray_ranges = Vec::with_capacity(nodes.len() * 8);
        let mut ray_nodes = Vec::new();
        for i in 0..nodes.len() {
            for d in Direction::ALL {
                let start = ray_nodes.len() as u32;
                let mut cur = NodeId::new(i);
                while let Some(next) = neighbours[cur.index() * 8 + d.index()] {
                    ray_nodes.push(next);
                    cur = next;
                    if ray_nodes.len() - start as usize >= nodes.len() {
                        break;
                    }
                }
                ray_ranges.push(start..ray_nodes.len() as u32);
            }
        }

        let mut line_list = Vec::with_capacity(lines.len());
        let mut lines_through = vec![Vec::new(); nodes.len()];
        for (li, line) in lines.iter().enumerate() {
            let labels = line.join(",");
            if line.len() < 2 {
                return Err(BoardError::BadLine {
                    line: li + 1,
                    labels,
                    reason: "a line needs at least two nodes".into(),
                });
            }
            let ctx = || format!("line {} ({labels})", li + 1);
            let ids = line
                .iter()
                .map(|l| lookup(l, &ctx))
                .collect::<Result<Vec<_>, _>>()?;
            for w in ids.windows(2) {
                let adjacent = (0..8).any(|d| neighbours[w[0].index() * 8 + d] == Some(w[1]));
                if !adjacent {
                    return Err(BoardError::LineNotConnected {
                        line: li + 1,
                        labels,
                        from: nodes[w[0].index()].label.clone(),
                        to: nodes[w[1].index()].label.clone(),
                    });
                }
            }
            let distinct: NodeSet = ids.iter().copied().collect();
            if distinct.len() != ids.len() {
                return Err(BoardError::BadLine {
                    line: li + 1,
                    labels,
                    reason: "a node appears twice".into(),
                });
            }
            for &n in &ids {
                lines_through[n.index()].push(li);
            }
            line_list.push(ids);
        }

        let count = nodes.len();
        let by_short_label = short_label_table(&nodes);
        Ok(Graph {
            nodes,
            neighbours,
            edges: edge_list,
            ray_ranges,
            ray_nodes,
            lines: line_list,
            lines_through,
            by_label,
            by_short_label,
            by_coord,
            numbers: vec![None; count],
            by_number: Vec::new(),
        })
    }

    /// Assigns numeric labels 1..=n to the given nodes, in order (the PDN
    /// numbering of draughts boards).
    pub fn with_numbering(mut self, order: &[NodeId]) -> Graph {
        self.numbers = vec![None; self.nodes.len()];
        for (i, n) in order.iter().enumerate() {
            self.numbers[n.index()] = Some(i as u16 + 1);
        }
        self.by_number = order.to_vec();
        self
    }

    /// Number of nodes.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Number of undirected edges.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// All node ids, in index order.
    pub fn node_ids(&self) -> impl ExactSizeIterator<Item = NodeId> + '_ {
        (0..self.nodes.len()).map(NodeId::new)
    }

    /// The set of all nodes.
    pub fn all_nodes(&self) -> NodeSet {
        NodeSet::first(self.nodes.len())
    }

    /// The node record (label and coordinates).
    pub fn node(&self, n: NodeId) -> &Node {
        &self.nodes[n.index()]
    }

    /// The node's label.
    pub fn label(&self, n: NodeId) -> &str {
        &self.nodes[n.index()].label
    }

    /// The node with this label.
    pub fn node_by_label(&self, label: &str) -> Option<NodeId> {
        if let Some(slot) = short_label_slot(label.as_bytes()) {
            return match self.by_short_label.get(slot) {
                Some(&id) if id != u16::MAX => Some(NodeId::new(usize::from(id))),
                _ => None,
            };
        }
        self.by_label.get(label).copied()
    }

    /// The node whose label of one lowercase letter and one digit from 1 to
    /// 9 (`d1`) stands at byte `at` of `text` with no digit after it (`d10`
    /// is another label): what [`Graph::node_by_label`] finds for those two
    /// bytes, for the commonest move texts, read without slicing a label
    /// out. `None` for anything else, which the general reading handles.
    ///
    /// ```
    /// use board_core::board_spec::{BoardSpec, Connections, GridSpec, Numbering, Squares};
    /// let graph = BoardSpec::Grid(GridSpec {
    ///     width: 3,
    ///     height: 12,
    ///     squares: Squares::All,
    ///     connections: Connections::Orthogonal,
    ///     numbering: Numbering::None,
    /// })
    /// .build()
    /// .expect("a 3×12 board");
    /// let b2 = graph.short_label_at(b"a1-b2", 3).expect("b2");
    /// assert_eq!(graph.label(b2), "b2");
    /// assert_eq!(graph.short_label_at(b"c12", 0), None); // a longer label
    /// assert_eq!(graph.short_label_at(b"d4", 0), None); // no such point
    /// assert_eq!(graph.short_label_at(b"B2", 0), None); // another case
    /// ```
    #[inline]
    pub fn short_label_at(&self, text: &[u8], at: usize) -> Option<NodeId> {
        let (&l, &d) = (text.get(at)?, text.get(at + 1)?);
        if !l.is_ascii_lowercase() || !(b'1'..=b'9').contains(&d) {
            return None;
        }
        if text.get(at + 2).is_some_and(u8::is_ascii_digit) {
            return None;
        }
        let slot = usize::from(l - b'a') * SHORT_SLOTS_PER_LETTER + usize::from(d - b'0');
        match self.by_short_label.get(slot) {
            Some(&id) if id != u16::MAX => Some(NodeId::new(usize::from(id))),
            _ => None,
        }
    }

    /// The node at these coordinates.
    pub fn node_at(&self, x: i32, y: i32) -> Option<NodeId> {
        self.by_coord.get(&(x, y)).copied()
    }

    /// The node's numeric label, if the board is numbered.
    pub fn number(&self, n: NodeId) -> Option<u16> {
        self.numbers[n.index()]
    }

    /// The node with numeric label `k` (1-based), if the board is numbered.
    pub fn node_by_number(&self, k: usize) -> Option<NodeId> {
        k.checked_sub(1)
            .and_then(|i| self.by_number.get(i))
            .copied()
    }

    /// How many nodes carry numeric labels (0 if the board is not numbered).
    pub fn numbered_count(&self) -> usize {
        self.by_number.len()
    }

    /// The neighbour of `n` towards `d`, if an edge goes that way.
    #[inline]
    pub fn neighbour(&self, n: NodeId, d: Direction) -> Option<NodeId> {
        self.neighbours[n.index() * 8 + d.index()]
    }

    /// Every neighbour of `n` with the direction of its edge, clockwise from N.
    pub fn neighbours(&self, n: NodeId) -> impl Iterator<Item = (Direction, NodeId)> + '_ {
        Direction::ALL
            .into_iter()
            .filter_map(move |d| self.neighbour(n, d).map(|m| (d, m)))
    }

    /// The nodes reached by following `d` from `n` repeatedly, nearest first
    /// (`n` itself excluded).
    #[inline]
    pub fn ray(&self, n: NodeId, d: Direction) -> &[NodeId] {
        let r = &self.ray_ranges[n.index() * 8 + d.index()];
        &self.ray_nodes[r.start as usize..r.end as usize]
    }

    /// The undirected edges, each once, as (lower id, higher id), sorted.
    pub fn edges(&self) -> &[(NodeId, NodeId)] {
        &self.edges
    }

    /// The lines of the board (the mills of morris), in description order.
    pub fn lines(&self) -> &[Vec<NodeId>] {
        &self.lines
    }

    /// The lines that contain `n`.
    pub fn lines_through(&self, n: NodeId) -> &[LineId] {
        &self.lines_through[n.index()]
    }

    /// Width and height of the bounding box of the coordinates, and its
    /// lower-left corner: `(min_x, min_y, max_x, max_y)`.
    pub fn bounds(&self) -> (i32, i32, i32, i32) {
        let min_x = self.nodes.iter().map(|n| n.x).min().unwrap_or(0);
        let min_y = self.nodes.iter().map(|n| n.y).min().unwrap_or(0);
        let max_x = self.nodes.iter().map(|n| n.x).max().unwrap_or(0);
        let max_y = self.nodes.iter().map(|n| n.y).max().unwrap_or(0);
        (min_x, min_y, max_x, max_y)
    }
}

/// Slots per letter in the short-label table: ten one-digit labels, a
/// hundred two-digit ones.
const SHORT_SLOTS_PER_LETTER: usize = 110;

/// Where a label of one ASCII letter and one or two digits (`c3`, `C3`,
/// `j10`, `a01`) stands in the short-label table; `None` for any other
/// label. Every such label has a slot of its own.
fn short_label_slot(label: &[u8]) -> Option<usize> {
    let letter = match *label.first()? {
        c @ b'a'..=b'z' => usize::from(c - b'a'),
        c @ b'A'..=b'Z' => 26 + usize::from(c - b'A'),
        _ => return None,
    };
    let digit = |i: usize| match label.get(i) {
        Some(&d) if d.is_ascii_digit() => Some(usize::from(d - b'0')),
        _ => None,
    };
    let number = match label.len() {
        2 => digit(1)?,
        3 => 10 + 10 * digit(1)? + digit(2)?,
        _ => return None,
    };
    Some(letter * SHORT_SLOTS_PER_LETTER + number)
}

/// The short-label table of `nodes` (empty when no label is short).
fn short_label_table(nodes: &[Node]) -> Vec<u16> {
    let mut table = Vec::new();
    for (i, n) in nodes.iter().enumerate() {
        if let Some(slot) = short_label_slot(n.label.as_bytes()) {
            if table.is_empty() {
                table = vec![u16::MAX; 52 * SHORT_SLOTS_PER_LETTER];
            }
            table[slot] = i as u16;
        }
    }
    table
}
