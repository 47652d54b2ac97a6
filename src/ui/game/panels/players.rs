//! A player's strip beside the board: colour disc, name, the pieces they captured, their
//! material lead and their clock. Face to face, the top strip is upside down for the player
//! opposite.

use super::clock::{timed, ClockView};
use super::status::king_to_place;
use crate::rules::types::{Piece, Side};
use crate::small_sort::sort_by_key;
use crate::text::msg;
use crate::text::words;
use crate::ui::board::pieces::piece_icon;
use crate::ui::board::Armies;
use crate::ui::game::state::GameState;
use leptos::prelude::*;

#[component]
pub fn PlayerStrip(state: GameState, top: bool) -> impl IntoView {
    let side = Memo::new(move |_| state.side_at(top));
    let side = move || side.get();
    let face = move || top && state.settings.with(|s| s.face_to_face());
    let to_move = move || state.session.with(|g| !g.is_over() && g.turn() == side());
    let captured_pieces = Memo::new(move |_| {
        let mut pieces: Vec<Piece> = state
            .with_two(|g| g.captured_by(side()))
            .unwrap_or_default();
        sort_by_key(&mut pieces, |p| std::cmp::Reverse((p.role.value(), p.role)));
        pieces
    });
    let captured = move || {
        captured_pieces
            .get()
            .into_iter()
            .map(|piece| piece_icon(Armies::Two, piece, "captured-piece"))
            .collect_view()
    };
    // One picture for a screen reader: "Captured pieces: knight, pawn".
    let captured_label = move || {
        captured_pieces.with(|pieces| {
            let names: Vec<&str> = pieces.iter().map(|p| words::role(p.role)).collect();
            msg::game_captured_pieces(&names.join(", "))
        })
    };
    // Chess#: the player to move whose king is still in the reserve is told so here, beside
    // their tray (the panel says why).
    let king_waiting = move || king_to_place(state) == Some(side());
    let lead = move || {
        let s = side();
        let (mine, theirs) = state.with_two(|g| {
            let p = g.position();
            (p.material(s) as i64, p.material(Side(1 - s.0)) as i64)
        })?;
        (mine > theirs).then(|| format!("+{}", mine - theirs))
    };
    view! {
        <div
            class="player"
            class:top=top
            class:flipped=face
            class:to-move=to_move
            data-side=move || side().name().to_ascii_lowercase()
        >
            <span class=move || format!("disc {}", side().name().to_ascii_lowercase())></span>
            <span class="player-name">{move || state.label(side())}</span>
            {move || {
                if king_waiting() {
                    view! { <span class="strip-hint" data-testid="strip-king-hint">{msg::game_king_in_reserve()}</span> }.into_any()
                } else {
                    view! { <span class="captured" role="img" aria-label=captured_label>{captured}</span> }.into_any()
                }
            }}
            <span class="lead">{lead}</span>
            {timed(state, ClockView::Face(Signal::derive(side)))}
        </div>
    }
}
