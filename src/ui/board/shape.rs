//! A board's shape on screen, from the core's geometry: every square that exists as a
//! 100x100 cell of a square grid (8x8, or the 14x14 grid of the 160-square cross), turned by
//! 0, 90, 180 or 270 degrees clockwise so that a player's side is at the bottom, and the
//! coordinates along its edges. Pure arithmetic: the board view and the pointer both use it,
//! so what is drawn and what is hit always agree.

use crate::rules::bitboard::Bits;
use crate::rules::geometry::Geometry;
use crate::rules::types::Square;
use std::sync::OnceLock;

/// One cell's side, in board units.
pub const CELL: f64 = 100.0;

/// A square of the board and what the view needs to draw it.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    pub square: Square,
    pub file: u8,
    pub rank: u8,
    pub light: bool,
    pub name: String,
}

/// How a lifted piece is drawn under the pointer: larger, and under a finger lifted above it
/// so the finger does not hide it (board units).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LiftLook {
    pub touch_scale: f64,
    pub touch_lift: f64,
    pub mouse_scale: f64,
}

/// A board's squares in a `side` x `side` grid.
#[derive(Debug)]
pub struct Shape {
    /// Cells per side of the grid.
    pub side: u8,
    pub cells: Vec<Cell>,
    /// The square at grid position `rank * side + file`, if it exists.
    at: Vec<Option<Square>>,
    /// Per square index: its cell in `cells`.
    index: Vec<Option<usize>>,
    file_names: Vec<char>,
    pub lift: LiftLook,
    /// The SVG class of the board (the cross board has its own look).
    pub class: &'static str,
    /// The pieces wear their army's badge in a square's lower right corner (four armies), so
    /// a file's name goes in the lower left one.
    badged: bool,
}

/// A coordinate written on the board: its text, where (board units), how it is anchored,
/// whether it is turned for the player opposite, and the colour of the square under it.
#[derive(Clone, Debug, PartialEq)]
pub struct Label {
    pub text: String,
    pub x: f64,
    pub y: f64,
    pub anchor_end: bool,
    pub upside_down: bool,
    pub on_light: bool,
}

impl Shape {
    fn of<B: Bits>(geo: &Geometry<B>, lift: LiftLook, class: &'static str, badged: bool) -> Shape {
        let side = geo.width.max(geo.height);
        let mut cells = Vec::new();
        let mut at = vec![None; side as usize * side as usize];
        let mut index = vec![None; geo.square_count()];
        for rank in 0..geo.height {
            for file in 0..geo.width {
                let Some(sq) = geo.square(file, rank) else {
                    continue;
                };
                at[rank as usize * side as usize + file as usize] = Some(sq);
                if let Some(slot) = index.get_mut(sq.index()) {
                    *slot = Some(cells.len());
                }
                cells.push(Cell {
                    square: sq,
                    file,
                    rank,
                    light: geo.is_light(sq),
                    name: geo.name(sq),
                });
            }
        }
        Shape {
            side,
            cells,
            at,
            index,
            file_names: geo.file_names.clone(),
            lift,
            class,
            badged,
        }
    }

