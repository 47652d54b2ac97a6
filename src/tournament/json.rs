//! The tournament's saved form: JSON with the app's name, `"kind": "tournament"` and a
//! version, read strictly as the other saves are (src/saves): anything that does not read
//! whole (damaged text, another kind of save, an unknown version, unknown fields, values no
//! tournament can have) is an error with a reason, never a panic. Results are kept in half
//! points, so a Chess# 8–2 reads back exactly.

use super::event::Tournament;
use crate::saves::APP;
use crate::text::msg;
use serde::{Deserialize, Serialize};

/// The format version of the tournament save.
pub const VERSION: u32 = 1;
/// The `kind` field that tells a tournament from the app's other saved forms.
pub const KIND: &str = "tournament";

#[derive(Serialize)]
struct Writing<'a> {
    app: &'a str,
    kind: &'a str,
    version: u32,
    tournament: &'a Tournament,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Reading {
    #[allow(dead_code)]
    app: String,
    #[allow(dead_code)]
    kind: String,
    #[allow(dead_code)]
    version: u32,
    tournament: Tournament,
}

impl Tournament {
    /// The saved form.
    pub fn to_json(&self) -> String {
        serde_json::to_string(&Writing {
            app: APP,
            kind: KIND,
            version: VERSION,
            tournament: self,
        })
        .unwrap_or_default()
    }

    /// Reads a saved form whole, or says why not.
    pub fn from_json(text: &str) -> Result<Tournament, String> {
        let damaged = |e: serde_json::Error| msg::tournament_problem_damaged(&e);
        let value: serde_json::Value = serde_json::from_str(text).map_err(damaged)?;
        if value.get("app").and_then(|a| a.as_str()) != Some(APP) {
            return Err(msg::tournament_problem_not_a_save().into());
        }
        if value.get("kind").and_then(|k| k.as_str()) != Some(KIND) {
            return Err(msg::tournament_problem_not_a_tournament().into());
        }
        match value.get("version").and_then(|v| v.as_u64()) {
            Some(v) if v == u64::from(VERSION) => {}
            Some(v) => return Err(msg::tournament_problem_unknown_format(&v, &VERSION)),
            None => return Err(msg::tournament_problem_no_format().into()),
        }
        let reading: Reading = serde_json::from_value(value).map_err(damaged)?;
        reading
            .tournament
            .check()
            .map_err(|why| msg::tournament_problem_cannot_open(&why))?;
        Ok(reading.tournament)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::ruleset::RuleSet;
    use crate::tournament::event::System;
    use crate::tournament::result::GameResult;

    fn sharp_event() -> Tournament {
        let mut t =
            Tournament::new("Spring", RuleSet::sharp(), System::Swiss { rounds: 3 }).unwrap();
        t.add_players("Anna, 1200; 4b\nBen\nCleo; 4a\nDan, 900")
            .unwrap();
        t.rounds.push(crate::tournament::standings::Round {
            games: vec![
                crate::tournament::standings::Game {
                    white: 0,
                    black: 1,
                    result: None,
                },
                crate::tournament::standings::Game {
                    white: 2,
                    black: 3,
                    result: None,
                },
            ],
            byes: vec![],
        });
        let partial = |w, b| GameResult {
            half_points: [w, b],
            played: true,
        };
        t.set_result(1, 1, partial(16, 4)).unwrap();
        t.set_result(1, 2, partial(8, 12)).unwrap();
        t.correct_result(1, 2, Some(partial(6, 14))).unwrap();
        t
    }

    #[test]
    fn a_tournament_reads_back_whole_with_chess_sharp_partial_scores() {
        let t = sharp_event();
        let text = t.to_json();
        assert!(text.contains("\"kind\":\"tournament\""), "{text}");
        let back = Tournament::from_json(&text).unwrap();
        assert_eq!(back, t);
        assert_eq!(
            back.rounds()[0].games[0].result.unwrap().half_points,
            [16, 4]
        );
        assert_eq!(back.log().len(), 3);
    }

    #[test]
    fn damaged_tournaments_are_refused_with_the_reason() {
        let good = sharp_event().to_json();
        let cases: Vec<(String, &str)> = vec![
            ("".into(), "damaged"),
            ("[]".into(), "not a Classroom Chess save"),
            (
                good.replace("\"kind\":\"tournament\"", "\"kind\":\"game\""),
                "not a tournament",
            ),
            (good.replace("\"version\":1", "\"version\":4"), "format 4"),
            (good.replace("\"version\":1,", ""), "no format version"),
            (
                good.replace("\"white\":2", "\"white\":9"),
                "no player number 10",
            ),
            (
                good.replace("\"white\":2", "\"white\":1"),
                "player 2 is there twice",
            ),
            (
                good.replace("\"half_points\":[16,4]", "\"half_points\":[15,5]"),
                "cannot give that result",
            ),
            (good.replace("\"rounds\":3", "\"rounds\":0"), "from 1 to"),
            (
                good.replace("\"name\":\"Ben\"", "\"name\":\"anna\""),
                "twice",
            ),
            (
                good.replace("\"name\":\"Ben\"", "\"name\":\"\""),
                "has no name",
            ),
            (
                good.replace("\"rating\":900", "\"rating\":70000"),
                "damaged",
            ),
            (good.replace("\"rating\":900", "\"rating\":9000"), "rating"),
            (
                good.replace("\"bye_points\":20", "\"bye_points\":21"),
                "more than a win",
            ),
            (
                good.replace("\"mode\":\"Sharp\"", "\"mode\":\"Family\""),
                "two-player",
            ),
            (
                good.replace("\"withdrawn\":false", "\"gone\":false"),
                "damaged",
            ),
            (good.replace("\"board\":2", "\"board\":7"), "change log"),
            (
                good.replace("\"absent_rounds\":[]", "\"absent_rounds\":[2,1]"),
                "out of order",
            ),
        ];
        for (text, why) in cases {
            assert_ne!(text, good, "the case for {why:?} changed nothing");
            let e = Tournament::from_json(&text).unwrap_err();
            assert!(e.contains(why), "{why:?}: {e}");
        }
    }

    #[test]
    fn more_rounds_than_the_system_has_are_refused() {
        let mut t = sharp_event();
        t.system = System::Swiss { rounds: 1 };
        t.rounds.push(t.rounds[0].clone());
        let e = Tournament::from_json(&t.to_json()).unwrap_err();
        assert!(e.contains("more than the 1"), "{e}");
    }
}
