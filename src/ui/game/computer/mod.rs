//! The computer opponent on the game screen: when it is the computer's turn in the live game
//! it asks the engine's worker (`platform::engine`), shows that it is thinking, and plays the
//! answer like a person's move — slid across the board, announced, with its clock. A take-back
//! takes back the pair of moves; a new game, a dialog or looking back stops the search. The
//! same worker gives hints (an arrow for the player to move) and, in demo mode, the best move
//! with who stands better.

pub mod asked;

use super::session::Session;
use super::state::GameState;
use crate::engine::request::{verdict, Purpose, Reply, Request, Subject, Verdict, CLAIM_STALEMATE};
use crate::rules::game::Action;
use crate::rules::san::parse_move;
use crate::rules::types::{Move, MoveKind, Side};
use crate::text::msg;
use crate::ui::board::marks::{Mark, Pen};
use crate::ui::board::overlays;
use crate::ui::board::watch;
use crate::ui::platform::engine;
use crate::ui::platform::time::{now_ms, wall_ms};
use asked::{Asked, Shown};
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use std::sync::OnceLock;
use std::time::Duration;

/// How long the strongest level, a hint and "Show best move" think (the levels below need
/// far less): a move well within 2 s on a slow tablet.
const THINK_MS: u32 = 1_200;

/// The name of the computer player of `level` ("Sam").
pub fn level_name(level: u8) -> &'static str {
    match level {
        0 | 1 => msg::computer_name_1(),
        2 => msg::computer_name_2(),
        3 => msg::computer_name_3(),
        4 => msg::computer_name_4(),
        5 => msg::computer_name_5(),
        6 => msg::computer_name_6(),
        7 => msg::computer_name_7(),
        _ => msg::computer_name_8(),
    }
}

/// How the computer player of `level` plays, in a few words.
pub fn level_about(level: u8) -> &'static str {
    match level {
        0 | 1 => msg::computer_about_1(),
        2 => msg::computer_about_2(),
        3 => msg::computer_about_3(),
        4 => msg::computer_about_4(),
        5 => msg::computer_about_5(),
        6 => msg::computer_about_6(),
        7 => msg::computer_about_7(),
        _ => msg::computer_about_8(),
    }
}

/// Sends `request` to the engine's worker, unless it was called off meanwhile; the answer
/// comes to [`GameState::answered`].
#[wasm_split(computer, wasm_split_path = leptos::wasm_split, fallible)]
fn send(state: GameState, request: Request, asked_at: f64) -> Result<(), SplitLoaderError> {
    if !state.still_asks(request.id) {
        return Ok(());
    }
    match serde_json::to_string(&request) {
        Ok(text) => engine::ask(text, move |answer| state.answered(answer, asked_at)),
        Err(_) => state.asked.set(None),
    }
    Ok(())
}

/// The computer's turn at `plies` moves, at `level`: it answers an offer made to it (and plays
/// on), or asks the engine for its move. Nothing when the game has moved on, or the question is
/// already asked, while the part was fetched.
#[wasm_split(computer, wasm_split_path = leptos::wasm_split, fallible)]
fn computer_turn(state: GameState, level: u8, plies: usize) -> Result<(), SplitLoaderError> {
    let asked = state.asked.get_untracked();
    if state.computer_may_move() != Some(level)
        || state.session.with_untracked(|s| s.history_len()) != plies
        || asked.is_some_and(|a| a.purpose == Purpose::Play && a.plies == plies)
    {
        return Ok(());
    }
    // Offers made to the computer are answered first: it plays on.
    if !state.answer_offers(level) {
        let seed = state.computer.with_untracked(|c| c.seed);
        state.ask(Purpose::Play, level, seed, plies);
    }
    Ok(())
}

