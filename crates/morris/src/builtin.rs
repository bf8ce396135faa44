//! The profiles this crate carries: every file under the workspace's
//! `rules/morris/`, compiled in, so an engine works from any directory.

use crate::Morris;
use board_core::{Catalog, EmbeddedProfiles, ProfileError, ProfileId, Profiled};

impl Morris {
    /// Every profile file of this game compiled into the crate: `(path, text)`,
    /// the path as it is under the workspace (`rules/morris/cheng-san.v1.toml`).
    pub const PROFILES: EmbeddedProfiles = &[
        (
            "rules/morris/cheng-san.v1.toml",
            include_str!("../../../rules/morris/cheng-san.v1.toml"),
        ),
        (
            "rules/morris/da-san-qi.v1.toml",
            include_str!("../../../rules/morris/da-san-qi.v1.toml"),
        ),
        (
            "rules/morris/lasker.v1.toml",
            include_str!("../../../rules/morris/lasker.v1.toml"),
        ),
        (
            "rules/morris/morabaraba.v1.toml",
            include_str!("../../../rules/morris/morabaraba.v1.toml"),
        ),
        (
            "rules/morris/nine-mens-morris.v1.toml",
            include_str!("../../../rules/morris/nine-mens-morris.v1.toml"),
        ),
        (
            "rules/morris/nine-mens-morris.v2.toml",
            include_str!("../../../rules/morris/nine-mens-morris.v2.toml"),
        ),
        (
            "rules/morris/six-mens-morris.v1.toml",
            include_str!("../../../rules/morris/six-mens-morris.v1.toml"),
        ),
        (
            "rules/morris/twelve-mens-morris.v1.toml",
            include_str!("../../../rules/morris/twelve-mens-morris.v1.toml"),
        ),
    ];

    /// The compiled-in profiles as a catalog.
    pub fn builtin_catalog() -> Result<Catalog, ProfileError> {
        Catalog::embedded(Self::PROFILES)
    }

    /// The identities of the compiled-in profiles, sorted by name and version.
    pub fn builtin_profiles() -> Result<Vec<ProfileId>, ProfileError> {
        Ok(Self::builtin_catalog()?
            .sources()
            .iter()
            .map(|s| s.id())
            .collect())
    }

    /// Loads a compiled-in profile by name: `"nine-mens-morris"` for its newest
    /// version, `"nine-mens-morris@1"` for that version (`"morris/nine-mens-morris@1"` is
    /// accepted too).
    pub fn builtin(name: &str) -> Result<Morris, ProfileError> {
        let catalog = Self::builtin_catalog()?;
        <Morris as Profiled>::from_profile(catalog.find_in(<Morris as Profiled>::GAME, name)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_profile_loads_by_name_and_version() {
        let ids = Morris::builtin_profiles().expect("the compiled-in profiles parse");
        assert_eq!(ids.len(), Morris::PROFILES.len());
        for id in ids {
            let game = Morris::builtin(&format!("{}@{}", id.name, id.version))
                .unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(game.header().id(), id);
        }
        let newest = Morris::builtin("nine-mens-morris").expect("newest version");
        assert_eq!(newest.header().name, "nine-mens-morris");
    }

    #[test]
    fn unknown_builtin_names_are_errors() {
        assert!(matches!(
            Morris::builtin("no-such-profile"),
            Err(ProfileError::UnknownProfile { .. })
        ));
        assert!(matches!(
            Morris::builtin("nine-mens-morris@99"),
            Err(ProfileError::UnknownVersion { .. })
        ));
        assert!(matches!(
            Morris::builtin("other-game/nine-mens-morris"),
            Err(ProfileError::BadReference { .. })
        ));
    }
}
