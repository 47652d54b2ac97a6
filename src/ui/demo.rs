//! Demo (projector) mode for the two-player games (issue 5): the board as large as the screen
//! with big coordinates outside its edge and high-contrast colours, a slim tool column that
//! never moves the board, arrows and circles drawn on the board, "Show moves" for any piece
//! (with the squares where a king could be taken in king-capture games), the rules in plain
//! words with demonstration positions, stepping through the game and take-back.
//!
//! The board calls [`pointer_down`] & co. first: a second button (mouse right button, pen
//! barrel button) or the Draw tool draws instead of moving pieces, and "Show moves" taps
//! show instead of moving.

use crate::rules::explain::explain;
use crate::rules::fen::write_fen;
use crate::rules::game::Game;
use crate::rules::ruleset::Mode;
use crate::rules::types::{MoveKind, Piece, Side, Square};
use crate::rules::Geometry;
use crate::ui::chess_clock::{ClockBar, ClockFace};
use crate::ui::move_list::MoveList;
use crate::ui::review::{self, LineKind, NavButtons, ViewingBar};
use crate::ui::state::AppState;
use crate::ui::status::Message;
use crate::ui::teacher_lock::{as_teacher, Guarded};
use leptos::prelude::*;
use std::collections::HashMap;
use web_sys::PointerEvent;

/// The pen colours: distinct for colour-blind eyes too (green/red differ in lightness).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Pen {
    Green,
    Red,
    Blue,
    Yellow,
}

impl Pen {
    pub const ALL: [Pen; 4] = [Pen::Green, Pen::Red, Pen::Blue, Pen::Yellow];
    pub fn key(self) -> &'static str {
        match self {
            Pen::Green => "green",
            Pen::Red => "red",
            Pen::Blue => "blue",
            Pen::Yellow => "yellow",
        }
    }
    fn colour(self) -> &'static str {
        match self {
            Pen::Green => "#0f9d3a",
            Pen::Red => "#e0192d",
            Pen::Blue => "#1f5fe0",
            Pen::Yellow => "#ffc400",
        }
    }
}

/// A drawing on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Mark {
    Arrow(Square, Square, Pen),
    Circle(Square, Pen),
}

impl Mark {
    fn same_place(&self, other: &Mark) -> bool {
        match (self, other) {
            (Mark::Arrow(a, b, _), Mark::Arrow(c, d, _)) => a == c && b == d,
            (Mark::Circle(a, _), Mark::Circle(b, _)) => a == b,
            _ => false,
        }
    }
}

/// An arrow or circle being drawn: the pointer, where it started, where it is now.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Drawing {
    pointer: i32,
    from: Square,
    to: Option<Square>,
}

#[derive(Clone, Copy)]
pub struct Demo {
    pub on: RwSignal<bool>,
    /// Touch: fingers draw instead of moving pieces.
    pub draw_tool: RwSignal<bool>,
    pub pen: RwSignal<Pen>,
    /// Drawings per position on screen (FEN without the move counters), so stepping back and
    /// forth shows each position's own drawings and a new move starts with a clean board.
    pub marks: RwSignal<HashMap<String, Vec<Mark>>>,
    pub drawing: RwSignal<Option<Drawing>>,
    /// Taps show a piece's moves instead of moving it.
    pub show_moves: RwSignal<bool>,
    /// The piece whose moves are shown.
    pub shown: RwSignal<Option<Square>>,
    pub rules_open: RwSignal<bool>,
    /// We asked the browser for fullscreen (and so leave it on exit).
    fullscreen: StoredValue<bool>,
}

impl Demo {
    pub fn new() -> Demo {
        Demo {
            on: RwSignal::new(false),
            draw_tool: RwSignal::new(false),
            pen: RwSignal::new(Pen::Green),
            marks: RwSignal::new(HashMap::new()),
            drawing: RwSignal::new(None),
            show_moves: RwSignal::new(false),
            shown: RwSignal::new(None),
            rules_open: RwSignal::new(false),
            fullscreen: StoredValue::new(false),
        }
    }
}

fn geo() -> &'static Geometry<u64> {
    Geometry::standard()
}

