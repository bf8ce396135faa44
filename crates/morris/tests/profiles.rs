//! Profiles: the bundled ones load with the switches they document, and an
//! inconsistent profile is refused with a message that names the problem.

mod common;

use board_core::ProfileError;
use board_core::prelude::*;
use common::{BUNDLED, profile, try_variant};
use morris::rules::{FlyingAt, MarkedPoints, MillProtection, Placing};

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
        "men_per_side = 9",
        "placing = \"before-moving\"",
        "flying_at = 3",
        "mill_protection = \"unless-all\"",
        "removals_per_double_mill = 1",
        "marked_points = \"none\"",
        "no_placement = \"lose\"",
        "blocked = \"lose\"",
        "full_board = \"blocked-rule\"",
        "loses_with = 2",
        "draw_moves_without_removal = 0",
        "draw_repetition = 0",
    ] {
        assert!(settings.contains(key), "{key} missing from\n{settings}");
    }
    assert!(
        profile("cheng-san")
            .settings()
            .contains("flying_at = \"never\"")
    );
}

#[test]
fn inconsistent_switches_are_refused_with_every_reason() {
    let message = invalid_message(try_variant(
        "nine-mens-morris",
        &[
            ("flying_at", "2"),
            ("removals_per_double_mill", "3"),
            ("draw_repetition", "1"),
        ],
    ));
    assert_eq!(
        message,
        "[rules]: flying_at = 2 is never reached: a side with 2 men has already lost (loses_with = 2); \
         [rules]: removals_per_double_mill = 3: expected 1 or 2; \
         [rules]: draw_repetition = 1 would draw every position: use 0 (off) or 2 and more"
    );
    let message = invalid_message(try_variant("six-mens-morris", &[("loses_with", "6")]));
    assert_eq!(
        message,
        "[rules]: loses_with = 6 but each side has only 6 men: the game would be lost before it starts"
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
    match try_variant("nine-mens-morris", &[("flying_at", "\"sometimes\"")]) {
        Err(ProfileError::Toml { line, message, .. }) => {
            let (_, text) = BUNDLED
                .iter()
                .find(|(name, _)| *name == "nine-mens-morris")
                .expect("bundled");
            let expected = text
                .lines()
                .position(|l| l.starts_with("flying_at = "))
                .expect("the profile sets flying_at")
                + 1;
            assert_eq!(line, expected);
            assert!(
                message.contains("expected a number of men or \"never\""),
                "{message}"
            );
        }
        other => panic!("expected a TOML error, got {:?}", other.map(|_| ())),
    }
    match try_variant("nine-mens-morris", &[("mill_protection", "\"sometimes\"")]) {
        Err(ProfileError::Toml { message, .. }) => {
            assert!(message.contains("strict"), "{message}");
        }
        other => panic!("expected a TOML error, got {:?}", other.map(|_| ())),
    }
}
