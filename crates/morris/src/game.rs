//! [`Morris`]: the morris family as a [`board_core::Game`], configured by a
//! profile.

use crate::direct;
use crate::engine::Engine;
use crate::fen;
use crate::moves::Move;
use crate::notation;
use crate::position::Position;
use crate::rules::{MarkedPoints, Rules, Start};
use crate::tables::{Tables, bit};
use board_core::{
    Configured, Diagram, DiagramOptions, GameOption, GameRules, MoveError, MoveParts, MoveStyle,
    NO_BULK, Notation, Outcome, Perft, PerftOptions, PerftSplit, PositionError, Profile,
    ProfileError, ProfileSource, Profiled, RecordHooks, RemovalStyle, Side,
    svg::{self, Scene},
};

/// Perft counts a removal as a ply of its own, within the depth.
pub const REMOVAL_PLY: GameOption = GameOption {
    name: "removal-ply",
    help: "counts a removal as a ply of its own",
};

/// A morris game configured by one profile: its board, rules and start.
#[derive(Clone, Debug)]
pub struct Morris {
    config: Configured<Rules, Position>,
    engine: Engine,
}

impl Morris {
    /// The profile's rule switches.
    pub fn rules(&self) -> &Rules {
        &self.config.rules
    }
}

impl GameRules for Morris {
    type Position = Position;

    type Move = Move;

    fn side_to_move(&self, position: &Position) -> Side {
        position.core.side
    }

    fn legal_moves(&self, position: &Position, moves: &mut Vec<Move>) {
        if self.outcome(position).is_none() {
            self.engine.generate(&position.core, moves);
        }
    }

    fn play(&self, position: &mut Position, mv: &Move) {
        let before = position.core;
        self.engine.play(&mut position.core, mv);
        if self.engine.rules.draw_repetition > 0 {
            let irreversible = mv.is_placement() || mv.removals().len() > 0;
            if irreversible || !position.core.placing_phase() && before.placing_phase() {
                position.history.clear();
            } else {
                position.history.push(before.repetition_key());
            }
        }
    }

    fn outcome(&self, position: &Position) -> Option<Outcome> {
        let c = &position.core;
        self.engine
            .outcome(c, self.engine.repeated(c, &position.history))
    }
}

impl Notation for Morris {
    fn ambiguity_hint(&self, candidates: &[String]) -> String {
        format!("write the removal: {}", candidates.join(" or "))
    }

    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        fen::parse(&self.engine, &self.config.graph, text)
    }

    fn write_position(&self, position: &Position) -> String {
        fen::write(&self.engine, &self.config.graph, position)
    }

    fn write_move(&self, _position: &Position, mv: &Move) -> String {
        notation::write(&self.config.graph, mv)
    }

    /// A removal joined to the move (`b4-a4xb2`, the profile's way) or as
    /// a token of its own (`b4-a4 xb2`).
    fn write_move_styled(&self, position: &Position, mv: &Move, style: &MoveStyle) -> String {
        let text = self.write_move(position, mv);
        if style.removal != Some(RemovalStyle::Separate) {
            return text;
        }
        // Removals are written `x` + a point label, after the move's points.
        let cut = mv.removals().len();
        if cut == 0 {
            return text;
        }
        let mut parts = text.split('x');
        let mut out = parts.next().unwrap_or_default().to_string();
        for part in parts {
            out.push_str(" x");
            out.push_str(part);
        }
        out
    }

    fn describe_move(&self, _position: &Position, mv: &Move) -> MoveParts {
        MoveParts {
            from: mv.from(),
            landings: vec![mv.to()],
            captured: mv.removals().collect(),
        }
    }

    /// The men a move removes are chosen: each is a click after the move.
    fn move_clicks(&self, position: &Position, mv: &Move) -> Vec<board_core::Click> {
        board_core::clicks_of(&self.describe_move(position, mv), true)
    }

    /// A placement or step with at most one removal is checked as written
    /// (the crate's `direct` module); anything else, and every refusal,
    /// lists the legal moves.
    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, MoveError> {
        if let Some(mv) = direct::find(&self.engine, &self.config.graph, position, text) {
            return Ok(mv);
        }
        self.parse_move_listing(position, text)
    }

    /// The placement or step is legal but its removals are not: a removal
    /// missing (fewer men taken than the mills closed owe), or a man taken
    /// out of a mill against mill protection. A removal without a mill, a
    /// step to a point that is not adjacent or a placement on a marked
    /// point is no irregular move.
    fn parse_irregular(&self, position: &Position, text: &str) -> Option<Move> {
        notation::parse_irregular(
            &self.engine,
            &self.config.graph,
            position,
            self.outcome(position),
            text,
        )
    }
}

impl Morris {
    /// Reads a move by listing every legal move and matching the text:
    /// what [`Notation::parse_move`] does when its direct reading does not
    /// answer, to say why. Same answers as [`Notation::parse_move`].
    pub(crate) fn parse_move_listing(
        &self,
        position: &Position,
        text: &str,
    ) -> Result<Move, MoveError> {
        notation::parse(
            &self.engine,
            &self.config.graph,
            position,
            self.outcome(position),
            text,
        )
    }

    /// The compiled rules, for the crate's tests.
    #[cfg(test)]
    pub(crate) fn engine(&self) -> &Engine {
        &self.engine
    }
}

impl RecordHooks for Morris {
    /// Asked between every two move tokens: most tokens are no removal,
    /// seen from their first letter.
    #[inline]
    fn continues_move(&self, pending: &str, next: &str) -> bool {
        notation::is_removal_token(&self.config.graph, next) && !pending.trim().is_empty()
    }
}

