//! Text diagrams of any board: nodes drawn at their coordinates, files and
//! ranks labelled, the rest filled with spaces.

use crate::{Graph, NodeId};
use std::fmt::Write;

/// How a diagram labels the board's edges.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Axes {
    /// Rank numbers on the left, file letters below (algebraic squares).
    #[default]
    Coordinates,
    /// The first and last square number of each row on the left (the
    /// numeric squares of PDN), nothing below.
    Numbers,
}

/// Draws the board: one cell per coordinate, top rank first, each node's
/// text from `cell` (padded to the widest), non-nodes blank, rank numbers on
/// the left and file letters below.
pub fn render(graph: &Graph, cell: impl Fn(NodeId) -> String) -> String {
    render_with(graph, cell, Axes::Coordinates)
}

/// [`render`] with the edges labelled as the game's notation names squares.
///
/// ```
/// use board_core::{BoardSpec, diagram::{Axes, render_with}};
/// let spec: BoardSpec = toml::from_str(
///     "kind = \"grid\"\nwidth = 4\nheight = 2\nsquares = \"dark\"\nconnections = \"diagonal\"\nnumbering = \"pdn\"",
/// ).unwrap();
/// let graph = spec.build().unwrap();
/// assert_eq!(render_with(&graph, |_| ".".into(), Axes::Numbers), "1-2    .   .\n3-4  .   .\n");
/// ```
pub fn render_with(graph: &Graph, cell: impl Fn(NodeId) -> String, axes: Axes) -> String {
    if axes == Axes::Numbers {
        return render_numbered(graph, cell);
    }
    let (min_x, min_y, max_x, max_y) = graph.bounds();
    let (texts, width) = cell_texts(graph, cell);
    let rank_width = (max_y - min_y + 1).to_string().len();
    let mut out = String::new();
    for y in (min_y..=max_y).rev() {
        let _ = write!(out, "{:>rank_width$} ", y - min_y + 1);
        out.push_str(&row(graph, &texts, width, y));
        out.push('\n');
    }
    let _ = write!(out, "{:>rank_width$} ", "");
    let mut files = String::new();
    for x in min_x..=max_x {
        let letter = u8::try_from(x - min_x)
            .ok()
            .filter(|&i| i < 26)
            .map_or('?', |i| char::from(b'a' + i));
        let _ = write!(files, " {letter:>width$}");
    }
    out.push_str(files.trim_end());
    out.push('\n');
    out
}

/// The rows of the board, each labelled with its first and last square
/// number (`1-4`), for boards whose notation numbers the squares.
fn render_numbered(graph: &Graph, cell: impl Fn(NodeId) -> String) -> String {
    let (min_x, min_y, max_x, max_y) = graph.bounds();
    let (texts, width) = cell_texts(graph, cell);
    let rows: Vec<(String, String)> = (min_y..=max_y)
        .rev()
        .map(|y| {
            let numbers: Vec<u16> = (min_x..=max_x)
                .filter_map(|x| graph.node_at(x, y).and_then(|n| graph.number(n)))
                .collect();
            let label = match (numbers.iter().min(), numbers.iter().max()) {
                (Some(a), Some(b)) if a != b => format!("{a}-{b}"),
                (Some(a), _) => a.to_string(),
                _ => String::new(),
            };
            (label, row(graph, &texts, width, y))
        })
        .collect();
    let label_width = rows.iter().map(|(l, _)| l.len()).max().unwrap_or(0);
    let mut out = String::new();
    for (label, line) in rows {
        let _ = writeln!(out, "{label:>label_width$} {line}");
    }
    out
}

/// Each node's text and the width of the widest (at least 1).
fn cell_texts(graph: &Graph, cell: impl Fn(NodeId) -> String) -> (Vec<String>, usize) {
    let texts: Vec<String> = graph.node_ids().map(cell).collect();
    let width = texts
        .iter()
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    (texts, width)
}

/// Row `y` of the board: each coordinate's text padded to `width`,
/// non-nodes blank, without trailing blanks.
fn row(graph: &Graph, texts: &[String], width: usize, y: i32) -> String {
    let (min_x, _, max_x, _) = graph.bounds();
    let mut line = String::new();
    for x in min_x..=max_x {
        let text = graph
            .node_at(x, y)
            .map_or("", |n| texts[n.index()].as_str());
        let _ = write!(line, " {text:>width$}");
    }
    line.trim_end().to_string()
}
