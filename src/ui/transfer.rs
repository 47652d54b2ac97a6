//! Export (FEN and PGN, with copy buttons) and import (paste a FEN or a PGN; which one is
//! detected). On any error the message says what is wrong and the game is left as it was.

use crate::rules::game::Game;
use crate::rules::pgn::{read_pgn, write_pgn, PgnHeader};
use crate::saves::game::Names;
use crate::ui::dialog::Modal;
use crate::ui::state::AppState;
use leptos::prelude::*;
use leptos::wasm_bindgen::{closure::Closure, JsCast, JsValue};
use web_sys::js_sys::{Date, Reflect};
use web_sys::HtmlTextAreaElement;

/// Today as a PGN date: `2025.03.14`.
fn today() -> String {
    let d = Date::new_0();
    format!(
        "{:04}.{:02}.{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date()
    )
}

/// Copies the textarea's text: the async clipboard where the page may use it, else the old
/// copy command on the selected text, else leave it selected for the user to copy.
pub(crate) fn copy(area: &HtmlTextAreaElement, feedback: RwSignal<String>) {
    area.focus().ok();
    area.select();
    let text = area.value();
    let selected = "Selected: press Ctrl+C (or hold and choose Copy)";
    let exec_copy = move || -> bool {
        web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.dyn_into::<web_sys::HtmlDocument>().ok())
            .and_then(|d| d.exec_command("copy").ok())
            .unwrap_or(false)
    };
    let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
        return;
    };
    // navigator.clipboard is undefined outside secure contexts (e.g. a plain-http server).
    let has_clipboard = Reflect::get(&nav, &JsValue::from_str("clipboard"))
        .map(|c| !c.is_undefined() && !c.is_null())
        .unwrap_or(false);
    if has_clipboard {
        let ok = Closure::<dyn FnMut(JsValue)>::new(move |_| feedback.set("Copied!".into()));
        let err = Closure::<dyn FnMut(JsValue)>::new(move |_| {
            feedback.set(if exec_copy() {
                "Copied!".into()
            } else {
                selected.into()
            })
        });
        let _ = nav.clipboard().write_text(&text).then2(&ok, &err);
        // Two tiny closures per copy; they must outlive this call.
        ok.forget();
        err.forget();
    } else {
        feedback.set(if exec_copy() {
            "Copied!".into()
        } else {
            selected.into()
        });
    }
}

#[component]
pub fn ExportDialog(state: AppState) -> impl IntoView {
    let (fen, pgn) = state.game.with_untracked(|g| {
        let names = state.names.get_untracked();
        let header = PgnHeader {
            white: names.white,
            black: names.black,
            date: today(),
            event: String::new(),
        };
        (g.fen(), write_pgn(g, &header))
    });
    // Fun Family Chess: its position text and its move record instead.
    let family = use_context::<crate::ui::family::FamilyUi>().and_then(|f| {
        f.game
            .with_untracked(|g| g.as_ref().map(|g| (g.text(), g.records().join("\n"))))
    });
    let (fen, pgn) = family.unwrap_or((fen, pgn));
    view! {
        <Modal state title="Save or share this game" testid="export-dialog">
            <CopyField label="Position (FEN)" text=fen rows=2 area_id="fen-text" button_id="copy-fen" button="Copy FEN" />
            <CopyField label="Whole game (PGN)" text=pgn rows=8 area_id="pgn-text" button_id="copy-pgn" button="Copy PGN" />
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

fn import(state: AppState, text: &str) -> Result<(Game, Names), String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("Paste a position (FEN) or a game (PGN) first.".into());
    }
    let (rules, mode, names) = state.game.with_untracked(|g| {
        (
            g.rules().clone(),
            g.rules().mode,
            state.names.get_untracked(),
        )
    });
    if looks_like_fen(text) {
        let game = Game::from_fen(rules, text)
            .map_err(|e| format!("This position (FEN) could not be read: {e}"))?;
        return Ok((game, names));
    }
    let (game, info) =
        read_pgn(text, mode).map_err(|e| format!("This game (PGN) could not be read: {e}"))?;
    // "White"/"Black"/"?" are the PGN placeholders for "no name".
    let name = |n: &str, placeholder: &str| {
        let n = n.trim();
        if n.is_empty() || n == "?" || n.eq_ignore_ascii_case(placeholder) {
            String::new()
        } else {
            n.to_string()
        }
    };
    Ok((
        game,
        Names {
            white: name(&info.header.white, "White"),
            black: name(&info.header.black, "Black"),
        },
    ))
}

