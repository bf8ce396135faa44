//! `fmt` is lossless and idempotent on every record file of the
//! repository (`tests/data/**/*.pdn`, the corpus included), for every
//! combination of its conversion switches: the output read back gives the
//! same games (tags, comments, the position after every ply of every
//! line), `check` finds the same errors in it, and fmt of the output (what
//! `fmt --check` compares) changes nothing.
#![allow(clippy::unwrap_used)] // a failing test should fail loudly

use board_core::record::Reader;
use board_core::{CaptureStyle, Game, MoveStyle, RemovalStyle, SeparatorStyle, SquareStyle};
use boardctl::check::check_bytes;
use boardctl::check::plies::{Plies, Step, parse_ply};
use boardctl::check::record::{Collector, RecordedGame};
use boardctl::check::rules::RulesCache;
use boardctl::fmt::{Settings, format_bytes};
use boardctl::registry::GameTask;
use std::path::{Path, PathBuf};

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            walk(&path, out);
        } else if path.extension().is_some_and(|e| e == "pdn") {
            out.push(path);
        }
    }
}

/// Every record file, with its `--rules` (from `NAME.args`).
fn files() -> Vec<(PathBuf, Option<String>)> {
    let mut files = Vec::new();
    walk(&workspace().join("tests/data"), &mut files);
    files.sort();
    assert!(files.len() >= 40, "the record files are found");
    files
        .into_iter()
        .map(|f| {
            let args = std::fs::read_to_string(f.with_extension("args")).unwrap_or_default();
            let words: Vec<&str> = args.split_whitespace().collect();
            let rules = words
                .iter()
                .position(|w| *w == "--rules")
                .and_then(|i| words.get(i + 1))
                .map(|r| r.to_string());
            (f, rules)
        })
        .collect()
}

/// Every combination of the switches, and the profile's defaults.
fn styles() -> Vec<MoveStyle> {
    let mut out = vec![MoveStyle::default()];
    for squares in [SquareStyle::Numeric, SquareStyle::Algebraic] {
        for captures in [
            CaptureStyle::Full,
            CaptureStyle::Short,
            CaptureStyle::Minimal,
        ] {
            for separator in [SeparatorStyle::X, SeparatorStyle::Colon] {
                for removal in [RemovalStyle::Joined, RemovalStyle::Separate] {
                    out.push(MoveStyle {
                        squares: Some(squares),
                        captures: Some(captures),
                        separator: Some(separator),
                        removal: Some(removal),
                    });
                }
            }
        }
    }
    out
}

fn games(bytes: &[u8]) -> Vec<RecordedGame> {
    let mut collector = Collector::default();
    Reader::new(bytes).read_all(&mut collector).unwrap();
    collector.finish();
    collector.take()
}

/// What a game means: its tags (sorted), its comments (and those before
/// it), and the positions after every ply of every line, in order (`(` and
/// `)` mark the lines; a move that cannot be read ends the list).
#[derive(Debug, PartialEq)]
struct Meaning {
    tags: Vec<(String, String)>,
    comments: Vec<String>,
    positions: Vec<String>,
}

struct Positions<'a>(&'a RecordedGame);

impl GameTask for Positions<'_> {
    type Output = Vec<String>;
    fn run<G: Game>(self, g: &G) -> Vec<String> {
        let rec = self.0;
        let mut out = Vec::new();
        let Ok(start) = g.position_from_tags(rec) else {
            return vec!["bad start".into()];
        };
        let start = start.unwrap_or_else(|| g.start_position());
        out.push(g.write_position(&start));
        // (position before the last move, position)
        let mut lines = vec![(None::<G::Position>, start)];
        let mut plies = Plies::new(g, rec);
        while let Some(step) = plies.next() {
            match step {
                Step::Ply { text, span } => {
                    let (before, position) = lines.last_mut().unwrap();
                    match parse_ply(g, position, text, span) {
                        Ok(p) => {
                            *before = Some(position.clone());
                            g.play(position, &p.mv);
                            out.push(g.write_position(position));
                        }
                        Err(_) => {
                            out.push(format!("stop at {text}"));
                            return out;
                        }
                    }
                }
                Step::Open(_) => {
                    let (before, position) = lines.last().unwrap();
                    let p = before.clone().unwrap_or_else(|| position.clone());
                    lines.push((None, p));
                    out.push("(".into());
                }
                Step::Close => {
                    if lines.len() > 1 {
                        lines.pop();
                    }
                    out.push(")".into());
                }
                Step::Setup { fen, .. } => match fen.map(|f| g.parse_position(f)) {
                    Some(Ok(p)) => {
                        let top = lines.last_mut().unwrap();
                        *top = (None, p);
                        out.push(g.write_position(&top.1));
                    }
                    _ => {
                        out.push("stop at set-up".into());
                        return out;
                    }
                },
                Step::Unknown(_) => {
                    out.push("stop at -".into());
                    return out;
                }
                _ => {}
            }
        }
        out
    }
}

