//! SVG pictures of any board, drawn from the board graph (the nodes'
//! coordinates, the edges) and a game's [`Scene`] (what stands on each
//! node): one renderer for every game, with no drawing code per game.
//!
//! A board whose nodes all sit on one colour of a chequerboard, joined only
//! diagonally to their nearest neighbours, is drawn as squares (the
//! draughts grids: dark squares filled, light squares plain); every other
//! board as points joined by its edges (morris rings, the alquerque lines,
//! the lingqi grid, a custom board). Where every point is joined
//! diagonally to every diagonal neighbour (the lingqi board), the diagonals
//! say nothing the grid does not, and only the grid lines are drawn.
//!
//! Every node is an element `<g class="node" data-node="LABEL">` holding a
//! transparent hit shape that covers the node, so a page can attach clicks
//! and highlights by label. The output depends on nothing but its inputs:
//! the same position and options give the same bytes.
//!
//! ```
//! use board_core::svg::{SvgOptions, draw};
//! use board_core::{Diagram, Profiled};
//!
//! /// The start position of any game, flipped.
//! fn start_picture<G: Diagram + Profiled>(game: &G) -> String {
//!     let options = SvgOptions { flip: true, ..SvgOptions::default() };
//!     draw(game, &game.start_position(), &options)
//! }
//! ```

use crate::Direction;
use crate::diagram::Axes;
use crate::game::{Diagram, MoveParts, Profiled, Side};
use crate::graph::Graph;
use crate::node::NodeId;
use std::fmt::Write;

/// Size of one board unit (the distance between neighbouring coordinates)
/// in the picture's own units.
const UNIT: i64 = 100;
/// Margin around the board, wide enough for the coordinates.
const MARGIN: i64 = 60;
/// Radius of a piece.
const PIECE_RADIUS: i64 = 40;
/// The size of the picture's longer side in pixels: a board shown 400
/// pixels wide is still readable.
const PIXELS: i64 = 560;
/// How far before the centre of its last node the last move's arrow ends.
const ARROW_SHORTENING: i64 = 18;
/// Width of the column beside the board that shows pieces in hand.
const HAND_COLUMN: i64 = 130;

/// How a picture is drawn: the side at the bottom, the marks added on top
/// of the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SvgOptions {
    /// Turns the board half a turn: the second player's side at the bottom.
    pub flip: bool,
    /// The move that led to the position: its start and landing nodes are
    /// highlighted and an arrow follows its path.
    pub last_move: Option<MoveParts>,
    /// Further nodes to highlight (a page's legal targets).
    pub highlight: Vec<NodeId>,
    /// Shows the zones of games that have them (lingqi) and the pieces
    /// trapped in an enemy zone.
    pub zones: bool,
    /// Labels the board's edges: files and ranks, or square numbers.
    pub coordinates: bool,
}

impl Default for SvgOptions {
    /// Coordinates on, everything else off.
    fn default() -> Self {
        SvgOptions {
            flip: false,
            last_move: None,
            highlight: Vec::new(),
            zones: false,
            coordinates: true,
        }
    }
}

/// A piece as a picture shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Its owner.
    pub side: Side,
    /// A king (draughts): drawn with a crown.
    pub king: bool,
    /// A letter written on the piece (lingqi's types `S M V E G D F`).
    pub letter: Option<char>,
    /// A small number written beside the letter (lingqi's levels).
    pub level: Option<u32>,
    /// Stands in an enemy zone (lingqi's trapped pieces); drawn only when
    /// [`SvgOptions::zones`] is on.
    pub trapped: bool,
}

impl Piece {
    /// A plain man of `side`.
    pub fn man(side: Side) -> Piece {
        Piece {
            side,
            king: false,
            letter: None,
            level: None,
            trapped: false,
        }
    }

    /// A king of `side`.
    pub fn king(side: Side) -> Piece {
        Piece {
            king: true,
            ..Piece::man(side)
        }
    }
}

