//! `rules tournament pair|standings`: a TRF-16 file or the app's JSON in, the pairing engines'
//! output format and the standings out; a bad file is an error message and exit code 2.

use std::path::PathBuf;

mod rules_cli;
use rules_cli::{fails, ok};

/// Writes `text` to a file of its own in the temporary directory.
fn file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("classroom-chess-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("write a temporary file");
    path
}

/// Five players after two of four Swiss rounds: a pairing-allocated bye, a forfeit and a
/// half-point bye.
const TWO_ROUNDS: &str = "\
012 Club night
XXR 4
001    1      Berg, Anna                        1800                             2.0    1     3 w 1     5 b +
001    2      Carter, Ben                       1700                             0.5    4     4 b =     3 b 0
001    3      Diaz, Cleo                        1600                             1.0    2     1 b 0     2 w 1
001    4      Evans, Dan                        1500                             1.0    3     2 w =  0000 - H
001    5      Fox, Eva                                                           1.0    5  0000 - U     1 w -
";

#[test]
fn cli_pair_prints_the_count_then_white_black_and_the_bye_as_n_0() {
    let path = file("pair.trf", TWO_ROUNDS);
    let lines = ok(&["tournament", "pair", path.to_str().unwrap()]);
    assert_eq!(lines[0], "3", "{lines:?}");
    assert_eq!(lines.len(), 4, "{lines:?}");
    let mut seen = Vec::new();
    let mut byes = 0;
    for line in &lines[1..] {
        let (a, b) = line.split_once(' ').expect("two numbers");
        let (a, b): (usize, usize) = (a.parse().unwrap(), b.parse().unwrap());
        assert!((1..=5).contains(&a), "{line}");
        if b == 0 {
            byes += 1;
        } else {
            assert!((1..=5).contains(&b), "{line}");
            seen.push(b);
        }
        seen.push(a);
    }
    seen.sort();
    assert_eq!(seen, [1, 2, 3, 4, 5]);
    assert_eq!(byes, 1);
    // Eva had the pairing-allocated bye in round 1: not again.
    assert!(!lines.contains(&"5 0".to_string()), "{lines:?}");
    std::fs::remove_file(path).ok();
}

#[test]
fn cli_pair_a_round_robin_follows_the_berger_table() {
    use classroom_chess::rules::ruleset::RuleSet;
    use classroom_chess::tournament::event::{System, Tournament};
    let mut t = Tournament::new("", RuleSet::orthodox(), System::Swiss { rounds: 3 }).unwrap();
    t.add_players("A\nB\nC\nD").unwrap();
    let path = file("rr.trf", &t.to_trf().unwrap());
    let p = path.to_str().unwrap();
    assert_eq!(
        ok(&["tournament", "pair", p, "--system", "round-robin"]),
        ["2", "1 4", "2 3"]
    );
    assert!(fails(&["tournament", "pair", p, "--system", "dutch"]).contains("unknown system"));
    std::fs::remove_file(path).ok();
}

#[test]
fn cli_standings_of_a_trf_and_of_the_apps_json() {
    let path = file("standings.trf", TWO_ROUNDS);
    let lines = ok(&["tournament", "standings", path.to_str().unwrap()]);
    assert!(lines[0].starts_with("rank   no  name"), "{lines:?}");
    assert!(
        lines[0].ends_with("Buchholz Cut 1  Buchholz  Direct encounter"),
        "{lines:?}"
    );
    assert!(lines[1].starts_with("   1    1  Berg, Anna"), "{lines:?}");
    assert_eq!(lines.len(), 6);
    // The same tournament saved by the app reads the same.
    let json = classroom_chess::tournament::event::Tournament::from_trf(TWO_ROUNDS)
        .unwrap()
        .to_json();
    let json_path = file("standings.json", &json);
    assert_eq!(
        ok(&["tournament", "standings", json_path.to_str().unwrap()]),
        lines
    );
    std::fs::remove_file(path).ok();
    std::fs::remove_file(json_path).ok();
}

#[test]
fn cli_tournament_errors_say_why_and_exit_2() {
    let bad = file("bad.trf", &TWO_ROUNDS.replace("   3 w 1", "   3 x 1"));
    let e = fails(&["tournament", "standings", bad.to_str().unwrap()]);
    assert!(e.contains("line 3: round 1"), "{e}");
    assert!(e.contains("not a colour"), "{e}");
    let missing = std::env::temp_dir().join("classroom-chess-no-such-file.trf");
    assert!(fails(&["tournament", "pair", missing.to_str().unwrap()]).contains("cannot read"));
    assert!(fails(&["tournament", "pair"]).contains("needs a file"));
    assert!(fails(&["tournament", "rank", "x"]).contains("unknown tournament command"));
    let json = file(
        "bad.json",
        "{\"app\":\"classroom-chess\",\"kind\":\"game\"}",
    );
    assert!(
        fails(&["tournament", "standings", json.to_str().unwrap()]).contains("not a tournament")
    );
    std::fs::remove_file(bad).ok();
    std::fs::remove_file(json).ok();
}
