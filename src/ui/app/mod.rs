//! The app shell, at the top of the UI: it mounts the app, loads the saved state, shows the
//! game screen (or demo mode's), the one open dialog over it, the teacher's lock, and wires
//! the page-wide things — the keyboard ([`keys`]), the clock's heartbeat ([`heartbeat`],
//! with the clock's part), fast taps (with the side panel's part), another tab's saves, the
//! crash hook's note (the keyboard, other tabs' saves and the computer player's turns
//! fetched as a part once the board is drawn). Nothing imports it; it imports the screens,
//! the game screen and the platform below.

pub mod heartbeat;
pub mod keys;
pub mod menu;
pub mod update;

use crate::text::msg;
use crate::ui::board::layers::class_list;
use crate::ui::board::PieceDefs;
use crate::ui::board::{memo, watch};
use crate::ui::game::lock::{self, TeacherLayer, TeacherLock};
use crate::ui::game::panels::announcer::LiveRegion;
use crate::ui::game::part::{install_part, quiet_part, styled_panel_part, under, Part};
use crate::ui::game::screen::{panel, panel_body, tray_ghost, BoardArea};
use crate::ui::game::state::GameState;
use crate::ui::game::{self, demo, family_part, saves_part};
use crate::ui::platform::{crash, idle, language, sound, storage, taps};
use crate::ui::screens::demo::{demo_coords, demo_panel};
use crate::ui::screens::game_over::ResultModal;
use crate::ui::screens::{fetch_ahead, rules::draft, Dialogs};
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use menu::Menu;
use std::rc::Rc;
use std::time::Duration;
use update::UpdateOffer;

/// Keeps this tab in step with saves another tab makes, and starts the crash test a page
/// address asks for.
fn follow_storage(state: GameState, lock: TeacherLock) {
    storage::watch(move |key, text| match key {
        storage::TEACHER_KEY => lock.follow_other_tab(text),
        _ => state.follow_other_tab(key, text),
    });
    if crash::panic_test_requested() {
        set_timeout(
            || panic!("a panic asked for by ?panic-test"),
            Duration::from_millis(300),
        );
    }
}

/// The page-wide things the first drag does not need (split out by tools/app-build.mjs): the
/// keyboard (the page's and the board's), another tab's saves, leaving fullscreen, the
/// computer player (whose thinking is fetched anyway), a tournament game's result, and the
/// work for an idle moment (the parts every game meets, the sound).
#[wasm_split(wiring, wasm_split_path = leptos::wasm_split, fallible)]
fn install_wiring(
    state: GameState,
    lock: TeacherLock,
    owner: Option<Owner>,
) -> Result<(), SplitLoaderError> {
    // The saved forms next, so they are in before the first save needs them (a first visit
    // has none yet; the side panel is asked for first).
    leptos::task::spawn_local(async {
        saves_part::load().await;
    });
    let install = move || {
        keys::install(state);
        game::install_keyboard();
        follow_storage(state, lock);
        state.drive_computer();
        state.record_tournament_results();
        demo::watch_fullscreen(state);
        idle::when_idle_offline(
            move || state.hands_busy(),
            || leptos::task::spawn_local(fetch_ahead()),
        );
        idle::when_idle(
            move || state.hands_busy(),
            move || {
                if state.settings.with_untracked(|s| s.sound) {
                    sound::prepare();
                }
            },
        );
    };
    under(owner.as_ref(), install);
    Ok(())
}

/// The side panel's contents: the menu, the offer of a new version and the game's panels.
/// The buttons come with it, and so do fast taps on them (see [`taps`]).
#[wasm_split(panel, wasm_split_path = leptos::wasm_split, fallible)]
fn side_panel(state: GameState) -> Part {
    taps::install();
    // The last part every start waits for: the service worker may fetch the build now.
    crate::ui::platform::update::started();
    Ok(view! {
        <Menu state />
        <UpdateOffer state />
        {panel_body(state)}
    }
    .into_any())
}

#[component]
pub fn App() -> impl IntoView {
    let state = GameState::load();
    if language::failed_at_start() {
        state.show_message(msg::app_language_not_loaded().into());
    }
    let lock = TeacherLock::install(state);
    // The rules screen's choices kept while its start position is set up in the editor.
    draft::provide();
    // The crash hook knows from the start which game is open.
    watch(move || {
        crash::set_active(if state.is_family() {
            storage::FAMILY_KEY
        } else {
            storage::CURRENT_KEY
        });
    });
    // The clock's heartbeat comes with the clock's part, with the first timed game.
    heartbeat::keep_time(state);
    // What the first drag does not need waits until the board is on screen: the page's
    // wiring is a part of its own.
    let owner = Owner::current();
    idle::after_first_frame(move || {
        install_part(Rc::new(move || {
            Box::pin(install_wiring(state, lock, owner.clone()))
        }));
    });
    // Opening a dialog (or the PIN pad) drops whatever the fingers were doing on the board:
    // after it, nothing is selected or held, and a press begun before it is void.
    watch(move || {
        if state.dialog.with(|d| d.is_some()) || lock::pin_pad_open() {
            state.drop_hands();
        }
    });
    let demo_on = move || state.demo.on.get();
    // The four armies' pieces while a Fun Family game is on (its part is in by then).
    let family = memo(move || state.is_family());
    let four_armies = Signal::derive(move || {
        family
            .get()
            .then(|| family_part::kit().map(|kit| kit.four_armies_markup()))
            .flatten()
    });
    let trays = memo(move || state.with_two(|g| g.rules().drops).unwrap_or(false));
    // One class list for the whole page's layout (one effect, not one per class).
    let app_class = move || {
        let family = family.get();
        class_list(
            "app",
            &[
                (
                    !family && state.settings.with(|s| s.face_to_face()),
                    " face-to-face",
                ),
                (trays.get(), " has-trays"),
                (state.clock.with(|c| c.is_some()), " timed"),
                (demo_on(), " demo"),
                (family, " family"),
                (state.is_reviewing(), " reviewing"),
            ],
        )
    };
    let screen = move || {
        if demo_on() {
            // Their styles come with them, in the screens' stylesheet.
            let outside = ViewFn::from(move || styled_panel_part(demo_coords(state)));
            view! {
                <BoardArea state outside />
                {styled_panel_part(demo_panel(state))}
            }
            .into_any()
        } else {
            view! {
                <BoardArea state />
                {panel(state, move || side_panel(state))}
            }
            .into_any()
        }
    };
    view! {
        <div
            class=app_class
            on:contextmenu=|e| e.prevent_default()
        >
            <h1 class="visually-hidden">{msg::app_title()}</h1>
            <PieceDefs four_armies />
            {screen}
            {move || trays.get().then(|| quiet_part(tray_ghost(state)))}
            <ResultModal state />
            <Dialogs state />
            <TeacherLayer lock />
            <LiveRegion state />
        </div>
    }
}
