//! SVG pictures (issue 17): a snapshot of the start position of every
//! profile, every picture valid XML whose nodes carry the graph's labels
//! and sit where the graph puts them, the same bytes for the same input,
//! and `diagram --format svg` and `replay --svg` from the outside.
#![allow(clippy::unwrap_used)] // a failing test should fail loudly

mod common;
use common::scratch;

use board_core::svg::{SvgOptions, draw};
use board_core::{Game, NodeId};
use boardctl::registry::{AnyGame, GameTask, embedded_catalog};
use std::collections::BTreeSet;
use std::path::Path;
use std::process::Command;

/// Runs boardctl from the repository root; stdout, stderr, exit code.
fn boardctl(args: &[&str]) -> (String, String, Option<i32>) {
    let output = Command::new(env!("CARGO_BIN_EXE_boardctl"))
        .args(args)
        .current_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
        .output()
        .expect("boardctl runs");
    (
        String::from_utf8(output.stdout).expect("UTF-8 output"),
        String::from_utf8_lossy(&output.stderr).into_owned(),
        output.status.code(),
    )
}

/// Every built-in profile's engine with its name, in catalog order (the
/// order of `profiles list`).
fn every_profile() -> Vec<(String, AnyGame)> {
    let catalog = embedded_catalog().unwrap();
    catalog
        .sources()
        .iter()
        .map(|s| (s.id().to_string(), AnyGame::load(s).unwrap()))
        .collect()
}

fn load(profile: &str) -> AnyGame {
    let catalog = embedded_catalog().unwrap();
    AnyGame::load(catalog.find(profile).unwrap()).unwrap()
}

/// The picture after playing `moves` from `fen` (or the start), with the
/// last move marked and `options` otherwise.
struct Picture<'a> {
    fen: Option<&'a str>,
    moves: &'a [&'a str],
    options: SvgOptions,
}

impl GameTask for Picture<'_> {
    type Output = String;
    fn run<G: Game>(self, game: &G) -> String {
        let mut position = match self.fen {
            Some(fen) => game.parse_position(fen).unwrap(),
            None => game.start_position(),
        };
        let mut options = self.options;
        for text in self.moves {
            let mv = game.parse_move(&position, text).unwrap();
            options.last_move = Some(game.describe_move(&position, &mv));
            game.play(&mut position, &mv);
        }
        draw(game, &position, &options)
    }
}

fn start_picture(game: &AnyGame, options: SvgOptions) -> String {
    game.run(Picture {
        fen: None,
        moves: &[],
        options,
    })
}

#[test]
fn start_position_of_every_profile() {
    let profiles = every_profile();
    assert_eq!(
        profiles.len(),
        boardctl(&["profiles", "list"]).0.lines().count(),
        "every entry of `profiles list`"
    );
    for (id, game) in &profiles {
        let name = format!("start-{}", id.replace(['/', '@'], "-"));
        insta::assert_snapshot!(name, start_picture(game, SvgOptions::default()));
    }
}

#[test]
fn marks_of_the_games() {
    // A Russian capture of two men: both landings highlighted, the arrow
    // through them, the men taken ringed; drawn from Black's side.
    let capture = load("russian-draughts/russian").run(Picture {
        fen: Some("W:Wc3,h2:Bd4,f6,Kb8"),
        moves: &["c3:e5:g7"],
        options: SvgOptions {
            flip: true,
            ..SvgOptions::default()
        },
    });
    insta::assert_snapshot!("russian-capture-flipped", capture);
    // Cheng San: the man taken on d6 leaves a marked point (the red ×).
    let cheng_san = load("morris/cheng-san").run(Picture {
        fen: None,
        moves: &[
            "d2", "d6", "b2", "f2", "b4", "b6", "a4", "c4", "a1", "a7", "d1", "d3", "g1xd6",
        ],
        options: SvgOptions::default(),
    });
    insta::assert_snapshot!("cheng-san-marked-point", cheng_san);
    // Lingqi's zones, and a South disciple trapped in North's zone.
    let lingqi = load("lingqi/lingqi").run(Picture {
        fen: Some("S:S0j2,D0g16:S0j18,F0g17:1"),
        moves: &[],
        options: SvgOptions {
            zones: true,
            ..SvgOptions::default()
        },
    });
    insta::assert_snapshot!("lingqi-zones-trapped", lingqi);
}

/// What a picture says of itself, read with an XML parser.
struct Parsed {
    title: String,
    /// Each node group's label and hit-shape centre, in document order.
    nodes: Vec<(String, (f64, f64))>,
    /// The classes of every piece.
    pieces: Vec<String>,
    /// The point lists of the edge polylines.
    edges: Vec<Vec<(f64, f64)>>,
    /// Every element's class attribute.
    classes: Vec<String>,
}

