//! The boards of every game, built from `[board]` descriptions.
#![allow(clippy::unwrap_used)] // tests fail loudly on purpose

use board_core::board_spec::{
    BoardSpec, Connections, GridSpec, MorrisLine, MorrisSpec, Numbering, Squares,
};
use board_core::{BoardError, Direction, Graph, MAX_NODES};

fn grid(width: u32, height: u32, squares: Squares, connections: Connections) -> Graph {
    BoardSpec::Grid(GridSpec {
        width,
        height,
        squares,
        connections,
        numbering: Numbering::Pdn,
    })
    .build()
    .unwrap()
}

fn morris(rings: u32, diagonals: bool, lines: &[MorrisLine]) -> Graph {
    BoardSpec::Morris(MorrisSpec {
        rings,
        midpoint_connectors: true,
        corner_diagonals: diagonals,
        lines: lines.to_vec(),
    })
    .build()
    .unwrap()
}

fn labels(g: &Graph, nodes: &[board_core::NodeId]) -> Vec<String> {
    nodes.iter().map(|&n| g.label(n).to_string()).collect()
}

#[test]
fn draughts_8x8_has_32_dark_squares_with_diagonal_neighbours_and_rays() {
    let g = grid(8, 8, Squares::Dark, Connections::Diagonal);
    assert_eq!(g.node_count(), 32);
    assert_eq!(g.edge_count(), 49);
    let c3 = g.node_by_label("c3").unwrap();
    let n: Vec<(Direction, String)> = g
        .neighbours(c3)
        .map(|(d, m)| (d, g.label(m).to_string()))
        .collect();
    assert_eq!(
        n,
        vec![
            (Direction::NE, "d4".to_string()),
            (Direction::SE, "d2".to_string()),
            (Direction::SW, "b2".to_string()),
            (Direction::NW, "b4".to_string()),
        ]
    );
    assert!(g.node_by_label("b1").is_none(), "b1 is a light square");
    let a1 = g.node_by_label("a1").unwrap();
    assert_eq!(
        labels(&g, g.ray(a1, Direction::NE)),
        ["b2", "c3", "d4", "e5", "f6", "g7", "h8"]
    );
    assert!(g.ray(a1, Direction::SW).is_empty());
    let h2 = g.node_by_label("h2").unwrap();
    assert_eq!(
        labels(&g, g.ray(h2, Direction::NW)),
        ["g3", "f4", "e5", "d6", "c7", "b8"]
    );
    // PDN numbering: 1 = b8, 4 = h8, 5 = a7, 29 = a1, 32 = g1.
    for (k, l) in [(1, "b8"), (4, "h8"), (5, "a7"), (29, "a1"), (32, "g1")] {
        assert_eq!(g.label(g.node_by_number(k).unwrap()), l);
        assert_eq!(g.number(g.node_by_label(l).unwrap()), Some(k as u16));
    }
}

#[test]
fn international_10x10_has_50_squares_numbered_from_the_top_left() {
    let g = grid(10, 10, Squares::Dark, Connections::Diagonal);
    assert_eq!(g.node_count(), 50);
    for (k, l) in [(1, "b10"), (5, "j10"), (6, "a9"), (46, "a1"), (50, "i1")] {
        assert_eq!(g.label(g.node_by_number(k).unwrap()), l, "square {k}");
    }
    let a1 = g.node_by_label("a1").unwrap();
    assert_eq!(g.ray(a1, Direction::NE).len(), 9);
}

#[test]
fn nine_mens_morris_board_has_24_points_32_edges_16_mills() {
    let g = morris(3, false, &[MorrisLine::Sides, MorrisLine::Connectors]);
    assert_eq!(
        (g.node_count(), g.edge_count(), g.lines().len()),
        (24, 32, 16)
    );
    for l in g.lines() {
        assert_eq!(l.len(), 3);
    }
    let d2 = g.node_by_label("d2").unwrap();
    let n: Vec<String> = g
        .neighbours(d2)
        .map(|(_, m)| g.label(m).to_string())
        .collect();
    assert_eq!(n, ["d3", "f2", "d1", "b2"]);
    assert_eq!(g.lines_through(d2).len(), 2);
    let a1 = g.node_by_label("a1").unwrap();
    assert_eq!(labels(&g, g.ray(a1, Direction::E)), ["d1", "g1"]);
}

#[test]
fn morris_board_with_corner_diagonals_has_40_edges_and_20_mills() {
    let g = morris(
        3,
        true,
        &[
            MorrisLine::Sides,
            MorrisLine::Connectors,
            MorrisLine::Diagonals,
        ],
    );
    assert_eq!(
        (g.node_count(), g.edge_count(), g.lines().len()),
        (24, 40, 20)
    );
    let b2 = g.node_by_label("b2").unwrap();
    assert_eq!(g.neighbour(b2, Direction::SW), g.node_by_label("a1"));
    assert_eq!(g.neighbour(b2, Direction::NE), g.node_by_label("c3"));
}

