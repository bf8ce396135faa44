//! [`Draughts`]: the draughts family as a [`board_core::Game`].

use crate::direct::{Direct, Found};
use crate::draws::{DrawClock, Draws};
use crate::explain::explain;
use crate::fen::{parse_fen, write_fen};
use crate::irregular::find_irregular;
use crate::layout::Layout;
use crate::matching::find_move;
use crate::movegen::Engine;
use crate::moves::{Move, legal_moves, legal_routes, route_matches};
use crate::names::Names;
use crate::notation::{QUICK_SQUARES, SquareTable, parse_move_text, quick_squares};
use crate::path::Path;
use crate::position::Position;
use crate::rules::{CaptureWriting, Decision, DrawKind, FirstPlayer, Rules, SquareNotation, Start};
use crate::squares::write_square;
use board_core::notation::is_move_separator;
use board_core::{
    Adjudication, CaptureStyle, Configured, Diagram, DiagramOptions, Ending, GameOption, GameRules,
    LegalityError, MoveError, MoveParts, MoveStyle, NO_BULK, NodeId, Notation, Outcome, Perft,
    PerftOptions, PerftSplit, PositionError, Profile, ProfileError, ProfileSource, Profiled,
    RecordHooks, SeparatorStyle, Side, SquareStyle, Suggestion, diagram,
    svg::{self, Scene},
};

/// Perft counts every capture route, even routes that leave the same
/// position and are written the same way.
pub const KEEP_DUPLICATES: GameOption = GameOption {
    name: "keep-duplicates",
    help: "counts every capture route, even routes that leave the same position and are written the same way",
};

/// A piece on a square: whose it is and whether it is a king.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its owner.
    pub side: Side,
    /// Whether it is a king (else a man).
    pub king: bool,
}

/// A member of the draughts family, configured by a profile of the game
/// `russian-draughts` (Russian, English, International, Brazilian, Czech).
#[derive(Clone, Debug)]
pub struct Draughts {
    config: Configured<Rules, Position>,
    engine: Engine,
    pub(crate) squares: SquareTable,
    draws: Draws,
}

impl Draughts {
    /// The profile's rule switches.
    pub fn rules(&self) -> &Rules {
        &self.config.rules
    }

    /// The compiled move generator (for the crate's tests).
    #[cfg(test)]
    pub(crate) fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The compiled draw rules (for the crate's tests).
    #[cfg(test)]
    pub(crate) fn draws(&self) -> &Draws {
        &self.draws
    }

    fn node(&self, bit: u8) -> Option<NodeId> {
        self.engine.layout.node(u32::from(bit))
    }

    fn nodes(&self, mut bits: u64) -> Vec<NodeId> {
        let mut out = Vec::with_capacity(bits.count_ones() as usize);
        while bits != 0 {
            let b = bits.trailing_zeros();
            bits &= bits - 1;
            out.extend(self.engine.layout.node(b));
        }
        out.sort();
        out
    }

    /// The piece on a node, if any (`None` also for a node not on the board).
    pub fn piece_at(&self, position: &Position, node: NodeId) -> Option<Piece> {
        if node.index() >= self.config.graph.node_count() {
            return None;
        }
        let bit = 1u64 << self.engine.layout.bit(node);
        let side = if position.pieces[0] & bit != 0 {
            Side::White
        } else if position.pieces[1] & bit != 0 {
            Side::Black
        } else {
            return None;
        };
        Some(Piece {
            side,
            king: position.kings & bit != 0,
        })
    }

    /// Every piece of a position with its node, in node order.
    pub fn pieces(&self, position: &Position) -> Vec<(NodeId, Piece)> {
        self.config
            .graph
            .node_ids()
            .filter_map(|n| Some((n, self.piece_at(position, n)?)))
            .collect()
    }

    /// The node a move starts from (`None` only for a move of another
    /// profile's board).
    pub fn move_from(&self, mv: &Move) -> Option<NodeId> {
        self.node(mv.from)
    }

    /// The node a move ends on.
    pub fn move_to(&self, mv: &Move) -> Option<NodeId> {
        self.node(mv.to())
    }

    /// Every node a move lands on, in order; the last is where it stops.
    pub fn move_landings(&self, mv: &Move) -> Vec<NodeId> {
        mv.path.iter().filter_map(|&b| self.node(b)).collect()
    }

    /// The nodes of the pieces a move captures, in node order.
    pub fn move_captured(&self, mv: &Move) -> Vec<NodeId> {
        self.nodes(mv.captured)
    }

    /// The direct check of move texts on this profile's bitboards.
    #[inline]
    fn direct(&self) -> Direct<'_> {
        Direct {
            engine: &self.engine,
            rules: &self.config.rules,
        }
    }

