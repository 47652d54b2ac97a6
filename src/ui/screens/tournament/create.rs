//! The form for a new tournament: its name, the players pasted as a list (one a line), the
//! game (a mode or a saved custom rule set) and its clock, the pairing system and rounds, and
//! the tie-breaks in the teacher's order. Anything wrong is said with its line and nothing is
//! created.

use super::desk::{Desk, Tab};
use super::words::tie_break_words;
use crate::rules::clock::TimeControl;
use crate::rules::ruleset::{Mode, RuleSet};
use crate::text::case::capitalise;
use crate::text::msg;
use crate::text::words;
use crate::tournament::event::{default_tie_breaks, System, Tournament, TournamentError};
use crate::tournament::standings::TieBreak;
use crate::ui::game::panels::clock::control_text;
use crate::ui::game::two_player::default_time_control;
use crate::ui::platform::time::random;
use leptos::prelude::*;

const ALL_TIE_BREAKS: [TieBreak; 6] = [
    TieBreak::BuchholzCut1,
    TieBreak::Buchholz,
    TieBreak::SonnebornBerger,
    TieBreak::DirectEncounter,
    TieBreak::Wins,
    TieBreak::Cumulative,
];

/// The system choices, by key.
fn system_of(key: &str, rounds: u16) -> System {
    match key {
        "round-robin" => System::RoundRobin { double: false },
        "double-round-robin" => System::RoundRobin { double: true },
        "free" => System::Free,
        _ => System::Swiss { rounds },
    }
}

/// The tie-break list for a system: its defaults first (chosen), then the others.
fn tie_break_list(system: System) -> Vec<(TieBreak, bool)> {
    let chosen = default_tie_breaks(system);
    let mut list: Vec<(TieBreak, bool)> = chosen.iter().map(|&tb| (tb, true)).collect();
    list.extend(
        ALL_TIE_BREAKS
            .iter()
            .filter(|tb| !chosen.contains(tb))
            .map(|&tb| (tb, false)),
    );
    list
}

/// Rounds a Swiss needs to find a winner among `players`: log2, rounded up.
fn suggested_rounds(players: usize) -> u16 {
    let mut rounds = 1;
    while (1usize << rounds) < players {
        rounds += 1;
    }
    rounds.min(players.saturating_sub(1).max(1) as u16)
}

