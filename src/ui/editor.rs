//! The position editor (issue 5), a full-screen view over the game: put any piece on any
//! square by dragging it from the palette, move a piece by dragging it, remove it by dragging
//! it off the board; or, on a tablet, tap a palette piece and then squares. Side to move,
//! castling rights, Chess# reserves, FEN copy and load, then "Play from here" in a chosen
//! mode or saved custom rule set. The game underneath is untouched until Play: Cancel (or
//! Escape) goes back to it. Opened from the custom rules screen ("Set up in the editor…"),
//! it judges the position under the rules being built and "Use this position" hands the FEN
//! back to that screen (src/ui/start_editor.rs).
//!
//! The model and every check of a position live in the rules core ([`Setup`]); this file is
//! the drawing and the pointer handling. The working position is kept in localStorage
//! (`classroom-chess.editor`), so it survives a reload.

use crate::rules::game::Game;
use crate::rules::ruleset::{Castling, Mode, RuleSet};
use crate::rules::setup::{Setup, CASTLE_FLAGS, RESERVE_MAX, RESERVE_ROLES};
use crate::rules::types::{Piece, Role, Side, Square};
use crate::saved_rules::SavedRuleSet;
use crate::ui::board::{all_squares, cell, coordinates, geo, square_at};
use crate::ui::family::FamilyUi;
use crate::ui::pieces::{piece_use, PieceIcon};
use crate::ui::pointer::{self, client, to_units};
use crate::ui::start_editor::{self, RulesDraft};
use crate::ui::state::{capitalise, default_time_control, piece_code, AppState};
use crate::ui::storage;
use leptos::prelude::*;
use leptos::wasm_bindgen::JsCast;
use web_sys::PointerEvent;

/// CSS pixels a press must travel before it counts as a drag (as on the game board).
const DRAG_SLOP: f64 = 6.0;
/// The built-in modes a position can be played in (the saved custom rule sets come after).
const MODES: [Mode; 3] = [Mode::Primary, Mode::Orthodox, Mode::Sharp];

/// What the position will be played as.
#[derive(Clone, PartialEq, Debug)]
enum PlayAs {
    Mode(Mode),
    /// A teacher's saved custom rule set (src/saved_rules.rs).
    Saved(SavedRuleSet),
    /// The custom rules being built on the rules screen, which opened the editor.
    Draft(RuleSet),
}

impl PlayAs {
    /// The value in the mode list and in storage: `orthodox`, `custom-<slug>`.
    fn key(&self) -> String {
        match self {
            PlayAs::Mode(m) => m.key().to_string(),
            PlayAs::Saved(s) => format!("custom-{}", s.slug()),
            PlayAs::Draft(_) => "draft".into(),
        }
    }

    fn title(&self) -> String {
        match self {
            PlayAs::Mode(m) => m.title().to_string(),
            PlayAs::Saved(s) => s.name.clone(),
            PlayAs::Draft(_) => "the custom rules being made".into(),
        }
    }

    fn rules(&self, state: AppState) -> RuleSet {
        match self {
            PlayAs::Mode(m) => rules_for(state, *m),
            // The list holds only sets that read (loading checks them all).
            PlayAs::Saved(s) => s
                .rules()
                .unwrap_or_else(|_| RuleSet::custom_from(s.base_mode())),
            PlayAs::Draft(r) => r.clone(),
        }
    }
}

/// The choices of the mode list: the built-in modes, then the saved custom rule sets.
fn play_choices(state: AppState) -> Vec<PlayAs> {
    MODES
        .into_iter()
        .map(PlayAs::Mode)
        .chain(
            state
                .rule_sets
                .get_untracked()
                .into_iter()
                .map(PlayAs::Saved),
        )
        .collect()
}

/// What a tap on a square does: put this piece there, or empty it.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Brush {
    Piece(Piece),
    Eraser,
}

/// Where a press began.
#[derive(Clone, Copy, PartialEq, Debug)]
enum Source {
    Palette(Piece),
    Eraser,
    Square(Square),
}

/// A finger, mouse or pen pressed on the palette or the board.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Press {
    source: Source,
    pointer: i32,
    touch: bool,
    start: (f64, f64),
    at: (f64, f64),
    /// Far enough from the start to be a drag, not a tap.
    moved: bool,
    /// One board square on screen (CSS pixels) when the press began: the ghost's size.
    square_px: f64,
}

