//! Writing and reading TRF-16: round trips, a file written by hand after the FIDE
//! specification, what the codes cannot hold (Chess#), and malformed lines.

use super::*;
use crate::rules::types::Side;
use crate::tournament::outcomes::ResultKind;

/// Five players, three Swiss rounds, written by hand after the FIDE TRF-16 description:
/// round 1 a pairing-allocated bye (`U`), round 2 a forfeit (`+`/`-`) and a requested
/// half-point bye (`H`), unrelated header lines and the optional columns filled in.
const HAND: &str = "\
012 Spring Cup 2025
022 Oslo
032 NOR
042 2025/03/01
092 Individual: Swiss-System
102 Kari Nordmann
XXR 3
001    1 wWCM Berg, Anna                        1800 NOR     1503014 2013/04/02  2.5    1     3 w 1     5 b +     2 w =
001    2 m    Carter, Ben                       1700 NOR             2013/09/15  1.0    4     4 b =     3 b 0     1 b =
001    3 w    Diaz, Cleo                        1600 SWE                         2.0    2     1 b 0     2 w 1  0000 - U
001    4 m    Evans, Dan                        1500                             1.0    5     2 w =  0000 - H     5 w 0
001    5 w    Fox, Eva                                                           2.0    3  0000 - U     1 w -     4 b 1
";

fn game(white: usize, black: usize, kind: ResultKind, s: &Scoring) -> Game {
    Game {
        white,
        black,
        result: Some(kind.result(s)),
    }
}

#[test]
fn a_hand_written_file_reads_with_its_bye_forfeit_and_half_point_bye() {
    let t = Tournament::from_trf(HAND).unwrap();
    let s = Scoring::FIDE;
    assert_eq!(t.name(), "Spring Cup 2025");
    assert_eq!(t.rules().mode, Mode::Orthodox);
    assert_eq!(t.system(), System::Swiss { rounds: 3 });
    assert_eq!(t.bye_points(), 2);
    let names: Vec<&str> = t.players().iter().map(|p| p.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "Berg, Anna",
            "Carter, Ben",
            "Diaz, Cleo",
            "Evans, Dan",
            "Fox, Eva"
        ]
    );
    assert_eq!(t.players()[0].rating, Some(1800));
    assert_eq!(t.players()[4].rating, None);
    assert_eq!(
        t.rounds()[0],
        Round {
            games: vec![
                game(0, 2, ResultKind::WhiteWins, &s),
                game(3, 1, ResultKind::Draw, &s)
            ],
            byes: vec![(4, 2)],
        }
    );
    assert_eq!(
        t.rounds()[1],
        Round {
            games: vec![
                game(4, 0, ResultKind::WhiteForfeits, &s),
                game(2, 1, ResultKind::WhiteWins, &s)
            ],
            byes: vec![(3, 1)],
        }
    );
    assert_eq!(t.players()[3].absent_rounds, [2]);
    assert_eq!(
        t.rounds()[2],
        Round {
            games: vec![
                game(0, 1, ResultKind::Draw, &s),
                game(3, 4, ResultKind::BlackWins, &s)
            ],
            byes: vec![(2, 2)],
        }
    );
    let mut points: Vec<(usize, u32)> = t
        .standings()
        .iter()
        .map(|r| (r.player, r.half_points))
        .collect();
    points.sort();
    assert_eq!(points, [(0, 5), (1, 2), (2, 4), (3, 2), (4, 4)]);
    assert!(t.is_finished());
}

fn assert_round_trip(t: &Tournament) -> String {
    let first = t.to_trf().unwrap();
    let back = Tournament::from_trf(&first).unwrap_or_else(|e| panic!("{e}\n{first}"));
    let second = back.to_trf().unwrap();
    assert_eq!(second, first);
    first
}