fn number(node: roxmltree::Node<'_, '_>, name: &str) -> f64 {
    node.attribute(name).unwrap().parse().unwrap()
}

fn parse(svg: &str) -> Parsed {
    let doc = roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("{e}\n{svg}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    let view: Vec<f64> = root
        .attribute("viewBox")
        .unwrap()
        .split(' ')
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(view.len(), 4);
    let (width, height) = (number(root, "width"), number(root, "height"));
    assert!(
        (300.0..=700.0).contains(&width.max(height)),
        "readable size: {width}×{height}"
    );
    let title = root
        .children()
        .find(|c| c.has_tag_name("title"))
        .and_then(|t| t.text())
        .unwrap()
        .to_string();
    let has_class = |n: &roxmltree::Node<'_, '_>, class: &str| {
        n.attribute("class")
            .is_some_and(|c| c.split(' ').any(|w| w == class))
    };
    let mut nodes = Vec::new();
    let mut pieces = Vec::new();
    let mut edges = Vec::new();
    let mut classes = Vec::new();
    for n in doc.descendants().filter(|n| n.is_element()) {
        if let Some(c) = n.attribute("class") {
            classes.push(c.to_string());
        }
        if has_class(&n, "node") {
            let label = n.attribute("data-node").unwrap().to_string();
            let hit = n
                .children()
                .find(|c| has_class(c, "hit"))
                .unwrap_or_else(|| panic!("node {label} has a hit shape"));
            let centre = if hit.has_tag_name("rect") {
                (
                    number(hit, "x") + number(hit, "width") / 2.0,
                    number(hit, "y") + number(hit, "height") / 2.0,
                )
            } else {
                (number(hit, "cx"), number(hit, "cy"))
            };
            assert_eq!(hit.attribute("fill-opacity"), Some("0"), "{label}");
            nodes.push((label, centre));
        }
        if has_class(&n, "piece") {
            pieces.push(n.attribute("class").unwrap().to_string());
        }
        if has_class(&n, "edge") {
            let points = n
                .attribute("points")
                .unwrap()
                .split(' ')
                .map(|p| {
                    let (x, y) = p.split_once(',').unwrap();
                    (x.parse().unwrap(), y.parse().unwrap())
                })
                .collect();
            edges.push(points);
        }
    }
    Parsed {
        title,
        nodes,
        pieces,
        edges,
        classes,
    }
}

/// Checks a picture against its game and position: the title, one node
/// group per graph node with its label in index order, the nodes placed
/// as the graph's coordinates (turned half a turn when flipped), each edge
/// drawn between its nodes' centres, one piece per piece of the scene.
struct Verify<'a> {
    svg: &'a str,
    fen: Option<&'a str>,
    flip: bool,
}

impl GameTask for Verify<'_> {
    type Output = ();
    fn run<G: Game>(self, game: &G) {
        let parsed = parse(self.svg);
        let graph = game.graph();
        let position = match self.fen {
            Some(fen) => game.parse_position(fen).unwrap(),
            None => game.start_position(),
        };
        let side = game.side_name(game.side_to_move(&position));
        assert_eq!(
            parsed.title,
            format!("{} — {side} to move", game.header().id())
        );
        let labels: Vec<&str> = parsed.nodes.iter().map(|(l, _)| l.as_str()).collect();
        let expected: Vec<&str> = graph.node_ids().map(|n| graph.label(n)).collect();
        assert_eq!(labels, expected);
        // Coordinates: east is right and north is up (or the reverse,
        // flipped), every unit the same size.
        let centre = |n: NodeId| parsed.nodes[n.index()].1;
        let (a, sign) = (NodeId::new(0), if self.flip { -1.0 } else { 1.0 });
        for n in graph.node_ids() {
            let (dx, dy) = (
                f64::from(graph.node(n).x - graph.node(a).x),
                f64::from(graph.node(n).y - graph.node(a).y),
            );
            let (px, py) = (centre(n).0 - centre(a).0, centre(n).1 - centre(a).1);
            assert_eq!(
                (px, py),
                (sign * 100.0 * dx, -sign * 100.0 * dy),
                "{}",
                graph.label(n)
            );
        }
        if parsed.classes.iter().any(|c| c.contains("points")) {
            let drawn: BTreeSet<((i64, i64), (i64, i64))> = parsed
                .edges
                .iter()
                .flat_map(|chain| chain.windows(2).map(|w| (w[0], w[1])))
                .map(|(p, q)| {
                    let (p, q) = ((p.0 as i64, p.1 as i64), (q.0 as i64, q.1 as i64));
                    if p < q { (p, q) } else { (q, p) }
                })
                .collect();
            // Diagonals that join every node to every diagonal neighbour
            // (the lingqi grid) are left out; any other edge is drawn.
            let implied = graph.node_ids().all(|n| {
                let node = graph.node(n);
                board_core::Direction::DIAGONAL.into_iter().all(|d| {
                    let (dx, dy) = d.delta();
                    graph.neighbour(n, d) == graph.node_at(node.x + dx, node.y + dy)
                })
            });
            let diagonal_drawn = drawn.iter().any(|(p, q)| p.0 != q.0 && p.1 != q.1);
            assert!(
                !(implied && diagonal_drawn),
                "implied diagonals are left out"
            );
            for &(m, n) in graph.edges() {
                let (p, q) = (centre(m), centre(n));
                if implied && p.0 != q.0 && p.1 != q.1 {
                    continue;
                }
                let (p, q) = ((p.0 as i64, p.1 as i64), (q.0 as i64, q.1 as i64));
                let key = if p < q { (p, q) } else { (q, p) };
                assert!(
                    drawn.contains(&key),
                    "edge {}-{} is drawn",
                    graph.label(m),
                    graph.label(n)
                );
            }
        }
        let scene = game.scene(&position);
        assert_eq!(parsed.pieces.len(), scene.pieces.len());
        for class in &parsed.pieces {
            assert!(
                class.contains("side-white") != class.contains("side-black"),
                "{class}"
            );
        }
    }
}

