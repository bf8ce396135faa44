//! The set of known profiles (embedded in the binary or read from disk) and
//! the resolution of `game/name@N` references against it.

use crate::profile::{
    ProfileError, ProfileHeader, ProfileId, ProfileRef, parse_embedded_header, parse_header,
};
use std::borrow::Cow;

/// One profile file: where it came from, its text and its header.
#[derive(Clone, Debug)]
pub struct ProfileSource {
    /// The path it was read from (`rules/morris/cheng-san.v1.toml`).
    pub origin: String,
    /// The TOML text.
    pub text: Cow<'static, str>,
    /// Its header, already checked.
    pub header: ProfileHeader,
}

impl ProfileSource {
    /// Reads the header of a profile text. With `check_path`, the origin must
    /// end in `<game>/<name>.v<version>.toml` matching the header.
    pub fn new(
        origin: impl Into<String>,
        text: impl Into<Cow<'static, str>>,
        check_path: bool,
    ) -> Result<Self, ProfileError> {
        let origin = origin.into();
        let text = text.into();
        let header = parse_header(&origin, &text)?;
        Self::named(origin, text, header, check_path)
    }

    /// A profile compiled into a crate, its header read from the keys
    /// before the first table only (the tests load every such file whole).
    fn embedded(origin: &'static str, text: &'static str) -> Result<Self, ProfileError> {
        let header = parse_embedded_header(origin, text)?;
        Self::named(origin.to_string(), Cow::Borrowed(text), header, true)
    }

    /// The source with its header read, its path checked against the header
    /// when `check_path`.
    fn named(
        origin: String,
        text: Cow<'static, str>,
        header: ProfileHeader,
        check_path: bool,
    ) -> Result<Self, ProfileError> {
        if check_path {
            let expected = format!("{}/{}.v{}.toml", header.game, header.name, header.version);
            let normalized = origin.replace('\\', "/");
            if !normalized.ends_with(&expected) {
                return Err(ProfileError::Invalid {
                    origin,
                    message: format!(
                        "the header says {} so the file must be named `{expected}`",
                        header.id()
                    ),
                });
            }
        }
        Ok(ProfileSource {
            origin,
            text,
            header,
        })
    }

    /// The profile's identity.
    pub fn id(&self) -> ProfileId {
        self.header.id()
    }

    /// An error of this profile's contents (a rule switch or the start
    /// position a game refuses), named by its origin.
    pub fn invalid(&self, message: impl Into<String>) -> ProfileError {
        ProfileError::Invalid {
            origin: self.origin.clone(),
            message: message.into(),
        }
    }
}

/// Profile files compiled into a crate: `(path, text)` pairs, the path as it
/// is under the workspace (`rules/morris/cheng-san.v1.toml`).
pub type EmbeddedProfiles = &'static [(&'static str, &'static str)];

/// Every known profile, sorted by game, name and version.
#[derive(Clone, Debug, Default)]
pub struct Catalog {
    sources: Vec<ProfileSource>,
}

