//! One test (or more) per interpretation decision L1–L23 of
//! `shared/rules/lingqi.md`, each on a position built for it, and the
//! `zone_end = "forbidden"` reading of L9.

mod common;

use board_core::prelude::*;
use board_core::{Outcome, Side, TagLookup};
use common::*;
use lingqi::{Fate, Kind, Upgrade};

struct Tags(Vec<(String, String)>);

impl TagLookup for Tags {
    fn tag(&self, name: &str) -> Option<&str> {
        self.0.as_slice().tag(name)
    }
}

fn tags(list: &[(&str, &str)]) -> Tags {
    Tags(
        list.iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect(),
    )
}

const SOUTH: &str = "Sj2,Mj3,Vj1,Ei2,Ek2,Ei4,Ek4,Gh3,Gl3,Fg3,Fm3,Df5,Dg5,Dh5,Di5,Dk5,Dl5,Dm5,Dn5";
const NORTH: &str = "Sj18,Mj17,Vj19,Ei18,Ek18,Ei16,Ek16,Gh17,Gl17,Fg17,Fm17,Df15,Dg15,Dh15,Di15,Dk15,Dl15,Dm15,Dn15";

#[test]
fn l1_south_sets_up_on_ranks_1_to_9_and_moves_first() {
    let g = game();
    let p = g.start_position();
    assert_eq!(g.side_to_move(&p), Side::White);
    assert_eq!(g.side_name(Side::White), "South");
    assert_eq!(g.side_name(Side::Black), "North");
    for (n, piece) in p.pieces() {
        let rank: u32 = g.graph().label(n)[1..].parse().expect("rank");
        match piece.side {
            Side::White => assert!((1..=9).contains(&rank)),
            Side::Black => assert!((11..=19).contains(&rank)),
        }
    }
    let bad = SOUTH.replace("Dn5", "Dn10");
    let e = g.position_from_setups(&bad, NORTH).expect_err("rank 10");
    assert_eq!(
        e.problems,
        vec!["South set-up: Disciple on n10: rank 10 is outside South's ranks 1–9"]
    );
    let bad = NORTH.replace("Dn15", "Dn9");
    let e = g.position_from_setups(SOUTH, &bad).expect_err("rank 9");
    assert_eq!(
        e.problems,
        vec!["North set-up: Disciple on n9: rank 9 is outside North's ranks 11–19"]
    );
}

#[test]
fn l2_sect_and_formation_start_at_level_0_and_levels_are_unbounded() {
    let g = game();
    let p = g.start_position();
    assert_eq!(at(&g, &p, "j2"), "S0");
    assert_eq!(at(&g, &p, "g3"), "F0");
    assert_eq!(at(&g, &p, "j3"), "M3");
    assert_eq!(at(&g, &p, "i2"), "E2");
    assert_eq!(at(&g, &p, "h3"), "G2");
    assert_eq!(at(&g, &p, "f5"), "D0");
    let p = pos(&g, "S:S0a1,D4000000000j10:S0s19:1");
    let q = after(&g, &p, "^j10 j10-j11");
    assert_eq!(at(&g, &q, "j11"), "D4000000001");
}

#[test]
fn l3_setup_reports_every_violation_of_each_side() {
    let g = game();
    // South: the Master is far from the Sect; North: a Sect with only two
    // pieces next to it.
    let south = SOUTH.replace("Mj3", "Ma9");
    let north = "Sa19,Ma18,Vb19,Ei18,Ek18,Ei16,Ek16,Gh17,Gl17,Fg17,Fm17,Df15,Dg15,Dh15,Di15,Dk15,Dl15,Dm15,Dn15";
    let e = g.position_from_setups(&south, north).expect_err("invalid");
    assert_eq!(
        e.problems,
        vec![
            "South set-up: Sect on j2: no Master among its 8 neighbours",
            "North set-up: Sect on a19: 2 of its own pieces among its 8 neighbours, at least 3 needed",
        ]
    );
    // The same through the record's tags.
    let t = tags(&[("SetupSouth", &south), ("SetupNorth", north)]);
    let e = g.position_from_tags(&t).expect_err("invalid");
    assert_eq!(e.problems.len(), 2);
    // Valid tags give the set-up, South to move.
    let t = tags(&[("SetupSouth", SOUTH), ("SetupNorth", NORTH)]);
    let p = g
        .position_from_tags(&t)
        .expect("valid")
        .expect("a position");
    assert_eq!(p, g.start_position());
    let t = tags(&[("SetupSouth", SOUTH)]);
    assert!(g.position_from_tags(&t).is_err());
}

