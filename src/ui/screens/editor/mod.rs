//! The position editor, a full-screen view over the game: put any piece on any square by
//! dragging it from the [`palette`], move a piece by dragging it, remove it by dragging it off
//! the board; or, on a tablet, tap a palette piece and then squares. Side to move, castling
//! rights, Chess# reserves ([`controls`]), FEN copy and load, then "Play from here" in a
//! chosen mode or saved custom rule set ([`play_as`]). The game underneath is untouched until
//! Play: Cancel (or Escape) goes back to it. Opened from the custom rules screen ("Set up in
//! the editor…"), it judges the position under the rules being built and "Use this position"
//! hands the FEN back to that screen.
//!
//! The model and every check of a position live in the rules core ([`Setup`]); the board is
//! the shared board component ([`board`]); the working state is [`work`]. The working
//! position is kept in storage, so it survives a reload.

pub mod board;
pub mod controls;
pub mod palette;
pub mod play_as;
pub mod work;

use crate::rules::game::Game;
use crate::rules::ruleset::STANDARD_START;
use crate::rules::setup::Setup;
use crate::text::msg;
use crate::text::words;
use crate::ui::board::Kept;
use crate::ui::board::{memo, watch};
use crate::ui::game::session::Session;
use crate::ui::game::state::GameState;
use crate::ui::game::two_player::default_time_control;
use crate::ui::platform::clipboard::{copy, Copied};
use crate::ui::screens::rules::draft::{self, RulesDraft};
use board::EditorBoard;
use controls::{CastlingRights, PlayAsChoice, Reserves, TurnChoice};
use leptos::prelude::*;
use palette::{brush_hint, Eraser, Palette, PaletteGhost};
pub use play_as::prefer_mode;
use play_as::{load_saved, play_choices, PlayAs};
use work::{Editing, Refusal};

/// The two-player game's position as a setup (reserves included); an empty board under a
/// Fun Family game.
fn from_game(state: GameState) -> Setup {
    state
        .with_two_untracked(|g| Setup::from_fen(&g.fen()).ok())
        .flatten()
        .unwrap_or_default()
}

/// Where the editor starts: the rules screen's start position under its rules, else the
/// position and choice of the last visit (or the game on screen and its kind).
fn opening(
    state: GameState,
    for_rules: Option<&RulesDraft>,
    choices: &[PlayAs],
) -> (Setup, PlayAs) {
    if let Some(d) = for_rules {
        let setup = Setup::from_fen(&d.start_fen())
            .or_else(|_| Setup::from_fen(STANDARD_START))
            .unwrap_or_default();
        return (setup, PlayAs::Draft(d.rules()));
    }
    let (saved, saved_mode) = load_saved();
    let by_key = |key: &str| choices.iter().find(|p| p.key() == key).cloned();
    // The game's own kind: a built-in mode, or the saved rule set it was started from.
    let same = state
        .with_two_untracked(|g| choices.iter().find(|p| p.is_kind_of(g.rules())).cloned())
        .flatten();
    let mode = saved_mode
        .and_then(|k| by_key(&k))
        .or(same)
        .unwrap_or(PlayAs::Mode(crate::rules::ruleset::Mode::Primary));
    (saved.unwrap_or_else(|| from_game(state)), mode)
}

/// A running clock would charge the player to move for the time spent here: it is paused
/// while the editor is open and runs again on Cancel.
fn pause_clock_meanwhile(state: GameState, played: Kept<bool>) {
    let running = state.clock.with_untracked(|c| {
        c.as_ref()
            .is_some_and(|c| c.running().is_some() && !c.is_paused())
    }) && state.with_two_untracked(|g| !g.is_over()).unwrap_or(false);
    if !running {
        return;
    }
    state.toggle_pause();
    on_cleanup(move || {
        let still_paused = state
            .clock
            .with_untracked(|c| c.as_ref().is_some_and(|c| c.is_paused()));
        if !played.get_value() && still_paused {
            state.toggle_pause();
        }
    });
}

