//! One game of a record file, read and kept (tokens, tags, reading
//! problems, its text) so that it can be checked on another thread.

use board_core::TagLookup;
use board_core::record::{GameText, Pos, ReadError, Span, Visitor, unescape_tag_value};
use chardetng::{EncodingDetector, Iso2022JpDetection, Utf8Detection};
use encoding_rs::Encoding;
use std::ops::Range;

/// Events and tags kept per game at most; the rest of a longer game is not
/// checked (keeps memory bounded on hostile input).
pub const MAX_EVENTS: usize = 250_000;

/// A movetext event of a kept game; texts are ranges into
/// [`RecordedGame::text`].
#[derive(Clone, Debug)]
pub enum Event {
    /// `12.` or `12...`.
    Number {
        /// The number written.
        number: u32,
        /// Written for the reply (`12...`).
        second_side: bool,
        /// Where.
        span: Span,
    },
    /// A move token.
    Move {
        /// Its text.
        text: Range<u32>,
        /// Where.
        span: Span,
    },
    /// `-`, a move not known.
    Unknown(Span),
    /// `/FEN "..."/`.
    Setup {
        /// The text between the slashes.
        text: Range<u32>,
        /// Where.
        span: Span,
    },
    /// `(`.
    Open(Span),
    /// A `{...}` or `;...` comment, without its delimiters (decoded like
    /// the tags).
    Comment {
        /// Its text.
        text: Range<u32>,
        /// Where.
        span: Span,
    },
    /// `)`.
    Close,
    /// A result token.
    Result {
        /// Its text.
        text: Range<u32>,
        /// Where.
        span: Span,
    },
    /// Malformed record text.
    Problem(ReadError),
    /// A numeric annotation glyph `$n`.
    Nag {
        /// The number.
        nag: u32,
        /// Where.
        span: Span,
    },
    /// A move strength suffix (`!`, `?!`).
    Suffix {
        /// Its text.
        text: Range<u32>,
        /// Where.
        span: Span,
    },
}

/// The tag names boardctl reads; one written in another case is read as
/// the tag it names.
pub const READ_TAGS: &[&str] = &[
    "Event",
    "Site",
    "Date",
    "Round",
    "White",
    "Black",
    "Result",
    "FEN",
    "GameType",
    "Rules",
    "SetupSouth",
    "SetupNorth",
];

/// The one of [`READ_TAGS`] that `name` names in another case (`None` for
/// a name written as read, or for no read name at all). The names read
/// differ in more than case, so at most one matches.
fn read_name_in_other_case(name: &[u8]) -> Option<&'static str> {
    READ_TAGS
        .iter()
        .find(|known| known.as_bytes() != name && known.as_bytes().eq_ignore_ascii_case(name))
        .copied()
}

/// A tag pair of a kept game: name and value (unescaped) as ranges into
/// [`RecordedGame::text`], and where it stands.
#[derive(Clone, Debug)]
pub struct Tag {
    /// The tag's name.
    pub name: Range<u32>,
    /// Its value, escapes resolved.
    pub value: Range<u32>,
    /// Where the tag pair stands.
    pub span: Span,
}

/// Where each tag boardctl reads ([`READ_TAGS`]) first stands among a
/// game's tags, written as it is read, and whether any of them is written
/// in another case: noted as the tags are kept, so that looking one up
/// does not read every tag's name.
#[derive(Clone, Copy, Debug, Default)]
struct ReadTagIndex {
    /// For each of [`READ_TAGS`], the index in the tags of the first tag
    /// of that name, plus one; 0 for none.
    first: [u32; READ_TAGS.len()],
    /// Some tag's name is one of [`READ_TAGS`] written in another case.
    other_case: bool,
}

impl ReadTagIndex {
    /// Notes the tag named `name`, kept at `index` among the tags.
    #[inline]
    fn note(&mut self, name: &[u8], index: usize) {
        match READ_TAGS.iter().position(|known| known.as_bytes() == name) {
            Some(k) => {
                if self.first[k] == 0 {
                    // At most `MAX_EVENTS` tags are kept.
                    self.first[k] = index as u32 + 1;
                }
            }
            None => {
                self.other_case = self.other_case || read_name_in_other_case(name).is_some();
            }
        }
    }
}

