//! The actions of a two-player game: stop (end of lesson, Primary), resign, draw offers and
//! claims; in Chess# the stalemate claim and the fast-fifty proposal with its answer. Each
//! button is present only when the rules of this game allow it now.

use crate::rules::game::{Action, EndReason, Game};
use crate::rules::ruleset::NoMoves;
use crate::rules::types::Side;
use crate::text::msg;
use crate::text::words;
use crate::ui::board::memo;
use crate::ui::game::lock::{self, as_teacher, Guarded};
use crate::ui::game::panels::status::IMPASSE_NEAR;
use crate::ui::game::state::{Confirm, Dialog, GameState};
use leptos::prelude::*;

#[derive(Clone, PartialEq)]
struct Allowed {
    turn: Side,
    stop: bool,
    resign: bool,
    offer: bool,
    offer_by: Option<Side>,
    claim: Option<EndReason>,
    /// Chess#: the player to move may claim stalemate (always offered: their judgement).
    claim_stalemate: bool,
    /// Chess#: the player to move may propose a fast-fifty.
    propose_fifty: bool,
    fifty_by: Option<Side>,
}

impl Default for Allowed {
    /// Nothing allowed (not a two-player game).
    fn default() -> Self {
        Allowed {
            turn: Side::WHITE,
            stop: false,
            resign: false,
            offer: false,
            offer_by: None,
            claim: None,
            claim_stalemate: false,
            propose_fifty: false,
            fifty_by: None,
        }
    }
}

