//! The promotion picker (orthodox): big buttons in the mover's colour. Cancel returns the
//! pawn; Primary never shows it (queen only, played at once).

use crate::rules::types::{MoveKind, Piece, Role, Square};
use crate::ui::pieces::PieceIcon;
use crate::ui::state::AppState;
use leptos::prelude::*;

/// The roles the pawn may become on `from -> to`, queen first.
fn choices(state: AppState, from: Square, to: Square) -> Vec<Role> {
    let mut roles: Vec<Role> = crate::ui::review::with_board_game_untracked(state, |g| {
        g.legal_moves()
            .iter()
            .filter(|m| m.from == from && m.to == to)
            .filter_map(|m| match m.kind {
                MoveKind::Promotion(r) => Some(r),
                _ => None,
            })
            .collect()
    });
    roles.sort_by_key(|r| std::cmp::Reverse(r.value()));
    roles.dedup();
    roles
}

#[component]
pub fn PromotionPicker(state: AppState) -> impl IntoView {
    move || {
        let (from, to) = state.promotion.get()?;
        let side = crate::ui::review::with_board_game_untracked(state, |g| g.turn());
        let flipped = state.settings.with_untracked(|s| s.face_to_face()) && side.index() == 1;
        let buttons = choices(state, from, to)
            .into_iter()
            .map(|role| {
                let letter = role.letter().to_ascii_lowercase();
                view! {
                    <button
                        class="promote"
                        data-promote=letter.to_string()
                        aria-label=role.name()
                        title=role.name()
                        on:click=move |_| state.promote(letter)
                    >
                        <PieceIcon piece=Piece { side, role } />
                    </button>
                }
            })
            .collect_view();
        Some(view! {
            <div class="promotion-layer">
                <div
                    class="promotion"
                    class:flipped=flipped
                    data-testid="promotion-picker"
                    role="dialog"
                    aria-label="Choose a piece for your pawn"
                >
                    <p class="promotion-title">"Your pawn becomes…"</p>
                    <div class="promotion-buttons">{buttons}</div>
                    <button
                        class="cancel"
                        data-testid="close-dialog"
                        on:click=move |_| state.promotion.set(None)
                    >
                        "Cancel"
                    </button>
                </div>
            </div>
        })
    }
}