impl Catalog {
    /// Builds a catalog from `(path, text)` pairs, checking each header and
    /// file name and rejecting two files with the same identity.
    pub fn new<I>(files: I) -> Result<Catalog, ProfileError>
    where
        I: IntoIterator<Item = (String, Cow<'static, str>)>,
    {
        let sources = files
            .into_iter()
            .map(|(origin, text)| ProfileSource::new(origin, text, true))
            .collect::<Result<Vec<_>, _>>()?;
        Catalog::from_sources(sources)
    }

    /// Builds a catalog from sets of profile files compiled into crates
    /// (one set per game crate).
    pub fn embedded(
        sets: impl IntoIterator<Item = EmbeddedProfiles>,
    ) -> Result<Catalog, ProfileError> {
        let sources = sets
            .into_iter()
            .flat_map(|files| files.iter())
            .map(|&(path, text)| ProfileSource::embedded(path, text))
            .collect::<Result<Vec<_>, _>>()?;
        Catalog::from_sources(sources)
    }

    /// Resolves `reference` as [`Catalog::find`] does among sets of
    /// compiled-in profile files, reading the headers of the files that may
    /// hold that profile only. Every file's path ends with
    /// `GAME/NAME.vN.toml` as its header says (checked when it is read), so
    /// no other file can hold it; a reference that does not parse or names
    /// no such file is looked up in the whole catalog, whose errors list
    /// what is known.
    ///
    /// ```
    /// use board_core::Catalog;
    /// const FILES: board_core::EmbeddedProfiles = &[(
    ///     "rules/demo/plain.v1.toml",
    ///     "game = \"demo\"\nname = \"plain\"\nversion = 1\ndescription = \"d\"\n",
    /// )];
    /// let found = Catalog::find_embedded(&[FILES], "demo/plain").unwrap();
    /// assert_eq!(found.id().version, 1);
    /// assert!(Catalog::find_embedded(&[FILES], "demo/other").is_err());
    /// ```
    pub fn find_embedded(
        sets: &[EmbeddedProfiles],
        reference: &str,
    ) -> Result<ProfileSource, ProfileError> {
        if let Ok(r) = reference.parse::<ProfileRef>() {
            // Every file of the profile has this in its path; a file of
            // another profile that has it too is left out by `resolve`.
            let stem = format!("{}/{}.v", r.game, r.name);
            let sources = sets
                .iter()
                .flat_map(|files| files.iter())
                .filter(|(path, _)| path.contains(&stem))
                .map(|&(path, text)| ProfileSource::embedded(path, text))
                .collect::<Result<Vec<_>, _>>()?;
            if let Ok(found) = Catalog::from_sources(sources)?.resolve(&r) {
                return Ok(found.clone());
            }
        }
        Catalog::embedded(sets.iter().copied())?
            .find(reference)
            .cloned()
    }

    /// The catalog of `sources`, sorted; two files of one profile are an
    /// error.
    fn from_sources(mut sources: Vec<ProfileSource>) -> Result<Catalog, ProfileError> {
        sources.sort_by(|a, b| a.header.id_cmp(&b.header));
        for w in sources.windows(2) {
            if w[0].header.id_cmp(&w[1].header).is_eq() {
                return Err(ProfileError::Invalid {
                    origin: w[1].origin.clone(),
                    message: format!("{} is also defined by {}", w[1].id(), w[0].origin),
                });
            }
        }
        Ok(Catalog { sources })
    }

    /// All profiles, sorted.
    pub fn sources(&self) -> &[ProfileSource] {
        &self.sources
    }

    /// Adds a profile (a user's file), in its place in the order; one with
    /// the same identity is replaced, and returned.
    pub fn insert(&mut self, source: ProfileSource) -> Option<ProfileSource> {
        match self.sources.binary_search_by(|s| s.id().cmp(&source.id())) {
            Ok(i) => Some(std::mem::replace(&mut self.sources[i], source)),
            Err(i) => {
                self.sources.insert(i, source);
                None
            }
        }
    }

    /// The newest version of each profile, sorted.
    pub fn newest(&self) -> impl Iterator<Item = &ProfileSource> {
        self.sources.iter().enumerate().filter_map(|(i, s)| {
            let next = self.sources.get(i + 1);
            let superseded = next
                .is_some_and(|n| n.header.game == s.header.game && n.header.name == s.header.name);
            (!superseded).then_some(s)
        })
    }

    /// Finds the profile a reference names.
    pub fn resolve(&self, r: &ProfileRef) -> Result<&ProfileSource, ProfileError> {
        let same: Vec<&ProfileSource> = self
            .sources
            .iter()
            .filter(|s| s.header.game == r.game && s.header.name == r.name)
            .collect();
        let Some(newest) = same.last() else {
            let mut known: Vec<String> = self
                .sources
                .iter()
                .map(|s| format!("{}/{}", s.header.game, s.header.name))
                .collect();
            known.dedup();
            let suggestion = crate::notation::closest(&known, &format!("{}/{}", r.game, r.name))
                .map(|s| match r.version {
                    Some(v) => format!("{s}@{v}"),
                    None => s.to_string(),
                });
            return Err(ProfileError::UnknownProfile {
                requested: r.to_string(),
                known,
                suggestion,
            });
        };
        match r.version {
            None => Ok(newest),
            Some(v) => same
                .iter()
                .find(|s| s.header.version == v)
                .copied()
                .ok_or_else(|| ProfileError::UnknownVersion {
                    profile: format!("{}/{}", r.game, r.name),
                    requested: v,
                    known: same.iter().map(|s| s.header.version).collect(),
                }),
        }
    }

    /// Finds a profile of `game` by `name` or `name@N` (a full
    /// `game/name@N` reference is accepted too, if its game is `game`).
    pub fn find_in(&self, game: &str, reference: &str) -> Result<&ProfileSource, ProfileError> {
        let full = if reference.contains('/') {
            reference.to_string()
        } else {
            format!("{game}/{reference}")
        };
        let r: ProfileRef = full.parse()?;
        if r.game != game {
            return Err(ProfileError::BadReference {
                text: reference.to_string(),
                reason: format!("a profile of `{}`, not of `{game}`", r.game),
            });
        }
        self.resolve(&r)
    }

    /// Parses a reference and resolves it.
    pub fn find(&self, reference: &str) -> Result<&ProfileSource, ProfileError> {
        match reference.parse::<ProfileRef>() {
            Ok(r) => self.resolve(&r),
            // `russian` for `russian-draughts/russian`: the game is missing.
            Err(error) if !reference.contains('/') => {
                let (name, version) = match reference.split_once('@') {
                    None => (reference, None),
                    Some((n, v)) if v.parse::<u32>().is_ok() => (n, Some(v)),
                    Some(_) => return Err(error),
                };
                let games: Vec<&ProfileSource> = self
                    .sources
                    .iter()
                    .filter(|s| s.header.name == name)
                    .collect();
                match games.as_slice() {
                    [first, rest @ ..]
                        if rest.iter().all(|s| s.header.game == first.header.game) =>
                    {
                        let mut full = format!("{}/{}", first.header.game, name);
                        if let Some(v) = version {
                            full = format!("{full}@{v}");
                        }
                        Err(ProfileError::UnknownProfile {
                            requested: reference.to_string(),
                            known: Vec::new(),
                            suggestion: Some(full),
                        })
                    }
                    _ => Err(error),
                }
            }
            Err(error) => Err(error),
        }
    }
}