/// The first legal move's parts, to mark as a last move.
struct FirstMove;

impl GameTask for FirstMove {
    type Output = Option<board_core::MoveParts>;
    fn run<G: Game>(self, game: &G) -> Option<board_core::MoveParts> {
        let start = game.start_position();
        let mut moves = Vec::new();
        game.legal_moves(&start, &mut moves);
        moves.first().map(|m| game.describe_move(&start, m))
    }
}

#[test]
fn every_picture_is_xml_with_the_graphs_labels_and_geometry() {
    for (id, game) in every_profile() {
        let last_move = game.run(FirstMove);
        for flip in [false, true] {
            let options = SvgOptions {
                flip,
                last_move: last_move.clone(),
                highlight: vec![NodeId::new(0)],
                zones: true,
                coordinates: !flip,
            };
            let svg = start_picture(&game, options);
            game.run(Verify {
                svg: &svg,
                fen: None,
                flip,
            });
            let parsed = parse(&svg);
            assert!(
                parsed.classes.iter().any(|c| c == "highlight"),
                "{id}: the highlight is drawn"
            );
            if last_move.as_ref().is_some_and(|p| !p.landings.is_empty()) {
                assert!(
                    parsed.classes.iter().any(|c| c == "last-to"),
                    "{id}: the last move's landing is highlighted"
                );
            }
        }
    }
}

#[test]
fn the_marks_are_where_the_scene_puts_them() {
    let capture = load("russian-draughts/russian").run(Picture {
        fen: Some("W:Wc3,h2:Bd4,f6,Kb8"),
        moves: &["c3:e5:g7"],
        options: SvgOptions::default(),
    });
    let parsed = parse(&capture);
    assert!(parsed.classes.iter().any(|c| c == "last-move"), "an arrow");
    assert_eq!(
        parsed.classes.iter().filter(|c| *c == "captured").count(),
        2
    );
    assert_eq!(
        parsed.classes.iter().filter(|c| *c == "last-to").count(),
        2,
        "both landings"
    );
    assert!(parsed.pieces.iter().any(|c| c == "piece side-black king"));
    assert!(capture.contains("class=\"board squares\""));

    let cheng_san = load("morris/cheng-san").run(Picture {
        fen: None,
        moves: &[
            "d2", "d6", "b2", "f2", "b4", "b6", "a4", "c4", "a1", "a7", "d1", "d3", "g1xd6",
        ],
        options: SvgOptions::default(),
    });
    let doc = roxmltree::Document::parse(&cheng_san).unwrap();
    let d6 = doc
        .descendants()
        .find(|n| n.attribute("data-node") == Some("d6"))
        .unwrap();
    assert!(
        d6.children()
            .any(|c| c.attribute("class") == Some("marked")),
        "the red × on d6"
    );
    let hands: Vec<(&str, &str)> = doc
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("hand ")))
        .map(|n| {
            (
                n.attribute("class").unwrap(),
                n.attribute("data-count").unwrap(),
            )
        })
        .collect();
    assert_eq!(
        hands,
        [("hand side-black", "3"), ("hand side-white", "2")],
        "the men in hand"
    );

    let fen = "S:S0j2,D0g16:S0j18,F0g17:1";
    for zones in [false, true] {
        let lingqi = load("lingqi/lingqi").run(Picture {
            fen: Some(fen),
            moves: &[],
            options: SvgOptions {
                zones,
                ..SvgOptions::default()
            },
        });
        let parsed = parse(&lingqi);
        assert_eq!(
            parsed.pieces.iter().any(|c| c.ends_with(" trapped")),
            zones,
            "trapped pieces only with the zones"
        );
        assert_eq!(parsed.classes.iter().any(|c| c.starts_with("zone ")), zones);
        assert!(lingqi.contains(">D</text>") && lingqi.contains(">F</text>"));
    }
}

