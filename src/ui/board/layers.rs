//! The board's still layers as markup: the squares and the coordinates. They change only when
//! the board turns, so each is written as one text and set in one go, not built element by
//! element (a start draws every square at once: on a slow tablet each element and attribute
//! built from WebAssembly costs a call into the page). Of the squares only a few marks move
//! (selected, last move, check), and those are set on their squares alone ([`SquareMarks`]).

use super::number::tenths;
use super::shape::{Label, Shape};
use crate::rules::types::Square;
use std::fmt::Write;

/// The marks a square can carry, as bits of one byte per square.
pub const SELECTED: u8 = 1;
pub const DROP_TARGET: u8 = 2;
pub const LAST_MOVE: u8 = 4;
pub const IN_CHECK: u8 = 8;

/// The marks of every square of `shape`, in the order of its cells (and of the markup).
pub type SquareMarks = Vec<u8>;

/// What marks each square: the square held, where a carried piece would land, the last move's
/// two squares and the kings in check.
pub fn square_marks(
    shape: &Shape,
    selected: Option<Square>,
    target: Option<Square>,
    last: Option<(Square, Square)>,
    in_check: &[Square],
) -> SquareMarks {
    shape
        .cells
        .iter()
        .map(|c| {
            let sq = c.square;
            let mut marks = 0;
            if selected == Some(sq) {
                marks |= SELECTED;
            }
            if target == Some(sq) {
                marks |= DROP_TARGET;
            }
            if last.is_some_and(|(a, b)| a == sq || b == sq) {
                marks |= LAST_MOVE;
            }
            if in_check.contains(&sq) {
                marks |= IN_CHECK;
            }
            marks
        })
        .collect()
}

/// A square's `class`: its colour, then its marks.
pub fn square_class(light: bool, marks: u8) -> String {
    let mut class = String::from(if light { "sq light" } else { "sq dark" });
    for (bit, name) in [
        (SELECTED, " selected"),
        (DROP_TARGET, " drop-target"),
        (LAST_MOVE, " last-move"),
        (IN_CHECK, " in-check"),
    ] {
        if marks & bit != 0 {
            class.push_str(name);
        }
    }
    class
}

/// Every square of `shape` turned `rot` degrees, with its marks (`marks` in cell order; a
/// square past its end has none).
pub fn squares(shape: &Shape, rot: u16, marks: &[u8]) -> String {
    let mut out = String::with_capacity(shape.cells.len() * 90);
    for (i, c) in shape.cells.iter().enumerate() {
        let (x, y) = shape.cell(c.square, rot);
        let class = square_class(c.light, marks.get(i).copied().unwrap_or(0));
        let _ = write!(
            out,
            // text-ok: markup of the board, no words
            r#"<rect data-square="{}" class="{class}" x="{}" y="{}" width="100" height="100"></rect>"#,
            escaped(&c.name),
            tenths(x),
            tenths(y)
        );
    }
    out
}

/// The coordinates along the board's edges.
pub fn labels(labels: &[Label]) -> String {
    let mut out = String::with_capacity(labels.len() * 80);
    for l in labels {
        let tone = if l.on_light {
            "coord on-light"
        } else {
            "coord on-dark"
        };
        let anchor = if l.anchor_end { "end" } else { "start" };
        let _ = write!(
            out,
            // text-ok: markup of the board, no words
            r#"<text class="{tone}" x="{}" y="{}" text-anchor="{anchor}""#,
            tenths(l.x),
            tenths(l.y)
        );
        if l.upside_down {
            let _ = write!(
                out,
                // text-ok: markup of the board, no words
                r#" transform="rotate(180 {} {})""#,
                tenths(l.x),
                tenths(l.y)
            );
        }
        // text-ok: markup of the board, no words
        let _ = write!(out, ">{}</text>", escaped(&l.text));
    }
    out
}

/// The characters that would end a text or a quoted attribute, with what stands for them.
#[rustfmt::skip]
// text-ok: character references, not words
const REFERENCES: [(char, &str); 4] = [('&', "&amp;"), ('<', "&lt;"), ('>', "&gt;"), ('"', "&quot;")];

/// `text` safe inside markup, as text or a quoted attribute.
pub fn escaped(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match REFERENCES.iter().find(|(c, _)| *c == ch) {
            Some((_, reference)) => out.push_str(reference),
            None => out.push(ch),
        }
    }
    out
}

/// A class list: `base`, then each name whose flag is on (names start with a space).
pub fn class_list(base: &str, flags: &[(bool, &str)]) -> String {
    let mut class = String::from(base);
    for &(on, name) in flags {
        if on {
            class.push_str(name);
        }
    }
    class
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board() -> &'static Shape {
        Shape::standard()
    }

    #[test]
    fn every_square_is_written_once_at_its_place() {
        let shape = board();
        let markup = squares(shape, 0, &[]);
        assert_eq!(markup.matches("<rect ").count(), 64);
        // a8 is the top left square seen from White, h1 the bottom right.
        assert!(markup.contains(r#"data-square="a8" class="sq light" x="0" y="0""#));
        assert!(markup.contains(r#"data-square="h1" class="sq light" x="700" y="700""#));
        assert!(markup.contains(r#"data-square="a1" class="sq dark" x="0" y="700""#));
        // Turned half a turn, h1 is at the top left.
        let turned = squares(shape, 180, &[]);
        assert!(turned.contains(r#"data-square="h1" class="sq light" x="0" y="0""#));
    }

    #[test]
    fn marks_follow_the_game_square_by_square() {
        let shape = board();
        let sq = |name: &str| shape.square_named(name).expect("a square");
        let marks = square_marks(
            shape,
            Some(sq("e2")),
            Some(sq("e4")),
            Some((sq("d7"), sq("d5"))),
            &[sq("e1")],
        );
        assert_eq!(marks.iter().filter(|&&m| m != 0).count(), 5);
        let markup = squares(shape, 0, &marks);
        assert!(markup.contains(r#"data-square="e2" class="sq light selected""#));
        assert!(markup.contains(r#"data-square="e4" class="sq light drop-target""#));
        assert!(markup.contains(r#"data-square="d5" class="sq light last-move""#));
        assert!(markup.contains(r#"data-square="e1" class="sq dark in-check""#));
        assert_eq!(
            square_class(false, SELECTED | LAST_MOVE | IN_CHECK | DROP_TARGET),
            "sq dark selected drop-target last-move in-check"
        );
    }

    #[test]
    fn the_cross_board_writes_only_its_own_squares() {
        let markup = squares(Shape::cross(), 90, &[]);
        assert_eq!(markup.matches("<rect ").count(), 160);
        // A missing corner of the cross is no square at all.
        assert!(markup.contains(r#"data-square="d1""#) && !markup.contains(r#"data-square="a1""#));
    }

    #[test]
    fn coordinates_are_written_as_text_that_cannot_break_the_markup() {
        let shape = board();
        let markup = labels(&shape.labels(0, false));
        assert_eq!(markup.matches("<text ").count(), 16);
        assert!(markup.contains(">a</text>") && markup.contains(">8</text>"));
        let far = labels(&shape.labels(0, true));
        assert!(far.contains(r#"transform="rotate(180 "#));
        assert_eq!(escaped(r#"<a & "b">"#), "&lt;a &amp; &quot;b&quot;&gt;");
    }

    #[test]
    fn a_class_list_holds_the_names_that_are_on() {
        let list = class_list(
            "player",
            &[(true, " top"), (false, " flipped"), (true, " to-move")],
        );
        assert_eq!(list, "player top to-move");
        assert_eq!(class_list("app", &[]), "app");
    }
}
