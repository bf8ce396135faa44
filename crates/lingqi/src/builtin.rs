//! The profiles this crate carries: every file under the workspace's
//! `rules/lingqi/`, compiled in, so an engine works from any directory.

use crate::Lingqi;
use board_core::{Catalog, EmbeddedProfiles, ProfileError, ProfileId, Profiled};

impl Lingqi {
    /// Every profile file of this game compiled into the crate: `(path, text)`,
    /// the path as it is under the workspace (`rules/lingqi/forbidden-zones.v1.toml`).
    pub const PROFILES: EmbeddedProfiles = &[
        (
            "rules/lingqi/forbidden-zones.v1.toml",
            include_str!("../../../rules/lingqi/forbidden-zones.v1.toml"),
        ),
        (
            "rules/lingqi/lingqi.v1.toml",
            include_str!("../../../rules/lingqi/lingqi.v1.toml"),
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

    /// Loads a compiled-in profile by name: `"lingqi"` for its newest
    /// version, `"lingqi@1"` for that version (`"lingqi/lingqi@1"` is
    /// accepted too).
    pub fn builtin(name: &str) -> Result<Lingqi, ProfileError> {
        let catalog = Self::builtin_catalog()?;
        <Lingqi as Profiled>::from_profile(catalog.find_in(<Lingqi as Profiled>::GAME, name)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_profile_loads_by_name_and_version() {
        let ids = Lingqi::builtin_profiles().expect("the compiled-in profiles parse");
        assert_eq!(ids.len(), Lingqi::PROFILES.len());
        for id in ids {
            let game = Lingqi::builtin(&format!("{}@{}", id.name, id.version))
                .unwrap_or_else(|e| panic!("{id}: {e}"));
            assert_eq!(game.header().id(), id);
        }
        let newest = Lingqi::builtin("lingqi").expect("newest version");
        assert_eq!(newest.header().name, "lingqi");
    }

    #[test]
    fn unknown_builtin_names_are_errors() {
        assert!(matches!(
            Lingqi::builtin("no-such-profile"),
            Err(ProfileError::UnknownProfile { .. })
        ));
        assert!(matches!(
            Lingqi::builtin("lingqi@99"),
            Err(ProfileError::UnknownVersion { .. })
        ));
        assert!(matches!(
            Lingqi::builtin("other-game/lingqi"),
            Err(ProfileError::BadReference { .. })
        ));
    }
}