fn side_name(p: Piece) -> String {
    format!("{} {}", p.side.name(), p.role.name())
}

/// What an earlier visit left in storage: the working position (if any) and the mode key.
fn load_saved() -> (Option<Setup>, Option<String>) {
    let v: Option<serde_json::Value> =
        storage::read(storage::EDITOR_KEY).and_then(|text| serde_json::from_str(&text).ok());
    let field = |k: &str| {
        v.as_ref()
            .and_then(|v| v.get(k))
            .and_then(|f| f.as_str())
            .map(str::to_string)
    };
    let setup = field("fen").and_then(|f| Setup::from_fen(&f).ok());
    (setup, field("mode"))
}

fn store(fen: Option<String>, mode: &str) {
    let value = serde_json::json!({ "fen": fen, "mode": mode }).to_string();
    // A full or disabled storage only costs the working position after a reload.
    storage::write(storage::EDITOR_KEY, &value);
}

fn save(setup: &Setup, mode: &str) {
    store(Some(setup.fen(true)), mode);
}

/// The mode the editor opens with next time (the one just picked in the New game dialog);
/// the working position stays.
pub fn prefer_mode(mode: Mode) {
    if MODES.contains(&mode) {
        store(load_saved().0.map(|s| s.fen(true)), mode.key());
    }
}

/// The rules a game of `mode` gets: the current game's own (with its options) when it is of
/// that mode, else the mode's defaults.
fn rules_for(state: AppState, mode: Mode) -> RuleSet {
    state.game.with_untracked(|g| {
        if g.rules().mode == mode {
            g.rules().clone()
        } else {
            RuleSet::for_mode(mode)
        }
    })
}

/// The current game's position as a setup (reserves included).
fn from_game(state: AppState) -> Setup {
    state
        .game
        .with_untracked(|g| Setup::from_fen(&g.fen()))
        .unwrap_or_default()
}

