//! FEN fields, as every game writes them: `W:Wa1,Kc3:Bd4:H5/6` — the side
//! to move, then fields each starting with a tag letter, lists of points
//! separated by commas. The reader of each game keeps its own fields and
//! rules; what they share is read here, with one wording for each problem.
//!
//! ```
//! use board_core::Side;
//! use board_core::notation::fen::{self, Field, FieldReader, FieldSpec, Problems, SideLetters};
//!
//! const FIELDS: &[FieldSpec] = &[FieldSpec::men(Side::White), FieldSpec::men(Side::Black)];
//! let mut problems = Problems::new();
//! let fields = fen::split_fields("w:Wa1,Kc3:B");
//! let side = fen::side_to_move(fields[0], SideLetters::WHITE_BLACK, &mut problems);
//! assert_eq!(side, Some(Side::White));
//! let mut reader = FieldReader::new(FIELDS);
//! let Some(Field::Tagged { tag: 'W', body }) = reader.read(fields[1], &mut problems) else {
//!     panic!("White's men")
//! };
//! let items = fen::entries(body, "White's men", &mut problems);
//! assert_eq!(items, ["a1", "Kc3"]);
//! assert_eq!(fen::strip_marker("Kc3", &['K']), (Some('K'), "c3"));
//! reader.read(fields[2], &mut problems);
//! reader.require(&mut problems);
//! assert!(problems.is_empty());
//! ```

use crate::game::{PositionError, PositionProblem, PositionProblemKind as Kind, Side};
use crate::graph::Graph;
use crate::node::NodeId;
use crate::notation::bits::Bits;
use crate::notation::label::LabelCase;

/// The problems a position reader has found so far: every kind of
/// problem, each kind shown at most [`REPEAT_LIMIT`](crate::notation::REPEAT_LIMIT)
/// times and the rest of that kind counted (a FEN with 10,000 duplicate
/// squares is one short error, not 10,000 lines).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Problems(Vec<PositionProblem>, Vec<(Kind, usize)>);

impl Problems {
    /// No problem yet.
    pub fn new() -> Self {
        Problems(Vec::new(), Vec::new())
    }

    /// Adds a problem of this kind.
    pub fn push(&mut self, kind: Kind, message: impl Into<String>) {
        self.push_at(kind, [], message);
    }

    /// Adds a problem of this kind about these nodes.
    pub fn push_at(
        &mut self,
        kind: Kind,
        nodes: impl IntoIterator<Item = NodeId>,
        message: impl Into<String>,
    ) {
        let shown = self.0.iter().filter(|p| p.kind == kind).count();
        if shown < crate::notation::REPEAT_LIMIT {
            self.0.push(PositionProblem::new(kind, message).at(nodes));
        } else if let Some((_, more)) = self.1.iter_mut().find(|(k, _)| *k == kind) {
            *more += 1;
        } else {
            self.1.push((kind, 1));
        }
    }

    /// The problems shown, then one line per kind that had more.
    fn finish(mut self) -> Vec<PositionProblem> {
        for (kind, more) in self.1 {
            let noun = if more == 1 { "problem" } else { "problems" };
            self.0.push(PositionProblem::new(
                kind,
                format!("… and {more} more {noun} of the same kind"),
            ));
        }
        self.0
    }

    /// Whether no problem was found.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The problems found.
    pub fn as_slice(&self) -> &[PositionProblem] {
        &self.0
    }

    /// The problems as an error (which may have none: see
    /// [`Problems::result`]).
    pub fn into_error(self) -> PositionError {
        PositionError {
            problems: self.finish(),
        }
    }

    /// `value` if no problem was found, else every problem.
    pub fn result<T>(self, value: T) -> Result<T, PositionError> {
        if self.0.is_empty() {
            Ok(value)
        } else {
            Err(self.into_error())
        }
    }
}

impl From<Problems> for Vec<PositionProblem> {
    fn from(p: Problems) -> Self {
        p.finish()
    }
}

/// The letters a FEN writes for the two sides. Either case is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideLetters {
    /// The letter of [`Side::White`].
    pub white: char,
    /// The letter of [`Side::Black`].
    pub black: char,
}

impl SideLetters {
    /// `W` and `B`.
    pub const WHITE_BLACK: SideLetters = SideLetters {
        white: 'W',
        black: 'B',
    };

    /// The side written as `text`: one of the letters, in either case.
    pub fn side(self, text: &str) -> Option<Side> {
        let mut chars = text.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return None;
        };
        if c.eq_ignore_ascii_case(&self.white) {
            Some(Side::White)
        } else if c.eq_ignore_ascii_case(&self.black) {
            Some(Side::Black)
        } else {
            None
        }
    }

    /// The letter of a side.
    pub fn letter(self, side: Side) -> char {
        match side {
            Side::White => self.white,
            Side::Black => self.black,
        }
    }
}

