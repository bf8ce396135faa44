//! Findings of `check`, and how they are shown: compiler-style text with
//! the source line and a caret, or one JSON object per line.

use board_core::record::{Pos, Span};
use std::fmt::Write;

/// How bad a finding is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Severity {
    /// The record is wrong (exit code 1).
    Error,
    /// Worth a look; the moves are legal.
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
    /// Stable code (`illegal-move`).
    pub code: &'static str,
    /// What is wrong.
    pub message: String,
    /// What to do, if known.
    pub help: Option<String>,
}

impl Diagnostic {
    /// An error.
    pub fn error(code: &'static str, span: Span, message: String) -> Self {
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
    pub fn warning(code: &'static str, span: Span, message: String) -> Self {
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

/// The line `line` of a game's source text (which starts at `start`), with
/// the columns before the text's start (when it starts mid-line) as spaces.
fn source_line(source: &(Pos, Vec<u8>), line: u32) -> Option<String> {
    let (start, bytes) = source;
    if line < start.line {
        return None;
    }
    let mut rest: &[u8] = bytes;
    for _ in start.line..line {
        let nl = rest.iter().position(|&b| b == b'\n')?;
        rest = &rest[nl + 1..];
    }
    let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    let mut text = String::from_utf8_lossy(&rest[..end]).into_owned();
    if text.ends_with('\r') {
        text.pop();
    }
    if line == start.line && start.column > 1 {
        text.insert_str(0, &" ".repeat(start.column as usize - 1));
    }
    Some(text)
}

/// Compiler-style text: `file:line:col: error: message`, the source line
/// with a caret under the span, and `= help:`.
pub fn render_text(file: &str, d: &Diagnostic, source: Option<&(Pos, Vec<u8>)>) -> String {
    let p = d.span.start;
    let mut out = format!(
        "{file}:{}:{}: {}: {}\n",
        p.line,
        p.column,
        d.severity.as_str(),
        d.message,
    );
    if let Some(text) = source.and_then(|s| source_line(s, p.line)) {
        let number = p.line.to_string();
        let pad = " ".repeat(number.len());
        let before: String = text
            .chars()
            .take(p.column.saturating_sub(1) as usize)
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        let width = text
            .get(
                text.char_indices()
                    .nth(p.column.saturating_sub(1) as usize)
                    .map_or(text.len(), |(i, _)| i)..,
            )
            .map_or(1, |rest| {
                let bytes = d.span.len() as usize;
                let mut chars = 0;
                let mut used = 0;
                for c in rest.chars() {
                    if used >= bytes {
                        break;
                    }
                    used += c.len_utf8();
                    chars += 1;
                }
                chars.max(1)
            });
        let _ = writeln!(out, "{pad} |");
        let _ = writeln!(out, "{number} | {text}");
        let _ = writeln!(out, "{pad} | {before}{}", "^".repeat(width));
        if let Some(help) = &d.help {
            let _ = writeln!(out, "{pad} = help: {help}");
        }
    } else if let Some(help) = &d.help {
        let _ = writeln!(out, "  = help: {help}");
    }
    out
}

/// One JSON object on one line, keys in a fixed order: `file`, `game`,
/// `ply`, `line`, `column`, `span` (bytes), `severity`, `code`,
/// `message`, `help`.
pub fn render_json(file: &str, d: &Diagnostic) -> String {
    let text = |s: &str| serde_json::Value::from(s).to_string();
    let ply = d.ply.map_or("null".to_string(), |p| p.to_string());
    let help = d.help.as_deref().map_or("null".to_string(), text);
    format!(
        "{{\"file\":{},\"game\":{},\"ply\":{ply},\"line\":{},\"column\":{},\"span\":[{},{}],\"severity\":\"{}\",\"code\":\"{}\",\"message\":{},\"help\":{help}}}",
        text(file),
        d.game,
        d.span.start.line,
        d.span.start.column,
        d.span.start.offset,
        d.span.end,
        d.severity.as_str(),
        d.code,
        text(&d.message),
    )
}