#[test]
fn l4_upgrade_applies_before_the_move() {
    let g = game();
    // A level-2 Guardian raised to 3 makes its long move in the same turn.
    let p = pos(&g, "S:S0a1,G2j10:S0s19:1");
    let q = after(&g, &p, "^j10 j10-n14");
    assert_eq!(at(&g, &q, "n14"), "G3");
    // The upgraded and the moved piece may differ.
    let p = pos(&g, "S:S0a1,G2j10,D0c3:S0s19:1");
    let q = after(&g, &p, "^c3 j10-l12");
    assert_eq!(
        (at(&g, &q, "c3"), at(&g, &q, "l12")),
        ("D1".into(), "G2".into())
    );
    assert!(illegal(&g, &p, "^c3 j10-n14").contains("cannot reach n14"));
}

#[test]
fn l4_sect_is_never_upgraded_and_an_upgrade_is_compulsory() {
    let g = game();
    let p = pos(&g, "S:S0a1,D0c3:S0s19:1");
    assert!(illegal(&g, &p, "^a1 c3-c4").contains("the Sect cannot be upgraded"));
    assert!(illegal(&g, &p, "c3-c4").contains("begins with an upgrade"));
    assert_eq!(
        g.upgrades(&p),
        vec![Upgrade {
            cell: cell(&g, "c3"),
            into: None
        }]
    );
}

#[test]
fn l4_nothing_to_upgrade_makes_a_lone_move_a_turn() {
    // A reading where Disciples cannot be upgraded: South's only pieces
    // are its Sect and a Disciple, so it has nothing to upgrade.
    let g = variant(
        "[rules.pieces.disciple]\ncount = 8\nlevel = 0\nupgradable = true",
        "[rules.pieces.disciple]\ncount = 8\nlevel = 0\nupgradable = false",
    );
    let p = pos(&g, "S:S0a1,D0c3:S0s19:1");
    let t = turn(&g, &p, "c3-c4");
    assert_eq!(t.upgrade, None);
    assert_eq!(g.write_move(&p, &t), "c3-c4");
    assert!(illegal(&g, &p, "^c3 c3-c4").contains("nothing to upgrade"));
    let mut moves = Vec::new();
    g.legal_moves(&p, &mut moves);
    assert_eq!(moves.len(), 8);
}

#[test]
fn l5_transformation_needs_a_missing_type() {
    let g = game();
    let full = g
        .write_position(&g.start_position())
        .replace("D0f5", "D3f5");
    let p = pos(&g, &full);
    let f5 = cell(&g, "f5");
    let transforms: Vec<Upgrade> = g
        .upgrades(&p)
        .into_iter()
        .filter(|u| u.into.is_some())
        .collect();
    assert!(transforms.is_empty(), "nothing missing: {transforms:?}");
    assert!(illegal(&g, &p, "^f5=E f5-f6").contains("has all its Elder pieces"));
    // Without the Elder on i4, the level-3 Disciple may become an Elder,
    // and nothing else.
    let missing = full.replace(",E2i4", "");
    let p = pos(&g, &missing);
    let transforms: Vec<Upgrade> = g
        .upgrades(&p)
        .into_iter()
        .filter(|u| u.into.is_some())
        .collect();
    assert_eq!(
        transforms,
        vec![Upgrade {
            cell: f5,
            into: Some(Kind::Elder)
        }]
    );
    // It keeps its level (3), and it is the turn's upgrade (no +1).
    let q = after(&g, &p, "^f5=E f5-f7");
    assert_eq!(at(&g, &q, "f7"), "E3");
    // A level-2 Disciple cannot transform.
    let p = pos(&g, &missing.replace("D3f5", "D2f5"));
    assert!(illegal(&g, &p, "^f5=E f5-f6").contains("transforms from level 3"));
}

#[test]
fn l6_master_walk_may_end_at_distance_one() {
    let g = game();
    let p = pos(&g, "S:S0a1,M3j10:S0s19:1");
    let e = ends(&g, &p, "j10");
    for near in ["i9", "j9", "k9", "i10", "k10", "i11", "j11", "k11"] {
        assert!(e.contains(&near.to_string()), "{near}");
    }
    let q = after(&g, &p, "^j10 j10-j11");
    assert_eq!(at(&g, &q, "j11"), "M4");
    // An explicit walk of 3 steps that ends next to the start.
    let q = after(&g, &p, "^j10 j10-j11-j12-j11");
    assert_eq!(at(&g, &q, "j11"), "M4");
}

#[test]
fn l6_walk_never_passes_through_a_piece() {
    let g = game();
    // The Master is walled in by its Disciples except towards k11.
    let p = pos(
        &g,
        "S:S0a1,M3j10,D0i9,D0j9,D0k9,D0i10,D0k10,D0i11,D0j11:S0s19:1",
    );
    let e = ends(&g, &p, "j10");
    assert!(!e.contains(&"j7".to_string()));
    assert!(e.contains(&"j13".to_string()));
    assert!(e.contains(&"m11".to_string()));
    assert!(illegal(&g, &p, "^j10 j10-j7").contains("cannot reach j7"));
    assert!(illegal(&g, &p, "^j10 j10-j9-j8-j7").contains("passes through j9"));
}

