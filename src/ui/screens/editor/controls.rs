//! The editor's settings of the position beside the board: the side to move, "Play it as",
//! castling rights (only those the position and the rules allow), and the Chess# reserves.

use super::play_as::PlayAs;
use super::work::Editing;
use crate::rules::ruleset::Castling;
use crate::rules::setup::{CASTLE_FLAGS, RESERVE_MAX, RESERVE_ROLES};
use crate::rules::types::{Piece, Role, Side};
use crate::text::case::capitalise;
use crate::text::msg;
use crate::text::words::{self, Army};
use crate::ui::board::pieces::piece_icon;
use crate::ui::board::{Armies, Kept};
use leptos::prelude::*;

#[component]
pub fn TurnChoice(ed: Editing) -> impl IntoView {
    let button = move |side: Side, testid: &'static str| {
        let chosen = move || ed.setup.with(|s| s.turn == side);
        view! {
            <button
                class="small"
                class:chosen=chosen
                data-testid=testid
                aria-pressed=move || chosen().to_string()
                on:click=move |_| ed.edit(|s| s.turn = side)
            >
                {words::side(side)}
            </button>
        }
    };
    view! {
        <div class="editor-row">
            <span class="editor-label">{msg::editor_to_move()}</span>
            <div class="segmented">
                {button(Side::WHITE, "editor-turn-white")}
                {button(Side::BLACK, "editor-turn-black")}
            </div>
        </div>
    }
}

/// "Play it as": the built-in modes and the saved rule sets. Opened from the rules screen,
/// the rules are the ones being made there: nothing to choose.
#[component]
pub fn PlayAsChoice(ed: Editing, choices: Kept<Vec<PlayAs>>, for_rules: bool) -> impl IntoView {
    if for_rules {
        return view! {
            <p class="explain" data-testid="editor-for-rules">
                {msg::editor_for_rules()}
            </p>
        }
        .into_any();
    }
    let options = choices.with_value(|c| {
        c.iter()
            .map(|p| {
                let key = p.key();
                let k2 = key.clone();
                view! { <option value=key selected=move || ed.mode.with(|m| m.key() == k2)>{p.choice_label()}</option> }
            })
            .collect_view()
    });
    view! {
        <label class="field editor-mode">
            <span>{msg::editor_play_as()}</span>
            <select
                data-testid="editor-mode"
                prop:value=move || ed.mode.with(PlayAs::key)
                on:change=move |ev| {
                    let key = event_target_value(&ev);
                    if let Some(p) = choices.with_value(|c| c.iter().find(|p| p.key() == key).cloned()) {
                        ed.mode.set(p);
                        ed.error.set(None);
                        ed.draft.set(None);
                    }
                }
            >
                {options}
            </select>
        </label>
    }
    .into_any()
}

/// The four castling rights. Buttons that act as checkboxes: a button answers a quick tap
/// even right after a drag (see the platform's fast taps), a bare checkbox may miss it.
#[component]
pub fn CastlingRights(ed: Editing) -> impl IntoView {
    let rules = ed.rules;
    let castle_box = move |flag: usize, text: &'static str| {
        let possible = move || rules.with(|r| ed.setup.with(|s| s.castle_possible_in(flag, r)));
        let on = move || possible() && ed.setup.with(|s| s.castling(flag));
        let why_not = move || {
            if possible() {
                ""
            } else if rules.with(|r| r.castling == Castling::RuleZero) {
                msg::editor_castle_rule_zero()
            } else {
                msg::editor_castle_rook()
            }
        };
        view! {
            <button
                class="castle-toggle"
                role="checkbox"
                data-testid=format!("castle-{}", CASTLE_FLAGS[flag])
                aria-checked=move || on().to_string()
                prop:disabled=move || !possible()
                title=why_not
                on:click=move |_| {
                    let want = !on();
                    ed.edit(|s| s.set_castling(flag, want));
                }
            >
                <span class="box" aria-hidden="true">{move || if on() { "✓" } else { "" }}</span>
                <span>{text}</span>
            </button>
        }
    };
    let none = move || {
        rules.with(|r| r.castling == Castling::None).then(|| {
            view! {
                <p class="explain">{move || msg::editor_no_castling(&capitalise(&ed.mode.with(PlayAs::title)))}</p>
            }
        })
    };
    view! {
        <fieldset class="options editor-castling">
            <legend>{msg::editor_castling()}</legend>
            <div class="castle-grid">
                {castle_box(0, msg::editor_white_o_o())}
                {castle_box(1, msg::editor_white_o_o_o())}
                {castle_box(2, msg::editor_black_o_o())}
                {castle_box(3, msg::editor_black_o_o_o())}
            </div>
            {none}
        </fieldset>
    }
}

/// The Chess# reserves, for rules that have one: a counter per piece and side.
#[component]
pub fn Reserves(ed: Editing) -> impl IntoView {
    let counter = move |side: Side, role: Role| {
        let piece = Piece { side, role };
        let code = Armies::Two.code(piece);
        let count = move || ed.setup.with(|s| s.reserve(side, role));
        let max = if role == Role::King { 1 } else { RESERVE_MAX };
        let piece_name = words::piece(Army::of_side(side), role);
        view! {
            <div class="counter">
                <button
                    class="small"
                    data-testid=format!("reserve-{code}-minus")
                    aria-label=msg::editor_reserve_less(&piece_name)
                    prop:disabled=move || count() == 0
                    on:click=move |_| ed.edit(|s| s.add_reserve(side, role, -1))
                >
                    "−"
                </button>
                <span class="count" data-testid=format!("reserve-{code}-count")>{count}</span>
                <button
                    class="small"
                    data-testid=format!("reserve-{code}-plus")
                    aria-label=msg::editor_reserve_more(&piece_name)
                    prop:disabled=move || { count() >= max }
                    on:click=move |_| ed.edit(|s| s.add_reserve(side, role, 1))
                >
                    "+"
                </button>
            </div>
        }
    };
    move || {
        ed.rules.with(|r| r.drops).then(|| {
            let rows = RESERVE_ROLES
                .into_iter()
                .map(|role| {
                    let icon = |side| piece_icon(Armies::Two, Piece { side, role }, "reserve-icon");
                    view! {
                        <div class="reserve-row">
                            {icon(Side::WHITE)}
                            {counter(Side::WHITE, role)}
                            {icon(Side::BLACK)}
                            {counter(Side::BLACK, role)}
                        </div>
                    }
                })
                .collect_view();
            view! {
                <fieldset class="options editor-reserves" data-testid="editor-reserves">
                    <legend>{msg::editor_reserves()}</legend>
                    {rows}
                </fieldset>
            }
        })
    }
}
