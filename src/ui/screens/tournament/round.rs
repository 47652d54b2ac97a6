//! The Round tab: a round's pairing table — board, White, Black, result — big enough to read
//! from the back of the class, with a tap on a board to enter its result, "Play this game" to
//! play it on this tablet, and the next round paired when this one is done. Printed, it is the
//! pairing and result sheet.

use super::desk::{paired, Desk};
use super::words::{self, kind_words, points, result_words};
use crate::rules::game::Game as ChessGame;
use crate::saves::game::Computer;
use crate::saves::tournament_games::TournamentBoard;
use crate::text::case::capitalise;
use crate::text::msg;
use crate::tournament::event::{System, Tournament};
use crate::tournament::outcomes::possible_results;
use crate::tournament::standings::Round;
use crate::ui::game::session::Session;
use crate::ui::platform::files::print_page;
use leptos::prelude::*;

/// The round shown: the one chosen, else the latest (0 when none is paired).
fn shown(desk: Desk, t: &Tournament) -> u16 {
    let last = t.rounds().len() as u16;
    desk.round
        .get()
        .filter(|&r| (1..=last).contains(&r))
        .unwrap_or(last)
}

/// Starts the board's game on this tablet: its players, the tournament's game and clock.
fn play_here(desk: Desk, round: u16, board: u16) {
    let Some(t) = desk.tournament.get_untracked() else {
        return;
    };
    let Some(g) = paired(&t, round, board) else {
        return;
    };
    let game = match ChessGame::new(t.rules().clone()) {
        Ok(game) => game,
        Err(e) => {
            desk.error.set(Some(capitalise(&e)));
            return;
        }
    };
    let state = desk.state;
    let names = vec![words::name(&t, g.white), words::name(&t, g.black)];
    state.replace(
        Session::Two(game),
        names,
        t.time_control(),
        Computer::default(),
    );
    state.tournament.set(Some(TournamentBoard {
        tournament: t.id(),
        round,
        board,
        white: g.white as u16,
        black: g.black as u16,
    }));
    state.save();
    state.dialog.set(None);
}

/// The results a teacher may tap for one board, as big buttons.
fn result_picker(desk: Desk, round: u16, board: u16) -> impl IntoView {
    let Some(t) = desk.tournament.get_untracked() else {
        return ().into_any();
    };
    let Some(g) = paired(&t, round, board) else {
        return ().into_any();
    };
    let had = g.result;
    let choices = possible_results(t.rules())
        .into_iter()
        .map(|(kind, result)| {
            let [w, b] = result.half_points;
            let text = msg::result_with_score(&kind_words(kind), &points(w), &points(b));
            let chosen = had == Some(result);
            view! {
                <button
                    class="result-choice"
                    class:chosen=chosen
                    data-testid="result-choice"
                    data-result=format!("{w}-{b}{}", if result.played { "" } else { "-forfeit" })
                    on:click=move |_| {
                        let done = desk.change(|t| match had {
                            None => t.set_result(round, board, result),
                            Some(_) => t.correct_result(round, board, Some(result)),
                        });
                        if done {
                            desk.picking.set(None);
                        }
                    }
                >
                    {text}
                </button>
            }
        })
        .collect_view();
    let clear = had.map(|_| {
        view! {
            <button class="result-choice" data-testid="result-clear" on:click=move |_| {
                if desk.change(|t| t.correct_result(round, board, None)) {
                    desk.picking.set(None);
                }
            }>
                {msg::tournament_clear_result()}
            </button>
        }
    });
    let heading =
        msg::tournament_choose_result(&board, &words::name(&t, g.white), &words::name(&t, g.black));
    let label = heading.clone();
    view! {
        <div class="result-picker" role="group" aria-label=label data-testid="result-picker">
            <h3>{heading}</h3>
            <div class="result-choices">{choices} {clear}</div>
            <div class="row">
                <button data-testid="play-here" on:click=move |_| play_here(desk, round, board)>
                    {msg::tournament_play_here()}
                </button>
                <button on:click=move |_| desk.picking.set(None)>{msg::cancel()}</button>
            </div>
        </div>
    }
    .into_any()
}

