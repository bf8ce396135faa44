//! Which rules a game record uses: its `Rules` tag, else its `GameType`
//! tag, else `--rules`; never a guess (a game with none of them gets an
//! error that suggests the likely rules). Loaded games are cached per
//! profile.

use super::diagnostic::{Code, Diagnostic};
use super::record::{Event, RecordedGame};
use crate::registry::{AnyGame, embedded_catalog, find_embedded};
use board_core::notation::is_move_separator;
use board_core::record::Span;
use board_core::{Catalog, ProfileSource};
use std::collections::HashMap;
use std::sync::Arc;

/// PDN `GameType` numbers: the game's name and the profile it selects
/// (`None`: boardctl has no profile for it).
pub const GAME_TYPES: &[(u32, &str, Option<&str>)] = &[
    (
        20,
        "International draughts",
        Some("russian-draughts/international@1"),
    ),
    (
        21,
        "English draughts (checkers)",
        Some("russian-draughts/english@1"),
    ),
    (22, "Italian draughts", None),
    (23, "American pool checkers", None),
    (24, "Spanish draughts", None),
    (25, "Russian draughts", Some("russian-draughts/russian@1")),
    (
        26,
        "Brazilian draughts",
        Some("russian-draughts/brazilian@1"),
    ),
    (29, "Czech draughts", Some("russian-draughts/czech@1")),
    (30, "Turkish draughts", None),
    (31, "Thai draughts", None),
    (40, "Frisian draughts", None),
];

/// The profile a game's record asks for, and which tag or option said so.
#[derive(Clone, Debug)]
struct Choice<'a> {
    reference: &'a str,
    origin: Origin,
    span: Option<Span>,
}

/// What selected the rules, for messages (built only when one is needed).
#[derive(Clone, Copy, Debug)]
enum Origin {
    RulesTag,
    GameType(u32, &'static str),
    Option,
}

impl Origin {
    fn describe(self, reference: &str) -> String {
        match self {
            Origin::RulesTag => format!("the Rules tag `{reference}`"),
            Origin::GameType(n, name) => format!("GameType {n} ({name})"),
            Origin::Option => format!("--rules {reference}"),
        }
    }
}

/// Where the profile a reference names is looked up.
enum Profiles {
    /// Among the compiled-in profiles only, reading the headers of the
    /// files that may hold it ([`find_embedded`]), not every compiled-in
    /// header on every run.
    Embedded,
    /// In the catalog of the compiled-in profiles and a user's.
    Catalog(Catalog),
}

impl Profiles {
    fn find(&self, reference: &str) -> Result<ProfileSource, String> {
        match self {
            Profiles::Embedded => find_embedded(reference),
            Profiles::Catalog(catalog) => catalog.find(reference).cloned(),
        }
        .map_err(|e| e.to_string())
    }
}

/// Loads profiles once each and picks a game's rules.
pub struct RulesCache {
    profiles: Profiles,
    default_rules: Option<String>,
    /// `--force-rules`: `default_rules` wins over the games' tags.
    force: bool,
    loaded: HashMap<String, Result<Arc<AnyGame>, String>>,
    /// The `Rules` and `GameType` values of the last game whose rules were
    /// found (none under `--force-rules`), and its game: consecutive games
    /// of a file usually share them, and the same values choose the same
    /// rules, found then without reading the values again or hashing.
    last: Option<([Option<String>; 2], Arc<AnyGame>)>,
}

impl RulesCache {
    /// A cache over the embedded profiles; `default_rules` is `--rules`,
    /// checked here (an unknown one is an error before any game is read).
    pub fn new(default_rules: Option<&str>) -> anyhow::Result<Self> {
        Self::with_profiles(default_rules, Vec::new())
    }

    /// A cache over the embedded profiles and a user's (`--rules-file`,
    /// which a `Rules` tag can name; one with a built-in's identity takes
    /// its place). Without `default_rules`, a single user profile is the
    /// rules of games with neither tag.
    pub fn with_profiles(
        default_rules: Option<&str>,
        user: Vec<ProfileSource>,
    ) -> anyhow::Result<Self> {
        let fallback = match (default_rules, user.as_slice()) {
            (None, [only]) => Some(only.id().to_string()),
            _ => default_rules.map(str::to_string),
        };
        let profiles = if user.is_empty() {
            Profiles::Embedded
        } else {
            let mut catalog = embedded_catalog()?;
            for source in user {
                catalog.insert(source);
            }
            Profiles::Catalog(catalog)
        };
        let default_rules = fallback.as_deref();
        let mut cache = RulesCache {
            profiles,
            default_rules: default_rules.map(str::to_string),
            force: false,
            loaded: HashMap::new(),
            last: None,
        };
        if let Some(r) = default_rules {
            if let Err(e) = load(&cache.profiles, &mut cache.loaded, r) {
                anyhow::bail!("--rules {r}: {e}");
            }
        }
        Ok(cache)
    }

