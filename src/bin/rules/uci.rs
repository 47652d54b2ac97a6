//! `rules uci`: the computer opponent over the UCI protocol on stdin/stdout, so chess GUIs and
//! match runners can use it. Variants by `UCI_Variant` (orthodox — `chess` accepted —,
//! primary, sharp, custom), the level by `Level` (1–8, 8 the full search), a custom game's
//! rules by `Rules` (the `key=value` words of RULES.md §5). Positions: `position startpos |
//! fen <FEN> [moves …]` with the machine move form (drops `Q@e1`). The search runs in a
//! thread, so `stop` and `quit` are read while it thinks.

use classroom_chess::engine::eval::{DECIDED, WIN};
use classroom_chess::engine::{choose, search, Choice, Limits, LEVELS};
use classroom_chess::rules::game::Game;
use classroom_chess::rules::ruleset::{Mode, RuleSet};
use classroom_chess::rules::san::to_uci;
use classroom_chess::rules::Side;
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

const VARIANTS: [&str; 4] = ["orthodox", "primary", "sharp", "custom"];

fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    if writeln!(out, "{line}").and_then(|_| out.flush()).is_err() {
        std::process::exit(0);
    }
}

struct Session {
    mode: Mode,
    rule_words: String,
    level: u8,
    game: Game,
    thinking: Option<(Arc<AtomicBool>, JoinHandle<()>)>,
}

impl Session {
    fn rules(&self) -> Result<RuleSet, String> {
        let mut rules = RuleSet::for_mode(self.mode);
        rules.apply_options(&self.rule_words)?;
        Ok(rules)
    }

    fn finish_thinking(&mut self) {
        if let Some((stop, worker)) = self.thinking.take() {
            stop.store(true, Ordering::Relaxed);
            let _ = worker.join();
        }
    }

    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        // setoption name <name…> value <value…>
        let at = words
            .iter()
            .position(|w| *w == "value")
            .unwrap_or(words.len());
        let name = words.get(2..at).unwrap_or_default().join(" ");
        let value = words.get(at + 1..).unwrap_or_default().join(" ");
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => {
                let key = if value == "chess" {
                    "orthodox"
                } else {
                    value.as_str()
                };
                self.mode = Mode::parse(key)
                    .filter(|m| *m != Mode::Family)
                    .ok_or_else(|| format!("unknown variant '{value}'"))?;
            }
            "level" => {
                self.level = value
                    .parse::<u8>()
                    .map_err(|_| format!("level '{value}' is not a number"))?
                    .clamp(1, LEVELS)
            }
            "rules" => self.rule_words = value,
            _ => return Err(format!("unknown option '{name}'")),
        }
        self.rules().map(|_| ())
    }

    fn set_position(&mut self, words: &[&str]) -> Result<(), String> {
        let rules = self.rules()?;
        let moves_at = words
            .iter()
            .position(|w| *w == "moves")
            .unwrap_or(words.len());
        let mut game = match words.get(1) {
            Some(&"startpos") => Game::new(rules)?,
            Some(&"fen") => {
                let fen = words[2..moves_at].join(" ");
                let mut rules = rules;
                if rules.mode == Mode::Custom {
                    rules.start_fen = fen.clone();
                }
                Game::from_fen(rules, &fen)?
            }
            _ => return Err("position needs startpos or fen".into()),
        };
        for m in words.get(moves_at + 1..).unwrap_or_default() {
            game.play_text(m).map_err(|e| format!("move '{m}': {e}"))?;
        }
        self.game = game;
        Ok(())
    }

    fn go(&mut self, words: &[&str]) {
        self.finish_thinking();
        let number = |key: &str| -> Option<u64> {
            let i = words.iter().position(|w| *w == key)?;
            words.get(i + 1)?.parse().ok()
        };
        let white = self.game.turn() == Side::WHITE;
        let movetime = number("movetime").or_else(|| {
            let left = number(if white { "wtime" } else { "btime" })?;
            let increment = number(if white { "winc" } else { "binc" }).unwrap_or(0);
            Some(
                (left / 30 + increment * 4 / 5)
                    .min(left.saturating_sub(50))
                    .max(10),
            )
        });
        let depth = number("depth").map(|d| d.clamp(1, 64) as u8);
        let nodes = number("nodes");
        let stop = Arc::new(AtomicBool::new(false));
        let (game, level, flag) = (self.game.clone(), self.level, stop.clone());
        let worker = std::thread::spawn(move || {
            let started = Instant::now();
            let deadline = movetime.map(|ms| started + Duration::from_millis(ms));
            let asked_to_stop =
                || flag.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d);
            let limits = Limits {
                depth: depth.unwrap_or(64),
                nodes: nodes.unwrap_or(u64::MAX),
                stop: Some(&asked_to_stop),
                ..Limits::default()
            };
            let pos = *game.position();
            let choice = if level >= LEVELS {
                let result = search(&game, &limits);
                let seconds = started.elapsed().as_secs_f64().max(1e-6);
                say(&format!(
                    "info depth {} score {} nodes {} nps {:.0} pv {}",
                    result.depth,
                    uci_score(result.score),
                    result.nodes,
                    result.nodes as f64 / seconds,
                    super::line_text(&pos, &result.pv)
                ));
                result.choice
            } else {
                choose(&game, level, 0, &limits).choice
            };
            say(&match choice {
                Some(Choice::Move(m)) => format!("bestmove {}", to_uci(&pos, m)),
                // UCI has no word for a claim; a GUI of ours reads this one.
                Some(Choice::ClaimStalemate) => "bestmove claim-stalemate".to_string(),
                None => "bestmove 0000".to_string(),
            });
        });
        self.thinking = Some((stop, worker));
    }
}

