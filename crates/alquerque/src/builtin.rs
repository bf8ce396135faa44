//! The profiles this crate carries: every file under the workspace's
//! `rules/alquerque/`, compiled in, so an engine works from any directory
//! (`Alquerque::builtin("…")`, from [`board_core::Builtin`]).

use crate::Alquerque;
use board_core::{Builtin, EmbeddedProfiles, embed_profiles};

impl Builtin for Alquerque {
    const PROFILES: EmbeddedProfiles = embed_profiles!("alquerque":
        "alfonso.v1.toml",
        "alquerque.v1.toml",
        "covarrubias.v1.toml",
        "murray.v1.toml",
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_profile_loads_and_unknown_names_are_errors() {
        let checked = board_core::conformance::builtin_profiles_load::<Alquerque>();
        assert!(checked.is_ok(), "{checked:?}");
    }
}
