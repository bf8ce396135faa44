//! Perft on two threads (`perft -j 2`: the tree split at the root or
//! deeper, the subtrees counted by the game's own perft) against every
//! table of `tests/perft/`, for every game and counting convention. The
//! debug suite checks the shallow depths; the deep ones are release tests
//! (`cargo test --release -- --ignored`).
#![allow(clippy::unwrap_used)] // a failing table should fail loudly

use board_core::{Game, OptionSet};
use boardctl::play::Counter;
use boardctl::registry::{AnyGame, GameTask, embedded_catalog};
use serde::Deserialize;

/// The most leaves a debug test counts at one depth.
const DEBUG_BUDGET: u64 = 300_000;

/// One expected figure: profile, FEN (`None`: the start), options, depth,
/// leaves.
#[derive(Clone, Debug)]
struct Case {
    profile: String,
    fen: Option<String>,
    flags: Vec<&'static str>,
    depth: u32,
    nodes: u64,
}

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct Draughts {
    profile: Vec<DraughtsEntry>,
    position: Vec<DraughtsPosition>,
}

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct DraughtsPosition {
    fen: String,
    nodes: Vec<u64>,
    keep_duplicates: Vec<[u64; 2]>,
    release_depth: usize,
}

#[derive(Deserialize)]
#[serde(rename_all = "kebab-case")]
struct DraughtsEntry {
    name: String,
    nodes: Vec<u64>,
    keep_duplicates: Vec<[u64; 2]>,
}

#[derive(Deserialize)]
struct Alquerque {
    case: Vec<AlquerqueCase>,
}

#[derive(Deserialize)]
struct AlquerqueCase {
    profile: String,
    fen: String,
    nodes: Vec<u64>,
    every_route: Option<Vec<u64>>,
}

#[derive(Deserialize)]
struct Morris {
    perft: Vec<MorrisCase>,
}

#[derive(Deserialize)]
struct MorrisCase {
    profile: String,
    removal_ply: bool,
    counts: Vec<u64>,
}

#[derive(Deserialize)]
struct Lingqi {
    position: Vec<LingqiCase>,
}

#[derive(Deserialize)]
struct LingqiCase {
    profile: String,
    fen: String,
    nodes: Vec<u64>,
}

fn read<T: for<'de> Deserialize<'de>>(name: &str) -> T {
    let path = format!("{}/../../tests/perft/{name}", env!("CARGO_MANIFEST_DIR"));
    toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

fn each_depth(
    out: &mut Vec<Case>,
    profile: &str,
    fen: Option<&str>,
    flags: &[&'static str],
    nodes: &[u64],
) {
    for (i, &n) in nodes.iter().enumerate() {
        out.push(Case {
            profile: profile.to_string(),
            fen: fen.map(str::to_string),
            flags: flags.to_vec(),
            depth: i as u32 + 1,
            nodes: n,
        });
    }
}

/// Every figure of the four tables.
fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    let draughts: Draughts = read("russian-draughts.toml");
    for e in &draughts.profile {
        let profile = format!("russian-draughts/{}", e.name);
        each_depth(&mut out, &profile, None, &[], &e.nodes);
        for &[depth, nodes] in &e.keep_duplicates {
            out.push(Case {
                profile: profile.clone(),
                fen: None,
                flags: vec!["keep-duplicates"],
                depth: depth as u32,
                nodes,
            });
        }
    }
    for p in &draughts.position {
        let profile = "russian-draughts/russian";
        let nodes = &p.nodes[..p.release_depth.min(p.nodes.len())];
        each_depth(&mut out, profile, Some(&p.fen), &[], nodes);
        for &[depth, nodes] in &p.keep_duplicates {
            if depth as usize <= p.release_depth {
                out.push(Case {
                    profile: profile.to_string(),
                    fen: Some(p.fen.clone()),
                    flags: vec!["keep-duplicates"],
                    depth: depth as u32,
                    nodes,
                });
            }
        }
    }
    let alquerque: Alquerque = read("alquerque.toml");
    for c in &alquerque.case {
        let profile = format!("alquerque/{}", c.profile);
        let fen = Some(c.fen.as_str()).filter(|f| !f.is_empty());
        each_depth(&mut out, &profile, fen, &[], &c.nodes);
        if let Some(every) = &c.every_route {
            each_depth(&mut out, &profile, fen, &["keep-duplicates"], every);
        }
    }
    let morris: Morris = read("morris.toml");
    for c in &morris.perft {
        let profile = format!("morris/{}", c.profile);
        let flags: &[&str] = if c.removal_ply { &["removal-ply"] } else { &[] };
        each_depth(&mut out, &profile, None, flags, &c.counts);
    }
    let lingqi: Lingqi = read("lingqi.toml");
    for c in &lingqi.position {
        let fen = Some(c.fen.as_str()).filter(|f| *f != "start");
        each_depth(&mut out, &c.profile, fen, &[], &c.nodes);
    }
    out
}

struct Count<'a> {
    case: &'a Case,
    counter: &'a Counter,
    no_bulk: bool,
}

