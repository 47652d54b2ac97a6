//! The app shell: board with a player strip above and below (and in Chess# the reserve
//! trays beside it), the side panel, the one open dialog, the keyboard (Escape closes
//! whatever is on top) and the clock's heartbeat.

use crate::rules::game::Action;
use crate::rules::ruleset::Mode;
use crate::rules::types::Side;
use crate::ui::announcer::{Announcer, LiveRegion};
use crate::ui::board::Board;
use crate::ui::chess_clock::{ClockBar, PausedLayer};
use crate::ui::controls::GameControls;
use crate::ui::demo::{self, DemoCoords, DemoPanel};
use crate::ui::dialog::ConfirmDialog;
use crate::ui::editor::PositionEditor;
use crate::ui::family::{
    CrossBoard, FamilyPanel, FamilyPieceDefs, FamilyPromotion, FamilyResult, FamilyUi,
};
use crate::ui::game_over::ResultModal;
use crate::ui::move_list::MoveList;
use crate::ui::new_game::NewGameDialog;
use crate::ui::pieces::PieceDefs;
use crate::ui::players::PlayerStrip;
use crate::ui::promotion::PromotionPicker;
use crate::ui::review::{self, NavButtons, ViewingBar};
use crate::ui::rules_screen::{custom_mode_line, RulesDialog};
use crate::ui::settings::SettingsDialog;
use crate::ui::state::{AppState, Confirm, Dialog};
use crate::ui::status::{
    CheckCounter, GameSummary, ImpasseCounter, KingHint, MateHint, Material, Message, Turn,
};
use crate::ui::teacher_lock::{LockNow, TeacherLayer, TeacherLock};
use crate::ui::transfer::{ExportDialog, ImportDialog};
use crate::ui::tray::{Tray, TrayGhost};
use leptos::ev;
use leptos::prelude::*;
use std::time::Duration;

/// Closes the top-most thing: a dialog, the promotion picker, the result screen, a selection.
fn escape(state: AppState, fam: FamilyUi) {
    if crate::ui::teacher_lock::escape() {
        return;
    }
    if state.dialog.get_untracked().is_some() {
        state.dialog.set(None);
    } else if state.promotion.get_untracked().is_some() {
        state.promotion.set(None);
    } else if fam.promotion.get_untracked().is_some() {
        fam.promotion.set(None);
        fam.selected.set(None);
    } else if fam.game.with_untracked(|g| g.is_some()) {
        if fam
            .game
            .with_untracked(|g| g.as_ref().is_some_and(|g| g.is_over()))
            && !fam.result_closed.get_untracked()
        {
            fam.result_closed.set(true);
            fam.save();
        } else {
            fam.drag.set(None);
            fam.selected.set(None);
        }
    } else if state.game.with_untracked(|g| g.is_over()) && !state.result_closed.get_untracked() {
        state.set_result_closed(true);
    } else if state.demo.on.get_untracked() {
        demo::escape(state);
    } else {
        state.drag.set(None);
        state.tray_drag.set(None);
        state.clear_selection();
    }
}

