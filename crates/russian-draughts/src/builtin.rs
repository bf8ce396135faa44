//! The profiles this crate carries: every file under the workspace's
//! `rules/russian-draughts/`, compiled in, so an engine works from any directory.

use crate::Draughts;
use board_core::{Catalog, EmbeddedProfiles, ProfileError, ProfileId, Profiled};

impl Draughts {
    /// Every profile file of this game compiled into the crate: `(path, text)`,
    /// the path as it is under the workspace (`rules/russian-draughts/brazilian.v1.toml`).
    pub const PROFILES: EmbeddedProfiles = &[
        (
            "rules/russian-draughts/brazilian.v1.toml",
            include_str!("../../../rules/russian-draughts/brazilian.v1.toml"),
        ),
        (
            "rules/russian-draughts/brazilian.v2.toml",
            include_str!("../../../rules/russian-draughts/brazilian.v2.toml"),
        ),
        (
            "rules/russian-draughts/czech.v1.toml",
            include_str!("../../../rules/russian-draughts/czech.v1.toml"),
        ),
        (
            "rules/russian-draughts/czech.v2.toml",
            include_str!("../../../rules/russian-draughts/czech.v2.toml"),
        ),
        (
            "rules/russian-draughts/english.v1.toml",
            include_str!("../../../rules/russian-draughts/english.v1.toml"),
        ),
        (
            "rules/russian-draughts/english.v2.toml",
            include_str!("../../../rules/russian-draughts/english.v2.toml"),
        ),
        (
            "rules/russian-draughts/international.v1.toml",
            include_str!("../../../rules/russian-draughts/international.v1.toml"),
        ),
        (
            "rules/russian-draughts/international.v2.toml",
            include_str!("../../../rules/russian-draughts/international.v2.toml"),
        ),
        (
            "rules/russian-draughts/russian.v1.toml",
            include_str!("../../../rules/russian-draughts/russian.v1.toml"),
        ),
        (
            "rules/russian-draughts/russian.v2.toml",
            include_str!("../../../rules/russian-draughts/russian.v2.toml"),
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

    /// Loads a compiled-in profile by name: `"russian"` for its newest
    /// version, `"russian@1"` for that version (`"russian-draughts/russian@1"` is
    /// accepted too).
    pub fn builtin(name: &str) -> Result<Draughts, ProfileError> {
        let catalog = Self::builtin_catalog()?;
        <Draughts as Profiled>::from_profile(catalog.find_in(<Draughts as Profiled>::GAME, name)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_profile_loads_by_name_and_version() {
        let ids = Draughts::builtin_profiles().expect("the compiled-in profiles parse");
        assert_eq!(ids.len(), Draughts::PROFILES.len());
        for id in ids {
            let game = Draughts::builtin(&format!("{}@{}", id.name, id.version))
                .unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(game.header().id(), id);
        }
        let newest = Draughts::builtin("russian").expect("newest version");
        assert_eq!(newest.header().name, "russian");
    }

    #[test]
    fn unknown_builtin_names_are_errors() {
        assert!(matches!(
            Draughts::builtin("no-such-profile"),
            Err(ProfileError::UnknownProfile { .. })
        ));
        assert!(matches!(
            Draughts::builtin("russian@99"),
            Err(ProfileError::UnknownVersion { .. })
        ));
        assert!(matches!(
            Draughts::builtin("other-game/russian"),
            Err(ProfileError::BadReference { .. })
        ));
    }
}
