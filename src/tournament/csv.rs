//! The standings as CSV for a spreadsheet (RFC 4180: commas, CRLF line ends, a field with a
//! comma, a quote or a line break in quotes with its quotes doubled). Points are shown as the
//! mode shows them: orthodox `2.5`, Primary `7`, Chess# `23`; the tie-breaks the teacher chose
//! follow, in their order, on the same scale.

use super::event::Tournament;
use super::standings::{sonneborn_berger_scale, TieBreak};
use crate::rules::ruleset::Scoring;

/// The column heading of a tie-break.
pub fn tie_break_name(tb: TieBreak) -> &'static str {
    match tb {
        TieBreak::Buchholz => "Buchholz",
        TieBreak::BuchholzCut1 => "Buchholz Cut 1",
        TieBreak::SonnebornBerger => "Sonneborn-Berger",
        TieBreak::DirectEncounter => "Direct encounter",
        TieBreak::Wins => "Wins",
        TieBreak::Cumulative => "Cumulative",
    }
}

/// Half points as points: `7`, `2.5`.
pub fn points_text(half: u64) -> String {
    if half.is_multiple_of(2) {
        (half / 2).to_string()
    } else {
        format!("{}.5", half / 2)
    }
}

/// `numerator / denominator` with at most two decimals, rounded, without trailing zeros.
fn decimal(numerator: u64, denominator: u64) -> String {
    let hundredths = (numerator * 100 + denominator / 2) / denominator.max(1);
    let (whole, fraction) = (hundredths / 100, hundredths % 100);
    match fraction {
        0 => whole.to_string(),
        f if f % 10 == 0 => format!("{whole}.{}", f / 10),
        f => format!("{whole}.{f:02}"),
    }
}

/// A tie-break's value as the standings show it (see [`super::standings::Standing`]).
pub fn tie_break_text(tb: TieBreak, value: u64, scoring: &Scoring) -> String {
    match tb {
        TieBreak::Wins => value.to_string(),
        TieBreak::SonnebornBerger => decimal(value, 2 * sonneborn_berger_scale(scoring)),
        _ => points_text(value),
    }
}

/// One field, quoted when it must be.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\r', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The places: players level on points and every tie-break share the better place.
pub fn ranks(list: &[super::standings::Standing]) -> Vec<usize> {
    let mut ranks = Vec::with_capacity(list.len());
    for (i, row) in list.iter().enumerate() {
        let shared = i > 0
            && list[i - 1].half_points == row.half_points
            && list[i - 1].tie_breaks == row.tie_breaks;
        ranks.push(if shared { ranks[i - 1] } else { i + 1 });
    }
    ranks
}