/// Buttons act on the finger's release. Chromium sends no click for a tap that comes within
/// its double-tap time of an earlier touch (e.g. just after dragging a piece), so a quick
/// tap on a button would do nothing: on a touch `pointerup` over the button where that
/// pointer went down, the button is clicked at once, and the browser's own click of that tap
/// (if it comes) is swallowed, whatever is under the finger by then.
fn fast_taps() {
    use leptos::wasm_bindgen::{closure::Closure, JsCast};
    use std::cell::RefCell;
    use std::rc::Rc;
    use web_sys::{Element, Event, HtmlElement, PointerEvent};

    #[derive(Default)]
    struct Taps {
        down: Option<(i32, Element)>,
        /// Event time of the last tap we clicked for: the browser's own click of that tap
        /// (if it sends one) comes before the next press.
        clicked_at: Option<f64>,
    }
    let taps = Rc::new(RefCell::new(Taps::default()));
    let button_of = |ev: &Event| -> Option<Element> {
        ev.target()?
            .dyn_into::<Element>()
            .ok()?
            .closest("button")
            .ok()?
    };
    let Some(window) = web_sys::window() else {
        return;
    };
    let listen = |name: &str, f: Box<dyn FnMut(Event)>| {
        let cb = Closure::wrap(f);
        // Capture phase, so the swallowed click never reaches the app's handlers.
        let _ = window.add_event_listener_with_callback_and_bool(
            name,
            cb.as_ref().unchecked_ref(),
            true,
        );
        // The app lives as long as the page.
        cb.forget();
    };
    let t = taps.clone();
    listen(
        "pointerdown",
        Box::new(move |ev: Event| {
            let Some(pe) = ev.dyn_ref::<PointerEvent>() else {
                return;
            };
            let mut t = t.borrow_mut();
            // A new press: the click of the last tap, if any, has come and gone.
            t.clicked_at = None;
            t.down = (pe.pointer_type() == "touch")
                .then(|| button_of(&ev).map(|b| (pe.pointer_id(), b)))
                .flatten();
        }),
    );
    let t = taps.clone();
    listen(
        "pointercancel",
        Box::new(move |_| t.borrow_mut().down = None),
    );
    let t = taps.clone();
    listen(
        "pointerup",
        Box::new(move |ev: Event| {
            let Some(pe) = ev.dyn_ref::<PointerEvent>() else {
                return;
            };
            // Another finger lifting (one that held the board) leaves this tap alone.
            let Some((_, button)) = t
                .borrow()
                .down
                .clone()
                .filter(|(id, _)| *id == pe.pointer_id())
            else {
                return;
            };
            t.borrow_mut().down = None;
            if button_of(&ev).as_ref() != Some(&button) || button.has_attribute("disabled") {
                return;
            }
            if let Ok(b) = button.dyn_into::<HtmlElement>() {
                t.borrow_mut().clicked_at = Some(ev.time_stamp());
                b.click();
            }
        }),
    );
    let t = taps;
    listen(
        "click",
        Box::new(move |ev: Event| {
            if !ev.is_trusted() {
                return;
            }
            let mut t = t.borrow_mut();
            if t.clicked_at
                .is_some_and(|at| (ev.time_stamp() - at).abs() < 800.0)
            {
                t.clicked_at = None;
                ev.prevent_default();
                ev.stop_immediate_propagation();
            }
        }),
    );
}

/// Runs [`AppState::tick`] every 100 ms while a timed game is on (and not otherwise), and
/// saves the clock when the page is hidden or closed.
fn clock_heartbeat(state: AppState) {
    let handle = StoredValue::new(None::<IntervalHandle>);
    let live = Memo::new(move |_| state.clock_live());
    Effect::new(move |_| {
        let on = live.get();
        if let Some(h) = handle.get_value() {
            h.clear();
            handle.set_value(None);
        }
        if on {
            state.tick();
            handle.set_value(
                set_interval_with_handle(move || state.tick(), Duration::from_millis(100)).ok(),
            );
        }
    });
    on_cleanup(move || {
        if let Some(h) = handle.get_value() {
            h.clear();
        }
    });
    let save_if_timed = move |_| {
        if state.clock.with_untracked(|c| c.is_some()) {
            state.save();
        }
    };
    let hide = window_event_listener_untyped("pagehide", save_if_timed);
    let hidden = window_event_listener_untyped("visibilitychange", save_if_timed);
    on_cleanup(move || {
        hide.remove();
        hidden.remove();
    });
}

fn confirm_view(state: AppState, c: Confirm) -> impl IntoView {
    match c {
        Confirm::Stop => {
            let message = state.game.with_untracked(|g| {
                let p = g.position();
                let (w, b) = (p.material(Side::WHITE), p.material(Side::BLACK));
                let margin = g.rules().adjudication_margin.unwrap_or(3);
                let verdict = match g.adjudicate().and_then(|o| o.winner) {
                    Some(side) => format!("{} wins", state.label(side)),
                    None => format!("it is a draw (a lead of {margin} points is needed to win)"),
                };
                format!(
                    "End of the lesson? The game is decided by the pieces on the board: White has {w} points, Black {b}, so {verdict}."
                )
            });
            view! {
                <ConfirmDialog
                    state
                    title="Stop the game?"
                    message
                    yes="Yes, stop the game"
                    on_yes=Callback::new(move |_| state.act(Action::Stop))
                />
            }
            .into_any()
        }
        Confirm::Resign(side) => {
            let points = state.game.with_untracked(|g| {
                (g.rules().mode == Mode::Sharp).then(|| {
                    let s = g.rules().scoring;
                    format!(
                        " ({} points to {}, out of {})",
                        crate::ui::controls::half_text(s.win),
                        crate::ui::controls::half_text(s.loss),
                        s.total_text()
                    )
                })
            });
            let message = format!(
                "{} gives up and {} wins{}. Are you sure?",
                state.label(side),
                state.label(Side(1 - side.0)),
                points.unwrap_or_default()
            );
            view! {
                <ConfirmDialog
                    state
                    title="Resign?"
                    message
                    yes="Yes, resign"
                    on_yes=Callback::new(move |_| state.act(Action::Resign(side)))
                />
            }
            .into_any()
        }
    }
}

