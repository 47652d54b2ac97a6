//! The pieces, drawn from our own art ([`super::piece_art`]): each piece of every army is one
//! SVG `<symbol>` defined once, and every piece on the page is a light `<use>` of it. The two
//! armies of the 8x8 games are white and black; the four of Fun Family Chess are red, blue,
//! yellow and green, each also marked by a shape (circle, square, triangle, diamond) so
//! colour is never the only clue.

use super::number::hundredths;
use super::piece_art::{piece_layers, LayerKind};
use crate::rules::types::{Piece, Role, Side};
use leptos::prelude::*;

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
        out.push_str("<path d=\"");
        out.push_str(l.d);
        out.push_str("\" fill=\"");
        out.push_str(f);
        out.push_str("\" stroke=\"");
        out.push_str(s);
        out.push_str("\" stroke-width=\"3\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>");
    }
}

/// A Fun Family army's shape (red circle, blue square, yellow triangle, green diamond),
/// centred at `(cx, cy)` with radius about `r`, as SVG markup.
pub fn badge_markup(seat: Side, cx: f64, cy: f64, r: f64, class: &'static str) -> String {
    let (fill, _, _) = Armies::Four.colours(seat);
    // Hundredths: a badge is a few units wide, and a quarter of its radius is its outline.
    let num = |v: f64| hundredths(v);
    let paint = format!(
        "class=\"{class}\" fill=\"{fill}\" stroke=\"#111\" stroke-width=\"{}\"",
        num(r / 4.0)
    );
    let points = |pts: &[(f64, f64)]| {
        pts.iter()
            .map(|(x, y)| format!("{},{}", num(cx + x * r), num(cy + y * r)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    match seat.0 & 3 {
        0 => format!(
            "<circle {paint} cx=\"{}\" cy=\"{}\" r=\"{}\"/>",
            num(cx),
            num(cy),
            num(r)
        ),
        1 => format!(
            "<rect {paint} x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\"/>",
            num(cx - r * 0.9),
            num(cy - r * 0.9),
            num(r * 1.8),
            num(r * 1.8)
        ),
        s => {
            let shape: &[(f64, f64)] = if s == 2 {
                &[(0.0, -1.1), (1.05, 0.8), (-1.05, 0.8)]
            } else {
                &[(0.0, -1.2), (1.0, 0.0), (0.0, 1.2), (-1.0, 0.0)]
            };
            format!(
                "<polygon {paint} points=\"{}\" stroke-linejoin=\"round\"/>",
                points(shape)
            )
        }
    }
}

/// Every piece of every army as `<symbol>` markup.
fn symbols_markup() -> String {
    let mut out = String::with_capacity(64 * 1024);
    for armies in [Armies::Two, Armies::Four] {
        for &side in armies.sides() {
            for role in Role::ALL {
                let p = Piece { side, role };
                out.push_str("<symbol id=\"");
                out.push_str(&armies.symbol(p));
                out.push_str("\" viewBox=\"0 0 100 100\">");
                push_piece_paths(&mut out, role, armies.colours(side));
                if armies == Armies::Four {
                    out.push_str(&badge_markup(side, 82.0, 82.0, 9.0, "army-badge"));
                }
                out.push_str("</symbol>");
            }
        }
    }
    out
}

/// Every piece of every army as a symbol, in a zero-size SVG (not display:none, which would
/// stop some browsers drawing the references). The symbols are one piece of markup the
/// browser parses at once: built element by element they were hundreds of calls from the
/// WebAssembly, a large share of a slow tablet's start.
#[component]
pub fn PieceDefs() -> impl IntoView {
    view! {
        <svg class="piece-defs" width="0" height="0" aria-hidden="true" focusable="false">
            <defs inner_html=symbols_markup()></defs>
        </svg>
    }
}

/// A 100x100 piece for use inside an SVG.
pub fn piece_use(symbol: String) -> impl IntoView {
    view! { <use href=format!("#{symbol}") width="100" height="100"></use> }
}

/// A small stand-alone piece picture (captured pieces, promotion picker, trays, editor).
pub fn piece_icon(armies: Armies, piece: Piece, class: &'static str) -> impl IntoView {
    view! {
        <svg class=format!("piece-icon {class}") viewBox="0 0 100 100" aria-hidden="true" focusable="false">
            {piece_use(armies.symbol(piece))}
        </svg>
    }
}
