//! What every game keeps of its profile — header, board, typed rule
//! switches, start position — and the settings text written from the
//! rules, once for all games.

use crate::graph::Graph;
use crate::profile::ProfileHeader;
use serde::Serialize;

/// A game's profile as loaded: the header, the board, the rule switches
/// `R` and the start position `P`. Each game embeds one and hands it to
/// [`crate::Profiled::configured`], which provides the header, board,
/// start position and settings of every game.
#[derive(Clone, Debug)]
pub struct Configured<R, P> {
    /// The profile's header.
    pub header: ProfileHeader,
    /// The board.
    pub graph: Graph,
    /// The rule switches, defaults filled in.
    pub rules: R,
    /// The start position.
    pub start: P,
}

/// The rule switches as TOML text, in the order of the rules type's
/// fields. Rules types are plain values; should one not be writable, the
/// text says so in a comment instead.
pub fn settings_text<R: Serialize>(rules: &R) -> String {
    toml::to_string(rules).unwrap_or_else(|e| format!("# cannot write the rules: {e}\n"))
}