/// The drawings' key of a position: pieces, side to move, castling, en passant.
fn position_key(g: &Game) -> String {
    write_fen(g.position())
        .split_whitespace()
        .take(4)
        .collect::<Vec<_>>()
        .join(" ")
}

// ---------------------------------------------------------------------------------------------
// Entering and leaving

fn document() -> Option<web_sys::Document> {
    web_sys::window()?.document()
}

/// Calls a fullscreen method by name and swallows a refusal (its promise rejects when the
/// browser or the user says no: that must never show up as an error).
fn call_quietly(target: &leptos::wasm_bindgen::JsValue, method: &str) {
    use leptos::wasm_bindgen::{closure::Closure, JsCast, JsValue};
    use web_sys::js_sys::{Function, Promise, Reflect};
    let Ok(f) = Reflect::get(target, &JsValue::from_str(method)) else {
        return;
    };
    let Some(f) = f.dyn_ref::<Function>() else {
        return;
    };
    if let Ok(p) = f.call0(target) {
        if let Some(p) = p.dyn_ref::<Promise>() {
            let quiet = Closure::wrap(Box::new(|_: JsValue| {}) as Box<dyn FnMut(JsValue)>);
            let _ = p.catch(&quiet);
            quiet.forget();
        }
    }
}

fn in_fullscreen() -> bool {
    document().is_some_and(|d| d.fullscreen_element().is_some())
}

pub fn enter(state: AppState) {
    let d = state.demo;
    d.on.set(true);
    state.clear_selection();
    state.drag.set(None);
    if !in_fullscreen() {
        if let Some(el) = document().and_then(|doc| doc.document_element()) {
            d.fullscreen.set_value(true);
            call_quietly(&el, "requestFullscreen");
        }
    }
    state.say("Demo mode. Escape leaves it.".into());
}

pub fn exit(state: AppState) {
    let d = state.demo;
    if !d.on.get_untracked() {
        return;
    }
    d.on.set(false);
    d.draw_tool.set(false);
    d.drawing.set(None);
    d.show_moves.set(false);
    d.shown.set(None);
    d.rules_open.set(false);
    // Variations and demonstrations belong to demo mode: back to the game.
    state.review.line.set(None);
    review::back_to_game(state);
    if d.fullscreen.get_value() {
        d.fullscreen.set_value(false);
        if in_fullscreen() {
            if let Some(doc) = document() {
                call_quietly(&doc, "exitFullscreen");
            }
        }
    }
}

/// Escape leaves demo mode (a drawing in progress is dropped first). In fullscreen the
/// browser's own Escape ends fullscreen, and [`watch_fullscreen`] leaves demo mode with it.
pub fn escape(state: AppState) {
    if state.demo.drawing.get_untracked().is_some() {
        state.demo.drawing.set(None);
    } else {
        exit(state);
    }
}

/// Leaving the browser's fullscreen (its own Escape, which pages do not see) leaves demo mode.
pub fn watch_fullscreen(state: AppState) {
    use leptos::wasm_bindgen::{closure::Closure, JsCast};
    let Some(doc) = document() else { return };
    let cb = Closure::wrap(Box::new(move |_: web_sys::Event| {
        if !in_fullscreen() && state.demo.fullscreen.get_value() {
            state.demo.fullscreen.set_value(false);
            exit(state);
        }
    }) as Box<dyn FnMut(web_sys::Event)>);
    let _ = doc.add_event_listener_with_callback("fullscreenchange", cb.as_ref().unchecked_ref());
    // The app lives as long as the page.
    cb.forget();
}

// ---------------------------------------------------------------------------------------------
// Pointer: drawing and showing moves

/// Whether this press draws: mouse right button, pen barrel button, or the Draw tool.
fn draws(d: Demo, ev: &PointerEvent) -> bool {
    let kind = ev.pointer_type();
    (kind == "mouse" && ev.button() == 2)
        || (kind == "pen" && (ev.button() == 2 || ev.buttons() & 2 != 0))
        || (d.draw_tool.get_untracked() && ev.button() == 0)
}

