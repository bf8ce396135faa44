//! Lists of moves or points in messages, cut to [`LIST_LIMIT`] items with
//! "… and N more".

/// The most items a list in a message shows; the rest are counted
/// ("… and 3 more"). One limit for every game.
pub const LIST_LIMIT: usize = 8;

/// A count with its noun, singular for one: `count(1, "game", "games")` is
/// `1 game`, `count(3, "man", "men")` is `3 men`.
///
/// ```
/// use board_core::notation::count;
/// assert_eq!(count(1u32, "error", "errors"), "1 error");
/// assert_eq!(count(0u32, "man", "men"), "0 men");
/// ```
pub fn count(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The items joined by `separator`, the last two by `last` (`", "` and
/// `" or "`: `a, b or c`). Beyond [`LIST_LIMIT`] items, the first
/// [`LIST_LIMIT`] are joined by `separator` and followed by ` and N more`.
///
/// ```
/// use board_core::notation::shortlist;
/// assert_eq!(shortlist(&["c3:e5", "g3:h4"], ", ", " or "), "c3:e5 or g3:h4");
/// let many: Vec<String> = (1..=10).map(|k| k.to_string()).collect();
/// assert_eq!(shortlist(&many, ", ", " or "), "1, 2, 3, 4, 5, 6, 7, 8 and 2 more");
/// ```
pub fn shortlist<S: AsRef<str>>(items: &[S], separator: &str, last: &str) -> String {
    let shown = items.len().min(LIST_LIMIT);
    let more = items.len() - shown;
    let mut out = String::new();
    for (i, item) in items[..shown].iter().enumerate() {
        if i > 0 {
            out.push_str(if i + 1 == shown && more == 0 {
                last
            } else {
                separator
            });
        }
        out.push_str(item.as_ref());
    }
    if more > 0 {
        out.push_str(&format!(" and {more} more"));
    }
    out
}

/// The hint listing the legal moves of the piece on `point` (a
/// [`shortlist`] of `moves`), or saying it has none; `piece` is what the
/// game calls it (`man`, `piece`).
///
/// ```
/// use board_core::notation::list::moves_of;
/// assert_eq!(moves_of("d4", "piece", &["d4-e5", "d4-c5"], ", ", " or "), "legal moves of d4: d4-e5 or d4-c5");
/// assert_eq!(moves_of("a1", "man", &[] as &[&str], ", ", ", "), "the man on a1 has no legal move");
/// ```
pub fn moves_of<S: AsRef<str>>(
    point: &str,
    piece: &str,
    moves: &[S],
    separator: &str,
    last: &str,
) -> String {
    if moves.is_empty() {
        format!("the {piece} on {point} has no legal move")
    } else {
        format!(
            "legal moves of {point}: {}",
            shortlist(moves, separator, last)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_lists_are_joined_and_long_ones_counted() {
        let none: [&str; 0] = [];
        assert_eq!(shortlist(&none, ", ", " or "), "");
        assert_eq!(shortlist(&["a"], ", ", " or "), "a");
        assert_eq!(shortlist(&["a", "b", "c"], ", ", " or "), "a, b or c");
        assert_eq!(shortlist(&["a", "b", "c"], " or ", " or "), "a or b or c");
        let eight: Vec<String> = (0..LIST_LIMIT).map(|k| k.to_string()).collect();
        assert_eq!(shortlist(&eight, ", ", ", "), "0, 1, 2, 3, 4, 5, 6, 7");
        let nine: Vec<String> = (0..=LIST_LIMIT).map(|k| k.to_string()).collect();
        assert_eq!(
            shortlist(&nine, ", ", " or "),
            "0, 1, 2, 3, 4, 5, 6, 7 and 1 more"
        );
    }
}
