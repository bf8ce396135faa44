//! morris: any text as a move, in the start position and positions from
//! playouts of every profile.
#![no_main]

use boardctl_fuzz::{Setup, fuzz_move};
use libfuzzer_sys::fuzz_target;
use std::sync::LazyLock;

static SETUP: LazyLock<Setup<morris::Morris>> = LazyLock::new(Setup::new);

fuzz_target!(|data: &[u8]| fuzz_move(&SETUP, data));
