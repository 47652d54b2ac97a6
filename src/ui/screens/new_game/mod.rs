//! The new-game dialog: the game (Primary, Orthodox, Chess#, Fun Family Chess or a saved
//! custom rule set), then its choices — [`two_player`] (the Primary options, the clock, the
//! names) or [`family`] (seats, players, the supervisor's rules). Modes the teacher has not
//! allowed open with the PIN.

pub mod family;
pub mod two_player;

use crate::rules::ruleset::Mode;
use crate::text::{msg, words};
use crate::ui::game::family_part;
use crate::ui::game::lock::{self, as_teacher, Guarded};
use crate::ui::game::modal::Modal;
use crate::ui::game::session::Session;
use crate::ui::game::state::{Dialog, GameState};
use crate::ui::game::BOARD_ID;
use crate::ui::platform::focus;
use crate::ui::screens::editor;
use crate::ui::screens::rules::choices::custom_mode_choices;
use family::{FamilySetup, FamilySetupFields};
use leptos::prelude::*;
use two_player::{TwoPlayerFields, TwoPlayerSetup};

/// One game to choose: a radio with its title and one sentence. A game the teacher has not
/// allowed shows a padlock and asks for the PIN.
fn mode_choice(
    key: &'static str,
    title: &'static str,
    blurb: &'static str,
    chosen: impl Fn() -> bool + Copy + Send + Sync + 'static,
    choose: impl Fn() + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let open = move || lock::mode_open(key);
    view! {
        <label class="mode" class:chosen=chosen class:locked=move || !open()>
            <input
                type="radio"
                name="mode"
                value=key
                prop:checked=chosen
                on:click=move |ev| {
                    // Not allowed by the teacher: the radio stays as it was until the PIN.
                    if !lock::mode_open_untracked(key) {
                        ev.prevent_default();
                        as_teacher(Guarded::LockedMode, choose);
                    }
                }
                on:change=move |_| choose()
            />
            <span class="mode-title">
                {title}
                {move || (!open()).then(|| view! { " " {lock::padlock()} })}
            </span>
            <span class="mode-blurb">{blurb}</span>
        </label>
    }
}

#[component]
pub fn NewGameDialog(state: GameState) -> impl IntoView {
    let two = TwoPlayerSetup::new(state);
    let setup = FamilySetup::new(state);
    let mode = two.mode;
    let family = RwSignal::new(state.is_family_untracked());
    let error = RwSignal::new(None::<String>);
    let do_start = move || {
        if family.get_untracked() {
            setup.start(state);
        } else {
            match two.build() {
                Ok((game, names, control, computer)) => {
                    state.dialog.set(None);
                    state.replace(Session::Two(game), names, control, computer);
                }
                Err(e) => error.set(Some(e)),
            }
        }
        // A game started (the dialog closed) is played on the board: the keyboard's focus
        // goes there, and the panel shows its top (whose turn, the player's buttons).
        if state.dialog.with_untracked(Option::is_none) {
            focus::move_to_soon(BOARD_ID);
            focus::scroll_to_top_soon(".panel"); // text-ok: a CSS selector
        }
    };
    // A mode the teacher has not allowed starts only with the PIN (the choice is already
    // guarded; this also covers a dialog opened before the lock came on).
    let start = move |_| {
        let key = if family.get_untracked() {
            "family"
        } else {
            mode.get_untracked().key()
        };
        if lock::mode_open_untracked(key) {
            do_start();
        } else {
            as_teacher(Guarded::LockedMode, do_start);
        }
    };
    let two_player_choice = move |m: Mode, blurb: &'static str| {
        mode_choice(
            m.key(),
            words::mode(m),
            blurb,
            move || !family.get() && mode.get() == m,
            move || {
                family.set(false);
                two.choose(m);
            },
        )
    };
    view! {
        <Modal state title=msg::new_game() testid="new-game-dialog">
            <div class="modes" role="radiogroup" aria-label=msg::dialog_new_game_modes()>
                {two_player_choice(Mode::Primary, msg::dialog_primary_blurb())}
                {two_player_choice(Mode::Orthodox, msg::dialog_orthodox_blurb())}
                {two_player_choice(Mode::Sharp, msg::dialog_sharp_blurb())}
            </div>
            <div class="setup-row">
                <button class="small" data-testid="editor" on:click=move |_| {
                    if !family.get_untracked() {
                        editor::prefer_mode(mode.get_untracked());
                    }
                    state.dialog.set(Some(Dialog::Editor));
                }>
                    {msg::dialog_set_up_position()}
                </button>
                <span class="explain">{msg::dialog_set_up_position_explain()}</span>
            </div>
            <div class="modes family-mode" role="radiogroup" aria-label=msg::dialog_four_players()>
                {mode_choice(
                    "family",
                    words::mode(Mode::Family),
                    msg::dialog_family_blurb(),
                    move || family.get(),
                    move || {
                        family.set(true);
                        // Fetched while the players are set up, so Start starts at once.
                        leptos::task::spawn_local(async {
                            family_part::load_kit().await;
                        });
                    },
                )}
            </div>
            {custom_mode_choices(state, mode, family, two.custom)}
            {move || {
                if family.get() {
                    view! { <FamilySetupFields setup /> }.into_any()
                } else {
                    view! { <TwoPlayerFields setup=two /> }.into_any()
                }
            }}
            {move || error.get().map(|e| view! { <p class="error">{e}</p> })}
            <div class="dialog-buttons">
                <button on:click=move |_| state.dialog.set(None)>{msg::cancel()}</button>
                <button class="primary" data-testid="start-game" on:click=start>
                    {msg::dialog_start_game()}
                </button>
            </div>
        </Modal>
    }
}