#[test]
fn l6_walk_may_revisit_its_start_but_not_end_there() {
    let g = game();
    let p = pos(&g, "S:S0a1,E2j10:S0s19:1");
    // 2 steps: out and back is not a move; out, back, out is a Master's.
    assert!(!ends(&g, &p, "j10").contains(&"j10".to_string()));
    assert!(illegal(&g, &p, "^j10 j10-j11-j10").contains("may not end its walk where it began"));
    let p = pos(&g, "S:S0a1,M3j10:S0s19:1");
    let q = after(&g, &p, "^j10 j10-j11-j10-k10");
    assert_eq!(at(&g, &q, "k10"), "M4");
}

#[test]
fn l7_effective_level_adds_adjacent_own_formations() {
    let g = game();
    // South's Disciple (0, +1 upgrade) attacks North's level-5 Elder on
    // j11, where South's formations of levels 2 and 3 touch: 1 + 2 + 3 = 6
    // > 5.
    let p = pos(&g, "S:S0a1,D0j10,F2i10,F3k10:S0s19,E5j11:1");
    let q = after(&g, &p, "^j10 j10xj11");
    assert_eq!(at(&g, &q, "j11"), "D1");
    // Without the level-3 formation: 1 + 2 < 5, the attacker dies.
    let p2 = pos(&g, "S:S0a1,D0j10,F2i10:S0s19,E5j11:1");
    let q = after(&g, &p2, "^j10 j10xj11");
    assert_eq!(
        (at(&g, &q, "j10"), at(&g, &q, "j11")),
        (".".into(), "e5".into())
    );
    let zones = g.zones(&p);
    let d = p.piece(cell(&g, "j10")).expect("disciple");
    assert_eq!(g.effective_level(&zones, d, cell(&g, "j10")), 5);
    assert_eq!(g.effective_level(&zones, d, cell(&g, "j12")), 0);
    // A formation gets no bonus from another formation.
    let f = p.piece(cell(&g, "i10")).expect("formation");
    assert_eq!(g.effective_level(&zones, f, cell(&g, "j10")), 2);
}

#[test]
fn l7_zone_strength_is_the_sum_of_overlapping_formations() {
    let g = game();
    let p = pos(&g, "S:S0a1:S0s19,F2i12,F3k12:1");
    let z = g.zones(&p);
    assert_eq!(z.strength(Side::Black, cell(&g, "j11")), 5);
    assert_eq!(z.strength(Side::Black, cell(&g, "h11")), 2);
    assert_eq!(z.strength(Side::Black, cell(&g, "l13")), 3);
    assert_eq!(z.strength(Side::Black, cell(&g, "j14")), 0);
    let max = variant("zone-overlap = \"sum\"", "zone-overlap = \"max\"");
    let p = pos(&max, "S:S0a1:S0s19,F2i12,F3k12:1");
    assert_eq!(max.zones(&p).strength(Side::Black, cell(&max, "j11")), 3);
}

#[test]
fn l8_weak_piece_entering_zone_is_captured() {
    let g = game();
    let p = pos(&g, "S:S0a1,D0j12:S0s19,F1j14:1");
    let t = turn(&g, &p, "^j12 j12-j13");
    let mut q = p.clone();
    assert_eq!(g.play_turn(&mut q, &t), Fate::FellInZone);
    assert_eq!(at(&g, &q, "j13"), ".");
    assert_eq!(at(&g, &q, "j12"), ".");
    assert_eq!(at(&g, &q, "j14"), "f1");
}

#[test]
fn l8_stronger_piece_entering_zone_survives() {
    let g = game();
    let p = pos(&g, "S:S0a1,D1j12:S0s19,F1j14:1");
    let q = after(&g, &p, "^j12 j12-j13");
    assert_eq!(at(&g, &q, "j13"), "D2");
}

#[test]
fn l8_zone_check_applies_on_every_step() {
    let g = game();
    // The Elder's only way to k13 runs through the zone of the level-3
    // formation on l11 (k12 is the only empty middle cell).
    let p = pos(
        &g,
        "S:S0a1,E2k14,D0j13,D0j14,D0j15,D0k15,D0l15,D0l14,D0l13:S0s19,F3l11:1",
    );
    let t = turn(&g, &p, "^k14 k14-k12");
    let mut q = p.clone();
    assert_eq!(g.play_turn(&mut q, &t), Fate::FellInZone);
    // Elder level 3 ≤ zone 3 on k13 and k12; the move is still legal (L15).
    assert_eq!(at(&g, &q, "k12"), ".");
}

