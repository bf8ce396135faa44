//! Lists of moves or points in messages, cut to [`LIST_LIMIT`] items with
//! "… and N more".

/// The most items a list in a message shows; the rest are counted
/// ("… and 3 more"). One limit for every game.
pub const LIST_LIMIT: usize = 8;

/// The most problems of one kind a report shows (a position's problems, a
/// game's findings of one code); the rest are counted. One limit for every
/// game and for `check`.
pub const REPEAT_LIMIT: usize = 20;

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
/// [`shortlist`] of `moves` in [`natural_cmp`] order), or saying it has
/// none; `piece` is what the game calls it (`man`, `piece`).
///
/// ```
/// use board_core::notation::list::moves_of;
/// assert_eq!(moves_of("d4", "piece", &["d4-e5", "d4-c5"], ", ", " or "), "legal moves of d4: d4-c5 or d4-e5");
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
        return format!("the {piece} on {point} has no legal move");
    }
    let mut sorted: Vec<&str> = moves.iter().map(AsRef::as_ref).collect();
    sorted.sort_by(|a, b| natural_cmp(a, b));
    format!(
        "legal moves of {point}: {}",
        shortlist(&sorted, separator, last)
    )
}

/// The candidate closest to `text` by edit distance (insertions,
/// deletions, substitutions and swaps of two neighbours, ignoring case),
/// if one is close enough to be a slip of the keyboard: at most two edits
/// away (one for a text of under six characters), and nearer than any
/// other.
///
/// ```
/// use board_core::notation::closest;
/// let known = ["russian-draughts/russian", "russian-draughts/english"];
/// assert_eq!(closest(&known, "russian-draughts/russain"), Some("russian-draughts/russian"));
/// assert_eq!(closest(&known, "morris/lasker"), None);
/// ```
pub fn closest<'a, S: AsRef<str>>(candidates: &'a [S], text: &str) -> Option<&'a str> {
    let limit = if text.chars().count() < 6 { 1 } else { 2 };
    let mut best: Option<(usize, &str)> = None;
    let mut tie = false;
    for candidate in candidates {
        let candidate = candidate.as_ref();
        let d = edit_distance(&candidate.to_lowercase(), &text.to_lowercase());
        match best {
            Some((b, _)) if d > b => {}
            Some((b, _)) if d == b => tie = true,
            _ => {
                best = Some((d, candidate));
                tie = false;
            }
        }
    }
    match best {
        Some((d, candidate)) if d <= limit && !tie => Some(candidate),
        _ => None,
    }
}

/// The optimal-string-alignment distance between two texts, in characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = d;
        }
    }
    rows[a.len()][b.len()]
}

/// Compares two move or point texts as a reader orders them: runs of
/// digits by their number, the rest as text (`9-13` before `12-16`,
/// `46x5` before `46x45`; `a3-b4` before `c3-d4`, by file then rank).
///
/// ```
/// use board_core::notation::natural_cmp;
/// let mut moves = vec!["12-16", "9-13", "46x45", "46x5"];
/// moves.sort_by(|a, b| natural_cmp(a, b));
/// assert_eq!(moves, ["9-13", "12-16", "46x5", "46x45"]);
/// ```
pub fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    fn chunks(s: &str) -> impl Iterator<Item = (bool, &str)> {
        let mut rest = s;
        std::iter::from_fn(move || {
            let first = rest.chars().next()?;
            let digits = first.is_ascii_digit();
            let end = rest
                .find(|c: char| c.is_ascii_digit() != digits)
                .unwrap_or(rest.len());
            let (chunk, tail) = rest.split_at(end);
            rest = tail;
            Some((digits, chunk))
        })
    }
    let mut left = chunks(a);
    let mut right = chunks(b);
    loop {
        match (left.next(), right.next()) {
            (None, None) => return a.cmp(b),
            (None, Some(_)) => return std::cmp::Ordering::Less,
            (Some(_), None) => return std::cmp::Ordering::Greater,
            (Some((true, x)), Some((true, y))) => {
                let (x, y) = (x.trim_start_matches('0'), y.trim_start_matches('0'));
                let order = x.len().cmp(&y.len()).then_with(|| x.cmp(y));
                if order.is_ne() {
                    return order;
                }
            }
            (Some((_, x)), Some((_, y))) => {
                if x != y {
                    return x.cmp(y);
                }
            }
        }
    }
}

/// A text quoted in a message, cut to its first `max` characters with the
/// length of the whole when it is longer (a 30 KB FEN is not echoed whole).
///
/// ```
/// use board_core::notation::elide;
/// assert_eq!(elide("W:Wc3:Bd4", 20), "W:Wc3:Bd4");
/// assert_eq!(elide("abcdefghij", 4), "abcd… (10 characters)");
/// ```
pub fn elide(text: &str, max: usize) -> String {
    let length = text.chars().count();
    if length <= max {
        return text.to_string();
    }
    let head: String = text.chars().take(max).collect();
    format!("{head}… ({length} characters)")
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
