//! Which games boardctl knows, and how a profile reaches its game's engine.
//!
//! This is the only place that names the game crates: every command is
//! written once, generically over [`Game`], and run through [`AnyGame`].

use board_core::{
    Catalog, Diagram, Game, GameOption, Perft, ProfileError, ProfileSource, Profiled,
};
use std::borrow::Cow;

include!(concat!(env!("OUT_DIR"), "/embedded_profiles.rs"));

/// The profiles compiled into the binary.
pub fn embedded_catalog() -> Result<Catalog, ProfileError> {
    Catalog::new(
        EMBEDDED
            .iter()
            .map(|&(path, text)| (path.to_string(), Cow::Borrowed(text))),
    )
}

/// A command that runs on any game, once the profile's game is known.
pub trait GameTask {
    /// What the command returns.
    type Output;
    /// Runs the command on a loaded game.
    fn run<G: Game>(self, game: &G) -> Self::Output;
}

macro_rules! registry {
    ($($variant:ident => $ty:ty),* $(,)?) => {
        /// A game engine loaded from a profile, of any game.
        pub enum AnyGame {
            $(
                #[doc = concat!("A `", stringify!($ty), "` engine.")]
                $variant($ty),
            )*
        }

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
                        return Ok(AnyGame::$variant(<$ty as Profiled>::from_profile(source)?));
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
                    $(AnyGame::$variant(ref game) => task.run(game),)*
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