#[test]
fn l9_trapped_piece_cannot_move() {
    let g = game();
    let p = pos(&g, "S:S0a1,E5j13,D0a10:S0s19,F0j14:1");
    assert!(ends(&g, &p, "j13").is_empty());
    assert!(illegal(&g, &p, "^j13 j13-j11").contains("trapped"));
    // It may still be upgraded.
    let q = after(&g, &p, "^j13 a10-a11");
    assert_eq!(at(&g, &q, "j13"), "E6");
    // It is free once the zone is gone.
    let free = pos(&g, "S:S0a1,E5j13,D0a10:S0s19:1");
    assert_eq!(ends(&g, &free, "j13").len(), 24);
}

#[test]
fn l10_weaker_attacker_dies() {
    let g = game();
    let p = pos(&g, "S:S0a1,D0j10:S0s19,E2j11:1");
    let t = turn(&g, &p, "^j10 j10xj11");
    let mut q = p.clone();
    assert_eq!(g.play_turn(&mut q, &t), Fate::LostAttack);
    assert_eq!(
        (at(&g, &q, "j10"), at(&g, &q, "j11")),
        (".".into(), "e2".into())
    );
}

#[test]
fn l10_mover_wins_ties() {
    let g = game();
    let p = pos(&g, "S:S0a1,D1j10:S0s19,E2j11:1");
    let q = after(&g, &p, "^j10 j10xj11");
    assert_eq!(
        (at(&g, &q, "j10"), at(&g, &q, "j11")),
        (".".into(), "D2".into())
    );
    let defender = variant("combat-tie = \"mover\"", "combat-tie = \"defender\"");
    let q = after(&defender, &p, "^j10 j10xj11");
    assert_eq!(at(&defender, &q, "j11"), "e2");
}

#[test]
fn l10_defending_formation_is_always_captured() {
    let g = game();
    // On j11 the Master is 4 + 2 (South's formation on k10) > 5 and
    // survives the zone; on j12 it is 4 against the formation's 5, and
    // still captures it.
    let p = pos(&g, "S:S0a1,M3j9,F2k10:S0s19,F5j12:1");
    let q = after(&g, &p, "^j9 j9-j10-j11xj12");
    assert_eq!(at(&g, &q, "j12"), "M4");
}

#[test]
fn l10_formation_never_attacks() {
    let g = game();
    let p = pos(&g, "S:S0a1,F0j10,D0k10:S0s19,D0j11:1");
    assert_eq!(ends(&g, &p, "j10"), vec!["j9", "k11", "k9"]);
    assert!(illegal(&g, &p, "^k10 j10xj11").contains("a Formation never attacks"));
}

#[test]
fn l11_formation_moves_next_to_a_supporting_piece() {
    let g = game();
    let alone = pos(&g, "S:S0a1,F0j10,D0j13:S0s19:1");
    assert!(ends(&g, &alone, "j10").is_empty());
    let p = pos(&g, "S:S0a1,F0j10,D0j11:S0s19:1");
    assert_eq!(ends(&g, &p, "j10"), vec!["i10", "i11", "k10", "k11"]);
    let q = after(&g, &p, "^j10 j10-k11");
    assert_eq!(at(&g, &q, "k11"), "F1");
    // Another formation does not support it.
    let p = pos(&g, "S:S0a1,F0j10,F0j11:S0s19:1");
    assert!(ends(&g, &p, "j10").is_empty());
}

#[test]
fn l12_capturing_the_sect_wins() {
    let g = game();
    let p = pos(&g, "S:S0a1,D0j10:S0j11:1");
    let q = after(&g, &p, "^j10 j10xj11");
    assert_eq!(
        g.outcome(&q),
        Some(Outcome::Win {
            winner: Side::White,
            reason: "North's Sect was captured".into()
        })
    );
    let mut moves = Vec::new();
    g.legal_moves(&q, &mut moves);
    assert!(moves.is_empty());
}

#[test]
fn l12_no_legal_turn_loses_or_draws_by_profile() {
    let g = game();
    // South's only mobile piece is trapped.
    let p = pos(&g, "S:S0a1,D0b1:S0s19,F0c2:1");
    assert_eq!(
        g.outcome(&p),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: "South has no legal turn".into()
        })
    );
    let draw = variant("no-legal-turn = \"loses\"", "no-legal-turn = \"draw\"");
    assert!(matches!(draw.outcome(&p), Some(Outcome::Draw { .. })));
}

#[test]
fn l12_optional_turn_limit_draws() {
    let g = variant("turn-limit = 0", "turn-limit = 2");
    let p = pos(&g, "S:S0a1,D0c3:S0s19,D0q17:1");
    let q = after(&g, &p, "^c3 c3-c4");
    assert_eq!(g.outcome(&q), None);
    let r = after(&g, &q, "^q17 q17-q16");
    assert!(matches!(g.outcome(&r), Some(Outcome::Draw { .. })));
    assert_eq!(game().outcome(&r), None);
}