fn dialog_view(state: AppState) -> impl IntoView {
    move || {
        state.dialog.get().map(|d| match d {
            Dialog::NewGame => view! { <NewGameDialog state /> }.into_any(),
            Dialog::Settings => view! { <SettingsDialog state /> }.into_any(),
            Dialog::Export => view! { <ExportDialog state /> }.into_any(),
            Dialog::Import => view! { <ImportDialog state /> }.into_any(),
            Dialog::Editor => view! { <PositionEditor state /> }.into_any(),
            Dialog::Confirm(c) => confirm_view(state, c).into_any(),
            Dialog::Rules => view! { <RulesDialog state /> }.into_any(),
        })
    }
}

/// The menu buttons at the top of the panel.
fn toolbar(state: AppState) -> impl IntoView {
    let open = move |d: Dialog| move |_| state.dialog.set(Some(d));
    view! {
        <nav class="toolbar" aria-label="Game menu">
                    <button class="primary" data-testid="new-game" on:click=open(Dialog::NewGame)>
                        "New game"
                    </button>
                    <button data-testid="settings" on:click=open(Dialog::Settings)>
                        "Settings"
                    </button>
                    <button data-testid="export" on:click=open(Dialog::Export)>
                        "Export"
                    </button>
                    <button data-testid="import" on:click=open(Dialog::Import)>
                        "Import"
                    </button>
                </nav>
                <LockNow />
                {storage_notice(state)}
    }
}

/// The corrupted-save notice: visible until dismissed.
fn storage_notice(state: AppState) -> impl IntoView {
    move || {
        state.notice.get().map(|text| {
            view! {
                <div class="notice" data-testid="storage-notice" role="alert">
                    <span>{text}</span>
                    <button class="small" data-testid="dismiss-notice" on:click=move |_| state.notice.set(None)>
                        "OK"
                    </button>
                </div>
            }
        })
    }
}