/// What a game shows of a position ([`Diagram::scene`]): the pieces on
/// the nodes and the marks of its rules. The board itself comes from the
/// graph.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Scene {
    /// The pieces, each on its node.
    pub pieces: Vec<(NodeId, Piece)>,
    /// Points that are marked and may not be used (morris's emptied
    /// points), each drawn as a red ×.
    pub marked: Vec<NodeId>,
    /// The nodes of each side's zones (lingqi), drawn when
    /// [`SvgOptions::zones`] is on.
    pub zones: Vec<(NodeId, Side)>,
    /// Pieces still in hand, per side (morris), drawn beside the board.
    pub in_hand: Vec<(Side, u32)>,
    /// How the board's edges are labelled.
    pub axes: Axes,
}

/// Where things go in the picture: the board's orientation and scale.
struct Layout<'g> {
    graph: &'g Graph,
    squares: bool,
    flip: bool,
    min_x: i32,
    min_y: i32,
    max_x: i32,
    max_y: i32,
}

impl Layout<'_> {
    /// Columns and rows from the left and from the top, after flipping.
    fn column_row(&self, x: i32, y: i32) -> (i64, i64) {
        let (col, row) = (
            i64::from(x) - i64::from(self.min_x),
            i64::from(self.max_y) - i64::from(y),
        );
        if self.flip {
            (self.columns() - 1 - col, self.rows() - 1 - row)
        } else {
            (col, row)
        }
    }

    fn columns(&self) -> i64 {
        i64::from(self.max_x) - i64::from(self.min_x) + 1
    }

    fn rows(&self) -> i64 {
        i64::from(self.max_y) - i64::from(self.min_y) + 1
    }

    /// Width of the board area: whole cells for squares, the span between
    /// the outer points plus a unit for points.
    fn board_width(&self) -> i64 {
        self.columns() * UNIT
    }

    fn board_height(&self) -> i64 {
        self.rows() * UNIT
    }

    /// The centre of the cell or point at these coordinates.
    fn centre(&self, x: i32, y: i32) -> (i64, i64) {
        let (col, row) = self.column_row(x, y);
        (
            MARGIN + col * UNIT + UNIT / 2,
            MARGIN + row * UNIT + UNIT / 2,
        )
    }

    fn node_centre(&self, n: NodeId) -> (i64, i64) {
        let node = self.graph.node(n);
        self.centre(node.x, node.y)
    }
}

/// Whether the board is drawn as squares: every node on one colour of a
/// chequerboard and every edge a diagonal step between nearest cells.
fn is_chequered(graph: &Graph) -> bool {
    let parity = |n: NodeId| {
        let node = graph.node(n);
        (i64::from(node.x) + i64::from(node.y)).rem_euclid(2)
    };
    let first = parity(NodeId::new(0));
    graph.edge_count() > 0
        && graph.node_ids().all(|n| parity(n) == first)
        && graph.edges().iter().all(|&(a, b)| {
            let (na, nb) = (graph.node(a), graph.node(b));
            (na.x - nb.x).abs() == 1 && (na.y - nb.y).abs() == 1
        })
}

/// Whether the board joins every node to each of its diagonal neighbours
/// and to nothing else diagonally (and has orthogonal edges too): its
/// diagonals follow from the grid and are left out of the picture.
fn diagonals_implied(graph: &Graph) -> bool {
    let orthogonal = graph.edges().iter().any(|&(a, b)| {
        let (na, nb) = (graph.node(a), graph.node(b));
        na.x == nb.x || na.y == nb.y
    });
    orthogonal
        && graph.node_ids().all(|n| {
            let node = graph.node(n);
            Direction::DIAGONAL.into_iter().all(|d| {
                let (dx, dy) = d.delta();
                let cell = node
                    .x
                    .checked_add(dx)
                    .zip(node.y.checked_add(dy))
                    .and_then(|(x, y)| graph.node_at(x, y));
                graph.neighbour(n, d) == cell
            })
        })
}

