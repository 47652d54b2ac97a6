//! The game controls of a Fun Family Chess game below the seats: the answer to a resignation
//! (§5.1), agreed and claimed draws (§5.6), alliances and a shared win (§5.5, §7.1), and the
//! supervisor's powers (§8, §8.12): taking back the last action and changing a toggle
//! mid-game. Teacher-only actions go through [`as_teacher`]; every change goes through the
//! rules core, which logs toggle changes (they appear in the move list).

use super::powers::Powers;
use super::rules::{sentence, toggle, toggle_select, TOGGLES};
use crate::rules::family::{seat_letter, FamilyGame, Seat, SEATS};
use crate::rules::types::Side;
use crate::saves::settings::Rotation;
use crate::text::msg;
use crate::text::words;
use crate::ui::game::lock::{as_teacher, Guarded};
use crate::ui::game::state::{FamilyConfirm as Confirm, GameState};
use leptos::prelude::*;

/// The seats still in the game (Playing or Away), in turn order.
fn in_game(g: &FamilyGame) -> Vec<Side> {
    SEATS
        .into_iter()
        .filter(|&s| matches!(g.state().seat(s), Seat::Playing | Seat::Away))
        .collect()
}

/// Applies one toggle change mid-game (teacher only); the core logs it.
pub fn change_rule(state: GameState, key: &'static str, value: String) {
    let players = state.session.with_untracked(|s| s.seats().len());
    if key == "teams" && value == "fixed" && players != 4 {
        // As at setup: partners sit opposite, so fixed teams need all four seats.
        state
            .message
            .set(Some(msg::family_fixed_teams_need_four().into()));
        return;
    }
    as_teacher(Guarded::RulesMidGame, move || {
        state.touched();
        let said =
            toggle(key).map(|t| msg::family_rule_changed(&(t.title)(), &sentence(key, &value)));
        if state.family_edit(move |g| g.set_option(key, &value)) {
            if let Some(words) = said {
                state.spoken.set(words);
            }
        }
    });
}