impl Diagram for Morris {
    /// The men, the marked points (emptied, or holding a taken man) and
    /// the men each side has still to place.
    fn scene(&self, position: &Position) -> Scene {
        let c = &position.core;
        let mut scene = Scene::default();
        for n in self.config.graph.node_ids() {
            let b = bit(n.index());
            if c.men[0] & b != 0 {
                scene.pieces.push((n, svg::Piece::man(Side::White)));
            } else if c.men[1] & b != 0 {
                scene.pieces.push((n, svg::Piece::man(Side::Black)));
            } else if c.marks & b != 0 {
                scene.marked.push(n);
            }
        }
        scene.in_hand = vec![
            (Side::Black, u32::from(c.hand[1])),
            (Side::White, u32::from(c.hand[0])),
        ];
        scene
    }

    fn diagram(&self, position: &Position, _options: &DiagramOptions) -> String {
        let c = &position.core;
        let mark = match self.engine.rules.marked_points {
            MarkedPoints::TakenManStays => "#",
            _ => "x",
        };
        let mut out = board_core::diagram::render(&self.config.graph, |n| {
            let b = bit(n.index());
            if c.men[0] & b != 0 {
                "W".to_string()
            } else if c.men[1] & b != 0 {
                "B".to_string()
            } else if c.marks & b != 0 {
                mark.to_string()
            } else {
                ".".to_string()
            }
        });
        out.push_str(&format!(
            "{} to move; in hand: White {}, Black {}",
            c.side.name(),
            c.hand[0],
            c.hand[1]
        ));
        if c.marks != 0 {
            out.push_str(&format!("; marked ({mark}): {}", c.marks.count_ones()));
        }
        if self.engine.rules.draw_moves_without_removal > 0 {
            out.push_str(&format!("; moves without removal: {}", c.quiet));
        }
        out.push('\n');
        out
    }
}

/// Morris keeps its repetition history and move-limit count in the
/// position and reports those draws through [`GameRules::outcome`]: the
/// end is the outcome.
impl board_core::Adjudication for Morris {
    type Clock = ();

    /// No rule of this game needs the history: the clock is `()`.
    fn has_clock(&self) -> bool {
        false
    }
}

impl Perft for Morris {
    const PERFT_OPTIONS: &'static [GameOption] = &[REMOVAL_PLY, NO_BULK];

    fn perft(&self, position: &Position, depth: u32, options: &PerftOptions) -> u64 {
        crate::perft::Perft::new(
            &self.engine,
            options.has(&REMOVAL_PLY),
            options.has(&NO_BULK),
            &position.history,
        )
        .count(&position.core, depth)
    }

    /// The tree of [`Perft::perft`] under the same options, removals as
    /// plies with `removal-ply`.
    fn perft_split(
        &self,
        position: &Position,
        depth: u32,
        options: &PerftOptions,
    ) -> PerftSplit<Position> {
        crate::perft::Perft::new(
            &self.engine,
            options.has(&REMOVAL_PLY),
            options.has(&NO_BULK),
            &position.history,
        )
        .split(&position.core, depth)
    }
}

impl Profiled for Morris {
    type Rules = Rules;

    const GAME: &'static str = "morris";

    fn configured(&self) -> &Configured<Rules, Position> {
        &self.config
    }

    fn from_profile(source: &ProfileSource) -> Result<Self, ProfileError> {
        let profile = Profile::<Rules, Start>::parse(&source.origin, &source.text, Self::GAME)?;
        let invalid = |message: String| source.invalid(message);
        let mut problems: Vec<String> = profile
            .rules
            .problems()
            .into_iter()
            .map(|p| format!("[rules]: {p}"))
            .collect();
        let tables = match Tables::new(&profile.graph) {
            Ok(t) => Some(t),
            Err(e) => {
                problems.push(format!("[board]: {e}"));
                None
            }
        };
        let Some(tables) = tables.filter(|_| problems.is_empty()) else {
            return Err(invalid(problems.join("; ")));
        };
        let engine = Engine {
            rules: profile.rules.clone(),
            tables,
        };
        let start = fen::parse(&engine, &profile.graph, &profile.start.fen)
            .map_err(|e| invalid(format!("[start] fen `{}`: {e}", profile.start.fen)))?;
        Ok(Morris {
            config: Configured {
                header: profile.header,
                graph: profile.graph,
                rules: profile.rules,
                start,
            },
            engine,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Morris;
    use board_core::conformance::for_each_playout_position;
    use board_core::prelude::*;

    /// The moves of one base are the moves of all bases with that base, in
    /// the same order, for every base written (legal or not) in positions
    /// of random games of every profile.
    #[test]
    fn moves_of_one_base_are_those_of_all_moves_with_it() {
        for id in Morris::builtin_profiles().expect("profiles") {
            let game = Morris::builtin(&format!("{}@{}", id.name, id.version)).expect("loads");
            let points = game.graph().node_count();
            let start = game.start_position();
            let walked = for_each_playout_position(&game, &start, 20, 60, 7, |position, legal| {
                // A game that is over has no moves; the engine is not asked.
                if game.outcome(position).is_some() {
                    return Ok(());
                }
                let c = &position.core;
                for from in std::iter::once(None).chain((0..points).map(Some)) {
                    for to in 0..points {
                        let mut one = Vec::new();
                        game.engine.generate_with_base(c, from, to, &mut one);
                        let expected: Vec<_> = legal
                            .iter()
                            .filter(|m| m.origin() == from && m.target() == to)
                            .copied()
                            .collect();
                        if one != expected {
                            return Err(format!("{} {from:?}-{to}", id.name));
                        }
                    }
                }
                Ok(())
            });
            if let Err(e) = walked {
                panic!("{e}");
            }
        }
    }
}
