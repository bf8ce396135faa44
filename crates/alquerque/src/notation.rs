//! Move notation: reading move text (syntax), writing moves, and saying in
//! a player's words why a well-formed move is not legal.
//!
//! - plain step `c2-c3`;
//! - capture `a1:c3:e5:c3`, every landing point in order (repeats allowed);
//!   `x` is read as `:` (`a1xc3`); a short form that leaves out landing
//!   points (`a1:c3` for `a1:c3:e5:c3`) is accepted when exactly one move
//!   matches it;
//! - huff (huffing profiles): `xb2` before the move, separated by a space:
//!   `xb2 c4-c3` removes White's man on b2, then plays `c4-c3`.

use crate::Alquerque;
use crate::movegen::{captures_from, has_capture, next_takes, plain_steps};
use crate::position::{Move, Position};
use crate::rules::{CaptureRule, ChainRule};
use crate::tables::{bit, node, plain_direction};
use board_core::notation::{LabelCase, moves_of, read_label, shortlist};
use board_core::{Direction, LegalityError, MoveError, Side, SyntaxError};

/// A move text that is well-formed for the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MoveText {
    /// The huffed man, if the text starts with a huff.
    pub huff: Option<u8>,
    /// The points written, start first.
    pub points: Vec<u8>,
    /// Whether the points are joined by `:`/`x` (a capture) rather than `-`.
    pub capture: bool,
}

/// Reads one point at `start` (lower case, as the board writes it): the
/// point and the byte after it.
fn point(game: &Alquerque, text: &str, start: usize) -> Result<(u8, usize), SyntaxError> {
    read_label(
        &game.config.graph,
        text,
        start,
        LabelCase::Any,
        "point",
        "c3",
    )
    .map(|(n, len)| (n.index() as u8, start + len))
}

/// Reads the points and separators of one move token at `offset`.
fn route(game: &Alquerque, text: &str, offset: usize) -> Result<(Vec<u8>, bool), SyntaxError> {
    let (first, mut at) = point(game, text, offset)?;
    let mut points = Vec::with_capacity(4);
    points.push(first);
    let mut kind: Option<(u8, usize)> = None;
    while at < text.len() {
        let sep = text.as_bytes()[at];
        if !matches!(sep, b'-' | b':' | b'x') {
            let width = text[at..].chars().next().map_or(1, char::len_utf8);
            return Err(SyntaxError::new(
                at..at + width,
                "expected `-` (a step) or `:` (a capture) between points",
            ));
        }
        let class = if sep == b'-' { b'-' } else { b':' };
        match kind {
            Some((k, _)) if k != class => {
                return Err(SyntaxError::new(
                    at..at + 1,
                    "a move uses `-` (a step) or `:` (a capture), not both",
                ));
            }
            _ => kind = Some((class, at)),
        }
        let (p, end) = point(game, text, at + 1)?;
        points.push(p);
        at = end;
    }
    match kind {
        None => Err(SyntaxError::new(
            offset..at,
            "a move names at least two points: `c2-c3` or `a1:c3`",
        )),
        Some((b'-', _)) if points.len() > 2 => Err(SyntaxError::new(
            offset..at,
            "a plain move is one step, `from-to`; a capture is written with `:`",
        )),
        Some((class, _)) => Ok((points, class == b':')),
    }
}

/// Reads a move text: `c2-c3`, `a1:c3:e5`, or a huff and a move `xb2 c4-c3`.
pub(crate) fn parse_text(game: &Alquerque, text: &str) -> Result<MoveText, SyntaxError> {
    // The first three words are all that decide (no allocation).
    let mut words = text
        .split_ascii_whitespace()
        .map(|t| (t.as_ptr() as usize - text.as_ptr() as usize, t));
    let mut first = [(0, ""); 3];
    let mut count = 0;
    for slot in &mut first {
        match words.next() {
            Some(word) => {
                *slot = word;
                count += 1;
            }
            None => break,
        }
    }
    let tokens = &first[..count];
    let is_huff = |t: &str| t.starts_with('x') && t.len() > 1;
    match tokens {
        [] => Err(SyntaxError::new(0..text.len(), "empty move")),
        [(at, t)] if is_huff(t) => {
            point(game, text, at + 1)?;
            Err(SyntaxError::new(
                *at..at + t.len(),
                "a huff is followed by the move, as in `xb2 c4-c3`",
            ))
        }
        [(at, t)] => {
            let (points, capture) = route(game, &text[..at + t.len()], *at)?;
            Ok(MoveText {
                huff: None,
                points,
                capture,
            })
        }
        [(h_at, h), (at, t)] if is_huff(h) => {
            let (huff, end) = point(game, text, h_at + 1)?;
            if end != h_at + h.len() {
                return Err(SyntaxError::new(
                    end..h_at + h.len(),
                    "a huff names one man, as in `xb2`",
                ));
            }
            let (points, capture) = route(game, &text[..at + t.len()], *at)?;
            Ok(MoveText {
                huff: Some(huff),
                points,
                capture,
            })
        }
        [_, (at, t), ..] if tokens.len() == 2 => Err(SyntaxError::new(
            *at..at + t.len(),
            "one move per text; only a huff (`xb2`) may come before a move",
        )),
        [_, _, (at, _), ..] => Err(SyntaxError::new(
            *at..text.trim_end().len(),
            "one move per text; only a huff (`xb2`) may come before a move",
        )),
        [(at, t), ..] => Err(SyntaxError::new(*at..at + t.len(), "unexpected text")),
    }
}

