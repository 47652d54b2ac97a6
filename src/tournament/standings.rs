//! Standings: points on the mode's scale, then the tie-breaks the teacher chose, in the
//! teacher's order, then the starting number. Every tie-break is computed on the mode's own
//! scale (half points), so a Primary 3/2/1 or a Chess# 8–2 counts as it scored.
//!
//! An unplayed round (a bye, a forfeit, an absence) counts in Buchholz and Sonneborn-Berger
//! as a game against a virtual opponent with the player's own final score, as the FIDE
//! tie-break regulations (2023) count it, so missing a round neither helps nor hurts much.

use super::result::GameResult;
use crate::rules::ruleset::Scoring;
use crate::rules::types::Side;
use serde::{Deserialize, Serialize};

/// A game of a round between two players (indexes from 0), with its result once entered.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Game {
    pub white: usize,
    pub black: usize,
    pub result: Option<GameResult>,
}

/// One round: its games and its byes (a player and the half points the teacher gives them).
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Round {
    pub games: Vec<Game>,
    pub byes: Vec<(usize, u16)>,
}

/// The tie-breaks a teacher may choose and order.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum TieBreak {
    /// The sum of the opponents' scores.
    Buchholz,
    /// Buchholz without the lowest opponent's score.
    BuchholzCut1,
    /// The opponents' scores, each weighted by the share of that game's points won.
    SonnebornBerger,
    /// Among players on the same points who all met: the points from those games.
    DirectEncounter,
    /// Games won (over the board or by forfeit; a bye is no win).
    Wins,
    /// The running score after each round, added up.
    Cumulative,
}

/// A player's place: total points and the chosen tie-breaks, in the chosen order. Values are
/// in half points, except Sonneborn-Berger, in half points × (win − loss) of the scale (see
/// [`sonneborn_berger_scale`]) and Wins, a count.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Standing {
    pub player: usize,
    pub half_points: u32,
    pub tie_breaks: Vec<u64>,
}

/// What one round gave a player.
#[derive(Clone, Copy)]
struct Entry {
    half: u16,
    won: bool,
    /// Whom they played over the board; `None` for a forfeit, a bye or an absence.
    opponent: Option<usize>,
}

fn entries(players: usize, rounds: &[Round], scoring: &Scoring) -> Vec<Vec<Entry>> {
    let mut table = vec![Vec::with_capacity(rounds.len()); players];
    for round in rounds {
        let mut seen = vec![false; players];
        for game in &round.games {
            let Some(result) = game.result else { continue };
            for (me, opponent, side) in [
                (game.white, game.black, Side::WHITE),
                (game.black, game.white, Side::BLACK),
            ] {
                if me >= players || seen[me] {
                    continue;
                }
                seen[me] = true;
                table[me].push(Entry {
                    half: result.half_points[side.index()],
                    won: result.is_win(side, scoring),
                    opponent: (result.played && opponent < players).then_some(opponent),
                });
            }
        }
        for &(me, half) in &round.byes {
            if me < players && !seen[me] {
                seen[me] = true;
                table[me].push(Entry {
                    half,
                    won: false,
                    opponent: None,
                });
            }
        }
        // Neither paired nor given a bye (absent, or the game has no result yet): nothing.
        for (me, row) in table.iter_mut().enumerate() {
            if !seen[me] {
                row.push(Entry {
                    half: 0,
                    won: false,
                    opponent: None,
                });
            }
        }
    }
    table
}

/// What a Sonneborn-Berger value is divided by to give half points: a game's points for a
/// win over those for a loss (the value stays a whole number for sorting).
pub fn sonneborn_berger_scale(scoring: &Scoring) -> u64 {
    u64::from(scoring.win.saturating_sub(scoring.loss).max(1))
}

/// The standings after `rounds`, best first.
pub fn standings(
    players: usize,
    rounds: &[Round],
    scoring: &Scoring,
    order: &[TieBreak],
) -> Vec<Standing> {
    let table = entries(players, rounds, scoring);
    let score: Vec<u32> = table
        .iter()
        .map(|row| row.iter().map(|e| u32::from(e.half)).sum())
        .collect();
    // Each round's contribution to Buchholz: the opponent's score, or one's own if unplayed.
    let opposition = |me: usize| -> Vec<u32> {
        table[me]
            .iter()
            .map(|e| score[e.opponent.unwrap_or(me)])
            .collect()
    };
    let value = |me: usize, tb: TieBreak| -> u64 {
        match tb {
            TieBreak::Buchholz => opposition(me).iter().map(|&s| u64::from(s)).sum(),
            TieBreak::BuchholzCut1 => {
                let opp = opposition(me);
                let total: u64 = opp.iter().map(|&s| u64::from(s)).sum();
                total - opp.iter().min().map_or(0, |&s| u64::from(s))
            }
            TieBreak::SonnebornBerger => table[me]
                .iter()
                .zip(opposition(me))
                .map(|(e, opp)| u64::from(opp) * u64::from(e.half.saturating_sub(scoring.loss)))
                .sum(),
            TieBreak::DirectEncounter => direct_encounter(me, &table, &score),
            TieBreak::Wins => table[me].iter().filter(|e| e.won).count() as u64,
            TieBreak::Cumulative => table[me]
                .iter()
                .scan(0u64, |running, e| {
                    *running += u64::from(e.half);
                    Some(*running)
                })
                .sum(),
        }
    };
    let mut list: Vec<Standing> = (0..players)
        .map(|p| Standing {
            player: p,
            half_points: score[p],
            tie_breaks: order.iter().map(|&tb| value(p, tb)).collect(),
        })
        .collect();
    list.sort_by(|a, b| {
        b.half_points
            .cmp(&a.half_points)
            .then_with(|| b.tie_breaks.cmp(&a.tie_breaks))
            .then_with(|| a.player.cmp(&b.player))
    });
    list
}

/// The points `me` took from the other players on the same score, when every two of them met;
/// 0 when some did not (the tie-break then decides nothing among them).
fn direct_encounter(me: usize, table: &[Vec<Entry>], score: &[u32]) -> u64 {
    let group: Vec<usize> = (0..table.len())
        .filter(|&p| score[p] == score[me])
        .collect();
    if group.len() < 2 {
        return 0;
    }
    let met = |a: usize, b: usize| table[a].iter().any(|e| e.opponent == Some(b));
    let all_met = group
        .iter()
        .all(|&a| group.iter().all(|&b| a == b || met(a, b)));
    if !all_met {
        return 0;
    }
    table[me]
        .iter()
        .filter(|e| e.opponent.is_some_and(|o| group.contains(&o)))
        .map(|e| u64::from(e.half))
        .sum()
}

#[cfg(test)]
mod tests;
