//! The Log tab: every change after the start, oldest first, so a corrected result or a
//! re-paired round is visible to the teacher and the class.

use super::desk::Desk;
use super::words::log_words;
use crate::text::msg;
use leptos::prelude::*;

#[component]
pub fn LogTab(desk: Desk) -> impl IntoView {
    move || {
        let t = desk.tournament.get()?;
        let entries = t
            .log()
            .iter()
            .map(|e| view! { <li data-testid="log-entry">{log_words(&t, e)}</li> })
            .collect_view();
        Some(view! {
            <section class="log-tab" data-testid="log-tab">
                {t.log().is_empty().then(|| view! { <p>{msg::tournament_log_empty()}</p> })}
                <ol class="log">{entries}</ol>
            </section>
        })
    }
}