/// The fields of a FEN: the text trimmed, split at `:`, each field
/// trimmed. There is always at least one (the side to move).
pub fn split_fields(text: &str) -> Vec<&str> {
    text.trim().split(':').map(str::trim).collect()
}

/// Reads the side-to-move field, reporting a missing or wrong one.
pub fn side_to_move(field: &str, letters: SideLetters, problems: &mut Problems) -> Option<Side> {
    let side = letters.side(field);
    if side.is_none() {
        let (w, b) = (letters.white, letters.black);
        problems.push(
            Kind::SideToMove,
            if field.is_empty() {
                format!("the side to move is missing: a FEN starts with {w} or {b}")
            } else {
                format!("the side to move must be {w} or {b}, not `{field}`")
            },
        );
    }
    side
}

/// Opens a FEN: the side to move (reported if missing or wrong) and the
/// fields after it ([`split_fields`]).
pub fn start<'a>(
    text: &'a str,
    letters: SideLetters,
    problems: &mut Problems,
) -> (Option<Side>, Vec<&'a str>) {
    let mut fields = split_fields(text);
    let side = side_to_move(fields.remove(0), letters, problems);
    (side, fields)
}

/// A tagged field a game's FEN has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FieldSpec {
    /// The tag letter (`W`, `B` are read in either case).
    pub tag: char,
    /// What the field holds, for messages (`White's men`).
    pub what: &'static str,
    /// Whether the field may be given only once.
    pub once: bool,
    /// Whether the field must be given ([`FieldReader::require`]).
    pub required: bool,
}

impl FieldSpec {
    /// The list of a side's men, `W…` or `B…`: once, required.
    pub const fn men(side: Side) -> FieldSpec {
        FieldSpec {
            tag: side.letter(),
            what: match side {
                Side::White => "White's men",
                Side::Black => "Black's men",
            },
            once: true,
            required: true,
        }
    }

    /// A field that may be given once, or left out.
    pub const fn optional(tag: char, what: &'static str) -> FieldSpec {
        FieldSpec {
            tag,
            what,
            once: true,
            required: false,
        }
    }

    /// A field that may be given any number of times, or left out.
    pub const fn repeatable(tag: char, what: &'static str) -> FieldSpec {
        FieldSpec {
            tag,
            what,
            once: false,
            required: false,
        }
    }
}

/// One field after the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field<'a> {
    /// Nothing between two `:` (what that means is the game's to say; see
    /// [`empty_field`]).
    Empty,
    /// A field of the game: its tag (`W`/`B` upper case) and the text after
    /// the tag.
    Tagged {
        /// The tag letter.
        tag: char,
        /// The rest of the field.
        body: &'a str,
    },
}

/// Reads the tagged fields of one FEN against the game's [`FieldSpec`]s,
/// reporting unknown and repeated fields.
#[derive(Clone, Debug)]
pub struct FieldReader<'s> {
    specs: &'s [FieldSpec],
    seen: Vec<char>,
}

impl<'s> FieldReader<'s> {
    /// A reader of these fields.
    pub fn new(specs: &'s [FieldSpec]) -> Self {
        FieldReader {
            specs,
            seen: Vec::new(),
        }
    }

    /// Reads one (trimmed) field; `None` when it was reported as unknown or
    /// as given twice.
    pub fn read<'a>(&mut self, field: &'a str, problems: &mut Problems) -> Option<Field<'a>> {
        let Some(first) = field.chars().next() else {
            return Some(Field::Empty);
        };
        let body = &field[first.len_utf8()..];
        let tag = match Side::from_letter(first) {
            Some(side) => side.letter(),
            None => first,
        };
        let Some(spec) = self.specs.iter().find(|s| s.tag == tag) else {
            self.unknown(field, problems);
            return None;
        };
        if spec.once && self.seen.contains(&tag) {
            problems.push(
                Kind::RepeatedField,
                format!("the field `{tag}…` ({}) appears twice", spec.what),
            );
            return None;
        }
        self.seen.push(tag);
        Some(Field::Tagged { tag, body })
    }

    /// Reads every field after the side to move (`fields[1..]` of
    /// [`split_fields`]) in a game where an empty field is a problem,
    /// handing each field it may read to `each` (tag, body), then reports
    /// the required fields that were missing.
    pub fn read_all<'a>(
        &mut self,
        fields: &[&'a str],
        problems: &mut Problems,
        mut each: impl FnMut(char, &'a str, &mut Problems),
    ) {
        for &field in fields {
            match self.read(field, problems) {
                None => {}
                Some(Field::Empty) => empty_field(problems),
                Some(Field::Tagged { tag, body }) => each(tag, body, problems),
            }
        }
        self.require(problems);
    }

    /// Reports `field` as unknown, naming the fields there are.
    pub fn unknown(&self, field: &str, problems: &mut Problems) {
        let known: Vec<String> = self
            .specs
            .iter()
            .map(|s| format!("`{}…` ({})", s.tag, s.what))
            .collect();
        problems.push(
            Kind::BadField,
            format!("unknown field `{field}`: fields are {}", known.join(", ")),
        );
    }

    /// Reports every [`FieldSpec::required`] field that was not read.
    pub fn require(&self, problems: &mut Problems) {
        for spec in self.specs.iter().filter(|s| s.required) {
            if !self.seen.contains(&spec.tag) {
                problems.push(
                    Kind::MissingField,
                    format!("the field `{}…` ({}) is missing", spec.tag, spec.what),
                );
            }
        }
    }

    /// Whether the field with this tag was read.
    pub fn has(&self, tag: char) -> bool {
        self.seen.contains(&tag)
    }
}

