//! Each draw rule of the `@2` profiles on a position built for it: under
//! `@2` the game ends there (a move after it is a `move-after-end` error
//! naming the rule, and a draw result is confirmed) or, for a rule that is
//! only a claim, a draw result is confirmed with no error; the same record
//! passes under `@1` (no draw rules: the result is not decidable).
//!
//! The records were made by playing king moves (men where a rule needs
//! them) that capture nothing, let nothing be captured and repeat no
//! position, until the rule's count is reached.

use std::io::Write;
use std::process::{Command, Stdio};

/// `check --format json --force-rules --rules PROFILE -` on a record: the
/// findings as `(code, message)`, the game's result object, the exit code.
fn check(profile: &str, record: &str) -> (Vec<(String, String)>, serde_json::Value, Option<i32>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardctl"))
        .args([
            "check",
            "--format",
            "json",
            "--force-rules",
            "--rules",
            profile,
            "-",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("boardctl runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(record.as_bytes())
        .expect("record written");
    let output = child.wait_with_output().expect("boardctl ends");
    let mut findings = Vec::new();
    let mut result = serde_json::Value::Null;
    for line in String::from_utf8(output.stdout).expect("UTF-8").lines() {
        let v: serde_json::Value = serde_json::from_str(line).expect("one JSON object per line");
        match v.get("code") {
            Some(code) => findings.push((
                code.as_str().expect("a code").to_string(),
                v["message"].as_str().expect("a message").to_string(),
            )),
            None => result = v["result"].clone(),
        }
    }
    (findings, result, output.status.code())
}

/// A record from a FEN, ending `1-1`.
fn record(fen: &str, moves: &str) -> String {
    format!("[FEN \"{fen}\"]\n[Result \"1-1\"]\n{moves} 1-1\n")
}

/// Under `@2` the rule `citation` draws automatically at the move `at`,
/// the last move is after the end, and the draw result is confirmed; under
/// `@1` the record is clean and its result not decidable.
fn drawn_automatically(game: &str, fen: &str, moves: &str, at: &str, citation: &str) {
    let text = record(fen, moves);
    let (findings, result, code) = check(&format!("{game}@2"), &text);
    assert_eq!(findings.len(), 1, "{findings:?}");
    let (found, message) = &findings[0];
    assert_eq!(found, "move-after-end", "{message}");
    assert!(
        message.contains(&format!("the game was drawn at {at}: ")) && message.contains(citation),
        "{message}"
    );
    assert_eq!(code, Some(1));
    assert_eq!(result["board"]["end"], "draw", "{result}");
    assert_eq!(result["board"]["claim"], false, "{result}");
    assert_eq!(result["board"]["at"], at, "{result}");
    assert_eq!(result["agree"], true, "{result}");
    let (findings, result, code) = check(&format!("{game}@1"), &text);
    assert!(findings.is_empty(), "under @1: {findings:?}");
    assert_eq!(code, Some(0));
    assert_eq!(result["board"]["end"], "unfinished", "{result}");
    assert_eq!(result["agree"], serde_json::Value::Null);
}

/// Under `@2` the rule `citation` lets a player claim the draw at the end
/// of the moves: no error, the draw result confirmed; under `@1` clean and
/// not decidable.
fn claimable(game: &str, fen: &str, moves: &str, citation: &str) {
    let text = record(fen, moves);
    let (findings, result, code) = check(&format!("{game}@2"), &text);
    assert!(findings.is_empty(), "{findings:?}");
    assert_eq!(code, Some(0));
    assert_eq!(result["board"]["end"], "draw", "{result}");
    assert_eq!(result["board"]["claim"], true, "{result}");
    assert!(
        result["board"]["rule"]
            .as_str()
            .is_some_and(|r| r.contains(citation)),
        "{result}"
    );
    assert_eq!(result["agree"], true, "{result}");
    let (findings, result, _) = check(&format!("{game}@1"), &text);
    assert!(findings.is_empty(), "under @1: {findings:?}");
    assert_eq!(result["board"]["end"], "unfinished", "{result}");
}

#[test]
fn russian_7_2_3_threefold_repetition_draw() {
    drawn_automatically(
        "russian-draughts/russian",
        "W:WKa1:BKb8",
        "1. a1-b2 b8-a7 2. b2-a1 a7-b8 3. a1-b2 b8-a7 4. b2-a1 a7-b8 5. a1-b2",
        "4... a7-b8",
        "FMJD-64 7.2.3",
    );
}

#[test]
fn russian_7_2_4_three_kings_against_a_lone_king_draw() {
    drawn_automatically(
        "russian-draughts/russian",
        "B:WKc1,Ke1,Kg1,a3:BKh2",
        "1... h2-e5 2. g1-c5 e5-f6 3. c5-e3 f6-a1 4. e3-b6 a1-g7 5. b6-d8 g7-h6 6.\n\
a3-b4 h6-f8 7. c1-a3 f8-h6 8. e1-c3 h6-f8 9. d8-g5 f8-h6 10. g5-e7 h6-e3 11.\n\
b4-a5 e3-a7 12. e7-d6 a7-b8 13. d6-f8 b8-c7 14. c3-d2 c7-h2 15. f8-c5 h2-b8\n\
16. a5-b6 b8-h2",
        "16. a5-b6",
        "FMJD-64 7.2.4",
    );
}

#[test]
fn russian_7_2_5_fifteen_king_moves_draw() {
    drawn_automatically(
        "russian-draughts/russian",
        "W:WKa1,Kc1:BKh8,Kf8",
        "1. c1-e3 f8-d6 2. e3-f2 d6-b4 3. f2-g1 b4-e7 4. g1-h2 e7-h4 5. h2-g1 h4-g3\n\
6. g1-b6 g3-h2 7. b6-f2 h2-f4 8. f2-b6 f4-g3 9. b6-g1 g3-c7 10. g1-e3 c7-d8\n\
11. e3-a7 d8-h4 12. a7-c5 h4-g3 13. c5-e3 g3-h2 14. e3-a7 h2-d6 15. a7-b6\n\
d6-b4 16. b6-a5",
        "15... d6-b4",
        "FMJD-64 7.2.5",
    );
}

#[test]
fn a_variation_starts_with_the_count_before_the_move_it_replaces() {
    // The variation replaces the 30th king move by another: drawn there
    // too, so the move after it in the variation is after the end.
    let text = record(
        "W:WKa1,Kc1:BKh8,Kf8",
        "1. c1-e3 f8-d6 2. e3-f2 d6-b4 3. f2-g1 b4-e7 4. g1-h2 e7-h4 5. h2-g1 h4-g3\n\
         6. g1-b6 g3-h2 7. b6-f2 h2-f4 8. f2-b6 f4-g3 9. b6-g1 g3-c7 10. g1-e3 c7-d8\n\
         11. e3-a7 d8-h4 12. a7-c5 h4-g3 13. c5-e3 g3-h2 14. e3-a7 h2-d6 15. a7-b6\n\
         d6-b4 (15... d6-e7 16. b6-a5) 16. b6-a5",
    );
    let (findings, _, code) = check("russian-draughts/russian@2", &text);
    let drawn_at: Vec<bool> = ["15... d6-e7", "15... d6-b4"]
        .iter()
        .zip(&findings)
        .map(|(at, (found, message))| {
            found == "move-after-end" && message.contains(&format!("the game was drawn at {at}: "))
        })
        .collect();
    assert_eq!(drawn_at, [true, true], "{findings:?}");
    assert_eq!(findings.len(), 2, "{findings:?}");
    assert_eq!(code, Some(1));
}

#[test]
fn russian_7_2_6_thirty_moves_with_four_or_five_pieces_draw() {
    drawn_automatically(
        "russian-draughts/russian",
        "W:WKc1,a3:BKf8,h6",
        "1. c1-d2 f8-d6 2. d2-e3 d6-c7 3. e3-a7 c7-e5 4. a7-b8 e5-h2 5. b8-a7 h2-d6\n\
6. a7-f2 h6-g5 7. f2-e3 d6-f4 8. e3-c5 f4-c1 9. c5-b6 c1-f4 10. b6-d4 f4-c7\n\
11. d4-c5 c7-f4 12. c5-f2 g5-h4 13. f2-c5 f4-g5 14. c5-b4 g5-h6 15. b4-e7\n\
h6-f4 16. e7-f6 f4-d6 17. f6-c3 d6-h2 18. c3-a1 h4-g3 19. a1-c3 h2-g1 20.\n\
c3-d2 g1-b6 21. d2-b4 b6-e3 22. b4-e7 e3-d2 23. e7-d6 d2-f4 24. d6-f8 g3-f2\n\
25. f8-g7 f4-d6 26. g7-f6 d6-f8 27. f6-h8 f8-h6 28. h8-d4 h6-e3 29. d4-g7\n\
e3-c5 30. g7-f6 c5-a7 31. a3-b4",
        "30... c5-a7",
        "FMJD-64 7.2.6",
    );
}

#[test]
fn russian_7_2_6_sixty_moves_with_six_or_seven_pieces_draw() {
    drawn_automatically(
        "russian-draughts/russian",
        "W:WKc1,a3,e1:BKf8,h6,d8",
        "1. c1-f4 f8-c5 2. f4-e5 c5-a7 3. e5-b8 a7-e3 4. b8-h2 e3-b6 5. h2-d6 b6-a5\n\
6. d6-g3 h6-g5 7. g3-d6 a5-c3 8. d6-c5 c3-f6 9. c5-d6 f6-d4 10. d6-f8 d4-h8\n\
11. f8-d6 h8-f6 12. d6-e7 d8-c7 13. e7-b4 f6-g7 14. b4-d2 g7-h6 15. d2-c3\n\
h6-f8 16. c3-a1 f8-c5 17. a1-c3 c5-a7 18. c3-d2 g5-h4 19. d2-h6 a7-c5 20.\n\
h6-d2 c5-f8 21. d2-f4 f8-d6 22. f4-h6 d6-e5 23. h6-e3 e5-g3 24. e3-d2 c7-b6\n\
25. d2-a5 g3-c7 26. a5-d2 c7-d6 27. d2-b4 d6-g3 28. b4-d2 g3-c7 29. d2-h6\n\
c7-e5 30. h6-c1 b6-a5 31. c1-d2 e5-d6 32. d2-e3 d6-e5 33. e3-c1 e5-h2 34.\n\
c1-b2 h2-g3 35. b2-g7 g3-d6 36. g7-c3 h4-g3 37. c3-f6 d6-f4 38. f6-b2 f4-d6\n\
39. b2-a1 d6-c7 40. a1-g7 c7-d6 41. g7-h6 d6-c7 42. h6-f8 g3-h2 43. f8-g7\n\
c7-b8 44. g7-b2 b8-d6 45. b2-d4 d6-f8 46. d4-e3 f8-d6 47. e3-h6 d6-f8 48.\n\
h6-c1 f8-d6 49. e1-d2 d6-c7 50. c1-b2 c7-b8 51. b2-g7 b8-d6 52. g7-f6 d6-c5\n\
53. f6-a1 c5-g1 54. a1-b2 g1-c5 55. d2-c3 c5-a7 56. b2-c1 a7-b8 57. c1-e3\n\
b8-a7 58. e3-f4 a7-c5 59. f4-c7 c5-a7 60. c7-d8 a7-b6 61. a3-b4",
        "60... a7-b6",
        "FMJD-64 7.2.6",
    );
}

#[test]
fn russian_7_2_7_lone_king_on_the_long_diagonal_draw() {
    drawn_automatically(
        "russian-draughts/russian",
        "W:WKc1,e1,g1:BKh8",
        "1. c1-f4 h8-a1 2. f4-c7 a1-h8 3. c7-b8 h8-a1 4. b8-a7 a1-b2 5. a7-f2 b2-h8\n\
6. f2-h4",
        "5... b2-h8",
        "FMJD-64 7.2.7",
    );
}

#[test]
fn russian_7_2_8_two_pieces_against_a_lone_king_draw() {
    drawn_automatically(
        "russian-draughts/russian",
        "W:WKc1,Ke1:BKh2",
        "1. c1-g5 h2-b8 2. g5-e7 b8-c7 3. e7-b4 c7-b8 4. e1-f2 b8-f4 5. f2-g1 f4-e5\n\
6. b4-f8",
        "5... f4-e5",
        "FMJD-64 7.2.8",
    );
}

#[test]
fn international_threefold_repetition_draw() {
    drawn_automatically(
        "russian-draughts/international",
        "W:WK46:BK1",
        "1. 46-41 1-6 2. 41-46 6-1 3. 46-41 1-6 4. 41-46 6-1 5. 46-41",
        "4... 6-1",
        "FMJD rules, repetition",
    );
}

#[test]
fn international_twenty_five_king_moves_draw() {
    drawn_automatically(
        "russian-draughts/international",
        "W:WK46,K47:BK1,K2",
        "1. 47-38 1-12 2. 46-10 12-17 3. 10-41 17-22 4. 41-36 22-44 5. 36-9 2-19 6.\n\
38-27 19-24 7. 27-43 24-2 8. 9-3 2-35 9. 3-14 44-40 10. 14-3 35-13 11. 43-32\n\
13-35 12. 3-20 40-44 13. 32-38 44-49 14. 38-47 35-19 15. 20-25 49-27 16.\n\
47-20 19-13 17. 20-42 13-22 18. 42-48 22-11 19. 25-14 11-50 20. 14-23 27-38\n\
21. 23-40 50-11 22. 40-45 38-16 23. 48-26 16-43 24. 26-8 43-32 25. 8-2 11-28\n\
26. 2-35",
        "25... 11-28",
        "FMJD rules, 25-move rule",
    );
}

#[test]
fn international_three_pieces_against_a_lone_king_sixteen_moves_draw() {
    drawn_automatically(
        "russian-draughts/international",
        "B:WK46,47,48:BK1",
        "1... 1-45 2. 46-37 45-12 3. 37-10 12-34 4. 10-28 34-7 5. 28-33 7-18 6. 33-38\n\
18-40 7. 38-15 40-23 8. 15-4 23-40 9. 4-27 40-35 10. 27-36 35-2 11. 36-27\n\
2-30 12. 27-18 30-8 13. 18-34 8-19 14. 34-39 19-14 15. 39-11 14-23 16. 11-33\n\
23-14 17. 33-24 14-37",
        "17. 33-24",
        "FMJD rules, endgame of three pieces",
    );
}

#[test]
fn international_two_pieces_against_a_lone_king_five_moves_draw() {
    drawn_automatically(
        "russian-draughts/international",
        "W:WK46,K47:BK1",
        "1. 46-10 1-12 2. 10-19 12-3 3. 19-24 3-14 4. 24-15 14-3 5. 15-4 3-17 6. 4-13",
        "5... 3-17",
        "FMJD rules, endgame of two pieces",
    );
}

#[test]
fn brazilian_threefold_repetition_draw() {
    drawn_automatically(
        "russian-draughts/brazilian",
        "W:WKa1:BKb8",
        "1. a1-b2 b8-a7 2. b2-a1 a7-b8 3. a1-b2 b8-a7 4. b2-a1 a7-b8 5. a1-b2",
        "4... a7-b8",
        "FMJD rules, repetition",
    );
}

#[test]
fn brazilian_twenty_king_moves_draw() {
    drawn_automatically(
        "russian-draughts/brazilian",
        "W:WKa1,Kc1:BKh8,Kf8",
        "1. c1-e3 f8-d6 2. e3-f2 d6-b4 3. f2-g1 b4-e7 4. g1-h2 e7-h4 5. h2-g1 h4-g3\n\
6. g1-b6 g3-h2 7. b6-f2 h2-f4 8. f2-b6 f4-g3 9. b6-g1 g3-c7 10. g1-e3 c7-d8\n\
11. e3-a7 d8-h4 12. a7-c5 h4-g3 13. c5-e3 g3-h2 14. e3-a7 h2-d6 15. a7-b6\n\
d6-b4 16. b6-a5 b4-e1 17. a5-b6 e1-a5 18. b6-c5 a5-d2 19. c5-f8 d2-f4 20.\n\
f8-e7 f4-e3 21. e7-a3",
        "20... f4-e3",
        "CBD regulamento, item 16",
    );
}

#[test]
fn czech_fifteen_moves_without_capture_or_man_move_draw() {
    drawn_automatically(
        "russian-draughts/czech",
        "W:WKa1,Kc1:BKh8,Kf8",
        "1. c1-e3 f8-d6 2. e3-f2 d6-b4 3. f2-g1 b4-e7 4. g1-h2 e7-h4 5. h2-g1 h4-g3\n\
6. g1-b6 g3-h2 7. b6-f2 h2-f4 8. f2-b6 f4-g3 9. b6-g1 g3-c7 10. g1-e3 c7-d8\n\
11. e3-a7 d8-h4 12. a7-c5 h4-g3 13. c5-e3 g3-h2 14. e3-a7 h2-d6 15. a7-b6\n\
d6-b4 16. b6-a5",
        "15... d6-b4",
        "Czech rules (FMJD variant page), 15-move rule",
    );
}

#[test]
fn english_repetition_claim_confirms_a_draw() {
    claimable(
        "russian-draughts/english",
        "B:WK29:BK4",
        "1. 4-8 29-25 2. 8-4 25-29 3. 4-8 29-25 4. 8-4",
        "WCDF rules, claim by repetition",
    );
}

#[test]
fn english_forty_move_claim_confirms_a_draw() {
    claimable(
        "russian-draughts/english",
        "B:WK29,K30:BK1,K2",
        "1... 2-7 2. 29-25 7-3 3. 25-21 3-8 4. 21-25 8-4 5. 25-21 1-5 6. 21-17 5-1 7.\n\
17-14 1-6 8. 30-26 4-8 9. 14-18 6-10 10. 18-22 8-4 11. 22-18 10-6 12. 26-30\n\
6-1 13. 30-26 4-8 14. 26-23 8-4 15. 18-15 1-6 16. 15-18 4-8 17. 18-14 6-2\n\
18. 14-9 2-7 19. 23-27 7-11 20. 27-32 8-3 21. 32-27 11-8 22. 9-6 8-11 23.\n\
6-10 11-7 24. 10-15 7-2 25. 15-10 3-8 26. 10-15 2-7 27. 15-19 8-4 28. 27-32\n\
7-2 29. 19-16 4-8 30. 32-28 8-12 31. 16-20 12-8 32. 28-24 8-4 33. 24-28 2-6\n\
34. 20-24 6-9 35. 28-32 9-14 36. 32-27 14-18 37. 27-31 4-8 38. 24-20 8-11\n\
39. 20-24 11-7 40. 31-27 7-11 41. 24-20",
        "WCDF rules, 40-move claim",
    );
}

#[test]
fn czech_repetition_claim_confirms_a_draw() {
    claimable(
        "russian-draughts/czech",
        "W:WKa1:BKb8",
        "1. a1-b2 b8-a7 2. b2-a1 a7-b8 3. a1-b2 b8-a7 4. b2-a1 a7-b8",
        "Czech rules (FMJD variant page), repetition",
    );
}

#[test]
fn nine_mens_morris_threefold_repetition_draw() {
    drawn_automatically(
        "morris/nine-mens-morris",
        "W:Wa1,g1,b2,f2:Bg7,c5,e3,f6:H0/0",
        "1. a1-a4 g7-g4 2. a4-a1 g4-g7 3. a1-a4 g7-g4 4. a4-a1 g4-g7 5. a1-a4",
        "4... g4-g7",
        "the same position occurred 3 times",
    );
}

#[test]
fn nine_mens_morris_hundred_plies_without_a_removal_draw() {
    // 50 moves of each player, no mill closed, no position three times.
    drawn_automatically(
        "morris/nine-mens-morris",
        "W:Wa1,g1,b2,f2:Bg7,c5,e3,f6:H0/0",
        "1. f2-d2 e3-e4 2. a1-a4 c5-c4 3. g1-d1 e4-e5 4. b2-b4 g7-g4 5. d2-f2 g4-g7\n\
6. f2-d2 e5-e4 7. d2-f2 e4-f4 8. d1-d2 f6-d6 9. a4-a7 d6-d7 10. b4-b6 f4-f6\n\
11. f2-f4 c4-b4 12. a7-a4 b4-b2 13. f4-e4 f6-d6 14. a4-b4 d6-d5 15. b4-a4\n\
g7-g4 16. a4-a1 d7-a7 17. b6-b4 d5-d6 18. d2-d3 g4-f4 19. b4-c4 d6-d7 20.\n\
c4-b4 f4-f2 21. a1-d1 d7-d6 22. d1-d2 a7-d7 23. e4-e3 d7-a7 24. d2-d1 d6-d7\n\
25. d1-d2 d7-d6 26. d2-d1 a7-a4 27. d3-c3 d6-f6 28. b4-c4 a4-b4 29. d1-a1\n\
b4-b6 30. c3-d3 f6-f4 31. c4-b4 b2-d2 32. b4-a4 f4-f6 33. d3-c3 f6-d6 34.\n\
c3-d3 d6-d5 35. e3-e4 b6-d6 36. d3-e3 d2-d1 37. e4-e5 d5-c5 38. e5-d5 c5-c4\n\
39. a4-a7 c4-c3 40. a7-a4 d6-d7 41. d5-c5 d7-d6 42. e3-e4 d6-f6 43. a4-a7\n\
d1-d2 44. a7-d7 f2-f4 45. d7-g7 f4-g4 46. c5-d5 f6-f4 47. g7-d7 c3-d3 48.\n\
d7-g7 d2-f2 49. d5-e5 f2-d2 50. g7-d7 d2-d1 51. d7-d6",
        "50... d2-d1",
        "100 moves in a row without a removal",
    );
}

/// `boardctl check ARGS -` on a record: standard output and error, exit code.
fn run(args: &[&str], record: &str) -> (String, String, Option<i32>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardctl"))
        .arg("check")
        .args(args)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("boardctl runs");
    // A run that fails on its arguments exits before reading: the pipe may
    // be closed.
    let _ = child
        .stdin
        .take()
        .expect("stdin")
        .write_all(record.as_bytes());
    let output = child.wait_with_output().expect("boardctl ends");
    (
        String::from_utf8(output.stdout).expect("UTF-8"),
        String::from_utf8(output.stderr).expect("UTF-8"),
        output.status.code(),
    )
}

const REPETITION: &str = "1. a1-b2 b8-a7 2. b2-a1 a7-b8 3. a1-b2 b8-a7 4. b2-a1 a7-b8";

#[test]
fn a_decisive_result_in_a_game_drawn_by_rule_is_a_result_mismatch_naming_the_rule() {
    let text = format!("[FEN \"W:WKa1:BKb8\"]\n[Result \"2-0\"]\n{REPETITION} 2-0\n");
    let (findings, result, code) = check("russian-draughts/russian@2", &text);
    assert_eq!(
        findings,
        [(
            "result-mismatch".to_string(),
            "the result 2-0 contradicts the board: draw: the same position for the third time (FMJD-64 7.2.3)"
                .to_string()
        )]
    );
    assert_eq!(code, Some(0), "a warning");
    assert_eq!(result["agree"], false);
    let (findings, result, _) = check("russian-draughts/russian@1", &text);
    assert!(findings.is_empty(), "{findings:?}");
    assert_eq!(result["agree"], serde_json::Value::Null);
}

#[test]
fn a_claimable_draw_does_not_contradict_a_decisive_result() {
    // English: the repetition is only a claim; the player may not have
    // made it, and lost later on time or resigned.
    let text = "[FEN \"B:WK29:BK4\"]\n[Result \"2-0\"]\n1. 4-8 29-25 2. 8-4 25-29 3. 4-8 29-25 4. 8-4 2-0\n";
    let (findings, result, _) = check("russian-draughts/english@2", text);
    assert!(findings.is_empty(), "{findings:?}");
    assert_eq!(result["board"]["claim"], true, "{result}");
    assert_eq!(result["agree"], serde_json::Value::Null, "{result}");
}

#[test]
fn game_type_keeps_its_version_unless_the_rules_are_forced() {
    // GameType 25 selects russian@1, whatever --rules says, unless
    // --force-rules: an archive keeps its verdicts.
    let text = format!(
        "[GameType \"25\"]\n[FEN \"W:WKa1:BKb8\"]\n[Result \"1-1\"]\n{REPETITION} 5. a1-b2 1-1\n"
    );
    let (out, err, code) = run(
        &["--format", "json", "--rules", "russian-draughts/russian@2"],
        &text,
    );
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(!out.contains("move-after-end"), "{out}");
    let (out, _, code) = run(
        &[
            "--format",
            "json",
            "--rules",
            "russian-draughts/russian@2",
            "--force-rules",
        ],
        &text,
    );
    assert_eq!(code, Some(1));
    assert!(out.contains("\"code\":\"move-after-end\""), "{out}");
    // --force-rules needs --rules.
    let (_, err, code) = run(&["--force-rules"], &text);
    assert_eq!(code, Some(2), "{err}");
}

#[test]
fn json_gives_one_result_object_per_game_and_the_summary_counts_results() {
    let text = format!(
        "[FEN \"W:WKa1:BKb8\"]\n[Result \"1-1\"]\n{REPETITION} 1-1\n\n\
         [FEN \"W:WKa1:BKb8\"]\n[Result \"2-0\"]\n{REPETITION} 2-0\n\n\
         [Result \"1-1\"]\n1. c3-d4 f6-e5 1-1\n\n\
         [FEN \"W:Wc3:Bd4\"]\n[Result \"2-0\"]\n1. c3:e5 2-0\n"
    );
    let (out, err, code) = run(
        &["--format", "json", "--rules", "russian-draughts/russian@2"],
        &text,
    );
    assert_eq!(code, Some(0), "{err}");
    let games: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .filter(|v: &serde_json::Value| v.get("code").is_none())
        .collect();
    let rule = "the same position for the third time (FMJD-64 7.2.3)";
    assert_eq!(
        games,
        [
            serde_json::json!({"file": "<stdin>", "game": 1, "result": {"recorded": "1-1",
                "board": {"end": "draw", "rule": rule, "claim": false, "at": null}, "agree": true}}),
            serde_json::json!({"file": "<stdin>", "game": 2, "result": {"recorded": "2-0",
                "board": {"end": "draw", "rule": rule, "claim": false, "at": null}, "agree": false}}),
            serde_json::json!({"file": "<stdin>", "game": 3, "result": {"recorded": "1-1",
                "board": {"end": "unfinished"}, "agree": null}}),
            serde_json::json!({"file": "<stdin>", "game": 4, "result": {"recorded": "2-0",
                "board": {"end": "win", "winner": "White", "rule": "Black has no pieces left", "at": null},
                "agree": true}}),
        ]
    );
    assert!(
        err.contains(
            "results: 2 confirmed by the board, 1 contradicted, 1 not decidable from the moves"
        ),
        "{err}"
    );
}

#[test]
fn a_move_after_a_game_won_on_the_board_is_a_move_after_end() {
    let text = "[FEN \"W:Wc3:Bd4\"]\n[Result \"2-0\"]\n1. c3:e5 d4-c3 2-0\n";
    let (findings, result, code) = check("russian-draughts/russian@1", text);
    assert_eq!(
        findings,
        [(
            "move-after-end".to_string(),
            "move after the end of the game 1... d4-c3 — the game was won by White at 1. c3:e5: Black has no pieces left"
                .to_string()
        )]
    );
    assert_eq!(code, Some(1));
    assert_eq!(result["board"]["winner"], "White");
    assert_eq!(result["board"]["at"], "1. c3:e5");
    assert_eq!(result["agree"], true);
}
