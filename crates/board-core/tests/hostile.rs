//! Hostile inputs for the streaming PDN reader and the profile loader, each
//! with a bound on time (a watchdog: a hang fails the test) and, for the
//! large ones, on memory (peak resident set size, `VmHWM` of
//! `/proc/self/status`, measured in a child process running only that
//! test). The inputs are generated on the fly by an `impl Read`, never
//! written to disk. The heavy ones are `#[ignore]`d: CI runs them in release
//! (`cargo test --workspace --release -- --ignored`).

#[path = "../../../tests/support/hostile.rs"]
mod support;

use board_core::record::{MAX_TOKEN, ReadError, ReadErrorKind, Reader, Span, Visitor};
use std::io::Read;
use std::time::Duration;
use support::{Generated, MIB, isolated, within};

/// Counts what the reader reports.
#[derive(Default, Debug)]
struct Counts {
    games: u64,
    moves: u64,
    numbers: u64,
    tags: u64,
    comments: u64,
    comment_bytes: u64,
    truncated: u64,
    comment_span: Option<Span>,
    open: u64,
    close: u64,
    problems: Vec<ReadError>,
}

impl Visitor for Counts {
    fn tag(&mut self, _: &[u8], _: &[u8], _: Span) {
        self.tags += 1;
    }
    fn move_number(&mut self, _: u32, _: bool, _: Span) {
        self.numbers += 1;
    }
    fn move_text(&mut self, _: &[u8], _: Span) {
        self.moves += 1;
    }
    fn comment(&mut self, text: &[u8], span: Span, truncated: bool) {
        self.comments += 1;
        self.comment_bytes += text.len() as u64;
        self.truncated += u64::from(truncated);
        self.comment_span = Some(span);
    }
    fn begin_variation(&mut self, _: Span) {
        self.open += 1;
    }
    fn end_variation(&mut self, _: Span) {
        self.close += 1;
    }
    fn end_game(&mut self, _: u64, _: Option<board_core::record::GameText<'_>>) {
        self.games += 1;
    }
    fn problem(&mut self, error: ReadError) {
        if self.problems.len() < 100 {
            self.problems.push(error);
        }
    }
}

fn read_counts(input: impl Read) -> Counts {
    let mut counts = Counts::default();
    Reader::new(input)
        .read_all(&mut counts)
        .expect("generated input reads");
    counts
}

#[test]
fn variations_nested_100_000_deep() {
    let counts = within(Duration::from_secs(60), || {
        let depth = 100_000;
        read_counts(Generated::new(
            b"[GameType \"25\"]\n1. c3-d4 ",
            b"(1. a3-b4 ",
            depth,
            &[b")".repeat(depth as usize), b" *\n".to_vec()].concat(),
        ))
    });
    assert_eq!(counts.open, 100_000);
    assert_eq!(counts.close, 100_000);
    assert_eq!(counts.moves, 100_001);
    assert_eq!(counts.games, 1);
    assert!(counts.problems.is_empty(), "{:?}", counts.problems);
}

#[test]
fn variations_left_open_100_000_deep_are_one_problem() {
    let counts = within(Duration::from_secs(60), || {
        read_counts(Generated::new(b"1. c3-d4 ", b"(1. a3-b4 ", 100_000, b""))
    });
    assert_eq!(counts.open, 100_000);
    assert_eq!(counts.games, 1);
    assert_eq!(
        counts.problems.iter().map(|p| &p.kind).collect::<Vec<_>>(),
        [&ReadErrorKind::UnclosedVariation { count: 100_000 }]
    );
}

#[test]
fn a_line_of_a_million_moves() {
    let counts = within(Duration::from_secs(120), || {
        read_counts(Generated::new(
            b"[GameType \"25\"]\n",
            b"1. c3-d4 f6-g5 ",
            500_000,
            b"*\n",
        ))
    });
    assert_eq!(counts.moves, 1_000_000);
    assert_eq!(counts.numbers, 500_000);
    assert_eq!(counts.games, 1);
    assert!(counts.problems.is_empty(), "{:?}", counts.problems);
}

#[test]
fn an_unterminated_tag_is_one_problem_and_the_next_game_is_read() {
    let input = b"[Event \"never closed\n1. c3-d4 *\n\n[Event \"next\"]\n1. c3-d4 f6-g5 *\n";
    let counts = within(Duration::from_secs(10), || read_counts(&input[..]));
    // The missing `]` and the missing `"`, both at the tag on line 1.
    assert!(!counts.problems.is_empty());
    assert!(
        counts
            .problems
            .iter()
            .all(|p| matches!(p.kind, ReadErrorKind::BadTag(_)) && p.span.start.line == 1),
        "{:?}",
        counts.problems
    );
    assert!(
        counts
            .problems
            .iter()
            .any(|p| p.kind == ReadErrorKind::BadTag("no closing `]` on its line"))
    );
    assert_eq!(counts.games, 2);
    assert_eq!(counts.moves, 3);
}

#[test]
fn an_unterminated_tag_at_the_end_of_the_input() {
    let counts = within(Duration::from_secs(10), || {
        read_counts(&b"[Event \"abc"[..])
    });
    assert!(!counts.problems.is_empty());
    assert!(
        counts
            .problems
            .iter()
            .all(|p| matches!(p.kind, ReadErrorKind::BadTag(_))),
        "{:?}",
        counts.problems
    );
    assert_eq!(counts.tags, 0);
}

