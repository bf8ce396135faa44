#![doc = include_str!("../README.md")]

pub mod board_spec;
mod builtin;
pub mod catalog;
pub mod configured;
pub mod conformance;
pub mod diagram;
mod direction;
pub mod game;
pub mod graph;
mod node;
mod node_set;
pub mod notation;
pub mod options;
pub mod profile;
pub mod record;
pub mod svg;

pub use board_spec::BoardSpec;
pub use builtin::Builtin;
pub use catalog::{Catalog, EmbeddedProfiles, ProfileSource};
pub use configured::{Configured, settings_text};
pub use direction::Direction;
pub use game::{
    Adjudication, CaptureStyle, Click, ClickRole, Diagram, Ending, Game, GameRules, LegalityError,
    MoveError, MoveErrorKind, MoveParts, MoveStyle, Notation, Outcome, Perft, PerftSplit,
    PerftSubtree, PositionError, PositionProblem, PositionProblemKind, Profiled, RecordHooks,
    RemovalStyle, SeparatorStyle, Side, Slip, SquareStyle, Suggestion, SyntaxError, TagLookup,
    clicks_of,
};
pub use graph::{BoardError, Graph, LineId, Node};
pub use node::NodeId;
pub use node_set::{MAX_NODES, NodeSet, NodeSetIter};
pub use options::{DiagramOptions, GameOption, NO_BULK, OptionSet, PerftOptions};
pub use profile::{KeyMeanings, Profile, ProfileError, ProfileHeader, ProfileId, ProfileRef};

/// The game layers, for `use board_core::prelude::*`: calling a layer's
/// methods on a concrete game needs that layer's trait in scope.
pub mod prelude {
    pub use crate::builtin::Builtin;
    pub use crate::game::{
        Adjudication, Diagram, Game, GameRules, Notation, Perft, Profiled, RecordHooks,
    };
}