#[component]
pub fn App() -> impl IntoView {
    let state = AppState::load();
    let lock = TeacherLock::install(state);
    let fam = FamilyUi::load(state);
    provide_context(fam);
    // The rules screen's choices kept while its start position is set up in the editor.
    crate::ui::start_editor::provide();
    let family = Memo::new(move |_| fam.active());

    let keys = window_event_listener(ev::keydown, move |e| {
        if e.key() == "Escape" {
            escape(state, fam);
        } else if !fam.active() {
            review::on_key(state, &e);
        }
    });
    on_cleanup(move || keys.remove());

    // Opening a dialog (or the PIN pad) drops whatever the fingers were doing on the board:
    // after it, nothing is selected or held, and a press begun before it is void.
    Effect::new(move |_| {
        if state.dialog.with(|d| d.is_some()) || crate::ui::teacher_lock::pin_pad_open() {
            state.clear_hands();
            state.epoch.update(|e| *e = e.wrapping_add(1));
            fam.drop_hands();
        }
    });
    // Another tab changed a save: keep this tab in step.
    crate::ui::storage::watch(move |key, text| match key {
        crate::ui::storage::FAMILY_KEY => fam.follow_other_tab(text),
        crate::ui::storage::TEACHER_KEY => lock.follow_other_tab(text),
        _ => state.follow_other_tab(key, text),
    });
    // The save a crash would set aside: the game on screen.
    Effect::new(move |_| {
        crate::ui::crash::set_active(if family.get() {
            crate::ui::storage::FAMILY_KEY
        } else {
            crate::ui::storage::CURRENT_KEY
        });
    });
    if crate::ui::crash::panic_test_requested() {
        set_timeout(
            || panic!("a panic asked for by ?panic-test"),
            Duration::from_millis(300),
        );
    }
    clock_heartbeat(state);
    fast_taps();
    demo::watch_fullscreen(state);
    // Demo mode is for the two-player board; a family game on screen ends it.
    Effect::new(move |_| {
        if family.get() {
            demo::exit(state);
        }
    });
    let demo_on = move || state.demo.on.get() && !family.get();
    let trays = move || state.game.with(|g| g.rules().drops);

    let mode_line = move || {
        state.game.with(|g| {
            let r = g.rules();
            if r.mode == Mode::Custom {
                return custom_mode_line(state, r);
            }
            let goal = match r.mode {
                Mode::Primary => "Capture the king to win",
                Mode::Sharp => "Place your pieces from the reserve, capture the king to win",
                _ => "Checkmate to win",
            };
            let mut extras: Vec<String> = Vec::new();
            if r.mode == Mode::Sharp {
                extras.push(format!(
                    "no draws · scored out of {}",
                    r.scoring.total_text()
                ));
            }
            if r.mode == Mode::Primary {
                if r.castling != crate::rules::ruleset::Castling::None {
                    extras.push("castling allowed".into());
                }
                if r.midline_invasion {
                    extras.push("midline invasion".into());
                }
                if let Some(m) = r.adjudication_margin {
                    if m != 3 {
                        extras.push(format!("stop: {m}-point lead wins"));
                    }
                }
            }
            let extras = if extras.is_empty() {
                String::new()
            } else {
                format!(" · {}", extras.join(" · "))
            };
            (r.mode.title().to_string(), format!("{goal}{extras}"))
        })
    };

    view! {
        <div
            class="app"
            class:face-to-face=move || state.settings.with(|s| s.face_to_face())
            class:has-trays=trays
            class:timed=move || state.clock.with(|c| c.is_some())
            class:demo=demo_on
            class:reviewing=move || review::is_reviewing(state)
            on:contextmenu=|e| e.prevent_default()
        >
            <PieceDefs />
            <FamilyPieceDefs />
            {move || {
                if family.get() {
                    view! {
                        <main class="play family-play">
                            <div class="board-row">
                                <div class="board-area">
                                    <CrossBoard fam />
                                    <FamilyPromotion fam />
                                </div>
                            </div>
                        </main>
                        <aside class="panel family-panel">
                            {toolbar(state)}
                            <FamilyPanel fam />
                        </aside>
                    }
                        .into_any()
                } else {
                    view! {
            <main class="play">
                {move || (!demo_on()).then(|| view! { <PlayerStrip state top=true /> })}
                <div class="board-row">
                    {move || {
                        trays()
                            .then(|| {
                                view! {
                                    <div class="trays">
                                        <Tray state top=true />
                                        <Tray state top=false />
                                    </div>
                                }
                            })
                    }}
                    <div class="board-area">
                        <Board state />
                        {move || demo_on().then(|| view! { <DemoCoords state /> })}
                        <Announcer state />
                        <PromotionPicker state />
                        <PausedLayer state />
                    </div>
                </div>
                {move || (!demo_on()).then(|| view! { <PlayerStrip state top=false /> })}
            </main>
            {move || if demo_on() { view! { <DemoPanel state /> }.into_any() } else { view! {
            <aside class="panel">
                {toolbar(state)}
                <div class="mode-line">
                    <strong>{move || mode_line().0}</strong>
                    <span>{move || mode_line().1}</span>
                </div>
                <Turn state />
                <ClockBar state />
                // The buttons come before anything that appears or disappears by itself
                // (messages, hints), so nothing moves a button away from a finger.
                <GameControls state />
                <GameSummary state />
                <Message state />
                <KingHint state />
                <ImpasseCounter state />
                <CheckCounter state />
                <MateHint state />
                <Material state />
                <ViewingBar state />
                <div class="review-row">
                    <NavButtons state />
                    <button
                        data-testid="demo"
                        title="Presentation mode for the projector: big board, drawing, rules"
                        on:click=move |_| demo::enter(state)
                    >
                        "Demo"
                    </button>
                </div>
                <MoveList state />
            </aside>
            }.into_any() }}
                    }
                        .into_any()
                }
            }}
            <TrayGhost state />
            {move || if family.get() { view! { <FamilyResult fam /> }.into_any() } else { view! { <ResultModal state /> }.into_any() }}
            {dialog_view(state)}
            <TeacherLayer lock />
            <LiveRegion state />
        </div>
    }
}