/// First look at a press on the board. True: demo mode took it (the board moves nothing);
/// the board then captures the pointer.
pub fn pointer_down(state: AppState, ev: &PointerEvent, sq: Option<Square>) -> bool {
    let d = state.demo;
    if !d.on.get_untracked() {
        return false;
    }
    if draws(d, ev) {
        ev.prevent_default();
        d.drawing.set(sq.map(|from| Drawing {
            pointer: ev.pointer_id(),
            from,
            to: Some(from),
        }));
        return true;
    }
    if d.show_moves.get_untracked() && ev.button() == 0 {
        ev.prevent_default();
        let has_piece = sq.is_some_and(|s| {
            review::with_board_game_untracked(state, |g| g.position().piece_at(s).is_some())
        });
        let again = d.shown.get_untracked() == sq;
        d.shown.set(if has_piece && !again { sq } else { None });
        return true;
    }
    false
}

pub fn pointer_move(state: AppState, ev: &PointerEvent, sq: Option<Square>) -> bool {
    let d = state.demo;
    let Some(dr) = d.drawing.get_untracked() else {
        return false;
    };
    if dr.pointer != ev.pointer_id() {
        return false;
    }
    ev.prevent_default();
    if dr.to != sq {
        d.drawing.set(Some(Drawing { to: sq, ..dr }));
    }
    true
}

/// The release: finishes a drawing (same square: a circle; another: an arrow; drawing the
/// same again removes it). True when demo mode took the pointer.
pub fn pointer_up(state: AppState, ev: &PointerEvent, sq: Option<Square>) -> bool {
    let d = state.demo;
    if !d.on.get_untracked() {
        return false;
    }
    let Some(dr) = d
        .drawing
        .get_untracked()
        .filter(|dr| dr.pointer == ev.pointer_id())
    else {
        // A press that demo mode took (show moves, a draw press off the board) ends here too.
        return d.show_moves.get_untracked() || draws(d, ev);
    };
    d.drawing.set(None);
    let Some(to) = sq else { return true };
    let pen = d.pen.get_untracked();
    let mark = if to == dr.from {
        Mark::Circle(to, pen)
    } else {
        Mark::Arrow(dr.from, to, pen)
    };
    let key = review::with_board_game_untracked(state, position_key);
    d.marks.update(|all| {
        let list = all.entry(key).or_default();
        match list.iter().position(|m| m.same_place(&mark)) {
            // The same drawing again removes it; in another colour it changes colour.
            Some(i) if list[i] == mark => {
                list.remove(i);
            }
            Some(i) => list[i] = mark,
            None => list.push(mark),
        }
    });
    true
}

pub fn cancel(state: AppState, id: i32) {
    if state
        .demo
        .drawing
        .get_untracked()
        .is_some_and(|d| d.pointer == id)
    {
        state.demo.drawing.set(None);
    }
}

// ---------------------------------------------------------------------------------------------
// Show moves

/// The moves of a tapped piece: (square, capture, danger), where danger means that after the
/// move its own king could be taken (king-capture games only: elsewhere such moves are not
/// legal at all).
#[derive(Clone, PartialEq, Debug)]
pub struct ShownMoves {
    pub from: Square,
    pub piece: Piece,
    pub dests: Vec<(Square, bool, bool)>,
    /// The game is won by capturing the king (Primary, Chess#).
    pub king_capture: bool,
    pub mode: Mode,
}

/// Every destination of the piece on `from`, even when it is not that side's turn.
pub fn moves_of(g: &Game, from: Square) -> Option<ShownMoves> {
    let mut pos = *g.position();
    let piece = pos.piece_at(from)?;
    let king_capture = !g.rules().check_restricts();
    if pos.turn() != piece.side {
        pos.set_turn(piece.side);
        // An en passant right belongs to the real side to move only.
        for s in [Side::WHITE, Side::BLACK] {
            pos.set_ep_square(s, None);
        }
    }
    let mut dests: Vec<(Square, bool, bool)> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from == from && !m.is_drop())
        .map(|&m| {
            let capture = m.kind == MoveKind::EnPassant
                || (!matches!(m.kind, MoveKind::Castle { .. }) && pos.piece_at(m.to).is_some());
            let after = pos.after(m);
            let danger =
                king_capture && after.king(piece.side).is_some() && after.in_check(piece.side);
            (m.to, capture, danger)
        })
        .collect();
    dests.sort();
    dests.dedup_by_key(|d| d.0);
    Some(ShownMoves {
        from,
        piece,
        dests,
        king_capture,
        mode: g.rules().mode,
    })
}

