//! Demo (projector) mode's screen, for both kinds of game: the board as large as the screen
//! with big coordinates outside its edge and high-contrast colours, and a slim tool column
//! that never moves the board — drawing pens, "Show moves" with a caption in plain words,
//! the rules (with demonstration positions where the rules have them), stepping through the
//! game and take-back. The drawings and "Show moves" themselves are the game screen's
//! ([`crate::ui::game::demo`]).

mod rule_words;

use crate::rules::explain::explain;
use crate::rules::ruleset::Mode;
use crate::rules::types::{Role, Side};
use crate::text::msg;
use crate::text::words;
use crate::ui::board::marks::Drawings;
use crate::ui::board::memo;
use crate::ui::board::Pen;
use crate::ui::board::Tracked;
use crate::ui::game::demo::{self, exit};
use crate::ui::game::lock::{as_teacher, Guarded};
use crate::ui::game::panels::clock::{ClockBar, ClockFace};
use crate::ui::game::panels::computer::BestMoveButton;
use crate::ui::game::panels::family::rules::{sentence, TOGGLES};
use crate::ui::game::panels::moves::{MoveList, NavButtons, ViewingBar};
use crate::ui::game::panels::status::Message;
use crate::ui::game::part::Part;
use crate::ui::game::review::{self, shown::Line};
use crate::ui::game::session::{PieceMoves, Session};
use crate::ui::game::state::GameState;
use crate::ui::platform::taps;
use leptos::prelude::*;
use leptos::wasm_split::wasm_split;

/// Big file letters under the board and rank numbers left of it (outside the board edge).
#[component]
pub fn OuterCoords(state: GameState) -> impl IntoView {
    let names = memo(move || {
        let rot = state.rotation();
        state.session.with(|s| s.shape().edge_names(rot))
    });
    let cells = move || names.with(|n| n.0.len()).to_string();
    let spans = |list: Vec<String>| {
        list.into_iter()
            .map(|t| view! { <span>{t}</span> })
            .collect_view()
    };
    view! {
        <div class="demo-files" data-testid="demo-files" aria-hidden="true" style:--cells=cells>
            {move || spans(names.with(|n| n.0.clone()))}
        </div>
        <div class="demo-ranks" data-testid="demo-ranks" aria-hidden="true" style:--cells=cells>
            {move || spans(names.with(|n| n.1.clone()))}
        </div>
    }
}

/// The caption under "Show moves": what the marks mean, in plain words.
fn caption(state: GameState, m: &PieceMoves) -> String {
    let name = state.session.with_untracked(|s| s.piece_name(m.piece));
    let square = state
        .session
        .with_untracked(|s| s.shape().name(m.shown.from).to_string());
    let n = m.shown.dests.len();
    if n == 0 {
        return msg::demo_cannot_move(&name, &square);
    }
    let mut t = msg::demo_can_go(&name, &square, n as u64);
    if m.shown.dests.iter().any(|d| d.2) {
        // A second sentence: whose king, and the game named when it has a name of its own.
        let king = m.piece.role == Role::King;
        let cross = match m.mode {
            Some(Mode::Custom) | None if king => msg::demo_red_cross_king_this_game().to_string(),
            Some(Mode::Custom) | None => msg::demo_red_cross_piece_this_game().to_string(),
            Some(mode) if king => msg::demo_red_cross_king(&words::mode(mode)),
            Some(mode) => msg::demo_red_cross_piece(&words::mode(mode)),
        };
        t.push(' ');
        t.push_str(&cross);
    }
    t
}

/// What a pen's button is called for a screen reader.
fn pen_label(pen: Pen) -> &'static str {
    match pen {
        Pen::Green => msg::demo_pen_green(),
        Pen::Red => msg::demo_pen_red(),
        Pen::Blue => msg::demo_pen_blue(),
        Pen::Yellow => msg::demo_pen_yellow(),
    }
}

fn rules_panel(state: GameState) -> impl IntoView {
    let (title, rules) = state.session.with_untracked(|s| match s {
        Session::Two(g) => (
            words::mode(g.rules().mode).to_string(),
            Some(explain(g.rules())),
        ),
        Session::Family(_) => (msg::demo_fun_family_chess().to_string(), None),
    });
    let list = match rules {
        Some(list) => list
            .into_iter()
            .map(|r| {
                let title = rule_words::title(&r);
                let show = r.demo().map(|demo| {
                    let (fen, note) = (demo.fen(), rule_words::demo_note(demo));
                    view! {
                        <button
                            class="small show-me"
                            data-testid="show-me"
                            on:click=move |_| review::show_side(state, title.into(), note.into(), fen)
                        >
                            {msg::demo_show_me()}
                        </button>
                    }
                });
                view! {
                    <article class="rule" data-testid="rule">
                        <h3>{title}</h3>
                        <p>{rule_words::text(&r)}</p>
                        {show}
                    </article>
                }
            })
            .collect_view()
            .into_any(),
        // Fun Family Chess: each supervisor rule as it stands, in a sentence.
        None => {
            let values = state
                .with_family_game(|g| *g.rules())
                .unwrap_or_default();
            TOGGLES
                .iter()
                .map(|t| {
                    let v = values.get(t.key).unwrap_or_default();
                    view! {
                        <article class="rule" data-testid="rule">
                            <h3>{t.title}</h3>
                            <p>{sentence(t.key, &v)}</p>
                        </article>
                    }
                })
                .collect_view()
                .into_any()
        }
    };
    view! {
        <section class="rules-panel" data-testid="rules-panel" aria-label=msg::demo_rules()>
            <div class="rules-head">
                <h2>{msg::demo_rules_of(&title)}</h2>
                <button class="small" data-testid="close-rules" on:click=move |_| state.demo.rules_open.set(false)>
                    {msg::close()}
                </button>
            </div>
            {list}
        </section>
    }
}