    /// The move of `text` by the quick ways of [`Notation::parse_move`]:
    /// the squares read without allocating (into `buffer`), then the direct
    /// check on the board, else the written piece's moves ([`find_move`]);
    /// `None` for whatever needs [`Draughts::parse_move_listing`].
    #[inline(always)]
    fn quick_move<'b>(
        &self,
        position: &Position,
        text: &[u8],
        buffer: &'b mut [u8; QUICK_SQUARES],
    ) -> Option<QuickMove<'b>> {
        let squares = quick_squares(&self.squares, text, buffer)?;
        match self.direct().find(position, squares) {
            Some(found) => Some(QuickMove::Direct(squares, found)),
            None => find_move(&self.engine, position, squares).map(QuickMove::Found),
        }
    }

    /// [`Notation::play_text`] by the quick ways of [`Notation::parse_move`]
    /// (the direct check, then the written piece's moves), the move played
    /// without being handed out; `false` for whatever would go through
    /// [`Draughts::parse_move_listing`]. Out of line: the caller's loop
    /// holds only the commonest move's check.
    #[inline(never)]
    fn play_text_quick(&self, position: &mut Position, text: &[u8]) -> bool {
        if opponent_gone(position).is_some() {
            return false;
        }
        let mut buffer = [0u8; QUICK_SQUARES];
        match self.quick_move(position, text, &mut buffer) {
            Some(QuickMove::Direct(squares, found)) => {
                let (from, to) = (squares[0], squares[squares.len() - 1]);
                position.apply(1 << from, 1 << to, found.captured, found.promote);
                true
            }
            Some(QuickMove::Found(mv)) => {
                mv.apply(position);
                true
            }
            None => false,
        }
    }

    /// How this profile writes squares and moves.
    pub(crate) fn names(&self) -> Names<'_> {
        Names {
            graph: &self.config.graph,
            engine: &self.engine,
            rules: &self.config.rules,
        }
    }

    /// A move with every landing square (`h2:f4:h6:f8:b4:e1`).
    pub fn write_full(&self, mv: &Move) -> String {
        self.names().full(mv)
    }

    /// Reads a move by listing every legal route of the position and
    /// matching the text against each: what [`Notation::parse_move`] does when
    /// its quick way (only the written piece's moves) finds no single move,
    /// to say why. Same answers as [`Notation::parse_move`].
    pub fn parse_move_listing(&self, position: &Position, text: &str) -> Result<Move, MoveError> {
        let written = parse_move_text(&self.config.graph, text)?;
        if let Some(end) = self.outcome(position) {
            return Err(game_over(&end).into());
        }
        let squares: Vec<u8> = written
            .squares
            .iter()
            .map(|(n, _)| self.engine.layout.bit(*n) as u8)
            .collect();
        let routes = legal_routes(&self.engine, position);
        let mut found: Vec<Move> = Vec::new();
        for r in routes.iter().filter(|r| route_matches(r, &squares)) {
            if !found.contains(r) {
                found.push(r.clone());
            }
        }
        if found.len() > 1 {
            // Every landing square written: the text names that route's
            // move, even when a longer route passes the same squares.
            let exact = routes
                .iter()
                .find(|r| r.from == squares[0] && r.path[..] == squares[1..]);
            if let Some(route) = exact {
                found.retain(|m| m == route);
            }
        }
        match found.len() {
            1 => Ok(found.swap_remove(0)),
            0 => Err(explain(
                &self.names(),
                position,
                &squares,
                written.capture_separator,
                &routes,
            )
            .into()),
            _ => Err(LegalityError::Ambiguous {
                text: text.trim().to_string(),
                candidates: found.iter().map(|m| self.write_full(m)).collect(),
            }
            .into()),
        }
    }
}

