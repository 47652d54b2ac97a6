//! Looking back through the game, for both kinds of game: first / previous / next / last,
//! jumping to a move, and — in demo mode — variations from any earlier position and side
//! positions set up by the rules panel's "Show me". The game itself (the main line, the one
//! that is saved) is never changed here: a move made on an earlier position starts a variation
//! beside it.
//!
//! The board draws [`GameState::with_board`]: the live session, or the position on screen
//! ([`shown`]).

pub mod shown;

use super::session::Session;
use super::state::GameState;
use crate::rules::game::Game;
use crate::rules::types::Move;
use crate::text::msg;
use shown::{Line, LineKind, View};
use std::sync::OnceLock;

/// What the first load calls of the moving through the game once an earlier position or a
/// side line is on screen. [`go`], the one place that shows one, puts it here first: so the
/// first load, which only ever shows the live game, does without that code, which comes
/// with the parts that show the rest (the move list's buttons, the keyboard, demo mode).
struct Viewer {
    play: fn(GameState, Move) -> bool,
    go: fn(GameState, View),
}

static VIEWER: OnceLock<Viewer> = OnceLock::new();

/// Shows `view`, dropping what the fingers were doing on the old position.
fn go(state: GameState, view: View) {
    VIEWER.get_or_init(|| Viewer {
        play: play_in_view,
        go,
    });
    let r = state.review;
    let main_len = state.session.with_untracked(|s| s.history_len());
    let view = match view {
        View::Main(k) if k >= main_len => View::Live,
        View::Line(_) if r.line.with_untracked(|l| l.is_none()) => View::Live,
        View::Line(k) => View::Line(r.line.with_untracked(|l| {
            l.as_ref()
                .map_or(0, |l| k.clamp(l.base(), l.session.history_len()))
        })),
        v => v,
    };
    let shown = match view {
        View::Live => None,
        View::Main(k) => Some(state.session.with_untracked(|s| s.truncated(k))),
        View::Line(k) => r
            .line
            .with_untracked(|l| l.as_ref().map(|l| l.session.truncated(k))),
    };
    let spoken = match view {
        View::Live => msg::game_said_back_to_game().to_string(),
        View::Main(k) => msg::game_said_move(&k, &main_len),
        View::Line(k) => msg::game_said_side_line_move(&k),
    };
    r.shown.set(shown);
    r.view.set(view);
    state.say(spoken);
    state.clear_hands();
    state.demo.shown.set(None);
    state.epoch.update(|e| *e = e.wrapping_add(1));
}

/// Back to the live game; a demonstration position is put away (a variation stays listed).
pub fn back_to_game(state: GameState) {
    if state
        .review
        .line
        .with_untracked(|l| l.as_ref().is_some_and(Line::is_side))
    {
        state.review.line.set(None);
    }
    back_to_live(state);
}

/// The live game on screen again, if it is not.
fn back_to_live(state: GameState) {
    if state.review.view.get_untracked() != View::Live {
        if let Some(viewer) = VIEWER.get() {
            (viewer.go)(state, View::Live);
        }
    }
}

