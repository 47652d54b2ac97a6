//! The Players tab: starting numbers, names, class and rating; who is away next round or has
//! withdrawn; a late player added (not in a round robin, whose table is fixed).

use super::desk::Desk;
use crate::text::msg;
use leptos::prelude::*;

#[component]
pub fn PlayersTab(desk: Desk) -> impl IntoView {
    let late = RwSignal::new(String::new());
    let add = move || {
        let line = late.get_untracked();
        if desk.change(|t| t.add_late_player(&line).map(|_| ())) {
            late.set(String::new());
        }
    };
    let list = move || {
        let t = desk.tournament.get()?;
        let next = t.rounds().len() as u16 + 1;
        let rows = t
            .players()
            .iter()
            .enumerate()
            .map(|(i, p)| {
                let away = p.absent_rounds.contains(&next);
                let status = if p.withdrawn {
                    msg::tournament_withdrawn()
                } else if away {
                    msg::tournament_absent()
                } else {
                    ""
                };
                let actions = (!p.withdrawn).then(|| {
                    view! {
                        <button class="small" data-testid="toggle-absent" on:click=move |_| {
                            desk.change(|t| t.set_absent(i, next, !away));
                        }>
                            {if away { msg::tournament_present_next() } else { msg::tournament_absent_next() }}
                        </button>
                        <button class="small" data-testid="withdraw" on:click=move |_| {
                            desk.change(|t| t.withdraw(i));
                        }>
                            {msg::tournament_withdraw()}
                        </button>
                    }
                });
                view! {
                    <tr data-testid="player-row" class:withdrawn=p.withdrawn>
                        <td class="rank">{i + 1}</td>
                        <td class="name">{p.name.clone()}</td>
                        <td>{p.class.clone().unwrap_or_default()}</td>
                        <td>{p.rating.map(|r| r.to_string()).unwrap_or_default()}</td>
                        <td class="status">{status}</td>
                        <td class="actions no-print">{actions}</td>
                    </tr>
                }
            })
            .collect_view();
        Some(view! {
            <table class="players">
                <thead>
                    <tr>
                        <th class="rank">{msg::tournament_rank()}</th>
                        <th>{msg::tournament_player()}</th>
                        <th>{msg::tournament_class()}</th>
                        <th>{msg::tournament_rating()}</th>
                        <th></th>
                        <th class="no-print"></th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        })
    };
    view! {
        <section class="players-tab" data-testid="players-tab">
            {list}
            <form class="row no-print" on:submit=move |ev| {
                ev.prevent_default();
                add();
            }>
                <label class="field">
                    <span>{msg::tournament_add_player()}</span>
                    <input
                        type="text"
                        data-testid="late-player"
                        maxlength="60"
                        prop:value=move || late.get()
                        on:input=move |ev| late.set(event_target_value(&ev))
                    />
                </label>
                <button type="submit" data-testid="add-late-player">{msg::tournament_add()}</button>
            </form>
        </section>
    }
}
