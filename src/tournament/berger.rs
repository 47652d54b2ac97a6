//! Round-robin pairings by the FIDE Berger tables (Handbook C.05, Annex 1).
//!
//! Players are numbered from 1. With an odd number of players a dummy number n + 1 is added
//! and whoever meets it has the bye that round. In round r of an even number n of players,
//! board 1 pairs player n with a = 1 + (r − 1)·n/2 (mod n − 1, in 1..n − 1), player n having
//! White in even rounds; board k pairs a + (k − 1) with White against a − (k − 1) (same
//! modulus). A double round robin plays the same table twice, colours reversed the second time.

/// One board of a round: White's and Black's starting numbers, or a player's bye.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pairing {
    Game { white: u16, black: u16 },
    Bye(u16),
}

/// Rounds of a single round robin of `players` players (the table's size is the next even
/// number: an odd field has one bye in each round).
pub fn round_count(players: u16) -> u16 {
    match players {
        0 | 1 => 0,
        n => n + n % 2 - 1,
    }
}

/// The pairings of round `round` (from 1) of a round robin of `players` players, board by
/// board (a bye last); `cycle` 2 is the second half of a double round robin (colours
/// reversed). Empty for a round the table does not have.
pub fn round(players: u16, round: u16, cycle: u8) -> Vec<Pairing> {
    let rounds = round_count(players);
    if round == 0 || round > rounds || !(1..=2).contains(&cycle) {
        return Vec::new();
    }
    let n = players + players % 2;
    let m = n - 1;
    // 1..=m, with arithmetic modulo m.
    let wrap = |x: i32| (x - 1).rem_euclid(m as i32) as u16 + 1;
    let first = wrap(1 + (round as i32 - 1) * (n as i32 / 2));
    let mut boards = Vec::with_capacity(n as usize / 2);
    let mut bye = None;
    for k in 0..n / 2 {
        let (white, black) = if k == 0 {
            if round.is_multiple_of(2) {
                (n, first)
            } else {
                (first, n)
            }
        } else {
            (wrap(first as i32 + k as i32), wrap(first as i32 - k as i32))
        };
        let (white, black) = if cycle == 2 {
            (black, white)
        } else {
            (white, black)
        };
        if black > players {
            bye = Some(white);
        } else if white > players {
            bye = Some(black);
        } else {
            boards.push(Pairing::Game { white, black });
        }
    }
    boards.extend(bye.map(Pairing::Bye));
    boards
}

#[cfg(test)]
mod tests {
    use super::*;

    fn games(players: u16, r: u16) -> Vec<(u16, u16)> {
        round(players, r, 1)
            .into_iter()
            .filter_map(|p| match p {
                Pairing::Game { white, black } => Some((white, black)),
                Pairing::Bye(_) => None,
            })
            .collect()
    }

