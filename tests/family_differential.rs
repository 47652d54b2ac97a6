//! The family core against an independent mailbox implementation (`support::naive_cross`):
//! the same legal moves and the same turn flow (calls, standing checks, passes, mates, Away,
//! resignations) move by move over random games, and the same perft counts.

mod support;
use support::naive_cross::{frame, NMove, NaiveCross, AWAY, EMPTY, OUT, PLAYING};

use classroom_chess::rules::bitboard::Bits;
use classroom_chess::rules::family::notation::machine;
use classroom_chess::rules::family::perft::perft;
use classroom_chess::rules::family::{FamilyRules, FamilyState, Seat, SEATS};
use classroom_chess::rules::types::{MoveKind, Side, Square};

fn naive_of(state: &FamilyState) -> NaiveCross {
    let pos = state.position();
    let mut board = [None; 196];
    for (i, cell) in board.iter_mut().enumerate() {
        if pos.geo.valid.contains(Square(i as u8)) {
            *cell = pos
                .piece_at(Square(i as u8))
                .map(|p| (p.side.0, p.role as u8));
        }
    }
    let status = SEATS.map(|s| match state.seat(s) {
        Seat::Playing => PLAYING,
        Seat::Away => AWAY,
        Seat::Out => OUT,
        Seat::Empty => EMPTY,
    });
    let castle = std::array::from_fn(|s| {
        [3, 10].map(|x| {
            pos.castling_rights()
                .contains(Square(frame(s as u8, x, 0) as u8))
        })
    });
    NaiveCross {
        board,
        turn: pos.turn().0,
        status,
        castle,
        ep: SEATS.map(|s| pos.ep_square(s).map(|q| q.index())),
        checks: SEATS.map(|s| state.standing_checkers(s)),
        passes: state.passes(),
        over: state.outcome().is_some(),
        auto_check: state.rules().auto_check,
        joint_mates: state.rules().joint_mates,
        fixed_teams: state.rules().fixed_teams,
    }
}

fn ours_sorted(state: &FamilyState) -> Vec<String> {
    let mut v: Vec<String> = state
        .legal_moves()
        .iter()
        .map(|&m| machine(state.position(), m))
        .collect();
    v.sort();
    v
}

fn naive_sorted(n: &NaiveCross) -> Vec<String> {
    let mut v: Vec<String> = n.legal().iter().map(NMove::machine).collect();
    v.sort();
    v
}

fn naive_perft(n: &NaiveCross, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = n.legal();
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|&m| {
            let mut next = n.clone();
            next.play(m, false);
            naive_perft(&next, depth - 1)
        })
        .sum()
}

struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Plays random games, checking moves and state against the naive implementation each ply.
fn random_games(rules: FamilyRules, games: usize, seed: u64) -> usize {
    let mut rng = Rng(seed);
    let mut checked = 0;
    for game in 0..games {
        let mut state = FamilyState::start(rules);
        let mut naive = naive_of(&state);
        let mut events = Vec::new();
        for ply in 0..240 {
            let here = format!("game {game} ply {ply}");
            let ours = ours_sorted(&state);
            assert_eq!(ours, naive_sorted(&naive), "{here}: legal moves differ");
            assert_eq!(naive_of(&state), naive, "{here}: states differ");
            checked += 1;
            events.clear();
            if state.outcome().is_some() {
                break;
            }
            let roll = rng.below(1000);
            let seat = Side(rng.below(4) as u8);
            if roll < 10 && state.seat(seat) == Seat::Playing {
                state.set_away(seat, &mut events).unwrap();
                naive.go_away(seat.0);
            } else if (roll < 25 || state.is_paused()) && state.seat(seat) == Seat::Away {
                state.set_back(seat, &mut events).unwrap();
                naive.come_back(seat.0);
            } else if roll < 28 && matches!(state.seat(seat), Seat::Playing | Seat::Away) {
                state.resign(seat, &mut events).unwrap();
                naive.resign(seat.0);
            } else if !ours.is_empty() {
                // Random play, leaning towards the rare kinds: e.p., castling, captures.
                let moves = state.legal_moves();
                let pos = state.position();
                let special: Vec<_> = moves
                    .iter()
                    .copied()
                    .filter(|m| {
                        !matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep)
                            || pos.piece_at(m.to).is_some()
                    })
                    .collect();
                let m = if !special.is_empty() && rng.below(3) == 0 {
                    special[rng.below(special.len())]
                } else {
                    moves[rng.below(moves.len())]
                };
                let pick = machine(pos, m);
                let call = rng.below(2) == 0;
                let n = naive
                    .legal()
                    .into_iter()
                    .find(|m| m.machine() == pick)
                    .unwrap();
                state.play(m, call, &mut events).unwrap();
                naive.play(n, call);
            }
        }
    }
    checked
}

#[test]
fn family_differential_random_games_default_rules() {
    let checked = random_games(FamilyRules::default(), 60, 0x9e37_79b9_7f4a_7c15);
    assert!(checked > 5000, "{checked}");
}

#[test]
fn family_differential_random_games_auto_check_and_three_players() {
    let mut rules = FamilyRules::default();
    rules.apply("checks=auto").unwrap();
    random_games(rules, 60, 0x1234_5678_9abc_def1);
    random_games(FamilyRules::for_players(3), 15, 0x0bad_cafe_f00d_0001);
    rules.apply("joint-mates=on teams=fixed").unwrap();
    random_games(rules, 40, 0x5eed_5eed_5eed_5eed);
    random_games(FamilyRules::for_players(2), 15, 0x0bad_cafe_f00d_0002);
}

#[test]
fn family_differential_perft_from_the_start() {
    let state = FamilyState::start(FamilyRules::default());
    let naive = naive_of(&state);
    for depth in 1..=3 {
        assert_eq!(
            perft(&state, depth),
            naive_perft(&naive, depth),
            "depth {depth}"
        );
    }
    assert_eq!(perft(&state, 3), 23_968);
}
