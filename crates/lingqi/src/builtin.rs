//! The profiles this crate carries: every file under the workspace's
//! `rules/lingqi/`, compiled in, so an engine works from any directory
//! (`Lingqi::builtin("…")`, from [`board_core::Builtin`]).

use crate::Lingqi;
use board_core::{Builtin, EmbeddedProfiles, embed_profiles};

impl Builtin for Lingqi {
    const PROFILES: EmbeddedProfiles = embed_profiles!("lingqi":
        "forbidden-zones.v1.toml",
        "lingqi.v1.toml",
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_builtin_profile_loads_and_unknown_names_are_errors() {
        let checked = board_core::conformance::builtin_profiles_load::<Lingqi>();
        assert!(checked.is_ok(), "{checked:?}");
    }
}
