//! Findings of `check`, and how they are shown: compiler-style text
//! rendered by `annotate-snippets` (the renderer rustc uses: it measures
//! display width and expands tabs, so the caret stands under the token), or
//! one JSON object per line written by serde.

use annotate_snippets::{AnnotationKind, Level, Origin, Renderer, Snippet};
use board_core::record::{Pos, Span};
use serde::Serialize;
use std::fmt;

/// How bad a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The record is wrong (exit code 1).
    Error,
    /// Worth a look; the moves are legal, or stood as played
    /// (`irregular-move`).
    Warning,
}

impl Severity {
    /// `error` or `warning`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
        }
    }
}

/// The stable codes of findings (docs/check.md lists what each means);
/// written in kebab-case in text and JSON (`illegal-move`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Code {
    /// A move the position does not allow.
    IllegalMove,
    /// A move the rules forbid but that was played and stood
    /// (`--irregular stand`): played as written.
    IrregularMove,
    /// A move text that names several legal moves.
    AmbiguousMove,
    /// A move text that is not well-formed.
    MoveSyntax,
    /// A `-` placeholder instead of a move.
    UnknownMove,
    /// A move after the game ended: drawn by a rule of the profile, or won
    /// on the board.
    MoveAfterEnd,
    /// No profile can be chosen for the game, or the one named is unknown.
    UnknownRules,
    /// An invalid `FEN` tag or set-up command.
    BadPosition,
    /// Malformed record text.
    PdnSyntax,
    /// A result that contradicts the board or the `Result` tag.
    ResultMismatch,
    /// No result token and no `Result` tag.
    MissingResult,
    /// A move number that does not match the ply.
    MoveNumber,
    /// Text after a tag pair on its line, skipped.
    TagJunk,
    /// A file that is not text (a NUL byte near its start): not read.
    BinaryFile,
    /// A tag name boardctl reads, written in another case (`[fen "…"]`):
    /// read as the tag it names.
    TagCase,
    /// Text glued to the end of a move (`8-11Red...`): the move is read,
    /// the text is not a move.
    GluedText,
    /// A variation that is not checked: the line it branches from could
    /// not be followed to where it starts.
    UncheckedVariation,
    /// A file that holds no game.
    NoGames,
}

impl Code {
    /// Every code, in the order of the docs.
    pub const ALL: [Code; 18] = [
        Code::IllegalMove,
        Code::IrregularMove,
        Code::AmbiguousMove,
        Code::MoveSyntax,
        Code::UnknownMove,
        Code::MoveAfterEnd,
        Code::UnknownRules,
        Code::BadPosition,
        Code::PdnSyntax,
        Code::ResultMismatch,
        Code::MissingResult,
        Code::MoveNumber,
        Code::TagJunk,
        Code::TagCase,
        Code::BinaryFile,
        Code::GluedText,
        Code::UncheckedVariation,
        Code::NoGames,
    ];

    /// The stable name (`illegal-move`).
    pub fn as_str(self) -> &'static str {
        match self {
            Code::IllegalMove => "illegal-move",
            Code::IrregularMove => "irregular-move",
            Code::AmbiguousMove => "ambiguous-move",
            Code::MoveSyntax => "move-syntax",
            Code::UnknownMove => "unknown-move",
            Code::MoveAfterEnd => "move-after-end",
            Code::UnknownRules => "unknown-rules",
            Code::BadPosition => "bad-position",
            Code::PdnSyntax => "pdn-syntax",
            Code::ResultMismatch => "result-mismatch",
            Code::MissingResult => "missing-result",
            Code::MoveNumber => "move-number",
            Code::TagJunk => "tag-junk",
            Code::TagCase => "tag-case",
            Code::BinaryFile => "binary-file",
            Code::GluedText => "glued-text",
            Code::UncheckedVariation => "unchecked-variation",
            Code::NoGames => "no-games",
        }
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One finding in one game.
#[derive(Clone, Debug)]
pub struct Diagnostic {
    /// Game number in its file, from 1.
    pub game: usize,
    /// Ply of the move concerned, from 1 along its line, if any.
    pub ply: Option<u32>,
    /// Where.
    pub span: Span,
    /// Error or warning.
    pub severity: Severity,
    /// Stable code.
    pub code: Code,
    /// What is wrong.
    pub message: String,
    /// What to do, if known.
    pub help: Option<String>,
}

impl Diagnostic {
    /// An error.
    pub fn error(code: Code, span: Span, message: String) -> Self {
        Diagnostic {
            game: 0,
            ply: None,
            span,
            severity: Severity::Error,
            code,
            message,
            help: None,
        }
    }

    /// A warning.
    pub fn warning(code: Code, span: Span, message: String) -> Self {
        Diagnostic {
            severity: Severity::Warning,
            ..Diagnostic::error(code, span, message)
        }
    }

    /// With a ply.
    pub fn at_ply(mut self, ply: u32) -> Self {
        self.ply = Some(ply);
        self
    }