/// Whose turn it is on the board on screen, or how the game ended.
fn turn_line(state: GameState) -> impl IntoView {
    move || {
        state.with_board(|b| match b {
            Session::Two(g) => match g.outcome() {
                Some(o) => state.winner_text(&o),
                None => msg::demo_to_move(&words::side(g.turn())),
            },
            Session::Family(g) => match g.outcome() {
                Some(o) => state.family_outcome_title(&o),
                None => msg::demo_to_move(&b.seat_name(g.turn())),
            },
        })
    }
}

#[component]
pub fn DemoPanel(state: GameState) -> impl IntoView {
    demo::install_input();
    let d = state.demo;
    let toggle = |s: Tracked<bool>| move |_| s.update(|v| *v = !*v);
    let pens = Pen::ALL
        .into_iter()
        .map(|pen| {
            view! {
                <button
                    class="pen"
                    class:chosen=move || d.pen.get() == pen
                    data-testid=format!("pen-{}", pen.key())
                    aria-label=pen_label(pen)
                    aria-pressed=move || (d.pen.get() == pen).to_string()
                    style=format!("--pen: {}", pen.colour())
                    on:click=move |_| d.pen.set(pen)
                ></button>
            }
        })
        .collect_view();
    let any_marks = move || d.marks.with(Drawings::any);
    let can_take_back = move || state.session.with(|s| s.history_len() > 0);
    let take_back = move |_| {
        as_teacher(Guarded::TakeBack, move || {
            state.take_back();
        })
    };
    let show_caption = move || {
        let from = d.shown.get()?;
        let m = state.with_board(|b| b.piece_moves(from))?;
        Some(
            view! { <p class="show-caption" data-testid="show-moves-caption">{caption(state, &m)}</p> },
        )
    };
    let is_side = move || {
        state
            .review
            .line
            .with(|l| l.as_ref().is_some_and(Line::is_side))
    };
    let title = move || {
        state.session.with(|s| match s {
            Session::Two(g) => words::mode(g.rules().mode),
            Session::Family(_) => msg::demo_fun_family_chess(),
        })
    };
    let clocks = move || {
        state.clock.with(|c| c.is_some()).then(|| {
            let faces = [Side::WHITE, Side::BLACK]
                .into_iter()
                .map(|side| {
                    view! { <span class="demo-clock"><span>{words::side(side)}</span><ClockFace state side=side /></span> }
                })
                .collect_view();
            view! {
                <div class="demo-clocks">{faces}</div>
                <ClockBar state />
            }
        })
    };
    view! {
        <aside class="demo-panel" data-testid="demo-panel" aria-label=msg::demo_tools()>
            <div class="demo-head">
                <span class="demo-mode">{title}</span>
                <button class="small exit" data-testid="exit-demo" title=msg::demo_exit_title() on:click=move |_| exit(state)>
                    {msg::demo_exit()}
                </button>
            </div>
            <div class="demo-turn" data-testid="demo-turn">{turn_line(state)}</div>
            // A timed game: both clocks here, as the player strips are not shown.
            {clocks}
            <ViewingBar state />
            <NavButtons state />
            <BestMoveButton state />
            <div class="demo-row draw-row" role="group" aria-label=msg::demo_drawing()>
                <button
                    class="tool"
                    class:on=move || d.draw_tool.get()
                    data-testid="draw-tool"
                    aria-pressed=move || d.draw_tool.get().to_string()
                    title=msg::demo_draw_title()
                    on:click=move |_| {
                        d.draw_tool.update(|v| *v = !*v);
                        if d.draw_tool.get_untracked() {
                            d.show_moves.set(false);
                            d.shown.set(None);
                        }
                    }
                >
                    {msg::demo_draw()}
                </button>
                {pens}
                <button class="tool" data-testid="clear-drawings" disabled=move || !any_marks() on:click=move |_| d.marks.set(Drawings::default())>
                    {msg::demo_clear()}
                </button>
            </div>
            <div class="demo-row">
                <button
                    class="tool"
                    class:on=move || d.show_moves.get()
                    data-testid="show-moves"
                    aria-pressed=move || d.show_moves.get().to_string()
                    title=msg::demo_show_moves_title()
                    on:click=move |_| {
                        d.show_moves.update(|v| *v = !*v);
                        d.shown.set(None);
                        if d.show_moves.get_untracked() {
                            d.draw_tool.set(false);
                        }
                    }
                >
                    {msg::demo_show_moves()}
                </button>
                <button
                    class="tool"
                    class:on=move || d.rules_open.get()
                    data-testid="rules-help"
                    aria-pressed=move || d.rules_open.get().to_string()
                    on:click=toggle(d.rules_open)
                >
                    {msg::demo_rules()}
                </button>
                <button
                    class="tool"
                    data-testid="take-back"
                    title=msg::demo_take_back_title()
                    disabled=move || !can_take_back() || is_side()
                    on:click=take_back
                >
                    {msg::demo_take_back()}
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

/// Demo mode's tool column, fetched the first time a teacher opens demo mode (split out by
/// tools/app-build.mjs). Its buttons come with fast taps, as the side panel's do.
#[wasm_split(demo, wasm_split_path = leptos::wasm_split, fallible)]
pub fn demo_panel(state: GameState) -> Part {
    taps::install();
    Ok(view! { <DemoPanel state /> }.into_any())
}

/// Demo mode's big coordinates beside the board, fetched with the tool column.
#[wasm_split(demo, wasm_split_path = leptos::wasm_split, fallible)]
pub fn demo_coords(state: GameState) -> Part {
    Ok(view! { <OuterCoords state /> }.into_any())
}
