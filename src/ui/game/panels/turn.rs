//! Whose turn it is, large and in the side's colour — or how the game ended. For both kinds
//! of game; a Fun Family turn is marked by the seat's colour bar instead of a disc.

use crate::text::msg;
use crate::text::words;
use crate::ui::board::memo;
use crate::ui::game::session::Session;
use crate::ui::game::state::GameState;
use leptos::prelude::*;

#[component]
pub fn Turn(state: GameState) -> impl IntoView {
    let line = memo(move || {
        state.session.with(|s| match s {
            Session::Two(g) => match g.outcome() {
                Some(o) => (
                    true,
                    String::new(),
                    msg::game_over_line(&state.winner_text(&o)),
                ),
                None => (
                    false,
                    g.turn().name().to_ascii_lowercase(),
                    msg::game_to_move(&state.label(g.turn())),
                ),
            },
            Session::Family(g) => {
                let t = g.turn();
                let letter = crate::rules::family::seat_letter(t).to_string();
                if let Some(o) = g.outcome() {
                    (
                        true,
                        String::new(),
                        msg::game_over_line(&state.family_outcome_title(&o)),
                    )
                } else if g.is_paused() {
                    (false, letter, msg::game_family_paused().into())
                } else {
                    let name = state
                        .names
                        .with(|n| n.get(t.index()).map(|n| n.trim().to_string()));
                    let colour = words::seat(t);
                    let text = match name.filter(|n| !n.is_empty()) {
                        Some(n) => msg::game_family_to_move_named(&colour, &n),
                        None => msg::game_family_to_move(&colour),
                    };
                    (false, letter, text)
                }
            }
        })
    });
    let family = memo(move || state.is_family());
    let over = move || line.with(|l| l.0);
    let side = move || line.with(|l| l.1.clone());
    let text = move || line.with(|l| l.2.clone());
    // One element per kind of game, its words changing: screen readers hear the changes.
    move || {
        if family.get() {
            view! {
                <div class="turn family-turn" class:over=over data-testid="turn" data-seat=side aria-live="polite">
                    {text}
                </div>
            }
            .into_any()
        } else {
            let class = move || {
                if over() {
                    "turn over".to_string()
                } else {
                    format!("turn {}", side())
                }
            };
            // Face to face, Black's turn reads the right way up for Black across the table.
            let turned = move || {
                state.settings.with(|s| s.face_to_face())
                    && line.with(|(over, side, _)| !over && side == "black")
            };
            view! {
                <div class=class class:flipped=turned data-testid="turn" aria-live="polite">
                    <span class="disc" aria-hidden="true"></span>
                    <span class="turn-text">{text}</span>
                </div>
            }
            .into_any()
        }
    }
}
