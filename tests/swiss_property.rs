//! Random Swiss tournaments paired by `tournament::swiss` (the FIDE Dutch system), checked
//! round by round against the absolute rules, which hold whatever the quality of a pairing:
//! everyone present appears exactly once, nobody meets an opponent twice, the bye goes only to
//! a player who had neither a bye nor a forfeit win, and nobody's colour difference leaves
//! −2..=2 nor does anyone get one colour three games running (topscorers of the last round
//! and their opponents excepted, as C.04.3 A.7/C3 allow). A round the engine calls
//! unpairable must be unpairable by brute force.
//!
//! 1,000 tournaments of 5–40 players and 3–9 rounds under FIDE, Primary and Chess# scoring,
//! with wins, draws, losses, forfeits and absences, from a fixed seed.
//!
//! `write_reference_trf` (ignored) writes such tournaments as TRF files for
//! `tools/swiss-check.py`, which re-pairs them with reference engines.

use classroom_chess::rules::ruleset::Scoring;
use classroom_chess::rules::types::Side;
use classroom_chess::tournament::result::GameResult;
use classroom_chess::tournament::standings::{Game, Round};
use classroom_chess::tournament::swiss::{pair_next, Entrant, NoPairing, Pairings};
use std::collections::HashSet;

/// splitmix64: small, fixed, and good enough to draw tournaments from.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Colour {
    White,
    Black,
}

/// One played tournament: who was present each round, and the rounds with their results.
struct Tournament {
    players: usize,
    total_rounds: u16,
    scoring: Scoring,
    present: Vec<Vec<bool>>,
    rounds: Vec<Round>,
}

/// What the absolute rules need about one player, computed here independently.
struct State {
    score: u32,
    met: HashSet<usize>,
    colours: Vec<Colour>,
    had_bye: bool,
}

fn states(t: &Tournament, rounds: &[Round]) -> Vec<State> {
    let mut s: Vec<State> = (0..t.players)
        .map(|_| State {
            score: 0,
            met: HashSet::new(),
            colours: Vec::new(),
            had_bye: false,
        })
        .collect();
    for round in rounds {
        for g in &round.games {
            let r = g.result.expect("every simulated game has a result");
            s[g.white].score += u32::from(r.half_points[0]);
            s[g.black].score += u32::from(r.half_points[1]);
            if r.played {
                s[g.white].met.insert(g.black);
                s[g.black].met.insert(g.white);
                s[g.white].colours.push(Colour::White);
                s[g.black].colours.push(Colour::Black);
            } else {
                for (p, half) in [(g.white, r.half_points[0]), (g.black, r.half_points[1])] {
                    if half >= t.scoring.win {
                        s[p].had_bye = true;
                    }
                }
            }
        }
        for &(p, half) in &round.byes {
            s[p].score += u32::from(half);
            s[p].had_bye = true;
        }
    }
    s
}

fn difference(colours: &[Colour]) -> i32 {
    colours
        .iter()
        .map(|&c| if c == Colour::White { 1 } else { -1 })
        .sum()
}

/// The absolute colour preference (C.04.3 A.6.a), if any.
fn absolute_preference(colours: &[Colour]) -> Option<Colour> {
    let d = difference(colours);
    let n = colours.len();
    if d > 1 {
        Some(Colour::Black)
    } else if d < -1 {
        Some(Colour::White)
    } else if n >= 2 && colours[n - 1] == colours[n - 2] {
        Some(match colours[n - 1] {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        })
    } else {
        None
    }
}

fn within_limits(colours: &[Colour]) -> bool {
    let n = colours.len();
    difference(colours).abs() <= 2
        && !(n >= 3 && colours[n - 1] == colours[n - 2] && colours[n - 2] == colours[n - 3])
}

/// Topscorer in the last round: over half the possible score, counted from the loss score.
fn topscorer(t: &Tournament, round_index: usize, score: u32) -> bool {
    let last = round_index + 1 >= usize::from(t.total_rounds);
    let s = &t.scoring;
    let per_round = u32::from(s.win.max(s.draw)) + u32::from(s.loss);
    last && 2 * score > round_index as u32 * per_round
}

