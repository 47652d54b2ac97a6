//! The supervisor's rules of Fun Family Chess (FAMILY.md §8) as the screens show them: every
//! toggle with a short title and, for each of its values, one plain sentence; and the select
//! that shows one toggle. The new-game dialog and the mid-game supervisor panel share them.

use leptos::prelude::*;

/// One supervisor toggle: its key (as [`FamilyRules::set`] reads it), a short title, and
/// each value with the sentence that says what it means.
pub struct Toggle {
    pub key: &'static str,
    pub title: &'static str,
    pub values: &'static [(&'static str, &'static str)],
    /// Chosen before the game only (it shapes the start position).
    pub setup_only: bool,
}

const fn t(
    key: &'static str,
    title: &'static str,
    values: &'static [(&'static str, &'static str)],
) -> Toggle {
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
        "Check calls",
        &[
            ("manual", "Players press \"Check!\"; a check nobody calls does not bind."),
            ("auto", "The app calls every check (normal check rules, for the youngest)."),
        ],
    ),
    t(
        "hints",
        "Hints",
        &[
            ("off", "Kings attacked without a called check are not marked."),
            ("on", "Kings attacked without a called check are marked (a hint, not a check)."),
        ],
    ),
    t(
        "teams",
        "Teams",
        &[
            ("free", "Everyone plays for themselves; alliances may be made and broken."),
            ("fixed", "Red with Yellow against Blue with Green; partners cannot take each other (4 players)."),
        ],
    ),
    t(
        "joint-mates",
        "Joint mates",
        &[
            ("off", "A checkmate must be made by one player's pieces alone."),
            ("on", "Players' pieces may mate a king together (chess.com style)."),
        ],
    ),
    t(
        "absence",
        "Leaving the game (rule 4)",
        &[
            ("on", "Young players may leave for a while and come back; their pieces sleep."),
            ("off", "Nobody may leave the game."),
        ],
    ),
    t(
        "eligibility",
        "Who may leave",
        &[
            ("25", "Players at least 25 years younger than the oldest, or ticked below."),
            ("anyone", "Any player may leave."),
            ("by-hand", "Only the players ticked below may leave."),
        ],
    ),
    t(
        "leave-in-check",
        "Leaving while in check",
        &[
            ("on", "A player in check may still leave (the check is cancelled)."),
            ("off", "A player in check must answer it before leaving."),
        ],
    ),
    t(
        "asleep-capture",
        "Sleeping pieces",
        &[
            ("pawns", "An away player's pieces can be taken by pawns only."),
            ("no-one", "Nobody can take an away player's pieces."),
            ("anyone", "Any piece can take an away player's pieces."),
        ],
    ),
    t(
        "double-step",
        "Pawn double step",
        &[
            ("any-time", "A pawn may move two squares on any move."),
            ("first-move", "A pawn may move two squares only on its first move."),
        ],
    ),
    t(
        "en-passant",
        "En passant",
        &[
            ("until-return", "A pawn that moved two squares can be taken en passant until its player's next turn."),
            ("next-player", "Only the next player may take it en passant."),
            ("off", "No en passant."),
        ],
    ),
    t(
        "promotion",
        "Promotion line",
        &[
            ("centre", "Pawns promote on the far edge of the middle 8x8 squares."),
            ("own-eighth", "Pawns promote on their own 8th row (the middle of the board)."),
            ("board-edge", "Pawns promote on the far edge of the whole board."),
        ],
    ),
    t(
        "promote-to",
        "Promotion piece",
        &[
            ("any", "A promoting pawn becomes a queen, rook, bishop or knight."),
            ("queen", "A promoting pawn always becomes a queen."),
        ],
    ),
    t(
        "dead-pieces",
        "A mated player's pieces",
        &[
            ("stay", "They stay on the board, grey, blocking lines; anyone may take them."),
            ("removed", "They are taken off the board."),
        ],
    ),
    t(
        "stalemate",
        "Stalemate",
        &[
            ("pass", "A player who cannot move passes (with two left it is a draw)."),
            ("eliminate", "A player who cannot move is out."),
            ("draw", "A stalemate ends the game in a draw."),
        ],
    ),
    Toggle {
        key: "far-right-pawn",
        title: "Far-right pawn",
        values: &[
            ("removed", "Each army starts without the pawn in front of its king-side rook."),
            ("kept", "Each army starts with all eight pawns."),
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
        .map(|(_, s)| s.to_string())
        .unwrap_or_else(|| match key {
            "eligibility" => {
                format!("Players at least {value} years younger than the oldest, or ticked below.")
            }
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
            <span>{t.title}</span>
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