#[test]
fn l13_default_setup_is_the_profile_start_north_mirrors_south() {
    let g = game();
    let p = g.start_position();
    assert_eq!(g.position_from_setups(SOUTH, NORTH).expect("valid"), p);
    assert_eq!(p.pieces().count(), 38);
    for (n, piece) in p.pieces().filter(|(_, x)| x.side == Side::White) {
        let node = g.graph().node(n);
        let mirror = g.graph().node_at(node.x, 18 - node.y).expect("on board");
        let other = p.piece(mirror).expect("mirrored piece");
        assert_eq!(
            (other.side, other.kind, other.level),
            (Side::Black, piece.kind, piece.level)
        );
    }
    // A record without tags starts from it.
    assert_eq!(g.position_from_tags(&tags(&[])), Ok(None));
}

#[test]
fn l14_zone_check_comes_before_combat() {
    let g = game();
    // South's Disciple (1 after the upgrade) would beat North's Disciple
    // (0), but j13 is in North's zone of strength 1: it dies first, and
    // North's Disciple stays.
    let p = pos(&g, "S:S0a1,D0j12:S0s19,D0j13,F1j14:1");
    let t = turn(&g, &p, "^j12 j12xj13");
    let mut q = p.clone();
    assert_eq!(g.play_turn(&mut q, &t), Fate::FellInZone);
    assert_eq!(
        (at(&g, &q, "j12"), at(&g, &q, "j13")),
        (".".into(), "d0".into())
    );
}

#[test]
fn l14_winning_attacker_stays_and_is_trapped() {
    let g = game();
    // The Elder (3) survives the zone (1) on j13 and beats the Disciple
    // (0 + 1 from its formation); then it stands next to j14.
    let p = pos(&g, "S:S0a1,E2j11:S0s19,D0j13,F1j14,D0s1:1");
    let t = turn(&g, &p, "^j11 j11-j12-j13");
    let mut q = p.clone();
    assert_eq!(g.play_turn(&mut q, &t), Fate::Captured(Kind::Disciple));
    assert_eq!(at(&g, &q, "j13"), "E3");
    assert!(ends(&g, &q, "j13").is_empty());
}

#[test]
fn l15_mover_takes_a_walk_that_avoids_capture() {
    let g = game();
    let p = pos(&g, "S:S0a1,M3j10:S0s19,F5l12:1");
    // Written through the zone (k11, k12), but a safe walk (j11, j12)
    // exists: the Master arrives.
    let q = after(&g, &p, "^j10 j10-k11-k12-j13");
    assert_eq!(at(&g, &q, "j13"), "M4");
    let r = g.reach(&p, cell(&g, "j10"));
    assert!(r.safe.contains(cell(&g, "j13")));
}

#[test]
fn l15_move_is_legal_when_every_walk_is_fatal() {
    let g = game();
    let p = pos(&g, "S:S0a1,M3j10:S0s19,F5l12:1");
    let t = turn(&g, &p, "^j10 j10-k12");
    let mut q = p.clone();
    assert_eq!(g.play_turn(&mut q, &t), Fate::FellInZone);
    assert_eq!(at(&g, &q, "k12"), ".");
    assert_eq!(at(&g, &q, "l12"), "f5");
}

#[test]
fn l15_reach_on_an_empty_board() {
    let g = game();
    let p = pos(&g, "S:S0a1,M3j10,V3c15,E2p15,G2p4,D0d5:S0s19:1");
    // Master: every cell within distance 3 but its start.
    assert_eq!(ends(&g, &p, "j10").len(), 48);
    // Vice-master and Elder: every cell within distance 2, knight-like
    // offsets included.
    assert_eq!(ends(&g, &p, "c15").len(), 24);
    assert!(ends(&g, &p, "p15").contains(&"q17".to_string()));
    assert_eq!(ends(&g, &p, "p15").len(), 24);
    // Level-2 Guardian: two diagonal steps, also two cells orthogonally.
    assert_eq!(
        ends(&g, &p, "p4"),
        vec!["n2", "n4", "n6", "p2", "p6", "r2", "r4", "r6"]
    );
    assert_eq!(ends(&g, &p, "d5").len(), 8);
}

#[test]
fn l15_explicit_walk_is_checked_then_reduced() {
    let g = game();
    let p = pos(&g, "S:S0a1,G2j10,E2c10:S0s19:1");
    let short = turn(&g, &p, "^j10 j10-l10");
    assert_eq!(turn(&g, &p, "^j10 j10-k11-l10"), short);
    assert_eq!(turn(&g, &p, "^j10 j10-k9-l10"), short);
    assert!(illegal(&g, &p, "^c10 j10-k10-l10").contains("diagonally only"));
    assert!(illegal(&g, &p, "^c10 c10-c11-c12-c13").contains("exactly 2 step"));
    assert!(illegal(&g, &p, "^c10 c10-c12-c13").contains("not neighbours"));
}