/// Reports an empty field, in a game that has none.
pub fn empty_field(problems: &mut Problems) {
    problems.push(Kind::BadField, "empty field (two `:` in a row)");
}

/// The entries of a comma-separated list (`a1, b2`), trimmed; an empty
/// list has none, and an empty entry is reported (`what` names the list).
pub fn entries<'a>(body: &'a str, what: &str, problems: &mut Problems) -> Vec<&'a str> {
    if body.trim().is_empty() {
        return Vec::new();
    }
    body.split(',')
        .map(str::trim)
        .filter(|item| {
            if item.is_empty() {
                problems.push(
                    Kind::EmptyEntry,
                    format!("{what}: an empty entry in the list (two commas, or a trailing comma)"),
                );
            }
            !item.is_empty()
        })
        .collect()
}

/// An entry's marker, if it starts with one of `markers` (`K` in `Kc3`),
/// and the rest, trimmed.
pub fn strip_marker<'a>(entry: &'a str, markers: &[char]) -> (Option<char>, &'a str) {
    match entry.chars().next() {
        Some(c) if markers.contains(&c) => (Some(c), entry[c.len_utf8()..].trim()),
        _ => (None, entry),
    }
}

/// The words for a name that is no point of the board (`noun`: `point`,
/// `cell`), as every reader of points writes them.
pub fn not_on_board(label: &str, noun: &str) -> String {
    format!("`{label}` is not a {noun} of this board")
}

/// Reads a list of point labels (`a1,d1,g7`) as a set of node indices,
/// reporting unknown and repeated points (`what` names the list). The board
/// has at most 64 nodes.
pub fn point_list(
    graph: &Graph,
    body: &str,
    what: &str,
    case: LabelCase,
    problems: &mut Problems,
) -> Bits {
    let mut set = Bits::EMPTY;
    for label in entries(body, what, problems) {
        let node = graph.node_by_label(label).or_else(|| match case {
            LabelCase::Any => graph.node_by_label(&label.to_ascii_lowercase()),
            LabelCase::Exact => None,
        });
        match node {
            None => problems.push(
                Kind::UnknownSquare,
                format!("{what}: {}", not_on_board(label, "point")),
            ),
            Some(n) => listed(&mut set, n.index() as u32, what, label, problems),
        }
    }
    set
}

/// Adds index `i` (written `label`) to `set`, reporting it when it is
/// already there.
pub fn listed(set: &mut Bits, i: u32, what: &str, label: &str, problems: &mut Problems) {
    if set.contains(i) {
        problems.push(Kind::Duplicate, format!("{what}: {label} is listed twice"));
    }
    set.insert(i);
}

/// Reports a point that holds a man of each side.
pub fn both_sides(label: &str, problems: &mut Problems) {
    problems.push(
        Kind::Duplicate,
        format!("{label} holds both a White and a Black man"),
    );
}

/// A numeric range `31-50`: `None` if `text` has no `-`, else its two
/// numbers, or the problem when they are not numbers. Whether they go up
/// is checked by [`ascending`] (a caller may first check that both name
/// squares).
pub fn range(text: &str) -> Option<Result<(usize, usize), PositionProblem>> {
    let (a, b) = text.split_once('-')?;
    let number = |s: &str| {
        let s = s.trim();
        (!s.is_empty() && s.bytes().all(|c| c.is_ascii_digit()))
            .then(|| s.parse::<usize>().ok())
            .flatten()
    };
    Some(match (number(a), number(b)) {
        (Some(x), Some(y)) => Ok((x, y)),
        _ => Err(PositionProblem::new(
            Kind::BadField,
            format!("`{text}`: ranges are written with square numbers only"),
        )),
    })
}

