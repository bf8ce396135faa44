//! The morris games for boardctl (see the crate's issue; implementation in progress).