#[test]
fn l16_guardian_long_move_depends_on_its_own_level() {
    let g = game();
    // Level 2 next to an own level-5 formation (effective 7): no long move.
    let p = pos(&g, "S:S0a1,G1j10,F5k10,D0c3:S0s19:1");
    assert_eq!(ends(&g, &p, "j10").len(), 8);
    let q = after(&g, &p, "^j10 c3-c4");
    assert_eq!(at(&g, &q, "j10"), "G2");
    // Own level 3: the long move.
    let p = pos(&g, "S:S0a1,G3j10:S0s19:1");
    assert_eq!(g.reach(&p, cell(&g, "j10")).ends.len(), 179);
}

#[test]
fn l16_long_move_turns_at_each_step() {
    let g = game();
    // Around a wall of own Disciples on the diagonal: the walk turns.
    let p = pos(&g, "S:S0a1,G3j10,D0k11,D0l12,D0i11,D0h12:S0s19:1");
    assert!(ends(&g, &p, "j10").contains(&"j14".to_string()));
    let q = after(&g, &p, "^j10 j10-k9-l10-m11-n12-m13-l14-k15-j14");
    assert_eq!(at(&g, &q, "j14"), "G4");
    // The slide reading: one diagonal line, like a bishop.
    let slide = variant(
        "guardian-long-move = \"walk\"",
        "guardian-long-move = \"slide\"",
    );
    let p = pos(&slide, "S:S0a1,G3j10:S0s19:1");
    assert_eq!(slide.reach(&p, cell(&slide, "j10")).ends.len(), 35);
    assert!(illegal(&slide, &p, "^j10 j10-k11-l10").contains("slides along one line"));
    let q = after(&slide, &p, "^j10 j10xs19");
    assert_eq!(
        slide.outcome(&q).map(|o| matches!(
            o,
            Outcome::Win {
                winner: Side::White,
                ..
            }
        )),
        Some(true)
    );
}

#[test]
fn l17_trapped_whatever_the_levels() {
    let g = game();
    let p = pos(&g, "S:S0a1,M50j10,D0c3:S0s19,F0j11:1");
    assert!(ends(&g, &p, "j10").is_empty());
    // Formations are trapped too.
    let p = pos(&g, "S:S0a1,F0j10,D0j9:S0s19,F0j11:1");
    assert!(ends(&g, &p, "j10").is_empty());
}

#[test]
fn l17_formation_arriving_next_to_enemies_captures_nothing() {
    let g = game();
    let p = pos(&g, "N:S0a1,D0j12,D0a10:S0s19,F0j14,D0k14:2");
    let q = after(&g, &p, "^k14 j14-j13");
    assert_eq!(
        (at(&g, &q, "j12"), at(&g, &q, "j13")),
        ("D0".into(), "f0".into())
    );
    assert!(ends(&g, &q, "j12").is_empty());
    // Upgraded next to them: still no capture, still trapped.
    let p2 = pos(&g, "N:S0a1,D0j12,D0a10:S0s19,F0j13,D0s1:2");
    let q = after(&g, &p2, "^j13 s1-s2");
    assert_eq!(at(&g, &q, "j12"), "D0");
}

#[test]
fn l18_moving_formation_is_zone_checked_with_its_own_level() {
    let g = game();
    let p = pos(&g, "N:S0a1,F1j11:S0s19,F1j13,D0k13:2");
    // Upgrading the Disciple: the formation (1) enters South's zone (1).
    let t = turn(&g, &p, "^k13 j13-j12");
    let mut q = p.clone();
    assert_eq!(g.play_turn(&mut q, &t), Fate::FellInZone);
    assert_eq!(at(&g, &q, "j12"), ".");
    // Upgrading the formation itself (2): it survives and both formations
    // are now trapped.
    let q = after(&g, &p, "^j13 j13-j12");
    assert_eq!(at(&g, &q, "j12"), "f2");
    assert!(ends(&g, &q, "j11").is_empty());
}

#[test]
fn l18_sect_supports_a_formation_move() {
    let g = game();
    let p = pos(&g, "S:S0a1,F0b2:S0s19:1");
    assert_eq!(ends(&g, &p, "b2"), vec!["a2", "b1"]);
}

#[test]
fn l19_transformed_piece_moves_by_its_new_type_in_the_same_turn() {
    let g = game();
    let p = pos(&g, "S:S0a1,D3j10:S0s19:1");
    assert!(illegal(&g, &p, "^j10 j10-j12").contains("exactly 1 step"));
    let q = after(&g, &p, "^j10=E j10-j12");
    assert_eq!(at(&g, &q, "j12"), "E3");
    let q = after(&g, &p, "^j10=G j10-o15");
    assert_eq!(at(&g, &q, "o15"), "G3");
    let q = after(&g, &p, "^j10=M j10-j13");
    assert_eq!(at(&g, &q, "j13"), "M3");
    // A new formation with no own piece next to it cannot move, so the
    // transformation into a formation is paired with another piece's move
    // or with none at all.
    let p2 = pos(&g, "S:S0a1,D3j10,D0j11:S0s19:1");
    let q = after(&g, &p2, "^j10=F j10-k11");
    assert_eq!(at(&g, &q, "k11"), "F3");
    assert!(illegal(&g, &p, "^j10=S j10-j11").contains("never becomes a Sect"));
    assert!(illegal(&g, &p, "^j10=D j10-j11").contains("never becomes a Disciple"));
}

