//! The profiles this crate carries: every file under the workspace's
//! `rules/russian-draughts/`, compiled in, so an engine works from any directory
//! (`Draughts::builtin("…")`, from [`board_core::Builtin`]).

use crate::Draughts;
use board_core::{Builtin, EmbeddedProfiles, embed_profiles};

impl Builtin for Draughts {
    const PROFILES: EmbeddedProfiles = embed_profiles!("russian-draughts":
        "brazilian.v1.toml",
        "brazilian.v2.toml",
        "czech.v1.toml",
        "czech.v2.toml",
        "english.v1.toml",
        "english.v2.toml",
        "international.v1.toml",
        "international.v2.toml",
        "russian.v1.toml",
        "russian.v2.toml",
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_profile_loads_and_unknown_names_are_errors() {
        let checked = board_core::conformance::builtin_profiles_load::<Draughts>();
        assert!(checked.is_ok(), "{checked:?}");
    }
}