fn shown_moves(state: AppState) -> Option<ShownMoves> {
    let from = state.demo.shown.get()?;
    review::with_board_game(state, |g| moves_of(g, from))
}

/// The caption under "Show moves": what the marks mean, in plain words.
fn caption(s: &ShownMoves) -> String {
    let side = s.piece.side.name();
    let name = s.piece.role.name();
    let n = s.dests.len();
    if n == 0 {
        return format!(
            "The {side} {name} on {} cannot move now.",
            geo().name(s.from)
        );
    }
    let mut t = format!(
        "The {side} {name} on {} can go to {n} square{}.",
        geo().name(s.from),
        if n == 1 { "" } else { "s" }
    );
    if s.dests.iter().any(|d| d.2) {
        let game = match s.mode {
            Mode::Custom => "this game".to_string(),
            m => m.title().to_string(),
        };
        if s.piece.role == crate::rules::types::Role::King {
            t.push_str(&format!(
                " ✖ Red cross: your king could be taken there — in {game} that loses the game."
            ));
        } else {
            t.push_str(&format!(
                " ✖ Red cross: after that move your king could be taken — in {game} that loses the game."
            ));
        }
    }
    t
}

// ---------------------------------------------------------------------------------------------
// On the board

const HEAD: f64 = 34.0;

fn arrow_view(
    from: (f64, f64),
    to: (f64, f64),
    pen: Pen,
    attrs: Option<(Square, Square)>,
) -> impl IntoView {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let len = dx.hypot(dy).max(1.0);
    let (ux, uy) = (dx / len, dy / len);
    // Start a little off the centre, end where the head begins.
    let (sx, sy) = (from.0 + ux * 18.0, from.1 + uy * 18.0);
    let (ex, ey) = (to.0 - ux * HEAD, to.1 - uy * HEAD);
    let (px, py) = (-uy, ux);
    let head = format!(
        "{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}",
        to.0 - ux * 4.0,
        to.1 - uy * 4.0,
        ex + px * 26.0,
        ey + py * 26.0,
        ex - px * 26.0,
        ey - py * 26.0
    );
    let colour = pen.colour();
    let (testid, f, t) = match attrs {
        Some((a, b)) => ("arrow", geo().name(a), geo().name(b)),
        None => ("arrow-preview", String::new(), String::new()),
    };
    view! {
        <g class="mark arrow" data-testid=testid data-from=f data-to=t data-colour=pen.key()>
            <line x1=sx y1=sy x2=ex y2=ey stroke=colour stroke-width="17" stroke-linecap="round"></line>
            <polygon points=head fill=colour></polygon>
        </g>
    }
}

