//! Reader tests: every construct of the container, real-file quirks, and
//! hostile input (no panic, no recursion, bounded memory).

use super::*;
use std::fmt::Write;

/// Records every event as one line: `KIND LINE:COL text`.
#[derive(Default)]
struct Log {
    out: String,
}

fn show(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

impl Visitor for Log {
    fn begin_game(&mut self, at: Pos) {
        let _ = writeln!(self.out, "game {}:{}", at.line, at.column);
    }
    fn tag(&mut self, name: &[u8], value: &[u8], span: Span) {
        let _ = writeln!(
            self.out,
            "tag {}:{} {}={}",
            span.start.line,
            span.start.column,
            show(name),
            show(&unescape_tag_value(value))
        );
    }
    fn move_number(&mut self, number: u32, second_side: bool, span: Span) {
        let dots = if second_side { "..." } else { "." };
        let _ = writeln!(
            self.out,
            "num {}:{} {number}{dots}",
            span.start.line, span.start.column
        );
    }
    fn move_text(&mut self, text: &[u8], span: Span) {
        let _ = writeln!(
            self.out,
            "move {}:{} {}",
            span.start.line,
            span.start.column,
            show(text)
        );
    }
    fn unknown_move(&mut self, span: Span) {
        let _ = writeln!(
            self.out,
            "unknown {}:{}",
            span.start.line, span.start.column
        );
    }
    fn suffix(&mut self, text: &[u8], _: Span) {
        let _ = writeln!(self.out, "suffix {}", show(text));
    }
    fn nag(&mut self, nag: u32, _: Span) {
        let _ = writeln!(self.out, "nag {nag}");
    }
    fn comment(&mut self, text: &[u8], _: Span, truncated: bool) {
        let cut = if truncated { " (cut)" } else { "" };
        let _ = writeln!(self.out, "comment {}{cut}", show(text));
    }
    fn setup(&mut self, text: &[u8], _: Span) {
        let _ = writeln!(self.out, "setup {}", show(text));
    }
    fn begin_variation(&mut self, _: Span) {
        self.out.push_str("(\n");
    }
    fn end_variation(&mut self, _: Span) {
        self.out.push_str(")\n");
    }
    fn result(&mut self, text: &[u8], span: Span) {
        let _ = writeln!(
            self.out,
            "result {}:{} {}",
            span.start.line,
            span.start.column,
            show(text)
        );
    }
    fn end_game(&mut self, _: u64, raw: Option<GameText<'_>>) {
        let kept = if raw.is_some() { "kept" } else { "lost" };
        let _ = writeln!(self.out, "end {kept}");
    }
    fn problem(&mut self, e: ReadError) {
        let _ = writeln!(
            self.out,
            "problem {}:{} {e}",
            e.span.start.line, e.span.start.column
        );
    }
}

fn log(input: &[u8]) -> String {
    let mut v = Log::default();
    Reader::new(input)
        .read_all(&mut v)
        .expect("reading from memory");
    v.out
}

/// A reader that hands out one byte per `read`, to cross every buffer edge.
struct Trickle<'a>(&'a [u8]);

impl std::io::Read for Trickle<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match (self.0.split_first(), buf.first_mut()) {
            (Some((&b, rest)), Some(slot)) => {
                *slot = b;
                self.0 = rest;
                Ok(1)
            }
            _ => Ok(0),
        }
    }
}

#[test]
fn contract_example_gives_every_event_with_positions() {
    let text = b"[Event \"Club \\\"A\\\"\"]\n[GameType \"25\"]\n1. c3-d4 f6-g5 2. b2-c3 {a comment} g7-f6 (2... h6-g5 3. d4-e5) 3. a1-b2 $1 c7-d6!? 2-0\n";
    let expected = "game 1:1\ntag 1:1 Event=Club \"A\"\ntag 2:1 GameType=25\nnum 3:1 1.\nmove 3:4 c3-d4\nmove 3:10 f6-g5\nnum 3:16 2.\nmove 3:19 b2-c3\ncomment a comment\nmove 3:37 g7-f6\n(\nnum 3:44 2...\nmove 3:49 h6-g5\nnum 3:55 3.\nmove 3:58 d4-e5\n)\nnum 3:65 3.\nmove 3:68 a1-b2\nnag 1\nmove 3:77 c7-d6\nsuffix !?\nresult 3:85 2-0\nend kept\n";
    assert_eq!(log(text), expected);
}

