//! Text diagrams of any board: nodes drawn at their coordinates, files and
//! ranks labelled, the rest filled with spaces.

use crate::{Graph, NodeId};
use std::fmt::Write;

/// Draws the board: one cell per coordinate, top rank first, each node's
/// text from `cell` (padded to the widest), non-nodes blank, rank numbers on
/// the left and file letters below.
pub fn render(graph: &Graph, cell: impl Fn(NodeId) -> String) -> String {
    let (min_x, min_y, max_x, max_y) = graph.bounds();
    let texts: Vec<String> = graph.node_ids().map(&cell).collect();
    let width = texts
        .iter()
        .map(|t| t.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let rank_width = (max_y - min_y + 1).to_string().len();
    let mut out = String::new();
    for y in (min_y..=max_y).rev() {
        let _ = write!(out, "{:>rank_width$} ", y - min_y + 1);
        let mut line = String::new();
        for x in min_x..=max_x {
            let text = graph
                .node_at(x, y)
                .map_or_else(String::new, |n| texts[n.index()].clone());
            let _ = write!(line, " {text:>width$}");
        }
        out.push_str(line.trim_end());
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
