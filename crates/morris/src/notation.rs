//! Move notation: placement `d1`, move `d1-d2`, removals appended with `x`
//! (`d2xg7`, `a1-a4xg7xg1`) or written as tokens of their own (`d2 xg7`),
//! and the reasons, in a player's words, why a move is not legal.

use crate::engine::Engine;
use crate::moves::Move;
use crate::position::{Core, Position};
use crate::rules::{FlyingAt, MarkedPoints, MillProtection};
use crate::tables::{Mask, bit};
use board_core::notation::{
    LabelCase, illegal, illegal_with_help, moves_of, read_label, shortlist,
};
use board_core::{Graph, MoveError, NodeId, Outcome, SyntaxError};
use std::ops::Range;

/// A move as written: points with their byte spans in the text.
#[derive(Debug)]
struct Written {
    from: Option<usize>,
    to: usize,
    removals: Vec<(usize, Range<usize>)>,
}

/// The canonical text of a move.
pub(crate) fn write(graph: &Graph, mv: &Move) -> String {
    let mut out = String::new();
    if let Some(from) = mv.from() {
        out.push_str(graph.label(from));
        out.push('-');
    }
    out.push_str(graph.label(mv.to()));
    let mut removals: Vec<NodeId> = mv.removals().collect();
    removals.sort_by_key(|&r| (graph.node(r).x, graph.node(r).y));
    for r in removals {
        out.push('x');
        out.push_str(graph.label(r));
    }
    out
}

/// Reads one point at byte `at` (in any case), or says what is there
/// instead.
fn read_point(graph: &Graph, text: &str, at: usize) -> Result<(usize, usize), SyntaxError> {
    read_label(graph, text, at, LabelCase::Any, "point", "d1").map(|(n, len)| (n.index(), len))
}

fn skip_spaces(text: &str, mut at: usize) -> usize {
    while text[at..].starts_with(char::is_whitespace) {
        at += text[at..].chars().next().map_or(1, char::len_utf8);
    }
    at
}

/// Parses the removal part `xg7xg1` (each `x` possibly after spaces) from
/// `at` to the end of `text`.
fn read_removals(
    graph: &Graph,
    text: &str,
    mut at: usize,
) -> Result<Vec<(usize, Range<usize>)>, SyntaxError> {
    let mut removals = Vec::new();
    loop {
        at = skip_spaces(text, at);
        if at >= text.len() {
            return Ok(removals);
        }
        let rest = &text[at..];
        if !(rest.starts_with('x') || rest.starts_with('X')) {
            let width = rest.chars().next().map_or(1, char::len_utf8);
            return Err(SyntaxError::new(
                at..at + width,
                format!(
                    "expected `x` and the point of the man taken (such as xg7), found `{}`",
                    &rest[..width]
                ),
            ));
        }
        let start = skip_spaces(text, at + 1);
        let (point, len) = read_point(graph, text, start)?;
        removals.push((point, start..start + len));
        at = start + len;
    }
}

fn parse_written(graph: &Graph, text: &str) -> Result<Written, SyntaxError> {
    let start = skip_spaces(text, 0);
    if start >= text.len() {
        return Err(SyntaxError::new(0..text.len(), "empty move"));
    }
    let (first, len) = read_point(graph, text, start)?;
    let mut at = start + len;
    let (from, to) = if text[at..].starts_with('-') {
        let (second, len) = read_point(graph, text, at + 1)?;
        at += 1 + len;
        (Some(first), second)
    } else {
        (None, first)
    };
    let removals = read_removals(graph, text, at)?;
    Ok(Written { from, to, removals })
}

/// Whether `next` is a removal token (`xg7`, `xg7xg1`) that continues a
/// pending move, rather than a placement on a point that starts with `x`.
pub(crate) fn is_removal_token(graph: &Graph, next: &str) -> bool {
    let next = next.trim();
    if !(next.starts_with('x') || next.starts_with('X')) {
        return false;
    }
    let is_placement = read_point(graph, next, 0).is_ok_and(|(_, len)| len == next.len());
    !is_placement && read_removals(graph, next, 0).is_ok_and(|r| !r.is_empty())
}

