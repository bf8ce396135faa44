//! Versioned rule profiles: identifiers, headers, and the typed parse of a
//! profile file (`[board]`, a game's `[rules]` and `[start]` tables).

use crate::board_spec::BoardSpec;
use crate::graph::{BoardError, Graph};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A profile's full identity: `game/name@version`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ProfileId {
    /// The game crate it configures (`russian-draughts`).
    pub game: String,
    /// The profile's name within the game (`russian`).
    pub name: String,
    /// Version, from 1.
    pub version: u32,
}

impl fmt::Display for ProfileId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}@{}", self.game, self.name, self.version)
    }
}

/// A request for a profile: `game/name@N`, or `game/name` for the newest.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ProfileRef {
    /// Game part.
    pub game: String,
    /// Name part.
    pub name: String,
    /// Requested version, `None` for the newest.
    pub version: Option<u32>,
}

impl fmt::Display for ProfileRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.game, self.name)?;
        if let Some(v) = self.version {
            write!(f, "@{v}")?;
        }
        Ok(())
    }
}

fn is_name(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
}

impl FromStr for ProfileRef {
    type Err = ProfileError;

    fn from_str(s: &str) -> Result<Self, ProfileError> {
        let bad = |why: &str| ProfileError::BadReference {
            text: s.to_string(),
            reason: why.to_string(),
        };
        let (path, version) = match s.split_once('@') {
            Some((p, v)) => {
                let v: u32 = v
                    .parse()
                    .map_err(|_| bad("the version after `@` must be a whole number"))?;
                if v == 0 {
                    return Err(bad("versions count from 1"));
                }
                (p, Some(v))
            }
            None => (s, None),
        };
        let (game, name) = path
            .split_once('/')
            .ok_or_else(|| bad("expected `game/name` or `game/name@version`"))?;
        if !is_name(game) || !is_name(name) {
            return Err(bad(
                "game and name are lower-case letters, digits and hyphens",
            ));
        }
        Ok(ProfileRef {
            game: game.to_string(),
            name: name.to_string(),
            version,
        })
    }
}

/// The descriptive header every profile starts with.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "kebab-case")]
pub struct ProfileHeader {
    /// The game crate (`morris`).
    pub game: String,
    /// The profile's name (`cheng-san`).
    pub name: String,
    /// The version, from 1; a released version never changes behaviour.
    pub version: u32,
    /// One line saying what the profile plays.
    pub description: String,
    /// The profile this one was derived from, if any.
    #[serde(default, alias = "based_on", skip_serializing_if = "Option::is_none")]
    pub based_on: Option<String>,
    /// Where the rules come from.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sources: Vec<String>,
}

impl ProfileHeader {
    /// The profile's identity.
    pub fn id(&self) -> ProfileId {
        ProfileId {
            game: self.game.clone(),
            name: self.name.clone(),
            version: self.version,
        }
    }

    /// Orders headers as their [`ProfileId`]s order, without building them.
    pub(crate) fn id_cmp(&self, other: &ProfileHeader) -> std::cmp::Ordering {
        (&self.game, &self.name, self.version).cmp(&(&other.game, &other.name, other.version))
    }
}

/// What went wrong finding, reading or checking a profile.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProfileError {
    /// The text is not valid TOML, or does not fit the expected shape.
    #[error("{origin}:{line}:{column}: {message}")]
    Toml {
        /// File name or embedded path.
        origin: String,
        /// 1-based line.
        line: usize,
        /// 1-based column (in characters).
        column: usize,
        /// The parser's message.
        message: String,
    },
    /// A malformed `game/name@N` reference.
    #[error("bad profile reference `{text}`: {reason}")]
    BadReference {
        /// What was given.
        text: String,
        /// Why it is not a reference.
        reason: String,
    },
    /// No profile of that game and name.
    #[error("unknown profile `{requested}`; {}", match suggestion {
        Some(s) => format!("did you mean `{s}`?"),
        None => format!("known profiles: {}", known.join(", ")),
    })]
    UnknownProfile {
        /// What was asked for.
        requested: String,
        /// Every known `game/name`.
        known: Vec<String>,
        /// The known profile that was likely meant (the same name in
        /// another game, or a near spelling).
        suggestion: Option<String>,
    },
    /// The profile exists but not in that version.
    #[error("unknown version {requested} of profile `{profile}`; known versions: {}",
        known.iter().map(|v| format!("@{v}")).collect::<Vec<_>>().join(", "))]
    UnknownVersion {
        /// `game/name`.
        profile: String,
        /// The version asked for.
        requested: u32,
        /// The versions that exist.
        known: Vec<u32>,
    },
    /// The profile's board is inconsistent or too large.
    #[error("{origin}: [board]: {error}")]
    Board {
        /// File name or embedded path.
        origin: String,
        /// What is wrong with the board.
        error: BoardError,
    },
    /// The profile is valid TOML but its content contradicts itself or its
    /// file name (wrong game, name/version not matching the file name,
    /// a start position that does not fit the rules).
    #[error("{origin}: {message}")]
    Invalid {
        /// File name or embedded path.
        origin: String,
        /// What is wrong.
        message: String,
    },
}

