//! The promotion picker (orthodox): big buttons in the mover's colour. Cancel returns the
//! pawn; Primary never shows it (queen only, played at once).

use crate::rules::types::{Move, MoveKind, Piece, Role, Square};
use crate::ui::pieces::PieceIcon;
use crate::ui::state::AppState;
use leptos::prelude::*;

/// The roles a pawn may become among `moves` (those from one square to one square), the
/// most valuable first.
pub(crate) fn promotion_roles<'a>(moves: impl IntoIterator<Item = &'a Move>) -> Vec<Role> {
    let mut roles: Vec<Role> = moves
        .into_iter()
        .filter_map(|m| match m.kind {
            MoveKind::Promotion(r) => Some(r),
            _ => None,
        })
        .collect();
    roles.sort_by_key(|r| std::cmp::Reverse(r.value()));
    roles.dedup();
    roles
}

/// The roles the pawn may become on `from -> to`, queen first.
fn choices(state: AppState, from: Square, to: Square) -> Vec<Role> {
    crate::ui::review::with_board_game_untracked(state, |g| {
        let moves = g.legal_moves();
        promotion_roles(moves.iter().filter(|m| m.from == from && m.to == to))
    })
}

/// The picker itself, for the 2-player and the Fun Family game alike: one big button per
/// role (`icon` draws the piece, `choose` plays it) and Cancel; `flipped` turns it to the
/// player sitting opposite.
pub(crate) fn picker<V: IntoView + 'static>(
    roles: Vec<Role>,
    flipped: bool,
    icon: impl Fn(Role) -> V,
    choose: impl Fn(Role) + Copy + Send + Sync + 'static,
    cancel: impl Fn() + Send + Sync + 'static,
) -> impl IntoView {
    let buttons = roles
        .into_iter()
        .map(|role| {
            view! {
                <button
                    class="promote"
                    data-promote=role.letter().to_ascii_lowercase().to_string()
                    aria-label=role.name()
                    title=role.name()
                    on:click=move |_| choose(role)
                >
                    {icon(role)}
                </button>
            }
        })
        .collect_view();
    view! {
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
                <button class="cancel" data-testid="close-dialog" on:click=move |_| cancel()>
                    "Cancel"
                </button>
            </div>
        </div>
    }
}

#[component]
pub fn PromotionPicker(state: AppState) -> impl IntoView {
    move || {
        let (from, to) = state.promotion.get()?;
        let side = crate::ui::review::with_board_game_untracked(state, |g| g.turn());
        let flipped = state.settings.with_untracked(|s| s.face_to_face()) && side.index() == 1;
        Some(picker(
            choices(state, from, to),
            flipped,
            move |role| view! { <PieceIcon piece=Piece { side, role } /> },
            move |role| state.promote(role.letter().to_ascii_lowercase()),
            move || state.promotion.set(None),
        ))
    }
}