/// The range `text` of [`range`], if it goes from the lower number to the
/// higher.
pub fn ascending(text: &str, (a, b): (usize, usize)) -> Result<(usize, usize), PositionProblem> {
    if a <= b {
        Ok((a, b))
    } else {
        Err(PositionProblem::new(
            Kind::BadField,
            format!("`{text}`: a range goes from the lower number to the higher"),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIELDS: &[FieldSpec] = &[
        FieldSpec::men(Side::White),
        FieldSpec::men(Side::Black),
        FieldSpec::optional('N', "plies without capture"),
    ];

    fn texts(p: &Problems) -> Vec<String> {
        p.as_slice().iter().map(|p| p.message.clone()).collect()
    }

    #[test]
    fn side_letters_are_read_in_either_case() {
        let mut p = Problems::new();
        let wb = SideLetters::WHITE_BLACK;
        assert_eq!(side_to_move("b", wb, &mut p), Some(Side::Black));
        assert_eq!(side_to_move("W", wb, &mut p), Some(Side::White));
        let sn = SideLetters {
            white: 'S',
            black: 'N',
        };
        assert_eq!(side_to_move("n", sn, &mut p), Some(Side::Black));
        assert!(p.is_empty());
        assert_eq!(side_to_move("X", wb, &mut p), None);
        assert_eq!(side_to_move("", sn, &mut p), None);
        assert_eq!(side_to_move("WB", wb, &mut p), None);
        assert_eq!(
            texts(&p),
            [
                "the side to move must be W or B, not `X`",
                "the side to move is missing: a FEN starts with S or N",
                "the side to move must be W or B, not `WB`",
            ]
        );
        assert!(p.as_slice().iter().all(|p| p.kind == Kind::SideToMove));
    }

    #[test]
    fn fields_are_read_once_each_and_unknown_ones_named() {
        let mut p = Problems::new();
        let mut r = FieldReader::new(FIELDS);
        let fields = split_fields(" W : wa1 :: N3 : Q : Wb2 ");
        assert_eq!(fields, ["W", "wa1", "", "N3", "Q", "Wb2"]);
        assert_eq!(
            r.read(fields[1], &mut p),
            Some(Field::Tagged {
                tag: 'W',
                body: "a1"
            })
        );
        assert_eq!(r.read(fields[2], &mut p), Some(Field::Empty));
        assert!(r.read(fields[3], &mut p).is_some());
        assert_eq!(r.read(fields[4], &mut p), None);
        assert_eq!(r.read(fields[5], &mut p), None);
        r.require(&mut p);
        assert!(r.has('N') && !r.has('B'));
        assert_eq!(
            texts(&p),
            [
                "unknown field `Q`: fields are `W…` (White's men), `B…` (Black's men), `N…` (plies without capture)",
                "the field `W…` (White's men) appears twice",
                "the field `B…` (Black's men) is missing",
            ]
        );
        let kinds: Vec<Kind> = p.as_slice().iter().map(|p| p.kind).collect();
        assert_eq!(
            kinds,
            [Kind::BadField, Kind::RepeatedField, Kind::MissingField]
        );
    }

    #[test]
    fn entries_markers_and_ranges() {
        let mut p = Problems::new();
        assert!(entries("  ", "White's men", &mut p).is_empty());
        assert_eq!(entries("a1, Kb2,,", "White's men", &mut p), ["a1", "Kb2"]);
        assert_eq!(p.as_slice().len(), 2);
        assert_eq!(
            p.as_slice()[0],
            "White's men: an empty entry in the list (two commas, or a trailing comma)"
        );
        assert_eq!(strip_marker("K 22", &['K', 'k']), (Some('K'), "22"));
        assert_eq!(strip_marker("22", &['K']), (None, "22"));
        assert_eq!(range("22"), None);
        assert_eq!(range("1-12"), Some(Ok((1, 12))));
        assert_eq!(ascending("1-12", (1, 12)), Ok((1, 12)));
        let e = ascending("12-1", (12, 1)).expect_err("backward");
        assert_eq!(
            e,
            "`12-1`: a range goes from the lower number to the higher"
        );
        let e = range("a1-c3").and_then(Result::err).expect("letters");
        assert_eq!(e, "`a1-c3`: ranges are written with square numbers only");
        let mut set = Bits::EMPTY;
        listed(&mut set, 3, "Black's men", "d1", &mut p);
        listed(&mut set, 3, "Black's men", "d1", &mut p);
        both_sides("d1", &mut p);
        assert_eq!(
            texts(&p)[2..],
            [
                "Black's men: d1 is listed twice",
                "d1 holds both a White and a Black man",
            ]
        );
        assert_eq!(
            p.clone().result(()).expect_err("problems").problems.len(),
            4
        );
        assert_eq!(Problems::new().result(7), Ok(7));
    }
}