/// The canonical texts of moves, sorted.
fn sorted_texts(graph: &Graph, moves: &[Move]) -> Vec<String> {
    let mut texts: Vec<String> = moves.iter().map(|m| write(graph, m)).collect();
    texts.sort();
    texts
}

/// A short list of moves for a `help:` line.
fn list_moves(graph: &Graph, moves: &[Move], what: &str) -> Option<String> {
    if moves.is_empty() {
        return None;
    }
    let texts = sorted_texts(graph, moves);
    Some(format!("{what}: {}", shortlist(&texts, ", ", ", ")))
}

/// Reads a move and finds the legal move it names.
pub(crate) fn parse(
    engine: &Engine,
    graph: &Graph,
    position: &Position,
    outcome: Option<Outcome>,
    text: &str,
) -> Result<Move, MoveError> {
    let written = parse_written(graph, text)?;
    for (i, (r, _)) in written.removals.iter().enumerate() {
        if written.removals[..i].iter().any(|(q, _)| q == r) {
            return Err(illegal(format!(
                "{} is taken twice",
                graph.label(NodeId::new(*r))
            )));
        }
    }
    if let Some(outcome) = outcome {
        let why = match outcome {
            Outcome::Win { winner, reason } => format!("{} won: {reason}", winner.name()),
            Outcome::Draw { reason } => format!("drawn: {reason}"),
        };
        return Err(illegal(format!("the game is over ({why})")));
    }
    let c = &position.core;
    let mut same_base = Vec::new();
    engine.generate_with_base(c, written.from, written.to, &mut same_base);
    if same_base.is_empty() {
        let mut legal = Vec::new();
        engine.generate(c, &mut legal);
        return Err(explain_base(engine, graph, c, &written, &legal));
    }
    if written.removals.is_empty() {
        // The removal is part of the move: a bare move is the full move
        // only when it takes nothing (no mill, or nothing a mill may take).
        if let Some(m) = same_base.iter().find(|m| m.removal_indices().is_empty()) {
            return Ok(*m);
        }
        return Err(missing_removal(engine, graph, c, &written, &same_base));
    }
    let mut wanted: Vec<u8> = written.removals.iter().map(|(r, _)| *r as u8).collect();
    wanted.sort_unstable();
    if let Some(m) = same_base
        .iter()
        .find(|m| m.removal_indices() == wanted.as_slice())
    {
        return Ok(*m);
    }
    Err(explain_removals(engine, graph, c, &written, &same_base))
}

/// The mills the placement or step `from`-`to` closes, each as its points
/// in the order removals are written (`a1-a4-a7`).
fn mills_closed(
    engine: &Engine,
    graph: &Graph,
    c: &Core,
    from: Option<usize>,
    to: usize,
) -> Vec<String> {
    let mut after = *c;
    engine.play_base(&mut after, from, to);
    let men = after.men[c.side.index()];
    graph
        .lines()
        .iter()
        .zip(&engine.tables.lines)
        .filter(|&(_, &mask)| mask & bit(to) != 0 && men & mask == mask)
        .map(|(line, _)| {
            let mut points = line.clone();
            points.sort_by_key(|&n| (graph.node(n).x, graph.node(n).y));
            let labels: Vec<&str> = points.iter().map(|&n| graph.label(n)).collect();
            labels.join("-")
        })
        .collect()
}

/// A mill-closing move written without its removal: which mills it
/// closes and the full moves it can be.
fn missing_removal(
    engine: &Engine,
    graph: &Graph,
    c: &Core,
    w: &Written,
    same_base: &[Move],
) -> MoveError {
    let base = write(graph, &Move::new(w.from, w.to));
    let mills = mills_closed(engine, graph, c, w.from, w.to);
    let closes = match mills.as_slice() {
        [one] => format!("closes the mill {one}"),
        many => format!("closes the mills {}", shortlist(many, ", ", " and ")),
    };
    let full = sorted_texts(graph, same_base);
    illegal(format!(
        "{base} {closes}: the removal is missing ({})",
        shortlist(&full, ", ", " or ")
    ))
}

