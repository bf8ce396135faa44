//! The constructors of move errors every game's notation uses.

use crate::game::{LegalityError, MoveError, SyntaxError};
use std::ops::Range;

/// A move that is not legal here, with no hint.
///
/// ```
/// use board_core::{MoveErrorKind, notation::illegal};
/// let e = illegal("d4 is occupied");
/// assert_eq!(e.kind(), MoveErrorKind::Illegal);
/// assert_eq!(e.to_string(), "d4 is occupied");
/// ```
pub fn illegal(reason: impl Into<String>) -> MoveError {
    LegalityError::illegal(reason, None).into()
}

/// A move that is not legal here, with a hint (`help`) when there is one.
pub fn illegal_with_help(reason: impl Into<String>, help: Option<String>) -> MoveError {
    LegalityError::illegal(reason, help).into()
}

/// A move text that is not well-formed at `span` (bytes of the text).
pub fn syntax(span: Range<usize>, message: impl Into<String>) -> MoveError {
    SyntaxError::new(span, message).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::MoveErrorKind;

    #[test]
    fn constructors_give_their_kinds_and_texts() {
        let e = syntax(2..4, "`z9` is not a point of this board");
        assert_eq!(e.kind(), MoveErrorKind::Syntax);
        assert_eq!(
            e.to_string(),
            "syntax error: `z9` is not a point of this board"
        );
        let MoveError::Syntax(s) = e else {
            panic!("a syntax error")
        };
        assert_eq!(s.span, 2..4);
        let e = illegal_with_help("a1 is occupied", Some("legal moves: b2".into()));
        assert_eq!(
            e,
            MoveError::Legality(LegalityError::Illegal {
                reason: "a1 is occupied".into(),
                help: Some("legal moves: b2".into()),
            })
        );
    }
}
