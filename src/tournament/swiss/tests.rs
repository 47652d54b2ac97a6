//! Worked examples of the Dutch rules, small enough to check by hand. Players are written by
//! pairing number (index + 1); pairs as (White, Black).

use super::history::{Colour, Float, Player};
use super::*;
use crate::tournament::result::GameResult;
use crate::tournament::standings::Game;

const FIDE: Scoring = Scoring::FIDE;

fn present(n: usize) -> Vec<Entrant> {
    vec![Entrant { present: true }; n]
}

/// A played game between pairing numbers, with each side's half points.
fn game(white: usize, black: usize, w: u16, b: u16) -> Game {
    Game {
        white: white - 1,
        black: black - 1,
        result: Some(GameResult {
            half_points: [w, b],
            played: true,
        }),
    }
}

fn win(white: usize, black: usize) -> Game {
    game(white, black, 2, 0)
}

fn loss(white: usize, black: usize) -> Game {
    game(white, black, 0, 2)
}

fn draw(white: usize, black: usize) -> Game {
    game(white, black, 1, 1)
}

fn round(games: Vec<Game>) -> Round {
    Round {
        games,
        byes: Vec::new(),
    }
}

/// Pairs as pairing numbers, White first, board 1 first.
fn numbers(p: &Pairings) -> Vec<(usize, usize)> {
    p.pairs.iter().map(|&(w, b)| (w + 1, b + 1)).collect()
}

fn met(p: &Pairings, a: usize, b: usize) -> bool {
    p.pairs
        .iter()
        .any(|&(w, x)| (w + 1, x + 1) == (a, b) || (w + 1, x + 1) == (b, a))
}

#[test]
fn c04_3_e5_round_one_pairs_top_half_against_bottom_half_alternating_colours() {
    // S1 = 1–4, S2 = 5–8; player 1 (odd pairing number) has the initial colour, White, and
    // every higher-ranked player after alternates: 1–5, 6–2, 3–7, 8–4.
    let p = pair_next(&present(8), &[], &FIDE, 5).unwrap();
    assert_eq!(numbers(&p), [(1, 5), (6, 2), (3, 7), (8, 4)]);
    assert_eq!(p.bye, None);
}

#[test]
fn c04_1_pab_to_lowest_ranked_player_of_the_lowest_scoregroup() {
    // Round 1 of 7: the bye goes to 7, the rest pair as six: 1–4, 5–2, 3–6.
    let p = pair_next(&present(7), &[], &FIDE, 5).unwrap();
    assert_eq!(numbers(&p), [(1, 4), (5, 2), (3, 6)]);
    assert_eq!(p.bye, Some(6));
}

/// Round 1 of 7 played: 1–4 1-0, 5–2 0-1, 3–6 ½-½, 7 bye. Scores: 1, 2, 7: 1; 3, 6: ½;
/// 4, 5: 0.
fn seven_after_one_round() -> Round {
    Round {
        games: vec![win(1, 4), loss(5, 2), draw(3, 6)],
        byes: vec![(6, 2)],
    }
}

#[test]
fn c04_3_c12_a_player_who_downfloated_last_round_does_not_downfloat_again() {
    // The 1 group {1, 2, 7} must downfloat one player. 7, the lowest, downfloated in round 1
    // (a bye scores without playing), so 2 goes down instead and 1–7 stay: 7–1 (7 has no
    // colour yet, 1 wants Black). In the ½ group, 2 (who wants White) meets 3 (who wants
    // Black); 6 goes down to the 0 group, where 6–5 grants both preferences and 6–4 would
    // not (both want White): the bye goes to 4.
    let p = pair_next(&present(7), &[seven_after_one_round()], &FIDE, 5).unwrap();
    assert_eq!(numbers(&p), [(7, 1), (2, 3), (6, 5)]);
    assert_eq!(p.bye, Some(3));
}