/// The FEN of the position, to copy, or to type and load.
#[component]
fn FenBox(ed: Editing, for_rules: bool) -> impl IntoView {
    let area = NodeRef::<leptos::html::Textarea>::new();
    let live_fen = memo(move || ed.setup.with(|s| ed.rules.with(|r| s.fen_for(r))));
    let load = move |_| {
        let text = ed
            .draft
            .get_untracked()
            .or_else(|| area.get_untracked().map(|a| a.value()))
            .unwrap_or_default();
        match Setup::from_fen(&text) {
            Ok(s) => {
                // Holdings mean a game with a reserve: Chess# unless the rules have one.
                let reserve = ed.rules.with_untracked(|r| r.drops);
                if text.contains('[') && !reserve && !for_rules {
                    ed.mode
                        .set(PlayAs::Mode(crate::rules::ruleset::Mode::Sharp));
                }
                ed.replace(s);
            }
            Err(e) => ed.error.set(Some(Refusal::Fen(e))),
        }
    };
    let copy_fen = move |_| {
        if let Some(a) = area.get_untracked() {
            copy(&a, move |c| ed.copied.set(Some(c)));
        }
    };
    view! {
        <label class="field editor-fen-field">
            <span>{msg::editor_fen()}</span>
            <textarea
                node_ref=area
                data-testid="editor-fen"
                rows="2"
                spellcheck="false"
                autocomplete="off"
                prop:value=move || ed.draft.get().unwrap_or_else(|| live_fen.get())
                on:input=move |ev| ed.draft.set(Some(event_target_value(&ev)))
            ></textarea>
        </label>
        <div class="editor-fen-buttons">
            <button class="small" data-testid="editor-copy" on:click=copy_fen>{msg::copy()}</button>
            <button class="small" data-testid="editor-load" on:click=load>{msg::editor_load_fen()}</button>
            <span class="copied" data-testid="editor-copied">
                {move || {
                    ed.copied.get().map(|c| match c {
                        Copied::Done => msg::copied(),
                        Copied::Selected => msg::copy_selected(),
                    })
                }}
            </span>
        </div>
    }
}

/// Whether the position can be played, always in sight above the buttons.
#[component]
fn Verdict(ed: Editing) -> impl IntoView {
    // Castling rights the mode does not allow are left out (and kept for another mode).
    let problem = memo(move || {
        ed.setup
            .with(|s| ed.rules.with(|r| s.for_rules(r).problem(r)))
    });
    let status = move || {
        if ed.error.with(|e| e.is_some()) {
            return None;
        }
        Some(match problem.get() {
            Some(why) => view! {
                <p class="editor-status warn" data-testid="editor-warning">
                    // The space stays inside, as before (a message's text is trimmed).
                    <strong>{msg::editor_not_playable()}" "</strong>
                    {why}
                </p>
            }
            .into_any(),
            None => view! {
                <p class="editor-status ok" data-testid="editor-ok">
                    {move || msg::editor_ready(&ed.setup.with(|s| words::side(s.turn)), &ed.mode.with(PlayAs::title))}
                </p>
            }
            .into_any(),
        })
    };
    view! {
        <div class="editor-verdict" aria-live="polite">
            {status}
            {move || ed.error.with(|e| e.as_ref().map(Refusal::text)).map(|e| view! { <p class="error" role="alert" data-testid="editor-error">{e}</p> })}
        </div>
    }
}

