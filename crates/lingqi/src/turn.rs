//! A turn (L4, L21): the upgrade, then the move from one cell to another;
//! and how playing it changes the position (L8, L10, L14).

use crate::Lingqi;
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::Tie;
use board_core::NodeId;

/// The upgrade of a turn: +1 level on the piece on `cell`, or its
/// transformation into another type (L5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Upgrade {
    /// The upgraded piece's cell.
    pub cell: NodeId,
    /// The new type of a transformation; `None` for +1 level.
    pub into: Option<Kind>,
}

/// One turn, identified by its upgrade, start and end (L21): the route of
/// the walk is not part of it (L15).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Turn {
    /// The upgrade; `None` only when the side has nothing to upgrade (L4).
    pub upgrade: Option<Upgrade>,
    /// Where the moved piece starts.
    pub from: NodeId,
    /// Where its move ends.
    pub to: NodeId,
}

/// What became of the moved piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fate {
    /// It arrived on an empty cell.
    Arrived,
    /// It arrived and captured the piece there.
    Captured(Kind),
    /// It was captured by an enemy zone on the way or on arrival (L8).
    FellInZone,
    /// It attacked a stronger piece and was captured (L10).
    LostAttack,
}

impl Lingqi {
    /// Plays a legal turn and says what became of the moved piece.
    pub fn play_turn(&self, position: &mut Position, turn: &Turn) -> Fate {
        if let Some(u) = turn.upgrade {
            self.apply_upgrade(position, u);
        }
        let board = self.board(position);
        let reach = self.reach_on(position, &board, turn.from);
        let mover = position.piece(turn.from);
        position.set(turn.from, None);
        position.to_move = position.to_move.opposite();
        position.turn = position.turn.saturating_add(1);
        let Some(mover) = mover else {
            return Fate::FellInZone;
        };
        if !reach.safe.contains(turn.to) {
            return Fate::FellInZone;
        }
        let Some(defender) = position.piece(turn.to) else {
            position.set(turn.to, Some(mover));
            return Fate::Arrived;
        };
        let wins = defender.kind == Kind::Formation || {
            let attack = self.effective_level(&board.zones, mover, turn.to);
            let defence = self.effective_level(&board.zones, defender, turn.to);
            attack > defence || (attack == defence && self.config.rules.combat_tie == Tie::Mover)
        };
        if wins {
            position.set(turn.to, Some(mover));
            Fate::Captured(defender.kind)
        } else {
            Fate::LostAttack
        }
    }
}
