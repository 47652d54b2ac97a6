//! The moves in SAN, numbered, scrolled to the newest.

use crate::rules::types::Side;
use crate::ui::state::AppState;
use leptos::prelude::*;

/// One numbered row: White's move and Black's (either may be missing at the edges).
#[derive(Clone, PartialEq, Eq, Hash)]
struct Row {
    number: u32,
    white: Option<String>,
    black: Option<String>,
}

fn rows(state: AppState) -> Vec<Row> {
    state.game.with(|g| {
        let mut number = g.position_at(0).map_or(1, |p| p.fullmove_number() as u32);
        let mut rows: Vec<Row> = Vec::new();
        for m in g.moves() {
            if m.side == Side::WHITE || rows.is_empty() {
                rows.push(Row {
                    number,
                    white: None,
                    black: None,
                });
            }
            if let Some(row) = rows.last_mut() {
                if m.side == Side::WHITE {
                    row.white = Some(m.san.clone());
                } else {
                    row.black = Some(m.san.clone());
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
    let cell = move |san: Option<String>, last: bool| match san {
        Some(s) => {
            view! { <span class="mv" class:last=last data-testid="move">{s}</span> }.into_any()
        }
        None => view! { <span class="mv empty">"…"</span> }.into_any(),
    };
    view! {
        <ol class="move-list" data-testid="move-list" node_ref=list aria-label="Moves">
            {move || {
                let all = rows(state);
                let n = all.len();
                let black_last = all.last().is_some_and(|r| r.black.is_some());
                all.into_iter()
                    .enumerate()
                    .map(|(i, r)| {
                        let last_row = i + 1 == n;
                        view! {
                            <li class="move-row">
                                <span class="num">{format!("{}.", r.number)}</span>
                                {cell(r.white, last_row && !black_last)}
                                {r.black.map(|b| cell(Some(b), last_row))}
                            </li>
                        }
                    })
                    .collect_view()
            }}
            {move || {
                (count.get() == 0).then(|| view! { <li class="move-row none">"No moves yet"</li> })
            }}
        </ol>
    }
}
