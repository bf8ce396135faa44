//! The move a written text names, checked on the masks as written without
//! generating any move: the commonest texts of a record, a placement
//! (`d1`), a step or flight (`d1-d2`), with at most one removal joined to
//! it or in a token of its own (`d2xg7`, `d1-d2 xg7`), on points whose
//! labels are a letter and a digit.
//!
//! Only the rules the written move could break are asked: the game is not
//! over by its counts, the placement or step is one of the side to move's,
//! and the removal is what its mills owe (none without a mill or with
//! nothing to take, one man that may be taken for one mill). Anything else
//! answers `None` and goes the general way ([`crate::notation`]), which
//! lists every legal move: two removals, a removal missing or not owed,
//! labels of another form, every refusal. What is answered here is the move
//! the general way finds.

use crate::engine::Engine;
use crate::moves::Move;
use crate::position::Position;
use crate::tables::bit;
use board_core::Graph;
use board_core::NodeId;

/// The points of a text of the commonest forms: where the man comes from
/// (`None` for a placement), where it goes, and the one man it takes, if
/// any; points are read by [`Graph::short_label_at`], but for a label
/// starting with `x`, which a removal starts with too.
#[inline]
fn read(graph: &Graph, text: &str) -> Option<(Option<usize>, usize, Option<usize>)> {
    let t = text.as_bytes();
    let point = |at| match t.get(at) {
        Some(b'x') => None,
        _ => graph.short_label_at(t, at).map(NodeId::index),
    };
    let first = point(0)?;
    let (from, to, at) = if t.get(2) == Some(&b'-') {
        (Some(first), point(3)?, 5)
    } else {
        (None, first, 2)
    };
    let removal = match t.get(at..)? {
        [] => None,
        [b'x', ..] if t.len() == at + 3 => Some(point(at + 1)?),
        [b' ', b'x', ..] if t.len() == at + 4 => Some(point(at + 2)?),
        _ => return None,
    };
    Some((from, to, removal))
}

/// The legal move of `position` that `text` names, when it is of the
/// commonest forms and plainly legal; `None` otherwise (the general way
/// says why, or finds it).
#[inline]
pub(crate) fn find(
    engine: &Engine,
    graph: &Graph,
    position: &Position,
    text: &str,
) -> Option<Move> {
    let (from, to, removal) = read(graph, text)?;
    let c = &position.core;
    let rules = &engine.rules;
    let (side, other) = (c.side, c.side.opposite());
    // Over by its counts (men left, moves without a removal, repetition):
    // the general way refuses every move and says why. With a placement
    // or step at hand the game is not over otherwise.
    let lost = |s| c.total(s) <= u32::from(rules.loses_with);
    let limit = rules.draw_moves_without_removal;
    if lost(side) || lost(other) || (limit > 0 && c.quiet >= limit) {
        return None;
    }
    if engine.repeated(c, &position.history) {
        return None;
    }
    let legal = match from {
        None => engine.placements(c) & bit(to) != 0,
        Some(f) => {
            engine.may_move(c)
                && c.men[side.index()] & bit(f) != 0
                && engine.targets(c, f, engine.flies(c)) & bit(to) != 0
        }
    };
    if !legal {
        return None;
    }
    // What the mills owe ([`Engine::removals_for`]): the men that may be
    // taken are asked for only when a mill is closed.
    let base = Move::new(from, to);
    let due = engine.removals_due(engine.mills_made(c, from, to));
    if due == 0 {
        return removal.is_none().then_some(base);
    }
    let candidates = engine.candidates(c.men[other.index()]);
    match (candidates, due, removal) {
        (0, _, None) => Some(base),
        (_, 1, Some(r)) if candidates & bit(r) != 0 => Some(base.with_removals(&[r])),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crate::Morris;
    use board_core::conformance::{Rng, for_each_playout_position};
    use board_core::prelude::*;

    #[test]
    fn the_direct_reading_finds_what_listing_every_move_finds() {
        for id in Morris::builtin_profiles().expect("compiled-in profiles") {
            let game = Morris::builtin(&format!("{}@{}", id.name, id.version)).expect("loads");
            let graph = game.graph();
            let labels: Vec<String> = graph
                .node_ids()
                .map(|n| graph.label(n).to_string())
                .collect();
            let mut rng = Rng::new(7);
            let (mut compared, mut direct) = (0, 0);
            let start = game.start_position();
            let walked = for_each_playout_position(&game, &start, 4, 120, 7, |position, moves| {
                // Every legal move, its removals joined and as tokens of
                // their own; placements, steps and removals on points
                // picked at random (most of them not legal).
                let mut texts: Vec<String> =
                    moves.iter().map(|m| game.write_move(position, m)).collect();
                let separate: Vec<String> = texts.iter().map(|t| t.replace('x', " x")).collect();
                texts.extend(separate);
                for _ in 0..40 {
                    let [a, b, r] = [0; 3].map(|_| &labels[rng.below(labels.len())]);
                    texts.extend([
                        a.clone(),
                        format!("{a}-{b}"),
                        format!("{a}x{r}"),
                        format!("{a}-{b}x{r}"),
                        format!("{a}-{b} x{r}"),
                    ]);
                }
                for text in &texts {
                    let fast = game.parse_move(position, text);
                    let listed = game.parse_move_listing(position, text);
                    if format!("{fast:?}") != format!("{listed:?}") {
                        return Err(format!(
                            "{id}: {text:?} in {}: {fast:?} against {listed:?}",
                            game.write_position(position)
                        ));
                    }
                    compared += 1;
                    let answered = super::find(game.engine(), game.graph(), position, text);
                    direct += usize::from(answered.is_some());
                }
                Ok(())
            });
            if let Err(e) = walked {
                panic!("{e}");
            }
            assert!(direct > compared / 20, "{id}: {direct} of {compared}");
        }
    }
}