/// `cp N`, or `mate N` in moves (negative when being mated) for a won or lost game.
fn uci_score(score: i32) -> String {
    if score.abs() > DECIDED {
        let plies = WIN - score.abs();
        let moves = (plies + 1) / 2;
        format!("mate {}", if score > 0 { moves } else { -moves })
    } else {
        format!("cp {score}")
    }
}

pub fn run() -> Result<(), (u8, String)> {
    let mut session = Session {
        mode: Mode::Orthodox,
        rule_words: String::new(),
        level: LEVELS,
        game: Game::new(RuleSet::orthodox()).map_err(|e| (2, e))?,
        thinking: None,
    };
    for line in std::io::stdin().lock().lines() {
        let Ok(line) = line else { break };
        let words: Vec<&str> = line.split_whitespace().collect();
        let complaint = match words.first().copied() {
            Some("uci") => {
                say("id name Classroom Chess");
                say("id author Classroom Chess");
                say(&format!(
                    "option name UCI_Variant type combo default orthodox {}",
                    VARIANTS.map(|v| format!("var {v}")).join(" ")
                ));
                say(&format!(
                    "option name Level type spin default {LEVELS} min 1 max {LEVELS}"
                ));
                say("option name Rules type string default <empty>");
                say("uciok");
                None
            }
            Some("isready") => {
                say("readyok");
                None
            }
            Some("ucinewgame") => {
                session.finish_thinking();
                session
                    .rules()
                    .and_then(Game::new)
                    .map(|g| session.game = g)
                    .err()
            }
            Some("setoption") => session.set_option(&words).err(),
            Some("position") => {
                session.finish_thinking();
                session.set_position(&words).err()
            }
            Some("go") => {
                session.go(&words);
                None
            }
            Some("stop") => {
                session.finish_thinking();
                None
            }
            Some("quit") => break,
            Some(other) => Some(format!("unknown command '{other}'")),
            None => None,
        };
        if let Some(complaint) = complaint {
            say(&format!("info string {complaint}"));
        }
    }
    session.finish_thinking();
    Ok(())
}
