//! The morris FEN: side to move, men on the board, men in hand, marked
//! points and the move-limit count, in one line.
//!
//! ```text
//! W:Wa1,d1,g7:Bd2,f4:H5/6:Mb4:R0
//! ```
//!
//! Fields are separated by `:`. The first is the side to move, `W` or `B`.
//! The others start with a letter and may come in any order:
//!
//! - `W…` and `B…` (both required): the points of White's and Black's men,
//!   comma-separated, possibly none (`W`);
//! - `H<white>/<black>`: men in hand (omitted: `H0/0`, the moving phase);
//!   the placing phase lasts while a hand is not empty;
//! - `M…`: marked points (points closed by a removal during the placing
//!   phase; omitted when there are none);
//! - `R<n>`: moves in a row without a removal or placement, only in
//!   profiles with `draw-moves-without-removal`.
//!
//! The repetition history is not part of a FEN: a game read from a FEN
//! starts counting repetitions there.

use crate::engine::Engine;
use crate::position::{Core, Position};
use crate::rules::Placing;
use crate::tables::{Mask, points};
use board_core::notation::LabelCase;
use board_core::notation::count;
use board_core::notation::fen::{self, FieldReader, FieldSpec, Problems, SideLetters};
use board_core::{Graph, PositionError, PositionProblemKind, Side};

/// The fields after the side to move.
const FIELDS: &[FieldSpec] = &[
    FieldSpec::men(Side::White),
    FieldSpec::men(Side::Black),
    FieldSpec::optional('H', "men in hand"),
    FieldSpec::optional('M', "marked points"),
    FieldSpec::optional('R', "moves without removal"),
];

/// Reads a FEN, reporting every problem at once.
pub(crate) fn parse(engine: &Engine, graph: &Graph, text: &str) -> Result<Position, PositionError> {
    let mut problems = Problems::new();
    let (side, fields) = fen::start(text, SideLetters::WHITE_BLACK, &mut problems);
    let mut men: [Option<Mask>; 2] = [None, None];
    let mut hand: Option<[u8; 2]> = None;
    let mut marks: Option<Mask> = None;
    let mut quiet: Option<u16> = None;
    FieldReader::new(FIELDS).read_all(&fields, &mut problems, |tag, body, problems| {
        let list = |what: &str, problems: &mut Problems| {
            fen::point_list(graph, body, what, LabelCase::Any, problems).0
        };
        match tag {
            'W' | 'B' => {
                let i = usize::from(tag == 'B');
                men[i] = Some(list(FIELDS[i].what, problems));
            }
            'H' => hand = Some(parse_hand(body, problems)),
            'M' => marks = Some(list("marked points", problems)),
            _ => match body.trim().parse::<u16>() {
                Ok(n) => quiet = Some(n),
                Err(_) => problems.push(
                    PositionProblemKind::BadField,
                    format!("`R{body}`: the move count after `R` must be a whole number"),
                ),
            },
        }
    });
    let (Some(side), Some(white), Some(black)) = (side, men[0], men[1]) else {
        return Err(problems.into_error());
    };
    let core = Core {
        men: [white, black],
        marks: marks.unwrap_or(0),
        hand: hand.unwrap_or([0, 0]),
        side,
        quiet: quiet.unwrap_or(0),
    };
    check(engine, graph, &core, quiet.is_some(), &mut problems);
    let mut core = problems.result(core)?;
    engine.normalize(&mut core);
    Ok(Position::from_core(core))
}

fn parse_hand(body: &str, problems: &mut Problems) -> [u8; 2] {
    let parsed = body
        .split_once('/')
        .and_then(|(w, b)| Some([w.trim().parse().ok()?, b.trim().parse().ok()?]));
    parsed.unwrap_or_else(|| {
        problems.push(
            PositionProblemKind::BadField,
            format!("`H{body}`: men in hand are written `H<white>/<black>`, such as `H9/9`"),
        );
        [0, 0]
    })
}