#[test]
fn six_mens_morris_board_has_16_points_and_8_mills() {
    let g = morris(2, false, &[MorrisLine::Sides]);
    assert_eq!(
        (g.node_count(), g.edge_count(), g.lines().len()),
        (16, 20, 8)
    );
    assert!(g.node_by_label("e5").is_some() && g.node_by_label("c3").is_none());
}

#[test]
fn alquerque_board_has_25_points_and_56_edges() {
    let g = grid(5, 5, Squares::All, Connections::Alternating);
    assert_eq!((g.node_count(), g.edge_count()), (25, 56));
    let b1 = g.node_by_label("b1").unwrap();
    assert_eq!(
        g.neighbour(b1, Direction::NE),
        None,
        "no diagonal through b1"
    );
    let c3 = g.node_by_label("c3").unwrap();
    assert_eq!(g.neighbours(c3).count(), 8);
}

#[test]
fn lingqi_19x19_board_has_361_nodes_and_1332_edges() {
    let g = grid(19, 19, Squares::All, Connections::Both);
    assert_eq!((g.node_count(), g.edge_count()), (361, 1332));
    assert!(g.node_by_label("s19").is_some() && g.node_by_label("i9").is_some());
}

#[test]
fn custom_24_point_board_equals_the_morris_kind() {
    let built = morris(3, false, &[MorrisLine::Sides, MorrisLine::Connectors]);
    let text = include_str!("data/morris-24-custom.toml");
    #[derive(serde::Deserialize)]
    struct Doc {
        board: BoardSpec,
    }
    let doc: Doc = toml::from_str(text).unwrap();
    let custom = doc.board.build().unwrap();
    let canon = |g: &Graph| {
        let mut nodes: Vec<(String, i32, i32)> = g
            .node_ids()
            .map(|n| (g.label(n).to_string(), g.node(n).x, g.node(n).y))
            .collect();
        nodes.sort();
        let mut edges: Vec<(String, String)> = g
            .edges()
            .iter()
            .map(|&(a, b)| {
                let (a, b) = (g.label(a).to_string(), g.label(b).to_string());
                if a < b { (a, b) } else { (b, a) }
            })
            .collect();
        edges.sort();
        let mut lines: Vec<Vec<String>> = g
            .lines()
            .iter()
            .map(|l| {
                let mut v = labels(g, l);
                v.sort();
                v
            })
            .collect();
        lines.sort();
        (nodes, edges, lines)
    };
    assert_eq!(canon(&custom), canon(&built));
}

#[test]
fn board_errors_are_reported_not_panicked() {
    let huge = BoardSpec::Grid(GridSpec {
        width: 1000,
        height: 1000,
        squares: Squares::All,
        connections: Connections::Both,
        numbering: Numbering::None,
    });
    assert_eq!(
        huge.build().unwrap_err(),
        BoardError::TooLarge {
            nodes: 1_000_000,
            limit: MAX_NODES
        }
    );
    let huge_morris = BoardSpec::Morris(MorrisSpec {
        rings: u32::MAX,
        midpoint_connectors: true,
        corner_diagonals: false,
        lines: vec![],
    });
    assert!(matches!(
        huge_morris.build(),
        Err(BoardError::TooLarge { .. })
    ));
    let bad_lines = BoardSpec::Morris(MorrisSpec {
        rings: 3,
        midpoint_connectors: true,
        corner_diagonals: false,
        lines: vec![MorrisLine::Diagonals],
    });
    assert!(matches!(bad_lines.build(), Err(BoardError::Invalid(_))));
}

/// Every label finds its node (short labels like `c3` and `j10` by table,
/// others by name), and a text that is no label finds none: other cases,
/// a leading zero, squares off the board.
#[test]
fn every_label_finds_its_node_and_nothing_else_finds_one() {
    let boards = [
        grid(8, 8, Squares::Dark, Connections::Diagonal),
        grid(19, 19, Squares::All, Connections::Orthogonal),
        grid(26, 3, Squares::All, Connections::Orthogonal),
        morris(3, false, &[]),
    ];
    for g in &boards {
        for i in 0..g.node_count() {
            let n = board_core::NodeId::new(i);
            assert_eq!(g.node_by_label(g.label(n)), Some(n), "{}", g.label(n));
        }
    }
    let draughts = &boards[0];
    for text in [
        "C3", "a01", "b1", "i1", "a9", "a", "1", "", "c3 ", "é3", "a10",
    ] {
        assert_eq!(draughts.node_by_label(text), None, "{text:?}");
    }
    assert!(boards[1].node_by_label("s19").is_some());
    assert_eq!(boards[1].node_by_label("s20"), None);
    assert!(boards[2].node_by_label("z3").is_some());
}
