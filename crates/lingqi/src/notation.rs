//! The turn notation (L23): `^j2 j2-j5`, `^c4=E c4-c5`, `^j2 j2xj5`, an
//! explicit walk `j2-j3-j4-j5`, a lone move token when the side has
//! nothing to upgrade (L4).

use crate::Lingqi;
use crate::movegen::Mobility;
use crate::piece::{Kind, side_name};
use crate::position::Position;
use crate::rules::LongMove;
use crate::turn::{Turn, Upgrade};
use board_core::notation::{LabelCase, illegal, illegal_with_help, read_label, syntax};
use board_core::{Direction, MoveError, NodeId};
use std::ops::Range;

/// A move token as written: the cells of the walk and whether the last
/// step is marked `x`.
struct WrittenMove {
    path: Vec<NodeId>,
    capture_mark: bool,
}

impl Lingqi {
    /// Reads a cell label starting at byte `at` of `text`; returns the cell
    /// and the byte after it.
    fn read_cell(&self, text: &str, at: usize) -> Result<(NodeId, usize), MoveError> {
        read_label(&self.config.graph, text, at, LabelCase::Any, "cell", "j2")
            .map(|(n, len)| (n, at + len))
            .map_err(MoveError::from)
    }

    fn read_upgrade(&self, text: &str, span: Range<usize>) -> Result<Upgrade, MoveError> {
        let token = &text[span.clone()];
        debug_assert!(token.starts_with('^'));
        let (cell, end) = self.read_cell(text, span.start + 1)?;
        if end == span.end {
            return Ok(Upgrade { cell, into: None });
        }
        let rest = &text[end..span.end];
        let mut chars = rest.chars();
        if chars.next() != Some('=') {
            return Err(syntax(
                end..span.end,
                "expected `=<letter>` (a transformation) or the end of the upgrade",
            ));
        }
        let letter = chars.next();
        let kind = letter.and_then(Kind::from_letter);
        match (kind, chars.next()) {
            (Some(k), None) => Ok(Upgrade {
                cell,
                into: Some(k),
            }),
            _ => Err(syntax(
                end..span.end,
                "a transformation is `=` and one letter: M V E G F",
            )),
        }
    }

    fn read_move(&self, text: &str, span: Range<usize>) -> Result<WrittenMove, MoveError> {
        let (first, mut at) = self.read_cell(text, span.start)?;
        let mut path = vec![first];
        let mut capture_mark = false;
        while at < span.end {
            let sep = text[at..].chars().next().unwrap_or('-');
            if sep != '-' && sep != 'x' {
                let stop = at + sep.len_utf8();
                return Err(syntax(at..stop, "expected `-` or `x` between cells"));
            }
            if capture_mark {
                return Err(syntax(at..at + 1, "only the last step may be marked `x`"));
            }
            capture_mark = sep == 'x';
            let (cell, end) = self.read_cell(text, at + 1)?;
            path.push(cell);
            at = end;
        }
        if path.len() < 2 {
            return Err(syntax(
                span,
                "a move is `<from>-<to>` (or an explicit walk `j2-j3-j4`)",
            ));
        }
        Ok(WrittenMove { path, capture_mark })
    }

    /// Reads a turn in any accepted notation and finds the legal turn it
    /// names.
    pub fn parse_turn(&self, position: &Position, text: &str) -> Result<Turn, MoveError> {
        let mut tokens: Vec<Range<usize>> = Vec::new();
        let mut start = None;
        for (i, c) in text.char_indices() {
            match (c.is_whitespace(), start) {
                (true, Some(s)) => {
                    tokens.push(s..i);
                    start = None;
                }
                (false, None) => start = Some(i),
                _ => {}
            }
        }
        if let Some(s) = start {
            tokens.push(s..text.len());
        }
        let (upgrade_span, move_span) = match tokens.as_slice() {
            [] => return Err(syntax(0..text.len(), "empty turn")),
            [u] if text[u.clone()].starts_with('^') => {
                return Err(syntax(
                    u.clone(),
                    "a turn is the upgrade then the move: `^j2 j2-j5`",
                ));
            }
            [m] => (None, m.clone()),
            [u, m] if text[u.clone()].starts_with('^') => (Some(u.clone()), m.clone()),
            [u, _] => {
                return Err(syntax(
                    u.clone(),
                    "the first token of a turn is the upgrade `^<cell>`",
                ));
            }
            [_, _, extra, ..] => {
                return Err(syntax(
                    extra.start..text.len(),
                    "a turn is two tokens: `^j2 j2-j5`",
                ));
            }
        };
        if text[move_span.clone()].starts_with('^') {
            return Err(syntax(
                move_span,
                "the move must follow the upgrade: `^j2 j2-j5`",
            ));
        }
        let upgrade = upgrade_span
            .map(|s| self.read_upgrade(text, s))
            .transpose()?;
        let written = self.read_move(text, move_span)?;
        self.check_turn(position, upgrade, &written)
    }

