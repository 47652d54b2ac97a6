//! The tournament's operations: what each does, and what each refuses without changing
//! anything.

use super::*;
use crate::rules::types::Side;
use crate::tournament::outcomes::ResultKind;

fn event(rules: RuleSet, system: System, names: &str) -> Tournament {
    let mut t = Tournament::new("Class 4", rules, system).unwrap();
    t.add_players(names).unwrap();
    t
}

fn names(t: &Tournament) -> Vec<&str> {
    t.players().iter().map(|p| p.name.as_str()).collect()
}

fn pairs(round: &Round) -> Vec<(usize, usize)> {
    round.games.iter().map(|g| (g.white, g.black)).collect()
}

fn win(t: &Tournament) -> GameResult {
    ResultKind::WhiteWins.result(t.scoring())
}

/// Enters White wins on every board of the last round that has no result.
fn finish_round(t: &mut Tournament) {
    let r = t.rounds().len() as u16;
    let result = win(t);
    let open: Vec<u16> = t.rounds()[r as usize - 1]
        .games
        .iter()
        .enumerate()
        .filter(|(_, g)| g.result.is_none())
        .map(|(b, _)| b as u16 + 1)
        .collect();
    for board in open {
        t.set_result(r, board, result).unwrap();
    }
}

#[test]
fn pasted_players_read_names_ratings_and_classes() {
    let mut t = Tournament::new("", RuleSet::orthodox(), System::Free).unwrap();
    let text =
        "Anna\n\n  Berg, Ben , 1350 \nCleo; 4b\nDan\t4a\t1100\r\nEva; 4c, 900\nOlsen, Finn\n";
    assert_eq!(t.add_players(text), Ok(6));
    let p = t.players();
    assert_eq!(
        names(&t),
        ["Anna", "Berg, Ben", "Cleo", "Dan", "Eva", "Olsen, Finn"]
    );
    assert_eq!(p[1].rating, Some(1350));
    assert_eq!(p[2].class.as_deref(), Some("4b"));
    assert_eq!(
        (p[3].class.as_deref(), p[3].rating),
        (Some("4a"), Some(1100))
    );
    assert_eq!(
        (p[4].class.as_deref(), p[4].rating),
        (Some("4c"), Some(900))
    );
    assert_eq!(p[5].rating, None);
}

#[test]
fn a_bad_pasted_line_is_refused_with_its_number_and_nothing_is_added() {
    let mut t = event(RuleSet::orthodox(), System::Free, "Anna");
    let cases = [
        (
            "Ben\n\nanna",
            TournamentError::DuplicateName {
                line: 3,
                name: "anna".into(),
            },
        ),
        (
            "Ben\nBEN",
            TournamentError::DuplicateName {
                line: 2,
                name: "BEN".into(),
            },
        ),
        (
            "Ben, 99999",
            TournamentError::BadLine {
                line: 1,
                problem: LineProblem::BadRating,
            },
        ),
        (
            "Ben; 4a; 4b",
            TournamentError::BadLine {
                line: 1,
                problem: LineProblem::TooManyFields,
            },
        ),
        (
            "Ben\n; 4b",
            TournamentError::BadLine {
                line: 2,
                problem: LineProblem::NoName,
            },
        ),
        (
            "A very long name that goes on and on",
            TournamentError::BadLine {
                line: 1,
                problem: LineProblem::NameTooLong,
            },
        ),
        (
            "Ben\u{7}",
            TournamentError::BadLine {
                line: 1,
                problem: LineProblem::BadCharacters,
            },
        ),
    ];
    for (text, want) in cases {
        assert_eq!(t.add_players(text), Err(want), "{text:?}");
        assert_eq!(names(&t), ["Anna"]);
    }
    let many: String = (0..MAX_PLAYERS).map(|i| format!("P{i}\n")).collect();
    assert_eq!(t.add_players(&many), Err(TournamentError::TooManyPlayers));
    assert_eq!(t.players().len(), 1);
}