/// Checks that the position could arise under the profile's rules.
fn check(engine: &Engine, graph: &Graph, c: &Core, has_count: bool, problems: &mut Problems) {
    let rules = &engine.rules;
    let label = |p: usize| graph.label(board_core::NodeId::new(p)).to_string();
    let list = |m: Mask| points(m).map(label).collect::<Vec<_>>().join(", ");
    for p in points(c.men[0] & c.men[1]) {
        fen::both_sides(&label(p), problems);
    }
    for side in [Side::White, Side::Black] {
        let i = side.index();
        let name = side.name();
        let on_board = c.men[i].count_ones();
        let total = on_board + u32::from(c.hand[i]);
        if total > u32::from(rules.men_per_side) {
            problems.push(
            PositionProblemKind::TooManyPieces,
            format!(
                "{name} has {total} men ({on_board} on the board, {} in hand) but the profile gives each side {}",
                c.hand[i], rules.men_per_side
            ),
        );
        }
    }
    if c.marks != 0 {
        if !rules.marks_points() {
            problems.push(
                PositionProblemKind::NotInRules,
                format!(
                    "marked points {} given, but this profile does not mark points",
                    list(c.marks)
                ),
            );
        } else if !c.placing_phase() {
            problems.push(
            PositionProblemKind::Unreachable,
            format!(
                "marked points {} given, but no man is in hand: marks vanish when the moving phase begins",
                list(c.marks)
            ),
        );
        }
        let occupied = c.marks & (c.men[0] | c.men[1]);
        if occupied != 0 {
            problems.push(
                PositionProblemKind::Unreachable,
                format!(
                    "{} {} marked but {} a man: a marked point is empty until the moving phase",
                    list(occupied),
                    if occupied.count_ones() == 1 {
                        "is"
                    } else {
                        "are"
                    },
                    if occupied.count_ones() == 1 {
                        "holds"
                    } else {
                        "hold"
                    },
                ),
            );
        }
    }
    if rules.marks_points() && c.placing_phase() {
        let removed = (0..2)
            .map(|i| {
                u32::from(rules.men_per_side)
                    .saturating_sub(c.men[i].count_ones() + u32::from(c.hand[i]))
            })
            .sum::<u32>();
        let marked = c.marks.count_ones();
        if marked != removed {
            problems.push(
            PositionProblemKind::Unreachable,
            format!(
                "{marked} marked point{} but {removed} {} been taken: in the placing phase every removal leaves a mark",
                if marked == 1 { "" } else { "s" },
                if removed == 1 { "man has" } else { "men have" },
            ),
        );
        }
    }
    if rules.placing == Placing::BeforeMoving {
        let s = c.side.index();
        let (mine, theirs) = (c.hand[s], c.hand[1 - s]);
        if mine != theirs && mine != theirs.saturating_add(1) {
            problems.push(
            PositionProblemKind::Unreachable,
            format!(
                "{} to move with {mine} in hand and {} with {theirs}: the sides place in turn, so the side to move has as many men in hand as the other or one more",
                c.side,
                c.side.opposite(),
            ),
        );
        }
    }
    if has_count && rules.draw_moves_without_removal == 0 {
        problems.push(
            PositionProblemKind::NotInRules,
            "`R` counts moves for the move-limit draw, but this profile has no such rule",
        );
    }
    let waiting = c.side.opposite();
    if c.total(waiting) <= u32::from(rules.loses_with)
        && c.total(c.side) > u32::from(rules.loses_with)
    {
        problems.push(
            PositionProblemKind::Unreachable,
            format!(
                "{} (not to move) has only {}: the game ended when it was reduced to {}",
                waiting,
                count(c.total(waiting), "man", "men"),
                rules.loses_with
            ),
        );
    }
    if c.total(waiting) <= u32::from(rules.loses_with)
        && c.total(c.side) <= u32::from(rules.loses_with)
    {
        problems.push(
            PositionProblemKind::Unreachable,
            format!(
                "both sides have at most {}: the game ended before this position",
                count(rules.loses_with, "man", "men")
            ),
        );
    }
}

/// Writes the FEN of a position.
pub(crate) fn write(engine: &Engine, graph: &Graph, position: &Position) -> String {
    let c = &position.core;
    let list = |m: Mask| {
        let mut labels: Vec<(i32, i32, &str)> = points(m)
            .map(|p| {
                let n = graph.node(board_core::NodeId::new(p));
                (n.x, n.y, n.label.as_str())
            })
            .collect();
        labels.sort_unstable();
        labels.iter().map(|l| l.2).collect::<Vec<_>>().join(",")
    };
    let side = c.side.letter();
    let mut out = format!(
        "{side}:W{}:B{}:H{}/{}",
        list(c.men[0]),
        list(c.men[1]),
        c.hand[0],
        c.hand[1]
    );
    if c.marks != 0 {
        out.push_str(":M");
        out.push_str(&list(c.marks));
    }
    if engine.rules.draw_moves_without_removal > 0 {
        out.push_str(&format!(":R{}", c.quiet));
    }
    out
}
