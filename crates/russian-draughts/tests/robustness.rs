//! Bad input of every kind gets an error, never a panic; bad profiles are
//! refused with a message.

mod common;

use board_core::ProfileSource;
use board_core::conformance::Rng;
use board_core::prelude::*;
use russian_draughts::Draughts;

const ALPHABET: &[char] = &[
    'a', 'c', 'h', 'j', 'z', 'x', 'X', 'K', 'W', 'B', '1', '2', '3', '0', '9', '-', ':', ',', '.',
    ' ', '!', '?', 'é', '×', '/',
];

fn random_text(rng: &mut Rng) -> String {
    let len = rng.below(14);
    (0..len)
        .map(|_| ALPHABET[rng.below(ALPHABET.len())])
        .collect()
}

#[test]
fn random_move_and_fen_text_never_panics() {
    let mut rng = Rng::new(2026);
    for name in common::PROFILES {
        let game = common::load(name);
        let start = game.start_position();
        for _ in 0..3000 {
            let text = random_text(&mut rng);
            if let Err(board_core::MoveError::Syntax(e)) = game.parse_move(&start, &text) {
                assert!(
                    e.span.end <= text.len() && e.span.start <= e.span.end,
                    "{text:?}"
                );
                assert!(text.is_char_boundary(e.span.start), "{text:?}");
            }
            let fen = format!("W:{}", random_text(&mut rng));
            if let Err(e) = game.parse_position(&fen) {
                assert!(!e.problems.is_empty(), "{fen:?}");
            }
        }
    }
}

fn profile(rules: &str, start: &str, board: &str) -> String {
    format!(
        "game = \"russian-draughts\"\nname = \"test\"\nversion = 1\ndescription = \"test\"\n\n\
         [board]\n{board}\n\n[rules]\n{rules}\n\n[start]\nfen = \"{start}\"\n"
    )
}

const BOARD: &str = "kind = \"grid\"\nwidth = 8\nheight = 8\nsquares = \"dark\"\nconnections = \"diagonal\"\nnumbering = \"pdn\"";
const RULES: &str = "men-capture-backward = true\nkings = \"flying\"\ncapture-choice = \"free\"\n\
    mid-capture-promotion = \"continue-as-king\"\nfirst-player = \"white\"\nnotation = \"algebraic\"\n\
    capture-separator = \":\"\ncapture-writing = \"full\"";

fn load_text(text: String) -> Result<Draughts, String> {
    let source = ProfileSource::new("test.toml", text, false).map_err(|e| e.to_string())?;
    Draughts::from_profile(&source).map_err(|e| e.to_string())
}

#[test]
fn profile_inconsistencies_are_refused_with_a_message() {
    assert!(load_text(profile(RULES, "W:W21-32:B1-12", BOARD)).is_ok());
    let cases = [
        (
            profile(RULES, "B:W21-32:B1-12", BOARD),
            "first-player is White",
        ),
        (
            profile(&RULES.replace("\":\"", "\"/\""), "W:W21-32:B1-12", BOARD),
            "capture-separator",
        ),
        (profile(RULES, "W:W21-33:B1-12", BOARD), "[start] fen"),
        (
            profile(
                RULES,
                "W:Wa1:Bh8",
                &BOARD
                    .replace("\"diagonal\"", "\"orthogonal\"")
                    .replace("\"dark\"", "\"all\""),
            ),
            "diagonals only",
        ),
        (
            profile(RULES, "W:Wa1:Bh8", &BOARD.replace("\"dark\"", "\"all\"")),
            "playing colour",
        ),
        (
            profile(&format!("{RULES}\nflying-men = true"), "W:Wa1:Bh8", BOARD),
            "unknown field",
        ),
        (
            profile(
                &RULES.replace("\"algebraic\"", "\"numeric\""),
                "W:Wa1:Bh8",
                &BOARD.replace("\"pdn\"", "\"none\""),
            ),
            "numbered board",
        ),
    ];
    for (text, expected) in cases {
        match load_text(text) {
            Ok(_) => panic!("accepted a profile that should fail with `{expected}`"),
            Err(message) => assert!(message.contains(expected), "{message}"),
        }
    }
}

#[test]
fn settings_list_every_switch() {
    let game = common::load("czech");
    let settings = game.settings();
    for key in [
        "men-capture-backward = false",
        "kings = \"flying\"",
        "king-capture-priority = true",
        "mid-capture-promotion = \"ends-move\"",
        "first-player = \"white\"",
    ] {
        assert!(settings.contains(key), "{settings}");
    }
}