#[test]
fn seeding_orders_by_rating_then_entry_with_the_unrated_last() {
    let mut t = event(
        RuleSet::orthodox(),
        System::Swiss { rounds: 3 },
        "Anna\nBen, 1200\nCleo, 1500\nDan, 1200\nEva",
    );
    t.seed_by_rating().unwrap();
    assert_eq!(names(&t), ["Cleo", "Ben", "Dan", "Anna", "Eva"]);
    t.pair_next_round().unwrap();
    assert_eq!(t.seed_by_rating(), Err(TournamentError::AlreadyStarted));
}

#[test]
fn pairing_the_first_round_seeds_by_rating() {
    let mut t = event(
        RuleSet::orthodox(),
        System::RoundRobin { double: false },
        "Anna\nBen, 1200\nCleo, 1500\nDan",
    );
    t.pair_next_round().unwrap();
    assert_eq!(names(&t), ["Cleo", "Ben", "Anna", "Dan"]);
}

#[test]
fn a_round_robin_follows_the_berger_table_round_by_round() {
    let mut t = event(
        RuleSet::primary(),
        System::RoundRobin { double: false },
        "A\nB\nC\nD",
    );
    assert_eq!(t.total_rounds(), Some(3));
    assert_eq!(pairs(t.pair_next_round().unwrap()), [(0, 3), (1, 2)]);
    assert_eq!(
        t.pair_next_round(),
        Err(TournamentError::RoundNotFinished { round: 1 })
    );
    finish_round(&mut t);
    assert_eq!(pairs(t.pair_next_round().unwrap()), [(3, 2), (0, 1)]);
    finish_round(&mut t);
    assert_eq!(pairs(t.pair_next_round().unwrap()), [(1, 3), (2, 0)]);
    assert!(!t.is_finished());
    finish_round(&mut t);
    assert!(t.is_finished());
    assert_eq!(t.pair_next_round(), Err(TournamentError::AllRoundsPaired));
}

#[test]
fn a_double_round_robin_plays_the_table_again_with_colours_reversed() {
    let mut t = event(
        RuleSet::orthodox(),
        System::RoundRobin { double: true },
        "A\nB\nC",
    );
    assert_eq!(t.total_rounds(), Some(6));
    for _ in 0..3 {
        t.pair_next_round().unwrap();
        finish_round(&mut t);
    }
    let first = t.rounds()[0].clone();
    let fourth = t.pair_next_round().unwrap();
    assert_eq!(
        pairs(fourth),
        first
            .games
            .iter()
            .map(|g| (g.black, g.white))
            .collect::<Vec<_>>()
    );
    // Three players: one sits out each round and scores the bye (a win by default).
    assert_eq!(fourth.byes.len(), 1);
    assert_eq!(fourth.byes[0].1, 2);
}

#[test]
fn a_round_robin_game_against_someone_away_is_a_forfeit_at_once() {
    let mut t = event(
        RuleSet::primary(),
        System::RoundRobin { double: false },
        "A\nB\nC\nD",
    );
    t.withdraw(3).unwrap();
    t.set_absent(1, 1, true).unwrap();
    let round = t.pair_next_round().unwrap().clone();
    // 1–4: D withdrew, A wins by forfeit; 2–3: B absent, C wins by forfeit.
    assert_eq!(
        round.games[0].result,
        Some(ResultKind::BlackForfeits.result(t.scoring()))
    );
    assert_eq!(
        round.games[1].result,
        Some(ResultKind::WhiteForfeits.result(t.scoring()))
    );
    // Those forfeits were the pairing's own: the round may still be paired again.
    assert!(t.repair_current_round().is_ok());
    assert_eq!(t.log().last().unwrap().kind, LogKind::RoundRepaired);
}