#[test]
fn an_unterminated_tag_of_100_mb_is_cut() {
    let counts = within(Duration::from_secs(120), || {
        read_counts(Generated::new(
            b"[Event \"",
            b"x",
            100 << 20,
            b"\n1. c3-d4 *\n",
        ))
    });
    assert_eq!(counts.problems.len(), 1, "{:?}", counts.problems);
    assert_eq!(counts.problems[0].kind, ReadErrorKind::TokenTooLong);
    assert_eq!(counts.tags, 0);
}

#[test]
fn a_10_mb_comment_is_cut_to_max_token() {
    let counts = within(Duration::from_secs(60), || {
        read_counts(Generated::new(
            b"1. c3-d4 {",
            b"a",
            10 << 20,
            b"} f6-g5 *\n",
        ))
    });
    assert_eq!(counts.comments, 1);
    assert_eq!(counts.truncated, 1);
    assert_eq!(counts.comment_bytes, MAX_TOKEN as u64);
    assert_eq!(counts.moves, 2);
    assert!(counts.problems.is_empty(), "{:?}", counts.problems);
}

#[test]
#[ignore = "100 MB generated; release"]
fn a_100_mb_comment_in_bounded_memory() {
    let body = 100u64 << 20;
    let peak = isolated("a_100_mb_comment_in_bounded_memory", || {
        let counts = within(Duration::from_secs(120), move || {
            read_counts(Generated::new(b"1. c3-d4 {", b"a", body, b"} f6-g5 *\n"))
        });
        assert_eq!(counts.comments, 1);
        assert_eq!(counts.truncated, 1);
        assert_eq!(counts.comment_bytes, MAX_TOKEN as u64);
        let span = counts.comment_span.expect("a comment");
        assert_eq!(span.start.offset, 9, "the comment starts at its `{{`");
        assert_eq!(counts.moves, 2);
        assert!(counts.problems.is_empty(), "{:?}", counts.problems);
    });
    if let Some(peak) = peak {
        assert!(peak < 50 * MIB, "peak RSS {} MiB", peak / MIB);
    }
}

/// One Russian draughts game of 40 plies, as archives hold them.
const GAME: &[u8] = b"[Event \"Stream\"]\n[White \"A\"]\n[Black \"B\"]\n[GameType \"25\"]\n\
[Result \"*\"]\n1. c3-d4 f6-g5 2. g3-f4 g5xe3 3. d2xf4 g7-f6 4. b2-c3 h8-g7 \
5. a1-b2 f6-g5 6. c3-b4 g5xe3 7. f2xd4 e7-f6 8. e1-f2 d6-e5 9. d4xf6 g7xe5 \
10. b4-a5 b6-c5 11. h2-g3 a7-b6 12. g3-h4 e5-d4 13. f2-g3 d8-e7 14. c1-d2 c5-b4 \
15. a5xc7 d4xb2 16. a3xc1 b8xd6 17. d2-c3 h6-g5 18. h4xf6 e7xg5 19. g1-h2 f8-e7 \
20. c3-d4 g5-h4 *\n\n";

#[test]
#[ignore = "1 GB generated; release"]
fn a_1_gb_stream_of_games_in_under_100_mb() {
    let games = (1u64 << 30) / GAME.len() as u64 + 1;
    let peak = isolated("a_1_gb_stream_of_games_in_under_100_mb", || {
        let input = Generated::new(b"", GAME, games, b"");
        assert!(input.len() >= 1 << 30);
        let counts = within(Duration::from_secs(300), move || read_counts(input));
        assert_eq!(counts.games, games);
        assert_eq!(counts.moves, games * 40);
        assert_eq!(counts.tags, games * 5);
        assert!(counts.problems.is_empty(), "{:?}", counts.problems);
    });
    if let Some(peak) = peak {
        assert!(peak < 100 * MIB, "peak RSS {} MiB", peak / MIB);
    }
}

/// A grid side of 1000: 10^6 nodes.
const HUGE_GRID: &str = "[board]\nkind = \"grid\"\nwidth = 1000\nheight = 1000\n\
squares = \"all\"\nconnections = \"orthogonal\"\nnumbering = \"none\"\n";

#[test]
fn a_board_of_a_million_nodes_is_a_limit_error() {
    let result = within(Duration::from_secs(10), || {
        board_core::profile::parse_board("huge.toml", HUGE_GRID).map(|(_, g)| g.node_count())
    });
    let error = result
        .expect_err("a board of 10^6 nodes is refused")
        .to_string();
    assert!(
        error.contains("1000000 nodes") && error.contains("limit is 384"),
        "{error}"
    );
}

#[test]
#[ignore = "a 25 MB profile text; release"]
fn a_custom_board_of_a_million_listed_nodes_is_a_limit_error() {
    let peak = isolated(
        "a_custom_board_of_a_million_listed_nodes_is_a_limit_error",
        || {
            let mut text = String::from("[board]\nkind = \"custom\"\nedges = []\nnodes = [\n");
            for i in 0..1_000_000u32 {
                text.push_str(&format!(
                    "{{ label = \"n{i}\", x = {}, y = {} }},\n",
                    i % 1000,
                    i / 1000
                ));
            }
            text.push_str("]\n");
            let result = within(Duration::from_secs(120), move || {
                board_core::profile::parse_board("huge.toml", &text).map(|(_, g)| g.node_count())
            });
            let error = result.expect_err("10^6 nodes are refused").to_string();
            assert!(
                error.contains("profile too large") && error.contains("the limit is 1048576 bytes"),
                "{error}"
            );
        },
    );
    // The text's size is checked before the TOML parser sees it (before that
    // limit existed, parsing these 25 MB peaked at about 2.2 GiB): what
    // remains is the text itself.
    if let Some(peak) = peak {
        assert!(peak < 200 * MIB, "peak RSS {} MiB", peak / MIB);
    }
}
