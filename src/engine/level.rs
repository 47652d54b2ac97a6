//! Levels for children, 1 (a beginner) to [`LEVELS`] (as strong as the time allows).
//!
//! Below the top level every choice is scored by a shallow search, then a *target loss* is
//! drawn for the level and one of the choices that lose no more than it is picked at random. So a low level makes a beginner's mistakes — aimless moves, a missed fork —
//! while two rules keep it a fair opponent: it takes back a piece that was just taken when it
//! can do so without loss, and it never throws material away (a choice that loses more than
//! [`THROWN_AWAY`] is skipped whenever a better one exists), winning or losing. Everything
//! random comes from the seed, so a game can be replayed.

use super::eval::WIN;
use super::search::{rank_choices, search, Choice, Limits};
use crate::rules::{Game, MoveKind};

pub const LEVELS: u8 = 8;

/// A loss this large (centipawns) is a piece given away, not a beginner's slip.
pub const THROWN_AWAY: i32 = 250;

/// How a level plays: how deep it looks at each move and the mean of its target losses.
/// Set so that each level scores 65–90% against the one below in orthodox and Primary
/// chess (`make engine-ladder`); the step from depth 1 to 2 is the large one.
struct Style {
    depth: u8,
    mean_loss: f64,
}

fn style(level: u8) -> Option<Style> {
    let (depth, mean_loss) = match level {
        0 | 1 => (1, 150.0),
        2 => (1, 70.0),
        3 => (2, 70.0),
        4 => (2, 30.0),
        5 => (3, 35.0),
        6 => (3, 12.0),
        7 => (5, 8.0),
        _ => return None,
    };
    Some(Style { depth, mean_loss })
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct LevelChoice {
    /// `None` when the game is over.
    pub choice: Option<Choice>,
    /// How long to wait before showing it, so the computer seems to think (varied, seeded).
    pub pause_ms: u32,
}

/// The level's choice for the player to move. `limits` bound the top level's search (and the
/// table size of every level); `seed`, one per game, makes the choice repeatable (the move
/// number is mixed in, so every move draws anew).
pub fn choose(game: &Game, level: u8, seed: u64, limits: &Limits) -> LevelChoice {
    let mut random = Random::new(seed ^ game.moves().len() as u64);
    let Some(style) = style(level) else {
        return LevelChoice {
            choice: search(game, limits).choice,
            pause_ms: 0,
        };
    };
    let pause_ms = 500 + (random.next() % 1_000) as u32;
    let ranked = rank_choices(game, style.depth, limits);
    let Some(&(_, best)) = ranked.first() else {
        return LevelChoice {
            choice: None,
            pause_ms,
        };
    };
    // From level 3 up a win on the spot (a mate, a king capture) is always taken: a child
    // should not see the computer pass one up for a longer win or a recapture.
    if level >= 3 && best >= WIN - 1 {
        return LevelChoice {
            choice: Some(ranked[0].0),
            pause_ms,
        };
    }
    let loss = |score: i32| best.saturating_sub(score);
    // Take back what was just taken, when that costs nothing.
    if let Some(last) = game.moves().last().filter(|m| m.captured.is_some()) {
        let recapture = ranked.iter().find(|(choice, score)| {
            matches!(choice, Choice::Move(m) if m.to == last.mv.to
                && !matches!(m.kind, MoveKind::Drop(_)))
                && loss(*score) <= 50
        });
        if let Some(&(choice, _)) = recapture {
            return LevelChoice {
                choice: Some(choice),
                pause_ms,
            };
        }
    }
    // A target loss from an exponential distribution with the level's mean.
    let unit = (random.next() >> 11) as f64 / (1u64 << 53) as f64;
    let target = (-style.mean_loss * (1.0 - unit).ln()).min(THROWN_AWAY as f64) as i32;
    // Never beyond THROWN_AWAY: neither material nor a won or drawn result is given away.
    // Any choice within the target, picked at random: a beginner's moves vary.
    let within: Vec<Choice> = ranked
        .iter()
        .filter(|&&(_, score)| loss(score) <= target && loss(score) < THROWN_AWAY)
        .map(|&(choice, _)| choice)
        .collect();
    let choice = if within.is_empty() {
        ranked[0].0
    } else {
        within[(random.next() % within.len() as u64) as usize]
    };
    LevelChoice {
        choice: Some(choice),
        pause_ms,
    }
}

/// xorshift64*: small, fast and the same on every machine (the levels of every mode draw
/// from it).
pub(crate) struct Random(u64);

impl Random {
    pub(crate) fn new(seed: u64) -> Random {
        Random(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}
