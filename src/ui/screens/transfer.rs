//! Export (FEN and PGN, with copy buttons; a Fun Family game's position text and record) and
//! import (paste a FEN or a PGN, which one is detected; or a Fun Family position text). On any
//! error the message says what is wrong and the game is left as it was.

use crate::rules::family::{FamilyGame, SEATS};
use crate::rules::game::Game;
use crate::rules::pgn::{read_pgn, write_pgn, PgnHeader};
use crate::text::msg;
use crate::text::words;
use crate::ui::game::family_part;
use crate::ui::game::lock::{as_teacher, Guarded};
use crate::ui::game::modal::Modal;
use crate::ui::game::session::Session;
use crate::ui::game::state::GameState;
use crate::ui::game::two_player::default_time_control;
use crate::ui::platform::clipboard::{copy, Copied};
use crate::ui::platform::time::today;
use leptos::prelude::*;

/// Today as a PGN date: `2025.03.14`.
fn pgn_date() -> String {
    let (y, m, d) = today();
    format!("{y:04}.{m:02}.{d:02}")
}

/// The position text and the whole game's text of the session.
fn export_texts(state: GameState) -> (String, String) {
    state.session.with_untracked(|s| match s {
        Session::Two(g) => {
            let names = state.names.get_untracked();
            let name = |i: usize| names.get(i).cloned().unwrap_or_default();
            let header = PgnHeader {
                white: name(0),
                black: name(1),
                date: pgn_date(),
                event: String::new(),
            };
            (g.fen(), write_pgn(g, &header))
        }
        Session::Family(g) => (g.text(), g.game().records().join("\n")),
    })
}

#[component]
pub fn ExportDialog(state: GameState) -> impl IntoView {
    let (fen, pgn) = export_texts(state);
    view! {
        <Modal state title=msg::dialog_export_title() testid="export-dialog">
            <CopyField label=msg::dialog_fen() text=fen rows=2 area_id="fen-text" button_id="copy-fen" button=msg::dialog_copy_fen() />
            <CopyField label=msg::dialog_pgn() text=pgn rows=8 area_id="pgn-text" button_id="copy-pgn" button=msg::dialog_copy_pgn() />
        </Modal>
    }
}

/// A FEN is one line whose first field is the board, ranks separated by '/'; PGN movetext
/// never has a '/' there (only in the result `1/2-1/2`). Anything else is read as PGN, so a
/// broken FEN gets the FEN reader's error.
fn looks_like_fen(text: &str) -> bool {
    !text.contains('\n')
        && !text.starts_with('[')
        && text
            .split_whitespace()
            .next()
            .is_some_and(|b| b.contains('/') && b != "1/2-1/2")
}

/// Reads a pasted FEN (played with `current`'s rules) or PGN (its own rules and names).
fn read_two_player(
    current: &Game,
    names: &[String],
    text: &str,
) -> Result<(Game, Vec<String>), String> {
    let text = text.trim();
    if text.is_empty() {
        return Err(msg::dialog_paste_first().into());
    }
    if looks_like_fen(text) {
        let game =
            Game::from_fen(current.rules().clone(), text).map_err(|e| msg::dialog_bad_fen(&e))?;
        return Ok((game, names.to_vec()));
    }
    let (game, info) = read_pgn(text, current.rules().mode).map_err(|e| msg::dialog_bad_pgn(&e))?;
    // "White"/"Black"/"?" are the PGN placeholders for "no name".
    let name = |n: &str, placeholder: &str| {
        let n = n.trim();
        if n.is_empty() || n == "?" || n.eq_ignore_ascii_case(placeholder) {
            String::new()
        } else {
            n.to_string()
        }
    };
    let names = vec![
        name(&info.header.white, "White"), // text-ok: PGN data, not shown
        name(&info.header.black, "Black"), // text-ok: PGN data, not shown
    ];
    Ok((game, names))
}

