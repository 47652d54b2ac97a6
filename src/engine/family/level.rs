//! Levels 1 (a beginner) to [`LEVELS`] for Fun Family Chess, the same idea as the two-player
//! levels: below the top, every move is scored by a shallow search, a *target loss* is drawn
//! for the level and one of the moves that lose no more than it is picked at random; a piece
//! just taken is taken back when that costs nothing, and a move that throws more than
//! [`THROWN_AWAY`] away is never picked while a better one exists. The top level is the full
//! search. Everything random comes from the seed, so a game can be replayed.

use super::eval::Sides;
use super::play::should_call;
use super::root::{family_rank, family_search};
use crate::engine::level::{Random, LEVELS, THROWN_AWAY};
use crate::engine::search::Limits;
use crate::rules::family::{Event, FamilyGame};
use crate::rules::types::Move;

/// How a level plays: how many plies it looks at each move and the mean of its target
/// losses (centipawns).
fn style(level: u8) -> Option<(u8, f64)> {
    Some(match level {
        0 | 1 => (1, 200.0),
        2 => (1, 100.0),
        3 => (2, 70.0),
        4 => (2, 30.0),
        5 => (3, 35.0),
        6 => (3, 12.0),
        7 => (4, 8.0),
        _ => return None,
    })
}

/// The computer's move for the seat to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct FamilyChoice {
    /// `None` when the game is over or paused: no seat may move.
    pub mv: Option<Move>,
    /// Call "Check!" with the move (FAMILY.md §4.3), as [`FamilyGame::play`] takes it.
    pub call: bool,
    /// How long to wait before showing it, so the computer seems to think (varied, seeded;
    /// 0 at the top level, whose search takes its own time).
    pub pause_ms: u32,
}

/// The level's choice for the seat to move of `game`. `limits` bound the top level's search
/// (and the table size of every level); `seed`, one per game, makes the choice repeatable
/// (the number of actions so far is mixed in, so every move draws anew).
pub fn family_choose(game: &FamilyGame, level: u8, seed: u64, limits: &Limits) -> FamilyChoice {
    let mut random = Random::new(seed ^ game.undo_depth() as u64);
    let Some((depth, mean_loss)) = style(level) else {
        let result = family_search(game, limits);
        return FamilyChoice {
            mv: result.mv,
            call: result.call,
            pause_ms: 0,
        };
    };
    let pause_ms = 500 + (random.next() % 1_000) as u32;
    let ranked = family_rank(game, depth, limits);
    let Some(&(_, best)) = ranked.first() else {
        return FamilyChoice {
            mv: None,
            call: false,
            pause_ms,
        };
    };
    let chosen = |m: Move| FamilyChoice {
        mv: Some(m),
        call: should_call(game.state(), m, &Sides::of_game(game)),
        pause_ms,
    };
    let loss = |score: i32| best.saturating_sub(score);
    // Take back what was just taken, when that costs nothing.
    let last_capture = game.events().iter().rev().find_map(|e| match *e {
        Event::Moved { mv, captured, .. } => Some(captured.map(|_| mv.to)),
        _ => None,
    });
    if let Some(Some(square)) = last_capture {
        if let Some(&(m, _)) = ranked
            .iter()
            .find(|&&(m, score)| m.to == square && loss(score) <= 50)
        {
            return chosen(m);
        }
    }
    // A target loss from an exponential distribution with the level's mean, never beyond
    // THROWN_AWAY; any move within it, picked at random: a beginner's moves vary.
    let unit = (random.next() >> 11) as f64 / (1u64 << 53) as f64;
    let target = (-mean_loss * (1.0 - unit).ln()).min(THROWN_AWAY as f64) as i32;
    let within: Vec<Move> = ranked
        .iter()
        .filter(|&&(_, score)| loss(score) <= target && loss(score) < THROWN_AWAY)
        .map(|&(m, _)| m)
        .collect();
    let m = if within.is_empty() {
        ranked[0].0
    } else {
        within[(random.next() % within.len() as u64) as usize]
    };
    chosen(m)
}

/// How many levels there are (the same as the two-player game's).
pub const FAMILY_LEVELS: u8 = LEVELS;
