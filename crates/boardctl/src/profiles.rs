//! `boardctl profiles list` and `boardctl profiles show`.

use crate::cli::RulesArgs;
use crate::registry::{AnyGame, GameTask, embedded_catalog};
use crate::{EXIT_OK, load_profile};
use board_core::{DiagramOptions, Game, Graph, profile::parse_board};
use std::fmt::Write;

/// Prints every embedded profile: reference, description.
pub fn list() -> anyhow::Result<u8> {
    let catalog = embedded_catalog()?;
    let rows: Vec<(String, &str)> = catalog
        .sources()
        .iter()
        .map(|s| (s.id().to_string(), s.header.description.as_str()))
        .collect();
    let width = rows.iter().map(|(id, _)| id.len()).max().unwrap_or(0);
    for (id, description) in rows {
        outln!("{id:<width$}  {description}");
    }
    Ok(EXIT_OK)
}

/// The board of a graph as text: counts, each node's neighbours, the lines.
pub fn describe_board(graph: &Graph) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "board: {} nodes, {} edges, {} lines",
        graph.node_count(),
        graph.edge_count(),
        graph.lines().len()
    );
    out.push_str("neighbours:\n");
    for n in graph.node_ids() {
        let list: Vec<String> = graph
            .neighbours(n)
            .map(|(d, m)| format!("{d} {}", graph.label(m)))
            .collect();
        let number = graph
            .number(n)
            .map(|k| format!(" ({k})"))
            .unwrap_or_default();
        let _ = writeln!(out, "  {}{number}: {}", graph.label(n), list.join(", "));
    }
    if !graph.lines().is_empty() {
        out.push_str("lines:\n");
        for line in graph.lines() {
            let labels: Vec<&str> = line.iter().map(|&n| graph.label(n)).collect();
            let _ = writeln!(out, "  {}", labels.join(" "));
        }
    }
    out
}

fn indent(text: &str) -> String {
    text.lines().map(|l| format!("  {l}\n")).collect()
}

/// The rule switches and start position of a loaded game.
struct StartPosition;

impl GameTask for StartPosition {
    type Output = String;
    fn run<G: Game>(self, game: &G) -> String {
        let start = game.start_position();
        format!(
            "settings:\n{}start position ({} to move):\n{}fen: {}\n",
            indent(&game.settings()),
            game.side_name(game.side_to_move(&start)),
            game.diagram(&start, &DiagramOptions::default()),
            game.write_position(&start)
        )
    }
}

/// Prints a profile's header, board and start position.
pub fn show(args: &RulesArgs) -> anyhow::Result<u8> {
    let source = load_profile(args)?;
    let (_, graph) = parse_board(&source.origin, &source.text)?;
    let h = &source.header;
    outln!("{}: {}", h.id(), h.description);
    if let Some(base) = &h.based_on {
        outln!("based on: {base}");
    }
    for s in &h.sources {
        outln!("source: {s}");
    }
    out!("{}", describe_board(&graph));
    let game = AnyGame::load(&source)?;
    out!("{}", game.run(StartPosition));
    Ok(EXIT_OK)
}