/// The canonical notation of a move.
pub(crate) fn write(game: &Alquerque, mv: &Move) -> String {
    let label = |p: u8| game.config.graph.label(node(p));
    let mut out = String::new();
    if let Some(h) = mv.huff {
        out.push('x');
        out.push_str(label(h));
        out.push(' ');
    }
    out.push_str(label(mv.from));
    let sep = if mv.is_capture() { ':' } else { '-' };
    for &p in &mv.landings {
        out.push(sep);
        out.push_str(label(p));
    }
    out
}

/// Whether `short` (start, some landing points, end) names the route of
/// `mv`: same start and end, the points between in order among its landings.
fn abbreviates(short: &[u8], mv: &Move) -> bool {
    let Some((&last, inner)) = short[1..].split_last() else {
        return false;
    };
    if short[0] != mv.from || last != mv.to_index() {
        return false;
    }
    let mut rest = mv.landings[..mv.landings.len() - 1].iter();
    inner.iter().all(|p| rest.any(|q| q == p))
}

/// Finds the legal move a text names, or says why there is none.
pub(crate) fn resolve(
    game: &Alquerque,
    position: &Position,
    text: &str,
) -> Result<Move, MoveError> {
    let written = parse_text(game, text)?;
    if let Some(outcome) = board_core::GameRules::outcome(game, position) {
        let why = match outcome {
            board_core::Outcome::Win { reason, .. } | board_core::Outcome::Draw { reason } => {
                reason
            }
        };
        return Err(LegalityError::illegal(format!("the game is over: {why}"), None).into());
    }
    let routes = game.all_routes(position);
    let same_kind = |mv: &&Move| mv.huff == written.huff && mv.is_capture() == written.capture;
    let mut identities: Vec<(Option<u8>, u8, u8, u64)> = routes
        .iter()
        .filter(same_kind)
        .filter(|mv| mv.from == written.points[0] && mv.landings[..] == written.points[1..])
        .map(Move::identity)
        .collect();
    if identities.is_empty() && written.capture {
        identities = routes
            .iter()
            .filter(same_kind)
            .filter(|mv| abbreviates(&written.points, mv))
            .map(Move::identity)
            .collect();
    }
    identities.sort_unstable();
    identities.dedup();
    if let [one] = identities.as_slice() {
        // The canonical move of an identity is its first route.
        if let Some(mv) = routes.iter().find(|mv| mv.identity() == *one) {
            return Ok(mv.clone());
        }
    }
    let legal = game.deduplicate(routes);
    let canonical = |id: &(Option<u8>, u8, u8, u64)| {
        legal
            .iter()
            .find(|mv| mv.identity() == *id)
            .expect("every route's identity has a canonical move")
    };
    match identities.as_slice() {
        [one] => Ok(canonical(one).clone()),
        [] => Err(diagnose(game, position, &written, &legal).into()),
        many => Err(LegalityError::Ambiguous {
            text: text.trim().to_string(),
            candidates: many.iter().map(|id| write(game, canonical(id))).collect(),
        }
        .into()),
    }
}