/// The edges to draw, joined into chains: each chain follows one compass
/// direction from a node with no edge behind it, so every edge is drawn
/// once and a grid line is one element. The diagonals are left out where
/// they follow from the grid ([`diagonals_implied`]).
fn edge_chains(graph: &Graph) -> Vec<Vec<NodeId>> {
    let skip_diagonals = diagonals_implied(graph);
    let mut chains = Vec::new();
    for d in [Direction::E, Direction::N, Direction::NE, Direction::SE] {
        if skip_diagonals && d.is_diagonal() {
            continue;
        }
        for n in graph.node_ids() {
            if graph.neighbour(n, d.opposite()).is_some() || graph.neighbour(n, d).is_none() {
                continue;
            }
            let mut chain = vec![n];
            chain.extend_from_slice(graph.ray(n, d));
            chains.push(chain);
        }
    }
    chains
}

/// Text with the characters XML gives a meaning replaced.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// The class of a side's pieces.
fn side_class(side: Side) -> &'static str {
    match side {
        Side::White => "side-white",
        Side::Black => "side-black",
    }
}

/// Fill and outline of a side's pieces.
fn side_colours(side: Side) -> (&'static str, &'static str) {
    match side {
        Side::White => ("#f7f3e8", "#2b2b2b"),
        Side::Black => ("#262626", "#000000"),
    }
}

/// The letter of file `i` (0-based), `?` past `z`.
fn file_letter(i: i64) -> char {
    u8::try_from(i)
        .ok()
        .filter(|&i| i < 26)
        .map_or('?', |i| char::from(b'a' + i))
}

/// Draws `position` of `game` as an SVG document: the board from the
/// game's graph, the position from its [`Diagram::scene`], with the marks
/// `options` asks for.
pub fn draw<G: Diagram + Profiled>(
    game: &G,
    position: &G::Position,
    options: &SvgOptions,
) -> String {
    let graph = game.graph();
    let scene = game.scene(position);
    let (min_x, min_y, max_x, max_y) = graph.bounds();
    let layout = Layout {
        graph,
        squares: is_chequered(graph),
        flip: options.flip,
        min_x,
        min_y,
        max_x,
        max_y,
    };
    let hands = if scene.in_hand.is_empty() {
        0
    } else {
        HAND_COLUMN
    };
    let width = layout.board_width() + 2 * MARGIN + hands;
    let height = layout.board_height() + 2 * MARGIN;
    let longest = width.max(height);
    let (px_width, px_height) = (width * PIXELS / longest, height * PIXELS / longest);
    let side = game.side_to_move(position);
    let title = format!("{} — {} to move", game.header().id(), game.side_name(side));

    let mut out = String::new();
    let _ = writeln!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" width=\"{px_width}\" height=\"{px_height}\" class=\"board {}\" font-family=\"sans-serif\">",
        if layout.squares { "squares" } else { "points" }
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&title));
    out.push_str(concat!(
        "<defs><marker id=\"boardctl-arrowhead\" viewBox=\"0 0 10 10\" refX=\"5\" refY=\"5\" ",
        "markerWidth=\"3\" markerHeight=\"3\" orient=\"auto-start-reverse\">",
        "<path d=\"M0,0 L10,5 L0,10 z\" fill=\"#1f6fd1\"/></marker></defs>\n"
    ));
    let _ = writeln!(
        out,
        "<rect class=\"background\" x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"#fbf8f1\"/>"
    );
    board(&mut out, &layout, &scene, options);
    if options.coordinates {
        // At least 9 px high in a picture 400 px wide.
        let font = (9 * width.max(height) / 400).clamp(30, 48);
        coordinates(&mut out, &layout, scene.axes, font);
    }
    nodes(&mut out, &layout, &scene, options);
    if let Some(parts) = &options.last_move {
        arrow(&mut out, &layout, parts);
    }
    if !scene.in_hand.is_empty() {
        in_hand(&mut out, &layout, &scene, game);
    }
    out.push_str("</svg>\n");
    out
}

