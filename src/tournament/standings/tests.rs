//! Worked examples, computed by hand, on the FIDE and the Primary scales.

use super::*;

const W: Side = Side::WHITE;

/// A played game; `w`, `b` in half points.
fn game(white: usize, black: usize, w: u16, b: u16) -> Game {
    Game {
        white,
        black,
        result: Some(GameResult {
            half_points: [w, b],
            played: true,
        }),
    }
}

/// Four players (0–3 = starting numbers 1–4), the Berger table, FIDE points:
/// R1: 1–4 1-0, 2–3 ½-½; R2: 4–3 0-1, 1–2 ½-½; R3: 2–4 1-0, 3–1 0-1.
/// Scores: 1: 2½, 2: 2, 3: 1½, 4: 0.
fn four_players(s: &Scoring) -> Vec<Round> {
    let (win, draw, loss) = (s.win, s.draw, s.loss);
    vec![
        Round {
            games: vec![game(0, 3, win, loss), game(1, 2, draw, draw)],
            byes: vec![],
        },
        Round {
            games: vec![game(3, 2, loss, win), game(0, 1, draw, draw)],
            byes: vec![],
        },
        Round {
            games: vec![game(1, 3, win, loss), game(2, 0, loss, win)],
            byes: vec![],
        },
    ]
}

fn row(list: &[Standing], player: usize) -> &Standing {
    list.iter().find(|s| s.player == player).unwrap()
}

const ALL: [TieBreak; 5] = [
    TieBreak::Buchholz,
    TieBreak::BuchholzCut1,
    TieBreak::SonnebornBerger,
    TieBreak::Wins,
    TieBreak::Cumulative,
];

#[test]
fn fide_scale_points_and_every_tie_break_by_hand() {
    let s = Scoring::FIDE;
    let list = standings(4, &four_players(&s), &s, &ALL);
    assert_eq!(
        list.iter()
            .map(|r| (r.player, r.half_points))
            .collect::<Vec<_>>(),
        [(0, 5), (1, 4), (2, 3), (3, 0)]
    );
    // Buchholz (half points): 1 met 4, 2, 3 → 0 + 4 + 3 = 7; 2: 3 + 5 + 0 = 8; 3: 4 + 0 + 5 = 9;
    // 4: 5 + 3 + 4 = 12. Cut-1 drops the lowest: 7, 8, 9, 9.
    // Sonneborn-Berger ×2: 1 beat 4 (0×2), drew 2 (4×1), beat 3 (3×2) = 10, i.e. 2½ points.
    // 2: drew 3 (3×1), drew 1 (5×1), beat 4 (0×2) = 8; 3: drew 2 (4×1), beat 4, lost to 1 = 4.
    // Wins: 2, 1, 1, 0. Cumulative: 1: 2+3+5 = 10; 2: 1+2+4 = 7; 3: 1+3+3 = 7; 4: 0.
    assert_eq!(row(&list, 0).tie_breaks, [7, 7, 10, 2, 10]);
    assert_eq!(row(&list, 1).tie_breaks, [8, 8, 8, 1, 7]);
    assert_eq!(row(&list, 2).tie_breaks, [9, 9, 4, 1, 7]);
    assert_eq!(row(&list, 3).tie_breaks, [12, 9, 0, 0, 0]);
    assert_eq!(sonneborn_berger_scale(&s), 2);
}

#[test]
fn rules_2_11_primary_scale_counts_the_point_for_playing() {
    let s = Scoring::PRIMARY;
    let list = standings(
        4,
        &four_players(&s),
        &s,
        &[TieBreak::Buchholz, TieBreak::SonnebornBerger],
    );
    // 3/2/1: 1: 3+2+3 = 8 points (16 half), 2: 2+2+3 = 7, 3: 2+3+1 = 6, 4: 1+1+1 = 3.
    assert_eq!(
        list.iter().map(|r| r.half_points).collect::<Vec<_>>(),
        [16, 14, 12, 6]
    );
    // Buchholz of 1: 6 + 14 + 12 = 32. Sonneborn-Berger of 1, weighted by (points − loss):
    // 6×4 + 14×2 + 12×4 = 100, over a scale of 4 = 25 half points (12½ points: 3·1 + 7·½ + 6·1).
    assert_eq!(row(&list, 0).tie_breaks, [32, 100]);
    assert_eq!(sonneborn_berger_scale(&s), 4);
}