#[test]
fn export_then_import_then_export_is_identical() {
    let hand = Tournament::from_trf(HAND).unwrap();
    let text = assert_round_trip(&hand);
    assert!(text.contains("\r\n092 Swiss\r\n"), "{text}");
    assert!(text.contains("  0000 - H"), "{text}");

    // Primary, a round robin of five (a bye each round), one result still to come.
    let mut rr = Tournament::new(
        "RR",
        RuleSet::primary(),
        System::RoundRobin { double: false },
    )
    .unwrap();
    rr.add_players("A, 1500\nB, 1400\nC\nD\nE").unwrap();
    rr.set_time_control(Some(TimeControl::minutes(10, 5)))
        .unwrap();
    rr.pair_next_round().unwrap();
    let s = *rr.scoring();
    rr.set_result(1, 1, ResultKind::WhiteWins.result(&s))
        .unwrap();
    let text = assert_round_trip(&rr);
    assert!(
        text.contains("BBW  3.0\r\nBBD  2.0\r\nBBL  1.0\r\n"),
        "{text}"
    );
    assert!(
        text.contains("XXS W=3.0 D=2.0 WL=1.0 BL=1.0 PAB=3.0"),
        "{text}"
    );
    assert!(text.contains("122 10+5"), "{text}");
    let back = Tournament::from_trf(&text).unwrap();
    assert_eq!(back.rules().mode, Mode::Primary);
    assert_eq!(back.system(), System::RoundRobin { double: false });
    assert_eq!(back.rounds(), rr.rounds());

    // Orthodox Swiss: a withdrawal and an absence for the next round, a bye worth a draw.
    let mut swiss =
        Tournament::new("Swiss", RuleSet::orthodox(), System::Swiss { rounds: 4 }).unwrap();
    swiss.add_players("A\nB\nC\nD\nE\nF").unwrap();
    swiss.set_bye_points(1).unwrap();
    swiss.pair_next_round().unwrap();
    for board in 1..=3 {
        let kind = [
            ResultKind::WhiteWins,
            ResultKind::BlackForfeits,
            ResultKind::Draw,
        ][board as usize - 1];
        swiss
            .set_result(1, board, kind.result(&Scoring::FIDE))
            .unwrap();
    }
    swiss.withdraw(5).unwrap();
    swiss.set_absent(4, 2, true).unwrap();
    let text = assert_round_trip(&swiss);
    assert!(text.contains("BBU  0.5"), "{text}");
    let back = Tournament::from_trf(&text).unwrap();
    assert!(back.is_away(5, 2) && back.is_away(4, 2) && !back.is_away(0, 2));
    assert_eq!(back.bye_points(), 1);
}

#[test]
fn the_point_system_is_written_only_when_it_is_not_the_standard_one() {
    let mut t = Tournament::new("", RuleSet::orthodox(), System::Swiss { rounds: 2 }).unwrap();
    t.add_players("A\nB").unwrap();
    let text = t.to_trf().unwrap();
    assert!(!text.contains("BBW") && !text.contains("XXS"), "{text}");
    assert!(
        text.starts_with("092 Swiss\r\nXXR 2\r\nXXC white1\r\n001    1"),
        "{text}"
    );
}

