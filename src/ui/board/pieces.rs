//! The pieces, drawn from our own art: each piece of every army is one SVG `<symbol>`
//! defined once ([`super::armies`] writes them), and every piece on the page is a light
//! `<use>` of it.

use super::armies::{two_armies_markup, Armies};
use crate::rules::types::Piece;
use leptos::prelude::*;

/// Every piece of every army as a symbol, in a zero-size SVG (not display:none, which would
/// stop some browsers drawing the references). The symbols are one piece of markup the
/// browser parses at once: built element by element they were hundreds of calls from the
/// WebAssembly, a large share of a slow tablet's start. The 8x8 games' two armies come with
/// the first frame; the four of Fun Family Chess are `four_armies`, the markup the game screen
/// gives while a Fun Family game is on (from the part that brings that game's rules).
#[component]
pub fn PieceDefs(four_armies: Signal<Option<String>>) -> impl IntoView {
    view! {
        <svg class="piece-defs" width="0" height="0" aria-hidden="true" focusable="false">
            <defs inner_html=two_armies_markup()></defs>
            <defs inner_html=move || four_armies.get().unwrap_or_default()></defs>
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
