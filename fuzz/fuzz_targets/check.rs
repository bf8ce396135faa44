//! `boardctl check` end to end on any bytes, with the first byte choosing
//! the `--rules` fallback: totals or an error, never a panic.
#![no_main]

use libfuzzer_sys::fuzz_target;

const FALLBACK: &[Option<&str>] = &[
    None,
    Some("russian-draughts/russian"),
    Some("russian-draughts/international"),
    Some("morris/nine-mens-morris"),
    Some("alquerque/alquerque"),
    Some("lingqi/lingqi"),
];

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let rules = FALLBACK[usize::from(first) % FALLBACK.len()];
    let _ = boardctl::check::check_bytes(rest, rules);
});
