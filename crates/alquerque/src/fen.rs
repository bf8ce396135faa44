//! The alquerque position notation (FEN).
//!
//! `W:Wa1,b1,c1:Ba5,b5,c5` — fields separated by `:`:
//!
//! 1. the side to move, `W` or `B`;
//! 2. `W` followed by White's men, comma-separated points (may be empty);
//! 3. `B` followed by Black's men;
//! 4. optionally `N` and the number of plies played since the last capture
//!    (profiles with a draw rule only; written by them always);
//! 5. optionally `H` and the men of the side that just moved that failed to
//!    capture and may be huffed now (huffing profiles only; written when
//!    not empty).
//!
//! Fields 2–5 may come in any order; each at most once.

use crate::position::Position;
use crate::rules::{CaptureRule, Rules};
use crate::tables::{bit, points};
use board_core::{Graph, PositionError, Side};

/// Parses a FEN, reporting every problem found.
pub(crate) fn parse(graph: &Graph, rules: &Rules, text: &str) -> Result<Position, PositionError> {
    let mut problems = Vec::new();
    let text = text.trim();
    if text.is_empty() {
        return Err(PositionError::one(
            "empty position: expected `W:W<points>:B<points>` (side to move, White's men, Black's men)",
        ));
    }
    let mut fields = text.split(':');
    let side = match fields.next().unwrap_or_default() {
        "W" => Some(Side::White),
        "B" => Some(Side::Black),
        other => {
            problems.push(format!(
                "the side to move is `W` or `B`, not `{other}` (the first field)"
            ));
            None
        }
    };
    let mut men: [Option<u64>; 2] = [None, None];
    let mut quiet: Option<u32> = None;
    let mut huffable: Option<u64> = None;
    for field in fields {
        let mut chars = field.chars();
        let tag = chars.next();
        let rest = chars.as_str();
        match tag {
            Some(c @ ('W' | 'B')) => {
                let s = if c == 'W' { Side::White } else { Side::Black };
                let name = if c == 'W' { "White" } else { "Black" };
                if men[s.index()].is_some() {
                    problems.push(format!("the field of {name}'s men (`{c}…`) appears twice"));
                    continue;
                }
                men[s.index()] = Some(point_list(graph, rest, &format!("{name}'s men"), &mut problems));
            }
            Some('N') => {
                if quiet.is_some() {
                    problems.push("the ply counter field (`N…`) appears twice".into());
                    continue;
                }
                match rest.parse::<u32>() {
                    Ok(n) => quiet = Some(n),
                    Err(_) => {
                        problems.push(format!(
                            "`N{rest}`: the ply counter is a whole number, as in `N12`"
                        ));
                        quiet = Some(0);
                    }
                }
            }
            Some('H') => {
                if huffable.is_some() {
                    problems.push("the huffable men field (`H…`) appears twice".into());
                    continue;
                }
                huffable = Some(point_list(graph, rest, "the huffable men", &mut problems));
            }
            _ => problems.push(format!(
                "unknown field `{field}`: fields are `W…` (White's men), `B…` (Black's men), `N…` (plies without capture), `H…` (huffable men)"
            )),
        }
    }
    for (s, name, c) in [(Side::White, "White", 'W'), (Side::Black, "Black", 'B')] {
        if men[s.index()].is_none() {
            problems.push(format!("the field of {name}'s men (`{c}…`) is missing"));
        }
    }
    let white = men[0].unwrap_or(0);
    let black = men[1].unwrap_or(0);
    for p in points(white & black) {
        problems.push(format!(
            "{} holds both a White and a Black man",
            graph.label(crate::tables::node(p))
        ));
    }
    let limit = rules.draw_plies_without_capture;
    let quiet = match quiet {
        Some(_) if limit == 0 => {
            problems.push(
                "this profile has no draw rule, so a ply counter (`N…`) has no meaning".into(),
            );
            0
        }
        Some(n) if n > limit => {
            problems.push(format!(
                "the ply counter N{n} is beyond the draw limit of {limit} plies"
            ));
            n
        }
        Some(n) => n,
        None => 0,
    };
    let huffable = huffable.unwrap_or(0);
    if huffable != 0 {
        if rules.capture != CaptureRule::Huffing {
            problems
                .push("this profile has no huffing, so huffable men (`H…`) have no meaning".into());
        } else if let Some(side) = side {
            let mover = side.opposite();
            let own = if mover == Side::White { white } else { black };
            for p in points(huffable & !own) {
                problems.push(format!(
                    "huffable man {} is not a man of {} (the side that just moved)",
                    graph.label(crate::tables::node(p)),
                    if mover == Side::White {
                        "White"
                    } else {
                        "Black"
                    }
                ));
            }
        }
    }
    match side {
        Some(side) if problems.is_empty() => Ok(Position {
            men: [white, black],
            side,
            quiet_plies: quiet,
            huffable,
        }),
        _ => Err(PositionError { problems }),
    }
}

fn point_list(graph: &Graph, text: &str, what: &str, problems: &mut Vec<String>) -> u64 {
    let mut mask = 0;
    if text.is_empty() {
        return 0;
    }
    for label in text.split(',') {
        match graph.node_by_label(label) {
            None if label.is_empty() => {
                problems.push(format!(
                    "{what}: an empty entry in the list (two commas, or a trailing comma)"
                ));
            }
            None => problems.push(format!("{what}: `{label}` is not a point of this board")),
            Some(n) => {
                let b = bit(n.index() as u8);
                if mask & b != 0 {
                    problems.push(format!("{what}: {label} is listed twice"));
                }
                mask |= b;
            }
        }
    }
    mask
}

/// Writes the FEN of a position.
pub(crate) fn write(graph: &Graph, rules: &Rules, position: &Position) -> String {
    let list = |mask: u64| {
        points(mask)
            .map(|p| graph.label(crate::tables::node(p)))
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut out = format!(
        "{}:W{}:B{}",
        if position.side == Side::White {
            'W'
        } else {
            'B'
        },
        list(position.men[0]),
        list(position.men[1])
    );
    if rules.draw_plies_without_capture > 0 {
        out.push_str(&format!(":N{}", position.quiet_plies));
    }
    if position.huffable != 0 {
        out.push_str(&format!(":H{}", list(position.huffable)));
    }
    out
}