/// A whole game, owned.
#[derive(Clone, Debug, Default)]
pub struct RecordedGame {
    /// Position of the game in its file, from 1.
    pub index: usize,
    /// Where the game's first token stands.
    pub start: Pos,
    /// Tag pairs, unescaped and decoded (see [`RecordedGame::encoding`]);
    /// kept by the [`Collector`], which notes where the tags boardctl reads
    /// stand among them.
    pub tags: Vec<Tag>,
    /// Where the tags boardctl reads stand in `tags`.
    read_tags: ReadTagIndex,
    /// The movetext.
    pub events: Vec<Event>,
    /// Texts of the events and tags, decoded.
    pub text: String,
    /// The legacy encoding the game's text was decoded from; `None` when it
    /// was UTF-8 (or ASCII).
    pub encoding: Option<&'static Encoding>,
    /// The game's source text and where it starts, for showing lines.
    pub source: Option<(Pos, Vec<u8>)>,
    /// More than [`MAX_EVENTS`] events: the rest was dropped here.
    pub cut_at: Option<Span>,
    /// Events and tags kept so far, counted against [`MAX_EVENTS`] (the
    /// lengths of `events` and `tags` from `begin_game` on, counted rather
    /// than added up on every token).
    kept: usize,
    /// Bytes of the input up to the end of this game.
    pub end: u64,
    /// Not a game: reading problems after the last game.
    pub problems_only: bool,
    /// The movetext opens a variation (an [`Event::Open`] is among the
    /// events): only then does a checker keep the clock before each move.
    pub variations: bool,
    /// The comments that stood before the game, outside any game (after
    /// the previous game's result, before this game's first tag): texts
    /// into [`RecordedGame::text`], decoded, and where they stand.
    pub preamble: Vec<(Range<u32>, Span)>,
}

impl RecordedGame {
    /// The text of an event.
    pub fn text(&self, range: &Range<u32>) -> &[u8] {
        self.text
            .as_bytes()
            .get(range.start as usize..range.end as usize)
            .unwrap_or_default()
    }

    /// The text of an event, as a string.
    pub fn text_str(&self, range: &Range<u32>) -> &str {
        self.text
            .get(range.start as usize..range.end as usize)
            .unwrap_or_default()
    }

    /// Where `text` stands in the game's text when it is a part of it (a
    /// move token handed out as it stands): its byte offset; `None` for a
    /// string of another buffer (tokens joined).
    #[inline]
    pub fn offset_of(&self, text: &str) -> Option<usize> {
        // Two live strings never share bytes: an address inside the
        // game's text is a part of it.
        let offset = (text.as_ptr() as usize).wrapping_sub(self.text.as_ptr() as usize);
        (offset < self.text.len() && text.len() <= self.text.len() - offset).then_some(offset)
    }

    /// `text` borrowed from the game's text when it is a part of it
    /// ([`RecordedGame::offset_of`]), with the game's lifetime.
    pub fn lend(&self, text: &str) -> Option<&str> {
        let at = self.offset_of(text)?;
        self.text.get(at..at + text.len())
    }

    /// The tag pairs, decoded: name, value (escapes resolved), span.
    pub fn tag_pairs(&self) -> impl Iterator<Item = (&str, &str, Span)> {
        self.tags
            .iter()
            .map(|t| (self.text_str(&t.name), self.text_str(&t.value), t.span))
    }

    /// The comments of the movetext, decoded, in file order.
    pub fn comments(&self) -> impl Iterator<Item = (&str, Span)> {
        self.events.iter().filter_map(|e| match e {
            Event::Comment { text, span } => Some((self.text_str(text), *span)),
            _ => None,
        })
    }

    /// The first tag with this name: value and span. A tag of the name
    /// written in another case (`[fen "…"]` for `[FEN "…"]`) is read when
    /// there is none written as asked (with a `tag-case` warning).
    pub fn tag_with_span(&self, name: &str) -> Option<(&str, Span)> {
        let [found] = self.tags_with_span([name]);
        found
    }

    /// [`RecordedGame::tag_with_span`] of each of `names`: a tag boardctl
    /// reads ([`READ_TAGS`]) from where it was noted when it was kept, the
    /// others (and those written in another case) in one pass over the
    /// tags.
    pub fn tags_with_span<const N: usize>(&self, names: [&str; N]) -> [Option<(&str, Span)>; N] {
        let noted = names.map(|name| {
            let k = READ_TAGS.iter().position(|known| *known == name)?;
            match self.read_tags.first[k].checked_sub(1) {
                Some(at) => self.tags.get(at as usize).map(Some),
                // None written as asked, and none in another case either.
                None if !self.read_tags.other_case => Some(None),
                None => None,
            }
        });
        if noted.iter().all(Option::is_some) {
            return noted.map(|found| found.flatten().map(|t| (self.text_str(&t.value), t.span)));
        }
        let mut exact: [Option<&Tag>; N] = [None; N];
        let mut other_case: [Option<&Tag>; N] = [None; N];
        for tag in &self.tags {
            for (i, name) in names.iter().enumerate() {
                // Lengths first: most tags are ruled out without reading a byte.
                if tag.name.len() != name.len() || exact[i].is_some() {
                    continue;
                }
                let written = self.text(&tag.name);
                if written == name.as_bytes() {
                    exact[i] = Some(tag);
                } else if other_case[i].is_none() && written.eq_ignore_ascii_case(name.as_bytes()) {
                    other_case[i] = Some(tag);
                }
            }
        }
        std::array::from_fn(|i| {
            exact[i]
                .or(other_case[i])
                .map(|t| (self.text_str(&t.value), t.span))
        })
    }

