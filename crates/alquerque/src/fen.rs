//! The alquerque position notation (FEN).
//!
//! `W:Wa1,b1,c1:Ba5,b5,c5` — fields separated by `:`:
//!
//! 1. the side to move, `W` or `B` (in either case);
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
use crate::tables::{node, points};
use board_core::notation::LabelCase;
use board_core::notation::fen::{self, FieldReader, FieldSpec, Problems, SideLetters};
use board_core::{Graph, PositionError, PositionProblemKind, Side};

/// The fields after the side to move.
const FIELDS: &[FieldSpec] = &[
    FieldSpec::men(Side::White),
    FieldSpec::men(Side::Black),
    FieldSpec::optional('N', "plies without capture"),
    FieldSpec::optional('H', "huffable men"),
];

/// Parses a FEN, reporting every problem found.
pub(crate) fn parse(graph: &Graph, rules: &Rules, text: &str) -> Result<Position, PositionError> {
    let mut problems = Problems::new();
    let (side, fields) = fen::start(text, SideLetters::WHITE_BLACK, &mut problems);
    let mut men: [u64; 2] = [0, 0];
    let mut quiet: Option<u32> = None;
    let mut huffable = 0u64;
    FieldReader::new(FIELDS).read_all(&fields, &mut problems, |tag, rest, problems| {
        let list = |what: &str, problems: &mut Problems| {
            fen::point_list(graph, rest, what, LabelCase::Exact, problems).0
        };
        match tag {
            'W' | 'B' => {
                let i = usize::from(tag == 'B');
                men[i] = list(FIELDS[i].what, problems);
            }
            'N' => match rest.parse::<u32>() {
                Ok(n) => quiet = Some(n),
                Err(_) => {
                    problems.push(
                        PositionProblemKind::BadField,
                        format!("`N{rest}`: the ply counter is a whole number, as in `N12`"),
                    );
                    quiet = Some(0);
                }
            },
            _ => huffable = list("the huffable men", problems),
        }
    });
    let [white, black] = men;
    for p in points(white & black) {
        fen::both_sides(graph.label(node(p)), &mut problems);
    }
    let limit = rules.draw_plies_without_capture;
    let quiet = match quiet {
        Some(_) if limit == 0 => {
            problems.push(
                PositionProblemKind::NotInRules,
                "this profile has no draw rule, so a ply counter (`N…`) has no meaning",
            );
            0
        }
        Some(n) if n > limit => {
            problems.push(
                PositionProblemKind::Unreachable,
                format!("the ply counter N{n} is beyond the draw limit of {limit} plies"),
            );
            n
        }
        Some(n) => n,
        None => 0,
    };
    if huffable != 0 {
        if rules.capture != CaptureRule::Huffing {
            problems.push(
                PositionProblemKind::NotInRules,
                "this profile has no huffing, so huffable men (`H…`) have no meaning",
            );
        } else if let Some(side) = side {
            let mover = side.opposite();
            for p in points(huffable & !men[mover.index()]) {
                problems.push(
                    PositionProblemKind::Unreachable,
                    format!(
                        "huffable man {} is not a man of {mover} (the side that just moved)",
                        graph.label(node(p)),
                    ),
                );
            }
        }
    }
    match side {
        Some(side) => problems.result(Position {
            men,
            side,
            quiet_plies: quiet,
            huffable,
        }),
        None => Err(problems.into_error()),
    }
}

/// Writes the FEN of a position.
pub(crate) fn write(graph: &Graph, rules: &Rules, position: &Position) -> String {
    let list = |mask: u64| {
        points(mask)
            .map(|p| graph.label(node(p)))
            .collect::<Vec<_>>()
            .join(",")
    };
    let mut out = format!(
        "{}:W{}:B{}",
        position.side.letter(),
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
