//! Check announcements: the "Check!" banner over the board, the aria-live region for
//! screen readers, and the optional sound and speech (both off by default).

use crate::ui::settings::Settings;
use crate::ui::sound;
use crate::ui::state::AppState;
use leptos::prelude::*;

/// The banner and the live region. The banner never blocks the board (pointer-events: none).
#[component]
pub fn Announcer(state: AppState) -> impl IntoView {
    view! {
        {move || {
            state
                .banner
                .get()
                .map(|b| {
                    view! {
                        <div
                            class="check-banner"
                            class:flipped=b.flipped
                            class:mate=b.title.starts_with("Checkmate")
                            data-testid="check-banner"
                            aria-hidden="true"
                        >
                            <span class="banner-title">{b.title}</span>
                            " "
                            <span class="banner-detail">{b.detail}</span>
                        </div>
                    }
                })
        }}
    }
}

/// The visually hidden live region; kept in the DOM all the time so it is always heard.
#[component]
pub fn LiveRegion(state: AppState) -> impl IntoView {
    view! {
        <div id="announcer" class="visually-hidden" role="status" aria-live="assertive" aria-atomic="true">
            {move || state.spoken.get()}
        </div>
    }
}

/// Sound and/or speech for a check, as the settings allow.
pub fn alert_sound(words: &str, settings: Settings) {
    if settings.sound {
        sound::check();
    }
    if settings.speech {
        speak(words);
    }
}

/// Says `words` with the browser's speech synthesis, if there is one.
pub fn speak(words: &str) {
    let Some(synth) = web_sys::window().and_then(|w| w.speech_synthesis().ok()) else {
        return;
    };
    if let Ok(utterance) = web_sys::SpeechSynthesisUtterance::new_with_text(words) {
        utterance.set_rate(1.0);
        synth.cancel();
        synth.speak(&utterance);
    }
}
