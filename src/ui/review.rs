//! Looking back through the game (issue 5): first / previous / next / last, jumping to a move,
//! and — in demo mode — variations from any earlier position and side positions set up by the
//! rules panel's "Show me". The game itself (the main line, the one that is saved) is never
//! changed here: a move made on an earlier position starts a variation beside it.
//!
//! The board draws [`with_board_game`]: the live game, or the position on screen.

use crate::rules::game::Game;
use crate::rules::types::{Move, Side};
use crate::ui::state::AppState;
use leptos::prelude::*;

/// What the board shows.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum View {
    /// The game as it stands: moves are played in it.
    Live,
    /// The main line after this many moves (fewer than played).
    Main(usize),
    /// The side line after this many moves of its game.
    Line(usize),
}

#[derive(Clone, PartialEq, Debug)]
pub enum LineKind {
    /// Branches off the main line after `from` moves.
    Variation { from: usize },
    /// A demonstration position of a rule.
    Side { title: String, note: String },
}

/// A variation or a demonstration: a game of its own, never saved.
#[derive(Clone, Debug)]
pub struct Line {
    pub kind: LineKind,
    pub game: Game,
}

impl Line {
    /// The first move index that belongs to the line (earlier ones are the main line's).
    pub fn base(&self) -> usize {
        match self.kind {
            LineKind::Variation { from } => from,
            LineKind::Side { .. } => 0,
        }
    }
}

#[derive(Clone, Copy)]
pub struct Review {
    pub view: RwSignal<View>,
    pub line: RwSignal<Option<Line>>,
    /// The game on screen when it is not the live one (kept in step with `view`).
    shown: RwSignal<Option<Game>>,
}

impl Review {
    pub fn new() -> Review {
        Review {
            view: RwSignal::new(View::Live),
            line: RwSignal::new(None),
            shown: RwSignal::new(None),
        }
    }
}

/// `g` as it was after `ply` moves.
fn truncated(g: &Game, ply: usize) -> Game {
    let mut c = g.clone();
    while c.moves().len() > ply {
        c.undo();
    }
    c
}

/// Runs `f` on the game the board shows (tracked).
pub fn with_board_game<R>(state: AppState, f: impl FnOnce(&Game) -> R) -> R {
    let r = state.review;
    let mut f = Some(f);
    if let Some(out) = r
        .shown
        .with(|s| s.as_ref().map(|g| (f.take().expect("once"))(g)))
    {
        return out;
    }
    state.game.with(|g| (f.take().expect("once"))(g))
}

/// [`with_board_game`] without tracking (event handlers).
pub fn with_board_game_untracked<R>(state: AppState, f: impl FnOnce(&Game) -> R) -> R {
    let r = state.review;
    let mut f = Some(f);
    if let Some(out) = r
        .shown
        .with_untracked(|s| s.as_ref().map(|g| (f.take().expect("once"))(g)))
    {
        return out;
    }
    state.game.with_untracked(|g| (f.take().expect("once"))(g))
}

/// The board shows something other than the live game.
pub fn is_reviewing(state: AppState) -> bool {
    state.review.view.get() != View::Live
}

/// Outside demo mode an earlier position is for looking only: the board takes no moves.
pub fn read_only(state: AppState) -> bool {
    state.review.view.get_untracked() != View::Live && !state.demo.on.get_untracked()
}

/// Shows `view`, dropping what the fingers were doing on the old position.
fn go(state: AppState, view: View) {
    let r = state.review;
    let main_len = state.game.with_untracked(|g| g.moves().len());
    let view = match view {
        View::Main(k) if k >= main_len => View::Live,
        View::Line(_) if r.line.with_untracked(|l| l.is_none()) => View::Live,
        View::Line(k) => View::Line(r.line.with_untracked(|l| {
            l.as_ref()
                .map_or(0, |l| k.clamp(l.base(), l.game.moves().len()))
        })),
        v => v,
    };
    let shown = match view {
        View::Live => None,
        View::Main(k) => Some(state.game.with_untracked(|g| truncated(g, k))),
        View::Line(k) => r
            .line
            .with_untracked(|l| l.as_ref().map(|l| truncated(&l.game, k))),
    };
    let spoken = match view {
        View::Live => "Back to the game.".to_string(),
        View::Main(k) => format!("Move {k} of {main_len}."),
        View::Line(k) => format!("Move {k} of the side line."),
    };
    r.shown.set(shown);
    r.view.set(view);
    state.say(spoken);
    state.clear_selection();
    state.drag.set(None);
    state.promotion.set(None);
    state.demo.shown.set(None);
    state.epoch.update(|e| *e = e.wrapping_add(1));
}

