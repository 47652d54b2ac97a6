//! The checks of a tournament that comes from outside (a saved form, an imported file).

use super::{
    check_name, has_control, same_name, LineProblem, LogKind, Tournament, TournamentError,
    MAX_CLASS_CHARS, MAX_PLAYERS, MAX_RATING, MAX_ROUNDS,
};
use crate::text::msg;

impl Tournament {
    /// Checks a tournament that comes from outside (a saved form, an imported file): every
    /// value one the operations could have made, so nothing later indexes out of range or
    /// scores what the mode cannot. The reason names the first thing wrong.
    pub(in crate::tournament) fn check(&self) -> Result<(), String> {
        self.check_settings().map_err(|e| e.to_string())?;
        let n = self.players.len();
        if n > MAX_PLAYERS {
            return Err(TournamentError::TooManyPlayers.to_string());
        }
        for (i, p) in self.players.iter().enumerate() {
            let who = msg::tournament_problem_player(&(i + 1));
            check_name(&p.name).map_err(|problem| problem.text(&who))?;
            if p.name != p.name.trim() {
                return Err(msg::tournament_problem_name_spaces(&who));
            }
            if self.players[..i]
                .iter()
                .any(|q| same_name(&q.name, &p.name))
            {
                return Err(msg::tournament_problem_name_twice(&who, &p.name));
            }
            if let Some(c) = &p.class {
                if c.chars().count() > MAX_CLASS_CHARS || has_control(c) {
                    return Err(LineProblem::ClassTooLong.text(&who));
                }
            }
            if p.rating.is_some_and(|r| !(1..=MAX_RATING).contains(&r)) {
                return Err(LineProblem::BadRating.text(&who));
            }
            let sorted = p.absent_rounds.windows(2).all(|w| w[0] < w[1]);
            let in_range = p
                .absent_rounds
                .iter()
                .all(|&r| r >= 1 && r as usize <= MAX_ROUNDS);
            if !sorted || !in_range {
                return Err(msg::tournament_problem_absent_rounds(&who));
            }
        }
        let limit = self.total_rounds().map_or(MAX_ROUNDS, |t| t as usize);
        if self.rounds.len() > limit.min(MAX_ROUNDS) {
            return Err(msg::tournament_problem_too_many_rounds(
                self.rounds.len() as u64,
                &limit.min(MAX_ROUNDS),
            ));
        }
        let s = &self.rules.scoring;
        for (i, round) in self.rounds.iter().enumerate() {
            let r = i + 1;
            let mut seen = vec![false; n];
            let mut take = |p: usize| -> Result<(), String> {
                match seen.get_mut(p) {
                    None => Err(msg::tournament_problem_round_no_such_player(&r, &(p + 1))),
                    Some(true) => Err(msg::tournament_problem_round_player_twice(&r, &(p + 1))),
                    Some(s) => {
                        *s = true;
                        Ok(())
                    }
                }
            };
            for (b, game) in round.games.iter().enumerate() {
                take(game.white)?;
                take(game.black)?;
                if let Some(result) = &game.result {
                    self.check_result(result)
                        .map_err(|e| msg::tournament_problem_round_board(&r, &(b + 1), &e))?;
                }
            }
            for &(p, half) in &round.byes {
                take(p)?;
                if half != self.bye_points && half != s.draw && half != s.win {
                    return Err(msg::tournament_problem_bye_score(&r, &(p + 1)));
                }
            }
        }
        let rounds = self.rounds.len();
        for entry in &self.log {
            let r = entry.round as usize;
            let bad = match &entry.kind {
                LogKind::ResultEntered { board, .. } | LogKind::ResultCorrected { board, .. } => {
                    self.board(entry.round, *board).is_err()
                }
                LogKind::RoundRepaired => r == 0 || r > rounds,
                LogKind::PlayerAdded { player } | LogKind::Withdrawn { player } => {
                    *player >= n || r == 0 || r > rounds + 1
                }
            };
            if bad {
                return Err(msg::tournament_problem_log(&entry.round));
            }
        }
        Ok(())
    }
}