/// The board: cells for a chequered board, edges and points otherwise,
/// with the zones under them when asked for.
fn board(out: &mut String, layout: &Layout<'_>, scene: &Scene, options: &SvgOptions) {
    out.push_str("<g class=\"board\">\n");
    let (bw, bh) = (layout.board_width(), layout.board_height());
    if layout.squares {
        let _ = writeln!(
            out,
            "<rect class=\"light\" x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{bw}\" height=\"{bh}\" fill=\"#f0dcb4\"/>"
        );
        for n in layout.graph.node_ids() {
            let (cx, cy) = layout.node_centre(n);
            let _ = writeln!(
                out,
                "<rect class=\"dark\" x=\"{}\" y=\"{}\" width=\"{UNIT}\" height=\"{UNIT}\" fill=\"#8b5a2b\"/>",
                cx - UNIT / 2,
                cy - UNIT / 2
            );
        }
    } else {
        let _ = writeln!(
            out,
            "<rect class=\"surface\" x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{bw}\" height=\"{bh}\" rx=\"12\" fill=\"#ecd9ad\"/>"
        );
    }
    if options.zones {
        zones(out, layout, scene);
    }
    out.push_str(&frame(layout));
    if !layout.squares {
        for chain in edge_chains(layout.graph) {
            let points: Vec<String> = chain
                .iter()
                .map(|&n| {
                    let (x, y) = layout.node_centre(n);
                    format!("{x},{y}")
                })
                .collect();
            let _ = writeln!(
                out,
                "<polyline class=\"edge\" points=\"{}\" fill=\"none\" stroke=\"#3b2a14\" stroke-width=\"4\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>",
                points.join(" ")
            );
        }
        for n in layout.graph.node_ids() {
            let (cx, cy) = layout.node_centre(n);
            let _ = writeln!(
                out,
                "<circle class=\"point\" cx=\"{cx}\" cy=\"{cy}\" r=\"9\" fill=\"#3b2a14\"/>"
            );
        }
    }
    out.push_str("</g>\n");
}

/// The outline around a chequered board (none for points).
fn frame(layout: &Layout<'_>) -> String {
    if layout.squares {
        format!(
            "<rect class=\"frame\" x=\"{MARGIN}\" y=\"{MARGIN}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#3b2a14\" stroke-width=\"4\"/>\n",
            layout.board_width(),
            layout.board_height()
        )
    } else {
        String::new()
    }
}

/// Each side's zone as a tint over its nodes: South's (White's) blue,
/// North's (Black's) red, both purple where they overlap.
fn zones(out: &mut String, layout: &Layout<'_>, scene: &Scene) {
    for &(n, side) in &scene.zones {
        let (cx, cy) = layout.node_centre(n);
        let colour = match side {
            Side::White => "#1f5fe0",
            Side::Black => "#d53a3a",
        };
        let _ = writeln!(
            out,
            "<rect class=\"zone zone-{}\" x=\"{}\" y=\"{}\" width=\"{UNIT}\" height=\"{UNIT}\" fill=\"{colour}\" fill-opacity=\"0.22\"/>",
            &side_class(side)[5..],
            cx - UNIT / 2,
            cy - UNIT / 2
        );
    }
}

/// Files and ranks (or square numbers) on the board's edges.
fn coordinates(out: &mut String, layout: &Layout<'_>, axes: Axes, font: i64) {
    let _ = writeln!(
        out,
        "<g class=\"coordinates\" font-size=\"{font}\" fill=\"#5a4630\" text-anchor=\"middle\">"
    );
    match axes {
        Axes::Coordinates => {
            let bottom = MARGIN + layout.board_height() + MARGIN / 2 + font / 3;
            let left = MARGIN / 2;
            for x in layout.min_x..=layout.max_x {
                let (cx, _) = layout.centre(x, layout.min_y);
                let letter = file_letter(i64::from(x) - i64::from(layout.min_x));
                let _ = writeln!(out, "<text x=\"{cx}\" y=\"{bottom}\">{letter}</text>");
            }
            for y in layout.min_y..=layout.max_y {
                let (_, cy) = layout.centre(layout.min_x, y);
                let rank = i64::from(y) - i64::from(layout.min_y) + 1;
                let _ = writeln!(
                    out,
                    "<text x=\"{left}\" y=\"{}\">{rank}</text>",
                    cy + font / 3
                );
            }
        }
        Axes::Numbers => {
            for n in layout.graph.node_ids() {
                if let Some(number) = layout.graph.number(n) {
                    let (cx, cy) = layout.node_centre(n);
                    let _ = writeln!(
                        out,
                        "<text x=\"{}\" y=\"{}\" font-size=\"22\" text-anchor=\"start\" fill=\"#f3e6cc\">{number}</text>",
                        cx - UNIT / 2 + 4,
                        cy - UNIT / 2 + 22
                    );
                }
            }
        }
    }
    out.push_str("</g>\n");
}