fn table(desk: Desk, t: &Tournament, number: u16, round: &Round) -> impl IntoView {
    let rules = t.rules().clone();
    let rows = round
        .games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let board = i as u16 + 1;
            let result = g.result.map(|r| words::score(&r)).unwrap_or_default();
            let title = g.result.map(|r| result_words(&r, &rules));
            view! {
                <tr data-testid="pairing" data-board=board>
                    <td class="board-no">{board}</td>
                    <td class="white-name">{words::name(t, g.white)}</td>
                    <td class="black-name">{words::name(t, g.black)}</td>
                    <td class="result" title=title>
                        <button
                            class="result-button"
                            class:empty=g.result.is_none()
                            data-testid="enter-result"
                            aria-label=msg::tournament_enter_result()
                            on:click=move |_| desk.picking.set(Some((number, board)))
                        >
                            {if result.is_empty() { msg::tournament_enter_result().to_string() } else { result }}
                        </button>
                    </td>
                    <td class="print-only signature"></td>
                </tr>
            }
        })
        .collect_view();
    let byes = round
        .byes
        .iter()
        .map(|&(p, half)| {
            view! { <p class="bye" data-testid="bye">{msg::tournament_bye(&words::name(t, p), &points(half))}</p> }
        })
        .collect_view();
    view! {
        <table class="pairings">
            <thead>
                <tr>
                    <th class="board-no">{msg::tournament_board()}</th>
                    <th>{msg::tournament_white()}</th>
                    <th>{msg::tournament_black()}</th>
                    <th>{msg::tournament_result()}</th>
                    <th class="print-only">{msg::tournament_signature()}</th>
                </tr>
            </thead>
            <tbody>{rows}</tbody>
        </table>
        {byes}
    }
}

/// "Pair round 3" when the system allows the next round now; the round's status otherwise.
fn next_step(desk: Desk, t: &Tournament) -> impl IntoView {
    let next = t.rounds().len() as u16 + 1;
    let open = t
        .rounds()
        .last()
        .map_or(0, |r| r.games.iter().filter(|g| g.result.is_none()).count());
    let free = t.system() == System::Free;
    if t.is_finished() {
        return view! { <p class="finished" data-testid="tournament-finished">{msg::tournament_finished()}</p> }
            .into_any();
    }
    let status = (open > 0).then(|| msg::tournament_waiting_results(open as u64));
    let can_pair = free || open == 0;
    let repair = t
        .rounds()
        .last()
        .filter(|r| r.games.iter().all(|g| g.result.is_none()) && !free)
        .map(|_| {
            view! {
                <button data-testid="repair-round" on:click=move |_| {
                    desk.change(|t| t.repair_current_round().map(|_| ()));
                }>
                    {msg::tournament_repair()}
                </button>
            }
        });
    view! {
        <div class="next-step">
            {status.map(|s| view! { <p class="status" data-testid="round-status">{s}</p> })}
            {can_pair.then(|| view! {
                <button class="primary" data-testid="pair-next" on:click=move |_| {
                    if desk.change(|t| t.pair_next_round().map(|_| ())) {
                        desk.round.set(None);
                    }
                }>
                    {msg::tournament_pair_next(&next)}
                </button>
            })}
            {repair}
        </div>
    }
    .into_any()
}

#[component]
pub fn RoundTab(desk: Desk) -> impl IntoView {
    move || {
        let t = desk.tournament.get()?;
        let number = shown(desk, &t);
        let total = t.total_rounds();
        let last = t.rounds().len() as u16;
        let heading = match total {
            Some(total) if number > 0 => msg::tournament_round_of(&number, &total),
            _ if number > 0 => msg::tournament_round(&number),
            _ => msg::tournament_no_round().to_string(),
        };
        let (at_first, at_last) = (number <= 1, number >= last);
        let nav = (last > 1).then(|| {
            view! {
                <div class="round-nav no-print">
                    <button class="small" data-testid="round-back" disabled=at_first
                        aria-label=msg::tournament_round_back()
                        on:click=move |_| desk.round.set(Some(number - 1))>"‹"</button>
                    <button class="small" data-testid="round-forward" disabled=at_last
                        aria-label=msg::tournament_round_forward()
                        on:click=move |_| desk.round.set(Some(number + 1))>"›"</button>
                </div>
            }
        });
        let round = (number > 0).then(|| t.rounds()[usize::from(number) - 1].clone());
        let picker = move || desk.picking.get().map(|(r, b)| result_picker(desk, r, b));
        Some(view! {
            <section class="round-tab" data-testid="round-tab">
                <div class="round-head">
                    <h3 data-testid="round-heading">{heading}</h3>
                    {nav}
                    <button class="small no-print" data-testid="print" on:click=|_| print_page()>
                        {msg::tournament_print()}
                    </button>
                </div>
                {round.map(|r| table(desk, &t, number, &r))}
                {picker}
                <div class="no-print">{next_step(desk, &t)}</div>
            </section>
        })
    }
}