#[test]
fn l20_side_reduced_to_its_sect_has_lost() {
    let g = game();
    let p = pos(&g, "S:S0a1:S0s19,D0s1:1");
    assert_eq!(
        g.outcome(&p),
        Some(Outcome::Win {
            winner: Side::Black,
            reason: "South has no legal turn".into()
        })
    );
}

#[test]
fn l20_an_upgrade_alone_is_not_a_turn() {
    let g = game();
    // South can upgrade its formation but nothing can move.
    let p = pos(&g, "S:S0a1,F0c3:S0s19:1");
    assert_eq!(g.upgrades(&p).len(), 1);
    let mut moves = Vec::new();
    g.legal_moves(&p, &mut moves);
    assert!(moves.is_empty());
    assert!(matches!(
        g.outcome(&p),
        Some(Outcome::Win {
            winner: Side::Black,
            ..
        })
    ));
}

#[test]
fn l21_turns_differ_by_upgrade_target_not_by_route() {
    let g = game();
    let p = pos(&g, "S:S0a1,M3j10,D0a10:S0s19:1");
    let mut moves = Vec::new();
    g.legal_moves(&p, &mut moves);
    // 2 upgrades × (48 Master ends + 5 Disciple ends).
    assert_eq!(moves.len(), 2 * (48 + 5));
    for (i, m) in moves.iter().enumerate() {
        assert!(!moves[..i].contains(m));
    }
    let a = turn(&g, &p, "^j10 j10-j11");
    let b = turn(&g, &p, "^a10 j10-j11");
    assert_ne!(a, b);
    assert_eq!(turn(&g, &p, "^j10 j10-k11-j12-j11"), a);
}

#[test]
fn l22_setup_checks_composition_cells_and_ranks_all_at_once() {
    let g = game();
    let south =
        "Sj2,Mj3,Mj4,Ei2,Ek2,Ei4,Ek4,Gh3,Gl3,Fg3,Fm3,Df5,Dg5,Dh5,Di5,Dk5,Dl5,Dm5,Dm5,Xa1,Da12,Dz3";
    let e = g.position_from_setups(south, NORTH).expect_err("invalid");
    assert_eq!(
        e.problems,
        vec![
            "South set-up: `Xa1`: `X` is not a piece letter (S M V E G D F)",
            "South set-up: `Dz3`: `z3` is not a cell of this board",
            "South set-up: Disciple on m5: the cell is already taken (Dm5)",
            "South set-up: Disciple on a12: rank 12 is outside South's ranks 1–9",
            "South set-up: 2 × Master (M), the composition needs 1",
            "South set-up: 0 × Vice-master (V), the composition needs 1",
            "South set-up: 9 × Disciple (D), the composition needs 8",
        ]
    );
}

#[test]
fn l22_a_sect_on_the_edge_needs_three_neighbours_too() {
    let g = game();
    let edge = "Sa1,Ma2,Vb1,Eb2,Ek2,Ei4,Ek4,Gh3,Gl3,Fg3,Fm3,Df5,Dg5,Dh5,Di5,Dk5,Dl5,Dm5,Dn5";
    assert!(g.position_from_setups(edge, NORTH).is_ok());
    let two = edge.replace("Eb2", "Ec2");
    let e = g.position_from_setups(&two, NORTH).expect_err("two guards");
    assert_eq!(
        e.problems,
        vec![
            "South set-up: Sect on a1: 2 of its own pieces among its 8 neighbours, at least 3 needed"
        ]
    );
}

