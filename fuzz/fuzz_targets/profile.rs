//! Any bytes as a rule profile of every game: an error or a game.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| boardctl_fuzz::fuzz_profile(data));