    /// The tags whose name is one boardctl reads ([`READ_TAGS`]) written in
    /// another case, with the name they are read as.
    pub fn miscased_tags(&self) -> impl Iterator<Item = (&Tag, &'static str)> + '_ {
        // Most games have none, which was noted as their tags were kept.
        let tags = if self.read_tags.other_case {
            &self.tags[..]
        } else {
            &[]
        };
        tags.iter()
            .filter_map(|t| read_name_in_other_case(self.text(&t.name)).map(|known| (t, known)))
    }

    /// Approximate heap size, to bound a batch.
    pub fn weight(&self) -> usize {
        self.events.len() * std::mem::size_of::<Event>()
            + self.text.len()
            + self.source.as_ref().map_or(0, |s| s.1.len())
            + 64 * self.tags.len()
    }

    /// Heap bytes held by the game's buffers (their capacity).
    fn capacity_weight(&self) -> usize {
        self.events.capacity() * std::mem::size_of::<Event>()
            + self.tags.capacity() * std::mem::size_of::<Tag>()
            + self.text.capacity()
            + self.source.as_ref().map_or(0, |s| s.1.capacity())
    }

    /// Whether one more event may be kept (else the game is cut here).
    /// Every caller keeps one event or tag when this says yes.
    #[inline]
    fn has_room(&mut self, span: Span) -> bool {
        debug_assert_eq!(self.kept, self.events.len() + self.tags.len());
        if self.kept < MAX_EVENTS {
            self.kept += 1;
            return true;
        }
        if self.cut_at.is_none() {
            self.cut_at = Some(span);
        }
        false
    }

    fn push(&mut self, event: Event, span: Span) {
        if self.has_room(span) {
            self.events.push(event);
        }
    }
}

/// How the text of a game that is not UTF-8 is decoded: with the encoding
/// given (`--encoding`), else with the one guessed (by `chardetng`) from
/// the non-UTF-8 games read so far in the file. Games that are UTF-8 are
/// read as UTF-8 whatever is given.
pub struct LegacyDecoder {
    fixed: Option<&'static Encoding>,
    detector: Option<Box<EncodingDetector>>,
}

impl Default for LegacyDecoder {
    fn default() -> Self {
        LegacyDecoder::new(None)
    }
}

impl LegacyDecoder {
    /// A decoder using `fixed` for text that is not UTF-8, or guessing
    /// when it is `None`.
    pub fn new(fixed: Option<&'static Encoding>) -> Self {
        LegacyDecoder {
            fixed,
            detector: None,
        }
    }

    /// The encoding of `bytes` (not UTF-8): the given one, or the guess
    /// from every such text seen so far.
    pub fn encoding_of(&mut self, bytes: &[u8]) -> &'static Encoding {
        if let Some(e) = self.fixed {
            return e;
        }
        let detector = self
            .detector
            .get_or_insert_with(|| Box::new(EncodingDetector::new(Iso2022JpDetection::Deny)));
        detector.feed(bytes, false);
        detector.guess(None, Utf8Detection::Deny)
    }
}

/// The encoding a `--encoding` label names (`cp1251`, `windows-1251`,
/// `cp866`, `ibm866`, `koi8-r`, `latin1`, ... as the WHATWG Encoding
/// Standard spells them); only encodings that keep ASCII as ASCII, since
/// moves and tag names are ASCII.
pub fn encoding_for_label(label: &str) -> Result<&'static Encoding, String> {
    match Encoding::for_label(label.trim().as_bytes()) {
        Some(e) if e.is_ascii_compatible() => Ok(e),
        Some(e) => Err(format!(
            "{} does not keep ASCII as ASCII: record files cannot be in it",
            e.name()
        )),
        None => Err(format!(
            "unknown encoding `{label}` (try utf-8, windows-1251, ibm866, koi8-r, windows-1252)"
        )),
    }
}

/// A visitor keeping each game it reads; [`Collector::take`] hands over the
/// finished games.
#[derive(Default)]
pub struct Collector {
    /// How text that is not UTF-8 is decoded.
    decoder: LegacyDecoder,
    current: RecordedGame,
    done: Vec<RecordedGame>,
    count: usize,
    /// Reading problems outside any game (kept for the next game).
    stray: Vec<ReadError>,
    /// The texts of the current game's events, checked and copied into the
    /// game's string when it ends; kept from game to game.
    text: Vec<u8>,
    /// The buffer the current game's source text will be copied into.
    source: Vec<u8>,
    /// The capacities a game's buffers are given when they are new or too
    /// small for the last game.
    hint: SizeHint,
    /// Comments read outside any game (raw text, span), kept for the next
    /// game's [`RecordedGame::preamble`].
    between: Vec<(Vec<u8>, Span)>,
    /// Games handed back by [`Collector::recycle`]: the next games reuse
    /// their buffers (fresh allocations per game were cold in the cache).
    spare: Vec<RecordedGame>,
}

/// Games kept for reuse at most.
const MAX_SPARE: usize = 256;
/// A game whose buffers hold more than this is dropped, not reused; the
/// collector's own text buffer is let go past this size too.
const MAX_SPARE_WEIGHT: usize = 256 * 1024;