#[component]
pub fn CreateForm(desk: Desk) -> impl IntoView {
    let state = desk.state;
    let name = RwSignal::new(msg::tournament_name_default().to_string());
    let players = RwSignal::new(String::new());
    let game = RwSignal::new("primary".to_string());
    let clock = RwSignal::new(TimeControl::PRESETS[7].0.to_string());
    let system = RwSignal::new("swiss".to_string());
    let rounds = RwSignal::new(String::new());
    let tie_breaks = RwSignal::new(tie_break_list(System::Swiss { rounds: 1 }));
    let error = RwSignal::new(None::<String>);
    let count = move || players.with(|p| p.lines().filter(|l| !l.trim().is_empty()).count());

    let choose_game = move |key: String| {
        let mode = Mode::parse(&key).unwrap_or(Mode::Custom);
        if mode != Mode::Custom {
            let tc = default_time_control(mode);
            let key = TimeControl::PRESETS
                .iter()
                .find(|(_, p)| *p == tc)
                .map_or("untimed", |(k, _)| k);
            clock.set(key.to_string());
        }
        game.set(key);
    };
    let choose_system = move |key: String| {
        tie_breaks.set(tie_break_list(system_of(&key, 1)));
        system.set(key);
    };

    let build = move || -> Result<Tournament, String> {
        let key = game.get_untracked();
        let rules = match key.strip_prefix("custom:") {
            Some(i) => state.rule_sets.with_untracked(|sets| {
                sets.get(i.parse::<usize>().unwrap_or(usize::MAX))
                    .ok_or_else(|| msg::dialog_choose_game_first().to_string())
                    .and_then(|s| s.rules())
            })?,
            None => RuleSet::for_mode(Mode::parse(&key).unwrap_or(Mode::Primary)),
        };
        let typed = rounds.get_untracked();
        let n = match typed.trim() {
            "" => suggested_rounds(count()),
            t => t
                .parse::<u16>()
                .map_err(|_| msg::tournament_rounds_not_a_number().to_string())?,
        };
        let fail = |e: TournamentError| capitalise(&e.to_string());
        let mut t = Tournament::new(
            &name.get_untracked(),
            rules,
            system_of(&system.get_untracked(), n),
        )
        .map_err(fail)?;
        t.set_time_control(TimeControl::parse(&clock.get_untracked())?)
            .map_err(fail)?;
        let order = tie_breaks
            .with_untracked(|l| l.iter().filter(|(_, on)| *on).map(|(tb, _)| *tb).collect());
        t.set_tie_breaks(order).map_err(fail)?;
        t.add_players(&players.get_untracked()).map_err(fail)?;
        if t.players().len() < 2 {
            return Err(fail(TournamentError::NotEnoughPlayers));
        }
        t.set_id((random() * 9.0e15) as u64 + 1);
        Ok(t)
    };
    let create = move |_| match build() {
        Ok(t) => {
            desk.put(t);
            desk.creating.set(false);
            desk.round.set(None);
            desk.tab.set(Tab::Round);
        }
        Err(e) => error.set(Some(e)),
    };

    let game_options = move || {
        let mut list: Vec<(String, String)> = [Mode::Primary, Mode::Orthodox, Mode::Sharp]
            .into_iter()
            .map(|m| (m.key().to_string(), words::mode(m).to_string()))
            .collect();
        state.rule_sets.with(|sets| {
            list.extend(
                sets.iter()
                    .enumerate()
                    .map(|(i, s)| (format!("custom:{i}"), s.name.clone())),
            )
        });
        list.into_iter()
            .map(|(key, title)| {
                let k = key.clone();
                view! { <option value=key selected=move || game.get() == k>{title}</option> }
            })
            .collect_view()
    };
    let clock_options = TimeControl::PRESETS
        .iter()
        .map(|(key, tc)| {
            let k = key.to_string();
            view! { <option value=key.to_string() selected=move || clock.get() == k>{control_text(*tc)}</option> }
        })
        .collect_view();
    let systems = [
        ("swiss", msg::tournament_system_swiss()),
        ("round-robin", msg::tournament_system_round_robin()),
        (
            "double-round-robin",
            msg::tournament_system_double_round_robin(),
        ),
        ("free", msg::tournament_system_free()),
    ]
    .into_iter()
    .map(|(key, text)| {
        view! { <option value=key selected=move || system.get() == key>{text}</option> }
    })
    .collect_view();
    let tie_break_rows = move || {
        tie_breaks
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, (tb, on))| {
                let top = i == 0;
                view! {
                    <li class="tie-break-row">
                        <label class="check">
                            <input type="checkbox" data-testid="tie-break" prop:checked=on on:change=move |ev| {
                                let on = event_target_checked(&ev);
                                tie_breaks.update(|l| l[i].1 = on);
                            } />
                            <span>{tie_break_words(tb)}</span>
                        </label>
                        <button class="small" type="button" disabled=top aria-label=msg::tournament_move_up()
                            on:click=move |_| tie_breaks.update(|l| l.swap(i, i - 1))>"↑"</button>
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <section class="tournament-create" data-testid="tournament-create">
            <h3>{msg::tournament_new()}</h3>
            <label class="field wide">
                <span>{msg::tournament_name()}</span>
                <input type="text" data-testid="tournament-name" maxlength="100"
                    prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
            </label>
            <label class="field wide">
                <span>{msg::tournament_players()}</span>
                <textarea data-testid="tournament-players" rows="8" spellcheck="false"
                    placeholder=msg::tournament_players_placeholder()
                    prop:value=move || players.get() on:input=move |ev| players.set(event_target_value(&ev))></textarea>
            </label>
            <p class="explain">{move || msg::tournament_player_count(count() as u64)}</p>
            <div class="create-grid">
                <label class="field">
                    <span>{msg::tournament_game()}</span>
                    <select data-testid="tournament-game" on:change=move |ev| choose_game(event_target_value(&ev))>
                        {game_options}
                    </select>
                </label>
                <label class="field">
                    <span>{msg::tournament_clock()}</span>
                    <select data-testid="tournament-clock" prop:value=move || clock.get() on:change=move |ev| clock.set(event_target_value(&ev))>
                        {clock_options}
                    </select>
                </label>
                <label class="field">
                    <span>{msg::tournament_system()}</span>
                    <select data-testid="tournament-system" on:change=move |ev| choose_system(event_target_value(&ev))>
                        {systems}
                    </select>
                </label>
                {move || (system.get() == "swiss").then(|| view! {
                    <label class="field">
                        <span>{msg::tournament_rounds()}</span>
                        <input type="number" inputmode="numeric" min="1" max="30" data-testid="tournament-rounds"
                            placeholder=move || suggested_rounds(count()).to_string()
                            prop:value=move || rounds.get() on:input=move |ev| rounds.set(event_target_value(&ev)) />
                    </label>
                })}
            </div>
            <fieldset class="options">
                <legend>{msg::tournament_tie_breaks()}</legend>
                <ol class="tie-breaks">{tie_break_rows}</ol>
            </fieldset>
            {move || desk.tournament.with(|t| t.is_some()).then(|| view! { <p class="explain">{msg::tournament_replace_warning()}</p> })}
            {move || error.get().map(|e| view! { <p class="error" role="alert" data-testid="create-error">{e}</p> })}
            <div class="row">
                {move || desk.tournament.with(|t| t.is_some()).then(|| view! {
                    <button type="button" on:click=move |_| desk.creating.set(false)>{msg::cancel()}</button>
                })}
                <button class="primary" data-testid="create-tournament" on:click=create>
                    {msg::tournament_create()}
                </button>
            </div>
        </section>
    }
}