#[test]
fn a_round_is_not_paired_again_once_a_result_is_in() {
    let mut t = event(
        RuleSet::orthodox(),
        System::Swiss { rounds: 3 },
        "A\nB\nC\nD",
    );
    t.pair_next_round().unwrap();
    t.repair_current_round().unwrap();
    let result = win(&t);
    t.set_result(1, 2, result).unwrap();
    let before = t.clone();
    assert_eq!(
        t.repair_current_round(),
        Err(TournamentError::RoundHasResults { round: 1 })
    );
    assert_eq!(t, before);
    let mut empty = event(RuleSet::orthodox(), System::Free, "A\nB");
    assert_eq!(
        empty.repair_current_round(),
        Err(TournamentError::NoRoundYet)
    );
}

#[test]
fn re_pairing_leaves_out_a_player_marked_absent_after_the_pairing() {
    let mut t = event(
        RuleSet::orthodox(),
        System::Swiss { rounds: 3 },
        "A\nB\nC\nD",
    );
    t.pair_next_round().unwrap();
    assert_eq!(
        t.set_absent(2, 1, true),
        Err(TournamentError::RoundAlreadyPaired(1))
    );
    t.set_absent(2, 2, true).unwrap();
    finish_round(&mut t);
    let round = t.pair_next_round().unwrap().clone();
    let paired: Vec<usize> = round
        .games
        .iter()
        .flat_map(|g| [g.white, g.black])
        .chain(round.byes.iter().map(|b| b.0))
        .collect();
    assert!(!paired.contains(&2), "{round:?}");
    assert_eq!(paired.len(), 3);
    assert_eq!(round.byes.len(), 1);
    assert_eq!(round.byes[0].1, t.bye_points());
}

#[test]
fn results_must_be_ones_the_mode_can_give() {
    let mut t = event(RuleSet::sharp(), System::Swiss { rounds: 2 }, "A\nB");
    t.pair_next_round().unwrap();
    let draw = GameResult {
        half_points: [10, 10],
        played: true,
    };
    assert_eq!(
        t.set_result(1, 1, draw),
        Err(TournamentError::NotAResultOfTheMode)
    );
    let stalemate = ResultKind::Stalemated(Side::BLACK).result(t.scoring());
    assert_eq!(
        t.set_result(1, 2, stalemate),
        Err(TournamentError::NoSuchBoard { round: 1, board: 2 })
    );
    assert_eq!(
        t.set_result(2, 1, stalemate),
        Err(TournamentError::NoSuchRound(2))
    );
    t.set_result(1, 1, stalemate).unwrap();
    assert_eq!(
        t.set_result(1, 1, stalemate),
        Err(TournamentError::ResultAlreadyEntered { round: 1, board: 1 })
    );
    assert_eq!(t.standings()[0].half_points, 16);
}

#[test]
fn a_correction_replaces_the_result_and_the_log_keeps_both() {
    let mut t = event(RuleSet::primary(), System::Swiss { rounds: 2 }, "A\nB");
    t.pair_next_round().unwrap();
    let s = *t.scoring();
    t.set_result(1, 1, ResultKind::WhiteWins.result(&s))
        .unwrap();
    t.correct_result(1, 1, Some(ResultKind::Draw.result(&s)))
        .unwrap();
    t.correct_result(1, 1, Some(ResultKind::Draw.result(&s)))
        .unwrap();
    t.correct_result(1, 1, None).unwrap();
    assert_eq!(t.rounds()[0].games[0].result, None);
    let kinds: Vec<&LogKind> = t.log().iter().map(|e| &e.kind).collect();
    assert_eq!(
        kinds,
        [
            &LogKind::ResultEntered {
                board: 1,
                result: ResultKind::WhiteWins.result(&s)
            },
            &LogKind::ResultCorrected {
                board: 1,
                was: Some(ResultKind::WhiteWins.result(&s)),
                now: Some(ResultKind::Draw.result(&s))
            },
            &LogKind::ResultCorrected {
                board: 1,
                was: Some(ResultKind::Draw.result(&s)),
                now: None
            },
        ]
    );
    assert!(t.log().iter().all(|e| e.round == 1));
}