/// Drawings, the arrow being drawn and the shown moves, in board units over the pieces.
/// `centre` gives a square's centre for the current orientation.
pub fn board_layer(
    state: AppState,
    centre: impl Fn(Square) -> (f64, f64) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let d = state.demo;
    let marks = move || {
        if !d.on.get() {
            return Vec::new();
        }
        let key = review::with_board_game(state, position_key);
        d.marks.with(|m| m.get(&key).cloned().unwrap_or_default())
    };
    let drawn = move || {
        marks()
            .into_iter()
            .map(|m| match m {
                Mark::Arrow(a, b, pen) => {
                    arrow_view(centre(a), centre(b), pen, Some((a, b))).into_any()
                }
                Mark::Circle(s, pen) => {
                    let (x, y) = centre(s);
                    view! {
                        <circle
                            class="mark circle"
                            data-testid="circle"
                            data-square=geo().name(s)
                            data-colour=pen.key()
                            cx=x
                            cy=y
                            r="44"
                            fill="none"
                            stroke=pen.colour()
                            stroke-width="8"
                        ></circle>
                    }
                    .into_any()
                }
            })
            .collect_view()
    };
    let preview = move || {
        let dr = d.drawing.get()?;
        let pen = d.pen.get();
        let to = dr.to?;
        Some(if to == dr.from {
            let (x, y) = centre(to);
            view! { <circle class="mark circle preview" cx=x cy=y r="44" fill="none" stroke=pen.colour() stroke-width="8"></circle> }
                .into_any()
        } else {
            arrow_view(centre(dr.from), centre(to), pen, None).into_any()
        })
    };
    let shown = move || {
        let s = shown_moves(state)?;
        let (fx, fy) = centre(s.from);
        let dests = s
            .dests
            .iter()
            .map(|&(sq, capture, danger)| {
                let (x, y) = centre(sq);
                if danger {
                    let k = 30.0;
                    view! {
                        <g class="show-danger" data-testid="hint-danger" data-square=geo().name(sq)>
                            <line x1=x - k y1=y - k x2=x + k y2=y + k></line>
                            <line x1=x - k y1=y + k x2=x + k y2=y - k></line>
                        </g>
                    }
                    .into_any()
                } else {
                    view! {
                        <circle
                            class=if capture { "show-move ring" } else { "show-move dot" }
                            data-testid="hint-show"
                            data-square=geo().name(sq)
                            cx=x
                            cy=y
                            r=if capture { "42" } else { "17" }
                        ></circle>
                    }
                    .into_any()
                }
            })
            .collect_view();
        Some(view! {
            <rect class="show-from" x=fx - 46.0 y=fy - 46.0 width="92" height="92"></rect>
            {dests}
        })
    };
    view! {
        <g class="demo-layer" aria-hidden="true">
            {shown}
            {drawn}
            {preview}
        </g>
    }
}

/// Big file letters under the board and rank numbers left of it (outside the board edge).
#[component]
pub fn DemoCoords(state: AppState) -> impl IntoView {
    let bottom = Memo::new(move |_| state.bottom());
    let files = move || {
        let white = bottom.get() == Side::WHITE;
        (0..8u8)
            .map(|i| {
                let f = if white { i } else { 7 - i };
                view! { <span>{geo().file_names[f as usize].to_string()}</span> }
            })
            .collect_view()
    };
    let ranks = move || {
        let white = bottom.get() == Side::WHITE;
        (0..8u8)
            .map(|i| {
                let r = if white { 8 - i } else { i + 1 };
                view! { <span>{r.to_string()}</span> }
            })
            .collect_view()
    };
    view! {
        <div class="demo-files" data-testid="demo-files" aria-hidden="true">{files}</div>
        <div class="demo-ranks" data-testid="demo-ranks" aria-hidden="true">{ranks}</div>
    }
}

// ---------------------------------------------------------------------------------------------
// The tool column

fn rules_panel(state: AppState) -> impl IntoView {
    let list = state.game.with_untracked(|g| explain(g.rules()));
    let title = state.game.with_untracked(|g| g.rules().mode.title());
    view! {
        <section class="rules-panel" data-testid="rules-panel" aria-label="Rules">
            <div class="rules-head">
                <h2>{format!("Rules of {title}")}</h2>
                <button class="small" data-testid="close-rules" on:click=move |_| state.demo.rules_open.set(false)>
                    "Close"
                </button>
            </div>
            {list
                .into_iter()
                .map(|r| {
                    let show = r.demo_fen.map(|fen| {
                        let title = r.title.clone();
                        let note = r.demo_note.unwrap_or_default().to_string();
                        view! {
                            <button
                                class="small show-me"
                                data-testid="show-me"
                                on:click=move |_| review::show_side(state, title.clone(), note.clone(), fen)
                            >
                                "Show me"
                            </button>
                        }
                    });
                    view! {
                        <article class="rule" data-testid="rule">
                            <h3>{r.title}</h3>
                            <p>{r.text}</p>
                            {show}
                        </article>
                    }
                })
                .collect_view()}
        </section>
    }
}

/// Whose turn it is on the board on screen, or how the game ended.
fn turn_line(state: AppState) -> impl IntoView {
    move || {
        let (turn, over) = review::with_board_game(state, |g| (g.turn(), g.outcome()));
        match over {
            Some(o) => state.winner_text(&o),
            None => format!("{} to move", turn.name()),
        }
    }
}

