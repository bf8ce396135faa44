//! Which games boardctl knows, and how a profile reaches its game's engine.
//!
//! This is the only place that names the game crates: every command is
//! written once, generically over [`Game`], and run through [`AnyGame`].

use board_core::{
    Catalog, Diagram, Game, GameOption, Perft, ProfileError, ProfileSource, Profiled,
};
use std::sync::Arc;

/// The profiles compiled into the binary: those every game crate carries.
pub fn embedded_catalog() -> Result<Catalog, ProfileError> {
    Catalog::embedded(EMBEDDED.iter().copied())
}

/// The compiled-in profile `reference` names, reading only the headers of
/// the files that may hold it ([`Catalog::find_embedded`]).
pub fn find_embedded(reference: &str) -> Result<board_core::ProfileSource, ProfileError> {
    Catalog::find_embedded(EMBEDDED, reference)
}

/// A command that runs on any game, once the profile's game is known.
pub trait GameTask {
    /// What the command returns.
    type Output;
    /// Runs the command on a loaded game.
    fn run<G: Game>(self, game: &G) -> Self::Output;
}

/// A command that keeps the loaded game it runs on (shared, not copied).
pub trait SharedTask {
    /// What the command returns.
    type Output;
    /// Runs the command on a loaded game.
    fn run<G: Game>(self, game: Arc<G>) -> Self::Output;
}

macro_rules! registry {
    ($($variant:ident => $ty:ty),* $(,)?) => {
        /// A game engine loaded from a profile, of any game (each behind an
        /// `Arc`: the engines differ in size by hundreds of bytes, and a
        /// game played while read keeps its engine).
        pub enum AnyGame {
            $(
                #[doc = concat!("A `", stringify!($ty), "` engine.")]
                $variant(Arc<$ty>),
            )*
        }

        impl std::fmt::Debug for AnyGame {
            /// The game's name (an engine's tables are not worth showing).
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                match self {
                    $(AnyGame::$variant(_) => f.write_str(<$ty as Profiled>::GAME),)*
                }
            }
        }

        /// The profile files of every game crate.
        const EMBEDDED: &[board_core::EmbeddedProfiles] = &[$(<$ty as board_core::Builtin>::PROFILES),*];

        /// Every game name boardctl can load.
        pub const GAMES: &[&str] = &[$(<$ty as Profiled>::GAME),*];

        /// The perft options each game declares, by game name.
        pub const PERFT_OPTIONS: &[(&str, &[GameOption])] =
            &[$((<$ty as Profiled>::GAME, <$ty as Perft>::PERFT_OPTIONS)),*];

        /// The diagram options each game declares, by game name.
        pub const DIAGRAM_OPTIONS: &[(&str, &[GameOption])] =
            &[$((<$ty as Profiled>::GAME, <$ty as Diagram>::DIAGRAM_OPTIONS)),*];

        impl AnyGame {
            /// Loads the profile's game.
            pub fn load(source: &ProfileSource) -> Result<AnyGame, ProfileError> {
                $(
                    if source.header.game == <$ty as Profiled>::GAME {
                        return Ok(AnyGame::$variant(Arc::new(<$ty as Profiled>::from_profile(source)?)));
                    }
                )*
                Err(ProfileError::Invalid {
                    origin: source.origin.clone(),
                    message: format!(
                        "unknown game `{}`; boardctl knows: {}",
                        source.header.game,
                        GAMES.join(", ")
                    ),
                })
            }

            /// Runs a command on the loaded game.
            #[allow(unused_variables)]
            pub fn run<T: GameTask>(&self, task: T) -> T::Output {
                match *self {
                    $(AnyGame::$variant(ref game) => task.run(&**game),)*
                }
            }

            /// Runs a command that keeps the loaded game.
            #[allow(unused_variables)]
            pub fn run_shared<T: SharedTask>(&self, task: T) -> T::Output {
                match *self {
                    $(AnyGame::$variant(ref game) => task.run(Arc::clone(game)),)*
                }
            }
        }
    };
}

registry! {
    Alquerque => alquerque::Alquerque,
    Morris => morris::Morris,
    Draughts => russian_draughts::Draughts,
    Lingqi => lingqi::Lingqi,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn files_under(dir: &Path, prefix: &str, out: &mut Vec<String>) {
        let entries = std::fs::read_dir(dir).expect("rules/ is readable");
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = entry.path();
            if path.is_dir() {
                files_under(&path, &format!("{prefix}{name}/"), out);
            } else if name.ends_with(".toml") {
                out.push(format!("{prefix}{name}"));
            }
        }
    }

    /// The header read from the keys before the first table is the header
    /// the whole file gives, for every compiled-in profile.
    #[test]
    fn embedded_headers_are_the_whole_files_headers() {
        let catalog = embedded_catalog().expect("the embedded profiles load");
        assert_eq!(
            catalog.sources().len(),
            EMBEDDED.iter().map(|f| f.len()).sum::<usize>()
        );
        for source in catalog.sources() {
            let whole = board_core::profile::parse_header(&source.origin, &source.text)
                .expect("the whole file parses");
            assert_eq!(source.header, whole, "{}", source.origin);
        }
    }

    /// Looking a reference up among the files that may hold it finds what
    /// the whole catalog finds, for every compiled-in profile with and
    /// without its version, and fails with the same message otherwise.
    #[test]
    fn find_embedded_agrees_with_the_whole_catalog() {
        let catalog = embedded_catalog().expect("the embedded profiles load");
        let mut references = vec![
            "russian".to_string(),
            "russian-draughts/nope".to_string(),
            "russian-draughts/russian@99".to_string(),
            "nope/russian".to_string(),
            "a/b/c".to_string(),
            String::new(),
        ];
        for source in catalog.sources() {
            let id = source.id();
            references.push(format!("{}/{}", id.game, id.name));
            references.push(id.to_string());
        }
        for reference in &references {
            let whole = catalog.find(reference).map(|s| s.origin.clone());
            let narrow = find_embedded(reference).map(|s| s.origin);
            match (whole, narrow) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "{reference}"),
                (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string(), "{reference}"),
                (a, b) => panic!("{reference}: {a:?} against {b:?}"),
            }
        }
    }

    /// A profile added under `rules/` but not listed in its game crate's
    /// `PROFILES` would be missing from the binary.
    #[test]
    fn the_game_crates_carry_every_file_under_rules() {
        let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules");
        let mut on_disk = Vec::new();
        files_under(&rules, "rules/", &mut on_disk);
        on_disk.sort();
        let catalog = embedded_catalog().expect("the embedded profiles load");
        let mut embedded: Vec<String> =
            catalog.sources().iter().map(|s| s.origin.clone()).collect();
        embedded.sort();
        assert_eq!(embedded, on_disk);
        for (path, text) in EMBEDDED.iter().flat_map(|f| f.iter()) {
            let disk = std::fs::read_to_string(rules.join(path.trim_start_matches("rules/")))
                .expect("the file exists");
            assert_eq!(*text, disk, "{path}");
        }
    }
}