#[test]
fn c04_3_c1_no_rematch_then_c10_colours_choose_an_exchange() {
    // Round 1 of 4 drawn: 1–3, 4–2; all on ½: S1 = 1, 2; S2 = 3, 4. 1–3 and 2–4 would be
    // rematches (C1). The transposition 1–4, 2–3 would deny two colour preferences (1 and 4
    // both had White, 2 and 3 Black: C10); the exchange of 2 and 3 (S1 = 1, 3; S2 = 2, 4)
    // pairs 1–2 and 3–4 granting all four: 2–1, 3–4.
    let r1 = round(vec![draw(1, 3), draw(4, 2)]);
    let p = pair_next(&present(4), &[r1], &FIDE, 3).unwrap();
    assert_eq!(numbers(&p), [(2, 1), (3, 4)]);
}

#[test]
fn c04_3_c1_a_forfeited_game_is_no_meeting_and_gives_no_colour() {
    // Round 1: 2 wins by forfeit against 1 (who did not come), 3–4 drawn. Round 2 with only 1
    // and 2 present: they may meet, as they never played. Neither has a colour yet, so the
    // higher-ranked 2 (more points) has an even pairing number and takes Black (E.5).
    let forfeit = Game {
        white: 0,
        black: 1,
        result: Some(GameResult::forfeit(
            Some(crate::rules::types::Side::BLACK),
            &FIDE,
        )),
    };
    let r1 = round(vec![forfeit, draw(3, 4)]);
    let entrants = [true, true, false, false].map(|present| Entrant { present });
    let p = pair_next(&entrants, &[r1], &FIDE, 3).unwrap();
    assert_eq!(numbers(&p), [(1, 2)]);
}

#[test]
fn c04_3_c2_no_second_pairing_allocated_bye() {
    // Round 1 of 5: 1–3 1-0, 4–2 0-1, and 5 had the bye, scored 0 by the teacher. Scores:
    // 1, 2: 1; 3, 4, 5: 0. The lowest-ranked of the 0 group, 5, already had a bye: 4 has it,
    // and 3 (who had Black) meets 5 (no colour yet) with White.
    let r1 = Round {
        games: vec![win(1, 3), loss(4, 2)],
        byes: vec![(4, 0)],
    };
    let p = pair_next(&present(5), &[r1], &FIDE, 4).unwrap();
    assert_eq!(p.bye, Some(3));
    assert_eq!(numbers(&p), [(2, 1), (3, 5)]);
}

/// Six players, 6 withdrawn after round 1. R1: 1–2 1-0, 3–4 1-0, and 5 beats 6, by forfeit
/// when `forfeit` (6 did not come), else over the board. R2: 1–5 1-0, 2–3 1-0, 4 has a bye.
/// Scores: 1: 2; 2, 3, 4, 5: 1.
fn five_after_a_win_against_six(forfeit: bool) -> Vec<Round> {
    let five_six = if forfeit {
        Game {
            white: 4,
            black: 5,
            result: Some(GameResult::forfeit(
                Some(crate::rules::types::Side::WHITE),
                &FIDE,
            )),
        }
    } else {
        win(5, 6)
    };
    vec![
        round(vec![win(1, 2), win(3, 4), five_six]),
        Round {
            games: vec![win(1, 5), win(2, 3)],
            byes: vec![(3, 2)],
        },
    ]
}

#[test]
fn c04_1_a_forfeit_win_bars_the_pairing_allocated_bye() {
    // The bye belongs to the 1 group {2, 3, 4, 5}, 4 has had one. Over the board, 5 (the
    // lowest-ranked) gets it; after a forfeit win he may not, and 3 has it.
    let mut entrants = present(6);
    entrants[5].present = false;
    let p = pair_next(&entrants, &five_after_a_win_against_six(false), &FIDE, 5).unwrap();
    assert_eq!(p.bye, Some(4));
    let p = pair_next(&entrants, &five_after_a_win_against_six(true), &FIDE, 5).unwrap();
    assert_eq!(p.bye, Some(2));
}