/// Leaves the variation (forgetting it) and shows the main line where it branched off.
pub fn back_to_main_line(state: GameState) {
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
pub fn reset(state: GameState) {
    let len = state.session.with_untracked(|s| s.history_len());
    let same_kind = state.session.with_untracked(|s| s.is_family());
    let keep = state.review.line.with_untracked(|l| {
        matches!(l, Some(Line { kind: LineKind::Variation { from }, session }) if *from < len && session.is_family() == same_kind)
    });
    if !keep {
        state.review.line.set(None);
    }
    back_to_live(state);
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    First,
    Prev,
    Next,
    Last,
}

/// The first / previous / next / last buttons and arrow keys.
pub fn step(state: GameState, s: Step) {
    let len = state.session.with_untracked(|s| s.history_len());
    let view = state.review.view.get_untracked();
    let line = state.review.line.with_untracked(|l| {
        l.as_ref()
            .map(|l| (l.base(), l.session.history_len(), l.is_side()))
    });
    let next = match (view, s) {
        (View::Line(k), _) => {
            let (base, end, side) = line.unwrap_or((0, 0, false));
            match s {
                Step::First if !side => View::Main(0),
                Step::First => View::Line(base),
                // Stepping back past its start leaves the variation for the main line.
                Step::Prev if k <= base && !side => View::Main(base.saturating_sub(1)),
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

/// A tap on a main-line entry: the position after `ply` moves.
pub fn jump_main(state: GameState, ply: usize) {
    go(state, View::Main(ply));
}

/// A tap on an entry of the line's game.
pub fn jump_line(state: GameState, ply: usize) {
    go(state, View::Line(ply));
}

/// "Show me": sets up a rule's demonstration position beside the game (demo mode only).
pub fn show_side(state: GameState, title: String, note: String, fen: &str) {
    let Some(rules) = state.with_two_untracked(|g| g.rules().clone()) else {
        return;
    };
    match Game::from_fen(rules, fen) {
        Ok(game) => {
            state.review.line.set(Some(Line {
                kind: LineKind::Side { title, note },
                session: Session::Two(game),
            }));
            go(state, View::Line(0));
        }
        // The core's tests make sure every demonstration parses; say so if one does not.
        Err(e) => state.show_message(msg::game_demonstration_failed(&e)),
    }
}

/// Plays `mv` on a copy of `session`; the move's words when it was legal.
fn play_on(session: &mut Session, mv: Move) -> Option<String> {
    match session {
        Session::Two(g) => g.play(mv).ok().map(|p| p.san.clone()),
        Session::Family(g) => {
            g.play(mv, false).ok()?;
            g.last_record()
        }
    }
}

/// A move made on the board while an earlier position or a side line is shown. Returns false
/// when the live game is shown (the caller plays the move in the game).
pub fn play(state: GameState, mv: Move) -> bool {
    if state.review.view.get_untracked() == View::Live {
        return false;
    }
    // (Shown only by `go`, which puts the viewer first: never without it. Were it so, no
    // move would be played rather than one in the game behind the position shown.)
    VIEWER.get().is_none_or(|viewer| (viewer.play)(state, mv))
}

/// [`play`] on an earlier position or a side line.
fn play_in_view(state: GameState, mv: Move) -> bool {
    let r = state.review;
    let view = r.view.get_untracked();
    if !state.demo.on.get_untracked() {
        state.show_message(msg::game_earlier_position().into());
        state.clear_selection();
        return true;
    }
    match view {
        View::Main(k) => {
            let mut session = state.session.with_untracked(|s| s.truncated(k));
            // The move the game went on with: just step forward along the main line.
            let next = state
                .session
                .with_untracked(|s| s.truncated(k + 1).record());
            let Some(words) = play_on(&mut session, mv) else {
                state.clear_selection();
                return true;
            };
            if session.record() == next {
                go(state, View::Main(k + 1));
                return true;
            }
            r.line.set(Some(Line {
                kind: LineKind::Variation { from: k },
                session,
            }));
            go(state, View::Line(k + 1));
            state.say(msg::game_said_variation(&words));
        }
        View::Line(k) => {
            let Some(mut line) = r.line.get_untracked() else {
                go(state, View::Live);
                return true;
            };
            // Playing from an earlier point of the line replaces the rest of it.
            line.session = line.session.truncated(k);
            let Some(words) = play_on(&mut line.session, mv) else {
                state.clear_selection();
                return true;
            };
            let at = line.session.history_len();
            r.line.set(Some(line));
            go(state, View::Line(at));
            state.say(words);
        }
        View::Live => {}
    }
    true
}

/// Left / right / Home / End step through the game (not while typing or in a dialog).
pub fn on_key(state: GameState, e: &web_sys::KeyboardEvent) {
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

/// "12. e4" / "12… e5": a two-player move's number and SAN; a Fun Family record line as it
/// is. For the viewing line and the variation row.
pub fn move_label(session: &Session, ply: usize) -> String {
    match session {
        Session::Two(g) => {
            let Some(m) = g.moves().get(ply.wrapping_sub(1)) else {
                return String::new();
            };
            let n = g.position_at(ply - 1).map_or(1, |p| p.fullmove_number());
            if m.side == crate::rules::types::Side::WHITE {
                format!("{n}. {}", m.san)
            } else {
                format!("{n}… {}", m.san)
            }
        }
        Session::Family(g) => g
            .record_entries()
            .into_iter()
            .filter(|(_, at)| *at == Some(ply))
            .map(|(line, _)| line)
            .next()
            .unwrap_or_default(),
    }
}

/// One move of a variation in the move list: (position after it, label, on screen now).
pub type VariationMove = (usize, String, bool);

/// The variation's moves for the move list, with the move index it branches at.
pub fn variation_moves(state: GameState) -> Option<(usize, Vec<VariationMove>)> {
    let view = state.review.view.get();
    state.review.line.with(|l| {
        let l = l.as_ref()?;
        let LineKind::Variation { from } = l.kind else {
            return None;
        };
        let moves = (from + 1..=l.session.history_len())
            .map(|ply| {
                let label = match &l.session {
                    Session::Two(g) => {
                        let white = g
                            .moves()
                            .get(ply - 1)
                            .is_some_and(|m| m.side == crate::rules::types::Side::WHITE);
                        if ply == from + 1 || white {
                            move_label(&l.session, ply)
                        } else {
                            g.moves()[ply - 1].san.clone()
                        }
                    }
                    Session::Family(_) => move_label(&l.session, ply),
                };
                (ply, label, view == View::Line(ply))
            })
            .collect();
        Some((from, moves))
    })
}