/// A move the rules refuse that can be played as written: a plain step
/// when a capture was mandatory, or a capture chain stopped where the
/// profile says it must go on (the men jumped so far are taken). A huff
/// written must be one the position allows; anything else (no man there, a
/// jump over nothing, a step that is no step, a move after the end) is no
/// move at all.
pub(crate) fn parse_irregular(game: &Alquerque, position: &Position, text: &str) -> Option<Move> {
    let written = parse_text(game, text).ok()?;
    if board_core::GameRules::outcome(game, position).is_some() {
        return None;
    }
    let side = position.side;
    let mut men = position.men;
    if let Some(h) = written.huff {
        if position.huffable & bit(h) == 0 {
            return None;
        }
        men[side.opposite().index()] &= !bit(h);
    }
    let mut found: Vec<Move> = Vec::new();
    let mut sink = crate::Routes {
        moves: &mut found,
        huff: written.huff,
    };
    let from = written.points[0];
    if written.capture {
        if game.config.rules.chain != ChainRule::MustContinue {
            return None;
        }
        // Every prefix of every chain of the written man.
        let mut rules = game.config.rules.clone();
        rules.chain = ChainRule::MayStop;
        let own = men[side.index()];
        let enemy = men[side.opposite().index()];
        if own & bit(from) == 0 {
            return None;
        }
        let empty = game.tables.all & !(own | enemy);
        captures_from(&game.tables, &rules, enemy, empty, from, &mut sink);
        let exact: Vec<&Move> = found
            .iter()
            .filter(|m| m.landings[..] == written.points[1..])
            .collect();
        let mut ids: Vec<_> = if exact.is_empty() {
            found
                .iter()
                .filter(|m| abbreviates(&written.points, m))
                .map(Move::identity)
                .collect()
        } else {
            exact.iter().map(|m| m.identity()).collect()
        };
        ids.sort_unstable();
        ids.dedup();
        let [id] = ids.as_slice() else {
            return None;
        };
        return found.iter().find(|m| m.identity() == *id).cloned();
    }
    if written.points.len() != 2 {
        return None;
    }
    plain_steps(&game.tables, men, side, &mut sink);
    found
        .into_iter()
        .find(|m| m.from == from && m.landings[..] == written.points[1..])
}

/// Moves in words, as alternatives (`a or b or c`).
fn listing(texts: &[String]) -> String {
    shortlist(texts, " or ", " or ")
}

/// Why no legal move matches a well-formed text.
fn diagnose(
    game: &Alquerque,
    position: &Position,
    written: &MoveText,
    legal: &[Move],
) -> LegalityError {
    let label = |p: u8| game.config.graph.label(node(p)).to_string();
    let side = position.side;
    let opp = side.opposite();
    let side_name = board_core::Diagram::side_name(game, side);
    let mut men = position.men;
    if let Some(h) = written.huff {
        if game.config.rules.capture != CaptureRule::Huffing {
            return LegalityError::illegal("these rules have no huffing", None);
        }
        if position.huffable & bit(h) == 0 {
            let now: Vec<String> = crate::tables::points(position.huffable)
                .map(label)
                .collect();
            let help = if now.is_empty() {
                "no man can be huffed now".to_string()
            } else {
                format!("men that can be huffed now: {}", now.join(", "))
            };
            return LegalityError::illegal(
                format!(
                    "{} cannot be huffed: only a man that failed to capture on the last move can be",
                    label(h)
                ),
                Some(help),
            );
        }
        men[opp.index()] &= !bit(h);
    }
    let from = written.points[0];
    if men[side.index()] & bit(from) == 0 {
        let reason = if men[opp.index()] & bit(from) != 0 {
            format!(
                "the man on {} is {}'s; it is {side_name}'s turn",
                label(from),
                board_core::Diagram::side_name(game, opp)
            )
        } else {
            format!("there is no man on {}", label(from))
        };
        return LegalityError::illegal(reason, None);
    }
    let mut of_man: Vec<String> = legal
        .iter()
        .filter(|mv| mv.from == from && mv.huff == written.huff)
        .map(|mv| write(game, mv))
        .collect();
    of_man.sort();
    let help = Some(moves_of(&label(from), "man", &of_man, " or ", " or "));
    let reason = if written.capture {
        capture_reason(game, men, side, &written.points)
    } else {
        plain_reason(game, men, side, written.points[0], written.points[1], legal)
    };
    LegalityError::illegal(
        reason.unwrap_or_else(|| "this move is not legal here".to_string()),
        help,
    )
}

/// Whether the point has any drawn diagonal.
fn has_diagonal(game: &Alquerque, p: u8) -> bool {
    Direction::DIAGONAL
        .iter()
        .any(|&d| game.config.graph.neighbour(node(p), d).is_some())
}

fn coordinates(game: &Alquerque, p: u8) -> (i32, i32) {
    let n = game.config.graph.node(node(p));
    (n.x, n.y)
}