#[component]
pub fn FamilyControls(state: GameState) -> impl IntoView {
    let confirm = state.confirm;
    let over = move || state.session.with(|s| s.is_over());
    let seats_in = move || state.with_family_game(in_game).unwrap_or_default();
    let can_undo = move || {
        state
            .with_family_game(|g| !g.records().is_empty())
            .unwrap_or(false)
    };
    let claimable = move || state.with_family_game(|g| g.claimable_draw()).flatten();
    let fixed = move || {
        state
            .with_family_game(|g| g.rules().fixed_teams)
            .unwrap_or(false)
    };

    let undo = move |_| {
        confirm.set(None);
        as_teacher(Guarded::TakeBack, move || {
            state.take_back();
        });
    };
    let yes = move |_| {
        let Some(c) = confirm.get_untracked() else {
            return;
        };
        confirm.set(None);
        state.touched();
        match c {
            Confirm::Resign(s) => state.family_edit(move |g| g.resign(s).map(|_| ())),
            Confirm::Draw => state.family_edit(|g| g.agree_draw().map(|_| ())),
            Confirm::ShareWin => state.family_edit(|g| g.share_win().map(|_| ())),
        };
    };
    let question = move || match confirm.get()? {
        Confirm::Resign(s) => Some(msg::family_resign_sure(&state.label(s))),
        Confirm::Draw => Some(msg::family_agree_draw_question().to_string()),
        Confirm::ShareWin => Some(msg::family_share_win_question().to_string()),
    };

    // Free alliances (§7.1): one tick per pair of players still in.
    let alliances = move || {
        if fixed() {
            return None;
        }
        let seats = seats_in();
        let pairs: Vec<(Side, Side)> = seats
            .iter()
            .enumerate()
            .flat_map(|(i, &a)| seats[i + 1..].iter().map(move |&b| (a, b)))
            .collect();
        (seats.len() >= 2).then(|| {
            let ticks = pairs
                .into_iter()
                .map(|(a, b)| {
                    let allied =
                        move || state.with_family_game(|g| g.allied(a, b)).unwrap_or(false);
                    view! {
                        <label class="check ally">
                            <input
                                type="checkbox"
                                data-testid=format!("ally-{}{}", seat_letter(a), seat_letter(b))
                                prop:checked=allied
                                on:change=move |ev| {
                                    let on = event_target_checked(&ev);
                                    state.family_edit(move |g| g.set_alliance(a, b, on));
                                }
                            />
                            <span>{msg::family_allies(&words::seat(a), &words::seat(b))}</span>
                        </label>
                    }
                })
                .collect_view();
            let all_allied = move || {
                state
                    .with_family_game(|g| {
                        let s = in_game(g);
                        s.len() >= 2
                            && s.iter()
                                .all(|&a| s.iter().all(|&b| a == b || g.allied(a, b)))
                    })
                    .unwrap_or(false)
            };
            view! {
                <details class="family-alliances" data-testid="family-alliances">
                    <summary data-testid="family-alliances-open">{msg::family_alliances()}</summary>
                    <p class="field-help">{msg::family_alliances_help()}</p>
                    <div class="ally-ticks">{ticks}</div>
                    {move || {
                        all_allied()
                            .then(|| {
                                view! {
                                    <button
                                        class="small"
                                        data-testid="family-share-win"
                                        on:click=move |_| confirm.set(Some(Confirm::ShareWin))
                                    >
                                        {msg::family_share_win()}
                                    </button>
                                }
                            })
                    }}
                </details>
            }
        })
    };

    let rules = TOGGLES
        .iter()
        .filter(|t| !t.setup_only)
        .map(|t| {
            let key = t.key;
            toggle_select(
                "family-rule",
                t,
                move || {
                    state
                        .with_family_game(|g| g.rules().get(key))
                        .flatten()
                        .unwrap_or_default()
                },
                move |v| change_rule(state, key, v),
            )
        })
        .collect_view();

    view! {
        // Take back stays after the end too: a resignation by mistake can be undone.
        <div class="control-row family-buttons">
            <button data-testid="family-undo" disabled=move || !can_undo() on:click=undo>
                {msg::family_take_back()}
            </button>
            {move || {
                (!over())
                    .then(|| {
                        view! {
                            <button
                                data-testid="family-agree-draw"
                                on:click=move |_| confirm.set(Some(Confirm::Draw))
                            >
                                {msg::family_draw_by_agreement()}
                            </button>
                        }
                    })
            }}
            {move || {
                claimable()
                    .map(|r| {
                        view! {
                            <button
                                data-testid="family-claim-draw"
                                title=r.describe()
                                on:click=move |_| {
                                    state.touched();
                                    state.family_edit(|g| g.claim_draw().map(|_| ()));
                                }
                            >
                                {msg::family_claim_draw()}
                            </button>
                        }
                    })
            }}
        </div>
        {move || {
            (!over())
                .then(|| {
                    view! {
                        <div class="family-controls" data-testid="family-controls">
                            {move || {
                                question()
                                    .map(|q| {
                                        view! {
                                            <div class="confirm-row" data-testid="family-confirm" role="alert">
                                                <span>{q}</span>
                                                <button class="primary small" data-testid="family-confirm-yes" on:click=yes>
                                                    {msg::family_yes()}
                                                </button>
                                                <button class="small" data-testid="family-confirm-no" on:click=move |_| confirm.set(None)>
                                                    {msg::family_no()}
                                                </button>
                                            </div>
                                        }
                                    })
                            }}
                            {alliances}
                        </div>
                    }
                })
        }}
        <details class="family-rules" data-testid="family-rules">
            <summary data-testid="family-rules-open">{msg::family_supervisor_rules()}</summary>
            <p class="field-help">{msg::family_rules_help()}</p>
            {rules}
            <Powers state />
        </details>
    }
}

/// The "Board" choice: turning to the player to move, or fixed (in the panel and in the
/// game's settings).
pub fn rotation_field(state: GameState, class: &'static str) -> impl IntoView {
    let rotation = move || state.settings.with(|s| s.family_rotation);
    view! {
        <label class=class>
            <span>{msg::family_board()}</span>
            <select
                data-testid="family-rotation"
                prop:value=move || rotation().key()
                on:change=move |ev| {
                    let r = Rotation::parse(&event_target_value(&ev)).unwrap_or_default();
                    state.update_settings(|s| s.family_rotation = r);
                }
            >
                <option value="mover" selected=move || rotation() == Rotation::Mover>
                    {msg::family_board_turns()}
                </option>
                <option value="fixed" selected=move || rotation() == Rotation::Fixed>
                    {msg::family_board_fixed()}
                </option>
            </select>
        </label>
    }
}

/// The settings that matter in a family game: how the board turns, and the hints toggle
/// (a supervisor rule, so it is changed like the others and written in the move list).
/// Sound and speech are the app's own settings, shown by the settings dialog.
#[component]
pub fn FamilySettings(state: GameState) -> impl IntoView {
    let hints = move || state.with_family_game(|g| g.rules().hints).unwrap_or(false);
    view! {
        {rotation_field(state, "field")}
        <label class="check">
            <input
                type="checkbox"
                data-testid="hints"
                prop:checked=hints
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    change_rule(state, "hints", if on { "on" } else { "off" }.to_string());
                }
            />
            <span>{msg::family_hints_setting()}</span>
        </label>
    }
}