/// One group per node, with its hit shape, highlights, marks and piece.
fn nodes(out: &mut String, layout: &Layout<'_>, scene: &Scene, options: &SvgOptions) {
    let count = layout.graph.node_count();
    let mut pieces: Vec<Option<&Piece>> = vec![None; count];
    for (n, piece) in &scene.pieces {
        if let Some(slot) = pieces.get_mut(n.index()) {
            *slot = Some(piece);
        }
    }
    let mut marked = vec![false; count];
    for n in &scene.marked {
        if let Some(slot) = marked.get_mut(n.index()) {
            *slot = true;
        }
    }
    let last = options.last_move.as_ref();
    out.push_str("<g class=\"nodes\">\n");
    for n in layout.graph.node_ids() {
        let (cx, cy) = layout.node_centre(n);
        let _ = writeln!(
            out,
            "<g class=\"node\" data-node=\"{}\">",
            escape(layout.graph.label(n))
        );
        node_area(
            out,
            layout.squares,
            (cx, cy),
            UNIT / 2 - 4,
            "hit",
            "#000",
            "0",
        );
        let from = last.and_then(|p| p.from) == Some(n);
        let landed = last.is_some_and(|p| p.landings.contains(&n));
        if from || landed {
            let class = if from { "last-from" } else { "last-to" };
            let opacity = if layout.squares { "0.55" } else { "0.8" };
            node_area(
                out,
                layout.squares,
                (cx, cy),
                PIECE_RADIUS + 12,
                class,
                "#f5d742",
                opacity,
            );
        }
        if options.highlight.contains(&n) {
            let _ = writeln!(
                out,
                "<circle class=\"highlight\" cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"none\" stroke=\"#2e9e44\" stroke-width=\"8\"/>",
                PIECE_RADIUS + 4
            );
        }
        if marked[n.index()] {
            let d = 26;
            let _ = writeln!(
                out,
                "<path class=\"marked\" d=\"M{},{} L{},{} M{},{} L{},{}\" stroke=\"#d01c1c\" stroke-width=\"10\" stroke-linecap=\"round\"/>",
                cx - d,
                cy - d,
                cx + d,
                cy + d,
                cx - d,
                cy + d,
                cx + d,
                cy - d
            );
        }
        if let Some(piece) = pieces[n.index()] {
            draw_piece(out, cx, cy, piece, options.zones);
        }
        if last.is_some_and(|p| p.captured.contains(&n)) {
            let _ = writeln!(
                out,
                "<circle class=\"captured\" cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"none\" stroke=\"#ff8c1a\" stroke-width=\"6\" stroke-dasharray=\"10 8\"/>",
                PIECE_RADIUS - 6
            );
        }
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n");
}

/// The area of one node: its square on a squares board, otherwise a
/// circle of `radius` around its point.
fn node_area(
    out: &mut String,
    squares: bool,
    (cx, cy): (i64, i64),
    radius: i64,
    class: &str,
    fill: &str,
    opacity: &str,
) {
    let _ = if squares {
        writeln!(
            out,
            "<rect class=\"{class}\" x=\"{}\" y=\"{}\" width=\"{UNIT}\" height=\"{UNIT}\" fill=\"{fill}\" fill-opacity=\"{opacity}\"/>",
            cx - UNIT / 2,
            cy - UNIT / 2
        )
    } else {
        writeln!(
            out,
            "<circle class=\"{class}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{radius}\" fill=\"{fill}\" fill-opacity=\"{opacity}\"/>"
        )
    };
}

/// A piece centred on `(cx, cy)`: a disc in its side's colours, a crown
/// for a king, its letter and level, a dashed red ring when trapped (with
/// the zones shown).
fn draw_piece(out: &mut String, cx: i64, cy: i64, piece: &Piece, zones: bool) {
    let (fill, stroke) = side_colours(piece.side);
    let (ink, _) = side_colours(piece.side.opposite());
    let mut class = format!("piece {}", side_class(piece.side));
    class.push_str(if piece.king { " king" } else { " man" });
    if piece.trapped && zones {
        class.push_str(" trapped");
    }
    let _ = writeln!(out, "<g class=\"{class}\">");
    let _ = writeln!(
        out,
        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{PIECE_RADIUS}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"4\"/>"
    );
    if piece.letter.is_none() {
        let _ = writeln!(
            out,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"none\" stroke=\"{ink}\" stroke-opacity=\"0.35\" stroke-width=\"3\"/>",
            PIECE_RADIUS - 11
        );
    }
    if piece.king {
        let _ = writeln!(
            out,
            "<path class=\"crown\" d=\"M{},{} L{},{} L{},{} L{},{} L{},{} L{},{} L{},{} z\" fill=\"#d9a514\" stroke=\"{ink}\" stroke-width=\"2\"/>",
            cx - 20,
            cy + 12,
            cx - 22,
            cy - 12,
            cx - 10,
            cy,
            cx,
            cy - 18,
            cx + 10,
            cy,
            cx + 22,
            cy - 12,
            cx + 20,
            cy + 12
        );
    }
    if let Some(letter) = piece.letter {
        let text = escape(&letter.to_string());
        match piece.level {
            Some(level) => {
                let _ = writeln!(
                    out,
                    "<text x=\"{}\" y=\"{}\" font-size=\"50\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{text}</text>",
                    cx - 8,
                    cy + 17
                );
                let _ = writeln!(
                    out,
                    "<text class=\"level\" x=\"{}\" y=\"{}\" font-size=\"30\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{level}</text>",
                    cx + 23,
                    cy + 30
                );
            }
            None => {
                let _ = writeln!(
                    out,
                    "<text x=\"{cx}\" y=\"{}\" font-size=\"50\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{text}</text>",
                    cy + 17
                );
            }
        }
    }
    if piece.trapped && zones {
        let _ = writeln!(
            out,
            "<circle class=\"trap\" cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"none\" stroke=\"#d01c1c\" stroke-width=\"5\" stroke-dasharray=\"9 6\"/>",
            PIECE_RADIUS + 7
        );
    }
    out.push_str("</g>\n");
}

/// An arrow along the last move's path: from its start through every
/// landing. A placement (no start) with one landing has no arrow.
fn arrow(out: &mut String, layout: &Layout<'_>, parts: &MoveParts) {
    let count = layout.graph.node_count();
    let path: Vec<NodeId> = parts
        .from
        .into_iter()
        .chain(parts.landings.iter().copied())
        .filter(|n| n.index() < count)
        .collect();
    if path.len() < 2 {
        return;
    }
    let mut centres: Vec<(i64, i64)> = path.iter().map(|&n| layout.node_centre(n)).collect();
    // The head stops short of the last centre, so the piece that landed
    // stays visible under it.
    if let [.., (px, py), (lx, ly)] = centres.as_mut_slice() {
        let (dx, dy) = ((*lx - *px) as f64, (*ly - *py) as f64);
        let length = dx.hypot(dy);
        if length > 0.0 {
            let back = ARROW_SHORTENING as f64 / length;
            *lx -= (dx * back).round() as i64;
            *ly -= (dy * back).round() as i64;
        }
    }
    let points: Vec<String> = centres.iter().map(|(x, y)| format!("{x},{y}")).collect();
    let _ = writeln!(
        out,
        "<polyline class=\"last-move\" points=\"{}\" fill=\"none\" stroke=\"#1f6fd1\" stroke-opacity=\"0.8\" stroke-width=\"12\" stroke-linecap=\"round\" stroke-linejoin=\"round\" marker-end=\"url(#boardctl-arrowhead)\" pointer-events=\"none\"/>",
        points.join(" ")
    );
}

/// The pieces in hand, beside the board: the player at the top of the
/// picture above, the one at the bottom below, each a piece with its count.
fn in_hand<G: Diagram>(out: &mut String, layout: &Layout<'_>, scene: &Scene, game: &G) {
    let x = MARGIN + layout.board_width() + MARGIN / 2 + HAND_COLUMN / 2;
    out.push_str("<g class=\"in-hand\">\n");
    for &(side, count) in &scene.in_hand {
        let top = (side == Side::Black) != layout.flip;
        let y = if top {
            MARGIN + UNIT / 2
        } else {
            MARGIN + layout.board_height() - UNIT / 2
        };
        let (fill, stroke) = side_colours(side);
        let _ = writeln!(
            out,
            "<g class=\"hand {}\" data-count=\"{count}\"><title>{} in hand: {count}</title>",
            side_class(side),
            escape(game.side_name(side))
        );
        let _ = writeln!(
            out,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{PIECE_RADIUS}\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"4\"/>"
        );
        let (ink, _) = side_colours(side.opposite());
        let _ = writeln!(
            out,
            "<text x=\"{x}\" y=\"{}\" font-size=\"36\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{ink}\">{count}</text>",
            y + 13
        );
        let label_y = if top {
            y + UNIT / 2 + 22
        } else {
            y - UNIT / 2 - 6
        };
        let _ = writeln!(
            out,
            "<text x=\"{x}\" y=\"{label_y}\" font-size=\"22\" text-anchor=\"middle\" fill=\"#5a4630\">in hand</text>"
        );
        out.push_str("</g>\n");
    }
    out.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::BoardSpec;

    fn graph(toml_text: &str) -> Graph {
        let spec: BoardSpec = toml::from_str(toml_text).expect("a board");
        spec.build().expect("it builds")
    }

    fn grid(width: u32, squares: &str, connections: &str) -> Graph {
        graph(&format!(
            "kind = \"grid\"\nwidth = {width}\nheight = {width}\nsquares = \"{squares}\"\nconnections = \"{connections}\""
        ))
    }

    /// Every edge of `graph` once, as (lower, higher) ids.
    fn chained_edges(graph: &Graph) -> Vec<(NodeId, NodeId)> {
        let mut edges: Vec<(NodeId, NodeId)> = edge_chains(graph)
            .iter()
            .flat_map(|chain| chain.windows(2).map(|w| (w[0].min(w[1]), w[0].max(w[1]))))
            .collect();
        edges.sort();
        edges
    }

    #[test]
    fn a_dark_square_diagonal_grid_is_drawn_as_squares_and_nothing_else_is() {
        assert!(is_chequered(&grid(8, "dark", "diagonal")));
        assert!(!is_chequered(&grid(5, "all", "alternating")));
        assert!(!is_chequered(&grid(5, "all", "diagonal")));
        assert!(!is_chequered(&grid(5, "all", "orthogonal")));
        let morris = graph("kind = \"morris\"\nrings = 3\nlines = [\"sides\"]");
        assert!(!is_chequered(&morris));
    }

    #[test]
    fn the_chains_draw_every_edge_once_but_implied_diagonals() {
        for g in [
            grid(5, "all", "alternating"),
            grid(4, "all", "orthogonal"),
            grid(6, "dark", "diagonal"),
            graph("kind = \"morris\"\nrings = 3\ncorner-diagonals = true\nlines = [\"sides\"]"),
        ] {
            assert!(!diagonals_implied(&g));
            assert_eq!(chained_edges(&g), g.edges().to_vec());
        }
        let both = grid(4, "all", "both");
        assert!(diagonals_implied(&both));
        let orthogonal: Vec<(NodeId, NodeId)> = both
            .edges()
            .iter()
            .copied()
            .filter(|&(a, b)| both.node(a).x == both.node(b).x || both.node(a).y == both.node(b).y)
            .collect();
        assert_eq!(chained_edges(&both), orthogonal);
        // One grid line is one chain: 4 rows and 4 columns.
        assert_eq!(edge_chains(&both).len(), 8);
    }

    #[test]
    fn labels_are_escaped() {
        assert_eq!(escape("a<b & \"c\"'"), "a&lt;b &amp; &quot;c&quot;&apos;");
    }

    #[test]
    fn the_default_options_show_coordinates_only() {
        let options = SvgOptions::default();
        assert!(options.coordinates);
        assert!(!options.flip && !options.zones);
        assert!(options.last_move.is_none() && options.highlight.is_empty());
    }
}
