//! The game's record and looking back, for both kinds of game: the move list (numbered pairs
//! of moves, or one Fun Family record line each, the supervisor's rule changes between them),
//! scrolled to the newest; a tap on an entry shows the position after it. A variation (demo
//! mode) is shown in brackets after the move it replaces. First / previous / next / last
//! buttons, and the bar that says what the board shows when it is not the game as it stands.

use crate::rules::san::figurines;
use crate::text::msg;
use crate::ui::board::{memo, watch};
use crate::ui::game::review::shown::{Line, LineKind, View};
use crate::ui::game::review::{self, Step};
use crate::ui::game::session::RecordRow;
use crate::ui::game::state::GameState;
use leptos::prelude::*;

#[component]
pub fn MoveList(state: GameState) -> impl IntoView {
    let list = NodeRef::<leptos::html::Ol>::new();
    // Pieces as pictures (♘f3) when the settings say so; the Fun Family record keeps its seat
    // letters.
    let rows = memo(move || {
        let pictures = state.settings.with(|s| s.figurines) && !state.is_family();
        let mut rows = state.session.with(|s| s.record());
        if pictures {
            for row in rows.iter_mut().filter(|r| !r.supervisor) {
                for (text, _) in &mut row.cells {
                    *text = figurines(text);
                }
            }
        }
        rows
    });
    let len = memo(move || state.session.with(|s| s.history_len()));
    let family = memo(move || state.is_family());
    // Keep the newest move in view (an empty list has nothing to scroll, and asking its
    // height would lay the page out once more while it is being drawn).
    watch(move || {
        if rows.with(|r| r.is_empty()) {
            return;
        }
        if let Some(el) = list.get() {
            request_animation_frame(move || el.set_scroll_top(el.scroll_height()));
        }
    });
    let view_sig = state.review.view;
    let cell = move |text: String, ply: Option<usize>| {
        let Some(ply) = ply else {
            return if text.is_empty() {
                view! { <span class="mv empty">"…"</span> }.into_any()
            } else {
                view! { <span class="mv" data-testid="move">{text}</span> }.into_any()
            };
        };
        // The entry whose position is on the board: the newest one, or the one looked at.
        let current = move || match view_sig.get() {
            View::Live => ply == len.get(),
            View::Main(k) => k == ply,
            View::Line(_) => false,
        };
        view! {
            <span
                class="mv"
                class:last=current
                data-testid="move"
                data-ply=ply
                role="button"
                tabindex="0"
                title=msg::game_show_position()
                on:click=move |_| review::jump_main(state, ply)
            >
                {text}
            </span>
        }
        .into_any()
    };
    let row_view = move |r: RecordRow| {
        let kind = if r.supervisor { "supervisor" } else { "move" };
        let number = r
            .number
            .map(|n| view! { <span class="num">{format!("{n}.")}</span> });
        let cells = r
            .cells
            .into_iter()
            .map(|(text, ply)| cell(text, ply))
            .collect_view();
        view! { <li class="move-row" class:supervisor=r.supervisor data-kind=kind>{number}{cells}</li> }
    };
    // The variation, in brackets, after the row of the move it replaces.
    let variation_row = move || {
        let (from, moves) = review::variation_moves(state)?;
        Some((
            from,
            view! {
                <li class="move-row variation" data-testid="variation">
                    <span class="paren">"("</span>
                    {moves
                        .into_iter()
                        .map(|(ply, label, current)| {
                            view! {
                                <span
                                    class="mv var-mv"
                                    class:last=current
                                    data-testid="var-move"
                                    role="button"
                                    tabindex="0"
                                    on:click=move |_| review::jump_line(state, ply)
                                >
                                    {label}
                                </span>
                            }
                        })
                        .collect_view()}
                    <span class="paren">")"</span>
                </li>
            },
        ))
    };
    view! {
        <ol class="move-list" class:family-moves=family data-testid="move-list" node_ref=list aria-label=msg::game_moves()>
            {move || {
                let mut variation = variation_row();
                let mut out = Vec::new();
                for r in rows.get() {
                    let here = variation.as_ref().is_some_and(|(from, _)| {
                        r.cells.iter().any(|(_, ply)| *ply == Some(from + 1))
                    });
                    out.push(row_view(r).into_any());
                    if here {
                        out.push(variation.take().map(|(_, v)| v).into_any());
                    }
                }
                // Branching at the end (after a take-back): last.
                out.push(variation.map(|(_, v)| v).into_any());
                out
            }}
            {move || {
                rows.with(|r| r.is_empty())
                    .then(|| view! { <li class="move-row none">{msg::game_no_moves()}</li> })
            }}
        </ol>
    }
}