#[test]
fn a_withdrawn_player_is_not_paired_again() {
    let mut t = event(
        RuleSet::orthodox(),
        System::Swiss { rounds: 3 },
        "A\nB\nC\nD\nE",
    );
    t.pair_next_round().unwrap();
    t.withdraw(4).unwrap();
    assert_eq!(t.withdraw(4), Err(TournamentError::AlreadyWithdrawn(4)));
    assert_eq!(t.withdraw(9), Err(TournamentError::NoSuchPlayer(9)));
    assert_eq!(
        t.log().last(),
        Some(&LogEntry {
            round: 2,
            kind: LogKind::Withdrawn { player: 4 }
        })
    );
    finish_round(&mut t);
    let round = t.pair_next_round().unwrap();
    assert!(round.games.iter().all(|g| g.white != 4 && g.black != 4));
    assert!(round.byes.is_empty());
}

#[test]
fn a_late_player_joins_a_swiss_but_not_a_round_robin() {
    let mut t = event(
        RuleSet::orthodox(),
        System::Swiss { rounds: 3 },
        "A\nB\nC\nD",
    );
    t.pair_next_round().unwrap();
    assert_eq!(t.add_players("E"), Err(TournamentError::AlreadyStarted));
    assert_eq!(t.add_late_player("E, 1000; 4b"), Ok(4));
    assert_eq!(
        t.add_late_player("a"),
        Err(TournamentError::DuplicateName {
            line: 1,
            name: "a".into()
        })
    );
    assert_eq!(t.players()[4].rating, Some(1000));
    assert_eq!(
        t.log().last().unwrap(),
        &LogEntry {
            round: 2,
            kind: LogKind::PlayerAdded { player: 4 }
        }
    );
    // Round 1 counts as missed: nothing scored.
    assert_eq!(
        t.standings()
            .iter()
            .find(|s| s.player == 4)
            .unwrap()
            .half_points,
        0
    );
    let mut rr = event(
        RuleSet::orthodox(),
        System::RoundRobin { double: false },
        "A\nB",
    );
    rr.pair_next_round().unwrap();
    assert_eq!(
        rr.add_late_player("C"),
        Err(TournamentError::LateEntryInRoundRobin)
    );
}

#[test]
fn free_pairing_pairs_whoever_has_finished() {
    let mut t = event(RuleSet::orthodox(), System::Free, "A\nB\nC\nD\nE");
    assert_eq!(t.total_rounds(), None);
    let first = t.pair_next_round().unwrap().clone();
    assert_eq!(first.games.len(), 2, "the odd one waits, no bye");
    assert!(first.byes.is_empty());
    // Only board 1 has finished: one of its two meets the fifth, the other waits.
    let result = win(&t);
    t.set_result(1, 1, result).unwrap();
    let second = t.pair_next_round().unwrap().clone();
    assert_eq!(second.games.len(), 1);
    let busy = [first.games[1].white, first.games[1].black];
    assert!(second
        .games
        .iter()
        .all(|g| !busy.contains(&g.white) && !busy.contains(&g.black)));
    // Nobody is free now but one player.
    assert_eq!(t.pair_next_round(), Err(TournamentError::NobodyToPair));
    assert!(!t.is_finished());
}

