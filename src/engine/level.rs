//! Levels for children, 1 (a beginner) to [`LEVELS`] (as strong as the time allows).
//!
//! Up to level 6 every choice is scored by a shallow search, then a *target loss* is drawn for
//! the level and one of the choices that lose no more than it is picked at random. So a low
//! level makes a beginner's mistakes — aimless moves, a missed fork — while two rules keep it
//! a fair opponent: it takes back a piece that was just taken when it can do so without loss,
//! and it never throws material away (a choice that loses more than [`THROWN_AWAY`] is skipped
//! whenever a better one exists), winning or losing. Level 7 plays the full search's move on a
//! fixed budget of nodes: the top level thinking less. Everything random comes from the seed,
//! so a game can be replayed.

use super::eval::WIN;
use super::search::{rank_choices, search, Choice, Limits};
use crate::rules::{Game, MoveKind};

pub const LEVELS: u8 = 8;

/// A loss this large (centipawns) is a piece given away, not a beginner's slip.
pub const THROWN_AWAY: i32 = 250;

/// How a level plays. Set so that each level scores 65–90% against the one below in orthodox
/// and Primary chess at 100 ms a move (`make engine-ladder`). The top level's search gains
/// so much with every ply that level 7 needs the full search too: a ranking of every choice
/// deeper than 5 plies would cost more than the top level's whole move.
enum Style {
    /// Every choice scored `depth` plies deep, then a pick within a target loss drawn with
    /// this mean (centipawns).
    Pick { depth: u8, mean_loss: f64 },
    /// The full search's move, cut off after this many nodes (the same on every machine).
    Search { nodes: u64 },
}

fn style(level: u8) -> Option<Style> {
    let pick = |depth, mean_loss| Some(Style::Pick { depth, mean_loss });
    match level {
        0 | 1 => pick(1, 120.0),
        2 => pick(1, 45.0),
        3 => pick(2, 55.0),
        4 => pick(2, 10.0),
        5 => pick(3, 4.0),
        6 => pick(5, 8.0),
        7 => Some(Style::Search { nodes: 20_000 }),
        _ => None,
    }
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
    let (depth, mean_loss) = match style {
        Style::Pick { depth, mean_loss } => (depth, mean_loss),
        Style::Search { nodes } => {
            let limits = Limits {
                nodes: nodes.min(limits.nodes),
                ..*limits
            };
            return LevelChoice {
                choice: search(game, &limits).choice,
                pause_ms,
            };
        }
    };
    let ranked = rank_choices(game, depth, limits);
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
    let target = (-mean_loss * (1.0 - unit).ln()).min(THROWN_AWAY as f64) as i32;
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