/// Whether some pairing of the present players keeps every absolute rule (for up to 20
/// present players): a bye to an eligible player when odd, no rematch, no two non-topscorers
/// with the same absolute colour preference.
fn legal_pairing_exists(t: &Tournament, round_index: usize, present: &[usize]) -> bool {
    let s = states(t, &t.rounds[..round_index]);
    assert!(present.len() <= 20, "brute force is for small rounds");
    let n = present.len();
    let compatible = |a: usize, b: usize| {
        let (x, y) = (&s[present[a]], &s[present[b]]);
        let clash = match (
            absolute_preference(&x.colours),
            absolute_preference(&y.colours),
        ) {
            (Some(p), Some(q)) => p == q,
            _ => false,
        };
        !x.met.contains(&present[b])
            && (!clash || topscorer(t, round_index, x.score) || topscorer(t, round_index, y.score))
    };
    fn perfect(
        mask: u32,
        n: usize,
        ok: &dyn Fn(usize, usize) -> bool,
        dead: &mut HashSet<u32>,
    ) -> bool {
        let Some(a) = (0..n).find(|&i| mask & (1 << i) != 0) else {
            return true;
        };
        if dead.contains(&mask) {
            return false;
        }
        for b in a + 1..n {
            if mask & (1 << b) != 0
                && ok(a, b)
                && perfect(mask & !(1 << a) & !(1 << b), n, ok, dead)
            {
                return true;
            }
        }
        dead.insert(mask);
        false
    }
    let all = if n == 32 { u32::MAX } else { (1u32 << n) - 1 };
    let mut dead = HashSet::new();
    if n.is_multiple_of(2) {
        return perfect(all, n, &compatible, &mut dead);
    }
    (0..n).any(|b| !s[present[b]].had_bye && perfect(all & !(1 << b), n, &compatible, &mut dead))
}

/// Checks one round's pairings against the absolute rules.
fn check_round(t: &Tournament, round_index: usize, pairings: &Pairings) -> Result<(), String> {
    let s = states(t, &t.rounds[..round_index]);
    let present = &t.present[round_index];
    let mut seen = vec![0; t.players];
    for &(w, b) in &pairings.pairs {
        seen[w] += 1;
        seen[b] += 1;
        if s[w].met.contains(&b) {
            return Err(format!("{} and {} meet again", w + 1, b + 1));
        }
        for (p, c, other) in [(w, Colour::White, b), (b, Colour::Black, w)] {
            let mut colours = s[p].colours.clone();
            colours.push(c);
            let excused =
                topscorer(t, round_index, s[p].score) || topscorer(t, round_index, s[other].score);
            if !within_limits(&colours) && !excused {
                return Err(format!("{} gets colours {colours:?}", p + 1));
            }
        }
    }
    if let Some(b) = pairings.bye {
        seen[b] += 1;
        if s[b].had_bye {
            return Err(format!("{} gets a second bye", b + 1));
        }
    }
    let count = present.iter().filter(|&&p| p).count();
    if pairings.bye.is_some() != (count % 2 == 1) {
        return Err(format!("bye {:?} with {count} present", pairings.bye));
    }
    for p in 0..t.players {
        let expected = usize::from(present[p]);
        if seen[p] != expected {
            return Err(format!("{} appears {} times", p + 1, seen[p]));
        }
    }
    Ok(())
}

/// A result for a game the higher-ranked (`favourite_white`: White) player is likelier to win.
fn result(rng: &mut Rng, s: &Scoring, favourite_white: bool, trf: bool) -> GameResult {
    if rng.chance(4) {
        let winner = match rng.below(5) {
            0 => None,
            1 | 2 => Some(Side::WHITE),
            _ => Some(Side::BLACK),
        };
        return GameResult::forfeit(winner, s);
    }
    let roll = rng.below(100);
    let favourite_wins = roll < 45;
    let draw = (45..70).contains(&roll);
    let half_points = if !trf && *s == Scoring::SHARP && rng.chance(15) {
        // Chess#'s partial results: stalemate 8–2, impasse 7–3, equal impasse 4–6.
        [s.stalemate, s.impasse_unequal, s.impasse_equal][rng.below(3) as usize]
    } else if draw {
        [s.draw, s.draw]
    } else if favourite_wins == favourite_white {
        [s.win, s.loss]
    } else {
        [s.loss, s.win]
    };
    GameResult {
        half_points,
        played: true,
    }
}

/// How random tournaments are drawn.
#[derive(Clone, Copy)]
struct Style {
    /// Results TRF can write: win, draw, loss, forfeit (no Chess# partial wins).
    trf: bool,
    /// FIDE scoring, everyone present every round.
    plain: bool,
}