    fn check_upgrade(
        &self,
        position: &Position,
        upgrade: Option<Upgrade>,
    ) -> Result<(), MoveError> {
        let side = position.to_move;
        let name = side_name(side);
        let options = self.upgrades(position);
        let Some(u) = upgrade else {
            if options.is_empty() {
                return Ok(());
            }
            return Err(illegal_with_help(
                format!("a turn begins with an upgrade (L4): {name} has pieces to upgrade"),
                Some("write the upgrade first, e.g. `^j2 j2-j5`".into()),
            ));
        };
        if options.contains(&u) {
            return Ok(());
        }
        if options.is_empty() {
            return Err(illegal(format!(
                "{name} has nothing to upgrade (L4): write the move alone"
            )));
        }
        let label = self.config.graph.label(u.cell);
        let Some(p) = position.piece(u.cell) else {
            return Err(illegal(format!("no piece on {label} to upgrade")));
        };
        if p.side != side {
            return Err(illegal(format!(
                "the {} on {label} is {}'s",
                p.kind.name(),
                side_name(p.side)
            )));
        }
        let Some(k) = u.into else {
            return Err(illegal(format!(
                "the {} cannot be upgraded (L4)",
                p.kind.name()
            )));
        };
        let t = &self.config.rules.transformation;
        let reason = if p.kind != t.from {
            format!(
                "only a {} can be transformed (L5), {label} holds a {}",
                t.from.name(),
                p.kind.name()
            )
        } else if p.level < t.min_level {
            format!(
                "the {} on {label} is level {}; it transforms from level {} (L5)",
                p.kind.name(),
                p.level,
                t.min_level
            )
        } else if !t.into.contains(&k) {
            format!("a {} never becomes a {} (L19)", t.from.name(), k.name())
        } else {
            format!(
                "{name} has all its {} pieces ({}); a transformation needs a missing type (L5)",
                k.name(),
                self.config.rules.pieces.get(k).count
            )
        };
        Err(illegal(reason))
    }

    fn check_turn(
        &self,
        position: &Position,
        upgrade: Option<Upgrade>,
        written: &WrittenMove,
    ) -> Result<Turn, MoveError> {
        self.check_upgrade(position, upgrade)?;
        let mut after = position.clone();
        if let Some(u) = upgrade {
            self.apply_upgrade(&mut after, u);
        }
        let side = position.to_move;
        let from = written.path[0];
        let to = *written.path.last().expect("a written move has two cells");
        let (fl, tl) = (self.config.graph.label(from), self.config.graph.label(to));
        let Some(piece) = after.piece(from) else {
            return Err(illegal(format!("no piece on {fl}")));
        };
        if piece.side != side {
            return Err(illegal(format!(
                "the {} on {fl} is {}'s",
                piece.kind.name(),
                side_name(piece.side)
            )));
        }
        let board = self.board(&after);
        let mobility = self.mobility(&board.zones, piece, from);
        let what = format!("the {} on {fl}", piece.kind.name());
        if mobility == Mobility::Still {
            let reason = if self.in_enemy_zone(&board.zones, side, from)
                && self.config.rules.pieces.get(piece.kind).movement != crate::rules::Movement::None
            {
                format!("{what} stands in an enemy zone and is trapped (L9)")
            } else {
                format!("{what} never moves")
            };
            return Err(illegal(reason));
        }
        if written.path.len() > 2 {
            self.check_walk(&after, piece.kind, mobility, &written.path, &what)?;
        }
        let reach = self.reach_on(&after, &board, from);
        if !reach.ends.contains(to)
            && self.config.rules.zone_end == crate::rules::ZoneEnd::Forbidden
            && self.in_enemy_zone(&board.zones, side, to)
        {
            return Err(illegal(format!(
                "{tl} is in {}'s zone: no move ends there (zone-end = \"forbidden\", L9)",
                side_name(side.opposite())
            )));
        }
        if !reach.ends.contains(to)
            && mobility == Mobility::Formation
            && after.piece(to).is_some_and(|p| p.side != side)
        {
            return Err(illegal(format!(
                "{what} cannot take {tl}: a Formation never attacks, it moves only to an empty cell (L10)"
            )));
        }
        if !reach.ends.contains(to) {
            let how = match mobility {
                Mobility::Steps(n) => format!("in exactly {n} step(s)"),
                Mobility::Long(_) => "with its long move".into(),
                Mobility::Formation | Mobility::Still => "with a formation move (L11)".into(),
            };
            let mut ends: Vec<NodeId> = reach.ends.iter().collect();
            ends.sort_by_key(|&n| (self.config.graph.node(n).x, self.config.graph.node(n).y));
            let cells: Vec<&str> = ends.iter().map(|&n| self.config.graph.label(n)).collect();
            let mut help = if cells.is_empty() {
                format!("{what} has no move")
            } else {
                format!("{what} can go to {}", cells.join(" "))
            };
            if let (Mobility::Steps(_), Some(level)) = (
                mobility,
                self.config.rules.pieces.get(piece.kind).long_move_level,
            ) {
                help.push_str(&format!(
                    "; a {} makes its long move from level {level} (L16), this one is level {}",
                    piece.kind.name(),
                    piece.level
                ));
            }
            return Err(illegal_with_help(
                format!("{what} cannot reach {tl} {how}"),
                Some(help),
            ));
        }
        if written.capture_mark && after.piece(to).is_none() {
            return Err(illegal(format!(
                "`x` marks a capture but {tl} is empty (write `{fl}-{tl}`)"
            )));
        }
        Ok(Turn { upgrade, from, to })
    }

