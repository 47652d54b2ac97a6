//! The results a teacher can tap for one board of a tournament: each one a typed value the UI
//! names in words, with the points it gives on the mode's own scale. Orthodox and Primary have
//! a win, a draw and a loss; Chess# has every row of its 10-point table (RULES.md §3.6) and no
//! draw; a custom rule set has the rows its rules can end a game with. Forfeits come last.

use super::result::GameResult;
use crate::rules::game::EndReason;
use crate::rules::ruleset::{NoMoves, RuleSet, Scoring};
use crate::rules::types::Side;
use serde::{Deserialize, Serialize};

/// One kind of result for a board, from White's seat.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum ResultKind {
    WhiteWins,
    Draw,
    BlackWins,
    /// Chess#: this side stalemated the other, who claimed it (8–2).
    Stalemated(Side),
    /// Chess#: an impasse with this side ahead in material (7–3).
    Impasse(Side),
    /// Chess#: an impasse with equal material (4–6, Black scores more).
    ImpasseEqual,
    /// White did not come: Black wins without playing.
    WhiteForfeits,
    /// Black did not come: White wins without playing.
    BlackForfeits,
    /// Neither came: nobody scores.
    BothAbsent,
}

impl ResultKind {
    /// The ending of a game this result stands for, when only one ending gives it (a win or a
    /// draw has many: king taken, time, resignation, agreement ...; a forfeit has none).
    pub fn end_reason(self) -> Option<EndReason> {
        match self {
            ResultKind::Stalemated(_) => Some(EndReason::StalemateClaim),
            ResultKind::Impasse(_) | ResultKind::ImpasseEqual => Some(EndReason::Impasse),
            _ => None,
        }
    }

    /// Whether the game was played over the board (a forfeit was not).
    pub fn is_played(self) -> bool {
        !matches!(
            self,
            ResultKind::WhiteForfeits | ResultKind::BlackForfeits | ResultKind::BothAbsent
        )
    }

    /// The points this result gives on `scoring`.
    pub fn result(self, scoring: &Scoring) -> GameResult {
        let s = scoring;
        // Points of (the side named, the other), turned to (White, Black).
        let seat = |side: Side, p: [u16; 2]| {
            if side == Side::WHITE {
                p
            } else {
                [p[1], p[0]]
            }
        };
        let played = |half_points| GameResult {
            half_points,
            played: true,
        };
        match self {
            ResultKind::WhiteWins => played([s.win, s.loss]),
            ResultKind::Draw => played([s.draw, s.draw]),
            ResultKind::BlackWins => played([s.loss, s.win]),
            ResultKind::Stalemated(side) => played(seat(side, s.stalemate)),
            ResultKind::Impasse(side) => played(seat(side, s.impasse_unequal)),
            ResultKind::ImpasseEqual => played(s.impasse_equal),
            ResultKind::WhiteForfeits => GameResult::forfeit(Some(Side::BLACK), s),
            ResultKind::BlackForfeits => GameResult::forfeit(Some(Side::WHITE), s),
            ResultKind::BothAbsent => GameResult::forfeit(None, s),
        }
    }
}

/// Whether a game under `rules` can end without a winner: a stalemate, a draw rule, an agreed
/// draw or a game stopped level. Chess# has none of these.
fn can_draw(rules: &RuleSet) -> bool {
    let d = &rules.draws;
    rules.no_moves == NoMoves::MateOrStalemate
        || d.insufficient != crate::rules::ruleset::Insufficient::Off
        || d.repeated_check.is_some()
        || d.repetition
        || d.fifty_moves
        || rules.draw_offers_allowed
        || rules.adjudication_margin.is_some()
}

/// The results a teacher can enter for one board under `rules`, in the order the UI lists
/// them (from White winning to Black winning, then the forfeits), each with its points.
pub fn possible_results(rules: &RuleSet) -> Vec<(ResultKind, GameResult)> {
    let stalemate = rules.no_moves == NoMoves::ClaimStalemate;
    let impasse = rules.impasse_plies.is_some() || rules.fast_fifty;
    let mut kinds = vec![ResultKind::WhiteWins];
    if stalemate {
        kinds.push(ResultKind::Stalemated(Side::WHITE));
    }
    if impasse {
        kinds.push(ResultKind::Impasse(Side::WHITE));
    }
    if can_draw(rules) {
        kinds.push(ResultKind::Draw);
    }
    if impasse {
        kinds.push(ResultKind::ImpasseEqual);
        kinds.push(ResultKind::Impasse(Side::BLACK));
    }
    if stalemate {
        kinds.push(ResultKind::Stalemated(Side::BLACK));
    }
    kinds.extend([
        ResultKind::BlackWins,
        ResultKind::WhiteForfeits,
        ResultKind::BlackForfeits,
        ResultKind::BothAbsent,
    ]);
    kinds
        .into_iter()
        .map(|k| (k, k.result(&rules.scoring)))
        .collect()
}

