//! The notation toolkit: what every game's notation needs and would
//! otherwise write again, with one wording for each problem.
//!
//! - [`fen`]: FEN fields (`W:Wa1,Kc3:Bd4`): the side to move, tagged
//!   fields, lists of points with markers, numeric ranges, and the
//!   [`fen::Problems`] a reader collects;
//! - [`label`]: reading a point label at a byte offset of a move text, and
//!   [`is_move_separator`] between labels;
//! - [`errors`]: the constructors of [`MoveError`](crate::MoveError)s;
//! - [`list`]: "… and N more" lists, cut at [`LIST_LIMIT`];
//! - [`bits`]: [`Bits`], a set of up to 64 points as one `u64`.

pub mod bits;
pub mod errors;
pub mod fen;
pub mod label;
pub mod list;

pub use bits::Bits;
pub use errors::{illegal, illegal_with_help, syntax};
pub use label::{LabelCase, is_move_separator, read_label};
pub use list::{LIST_LIMIT, REPEAT_LIMIT, closest, count, elide, moves_of, natural_cmp, shortlist};

/// A table of the bytes in `bytes`, and of the ASCII letters and digits
/// when `alphanumeric`: one load per byte tells whether it is in the set.
pub(crate) const fn byte_set(alphanumeric: bool, bytes: &[u8]) -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = alphanumeric && (b as u8).is_ascii_alphanumeric();
        b += 1;
    }
    let mut i = 0;
    while i < bytes.len() {
        table[bytes[i] as usize] = true;
        i += 1;
    }
    table
}
