//! The PDN reader on any bytes: every event has a span inside the input,
//! in order, and reading ends.
#![no_main]

use board_core::record::{ReadError, Reader, Span, Visitor};
use libfuzzer_sys::fuzz_target;

struct Spans {
    len: u64,
    last: u64,
    games: u64,
}

impl Spans {
    fn at(&mut self, span: Span) {
        assert!(
            span.start.offset <= span.end,
            "span ends before it starts: {span:?}"
        );
        assert!(span.end <= self.len, "span past the input: {span:?}");
        assert!(span.start.line >= 1 && span.start.column >= 1, "{span:?}");
        self.last = self.last.max(span.start.offset);
    }
}

impl Visitor for Spans {
    fn tag(&mut self, _: &[u8], _: &[u8], span: Span) {
        self.at(span);
    }
    fn move_number(&mut self, _: u32, _: bool, span: Span) {
        self.at(span);
    }
    fn move_text(&mut self, text: &[u8], span: Span) {
        assert!(!text.is_empty());
        self.at(span);
    }
    fn unknown_move(&mut self, span: Span) {
        self.at(span);
    }
    fn comment(&mut self, _: &[u8], span: Span, _: bool) {
        self.at(span);
    }
    fn setup(&mut self, _: &[u8], span: Span) {
        self.at(span);
    }
    fn begin_variation(&mut self, span: Span) {
        self.at(span);
    }
    fn end_variation(&mut self, span: Span) {
        self.at(span);
    }
    fn result(&mut self, _: &[u8], span: Span) {
        self.at(span);
    }
    fn end_game(&mut self, end: u64, _: Option<board_core::record::GameText<'_>>) {
        assert!(end <= self.len);
        self.games += 1;
    }
    fn problem(&mut self, error: ReadError) {
        assert!(error.span.start.offset <= self.len, "{error:?}");
        let _ = error.to_string();
    }
}

fuzz_target!(|data: &[u8]| {
    let mut spans = Spans {
        len: data.len() as u64,
        last: 0,
        games: 0,
    };
    let mut reader = Reader::new(data);
    let mut calls = 0u64;
    while reader
        .read_game(&mut spans)
        .expect("reading a slice cannot fail")
    {
        calls += 1;
        assert!(calls <= data.len() as u64 + 1, "more games than bytes");
    }
    assert_eq!(calls, spans.games);
});
