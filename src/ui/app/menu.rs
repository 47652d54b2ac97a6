//! The menu at the top of the side panel (New game, Settings, Export, Import, Tournament, the
//! teacher's "Lock now") and the notice about the saved data under it, until dismissed.
//! The buttons are markup written once, and the reminder and the notice markup written each
//! when it changes; one listener acts on a click on any of them.

use crate::text::msg;
use crate::ui::board::layers::escaped;
use crate::ui::game::lock::{self, as_teacher, Guarded};
use crate::ui::game::state::{Dialog, GameState};
use crate::ui::platform::pointer::button_of;
use leptos::prelude::*;
use web_sys::MouseEvent;

/// What a button of the menu does.
#[derive(Clone, Copy)]
enum Act {
    Open(Dialog),
    /// The Tournament screen, for the teacher only.
    Tournament,
    DismissNotice,
    LockNow,
}

/// A button of the menu: `data-testid`, words, class, what it does.
type Button = (&'static str, fn() -> &'static str, &'static str, Act);

const BUTTONS: [Button; 5] = [
    (
        "new-game",
        msg::new_game,
        "primary",
        Act::Open(Dialog::NewGame),
    ),
    ("settings", msg::settings, "", Act::Open(Dialog::Settings)),
    ("export", msg::export, "", Act::Open(Dialog::Export)),
    ("import", msg::import, "", Act::Open(Dialog::Import)),
    ("tournament", msg::tournament, "", Act::Tournament),
];

#[component]
pub fn Menu(state: GameState) -> impl IntoView {
    // Two places, so a change of one never writes the other again (a notice written again
    // would be read out again).
    let reminder = move || {
        if !lock::lock().is_some_and(|l| l.unlocked_with_pin()) {
            return String::new();
        }
        let (said, button) = (escaped(msg::lock_unlocked()), escaped(msg::lock_now()));
        // text-ok: markup of the menu, its words come from the catalogue
        format!("<div class=\"teacher-unlocked\" role=\"status\"><span>{said}</span><button class=\"small\" data-testid=\"lock-now\">{button}</button></div>")
    };
    let notice = move || {
        let Some(text) = state.notice.get() else {
            return String::new();
        };
        let (text, ok) = (escaped(&text), escaped(msg::ok()));
        // text-ok: markup of the menu, its words come from the catalogue
        format!("<div class=\"notice\" data-testid=\"storage-notice\" role=\"alert\"><span>{text}</span><button class=\"small\" data-testid=\"dismiss-notice\">{ok}</button></div>")
    };
    view! {
        <div class="menu" on:click=move |ev| clicked(state, &ev)>
            <nav class="toolbar" aria-label=msg::app_game_menu() inner_html=buttons()></nav>
            <div class="menu-status" inner_html=reminder></div>
            <div class="menu-status" inner_html=notice></div>
        </div>
    }
}

fn buttons() -> String {
    let mut out = String::new();
    for (testid, words, class, _) in BUTTONS {
        let words = escaped(words());
        out.push_str(&format!(
            // text-ok: markup of the menu, its words come from the catalogue
            "<button class=\"{class}\" data-testid=\"{testid}\">{words}</button>"
        ));
    }
    out
}

/// What the button clicked (if any) is for.
fn act_of(ev: &MouseEvent) -> Option<Act> {
    let button = button_of(ev)?;
    match button.get_attribute("data-testid")?.as_str() {
        "dismiss-notice" => Some(Act::DismissNotice),
        "lock-now" => Some(Act::LockNow),
        testid => BUTTONS
            .iter()
            .find(|(id, ..)| *id == testid)
            .map(|&(.., act)| act),
    }
}

fn clicked(state: GameState, ev: &MouseEvent) {
    match act_of(ev) {
        Some(Act::Open(dialog)) => state.dialog.set(Some(dialog)),
        Some(Act::Tournament) => as_teacher(Guarded::Tournament, move || {
            state.dialog.set(Some(Dialog::Tournament))
        }),
        Some(Act::DismissNotice) => state.notice.set(None),
        Some(Act::LockNow) => {
            if let Some(l) = lock::lock() {
                l.lock_now();
            }
        }
        None => {}
    }
}
