//! The move a written text names, checked on the masks as written without
//! generating any move: the commonest texts of a record, a plain step
//! (`c2-c3`) and a capture of one jump (`a1:c3`, `a1xc3`), on points whose
//! labels are a letter and a digit.
//!
//! Only the rules the written move could break are asked: the game is not
//! over by its men or its counter, the man is the side to move's, the
//! step is one of its steps onto an empty point and is allowed (no capture
//! when captures are mandatory), the jump takes an enemy man onto an empty
//! point, and it ends the move (no jump left when the chain must go on).
//! Anything else answers `None` and goes the general way
//! ([`crate::notation`]), which lists every route: huffs, routes of several
//! jumps (another route of the same move may be the one kept), labels of
//! another form, every refusal. What is answered here is the move the
//! general way finds: a route of one jump is the only route of its move.

use crate::Alquerque;
use crate::movegen::capturers;
use crate::position::{Move, Position};
use crate::rules::{CaptureRule, ChainRule};
use crate::tables::bit;

/// The legal move of `position` that `text` names, when it is a plain
/// step or a capture of one jump and plainly legal; `None` otherwise (the
/// general way says why, or finds it).
#[inline]
pub(crate) fn find(game: &Alquerque, position: &Position, text: &str) -> Option<Move> {
    let t = text.as_bytes();
    // A text starting with `x` may be a huff.
    if t.len() != 5 || t[0] == b'x' || t[3] == b'x' {
        return None;
    }
    let graph = &game.config.graph;
    let from = graph.short_label_at(t, 0)?.index() as u8;
    let to = graph.short_label_at(t, 3)?.index() as u8;
    let capture = match t[2] {
        b'-' => false,
        b':' | b'x' => true,
        _ => return None,
    };
    let (tables, rules) = (&game.tables, &game.config.rules);
    let side = position.side;
    let (own, enemy) = (
        position.men[side.index()],
        position.men[side.opposite().index()],
    );
    // Over (no men, the counter run out): the general way says so. With a
    // legal move at hand the game is not over otherwise.
    if own == 0 || enemy == 0 || game.is_drawn(position) || own & bit(from) == 0 {
        return None;
    }
    let empty = tables.all & !(own | enemy);
    if !capture {
        let steps = tables.steps[side.index()][usize::from(from)];
        if tables.frozen[side.index()] & bit(from) != 0 || steps & empty & bit(to) == 0 {
            return None;
        }
        if rules.capture == CaptureRule::Mandatory && capturers(tables, position.men, side) != 0 {
            return None;
        }
        return Some(Move {
            huff: None,
            from,
            landings: vec![to],
            captured: 0,
        });
    }
    let mut jumps = tables.jumps[usize::from(from)]
        .iter()
        .filter(|j| j.land == to);
    let (jump, None) = (jumps.next()?, jumps.next()) else {
        return None;
    };
    let over = bit(jump.over);
    if enemy & over == 0 || empty & bit(to) == 0 {
        return None;
    }
    if rules.chain == ChainRule::MustContinue {
        // The route ends here only if no jump is left (the man's start is
        // empty now, the man taken may be landed on, points visited only
        // where the profile allows it).
        let open = empty | bit(from) | over;
        let visited = bit(from) | bit(to);
        let goes_on = tables.jumps[usize::from(to)].iter().any(|j| {
            enemy & !over & bit(j.over) != 0
                && open & bit(j.land) != 0
                && (rules.chain_may_revisit || visited & bit(j.land) == 0)
        });
        if goes_on {
            return None;
        }
    }
    Some(Move {
        huff: None,
        from,
        landings: vec![to],
        captured: over,
    })
}

#[cfg(test)]
mod tests {
    use crate::Alquerque;
    use crate::notation;
    use board_core::conformance::{Rng, for_each_playout_position};
    use board_core::prelude::*;

    #[test]
    fn the_direct_reading_finds_what_listing_every_route_finds() {
        for id in Alquerque::builtin_profiles().expect("compiled-in profiles") {
            let game = Alquerque::builtin(&format!("{}@{}", id.name, id.version)).expect("loads");
            let graph = game.graph();
            let labels: Vec<String> = graph
                .node_ids()
                .map(|n| graph.label(n).to_string())
                .collect();
            let mut rng = Rng::new(9);
            let (mut compared, mut direct) = (0, 0);
            let start = game.start_position();
            let walked = for_each_playout_position(&game, &start, 4, 120, 9, |position, moves| {
                // Every legal move, its first jumps alone, and steps and
                // jumps between points picked at random (most not legal).
                let mut texts: Vec<String> =
                    moves.iter().map(|m| game.write_move(position, m)).collect();
                for _ in 0..60 {
                    let [a, b] = [0; 2].map(|_| &labels[rng.below(labels.len())]);
                    let sep = ["-", ":", "x"][rng.below(3)];
                    texts.push(format!("{a}{sep}{b}"));
                }
                for mv in moves {
                    let from = graph.label(mv.from());
                    for to in mv.landings() {
                        texts.push(format!("{from}:{}", graph.label(to)));
                    }
                }
                for text in &texts {
                    let fast = game.parse_move(position, text);
                    let listed = notation::resolve(&game, position, text);
                    if format!("{fast:?}") != format!("{listed:?}") {
                        return Err(format!(
                            "{id}: {text:?} in {}: {fast:?} against {listed:?}",
                            game.write_position(position)
                        ));
                    }
                    compared += 1;
                    let answered = super::find(&game, position, text);
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