    /// With a help line.
    pub fn with_help(mut self, help: Option<String>) -> Self {
        self.help = help;
        self
    }
}

/// The line `line` of a game's source text (which starts at `start`) and
/// the byte offset in the file where that line starts. When the text starts
/// mid-line, the columns before it are spaces (and the offset is moved back
/// by as many bytes).
fn source_line(source: &(Pos, Vec<u8>), line: u32) -> Option<(String, u64)> {
    let (start, bytes) = source;
    if line < start.line {
        return None;
    }
    let mut rest: &[u8] = bytes;
    let mut offset = start.offset;
    for _ in start.line..line {
        let nl = rest.iter().position(|&b| b == b'\n')?;
        rest = &rest[nl + 1..];
        offset += nl as u64 + 1;
    }
    let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    let mut line_bytes = &rest[..end];
    if let [before @ .., b'\r'] = line_bytes {
        line_bytes = before;
    }
    let mut text = String::new();
    if line == start.line && start.column > 1 {
        let pad = start.column as usize - 1;
        text.push_str(&" ".repeat(pad));
        offset = offset.saturating_sub(pad as u64);
    }
    text.push_str(&String::from_utf8_lossy(line_bytes));
    Some((text, offset))
}

/// The byte range, within `text` (a lossy decoding of the line that starts
/// at file offset `line_start`), of the span: invalid bytes before it
/// decode to more bytes than they were, so the start is found by decoding
/// the prefix.
fn span_in_line(
    text: &str,
    raw: &(Pos, Vec<u8>),
    line_start: u64,
    span: Span,
) -> std::ops::Range<usize> {
    let (start, bytes) = raw;
    let in_source = |offset: u64| offset.saturating_sub(start.offset) as usize;
    let from = in_source(line_start.max(start.offset));
    let to = in_source(span.start.offset).min(bytes.len());
    let pad = (start.offset.saturating_sub(line_start)) as usize;
    let before = pad + String::from_utf8_lossy(&bytes[from.min(to)..to]).len();
    let begin = before.min(text.len());
    let len = (span.len() as usize).max(1);
    let mut end = (begin + len).min(text.len());
    while !text.is_char_boundary(end) {
        end += 1;
    }
    begin..end.max(begin)
}

/// Compiler-style text: `error[code]: message`, then `--> file:line:col`,
/// the source line with a caret under the span, and `= help:`.
pub fn render_text(file: &str, d: &Diagnostic, source: Option<&(Pos, Vec<u8>)>) -> String {
    let p = d.span.start;
    let level = match d.severity {
        Severity::Error => Level::ERROR,
        Severity::Warning => Level::WARNING,
    };
    let title = level.primary_title(d.message.as_str()).id(d.code.as_str());
    let line = source.and_then(|s| source_line(s, p.line).map(|l| (s, l)));
    let mut group = match &line {
        Some((raw, (text, line_start))) => {
            let range = span_in_line(text, raw, *line_start, d.span);
            title.element(
                Snippet::source(text.as_str())
                    .line_start(p.line as usize)
                    .path(file)
                    .annotation(AnnotationKind::Primary.span(range)),
            )
        }
        None => title.element(
            Origin::path(file)
                .line(p.line as usize)
                .char_column(p.column as usize),
        ),
    };
    if let Some(help) = &d.help {
        group = group.element(Level::HELP.message(help.as_str()));
    }
    let mut out = Renderer::plain().render(&[group]);
    out.push_str("\n\n");
    out
}

/// One finding as a JSON object: keys in a fixed order.
#[derive(Serialize)]
struct JsonFinding<'a> {
    file: &'a str,
    game: usize,
    ply: Option<u32>,
    line: u32,
    column: u32,
    /// Byte offsets in the file: start and end.
    span: [u64; 2],
    severity: Severity,
    code: Code,
    message: &'a str,
    help: Option<&'a str>,
}

/// One JSON object on one line, keys in a fixed order: `file`, `game`,
/// `ply`, `line`, `column`, `span` (bytes), `severity`, `code`,
/// `message`, `help`.
pub fn render_json(file: &str, d: &Diagnostic) -> String {
    let finding = JsonFinding {
        file,
        game: d.game,
        ply: d.ply,
        line: d.span.start.line,
        column: d.span.start.column,
        span: [d.span.start.offset, d.span.end],
        severity: d.severity,
        code: d.code,
        message: &d.message,
        help: d.help.as_deref(),
    };
    serde_json::to_string(&finding).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

/// A game's result object in JSON.
#[derive(Serialize)]
struct JsonGame<'a> {
    file: &'a str,
    game: usize,
    result: &'a crate::check::verify::GameResult,
}

/// One JSON object for a game, after its findings: `file`, `game`, and
/// `result` with `recorded`, `board` (`end`: `win`, `draw`, `unfinished`
/// or `unknown`, with `winner`, `rule`, `claim`, `at`) and `agree`.
pub fn render_json_game(
    file: &str,
    game: usize,
    result: &crate::check::verify::GameResult,
) -> String {
    let object = JsonGame { file, game, result };
    serde_json::to_string(&object).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_in_the_docs_table_and_serde_spells_it_as_as_str() {
        let docs = include_str!("../../../../docs/check.md");
        for code in Code::ALL {
            let name = code.as_str();
            assert!(
                docs.lines()
                    .any(|l| l.starts_with('|') && l.contains(&format!("`{name}`"))),
                "docs/check.md has no table row for `{name}`"
            );
            let json = serde_json::to_string(&code).expect("a code serializes");
            assert_eq!(json, format!("\"{name}\""));
        }
    }
}