#[component]
pub fn DemoPanel(state: AppState) -> impl IntoView {
    let d = state.demo;
    let toggle = |s: RwSignal<bool>| move |_| s.update(|v| *v = !*v);
    let pens = Pen::ALL
        .into_iter()
        .map(|pen| {
            view! {
                <button
                    class="pen"
                    class:chosen=move || d.pen.get() == pen
                    data-testid=format!("pen-{}", pen.key())
                    aria-label=format!("{} pen", pen.key())
                    aria-pressed=move || (d.pen.get() == pen).to_string()
                    style=format!("--pen: {}", pen.colour())
                    on:click=move |_| d.pen.set(pen)
                ></button>
            }
        })
        .collect_view();
    let any_marks = move || d.marks.with(|m| m.values().any(|v| !v.is_empty()));
    let can_take_back = move || state.game.with(|g| !g.moves().is_empty());
    let take_back = move |_| {
        as_teacher(Guarded::TakeBack, move || {
            state.take_back();
        })
    };
    let show_caption = move || {
        shown_moves(state).map(|s| {
            view! { <p class="show-caption" data-testid="show-moves-caption">{caption(&s)}</p> }
        })
    };
    let is_side = move || {
        state
            .review
            .line
            .with(|l| matches!(l, Some(l) if matches!(l.kind, LineKind::Side { .. })))
    };
    view! {
        <aside class="demo-panel" data-testid="demo-panel" aria-label="Demo tools">
            <div class="demo-head">
                <span class="demo-mode">{move || state.game.with(|g| g.rules().mode.title())}</span>
                <button class="small exit" data-testid="exit-demo" title="Leave demo mode (Escape)" on:click=move |_| exit(state)>
                    "Exit demo"
                </button>
            </div>
            <div class="demo-turn" data-testid="demo-turn">{turn_line(state)}</div>
            // A timed game: both clocks here, as the player strips are not shown.
            {move || {
                state.clock.with(|c| c.is_some()).then(|| view! {
                    <div class="demo-clocks">
                        <span class="demo-clock"><span>"White"</span><ClockFace state side=Side::WHITE /></span>
                        <span class="demo-clock"><span>"Black"</span><ClockFace state side=Side::BLACK /></span>
                    </div>
                    <ClockBar state />
                })
            }}
            <ViewingBar state />
            <NavButtons state />
            <div class="demo-row draw-row" role="group" aria-label="Drawing">
                <button
                    class="tool"
                    class:on=move || d.draw_tool.get()
                    data-testid="draw-tool"
                    aria-pressed=move || d.draw_tool.get().to_string()
                    title="Draw with a finger: drag for an arrow, tap for a circle (the mouse draws with its right button)"
                    on:click=move |_| {
                        d.draw_tool.update(|v| *v = !*v);
                        if d.draw_tool.get_untracked() {
                            d.show_moves.set(false);
                            d.shown.set(None);
                        }
                    }
                >
                    "✎ Draw"
                </button>
                {pens}
                <button class="tool" data-testid="clear-drawings" disabled=move || !any_marks() on:click=move |_| d.marks.set(HashMap::new())>
                    "Clear"
                </button>
            </div>
            <div class="demo-row">
                <button
                    class="tool"
                    class:on=move || d.show_moves.get()
                    data-testid="show-moves"
                    aria-pressed=move || d.show_moves.get().to_string()
                    title="Tap a piece to see where it can go"
                    on:click=move |_| {
                        d.show_moves.update(|v| *v = !*v);
                        d.shown.set(None);
                        if d.show_moves.get_untracked() {
                            d.draw_tool.set(false);
                        }
                    }
                >
                    "Show moves"
                </button>
                <button
                    class="tool"
                    class:on=move || d.rules_open.get()
                    data-testid="rules-help"
                    aria-pressed=move || d.rules_open.get().to_string()
                    on:click=toggle(d.rules_open)
                >
                    "Rules"
                </button>
                <button
                    class="tool"
                    data-testid="take-back"
                    title="Take back the last move of the game (teacher)"
                    disabled=move || !can_take_back() || is_side()
                    on:click=take_back
                >
                    "Take back"
                </button>
            </div>
            {show_caption}
            <Message state />
            <div class="demo-body">
                {move || if d.rules_open.get() { rules_panel(state).into_any() } else { view! { <MoveList state /> }.into_any() }}
            </div>
        </aside>
    }
}