/// A score in words, for the side it belongs to.
fn verdict_words(state: GameState, score: i32, mover: Side) -> String {
    match verdict(score, mover) {
        Verdict::Equal => msg::verdict_equal().into(),
        Verdict::SlightlyBetter(s) => msg::verdict_slightly_better(&state.label_untracked(s)),
        Verdict::Better(s) => msg::verdict_better(&state.label_untracked(s)),
        Verdict::Winning(s) => msg::verdict_winning(&state.label_untracked(s)),
        Verdict::WinsIn(s, n) => msg::verdict_wins_in(&state.label_untracked(s), u64::from(n)),
    }
}

/// The mark of the hint shown and its words, if the board shows the hint's position.
type HintMark = fn(GameState) -> Option<(Mark, String)>;

/// How the hint's mark is found, once a hint has been shown.
static HINT_MARK: OnceLock<HintMark> = OnceLock::new();

/// The mark of the hint shown, while the board shows the position it was found for
/// (reactive).
fn shown_hint_mark(state: GameState) -> Option<(Mark, String)> {
    let hint = state.hint.get()?;
    let key = state.with_board(|b| b.position_key());
    (hint.key == key).then(|| {
        let mark = if hint.drop {
            Mark::Circle(hint.to, Pen::Green)
        } else {
            Mark::Arrow(hint.from, hint.to, Pen::Green)
        };
        (mark, hint.words)
    })
}

impl GameState {
    /// The computer's level if it plays the side to move of the live game.
    pub fn computer_to_move_untracked(self) -> Option<u8> {
        let turn = self.session.with_untracked(|s| s.turn());
        self.computer.with_untracked(|c| c.level(turn))
    }