#[component]
pub fn PositionEditor(state: AppState) -> impl IntoView {
    // Opened from the custom rules screen: its start position, judged under its rules.
    let start_ctx = start_editor::context();
    let for_rules: Option<RulesDraft> = start_ctx.and_then(|c| c.editing_for_rules());
    let in_rules = for_rules.is_some();
    let choices = StoredValue::new(play_choices(state));
    let (saved, saved_mode) = load_saved();
    let (start, start_mode) = match &for_rules {
        Some(d) => (
            Setup::from_fen(&d.start_fen())
                .or_else(|_| Setup::from_fen(crate::rules::ruleset::STANDARD_START))
                .unwrap_or_default(),
            PlayAs::Draft(d.rules()),
        ),
        None => {
            let by_key =
                |key: &str| choices.with_value(|c| c.iter().find(|p| p.key() == key).cloned());
            let now = state.game.with_untracked(|g| g.rules().clone());
            // The game's own kind: a built-in mode, or the saved rule set it was started from.
            let same = choices.with_value(|c| {
                c.iter()
                    .find(|p| match p {
                        PlayAs::Mode(m) => *m == now.mode,
                        PlayAs::Saved(s) => s.rules().ok().as_ref() == Some(&now),
                        PlayAs::Draft(_) => false,
                    })
                    .cloned()
            });
            let mode = saved_mode
                .and_then(|k| by_key(&k))
                .or(same)
                .unwrap_or(PlayAs::Mode(Mode::Primary));
            (saved.unwrap_or_else(|| from_game(state)), mode)
        }
    };
    let setup = RwSignal::new(start);
    let mode = RwSignal::new(start_mode);
    let brush = RwSignal::new(None::<Brush>);
    let selected = RwSignal::new(None::<Square>);
    let press = RwSignal::new(None::<Press>);
    let hover = RwSignal::new(None::<Square>);
    let error = RwSignal::new(None::<String>);
    let draft = RwSignal::new(None::<String>);
    let copied = RwSignal::new(String::new());
    let played = StoredValue::new(false);
    let root = NodeRef::<leptos::html::Div>::new();
    let board_ref = NodeRef::<leptos::svg::Svg>::new();
    let fen_area = NodeRef::<leptos::html::Textarea>::new();

    let fam = use_context::<FamilyUi>();
    let rules = Memo::new(move |_| mode.with(|m| m.rules(state)));
    // Castling rights the mode does not allow are left out (and kept for another mode).
    let problem = Memo::new(move |_| setup.with(|s| rules.with(|r| s.for_rules(r).problem(r))));
    let live_fen = Memo::new(move |_| setup.with(|s| rules.with(|r| s.fen_for(r))));
    // The working position is kept for next time; not while it is a custom game's start.
    if !in_rules {
        Effect::new(move |_| setup.with(|s| mode.with(|m| save(s, &m.key()))));
    }

    // A running clock would charge the player to move for the time spent here: it is paused
    // while the editor is open and runs again on Cancel.
    let paused_here = state.clock.with_untracked(|c| {
        c.as_ref()
            .is_some_and(|c| c.running().is_some() && !c.is_paused())
    }) && state.game.with_untracked(|g| !g.is_over());
    if paused_here {
        state.toggle_pause();
    }
    on_cleanup(move || {
        let still_paused = state
            .clock
            .with_untracked(|c| c.as_ref().is_some_and(|c| c.is_paused()));
        if paused_here && !played.get_value() && still_paused {
            state.toggle_pause();
        }
    });

    let edit = move |f: &dyn Fn(&mut Setup)| {
        setup.update(|s| f(s));
        error.set(None);
        draft.set(None);
        copied.set(String::new());
    };

    let square_under = move |(cx, cy): (f64, f64)| -> Option<Square> {
        let svg = board_ref.get_untracked()?;
        let (x, y) = to_units(svg.as_ref(), cx, cy, 800.0)?;
        square_at(x, y, Side::WHITE)
    };
    let board_square_px = move || {
        board_ref.get_untracked().map_or(60.0, |svg| {
            let r = svg.get_bounding_client_rect();
            r.width().min(r.height()) / 8.0
        })
    };

    let begin = move |source: Source, ev: &PointerEvent| {
        if ev.pointer_type() == "mouse" && ev.button() != 0 {
            return;
        }
        let id = ev.pointer_id();
        // One pointer at a time: a second finger or a resting palm is ignored.
        if let Some(p) = press.get_untracked() {
            let held = root
                .get_untracked()
                .is_some_and(|r| pointer::holds(r.as_ref(), p.pointer));
            if p.pointer != id && held {
                return;
            }
        }
        ev.prevent_default();
        if let Some(r) = root.get_untracked() {
            pointer::capture(r.as_ref(), id);
        }
        let at = client(ev);
        press.set(Some(Press {
            source,
            pointer: id,
            touch: ev.pointer_type() == "touch",
            start: at,
            at,
            moved: false,
            square_px: board_square_px(),
        }));
    };

    let tap_square = move |sq: Square| {
        if let Some(b) = brush.get_untracked() {
            let put = match b {
                // The same piece again takes it away (a second tap undoes the first).
                Brush::Piece(p) if setup.with_untracked(|s| s.piece_at(sq)) == Some(p) => None,
                Brush::Piece(p) => Some(p),
                Brush::Eraser => None,
            };
            edit(&|s| s.set(sq, put));
        } else if let Some(from) = selected.get_untracked() {
            selected.set(None);
            if from != sq {
                edit(&|s| s.move_piece(from, sq));
            }
        } else if setup.with_untracked(|s| s.piece_at(sq).is_some()) {
            selected.set(Some(sq));
        }
    };

    let toggle_brush = move |b: Brush| {
        selected.set(None);
        brush.set(if brush.get_untracked() == Some(b) {
            None
        } else {
            Some(b)
        });
    };

    let on_move = move |ev: PointerEvent| {
        let Some(mut p) = press.get_untracked() else {
            return;
        };
        if ev.pointer_id() != p.pointer {
            return;
        }
        ev.prevent_default();
        p.at = client(&ev);
        let draggable = match p.source {
            Source::Square(sq) => setup.with_untracked(|s| s.piece_at(sq).is_some()),
            _ => true,
        };
        if !p.moved && draggable && (p.at.0 - p.start.0).hypot(p.at.1 - p.start.1) >= DRAG_SLOP {
            p.moved = true;
        }
        if p.moved {
            hover.set(square_under(p.at));
        }
        press.set(Some(p));
    };

    let on_up = move |ev: PointerEvent| {
        let Some(p) = press
            .get_untracked()
            .filter(|p| p.pointer == ev.pointer_id())
        else {
            return;
        };
        press.set(None);
        hover.set(None);
        if let Some(r) = root.get_untracked() {
            pointer::release(r.as_ref(), p.pointer);
        }
        let target = square_under(client(&ev));
        if p.moved {
            selected.set(None);
            match (p.source, target) {
                (Source::Palette(piece), Some(t)) => edit(&|s| s.set(t, Some(piece))),
                (Source::Eraser, Some(t)) => edit(&|s| s.set(t, None)),
                (Source::Square(from), Some(t)) if t == from => {}
                (Source::Square(from), Some(t)) => edit(&|s| s.move_piece(from, t)),
                // Dragged off the board: the piece is taken away.
                (Source::Square(from), None) => edit(&|s| s.set(from, None)),
                // A palette piece let go off the board: nothing happened.
                _ => {}
            }
            return;
        }
        match p.source {
            Source::Palette(piece) => toggle_brush(Brush::Piece(piece)),
            Source::Eraser => toggle_brush(Brush::Eraser),
            Source::Square(sq) => tap_square(sq),
        }
    };
    let on_cancel = move |ev: PointerEvent| {
        if press.with_untracked(|p| p.is_some_and(|p| p.pointer == ev.pointer_id())) {
            press.set(None);
            hover.set(None);
        }
    };

    let on_board_down = move |ev: PointerEvent| {
        if let Some(sq) = square_under(client(&ev)) {
            begin(Source::Square(sq), &ev);
        }
    };

    // ---- the board ----
    let squares = all_squares()
        .map(|sq| {
            let (x, y) = cell(sq, Side::WHITE);
            let name = geo().name(sq);
            let light = geo().is_light(sq);
            let piece = move || setup.with(|s| s.piece_at(sq));
            let lifted = move || {
                press.with(|p| p.is_some_and(|p| p.moved && p.source == Source::Square(sq)))
            };
            let class = move || {
                let mut c = String::from(if light { "sq light" } else { "sq dark" });
                if selected.get() == Some(sq) {
                    c.push_str(" selected");
                }
                if hover.get() == Some(sq) {
                    c.push_str(" drop-target");
                }
                c
            };
            view! {
                <g
                    data-testid=format!("edit-sq-{name}")
                    data-piece=move || piece().map(piece_code)
                    transform=format!("translate({x} {y})")
                >
                    <rect class=class width="100" height="100" />
                    {move || {
                        piece()
                            .map(|p| {
                                view! {
                                    <g class="piece" class:lifted=lifted>
                                        {piece_use(p)}
                                    </g>
                                }
                            })
                    }}
                </g>
            }
        })
        .collect_view();
    let board = view! {
        <svg
            node_ref=board_ref
            class="board editor-board"
            data-testid="editor-board"
            viewBox="0 0 800 800"
            role="img"
            aria-label="Position editor board"
            on:pointerdown=on_board_down
        >
            <g class="squares">{squares}</g>
            {coordinates(Memo::new(|_| Side::WHITE), Memo::new(|_| false))}
        </svg>
    };

    // ---- the palette ----
    let palette_item = move |p: Piece| {
        let b = Brush::Piece(p);
        view! {
            <button
                class="palette-item"
                class:chosen=move || brush.get() == Some(b)
                data-testid=format!("palette-{}", piece_code(p))
                aria-label=side_name(p)
                title=side_name(p)
                aria-pressed=move || (brush.get() == Some(b)).to_string()
                on:pointerdown=move |ev| begin(Source::Palette(p), &ev)
                // Keyboard (Enter/Space): pointer presses are handled above.
                on:click=move |ev| {
                    if ev.detail() == 0 {
                        toggle_brush(b);
                    }
                }
            >
                <PieceIcon piece=p />
            </button>
        }
    };
    let palette_row = move |side: Side| {
        Role::KING_FIRST
            .into_iter()
            .map(|role| palette_item(Piece { side, role }))
            .collect_view()
    };
    let brush_hint = move || {
        match brush.get() {
        Some(Brush::Piece(p)) => format!(
            "Tap squares to put a {} there (tap it again to take it away).",
            side_name(p).to_lowercase()
        ),
        Some(Brush::Eraser) => "Tap pieces to take them off the board.".to_string(),
        None if selected.get().is_some() => "Tap the square where this piece should go.".into(),
        None => "Drag pieces onto the board, or tap one here and then squares. Drag a piece off the board to remove it.".into(),
    }
    };

    // ---- side to move, castling, mode ----
    let turn_button = move |side: Side, testid: &'static str| {
        view! {
            <button
                class="small"
                class:chosen=move || setup.with(|s| s.turn == side)
                data-testid=testid
                aria-pressed=move || setup.with(|s| s.turn == side).to_string()
                on:click=move |_| edit(&|s| s.turn = side)
            >
                {side.name()}
            </button>
        }
    };
    let castles = move || rules.with(|r| r.castling != Castling::None);
    // Buttons that act as checkboxes: a button answers a quick tap even right after a drag
    // (see `fast_taps` in app.rs), a bare checkbox may miss it.
    let castle_box = move |flag: usize, text: &'static str| {
        let possible = move || rules.with(|r| setup.with(|s| s.castle_possible_in(flag, r)));
        let on = move || possible() && setup.with(|s| s.castling(flag));
        view! {
            <button
                class="castle-toggle"
                role="checkbox"
                data-testid=format!("castle-{}", CASTLE_FLAGS[flag])
                aria-checked=move || on().to_string()
                prop:disabled=move || !possible()
                title=move || {
                    if possible() {
                        String::new()
                    } else {
                        if rules.with(|r| r.castling == Castling::RuleZero) {
                            "Only when the king and a piece of its own stand on their starting squares".to_string()
                        } else {
                            "Only when the king and this rook stand on their starting squares".to_string()
                        }
                    }
                }
                on:click=move |_| {
                    let want = !on();
                    edit(&|s| s.set_castling(flag, want));
                }
            >
                <span class="box" aria-hidden="true">{move || if on() { "✓" } else { "" }}</span>
                <span>{text}</span>
            </button>
        }
    };
    let castle_note = move || {
        (!castles()).then(|| {
            view! {
                <p class="explain">{move || format!("{} is played without castling.", capitalise(&mode.with(PlayAs::title)))}</p>
            }
        })
    };
    let mode_select = move || {
        if in_rules {
            // The rules are the ones being made on the rules screen: nothing to choose.
            return view! {
                <p class="explain" data-testid="editor-for-rules">
                    "For the custom rules being made: the position is checked against them."
                </p>
            }
            .into_any();
        }
        let options = choices.with_value(|c| {
            c.iter()
                .map(|p| {
                    let key = p.key();
                    let k2 = key.clone();
                    let label = match p {
                        PlayAs::Saved(s) => format!("{} (custom)", s.name),
                        other => other.title(),
                    };
                    view! { <option value=key selected=move || mode.with(|m| m.key() == k2)>{label}</option> }
                })
                .collect_view()
        });
        view! {
            <label class="field editor-mode">
                <span>"Play it as"</span>
                <select
                    data-testid="editor-mode"
                    prop:value=move || mode.with(PlayAs::key)
                    on:change=move |ev| {
                        let key = event_target_value(&ev);
                        if let Some(p) = choices.with_value(|c| c.iter().find(|p| p.key() == key).cloned()) {
                            mode.set(p);
                            error.set(None);
                            draft.set(None);
                        }
                    }
                >
                    {options}
                </select>
            </label>
        }
        .into_any()
    };

    // ---- Chess# reserves ----
    let counter = move |side: Side, role: Role| {
        let code = piece_code(Piece { side, role });
        let count = move || setup.with(|s| s.reserve(side, role));
        let max = if role == Role::King { 1 } else { RESERVE_MAX };
        let who = side_name(Piece { side, role }).to_lowercase();
        view! {
            <div class="counter">
                <button
                    class="small"
                    data-testid=format!("reserve-{code}-minus")
                    aria-label=format!("One {who} less in the reserve")
                    prop:disabled=move || count() == 0
                    on:click=move |_| edit(&|s| s.add_reserve(side, role, -1))
                >
                    "−"
                </button>
                <span class="count" data-testid=format!("reserve-{code}-count")>{count}</span>
                <button
                    class="small"
                    data-testid=format!("reserve-{code}-plus")
                    aria-label=format!("One {who} more in the reserve")
                    prop:disabled=move || { count() >= max }
                    on:click=move |_| edit(&|s| s.add_reserve(side, role, 1))
                >
                    "+"
                </button>
            </div>
        }
    };
    let reserves = move || {
        rules.with(|r| r.drops).then(|| {
            let rows = RESERVE_ROLES
                .into_iter()
                .map(|role| {
                    view! {
                        <div class="reserve-row">
                            <PieceIcon piece=Piece { side: Side::WHITE, role } class="reserve-icon" />
                            {counter(Side::WHITE, role)}
                            <PieceIcon piece=Piece { side: Side::BLACK, role } class="reserve-icon" />
                            {counter(Side::BLACK, role)}
                        </div>
                    }
                })
                .collect_view();
            view! {
                <fieldset class="options editor-reserves" data-testid="editor-reserves">
                    <legend>"Reserves (Chess#)"</legend>
                    {rows}
                </fieldset>
            }
        })
    };

    // ---- FEN ----
    let load = move |_| {
        let text = draft
            .get_untracked()
            .or_else(|| fen_area.get_untracked().map(|a| a.value()))
            .unwrap_or_default();
        match Setup::from_fen(&text) {
            Ok(s) => {
                // Holdings mean a game with a reserve: Chess# unless the rules have one.
                let reserve = rules.with_untracked(|r| r.drops);
                if text.contains('[') && !reserve && !in_rules {
                    mode.set(PlayAs::Mode(Mode::Sharp));
                }
                selected.set(None);
                edit(&|old| *old = s.clone());
            }
            Err(e) => error.set(Some(format!(
                "This FEN could not be read: {e}. Nothing was changed."
            ))),
        }
    };
    let copy = move |_| {
        if let Some(area) = fen_area.get_untracked() {
            let area: web_sys::HtmlTextAreaElement = area.unchecked_into();
            crate::ui::transfer::copy(&area, copied);
        }
    };

    let play = move |_| {
        let r = rules.get_untracked();
        let result: Result<Game, String> = setup.with_untracked(|s| s.for_rules(&r).game(&r));
        match result {
            Ok(game) => {
                played.set_value(true);
                let names = state.names.get_untracked();
                let control = default_time_control(r.mode);
                if let Some(fam) = fam {
                    fam.end();
                }
                state.replace_game(game, names, control);
                state.dialog.set(None);
                state.say(format!(
                    "New game of {} from the position set up.",
                    mode.with_untracked(PlayAs::title)
                ));
            }
            Err(e) => {
                state.say(e.clone());
                error.set(Some(e));
            }
        }
    };

    // Back to the rules screen with this position as the custom game's start, once it passes
    // the same checks as Play (under the rules being made, e.g. Rule Zero corner pieces).
    let use_start = move |_| {
        let r = rules.get_untracked();
        match setup.with_untracked(|s| s.for_rules(&r).game(&r)) {
            Ok(_) => {
                let fen = setup.with_untracked(|s| s.fen_for(&r));
                if let Some(c) = start_ctx {
                    c.use_position(state, fen);
                }
            }
            Err(e) => {
                state.say(e.clone());
                error.set(Some(e));
            }
        }
    };

    // The piece under the finger while dragging, drawn above everything.
    let ghost = move || {
        let p = press.get().filter(|p| p.moved)?;
        let piece = match p.source {
            Source::Palette(piece) => Some(piece),
            Source::Square(sq) => setup.with_untracked(|s| s.piece_at(sq)),
            Source::Eraser => None,
        };
        let (scale, lift) = if p.touch { (1.5, 0.6) } else { (1.1, 0.0) };
        let size = p.square_px * scale;
        let style = format!(
            "left:{:.1}px;top:{:.1}px;width:{size:.1}px;height:{size:.1}px",
            p.at.0 - size / 2.0,
            p.at.1 - size / 2.0 - lift * p.square_px
        );
        Some(match piece {
            Some(piece) => view! {
                <div class="tray-ghost editor-ghost" style=style>
                    <PieceIcon piece />
                </div>
            }
            .into_any(),
            None => {
                view! { <div class="tray-ghost editor-ghost eraser-ghost" style=style>"✕"</div> }
                    .into_any()
            }
        })
    };

    let status = move || {
        if error.with(|e| e.is_some()) {
            return None;
        }
        Some(match problem.get() {
            Some(why) => view! {
                <p class="editor-status warn" data-testid="editor-warning">
                    <strong>"Not playable yet: "</strong>
                    {why}
                </p>
            }
            .into_any(),
            None => view! {
                <p class="editor-status ok" data-testid="editor-ok">
                    {move || format!("Ready: {} to move in {}.", setup.with(|s| s.turn.name()), mode.with(PlayAs::title))}
                </p>
            }
            .into_any(),
        })
    };

    view! {
        <div
            class="editor"
            role="dialog"
            aria-modal="true"
            aria-label="Set up a position"
            data-testid="editor-view"
            node_ref=root
            on:pointermove=on_move
            on:pointerup=on_up
            on:pointercancel=on_cancel
            on:lostpointercapture=on_cancel
            on:contextmenu=|ev| ev.prevent_default()
        >
            <div class="editor-board-area">{board}</div>
            <section class="editor-panel">
                <header class="editor-head">
                    <h2>"Set up a position"</h2>
                </header>
                <div class="editor-scroll">
                    <div class="palette" role="group" aria-label="Pieces">
                        {palette_row(Side::WHITE)}
                        {palette_row(Side::BLACK)}
                    </div>
                    <p class="explain palette-hint">{brush_hint}</p>
                    <div class="editor-tools">
                        <button
                            class="small"
                            class:chosen=move || brush.get() == Some(Brush::Eraser)
                            data-testid="palette-eraser"
                            aria-pressed=move || (brush.get() == Some(Brush::Eraser)).to_string()
                            on:pointerdown=move |ev| begin(Source::Eraser, &ev)
                            on:click=move |ev| {
                                if ev.detail() == 0 {
                                    toggle_brush(Brush::Eraser);
                                }
                            }
                        >
                            "✕ Eraser"
                        </button>
                        <button class="small" data-testid="editor-clear" on:click=move |_| {
                            selected.set(None);
                            edit(&|s| s.clear());
                        }>"Clear board"</button>
                        <button class="small" data-testid="editor-start" on:click=move |_| {
                            let start = rules.with_untracked(|r| Setup::from_fen(&r.start_fen)).unwrap_or_default();
                            selected.set(None);
                            edit(&|s| *s = start.clone());
                        }>"Start position"</button>
                        <button class="small" data-testid="editor-from-game" on:click=move |_| {
                            let now = from_game(state);
                            selected.set(None);
                            edit(&|s| *s = now.clone());
                        }>"Game position"</button>
                    </div>
                    <div class="editor-row">
                        <span class="editor-label">"To move"</span>
                        <div class="segmented">
                            {turn_button(Side::WHITE, "editor-turn-white")}
                            {turn_button(Side::BLACK, "editor-turn-black")}
                        </div>
                    </div>
                    {mode_select}
                    <fieldset class="options editor-castling">
                        <legend>"Castling"</legend>
                        <div class="castle-grid">
                            {castle_box(0, "White O-O")}
                            {castle_box(1, "White O-O-O")}
                            {castle_box(2, "Black O-O")}
                            {castle_box(3, "Black O-O-O")}
                        </div>
                        {castle_note}
                    </fieldset>
                    {reserves}
                    <label class="field editor-fen-field">
                        <span>"FEN"</span>
                        <textarea
                            node_ref=fen_area
                            data-testid="editor-fen"
                            rows="2"
                            spellcheck="false"
                            autocomplete="off"
                            prop:value=move || draft.get().unwrap_or_else(|| live_fen.get())
                            on:input=move |ev| draft.set(Some(event_target_value(&ev)))
                        ></textarea>
                    </label>
                    <div class="editor-fen-buttons">
                        <button class="small" data-testid="editor-copy" on:click=copy>"Copy"</button>
                        <button class="small" data-testid="editor-load" on:click=load>"Load FEN"</button>
                        <span class="copied" data-testid="editor-copied">{move || copied.get()}</span>
                    </div>
                </div>
                // Whether the position can be played, always in sight above the buttons.
                <div class="editor-verdict" aria-live="polite">
                    {status}
                    {move || error.get().map(|e| view! { <p class="error" role="alert" data-testid="editor-error">{e}</p> })}
                </div>
                <footer class="editor-foot">
                    <button data-testid="editor-cancel" on:click=move |_| {
                        if let Some(c) = start_ctx.filter(|_| in_rules) {
                            c.back_to_rules(state);
                        } else {
                            state.dialog.set(None);
                        }
                    }>
                        "Cancel"
                    </button>
                    {move || if in_rules {
                        view! {
                            <button class="primary" data-testid="editor-use-start" on:click=use_start>
                                "Use this position"
                            </button>
                        }.into_any()
                    } else {
                        view! {
                            <button class="primary" data-testid="editor-play" on:click=play>
                                "Play from here"
                            </button>
                        }.into_any()
                    }}
                </footer>
            </section>
            {ghost}
        </div>
    }
}