    // The FIDE Berger tables (Handbook C.05, Annex 1), round by round, board by board.
    const FIDE_4: [[(u16, u16); 2]; 3] = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]];
    const FIDE_6: [[(u16, u16); 3]; 5] = [
        [(1, 6), (2, 5), (3, 4)],
        [(6, 4), (5, 3), (1, 2)],
        [(2, 6), (3, 1), (4, 5)],
        [(6, 5), (1, 4), (2, 3)],
        [(3, 6), (4, 2), (5, 1)],
    ];
    const FIDE_8: [[(u16, u16); 4]; 7] = [
        [(1, 8), (2, 7), (3, 6), (4, 5)],
        [(8, 5), (6, 4), (7, 3), (1, 2)],
        [(2, 8), (3, 1), (4, 7), (5, 6)],
        [(8, 6), (7, 5), (1, 4), (2, 3)],
        [(3, 8), (4, 2), (5, 1), (6, 7)],
        [(8, 7), (1, 6), (2, 5), (3, 4)],
        [(4, 8), (5, 3), (6, 2), (7, 1)],
    ];

    fn assert_fide<const BOARDS: usize>(players: u16, table: &[[(u16, u16); BOARDS]]) {
        for (r, boards) in table.iter().enumerate() {
            let r = r as u16 + 1;
            assert_eq!(
                games(players, r),
                boards.to_vec(),
                "{players} players, round {r}"
            );
        }
    }

    #[test]
    fn berger_tables_equal_fide_for_4_6_and_8_players() {
        assert_fide(4, &FIDE_4);
        assert_fide(6, &FIDE_6);
        assert_fide(8, &FIDE_8);
    }

    /// The FIDE Berger tables (Handbook C.05 Annex 1) for 10, 12 and 14 players, one round a
    /// line, `white:black` per board.
    const FIDE_10_12_14: [(u16, &str); 3] = [
        (
            10,
            "1:10 2:9 3:8 4:7 5:6
             10:6 7:5 8:4 9:3 1:2
             2:10 3:1 4:9 5:8 6:7
             10:7 8:6 9:5 1:4 2:3
             3:10 4:2 5:1 6:9 7:8
             10:8 9:7 1:6 2:5 3:4
             4:10 5:3 6:2 7:1 8:9
             10:9 1:8 2:7 3:6 4:5
             5:10 6:4 7:3 8:2 9:1",
        ),
        (
            12,
            "1:12 2:11 3:10 4:9 5:8 6:7
             12:7 8:6 9:5 10:4 11:3 1:2
             2:12 3:1 4:11 5:10 6:9 7:8
             12:8 9:7 10:6 11:5 1:4 2:3
             3:12 4:2 5:1 6:11 7:10 8:9
             12:9 10:8 11:7 1:6 2:5 3:4
             4:12 5:3 6:2 7:1 8:11 9:10
             12:10 11:9 1:8 2:7 3:6 4:5
             5:12 6:4 7:3 8:2 9:1 10:11
             12:11 1:10 2:9 3:8 4:7 5:6
             6:12 7:5 8:4 9:3 10:2 11:1",
        ),
        (
            14,
            "1:14 2:13 3:12 4:11 5:10 6:9 7:8
             14:8 9:7 10:6 11:5 12:4 13:3 1:2
             2:14 3:1 4:13 5:12 6:11 7:10 8:9
             14:9 10:8 11:7 12:6 13:5 1:4 2:3
             3:14 4:2 5:1 6:13 7:12 8:11 9:10
             14:10 11:9 12:8 13:7 1:6 2:5 3:4
             4:14 5:3 6:2 7:1 8:13 9:12 10:11
             14:11 12:10 13:9 1:8 2:7 3:6 4:5
             5:14 6:4 7:3 8:2 9:1 10:13 11:12
             14:12 13:11 1:10 2:9 3:8 4:7 5:6
             6:14 7:5 8:4 9:3 10:2 11:1 12:13
             14:13 1:12 2:11 3:10 4:9 5:8 6:7
             7:14 8:6 9:5 10:4 11:3 12:2 13:1",
        ),
    ];

    #[test]
    fn berger_tables_equal_fide_for_10_12_and_14_players() {
        for (players, text) in FIDE_10_12_14 {
            let rounds: Vec<&str> = text.lines().map(str::trim).collect();
            assert_eq!(rounds.len() as u16, round_count(players));
            for (r, line) in rounds.iter().enumerate() {
                let table: Vec<(u16, u16)> = line
                    .split_whitespace()
                    .map(|pair| {
                        let (w, b) = pair.split_once(':').unwrap();
                        (w.parse().unwrap(), b.parse().unwrap())
                    })
                    .collect();
                assert_eq!(
                    games(players, r as u16 + 1),
                    table,
                    "{players} players, round {}",
                    r + 1
                );
            }
        }
    }

    #[test]
    fn every_pair_meets_once_with_balanced_colours_for_3_to_16_players() {
        for players in 3..=16u16 {
            let n = players as usize;
            let mut met = vec![vec![0u8; n + 1]; n + 1];
            let mut whites = vec![0i32; n + 1];
            let mut byes = vec![0u8; n + 1];
            for r in 1..=round_count(players) {
                let mut seen = vec![false; n + 1];
                for p in round(players, r, 1) {
                    match p {
                        Pairing::Game { white, black } => {
                            for x in [white, black] {
                                assert!(
                                    !seen[x as usize],
                                    "{players} players: {x} twice in round {r}"
                                );
                                seen[x as usize] = true;
                            }
                            met[white as usize][black as usize] += 1;
                            met[black as usize][white as usize] += 1;
                            whites[white as usize] += 1;
                            whites[black as usize] -= 1;
                        }
                        Pairing::Bye(x) => {
                            assert!(!seen[x as usize]);
                            seen[x as usize] = true;
                            byes[x as usize] += 1;
                        }
                    }
                }
                assert!(
                    seen[1..].iter().all(|&s| s),
                    "{players} players: someone missing in round {r}"
                );
            }
            for a in 1..=n {
                for (b, &times) in met[a].iter().enumerate().skip(1) {
                    assert_eq!(times, u8::from(a != b), "{players} players: {a} v {b}");
                }
                // White minus Black: at most one apart (an odd field's byes shift it by one).
                assert!(
                    whites[a].abs() <= 1 + i32::from(players % 2),
                    "{players} players: {a} colours {}",
                    whites[a]
                );
                assert_eq!(
                    byes[a],
                    u8::from(players % 2 == 1),
                    "{players} players: byes of {a}"
                );
            }
        }
    }

    #[test]
    fn the_second_cycle_reverses_every_colour() {
        for r in 1..=round_count(6) {
            let second: Vec<_> = round(6, r, 2)
                .into_iter()
                .map(|p| match p {
                    Pairing::Game { white, black } => (black, white),
                    Pairing::Bye(x) => (x, 0),
                })
                .collect();
            assert_eq!(second, games(6, r));
        }
    }

    #[test]
    fn an_odd_field_gives_the_bye_to_whoever_meets_the_dummy() {
        // 5 players use the 6-player table: player 6's opponent has the bye.
        assert_eq!(round(5, 1, 1).last(), Some(&Pairing::Bye(1)));
        assert_eq!(round(5, 2, 1).last(), Some(&Pairing::Bye(4)));
        assert_eq!(round_count(5), 5);
        assert!(round(5, 6, 1).is_empty());
        assert!(round(1, 1, 1).is_empty());
    }
}