/// Six players, two rounds of draws: 1, 3 and 4 had Black twice (absolute preference for
/// White), 2, 5 and 6 White twice (for Black).
fn two_colours_twice() -> Vec<Round> {
    vec![
        round(vec![draw(2, 1), draw(5, 4), draw(6, 3)]),
        round(vec![draw(5, 1), draw(6, 4), draw(2, 3)]),
    ]
}

#[test]
fn c04_3_c3_players_with_the_same_absolute_colour_preference_never_meet() {
    // All on 1: S1 = 1, 2, 3; S2 = 4, 5, 6. 1–4 would join two absolute White preferences,
    // 2–5 two absolute Black ones. The only legal pairing: 1–6, 4–2, 3–5, the White-seekers
    // White.
    let p = pair_next(&present(6), &two_colours_twice(), &FIDE, 5).unwrap();
    assert_eq!(numbers(&p), [(1, 6), (4, 2), (3, 5)]);
}

#[test]
fn c04_3_a7_topscorers_may_meet_in_the_last_round_despite_colours() {
    // 1 and 2 won both their games with Black; 3, 4 lost both with White; 5–6 drew twice.
    // Last round: 1 and 2 (2 of 2) are topscorers, so they may meet although both must have
    // White; the higher-ranked 1 gets it (E.2 equal, E.3 no difference, E.4).
    let rounds = vec![
        round(vec![loss(3, 1), loss(4, 2), draw(5, 6)]),
        round(vec![loss(4, 1), loss(3, 2), draw(6, 5)]),
    ];
    // 3 and 4 (both absolute for Black, no topscorers) may not meet: they take 5 and 6.
    let p = pair_next(&present(6), &rounds, &FIDE, 3).unwrap();
    assert_eq!(numbers(&p), [(1, 2), (5, 3), (6, 4)]);
    // Before the last round nobody is a topscorer: 1–2 may not meet either, and then no
    // pairing is left (1 and 2 take 5 and 6, leaving 3–4).
    assert_eq!(
        pair_next(&present(6), &rounds, &FIDE, 5),
        Err(NoPairing::NoLegalPairing)
    );
}

#[test]
fn c04_3_no_legal_pairing_is_reported() {
    // Four players, all on 1 after two rounds: 1 and 2 must have White, 3 and 4 Black, and
    // every other pair has met.
    let rounds = vec![
        round(vec![draw(3, 1), draw(4, 2)]),
        round(vec![draw(4, 1), draw(3, 2)]),
    ];
    assert_eq!(
        pair_next(&present(4), &rounds, &FIDE, 5),
        Err(NoPairing::NoLegalPairing)
    );
    assert_eq!(
        pair_next(&[Entrant { present: false }; 4], &rounds, &FIDE, 5),
        Err(NoPairing::NoPlayers)
    );
}

#[test]
fn c04_3_a4_moved_down_players_pair_in_the_next_bracket() {
    // R1: 1–2 1-0, 3–4 1-0, 5–6 ½. Scores: 1, 3: 1; 5, 6: ½; 2, 4: 0. 5 and 6 have met, so
    // both move down to the 0 group, where they are S1 against 2 and 4: 5–2, 6–4.
    // Colours: 1, 3 both had White, the higher 1 gets Black; 2 wants White, 5 Black; 6 and 4
    // both want White, the higher-ranked 6 (more points) gets it.
    let r1 = round(vec![win(1, 2), win(3, 4), draw(5, 6)]);
    let p = pair_next(&present(6), &[r1], &FIDE, 4).unwrap();
    assert_eq!(numbers(&p), [(3, 1), (2, 5), (6, 4)]);
}