impl Draughts {
    /// Whether the side to move has a legal move: a piece that can
    /// capture, else a plain move (no move is listed).
    fn has_move(&self, position: &Position) -> bool {
        let (men, kings) = self.engine.capturers(position);
        if men != 0 || kings {
            return true;
        }
        let mut any = false;
        self.engine.quiet_moves(position, |_, _, _| any = true);
        any
    }
}

/// Calls `f` with every subsequence of `items` of length `k`, in order.
fn for_each_subset(items: &[u8], k: usize, f: &mut dyn FnMut(&[u8])) {
    fn go(items: &[u8], k: usize, start: usize, chosen: &mut Vec<u8>, f: &mut dyn FnMut(&[u8])) {
        if chosen.len() == k {
            f(chosen);
            return;
        }
        for i in start..items.len() {
            chosen.push(items[i]);
            go(items, k, i + 1, chosen, f);
            chosen.pop();
        }
    }
    go(items, k, 0, &mut Vec::with_capacity(k), f);
}

/// A move read by [`Draughts::quick_move`].
enum QuickMove<'b> {
    /// Checked on the board as written: the squares (bits, the first the
    /// start, the others the landings) and what the move does.
    Direct(&'b [u8], Found),
    /// The one move of the written piece that the squares name.
    Found(Move),
}

/// The end of a position whose side not to move has no pieces (a set-up
/// position: play always leaves the side to move as the one without).
fn opponent_gone(position: &Position) -> Option<Outcome> {
    (position.enemy() == 0).then(|| Outcome::Win {
        winner: position.side,
        reason: format!("{} has no pieces left", position.side.opposite()),
    })
}

/// The refusal of any move once the game is over, with why it is.
fn game_over(end: &Outcome) -> LegalityError {
    let why = match end {
        Outcome::Win { winner, reason } => format!("{winner} wins: {reason}"),
        Outcome::Draw { reason } => format!("drawn: {reason}"),
    };
    LegalityError::illegal(format!("the game is over: {why}"), None)
}

impl GameRules for Draughts {
    type Position = Position;

    type Move = Move;

    fn side_to_move(&self, position: &Position) -> Side {
        position.side
    }

    fn legal_moves(&self, position: &Position, moves: &mut Vec<Move>) {
        if position.enemy() != 0 {
            moves.extend(legal_moves(&self.engine, position));
        }
    }

    fn play(&self, position: &mut Position, mv: &Move) {
        mv.apply(position);
    }

    fn outcome(&self, position: &Position) -> Option<Outcome> {
        if let Some(end) = opponent_gone(position) {
            return Some(end);
        }
        if self.has_move(position) {
            return None;
        }
        let loser = position.side;
        let reason = if position.own() == 0 {
            format!("{} has no pieces left", loser)
        } else {
            format!("{} has no legal move", loser)
        };
        Some(Outcome::Win {
            winner: loser.opposite(),
            reason,
        })
    }
}

impl Notation for Draughts {
    /// Squares swapped, a wrong intermediate square, a character that is
    /// no separator, or a numeric text in another numbering of the board
    /// (the crate's `suggest` module).
    fn did_you_mean(&self, position: &Position, text: &str) -> Option<Suggestion<Move>> {
        crate::suggest::did_you_mean(&self.names(), position, text)
    }

    fn ambiguity_hint(&self, _candidates: &[String]) -> String {
        "write every landing square to say which".to_string()
    }

    fn parse_position(&self, text: &str) -> Result<Position, PositionError> {
        parse_fen(&self.config.graph, &self.engine.layout, text)
    }

    fn write_position(&self, position: &Position) -> String {
        write_fen(
            &self.config.graph,
            &self.engine.layout,
            position,
            self.config.rules.notation,
        )
    }

