#![doc = include_str!("../README.md")]

mod builtin;
mod direct;
mod fen;
mod movegen;
mod notation;
mod perft;
mod position;
mod rules;
mod tables;

pub use position::{Move, Position};
pub use rules::{CaptureRule, ChainRule, PlainDirection, Rules, Start, StartSide};
pub use tables::MAX_POINTS;

use crate::movegen::{Sink, capturers, generate, has_any_move};
use crate::tables::{Tables, bit};
use board_core::game::{generic_perft, generic_perft_split};
use board_core::{
    Configured, Diagram, DiagramOptions, GameOption, GameRules, Graph, MoveError, MoveParts,
    NO_BULK, Notation, Outcome, Perft, PerftOptions, PerftSplit, PositionError, Profile,
    ProfileError, ProfileSource, Profiled, RecordHooks, Side,
    svg::{self, Scene},
};

/// Perft counts every capture route, even routes with the same identity
/// (start, end, captured men).
pub const KEEP_DUPLICATES: GameOption = GameOption {
    name: "keep-duplicates",
    help: "counts every capture route, even routes that leave the same position and are written the same way",
};
use std::collections::HashSet;

/// An alquerque game configured by one profile.
#[derive(Clone, Debug)]
pub struct Alquerque {
    config: Configured<Rules, Position>,
    tables: Tables,
}

/// Collects routes as [`Move`]s.
struct Routes<'a> {
    moves: &'a mut Vec<Move>,
    huff: Option<u8>,
}

impl Sink for Routes<'_> {
    fn plain(&mut self, from: u8, to: u8) {
        self.moves.push(Move {
            huff: self.huff,
            from,
            landings: vec![to],
            captured: 0,
        });
    }

    fn capture(&mut self, from: u8, landings: &[u8], captured: u64) {
        self.moves.push(Move {
            huff: self.huff,
            from,
            landings: landings.to_vec(),
            captured,
        });
    }
}

impl Alquerque {
    /// The profile's rule switches.
    pub fn rules(&self) -> &Rules {
        &self.config.rules
    }

    /// Every legal route, huffs included, routes with the same identity all
    /// listed.
    pub fn all_routes(&self, position: &Position) -> Vec<Move> {
        let mut moves = Vec::new();
        if self.is_drawn(position) {
            return moves;
        }
        let side = position.side;
        generate(
            &self.tables,
            &self.config.rules,
            position.men,
            side,
            &mut Routes {
                moves: &mut moves,
                huff: None,
            },
        );
        for h in tables::points(position.huffable) {
            let mut men = position.men;
            men[side.opposite().index()] &= !bit(h);
            generate(
                &self.tables,
                &self.config.rules,
                men,
                side,
                &mut Routes {
                    moves: &mut moves,
                    huff: Some(h),
                },
            );
        }
        moves
    }

    /// Keeps the first route of each identity, in generation order.
    fn deduplicate(&self, routes: Vec<Move>) -> Vec<Move> {
        let mut seen = HashSet::with_capacity(routes.len());
        routes
            .into_iter()
            .filter(|mv| seen.insert(mv.identity()))
            .collect()
    }

    fn is_drawn(&self, position: &Position) -> bool {
        let limit = self.config.rules.draw_plies_without_capture;
        limit > 0 && position.quiet_plies >= limit
    }

    fn has_move(&self, position: &Position) -> bool {
        let side = position.side;
        has_any_move(&self.tables, position.men, side)
            || tables::points(position.huffable).any(|h| {
                let mut men = position.men;
                men[side.opposite().index()] &= !bit(h);
                has_any_move(&self.tables, men, side)
            })
    }

    fn build_start(graph: &Graph, start: &Start) -> Result<Position, String> {
        let mut problems = Vec::new();
        let mut men = [0u64; 2];
        for (list, side, key) in [
            (&start.white, Side::White, "white"),
            (&start.black, Side::Black, "black"),
        ] {
            for label in list {
                match graph.node_by_label(label) {
                    None => problems.push(format!(
                        "[start] {key}: `{label}` is not a point of the board"
                    )),
                    Some(n) => {
                        let b = bit(n.index() as u8);
                        if (men[0] | men[1]) & b != 0 {
                            problems.push(format!("[start] {label} is listed twice"));
                        }
                        men[side.index()] |= b;
                    }
                }
            }
        }
        if !problems.is_empty() {
            return Err(problems.join("; "));
        }
        Ok(Position {
            men,
            side: match start.side_to_move {
                StartSide::White => Side::White,
                StartSide::Black => Side::Black,
            },
            quiet_plies: 0,
            huffable: 0,
        })
    }
}

