//! The moves in SAN, numbered, scrolled to the newest. A tap on a move shows the position after
//! it (see [`crate::ui::review`]); a variation (demo mode) is shown in brackets after the move
//! it replaces.

use crate::rules::types::Side;
use crate::ui::review::{self, View};
use crate::ui::state::AppState;
use leptos::prelude::*;

/// One numbered row: White's move and Black's (either may be missing at the edges).
#[derive(Clone, PartialEq, Eq, Hash)]
struct Row {
    number: u32,
    /// (index of the move in the game, SAN)
    white: Option<(usize, String)>,
    black: Option<(usize, String)>,
}

fn rows(state: AppState) -> Vec<Row> {
    state.game.with(|g| {
        let mut number = g.position_at(0).map_or(1, |p| p.fullmove_number() as u32);
        let mut rows: Vec<Row> = Vec::new();
        for (i, m) in g.moves().iter().enumerate() {
            if m.side == Side::WHITE || rows.is_empty() {
                rows.push(Row {
                    number,
                    white: None,
                    black: None,
                });
            }
            if let Some(row) = rows.last_mut() {
                if m.side == Side::WHITE {
                    row.white = Some((i, m.san.clone()));
                } else {
                    row.black = Some((i, m.san.clone()));
                    number += 1;
                }
            }
        }
        rows
    })
}

#[component]
pub fn MoveList(state: AppState) -> impl IntoView {
    let list = NodeRef::<leptos::html::Ol>::new();
    let count = Memo::new(move |_| state.game.with(|g| g.moves().len()));
    // Keep the newest move in view.
    Effect::new(move |_| {
        count.track();
        if let Some(el) = list.get() {
            request_animation_frame(move || el.set_scroll_top(el.scroll_height()));
        }
    });
    let view = state.review.view;
    let cell = move |mv: Option<(usize, String)>, last: bool| match mv {
        Some((i, san)) => {
            // The move whose position is on the board: the last one, or the one looked at.
            let current = move || match view.get() {
                View::Live => last,
                View::Main(k) => k == i + 1,
                View::Line(_) => false,
            };
            view! {
                <span
                    class="mv"
                    class:last=current
                    data-testid="move"
                    data-ply=i + 1
                    role="button"
                    tabindex="0"
                    title="Show the position after this move"
                    on:click=move |_| review::jump_main(state, i)
                >
                    {san}
                </span>
            }
            .into_any()
        }
        None => view! { <span class="mv empty">"…"</span> }.into_any(),
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
                        .map(|(i, label, current)| {
                            view! {
                                <span
                                    class="mv var-mv"
                                    class:last=current
                                    data-testid="var-move"
                                    role="button"
                                    tabindex="0"
                                    on:click=move |_| review::jump_line(state, i)
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
        <ol class="move-list" data-testid="move-list" node_ref=list aria-label="Moves">
            {move || {
                let all = rows(state);
                let n = all.len();
                let black_last = all.last().is_some_and(|r| r.black.is_some());
                let mut variation = variation_row();
                let mut out = Vec::new();
                for (i, r) in all.into_iter().enumerate() {
                    let last_row = i + 1 == n;
                    let contains = |m: &Option<(usize, String)>, from: usize| m.as_ref().is_some_and(|(j, _)| *j == from);
                    let here = variation
                        .as_ref()
                        .is_some_and(|(from, _)| contains(&r.white, *from) || contains(&r.black, *from));
                    out.push(
                        view! {
                            <li class="move-row">
                                <span class="num">{format!("{}.", r.number)}</span>
                                {cell(r.white, last_row && !black_last)}
                                {r.black.map(|b| cell(Some(b), last_row))}
                            </li>
                        }
                        .into_any(),
                    );
                    if here {
                        out.push(variation.take().map(|(_, v)| v).into_any());
                    }
                }
                // Branching at the end (after a take-back): last.
                out.push(variation.map(|(_, v)| v).into_any());
                out
            }}
            {move || {
                (count.get() == 0).then(|| view! { <li class="move-row none">"No moves yet"</li> })
            }}
        </ol>
    }
}
