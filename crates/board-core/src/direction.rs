//! Compass directions that tag the edges of every board.

use std::fmt;

/// One of the eight compass directions. An edge's direction is derived from
/// the coordinates of its two nodes (the sign of dx and dy), so the same
/// names serve grids, morris boards and custom boards.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub enum Direction {
    /// Up (towards higher ranks).
    N = 0,
    /// Up and right.
    NE = 1,
    /// Right.
    E = 2,
    /// Down and right.
    SE = 3,
    /// Down.
    S = 4,
    /// Down and left.
    SW = 5,
    /// Left.
    W = 6,
    /// Up and left.
    NW = 7,
}

impl Direction {
    /// All eight directions, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];
    /// The four diagonal directions.
    pub const DIAGONAL: [Direction; 4] =
        [Direction::NE, Direction::SE, Direction::SW, Direction::NW];
    /// The four orthogonal directions.
    pub const ORTHOGONAL: [Direction; 4] = [Direction::N, Direction::E, Direction::S, Direction::W];

    /// Dense index 0..8, for per-direction tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction with the given index (taken modulo 8).
    pub const fn from_index(i: usize) -> Direction {
        Direction::ALL[i % 8]
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Direction {
        Direction::from_index(self as usize + 4)
    }

    /// True for NE, SE, SW and NW.
    pub const fn is_diagonal(self) -> bool {
        (self as usize) % 2 == 1
    }

    /// The unit step (dx, dy) of this direction, y growing northwards.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::N => (0, 1),
            Direction::NE => (1, 1),
            Direction::E => (1, 0),
            Direction::SE => (1, -1),
            Direction::S => (0, -1),
            Direction::SW => (-1, -1),
            Direction::W => (-1, 0),
            Direction::NW => (-1, 1),
        }
    }

    /// The direction of the vector (dx, dy), by the signs of its parts;
    /// `None` for the zero vector.
    pub fn of_vector(dx: i64, dy: i64) -> Option<Direction> {
        let d = match (dx.signum(), dy.signum()) {
            (0, 1) => Direction::N,
            (1, 1) => Direction::NE,
            (1, 0) => Direction::E,
            (1, -1) => Direction::SE,
            (0, -1) => Direction::S,
            (-1, -1) => Direction::SW,
            (-1, 0) => Direction::W,
            (-1, 1) => Direction::NW,
            _ => return None,
        };
        Some(d)
    }

    /// Whether this direction points north (N, NE or NW).
    pub const fn is_northward(self) -> bool {
        matches!(self, Direction::N | Direction::NE | Direction::NW)
    }

    /// Whether this direction points south (S, SE or SW).
    pub const fn is_southward(self) -> bool {
        matches!(self, Direction::S | Direction::SE | Direction::SW)
    }

    /// The short name (`"NE"`).
    pub const fn name(self) -> &'static str {
        match self {
            Direction::N => "N",
            Direction::NE => "NE",
            Direction::E => "E",
            Direction::SE => "SE",
            Direction::S => "S",
            Direction::SW => "SW",
            Direction::W => "W",
            Direction::NW => "NW",
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