/// Converts a byte offset into a 1-based (line, column) pair, counting
/// columns in characters.
pub fn line_column(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text.as_bytes()[..offset];
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    let line_start = before
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |p| p + 1);
    let column = String::from_utf8_lossy(&before[line_start..])
        .chars()
        .count()
        + 1;
    (line, column)
}

/// The range of a Rust integer type named in a serde message, in words.
fn integer_range(ty: &str) -> Option<(&'static str, &'static str)> {
    Some(match ty {
        "u8" => ("0", "255"),
        "u16" => ("0", "65535"),
        "u32" => ("0", "4294967295"),
        "u64" | "usize" => ("0", "18446744073709551615"),
        "i8" => ("-128", "127"),
        "i16" => ("-32768", "32767"),
        "i32" => ("-2147483648", "2147483647"),
        "i64" | "isize" => ("-9223372036854775808", "9223372036854775807"),
        _ => return None,
    })
}

/// What a serde "unexpected" value is, in words: `string "nine"` → `the
/// string "nine"`, ``integer `100000` `` → `100000`.
fn found_in_words(found: &str) -> String {
    let quoted = |prefix: &str| {
        found
            .strip_prefix(prefix)
            .map(|v| v.trim_matches('`').to_string())
    };
    if let Some(v) = found.strip_prefix("string ") {
        format!("the string {v}")
    } else if let Some(v) = quoted("integer ") {
        v
    } else if let Some(v) = quoted("floating point ") {
        format!("the number {v}, which is not whole")
    } else if let Some(v) = quoted("boolean ") {
        format!("{v}, a yes/no value")
    } else if found == "sequence" {
        "a list".to_string()
    } else if found == "map" {
        "a table".to_string()
    } else {
        found.to_string()
    }
}

/// The `[table] key` a byte offset of a profile text is the value of.
fn key_at(text: &str, offset: usize) -> Option<String> {
    let before = &text[..offset.min(text.len())];
    let line_start = before.rfind('\n').map_or(0, |p| p + 1);
    let line = &text[line_start..];
    let key = line.split_once('=')?.0.trim();
    let table = before[..line_start]
        .lines()
        .rev()
        .map(str::trim)
        .find(|l| l.starts_with('[') && l.ends_with(']'));
    Some(match table {
        Some(t) => format!("{t} {key}"),
        None => key.to_string(),
    })
}

/// What the keys of a game's `[rules]` table mean, in a profile author's
/// words, for error messages (`men-per-side` → "the men each side has, 1
/// or more"). A game lists its keys once, next to its rules type.
pub trait KeyMeanings {
    /// `(key, meaning)` pairs; keys of nested tables by their own name.
    const KEY_MEANINGS: &'static [(&'static str, &'static str)] = &[];
}

/// A serde type error in words a profile author knows: ``invalid type:
/// string "nine", expected u8`` becomes ``[rules] men-per-side (the men
/// each side has, 1 or more): expected a whole number from 0 to 255, found
/// the string "nine"``.
fn in_words(
    message: &str,
    text: &str,
    offset: Option<usize>,
    meanings: &[(&str, &str)],
) -> Option<String> {
    let rest = message
        .strip_prefix("invalid type: ")
        .or_else(|| message.strip_prefix("invalid value: "))?;
    let (found, expected) = rest.rsplit_once(", expected ")?;
    let (low, high) = integer_range(expected.trim())?;
    let key = offset
        .and_then(|o| key_at(text, o))
        .map_or(String::new(), |k| {
            let name = k.rsplit(' ').next().unwrap_or(&k);
            match meanings.iter().find(|(key, _)| *key == name) {
                Some((_, meaning)) => format!("{k} ({meaning}): "),
                None => format!("{k}: "),
            }
        });
    Some(format!(
        "{key}expected a whole number from {low} to {high}, found {}",
        found_in_words(found)
    ))
}

fn toml_error(origin: &str, text: &str, e: &toml::de::Error) -> ProfileError {
    toml_error_with(origin, text, e, &[])
}

fn toml_error_with(
    origin: &str,
    text: &str,
    e: &toml::de::Error,
    meanings: &[(&str, &str)],
) -> ProfileError {
    let offset = e.span().map(|span| span.start);
    let (line, column) = offset.map_or((1, 1), |o| line_column(text, o));
    let message = e.message().trim();
    ProfileError::Toml {
        origin: origin.to_string(),
        line,
        column,
        message: in_words(message, text, offset, meanings).unwrap_or_else(|| message.to_string()),
    }
}

