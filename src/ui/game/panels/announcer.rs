//! Check announcements on screen: the big "Check!" banner over the board (never in the way of
//! a finger: pointer-events none), and the visually hidden live region that screen readers
//! hear. Sound and speech come with them, as the settings allow (both off by default).

use crate::ui::board::layers::{class_list, escaped};
use crate::ui::game::state::{Banner as Shown, GameState};
use leptos::prelude::*;

/// The banner, for both kinds of game: one piece of markup, written anew for each banner
/// (so its animation plays again), in a place of its own that the layout does not see.
#[component]
pub fn Banner(state: GameState) -> impl IntoView {
    let markup = move || {
        let family = state.is_family();
        state
            .banner
            .with(|b| b.as_ref().map(|b| banner_markup(b, family)))
            .unwrap_or_default()
    };
    view! { <div class="banner-place" inner_html=markup></div> }
}

fn banner_markup(b: &Shown, family: bool) -> String {
    let class = class_list(
        "check-banner",
        &[
            (family, " family-banner"),
            (b.flipped, " flipped"),
            (b.mate, " mate"),
        ],
    );
    let (title, detail) = (escaped(b.title), escaped(&b.detail));
    // text-ok: markup of the banner, its words come from the catalogue
    format!("<div class=\"{class}\" data-testid=\"check-banner\" aria-hidden=\"true\"><span class=\"banner-title\">{title}</span> <span class=\"banner-detail\">{detail}</span></div>")
}

/// The live region; kept in the DOM all the time so it is always heard.
#[component]
pub fn LiveRegion(state: GameState) -> impl IntoView {
    view! {
        <div id="announcer" class="visually-hidden" role="status" aria-live="assertive" aria-atomic="true">
            {move || state.spoken.get()}
        </div>
    }
}
