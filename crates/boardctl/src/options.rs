//! The options of perft counts and diagrams on the command line: which
//! flags are enabled, and the refusal of an option the chosen game does
//! not declare.

use crate::registry::embedded_catalog;
use board_core::{GameOption, OptionSet};

/// The options of the given `(name, enabled)` flags.
pub fn from_flags(flags: &[(&'static str, bool)]) -> OptionSet {
    let mut set = OptionSet::default();
    for &(name, on) in flags {
        if on {
            set.enable(name);
        }
    }
    set
}

/// Refuses an enabled option that `game` does not declare; the message
/// says what the option does and names the games and profiles that have it
/// (`owners`: the options of every game, by game name).
pub fn refuse_undeclared(
    game: &str,
    enabled: &OptionSet,
    declared: &[GameOption],
    owners: &[(&str, &[GameOption])],
) -> anyhow::Result<()> {
    let Some(name) = enabled.undeclared(declared) else {
        return Ok(());
    };
    let having: Vec<(&str, &GameOption)> = owners
        .iter()
        .filter_map(|(g, options)| options.iter().find(|o| o.name == name).map(|o| (*g, o)))
        .collect();
    let Some((_, option)) = having.first() else {
        anyhow::bail!("--{name} is not an option of {game}, nor of any other game");
    };
    let mut games: Vec<&str> = having.iter().map(|(g, _)| *g).collect();
    games.sort_unstable();
    let mut profiles: Vec<String> = embedded_catalog()?
        .sources()
        .iter()
        .filter(|s| games.contains(&s.header.game.as_str()))
        .map(|s| format!("{}/{}", s.header.game, s.header.name))
        .collect();
    profiles.sort();
    profiles.dedup();
    anyhow::bail!(
        "--{name} is not an option of {game}; it {} in the {} profiles ({})",
        option.help,
        games.join(" and "),
        profiles.join(", ")
    )
}