/// What the board shows, in words, with the way back. Nothing while the live game is shown.
#[component]
pub fn ViewingBar(state: GameState) -> impl IntoView {
    let r = state.review;
    move || {
        let view = r.view.get();
        let len = state.session.with(|s| s.history_len());
        match view {
            View::Live => None,
            View::Main(k) => {
                let text = if k == 0 {
                    msg::game_viewing_start(&len)
                } else {
                    let label = state.session.with(|s| review::move_label(s, k));
                    msg::viewing_move(&k, &len, &label)
                };
                Some(
                    view! {
                        <div class="viewing" data-testid="viewing" role="status">
                            <span>{text}</span>
                            <button class="small primary" data-testid="back-to-game" on:click=move |_| review::back_to_game(state)>
                                {msg::game_back_to_game()}
                            </button>
                        </div>
                    }
                    .into_any(),
                )
            }
            View::Line(k) => {
                let (kind, end) = r.line.with(|l| {
                    l.as_ref().map_or((None, 0), |l| {
                        (Some(l.kind.clone()), l.session.history_len())
                    })
                });
                match kind? {
                    LineKind::Variation { from } => Some(
                        view! {
                            <div class="viewing variation-bar" data-testid="viewing" role="status">
                                <span>
                                    {msg::game_variation_bar(&from, &k.saturating_sub(from), &(end - from))}
                                </span>
                                <button class="small primary" data-testid="main-line" on:click=move |_| review::back_to_main_line(state)>
                                    {msg::game_back_to_main_line()}
                                </button>
                            </div>
                        }
                        .into_any(),
                    ),
                    LineKind::Side { title, note } => Some(
                        view! {
                            <div class="viewing demonstration" data-testid="viewing" role="status">
                                <strong>{msg::game_demonstration(&title)}</strong>
                                <span class="demo-note" data-testid="demo-note">{note}</span>
                                <button class="small primary" data-testid="back-to-game" on:click=move |_| review::back_to_game(state)>
                                    {msg::game_back_to_game()}
                                </button>
                            </div>
                        }
                        .into_any(),
                    ),
                }
            }
        }
    }
}

/// First / previous / next / last, under the board's game in the panel.
#[component]
pub fn NavButtons(state: GameState) -> impl IntoView {
    let len = memo(move || state.session.with(|s| s.history_len()));
    let at_start = move || match state.review.view.get() {
        View::Main(0) => true,
        View::Live => len.get() == 0,
        View::Line(k) => {
            k == 0
                && state
                    .review
                    .line
                    .with(|l| l.as_ref().is_some_and(Line::is_side))
        }
        _ => false,
    };
    let at_end = move || match state.review.view.get() {
        View::Live => true,
        View::Line(k) => state
            .review
            .line
            .with(|l| l.as_ref().is_none_or(|l| k >= l.session.history_len())),
        _ => false,
    };
    let button = move |testid: &'static str,
                       title: &'static str,
                       label: &'static str,
                       path: &'static str,
                       s: Step,
                       off: bool| {
        let disabled = move || if off { at_end() } else { at_start() };
        view! {
            <button data-testid=testid title=title aria-label=label disabled=disabled on:click=move |_| review::step(state, s)>
                <svg class="nav-icon" viewBox="0 0 24 24" aria-hidden="true"><path d=path></path></svg>
            </button>
        }
    };
    view! {
        <div class="nav-buttons" role="group" aria-label=msg::game_nav_label()>
            {button("nav-first", msg::game_nav_first_title(), msg::game_nav_first(), "M3 3h3v18H3zM21 3v18L8 12z", Step::First, false)}
            {button("nav-prev", msg::game_nav_prev_title(), msg::game_nav_prev(), "M18 3v18L5 12z", Step::Prev, false)}
            {button("nav-next", msg::game_nav_next_title(), msg::game_nav_next(), "M6 3v18l13-9z", Step::Next, true)}
            {button("nav-last", msg::game_nav_last_title(), msg::game_nav_last(), "M18 3h3v18h-3zM3 3v18l13-9z", Step::Last, true)}
        </div>
    }
}