fn plain_reason(
    game: &Alquerque,
    men: [u64; 2],
    side: Side,
    from: u8,
    to: u8,
    legal: &[Move],
) -> Option<String> {
    let label = |p: u8| game.config.graph.label(node(p)).to_string();
    let (fx, fy) = coordinates(game, from);
    let (tx, ty) = coordinates(game, to);
    let (dx, dy) = (tx - fx, ty - fy);
    let direction = game
        .config
        .graph
        .neighbours(node(from))
        .find(|&(_, m)| m == node(to))
        .map(|(d, _)| d);
    let Some(direction) = direction else {
        if dx.abs() == 1 && dy.abs() == 1 {
            let through = if has_diagonal(game, from) { to } else { from };
            return Some(format!("no diagonal runs through {}", label(through)));
        }
        let jump = game.tables.jumps[usize::from(from)]
            .iter()
            .any(|j| j.land == to);
        if jump
            && legal
                .iter()
                .any(|mv| mv.from == from && mv.landings.first() == Some(&to) && mv.is_capture())
        {
            return Some(format!(
                "{0}-{1} is not a step; a capture is written {0}:{1}",
                label(from),
                label(to)
            ));
        }
        return Some(format!(
            "{} and {} are not neighbours on a line",
            label(from),
            label(to)
        ));
    };
    let occupied = men[0] | men[1];
    if occupied & bit(to) != 0 {
        return Some(format!("{} is occupied", label(to)));
    }
    if game.tables.frozen[side.index()] & bit(from) != 0 {
        return Some(format!(
            "the man on {} is on the far row: it makes no plain move, it can only capture",
            label(from)
        ));
    }
    let kind = plain_direction(side, direction);
    if !game.config.rules.allows_plain(kind) {
        return Some(format!("men do not move {}", kind.name()));
    }
    if game.config.rules.capture == CaptureRule::Mandatory && has_capture(&game.tables, men, side) {
        let captures: Vec<String> = legal
            .iter()
            .filter(|mv| mv.is_capture())
            .map(|mv| write(game, mv))
            .collect();
        return Some(format!("capture is mandatory: {}", listing(&captures)));
    }
    None
}

fn capture_reason(game: &Alquerque, men: [u64; 2], side: Side, written: &[u8]) -> Option<String> {
    let label = |p: u8| game.config.graph.label(node(p)).to_string();
    let t = &game.tables;
    let own = men[side.index()];
    let enemy = men[side.opposite().index()];
    let from = written[0];
    let empty = (t.all & !(own | enemy)) | bit(from);
    let mut captured = 0u64;
    let mut visited = bit(from);
    for (i, hop) in written.windows(2).enumerate() {
        let (a, b) = (hop[0], hop[1]);
        if i >= 1 && game.config.rules.chain == ChainRule::Single {
            return Some(format!(
                "a capture is a single jump in these rules: the move ends on {}",
                label(a)
            ));
        }
        let Some(jump) = t.jumps[usize::from(a)].iter().find(|j| j.land == b) else {
            let (ax, ay) = coordinates(game, a);
            let (bx, by) = coordinates(game, b);
            if (bx - ax).abs() == 2 && (by - ay).abs() == 2 && !has_diagonal(game, a) {
                return Some(format!("no diagonal runs through {}", label(a)));
            }
            if written.len() == 2 {
                return Some(format!(
                    "the man on {} has no capture that ends on {}",
                    label(a),
                    label(b)
                ));
            }
            return Some(format!(
                "{} to {} is not a jump along a line",
                label(a),
                label(b)
            ));
        };
        let over = bit(jump.over);
        if captured & over != 0 {
            return Some(format!(
                "the man on {} was already taken in this move; a man is jumped once",
                label(jump.over)
            ));
        }
        if own & over != 0 {
            return Some(format!(
                "a man does not jump its own side's man (on {})",
                label(jump.over)
            ));
        }
        if enemy & over == 0 {
            return Some(format!(
                "there is no man to take between {} and {}",
                label(a),
                label(b)
            ));
        }
        if (empty | captured) & bit(b) == 0 {
            return Some(format!("{} is occupied", label(b)));
        }
        if !game.config.rules.chain_may_revisit && visited & bit(b) != 0 {
            return Some(format!(
                "in these rules a capture may not land on {} again",
                label(b)
            ));
        }
        captured |= over;
        visited |= bit(b);
    }
    if game.config.rules.chain == ChainRule::MustContinue {
        let end = *written.last().expect("a move has at least two points");
        let takes: Vec<String> = next_takes(t, enemy, empty, end, captured)
            .into_iter()
            .filter(|&over| {
                game.config.rules.chain_may_revisit
                    || t.jumps[usize::from(end)]
                        .iter()
                        .any(|j| j.over == over && visited & bit(j.land) == 0)
            })
            .map(label)
            .collect();
        if !takes.is_empty() {
            return Some(format!(
                "the capture must continue: from {} the man can take on {}",
                label(end),
                takes.join(" or ")
            ));
        }
    }
    None
}