#[component]
pub fn ImportDialog(state: AppState) -> impl IntoView {
    let text = RwSignal::new(String::new());
    let error = RwSignal::new(None::<String>);
    let mode = state.game.with_untracked(|g| g.rules().mode.title());
    let fam = use_context::<crate::ui::family::FamilyUi>()
        .filter(|f| f.game.with_untracked(|g| g.is_some()));
    let apply_classic = move |_: ()| match import(state, &text.get_untracked()) {
        // Other rules than this game's (another mode, other options) are the teacher's call.
        Ok((game, names)) => {
            let other_rules = state.game.with_untracked(|g| g.rules() != game.rules());
            let load = move || {
                state.dialog.set(None);
                // A loaded game of the same kind keeps the current kind of clock, started
                // afresh; another kind (a PGN says its own) gets that kind's usual clock.
                let same = state
                    .game
                    .with_untracked(|g| g.rules().mode == game.rules().mode);
                let control = if same {
                    state.time_control()
                } else {
                    crate::ui::state::default_time_control(game.rules().mode)
                };
                state.replace_game(game, names, control);
                state.show_message("Loaded.".into());
            };
            if other_rules {
                crate::ui::teacher_lock::as_teacher(
                    crate::ui::teacher_lock::Guarded::RulesMidGame,
                    load,
                );
            } else {
                load();
            }
        }
        Err(e) => error.set(Some(e)),
    };
    let apply = move |_| {
        if let Some(fam) = fam {
            match crate::rules::family::FamilyGame::from_text(&text.get_untracked()) {
                Ok(mut game) => {
                    state.dialog.set(None);
                    // The players stay who they were (names, who may leave).
                    fam.game.with_untracked(|old| {
                        if let Some(old) = old {
                            for s in crate::rules::family::SEATS {
                                game.set_player(s, old.player(s));
                            }
                        }
                    });
                    let names = fam.names.get_untracked();
                    fam.start(game, names);
                }
                Err(e) => error.set(Some(e)),
            }
            return;
        }
        apply_classic(())
    };
    view! {
        <Modal state title="Load a position or game" testid="import-dialog">
            <p class="explain">
                {if fam.is_some() {
                    "Paste a Fun Family Chess position text (pieces like rKh1 bKa7 yKg14 gKn8, then turn:r)."
                        .to_string()
                } else {
                    format!(
                        "Paste a position (FEN) or a whole game (PGN). A position is played with the current rules ({mode}); a PGN says its own."
                    )
                }}
            </p>
            <textarea
                data-testid="import-text"
                rows="8"
                spellcheck="false"
                autocomplete="off"
                placeholder="rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
                prop:value=move || text.get()
                on:input=move |ev| {
                    text.set(event_target_value(&ev));
                    error.set(None);
                }
            ></textarea>
            {move || error.get().map(|e| view! { <p class="error" data-testid="import-error" role="alert">{e}</p> })}
            <div class="dialog-buttons">
                <button on:click=move |_| state.dialog.set(None)>"Cancel"</button>
                <button class="primary" data-testid="import-apply" on:click=apply>
                    "Load"
                </button>
            </div>
        </Modal>
    }
}

/// A read-only text box with a Copy button and its "Copied!" feedback.
#[component]
fn CopyField(
    label: &'static str,
    text: String,
    rows: u8,
    area_id: &'static str,
    button_id: &'static str,
    button: &'static str,
) -> impl IntoView {
    let area = NodeRef::<leptos::html::Textarea>::new();
    let msg = RwSignal::new(String::new());
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
                        copy(&a, msg);
                    }
                }
            >
                {button}
            </button>
            <span class="copied" role="status">{move || msg.get()}</span>
        </div>
    }
}