    fn write_move(&self, position: &Position, mv: &Move) -> String {
        if !mv.is_capture() || self.config.rules.capture_writing == CaptureWriting::Full {
            return self.write_full(mv);
        }
        let others = legal_moves(&self.engine, position)
            .iter()
            .filter(|m| m.from == mv.from && m.to() == mv.to() && *m != mv)
            .count();
        if others == 0 {
            self.names().short(mv)
        } else {
            self.write_full(mv)
        }
    }

    /// Squares numeric or algebraic, the capture separator, and captures
    /// written in full, short (first and last square, in full when that is
    /// ambiguous) or minimal (the fewest landing squares that name this
    /// move alone in the position).
    fn write_move_styled(&self, position: &Position, mv: &Move, style: &MoveStyle) -> String {
        if style.is_default() {
            return self.write_move(position, mv);
        }
        let rules = &self.config.rules;
        let notation = match style.squares {
            Some(SquareStyle::Numeric) => SquareNotation::Numeric,
            Some(SquareStyle::Algebraic) => SquareNotation::Algebraic,
            None => rules.notation,
        };
        let sep = match (mv.is_capture(), style.separator) {
            (false, _) => "-",
            (true, Some(SeparatorStyle::X)) => "x",
            (true, Some(SeparatorStyle::Colon)) => ":",
            (true, None) => rules.capture_separator.as_str(),
        };
        let square = |bit: u8| match self.node(bit) {
            Some(n) => write_square(&self.config.graph, n, notation),
            None => format!("?{bit}"),
        };
        let write = |inner: &[u8]| {
            let mut out = square(mv.from);
            for &b in inner.iter().chain(std::iter::once(&mv.to())) {
                out.push_str(sep);
                out.push_str(&square(b));
            }
            out
        };
        let path: Vec<u8> = mv.path.iter().copied().collect();
        let inner = &path[..path.len().saturating_sub(1)];
        if !mv.is_capture() || inner.is_empty() {
            return write(inner);
        }
        let captures = style.captures.unwrap_or(match rules.capture_writing {
            CaptureWriting::Full => CaptureStyle::Full,
            CaptureWriting::Short => CaptureStyle::Short,
        });
        let names_it = |text: &str| self.parse_move(position, text).is_ok_and(|m| m == *mv);
        match captures {
            CaptureStyle::Full => write(inner),
            CaptureStyle::Short => {
                let short = write(&[]);
                if names_it(&short) {
                    short
                } else {
                    write(inner)
                }
            }
            CaptureStyle::Minimal => {
                // The fewest landing squares first; every one written always
                // names the move.
                for k in 0..inner.len().min(3) {
                    let mut found = None;
                    for_each_subset(inner, k, &mut |subset| {
                        if found.is_none() {
                            let text = write(subset);
                            if names_it(&text) {
                                found = Some(text);
                            }
                        }
                    });
                    if let Some(text) = found {
                        return text;
                    }
                }
                write(inner)
            }
        }
    }

    fn describe_move(&self, _position: &Position, mv: &Move) -> MoveParts {
        MoveParts {
            from: self.move_from(mv),
            landings: self.move_landings(mv),
            captured: self.move_captured(mv),
        }
    }

    /// The common forms of move text are read without allocating; a plain
    /// move (a man's or a king's) or a man's full capture is checked on the
    /// board as written (`direct`), else only the written piece's moves are generated;
    /// anything else (and every error) goes through
    /// [`Draughts::parse_move_listing`].
    fn parse_move(&self, position: &Position, text: &str) -> Result<Move, MoveError> {
        if let Some(end) = opponent_gone(position) {
            return Err(game_over(&end).into());
        }
        let mut buffer = [0u8; QUICK_SQUARES];
        match self.quick_move(position, text.as_bytes(), &mut buffer) {
            Some(QuickMove::Direct(squares, found)) => {
                if let Some(path) = Path::new(&squares[1..]) {
                    return Ok(Move {
                        from: squares[0],
                        path,
                        captured: found.captured,
                        promote: found.promote,
                        by_king: position.kings & (1u64 << squares[0]) != 0,
                    });
                }
            }
            Some(QuickMove::Found(mv)) => return Ok(mv),
            None => {}
        }
        self.parse_move_listing(position, text)
    }

