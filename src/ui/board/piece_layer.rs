//! The pieces standing on the board as markup. The layer is written as one text and set in
//! one go when the board is drawn: a start draws every piece at once, and on a slow
//! tablet each element and attribute built from WebAssembly costs a call into the page. After
//! a move only the pieces that changed are taken out and written in ([`changes`]): drawing
//! a piece again costs a copy of its picture, and the four-player board has 64. Lifting a
//! piece changes its `class` alone ([`piece_class`]).

use super::layers::{class_list, escaped};
use super::number::tenths;
use super::shape::Shape;
use crate::rules::types::Square;
use std::fmt::Write;

/// One piece as the board draws it.
#[derive(Clone, PartialEq, Debug)]
pub struct BoardPiece {
    pub square: Square,
    /// The piece in the DOM contract (`data-piece`): `wK`, `rQ`.
    pub code: String,
    /// The id of its symbol (`p-wK`, `fp-rQ`).
    pub symbol: String,
    /// The owner's state where the game has one (`data-state`: live, asleep, dead).
    pub state: Option<&'static str>,
    /// Drawn faded: it may not move yet (Chess#: its king is still in the reserve).
    pub inactive: bool,
    /// Degrees the piece itself is turned, to face its player (face to face, a fixed
    /// four-player board).
    pub turned: u16,
    /// A ring round a king under an announced check.
    pub ringed: bool,
    /// It has just come from this square (the computer's move): it slides from there.
    pub slides_from: Option<Square>,
    /// A "z" on a sleeping piece (its player is away).
    pub asleep: bool,
}

impl BoardPiece {
    /// A piece standing plainly on `square`: awake, upright, with no ring and no slide.
    pub fn plain(square: Square, code: String, symbol: String) -> Self {
        BoardPiece {
            square,
            code,
            symbol,
            state: None,
            inactive: false,
            turned: 0,
            ringed: false,
            slides_from: None,
            asleep: false,
        }
    }
}

/// A piece's `class`; `lifted` while a drag carries it (its copy follows the pointer).
pub fn piece_class(piece: &BoardPiece, lifted: bool) -> String {
    class_list(
        "piece",
        &[
            (lifted, " dragging"),
            (!lifted && piece.inactive, " inactive"),
            (piece.ringed, " announced-check"),
            (piece.slides_from.is_some(), " slide-in"),
        ],
    )
}