/// The lengths of the last game's buffers, each capped (so that one long
/// game does not make every new buffer after it long): the capacities the
/// next game's are given, so that they are allocated once rather than
/// grown token by token.
#[derive(Clone, Copy, Debug, Default)]
struct SizeHint {
    events: usize,
    text: usize,
    tags: usize,
    source: usize,
}

impl SizeHint {
    /// The most events a hint asks room for.
    const MAX_EVENTS: usize = 4096;
    /// The most tags a hint asks room for.
    const MAX_TAGS: usize = 64;
    /// The most bytes of text, or of source, a hint asks room for.
    const MAX_BYTES: usize = 64 * 1024;

    /// The hint a game leaves: its events and tags, the length of its
    /// text and of its source, each capped.
    fn after(game: &RecordedGame, text: usize, source: usize) -> Self {
        SizeHint {
            events: game.events.len().min(Self::MAX_EVENTS),
            text: text.min(Self::MAX_BYTES),
            tags: game.tags.len().min(Self::MAX_TAGS),
            source: source.min(Self::MAX_BYTES),
        }
    }
}

/// `buffer` emptied, with room for at least `len` items: a buffer too
/// small is replaced by one of the next power of two (so that it fits most
/// games after this one), not grown, which would copy what it held.
fn emptied<T>(mut buffer: Vec<T>, len: usize) -> Vec<T> {
    if buffer.capacity() < len {
        return Vec::with_capacity(len.next_power_of_two());
    }
    buffer.clear();
    buffer
}

impl Collector {
    /// The game's text ([`RecordedGame::text`]) from the bytes collected:
    /// as they are when they are UTF-8, else decoded range by range from
    /// the encoding they are in (recorded in the game).
    fn decode(&mut self, game: &mut RecordedGame) {
        let mut out = std::mem::take(&mut game.text);
        out.clear();
        // SIMD validation and a copy cost about a quarter of the standard
        // library's validation on Cyrillic tag values (918 Russian games:
        // 0.26 M instructions against 0.96 M); a string cannot be made
        // from checked bytes without `unsafe`, so the bytes stay the
        // collector's, for the next game.
        match simdutf8::basic::from_utf8(&self.text) {
            Ok(text) => out.push_str(text),
            Err(_) => {
                let encoding = self.decoder.encoding_of(&self.text);
                game.encoding = Some(encoding);
                decode_each(game, &self.text, encoding, &mut out);
            }
        }
        game.text = out;
    }

    /// A collector decoding text that is not UTF-8 with `encoding`, or
    /// with a guess when it is `None`.
    pub fn with_encoding(encoding: Option<&'static Encoding>) -> Self {
        Collector {
            decoder: LegacyDecoder::new(encoding),
            ..Collector::default()
        }
    }

    /// The games finished so far.
    pub fn take(&mut self) -> Vec<RecordedGame> {
        // The next batch is as long as this one, most likely.
        let room = self.done.len();
        std::mem::replace(&mut self.done, Vec::with_capacity(room))
    }

    /// Hands back games that are done with, so that the games read next
    /// reuse their buffers.
    pub fn recycle(&mut self, games: Vec<RecordedGame>) {
        let room = MAX_SPARE.saturating_sub(self.spare.len());
        self.spare.reserve(room.min(games.len()));
        self.spare.extend(
            games
                .into_iter()
                .filter(|g| g.capacity_weight() <= MAX_SPARE_WEIGHT)
                .take(room),
        );
    }

    /// Games finished and not yet taken.
    pub fn pending(&self) -> &[RecordedGame] {
        &self.done
    }

    /// At the end of the input: reading problems after the last game
    /// become a game of their own (with no moves) so they are reported.
    pub fn finish(&mut self) {
        if self.stray.is_empty() && self.between.is_empty() {
            return;
        }
        self.count += 1;
        let events: Vec<Event> = self.stray.drain(..).map(Event::Problem).collect();
        let start = match events.first() {
            Some(Event::Problem(e)) => e.span.start,
            _ => Pos::default(),
        };
        let mut game = RecordedGame {
            index: self.count,
            start,
            events,
            problems_only: true,
            ..RecordedGame::default()
        };
        self.text.clear();
        self.take_preamble(&mut game);
        self.decode(&mut game);
        self.done.push(game);
    }

    /// Moves the comments read between games into `game`'s preamble (their
    /// texts into the text buffer).
    fn take_preamble(&mut self, game: &mut RecordedGame) {
        game.preamble.clear();
        for (bytes, span) in std::mem::take(&mut self.between) {
            let range = self.push_text(&bytes);
            game.preamble.push((range, span));
        }
    }

    fn text_event(&mut self, bytes: &[u8], span: Span, make: fn(Range<u32>, Span) -> Event) {
        if self.current.has_room(span) {
            let range = self.push_text(bytes);
            self.current.events.push(make(range, span));
        }
    }