impl GameTask for Count<'_> {
    type Output = u64;
    fn run<G: Game>(self, game: &G) -> u64 {
        let position = match &self.case.fen {
            None => game.start_position(),
            Some(fen) => game.parse_position(fen).unwrap(),
        };
        let mut options = OptionSet::default();
        for &flag in &self.case.flags {
            options.enable(flag);
        }
        if self.no_bulk {
            options.enable("no-bulk");
        }
        let roots = [(position, self.case.depth)];
        self.counter.count(game, &roots, &options)[0]
    }
}

fn check(keep: impl Fn(&Case) -> bool, no_bulk: bool) {
    let catalog = embedded_catalog().unwrap();
    let counter = Counter::new(2).unwrap();
    assert_eq!(counter.threads(), 2);
    let mut checked = 0;
    for case in cases().iter().filter(|c| keep(c)) {
        let game = AnyGame::load(catalog.find(&case.profile).unwrap()).unwrap();
        let got = game.run(Count {
            case,
            counter: &counter,
            no_bulk,
        });
        assert_eq!(got, case.nodes, "-j 2 {case:?}");
        checked += 1;
    }
    assert!(checked > 0, "no case checked");
}

#[test]
fn two_threads_count_the_shallow_depths_of_every_table() {
    check(|c| c.nodes <= DEBUG_BUDGET, false);
}

#[test]
fn two_threads_count_without_bulk_counting() {
    check(|c| c.nodes <= DEBUG_BUDGET / 10, true);
}

#[test]
#[ignore = "deep perft: run in release with --ignored"]
fn two_threads_count_every_depth_of_every_table() {
    check(|c| c.nodes > DEBUG_BUDGET, false);
}

fn boardctl(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_boardctl"))
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{args:?}: {out:?}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn divide_and_json_are_the_same_on_two_threads() {
    for rules in ["russian-draughts/russian", "morris/nine-mens-morris"] {
        let one = boardctl(&["perft", "--rules", rules, "4", "--divide", "-j", "1"]);
        let two = boardctl(&["perft", "--rules", rules, "4", "--divide", "-j", "2"]);
        assert_eq!(one, two, "{rules} --divide");
        assert!(one.ends_with(&format!(
            "total\t{}\n",
            if rules.starts_with("morris") {
                255024
            } else {
                1469
            }
        )));
    }
    let text = boardctl(&["perft", "--rules", "alquerque/alquerque", "9", "-j", "2"]);
    assert!(text.ends_with("9\t7623\n"), "{text}");
    for extra in [&["--divide"][..], &[]] {
        let mut args = vec![
            "perft",
            "--rules",
            "russian-draughts/russian",
            "5",
            "--json",
        ];
        args.extend_from_slice(extra);
        let one: serde_json::Value =
            serde_json::from_str(&boardctl(&[&args[..], &["-j", "1"]].concat())).unwrap();
        let two: serde_json::Value =
            serde_json::from_str(&boardctl(&[&args[..], &["-j", "2"]].concat())).unwrap();
        let strip = |mut v: serde_json::Value| {
            if let Some(depths) = v.get_mut("depths").and_then(|d| d.as_array_mut()) {
                for d in depths {
                    d.as_object_mut().unwrap().remove("seconds");
                }
            }
            v.as_object_mut().unwrap().remove("seconds");
            v
        };
        assert_eq!(strip(one), strip(two), "--json {extra:?}");
    }
}