#[test]
fn chess_sharp_partial_scores_go_out_as_wins_and_come_back_as_ten_nil() {
    let mut t = Tournament::new("Sharp", RuleSet::sharp(), System::Swiss { rounds: 3 }).unwrap();
    t.add_players("A\nB\nC\nD").unwrap();
    t.rounds.push(Round {
        games: vec![
            Game {
                white: 0,
                black: 1,
                result: None,
            },
            Game {
                white: 2,
                black: 3,
                result: None,
            },
        ],
        byes: vec![],
    });
    let s = *t.scoring();
    t.set_result(1, 1, ResultKind::Stalemated(Side::WHITE).result(&s))
        .unwrap();
    t.set_result(1, 2, ResultKind::ImpasseEqual.result(&s))
        .unwrap();
    let text = t.to_trf().unwrap();
    assert!(
        text.contains("BBW 10.0\r\nBBD  5.0\r\nBBL  0.0\r\n"),
        "{text}"
    );
    let line = |n: usize| {
        text.lines()
            .find(|l| l.starts_with(&format!("001 {n:>4}")))
            .unwrap()
    };
    // 8–2 is a win for White: 10 points; 4–6 a win for Black.
    assert!(line(1).contains(" 10.0    1     2 w 1"), "{}", line(1));
    assert!(line(2).contains("  0.0    "), "{}", line(2));
    assert!(line(3).ends_with("4 w 0"), "{}", line(3));
    assert!(line(4).contains(" 10.0    "), "{}", line(4));
    let back = Tournament::from_trf(&text).unwrap();
    assert_eq!(back.rules().mode, Mode::Sharp);
    assert_eq!(
        back.rounds()[0].games[0].result.unwrap().half_points,
        [20, 0]
    );
    assert_eq!(
        back.rounds()[0].games[1].result.unwrap().half_points,
        [0, 20]
    );
}

#[test]
fn line_ends_marks_and_unknown_header_lines_are_tolerated() {
    let crlf = format!("\u{feff}{}", HAND.replace('\n', "   \r\n"));
    let cr = HAND.replace('\n', "\r");
    let extra = format!("XXP 1 2\n### a comment\n999 anything\n\n{HAND}");
    let want = Tournament::from_trf(HAND).unwrap();
    for text in [crlf, cr, extra] {
        assert_eq!(Tournament::from_trf(&text).unwrap(), want);
    }
}

fn refused(text: &str) -> TrfError {
    Tournament::from_trf(text).unwrap_err()
}