    /// The 8x8 board of the two-player games.
    pub fn standard() -> &'static Shape {
        static SHAPE: OnceLock<Shape> = OnceLock::new();
        SHAPE.get_or_init(|| {
            let lift = LiftLook {
                touch_scale: 1.6,
                touch_lift: 55.0,
                mouse_scale: 1.15,
            };
            Shape::of(Geometry::standard(), lift, "board", false)
        })
    }

    /// The 160-square cross board of Fun Family Chess.
    pub fn cross() -> &'static Shape {
        static SHAPE: OnceLock<Shape> = OnceLock::new();
        SHAPE.get_or_init(|| {
            let lift = LiftLook {
                touch_scale: 1.5,
                touch_lift: 70.0,
                mouse_scale: 1.15,
            };
            Shape::of(Geometry::cross(), lift, "board cross-board", true)
        })
    }

    /// The board's side in board units (its viewBox is `0 0 size size`).
    pub fn size(&self) -> f64 {
        self.side as f64 * CELL
    }

    fn cell_of(&self, sq: Square) -> Option<&Cell> {
        self.cells.get((*self.index.get(sq.index())?)?)
    }

    /// The square named `name` (`e4`, `n11`), if the board has it.
    pub fn square_named(&self, name: &str) -> Option<Square> {
        self.cells.iter().find(|c| c.name == name).map(|c| c.square)
    }

    /// The square's name (`e4`, `n11`).
    pub fn name(&self, sq: Square) -> &str {
        self.cell_of(sq).map_or("", |c| c.name.as_str())
    }

    /// Grid position `(column, row)` on screen of `(file, rank)` with the board turned `rot`
    /// degrees clockwise (row 0 at the top).
    fn display(&self, file: u8, rank: u8, rot: u16) -> (u8, u8) {
        let n = self.side - 1;
        let (mut x, mut y) = (file, n - rank);
        for _ in 0..(rot / 90) % 4 {
            (x, y) = (n - y, x);
        }
        (x, y)
    }

    /// Top-left corner of a square on screen (board units).
    pub fn cell(&self, sq: Square, rot: u16) -> (f64, f64) {
        let Some(c) = self.cell_of(sq) else {
            return (0.0, 0.0);
        };
        let (x, y) = self.display(c.file, c.rank, rot);
        (x as f64 * CELL, y as f64 * CELL)
    }

    /// The centre of a square on screen (board units).
    pub fn centre(&self, sq: Square, rot: u16) -> (f64, f64) {
        let (x, y) = self.cell(sq, rot);
        (x + CELL / 2.0, y + CELL / 2.0)
    }

    /// The square under a point (board units), `None` off the board or in a missing corner.
    pub fn square_at(&self, x: f64, y: f64, rot: u16) -> Option<Square> {
        let size = self.size();
        if !(0.0..size).contains(&x) || !(0.0..size).contains(&y) {
            return None;
        }
        let n = self.side - 1;
        let (mut c, mut r) = ((x / CELL) as u8, (y / CELL) as u8);
        for _ in 0..(rot / 90) % 4 {
            (c, r) = (r, n - c);
        }
        let (file, rank) = (c, n - r);
        self.at[rank as usize * self.side as usize + file as usize]
    }

    /// What a coordinate on an edge of the screen says for square `c`: along the bottom and
    /// top edges the file (or the rank when the board is turned a quarter), along the sides
    /// the rank (or the file).
    fn edge_text(&self, c: &Cell, rot: u16, along_bottom: bool) -> String {
        let file = self.file_names.get(c.file as usize).copied().unwrap_or('?');
        let upright = rot.is_multiple_of(180);
        if along_bottom == upright {
            file.to_string()
        } else {
            (c.rank + 1).to_string()
        }
    }

    /// The coordinates: inside the lowest square of every column and the leftmost square of
    /// every row, so every file and rank is named (on the cross board too, arms included);
    /// `far` adds them upside down along the top and right edges for a player opposite.
    pub fn labels(&self, rot: u16, far: bool) -> Vec<Label> {
        let n = self.side as usize;
        let mut lowest: Vec<Option<(&Cell, u8)>> = vec![None; n];
        let mut highest: Vec<Option<(&Cell, u8)>> = vec![None; n];
        let mut leftmost: Vec<Option<(&Cell, u8)>> = vec![None; n];
        let mut rightmost: Vec<Option<(&Cell, u8)>> = vec![None; n];
        fn keep<'a>(
            slot: &mut Option<(&'a Cell, u8)>,
            c: &'a Cell,
            v: u8,
            better: fn(u8, u8) -> bool,
        ) {
            if slot.is_none_or(|(_, old)| better(v, old)) {
                *slot = Some((c, v));
            }
        }
        for c in &self.cells {
            let (x, y) = self.display(c.file, c.rank, rot);
            keep(&mut lowest[x as usize], c, y, |a, b| a > b);
            keep(&mut highest[x as usize], c, y, |a, b| a < b);
            keep(&mut leftmost[y as usize], c, x, |a, b| a < b);
            keep(&mut rightmost[y as usize], c, x, |a, b| a > b);
        }
        let mut out = Vec::new();
        for (col, slot) in lowest.iter().enumerate() {
            if let Some((c, row)) = slot {
                let (inset, anchor_end) = if self.badged {
                    (7.0, false)
                } else {
                    (93.0, true)
                };
                out.push(Label {
                    text: self.edge_text(c, rot, true),
                    x: col as f64 * CELL + inset,
                    y: *row as f64 * CELL + 92.0,
                    anchor_end,
                    upside_down: false,
                    on_light: c.light,
                });
            }
        }
        for (row, slot) in leftmost.iter().enumerate() {
            if let Some((c, col)) = slot {
                out.push(Label {
                    text: self.edge_text(c, rot, false),
                    x: *col as f64 * CELL + 7.0,
                    y: row as f64 * CELL + 24.0,
                    anchor_end: false,
                    upside_down: false,
                    on_light: c.light,
                });
            }
        }
        if far {
            // Read from the other side: the near labels' opposite corners, turned round.
            for (col, slot) in highest.iter().enumerate() {
                if let Some((c, row)) = slot {
                    out.push(Label {
                        text: self.edge_text(c, rot, true),
                        x: col as f64 * CELL + 93.0,
                        y: *row as f64 * CELL + 8.0,
                        anchor_end: false,
                        upside_down: true,
                        on_light: c.light,
                    });
                }
            }
            for (row, slot) in rightmost.iter().enumerate() {
                if let Some((c, col)) = slot {
                    out.push(Label {
                        text: self.edge_text(c, rot, false),
                        x: *col as f64 * CELL + 7.0,
                        y: row as f64 * CELL + 76.0,
                        anchor_end: true,
                        upside_down: true,
                        on_light: c.light,
                    });
                }
            }
        }
        out
    }

    /// For labels outside the board (demo mode): per screen column from the left, the file
    /// (or rank) it shows, and per screen row from the top, the rank (or file).
    pub fn edge_names(&self, rot: u16) -> (Vec<String>, Vec<String>) {
        let n = self.side as usize;
        let mut columns = vec![String::new(); n];
        let mut rows = vec![String::new(); n];
        for c in &self.cells {
            let (x, y) = self.display(c.file, c.rank, rot);
            columns[x as usize] = self.edge_text(c, rot, true);
            rows[y as usize] = self.edge_text(c, rot, false);
        }
        (columns, rows)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(shape: &Shape, name: &str) -> Square {
        shape.square_named(name).expect("a square")
    }

    #[test]
    fn cells_and_hits_agree_at_every_rotation() {
        for shape in [Shape::standard(), Shape::cross()] {
            for rot in [0, 90, 180, 270] {
                for c in &shape.cells {
                    let (x, y) = shape.cell(c.square, rot);
                    assert_eq!(shape.square_at(x + 50.0, y + 50.0, rot), Some(c.square));
                }
            }
        }
        assert_eq!(Shape::standard().cells.len(), 64);
        assert_eq!(Shape::cross().cells.len(), 160);
    }

    #[test]
    fn the_8x8_board_turned_round_puts_black_at_the_bottom() {
        let s = Shape::standard();
        assert_eq!(s.cell(sq(s, "a1"), 0), (0.0, 700.0));
        assert_eq!(s.cell(sq(s, "a1"), 180), (700.0, 0.0));
        assert_eq!(s.cell(sq(s, "h8"), 180), (0.0, 700.0));
        assert_eq!(s.square_at(10.0, 790.0, 0), Some(sq(s, "a1")));
        assert_eq!(s.square_at(-1.0, 10.0, 0), None);
    }

    #[test]
    fn the_cross_board_turns_each_seat_to_the_bottom_and_has_no_corners() {
        let s = Shape::cross();
        // Blue (file a) sits on the left; turned 270 degrees clockwise it is at the bottom.
        let (_, y) = s.cell(sq(s, "a7"), 270);
        assert_eq!(y, 1300.0);
        // A missing corner is off the board.
        assert_eq!(s.square_at(50.0, 50.0, 0), None);
    }

    #[test]
    fn every_file_and_rank_is_labelled_on_both_boards() {
        let s = Shape::standard();
        let labels = s.labels(0, false);
        let texts: Vec<&str> = labels.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(texts.len(), 16);
        assert!(
            texts.contains(&"a")
                && texts.contains(&"h")
                && texts.contains(&"1")
                && texts.contains(&"8")
        );
        assert_eq!(s.labels(0, true).len(), 32);
        let cross = Shape::cross().labels(90, false);
        let files = cross
            .iter()
            .filter(|l| l.text.parse::<u8>().is_err())
            .count();
        assert_eq!(
            files, 14,
            "every file of the cross is named on its side edge"
        );
        let (columns, rows) = Shape::cross().edge_names(0);
        assert_eq!(columns.first().map(String::as_str), Some("a"));
        assert_eq!(rows.first().map(String::as_str), Some("14"));
    }
}
