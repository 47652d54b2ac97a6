//! A tournament game's result in points on the mode's own scale: from the game's ending as
//! the rules core scored it (every ending reason it knows: Primary 3/2/1, Chess#'s 10-point
//! table, orthodox 1/½/0, a custom rule set's table), or a forfeit entered by the teacher.

use crate::rules::game::Outcome;
use crate::rules::ruleset::Scoring;
use crate::rules::types::Side;
use serde::{Deserialize, Serialize};

/// What one game gave each player, in half points (index by `Side::index()`).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct GameResult {
    pub half_points: [u16; 2],
    /// Played over the board; a forfeit is not (it counts for the score, and in the tie-breaks
    /// as an unplayed round).
    pub played: bool,
}

impl GameResult {
    /// The points of a finished game, as its outcome gives them.
    pub fn from_outcome(outcome: &Outcome) -> GameResult {
        GameResult {
            half_points: outcome.half_points,
            played: true,
        }
    }

    /// The game was not played: `winner` was there and scores a win; the absent player scores
    /// nothing (not even Primary's point for playing). `None`: neither came, neither scores.
    pub fn forfeit(winner: Option<Side>, scoring: &Scoring) -> GameResult {
        let mut half_points = [0, 0];
        if let Some(side) = winner {
            half_points[side.index()] = scoring.win;
        }
        GameResult {
            half_points,
            played: false,
        }
    }

    /// Whether `side` scored a win (a Chess# 8–2 is a partial victory, not a win).
    pub fn is_win(&self, side: Side, scoring: &Scoring) -> bool {
        self.half_points[side.index()] == scoring.win && scoring.win > scoring.loss
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::EndReason;

    fn outcome(winner: Option<Side>, reason: EndReason, half_points: [u16; 2]) -> Outcome {
        Outcome {
            winner,
            reason,
            half_points,
        }
    }

    #[test]
    fn rules_2_11_primary_a_loss_still_earns_the_point_for_playing() {
        let s = Scoring::PRIMARY;
        let r = GameResult::from_outcome(&outcome(
            Some(Side::WHITE),
            EndReason::KingCaptured,
            [s.win, s.loss],
        ));
        assert_eq!(r.half_points, [6, 2]);
        assert!(r.is_win(Side::WHITE, &s));
        assert!(!r.is_win(Side::BLACK, &s));
    }

    #[test]
    fn rules_3_6_chess_sharp_partial_victories_are_no_wins() {
        let s = Scoring::SHARP;
        // White stalemates Black: 8–2.
        let r = GameResult::from_outcome(&outcome(None, EndReason::StalemateClaim, [16, 4]));
        assert!(!r.is_win(Side::WHITE, &s));
        assert!(!r.is_win(Side::BLACK, &s));
        let won =
            GameResult::from_outcome(&outcome(Some(Side::BLACK), EndReason::Timeout, [0, 20]));
        assert!(won.is_win(Side::BLACK, &s));
    }

    #[test]
    fn a_forfeit_scores_a_win_for_who_came_and_nothing_for_who_did_not() {
        let r = GameResult::forfeit(Some(Side::BLACK), &Scoring::PRIMARY);
        assert_eq!(r.half_points, [0, 6]);
        assert!(!r.played);
        assert_eq!(
            GameResult::forfeit(None, &Scoring::FIDE).half_points,
            [0, 0]
        );
    }
}