/// The two answers to an offer: `yes` (test id, words, action) and "No, play on".
fn answer_buttons(
    state: GameState,
    yes: (&'static str, &'static str, Action),
    no: (&'static str, Action),
) -> impl IntoView {
    let (yes_id, yes_words, yes_action) = yes;
    let (no_id, no_action) = no;
    view! {
        <div class="row">
            <button class="primary" data-testid=yes_id on:click=move |_| state.act(yes_action)>
                {yes_words}
            </button>
            <button data-testid=no_id on:click=move |_| state.act(no_action)>
                {msg::game_no_play_on()}
            </button>
        </div>
    }
}

/// Half points as text: `7`, `½`, `3½`.
pub fn half_text(h: u16) -> String {
    match (h / 2, h % 2) {
        (0, 1) => "½".into(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

/// What an impasse now would give: the material and the points of each side.
pub fn impasse_preview(g: &Game) -> String {
    let p = g.position();
    let (w, b) = (p.material(Side::WHITE), p.material(Side::BLACK));
    let s = g.rules().scoring;
    let [pw, pb] = match w.cmp(&b) {
        std::cmp::Ordering::Greater => s.impasse_unequal,
        std::cmp::Ordering::Less => [s.impasse_unequal[1], s.impasse_unequal[0]],
        std::cmp::Ordering::Equal => s.impasse_equal,
    };
    msg::game_impasse_preview(&w, &b, &half_text(pw), &half_text(pb))
}

#[component]
pub fn Actions(state: GameState) -> impl IntoView {
    let allowed = memo(move || {
        state
            .with_two(|g| {
                // Against the computer, the buttons are the person's: none on its turn.
                let persons_turn = state.computer.with(|c| c.level(g.turn()).is_none());
                let on = !g.is_over() && persons_turn;
                let r = g.rules();
                Allowed {
                    turn: g.turn(),
                    stop: on && g.adjudicate().is_some(),
                    resign: on && r.resign_allowed,
                    offer: on && r.draw_offers_allowed && g.draw_offer().is_none(),
                    offer_by: g.draw_offer().filter(|_| on),
                    claim: g.claimable_draw().filter(|_| persons_turn),
                    claim_stalemate: on && r.no_moves == NoMoves::ClaimStalemate,
                    // Offered when an impasse can be in sight: every piece placed, or the
                    // impasse counter shown; not from the first move, where it only puzzles.
                    propose_fifty: on
                        && r.fast_fifty
                        && g.fast_fifty_offer().is_none()
                        && (all_placed(g) || g.impasse_in().is_some_and(|p| p < IMPASSE_NEAR)),
                    fifty_by: g.fast_fifty_offer().filter(|_| on),
                }
            })
            .unwrap_or_default()
    });
    let draw_offer = move || {
        let by = allowed.with(|a| a.offer_by)?;
        let to = Side(1 - by.0);
        Some(view! {
            <div class="offer" role="group" aria-label=msg::game_draw_offer_label()>
                <p>{msg::game_draw_offer(&state.label(by), &state.label(to))}</p>
                {answer_buttons(state, ("accept-draw", msg::game_yes_draw(), Action::AcceptDraw), ("decline-draw", Action::DeclineDraw))}
            </div>
        })
    };
    // Chess# fast-fifty: the proposer makes their move; the opponent answers on their turn
    // (a move by the opponent rejects it, the core does that).
    let fast_fifty_pending = move || {
        let (by, turn) = allowed.with(|a| (a.fifty_by, a.turn));
        let by = by.filter(|&by| by == turn)?;
        let to = Side(1 - by.0);
        Some(view! {
            <div class="offer fifty" role="status" data-testid="fast-fifty-pending">
                <p>
                    {msg::game_fast_fifty_pending(&state.label(by), &state.label(to), &words::side(by))}
                </p>
            </div>
        })
    };
    let fast_fifty_answer = move || {
        let (by, turn) = allowed.with(|a| (a.fifty_by, a.turn));
        let by = by.filter(|&by| by != turn)?;
        let to = Side(1 - by.0);
        let preview = state.with_two(impasse_preview).unwrap_or_default();
        Some(view! {
            <div class="offer fifty" role="group" aria-label=msg::game_fast_fifty_label()>
                <p>{msg::game_fast_fifty_question(&state.label(by), &state.label(to))}</p>
                <p class="offer-detail">{preview}</p>
                {answer_buttons(state, ("accept-fast-fifty", msg::game_yes_end_it(), Action::AcceptFastFifty), ("reject-fast-fifty", Action::RejectFastFifty))}
            </div>
        })
    };
    let refused = move || {
        state.claim_refused.get().map(|why| {
            view! {
                <div class="message refused" data-testid="claim-refused" role="alert">
                    <span>{why}</span>
                    <button class="small" aria-label=msg::game_dismiss() on:click=move |_| state.claim_refused.set(None)>
                        {msg::ok()}
                    </button>
                </div>
            }
        })
    };
    let claim = move || {
        let reason = allowed.with(|a| a.claim)?;
        let (why, words) = match reason {
            EndReason::ThreefoldRepetition => (
                msg::game_claim_repetition_why(),
                msg::game_claim_repetition(),
            ),
            _ => (msg::game_claim_fifty_why(), msg::game_claim_fifty()),
        };
        Some(view! {
            <button data-testid="claim-draw" title=why on:click=move |_| state.act(Action::ClaimDraw)>
                {words}
            </button>
        })
    };
    view! {
        {draw_offer}
        {fast_fifty_answer}
        <div class="actions">
            {claim}
            {move || {
                let a = allowed.get();
                a.claim_stalemate.then(|| view! {
                    <button
                        data-testid="claim-stalemate"
                        title=msg::game_claim_stalemate_title()
                        on:click=move |_| state.act(Action::ClaimStalemate)
                    >
                        {msg::game_claim_stalemate(&words::side(a.turn))}
                    </button>
                })
            }}
            {move || {
                let a = allowed.get();
                a.propose_fifty.then(|| view! {
                    <button
                        data-testid="propose-fast-fifty"
                        title=msg::game_propose_fifty_title()
                        on:click=move |_| state.act(Action::ProposeFastFifty(a.turn))
                    >
                        {msg::game_propose_fifty(&words::side(a.turn))}
                    </button>
                })
            }}
            {move || {
                allowed.with(|a| a.stop).then(|| view! {
                    <button
                        data-testid="stop-game"
                        title=msg::game_stop_title()
                        on:click=move |_| {
                            as_teacher(
                                Guarded::StopGame,
                                move || state.dialog.set(Some(Dialog::Confirm(Confirm::Stop))),
                            )
                        }
                    >
                        {move || lock::locked().then(lock::padlock)}
                        {msg::game_stop()}
                    </button>
                })
            }}
            {move || {
                let a = allowed.get();
                a.offer.then(|| view! {
                    <button data-testid="offer-draw" on:click=move |_| state.act(Action::OfferDraw(a.turn))>
                        {msg::game_offer_draw(&words::side(a.turn))}
                    </button>
                })
            }}
            {move || {
                let a = allowed.get();
                a.resign.then(|| view! {
                    <button
                        data-testid="resign"
                        on:click=move |_| state.dialog.set(Some(Dialog::Confirm(Confirm::Resign(a.turn))))
                    >
                        {msg::game_resign(&words::side(a.turn))}
                    </button>
                })
            }}
        </div>
        // Below the buttons: these appear when a button is tapped, and must not push the
        // buttons away from the finger.
        {refused}
        {fast_fifty_pending}
    }
}

/// Both reserves are empty: every piece of a Chess# game is on the board (or was taken).
fn all_placed(g: &Game) -> bool {
    [Side::WHITE, Side::BLACK]
        .into_iter()
        .all(|side| g.position().reserve(side).iter().all(|&n| n == 0))
}
