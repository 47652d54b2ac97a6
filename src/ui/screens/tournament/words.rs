//! Results, points and log entries of a tournament in words a child understands:
//! "Black stalemated — 2 : 8", on the mode's own scale.

use crate::rules::ruleset::{RuleSet, Scoring};
use crate::rules::types::Side;
use crate::text::msg;
use crate::tournament::csv::points_text;
use crate::tournament::event::{LogEntry, LogKind, Tournament};
use crate::tournament::outcomes::{kind_of, ResultKind};
use crate::tournament::result::GameResult;
use crate::tournament::standings::TieBreak;

/// Half points as the mode shows points: `7`, `2.5`.
pub fn points(half: u16) -> String {
    points_text(u64::from(half))
}

pub fn kind_words(kind: ResultKind) -> &'static str {
    match kind {
        ResultKind::WhiteWins => msg::result_white_wins(),
        ResultKind::Draw => msg::result_draw(),
        ResultKind::BlackWins => msg::result_black_wins(),
        // The side named stalemated the other.
        ResultKind::Stalemated(Side::WHITE) => msg::result_black_stalemated(),
        ResultKind::Stalemated(_) => msg::result_white_stalemated(),
        ResultKind::Impasse(Side::WHITE) => msg::result_impasse_white_more(),
        ResultKind::Impasse(_) => msg::result_impasse_black_more(),
        ResultKind::ImpasseEqual => msg::result_impasse_equal(),
        ResultKind::WhiteForfeits => msg::result_white_forfeits(),
        ResultKind::BlackForfeits => msg::result_black_forfeits(),
        ResultKind::BothAbsent => msg::result_both_absent(),
    }
}

/// "Black stalemated — 2 : 8".
pub fn result_words(result: &GameResult, rules: &RuleSet) -> String {
    let [white, black] = result.half_points;
    let words = kind_of(result, rules).map_or("", kind_words);
    msg::result_with_score(&words, &points(white), &points(black))
}

/// The short score on a pairing line: "2 : 8", "½ : ½" for a half.
pub fn score(result: &GameResult) -> String {
    let [white, black] = result.half_points;
    let half = |h: u16| match (h / 2, h % 2) {
        (0, 1) => "½".to_string(),
        (w, 1) => format!("{w}½"),
        (w, _) => w.to_string(),
    };
    format!("{} : {}", half(white), half(black))
}

/// The one line that explains the points scale.
pub fn scale_line(scoring: &Scoring) -> String {
    if *scoring == Scoring::FIDE {
        msg::tournament_scale_fide().to_string()
    } else if *scoring == Scoring::PRIMARY {
        msg::tournament_scale_primary().to_string()
    } else if *scoring == Scoring::SHARP {
        msg::tournament_scale_sharp().to_string()
    } else {
        msg::tournament_scale_custom(
            &points(scoring.win),
            &points(scoring.draw),
            &points(scoring.loss),
        )
    }
}

pub fn tie_break_words(tb: TieBreak) -> &'static str {
    match tb {
        TieBreak::Buchholz => msg::tie_break_buchholz(),
        TieBreak::BuchholzCut1 => msg::tie_break_buchholz_cut1(),
        TieBreak::SonnebornBerger => msg::tie_break_sonneborn_berger(),
        TieBreak::DirectEncounter => msg::tie_break_direct_encounter(),
        TieBreak::Wins => msg::tie_break_wins(),
        TieBreak::Cumulative => msg::tie_break_cumulative(),
    }
}

pub fn tie_break_short(tb: TieBreak) -> &'static str {
    match tb {
        TieBreak::Buchholz => msg::tie_break_buchholz_short(),
        TieBreak::BuchholzCut1 => msg::tie_break_buchholz_cut1_short(),
        TieBreak::SonnebornBerger => msg::tie_break_sonneborn_berger_short(),
        TieBreak::DirectEncounter => msg::tie_break_direct_encounter_short(),
        TieBreak::Wins => msg::tie_break_wins_short(),
        TieBreak::Cumulative => msg::tie_break_cumulative_short(),
    }
}

/// A player's name by index (a number if the index is unknown).
pub fn name(t: &Tournament, player: usize) -> String {
    t.players()
        .get(player)
        .map_or_else(|| format!("#{}", player + 1), |p| p.name.clone())
}

/// A log entry in words.
pub fn log_words(t: &Tournament, entry: &LogEntry) -> String {
    let round = entry.round;
    let rules = t.rules();
    let result = |r: &Option<GameResult>| {
        r.as_ref().map_or_else(
            || msg::tournament_no_result().to_string(),
            |r| result_words(r, rules),
        )
    };
    match &entry.kind {
        LogKind::ResultEntered { board, result: r } => {
            msg::tournament_log_result(&round, board, &result_words(r, rules))
        }
        LogKind::ResultCorrected { board, now, .. } => {
            msg::tournament_log_corrected(&round, board, &result(now))
        }
        LogKind::PlayerAdded { player } => msg::tournament_log_added(&name(t, *player)),
        LogKind::Withdrawn { player } => msg::tournament_log_withdrawn(&name(t, *player)),
        LogKind::RoundRepaired => msg::tournament_log_repaired(&round),
    }
}
