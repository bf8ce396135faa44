//! The board-core conformance suite on every profile.

mod common;

use board_core::PerftOptions;
use board_core::conformance::{check_perft, for_each_playout_position, random_playouts};
use board_core::prelude::*;

#[test]
fn conformance_random_playouts_every_profile() {
    for name in common::PROFILES {
        let game = common::load(name);
        let start = game.start_position();
        let checked = random_playouts(&game, &start, 40, 200, 0x5EED + name.len() as u64)
            .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(
            checked > 40 * 20,
            "{name}: only {checked} positions reached"
        );
    }
}

#[test]
fn conformance_perft_every_profile() {
    for name in common::PROFILES {
        let game = common::load(name);
        let start = game.start_position();
        check_perft(&game, &start, 4, &PerftOptions::default())
            .unwrap_or_else(|e| panic!("{name}: {e}"));
    }
}

/// The split of perft that threads share out (`perft -j`) counts the same
/// tree from positions of random games (captures, kings, crowning), with
/// and without counting every capture route.
#[test]
fn perft_split_agrees_along_random_games() {
    let keep = PerftOptions::default().with(&russian_draughts::KEEP_DUPLICATES);
    for name in common::PROFILES {
        let game = common::load(name);
        let start = game.start_position();
        let mut visited = 0;
        for_each_playout_position(
            &game,
            &start,
            6,
            120,
            0x5717 + name.len() as u64,
            |position, _| {
                if visited % 6 == 0 {
                    for options in [&PerftOptions::default(), &keep] {
                        check_perft(&game, position, 3, options)
                            .map_err(|e| format!("{name} at position {visited}: {e}"))?;
                    }
                }
                visited += 1;
                Ok::<(), String>(())
            },
        )
        .unwrap_or_else(|e| panic!("{e}"));
    }
}

/// A profile on a custom board (`width` × `height`, men on the first
/// `rows` rows of each side) with the given rule lines.
fn custom(width: i32, height: i32, rows: i32, rules: &str) -> russian_draughts::Draughts {
    let square = |x: i32, y: i32| format!("{}{}", (b'a' + x as u8) as char, y + 1);
    let men = |ys: std::ops::Range<i32>| {
        let mut list = Vec::new();
        for y in ys {
            for x in (0..width).filter(|x| (x + y) % 2 == 0) {
                list.push(square(x, y));
            }
        }
        list.join(",")
    };
    let fen = format!("W:W{}:B{}", men(0..rows), men(height - rows..height));
    let text = format!(
        "game = \"russian-draughts\"\nname = \"custom\"\nversion = 1\ndescription = \"custom\"\n\n\
         [board]\nkind = \"grid\"\nwidth = {width}\nheight = {height}\nsquares = \"dark\"\nconnections = \"diagonal\"\n\n\
         [rules]\n{rules}\nfirst-player = \"white\"\nnotation = \"algebraic\"\ncapture-separator = \":\"\ncapture-writing = \"full\"\n\n\
         [start]\nfen = \"{fen}\"\n"
    );
    let source = board_core::ProfileSource::new("custom.toml", text, false).expect("header");
    russian_draughts::Draughts::from_profile(&source).expect("custom profile loads")
}

/// Perft on custom boards, whose shifts are read at run time (6 wide) or
/// whose rows go past those of the 8×8 board (8 × 12), under every value
/// of each rule switch, agrees with generating and playing every move,
/// along random games.
#[test]
fn perft_on_custom_boards_agrees_along_random_games() {
    let switches = [
        "men-capture-backward = true\nkings = \"flying\"\ncapture-choice = \"free\"\nmid-capture-promotion = \"continue-as-king\"",
        "men-capture-backward = true\nkings = \"short\"\ncapture-choice = \"free\"\nmid-capture-promotion = \"ends-move\"",
        "men-capture-backward = false\nkings = \"short\"\ncapture-choice = \"maximum-pieces\"\nmid-capture-promotion = \"ends-move\"",
        "men-capture-backward = true\nkings = \"flying\"\ncapture-choice = \"maximum-pieces\"\nmid-capture-promotion = \"continue-as-man\"",
        "men-capture-backward = true\nkings = \"flying\"\ncapture-choice = \"maximum-pieces\"\nking-capture-priority = true\nmid-capture-promotion = \"continue-as-king\"",
        "men-capture-backward = false\nkings = \"flying\"\ncapture-choice = \"free\"\nmid-capture-promotion = \"continue-as-man\"",
        "men-capture-backward = true\nkings = \"short\"\ncapture-choice = \"free\"\nmid-capture-promotion = \"continue-as-king\"",
    ];
    let keep = PerftOptions::default().with(&russian_draughts::KEEP_DUPLICATES);
    let no_bulk = PerftOptions::default().with(&board_core::NO_BULK);
    let mut checked = 0;
    for (i, rules) in switches.iter().enumerate() {
        let game = custom(8, 8, 3, rules);
        // A man crowned on d8 who could go on (f6, then d4 or h4) next to
        // one with two jumps (h2), and a
        // man whose four jumps lead back to its start (c3), both ways.
        // Then kings next to men: a king's single capture with a man's
        // longer one (h2, c3), a king's longer one with a man's single
        // one (a1, e3), and the king positions of `tests/perft`. Then
        // kings' two-jump captures, counted on the board when nothing
        // follows: straight on past several landings (a1), to the side
        // from one landing (c7), both, and one with a third jump (g3).
        for fen in [
            "W:WKa1:Bc3,f6",
            "W:WKa1:Bc3,f6,c7",
            "W:WKa1,Kh2:Bc3,f6,c7,e3,b4,g5",
            "W:WKa1:Bc3,f6,c7,g3,e3",
            "W:Wb6,h2,f2:Bc7,e7,e5,g5,g3",
            "W:Wc3:Bd4,d6,b6,b4",
            "W:Wc3,h2:Bd4,d6,b6,b4,g3",
            "W:Wc3,Kh2:Bd4,f6,g3,a7",
            "W:WKa1,e3:Bc3,f4,e7,b8",
            "W:Wa1,c1,Kd2:Bb8,Kd8",
            "W:Wa1,c1,e1,b2,f2,c3,g3,h4,Kd6:Bb8,f8,a7,e7,g7,b6,h6,c5,e5,Kd2",
            "B:WKa1,Kh2,c3,e3:BKh8,b6,Kd8,g5",
        ] {
            let position = game.parse_position(fen).expect("test FEN");
            for options in [&PerftOptions::default(), &keep, &no_bulk] {
                for depth in 1..=3 {
                    check_perft(&game, &position, depth, options)
                        .unwrap_or_else(|e| panic!("{fen} {rules:?}: {e}"));
                }
            }
        }
        for (width, height, rows) in [(6, 6, 2), (8, 12, 3)] {
            let game = custom(width, height, rows, rules);
            let start = game.start_position();
            assert!(game.perft(&start, 2, &PerftOptions::default()) > 1);
            let seed = 0xB0A2D + i as u64 + width as u64;
            let mut visited = 0;
            for_each_playout_position(&game, &start, 6, 80, seed, |position, _| {
                if visited % 2 == 0 {
                    checked += 1;
                    for options in [&PerftOptions::default(), &keep, &no_bulk] {
                        check_perft(&game, position, 3, options).map_err(|e| {
                            format!("{width}x{height} {rules:?} at position {visited}: {e}")
                        })?;
                    }
                }
                visited += 1;
                Ok::<(), String>(())
            })
            .unwrap_or_else(|e| panic!("{e}"));
        }
    }
    assert!(checked > 200, "only {checked} positions checked");
}
