//! Check announcements on screen: the big "Check!" banner over the board (never in the way of
//! a finger: pointer-events none), and the visually hidden live region that screen readers
//! hear. Sound and speech come with them, as the settings allow (both off by default).

use crate::ui::game::state::GameState;
use leptos::prelude::*;

/// The banner, for both kinds of game.
#[component]
pub fn Banner(state: GameState) -> impl IntoView {
    move || {
        let family = state.is_family();
        state.banner.get().map(|b| {
            view! {
                <div
                    class="check-banner"
                    class:family-banner=family
                    class:flipped=b.flipped
                    class:mate=b.mate
                    data-testid="check-banner"
                    aria-hidden="true"
                >
                    <span class="banner-title">{b.title}</span>
                    " "
                    <span class="banner-detail">{b.detail}</span>
                </div>
            }
        })
    }
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
