//! The profiles this crate carries: every file under the workspace's
//! `rules/morris/`, compiled in, so an engine works from any directory
//! (`Morris::builtin("…")`, from [`board_core::Builtin`]).

use crate::Morris;
use board_core::{Builtin, EmbeddedProfiles, embed_profiles};

impl Builtin for Morris {
    const PROFILES: EmbeddedProfiles = embed_profiles!("morris":
        "cheng-san.v1.toml",
        "da-san-qi.v1.toml",
        "lasker.v1.toml",
        "morabaraba.v1.toml",
        "nine-mens-morris.v1.toml",
        "nine-mens-morris.v2.toml",
        "six-mens-morris.v1.toml",
        "twelve-mens-morris.v1.toml",
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_profile_loads_and_unknown_names_are_errors() {
        let checked = board_core::conformance::builtin_profiles_load::<Morris>();
        assert!(checked.is_ok(), "{checked:?}");
    }
}
