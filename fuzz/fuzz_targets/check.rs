//! `boardctl check` end to end on any bytes, with the first byte choosing
//! the `--rules` fallback: totals or an error, never a panic. One checker
//! per fallback is kept between runs (its loaded profiles are a cache), so
//! the fuzzer spends its time on the input.
#![no_main]

use boardctl::check::Checker;
use boardctl::cli::CheckFormat;
use libfuzzer_sys::fuzz_target;
use std::sync::{LazyLock, Mutex};

const FALLBACK: &[Option<&str>] = &[
    None,
    Some("russian-draughts/russian"),
    Some("russian-draughts/international"),
    Some("morris/nine-mens-morris"),
    Some("alquerque/alquerque"),
    Some("lingqi/lingqi"),
];

static CHECKERS: LazyLock<Vec<Mutex<Checker>>> = LazyLock::new(|| {
    FALLBACK
        .iter()
        .map(|rules| Mutex::new(Checker::new(*rules, CheckFormat::Text, 1).expect("checker")))
        .collect()
});

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let checker = &CHECKERS[usize::from(first) % FALLBACK.len()];
    let mut checker = checker.lock().unwrap_or_else(|e| e.into_inner());
    let _ = checker.check_reader(
        "fuzz.pdn",
        std::io::Cursor::new(rest.to_vec()),
        &mut std::io::sink(),
    );
});