#[test]
fn byte_by_byte_reading_gives_the_same_events() {
    let text: &[u8] = b"[Event \"x\"]\r\n1. c3-d4 {long\r\ncomment} f6-g5 ; rest\r\n% escaped line\r\n2. b2-c3 (2. a3-b4) * [Event \"y\"] 1. 35x 4 2-0";
    let mut trickled = Log::default();
    Reader::new(Trickle(text))
        .read_all(&mut trickled)
        .expect("reading from memory");
    assert_eq!(trickled.out, log(text));
}

#[test]
fn crlf_bom_and_cp866_bytes_keep_columns_in_characters() {
    // BOM, a CP866 name (bytes that are not UTF-8), CRLF, a UTF-8 name.
    let mut text = vec![0xEF, 0xBB, 0xBF];
    text.extend_from_slice(b"[White \"\x8c\xa8\xe0\"]\r\n");
    text.extend_from_slice("{Ш} 1. c3-d4\r\n".as_bytes());
    let out = log(&text);
    assert!(out.starts_with("game 1:1\ntag 1:1 White="), "{out}");
    assert!(out.contains("num 2:5 1.\nmove 2:8 c3-d4\n"), "{out}");
}

#[test]
fn padded_tags_and_result_alone_on_an_indented_line() {
    let text = b"[Event       \"XXV\"]\n[Result      \"1-0\"]\n\n1. c3-d4 f6-g5\n\n                                     1-0\n\n[Event \"next\"]\n";
    let out = log(text);
    assert!(out.contains("tag 1:1 Event=XXV"), "{out}");
    assert!(
        out.contains("result 6:38 1-0\nend kept\ngame 8:1\n"),
        "{out}"
    );
}

#[test]
fn games_without_event_tag_and_separated_only_by_a_result() {
    let out = log(b"1. 32-28 18-23 2-0 1. 33-28 1-0\n[White \"A\"]\n1. 32-28 *");
    assert_eq!(out.matches("game ").count(), 3, "{out}");
    assert!(
        out.contains("result 1:16 2-0\nend kept\ngame 1:20\nnum 1:20 1."),
        "{out}"
    );
}

#[test]
fn unknown_moves_and_ellipsis_after_number() {
    let out = log(b"1. - - 2. ... 7-12 3.c3-d4 4... e5-f4");
    assert_eq!(
        out,
        "game 1:1\nnum 1:1 1.\nunknown 1:4\nunknown 1:6\nnum 1:8 2.\nnum 1:11 2...\nmove 1:15 7-12\nnum 1:20 3.\nmove 1:22 c3-d4\nnum 1:28 4...\nmove 1:33 e5-f4\nend kept\n"
    );
}

#[test]
fn moves_split_by_a_space_after_the_separator_are_joined() {
    let out = log(b"21. 35x 4 17-22 12. 46-41  1- 7 57.  2-13 18x 9 1-0");
    assert!(out.contains("move 1:5 35x4\n"), "{out}");
    assert!(out.contains("move 1:28 1-7\n"), "{out}");
    assert!(out.contains("move 1:43 18x9\nresult 1:49 1-0"), "{out}");
}

#[test]
fn every_result_form_ends_a_game() {
    for r in ["2-0", "0-2", "1-1", "0-0", "1-0", "0-1", "1/2-1/2", "*"] {
        let out = log(format!("1. c3-d4 {r} 1. c3-d4").as_bytes());
        assert_eq!(out.matches("end kept").count(), 2, "{r}: {out}");
    }
}