    /// Keeps a tag pair, its value unescaped.
    fn keep_tag(&mut self, name: &[u8], value: &[u8], span: Span) {
        if !self.current.has_room(span) {
            return;
        }
        let index = self.current.tags.len();
        self.current.read_tags.note(name, index);
        let name = self.push_text(name);
        let value = self.push_text(value);
        self.current.tags.push(Tag { name, value, span });
    }

    #[inline]
    fn push_text(&mut self, bytes: &[u8]) -> Range<u32> {
        let start = self.text.len() as u32;
        if let Some(five) = bytes.first_chunk::<5>().filter(|_| bytes.len() == 5) {
            // The commonest move texts (`c3-d4`, `32-28`): a copy of a
            // known size, with no call to `memcpy` (918 Russian games:
            // 47.71 M instructions against 48.80 M; one arm for each size
            // from 2 to 8 took 49.48 M).
            self.text.extend_from_slice(five);
        } else if bytes.len() <= 16 {
            // A move's few bytes, copied through the iterator: measured
            // cheaper per move token than `extend_from_slice` (918 Russian
            // games: 59.80 M instructions against 60.09 M).
            self.text.extend(bytes.iter().copied());
        } else {
            self.text.extend_from_slice(bytes);
        }
        start..self.text.len() as u32
    }
}

/// The texts of a game's tags and events (ranges into `bytes`, which are
/// not all UTF-8), each decoded from `encoding` onto the end of `out`, their
/// ranges updated to where they stand there.
fn decode_each(
    game: &mut RecordedGame,
    bytes: &[u8],
    encoding: &'static Encoding,
    out: &mut String,
) {
    out.reserve(bytes.len());
    let mut decode = |range: &mut Range<u32>| {
        let raw = bytes
            .get(range.start as usize..range.end as usize)
            .unwrap_or_default();
        let start = out.len() as u32;
        out.push_str(&encoding.decode_without_bom_handling(raw).0);
        *range = start..out.len() as u32;
    };
    for tag in &mut game.tags {
        decode(&mut tag.name);
        decode(&mut tag.value);
    }
    for (text, _) in &mut game.preamble {
        decode(text);
    }
    for e in &mut game.events {
        if let Event::Move { text, .. }
        | Event::Setup { text, .. }
        | Event::Result { text, .. }
        | Event::Comment { text, .. }
        | Event::Suffix { text, .. } = e
        {
            decode(text);
        }
    }
}

impl Visitor for Collector {
    fn begin_game(&mut self, at: Pos) {
        self.count += 1;
        // A checked game's buffers when there is one, else new ones; either
        // way with room for what the last game needed ([`SizeHint`]).
        let (tags, events, text, source) = match self.spare.pop() {
            Some(old) => (
                old.tags,
                old.events,
                old.text,
                old.source.map(|(_, bytes)| bytes).unwrap_or_default(),
            ),
            None => Default::default(),
        };
        let hint = self.hint;
        let tags = emptied(tags, hint.tags);
        let events = emptied(events, hint.events);
        // The decoded text is copied in at the end of the game; an empty
        // buffer is UTF-8 without a byte read.
        let text = String::from_utf8(emptied(text.into_bytes(), hint.text)).unwrap_or_default();
        self.text.clear();
        self.source = emptied(source, hint.source);
        let mut game = RecordedGame {
            index: self.count,
            start: at,
            tags,
            events,
            text,
            ..RecordedGame::default()
        };
        if !self.between.is_empty() {
            self.take_preamble(&mut game);
        }
        self.current = game;
        for e in self.stray.drain(..) {
            self.current.events.push(Event::Problem(e));
        }
        self.current.kept = self.current.events.len();
    }

    fn tag(&mut self, name: &[u8], value: &[u8], span: Span) {
        self.keep_tag(name, &unescape_tag_value(value), span);
    }

    fn tag_without_escapes(&mut self, name: &[u8], value: &[u8], span: Span) {
        self.keep_tag(name, value, span);
    }

    fn move_number(&mut self, number: u32, second_side: bool, span: Span) {
        self.current.push(
            Event::Number {
                number,
                second_side,
                span,
            },
            span,
        );
    }

    fn move_text(&mut self, text: &[u8], span: Span) {
        self.text_event(text, span, |text, span| Event::Move { text, span });
    }

    /// The three events at once, with one test of room.
    #[inline(always)]
    fn full_move(&mut self, number: (u32, Span), first: (&[u8], Span), second: (&[u8], Span)) {
        if self.current.kept + 3 > MAX_EVENTS {
            self.move_number(number.0, false, number.1);
            self.move_text(first.0, first.1);
            self.move_text(second.0, second.1);
            return;
        }
        self.current.kept += 3;
        let first_text = self.push_text(first.0);
        let second_text = self.push_text(second.0);
        let events = &mut self.current.events;
        events.push(Event::Number {
            number: number.0,
            second_side: false,
            span: number.1,
        });
        events.push(Event::Move {
            text: first_text,
            span: first.1,
        });
        events.push(Event::Move {
            text: second_text,
            span: second.1,
        });
    }

