//! The pieces, drawn from our own art: each piece of every army is one SVG `<symbol>`
//! defined once ([`super::armies`] writes them), and every piece on the page is a light
//! `<use>` of it.

use super::armies::{symbols_markup, Armies};
use super::reactive::memo;
use super::tracked::Tracked;
use crate::rules::types::Piece;
use crate::ui::platform::idle;
use leptos::prelude::*;

/// Every piece of every army as a symbol, in a zero-size SVG (not display:none, which would
/// stop some browsers drawing the references). The symbols are one piece of markup the
/// browser parses at once: built element by element they were hundreds of calls from the
/// WebAssembly, a large share of a slow tablet's start. The 8x8 games' two armies come with
/// the first frame; the four of Fun Family Chess with it only when `four_armies` (a Fun Family
/// game is on), else right after it.
#[component]
pub fn PieceDefs(four_armies: Signal<bool>) -> impl IntoView {
    let later = Tracked::new(false);
    idle::after_first_frame(move || {
        later.set(true);
    });
    // Once drawn they stay: after the first frame `later` holds for good.
    let four = memo(move || later.get() || four_armies.get());
    view! {
        <svg class="piece-defs" width="0" height="0" aria-hidden="true" focusable="false">
            <defs inner_html=symbols_markup(Armies::Two)></defs>
            <defs inner_html=move || if four.get() { symbols_markup(Armies::Four) } else { String::new() }></defs>
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
