//! Boards as graphs, versioned rule profiles, and the game interface shared
//! by every boardctl game.
//!
//! A board is a [`Graph`] built from a profile's `[board]` table
//! ([`BoardSpec`]); its tables (neighbours by [`Direction`], rays, lines) are
//! derived once. Profiles are found in a [`Catalog`] by `game/name@N`
//! references and parsed into a typed [`Profile`]. Each game crate
//! implements [`Game`], which the record checker and the CLI use.

pub mod board_spec;
pub mod catalog;
pub mod conformance;
pub mod diagram;
mod direction;
pub mod game;
pub mod graph;
mod node;
mod node_set;
pub mod profile;
pub mod record;

pub use board_spec::BoardSpec;
pub use catalog::{Catalog, EmbeddedProfiles, ProfileSource};
pub use direction::Direction;
pub use game::{
    DiagramOptions, Game, LegalityError, MoveError, Outcome, PerftOptions, PositionError, Side,
    SyntaxError, TagLookup,
};
pub use graph::{BoardError, Graph, LineId, Node};
pub use node::NodeId;
pub use node_set::{MAX_NODES, NodeSet, NodeSetIter};
pub use profile::{Profile, ProfileError, ProfileHeader, ProfileId, ProfileRef};
