//! Options a game declares for its perft counts and its diagrams, and the
//! set of them enabled for one count or one diagram.

/// An option one or more games declare: a perft counting convention
/// (`keep-duplicates`) or a mark of their diagrams (`zones`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOption {
    /// The name, spelt as the command-line flag without `--`.
    pub name: &'static str,
    /// What it does, as the end of "with it, the game …" (`counts a
    /// removal as a ply of its own`).
    pub help: &'static str,
}

/// Perft without bulk counting: every move of the last ply is made instead
/// of counted (measures the full cost of making moves). Every game's perft
/// has it.
pub const NO_BULK: GameOption = GameOption {
    name: "no-bulk",
    help: "makes every move of the last ply instead of counting them",
};

/// The options enabled for one perft count or one diagram. A game reads
/// the options it declares and nothing else.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OptionSet {
    enabled: Vec<&'static str>,
}

/// The options of a perft count.
pub type PerftOptions = OptionSet;

/// The options of a text diagram.
pub type DiagramOptions = OptionSet;

impl OptionSet {
    /// This set with `option` enabled too.
    #[must_use]
    pub fn with(mut self, option: &GameOption) -> OptionSet {
        self.enable(option.name);
        self
    }

    /// This set with `option` enabled too when `on`.
    #[must_use]
    pub fn with_if(self, on: bool, option: &GameOption) -> OptionSet {
        if on { self.with(option) } else { self }
    }

    /// Enables the option of this name.
    pub fn enable(&mut self, name: &'static str) {
        if !self.enabled.contains(&name) {
            self.enabled.push(name);
        }
    }

    /// Whether `option` is enabled.
    pub fn has(&self, option: &GameOption) -> bool {
        self.enabled.contains(&option.name)
    }

    /// The names of the enabled options, in the order they were enabled.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.enabled.iter().copied()
    }

    /// The first enabled option that `declared` does not list.
    pub fn undeclared(&self, declared: &[GameOption]) -> Option<&'static str> {
        self.names()
            .find(|name| !declared.iter().any(|o| o.name == *name))
    }
}
