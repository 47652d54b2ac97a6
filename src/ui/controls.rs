//! Game actions: stop (end of lesson, Primary), resign, draw offers and claims. Each button
//! is present only when the rules of this game allow it now.

use crate::rules::game::{Action, EndReason};
use crate::rules::types::Side;
use crate::ui::state::{AppState, Confirm, Dialog};
use leptos::prelude::*;

#[derive(Clone, PartialEq)]
struct Allowed {
    turn: Side,
    stop: bool,
    resign: bool,
    offer: bool,
    offer_by: Option<Side>,
    claim: Option<EndReason>,
}

#[component]
pub fn GameControls(state: AppState) -> impl IntoView {
    let allowed = Memo::new(move |_| {
        state.game.with(|g| {
            let on = !g.is_over();
            let r = g.rules();
            Allowed {
                turn: g.turn(),
                stop: on && g.adjudicate().is_some(),
                resign: on && r.resign_allowed,
                offer: on && r.draw_offers_allowed && g.draw_offer().is_none(),
                offer_by: g.draw_offer().filter(|_| on),
                claim: g.claimable_draw(),
            }
        })
    });
    let draw_offer = move || {
        let by = allowed.with(|a| a.offer_by)?;
        let to = Side(1 - by.0);
        Some(view! {
            <div class="offer" role="group" aria-label="Draw offer">
                <p>{format!("{} offers a draw. {}, do you agree?", state.label(by), state.label(to))}</p>
                <div class="row">
                    <button class="primary" data-testid="accept-draw" on:click=move |_| state.act(Action::AcceptDraw)>
                        "Yes, draw"
                    </button>
                    <button data-testid="decline-draw" on:click=move |_| state.act(Action::DeclineDraw)>
                        "No, play on"
                    </button>
                </div>
            </div>
        })
    };
    let claim = move || {
        let reason = allowed.with(|a| a.claim)?;
        let why = match reason {
            EndReason::ThreefoldRepetition => "the same position three times",
            _ => "50 moves without a capture or pawn move",
        };
        Some(view! {
            <button data-testid="claim-draw" title=why on:click=move |_| state.act(Action::ClaimDraw)>
                {format!("Claim a draw ({why})")}
            </button>
        })
    };
    view! {
        {draw_offer}
        <div class="actions">
            {claim}
            {move || {
                allowed.with(|a| a.stop).then(|| view! {
                    <button
                        data-testid="stop-game"
                        title="End of the lesson: the game is decided by material"
                        on:click=move |_| state.dialog.set(Some(Dialog::Confirm(Confirm::Stop)))
                    >
                        "Stop game"
                    </button>
                })
            }}
            {move || {
                let a = allowed.get();
                a.offer.then(|| view! {
                    <button data-testid="offer-draw" on:click=move |_| state.act(Action::OfferDraw(a.turn))>
                        {format!("Offer a draw ({})", a.turn.name())}
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
                        {format!("Resign ({})", a.turn.name())}
                    </button>
                })
            }}
        </div>
    }
}
