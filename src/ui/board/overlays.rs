//! The board's changing layers over the squares as markup: the check glows, the move hints,
//! the attack hints, the keyboard's focus ring, and the drawings with "Show moves". Each
//! layer is written as one text and set in one go when it changes: a few shapes, where
//! building them element by element would cost the first load a view type for every kind of
//! shape and every layer. The drawings are written by code the parts that make them put in
//! place ([`install_drawings`]: demo mode's tools, the computer's hints), so the first load
//! does not carry it.

use super::layers::escaped;
use super::marks::{Mark, Overlay, Pen};
use super::number::tenths;
use super::shape::Shape;
use crate::rules::types::Square;
use std::fmt::Write;
use std::sync::OnceLock;

/// The red glow under each king in check.
pub fn glows(shape: &Shape, rot: u16, in_check: &[Square]) -> String {
    let mut out = String::new();
    for &sq in in_check {
        let (x, y) = shape.centre(sq, rot);
        let _ = write!(
            out,
            // text-ok: markup of the board, no words
            r#"<circle class="check-glow" cx="{}" cy="{}" r="50" fill="url(#check-glow)"></circle>"#,
            tenths(x),
            tenths(y)
        );
    }
    out
}

/// Where the piece held (or the reserve piece chosen) may go: a dot, or a ring round a piece
/// it would take.
pub fn move_hints(shape: &Shape, rot: u16, hints: &[(Square, bool)]) -> String {
    let mut out = String::new();
    for &(sq, capture) in hints {
        let (x, y) = shape.centre(sq, rot);
        let (kind, r) = if capture { ("ring", 44) } else { ("dot", 15) };
        let _ = write!(
            out,
            // text-ok: markup of the board, no words
            r#"<circle class="move-hint {kind}" data-hint="{}" cx="{}" cy="{}" r="{r}"></circle>"#,
            escaped(shape.name(sq)),
            tenths(x),
            tenths(y)
        );
    }
    out
}

/// Kings attacked without a called check (Fun Family's hint), each with its seat's letter.
pub fn attack_hints(shape: &Shape, rot: u16, hints: &[(Square, char)]) -> String {
    let mut out = String::new();
    for &(king, seat) in hints {
        let (x, y) = shape.centre(king, rot);
        let _ = write!(
            out,
            // text-ok: markup of the board, no words
            r#"<circle class="attack-hint" data-attacked="{}" cx="{}" cy="{}" r="46"></circle>"#,
            escaped(&seat.to_string()),
            tenths(x),
            tenths(y)
        );
    }
    out
}

/// The keyboard's focus ring on `focus`, if any.
pub fn focus_ring(shape: &Shape, rot: u16, focus: Option<Square>) -> String {
    let mut out = String::new();
    if let Some(sq) = focus {
        let (x, y) = shape.cell(sq, rot);
        let _ = write!(
            out,
            // text-ok: markup of the board, no words
            r#"<rect class="focus-ring" data-testid="focus-ring" data-square="{}" x="{}" y="{}" width="92" height="92" rx="6"></rect>"#,
            escaped(shape.name(sq)),
            tenths(x + 4.0),
            tenths(y + 4.0)
        );
    }
    out
}

/// How the drawings are written, once a part that makes drawings has put it in place.
static DRAWINGS: OnceLock<fn(&Shape, &Overlay, u16) -> String> = OnceLock::new();

/// Puts the writing of the drawings in place: called before the first drawing is made.
pub fn install_drawings() {
    DRAWINGS.get_or_init(|| overlay);
}

/// The drawings layer: nothing while there is nothing to draw.
pub fn drawings(shape: &Shape, overlay: &Overlay, rot: u16) -> String {
    match DRAWINGS.get() {
        Some(draw) if !overlay.is_empty() => draw(shape, overlay, rot),
        _ => String::new(),
    }
}