    fn unknown_move(&mut self, span: Span) {
        self.current.push(Event::Unknown(span), span);
    }

    fn comment(&mut self, text: &[u8], span: Span, _truncated: bool) {
        // Comments between games belong to none.
        if self.current.index != 0 {
            self.text_event(text, span, |text, span| Event::Comment { text, span });
        } else if self.between.len() < MAX_EVENTS {
            // Kept for the next game (for `fmt`, which loses nothing).
            self.between.push((text.to_vec(), span));
        }
    }

    fn nag(&mut self, nag: u32, span: Span) {
        self.current.push(Event::Nag { nag, span }, span);
    }

    fn suffix(&mut self, text: &[u8], span: Span) {
        self.text_event(text, span, |text, span| Event::Suffix { text, span });
    }

    fn setup(&mut self, text: &[u8], span: Span) {
        self.text_event(text, span, |text, span| Event::Setup { text, span });
    }

    fn begin_variation(&mut self, span: Span) {
        self.current.variations = true;
        self.current.push(Event::Open(span), span);
    }

    fn end_variation(&mut self, span: Span) {
        self.current.push(Event::Close, span);
    }

    fn result(&mut self, text: &[u8], span: Span) {
        self.text_event(text, span, |text, span| Event::Result { text, span });
    }

    fn end_game(&mut self, end: u64, raw: Option<GameText<'_>>) {
        let mut game = std::mem::take(&mut self.current);
        self.hint = SizeHint::after(
            &game,
            self.text.len(),
            raw.as_ref().map_or(0, |r| r.bytes.len()),
        );
        // One check of the whole game's text, rather than one per token.
        game.encoding = None;
        self.decode(&mut game);
        if self.text.capacity() > MAX_SPARE_WEIGHT {
            // A long game's buffer is not held for the games after it.
            self.text = Vec::new();
        }
        game.end = end;
        game.source = raw.map(|r| {
            let mut bytes = std::mem::take(&mut self.source);
            bytes.extend_from_slice(r.bytes);
            (r.start, bytes)
        });
        self.done.push(game);
    }

    fn problem(&mut self, error: ReadError) {
        if self.current.index == 0 {
            if self.stray.len() < MAX_EVENTS {
                self.stray.push(error);
            }
            return;
        }
        let span = error.span;
        self.current.push(Event::Problem(error), span);
    }
}

