//! The armies and their pieces as SVG markup, from our own art ([`super::piece_art`]). The two
//! armies of the 8x8 games are white and black; the four of Fun Family Chess are red, blue,
//! yellow and green, each also marked by a shape (circle, square, triangle, diamond) so
//! colour is never the only clue. Pure: the board's views put the markup in the page.

use super::number::hundredths;
use super::piece_art::{piece_layers, LayerKind};
use crate::rules::types::{Piece, Role, Side};

/// Which set of armies a piece belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Armies {
    /// White and black (the 8x8 games).
    Two,
    /// Red, blue, yellow and green (Fun Family Chess).
    Four,
}

impl Armies {
    /// The army's letter: `w`/`b`, or `r`/`b`/`y`/`g`.
    pub fn letter(self, side: Side) -> char {
        match self {
            Armies::Two => ['w', 'b'][side.index().min(1)],
            Armies::Four => ['r', 'b', 'y', 'g'][side.index() & 3],
        }
    }

    /// A piece's code in the DOM contract: `wK`, `rQ`.
    pub fn code(self, p: Piece) -> String {
        format!("{}{}", self.letter(p.side), p.role.letter())
    }

    /// The id of the piece's symbol: `p-wK`, `fp-rQ`.
    pub fn symbol(self, p: Piece) -> String {
        match self {
            Armies::Two => format!("p-{}", self.code(p)),
            Armies::Four => format!("fp-{}", self.code(p)),
        }
    }

    fn sides(self) -> &'static [Side] {
        match self {
            Armies::Two => &[Side(0), Side(1)],
            Armies::Four => &[Side(0), Side(1), Side(2), Side(3)],
        }
    }

    /// Army colours: (fill, outline, detail).
    fn colours(self, side: Side) -> (&'static str, &'static str, &'static str) {
        match (self, side.index()) {
            (Armies::Two, 0) => ("#fdfdfd", "#222", "#222"),
            (Armies::Two, _) => ("#2b2b2b", "#111", "#eee"),
            (Armies::Four, 0) => ("#e0433a", "#4a0d0a", "#fff"),
            (Armies::Four, 1) => ("#2f6fd6", "#0b1f45", "#fff"),
            (Armies::Four, 2) => ("#f3c623", "#4a3a00", "#222"),
            (Armies::Four, _) => ("#2f9e4f", "#0b3318", "#fff"),
        }
    }
}

/// Appends the SVG element `<name a="v" …>` to `out`, closed (`/>`) when `empty`. The values
/// are ours (path data, colours, numbers, ids): nothing in them needs escaping.
fn push_element(out: &mut String, name: &str, attributes: &[(&str, &str)], empty: bool) {
    out.push('<');
    out.push_str(name);
    for (key, value) in attributes {
        out.push(' ');
        out.push_str(key);
        out.push_str("=\"");
        out.push_str(value);
        out.push('"');
    }
    out.push_str(if empty { "/>" } else { ">" });
}

