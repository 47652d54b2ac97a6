//! The game screen, composed once for both kinds of game: the board area (the board with the
//! players' strips and, in Chess#, the reserve trays; the banner, the promotion picker and
//! the paused cover over it) and the side panel (the mode, whose turn, the panels the session
//! has, looking back and the move list). The app shell gives the panel its contents, its menu
//! above these panels, as one part, and swaps the panel for the demo tools in demo mode.

use super::demo;
use super::panels::actions::Actions;
use super::panels::announcer::Banner;
use super::panels::clock::{timed, ClockView};
use super::panels::computer::{HintButton, Thinking};
use super::panels::family::call::CallPanel;
use super::panels::family::controls::{rotation_field, FamilyControls};
use super::panels::family::seats::Seats;
use super::panels::mode_line::ModeLine;
use super::panels::move_box::MoveBox;
use super::panels::moves::{MoveList, NavButtons, ViewingBar};
use super::panels::players::PlayerStrip;
use super::panels::promotion::PromotionPicker;
use super::panels::status::{
    CheckCounter, GameSummary, ImpasseCounter, KingHint, MateHint, Material, Message,
};
use super::panels::tray::{Tray, TrayGhost};
use super::part::{dialog_part, panel_part, retried_part, Part};
use super::state::GameState;
use super::GameBoard;
use crate::text::msg;
use crate::ui::board::memo;
use leptos::prelude::*;
use leptos::wasm_split::wasm_split;
use std::future::Future;

/// The board with everything around and over it. `outside` is drawn beside the board inside
/// its area (the demo screen's big coordinates).
#[component]
pub fn BoardArea(state: GameState, #[prop(optional)] outside: Option<ViewFn>) -> impl IntoView {
    let family = memo(move || state.is_family());
    let strips = move || !family.get() && !state.demo.on.get();
    // A memo, so the trays are drawn once per game and not again after every move: they are
    // a part that arrives a moment after it is asked for, and a drag must not lose its tray.
    let trays = memo(move || state.with_two(|g| g.rules().drops).unwrap_or(false));
    view! {
        <main class="play" class:family-play=family>
            {move || strips().then(|| view! { <PlayerStrip state top=true /> })}
            <div class="board-row">
                {move || {
                    trays.get()
                        .then(|| view! { <div class="trays">{panel_part(reserve_trays(state))}</div> })
                }}
                <div class="board-area">
                    <GameBoard state />
                    {outside.map(|f| f.run())}
                    <Banner state />
                    {promotion_layer(state)}
                    {timed(state, ClockView::Paused)}
                </div>
            </div>
            {move || strips().then(|| view! { <PlayerStrip state top=false /> })}
        </main>
    }
}

/// The side panel: its contents (`body`, the app's menu and the game's panels) are a part
/// (split out by tools/app-build.mjs), so the first load is smaller and the board can be
/// dragged while the buttons arrive.
pub fn panel<F>(state: GameState, body: impl Fn() -> F + Send + Sync + 'static) -> impl IntoView
where
    F: Future<Output = Part> + Send + 'static,
{
    let family = memo(move || state.is_family());
    view! {
        <aside class="panel" class:family-panel=family>
            {retried_part(msg::app_panel_missing, body)}
        </aside>
    }
}

/// The game's panels under the app's menu: the mode, whose turn, the panels the session has,
/// looking back and the move list (called in the side panel's part).
pub fn panel_body(state: GameState) -> impl IntoView {
    let family = memo(move || state.is_family());
    let two_player_status = move || {
        (!family.get()).then(|| {
            view! {
                {timed(state, ClockView::Bar)}
                // The buttons come before anything that appears or disappears by itself
                // (messages, hints), so nothing moves a button away from a finger.
                <Actions state />
                <HintButton state />
                <GameSummary state />
                <Message state />
                <KingHint state />
                <ImpasseCounter state />
                <CheckCounter state />
                <MateHint state />
                <Material state />
            }
        })
    };
    let family_status = move || family.get().then(|| panel_part(family_status(state)));
    view! {
        <ModeLine state />
        <super::panels::turn::Turn state />
        <Thinking state />
        {two_player_status}
        {family_status}
        <ViewingBar state />
        <div class="review-row">
            <NavButtons state />
            <button
                data-testid="demo"
                title=msg::game_demo_button_title()
                on:click=move |_| demo::enter(state)
            >
                {msg::game_demo_button()}
            </button>
        </div>
        <section class="moves">
            <h2 class="visually-hidden">{msg::game_moves()}</h2>
            <MoveList state />
            <MoveBox state />
        </section>
    }
}

/// The promotion picker while a pawn waits for its new piece: a part fetched at the first
/// promotion. If it cannot be fetched, closing the "not loaded" dialog returns the pawn, as
/// Cancel does.
fn promotion_layer(state: GameState) -> impl IntoView {
    let asked = memo(move || state.promotion.with(|p| p.is_some()));
    let cancel = Callback::new(move |()| state.cancel_promotion());
    move || {
        asked
            .get()
            .then(|| dialog_part(state, Some(cancel), promotion_picker(state)))
    }
}

/// The picker's part fetched ahead, with nothing shown (see `screens::fetch_ahead`).
#[wasm_split(promotion, wasm_split_path = leptos::wasm_split, fallible)]
pub fn promotion_fetched() -> Part {
    Ok(().into_any())
}

#[wasm_split(promotion, wasm_split_path = leptos::wasm_split, fallible)]
fn promotion_picker(state: GameState) -> Part {
    Ok(view! { <PromotionPicker state /> }.into_any())
}

/// The reserve trays of the games with placements (Chess#, custom drops): fetched with the
/// first such game (split out by tools/app-build.mjs).
#[wasm_split(trays, wasm_split_path = leptos::wasm_split, fallible)]
fn reserve_trays(state: GameState) -> Part {
    Ok(view! {
        <Tray state top=true />
        <Tray state top=false />
    }
    .into_any())
}

/// The reserve piece a finger carries from a tray, drawn over everything: with the trays.
#[wasm_split(trays, wasm_split_path = leptos::wasm_split, fallible)]
pub fn tray_ghost(state: GameState) -> Part {
    Ok(view! { <TrayGhost state /> }.into_any())
}

/// Fun Family Chess's part of the panel: fetched with the first four-player game
/// (split out by tools/app-build.mjs), so a two-player class never loads it.
#[wasm_split(family, wasm_split_path = leptos::wasm_split, fallible)]
fn family_status(state: GameState) -> Part {
    Ok(view! {
        <CallPanel state />
        <HintButton state />
        <Message state />
        <GameSummary state />
        <Seats state />
        <FamilyControls state />
        {rotation_field(state, "field family-rotation")}
    }
    .into_any())
}