    /// A man's step or single jump or a king's plain move written `c3-d4`
    /// or `c3:e5` checked on the spot (the direct check's man and king
    /// arms, inlined into the caller), else, out of line, the quick ways of
    /// [`Notation::parse_move`]; the move played without being handed
    /// out, `false` for whatever would go through
    /// [`Draughts::parse_move_listing`].
    #[inline(always)]
    fn play_text(&self, position: &mut Position, text: &[u8]) -> bool {
        // The commonest moves, a man's step or single jump or a king's
        // plain move written `c3-d4` or `c3:e5`, checked here (inlined
        // into the caller's loop); any other text, and a move refused, the
        // quick ways below.
        if let Some((from, to)) = self.squares.pair(text) {
            if position.enemy() != 0 {
                let direct = self.direct();
                if let Some(found) = direct.man_move(position, from, to) {
                    position.apply_man(1 << from, 1 << to, found.captured, found.promote);
                    return true;
                }
                if let Some(found) = direct.king_move(position, from, to) {
                    position.apply(1 << from, 1 << to, found.captured, found.promote);
                    return true;
                }
            }
        }
        self.play_text_quick(position, text)
    }

    /// A capture route chosen against the maximum rule or king priority, a
    /// capture stopped early (the pieces jumped are removed, the piece stops
    /// on the square written and is crowned there if that is its crowning
    /// row), or a plain move when a capture was mandatory. No own piece on
    /// the start square, a jump over an own piece or an empty square, or an
    /// occupied landing square are no move at all.
    fn parse_irregular(&self, position: &Position, text: &str) -> Option<Move> {
        let written = parse_move_text(&self.config.graph, text).ok()?;
        let squares: Vec<u8> = written
            .squares
            .iter()
            .map(|(n, _)| self.engine.layout.bit(*n) as u8)
            .collect();
        find_irregular(
            &self.engine,
            self.config.rules.mid_capture_promotion,
            position,
            &squares,
        )
    }
}

impl RecordHooks for Draughts {
    /// A move split by a space after its separator (`1- 7`, `35x 4`, as
    /// some International files write single-digit squares) is one move.
    #[inline]
    fn continues_move(&self, pending: &str, next: &str) -> bool {
        // Asked between every two move tokens: the pending text first.
        self.may_continue(pending.as_bytes())
            && match next.as_bytes() {
                [d, ..] if d.is_ascii_digit() => true,
                [c, d, ..] => c.is_ascii_lowercase() && d.is_ascii_digit(),
                _ => false,
            }
    }

    /// Only a move that ends with its separator goes on.
    #[inline]
    fn may_continue(&self, pending: &[u8]) -> bool {
        pending.len() > 1 && pending.last().copied().is_some_and(is_move_separator)
    }
}

impl Draughts {
    /// How diagrams label the board: square numbers for a numeric
    /// notation, files and ranks otherwise.
    fn axes(&self) -> diagram::Axes {
        match self.config.rules.notation {
            SquareNotation::Numeric => diagram::Axes::Numbers,
            SquareNotation::Algebraic => diagram::Axes::Coordinates,
        }
    }
}

impl Diagram for Draughts {
    /// Men and kings on their squares; the board numbered as the notation
    /// numbers it.
    fn scene(&self, position: &Position) -> Scene {
        let layout = &self.engine.layout;
        let pieces = self
            .config
            .graph
            .node_ids()
            .filter_map(|n| {
                let bit = 1u64 << layout.bit(n);
                let king = position.kings & bit != 0;
                let side = if position.pieces[0] & bit != 0 {
                    Side::White
                } else if position.pieces[1] & bit != 0 {
                    Side::Black
                } else {
                    return None;
                };
                Some((
                    n,
                    if king {
                        svg::Piece::king(side)
                    } else {
                        svg::Piece::man(side)
                    },
                ))
            })
            .collect();
        Scene {
            pieces,
            axes: self.axes(),
            ..Scene::default()
        }
    }

