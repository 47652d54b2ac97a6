//! How each system pairs the next round: the Berger tables, the Swiss rules, free pairing.

use super::{Tournament, TournamentError};
use crate::rules::types::Side;
use crate::tournament::berger;
use crate::tournament::free::{pair_free, Free};
use crate::tournament::result::GameResult;
use crate::tournament::standings::{Game, Round};
use crate::tournament::swiss;

impl Tournament {
    /// The Berger table's round `next`; a game against someone away is a forfeit at once.
    pub(super) fn round_robin_round(&self, next: u16) -> Round {
        let players = self.players.len() as u16;
        let single = berger::round_count(players);
        let (number, cycle) = if next > single {
            (next - single, 2)
        } else {
            (next, 1)
        };
        let mut round = Round::default();
        for pairing in berger::round(players, number, cycle) {
            match pairing {
                berger::Pairing::Game { white, black } => {
                    let (white, black) = (white as usize - 1, black as usize - 1);
                    round.games.push(Game {
                        white,
                        black,
                        result: self.automatic_forfeit(next, white, black),
                    });
                }
                berger::Pairing::Bye(p) => {
                    let p = p as usize - 1;
                    if !self.is_away(p, next) {
                        round.byes.push((p, self.bye_points));
                    }
                }
            }
        }
        round
    }

    /// The forfeit a round robin enters by itself when a player is away, if one is.
    pub(super) fn automatic_forfeit(
        &self,
        round: u16,
        white: usize,
        black: usize,
    ) -> Option<GameResult> {
        let scoring = &self.rules.scoring;
        match (self.is_away(white, round), self.is_away(black, round)) {
            (false, false) => None,
            (true, true) => Some(GameResult::forfeit(None, scoring)),
            (true, false) => Some(GameResult::forfeit(Some(Side::BLACK), scoring)),
            (false, true) => Some(GameResult::forfeit(Some(Side::WHITE), scoring)),
        }
    }

    pub(super) fn swiss_round(&self, next: u16, total: u16) -> Result<Round, TournamentError> {
        let entrants: Vec<swiss::Entrant> = (0..self.players.len())
            .map(|p| swiss::Entrant {
                present: !self.is_away(p, next),
            })
            .collect();
        let pairings = swiss::pair_next(&entrants, &self.rounds, &self.rules.scoring, total)
            .map_err(|_| TournamentError::NoPairing)?;
        Ok(Round {
            games: pairings
                .pairs
                .iter()
                .map(|&(white, black)| Game {
                    white,
                    black,
                    result: None,
                })
                .collect(),
            byes: pairings
                .bye
                .map(|p| (p, self.bye_points))
                .into_iter()
                .collect(),
        })
    }

    /// The free players (present, no game going on) paired by [`pair_free`].
    pub(super) fn free_round(&self, next: u16) -> Result<Round, TournamentError> {
        let n = self.players.len();
        let mut place = vec![0; n];
        for (i, s) in self.standings().iter().enumerate() {
            place[s.player] = i;
        }
        let mut busy = vec![false; n];
        let mut last_opponent = vec![None; n];
        let mut balance = vec![0i32; n];
        for game in self.rounds.iter().flat_map(|r| &r.games) {
            if game.result.is_none() {
                busy[game.white] = true;
                busy[game.black] = true;
            }
            last_opponent[game.white] = Some(game.black);
            last_opponent[game.black] = Some(game.white);
            balance[game.white] += 1;
            balance[game.black] -= 1;
        }
        let free: Vec<Free> = (0..n)
            .filter(|&p| !busy[p] && !self.is_away(p, next))
            .map(|p| Free {
                player: p,
                place: place[p],
                last_opponent: last_opponent[p],
                colour_balance: balance[p],
            })
            .collect();
        let pairs = pair_free(&free);
        if pairs.is_empty() {
            return Err(TournamentError::NobodyToPair);
        }
        Ok(Round {
            games: pairs
                .into_iter()
                .map(|(white, black)| Game {
                    white,
                    black,
                    result: None,
                })
                .collect(),
            byes: Vec::new(),
        })
    }
}
