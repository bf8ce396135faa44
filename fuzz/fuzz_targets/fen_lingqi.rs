//! lingqi: any text as a position of every profile; accepted positions
//! round-trip through their notation.
#![no_main]

use boardctl_fuzz::{Setup, fuzz_fen};
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

static SETUP: LazyLock<Setup<lingqi::Lingqi>> = LazyLock::new(Setup::new);

fuzz_target!(|data: &[u8]| fuzz_fen(&SETUP, data));