#[test]
fn long_captures_and_setup_commands_inside_movetext() {
    let out = log(b"22. 26x17x10x1 /FEN \"B:W18,24:B12,K22.\"/ 23. h2:f4:h6");
    assert!(
        out.contains(
            "move 1:5 26x17x10x1\nsetup FEN \"B:W18,24:B12,K22.\"\nnum 1:42 23.\nmove 1:46 h2:f4:h6"
        ),
        "{out}"
    );
}

#[test]
fn unclosed_comment_stops_at_the_next_games_tags() {
    let out = log(b"[Event \"a\"]\n1. c3-d4 {never closed\n1-0\n[Event \"b\"]\n1. e3-f4 *");
    assert!(
        out.contains("problem 2:10 comment `{` is never closed"),
        "{out}"
    );
    assert!(
        out.contains("game 4:1\ntag 4:1 Event=b\nnum 5:1 1.\nmove 5:4 e3-f4"),
        "{out}"
    );
}

#[test]
fn unbalanced_parentheses_are_reported_and_reading_goes_on() {
    let out = log(b"1. c3-d4 ) f6-g5 ( 2. a3-b4 ( 2. e3-f4\n[Event \"b\"]\n1. e3-f4 *");
    assert!(
        out.contains("problem 1:10 `)` closes no variation"),
        "{out}"
    );
    assert!(
        out.contains("problem 2:1 tags inside an open variation"),
        "{out}"
    );
    assert!(
        out.contains("problem 1:18 2 variations are never closed"),
        "{out}"
    );
    assert!(out.contains("tag 2:1 Event=b"), "{out}");
}

#[test]
fn malformed_tags_are_reported() {
    let out = log(b"[Event Foo]\n[Site \"x\"\n[ \"y\"]\n1. c3-d4 *");
    assert!(
        out.contains("problem 1:1 malformed tag: the value must be in double quotes"),
        "{out}"
    );
    assert!(
        out.contains("problem 2:1 malformed tag: no closing `]`"),
        "{out}"
    );
    assert!(out.contains("tag 2:1 Site=x"), "{out}");
    assert!(
        out.contains("problem 3:1 malformed tag: no tag name"),
        "{out}"
    );
    assert!(out.contains("move 4:4 c3-d4"), "{out}");
}

#[test]
fn variations_nested_100000_deep_read_without_recursion() {
    let depth = 100_000;
    let mut text = b"1. c3-d4 ".to_vec();
    text.extend(std::iter::repeat_n(b'(', depth));
    text.extend_from_slice(b"1. e3-f4 ");
    text.extend(std::iter::repeat_n(b')', depth));
    text.extend_from_slice(b" 1-0");
    let mut v = Log::default();
    Reader::new(text.as_slice())
        .read_all(&mut v)
        .expect("reading from memory");
    assert_eq!(v.out.matches('(').count(), depth);
    assert_eq!(v.out.matches(')').count(), depth);
    assert!(
        v.out.ends_with("result 1:200020 1-0\nend kept\n"),
        "{}",
        &v.out[v.out.len() - 60..]
    );
}

#[test]
fn an_over_long_comment_is_cut_and_an_over_long_word_skipped() {
    let mut text = b"1. c3-d4 {".to_vec();
    text.extend(std::iter::repeat_n(b'a', 3 * MAX_TOKEN));
    text.extend_from_slice(b"} f6-g5 ");
    text.extend(std::iter::repeat_n(b'b', 2 * MAX_TOKEN));
    text.extend_from_slice(b" 2. b2-c3 *");
    let mut v = Log::default();
    Reader::new(Trickle(&text))
        .read_all(&mut v)
        .expect("reading from memory");
    assert!(v.out.contains(" (cut)\nmove 1:"), "cut comment");
    assert!(v.out.contains("token longer than"), "long word");
    assert!(v.out.contains("num 1:"), "reading went on");
    assert!(
        v.out
            .ends_with("move 1:81943 b2-c3\nresult 1:81949 *\nend kept\n"),
        "{}",
        &v.out[v.out.len() - 80..]
    );
}

