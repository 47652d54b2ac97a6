//! The Tournament screen (behind the teacher lock): a class tournament run from the teacher's
//! tablet, with no network and no accounts. With no tournament yet it is the form for one;
//! then its tabs — the round's pairings and results, the standings, the players, the log of
//! changes, the files — each a file here. Full-screen, like the position editor, so the
//! pairings are big enough for a projector; printed, only the tab's sheet is on paper.

mod create;
mod desk;
mod files;
mod log;
mod players;
mod round;
mod standings;
mod words;

use crate::text::msg;
use crate::ui::game::state::GameState;
use create::CreateForm;
use desk::{Desk, Tab};
use files::FilesTab;
use leptos::prelude::*;
use log::LogTab;
use players::PlayersTab;
use round::RoundTab;
use standings::StandingsTab;

fn tab_button(desk: Desk, tab: Tab, text: &'static str, testid: &'static str) -> impl IntoView {
    view! {
        <button
            role="tab"
            class="tab"
            data-testid=testid
            aria-selected=move || (desk.tab.get() == tab).to_string()
            on:click=move |_| {
                desk.picking.set(None);
                desk.error.set(None);
                desk.tab.set(tab);
            }
        >
            {text}
        </button>
    }
}

#[component]
pub fn TournamentScreen(state: GameState) -> impl IntoView {
    let desk = Desk::open(state);
    let title = move || {
        desk.tournament
            .with(|t| t.as_ref().map(|t| t.name().to_string()))
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| msg::tournament_title().to_string())
    };
    let body = move || {
        if desk.creating.get() || desk.tournament.with(|t| t.is_none()) {
            return view! { <CreateForm desk /> }.into_any();
        }
        let tab = match desk.tab.get() {
            Tab::Round => view! { <RoundTab desk /> }.into_any(),
            Tab::Standings => view! { <StandingsTab desk /> }.into_any(),
            Tab::Players => view! { <PlayersTab desk /> }.into_any(),
            Tab::Log => view! { <LogTab desk /> }.into_any(),
            Tab::Files => view! { <FilesTab desk /> }.into_any(),
        };
        view! {
            <nav class="tabs no-print" role="tablist" aria-label=msg::tournament()>
                {tab_button(desk, Tab::Round, msg::tournament_tab_round(), "tab-round")}
                {tab_button(desk, Tab::Standings, msg::tournament_tab_standings(), "tab-standings")}
                {tab_button(desk, Tab::Players, msg::tournament_tab_players(), "tab-players")}
                {tab_button(desk, Tab::Log, msg::tournament_tab_log(), "tab-log")}
                {tab_button(desk, Tab::Files, msg::tournament_tab_files(), "tab-files")}
            </nav>
            {tab}
        }
        .into_any()
    };
    view! {
        <div class="tournament" role="dialog" aria-modal="true" aria-label=msg::tournament() data-testid="tournament-view">
            <header class="tournament-head">
                <h2 data-testid="tournament-title">{title}</h2>
                <div class="row no-print">
                    {move || (desk.tournament.with(|t| t.is_some()) && !desk.creating.get()).then(|| view! {
                        <button class="small" data-testid="new-tournament" on:click=move |_| desk.creating.set(true)>
                            {msg::tournament_new()}
                        </button>
                    })}
                    <button data-testid="close-tournament" on:click=move |_| state.dialog.set(None)>
                        {msg::tournament_close()}
                    </button>
                </div>
            </header>
            {move || desk.note.get().map(|n| view! {
                <p class="tournament-note no-print" role="status" data-testid="tournament-note">
                    <span>{n}</span>
                    <button class="small" on:click=move |_| desk.note.set(None)>{msg::ok()}</button>
                </p>
            })}
            {move || desk.error.get().map(|e| view! { <p class="error no-print" role="alert" data-testid="tournament-error">{e}</p> })}
            <div class="tournament-body">{body}</div>
        </div>
    }
}