/// A move the rules refuse that can be played as written: the placement or
/// step is legal, and each removal written is an enemy man on the board,
/// no more of them than the mills closed owe — a removal missing (fewer
/// men taken than due), or a man taken out of a mill against mill
/// protection. A removal without a mill, a step to a point that is not
/// adjacent, a placement on a marked point or a move after the end are not
/// irregular moves but no moves of the game at all.
pub(crate) fn parse_irregular(
    engine: &Engine,
    graph: &Graph,
    position: &Position,
    outcome: Option<Outcome>,
    text: &str,
) -> Option<Move> {
    if outcome.is_some() {
        return None;
    }
    let written = parse_written(graph, text).ok()?;
    let c = &position.core;
    let mut legal = Vec::new();
    engine.generate(c, &mut legal);
    if !legal
        .iter()
        .any(|m| m.origin() == written.from && m.target() == written.to)
    {
        return None;
    }
    let due = engine.removals_due(engine.mills_made(c, written.from, written.to));
    if written.removals.len() > due {
        return None;
    }
    let enemy = c.men[c.side.opposite().index()];
    let mut taken: Vec<usize> = Vec::new();
    for &(r, _) in &written.removals {
        if enemy & bit(r) == 0 || taken.contains(&r) {
            return None;
        }
        taken.push(r);
    }
    Some(Move::new(written.from, written.to).with_removals(&taken))
}

fn men_word(n: usize) -> &'static str {
    match n {
        1 => "one man",
        2 => "two men",
        _ => "that many men",
    }
}

fn explain_base(
    engine: &Engine,
    graph: &Graph,
    c: &Core,
    w: &Written,
    legal: &[Move],
) -> MoveError {
    let label = |p: usize| graph.label(NodeId::new(p)).to_string();
    let s = c.side.index();
    let me = c.side.name();
    let other = c.side.opposite().name();
    let to = label(w.to);
    let occupant = |p: usize| -> Option<&'static str> {
        if c.men[s] & bit(p) != 0 {
            Some(if s == 0 { "a white man" } else { "a black man" })
        } else if c.men[1 - s] & bit(p) != 0 {
            Some(if s == 0 { "a black man" } else { "a white man" })
        } else {
            None
        }
    };
    let marked_reason = |p: &str, what: &str| match engine.rules.marked_points {
        MarkedPoints::TakenManStays => {
            format!("{p} holds a taken man: no {what} there until the moving phase")
        }
        _ => format!("{p} is marked: no {what} there until the moving phase"),
    };
    let placements: Vec<Move> = legal.iter().filter(|m| m.is_placement()).copied().collect();
    let Some(from) = w.from else {
        if c.hand[s] == 0 {
            let moves: Vec<Move> = legal.to_vec();
            return illegal_with_help(
                format!(
                    "{me} has no man left in hand: a man moves, written from-to (such as a1-a4)"
                ),
                list_moves(graph, &moves, "legal moves"),
            );
        }
        let help = list_moves(graph, &placements, "legal placements");
        if let Some(who) = occupant(w.to) {
            return illegal_with_help(format!("{to} is occupied by {who}"), help);
        }
        if c.marks & bit(w.to) != 0 {
            return illegal_with_help(marked_reason(&to, "placement"), help);
        }
        return illegal_with_help(format!("{me} cannot place on {to}"), help);
    };
    let from_l = label(from);
    if !engine.may_move(c) {
        return illegal_with_help(
            format!(
                "{me} still has {} to place: men move only after all are placed",
                match c.hand[s] {
                    1 => "one man".to_string(),
                    n => format!("{n} men"),
                }
            ),
            list_moves(graph, &placements, "legal placements"),
        );
    }
    if c.men[s] & bit(from) == 0 {
        let why = if c.men[1 - s] & bit(from) != 0 {
            format!("{from_l} holds a man of {other}, not of {me}")
        } else {
            format!("there is no {} man on {from_l}", me.to_ascii_lowercase())
        };
        return illegal(why);
    }
    let of_piece: Vec<Move> = legal
        .iter()
        .filter(|m| m.origin() == Some(from))
        .copied()
        .collect();
    let help = Some(moves_of(
        &from_l,
        "man",
        &sorted_texts(graph, &of_piece),
        ", ",
        ", ",
    ));
    if let Some(who) = occupant(w.to) {
        return illegal_with_help(format!("{to} is occupied by {who}"), help);
    }
    if c.marks & bit(w.to) != 0 {
        return illegal_with_help(marked_reason(&to, "move"), help);
    }
    if !engine.flies(c) && engine.tables.adjacent[from] & bit(w.to) == 0 {
        let mut why = format!("{to} is not adjacent to {from_l}");
        if let FlyingAt::Men(n) = engine.rules.flying_at {
            why.push_str(&format!(
                " ({me} flies only with {n} men on the board and no man in hand on either side; it has {} on the board)",
                c.men[s].count_ones()
            ));
        } else {
            why.push_str(" (men never fly in this game)");
        }
        return illegal_with_help(why, help);
    }
    illegal_with_help(format!("{from_l}-{to} is not a legal move"), help)
}

