//! The app shell: board with a player strip above and below, the side panel, the one open
//! dialog, and the keyboard (Escape closes whatever is on top).

use crate::rules::game::Action;
use crate::rules::ruleset::Mode;
use crate::rules::types::Side;
use crate::ui::announcer::{Announcer, LiveRegion};
use crate::ui::board::Board;
use crate::ui::controls::GameControls;
use crate::ui::dialog::ConfirmDialog;
use crate::ui::game_over::ResultModal;
use crate::ui::move_list::MoveList;
use crate::ui::new_game::NewGameDialog;
use crate::ui::pieces::PieceDefs;
use crate::ui::players::PlayerStrip;
use crate::ui::promotion::PromotionPicker;
use crate::ui::settings::SettingsDialog;
use crate::ui::state::{AppState, Confirm, Dialog};
use crate::ui::status::{CheckCounter, GameSummary, MateHint, Material, Message, Turn};
use crate::ui::transfer::{ExportDialog, ImportDialog};
use leptos::ev;
use leptos::prelude::*;

/// Closes the top-most thing: a dialog, the promotion picker, the result screen, a selection.
fn escape(state: AppState) {
    if state.dialog.get_untracked().is_some() {
        state.dialog.set(None);
    } else if state.promotion.get_untracked().is_some() {
        state.promotion.set(None);
    } else if state.game.with_untracked(|g| g.is_over()) && !state.result_closed.get_untracked() {
        state.set_result_closed(true);
    } else {
        state.drag.set(None);
        state.selected.set(None);
    }
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
            let message = format!(
                "{} gives up and {} wins. Are you sure?",
                state.label(side),
                state.label(Side(1 - side.0))
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
            Dialog::Confirm(c) => confirm_view(state, c).into_any(),
        })
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

    let keys = window_event_listener(ev::keydown, move |e| {
        if e.key() == "Escape" {
            escape(state);
        }
    });
    on_cleanup(move || keys.remove());

    // Opening a dialog drops whatever the fingers were doing on the board.
    Effect::new(move |_| {
        if state.dialog.with(|d| d.is_some()) {
            state.drag.set(None);
            state.promotion.set(None);
        }
    });

    let mode_line = move || {
        state.game.with(|g| {
            let r = g.rules();
            let goal = if r.mode == Mode::Primary {
                "Capture the king to win"
            } else {
                "Checkmate to win"
            };
            let mut extras: Vec<String> = Vec::new();
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
            (r.mode.title(), format!("{goal}{extras}"))
        })
    };
    let open = move |d: Dialog| move |_| state.dialog.set(Some(d));

    view! {
        <div
            class="app"
            class:face-to-face=move || state.settings.with(|s| s.face_to_face())
            on:contextmenu=|e| e.prevent_default()
        >
            <PieceDefs />
            <main class="play">
                <PlayerStrip state top=true />
                <div class="board-area">
                    <Board state />
                    <Announcer state />
                    <PromotionPicker state />
                </div>
                <PlayerStrip state top=false />
            </main>
            <aside class="panel">
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
                {storage_notice(state)}
                <div class="mode-line">
                    <strong>{move || mode_line().0}</strong>
                    <span>{move || mode_line().1}</span>
                </div>
                <Turn state />
                <CheckCounter state />
                <MateHint state />
                <GameSummary state />
                <Message state />
                <GameControls state />
                <Material state />
                <MoveList state />
            </aside>
            <ResultModal state />
            {dialog_view(state)}
            <LiveRegion state />
        </div>
    }
}
