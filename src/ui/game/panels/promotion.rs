//! The promotion picker, for both kinds of game: big buttons in the mover's army, the most
//! valuable piece first; Cancel returns the pawn. Never shown when only one piece is allowed
//! (Primary: the queen is played at once).

use crate::rules::types::{Move, MoveKind, Piece, Role, Side};
use crate::small_sort::sort_by_key;
use crate::text::msg;
use crate::text::words;
use crate::ui::board::pieces::piece_icon;
use crate::ui::game::state::GameState;
use leptos::prelude::*;

/// The roles a pawn may become among `moves`, the most valuable first.
pub fn promotion_roles<'a>(moves: impl IntoIterator<Item = &'a Move>) -> Vec<Role> {
    let mut roles: Vec<Role> = moves
        .into_iter()
        .filter_map(|m| match m.kind {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        })
        .collect();
    sort_by_key(&mut roles, |r| std::cmp::Reverse(r.value()));
    roles.dedup();
    roles
}

#[component]
pub fn PromotionPicker(state: GameState) -> impl IntoView {
    move || {
        let (from, to) = state.promotion.get()?;
        let (side, roles, armies, family) = state.with_board_untracked(|b| {
            let moves = b.moves_between(from, to);
            (b.turn(), promotion_roles(&moves), b.armies(), b.is_family())
        });
        // Face to face: the picker faces the player sitting opposite.
        let flipped =
            !family && state.settings.with_untracked(|s| s.face_to_face()) && side == Side::BLACK;
        let buttons = roles
            .into_iter()
            .map(|role| {
                view! {
                    <button
                        class="promote"
                        data-promote=role.letter().to_ascii_lowercase().to_string()
                        aria-label=words::role(role)
                        title=words::role(role)
                        on:click=move |_| state.promote(role)
                    >
                        {piece_icon(armies, Piece { side, role }, "")}
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
                    aria-label=msg::game_promotion_label()
                >
                    <p class="promotion-title">{msg::game_promotion_title()}</p>
                    <div class="promotion-buttons">{buttons}</div>
                    <button
                        class="cancel"
                        data-testid="close-dialog"
                        on:click=move |_| state.cancel_promotion()
                    >
                        {msg::cancel()}
                    </button>
                </div>
            </div>
        })
    }
}
