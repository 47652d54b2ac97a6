//! What the app asks the engine and what it answers, as JSON text: the web app posts a
//! [`Request`] to the engine's Web Worker and reads a [`Reply`]. The game travels as its saved
//! record — a two-player game or a Fun Family game — so the worker sees exactly the game on
//! screen (rules, start and every move or action) and rebuilds it with the core's own replay.
//! [`answer`] is pure: the worker only adds the message plumbing and the clock.

use super::eval::{DECIDED, WIN};
use super::family::{family_choose, family_search};
use super::level::{choose, LEVELS};
use super::search::{search_keeping, Choice, KeptTable, Limits};
use crate::rules::family::game::FamilyRecord;
use crate::rules::family::notation::machine;
use crate::rules::family::FamilyGame;
use crate::rules::game::{Game, GameRecord};
use crate::rules::san::{to_san, to_uci};
use crate::rules::types::Move;
use crate::rules::Side;
use serde::{Deserialize, Serialize};

/// The move a claim of stalemate is written as (Chess#), beside the machine move forms.
pub const CLAIM_STALEMATE: &str = "claim-stalemate";

#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Purpose {
    /// The computer's own move, at its level.
    Play,
    /// A good move for the player to move (a hint, "Show best move"): the full search.
    Best,
}

/// The game asked about, as saved.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub enum Subject {
    Two(GameRecord),
    Family(FamilyRecord),
}

#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Request {
    /// Echoed in the reply, so an answer to a question no longer asked can be told apart.
    pub id: u32,
    pub game: Subject,
    pub purpose: Purpose,
    /// 1 to [`LEVELS`].
    pub level: u8,
    /// One per game: the level's choices can be replayed.
    pub seed: u64,
    /// How long the full search may think, counted from `asked_at` when there is one.
    pub think_ms: u32,
    /// When the question was asked, on the clock `answer` is given (the worker's `Date.now()`):
    /// the time a worker took to start counts against `think_ms`, so the first answer comes
    /// as soon as the next ones. The search still gets at least [`MIN_THINK_MS`].
    #[serde(default)]
    pub asked_at: Option<f64>,
}

/// The least a search is given when its question waited for the worker.
pub const MIN_THINK_MS: u32 = 300;

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Reply {
    pub id: u32,
    /// The move in machine form (`e2e4`, `Q@e1`; a Fun Family move ends in `+` when it calls
    /// check), or [`CLAIM_STALEMATE`]; `None` when the game is over or the request could not
    /// be read (see `error`).
    pub choice: Option<String>,
    /// The move as a person reads it (`Nf3`, `Qd5-h9`), for announcing it.
    pub san: Option<String>,
    /// For the player to move, in centipawns (beyond [`DECIDED`] a decided game); 0 when the
    /// level did not search in full.
    pub score: i32,
    pub depth: u8,
    pub nodes: u64,
    /// How long the answer took.
    pub ms: u32,
    /// How long the app should wait before showing a level's move (it "thinks").
    pub pause_ms: u32,
    pub error: Option<String>,
}

impl Reply {
    fn refused(id: u32, error: String) -> Reply {
        Reply {
            id,
            choice: None,
            san: None,
            score: 0,
            depth: 0,
            nodes: 0,
            ms: 0,
            pause_ms: 0,
            error: Some(error),
        }
    }
}

/// What a search or a level found, before it is written down.
struct Found {
    choice: Option<String>,
    san: Option<String>,
    score: i32,
    depth: u8,
    nodes: u64,
    pause_ms: u32,
}

/// Answers a request; `now` is a clock in milliseconds (the worker's `Date.now()`, natively
/// `Instant`), polled by the search for its deadline.
pub fn answer(request: &Request, now: &dyn Fn() -> f64) -> Reply {
    let started = now();
    let deadline = match request.asked_at {
        Some(asked) => (asked + f64::from(request.think_ms))
            .max(started + f64::from(MIN_THINK_MS.min(request.think_ms.max(1)))),
        None => started + f64::from(request.think_ms.max(1)),
    };
    let past_deadline = || now() >= deadline;
    let limits = Limits {
        stop: Some(&past_deadline),
        ..Limits::default()
    };
    let level = request.level.clamp(1, LEVELS);
    let full = request.purpose == Purpose::Best || level >= LEVELS;
    let found = match &request.game {
        Subject::Two(record) => Game::from_record(record)
            .map(|game| two_player(&game, full, level, request.seed, &limits)),
        Subject::Family(record) => FamilyGame::from_record(record)
            .map(|game| family(&game, full, level, request.seed, &limits)),
    };
    match found {
        Ok(f) => Reply {
            id: request.id,
            choice: f.choice,
            san: f.san,
            score: f.score,
            depth: f.depth,
            nodes: f.nodes,
            ms: (now() - started).max(0.0) as u32,
            pause_ms: f.pause_ms,
            error: None,
        },
        Err(e) => Reply::refused(request.id, e),
    }
}