/// The largest profile text read, in bytes. Checked before the TOML parser
/// sees the text, so an absurd file (a custom board of a million nodes) is a
/// clear error, not gigabytes of parse tree; the largest real profile (a
/// 19×19 custom board written node by node) is far below it.
pub const MAX_PROFILE_BYTES: usize = 1 << 20;

fn check_text_size(origin: &str, text: &str) -> Result<(), ProfileError> {
    if text.len() > MAX_PROFILE_BYTES {
        return Err(ProfileError::Invalid {
            origin: origin.to_string(),
            message: format!(
                "profile too large: {} bytes, the limit is {MAX_PROFILE_BYTES} bytes",
                text.len()
            ),
        });
    }
    Ok(())
}

/// Reads only the header of a profile (other tables are not looked at).
pub fn parse_header(origin: &str, text: &str) -> Result<ProfileHeader, ProfileError> {
    check_text_size(origin, text)?;
    let header: ProfileHeader = toml::from_str(text).map_err(|e| toml_error(origin, text, &e))?;
    check_header(origin, header)
}

/// [`parse_header`] reading only the keys before the first table header
/// (`[board]`): the same header, since TOML puts every top-level key before
/// the first table, at a fraction of the cost for a file known to be whole.
/// The rest of the file is not read, so its errors surface when the
/// profile is loaded; for the profiles compiled into the binary, which the
/// tests load whole. Falls back to the whole file when the cut does not
/// parse (a table header inside a multi-line value).
pub(crate) fn parse_embedded_header(
    origin: &str,
    text: &str,
) -> Result<ProfileHeader, ProfileError> {
    let cut = text
        .match_indices('\n')
        .map(|(at, _)| at + 1)
        .find(|&at| text[at..].trim_start_matches([' ', '\t']).starts_with('['))
        .unwrap_or(text.len());
    match toml::from_str(&text[..cut]) {
        Ok(header) => {
            check_text_size(origin, text)?;
            check_header(origin, header)
        }
        Err(_) => parse_header(origin, text),
    }
}

/// The header's own rules: a version from 1, names in lower case.
fn check_header(origin: &str, header: ProfileHeader) -> Result<ProfileHeader, ProfileError> {
    if header.version == 0 {
        return Err(ProfileError::Invalid {
            origin: origin.to_string(),
            message: "version must be at least 1".into(),
        });
    }
    if !is_name(&header.game) || !is_name(&header.name) {
        return Err(ProfileError::Invalid {
            origin: origin.to_string(),
            message: "game and name are lower-case letters, digits and hyphens".into(),
        });
    }
    Ok(header)
}

#[derive(Deserialize)]
struct BoardOnly {
    board: BoardSpec,
}