#[test]
fn rules_3_6_chess_sharp_partial_scores_count_as_scored() {
    let s = Scoring::SHARP;
    // 1 stalemates 2 (8–2), 2 and 3 reach an equal impasse with 2 Black (4–6), 3 beats 1 (10–0).
    let rounds = vec![
        Round {
            games: vec![game(0, 1, 16, 4)],
            byes: vec![(2, 10)],
        },
        Round {
            games: vec![game(2, 1, 8, 12)],
            byes: vec![(0, 10)],
        },
        Round {
            games: vec![game(2, 0, 20, 0)],
            byes: vec![(1, 10)],
        },
    ];
    let list = standings(3, &rounds, &s, &[TieBreak::Wins, TieBreak::Buchholz]);
    // 1: 8 + 5 + 0 = 13 points (26 half); 2: 2 + 6 + 5 = 13 (26); 3: 5 + 4 + 10 = 19 (38).
    assert_eq!(row(&list, 0).half_points, 26);
    assert_eq!(row(&list, 1).half_points, 26);
    assert_eq!(list[0].player, 2);
    // Wins: only 3's 10–0 is a win; the 8–2 and the byes are not.
    assert_eq!(row(&list, 2).tie_breaks[0], 1);
    assert_eq!(row(&list, 0).tie_breaks[0], 0);
    // Buchholz of 1: played 2 (26) and 3 (38), the bye counts its own 26: 90.
    assert_eq!(row(&list, 0).tie_breaks[1], 90);
}

#[test]
fn direct_encounter_decides_between_tied_players_who_met() {
    let s = Scoring::FIDE;
    // Three players in a circle (1 beats 2, 2 beats 3, 3 beats 1), each beating 4.
    let rounds = vec![
        Round {
            games: vec![game(0, 1, 2, 0), game(2, 3, 2, 0)],
            byes: vec![],
        },
        Round {
            games: vec![game(1, 3, 2, 0), game(2, 0, 2, 0)],
            byes: vec![],
        },
        Round {
            games: vec![game(0, 3, 2, 0), game(1, 2, 2, 0)],
            byes: vec![],
        },
    ];
    // Scores: 1: 2+0+2 = 4, 2: 0+2+2 = 4, 3: 2+2+0 = 4, 4: 0. Three tied, and all met:
    // 1 took 2 from 2 and 0 from 3; 2 took 2 from 3; 3 took 2 from 1.
    let list = standings(4, &rounds, &s, &[TieBreak::DirectEncounter]);
    assert_eq!(row(&list, 0).tie_breaks, [2]);
    assert_eq!(row(&list, 1).tie_breaks, [2]);
    assert_eq!(row(&list, 2).tie_breaks, [2]);
    // A circle decides nothing: the starting number does.
    assert_eq!(
        list.iter().map(|r| r.player).collect::<Vec<_>>(),
        [0, 1, 2, 3]
    );

    // Two tied who met: the one who won is ahead.
    let rounds = vec![Round {
        games: vec![game(0, 1, 2, 0), game(2, 3, 1, 1)],
        byes: vec![],
    }];
    let list = standings(4, &rounds, &s, &[TieBreak::DirectEncounter]);
    assert_eq!(row(&list, 2).tie_breaks, [1], "2 and 3 drew each other");
    assert_eq!(row(&list, 3).tie_breaks, [1]);

    // Two tied who did not meet: 0 for both.
    let rounds = vec![Round {
        games: vec![game(0, 2, 2, 0), game(1, 3, 2, 0)],
        byes: vec![],
    }];
    let list = standings(4, &rounds, &s, &[TieBreak::DirectEncounter]);
    assert_eq!(row(&list, 0).tie_breaks, [0]);
    assert_eq!(row(&list, 1).tie_breaks, [0]);
}

#[test]
fn a_forfeit_win_counts_as_a_win_and_an_unplayed_round() {
    let s = Scoring::FIDE;
    let rounds = vec![Round {
        games: vec![Game {
            white: 0,
            black: 1,
            result: Some(GameResult::forfeit(Some(W), &s)),
        }],
        byes: vec![],
    }];
    let list = standings(2, &rounds, &s, &[TieBreak::Wins, TieBreak::Buchholz]);
    assert_eq!(row(&list, 0).half_points, 2);
    assert_eq!(
        row(&list, 0).tie_breaks,
        [1, 2],
        "a forfeit win; the virtual opponent has 1's own 2"
    );
    assert_eq!(row(&list, 1).tie_breaks, [0, 0]);
}

#[test]
fn a_game_without_a_result_yet_counts_nothing() {
    let s = Scoring::FIDE;
    let rounds = vec![Round {
        games: vec![Game {
            white: 0,
            black: 1,
            result: None,
        }],
        byes: vec![],
    }];
    let list = standings(2, &rounds, &s, &[TieBreak::Cumulative]);
    assert!(list
        .iter()
        .all(|r| r.half_points == 0 && r.tie_breaks == [0]));
}