#[test]
fn l23_record_tokens() {
    let g = game();
    assert!(g.continues_move("^j3", "j3-j6"));
    assert!(g.continues_move("^c4", "c4xc5"));
    assert!(!g.continues_move("j3-j6", "^j17"));
    assert!(!g.continues_move("^j3 j3-j6", "j17-j14"));
    assert!(!g.continues_move("^j3", "^j4"));
    let p = pos(&g, "S:S0a1,D1j10:S0s19,E2j11:1");
    // `-` onto an enemy piece is accepted; the canonical form writes `x`.
    let t = turn(&g, &p, "^j10 j10-j11");
    assert_eq!(g.write_move(&p, &t), "^j10 j10xj11");
    // `x` towards an empty cell is an error.
    assert!(illegal(&g, &p, "^j10 j10xj9").contains("`x` marks a capture but j9 is empty"));
    // Syntax errors point at the spot.
    for (text, span) in [
        ("^j10", 0..4),
        ("^j10 j10-", 8..9),
        ("^j10 j10-j9 j9-j8", 12..17),
        ("^j10=Q j10-j11", 4..6),
        ("^j10 j10xj9-j8", 11..12),
    ] {
        match g.parse_move(&p, text) {
            Err(board_core::MoveError::Syntax(s)) => {
                assert_eq!(s.span, span, "{text}: {}", s.message)
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn zone_end_forbidden_no_move_ends_in_an_enemy_zone() {
    let g = forbidden_game();
    let p = pos(&g, "S:S0a1,E9j11:S0s19,F0j14:1");
    let e = ends(&g, &p, "j11");
    assert!(!e.contains(&"j13".to_string()));
    assert!(e.contains(&"j12".to_string()));
    assert!(illegal(&g, &p, "^j11 j11-j13").contains("j13 is in North's zone: no move ends there"));
    // The default reading allows it (the Elder survives and is trapped).
    let d = game();
    let q = after(&d, &p, "^j11 j11-j13");
    assert_eq!(at(&d, &q, "j13"), "E10");
}

#[test]
fn zone_end_forbidden_pieces_standing_in_a_zone_may_move_out() {
    let g = forbidden_game();
    let p = pos(&g, "S:S0a1,E9j13:S0s19,F0j14:1");
    let e = ends(&g, &p, "j13");
    assert!(e.contains(&"j11".to_string()));
    assert!(!e.contains(&"k13".to_string()));
    let q = after(&g, &p, "^j13 j13-j11");
    assert_eq!(at(&g, &q, "j11"), "E10");
}

#[test]
fn fen_round_trips_and_reports_every_problem() {
    let g = game();
    let start = g.start_position();
    let fen = g.write_position(&start);
    assert!(fen.starts_with("S:V3j1,E2i2,S0j2,"));
    assert!(fen.ends_with(":1"));
    assert_eq!(g.parse_position(&fen), Ok(start));
    // Levels may be left out (the type's starting level), the turn too.
    let p = pos(&g, "N:Sa1,Mj10:Ss19");
    assert_eq!(g.write_position(&p), "N:S0a1,M3j10:S0s19:1");
    let e = g
        .parse_position("X:S0a1,Q3b2,M3a1,M3c3,M3d4,M3z9:D0:0")
        .expect_err("bad");
    assert_eq!(
        e.problems,
        vec![
            "the side to move must be S or N, not `X`",
            "turn number `0`: a whole number from 1",
            "South's pieces: `Q3b2`: `Q` is not a piece letter (S M V E G D F)",
            "South's pieces: `M3z9`: `z9` is not a cell of this board",
            "South's pieces: `M3a1`: a1 already holds South's Sect",
            "South has 2 × Master, more than the composition's 1",
            "North's pieces: `D0`: no cell after the piece letter",
        ]
    );
    assert!(g.parse_position("S:D0a1:D0b1:1").is_err());
    assert!(g.parse_position("").is_err());
    assert!(g.parse_position("S:S5a1:S0b9:1").is_err());
}

#[test]
fn diagram_shows_levels_zones_and_trapped_pieces() {
    let g = game();
    let p = pos(&g, "S:S0a1,E5j13:S0s19,F1j14:1");
    let plain = g.diagram(&p, &board_core::DiagramOptions::default());
    assert!(plain.contains("E5"));
    assert!(plain.contains("f1"));
    assert!(!plain.contains('!'));
    let zoned = g.diagram(
        &p,
        &board_core::DiagramOptions::default().with(&lingqi::ZONES),
    );
    assert!(zoned.contains("E5!"));
    let row14 = zoned
        .lines()
        .find(|l| l.trim_start().starts_with("14 "))
        .expect("rank 14");
    assert_eq!(row14.matches('-').count(), 2);
}

/// L22 on a board being set up: a set-up with problems still shows every
/// piece that can stand (the first of two on one cell, none for an item
/// that does not read), and its problems name their cells.
#[test]
fn l22_a_set_up_in_progress_shows_what_can_stand_and_marks_its_problems() {
    let g = game();
    let text = "Sj2,Mj2,Xk3,Ga12";
    let preview = g.setup_preview(Side::White, text);
    assert_eq!(at(&g, &preview, "j2"), "S0");
    assert_eq!(at(&g, &preview, "k3"), ".");
    assert_eq!(at(&g, &preview, "a12"), "G2");
    assert_eq!(preview.pieces().count(), 2);
    let problems = g
        .parse_setup(Side::White, text)
        .expect_err("three problems at least");
    let duplicate = problems
        .iter()
        .find(|p| p.message.contains("already taken"))
        .expect("the second piece on j2 is a problem");
    assert_eq!(duplicate.nodes, vec![cell(&g, "j2")]);
    let outside = problems
        .iter()
        .find(|p| p.message.contains("outside"))
        .expect("a12 is outside South's ranks");
    assert_eq!(outside.nodes, vec![cell(&g, "a12")]);
}
