//! How long the app takes to open a long saved game (`make bench`): the game is replayed move
//! by move, and each move checks the draw rules, so a check that compares every earlier
//! position makes loading quadratic. Measured here on games with no capture or pawn move for
//! thousands of plies, where the repetition rule (or the stalemate-wins ban) must look at the
//! whole game every time, and on a long four-player game.

use classroom_chess::rules::family::{FamilyGame, FamilyRules};
use classroom_chess::rules::game::{Game, GameRecord};
use classroom_chess::rules::ruleset::{Mode, RuleSet};
use classroom_chess::rules::san::to_uci;
use classroom_chess::rules::Position8;
use std::collections::HashMap;
use std::time::Instant;

/// A small deterministic generator (xorshift64*), so the games are the same every run.
struct Rng(u64);
impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n as u64) as usize
    }
}

/// A game of `plies` quiet moves (no capture, no pawn move) in which no position stands
/// three times (with `no_repeats`, no placement twice) and nobody is mated: pieces wander
/// round a board with no pawns.
fn quiet_game(rules: RuleSet, plies: usize, no_repeats: bool) -> GameRecord {
    const FEN: &str = "r1bqkb1r/8/2n2n2/8/8/2N2N2/8/R1BQKB1R w KQkq - 0 1";
    let mut rules = rules;
    rules.start_fen = FEN.into();
    let game = Game::new(rules.clone()).expect("the bench's start position");
    let mut pos: Position8 = *game.position();
    let mut seen: HashMap<u64, u32> = HashMap::new();
    let key = |p: &Position8| {
        if no_repeats {
            p.placement_key()
        } else {
            p.repetition_hash()
        }
    };
    let most = if no_repeats { 1 } else { 2 };
    seen.insert(key(&pos), 1);
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut moves = Vec::new();
    while moves.len() < plies {
        let candidates: Vec<_> = pos
            .legal_moves()
            .into_iter()
            .filter(|&m| pos.piece_at(m.to).is_none())
            .filter(|&m| {
                let after = pos.after(m);
                // No checks: a check whose only answers are captures would end the walk.
                !after.in_check(after.turn())
                    && !after.legal_moves().is_empty()
                    && seen.get(&key(&after)).copied().unwrap_or(0) < most
            })
            .collect();
        if candidates.is_empty() {
            break;
        }
        let m = candidates[rng.below(candidates.len())];
        moves.push(to_uci(&pos, m));
        pos = pos.after(m);
        *seen.entry(key(&pos)).or_default() += 1;
    }
    GameRecord {
        moves,
        ..game.to_record()
    }
}

/// Best of three: the time to rebuild a game from its record.
fn time_load(record: &GameRecord) -> (f64, usize) {
    let mut best = f64::INFINITY;
    let mut plies = 0;
    for _ in 0..3 {
        let t = Instant::now();
        let g = Game::from_record(record).expect("the bench's game replays");
        best = best.min(t.elapsed().as_secs_f64());
        plies = g.moves().len();
    }
    (best, plies)
}

fn main() {
    let custom = |words: &str| {
        let mut r = RuleSet::custom_from(Mode::Orthodox);
        r.apply_options(words).expect("the bench's options");
        r
    };
    println!("loading a long saved game, best of 3");
    println!("{:<44} {:>7} {:>10}", "game", "plies", "seconds");
    let cases = [
        (
            "repetition rule on, 8,000 plies",
            "fifty-moves=off",
            8_000,
            false,
        ),
        (
            "repetition rule on, 16,000 plies",
            "fifty-moves=off",
            16_000,
            false,
        ),
        (
            "stalemate wins (no repeats), 16,000 plies",
            "fifty-moves=off object=stalemate-wins",
            16_000,
            true,
        ),
    ];
    for (name, words, plies, no_repeats) in cases {
        let record = quiet_game(custom(words), plies, no_repeats);
        let (seconds, played) = time_load(&record);
        println!("{name:<44} {played:>7} {seconds:>10.3}");
    }
    // Four players: every action is replayed and checked for repetition.
    let mut family = FamilyGame::new(FamilyRules::default());
    let mut rng = Rng(0x5eed);
    while family.to_record().actions.len() < 4_000 && !family.is_over() {
        let moves = family.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        family.play(m, false).expect("a legal move");
    }
    let record = family.to_record();
    let t = Instant::now();
    let back = FamilyGame::from_record(&record).expect("the family game replays");
    println!(
        "{:<44} {:>7} {:>10.3}",
        "Fun Family Chess, random game",
        record.actions.len(),
        t.elapsed().as_secs_f64()
    );
    assert_eq!(back.text(), family.text());
}
