//! Squares, sides and moves in a profile's notation: what the game writes
//! and what the explanations of illegal moves ([`crate::explain`]) quote.

use crate::movegen::Engine;
use crate::moves::Move;
use crate::rules::Rules;
use crate::squares::write_square;
use board_core::Graph;

/// Writes squares and moves the way one profile does.
#[derive(Clone, Copy, Debug)]
pub struct Names<'a> {
    /// The board.
    pub graph: &'a Graph,
    /// The compiled move generator (its layout maps bits to nodes).
    pub engine: &'a Engine,
    /// The profile's rule switches (notation, capture separator).
    pub rules: &'a Rules,
}

impl Names<'_> {
    /// The name of a square (bit) in the profile's notation.
    pub fn square(&self, bit: u8) -> String {
        match self.engine.layout.node(u32::from(bit)) {
            Some(n) => write_square(self.graph, n, self.rules.notation),
            None => format!("?{bit}"),
        }
    }

    fn separator(&self, mv: &Move) -> &str {
        if mv.is_capture() {
            self.rules.capture_separator.as_str()
        } else {
            "-"
        }
    }

    /// A move with every landing square (`h2:f4:h6:f8:b4:e1`).
    pub fn full(&self, mv: &Move) -> String {
        let sep = self.separator(mv);
        let mut out = self.square(mv.from);
        for &s in &mv.path {
            out.push_str(sep);
            out.push_str(&self.square(s));
        }
        out
    }

    /// A move by its first and last square only (`c3:e5`).
    pub fn short(&self, mv: &Move) -> String {
        format!(
            "{}{}{}",
            self.square(mv.from),
            self.separator(mv),
            self.square(mv.to())
        )
    }
}