/// The standings of `t` as CSV: rank, starting number, name, class, points, the tie-breaks.
pub fn standings_csv(t: &Tournament) -> String {
    let scoring = t.scoring();
    let mut header = vec!["Rank", "No.", "Name", "Class", "Points"];
    header.extend(t.tie_breaks().iter().map(|&tb| tie_break_name(tb)));
    let mut out = header.join(",");
    out.push_str("\r\n");
    let list = t.standings();
    for (row, rank) in list.iter().zip(ranks(&list)) {
        let player = &t.players()[row.player];
        let mut fields = vec![
            rank.to_string(),
            (row.player + 1).to_string(),
            field(&player.name),
            field(player.class.as_deref().unwrap_or("")),
            points_text(u64::from(row.half_points)),
        ];
        fields.extend(
            t.tie_breaks()
                .iter()
                .zip(&row.tie_breaks)
                .map(|(&tb, &v)| tie_break_text(tb, v, scoring)),
        );
        out.push_str(&fields.join(","));
        out.push_str("\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::RuleSet;
    use crate::tournament::event::System;
    use crate::tournament::outcomes::ResultKind;
    use crate::tournament::standings::{Game, Round};

    fn event(rules: RuleSet, names: &str) -> Tournament {
        let mut t = Tournament::new("Test", rules, System::RoundRobin { double: false }).unwrap();
        t.add_players(names).unwrap();
        t
    }

    #[test]
    fn names_with_commas_and_quotes_are_quoted_as_rfc_4180_says() {
        let mut t = event(
            RuleSet::orthodox(),
            "Berg, Anna; 4b\nBen \"Benny\" Olsen; 4a, \"x\"\nCleo",
        );
        t.set_tie_breaks(vec![]).unwrap();
        let csv = standings_csv(&t);
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(lines[0], "Rank,No.,Name,Class,Points");
        assert_eq!(lines[1], "1,1,\"Berg, Anna\",4b,0");
        assert_eq!(
            lines[2],
            "1,2,\"Ben \"\"Benny\"\" Olsen\",\"4a, \"\"x\"\"\",0"
        );
        assert_eq!(lines[3], "1,3,Cleo,,0");
        assert_eq!(lines[4], "");
        assert!(csv.ends_with("\r\n"));
    }

    /// Two rounds of three players (a bye each round), every result given by `kinds`.
    fn played(rules: RuleSet, kinds: [ResultKind; 2]) -> Tournament {
        let mut t = event(rules, "Anna\nBen\nCleo");
        let s = *t.scoring();
        t.rounds = vec![
            Round {
                games: vec![Game {
                    white: 0,
                    black: 1,
                    result: Some(kinds[0].result(&s)),
                }],
                byes: vec![],
            },
            Round {
                games: vec![Game {
                    white: 2,
                    black: 0,
                    result: Some(kinds[1].result(&s)),
                }],
                byes: vec![],
            },
        ];
        t
    }

    #[test]
    fn points_show_on_the_modes_own_scale() {
        let rows = |t: &Tournament| -> Vec<String> {
            standings_csv(t)
                .split("\r\n")
                .skip(1)
                .filter(|l| !l.is_empty())
                .map(|l| l.split(',').take(5).collect::<Vec<_>>().join(","))
                .collect()
        };
        // Anna: a win and a draw.
        let kinds = [ResultKind::WhiteWins, ResultKind::Draw];
        assert_eq!(
            rows(&played(RuleSet::orthodox(), kinds)),
            ["1,1,Anna,,1.5", "2,3,Cleo,,0.5", "3,2,Ben,,0"]
        );
        assert_eq!(
            rows(&played(RuleSet::primary(), kinds)),
            ["1,1,Anna,,5", "2,3,Cleo,,2", "3,2,Ben,,1"]
        );
        // Chess#: Anna stalemates Ben (8–2), then an equal impasse with Black (6 for Anna).
        let kinds = [
            ResultKind::Stalemated(crate::rules::types::Side::WHITE),
            ResultKind::ImpasseEqual,
        ];
        assert_eq!(
            rows(&played(RuleSet::sharp(), kinds)),
            ["1,1,Anna,,14", "2,3,Cleo,,4", "3,2,Ben,,2"]
        );
    }

    #[test]
    fn tie_breaks_follow_in_the_chosen_order_with_their_headings() {
        let mut t = played(RuleSet::orthodox(), [ResultKind::Draw, ResultKind::Draw]);
        t.set_tie_breaks(vec![
            TieBreak::Wins,
            TieBreak::SonnebornBerger,
            TieBreak::Buchholz,
        ])
        .unwrap();
        let csv = standings_csv(&t);
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(
            lines[0],
            "Rank,No.,Name,Class,Points,Wins,Sonneborn-Berger,Buchholz"
        );
        // Anna drew Ben (½) and Cleo (½): 1 point; SB = ½·½ + ½·½ = 0.5; Buchholz 1.
        assert_eq!(lines[1], "1,1,Anna,,1,0,0.5,1");
    }

    #[test]
    fn decimals_keep_two_places_at_most() {
        assert_eq!(decimal(10, 4), "2.5");
        assert_eq!(decimal(9, 4), "2.25");
        assert_eq!(decimal(1, 3), "0.33");
        assert_eq!(decimal(8, 4), "2");
        assert_eq!(points_text(5), "2.5");
        assert_eq!(points_text(46), "23");
    }
}
