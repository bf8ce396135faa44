//! Profiles: the bundled ones load with the switches they document, and an
//! inconsistent profile is refused with a message that names the problem.

mod common;

use board_core::ProfileError;
use board_core::prelude::*;
use common::{BUNDLED, profile, try_variant};
use morris::{FlyingAt, MarkedPoints, MillProtection, Placing};

fn invalid_message(result: Result<morris::Morris, ProfileError>) -> String {
    match result {
        Err(ProfileError::Invalid { message, .. }) => message,
        Err(other) => panic!("expected an invalid profile, got {other}"),
        Ok(_) => panic!("expected an invalid profile, it loaded"),
    }
}

#[test]
fn bundled_profiles_load_with_their_boards() {
    let points = |name: &str| profile(name).graph().node_count();
    let mills = |name: &str| profile(name).graph().lines().len();
    assert_eq!(BUNDLED.len(), 7);
    for (name, count, lines) in [
        ("cheng-san", 24, 16),
        ("nine-mens-morris", 24, 16),
        ("six-mens-morris", 16, 8),
        ("twelve-mens-morris", 24, 20),
        ("morabaraba", 24, 20),
        ("lasker", 24, 16),
        ("da-san-qi", 24, 20),
    ] {
        assert_eq!((points(name), mills(name)), (count, lines), "{name}");
    }
}

#[test]
fn the_seed_profile_has_the_seed_rules() {
    let game = profile("cheng-san");
    let rules = game.rules();
    assert_eq!(rules.men_per_side, 9);
    assert_eq!(rules.flying_at, FlyingAt::Never);
    assert_eq!(rules.mill_protection, MillProtection::Strict);
    assert_eq!(rules.marked_points, MarkedPoints::EmptyPoint);
    assert_eq!(rules.placing, Placing::BeforeMoving);
    assert_eq!(rules.loses_with, 2);
    assert_eq!(rules.draw_repetition, 0);
    assert_eq!(rules.draw_moves_without_removal, 0);
}

#[test]
fn settings_list_every_switch() {
    let settings = profile("nine-mens-morris").settings();
    for key in [
        "men-per-side = 9",
        "placing = \"before-moving\"",
        "flying-at = 3",
        "mill-protection = \"unless-all\"",
        "removals-per-double-mill = 1",
        "marked-points = \"none\"",
        "no-placement = \"lose\"",
        "blocked = \"lose\"",
        "full-board = \"blocked-rule\"",
        "loses-with = 2",
        "draw-moves-without-removal = 0",
        "draw-repetition = 0",
    ] {
        assert!(settings.contains(key), "{key} missing from\n{settings}");
    }
    assert!(
        profile("cheng-san")
            .settings()
            .contains("flying-at = \"never\"")
    );
}

#[test]
fn inconsistent_switches_are_refused_with_every_reason() {
    let message = invalid_message(try_variant(
        "nine-mens-morris",
        &[
            ("flying-at", "2"),
            ("removals-per-double-mill", "3"),
            ("draw-repetition", "1"),
        ],
    ));
    assert_eq!(
        message,
        "[rules]: flying-at = 2 is never reached: a side with 2 men has already lost (loses-with = 2); \
         [rules]: removals-per-double-mill = 3: expected 1 or 2; \
         [rules]: draw-repetition = 1 would draw every position: use 0 (off) or 2 and more"
    );
    let message = invalid_message(try_variant("six-mens-morris", &[("loses-with", "6")]));
    assert_eq!(
        message,
        "[rules]: loses-with = 6 but each side has only 6 men: the game would be lost before it starts"
    );
}

#[test]
fn a_start_position_that_does_not_fit_the_rules_is_refused() {
    let message = invalid_message(try_variant(
        "nine-mens-morris",
        &[("fen", "\"W:W:B:H10/9\"")],
    ));
    assert_eq!(
        message,
        "[start] fen `W:W:B:H10/9`: White has 10 men (0 on the board, 10 in hand) but the profile gives each side 9"
    );
}

#[test]
fn a_board_too_large_or_without_mills_is_refused() {
    assert_eq!(
        invalid_message(try_variant("nine-mens-morris", &[("rings", "9")])),
        "[board]: a morris board has at most 64 points; this one has 72"
    );
    assert_eq!(
        invalid_message(try_variant("nine-mens-morris", &[("lines", "[]")])),
        "[board]: the board has no lines, so no mill could ever form: list them in [board] `lines`"
    );
}

#[test]
fn an_unknown_switch_value_is_a_toml_error_with_its_place() {
    match try_variant("nine-mens-morris", &[("flying-at", "\"sometimes\"")]) {
        Err(ProfileError::Toml { line, message, .. }) => {
            let (_, text) = BUNDLED
                .iter()
                .find(|(name, _)| *name == "nine-mens-morris")
                .expect("bundled");
            let expected = text
                .lines()
                .position(|l| l.starts_with("flying-at = "))
                .expect("the profile sets flying-at")
                + 1;
            assert_eq!(line, expected);
            assert!(
                message.contains("expected a number of men or \"never\""),
                "{message}"
            );
        }
        other => panic!("expected a TOML error, got {:?}", other.map(|_| ())),
    }
    match try_variant("nine-mens-morris", &[("mill-protection", "\"sometimes\"")]) {
        Err(ProfileError::Toml { message, .. }) => {
            assert!(message.contains("strict"), "{message}");
        }
        other => panic!("expected a TOML error, got {:?}", other.map(|_| ())),
    }
}

#[test]
fn a_wrong_number_is_reported_in_words_with_its_place() {
    for (value, found) in [("\"nine\"", "the string \"nine\""), ("100000", "100000")] {
        match try_variant("nine-mens-morris", &[("men-per-side", value)]) {
            Err(ProfileError::Toml {
                line,
                column,
                message,
                ..
            }) => {
                assert!(line > 1 && column > 1, "{line}:{column}");
                assert_eq!(
                    message,
                    format!(
                        "[rules] men-per-side (the men each side has, 1 or more): expected a whole number from 0 to 255, found {found}"
                    )
                );
            }
            other => panic!("expected a TOML error, got {other:?}"),
        }
    }
}
