//! Set-ups (L3, L13, L22): the comma-separated lists `Sj2,Mj3,…` of the
//! `SetupSouth` / `SetupNorth` tags and of the profile's `[start]`, checked
//! side by side with every violation reported.

use crate::Lingqi;
use crate::piece::{Kind, Piece, side_name};
use crate::position::Position;
use board_core::notation::fen::{self, Problems};
use board_core::{NodeId, PositionError, PositionProblem, PositionProblemKind as P, Side};

/// One item of a piece list: type, optional level, cell.
pub(crate) struct Entry {
    pub(crate) text: String,
    pub(crate) kind: Kind,
    pub(crate) level: Option<u32>,
    pub(crate) cell: NodeId,
}

impl Lingqi {
    /// Reads a comma-separated list of `<letter>[<level>]<cell>` items;
    /// problems go to `problems`, prefixed with `context`.
    pub(crate) fn parse_entries(
        &self,
        text: &str,
        context: &str,
        problems: &mut Problems,
    ) -> Vec<Entry> {
        let mut out = Vec::new();
        for item in fen::entries(text, context, problems) {
            let mut chars = item.chars();
            let Some(letter) = chars.next() else {
                continue;
            };
            let Some(kind) = Kind::from_letter(letter) else {
                problems.push(
                    P::BadPiece,
                    format!(
                        "{context}: `{item}`: `{letter}` is not a piece letter (S M V E G D F)"
                    ),
                );
                continue;
            };
            let rest = chars.as_str();
            let digits = rest.len() - rest.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let (level_text, cell_text) = rest.split_at(digits);
            let level = if level_text.is_empty() {
                None
            } else if let Ok(l) = level_text.parse::<u32>() {
                Some(l)
            } else {
                problems.push(
                    P::BadPiece,
                    format!("{context}: `{item}`: level {level_text} is too large"),
                );
                continue;
            };
            if cell_text.is_empty() {
                problems.push(
                    P::BadPiece,
                    format!("{context}: `{item}`: no cell after the piece letter"),
                );
                continue;
            }
            let Some(cell) = self.config.graph.node_by_label(cell_text) else {
                problems.push(
                    P::UnknownSquare,
                    format!(
                        "{context}: `{item}`: {}",
                        fen::not_on_board(cell_text, "cell")
                    ),
                );
                continue;
            };
            out.push(Entry {
                text: item.to_string(),
                kind,
                level,
                cell,
            });
        }
        out
    }

    /// The 1-based rank of a cell.
    pub(crate) fn rank(&self, n: NodeId) -> u32 {
        let (_, min_y, _, _) = self.config.graph.bounds();
        (self.config.graph.node(n).y - min_y + 1) as u32
    }

