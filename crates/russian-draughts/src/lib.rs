//! The russian-draughts games for boardctl (see the crate's issue; implementation in progress).