/// Plays a random tournament to its end (or to a round that cannot be paired), checking every
/// round.
fn play(rng: &mut Rng, style: Style) -> Result<Tournament, String> {
    let players = 5 + rng.below(36) as usize;
    let total_rounds = (3 + rng.below(7) as u16).min(players as u16 - 1);
    let mut scoring = [Scoring::FIDE, Scoring::PRIMARY, Scoring::SHARP][rng.below(3) as usize];
    if style.plain {
        scoring = Scoring::FIDE;
    }
    let mut t = Tournament {
        players,
        total_rounds,
        scoring,
        present: Vec::new(),
        rounds: Vec::new(),
    };
    let withdrawn: Option<(usize, usize)> = rng.chance(20).then(|| {
        (
            rng.below(players as u64) as usize,
            rng.below(u64::from(total_rounds)) as usize,
        )
    });
    for r in 0..usize::from(total_rounds) {
        let present: Vec<bool> = (0..players)
            .map(|p| {
                style.plain
                    || (!rng.chance(6) && withdrawn.is_none_or(|(w, from)| p != w || r < from))
            })
            .collect();
        t.present.push(present.clone());
        let entrants: Vec<Entrant> = present.iter().map(|&p| Entrant { present: p }).collect();
        let here: Vec<usize> = (0..players).filter(|&p| present[p]).collect();
        match pair_next(&entrants, &t.rounds, &scoring, total_rounds) {
            Ok(pairings) => {
                check_round(&t, r, &pairings)
                    .map_err(|e| format!("{players} players, round {}, {scoring:?}: {e}", r + 1))?;
                let games = pairings
                    .pairs
                    .iter()
                    .map(|&(w, b)| Game {
                        white: w,
                        black: b,
                        result: Some(result(rng, &scoring, w < b, style.trf)),
                    })
                    .collect();
                let byes = pairings.bye.map(|b| (b, scoring.win)).into_iter().collect();
                t.rounds.push(Round { games, byes });
            }
            Err(NoPairing::NoPlayers) if here.is_empty() => {
                t.present.pop();
                break;
            }
            Err(NoPairing::NoLegalPairing) if here.len() <= 20 => {
                if legal_pairing_exists(&t, r, &here) {
                    return Err(format!(
                        "{players} players, round {}: no pairing found but one exists",
                        r + 1
                    ));
                }
                t.present.pop();
                break;
            }
            Err(e) => {
                return Err(format!("{players} players, round {}: {e:?}", r + 1));
            }
        }
    }
    Ok(t)
}

#[test]
fn a_thousand_random_tournaments_keep_the_absolute_rules() {
    let mut rng = Rng(0x5eed_5a1e_c0ff_ee00);
    for i in 0..1000 {
        let style = Style {
            trf: false,
            plain: false,
        };
        if let Err(e) = play(&mut rng, style) {
            panic!("tournament {i}: {e}");
        }
    }
}

/// The TRF-16 text of a tournament (FIDE's exchange format, with bbpPairings' point-system
/// lines), for the reference engines.
fn trf(t: &Tournament, name: &str) -> String {
    let s = &t.scoring;
    let points = |half: u32| format!("{:>4.1}", f64::from(half) / 2.0);
    let mut out = format!("012 {name}\nXXR {}\nXXC white1\n", t.total_rounds);
    for (code, half) in [
        ("BBW", s.win),
        ("BBD", s.draw),
        ("BBL", s.loss),
        ("BBZ", 0),
        ("BBF", 0),
        ("BBU", s.win),
    ] {
        out += &format!("{code} {}\n", points(u32::from(half)));
    }
    for (p, state) in states(t, &t.rounds).iter().enumerate() {
        let mut line = format!(
            "001 {:>4}      {:<33} {:>4} {:>3} {:>11} {:>10} {} {:>4}",
            p + 1,
            format!("Player {}", p + 1),
            3000 - p,
            "",
            "",
            "",
            points(state.score),
            p + 1
        );
        for round in &t.rounds {
            let game = round.games.iter().find(|g| g.white == p || g.black == p);
            let cell = match game {
                Some(g) => {
                    let r = g.result.expect("a result");
                    let (opponent, colour, half) = if g.white == p {
                        (g.black, 'w', r.half_points[0])
                    } else {
                        (g.white, 'b', r.half_points[1])
                    };
                    let code = if !r.played {
                        if half >= s.win {
                            '+'
                        } else {
                            '-'
                        }
                    } else if half == s.win {
                        '1'
                    } else if half == s.loss {
                        '0'
                    } else {
                        '='
                    };
                    format!("{:>4} {colour} {code}", opponent + 1)
                }
                None if round.byes.iter().any(|&(b, _)| b == p) => "0000 - U".to_string(),
                None => "0000 - Z".to_string(),
            };
            line += "  ";
            line += &cell;
        }
        out += &line;
        out.push('\n');
    }
    out
}

/// Writes random tournaments (W/D/L results only, which TRF can express) as TRF files to the
/// folder `$SWISS_TRF_DIR`: `cargo test --release --test swiss_property -- --ignored`.
/// `$SWISS_TRF_COUNT` tournaments (300); `SWISS_TRF_PLAIN=1`: FIDE scoring and no absences,
/// for engines that read TRF's zero-point byes or other point systems differently.
#[test]
#[ignore]
fn write_reference_trf() {
    let Ok(dir) = std::env::var("SWISS_TRF_DIR") else {
        return;
    };
    std::fs::create_dir_all(&dir).expect("the folder");
    let count: usize = std::env::var("SWISS_TRF_COUNT")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(300);
    let style = Style {
        trf: true,
        plain: std::env::var("SWISS_TRF_PLAIN").is_ok(),
    };
    let mut rng = Rng(0x7e57_0f7a_1150_eed5);
    for i in 0..count {
        let t = play(&mut rng, style).expect("a valid tournament");
        let path = format!("{dir}/swiss-{i:04}.trf");
        std::fs::write(path, trf(&t, &format!("Swiss check {i}"))).expect("written");
    }
}