/// Loads a pasted two-player game; other rules than this game's are the teacher's call.
fn load_two_player(state: GameState, text: &str) -> Result<(), String> {
    let Some(read) =
        state.with_two_untracked(|g| read_two_player(g, &state.names.get_untracked(), text))
    else {
        return Ok(());
    };
    let (game, names) = read?;
    let (other_rules, same_mode) = state
        .with_two_untracked(|g| {
            (
                g.rules() != game.rules(),
                g.rules().mode == game.rules().mode,
            )
        })
        .unwrap_or((true, false));
    let load = move || {
        state.dialog.set(None);
        // A loaded game of the same kind keeps the current kind of clock, started afresh;
        // another kind (a PGN says its own) gets that kind's usual clock.
        let control = if same_mode {
            state.time_control()
        } else {
            default_time_control(game.rules().mode)
        };
        state.replace(Session::Two(game), names, control, Default::default());
        state.show_message(msg::dialog_loaded().into());
    };
    if other_rules {
        as_teacher(Guarded::RulesMidGame, load);
    } else {
        load();
    }
    Ok(())
}

/// Loads a pasted Fun Family position: the players stay who they were (names, who may leave).
fn load_family(state: GameState, text: &str) -> Result<(), String> {
    // A family game is on screen, so its part (and the kit) is in.
    let kit = family_part::kit().ok_or(msg::app_part_missing())?;
    let mut game = FamilyGame::from_text(text)?;
    state.with_family_game(|old| {
        for s in SEATS {
            game.set_player(s, old.player(s));
        }
    });
    state.dialog.set(None);
    let names = state.names.get_untracked();
    let names = std::array::from_fn(|i| names.get(i).cloned().unwrap_or_default());
    state.start_family(kit.boxed(game), names, Default::default());
    Ok(())
}

#[component]
pub fn ImportDialog(state: GameState) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let family = state.is_family_untracked();
    let explain = match state.with_two_untracked(|g| words::mode(g.rules().mode)) {
        Some(mode) => msg::dialog_import_explain(&mode),
        None => msg::dialog_import_family_explain().to_string(),
    };
    let apply = move |_| {
        let pasted = text.get_untracked();
        let done = if family {
            load_family(state, &pasted)
        } else {
            load_two_player(state, &pasted)
        };
        if let Err(e) = done {
            error.set(Some(e));
        }
    };
    view! {
        <Modal state title=msg::dialog_import_title() testid="import-dialog">
            <p class="explain">{explain}</p>
            <textarea
                data-testid="import-text"
                rows="8"
                spellcheck="false"
                autocomplete="off"
                placeholder="rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" // text-ok: a FEN example
                prop:value=move || text.get()
                on:input=move |ev| {
                    text.set(event_target_value(&ev));
                    error.set(None);
                }
            ></textarea>
            {move || error.get().map(|e| view! { <p class="error" data-testid="import-error" role="alert">{e}</p> })}
            <div class="dialog-buttons">
                <button on:click=move |_| state.dialog.set(None)>{msg::cancel()}</button>
                <button class="primary" data-testid="import-apply" on:click=apply>
                    {msg::load()}
                </button>
            </div>
        </Modal>
    }
}

/// A read-only text box with a Copy button and its "Copied!" feedback.
#[component]
pub fn CopyField(
    label: &'static str,
    text: String,
    rows: u8,
    area_id: &'static str,
    button_id: &'static str,
    button: &'static str,
) -> impl IntoView {
    let area = NodeRef::<leptos::html::Textarea>::new();
    let copied = RwSignal::new(None::<Copied>);
    let done = move |c: Copied| copied.set(Some(c));
    view! {
        <label class="field wide">
            <span>{label}</span>
            <textarea data-testid=area_id readonly rows=rows spellcheck="false" node_ref=area prop:value=text></textarea>
        </label>
        <div class="row">
            <button
                data-testid=button_id
                on:click=move |_| {
                    if let Some(a) = area.get_untracked() {
                        copy(&a, done);
                    }
                }
            >
                {button}
            </button>
            <span class="copied" role="status">
                {move || match copied.get() {
                    Some(Copied::Done) => msg::copied(),
                    Some(Copied::Selected) => msg::copy_selected(),
                    None => "",
                }}
            </span>
        </div>
    }
}
