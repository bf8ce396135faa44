//! The lingqi position notation (FEN):
//! `<to move>:<South's pieces>:<North's pieces>:<turn>`, e.g.
//! `S:S0j2,M3j3,…:S0j18,M3j17,…:1`.
//!
//! - `<to move>` is `S` (South) or `N` (North), in either case;
//! - each list holds `<letter><level><cell>` items separated by commas
//!   (`M3j3` is a level-3 Master on j3); a missing level means the type's
//!   starting level; a list may be empty;
//! - `<turn>` is the number of the turn about to be played, from 1 (each
//!   side's turn counts; the profile's `turn-limit` compares with it); it
//!   may be left out (with its colon), meaning 1.
//!
//! Nothing else is needed: the transformation's "fewer than at the start"
//! counts against the profile's fixed composition (L19).

use crate::Lingqi;
use crate::piece::{Kind, Piece, side_name};
use crate::position::Position;
use board_core::notation::fen::{self, Problems, SideLetters};
use board_core::{PositionError, PositionProblemKind as P, Side};

/// South's and North's letters.
const SOUTH_NORTH: SideLetters = SideLetters {
    white: 'S',
    black: 'N',
};

impl Lingqi {
    /// Reads a position, reporting every problem.
    pub fn parse_fen(&self, text: &str) -> Result<Position, PositionError> {
        let fields = fen::split_fields(text);
        if !(3..=4).contains(&fields.len()) {
            return Err(PositionError::one(
                P::BadField,
                format!(
                    "`{text}`: expected `<S|N>:<South's pieces>:<North's pieces>[:<turn>]` (3 or 4 fields separated by `:`), found {} field(s)",
                    fields.len()
                ),
            ));
        }
        let mut problems = Problems::new();
        let mut position = Position::empty(self.config.graph.node_count());
        if let Some(side) = fen::side_to_move(fields[0], SOUTH_NORTH, &mut problems) {
            position.to_move = side;
        }
        if let Some(turn) = fields.get(3) {
            match turn.parse::<u32>() {
                Ok(t) if t >= 1 => position.turn = t,
                _ => problems.push(
                    P::BadField,
                    format!("turn number `{turn}`: a whole number from 1"),
                ),
            }
        }
        for (side, list) in [(Side::White, fields[1]), (Side::Black, fields[2])] {
            let name = side_name(side);
            let entries = self.parse_entries(list, &format!("{name}'s pieces"), &mut problems);
            for e in entries {
                let label = self.config.graph.label(e.cell);
                if let Some(p) = position.piece(e.cell) {
                    problems.push(
                        P::Duplicate,
                        format!(
                            "{name}'s pieces: `{}`: {label} already holds {}'s {}",
                            e.text,
                            side_name(p.side),
                            p.kind.name()
                        ),
                    );
                    continue;
                }
                let level = e
                    .level
                    .unwrap_or(self.config.rules.pieces.get(e.kind).level);
                if e.kind == Kind::Sect
                    && level != self.config.rules.pieces.sect.level
                    && !self.config.rules.pieces.sect.upgradable
                {
                    problems.push(
                        P::BadPiece,
                        format!(
                            "{name}'s pieces: `{}`: the Sect is never upgraded, its level is {}",
                            e.text, self.config.rules.pieces.sect.level
                        ),
                    );
                }
                position.set(
                    e.cell,
                    Some(Piece {
                        side,
                        kind: e.kind,
                        level,
                    }),
                );
            }
            for kind in Kind::ALL {
                let most = self.config.rules.pieces.get(kind).count;
                let have = position.count(side, kind);
                if have > most {
                    problems.push(
                        P::TooManyPieces,
                        format!(
                            "{name} has {have} × {}, more than the composition's {most}",
                            kind.name()
                        ),
                    );
                }
            }
        }
        if position.sect(Side::White).is_none() && position.sect(Side::Black).is_none() {
            problems.push(
                P::Unreachable,
                "neither side has a Sect: a game ends when the first Sect is captured",
            );
        }
        problems.result(position)
    }

    /// Writes a position; [`Lingqi::parse_fen`] reads it back.
    pub fn write_fen(&self, position: &Position) -> String {
        let list = |side: Side| {
            position
                .pieces()
                .filter(|(_, p)| p.side == side)
                .map(|(n, p)| {
                    format!(
                        "{}{}{}",
                        p.kind.letter(),
                        p.level,
                        self.config.graph.label(n)
                    )
                })
                .collect::<Vec<_>>()
                .join(",")
        };
        let to_move = SOUTH_NORTH.letter(position.to_move);
        format!(
            "{to_move}:{}:{}:{}",
            list(Side::White),
            list(Side::Black),
            position.turn
        )
    }
}
