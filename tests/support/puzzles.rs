//! Puzzles for the computer opponent (tests/puzzles/*.txt): positions where the player to
//! move can force a win, each with every first move that does. Shared by
//! tests/engine_puzzles.rs and benches/puzzles.rs (which also generates them).
//!
//! One puzzle a line: `<mode and option words> | <win in N moves> | <FEN> | <first moves>`
//! (moves in machine form, `#` starts a comment). A win is a full win by the mode's own
//! scoring: checkmate, a king capture, a stalemate where stalemate wins — not Chess#'s
//! partial victories, which the defender may also choose by claiming stalemate.
#![allow(dead_code)]

use classroom_chess::rules::game::Game;
use classroom_chess::rules::ruleset::{Mode, RuleSet};
use classroom_chess::rules::san::to_uci;
use classroom_chess::rules::Side;

#[derive(Clone, Debug)]
pub struct Puzzle {
    /// The mode, then any custom option words: `custom object=stalemate-wins`.
    pub rules_text: String,
    /// Win in this many moves of the player to move (2N-1 plies).
    pub moves: u32,
    pub fen: String,
    /// Every first move that forces the win within `moves` moves, sorted.
    pub solutions: Vec<String>,
}

impl Puzzle {
    pub fn game(&self) -> Game {
        let mut rules = rule_set(&self.rules_text).expect("puzzle rules");
        // A custom game's start position is one of its rules (RULES.md §5).
        if rules.mode == Mode::Custom {
            rules.start_fen = self.fen.clone();
        }
        Game::from_fen(rules, &self.fen).unwrap_or_else(|e| panic!("{}: {e}", self.fen))
    }

    pub fn line(&self) -> String {
        format!(
            "{} | {} | {} | {}",
            self.rules_text,
            self.moves,
            self.fen,
            self.solutions.join(" ")
        )
    }
}

/// The rule set of `orthodox`, `primary`, `sharp` or `custom key=value …`.
pub fn rule_set(text: &str) -> Result<RuleSet, String> {
    let mut words = text.split_whitespace();
    let mode = words.next().unwrap_or_default();
    let mode = Mode::parse(mode).ok_or(format!("unknown mode '{mode}'"))?;
    let mut rules = RuleSet::for_mode(mode);
    rules.apply_options(&words.collect::<Vec<_>>().join(" "))?;
    Ok(rules)
}

pub fn read(text: &str) -> Result<Vec<Puzzle>, String> {
    let mut puzzles = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [rules_text, moves, fen, solutions] = fields[..] else {
            return Err(format!("line {}: expected four fields", i + 1));
        };
        puzzles.push(Puzzle {
            rules_text: rules_text.to_string(),
            moves: moves
                .parse()
                .map_err(|_| format!("line {}: '{moves}'", i + 1))?,
            fen: fen.to_string(),
            solutions: solutions.split_whitespace().map(String::from).collect(),
        });
    }
    Ok(puzzles)
}

/// The puzzle file `tests/puzzles/<name>.txt`.
pub fn load(name: &str) -> Vec<Puzzle> {
    let path = format!("{}/tests/puzzles/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    read(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The game is over and `side` scored the mode's full win.
pub fn full_win(game: &Game, side: Side) -> bool {
    game.outcome().is_some_and(|o| {
        o.winner == Some(side) && o.half_points[side.index()] == game.rules().scoring.win
    })
}

/// Whether the player to move can force a full win within `plies` plies (odd) whatever the
/// opponent does, moves and claims alike. Full width: every move is looked at; the only
/// shortcuts are that one winning move suffices and one escape refutes.
pub fn forced_win(game: &mut Game, plies: u32) -> bool {
    let us = game.turn();
    for m in game.legal_moves() {
        if game.play(m).is_err() {
            continue;
        }
        let wins = if game.is_over() {
            full_win(game, us)
        } else {
            plies >= 3 && !escapes(game, us, plies - 1)
        };
        game.undo();
        if wins {
            return true;
        }
    }
    false
}

/// Whether the defender (to move) avoids a full win by `attacker` within `plies` plies.
fn escapes(game: &mut Game, attacker: Side, plies: u32) -> bool {
    // A Chess# stalemate claim or a draw claim ends the game without a full win.
    if game.stalemate_claim_refusal().is_none() || game.claimable_draw().is_some() {
        return true;
    }
    for m in game.legal_moves() {
        if game.play(m).is_err() {
            continue;
        }
        let escaped = if game.is_over() {
            !full_win(game, attacker)
        } else {
            !forced_win(game, plies - 1)
        };
        game.undo();
        if escaped {
            return true;
        }
    }
    false
}

/// Every first move (machine form, sorted) that forces a full win within `moves` moves.
pub fn winning_moves(game: &Game, moves: u32) -> Vec<String> {
    let mut game = game.clone();
    let us = game.turn();
    let pos = *game.position();
    let mut found = Vec::new();
    for m in game.legal_moves() {
        if game.play(m).is_err() {
            continue;
        }
        let wins = if game.is_over() {
            full_win(&game, us)
        } else {
            moves >= 2 && !escapes(&mut game, us, 2 * moves - 2)
        };
        game.undo();
        if wins {
            found.push(to_uci(&pos, m));
        }
    }
    found.sort();
    found
}

/// The fewest moves (up to `most`) in which the player to move forces a full win.
pub fn shortest_win(game: &Game, most: u32) -> Option<u32> {
    let mut game = game.clone();
    (1..=most).find(|&n| forced_win(&mut game, 2 * n - 1))
}