impl GameRules for Alquerque {
    type Position = Position;

    type Move = Move;

    fn side_to_move(&self, position: &Position) -> Side {
        position.side
    }

    fn legal_moves(&self, position: &Position, moves: &mut Vec<Move>) {
        if position.men[position.side.opposite().index()] == 0 {
            return;
        }
        let routes = self.all_routes(position);
        moves.extend(self.deduplicate(routes));
    }

    fn play(&self, position: &mut Position, mv: &Move) {
        let side = position.side;
        let (own, opp) = (side.index(), side.opposite().index());
        if let Some(h) = mv.huff {
            position.men[opp] &= !bit(h);
        }
        let failed = if self.config.rules.capture == CaptureRule::Huffing && !mv.is_capture() {
            capturers(&self.tables, position.men, side)
        } else {
            0
        };
        let to = mv.to_index();
        position.men[own] = (position.men[own] & !bit(mv.from)) | bit(to);
        position.men[opp] &= !mv.captured;
        if self.config.rules.draw_plies_without_capture > 0 {
            position.quiet_plies = if mv.is_capture() || mv.huff.is_some() {
                0
            } else {
                position.quiet_plies + 1
            };
        }
        position.huffable = if failed & bit(mv.from) != 0 {
            (failed & !bit(mv.from)) | bit(to)
        } else {
            failed
        };
        position.side = side.opposite();
    }

    fn outcome(&self, position: &Position) -> Option<Outcome> {
        let side = position.side;
        let name = self.side_name(side);
        if position.men[side.index()] == 0 {
            return Some(Outcome::Win {
                winner: side.opposite(),
                reason: format!("{name} has no men left"),
            });
        }
        // A set-up position whose side not to move has no men is over too.
        if position.men[side.opposite().index()] == 0 {
            return Some(Outcome::Win {
                winner: side,
                reason: format!("{} has no men left", self.side_name(side.opposite())),
            });
        }
        if self.is_drawn(position) {
            return Some(Outcome::Draw {
                reason: format!(
                    "{} plies without a capture",
                    self.config.rules.draw_plies_without_capture
                ),
            });
        }
        if !self.has_move(position) {
            return Some(Outcome::Win {
                winner: side.opposite(),
                reason: format!("{name} has no legal move"),
            });
        }
        None
    }
}

impl Notation for Alquerque {
    fn ambiguity_hint(&self, _candidates: &[String]) -> String {
        "write every landing point to say which".to_string()
    }

    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        fen::parse(&self.config.graph, &self.config.rules, text)
    }

    fn write_position(&self, position: &Position) -> String {
        fen::write(&self.config.graph, &self.config.rules, position)
    }

    fn write_move(&self, _position: &Position, mv: &Move) -> String {
        notation::write(self, mv)
    }

    /// The men jumped are the captured ones (a huffed man is not).
    fn describe_move(&self, _position: &Position, mv: &Move) -> MoveParts {
        MoveParts {
            from: Some(mv.from()),
            landings: mv.landings().collect(),
            captured: mv.captured().collect(),
        }
    }

    /// A plain step or a capture of one jump is checked as written (the
    /// crate's `direct` module); anything else, and every refusal, lists
    /// the legal routes.
    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, MoveError> {
        if let Some(mv) = direct::find(self, position, text) {
            return Ok(mv);
        }
        notation::resolve(self, position, text)
    }

    /// A plain step when a capture was mandatory, or a capture chain
    /// stopped where it must go on (the men jumped so far are taken).
    fn parse_irregular(&self, position: &Position, text: &str) -> Option<Move> {
        notation::parse_irregular(self, position, text)
    }
}

impl RecordHooks for Alquerque {
    fn continues_move(&self, pending: &str, next: &str) -> bool {
        self.may_continue(pending.as_bytes()) && !next.starts_with('x')
    }

