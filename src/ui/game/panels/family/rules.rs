//! The supervisor's rules of Fun Family Chess (FAMILY.md §8) as the screens show them: every
//! toggle with a short title and, for each of its values, one plain sentence; and the select
//! that shows one toggle. The new-game dialog and the mid-game supervisor panel share them.

use crate::text::msg;
use leptos::prelude::*;

/// A text of the catalogue, called where it is shown (so it follows the current language).
pub type Text = fn() -> &'static str;

/// One supervisor toggle: its key (as [`FamilyRules::set`] reads it), a short title, and
/// each value with the sentence that says what it means.
pub struct Toggle {
    pub key: &'static str,
    pub title: Text,
    pub values: &'static [(&'static str, Text)],
    /// Chosen before the game only (it shapes the start position).
    pub setup_only: bool,
}

const fn t(key: &'static str, title: Text, values: &'static [(&'static str, Text)]) -> Toggle {
    Toggle {
        key,
        title,
        values,
        setup_only: false,
    }
}

/// Every §8 toggle except the seats and the first player (chosen above them), defaults first.
pub const TOGGLES: &[Toggle] = &[
    t(
        "checks",
        msg::family_toggle_checks,
        &[
            ("manual", msg::family_toggle_checks_manual),
            ("auto", msg::family_toggle_checks_auto),
        ],
    ),
    t(
        "hints",
        msg::family_toggle_hints,
        &[
            ("off", msg::family_toggle_hints_off),
            ("on", msg::family_toggle_hints_on),
        ],
    ),
    t(
        "teams",
        msg::family_toggle_teams,
        &[
            ("free", msg::family_toggle_teams_free),
            ("fixed", msg::family_toggle_teams_fixed),
        ],
    ),
    t(
        "joint-mates",
        msg::family_toggle_joint_mates,
        &[
            ("off", msg::family_toggle_joint_mates_off),
            ("on", msg::family_toggle_joint_mates_on),
        ],
    ),
    t(
        "absence",
        msg::family_toggle_absence,
        &[
            ("on", msg::family_toggle_absence_on),
            ("off", msg::family_toggle_absence_off),
        ],
    ),
    t(
        "eligibility",
        msg::family_toggle_eligibility,
        &[
            ("25", msg::family_toggle_eligibility_25),
            ("anyone", msg::family_toggle_eligibility_anyone),
            ("by-hand", msg::family_toggle_eligibility_by_hand),
        ],
    ),
    t(
        "leave-in-check",
        msg::family_toggle_leave_in_check,
        &[
            ("on", msg::family_toggle_leave_in_check_on),
            ("off", msg::family_toggle_leave_in_check_off),
        ],
    ),
    t(
        "asleep-capture",
        msg::family_toggle_asleep_capture,
        &[
            ("pawns", msg::family_toggle_asleep_capture_pawns),
            ("no-one", msg::family_toggle_asleep_capture_no_one),
            ("anyone", msg::family_toggle_asleep_capture_anyone),
        ],
    ),
    t(
        "double-step",
        msg::family_toggle_double_step,
        &[
            ("any-time", msg::family_toggle_double_step_any_time),
            ("first-move", msg::family_toggle_double_step_first_move),
        ],
    ),
    t(
        "en-passant",
        msg::family_toggle_en_passant,
        &[
            ("until-return", msg::family_toggle_en_passant_until_return),
            ("next-player", msg::family_toggle_en_passant_next_player),
            ("off", msg::family_toggle_en_passant_off),
        ],
    ),
    t(
        "promotion",
        msg::family_toggle_promotion,
        &[
            ("centre", msg::family_toggle_promotion_centre),
            ("own-eighth", msg::family_toggle_promotion_own_eighth),
            ("board-edge", msg::family_toggle_promotion_board_edge),
        ],
    ),
    t(
        "promote-to",
        msg::family_toggle_promote_to,
        &[
            ("any", msg::family_toggle_promote_to_any),
            ("queen", msg::family_toggle_promote_to_queen),
        ],
    ),
    t(
        "dead-pieces",
        msg::family_toggle_dead_pieces,
        &[
            ("stay", msg::family_toggle_dead_pieces_stay),
            ("removed", msg::family_toggle_dead_pieces_removed),
        ],
    ),
    t(
        "stalemate",
        msg::family_toggle_stalemate,
        &[
            ("pass", msg::family_toggle_stalemate_pass),
            ("eliminate", msg::family_toggle_stalemate_eliminate),
            ("draw", msg::family_toggle_stalemate_draw),
        ],
    ),
    Toggle {
        key: "far-right-pawn",
        title: msg::family_toggle_far_right_pawn,
        values: &[
            ("removed", msg::family_toggle_far_right_pawn_removed),
            ("kept", msg::family_toggle_far_right_pawn_kept),
        ],
        setup_only: true,
    },
];

/// The toggle of a key.
pub fn toggle(key: &str) -> Option<&'static Toggle> {
    TOGGLES.iter().find(|t| t.key == key)
}

/// The sentence for a toggle's value (the value itself if the table does not know it, e.g.
/// an age gap other than 25 from an imported position).
pub fn sentence(key: &str, value: &str) -> String {
    toggle(key)
        .and_then(|t| t.values.iter().find(|(v, _)| *v == value))
        .map(|(_, s)| s().to_string())
        .unwrap_or_else(|| match key {
            "eligibility" => msg::family_toggle_eligibility_years(&value),
            _ => value.to_string(),
        })
}

/// One toggle as a select with the sentence of its value beneath.
pub fn toggle_select(
    prefix: &'static str,
    t: &'static Toggle,
    value: impl Fn() -> String + Copy + Send + Sync + 'static,
    set: impl Fn(String) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let key = t.key;
    let options = move || {
        let now = value();
        let mut values: Vec<String> = t.values.iter().map(|(v, _)| v.to_string()).collect();
        if !values.contains(&now) {
            values.push(now.clone());
        }
        values
            .into_iter()
            .map(|v| {
                let selected = v == now;
                let text = sentence(key, &v);
                view! { <option value=v.clone() selected=selected>{text}</option> }
            })
            .collect_view()
    };
    view! {
        <label class="field family-toggle">
            <span>{(t.title)()}</span>
            <select
                data-testid=format!("{prefix}-{key}")
                data-option=key
                prop:value=value
                on:change=move |ev| {
                    set(event_target_value(&ev));
                    // A refused change (e.g. fixed teams for three) shows the rule in force.
                    if let Some(el) = ev.target() {
                        let _ = web_sys::js_sys::Reflect::set(&el, &"value".into(), &value().into());
                    }
                }
            >
                {options}
            </select>
        </label>
    }
}