/// Reads the header and builds the board of any profile, without knowing its
/// game's `[rules]` table.
pub fn parse_board(origin: &str, text: &str) -> Result<(BoardSpec, Graph), ProfileError> {
    check_text_size(origin, text)?;
    let b: BoardOnly = toml::from_str(text).map_err(|e| toml_error(origin, text, &e))?;
    let graph = b.board.build().map_err(|error| ProfileError::Board {
        origin: origin.to_string(),
        error,
    })?;
    Ok((b.board, graph))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
struct Document<R, S> {
    game: String,
    name: String,
    version: u32,
    description: String,
    #[serde(default, alias = "based_on")]
    based_on: Option<String>,
    #[serde(default)]
    sources: Vec<String>,
    board: BoardSpec,
    rules: R,
    start: S,
}

/// A fully parsed profile: header, board graph, and the game's own
/// `[rules]` (`R`) and `[start]` (`S`) tables.
#[derive(Clone, Debug)]
pub struct Profile<R, S> {
    /// The header.
    pub header: ProfileHeader,
    /// The board description as written.
    pub board: BoardSpec,
    /// The board graph.
    pub graph: Graph,
    /// The game's rule switches.
    pub rules: R,
    /// The game's start position.
    pub start: S,
}

impl<R: DeserializeOwned + KeyMeanings, S: DeserializeOwned> Profile<R, S> {
    /// Parses a profile for `game`, rejecting unknown keys, wrong types, a
    /// profile of another game and an inconsistent board.
    pub fn parse(origin: &str, text: &str, game: &str) -> Result<Self, ProfileError> {
        check_text_size(origin, text)?;
        // One reading of the text: the header's own errors are looked for
        // only when the whole document does not read, so that they still
        // come first as they would from `parse_header`.
        let doc: Document<R, S> = match toml::from_str(text) {
            Ok(doc) => doc,
            Err(e) => {
                parse_header(origin, text)?;
                return Err(toml_error_with(origin, text, &e, R::KEY_MEANINGS));
            }
        };
        let header = check_header(
            origin,
            ProfileHeader {
                game: doc.game,
                name: doc.name,
                version: doc.version,
                description: doc.description,
                based_on: doc.based_on,
                sources: doc.sources,
            },
        )?;
        if header.game != game {
            return Err(ProfileError::Invalid {
                origin: origin.to_string(),
                message: format!("profile is for game `{}`, expected `{game}`", header.game),
            });
        }
        let graph = doc.board.build().map_err(|error| ProfileError::Board {
            origin: origin.to_string(),
            error,
        })?;
        Ok(Profile {
            header,
            board: doc.board,
            graph,
            rules: doc.rules,
            start: doc.start,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_parse_and_reject() {
        let r: ProfileRef = "morris/cheng-san@1".parse().unwrap();
        assert_eq!(
            (r.game.as_str(), r.name.as_str(), r.version),
            ("morris", "cheng-san", Some(1))
        );
        let r: ProfileRef = "lingqi/lingqi".parse().unwrap();
        assert_eq!(r.version, None);
        for bad in [
            "morris",
            "morris/x@",
            "morris/x@0",
            "Morris/x",
            "a/b@v2",
            "/x",
        ] {
            assert!(bad.parse::<ProfileRef>().is_err(), "{bad}");
        }
    }

    #[test]
    fn integer_type_errors_are_in_words() {
        let text = "game = \"g\"\n[rules]\nmen-per-side = \"nine\"\n";
        let offset = text.find("\"nine").unwrap();
        assert_eq!(
            in_words(
                "invalid type: string \"nine\", expected u8",
                text,
                Some(offset),
                &[("men-per-side", "the men each side has, 1 or more")]
            )
            .unwrap(),
            "[rules] men-per-side (the men each side has, 1 or more): expected a whole number from 0 to 255, found the string \"nine\""
        );
        assert_eq!(
            in_words(
                "invalid value: integer `100000`, expected u16",
                text,
                None,
                &[]
            )
            .unwrap(),
            "expected a whole number from 0 to 65535, found 100000"
        );
        assert_eq!(in_words("missing field `kind`", text, None, &[]), None);
    }

    #[test]
    fn line_column_counts_characters() {
        let t = "ab\nцdx\n";
        assert_eq!(line_column(t, 0), (1, 1));
        assert_eq!(line_column(t, 3), (2, 1));
        assert_eq!(line_column(t, 5), (2, 2));
    }

    #[derive(Deserialize)]
    #[serde(deny_unknown_fields)]
    struct NoRules {}
    impl KeyMeanings for NoRules {}

    /// A profile whose header breaks its own rules (version 0) is refused
    /// for that first, whether or not the rest of the document reads.
    #[test]
    fn header_errors_come_before_document_errors() {
        let profile = |version: u32, rules: &str| {
            format!(
                "game = \"g\"\nname = \"n\"\nversion = {version}\ndescription = \"d\"\n\
                 [board]\nkind = \"grid\"\nwidth = 3\nheight = 3\nsquares = \"all\"\n\
                 connections = \"orthogonal\"\nnumbering = \"none\"\n[rules]\n{rules}[start]\n"
            )
        };
        let parse = |text: &str| Profile::<NoRules, NoRules>::parse("t", text, "g").err();
        let header_error = Some(ProfileError::Invalid {
            origin: "t".into(),
            message: "version must be at least 1".into(),
        });
        assert_eq!(parse(&profile(0, "")), header_error);
        assert_eq!(parse(&profile(0, "unknown = 1\n")), header_error);
        assert!(matches!(
            parse(&profile(1, "unknown = 1\n")),
            Some(ProfileError::Toml { .. })
        ));
        assert_eq!(parse(&profile(1, "")), None);
    }

    /// The header read from the keys before the first table equals the
    /// whole file's, also when a line inside a multi-line value starts
    /// with `[` (the cut does not parse and the whole file is read).
    #[test]
    fn embedded_header_agrees_with_the_whole_file() {
        let plain = "game = \"g\"\nname = \"n\"\nversion = 2\ndescription = \"d\"\n\n[board]\nkind = \"grid\"\n";
        let tricky = "game = \"g\"\nname = \"n\"\nversion = 2\ndescription = \"\"\"\n[not a table]\n\"\"\"\nsources = [\n  \"a\",\n]\n[board]\n";
        for text in [plain, tricky] {
            assert_eq!(
                parse_embedded_header("t", text).unwrap(),
                parse_header("t", text).unwrap()
            );
        }
        assert_eq!(
            parse_embedded_header("t", tricky).unwrap().description,
            "[not a table]\n"
        );
    }
}