/// Over the pieces: the squares "Show moves" marks, the drawings, and the one being drawn.
pub fn overlay(shape: &Shape, overlay: &Overlay, rot: u16) -> String {
    let mut out = String::new();
    let centre = |sq: Square| shape.centre(sq, rot);
    if let Some(shown) = &overlay.shown {
        let (fx, fy) = centre(shown.from);
        let _ = write!(
            out,
            // text-ok: markup of the board, no words
            r#"<rect class="show-from" x="{}" y="{}" width="92" height="92"></rect>"#,
            tenths(fx - 46.0),
            tenths(fy - 46.0)
        );
        for &(sq, capture, danger) in &shown.dests {
            let (x, y) = centre(sq);
            let name = escaped(shape.name(sq));
            if danger {
                // A cross: the move would leave the king to be taken.
                let k = 30.0;
                let _ = write!(
                    out,
                    // text-ok: markup of the board, no words
                    r#"<g class="show-danger" data-testid="hint-danger" data-square="{name}"><line x1="{}" y1="{}" x2="{}" y2="{}"></line><line x1="{}" y1="{}" x2="{}" y2="{}"></line></g>"#,
                    tenths(x - k),
                    tenths(y - k),
                    tenths(x + k),
                    tenths(y + k),
                    tenths(x - k),
                    tenths(y + k),
                    tenths(x + k),
                    tenths(y - k)
                );
            } else {
                let (kind, r) = if capture { ("ring", 42) } else { ("dot", 17) };
                let _ = write!(
                    out,
                    // text-ok: markup of the board, no words
                    r#"<circle class="show-move {kind}" data-testid="hint-show" data-square="{name}" cx="{}" cy="{}" r="{r}"></circle>"#,
                    tenths(x),
                    tenths(y)
                );
            }
        }
    }
    for mark in &overlay.marks {
        match *mark {
            Mark::Arrow(a, b, pen) => {
                arrow(&mut out, shape, centre(a), centre(b), pen, Some((a, b)))
            }
            Mark::Circle(sq, pen) => circle(&mut out, shape, centre(sq), Some(sq), pen),
        }
    }
    if let Some((drawing, pen)) = overlay.drawing {
        match drawing.to {
            Some(to) if to == drawing.from => circle(&mut out, shape, centre(to), None, pen),
            Some(to) => arrow(&mut out, shape, centre(drawing.from), centre(to), pen, None),
            None => {}
        }
    }
    out
}

/// Where an arrow's line ends and its head begins, back from the centre of its square.
const HEAD: f64 = 34.0;

/// An arrow from the centre of one square to another; `ends` names its squares, `None` for
/// the one being drawn.
fn arrow(
    out: &mut String,
    shape: &Shape,
    from: (f64, f64),
    to: (f64, f64),
    pen: Pen,
    ends: Option<(Square, Square)>,
) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = dx.hypot(dy).max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    // Start a little off the centre, end where the head begins.
    let (sx, sy) = (from.0 + ux * 18.0, from.1 + uy * 18.0);
    let (ex, ey) = (to.0 - ux * HEAD, to.1 - uy * HEAD);
    let (px, py) = (-uy, ux);
    match ends {
        Some((a, b)) => {
            let _ = write!(
                out,
                // text-ok: markup of the board, no words
                r#"<g class="mark arrow" data-testid="arrow" data-from="{}" data-to="{}" data-colour="{}">"#,
                escaped(shape.name(a)),
                escaped(shape.name(b)),
                pen.key()
            );
        }
        // text-ok: markup of the board, no words
        None => out.push_str(r#"<g class="mark arrow" data-testid="arrow-preview">"#),
    }
    let colour = pen.colour();
    let _ = write!(
        out,
        // text-ok: markup of the board, no words
        r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{colour}" stroke-width="17" stroke-linecap="round"></line><polygon points="{},{} {},{} {},{}" fill="{colour}"></polygon></g>"#,
        tenths(sx),
        tenths(sy),
        tenths(ex),
        tenths(ey),
        tenths(to.0 - ux * 4.0),
        tenths(to.1 - uy * 4.0),
        tenths(ex + px * 26.0),
        tenths(ey + py * 26.0),
        tenths(ex - px * 26.0),
        tenths(ey - py * 26.0)
    );
}