#[test]
fn the_same_input_gives_the_same_bytes() {
    for (_, game) in every_profile() {
        let options = || SvgOptions {
            last_move: game.run(FirstMove),
            zones: true,
            ..SvgOptions::default()
        };
        assert_eq!(
            start_picture(&game, options()),
            start_picture(&game, options())
        );
    }
    // Across processes too (hash maps are seeded per process).
    let args = [
        "diagram",
        "--rules",
        "morris/cheng-san",
        "--format",
        "svg",
        "d2",
        "d6",
    ];
    let (first, _, code) = boardctl(&args);
    assert_eq!(code, Some(0));
    assert_eq!(first, boardctl(&args).0);
}

#[test]
fn diagram_writes_text_or_svg() {
    let (text, _, code) = boardctl(&["diagram", "--rules", "russian-draughts/russian"]);
    assert_eq!(code, Some(0));
    let (shown, _, _) = boardctl(&["profiles", "show", "russian-draughts/russian"]);
    assert!(
        shown.contains(&text),
        "the profile's start diagram:\n{text}"
    );

    let (svg, err, code) = boardctl(&[
        "diagram",
        "--rules",
        "russian-draughts/russian",
        "--format",
        "svg",
        "--flip",
        "c3-d4",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let expected = load("russian-draughts/russian").run(Picture {
        fen: None,
        moves: &["c3-d4"],
        options: SvgOptions {
            flip: true,
            ..SvgOptions::default()
        },
    });
    assert_eq!(svg, expected);

    let (_, err, code) = boardctl(&["diagram", "--rules", "russian-draughts/russian", "--flip"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--format svg"), "{err}");
    let (_, err, code) = boardctl(&[
        "diagram",
        "--rules",
        "russian-draughts/russian",
        "--format",
        "svg",
        "c3-c5",
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("1. c3-c5: illegal"), "{err}");
    let (_, err, code) = boardctl(&[
        "diagram",
        "--rules",
        "morris/cheng-san",
        "--format",
        "svg",
        "--zones",
    ]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--zones is not an option of morris"), "{err}");
}

#[test]
fn replay_writes_one_picture_per_ply_of_every_game() {
    let record = "tests/data/examples/russian-games.pdn";
    let dir = scratch("replay");
    let dir_text = dir.to_str().unwrap();
    let (out, err, code) = boardctl(&["replay", record, "--svg", dir_text]);
    // The third game of the example has an illegal move: its pictures stop
    // before it, and the exit code says so.
    assert_eq!(code, Some(1), "{out}{err}");
    let mut written: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    written.sort();
    let mut expected = Vec::new();
    for game in 1..=4 {
        // The positions `replay --fen` prints: the start, then one per move.
        let (fens, _, _) = boardctl(&["replay", "--fen", "--game", &game.to_string(), record]);
        let positions = fens
            .lines()
            .filter(|l| {
                let first = l.split(' ').next().unwrap_or_default();
                first == "start" || (first.ends_with('.') && first.starts_with(char::is_numeric))
            })
            .count();
        assert!(positions > 1, "game {game}");
        for ply in 0..positions {
            expected.push(format!("game-{game}-ply-{ply:03}.svg"));
        }
        assert!(
            out.contains(&format!(
                "wrote {positions} pictures to {dir_text}: game-{game}-ply-000.svg … game-{game}-ply-{:03}.svg",
                positions - 1
            )),
            "{out}"
        );
        // Ply 000 is the start position, as `diagram` draws it.
        let start = std::fs::read_to_string(dir.join(format!("game-{game}-ply-000.svg"))).unwrap();
        let fen = fens
            .lines()
            .find_map(|l| l.strip_prefix("start  "))
            .unwrap();
        let title = parse(&start).title;
        let profile = title.split(' ').next().unwrap();
        let (drawn, err, _) = boardctl(&[
            "diagram", "--rules", profile, "--fen", fen, "--format", "svg",
        ]);
        assert!(start == drawn, "game {game}: {err}");
    }
    expected.sort();
    assert_eq!(written, expected);
    for name in &written {
        let svg = std::fs::read_to_string(dir.join(name)).unwrap();
        let parsed = parse(&svg);
        assert_eq!(parsed.nodes.len(), 32, "{name}");
        let marked = parsed.classes.iter().any(|c| c == "last-move");
        assert_eq!(marked, !name.ends_with("-ply-000.svg"), "{name}");
    }

    // --game N writes that game's pictures only.
    let one = scratch("replay-one");
    let (_, err, code) = boardctl(&[
        "replay",
        record,
        "--game",
        "2",
        "--svg",
        one.to_str().unwrap(),
    ]);
    assert_eq!(code, Some(0), "{err}");
    let names: Vec<String> = std::fs::read_dir(&one)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert!(!names.is_empty());
    assert!(
        names.iter().all(|n| n.starts_with("game-2-ply-")),
        "{names:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&one);
}

/// Three men's morris on a board of the user's own: a 3×3 grid with the
/// two long diagonals, given node by node.
const THREE_MENS_MORRIS: &str = r#"
game = "morris"
name = "three-mens-morris"
version = 1
description = "Three Men's Morris on a custom board: 3x3 points, both diagonals"

[board]
kind = "custom"
nodes = [
    { label = "a1", x = 0, y = 0 }, { label = "b1", x = 1, y = 0 }, { label = "c1", x = 2, y = 0 },
    { label = "a2", x = 0, y = 1 }, { label = "b2", x = 1, y = 1 }, { label = "c2", x = 2, y = 1 },
    { label = "a3", x = 0, y = 2 }, { label = "b3", x = 1, y = 2 }, { label = "c3", x = 2, y = 2 },
]
edges = [
    ["a1", "b1"], ["b1", "c1"], ["a2", "b2"], ["b2", "c2"], ["a3", "b3"], ["b3", "c3"],
    ["a1", "a2"], ["a2", "a3"], ["b1", "b2"], ["b2", "b3"], ["c1", "c2"], ["c2", "c3"],
    ["a1", "b2"], ["b2", "c3"], ["c1", "b2"], ["b2", "a3"],
]
lines = [
    ["a1", "b1", "c1"], ["a2", "b2", "c2"], ["a3", "b3", "c3"],
    ["a1", "a2", "a3"], ["b1", "b2", "b3"], ["c1", "c2", "c3"],
    ["a1", "b2", "c3"], ["c1", "b2", "a3"],
]

[rules]
men-per-side = 3
flying-at = "never"
mill-protection = "none"

[start]
fen = "W:W:B:H3/3"
"#;

#[test]
fn a_custom_board_from_a_users_profile_renders() {
    let dir = scratch("custom");
    let file = dir.join("three-mens-morris.v1.toml");
    std::fs::write(&file, THREE_MENS_MORRIS).unwrap();
    let path = file.to_str().unwrap();
    let (svg, err, code) = boardctl(&[
        "diagram",
        "--rules-file",
        path,
        "--format",
        "svg",
        "b2",
        "a1",
    ]);
    assert_eq!(code, Some(0), "{err}");
    let source = board_core::ProfileSource::new(path, THREE_MENS_MORRIS, false).unwrap();
    let game = AnyGame::load(&source).unwrap();
    game.run(Verify {
        svg: &svg,
        fen: Some("W:Wb2:Ba1:H2/2"),
        flip: false,
    });
    let parsed = parse(&svg);
    // The diagonals are not implied by the grid here: they are drawn.
    assert!(
        parsed.edges.iter().any(|chain| chain
            .windows(2)
            .any(|w| w[0].0 != w[1].0 && w[0].1 != w[1].1)),
        "the diagonals are drawn"
    );
    assert!(svg.contains("<title>morris/three-mens-morris@1 — White to move</title>"));
    assert_eq!(parsed.pieces.len(), 2);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn replay_refuses_svg_with_fen_and_flip_without_svg() {
    let record = "tests/data/examples/russian-games.pdn";
    let (_, err, code) = boardctl(&["replay", record, "--fen", "--svg", "x"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("cannot be used with"), "{err}");
    let (_, err, code) = boardctl(&["replay", record, "--flip"]);
    assert_eq!(code, Some(2));
    assert!(err.contains("--svg"), "{err}");
    assert!(!Path::new("x").exists());
}