    /// With `force`, `--rules` is used for every game, whatever its tags.
    pub fn forcing(mut self, force: bool) -> Self {
        self.force = force && self.default_rules.is_some();
        self
    }

    /// The loaded game a record's rules select, or the `unknown-rules`
    /// error to report for it.
    pub fn game_for(&mut self, game: &RecordedGame) -> Result<Arc<AnyGame>, Diagnostic> {
        let tags = self.rules_tags(game);
        self.game_with_tags(game, tags)
    }

    /// The `Rules` and `GameType` tags that choose `game`'s rules: none
    /// when `--rules` is forced (every game then has the same rules,
    /// whatever its tags).
    fn rules_tags<'g>(&self, game: &'g RecordedGame) -> [Option<(&'g str, Span)>; 2] {
        if self.force {
            [None, None]
        } else {
            game.tags_with_span(["Rules", "GameType"])
        }
    }

    /// [`RulesCache::game_for`] with the game's `tags` read.
    fn game_with_tags(
        &mut self,
        game: &RecordedGame,
        tags: [Option<(&str, Span)>; 2],
    ) -> Result<Arc<AnyGame>, Diagnostic> {
        let values = tags.map(|tag| tag.map(|(value, _)| value));
        if let Some((last, loaded)) = &self.last {
            if last[0].as_deref() == values[0] && last[1].as_deref() == values[1] {
                return Ok(Arc::clone(loaded));
            }
        }
        let found = self.find(game, tags);
        if let Ok(loaded) = &found {
            let key = values.map(|value| value.map(str::to_string));
            self.last = Some((key, Arc::clone(loaded)));
        }
        found
    }

    /// The loaded game of the last game whose rules were chosen.
    pub fn last_game(&self) -> Option<Arc<AnyGame>> {
        self.last.as_ref().map(|(_, game)| Arc::clone(game))
    }

    /// [`RulesCache::game_for`] of a game whose movetext begins, when its
    /// `Rules` and `GameType` values are ASCII (so that they read the same
    /// in any encoding the rest of its text may turn out to be in); `None`
    /// otherwise and on an error, which [`RulesCache::game_for`] reports
    /// once the game is read.
    pub fn game_before_moves(&mut self, game: &RecordedGame) -> Option<Arc<AnyGame>> {
        let tags = self.rules_tags(game);
        if tags.iter().flatten().any(|(value, _)| !value.is_ascii()) {
            return None;
        }
        self.game_with_tags(game, tags).ok()
    }

    /// [`RulesCache::game_for`] of a game whose `Rules` and `GameType` tags
    /// are `tags`.
    fn find(
        &mut self,
        game: &RecordedGame,
        tags: [Option<(&str, Span)>; 2],
    ) -> Result<Arc<AnyGame>, Diagnostic> {
        let Choice {
            reference,
            origin,
            span,
        } = match (&self.default_rules, self.force) {
            (Some(reference), true) => Choice {
                reference: reference.as_str(),
                origin: Origin::Option,
                span: None,
            },
            _ => Self::choose(self.default_rules.as_deref(), game, tags)?,
        };
        load(&self.profiles, &mut self.loaded, reference).map_err(|e| {
            Diagnostic::error(
                Code::UnknownRules,
                span.unwrap_or(Span {
                    start: game.start,
                    end: game.start.offset,
                }),
                format!(
                    "{} selects rules boardctl cannot load: {e}",
                    origin.describe(reference)
                ),
            )
        })
    }

    /// The rules a game's `Rules` and `GameType` tags (as
    /// [`RecordedGame::tags_with_span`] finds them) select, else `--rules`.
    fn choose<'a>(
        default_rules: Option<&'a str>,
        game: &'a RecordedGame,
        [rules, game_type]: [Option<(&'a str, Span)>; 2],
    ) -> Result<Choice<'a>, Diagnostic> {
        if let Some((value, span)) = rules {
            return Ok(Choice {
                reference: value.trim(),
                origin: Origin::RulesTag,
                span: Some(span),
            });
        }
        if let Some((value, span)) = game_type {
            let first = value
                .split(',')
                .next()
                .unwrap_or_default()
                .trim()
                .parse::<u32>();
            let entry = first
                .as_ref()
                .ok()
                .and_then(|n| GAME_TYPES.iter().find(|(k, _, _)| k == n));
            return match entry {
                Some((n, name, Some(reference))) => Ok(Choice {
                    reference,
                    origin: Origin::GameType(*n, name),
                    span: Some(span),
                }),
                Some((n, name, None)) => Err(Diagnostic::error(
                    Code::UnknownRules,
                    span,
                    format!("GameType {n} ({name}) has no rule profile in boardctl"),
                )
                .with_help(Some(
                    "add a [Rules \"game/profile\"] tag; `boardctl profiles list` shows the profiles"
                        .into(),
                ))),
                None => Err(Diagnostic::error(
                    Code::UnknownRules,
                    span,
                    format!("GameType `{value}` is not a draughts type boardctl knows"),
                )
                .with_help(Some(known_types()))),
            };
        }
        if let Some(reference) = default_rules {
            return Ok(Choice {
                reference,
                origin: Origin::Option,
                span: None,
            });
        }
        Err(Diagnostic::error(
            Code::UnknownRules,
            Span {
                start: game.start,
                end: game.start.offset,
            },
            "the rules of this game are unknown: no Rules or GameType tag, and no --rules option"
                .to_string(),
        )
        .with_help(Some(suggest(game))))
    }
}

/// The game a profile reference names, loaded once.
fn load(
    profiles: &Profiles,
    loaded: &mut HashMap<String, Result<Arc<AnyGame>, String>>,
    reference: &str,
) -> Result<Arc<AnyGame>, String> {
    if let Some(found) = loaded.get(reference) {
        return found.clone();
    }
    let game = profiles.find(reference).and_then(|source| {
        AnyGame::load(&source)
            .map(Arc::new)
            .map_err(|e| e.to_string())
    });
    loaded.insert(reference.to_string(), game.clone());
    game
}

fn known_types() -> String {
    let list: Vec<String> = GAME_TYPES
        .iter()
        .filter(|(_, _, p)| p.is_some())
        .map(|(n, name, _)| format!("{n} {name}"))
        .collect();
    format!("known GameType numbers: {}", list.join(", "))
}

/// What the moves look like, as a suggestion (never applied).
pub fn suggest(game: &RecordedGame) -> String {
    let mut algebraic = 0usize;
    let mut numeric_max = 0u32;
    let mut other = 0usize;
    for e in &game.events {
        let Event::Move { text, .. } = e else {
            continue;
        };
        for square in game
            .text(text)
            .split(|&b| is_move_separator(b))
            .filter(|s| !s.is_empty())
        {
            match square {
                [f @ b'a'..=b'h', r @ b'1'..=b'8'] if f.is_ascii() && r.is_ascii() => {
                    algebraic += 1
                }
                s if s.iter().all(u8::is_ascii_digit) && s.len() <= 2 => {
                    let n = s.iter().fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
                    numeric_max = numeric_max.max(n);
                }
                _ => other += 1,
            }
        }
    }
    let hint = |what: &str, n: u32| {
        let reference = GAME_TYPES
            .iter()
            .find(|(k, _, _)| *k == n)
            .and_then(|(_, _, r)| *r)
            .unwrap_or_default();
        format!(
            "the moves look like {what}: add [GameType \"{n}\"] to the record or pass --rules {reference}"
        )
    };
    if other == 0 && algebraic > 0 && numeric_max == 0 {
        hint("Russian draughts (squares a1-h8)", 25)
    } else if other == 0 && algebraic == 0 && numeric_max > 32 && numeric_max <= 50 {
        hint("International draughts (squares 1-50)", 20)
    } else if other == 0 && algebraic == 0 && numeric_max > 0 && numeric_max <= 32 {
        hint("English draughts (squares 1-32)", 21)
    } else {
        "add a [Rules \"game/profile\"] tag or pass --rules; `boardctl profiles list` shows the profiles"
            .to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::record::Collector;
    use board_core::record::Reader;

    /// The game a run of games with the same tags shares is never another
    /// game's: each answer is the one a cache of its own gives.
    #[test]
    fn games_with_other_tags_get_their_own_rules_after_a_shared_run() {
        let text = "[GameType \"25\"]\n*\n\n[GameType \"20\"]\n*\n\n[GameType \"25\"]\n*\n\n\
                    [Rules \"russian-draughts/russian@1\"]\n*\n\n[GameType \"99\"]\n*\n\n\
                    [GameType \"25\"]\n[Rules \"russian-draughts/english\"]\n*\n\n\
                    [GameType \"25\"]\n*\n";
        let mut collector = Collector::default();
        Reader::new(text.as_bytes())
            .read_all(&mut collector)
            .expect("reading from memory");
        let games = collector.take();
        assert_eq!(games.len(), 7);
        let mut shared = RulesCache::new(None).expect("the embedded profiles");
        let found: Vec<_> = games.iter().map(|g| shared.game_for(g).ok()).collect();
        let same = |a: usize, b: usize| match (&found[a], &found[b]) {
            (Some(x), Some(y)) => Arc::ptr_eq(x, y),
            _ => false,
        };
        // GameType 25 and the Rules tag it stands for name one profile.
        assert!(same(0, 2) && same(0, 3) && same(0, 6));
        assert!(!same(0, 1) && !same(0, 5) && !same(1, 5));
        assert!(found[4].is_none(), "GameType 99 names no profile");
        assert!(found.iter().filter(|f| f.is_some()).count() == 6);
        for (i, game) in games.iter().enumerate() {
            let mut own = RulesCache::new(None).expect("the embedded profiles");
            assert_eq!(own.game_for(game).is_ok(), found[i].is_some(), "game {i}");
        }
    }
}
