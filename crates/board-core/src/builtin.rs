//! Profiles compiled into a game crate, so an engine that depends on that
//! crate alone works from any directory: [`Builtin`] and the
//! [`embed_profiles!`](crate::embed_profiles) macro that lists the files.

use crate::catalog::{Catalog, EmbeddedProfiles};
use crate::game::Profiled;
use crate::profile::{ProfileError, ProfileId};

/// A game whose crate carries its own profiles (the files under the
/// workspace's `rules/<game>/`).
///
/// ```
/// use board_core::prelude::*;
/// # fn demo<G: Builtin>() -> Result<(), board_core::ProfileError> {
/// for id in G::builtin_profiles()? {
///     let game = G::builtin(&format!("{}@{}", id.name, id.version))?;
///     assert_eq!(game.header().id(), id);
/// }
/// # Ok(()) }
/// ```
pub trait Builtin: Profiled {
    /// Every profile file of this game compiled into the crate: `(path,
    /// text)`, the path as it is under the workspace
    /// (`rules/morris/cheng-san.v1.toml`).
    const PROFILES: EmbeddedProfiles;

    /// The compiled-in profiles as a catalog.
    fn builtin_catalog() -> Result<Catalog, ProfileError> {
        Catalog::embedded([Self::PROFILES])
    }

    /// The identities of the compiled-in profiles, sorted by name and
    /// version.
    fn builtin_profiles() -> Result<Vec<ProfileId>, ProfileError> {
        Ok(Self::builtin_catalog()?
            .sources()
            .iter()
            .map(|s| s.id())
            .collect())
    }

    /// Loads a compiled-in profile by name: `"russian"` for its newest
    /// version, `"russian@1"` for that version (the full
    /// `"russian-draughts/russian@1"` is accepted too).
    fn builtin(name: &str) -> Result<Self, ProfileError> {
        let catalog = Self::builtin_catalog()?;
        Self::from_profile(catalog.find_in(Self::GAME, name)?)
    }
}

/// The `(path, text)` list of a game crate's profile files, for
/// [`Builtin::PROFILES`]: `embed_profiles!("morris": "cheng-san.v1.toml",
/// …)` compiles in `rules/morris/cheng-san.v1.toml` from the workspace's
/// top-level `rules/` folder.
#[macro_export]
macro_rules! embed_profiles {
    ($game:literal: $($file:literal),* $(,)?) => {
        &[$((
            concat!("rules/", $game, "/", $file),
            include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../rules/", $game, "/", $file)),
        )),*]
    };
}
