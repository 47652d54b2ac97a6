//! Moving the keyboard's focus over a board as it is drawn: the arrow keys go left, right, up
//! and down on the screen whatever the board's turn, across the missing corners of the cross
//! board to the next square that exists, and stop at the edge. Home and End go to the first
//! and last square of the row on screen. Pure, like the shape it works on.

use super::shape::{Shape, CELL};
use crate::rules::types::Square;

/// A direction on the screen.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    Left,
    Right,
    Up,
    Down,
    /// The first square of the row on screen.
    RowStart,
    /// The last square of the row on screen.
    RowEnd,
}

impl Step {
    /// The step an arrow key (or Home / End) asks for, by `KeyboardEvent.key`.
    pub fn of_key(key: &str) -> Option<Step> {
        Some(match key {
            "ArrowLeft" => Step::Left,
            "ArrowRight" => Step::Right,
            "ArrowUp" => Step::Up,
            "ArrowDown" => Step::Down,
            "Home" => Step::RowStart,
            "End" => Step::RowEnd,
            _ => return None,
        })
    }
}

/// The square the focus goes to from `from` on the board turned `rot`; `from` itself at an
/// edge.
pub fn step(shape: &Shape, rot: u16, from: Square, step: Step) -> Square {
    let (x, y) = shape.centre(from, rot);
    let at =
        |i: i32, j: i32| shape.square_at(x + f64::from(i) * CELL, y + f64::from(j) * CELL, rot);
    let side = i32::from(shape.side);
    let (di, dj) = match step {
        Step::Left => (-1, 0),
        Step::Right => (1, 0),
        Step::Up => (0, -1),
        Step::Down => (0, 1),
        // From the far end of the row back towards `from`: the first square that exists.
        Step::RowStart => {
            return (-side..0).find_map(|i| at(i, 0)).unwrap_or(from);
        }
        Step::RowEnd => {
            return (1..=side).rev().find_map(|i| at(i, 0)).unwrap_or(from);
        }
    };
    (1..side).find_map(|k| at(di * k, dj * k)).unwrap_or(from)
}

/// Where the focus starts: the square nearest the bottom-left corner of the screen (a1 for
/// White at the bottom).
pub fn start(shape: &Shape, rot: u16) -> Option<Square> {
    let size = shape.size();
    (0..shape.side).find_map(|up| {
        (0..shape.side).find_map(|right| {
            shape.square_at(
                (f64::from(right) + 0.5) * CELL,
                size - (f64::from(up) + 0.5) * CELL,
                rot,
            )
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(shape: &Shape, rot: u16, from: &str, steps: &[Step]) -> String {
        let mut at = shape.square_named(from).unwrap();
        for &s in steps {
            at = step(shape, rot, at, s);
        }
        shape.name(at).to_string()
    }

    #[test]
    fn arrows_follow_the_screen_with_white_at_the_bottom() {
        let s = Shape::standard();
        assert_eq!(
            start(s, 0).map(|q| s.name(q).to_string()),
            Some("a1".into())
        );
        assert_eq!(go(s, 0, "e2", &[Step::Up, Step::Up]), "e4");
        assert_eq!(go(s, 0, "e4", &[Step::Right]), "f4");
        assert_eq!(go(s, 0, "a1", &[Step::Left, Step::Down]), "a1");
        assert_eq!(go(s, 0, "d5", &[Step::RowEnd]), "h5");
        assert_eq!(go(s, 0, "d5", &[Step::RowStart]), "a5");
    }

    #[test]
    fn arrows_follow_the_screen_on_a_turned_board() {
        let s = Shape::standard();
        // Black at the bottom: up the screen is down the ranks, left is towards the h-file.
        assert_eq!(
            start(s, 180).map(|q| s.name(q).to_string()),
            Some("h8".into())
        );
        assert_eq!(go(s, 180, "e7", &[Step::Up]), "e6");
        assert_eq!(go(s, 180, "e7", &[Step::Left]), "f7");
        // A quarter turn: the files run up the screen.
        let up = go(s, 90, "e4", &[Step::Up]);
        assert!(up == "d4" || up == "f4", "{up}");
    }

    #[test]
    fn the_cross_boards_missing_corners_are_stepped_over() {
        let s = Shape::cross();
        // The bottom arm: from d1 (the arm's first file) left is the empty corner, so stay.
        assert_eq!(go(s, 0, "d1", &[Step::Left]), "d1");
        // From a4 (the left arm's bottom square) down is the empty corner: stay.
        assert_eq!(go(s, 0, "a4", &[Step::Down]), "a4");
        // From d3 left jumps nothing; from a5 right runs along the rank to b5.
        assert_eq!(go(s, 0, "a5", &[Step::Right]), "b5");
        assert_eq!(go(s, 0, "d1", &[Step::RowEnd]), "k1");
        assert_eq!(go(s, 0, "k2", &[Step::RowStart]), "d2");
        // Every square can be reached from the start by arrows alone.
        let from = start(s, 0).unwrap();
        let mut seen = vec![from];
        let mut todo = vec![from];
        while let Some(q) = todo.pop() {
            for st in [Step::Left, Step::Right, Step::Up, Step::Down] {
                let n = step(s, 0, q, st);
                if !seen.contains(&n) {
                    seen.push(n);
                    todo.push(n);
                }
            }
        }
        assert_eq!(seen.len(), s.cells.len());
    }
}