impl TagLookup for RecordedGame {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tag_with_span(name).map(|(value, _)| value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use board_core::record::Reader;

    fn collect(bytes: &[u8], encoding: Option<&'static Encoding>) -> Vec<RecordedGame> {
        let mut collector = Collector::with_encoding(encoding);
        Reader::new(bytes)
            .read_all(&mut collector)
            .expect("reading from memory");
        collector.take()
    }

    /// A reused buffer comes back empty and keeps its allocation when it
    /// is large enough; else it is replaced by one with room to spare.
    #[test]
    fn an_emptied_buffer_is_empty_with_room_for_the_hint() {
        let mut big: Vec<u8> = Vec::with_capacity(100);
        big.extend_from_slice(b"c3-d4");
        let at = big.as_ptr();
        let kept = emptied(big, 40);
        assert!(kept.is_empty());
        assert_eq!(kept.as_ptr(), at, "a buffer large enough is kept");
        let small = emptied(vec![1u8, 2, 3], 40);
        assert!(small.is_empty());
        assert!(small.capacity() >= 64, "{}", small.capacity());
        assert!(emptied(Vec::<u8>::new(), 0).is_empty());
    }

    #[test]
    fn tags_and_comments_of_a_legacy_game_are_decoded_for_any_consumer() {
        // `[White "Белавус"]` and a comment `{добры ход}` in CP1251.
        let bytes = b"[White \"\xc1\xe5\xeb\xe0\xe2\xf3\xf1\"]\n1. c3-d4 {\xe4\xee\xe1\xf0\xfb \xf5\xee\xe4} *\n";
        let games = collect(bytes, Some(encoding_rs::WINDOWS_1251));
        let game = &games[0];
        assert_eq!(game.encoding, Some(encoding_rs::WINDOWS_1251));
        let tags: Vec<_> = game.tag_pairs().map(|(n, v, _)| (n, v)).collect();
        assert_eq!(tags, [("White", "Белавус")]);
        let comments: Vec<_> = game.comments().map(|(c, _)| c).collect();
        assert_eq!(comments, ["добры ход"]);
        // Guessed, the same; UTF-8 text is UTF-8 and says so.
        assert_eq!(collect(bytes, None)[0].tag("White"), Some("Белавус"));
        let utf8 = collect("[White \"Белавус\"]\n{ход} *\n".as_bytes(), None);
        assert_eq!(utf8[0].encoding, None);
        assert_eq!(utf8[0].comments().next().map(|c| c.0), Some("ход"));
    }

    /// The collector with the default [`Visitor::full_move`]: each whole
    /// move handed over as its three parts.
    struct OneByOne(Collector);

    impl Visitor for OneByOne {
        fn begin_game(&mut self, at: Pos) {
            self.0.begin_game(at);
        }
        fn tag(&mut self, name: &[u8], value: &[u8], span: Span) {
            self.0.tag(name, value, span);
        }
        fn tag_without_escapes(&mut self, name: &[u8], value: &[u8], span: Span) {
            self.0.tag_without_escapes(name, value, span);
        }
        fn move_number(&mut self, number: u32, second_side: bool, span: Span) {
            self.0.move_number(number, second_side, span);
        }
        fn move_text(&mut self, text: &[u8], span: Span) {
            self.0.move_text(text, span);
        }
        fn unknown_move(&mut self, span: Span) {
            self.0.unknown_move(span);
        }
        fn suffix(&mut self, text: &[u8], span: Span) {
            self.0.suffix(text, span);
        }
        fn nag(&mut self, nag: u32, span: Span) {
            self.0.nag(nag, span);
        }
        fn comment(&mut self, text: &[u8], span: Span, truncated: bool) {
            self.0.comment(text, span, truncated);
        }
        fn setup(&mut self, text: &[u8], span: Span) {
            self.0.setup(text, span);
        }
        fn begin_variation(&mut self, span: Span) {
            self.0.begin_variation(span);
        }
        fn end_variation(&mut self, span: Span) {
            self.0.end_variation(span);
        }
        fn result(&mut self, text: &[u8], span: Span) {
            self.0.result(text, span);
        }
        fn end_game(&mut self, end: u64, raw: Option<GameText<'_>>) {
            self.0.end_game(end, raw);
        }
        fn problem(&mut self, error: ReadError) {
            self.0.problem(error);
        }
    }

    /// The collector keeps a whole move taken at once as it keeps its
    /// three parts taken one by one: the same events, spans and text.
    #[test]
    fn whole_moves_are_kept_as_their_parts_are() {
        let records = [
            "[Result \"1-0\"]\n1. c3-d4 d6-e5 2. b2-c3 e7-d6\n3. e3-f4 {a note} b6-a5 4. f4:b8 1-0\n",
            "1. 32-28 19-23 2. 28x19 14x23 (2... 13-19 3. 37-32) 3. 33-28 *\n\n1. c3-d4 d6-e5 2. d4:f6 *\n",
            "[Event \"x\"]\n\n12. c3-d4 d6-e5 13. a1-b2 h8-g7 14. e1-d2 *\n",
        ];
        for record in records {
            let whole = collect(record.as_bytes(), None);
            let mut parts = OneByOne(Collector::with_encoding(None));
            Reader::new(record.as_bytes())
                .read_all(&mut parts)
                .expect("reading from memory");
            let parts = parts.0.take();
            assert_eq!(format!("{whole:?}"), format!("{parts:?}"), "{record}");
            let numbers = whole[0]
                .events
                .iter()
                .filter(|e| matches!(e, Event::Number { .. }))
                .count();
            assert!(numbers >= 3, "{record}");
        }
    }

    /// Texts longer than one SIMD block of the UTF-8 check, valid and not,
    /// decode as the short ones do, also into buffers handed back by
    /// earlier games (a legacy game after a UTF-8 one and the reverse).
    #[test]
    fn long_texts_decode_alike_in_reused_buffers() {
        let name = "Белавус Ядвіга Міхайлаўна ".repeat(4);
        let utf8 = format!("[White \"{name}\"]\n1. c3-d4 {{{name}}} *\n\n");
        let (legacy, _, _) = encoding_rs::WINDOWS_1251.encode(&utf8);
        assert!(std::str::from_utf8(&legacy).is_err());
        let mut collector = Collector::with_encoding(Some(encoding_rs::WINDOWS_1251));
        for round in 0..3 {
            for (bytes, encoding) in [
                (utf8.as_bytes(), None),
                (&legacy[..], Some(encoding_rs::WINDOWS_1251)),
            ] {
                Reader::new(bytes)
                    .read_all(&mut collector)
                    .expect("reading from memory");
                let games = collector.take();
                let game = &games[0];
                assert_eq!(game.encoding, encoding, "round {round}");
                assert_eq!(game.tag("White"), Some(name.as_str()));
                assert_eq!(game.comments().next().map(|c| c.0), Some(name.as_str()));
                collector.recycle(games);
            }
        }
    }

    /// The collector's text buffer, kept from game to game, is let go
    /// after a game longer than the cap on reused buffers; the games read
    /// before and after it keep their texts.
    #[test]
    fn a_long_games_text_buffer_is_not_held_after_it() {
        let comment = "a".repeat(15_000);
        let long: String = (0..20).map(|_| format!("{{{comment}}} ")).collect();
        let text = format!(
            "[Event \"short\"]\n1. c3-d4 *\n\n[Event \"long\"]\n{long}*\n\n[Event \"after\"]\n1. c3-d4 *\n"
        );
        let mut collector = Collector::default();
        Reader::new(text.as_bytes())
            .read_all(&mut collector)
            .expect("reading from memory");
        assert!(collector.text.capacity() <= MAX_SPARE_WEIGHT);
        let games = collector.take();
        assert_eq!(games[0].tag("Event"), Some("short"));
        assert_eq!(games[1].tag("Event"), Some("long"));
        assert_eq!(games[2].tag("Event"), Some("after"));
        let first_move = games[2].events.iter().find_map(|e| match e {
            Event::Move { text, .. } => Some(games[2].text(text)),
            _ => None,
        });
        assert_eq!(first_move, Some(&b"c3-d4"[..]));
        assert_eq!(games[1].comments().count(), 20);
        assert!(games[1].text.len() > MAX_SPARE_WEIGHT);
    }

    /// The tags noted as they are kept answer as a pass over every tag
    /// does (the first written as asked, else the first in another case),
    /// on random games of read names, the same in other cases and other
    /// names, for every name read and some that are not.
    #[test]
    fn noted_tags_answer_as_a_pass_over_the_tags() {
        let pool = [
            "Result",
            "result",
            "RESULT",
            "GameType",
            "gametype",
            "Rules",
            "rules",
            "FEN",
            "fen",
            "Event",
            "White",
            "Annotator",
            "annotator",
            "PlyCount",
            "Res",
        ];
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        let mut next = |n: usize| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            (seed % n as u64) as usize
        };
        let mut text = String::new();
        for _ in 0..400 {
            for _ in 0..next(6) {
                let name = pool[next(pool.len())];
                text += &format!("[{name} \"{}\"]\n", next(1000));
            }
            text += "*\n\n";
        }
        let games = collect(text.as_bytes(), None);
        assert_eq!(games.len(), 400);
        let mut found = 0;
        for game in &games {
            for name in READ_TAGS
                .iter()
                .chain(&["Annotator", "PlyCount", "Res", "Nothing"])
            {
                let pairs: Vec<(&str, &str, Span)> = game.tag_pairs().collect();
                let exact = pairs.iter().find(|(n, _, _)| n == name);
                let other = pairs.iter().find(|(n, _, _)| n.eq_ignore_ascii_case(name));
                let expected = exact.or(other).map(|&(_, v, span)| (v, span));
                assert_eq!(
                    game.tag_with_span(name),
                    expected,
                    "{name} in game {}",
                    game.index
                );
                found += usize::from(expected.is_some());
            }
            let [rules, game_type] = game.tags_with_span(["Rules", "GameType"]);
            assert_eq!(
                (rules, game_type),
                (game.tag_with_span("Rules"), game.tag_with_span("GameType"))
            );
            let miscased = game.miscased_tags().count();
            let expected = game
                .tag_pairs()
                .filter(|(n, _, _)| {
                    !READ_TAGS.contains(n) && READ_TAGS.iter().any(|k| k.eq_ignore_ascii_case(n))
                })
                .count();
            assert_eq!(miscased, expected, "game {}", game.index);
        }
        assert!(found > 500, "{found}");
    }