#[test]
fn a_game_longer_than_the_buffer_loses_only_its_raw_text() {
    let mut text = Vec::new();
    for _ in 0..400_000 {
        text.extend_from_slice(b"{comment} c3-d4 ");
    }
    text.extend_from_slice(b"* 1. c3-d4 *");
    let out = log(&text);
    assert!(
        out.contains("end lost\ngame 1:"),
        "first game lost its text"
    );
    assert!(out.ends_with("end kept\n"), "second game kept");
}

#[test]
fn binary_garbage_never_panics_and_always_ends() {
    // A fixed pseudo-random byte stream (xorshift), with every byte value.
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    for round in 0..50 {
        let len = 1 + round * 997;
        let mut bytes = Vec::with_capacity(len);
        for _ in 0..len {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            bytes.push((state >> 24) as u8);
        }
        let mut count = Count::default();
        Reader::new(Trickle(&bytes))
            .read_all(&mut count)
            .expect("reading from memory");
        assert_eq!(count.begun, count.ended, "round {round}");
        let mut whole = Count::default();
        Reader::new(bytes.as_slice())
            .read_all(&mut whole)
            .expect("reading from memory");
        assert_eq!(whole.events, count.events, "round {round}");
    }
}

#[derive(Default)]
struct Count {
    begun: usize,
    ended: usize,
    events: Vec<(u64, u32, u32)>,
}

impl Visitor for Count {
    fn begin_game(&mut self, _: Pos) {
        self.begun += 1;
    }
    fn end_game(&mut self, _: u64, _: Option<GameText<'_>>) {
        self.ended += 1;
    }
    fn move_text(&mut self, _: &[u8], span: Span) {
        self.events
            .push((span.start.offset, span.start.line, span.start.column));
    }
    fn problem(&mut self, e: ReadError) {
        self.events
            .push((e.span.start.offset, e.span.start.line, e.span.start.column));
    }
}

/// Games and reading problems of a real file of the bundled corpus.
fn corpus(path: &str) -> (usize, Vec<String>) {
    let full = format!(
        "{}/../../tests/data/corpus/{path}",
        env!("CARGO_MANIFEST_DIR")
    );
    let file = std::fs::File::open(&full).expect("corpus file is bundled");
    let mut v = Problems::default();
    Reader::new(file).read_all(&mut v).expect("reading a file");
    (v.games, v.problems)
}

#[derive(Default)]
struct Problems {
    games: usize,
    problems: Vec<String>,
}

impl Visitor for Problems {
    fn end_game(&mut self, _: u64, _: Option<GameText<'_>>) {
        self.games += 1;
    }
    fn problem(&mut self, e: ReadError) {
        self.problems
            .push(format!("{}:{} {e}", e.span.start.line, e.span.start.column));
    }
}

/// Game counts from the corpus's SOURCES.md.
const CORPUS: &[(&str, usize)] = &[
    ("russian/ussr1947.pdn", 153),
    ("russian/encoding-cp866/ussr1947_2017_cp866.pdn", 54),
    ("russian/pdn-checker-fail/abatsiev.pdn", 56),
    ("russian/lidraughts_pydraughts_testset.pdn", 9),
    ("international/090417ronde12.pdn", 7),
    ("international/DUTCH96H.pdn", 13),
    ("international/PROF2.pdn", 16),
    ("international/candidate95.pdn", 8),
    ("international/kurnik.pdn", 4),
    ("international/nk2003-amsterdam.pdn", 33),
    ("international/schildpad.pdn", 34),
    ("international/wk2003.pdn", 23),
    ("english/OCA_2.0.pdn", 43),
    ("english/inferno.pdn", 68),
    ("english/problems/borderclassics.pdn", 183),
    ("english/problems/bridges.pdn", 267),
    ("english/problems/gem.pdn", 162),
    ("english/problems/goulds.pdn", 262),
    ("czech/mrcd2000kval.pdn", 40),
    ("czech/mrcd2006.pdn", 44),
    ("czech/mrcd2007.pdn", 102),
    ("czech/mrdrcd07.pdn", 72),
    ("czech/mrdrcd08.pdn", 40),
];