    /// The computer is thinking about its move (reactive): the name of the player thinking.
    pub fn computer_thinking(self) -> Option<&'static str> {
        let asked = self.asked.get()?;
        if asked.purpose != Purpose::Play {
            return None;
        }
        let turn = self.session.with(|s| s.turn());
        self.computer.with(|c| c.level(turn)).map(level_name)
    }

    /// A hint or best move being looked for (reactive).
    pub fn looking_for_best(self) -> bool {
        self.asked.get().is_some_and(|a| a.purpose == Purpose::Best)
    }

    /// Stops whatever the engine is thinking about; its answer never comes.
    pub fn stop_thinking(self) {
        if self.asked.get_untracked().is_some() {
            engine::cancel();
            self.asked.set(None);
        }
    }

    /// Whether the computer may move now: its turn in the live game, which takes moves, with
    /// nothing open over the board.
    fn computer_may_move(self) -> Option<u8> {
        let level = self.computer_to_move_untracked()?;
        let busy = self.dialog.get_untracked().is_some()
            || self.promotion.get_untracked().is_some()
            || self.is_reviewing_untracked()
            || self.demo.on.get_untracked()
            || self
                .session
                .with_untracked(|s| s.is_over() || s.is_paused())
            || self.clock_paused_untracked();
        (!busy).then_some(level)
    }

    /// Asks for the computer's move when it is its turn (called whenever the game or what is
    /// open over it changes); stops a search that is no longer wanted.
    pub fn computer_step(self) {
        let plies = self.session.with_untracked(|s| s.history_len());
        let asked = self.asked.get_untracked();
        let Some(level) = self.computer_may_move() else {
            if asked.is_some_and(|a| a.purpose == Purpose::Play) {
                self.stop_thinking();
            }
            return;
        };
        if asked.is_some_and(|a| a.purpose == Purpose::Play && a.plies == plies) {
            return;
        }
        if self.computer_failed.get_value() == Some(plies) {
            return;
        }
        // What the computer does on its turn is in its part, fetched with its first turn.
        leptos::task::spawn_local(async move {
            if computer_turn(self, level, plies).await.is_err() {
                self.computer_failed.set_value(Some(plies));
                self.show_message(msg::computer_could_not_move(&msg::app_part_missing_reason()));
            }
        });
    }

    /// The computer says no to a draw or fast-fifty offer waiting for its answer.
    fn answer_offers(self, level: u8) -> bool {
        let Some((draw, fifty)) =
            self.with_two_untracked(|g| (g.draw_offer().is_some(), g.fast_fifty_offer().is_some()))
        else {
            return false;
        };
        if !draw && !fifty {
            return false;
        }
        // Not through `act`, whose other actions only the panel's buttons need.
        self.update_two(|g| {
            if draw {
                g.decline_draw()
            } else {
                g.reject_fast_fifty()
            }
        });
        self.settle_action();
        if !draw {
            self.say(msg::game_said_fast_fifty_rejected().into());
        }
        self.show_message(msg::computer_plays_on(&level_name(level)));
        true
    }

    fn ask(self, purpose: Purpose, level: u8, seed: u64, plies: usize) {
        // The position the board shows: the live game for the computer's move, the shown one
        // for a hint or the best move (demo mode looks at earlier positions too).
        let subject = |s: &Session| match s {
            Session::Two(g) => Subject::Two(g.to_record()),
            Session::Family(g) => Subject::Family(g.to_record()),
        };
        let game = if purpose == Purpose::Play {
            self.session.with_untracked(subject)
        } else {
            self.with_board_untracked(subject)
        };
        let id = self.asked_id.get_value().wrapping_add(1);
        self.asked_id.set_value(id);
        let request = Request {
            id,
            game,
            purpose,
            level,
            seed,
            think_ms: THINK_MS,
            asked_at: Some(wall_ms()),
        };
        self.asked.set(Some(Asked { id, purpose, plies }));
        let asked_at = now_ms();
        // What speaks to the engine is a part, fetched with the first question.
        leptos::task::spawn_local(async move {
            if send(self, request, asked_at).await.is_err() && self.still_asks(id) {
                self.asked.set(None);
                self.computer_failed.set_value(Some(plies));
                self.show_message(msg::computer_could_not_move(&msg::app_part_missing_reason()));
            }
        });
    }

    /// Whether question `id` is still the one waiting for the engine (not called off, not
    /// answered).
    fn still_asks(self, id: u32) -> bool {
        self.asked.get_untracked().is_some_and(|a| a.id == id)
    }

    fn answered(self, answer: engine::Answer, asked_at: f64) {
        let Some(asked) = self.asked.get_untracked() else {
            return;
        };
        let reply =
            answer.and_then(|text| serde_json::from_str::<Reply>(&text).map_err(|e| e.to_string()));
        let reply = match reply {
            Ok(r) if r.id != asked.id => return,
            Ok(Reply { error: Some(e), .. }) | Err(e) => {
                self.asked.set(None);
                self.computer_failed.set_value(Some(asked.plies));
                self.show_message(msg::computer_could_not_move(&e));
                return;
            }
            Ok(r) => r,
        };
        if asked.purpose == Purpose::Best {
            self.asked.set(None);
            self.show_best(&reply);
            return;
        }
        // The level "thinks" a little before its move shows, as a person would.
        let waited = now_ms() - asked_at;
        let wait = (f64::from(reply.pause_ms) - waited).max(0.0);
        set_timeout(
            move || {
                if self.asked.get_untracked() == Some(asked) {
                    self.asked.set(None);
                    self.play_reply(&reply, asked.plies);
                }
            },
            Duration::from_millis(wait as u64),
        );
    }

    /// Plays the computer's answer in the live game, if that game is still where it was.
    fn play_reply(self, reply: &Reply, plies: usize) {
        let Some(choice) = reply.choice.as_deref() else {
            return;
        };
        if self.session.with_untracked(|s| s.history_len()) != plies
            || self.computer_may_move().is_none()
        {
            return;
        }
        if choice == CLAIM_STALEMATE {
            self.act(Action::ClaimStalemate);
            return;
        }
        let Some((mv, call)) = self.session.with_untracked(|s| read_move(s, choice)) else {
            return;
        };
        let name = self.computer_to_move_untracked().map_or("", level_name);
        self.arriving.set(Some((mv.from, mv.to)));
        // Fun Family: the call goes with the move, as a person's "Check!" pressed first.
        self.armed.set(call);
        self.play(mv);
        self.armed.set(false);
        self.callable.set(None);
        if let Some(san) = &reply.san {
            // Who played, then the move in words and any check or result it brought.
            let said = self.spoken.get_untracked().replace('\u{a0}', "");
            self.say(format!("{} {said}", msg::computer_played(&name, san)));
        }
    }

    /// A hint (for the player to move) or, in demo mode, the best move with the verdict.
    pub fn ask_best(self) {
        if self.with_board_untracked(|b| b.is_over()) {
            return;
        }
        self.hint.set(None);
        let plies = self.session.with_untracked(|s| s.history_len());
        self.say(msg::game_hint_looking().into());
        self.ask(Purpose::Best, crate::engine::LEVELS, 0, plies);
    }

    fn show_best(self, reply: &Reply) {
        overlays::install_drawings();
        HINT_MARK.get_or_init(|| shown_hint_mark);
        let (Some(choice), Some(san)) = (reply.choice.as_deref(), reply.san.as_deref()) else {
            return;
        };
        let found = self.with_board_untracked(|b| {
            let (mv, _) = read_move(b, choice)?;
            Some((b.position_key(), mv, b.turn(), b.is_family()))
        });
        let Some((key, mv, mover, family)) = found else {
            return;
        };
        // The verdict weighs two sides; in Fun Family Chess the best move is shown alone.
        let words = if self.demo.on.get_untracked() && !family {
            msg::game_best_move_shown(&san, &verdict_words(self, reply.score, mover))
        } else {
            msg::game_hint_shown(&san)
        };
        self.say(words.clone());
        self.hint.set(Some(Shown {
            key,
            from: mv.from,
            to: mv.to,
            drop: matches!(mv.kind, MoveKind::Drop(_)),
            words,
        }));
    }

    /// The hint's mark, while the board shows the position it was found for (reactive).
    pub fn hint_mark(self) -> Option<(Mark, String)> {
        // A hint is only ever shown by the computer's part, which puts its marking in place.
        if self.hint.with(|h| h.is_none()) {
            return None;
        }
        HINT_MARK.get().and_then(|mark| mark(self))
    }

    /// Starts the computer: it answers whenever it is its turn.
    pub fn drive_computer(self) {
        watch(move || {
            // What decides whether it may move.
            self.session.track();
            self.computer.track();
            self.dialog.track();
            self.promotion.track();
            self.review.view.track();
            self.demo.on.track();
            let _ = self.clock_paused();
            untrack(|| self.computer_step());
        });
    }

    /// Takes back the last move and, against the computer, its replies too, back to a
    /// person's turn (in Fun Family Chess up to three computer seats may have moved since).
    pub(super) fn take_back_pair(self) -> bool {
        self.stop_thinking();
        let family = self.is_family_untracked();
        let undo = move || {
            if family {
                self.family_take_back()
            } else {
                self.two_take_back()
            }
        };
        let taken = undo();
        if taken {
            // As the failure's message says: after a take-back the computer tries again.
            self.computer_failed.set_value(None);
        }
        let mut more = 4;
        while taken && more > 0 && self.computer_to_move_untracked().is_some() {
            // The person's own move, before the computer's replies.
            if !undo() {
                break;
            }
            more -= 1;
        }
        taken
    }
}

/// The engine's move text read in the session it was asked about: the move, and its Fun
/// Family "Check!" call.
fn read_move(session: &Session, text: &str) -> Option<(Move, bool)> {
    match session {
        Session::Two(g) => parse_move(g.position(), text).ok().map(|m| (m, false)),
        Session::Family(g) => g.parse_move(text).ok(),
    }
}