/// The kind of an entered result under `rules`, if the rules can give it (the first listed
/// when a custom table gives two kinds the same points).
pub fn kind_of(result: &GameResult, rules: &RuleSet) -> Option<ResultKind> {
    possible_results(rules)
        .into_iter()
        .find(|(_, r)| r == result)
        .map(|(k, _)| k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::Mode;

    fn table(mode: Mode) -> Vec<(ResultKind, [u16; 2], bool)> {
        possible_results(&RuleSet::for_mode(mode))
            .into_iter()
            .map(|(k, r)| (k, r.half_points, r.played))
            .collect()
    }

    const FORFEITS_FIDE: [(ResultKind, [u16; 2], bool); 3] = [
        (ResultKind::WhiteForfeits, [0, 2], false),
        (ResultKind::BlackForfeits, [2, 0], false),
        (ResultKind::BothAbsent, [0, 0], false),
    ];

    #[test]
    fn orthodox_offers_one_nil_half_half_nil_one_and_the_forfeits() {
        let mut want = vec![
            (ResultKind::WhiteWins, [2, 0], true),
            (ResultKind::Draw, [1, 1], true),
            (ResultKind::BlackWins, [0, 2], true),
        ];
        want.extend(FORFEITS_FIDE);
        assert_eq!(table(Mode::Orthodox), want);
    }

    #[test]
    fn rules_2_11_primary_offers_three_one_two_two_one_three() {
        assert_eq!(
            table(Mode::Primary),
            [
                (ResultKind::WhiteWins, [6, 2], true),
                (ResultKind::Draw, [4, 4], true),
                (ResultKind::BlackWins, [2, 6], true),
                // A forfeit gives the absent player nothing, not the point for playing.
                (ResultKind::WhiteForfeits, [0, 6], false),
                (ResultKind::BlackForfeits, [6, 0], false),
                (ResultKind::BothAbsent, [0, 0], false),
            ]
        );
    }

    #[test]
    fn rules_3_6_chess_sharp_offers_every_row_of_its_table_and_no_draw() {
        let rows = table(Mode::Sharp);
        assert_eq!(
            rows[..7],
            [
                (ResultKind::WhiteWins, [20, 0], true),
                (ResultKind::Stalemated(Side::WHITE), [16, 4], true),
                (ResultKind::Impasse(Side::WHITE), [14, 6], true),
                (ResultKind::ImpasseEqual, [8, 12], true),
                (ResultKind::Impasse(Side::BLACK), [6, 14], true),
                (ResultKind::Stalemated(Side::BLACK), [4, 16], true),
                (ResultKind::BlackWins, [0, 20], true),
            ]
        );
        assert_eq!(rows.len(), 10);
        assert!(rows.iter().all(|(k, _, _)| *k != ResultKind::Draw));
        assert_eq!(
            ResultKind::Stalemated(Side::WHITE).end_reason(),
            Some(EndReason::StalemateClaim)
        );
        assert_eq!(
            ResultKind::ImpasseEqual.end_reason(),
            Some(EndReason::Impasse)
        );
        assert_eq!(ResultKind::WhiteWins.end_reason(), None);
    }

    #[test]
    fn a_custom_rule_set_offers_the_rows_its_rules_can_end_with() {
        let mut rules = RuleSet::for_mode(Mode::Custom);
        rules.scoring.win = 6;
        rules.scoring.draw = 3;
        let kinds: Vec<ResultKind> = possible_results(&rules).iter().map(|p| p.0).collect();
        assert_eq!(
            kinds[..3],
            [
                ResultKind::WhiteWins,
                ResultKind::Draw,
                ResultKind::BlackWins
            ]
        );
        assert_eq!(possible_results(&rules)[1].1.half_points, [3, 3]);
        // Stalemate claims and impasses, as in Chess#, bring their rows.
        rules.no_moves = NoMoves::ClaimStalemate;
        rules.impasse_plies = Some(100);
        let kinds: Vec<ResultKind> = possible_results(&rules).iter().map(|p| p.0).collect();
        assert!(kinds.contains(&ResultKind::Stalemated(Side::BLACK)));
        assert!(kinds.contains(&ResultKind::ImpasseEqual));
        assert!(
            kinds.contains(&ResultKind::Draw),
            "draw offers are still on"
        );
    }

    #[test]
    fn every_ending_the_rules_core_scores_is_a_possible_result() {
        use crate::rules::game::{Action, Game};
        // Resigning (orthodox, Chess#) and stopping a level game (Primary).
        for (mode, action, kind) in [
            (
                Mode::Orthodox,
                Action::Resign(Side::WHITE),
                ResultKind::BlackWins,
            ),
            (
                Mode::Sharp,
                Action::Resign(Side::WHITE),
                ResultKind::BlackWins,
            ),
            (Mode::Primary, Action::Stop, ResultKind::Draw),
        ] {
            let rules = RuleSet::for_mode(mode);
            let mut game = Game::new(rules.clone()).unwrap();
            game.act(action).unwrap();
            let result = GameResult::from_outcome(&game.outcome().unwrap());
            assert_eq!(kind_of(&result, &rules), Some(kind), "{mode:?}");
        }
        let sharp = RuleSet::sharp();
        let partial = GameResult {
            half_points: [16, 4],
            played: true,
        };
        assert_eq!(
            kind_of(&partial, &sharp),
            Some(ResultKind::Stalemated(Side::WHITE))
        );
        let draw = GameResult {
            half_points: [10, 10],
            played: true,
        };
        assert_eq!(kind_of(&draw, &sharp), None);
    }
}