    /// Only a huff token (`xc3`, under the huffing rule) is continued, by
    /// the move after it.
    fn may_continue(&self, pending: &[u8]) -> bool {
        self.config.rules.capture == CaptureRule::Huffing
            && !pending.contains(&b' ')
            && pending.len() > 1
            && pending.starts_with(b"x")
    }
}

impl Diagram for Alquerque {
    /// The men on their points.
    fn scene(&self, position: &Position) -> Scene {
        let pieces = self
            .config
            .graph
            .node_ids()
            .filter_map(|n| position.man_at(n).map(|side| (n, svg::Piece::man(side))))
            .collect();
        Scene {
            pieces,
            ..Scene::default()
        }
    }

    fn diagram(&self, position: &Position, _options: &DiagramOptions) -> String {
        let mut out = board_core::diagram::render(&self.config.graph, |n| {
            match position.man_at(n) {
                Some(Side::White) => "W",
                Some(Side::Black) => "B",
                None => ".",
            }
            .to_string()
        });
        if self.config.rules.draw_plies_without_capture > 0 {
            out.push_str(&format!(
                "{} of {} plies without a capture\n",
                position.quiet_plies, self.config.rules.draw_plies_without_capture
            ));
        }
        if position.huffable != 0 {
            let list: Vec<&str> = position
                .huffable()
                .map(|n| self.config.graph.label(n))
                .collect();
            out.push_str(&format!(
                "{} may huff {}\n",
                self.side_name(position.side),
                list.join(", ")
            ));
        }
        out
    }
}

/// No draw rule needs a game's history beyond the position: the end is
/// [`GameRules::outcome`].
impl board_core::Adjudication for Alquerque {
    type Clock = ();

    /// No rule of this game needs the history: the clock is `()`.
    fn has_clock(&self) -> bool {
        false
    }
}

impl Perft for Alquerque {
    const PERFT_OPTIONS: &'static [GameOption] = &[KEEP_DUPLICATES, NO_BULK];

    fn perft(&self, position: &Position, depth: u32, options: &PerftOptions) -> u64 {
        if depth > 0 && position.men[position.side.opposite().index()] == 0 {
            return 0;
        }
        if self.config.rules.capture == CaptureRule::Huffing || position.huffable != 0 {
            return generic_perft(self, position, depth, options);
        }
        perft::count(
            self,
            position.men,
            position.side,
            position.quiet_plies,
            depth,
            perft::Counting {
                keep_duplicates: options.has(&KEEP_DUPLICATES),
                no_bulk: options.has(&NO_BULK),
            },
        )
    }

    /// The tree of [`Perft::perft`]: the generic one with huffs, else the
    /// fast count's, every route apart with `keep-duplicates`.
    fn perft_split(
        &self,
        position: &Position,
        depth: u32,
        options: &PerftOptions,
    ) -> PerftSplit<Position> {
        if depth > 0 && position.men[position.side.opposite().index()] == 0 {
            return PerftSplit::counted(0);
        }
        if self.config.rules.capture == CaptureRule::Huffing || position.huffable != 0 {
            return generic_perft_split(self, position, depth);
        }
        perft::split(
            self,
            position,
            depth,
            perft::Counting {
                keep_duplicates: options.has(&KEEP_DUPLICATES),
                no_bulk: options.has(&NO_BULK),
            },
        )
    }
}

impl Profiled for Alquerque {
    type Rules = Rules;

    const GAME: &'static str = "alquerque";

    fn configured(&self) -> &Configured<Rules, Position> {
        &self.config
    }

    fn from_profile(source: &ProfileSource) -> Result<Self, ProfileError> {
        let profile = Profile::<Rules, Start>::parse(&source.origin, &source.text, Self::GAME)?;
        let invalid = |message: String| source.invalid(message);
        if profile.graph.node_count() > MAX_POINTS {
            return Err(invalid(format!(
                "[board] has {} points; an alquerque board has at most {MAX_POINTS}",
                profile.graph.node_count()
            )));
        }
        profile.rules.check().map_err(invalid)?;
        let start = Self::build_start(&profile.graph, &profile.start).map_err(invalid)?;
        let tables = Tables::new(&profile.graph, &profile.rules);
        Ok(Alquerque {
            config: Configured {
                header: profile.header,
                graph: profile.graph,
                rules: profile.rules,
                start,
            },
            tables,
        })
    }
}
