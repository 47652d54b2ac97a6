//! Pieces drawn from our own art ([`piece_art`]): each of the twelve pieces is one SVG
//! `<symbol>` defined once, and every piece on the page is a light `<use>` of it.

use crate::rules::types::{Piece, Role, Side};
use crate::ui::piece_art::{piece_layers, LayerKind};
use crate::ui::state::piece_code;
use leptos::prelude::*;

/// Army colours: (fill, outline, detail).
fn colours(side: Side) -> (&'static str, &'static str, &'static str) {
    if side == Side::WHITE {
        ("#fdfdfd", "#222", "#222")
    } else {
        ("#2b2b2b", "#111", "#eee")
    }
}

/// The id of a piece's symbol: `p-wK`.
pub fn symbol_id(p: Piece) -> String {
    format!("p-{}", piece_code(p))
}

/// The paths of a piece of `role` (100x100) in army colours `(fill, outline, detail)`; the
/// 8x8 pieces and the four Fun Family armies are drawn from the same art.
pub fn piece_paths(
    role: Role,
    (fill, outline, detail): (&'static str, &'static str, &'static str),
) -> impl IntoView {
    piece_layers(role.index())
        .iter()
        .map(|l| {
            let (f, s) = match l.kind {
                LayerKind::Body => (fill, outline),
                LayerKind::Detail => ("none", detail),
                LayerKind::DetailFill => (detail, "none"),
            };
            view! {
                <path
                    d=l.d
                    fill=f
                    stroke=s
                    stroke-width="3"
                    stroke-linecap="round"
                    stroke-linejoin="round"
                />
            }
        })
        .collect_view()
}

fn symbol(p: Piece) -> impl IntoView {
    view! {
        <symbol id=symbol_id(p) viewBox="0 0 100 100">
            {piece_paths(p.role, colours(p.side))}
        </symbol>
    }
}

/// One `symbol` (made by `symbol`) per piece of every army in `sides`, in a zero-size SVG
/// (not display:none, which would stop some browsers rendering the references).
pub fn piece_defs<V: IntoView>(
    sides: impl IntoIterator<Item = Side>,
    symbol: impl Fn(Piece) -> V,
) -> impl IntoView {
    let symbols = sides
        .into_iter()
        .flat_map(|side| Role::ALL.into_iter().map(move |role| Piece { side, role }))
        .map(symbol)
        .collect_view();
    view! {
        <svg class="piece-defs" width="0" height="0" aria-hidden="true" focusable="false">
            <defs>{symbols}</defs>
        </svg>
    }
}

/// The two armies' symbols.
#[component]
pub fn PieceDefs() -> impl IntoView {
    piece_defs([Side::WHITE, Side::BLACK], symbol)
}

/// A 100x100 piece for use inside an SVG.
pub fn piece_use(p: Piece) -> impl IntoView {
    view! { <use href=format!("#{}", symbol_id(p)) width="100" height="100"></use> }
}

/// A small stand-alone piece picture (captured trays, promotion picker).
#[component]
pub fn PieceIcon(piece: Piece, #[prop(optional)] class: &'static str) -> impl IntoView {
    view! {
        <svg class=format!("piece-icon {class}") viewBox="0 0 100 100" aria-hidden="true" focusable="false">
            {piece_use(piece)}
        </svg>
    }
}
