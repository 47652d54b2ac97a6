//! Differential test against shakmaty (RULES.md §1): on many random orthodox games the core's
//! legal moves, FEN after each move, and check/mate/stalemate status agree with shakmaty's.

mod support;

use classroom_chess::rules::game::Game;
use classroom_chess::rules::ruleset::RuleSet;
use classroom_chess::rules::san::{to_san, to_uci};
use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{CastlingMode, Chess, EnPassantMode, Position};

/// A small deterministic generator, so failures reproduce.
struct XorShift(u64);
impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

fn sorted_uci_shakmaty(pos: &Chess) -> Vec<String> {
    let mut v: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|m| m.to_uci(CastlingMode::Standard).to_string())
        .collect();
    v.sort();
    v
}

fn play_random_games(start_fens: &[&str], games: usize, max_plies: usize, seed: u64) -> usize {
    let mut rng = XorShift(seed);
    let mut checked = 0;
    for g in 0..games {
        let fen = start_fens[g % start_fens.len()];
        let mut ours = Game::from_fen(RuleSet::orthodox(), fen).expect("our FEN");
        let mut theirs: Chess = Fen::from_ascii(fen.as_bytes())
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap();
        for ply in 0..max_plies {
            let pos = *ours.position();
            let mut our_moves: Vec<String> =
                pos.legal_moves().iter().map(|&m| to_uci(&pos, m)).collect();
            our_moves.sort();
            let their_moves = sorted_uci_shakmaty(&theirs);
            assert_eq!(
                our_moves,
                their_moves,
                "game {g} ply {ply}: moves differ at {}",
                ours.fen()
            );
            assert_eq!(
                pos.in_check(pos.turn()),
                theirs.is_check(),
                "check at {}",
                ours.fen()
            );
            checked += 1;
            if our_moves.is_empty() {
                assert!(theirs.is_checkmate() || theirs.is_stalemate());
                break;
            }
            let pick = &our_moves[(rng.next() % our_moves.len() as u64) as usize];
            let m = pos
                .legal_moves()
                .into_iter()
                .find(|&m| to_uci(&pos, m) == *pick)
                .unwrap();
            let their_move = theirs
                .legal_moves()
                .into_iter()
                .find(|m| m.to_uci(CastlingMode::Standard).to_string() == *pick)
                .unwrap();
            let their_san = SanPlus::from_move(theirs.clone(), &their_move).to_string();
            assert_eq!(to_san(&pos, m), their_san, "SAN at {}", ours.fen());
            theirs.play_unchecked(&their_move);
            ours.play(m).unwrap();
            let their_fen = Fen::from_position(theirs.clone(), EnPassantMode::Always).to_string();
            assert_eq!(ours.fen(), their_fen, "game {g} ply {ply} FEN");
            if ours.is_over() {
                break;
            }
        }
    }
    checked
}

#[test]
fn rules_1_moves_fen_and_san_agree_with_shakmaty_on_random_games() {
    let starts = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    ];
    let positions = play_random_games(&starts, 1500, 250, 0x9e37_79b9_7f4a_7c15);
    assert!(positions > 100_000, "only {positions} positions compared");
}