#[test]
fn every_real_file_reads_with_its_game_count_and_no_problem() {
    for &(path, games) in CORPUS {
        let (read, problems) = corpus(path);
        assert_eq!(read, games, "{path}");
        assert!(problems.is_empty(), "{path}: {problems:?}");
    }
}

/// Every position handed out, for the oracle test.
#[derive(Default)]
struct Positions(Vec<Pos>);

impl Visitor for Positions {
    fn begin_game(&mut self, at: Pos) {
        self.0.push(at);
    }
    fn tag(&mut self, _: &[u8], _: &[u8], span: Span) {
        self.0.push(span.start);
    }
    fn move_number(&mut self, _: u32, _: bool, span: Span) {
        self.0.push(span.start);
    }
    fn move_text(&mut self, _: &[u8], span: Span) {
        self.0.push(span.start);
    }
    fn unknown_move(&mut self, span: Span) {
        self.0.push(span.start);
    }
    fn comment(&mut self, _: &[u8], span: Span, _: bool) {
        self.0.push(span.start);
    }
    fn begin_variation(&mut self, span: Span) {
        self.0.push(span.start);
    }
    fn end_variation(&mut self, span: Span) {
        self.0.push(span.start);
    }
    fn result(&mut self, _: &[u8], span: Span) {
        self.0.push(span.start);
    }
    fn end_game(&mut self, _: u64, raw: Option<GameText<'_>>) {
        if let Some(raw) = raw {
            self.0.push(raw.start);
        }
    }
    fn problem(&mut self, e: ReadError) {
        self.0.push(e.span.start);
    }
}

/// Line and column of `offset` computed from scratch: lines end at `\n`,
/// columns count the characters of a lossy UTF-8 decoding, a leading BOM
/// counts none.
fn oracle(input: &[u8], offset: usize) -> (u32, u32) {
    let before = &input[..offset];
    let line = 1 + before.iter().filter(|&&b| b == b'\n').count() as u32;
    let start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |i| i + 1);
    let mut text = &input[start..offset];
    if start == 0 && input.starts_with(&[0xEF, 0xBB, 0xBF]) {
        text = &text[3.min(text.len())..];
    }
    let column = 1 + String::from_utf8_lossy(text).chars().count() as u32;
    (line, column)
}

#[test]
fn every_position_matches_a_recount_from_scratch() {
    let pieces: &[&[u8]] = &[
        b" ",
        b"\n",
        b"\r\n",
        b"\t",
        b"1.",
        b"12...",
        b" 12.",
        b" 7.",
        b" c3-d4",
        b" 32-28",
        b" 26x1x",
        b" 35x",
        b" 4",
        b"(",
        b")",
        b"{",
        b"}",
        b"[Event \"x\"]",
        b"[Event \"\xd0\xa8\\\"]\"]",
        b";c\n",
        b"\n%esc\n",
        b" 1-0",
        b" *",
        b" 2-0\n",
        b"$3",
        b"!?",
        b" - ",
        b"/FEN \"W:W1\"/",
        b"\xd0\xa8",
        b"\x8c\xa8",
        b"\xe2\x80\xa6",
        b"\xe2\x80",
        b"\xff",
        b"...",
        b"[",
        b"]",
        b"\"",
        b" 22-17",
        b" 9x18x27",
        b"12.c3-d4",
        b" e3:g5",
        b" c3-",
        b" 1/2-1/2",
        b"\x0b",
        b" 0-0 ",
        b"[Result \"1-0\"]\n",
        b"[Site  \"a]b\"]",
        b"[Round_2 \"\"]\n",
        b"[Date \"x\" ]",
        b"[Black \"\xd0\x91\"]\r\n",
        b" 7. c3-d4 d6-e5",
        b" 12. 32-28 19-23",
        b"3. e3:g5 h6:f4",
        b" 9. c3-d4 26x1x",
        b"[Result \"d6-e5\"]\n",
    ];
    let mut state: u64 = 0x1234_5678_9ABC_DEF1;
    let mut next = || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut checked = 0;
    for round in 0..600 {
        let mut input = Vec::new();
        if round % 5 == 0 {
            input.extend_from_slice(&[0xEF, 0xBB, 0xBF]);
        }
        for _ in 0..(next() % 120) {
            input.extend_from_slice(pieces[(next() % pieces.len() as u64) as usize]);
        }
        // Byte by byte (the tokenizer's general path at every word) and
        // from memory at once (its fast path over plain movetext): the same
        // events at the same places.
        let mut trickled = Log::default();
        Reader::new(Trickle(&input))
            .read_all(&mut trickled)
            .expect("reading from memory");
        assert_eq!(
            log(&input),
            trickled.out,
            "round {round} in {:?}",
            String::from_utf8_lossy(&input)
        );
        let mut seen = Positions::default();
        Reader::new(input.as_slice())
            .read_all(&mut seen)
            .expect("reading from memory");
        for p in &seen.0 {
            let expected = oracle(&input, p.offset as usize);
            assert_eq!(
                (p.line, p.column),
                expected,
                "round {round}, offset {} in {:?}",
                p.offset,
                String::from_utf8_lossy(&input)
            );
            checked += 1;
        }
    }
    assert!(checked > 5_000, "only {checked} positions checked");
}

