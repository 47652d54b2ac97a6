//! The Standings tab: rank, player, points and the chosen tie-breaks on the mode's own scale,
//! projector-sized, with the points scale explained in one line.

use super::desk::Desk;
use super::words::{self, scale_line, tie_break_short, tie_break_words};
use crate::text::msg;
use crate::tournament::csv::{points_text, ranks, tie_break_text};
use leptos::prelude::*;

#[component]
pub fn StandingsTab(desk: Desk) -> impl IntoView {
    move || {
        let t = desk.tournament.get()?;
        let list = t.standings();
        let places = ranks(&list);
        let scoring = *t.scoring();
        let order = t.tie_breaks().to_vec();
        let heads = order
            .iter()
            .map(|&tb| view! { <th class="tie-break" title=tie_break_words(tb)>{tie_break_short(tb)}</th> })
            .collect_view();
        let rows = list
            .iter()
            .zip(places)
            .map(|(s, place)| {
                let player = &t.players()[s.player];
                let class = player.class.clone().map(|c| view! { <span class="class">{c}</span> });
                let cells = order
                    .iter()
                    .zip(&s.tie_breaks)
                    .map(|(&tb, &v)| view! { <td class="tie-break">{tie_break_text(tb, v, &scoring)}</td> })
                    .collect_view();
                view! {
                    <tr data-testid="standing" data-player=words::name(&t, s.player)>
                        <td class="rank">{place}</td>
                        <td class="name">{player.name.clone()} {class}</td>
                        <td class="total" data-testid="standing-points">{points_text(u64::from(s.half_points))}</td>
                        {cells}
                    </tr>
                }
            })
            .collect_view();
        let legend = order
            .iter()
            .map(|&tb| view! { <li><strong>{tie_break_short(tb)}</strong>" "{tie_break_words(tb)}</li> })
            .collect_view();
        Some(view! {
            <section class="standings-tab" data-testid="standings-tab">
                <div class="round-head">
                    <h3>{msg::tournament_tab_standings()}</h3>
                    <button class="small no-print" on:click=|_| crate::ui::platform::files::print_page()>
                        {msg::tournament_print()}
                    </button>
                </div>
                <p class="scale" data-testid="points-scale">{scale_line(&scoring)}</p>
                <table class="standings">
                    <thead>
                        <tr>
                            <th class="rank">{msg::tournament_rank()}</th>
                            <th>{msg::tournament_player()}</th>
                            <th class="total">{msg::tournament_points()}</th>
                            {heads}
                        </tr>
                    </thead>
                    <tbody>{rows}</tbody>
                </table>
                <ul class="tie-break-legend">{legend}</ul>
            </section>
        })
    }
}
