//! The morris FEN: side to move, men on the board, men in hand, marked
//! points and the move-limit count, in one line.
//!
//! ```text
//! W:Wa1,d1,g7:Bd2,f4:H5/6:Mb4:R0
//! ```
//!
//! Fields are separated by `:`. The first is the side to move, `W` or `B`.
//! The others start with a letter and may come in any order:
//!
//! - `W…` and `B…` (both required): the points of White's and Black's men,
//!   comma-separated, possibly none (`W`);
//! - `H<white>/<black>`: men in hand (omitted: `H0/0`, the moving phase);
//!   the placing phase lasts while a hand is not empty;
//! - `M…`: marked points (points closed by a removal during the placing
//!   phase; omitted when there are none);
//! - `R<n>`: moves in a row without a removal or placement, only in
//!   profiles with `draw-moves-without-removal`.
//!
//! The repetition history is not part of a FEN: a game read from a FEN
//! starts counting repetitions there.

use crate::engine::Engine;
use crate::position::{Core, Position};
use crate::rules::Placing;
use crate::tables::{Mask, bit, points};
use board_core::{Graph, PositionError, Side};

/// Reads a FEN, reporting every problem at once.
pub(crate) fn parse(engine: &Engine, graph: &Graph, text: &str) -> Result<Position, PositionError> {
    let mut problems = Vec::new();
    let text = text.trim();
    let mut fields = text.split(':');
    let side = match fields.next().map(str::trim) {
        Some("W" | "w") => Some(Side::White),
        Some("B" | "b") => Some(Side::Black),
        Some(other) => {
            problems.push(format!(
                "the first field says whose turn it is, `W` or `B`; found `{other}`"
            ));
            None
        }
        None => None,
    };
    let mut men: [Option<Mask>; 2] = [None, None];
    let mut hand: Option<[u8; 2]> = None;
    let mut marks: Option<Mask> = None;
    let mut quiet: Option<u16> = None;
    for field in fields {
        let field = field.trim();
        let Some(tag) = field.chars().next() else {
            problems.push("empty field (two `:` in a row)".to_string());
            continue;
        };
        let body = &field[tag.len_utf8()..];
        let repeated = |what: &str, problems: &mut Vec<String>| {
            problems.push(format!("the {what} field `{tag}` appears twice"));
        };
        match tag {
            'W' | 'B' => {
                let i = usize::from(tag == 'B');
                let what = if i == 0 { "White men" } else { "Black men" };
                if men[i].is_some() {
                    repeated(what, &mut problems);
                }
                men[i] = Some(point_list(graph, body, what, &mut problems));
            }
            'H' => {
                if hand.is_some() {
                    repeated("men in hand", &mut problems);
                }
                hand = Some(parse_hand(body, &mut problems));
            }
            'M' => {
                if marks.is_some() {
                    repeated("marked points", &mut problems);
                }
                marks = Some(point_list(graph, body, "marked points", &mut problems));
            }
            'R' => {
                if quiet.is_some() {
                    repeated("move count", &mut problems);
                }
                match body.trim().parse::<u16>() {
                    Ok(n) => quiet = Some(n),
                    Err(_) => problems.push(format!(
                        "`R{body}`: the move count after `R` must be a whole number"
                    )),
                }
            }
            other => problems.push(format!(
                "unknown field `{field}`: fields start with W, B, H, M or R, not `{other}`"
            )),
        }
    }
    for (i, name) in ["W", "B"].iter().enumerate() {
        if men[i].is_none() {
            problems.push(format!(
                "the field `{name}` (the points of {}'s men, possibly none) is missing",
                if i == 0 { "White" } else { "Black" }
            ));
        }
    }
    let (Some(side), Some(white), Some(black)) = (side, men[0], men[1]) else {
        return Err(PositionError { problems });
    };
    let core = Core {
        men: [white, black],
        marks: marks.unwrap_or(0),
        hand: hand.unwrap_or([0, 0]),
        side,
        quiet: quiet.unwrap_or(0),
    };
    check(engine, graph, &core, quiet.is_some(), &mut problems);
    if !problems.is_empty() {
        return Err(PositionError { problems });
    }
    let mut core = core;
    engine.normalize(&mut core);
    Ok(Position::from_core(core))
}

fn point_list(graph: &Graph, body: &str, what: &str, problems: &mut Vec<String>) -> Mask {
    let mut mask = 0;
    if body.trim().is_empty() {
        return mask;
    }
    for item in body.split(',') {
        let label = item.trim();
        if label.is_empty() {
            problems.push(format!("{what}: empty entry in `{body}`"));
            continue;
        }
        let node = graph
            .node_by_label(label)
            .or_else(|| graph.node_by_label(&label.to_ascii_lowercase()));
        match node {
            Some(n) => {
                if mask & bit(n.index()) != 0 {
                    problems.push(format!("{what}: `{label}` is listed twice"));
                }
                mask |= bit(n.index());
            }
            None => problems.push(format!("{what}: `{label}` is not a point of this board")),
        }
    }
    mask
}