#[test]
fn text_after_a_tag_pair_is_skipped_with_one_problem_and_the_game_reads_on() {
    let out = log(b"[Event \"x\"]\\r\r\n[Site \"y\"]\\r junk  [Round \"1\"] {c}\n[GameType \"20\"]  \n1. 32-28 *\n");
    assert_eq!(out.matches("game ").count(), 1, "{out}");
    assert!(
        out.contains("problem 1:12 text after the tag pair is not part of it, skipped"),
        "{out}"
    );
    assert!(out.contains("problem 2:11 text after"), "{out}");
    assert!(out.contains("tag 2:20 Round=1\ncomment c\n"), "{out}");
    assert!(out.contains("tag 3:1 GameType=20\nnum 4:1 1.\n"), "{out}");
    assert_eq!(out.matches("problem").count(), 2, "{out}");
    // Movetext on the tag's line is movetext, not junk.
    let out = log(b"[Result \"*\"] 1. c3-d4 *\n");
    assert!(
        out.contains("move 1:17 c3-d4") && !out.contains("problem"),
        "{out}"
    );
    // Junk glued to a tag, then over-long junk, across buffer edges.
    let mut text = b"[Event \"x\"]".to_vec();
    text.extend(std::iter::repeat_n(b'z', MAX_TOKEN + 10));
    text.extend_from_slice(b"\n1. c3-d4 *\n");
    let mut v = Log::default();
    Reader::new(Trickle(&text)).read_all(&mut v).expect("reads");
    assert!(v.out.contains("move 2:4 c3-d4"), "{}", v.out);
    assert_eq!(v.out.matches("problem").count(), 1, "{}", v.out);
}

#[test]
fn the_result_tag_value_as_the_last_token_is_the_result() {
    let out = log(b"[Result \"4-6\"]\n1. 32-28 4-6\n[Result \"-\"]\n1. 32-28 19-23 -\n\n[Result \"-\"]\n1. - 19-23 *\n");
    assert!(out.contains("result 2:10 4-6\nend"), "{out}");
    assert!(out.contains("result 4:16 -\nend"), "{out}");
    // Not the last token: a move (or an unknown move) as before.
    assert!(
        out.contains("unknown 7:4\nmove 7:6 19-23\nresult 7:12 *"),
        "{out}"
    );
    assert_eq!(out.matches("game ").count(), 3, "{out}");
    // The same when the Result tag is not the game's first tag pair (read
    // on the tag pairs' own path).
    let out = log(b"[Event \"x\"]\n[Result \"4-6\"]\n1. 32-28 4-6\n[Event \"y\"]\n[Result \"4-6\"]\n1. 32-28 4-6 *\n");
    assert!(out.contains("result 3:10 4-6\nend"), "{out}");
    assert!(out.contains("move 6:10 4-6\nresult 6:14 *"), "{out}");
}