    /// Reads and checks one side's set-up (L3, L22): every violation, each
    /// naming the side, the cell and the reason.
    pub fn parse_setup(
        &self,
        side: Side,
        text: &str,
    ) -> Result<Vec<(NodeId, Piece)>, Vec<PositionProblem>> {
        let name = side_name(side);
        let context = format!("{name} set-up");
        let mut problems = Problems::new();
        let entries = self.parse_entries(text, &context, &mut problems);
        let [lo, hi] = match side {
            Side::White => self.config.rules.south_ranks,
            Side::Black => self.config.rules.north_ranks,
        };
        let mut placed: Vec<(NodeId, Piece)> = Vec::new();
        for e in &entries {
            let label = self.config.graph.label(e.cell);
            if e.level.is_some() {
                problems.push_at(P::BadPiece, [e.cell], format!(
                    "{context}: `{}`: a set-up gives no levels (every piece starts at its type's level)",
                    e.text
                ));
            }
            let rank = self.rank(e.cell);
            if rank < lo || rank > hi {
                problems.push_at(
                    P::SetUp,
                    [e.cell],
                    format!(
                        "{context}: {} on {label}: rank {rank} is outside {name}'s ranks {lo}–{hi}",
                        e.kind.name()
                    ),
                );
            }
            if let Some((_, other)) = placed.iter().find(|(c, _)| *c == e.cell) {
                problems.push_at(
                    P::Duplicate,
                    [e.cell],
                    format!(
                        "{context}: {} on {label}: the cell is already taken ({}{label})",
                        e.kind.name(),
                        other.kind.letter()
                    ),
                );
                continue;
            }
            placed.push((
                e.cell,
                Piece {
                    side,
                    kind: e.kind,
                    level: self.config.rules.pieces.get(e.kind).level,
                },
            ));
        }
        for kind in Kind::ALL {
            let want = self.config.rules.pieces.get(kind).count;
            let have = entries.iter().filter(|e| e.kind == kind).count() as u32;
            if have != want {
                problems.push(
                    P::SetUp,
                    format!(
                        "{context}: {have} × {} ({}), the composition needs {want}",
                        kind.name(),
                        kind.letter()
                    ),
                );
            }
        }
        for (sect, _) in placed.iter().filter(|(_, p)| p.kind == Kind::Sect) {
            let guards: Vec<Kind> = self
                .config
                .graph
                .neighbours(*sect)
                .filter_map(|(_, m)| placed.iter().find(|(c, _)| *c == m).map(|(_, p)| p.kind))
                .collect();
            let label = self.config.graph.label(*sect);
            let min = self.config.rules.sect_guard_min as usize;
            if guards.len() < min {
                problems.push_at(P::SetUp, [*sect], format!(
                    "{context}: Sect on {label}: {} of its own pieces among its 8 neighbours, at least {min} needed",
                    guards.len()
                ));
            }
            for k in &self.config.rules.sect_guard_includes {
                if !guards.contains(k) {
                    problems.push_at(
                        P::SetUp,
                        [*sect],
                        format!(
                            "{context}: Sect on {label}: no {} among its 8 neighbours",
                            k.name()
                        ),
                    );
                }
            }
        }
        problems.result(placed).map_err(|e| e.problems)
    }

    /// What a board shows of one side's set-up while it is being made,
    /// problems or not: each item that reads and names a free cell, at its
    /// level (the type's when none is given), on an otherwise empty board,
    /// South to move. [`Lingqi::parse_setup`] says what is wrong with it.
    pub fn setup_preview(&self, side: Side, text: &str) -> Position {
        let mut ignored = Problems::new();
        let mut position = Position::empty(self.config.graph.node_count());
        for e in self.parse_entries(text, "", &mut ignored) {
            if position.piece(e.cell).is_none() {
                let level = e
                    .level
                    .unwrap_or(self.config.rules.pieces.get(e.kind).level);
                let kind = e.kind;
                position.set(e.cell, Some(Piece { side, kind, level }));
            }
        }
        position
    }

    /// The start position of two set-ups, South to move on turn 1; the
    /// problems of both sides together.
    pub fn position_from_setups(
        &self,
        south: &str,
        north: &str,
    ) -> Result<Position, PositionError> {
        let mut position = Position::empty(self.config.graph.node_count());
        let mut problems = Vec::new();
        for (side, text) in [(Side::White, south), (Side::Black, north)] {
            match self.parse_setup(side, text) {
                Ok(pieces) => {
                    for (n, p) in pieces {
                        position.set(n, Some(p));
                    }
                }
                Err(mut p) => problems.append(&mut p),
            }
        }
        if problems.is_empty() {
            Ok(position)
        } else {
            Err(PositionError { problems })
        }
    }

    /// Writes one side's pieces in the set-up notation (no levels).
    pub fn write_setup(&self, position: &Position, side: Side) -> String {
        position
            .pieces()
            .filter(|(_, p)| p.side == side)
            .map(|(n, p)| format!("{}{}", p.kind.letter(), self.config.graph.label(n)))
            .collect::<Vec<_>>()
            .join(",")
    }
}