fn parse_hand(body: &str, problems: &mut Vec<String>) -> [u8; 2] {
    let parsed = body
        .split_once('/')
        .and_then(|(w, b)| Some([w.trim().parse().ok()?, b.trim().parse().ok()?]));
    parsed.unwrap_or_else(|| {
        problems.push(format!(
            "`H{body}`: men in hand are written `H<white>/<black>`, such as `H9/9`"
        ));
        [0, 0]
    })
}

/// Checks that the position could arise under the profile's rules.
fn check(engine: &Engine, graph: &Graph, c: &Core, has_count: bool, problems: &mut Vec<String>) {
    let rules = &engine.rules;
    let label = |p: usize| graph.label(board_core::NodeId::new(p)).to_string();
    let list = |m: Mask| points(m).map(label).collect::<Vec<_>>().join(", ");
    let both = c.men[0] & c.men[1];
    if both != 0 {
        let verb = if both.count_ones() == 1 {
            "holds"
        } else {
            "hold"
        };
        problems.push(format!(
            "{} {verb} both a white and a black man",
            list(both)
        ));
    }
    for side in [Side::White, Side::Black] {
        let i = side.index();
        let name = crate::engine::side_name(side);
        let on_board = c.men[i].count_ones();
        let total = on_board + u32::from(c.hand[i]);
        if total > u32::from(rules.men_per_side) {
            problems.push(format!(
                "{name} has {total} men ({on_board} on the board, {} in hand) but the profile gives each side {}",
                c.hand[i], rules.men_per_side
            ));
        }
    }
    if c.marks != 0 {
        if !rules.marks_points() {
            problems.push(format!(
                "marked points {} given, but this profile does not mark points",
                list(c.marks)
            ));
        } else if !c.placing_phase() {
            problems.push(format!(
                "marked points {} given, but no man is in hand: marks vanish when the moving phase begins",
                list(c.marks)
            ));
        }
        let occupied = c.marks & (c.men[0] | c.men[1]);
        if occupied != 0 {
            problems.push(format!(
                "{} {} marked but {} a man: a marked point is empty until the moving phase",
                list(occupied),
                if occupied.count_ones() == 1 {
                    "is"
                } else {
                    "are"
                },
                if occupied.count_ones() == 1 {
                    "holds"
                } else {
                    "hold"
                },
            ));
        }
    }
    if rules.marks_points() && c.placing_phase() {
        let removed = (0..2)
            .map(|i| {
                u32::from(rules.men_per_side)
                    .saturating_sub(c.men[i].count_ones() + u32::from(c.hand[i]))
            })
            .sum::<u32>();
        let marked = c.marks.count_ones();
        if marked != removed {
            problems.push(format!(
                "{marked} marked point{} but {removed} {} been taken: in the placing phase every removal leaves a mark",
                if marked == 1 { "" } else { "s" },
                if removed == 1 { "man has" } else { "men have" },
            ));
        }
    }
    if rules.placing == Placing::BeforeMoving {
        let s = c.side.index();
        let (mine, theirs) = (c.hand[s], c.hand[1 - s]);
        if mine != theirs && mine != theirs.saturating_add(1) {
            problems.push(format!(
                "{} to move with {mine} in hand and {} with {theirs}: the sides place in turn, so the side to move has as many men in hand as the other or one more",
                crate::engine::side_name(c.side),
                crate::engine::side_name(c.side.opposite()),
            ));
        }
    }
    if has_count && rules.draw_moves_without_removal == 0 {
        problems.push(
            "`R` counts moves for the move-limit draw, but this profile has no such rule".into(),
        );
    }
    let waiting = c.side.opposite();
    if c.total(waiting) <= u32::from(rules.loses_with)
        && c.total(c.side) > u32::from(rules.loses_with)
    {
        problems.push(format!(
            "{} (not to move) has only {} men: the game ended when it was reduced to {}",
            crate::engine::side_name(waiting),
            c.total(waiting),
            rules.loses_with
        ));
    }
    if c.total(waiting) <= u32::from(rules.loses_with)
        && c.total(c.side) <= u32::from(rules.loses_with)
    {
        problems.push(format!(
            "both sides have at most {} men: the game ended before this position",
            rules.loses_with
        ));
    }
}

/// Writes the FEN of a position.
pub(crate) fn write(engine: &Engine, graph: &Graph, position: &Position) -> String {
    let c = &position.core;
    let list = |m: Mask| {
        let mut labels: Vec<(i32, i32, &str)> = points(m)
            .map(|p| {
                let n = graph.node(board_core::NodeId::new(p));
                (n.x, n.y, n.label.as_str())
            })
            .collect();
        labels.sort_unstable();
        labels.iter().map(|l| l.2).collect::<Vec<_>>().join(",")
    };
    let side = match c.side {
        Side::White => 'W',
        Side::Black => 'B',
    };
    let mut out = format!(
        "{side}:W{}:B{}:H{}/{}",
        list(c.men[0]),
        list(c.men[1]),
        c.hand[0],
        c.hand[1]
    );
    if c.marks != 0 {
        out.push_str(":M");
        out.push_str(&list(c.marks));
    }
    if engine.rules.draw_moves_without_removal > 0 {
        out.push_str(&format!(":R{}", c.quiet));
    }
    out
}
