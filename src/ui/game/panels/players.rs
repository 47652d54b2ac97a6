//! A player's strip beside the board: colour disc, name, the pieces they captured, their
//! material lead and their clock. Face to face, the top strip is upside down for the player
//! opposite. All but the clock is one piece of markup, written again only when it changes.

use super::clock::{timed, ClockView};
use super::status::king_to_place;
use crate::rules::types::{Piece, Side};
use crate::small_sort::sort_by_key;
use crate::text::msg;
use crate::text::words;
use crate::ui::board::armies::icon_markup;
use crate::ui::board::layers::{class_list, escaped};
use crate::ui::board::memo;
use crate::ui::board::Armies;
use crate::ui::game::state::GameState;
use leptos::prelude::*;

#[component]
pub fn PlayerStrip(state: GameState, top: bool) -> impl IntoView {
    let side = memo(move || state.side_at(top));
    let class = move || {
        let s = side.get();
        class_list(
            if top { "player top" } else { "player" },
            &[
                (top && state.settings.with(|s| s.face_to_face()), " flipped"),
                (
                    state.session.with(|g| !g.is_over() && g.turn() == s),
                    " to-move",
                ),
            ],
        )
    };
    let body = memo(move || strip_markup(state, side.get()));
    view! {
        <div class=class data-side=move || side.get().name().to_ascii_lowercase()>
            <span class="strip-body" inner_html=body></span>
            {timed(state, ClockView::Face(Signal::derive(move || side.get())))}
        </div>
    }
}

/// The strip but its clock: the disc, the name, the captured pieces (one picture for a screen
/// reader: "Captured pieces: knight, pawn") or, in Chess#, the word that the player to move
/// still has their king in the reserve (the panel says why), and the material lead.
fn strip_markup(state: GameState, side: Side) -> String {
    let colour = side.name().to_ascii_lowercase();
    let name = escaped(&state.label(side));
    let mut out = format!(
        // text-ok: markup of the strip, its words come from the catalogue
        "<span class=\"disc {colour}\"></span><span class=\"player-name\">{name}</span>"
    );
    if king_to_place(state) == Some(side) {
        let hint = escaped(msg::game_king_in_reserve());
        out.push_str(&format!(
            // text-ok: markup of the strip, its words come from the catalogue
            "<span class=\"strip-hint\" data-testid=\"strip-king-hint\">{hint}</span>"
        ));
    } else {
        let mut pieces: Vec<Piece> = state.with_two(|g| g.captured_by(side)).unwrap_or_default();
        sort_by_key(&mut pieces, |p| std::cmp::Reverse((p.role.value(), p.role)));
        let names: Vec<&str> = pieces.iter().map(|p| words::role(p.role)).collect();
        let label = escaped(&msg::game_captured_pieces(&names.join(", ")));
        out.push_str(&format!(
            // text-ok: markup of the strip, its words come from the catalogue
            "<span class=\"captured\" role=\"img\" aria-label=\"{label}\">"
        ));
        for piece in pieces {
            out.push_str(&icon_markup(Armies::Two, piece, "captured-piece"));
        }
        out.push_str("</span>"); // text-ok: markup, no words
    }
    let lead = state.with_two(|g| {
        let p = g.position();
        p.material(side) as i64 - p.material(Side(1 - side.0)) as i64
    });
    out.push_str("<span class=\"lead\">"); // text-ok: markup, no words
    if let Some(lead) = lead.filter(|&l| l > 0) {
        out.push_str(&format!("+{lead}"));
    }
    out.push_str("</span>"); // text-ok: markup, no words
    out
}
