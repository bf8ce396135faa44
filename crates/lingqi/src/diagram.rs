//! The text diagram: pieces as type letter and level (`M3` South, `m3`
//! North), optionally with zones and trapped pieces marked.

use crate::Lingqi;
use crate::ZONES;
use crate::piece::side_name;
use crate::position::Position;
use crate::rules::ZoneEnd;
use board_core::svg::{self, Scene};
use board_core::{DiagramOptions, Side};

impl Lingqi {
    /// What a picture shows: each piece with its type letter and level,
    /// trapped when it stands in an enemy zone, and both sides' zones.
    pub(crate) fn scene_of(&self, position: &Position) -> Scene {
        let zones = self.zones(position);
        let pieces = position
            .pieces()
            .map(|(n, p)| {
                let piece = svg::Piece {
                    letter: Some(p.kind.letter()),
                    level: Some(p.level),
                    trapped: self.in_enemy_zone(&zones, p.side, n),
                    ..svg::Piece::man(p.side)
                };
                (n, piece)
            })
            .collect();
        let zones = [Side::White, Side::Black]
            .into_iter()
            .flat_map(|side| zones.cells(side).iter().map(move |n| (n, side)))
            .collect();
        Scene {
            pieces,
            zones,
            ..Scene::default()
        }
    }

    /// A 19×19 diagram for people. With [`ZONES`] enabled, an empty cell in
    /// South's zone shows `+`, in North's `-`, in both `*`, and a piece that
    /// stands in an enemy zone (trapped, L9, unless `zone-end = "forbidden"`)
    /// carries a `!`.
    pub fn draw(&self, position: &Position, options: &DiagramOptions) -> String {
        let zones_marked = options.has(&ZONES);
        let zones = self.zones(position);
        let cell = |n| match position.piece(n) {
            Some(p) => {
                let mut t = p.diagram_text();
                if zones_marked && self.in_enemy_zone(&zones, p.side, n) {
                    t.push('!');
                }
                t
            }
            None if zones_marked => {
                match (zones.covers(Side::White, n), zones.covers(Side::Black, n)) {
                    (true, true) => "*",
                    (true, false) => "+",
                    (false, true) => "-",
                    (false, false) => ".",
                }
                .to_string()
            }
            None => ".".to_string(),
        };
        let mut out = board_core::diagram::render(&self.config.graph, cell);
        out.push_str(&format!(
            "{} to move, turn {}; South upper case, North lower case, letter and level\n",
            side_name(position.to_move),
            position.turn
        ));
        if zones_marked {
            out.push_str(match self.config.rules.zone_end {
                ZoneEnd::Trapped => {
                    "zones: + South's, - North's, * both; ! a piece in an enemy zone (trapped, L9)\n"
                }
                ZoneEnd::Forbidden => {
                    "zones: + South's, - North's, * both; ! a piece in an enemy zone (no move ends in one)\n"
                }
            });
        }
        out
    }
}