thread_local! {
    /// The worker's transposition table, kept from one request to the next (the computer's
    /// moves in a game, a hint after them): a head start for each search.
    static KEPT: std::cell::RefCell<KeptTable> = std::cell::RefCell::new(KeptTable::default());
}

fn two_player(game: &Game, full: bool, level: u8, seed: u64, limits: &Limits) -> Found {
    let (choice, score, depth, nodes, pause_ms) = if full {
        let result = KEPT.with(|kept| search_keeping(game, limits, &mut kept.borrow_mut()));
        (result.choice, result.score, result.depth, result.nodes, 0)
    } else {
        let picked = choose(game, level, seed, limits);
        (picked.choice, 0, 0, 0, picked.pause_ms)
    };
    let pos = game.position();
    let (choice, san) = match choice {
        Some(Choice::Move(m)) => (Some(to_uci(pos, m)), Some(to_san(pos, m))),
        Some(Choice::ClaimStalemate) => (Some(CLAIM_STALEMATE.to_string()), None),
        None => (None, None),
    };
    Found {
        choice,
        san,
        score,
        depth,
        nodes,
        pause_ms,
    }
}

fn family(game: &FamilyGame, full: bool, level: u8, seed: u64, limits: &Limits) -> Found {
    let (mv, call, score, depth, nodes, pause_ms) = if full {
        let r = family_search(game, limits);
        (r.mv, r.call, r.score, r.depth, r.nodes, 0)
    } else {
        let c = family_choose(game, level, seed, limits);
        (c.mv, c.call, 0, 0, 0, c.pause_ms)
    };
    let text = |m: Move| machine(game.state().position(), m) + if call { "+" } else { "" };
    Found {
        choice: mv.map(text),
        san: mv.and_then(|m| family_move_text(game, m, call)),
        score,
        depth,
        nodes,
        pause_ms,
    }
}

/// A Fun Family move as its record reads (`Qd5-h9+`), without the seat.
fn family_move_text(game: &FamilyGame, m: Move, call: bool) -> Option<String> {
    let mut after = game.clone();
    let line = after.play(m, call).ok()?.first()?.text()?;
    Some(
        line.split_once(": ")
            .map_or(line.clone(), |(_, t)| t.to_string()),
    )
}

/// The request as the worker reads it, or the reply that says why it cannot be read.
pub fn answer_text(text: &str, now: &dyn Fn() -> f64) -> String {
    let reply = match serde_json::from_str::<Request>(text) {
        Ok(request) => answer(&request, now),
        Err(e) => Reply::refused(0, format!("the engine could not read the request: {e}")),
    };
    serde_json::to_string(&reply).unwrap_or_default()
}

/// How a score reads in words, for the side it belongs to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Verdict {
    /// `side` wins by force in this many moves.
    WinsIn(Side, u32),
    /// A large advantage (more than about two pawns).
    Winning(Side),
    /// A clear advantage (about a pawn or more).
    Better(Side),
    /// A small edge.
    SlightlyBetter(Side),
    Equal,
}

/// The verdict on `score`, which is for `mover`.
pub fn verdict(score: i32, mover: Side) -> Verdict {
    let (side, margin) = if score >= 0 {
        (mover, score)
    } else {
        (Side(1 - mover.0), score.saturating_neg())
    };
    match margin {
        m if m > DECIDED => Verdict::WinsIn(side, ((WIN - m).max(1) as u32).div_ceil(2)),
        m if m >= 250 => Verdict::Winning(side),
        m if m >= 90 => Verdict::Better(side),
        m if m >= 35 => Verdict::SlightlyBetter(side),
        _ => Verdict::Equal,
    }
}