    /// A tag written as asked wins over an earlier one in another case;
    /// without one, the first in another case is read. One pass over the
    /// tags answers each name as its own lookup does.
    #[test]
    fn tags_are_found_by_name_exactly_first_then_in_another_case() {
        let text = "[rules \"a\"]\n[GameType \"25\"]\n[Rules \"b\"]\n[gametype \"20\"]\n*\n\n\
                    [gametype \"21\"]\n[GAMETYPE \"20\"]\n*\n\n[Event \"x\"]\n*\n\n\
                    [GameType \"26\"]\n[GameType \"29\"]\n[RULES \"c\"]\n*\n";
        let games = collect(text.as_bytes(), None);
        let found: Vec<[Option<&str>; 2]> = games
            .iter()
            .map(|g| {
                g.tags_with_span(["Rules", "GameType"])
                    .map(|t| t.map(|(v, _)| v))
            })
            .collect();
        assert_eq!(
            found,
            [
                [Some("b"), Some("25")],
                [None, Some("21")],
                [None, None],
                [Some("c"), Some("26")],
            ]
        );
        for game in &games {
            let [rules, game_type] = game.tags_with_span(["Rules", "GameType"]);
            assert_eq!(game.tag_with_span("Rules"), rules);
            assert_eq!(game.tag_with_span("GameType"), game_type);
        }
        let miscased: Vec<Vec<(&str, &str)>> = games
            .iter()
            .map(|g| {
                g.miscased_tags()
                    .map(|(t, known)| (g.text_str(&t.name), known))
                    .collect()
            })
            .collect();
        assert_eq!(
            miscased,
            [
                vec![("rules", "Rules"), ("gametype", "GameType")],
                vec![("gametype", "GameType"), ("GAMETYPE", "GameType")],
                vec![],
                vec![("RULES", "Rules")],
            ]
        );
    }
}