fn explain_removals(
    engine: &Engine,
    graph: &Graph,
    c: &Core,
    w: &Written,
    same_base: &[Move],
) -> MoveError {
    let label = |p: usize| graph.label(NodeId::new(p)).to_string();
    let base = write(graph, &Move::new(w.from, w.to));
    let help = list_moves(graph, same_base, "legal");
    let o = c.side.opposite();
    let me = c.side.name();
    let other = o.name();
    let mills = engine.mills_made(c, w.from, w.to);
    if mills == 0 {
        return illegal_with_help(
            format!("{base} does not close a mill, so it takes nothing"),
            help,
        );
    }
    let mut after = *c;
    engine.play_base(&mut after, w.from, w.to);
    let due = engine.removals_due(mills);
    if after.men[o.index()] == 0 {
        return illegal_with_help(
            format!("{other} has no man on the board to take, so {base} takes nothing"),
            help,
        );
    }
    if engine.candidates(after.men[o.index()]) == 0 {
        return illegal_with_help(
            format!(
                "every {} man stands in a mill, so {base} takes nothing (strict mill protection)",
                other.to_ascii_lowercase()
            ),
            help,
        );
    }
    if w.removals.len() > due {
        let closes = if mills == 1 {
            "closes one mill".to_string()
        } else {
            format!("closes {mills} mills")
        };
        return illegal_with_help(
            format!("{base} {closes} and takes only {}", men_word(due)),
            help,
        );
    }
    for (r, _) in &w.removals {
        let p = label(*r);
        let r_bit: Mask = bit(*r);
        if after.men[c.side.index()] & r_bit != 0 {
            return illegal_with_help(format!("{p} is {me}'s own man"), help);
        }
        if after.men[o.index()] & r_bit == 0 {
            return illegal_with_help(
                format!(
                    "there is no {} man on {p} to take",
                    other.to_ascii_lowercase()
                ),
                help,
            );
        }
        if engine.candidates(after.men[o.index()]) & r_bit == 0 {
            let why = match engine.rules.mill_protection {
                MillProtection::UnlessAll => format!(
                    "{p} stands in a mill and cannot be taken while {other} has men outside mills"
                ),
                _ => format!("{p} stands in a mill and cannot be taken"),
            };
            return illegal_with_help(why, help);
        }
        engine.take(&mut after, *r);
    }
    let longest = same_base
        .iter()
        .map(|m| m.removal_indices().len())
        .max()
        .unwrap_or(0);
    if w.removals.len() < longest {
        return illegal_with_help(
            format!(
                "{base} closes {mills} mills and takes {}",
                men_word(longest)
            ),
            help,
        );
    }
    illegal_with_help(
        format!("no legal move matches {base} with these removals"),
        help,
    )
}