#[test]
fn settings_are_checked_and_some_are_fixed_at_the_start() {
    let mut family = RuleSet::orthodox();
    family.mode = Mode::Family;
    assert_eq!(
        Tournament::new("x", family, System::Free),
        Err(TournamentError::ModeNotForTournaments)
    );
    assert_eq!(
        Tournament::new("x", RuleSet::orthodox(), System::Swiss { rounds: 0 }),
        Err(TournamentError::BadSetting(Setting::Rounds))
    );
    let mut t = event(RuleSet::primary(), System::Swiss { rounds: 3 }, "A\nB\nC");
    assert_eq!(t.bye_points(), 6);
    assert_eq!(
        t.set_bye_points(7),
        Err(TournamentError::BadSetting(Setting::ByePoints))
    );
    t.set_bye_points(4).unwrap();
    assert_eq!(
        t.set_tie_breaks(vec![TieBreak::Wins, TieBreak::Wins]),
        Err(TournamentError::BadSetting(Setting::TieBreaks))
    );
    assert_eq!(
        t.set_time_control(Some(TimeControl::minutes(0, 0))),
        Err(TournamentError::BadSetting(Setting::TimeControl))
    );
    t.set_time_control(Some(TimeControl::minutes(10, 5)))
        .unwrap();
    t.set_rules(RuleSet::orthodox()).unwrap();
    assert_eq!(t.bye_points(), 2, "a bye of a draw stays at most a win");
    t.pair_next_round().unwrap();
    assert_eq!(t.set_bye_points(1), Err(TournamentError::AlreadyStarted));
    assert_eq!(
        t.set_rules(RuleSet::primary()),
        Err(TournamentError::AlreadyStarted)
    );
    finish_round(&mut t);
    t.pair_next_round().unwrap();
    assert_eq!(
        t.set_system(System::Swiss { rounds: 1 }),
        Err(TournamentError::AllRoundsPaired)
    );
    assert_eq!(t.system(), System::Swiss { rounds: 3 });
    t.set_system(System::Swiss { rounds: 5 }).unwrap();
}

#[test]
fn too_few_players_cannot_be_paired() {
    let mut t = event(RuleSet::orthodox(), System::Swiss { rounds: 3 }, "A\nB");
    t.set_absent(1, 1, true).unwrap();
    assert_eq!(t.pair_next_round(), Err(TournamentError::NotEnoughPlayers));
    let mut rr = event(
        RuleSet::orthodox(),
        System::RoundRobin { double: false },
        "A",
    );
    assert_eq!(rr.pair_next_round(), Err(TournamentError::NotEnoughPlayers));
}

#[test]
fn every_operation_keeps_the_tournament_valid() {
    let mut t = event(
        RuleSet::sharp(),
        System::Swiss { rounds: 4 },
        "A\nB\nC\nD\nE",
    );
    t.pair_next_round().unwrap();
    finish_round(&mut t);
    t.withdraw(0).unwrap();
    t.add_late_player("F").unwrap();
    t.pair_next_round().unwrap();
    let stalemate = ResultKind::Stalemated(Side::WHITE).result(t.scoring());
    t.set_result(2, 1, stalemate).unwrap();
    assert_eq!(t.check(), Ok(()));
}

#[test]
fn refusals_and_a_bad_backup_are_said_in_the_class_language() {
    crate::text::languages::use_language_for_test("fr");
    let mut t = event(RuleSet::orthodox(), System::Swiss { rounds: 3 }, "Anna");
    let e = t.add_players("Ben\n; 4b").unwrap_err();
    assert_eq!(e.to_string(), "ligne 2 : il manque le nom");
    let e = t.add_players("Ben\nanna").unwrap_err();
    assert_eq!(
        e.to_string(),
        "ligne 2 : il y a déjà un joueur qui s'appelle anna"
    );
    let e = t.set_system(System::Swiss { rounds: 31 }).unwrap_err();
    assert_eq!(e.to_string(), "un tournoi suisse a de 1 à 30 rondes");
    let mut json = t.to_json();
    json = json.replace("\"name\":\"Anna\"", "\"name\":\" Anna\"");
    let e = Tournament::from_json(&json).unwrap_err();
    assert_eq!(
        e,
        "le tournoi ne peut pas être ouvert : joueur 1 : le nom a des espaces autour"
    );
    crate::text::set_language(&crate::text::ENGLISH);
}