/// Back to the live game; a demonstration position is put away (a variation stays listed).
pub fn back_to_game(state: AppState) {
    if state.review.line.with_untracked(|l| {
        matches!(
            l,
            Some(Line {
                kind: LineKind::Side { .. },
                ..
            })
        )
    }) {
        state.review.line.set(None);
    }
    if state.review.view.get_untracked() != View::Live {
        go(state, View::Live);
    }
}

/// Leaves the variation (forgetting it) and shows the main line where it branched off.
pub fn back_to_main_line(state: AppState) {
    let from = state.review.line.with_untracked(|l| match l {
        Some(Line {
            kind: LineKind::Variation { from },
            ..
        }) => Some(*from),
        _ => None,
    });
    state.review.line.set(None);
    go(state, from.map_or(View::Live, View::Main));
}

/// Forgets every earlier view (a new game, an import, a take-back that removed the branch).
pub fn reset(state: AppState) {
    let len = state.game.with_untracked(|g| g.moves().len());
    let keep = state.review.line.with_untracked(
        |l| matches!(l, Some(Line { kind: LineKind::Variation { from }, .. }) if *from < len),
    );
    if !keep {
        state.review.line.set(None);
    }
    if state.review.view.get_untracked() != View::Live {
        go(state, View::Live);
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    First,
    Prev,
    Next,
    Last,
}

/// The first / previous / next / last buttons and arrow keys.
pub fn step(state: AppState, s: Step) {
    let len = state.game.with_untracked(|g| g.moves().len());
    let view = state.review.view.get_untracked();
    let line = state.review.line.with_untracked(|l| {
        l.as_ref()
            .map(|l| (l.base(), l.game.moves().len(), l.kind.clone()))
    });
    let next = match (view, s) {
        (View::Line(k), _) => {
            let (base, end, kind) = line.unwrap_or((0, 0, LineKind::Variation { from: 0 }));
            let variation = matches!(kind, LineKind::Variation { .. });
            match s {
                Step::First if variation => View::Main(0),
                Step::First => View::Line(base),
                // Stepping back past its start leaves the variation for the main line.
                Step::Prev if k <= base && variation => View::Main(base.saturating_sub(1)),
                Step::Prev => View::Line(k.saturating_sub(1).max(base)),
                Step::Next => View::Line((k + 1).min(end)),
                Step::Last => View::Line(end),
            }
        }
        (View::Live, Step::First | Step::Prev) if len == 0 => View::Live,
        (View::Live, Step::First) => View::Main(0),
        (View::Live, Step::Prev) => View::Main(len - 1),
        (View::Live, _) => View::Live,
        (View::Main(_), Step::First) => View::Main(0),
        (View::Main(k), Step::Prev) => View::Main(k.saturating_sub(1)),
        (View::Main(k), Step::Next) => View::Main(k + 1),
        (View::Main(_), Step::Last) => View::Live,
    };
    if next != view {
        go(state, next);
    }
}

/// A tap on main-line move `i` (0-based): the position after it.
pub fn jump_main(state: AppState, i: usize) {
    go(state, View::Main(i + 1));
}

/// A tap on move `i` of the line's game.
pub fn jump_line(state: AppState, i: usize) {
    go(state, View::Line(i + 1));
}

/// "Show me": sets up a rule's demonstration position beside the game (demo mode only).
pub fn show_side(state: AppState, title: String, note: String, fen: &str) {
    let rules = state.game.with_untracked(|g| g.rules().clone());
    match Game::from_fen(rules, fen) {
        Ok(game) => {
            state.review.line.set(Some(Line {
                kind: LineKind::Side { title, note },
                game,
            }));
            go(state, View::Line(0));
        }
        // The core's tests make sure every demonstration parses; say so if one does not.
        Err(e) => state.show_message(format!("This demonstration could not be set up: {e}")),
    }
}

/// A move made on the board while an earlier position or a side line is shown. Returns false
/// when the live game is shown (the caller plays the move in the game).
pub fn play(state: AppState, mv: Move) -> bool {
    let r = state.review;
    let view = r.view.get_untracked();
    if view == View::Live {
        return false;
    }
    if !state.demo.on.get_untracked() {
        state.show_message(
            "You are looking at an earlier position. Tap \"Back to the game\" to play on.".into(),
        );
        state.clear_selection();
        return true;
    }
    match view {
        View::Main(k) => {
            // The move the game went on with: just step forward along the main line.
            let same = state
                .game
                .with_untracked(|g| g.moves().get(k).is_some_and(|p| p.mv == mv));
            if same {
                go(state, View::Main(k + 1));
                return true;
            }
            let mut game = state.game.with_untracked(|g| truncated(g, k));
            let Ok(p) = game.play(mv).cloned() else {
                state.clear_selection();
                return true;
            };
            r.line.set(Some(Line {
                kind: LineKind::Variation { from: k },
                game,
            }));
            go(state, View::Line(k + 1));
            state.say(format!("Variation: {}", p.san));
        }
        View::Line(k) => {
            let Some(mut line) = r.line.get_untracked() else {
                go(state, View::Live);
                return true;
            };
            // Playing from an earlier point of the line replaces the rest of it.
            line.game = truncated(&line.game, k);
            let Ok(p) = line.game.play(mv).cloned() else {
                state.clear_selection();
                return true;
            };
            let at = line.game.moves().len();
            r.line.set(Some(line));
            go(state, View::Line(at));
            state.say(p.san);
        }
        View::Live => {}
    }
    true
}

/// Left / right / Home / End step through the game (not while typing or in a dialog).
pub fn on_key(state: AppState, e: &web_sys::KeyboardEvent) {
    if state.dialog.get_untracked().is_some() || e.alt_key() || e.ctrl_key() || e.meta_key() {
        return;
    }
    let typing = e
        .target()
        .and_then(|t| leptos::wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
        .is_some_and(|t| matches!(t.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
    if typing {
        return;
    }
    let s = match e.key().as_str() {
        "ArrowLeft" => Step::Prev,
        "ArrowRight" => Step::Next,
        "Home" => Step::First,
        "End" => Step::Last,
        _ => return,
    };
    e.prevent_default();
    step(state, s);
}

/// "12. e4" / "12… e5": the move's number and SAN, for the viewing line.
fn move_label(g: &Game, i: usize) -> String {
    let Some(m) = g.moves().get(i) else {
        return String::new();
    };
    let n = g.position_at(i).map_or(1, |p| p.fullmove_number());
    if m.side == Side::WHITE {
        format!("{n}. {}", m.san)
    } else {
        format!("{n}… {}", m.san)
    }
}

/// What the board shows, in words, with the way back. Nothing while the live game is shown.
#[component]
pub fn ViewingBar(state: AppState) -> impl IntoView {
    let r = state.review;
    move || {
        let view = r.view.get();
        let len = state.game.with(|g| g.moves().len());
        match view {
            View::Live => None,
            View::Main(k) => {
                let text = if k == 0 {
                    format!("Viewing the start (move 0 of {len})")
                } else {
                    let label = state.game.with(|g| move_label(g, k - 1));
                    format!("Viewing move {k} of {len} ({label})")
                };
                Some(
                    view! {
                        <div class="viewing" data-testid="viewing" role="status">
                            <span>{text}</span>
                            <button class="small primary" data-testid="back-to-game" on:click=move |_| back_to_game(state)>
                                "Back to the game"
                            </button>
                        </div>
                    }
                    .into_any(),
                )
            }
            View::Line(k) => {
                let (kind, end) = r.line.with(|l| {
                    l.as_ref()
                        .map_or((None, 0), |l| (Some(l.kind.clone()), l.game.moves().len()))
                });
                match kind? {
                    LineKind::Variation { from } => Some(
                        view! {
                            <div class="viewing variation-bar" data-testid="viewing" role="status">
                                <span>
                                    {format!(
                                        "Variation from move {from} — move {} of {}. The game is kept.",
                                        k.saturating_sub(from),
                                        end - from
                                    )}
                                </span>
                                <button class="small primary" data-testid="main-line" on:click=move |_| back_to_main_line(state)>
                                    "Back to main line"
                                </button>
                            </div>
                        }
                        .into_any(),
                    ),
                    LineKind::Side { title, note } => Some(
                        view! {
                            <div class="viewing demonstration" data-testid="viewing" role="status">
                                <strong>{format!("Demonstration: {title}")}</strong>
                                <span class="demo-note" data-testid="demo-note">{note}</span>
                                <button class="small primary" data-testid="back-to-game" on:click=move |_| back_to_game(state)>
                                    "Back to the game"
                                </button>
                            </div>
                        }
                        .into_any(),
                    ),
                }
            }
        }
    }
}

/// First / previous / next / last, under the board's game in the panel.
#[component]
pub fn NavButtons(state: AppState) -> impl IntoView {
    let len = Memo::new(move |_| state.game.with(|g| g.moves().len()));
    let at_start = move || match state.review.view.get() {
        View::Main(0) => true,
        View::Live => len.get() == 0,
        View::Line(k) => {
            k == 0
                && state.review.line.with(|l| {
                    matches!(
                        l,
                        Some(Line {
                            kind: LineKind::Side { .. },
                            ..
                        })
                    )
                })
        }
        _ => false,
    };
    let at_end = move || match state.review.view.get() {
        View::Live => true,
        View::Line(k) => state
            .review
            .line
            .with(|l| l.as_ref().is_none_or(|l| k >= l.game.moves().len())),
        _ => false,
    };
    view! {
        <div class="nav-buttons" role="group" aria-label="Step through the game">
            <button data-testid="nav-first" title="Start (Home)" aria-label="Start" disabled=at_start on:click=move |_| step(state, Step::First)>
                <svg class="nav-icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M3 3h3v18H3zM21 3v18L8 12z"></path></svg>
            </button>
            <button data-testid="nav-prev" title="Previous move (←)" aria-label="Previous move" disabled=at_start on:click=move |_| step(state, Step::Prev)>
                <svg class="nav-icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M18 3v18L5 12z"></path></svg>
            </button>
            <button data-testid="nav-next" title="Next move (→)" aria-label="Next move" disabled=at_end on:click=move |_| step(state, Step::Next)>
                <svg class="nav-icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M6 3v18l13-9z"></path></svg>
            </button>
            <button data-testid="nav-last" title="Last move (End)" aria-label="Last move" disabled=at_end on:click=move |_| step(state, Step::Last)>
                <svg class="nav-icon" viewBox="0 0 24 24" aria-hidden="true"><path d="M18 3h3v18h-3zM3 3v18l13-9z"></path></svg>
            </button>
        </div>
    }
}

/// One move of a variation in the move list: (move index, label, on screen now).
pub type VariationMove = (usize, String, bool);

/// The variation's moves as one bracketed row for the move list, with the move index it
/// branches at.
pub fn variation_moves(state: AppState) -> Option<(usize, Vec<VariationMove>)> {
    let view = state.review.view.get();
    state.review.line.with(|l| {
        let l = l.as_ref()?;
        let LineKind::Variation { from } = l.kind else {
            return None;
        };
        let moves = (from..l.game.moves().len())
            .map(|i| {
                let label = if i == from || l.game.moves()[i].side == Side::WHITE {
                    move_label(&l.game, i)
                } else {
                    l.game.moves()[i].san.clone()
                };
                (i, label, view == View::Line(i + 1))
            })
            .collect();
        Some((from, moves))
    })
}