fn meanings(bytes: &[u8], cache: &mut RulesCache) -> Vec<Meaning> {
    games(bytes)
        .iter()
        .map(|rec| {
            let mut tags: Vec<(String, String)> = rec
                .tag_pairs()
                .map(|(n, v, _)| (n.to_string(), v.to_string()))
                .collect();
            tags.sort();
            let comments = rec
                .preamble
                .iter()
                .map(|(t, _)| rec.text_str(t).to_string())
                .chain(rec.comments().map(|(c, _)| c.to_string()))
                .collect();
            let positions = match cache.game_for(rec) {
                Ok(engine) if !rec.problems_only => engine.run(Positions(rec)),
                _ => Vec::new(),
            };
            Meaning {
                tags,
                comments,
                positions,
            }
        })
        .collect()
}

#[test]
fn fmt_is_lossless_and_idempotent_on_every_record_file_for_every_switch_combination() {
    let mut refused = Vec::new();
    for (file, rules) in files() {
        let name = file.display().to_string();
        let input = std::fs::read(&file).unwrap();
        let mut cache = RulesCache::new(rules.as_deref()).unwrap();
        let before = meanings(&input, &mut cache);
        let errors_before = check_bytes(&input, rules.as_deref()).unwrap().errors;
        for style in styles() {
            let settings = Settings {
                style,
                ..Settings::default()
            };
            let out = format_bytes(&input, &mut cache, &settings).unwrap();
            if let Some(why) = &out.refused {
                assert!(
                    out.bytes.is_empty(),
                    "{name}: a refused file writes nothing"
                );
                refused.push(format!("{name}: {why}"));
                break;
            }
            let text = &out.bytes;
            let after = meanings(text, &mut cache);
            assert_eq!(before.len(), after.len(), "{name} {style:?}: game count");
            for (i, (b, a)) in before.iter().zip(&after).enumerate() {
                assert_eq!(b, a, "{name} {style:?}: game {}", i + 1);
            }
            let errors_after = check_bytes(text, rules.as_deref()).unwrap().errors;
            assert_eq!(
                errors_before, errors_after,
                "{name} {style:?}: check's errors"
            );
            let again = format_bytes(text, &mut cache, &settings).unwrap();
            assert!(again.refused.is_none(), "{name} {style:?}");
            if again.bytes != *text {
                let a = String::from_utf8_lossy(text);
                let b = String::from_utf8_lossy(&again.bytes);
                let at = a
                    .lines()
                    .zip(b.lines())
                    .position(|(x, y)| x != y)
                    .unwrap_or(0);
                panic!(
                    "{name} {style:?}: fmt of its own output changed line {}:\n{}\n{}",
                    at + 1,
                    a.lines().nth(at).unwrap_or_default(),
                    b.lines().nth(at).unwrap_or_default()
                );
            }
            // Text kept as written (after a warning) keeps its lines.
            let kept = out.warnings.iter().any(|w| w.contains("as written"));
            let lines = String::from_utf8_lossy(text).into_owned();
            for line in lines.lines().filter(|l| !kept && !l.starts_with('[')) {
                let long = line.chars().count() > 80;
                // Only a token longer than a line (a comment) may pass 80.
                assert!(
                    !long || !line.contains(' ') || line.contains('{') || line.contains(';'),
                    "{name} {style:?}: line over 80 columns: {line}"
                );
            }
        }
    }
    // Files fmt refuses are those whose malformed text lies outside any
    // game (it cannot keep it), and they are refused whole.
    eprintln!("refused: {refused:#?}");
}