/// `HAND` with line `line` (from 1) made by `f`.
fn with_line(line: usize, f: impl Fn(&str) -> String) -> String {
    HAND.lines()
        .enumerate()
        .map(|(i, l)| if i + 1 == line { f(l) } else { l.to_string() })
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn malformed_lines_are_refused_with_the_line_and_the_reason() {
    let at = |line: usize, col: usize, c: &str| {
        with_line(line, |l| {
            let mut chars: Vec<char> = l.chars().collect();
            let new: Vec<char> = c.chars().collect();
            chars.splice(col - 1..col - 1 + new.len(), new);
            chars.into_iter().collect()
        })
    };
    let cases: Vec<(String, usize, &str)> = vec![
        (
            with_line(8, |l| l[..60].to_string()),
            8,
            "ends before its points",
        ),
        (at(8, 5, "   x"), 8, "starting number"),
        (at(9, 97, "x"), 9, "not a colour"),
        (at(9, 99, "Q"), 9, "not a result code"),
        (
            at(9, 99, "1"),
            9,
            "does not agree with the line of player 4",
        ),
        (
            at(8, 82, "3.5"),
            8,
            "points column says 3.5 but the results add up to 2.5",
        ),
        (at(10, 8, "4"), 11, "starting number 4 is there twice"),
        (at(12, 92, "0000 - 1"), 12, "a game result with no opponent"),
        (at(11, 102, "   5 w H"), 11, "a bye code with an opponent"),
        (at(8, 90, "x"), 8, "not laid out"),
        (at(8, 49, "12x4"), 8, "rating"),
        (
            with_line(7, |_| "XXR three".into()),
            7,
            "XXR needs the number of rounds",
        ),
        (
            with_line(7, |_| "XXR 2".into()),
            7,
            "XXR says 2 rounds but 3 have been played",
        ),
        (
            with_line(7, |_| "XXR 3\nXXS W=1 Q=2".into()),
            8,
            "unknown code 'Q'",
        ),
        (
            with_line(7, |_| "XXR 3\nBBW 1.3".into()),
            8,
            "not a number of half points",
        ),
        (
            with_line(7, |_| "XXR 3\nXXS FL=0.5".into()),
            8,
            "FL must be 0",
        ),
        (
            with_line(12, |l| format!("{l}            0000 - Z")),
            12,
            "round 5 comes after the next round",
        ),
        (
            with_line(11, |l| l.replace("Evans, Dan", "berg, anna")),
            11,
            "there twice",
        ),
    ];
    for (text, line, why) in cases {
        let e = refused(&text);
        assert_eq!(e.line, line, "{why}: {e}");
        assert!(e.reason.contains(why), "{why}: {e}");
        assert!(e.to_string().starts_with(&format!("line {line}: ")), "{e}");
    }
    assert_eq!(refused("012 Nobody\n").line, 0);
    assert!(refused("012 Nobody\n").reason.contains("no players"));
}

#[test]
fn other_point_systems_pick_the_mode_or_a_custom_table() {
    let primary = HAND
        .replace("XXR 3\n", "XXR 3\nXXS W=3 D=2 WL=1 BL=1 PAB=3\n")
        .replace(" 2.5    1", " 8.0    1")
        .replace(" 1.0    4", " 5.0    4")
        .replace(" 2.0    2", " 7.0    2")
        .replace(" 1.0    5", " 5.0    5")
        .replace(" 2.0    3", " 6.0    3");
    let t = Tournament::from_trf(&primary).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(t.rules().mode, Mode::Primary);
    // Three for a win, one for a draw (the points are checked against it).
    let football = HAND
        .replace("XXR 3\n", "XXR 3\nBBW 3.0\nBBD 1.0\n")
        .replace(" 2.5    1", " 7.0    1")
        .replace(" 1.0    4", " 2.0    4")
        .replace(" 2.0    2", " 6.0    2")
        .replace(" 1.0    5", " 2.0    5")
        .replace(" 2.0    3", " 6.0    3");
    let t = Tournament::from_trf(&football).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(t.rules().mode, Mode::Custom);
    assert_eq!(
        (t.scoring().win, t.scoring().draw, t.scoring().loss),
        (6, 2, 0)
    );
    assert_eq!(
        t.bye_points(),
        6,
        "bbpPairings: the bye scores a win unless BBU says"
    );
}

#[test]
fn players_marked_for_the_next_round_are_absent_from_it() {
    // Eva by `0000 - Z` in the round-4 column (both engines read it), Anna by JaVaFo's XXZ.
    let text = format!("{HAND}XXZ 1\n").replace("   4 b 1", "   4 b 1  0000 - Z");
    let mut t = Tournament::from_trf(&text).unwrap();
    assert!(t.is_away(0, 4) && t.is_away(4, 4) && !t.is_away(1, 4));
    t.set_system(System::Swiss { rounds: 4 }).unwrap();
    // bbpPairings pairs this round `3 4`, `2 0` (with both absences as `0000 - Z`).
    let round = t.pair_next_round().unwrap();
    assert_eq!(round.games.len(), 1);
    assert_eq!((round.games[0].white, round.games[0].black), (2, 3));
    assert_eq!(round.byes, [(1, 2)]);
}

#[test]
fn points_too_large_for_the_column_are_an_error_only_with_a_half() {
    assert_eq!(points_text(199).unwrap(), "99.5");
    assert_eq!(points_text(220).unwrap(), "110");
    assert!(points_text(221).is_err());
    assert_eq!(parse_points("110"), Some(220));
    assert_eq!(parse_points(".5"), Some(1));
    assert_eq!(parse_points("2.50"), Some(5));
    assert_eq!(parse_points("2.3"), None);
    assert_eq!(parse_points("."), None);
}

#[test]
fn a_bad_file_is_refused_in_the_class_language() {
    crate::text::languages::use_language_for_test("de");
    let e = refused(&with_line(8, |l| l.replace("   3 w 1", "   3 x 1")));
    assert_eq!(
        e.to_string(),
        "Zeile 8: Runde 1 (Spalten 90 bis 99): „x“ ist keine Farbe (w, b oder -)"
    );
    crate::text::set_language(&crate::text::ENGLISH);
}