/// A circle round a square; `sq` names it, `None` for the one being drawn.
fn circle(out: &mut String, shape: &Shape, (x, y): (f64, f64), sq: Option<Square>, pen: Pen) {
    match sq {
        Some(sq) => {
            let _ = write!(
                out,
                // text-ok: markup of the board, no words
                r#"<circle class="mark circle" data-testid="circle" data-square="{}" data-colour="{}""#,
                escaped(shape.name(sq)),
                pen.key()
            );
        }
        // text-ok: markup of the board, no words
        None => out.push_str(r#"<circle class="mark circle preview""#),
    }
    let _ = write!(
        out,
        // text-ok: markup of the board, no words
        r#" cx="{}" cy="{}" r="44" fill="none" stroke="{}" stroke-width="8"></circle>"#,
        tenths(x),
        tenths(y),
        pen.colour()
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::board::marks::{Drawing, Shown};

    fn sq(name: &str) -> Square {
        Shape::standard().square_named(name).expect("a square")
    }

    #[test]
    fn move_hints_mark_each_square_with_a_dot_or_a_ring() {
        let shape = Shape::standard();
        let markup = move_hints(shape, 0, &[(sq("e4"), false), (sq("d5"), true)]);
        assert_eq!(markup.matches("<circle ").count(), 2);
        assert!(markup.contains(r#"class="move-hint dot" data-hint="e4" cx="450" cy="450" r="15""#));
        assert!(
            markup.contains(r#"class="move-hint ring" data-hint="d5" cx="350" cy="350" r="44""#)
        );
        // Turned half a turn, e4 is drawn where d5 was.
        let turned = move_hints(shape, 180, &[(sq("e4"), false)]);
        assert!(turned.contains(r#"data-hint="e4" cx="350" cy="350""#));
        assert_eq!(move_hints(shape, 0, &[]), "");
    }

    #[test]
    fn glows_attack_hints_and_the_focus_ring_sit_on_their_squares() {
        let shape = Shape::standard();
        let glow = glows(shape, 0, &[sq("e1")]);
        assert!(glow.contains(r#"cx="450" cy="750" r="50" fill="url(#check-glow)""#));
        let attacked = attack_hints(
            Shape::cross(),
            0,
            &[(Shape::cross().square_named("h1").expect("h1"), 'B')],
        );
        assert!(attacked.contains(r#"data-attacked="B""#));
        let ring = focus_ring(shape, 0, Some(sq("a8")));
        assert!(ring.contains(r#"data-square="a8" x="4" y="4" width="92""#));
        assert_eq!(focus_ring(shape, 0, None), "");
    }

    #[test]
    fn the_drawings_layer_is_written_once_its_writer_is_in_and_only_when_there_is_something() {
        let shape = Shape::standard();
        let arrow = Overlay {
            marks: vec![Mark::Arrow(sq("e2"), sq("e4"), Pen::Green)],
            drawing: None,
            shown: None,
        };
        assert!(Overlay::default().is_empty() && !arrow.is_empty());
        install_drawings();
        assert_eq!(drawings(shape, &arrow, 0), overlay(shape, &arrow, 0));
        assert!(drawings(shape, &arrow, 0).contains("data-testid=\"arrow\""));
        assert_eq!(drawings(shape, &Overlay::default(), 0), "");
    }

    #[test]
    fn drawings_and_shown_moves_are_written_with_their_squares_and_pens() {
        let shape = Shape::standard();
        let overlay_of = |o: &Overlay| overlay(shape, o, 0);
        let drawn = Overlay {
            marks: vec![
                Mark::Arrow(sq("e2"), sq("e4"), Pen::Green),
                Mark::Circle(sq("d5"), Pen::Red),
            ],
            drawing: None,
            shown: None,
        };
        let markup = overlay_of(&drawn);
        assert!(markup
            .contains(r#"data-testid="arrow" data-from="e2" data-to="e4" data-colour="green""#));
        // The line runs up the e-file from just above e2's centre to where the head begins.
        assert!(markup.contains(r#"<line x1="450" y1="632" x2="450" y2="484""#));
        assert!(markup.contains(
            r#"data-testid="circle" data-square="d5" data-colour="red" cx="350" cy="350""#
        ));
        assert_eq!(
            markup.matches("<g ").count(),
            markup.matches("</g>").count()
        );

        let drawing = |to| Overlay {
            drawing: Some((
                Drawing {
                    pointer: 1,
                    from: sq("c3"),
                    to,
                },
                Pen::Blue,
            )),
            ..Overlay::default()
        };
        assert!(overlay_of(&drawing(Some(sq("c3"))))
            .contains(r#"class="mark circle preview" cx="250""#));
        assert!(overlay_of(&drawing(Some(sq("f6")))).contains(r#"data-testid="arrow-preview""#));
        assert_eq!(overlay_of(&drawing(None)), "");

        let shown = Overlay {
            shown: Some(Shown {
                from: sq("e1"),
                dests: vec![
                    (sq("e2"), false, false),
                    (sq("d1"), true, false),
                    (sq("f1"), false, true),
                ],
            }),
            ..Overlay::default()
        };
        let markup = overlay_of(&shown);
        assert!(markup.contains(r#"<rect class="show-from" x="404" y="704""#));
        assert!(
            markup.contains(r#"class="show-move dot" data-testid="hint-show" data-square="e2""#)
        );
        assert!(
            markup.contains(r#"class="show-move ring" data-testid="hint-show" data-square="d1""#)
        );
        assert!(markup.contains(r#"data-testid="hint-danger" data-square="f1""#));
    }
}