    fn diagram(&self, position: &Position, _options: &DiagramOptions) -> String {
        let layout = &self.engine.layout;
        let axes = self.axes();
        diagram::render_with(
            &self.config.graph,
            |n| {
                let bit = 1u64 << layout.bit(n);
                let king = position.kings & bit != 0;
                let text = if position.pieces[0] & bit != 0 {
                    if king { "W" } else { "w" }
                } else if position.pieces[1] & bit != 0 {
                    if king { "B" } else { "b" }
                } else {
                    "."
                };
                text.to_string()
            },
            axes,
        )
    }
}

/// The profile's draw rules (`[[rules.draw]]`), read as data: counters
/// and repetition on a [`DrawClock`]; no rules (every `@1` profile): the
/// game ends only on the board.
impl Adjudication for Draughts {
    type Clock = DrawClock;

    fn start_clock(&self, position: &Position) -> DrawClock {
        self.draws.start(position)
    }

    /// A profile without draw rules keeps no clock.
    #[inline]
    fn has_clock(&self) -> bool {
        !self.draws.rules.is_empty()
    }

    #[inline]
    fn advance(&self, clock: &mut DrawClock, before: &Position, mv: &Move, after: &Position) {
        if self.has_clock() {
            self.draws.advance(clock, before, mv, after);
        }
    }

    /// Asked after every move: a profile without draw rules answers at
    /// once.
    #[inline]
    fn rule_ending(&self, clock: &DrawClock, position: &Position) -> Option<Ending> {
        if self.draws.rules.is_empty() {
            return None;
        }
        self.draw_rule_ending(clock, position)
    }
}

impl Draughts {
    /// [`Adjudication::rule_ending`] by the profile's draw rules.
    fn draw_rule_ending(&self, clock: &DrawClock, position: &Position) -> Option<Ending> {
        if self.draws.none_due(clock) {
            return None;
        }
        let mut claim = None;
        for (i, c) in self.draws.rules.iter().enumerate() {
            let r = &c.rule;
            let met = match r.kind {
                DrawKind::Counter => {
                    clock.counters.get(i).is_some_and(|&n| n >= r.plies) && c.holds(position)
                }
                DrawKind::Repetition => {
                    let times = usize::from(r.times);
                    Draws::occurrences(clock, position) >= times
                        || (r.decision == Decision::Claim
                            && claim.is_none()
                            && self.next_move_repeats(clock, position, times))
                }
            };
            if !met {
                continue;
            }
            let ending = Ending {
                outcome: Outcome::Draw {
                    reason: r.name.clone(),
                },
                citation: Some(r.citation.clone()),
                claim: r.decision == Decision::Claim,
            };
            if !ending.claim {
                return Some(ending);
            }
            claim.get_or_insert(ending);
        }
        claim
    }
}

impl Draughts {
    /// Whether a move of the side to move would reach a position for the
    /// `times`-th time (a claim of repetition made before that move).
    fn next_move_repeats(&self, clock: &DrawClock, position: &Position, times: usize) -> bool {
        if !Draws::any_reached(clock, times - 1) {
            return false;
        }
        legal_moves(&self.engine, position).iter().any(|mv| {
            if mv.is_capture() || !mv.is_by_king() {
                return false;
            }
            let mut next = *position;
            mv.apply(&mut next);
            clock.history.iter().filter(|p| **p == next).count() + 1 >= times
        })
    }
}

impl Perft for Draughts {
    const PERFT_OPTIONS: &'static [GameOption] = &[KEEP_DUPLICATES, NO_BULK];

    fn perft(&self, position: &Position, depth: u32, options: &PerftOptions) -> u64 {
        // A position whose side not to move has no pieces is over; every
        // position reached by playing has the side to move as the loser.
        if depth > 0 && position.enemy() == 0 {
            return 0;
        }
        self.engine.perft(
            position,
            depth,
            options.has(&KEEP_DUPLICATES),
            options.has(&NO_BULK),
        )
    }