#[test]
fn c04_3_c4_the_pairing_looks_ahead_to_complete_the_round() {
    // Three rounds, four players: R1 1–3 1-0, 4–2 0-1; R2 2–1 0-1, 3–4 1-0. Scores: 1: 2,
    // 2: 1, 3: 1, 4: 0. 1 has met 2 and 3, so only 1–4 and 2–3 complete the round.
    let rounds = vec![
        round(vec![win(1, 3), loss(4, 2)]),
        round(vec![loss(2, 1), win(3, 4)]),
    ];
    let p = pair_next(&present(4), &rounds, &FIDE, 3).unwrap();
    assert!(met(&p, 1, 4) && met(&p, 2, 3));
}

#[test]
fn c04_3_absent_players_are_neither_paired_nor_given_the_bye() {
    let mut entrants = present(6);
    entrants[0].present = false;
    let p = pair_next(&entrants, &[], &FIDE, 5).unwrap();
    assert_eq!(p.pairs.len(), 2);
    assert!(p.pairs.iter().all(|&(w, b)| w != 0 && b != 0));
    assert!(p.bye.is_some_and(|b| b != 0));
}

/// A player with the given colour history (oldest first), score and pairing number.
fn player(number: usize, score: u32, colours: &[Colour]) -> Player {
    let mut rounds = Vec::new();
    // Build the history through the public path: games against phantom opponents.
    let n = 64;
    for (r, &c) in colours.iter().enumerate() {
        let other = 32 + r;
        let g = match c {
            Colour::White => draw(number, other + 1),
            Colour::Black => draw(other + 1, number),
        };
        rounds.push(round(vec![g]));
    }
    let mut p = history::players(n, &rounds, &FIDE).swap_remove(number - 1);
    p.score = score;
    p
}

use Colour::{Black as B, White as W};

#[test]
fn c04_3_e1_both_preferences_are_granted() {
    let a = player(1, 2, &[W, B, W]); // +1: strong preference for Black
    let b = player(2, 2, &[B, W, B]); // −1: strong preference for White
    assert_eq!(colours::colour_of(&a, &b), B);
    assert_eq!(colours::colour_of(&b, &a), W);
}

#[test]
fn c04_3_e2_the_stronger_preference_is_granted() {
    let absolute = player(2, 2, &[B, W, W]); // two Whites running: absolute for Black
    let strong = player(1, 2, &[W, B, W]); // +1: strong for Black
    let mild = player(1, 2, &[B, W]); // 0, last White: mild for Black
    assert_eq!(colours::colour_of(&absolute, &strong), B);
    assert_eq!(colours::colour_of(&strong, &mild), B);
    assert_eq!(colours::colour_of(&mild, &strong), W);
    // Two absolute preferences (topscorers): the wider colour difference wins.
    let wider = player(3, 4, &[W, W, B, W, W]); // +3
    assert_eq!(colours::colour_of(&absolute, &wider), W);
}

#[test]
fn c04_3_e3_colours_alternate_from_the_last_round_they_differed() {
    // Both mild for Black (0, last White); going back, round 2 differs: a had Black, b White.
    // So a gets White although b ranks higher.
    let a = player(2, 2, &[W, B, B, W]);
    let b = player(1, 2, &[B, W, B, W]);
    assert_eq!(colours::colour_of(&a, &b), W);
    assert_eq!(colours::colour_of(&b, &a), B);
}

#[test]
fn c04_3_e4_the_higher_ranked_player_gets_the_preference() {
    let a = player(3, 2, &[B, W]);
    let b = player(1, 2, &[B, W]);
    assert_eq!(colours::colour_of(&b, &a), B);
    assert_eq!(colours::colour_of(&a, &b), W);
    // Score ranks before pairing number.
    let leader = player(3, 4, &[B, W]);
    assert_eq!(colours::colour_of(&leader, &b), B);
}