    /// Checks an explicit walk (L15): its steps, their directions, empty
    /// cells on the way, not ending on its start.
    fn check_walk(
        &self,
        position: &Position,
        kind: Kind,
        mobility: Mobility,
        path: &[NodeId],
        what: &str,
    ) -> Result<(), MoveError> {
        let steps = path.len() - 1;
        match mobility {
            Mobility::Steps(n) if steps != n as usize => {
                return Err(illegal(format!(
                    "{what} walks exactly {n} step(s), the walk has {steps}"
                )));
            }
            Mobility::Formation if steps != 1 => {
                return Err(illegal(format!(
                    "{what} moves one step (L11), the walk has {steps}"
                )));
            }
            _ => {}
        }
        let diagonal_only =
            self.config.rules.pieces.get(kind).directions == crate::rules::Directions::Diagonal;
        let mut first_direction: Option<Direction> = None;
        for (i, w) in path.windows(2).enumerate() {
            let (a, b) = (self.config.graph.label(w[0]), self.config.graph.label(w[1]));
            let Some((d, _)) = self.config.graph.neighbours(w[0]).find(|&(_, m)| m == w[1]) else {
                return Err(illegal(format!("{a} and {b} are not neighbours")));
            };
            if diagonal_only && !d.is_diagonal() {
                return Err(illegal(format!(
                    "{what} steps diagonally only: {a}-{b} is not diagonal"
                )));
            }
            if mobility == Mobility::Long(LongMove::Slide) {
                if first_direction.is_some_and(|f| f != d) {
                    return Err(illegal(format!(
                        "{what} slides along one line (L16): the walk turns at {a}"
                    )));
                }
                first_direction = Some(d);
            }
            if i + 1 < steps && w[1] != path[0] && position.piece(w[1]).is_some() {
                return Err(illegal(format!(
                    "the walk passes through {b}, which is occupied (L6)"
                )));
            }
        }
        if path.last() == path.first() {
            return Err(illegal(format!(
                "{what} may not end its walk where it began (L6)"
            )));
        }
        Ok(())
    }

    /// The canonical notation of a legal turn.
    pub fn write_turn(&self, position: &Position, turn: &Turn) -> String {
        let mut out = String::new();
        if let Some(u) = turn.upgrade {
            out.push('^');
            out.push_str(self.config.graph.label(u.cell));
            if let Some(k) = u.into {
                out.push('=');
                out.push(k.letter());
            }
            out.push(' ');
        }
        out.push_str(self.config.graph.label(turn.from));
        out.push(if position.piece(turn.to).is_some() {
            'x'
        } else {
            '-'
        });
        out.push_str(self.config.graph.label(turn.to));
        out
    }
}