    /// The engine's own tree: one subtree per action, every capture route
    /// apart with `keep-duplicates`.
    fn perft_split(
        &self,
        position: &Position,
        depth: u32,
        options: &PerftOptions,
    ) -> PerftSplit<Position> {
        if depth == 0 {
            return PerftSplit::counted(1);
        }
        if position.enemy() == 0 {
            return PerftSplit::counted(0);
        }
        let mut actions = Vec::new();
        self.engine
            .actions(position, &mut actions, options.has(&KEEP_DUPLICATES));
        let mut split = PerftSplit::counted(0);
        for a in actions {
            let mut next = *position;
            next.apply(1 << a.from, 1 << a.to, a.captured, a.promote);
            split.push(next, depth - 1);
        }
        split
    }
}

impl Profiled for Draughts {
    type Rules = Rules;

    const GAME: &'static str = "russian-draughts";

    fn configured(&self) -> &Configured<Rules, Position> {
        &self.config
    }

    fn from_profile(source: &ProfileSource) -> Result<Self, ProfileError> {
        let origin = source.origin.as_str();
        let profile = Profile::<Rules, Start>::parse(origin, &source.text, Self::GAME)?;
        let layout =
            Layout::new(&profile.graph).map_err(|m| source.invalid(format!("[board]: {m}")))?;
        let rules = profile.rules;
        if !matches!(rules.capture_separator.as_str(), ":" | "x") {
            return Err(source.invalid(format!(
                "[rules] capture-separator is `:` or `x`, not `{}`",
                rules.capture_separator
            )));
        }
        if rules.notation == SquareNotation::Numeric && profile.graph.numbered_count() == 0 {
            return Err(source.invalid(
                "[rules] notation = \"numeric\" needs a numbered board ([board] numbering = \"pdn\")",
            ));
        }
        let start = parse_fen(&profile.graph, &layout, &profile.start.fen)
            .map_err(|e| source.invalid(format!("[start] fen: {e}")))?;
        let first = match rules.first_player {
            FirstPlayer::White => Side::White,
            FirstPlayer::Black => Side::Black,
        };
        if start.side != first {
            return Err(source.invalid(format!(
                "[start] fen gives the move to {}, but [rules] first-player is {}",
                start.side, first
            )));
        }
        let engine = Engine::new(layout, &rules);
        let squares = SquareTable::new(&profile.graph, |n| engine.layout.bit(n));
        let draws = Draws::new(&rules.draw, &profile.graph, |n| engine.layout.bit(n))
            .map_err(|m| source.invalid(m))?;
        Ok(Draughts {
            config: Configured {
                header: profile.header,
                graph: profile.graph,
                rules,
                start,
            },
            engine,
            squares,
            draws,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::matching::tests::{Rng, profiles};
    use crate::moves::legal_routes;
    use crate::position::Position;
    use board_core::Side;

    /// `has_move` answers what listing the moves answers, on random
    /// positions (many with no move, some with kings) of every profile.
    #[test]
    fn has_move_agrees_with_listing_every_move() {
        for game in profiles() {
            let mut rng = Rng(0x2545_f491_4f6c_dd1d);
            let squares = game.engine().layout.squares;
            let mut without = 0;
            for _ in 0..20_000 {
                let mut pieces = [0u64; 2];
                let mut kings = 0u64;
                let mut bits = squares;
                // Half the boards nearly empty: a side often has no piece.
                let spread = if rng.below(2) == 0 { 8 } else { 40 };
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    bits ^= bit;
                    match rng.below(spread) {
                        0 => pieces[0] |= bit,
                        1 => pieces[1] |= bit,
                        2 => {
                            pieces[rng.below(2)] |= bit;
                            kings |= bit * u64::from(rng.below(3) == 0);
                        }
                        _ => {}
                    }
                }
                let side = if rng.below(2) == 0 {
                    Side::White
                } else {
                    Side::Black
                };
                let pos = Position {
                    pieces,
                    kings,
                    side,
                };
                let listed = !legal_routes(game.engine(), &pos).is_empty();
                let mut actions = Vec::new();
                game.engine().actions(&pos, &mut actions, false);
                assert_eq!(listed, !actions.is_empty());
                assert_eq!(game.has_move(&pos), listed, "{pos:?}");
                without += usize::from(!listed);
            }
            assert!(without > 20, "{without}");
        }
    }
}
