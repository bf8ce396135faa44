//! Byte searches of the reader: blanks, and bytes searched eight at a
//! time (in a `u64`, without SIMD or unsafe code) for the long runs of a
//! record with nothing to stop at, tag values and the like.

/// The end of the spaces, tabs and `\r` from `at` on in `buf` (the blanks
/// a line may hold before its end or its next word).
#[inline]
pub(crate) fn blanks_end(buf: &[u8], mut at: usize) -> usize {
    while let Some(b' ' | b'\t' | b'\r') = buf.get(at) {
        at += 1;
    }
    at
}

/// `0x01` in every byte.
const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
/// `0x80` in every byte.
const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);

/// The high bit set in each byte of `word` that equals `byte`, and maybe
/// in bytes above (more significant than) such a byte: the lowest bit set
/// is exact, which is all [`find_any`] reads.
#[inline(always)]
fn equal_bytes(word: u64, byte: u8) -> u64 {
    let x = word ^ (ONES * u64::from(byte));
    x.wrapping_sub(ONES) & !x & HIGHS
}

/// The index of the first byte of `bytes` that is one of `targets`, as
/// `bytes.iter().position(|b| targets.contains(b))` gives it.
#[inline]
pub(crate) fn find_any<const N: usize>(bytes: &[u8], targets: [u8; N]) -> Option<usize> {
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let found = targets.iter().fold(0, |f, &t| f | equal_bytes(word, t));
        if found != 0 {
            // Little-endian: the lowest set bit is the first byte.
            return Some(at + (found.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    let rest = chunks.remainder();
    if rest.is_empty() {
        return None;
    }
    // The last eight bytes as one word, when there are eight: the bytes
    // before the remainder hold no target, so the first found is the one.
    if let Some(last) = bytes.last_chunk::<8>() {
        let word = u64::from_le_bytes(*last);
        let found = targets.iter().fold(0, |f, &t| f | equal_bytes(word, t));
        return (found != 0).then(|| bytes.len() - 8 + (found.trailing_zeros() / 8) as usize);
    }
    rest.iter()
        .position(|b| targets.contains(b))
        .map(|i| at + i)
}

#[cfg(test)]
mod tests {
    use super::find_any;

    /// Agrees with a byte-by-byte search at every length and offset, with
    /// the targets anywhere (also next to bytes that differ from them by
    /// one, and to high bytes, the cases a word-wise test gets wrong).
    #[test]
    fn find_any_agrees_with_a_byte_by_byte_search() {
        let alphabet = [
            b'"', b'\\', b'\n', b'!', b']', b'#', 0x80, 0xFF, 0x00, b'a', 0xA2, 0x5D,
        ];
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut found = 0;
        for len in 0..40 {
            for _ in 0..300 {
                let bytes: Vec<u8> = (0..len)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        alphabet[(seed % alphabet.len() as u64) as usize]
                    })
                    .collect();
                let targets = [b'"', b'\\', b'\n'];
                let expected = bytes.iter().position(|b| targets.contains(b));
                assert_eq!(find_any(&bytes, targets), expected, "{bytes:?}");
                assert_eq!(
                    find_any(&bytes, [b']']),
                    bytes.iter().position(|&b| b == b']'),
                    "{bytes:?}"
                );
                found += usize::from(expected.is_some());
            }
        }
        assert!(found > 5_000, "{found}");
    }
}