#[test]
fn c04_3_e5_without_preferences_an_odd_pairing_number_gets_the_initial_colour() {
    let (one, two, three) = (player(1, 0, &[]), player(2, 0, &[]), player(3, 0, &[]));
    assert_eq!(colours::colour_of(&one, &two), W);
    assert_eq!(colours::colour_of(&two, &three), B);
    assert_eq!(colours::colour_of(&three, &two), W);
}

#[test]
fn c04_3_a6_colour_preferences_follow_the_colour_difference_and_the_last_games() {
    let p = player(1, 0, &[W, W]);
    assert_eq!(
        (p.preference, p.absolute(), p.repeated),
        (Some(B), true, Some(W))
    );
    let p = player(1, 0, &[W, B, W]);
    assert_eq!(
        (p.preference, p.strong, p.absolute()),
        (Some(B), true, false)
    );
    let p = player(1, 0, &[B, W]);
    assert_eq!(
        (p.preference, p.strong, p.absolute()),
        (Some(B), false, false)
    );
    let p = player(1, 0, &[]);
    assert_eq!(p.preference, None);
}

#[test]
fn c04_3_a4_floats_come_from_scores_before_the_round_and_unplayed_points() {
    // R1: 1–2 1-0 (equal scores: no float); R2: 1–3 (1 on 1, 3 on 0): 1 downfloats, 3 up;
    // 4 had a bye in R2: a downfloat for scoring without playing.
    let rounds = vec![
        round(vec![win(1, 2), draw(3, 5)]),
        Round {
            games: vec![win(1, 3)],
            byes: vec![(3, 2)],
        },
    ];
    let players = history::players(5, &rounds, &FIDE);
    assert_eq!(players[0].floats, [Float::Down, Float::None]);
    assert_eq!(players[2].floats, [Float::Up, Float::None]);
    assert_eq!(players[3].floats, [Float::Down, Float::None]);
    // Absent with nothing scored: no float.
    assert_eq!(players[4].floats, [Float::None, Float::None]);
}

#[test]
fn c04_2_boards_are_ordered_by_the_higher_score_then_the_lower_then_ranking() {
    // After R1 1–4 ½, 2–5 1-0, 3–6 0-1: 2 and 6 on 1, 1 and 4 on ½, 3 and 5 on 0.
    let r1 = round(vec![draw(1, 4), win(2, 5), loss(3, 6)]);
    let p = pair_next(&present(6), &[r1], &FIDE, 5).unwrap();
    let scores = [1, 2, 0, 1, 0, 2];
    let keys: Vec<(u32, u32)> = p
        .pairs
        .iter()
        .map(|&(w, b)| {
            let (x, y) = (scores[w], scores[b]);
            (x.max(y), x.min(y))
        })
        .collect();
    let mut sorted = keys.clone();
    sorted.sort_by(|a, b| b.cmp(a));
    assert_eq!(keys, sorted);
}

#[test]
fn a_primary_round_pairs_on_its_own_scale() {
    // Primary 3/2/1: a loss still scores. R1 1–3 win, 4–2 loss: 1 and 2 on 3 points, 3 and 4
    // on 1; round 2 pairs the winners and the losers.
    let s = Scoring::PRIMARY;
    let r1 = round(vec![game(1, 3, s.win, s.loss), game(4, 2, s.loss, s.win)]);
    let p = pair_next(&present(4), &[r1], &s, 3).unwrap();
    assert!(met(&p, 1, 2) && met(&p, 3, 4));
}

#[test]
fn c04_1_a_lone_player_has_the_bye_once() {
    let lone = [true, false].map(|present| Entrant { present });
    let p = pair_next(&lone, &[], &FIDE, 3).unwrap();
    assert_eq!((p.pairs.len(), p.bye), (0, Some(0)));
    let r1 = Round {
        games: Vec::new(),
        byes: vec![(0, 2)],
    };
    assert_eq!(
        pair_next(&lone, &[r1], &FIDE, 3),
        Err(NoPairing::NoLegalPairing)
    );
}
