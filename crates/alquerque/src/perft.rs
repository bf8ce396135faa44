//! A fast perft on position masks: no move objects, no cloning of
//! positions, routes with the same identity merged as they are found.

use crate::Alquerque;
use crate::movegen::{Sink, generate};
use crate::position::Position;
use crate::rules::{CaptureRule, ChainRule};
use crate::tables::bit;
use board_core::{PerftSplit, PerftSubtree, Side};

/// The counting conventions of one count.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Counting {
    /// Every route counts, not every distinct move.
    pub keep_duplicates: bool,
    /// Every move of the last ply is made, not counted.
    pub no_bulk: bool,
}

/// One distinct move found at a node: start, end, captured men, and how many
/// routes lead to it.
#[derive(Clone, Copy, Debug)]
struct Leaf {
    from: u8,
    to: u8,
    captured: u64,
    routes: u64,
}

impl Leaf {
    /// The men after this move of `side`, and the plies without a capture
    /// then (`limit` 0: no draw rule counts them).
    fn after(&self, men: [u64; 2], side: Side, quiet: u32, limit: u32) -> ([u64; 2], u32) {
        let mut next = men;
        let (own, opp) = (side.index(), side.opposite().index());
        next[own] = (next[own] & !bit(self.from)) | bit(self.to);
        next[opp] &= !self.captured;
        let quiet = if limit == 0 || self.captured != 0 {
            0
        } else {
            quiet + 1
        };
        (next, quiet)
    }
}

/// Collects distinct moves; routes of one man arrive together, so merging
/// looks back only to the first move of the current man.
struct Collect<'a> {
    leaves: &'a mut Vec<Leaf>,
    segment: usize,
    segment_from: Option<u8>,
}

impl Sink for Collect<'_> {
    fn plain(&mut self, from: u8, to: u8) {
        self.leaves.push(Leaf {
            from,
            to,
            captured: 0,
            routes: 1,
        });
    }

    fn capture(&mut self, from: u8, landings: &[u8], captured: u64) {
        let to = landings.last().copied().unwrap_or(from);
        if self.segment_from != Some(from) {
            self.segment_from = Some(from);
            self.segment = self.leaves.len();
        }
        if let Some(leaf) = self.leaves[self.segment..]
            .iter_mut()
            .find(|l| l.to == to && l.captured == captured)
        {
            leaf.routes += 1;
            return;
        }
        self.leaves.push(Leaf {
            from,
            to,
            captured,
            routes: 1,
        });
    }
}

/// Counts leaf nodes to `depth` (no huffs: huffing profiles use the
/// generic count).
pub(crate) fn count(
    game: &Alquerque,
    men: [u64; 2],
    side: Side,
    quiet: u32,
    depth: u32,
    options: Counting,
) -> u64 {
    let mut buffers = vec![Vec::new(); depth as usize + 1];
    recurse(game, men, side, quiet, depth, options, &mut buffers)
}

fn recurse(
    game: &Alquerque,
    men: [u64; 2],
    side: Side,
    quiet: u32,
    depth: u32,
    options: Counting,
    buffers: &mut [Vec<Leaf>],
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let limit = game.config.rules.draw_plies_without_capture;
    if limit > 0 && quiet >= limit {
        return 0;
    }
    if depth == 1 && !options.no_bulk && game.config.rules.chain == ChainRule::Single {
        return count_single_jump_moves(game, men, side);
    }
    let (mine, deeper) = buffers
        .split_last_mut()
        .expect("one buffer per remaining depth");
    mine.clear();
    generate(
        &game.tables,
        &game.config.rules,
        men,
        side,
        &mut Collect {
            leaves: mine,
            segment: 0,
            segment_from: None,
        },
    );
    let weight = |leaf: &Leaf| {
        if options.keep_duplicates {
            leaf.routes
        } else {
            1
        }
    };
    if depth == 1 && !options.no_bulk {
        return mine.iter().map(weight).sum();
    }
    let mut total = 0;
    for leaf in mine.iter() {
        let (next, next_quiet) = leaf.after(men, side, quiet, limit);
        let below = recurse(
            game,
            next,
            side.opposite(),
            next_quiet,
            depth - 1,
            options,
            deeper,
        );
        total += weight(leaf) * below;
    }
    total
}

/// The count of [`count`] split one ply down, from a position without
/// huffs: the moves as subtrees, each weighted by its routes with
/// `keep_duplicates`.
pub(crate) fn split(
    game: &Alquerque,
    position: &Position,
    depth: u32,
    options: Counting,
) -> PerftSplit<Position> {
    let (men, side, quiet) = (position.men, position.side, position.quiet_plies);
    if depth == 0 {
        return PerftSplit::counted(1);
    }
    let limit = game.config.rules.draw_plies_without_capture;
    if limit > 0 && quiet >= limit {
        return PerftSplit::counted(0);
    }
    if depth == 1 && !options.no_bulk {
        return PerftSplit::counted(count(game, men, side, quiet, 1, options));
    }
    let mut leaves = Vec::new();
    generate(
        &game.tables,
        &game.config.rules,
        men,
        side,
        &mut Collect {
            leaves: &mut leaves,
            segment: 0,
            segment_from: None,
        },
    );
    let mut split = PerftSplit::counted(0);
    for leaf in &leaves {
        let (next, quiet_plies) = leaf.after(men, side, quiet, limit);
        split.subtrees.push(PerftSubtree {
            position: Position {
                men: next,
                side: side.opposite(),
                quiet_plies,
                huffable: 0,
            },
            depth: depth - 1,
            weight: if options.keep_duplicates {
                leaf.routes
            } else {
                1
            },
        });
    }
    split
}

/// The number of moves when a capture is one jump: every jump is a move of
/// its own (no two share their captured man), so no merging is needed and
/// nothing is generated.
fn count_single_jump_moves(game: &Alquerque, men: [u64; 2], side: Side) -> u64 {
    let t = &game.tables;
    let own = men[side.index()];
    let enemy = men[side.opposite().index()];
    let empty = t.all & !(own | enemy);
    let mut jumps = 0u64;
    let mut own_left = own;
    while own_left != 0 {
        let from = own_left.trailing_zeros() as usize;
        own_left &= own_left - 1;
        for j in &t.jumps[from] {
            if enemy & bit(j.over) != 0 && empty & bit(j.land) != 0 {
                jumps += 1;
            }
        }
    }
    if jumps > 0 && game.config.rules.capture == CaptureRule::Mandatory {
        return jumps;
    }
    let mut steps = 0u64;
    let mut movers = own & !t.frozen[side.index()];
    while movers != 0 {
        let from = movers.trailing_zeros() as usize;
        movers &= movers - 1;
        steps += u64::from((t.steps[side.index()][from] & empty).count_ones());
    }
    jumps + steps
}
