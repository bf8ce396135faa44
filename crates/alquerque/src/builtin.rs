//! The profiles this crate carries: every file under the workspace's
//! `rules/alquerque/`, compiled in, so an engine works from any directory.

use crate::Alquerque;
use board_core::{Catalog, EmbeddedProfiles, ProfileError, ProfileId, Profiled};

impl Alquerque {
    /// Every profile file of this game compiled into the crate: `(path, text)`,
    /// the path as it is under the workspace (`rules/alquerque/alfonso.v1.toml`).
    pub const PROFILES: EmbeddedProfiles = &[
        (
            "rules/alquerque/alfonso.v1.toml",
            include_str!("../../../rules/alquerque/alfonso.v1.toml"),
        ),
        (
            "rules/alquerque/alquerque.v1.toml",
            include_str!("../../../rules/alquerque/alquerque.v1.toml"),
        ),
        (
            "rules/alquerque/covarrubias.v1.toml",
            include_str!("../../../rules/alquerque/covarrubias.v1.toml"),
        ),
        (
            "rules/alquerque/murray.v1.toml",
            include_str!("../../../rules/alquerque/murray.v1.toml"),
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

    /// Loads a compiled-in profile by name: `"alquerque"` for its newest
    /// version, `"alquerque@1"` for that version (`"alquerque/alquerque@1"` is
    /// accepted too).
    pub fn builtin(name: &str) -> Result<Alquerque, ProfileError> {
        let catalog = Self::builtin_catalog()?;
        <Alquerque as Profiled>::from_profile(catalog.find_in(<Alquerque as Profiled>::GAME, name)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_profile_loads_by_name_and_version() {
        let ids = Alquerque::builtin_profiles().expect("the compiled-in profiles parse");
        assert_eq!(ids.len(), Alquerque::PROFILES.len());
        for id in ids {
            let game = Alquerque::builtin(&format!("{}@{}", id.name, id.version))
                .unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(game.header().id(), id);
        }
        let newest = Alquerque::builtin("alquerque").expect("newest version");
        assert_eq!(newest.header().name, "alquerque");
    }

    #[test]
    fn unknown_builtin_names_are_errors() {
        assert!(matches!(
            Alquerque::builtin("no-such-profile"),
            Err(ProfileError::UnknownProfile { .. })
        ));
        assert!(matches!(
            Alquerque::builtin("alquerque@99"),
            Err(ProfileError::UnknownVersion { .. })
        ));
        assert!(matches!(
            Alquerque::builtin("other-game/alquerque"),
            Err(ProfileError::BadReference { .. })
        ));
    }
}