#[component]
pub fn PositionEditor(state: GameState) -> impl IntoView {
    // Opened from the custom rules screen: its start position, judged under its rules.
    let start_ctx = draft::context();
    let for_rules: Option<RulesDraft> = start_ctx.and_then(|c| c.editing_for_rules());
    let in_rules = for_rules.is_some();
    let choices = Kept::new(play_choices(state));
    let (setup, mode) = choices.with_value(|c| opening(state, for_rules.as_ref(), c));
    let ed = Editing::new(state, setup, mode);
    let played = Kept::new(false);
    // The working position is kept for next time; not while it is a custom game's start.
    if !in_rules {
        watch(move || {
            ed.setup
                .with(|s| ed.mode.with(|m| play_as::save(s, &m.key())))
        });
    }
    pause_clock_meanwhile(state, played);

    let refuse = move |e: String| {
        state.say(e.clone());
        ed.error.set(Some(Refusal::Unplayable(e)));
    };
    let play = move |_| {
        let r = ed.rules.get_untracked();
        match ed.setup.with_untracked(|s| s.for_rules(&r).game(&r)) {
            Ok(game) => {
                played.set_value(true);
                let names = state
                    .with_two_untracked(|_| state.names.get_untracked())
                    .unwrap_or_default();
                state.replace(
                    Session::Two(game),
                    names,
                    default_time_control(r.mode),
                    Default::default(),
                );
                state.dialog.set(None);
                state.say(msg::editor_new_game_from_here(
                    &ed.mode.with_untracked(PlayAs::title),
                ));
            }
            Err(e) => refuse(e),
        }
    };
    // Back to the rules screen with this position as the custom game's start, once it passes
    // the same checks as Play (under the rules being made, e.g. Rule Zero corner pieces).
    let use_start = move |_| {
        let r = ed.rules.get_untracked();
        match ed
            .setup
            .with_untracked(|s| s.for_rules(&r).game(&r).map(|_: Game| s.fen_for(&r)))
        {
            Ok(fen) => {
                if let Some(c) = start_ctx {
                    c.use_position(state, fen);
                }
            }
            Err(e) => refuse(e),
        }
    };
    let cancel = move |_| match start_ctx.filter(|_| in_rules) {
        Some(c) => c.back_to_rules(state),
        None => state.dialog.set(None),
    };

    view! {
        <div
            class="editor"
            role="dialog"
            aria-modal="true"
            aria-label=msg::editor_title()
            data-testid="editor-view"
            on:contextmenu=|ev| ev.prevent_default()
        >
            <div class="editor-board-area">
                <EditorBoard ed />
            </div>
            <section class="editor-panel">
                <header class="editor-head">
                    <h2>{msg::editor_title()}</h2>
                </header>
                <div class="editor-scroll">
                    <Palette ed />
                    <p class="explain palette-hint">{move || brush_hint(ed)}</p>
                    <div class="editor-tools">
                        <Eraser ed />
                        <button class="small" data-testid="editor-clear" on:click=move |_| ed.replace(Setup::empty())>
                            {msg::editor_clear_board()}
                        </button>
                        <button class="small" data-testid="editor-start" on:click=move |_| {
                            ed.replace(ed.rules.with_untracked(|r| Setup::from_fen(&r.start_fen)).unwrap_or_default())
                        }>
                            {msg::editor_start_position()}
                        </button>
                        <button class="small" data-testid="editor-from-game" on:click=move |_| ed.replace(from_game(state))>
                            {msg::editor_game_position()}
                        </button>
                    </div>
                    <TurnChoice ed />
                    <PlayAsChoice ed choices for_rules=in_rules />
                    <CastlingRights ed />
                    <Reserves ed />
                    <FenBox ed for_rules=in_rules />
                </div>
                <Verdict ed />
                <footer class="editor-foot">
                    <button data-testid="editor-cancel" on:click=cancel>
                        {msg::cancel()}
                    </button>
                    {if in_rules {
                        view! {
                            <button class="primary" data-testid="editor-use-start" on:click=use_start>
                                {msg::editor_use_position()}
                            </button>
                        }.into_any()
                    } else {
                        view! {
                            <button class="primary" data-testid="editor-play" on:click=play>
                                {msg::editor_play_from_here()}
                            </button>
                        }.into_any()
                    }}
                </footer>
            </section>
            <PaletteGhost ed />
        </div>
    }
}