/// Every piece of `pieces` on `shape` turned `rot` degrees; the one on `lifted` marked as
/// carried.
pub fn pieces(shape: &Shape, rot: u16, pieces: &[BoardPiece], lifted: Option<Square>) -> String {
    let mut out = String::with_capacity(pieces.len() * 140);
    for piece in pieces {
        let sq = piece.square;
        let (x, y) = shape.cell(sq, rot);
        let _ = write!(
            out,
            // text-ok: markup of the board, no words
            r#"<g class="{}" data-piece="{}" data-square="{}""#,
            piece_class(piece, lifted == Some(sq)),
            escaped(&piece.code),
            escaped(shape.name(sq))
        );
        if let Some(state) = piece.state {
            // text-ok: markup of the board, no words
            let _ = write!(out, r#" data-state="{}""#, escaped(state));
        }
        let _ = write!(out, r#" transform="{}""#, placement(shape, rot, sq)); // text-ok: markup
                                                                              // A piece that has just come (the computer's move) slides in from where it was: the
                                                                              // CSS animation of its `translate` runs once, when the piece is drawn on its new
                                                                              // square, on top of the `transform` that places it.
        if let Some(from) = piece.slides_from {
            let (fx, fy) = shape.cell(from, rot);
            let _ = write!(
                out,
                // text-ok: markup of the board, no words
                r#" style="--slide-x:{}px;--slide-y:{}px""#,
                tenths(fx - x),
                tenths(fy - y)
            );
        }
        out.push('>');
        // As few elements as a piece needs: the piece, and the ring and the sleep sign only
        // on the pieces that have them.
        if piece.ringed {
            // text-ok: markup of the board, no words
            out.push_str(r#"<circle class="check-ring" cx="50" cy="50" r="47"></circle>"#);
        }
        let turn = turn_attribute(piece.turned);
        let _ = write!(
            out,
            // text-ok: markup of the board, no words
            r##"<use href="#{}" width="100" height="100"{turn}></use>"##,
            escaped(&piece.symbol)
        );
        if piece.asleep {
            let _ = write!(
                out,
                // text-ok: "z", the sleep sign drawn on a piece (the board is one image to screen readers)
                r#"<text class="asleep-mark" x="22" y="30"{turn}>z</text>"#
            );
        }
        out.push_str("</g>"); // text-ok: markup of the board, no words
    }
    out
}

/// Where the piece on `sq` stands on `shape` turned `rot` degrees: its `transform`.
pub fn placement(shape: &Shape, rot: u16, sq: Square) -> String {
    let (x, y) = shape.cell(sq, rot);
    format!("translate({} {})", tenths(x), tenths(y)) // text-ok: markup of the board, no words
}

/// What a change of the pieces standing on the board takes: the squares whose pieces go (as
/// drawn before) and the pieces to draw. A piece that changed in any way (moved, taken,
/// asleep, turned...) goes and is drawn again; one that did not stays as it is.
pub fn changes<'a>(
    before: &[BoardPiece],
    after: &'a [BoardPiece],
) -> (Vec<Square>, Vec<&'a BoardPiece>) {
    let gone = before
        .iter()
        .filter(|p| !after.contains(p))
        .map(|p| p.square)
        .collect();
    let new = after.iter().filter(|p| !before.contains(p)).collect();
    (gone, new)
}

/// ` transform="rotate(…)"` for a piece turned to face its player, or nothing.
fn turn_attribute(turned: u16) -> String {
    if turned == 0 {
        String::new()
    } else {
        // text-ok: markup of the board, no words
        format!(r#" transform="rotate({turned} 50 50)""#)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn piece(name: &str, code: &str) -> BoardPiece {
        let square = Shape::standard().square_named(name).expect("a square");
        BoardPiece::plain(square, code.to_string(), format!("p-{code}"))
    }

    #[test]
    fn each_piece_stands_on_its_square_with_its_symbol() {
        let shape = Shape::standard();
        let list = [piece("e1", "wK"), piece("e8", "bK")];
        let markup = pieces(shape, 0, &list, None);
        assert_eq!(markup.matches("<g ").count(), 2);
        assert_eq!(markup.matches("</g>").count(), 2);
        assert!(markup.contains(
            r##"<g class="piece" data-piece="wK" data-square="e1" transform="translate(400 700)"><use href="#p-wK" width="100" height="100"></use></g>"##
        ));
        // Turned half a turn, e8 is at the bottom.
        assert!(pieces(shape, 180, &list, None)
            .contains(r#"data-square="e8" transform="translate(300 700)""#));
    }

    #[test]
    fn a_lifted_piece_is_marked_and_an_inactive_one_faded_until_lifted() {
        let shape = Shape::standard();
        let mut king = piece("e1", "wK");
        king.inactive = true;
        assert_eq!(piece_class(&king, false), "piece inactive");
        assert_eq!(piece_class(&king, true), "piece dragging");
        let markup = pieces(shape, 0, &[king, piece("d1", "wQ")], Some(Square(3)));
        assert!(markup.contains(r#"<g class="piece dragging" data-piece="wQ""#));
        assert!(markup.contains(r#"<g class="piece inactive" data-piece="wK""#));
    }

    #[test]
    fn after_a_move_only_the_pieces_that_changed_are_drawn_again() {
        let before = [piece("e2", "wP"), piece("d7", "bP"), piece("e1", "wK")];
        let after = [piece("e4", "wP"), piece("d7", "bP"), piece("e1", "wK")];
        let (gone, new) = changes(&before, &after);
        assert_eq!(gone, [before[0].square]);
        assert_eq!(new, [&after[0]]);
        // A capture: the taker leaves its square, the taken piece's square gets the taker.
        let taken = [piece("d7", "wP"), piece("e1", "wK")];
        let (gone, new) = changes(&after, &taken);
        assert_eq!(gone, [after[0].square, after[1].square]);
        assert_eq!(new, [&taken[0]]);
        // A piece that falls asleep is drawn again; nothing changed, nothing is drawn.
        let mut asleep = taken.clone();
        asleep[1].asleep = true;
        assert_eq!(
            changes(&taken, &asleep),
            (vec![taken[1].square], vec![&asleep[1]])
        );
        assert_eq!(changes(&taken, &taken), (vec![], vec![]));
    }

    #[test]
    fn rings_sleep_signs_turns_states_and_slides_are_drawn_where_a_piece_has_them() {
        let shape = Shape::standard();
        let mut king = piece("e1", "wK");
        king.ringed = true;
        king.asleep = true;
        king.turned = 180;
        king.state = Some("asleep");
        king.slides_from = shape.square_named("e2");
        assert_eq!(piece_class(&king, false), "piece announced-check slide-in");
        let markup = pieces(shape, 0, &[king], None);
        assert!(markup.contains(r#"data-state="asleep""#));
        assert!(markup.contains(r#"<circle class="check-ring""#));
        assert!(markup.contains(
            r##"<use href="#p-wK" width="100" height="100" transform="rotate(180 50 50)"></use>"##
        ));
        assert!(markup.contains(
            r#"<text class="asleep-mark" x="22" y="30" transform="rotate(180 50 50)">z</text>"#
        ));
        // It comes from e2, one square up.
        assert!(markup.contains(r#"style="--slide-x:0px;--slide-y:-100px""#));
    }
}