/// The paths of a piece of `role` (100x100) in army colours `(fill, outline, detail)`,
/// appended to `out` as SVG markup.
fn push_piece_paths(
    out: &mut String,
    role: Role,
    (fill, outline, detail): (&'static str, &'static str, &'static str),
) {
    for l in piece_layers(role.index()) {
        let (f, s) = match l.kind {
            LayerKind::Body => (fill, outline),
            LayerKind::Detail => ("none", detail),
            LayerKind::DetailFill => (detail, "none"),
        };
        let attributes = [
            ("d", l.d),
            ("fill", f),
            ("stroke", s),
            ("stroke-width", "3"),
            ("stroke-linecap", "round"),
            ("stroke-linejoin", "round"),
        ];
        push_element(out, "path", &attributes, true);
    }
}

/// A Fun Family army's shape (red circle, blue square, yellow triangle, green diamond),
/// centred at `(cx, cy)` with radius about `r`, as SVG markup.
pub fn badge_markup(seat: Side, cx: f64, cy: f64, r: f64, class: &'static str) -> String {
    let (fill, _, _) = Armies::Four.colours(seat);
    // Hundredths: a badge is a few units wide, and a quarter of its radius is its outline.
    let num = |v: f64| hundredths(v).to_string();
    let width = num(r / 4.0);
    let paint = [
        ("class", class),
        ("fill", fill),
        ("stroke", "#111"),
        ("stroke-width", &width),
    ];
    let points = |pts: &[(f64, f64)]| {
        pts.iter()
            .map(|(x, y)| format!("{},{}", num(cx + x * r), num(cy + y * r)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (name, place): (&str, Vec<(&str, String)>) = match seat.0 & 3 {
        0 => (
            "circle",
            vec![("cx", num(cx)), ("cy", num(cy)), ("r", num(r))],
        ),
        1 => (
            "rect",
            vec![
                ("x", num(cx - r * 0.9)),
                ("y", num(cy - r * 0.9)),
                ("width", num(r * 1.8)),
                ("height", num(r * 1.8)),
            ],
        ),
        s => {
            let shape: &[(f64, f64)] = if s == 2 {
                &[(0.0, -1.1), (1.05, 0.8), (-1.05, 0.8)]
            } else {
                &[(0.0, -1.2), (1.0, 0.0), (0.0, 1.2), (-1.0, 0.0)]
            };
            let joins = ("stroke-linejoin", "round".to_string());
            ("polygon", vec![("points", points(shape)), joins])
        }
    };
    let place = place.iter().map(|(k, v)| (*k, v.as_str()));
    let attributes: Vec<(&str, &str)> = paint.into_iter().chain(place).collect();
    let mut out = String::new();
    push_element(&mut out, name, &attributes, true);
    out
}

/// Every piece of the 8x8 games' two armies as `<symbol>` markup.
pub fn two_armies_markup() -> String {
    symbols_markup(Armies::Two, |_, _| {})
}

/// Every piece of Fun Family Chess's four armies as `<symbol>` markup, each with its army's
/// badge.
pub fn four_armies_markup() -> String {
    symbols_markup(Armies::Four, |out, side| {
        out.push_str(&badge_markup(side, 82.0, 82.0, 9.0, "army-badge"))
    })
}

/// Every piece of `armies` as `<symbol>` markup, `extra` drawn over each piece.
fn symbols_markup(armies: Armies, extra: impl Fn(&mut String, Side)) -> String {
    let mut out = String::with_capacity(match armies {
        Armies::Two => 20 * 1024,
        Armies::Four => 44 * 1024,
    });
    for &side in armies.sides() {
        for role in Role::ALL {
            let id = armies.symbol(Piece { side, role });
            let symbol = "symbol";
            push_element(
                &mut out,
                symbol,
                &[("id", &id), ("viewBox", "0 0 100 100")],
                false,
            );
            push_piece_paths(&mut out, role, armies.colours(side));
            extra(&mut out, side);
            out.push_str("</");
            out.push_str(symbol);
            out.push('>');
        }
    }
    out
}

/// A small stand-alone picture of `piece` as markup (`class` names its use: a captured
/// piece in a player's strip): an SVG holding a `<use>` of the piece's symbol.
pub fn icon_markup(armies: Armies, piece: Piece, class: &str) -> String {
    let symbol = armies.symbol(piece);
    // text-ok: markup of a piece's picture, no words
    format!("<svg class=\"piece-icon {class}\" viewBox=\"0 0 100 100\" aria-hidden=\"true\" focusable=\"false\"><use href=\"#{symbol}\" width=\"100\" height=\"100\"></use></svg>")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(text: &str, pattern: &str) -> usize {
        text.matches(pattern).count()
    }

    #[test]
    fn every_piece_of_every_army_is_one_symbol() {
        let (two, four) = (two_armies_markup(), four_armies_markup());
        assert_eq!(count(&two, "<symbol "), 12);
        assert_eq!(count(&four, "<symbol "), 24);
        assert_eq!(
            count(&four, "id=\"p-"),
            0,
            "each army's markup has its own pieces only"
        );
        let markup = two + &four;
        assert_eq!(count(&markup, "<symbol "), 36);
        assert_eq!(count(&markup, "</symbol>"), 36);
        for armies in [Armies::Two, Armies::Four] {
            for &side in armies.sides() {
                for role in Role::ALL {
                    let id = format!("id=\"{}\"", armies.symbol(Piece { side, role }));
                    assert_eq!(count(&markup, &id), 1, "{id}");
                }
            }
        }
        // Each drawing's layers, and a badge on each of the four armies' pieces.
        let layers: usize = Role::ALL
            .iter()
            .map(|r| piece_layers(r.index()).len())
            .sum();
        assert_eq!(count(&markup, "<path "), layers * (2 + 4));
        assert_eq!(count(&markup, "army-badge"), 24);
    }

    #[test]
    fn a_piece_icon_uses_its_armys_symbol_and_hides_from_screen_readers() {
        let black_knight = Piece {
            side: Side(1),
            role: Role::Knight,
        };
        let icon = icon_markup(Armies::Two, black_knight, "captured-piece");
        assert!(
            icon.starts_with("<svg class=\"piece-icon captured-piece\""),
            "{icon}"
        );
        assert!(icon.contains("<use href=\"#p-bN\" width=\"100\" height=\"100\">"));
        assert!(icon.contains("aria-hidden=\"true\""));
        assert!(icon.ends_with("</use></svg>"));
        let red_queen = Piece {
            side: Side(0),
            role: Role::Queen,
        };
        assert!(icon_markup(Armies::Four, red_queen, "x").contains("href=\"#fp-rQ\""));
    }

    #[test]
    fn the_four_armies_have_four_badge_shapes() {
        let shapes: Vec<String> = (0..4)
            .map(|s| badge_markup(Side(s), 20.0, 20.0, 13.0, "seat-shape"))
            .collect();
        assert!(shapes[0].starts_with("<circle class=\"seat-shape\" fill=\"#e0433a\""));
        assert!(shapes[0].contains("cx=\"20\" cy=\"20\" r=\"13\""));
        assert!(shapes[1].starts_with("<rect ") && shapes[1].contains("width=\"23.4\""));
        assert!(shapes[2].starts_with("<polygon ") && shapes[2].contains("points=\"20,5.7 "));
        assert!(shapes[3].starts_with("<polygon ") && shapes[3].contains("points=\"20,4.4 "));
        for shape in &shapes {
            assert!(shape.ends_with("/>"), "{shape}");
            assert!(shape.contains("stroke-width=\"3.25\""), "{shape}");
        }
    }
}
