//! `make engine-match`: our computer opponent against a UCI engine (Stockfish for orthodox
//! chess, Fairy-Stockfish for Primary Chess and Chess#). A benchmark, not a test: it prints
//! W/D/L, the score and an Elo estimate, and asserts nothing.
//!
//! Our engine plays in-process; the other engine is a subprocess spoken to in UCI. Every game
//! is kept by our own rules core: a reply is played only if our `Game` accepts it, and the
//! ending and the points are our `Game`'s, so rules the other engine does not know (Primary's
//! five checks, Chess#'s scoring, impasse and stalemate claims) still decide the game.
//!
//! cargo bench --bench engine_match -- --mode orthodox --opponent stockfish --elo 2000 \
//!     --games 40 --movetime 100
//! cargo bench --bench engine_match -- --mode primary --opponent fairy-stockfish \
//!     --variant-file benches/variants.ini --variant primary --skill 5
//!
//! Options: --mode M, --option key=value (custom rules), --opponent NAME|PATH, --elo N
//! (UCI_LimitStrength), --skill N (Skill Level), --variant-file FILE, --variant NAME,
//! --games N, --movetime MS (both sides), --nodes N (both sides, instead of a time), --level L
//! (ours, 1–8), --seed S (Chess# openings), --random-plies N (seeded random moves after each
//! opening, the same for both games of a pair: more than 40 different games), --max-plies N
//! (then stopped as at the end of a lesson, or a draw), --fresh (ours searches every move
//! from an empty table, as `rules uci` does: a fair A/B against an older build of our own
//! engine, `--opponent path/to/script` running `rules uci`), --verbose (moves).

use classroom_chess::engine::{choose, search_keeping, Choice, KeptTable, Limits, LEVELS};
use classroom_chess::rules::game::{Action, Game, Outcome};
use classroom_chess::rules::ruleset::{Mode, RuleSet};
use classroom_chess::rules::san::to_uci;
use classroom_chess::rules::Side;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Short, balanced openings (machine form), legal in orthodox and Primary chess. Each is
/// played twice, once with each colour, so neither side profits from a lopsided one.
const OPENINGS: [&str; 20] = [
    "e2e4 e7e5",
    "d2d4 d7d5",
    "e2e4 c7c5",
    "e2e4 e7e6",
    "e2e4 c7c6",
    "d2d4 g8f6 c2c4 e7e6",
    "d2d4 g8f6 c2c4 g7g6",
    "c2c4 e7e5",
    "g1f3 d7d5",
    "e2e4 d7d6",
    "d2d4 d7d5 c2c4 c7c6",
    "e2e4 e7e5 g1f3 b8c6",
    "d2d4 f7f5",
    "c2c4 c7c5",
    "e2e4 g7g6",
    "g1f3 g8f6 c2c4 g7g6",
    "b2b3 e7e5",
    "e2e4 e7e5 f1c4 g8f6",
    "d2d4 g8f6 g1f3 d7d5",
    "e2e4 d7d5",
];

struct Config {
    mode: Mode,
    options: Vec<String>,
    opponent: String,
    elo: Option<u32>,
    skill: Option<i32>,
    variant_file: Option<PathBuf>,
    variant: Option<String>,
    games: u32,
    movetime: u64,
    /// Both sides search this many nodes a move instead of `movetime` (an A/B test of two
    /// versions of our engine, say, free of the machine's load).
    nodes: Option<u64>,
    level: u8,
    seed: u64,
    random_plies: usize,
    max_plies: usize,
    /// Ours forgets its table after every move (as the opponent `rules uci` does).
    fresh: bool,
    verbose: bool,
}

fn parse_args() -> Result<Config, String> {
    let mut c = Config {
        mode: Mode::Orthodox,
        options: Vec::new(),
        opponent: "stockfish".into(),
        elo: None,
        skill: None,
        variant_file: None,
        variant: None,
        games: 20,
        movetime: 100,
        nodes: None,
        level: LEVELS,
        seed: 1,
        random_plies: 0,
        max_plies: 600,
        fresh: false,
        verbose: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        // cargo bench passes --bench to every bench binary.
        if flag == "--bench" {
            continue;
        }
        if flag == "--verbose" {
            c.verbose = true;
            continue;
        }
        if flag == "--fresh" {
            c.fresh = true;
            continue;
        }
        let value = args.next().ok_or(format!("{flag} needs a value"))?;
        let number = |v: &str| v.parse::<i64>().map_err(|_| format!("{flag}: '{v}'"));
        match flag.as_str() {
            "--mode" => {
                c.mode = Mode::parse(&value)
                    .filter(|m| *m != Mode::Family)
                    .ok_or(format!("unknown mode '{value}'"))?
            }
            "--option" => c.options.push(value),
            "--opponent" => c.opponent = value,
            "--elo" => c.elo = Some(number(&value)? as u32),
            "--skill" => c.skill = Some(number(&value)? as i32),
            "--variant-file" => c.variant_file = Some(PathBuf::from(value)),
            "--variant" => c.variant = Some(value),
            "--games" => c.games = number(&value)?.max(1) as u32,
            "--movetime" => c.movetime = number(&value)?.max(1) as u64,
            "--nodes" => c.nodes = Some(number(&value)?.max(1) as u64),
            "--level" => c.level = number(&value)?.clamp(1, LEVELS as i64) as u8,
            "--seed" => c.seed = number(&value)? as u64,
            "--random-plies" => c.random_plies = number(&value)?.max(0) as usize,
            "--max-plies" => c.max_plies = number(&value)?.max(2) as usize,
            other => return Err(format!("unknown option '{other}'")),
        }
    }
    Ok(c)
}

/// The engine's program: a path as given, else looked up on PATH and in /usr/games (where
/// Debian installs stockfish and fairy-stockfish, not on root's PATH).
fn find_program(name: &str) -> Result<PathBuf, String> {
    if name.contains('/') {
        return Ok(PathBuf::from(name));
    }
    let path = std::env::var("PATH").unwrap_or_default();
    let found = path
        .split(':')
        .chain(["/usr/games"])
        .map(|dir| Path::new(dir).join(name))
        .find(|p| p.is_file());
    found.ok_or(format!(
        "{name} not found on PATH or in /usr/games (apt-get install {name})"
    ))
}

/// A UCI engine in a subprocess. Its output is read by a thread, so a silent engine is
/// noticed by a timeout instead of hanging the match.
struct Uci {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    name: String,
}

impl Uci {
    fn start(program: &Path) -> Result<Uci, String> {
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("{}: {e}", program.display()))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = child.stdout.take().ok_or("no stdout")?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut engine = Uci {
            child,
            input,
            lines,
            name: program.display().to_string(),
        };
        engine.send("uci");
        for line in engine.wait_for("uciok", Duration::from_secs(10))? {
            if let Some(name) = line.strip_prefix("id name ") {
                engine.name = name.to_string();
            }
        }
        Ok(engine)
    }

    fn send(&mut self, line: &str) {
        // A dead engine shows up as a timeout at the next wait.
        let _ = writeln!(self.input, "{line}").and_then(|_| self.input.flush());
    }

    /// The lines read up to and including the first that starts with `prefix`.
    fn wait_for(&mut self, prefix: &str, timeout: Duration) -> Result<Vec<String>, String> {
        let until = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let done = line.starts_with(prefix);
                    seen.push(line);
                    if done {
                        return Ok(seen);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    return Err(format!("{}: no '{prefix}' in {timeout:?}", self.name))
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(format!("{}: the engine exited", self.name))
                }
            }
        }
    }

    fn ready(&mut self) -> Result<(), String> {
        self.send("isready");
        self.wait_for("readyok", Duration::from_secs(30))
            .map(|_| ())
    }

    fn set_option(&mut self, name: &str, value: &str) {
        self.send(&format!("setoption name {name} value {value}"));
    }

    /// The engine's move in `game` (`None`: it had none, "(none)" or "0000"). `only` limits
    /// its choice to these moves (UCI `searchmoves`).
    fn best_move(
        &mut self,
        game: &Game,
        movetime: u64,
        nodes: Option<u64>,
        only: Option<&[String]>,
    ) -> Result<Option<String>, String> {
        let moves: Vec<&str> = game.moves().iter().map(|m| m.uci.as_str()).collect();
        let mut position = format!("position fen {}", game.start_fen());
        if !moves.is_empty() {
            position = format!("{position} moves {}", moves.join(" "));
        }
        self.send(&position);
        let mut go = match nodes {
            Some(n) => format!("go nodes {n}"),
            None => format!("go movetime {movetime}"),
        };
        if let Some(only) = only {
            go = format!("{go} searchmoves {}", only.join(" "));
        }
        self.send(&go);
        // Generous: a loaded machine may stall a process for a while.
        let lines = self.wait_for("bestmove", Duration::from_millis(movetime + 10_000))?;
        let last = lines.last().map(String::as_str).unwrap_or_default();
        let word = last.split_whitespace().nth(1).unwrap_or("(none)");
        Ok((!matches!(word, "(none)" | "0000")).then(|| word.to_string()))
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        self.send("quit");
        let started = Instant::now();
        while started.elapsed() < Duration::from_secs(2) {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Things the match runner had to do for the other engine, reported after the match.
#[derive(Default)]
struct Interventions {
    /// Replies our rules refused, asked again with `searchmoves` limited to our legal moves.
    asked_again: u32,
    /// Illegal replies even then, or no reply: the game is lost on the spot.
    forfeits: u32,
    /// Chess# stalemate claims made for it (it cannot claim; the claim is always better for
    /// it than walking into a capture, and forced when it has no move).
    claims: u32,
    /// Games stopped at --max-plies.
    stopped: u32,
}

struct GameResult {
    outcome: Option<Outcome>,
    /// Our points as a share of the largest difference (win 1, loss 0, Chess# 6–4 is 0.6).
    score: f64,
    /// Our points minus theirs, in half points.
    margin: i32,
    plies: usize,
}

fn legal_texts(game: &Game) -> Vec<String> {
    let pos = game.position();
    game.legal_moves().iter().map(|&m| to_uci(pos, m)).collect()
}

/// Plays the other engine's word, if our rules allow it.
fn play_word(game: &mut Game, word: &str) -> bool {
    let pos = *game.position();
    let found = game
        .legal_moves()
        .into_iter()
        .find(|&m| to_uci(&pos, m) == word);
    found.is_some_and(|m| game.play(m).is_ok())
}

#[allow(clippy::too_many_arguments)]
fn play_game(
    config: &Config,
    rules: &RuleSet,
    engine: &mut Uci,
    ours: Side,
    opening: &[String],
    seed: u64,
    restrict_root: bool,
    notes: &mut Interventions,
) -> Result<GameResult, String> {
    let mut game = Game::new(rules.clone())?;
    for word in opening {
        if !play_word(&mut game, word) {
            return Err(format!("opening move {word} refused in {}", game.fen()));
        }
    }
    engine.send("ucinewgame");
    engine.ready()?;
    // Our table is kept from move to move within a game, as the app's worker keeps it.
    let mut kept = KeptTable::default();
    while !game.is_over() {
        if game.moves().len() >= config.max_plies {
            notes.stopped += 1;
            // Stopped as at the end of a lesson where the mode has that; otherwise a draw.
            if game.act(Action::Stop).is_err() {
                break;
            }
            continue;
        }
        if game.turn() == ours {
            let deadline = Instant::now() + Duration::from_millis(config.movetime);
            let past = || Instant::now() >= deadline;
            let limits = Limits {
                stop: config.nodes.is_none().then_some(&past as &dyn Fn() -> bool),
                nodes: config.nodes.unwrap_or(u64::MAX),
                table_megabytes: 16,
                ..Limits::default()
            };
            if config.fresh {
                kept = KeptTable::default();
            }
            let choice = if config.level >= LEVELS {
                search_keeping(&game, &limits, &mut kept).choice
            } else {
                choose(&game, config.level, seed, &limits).choice
            };
            match choice {
                Some(Choice::Move(m)) => {
                    game.play(m).map_err(|e| e.to_string())?;
                }
                Some(Choice::ClaimStalemate) => game
                    .act(Action::ClaimStalemate)
                    .map_err(|e| e.to_string())?,
                None => break,
            }
        } else {
            if game.stalemate_claim_refusal().is_none() {
                notes.claims += 1;
                game.act(Action::ClaimStalemate)
                    .map_err(|e| e.to_string())?;
                continue;
            }
            let legal = legal_texts(&game);
            let first = engine.best_move(
                &game,
                config.movetime,
                config.nodes,
                restrict_root.then_some(&legal[..]),
            );
            let mut played = matches!(&first, Ok(Some(w)) if play_word(&mut game, w));
            if !played && first.is_ok() && !restrict_root {
                notes.asked_again += 1;
                let again = engine.best_move(&game, config.movetime, config.nodes, Some(&legal));
                played = matches!(&again, Ok(Some(w)) if play_word(&mut game, w));
            }
            if !played {
                if config.verbose {
                    eprintln!("forfeit: {first:?} in {}", game.fen());
                }
                notes.forfeits += 1;
                // Lost on the spot, as when a flag falls.
                game.act(Action::Flag(game.turn()))
                    .map_err(|e| e.to_string())?;
            }
        }
        if game.claimable_draw().is_some() {
            // A threefold repetition or fifty moves: claimed at once, as arbiters do.
            game.act(Action::ClaimDraw).map_err(|e| e.to_string())?;
        }
    }
    if config.verbose {
        let moves: Vec<&str> = game.moves().iter().map(|m| m.san.as_str()).collect();
        eprintln!("{}", moves.join(" "));
    }
    let outcome = game.outcome();
    let s = rules.scoring;
    let (us, them) = match outcome {
        Some(o) => (
            o.half_points[ours.index()] as i32,
            o.half_points[1 - ours.index()] as i32,
        ),
        None => (s.draw as i32, s.draw as i32),
    };
    let span = (s.win as f64 - s.loss as f64).max(1.0);
    Ok(GameResult {
        outcome,
        score: (us as f64 - s.loss as f64) / span,
        margin: us - them,
        plies: game.moves().len(),
    })
}

/// The Elo difference for a mean score (logistic model).
fn elo(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Beyond this many Elo a bound is shown as infinite (a score share of 0 or 1).
const ELO_LIMIT: f64 = 2000.0;

/// The Elo difference and its 95% interval, from the mean score and the per-game scores'
/// variance (normal approximation of the mean, mapped through the logistic curve).
fn elo_estimate(scores: &[f64]) -> (f64, f64, f64) {
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    let variance = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
    let error = 1.96 * (variance / n).sqrt();
    let clamp = |s: f64| s.clamp(1e-6, 1.0 - 1e-6);
    let (low, high) = (elo(clamp(mean - error)), elo(clamp(mean + error)));
    let limit = |e: f64| e.clamp(-ELO_LIMIT, ELO_LIMIT);
    (elo(clamp(mean)), limit(low), limit(high))
}

/// The opening of game `n`: the same for each pair of games, colours swapped.
fn opening(config: &Config, rules: &RuleSet, pair: u64) -> Result<Vec<String>, String> {
    let mut game = Game::new(rules.clone())?;
    let mut line = Vec::new();
    let mut random = config.random_plies;
    if config.mode != Mode::Sharp {
        let book = OPENINGS[pair as usize % OPENINGS.len()];
        for word in book.split_whitespace() {
            play_word(&mut game, word);
            line.push(word.to_string());
        }
    } else {
        // Chess# has no opening theory: two seeded random placements.
        random += 2;
    }
    let mut state = (config.seed ^ pair.wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1;
    for _ in 0..random {
        if game.is_over() {
            break;
        }
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let legal = legal_texts(&game);
        let word = legal[(state % legal.len() as u64) as usize].clone();
        play_word(&mut game, &word);
        line.push(word);
    }
    Ok(line)
}

fn run() -> Result<(), String> {
    let config = parse_args()?;
    let mut rules = RuleSet::for_mode(config.mode);
    rules.apply_options(&config.options.join(" "))?;
    let program = find_program(&config.opponent)?;
    let mut engine = Uci::start(&program)?;
    engine.set_option("Threads", "1");
    engine.set_option("Hash", "16");
    if let Some(file) = &config.variant_file {
        let file = file
            .canonicalize()
            .map_err(|e| format!("{}: {e}", file.display()))?;
        engine.set_option("VariantPath", &file.display().to_string());
    }
    if let Some(variant) = &config.variant {
        engine.set_option("UCI_Variant", variant);
    }
    if let Some(elo) = config.elo {
        engine.set_option("UCI_LimitStrength", "true");
        engine.set_option("UCI_Elo", &elo.to_string());
    }
    if let Some(skill) = config.skill {
        engine.set_option("Skill Level", &skill.to_string());
    }
    engine.ready()?;
    // The other engine's rules differ from ours in a variant: its root moves are limited to
    // the moves our rules allow from the start (it may still plan with its own rules).
    let restrict_root = config.variant.is_some();
    let mut strength = Vec::new();
    if let Some(v) = &config.variant {
        strength.push(format!("variant {v}"));
    }
    if let Some(e) = config.elo {
        strength.push(format!("UCI_Elo {e}"));
    }
    if let Some(s) = config.skill {
        strength.push(format!("Skill Level {s}"));
    }
    println!(
        "{} games, {:?}, Classroom Chess level {} v {} ({}), {} a move each",
        config.games,
        config.mode,
        config.level,
        engine.name,
        strength.join(", "),
        config
            .nodes
            .map_or(format!("{} ms", config.movetime), |n| format!("{n} nodes"))
    );
    let started = Instant::now();
    let mut notes = Interventions::default();
    let mut scores = Vec::new();
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    let mut endings: std::collections::BTreeMap<String, u32> = Default::default();
    for n in 0..config.games as u64 {
        let ours = if n % 2 == 0 { Side::WHITE } else { Side::BLACK };
        let line = opening(&config, &rules, n / 2)?;
        let seed = config.seed.wrapping_add(n);
        let r = play_game(
            &config,
            &rules,
            &mut engine,
            ours,
            &line,
            seed,
            restrict_root,
            &mut notes,
        )?;
        match r.margin.cmp(&0) {
            std::cmp::Ordering::Greater => wins += 1,
            std::cmp::Ordering::Equal => draws += 1,
            std::cmp::Ordering::Less => losses += 1,
        }
        let ending = match r.outcome {
            Some(o) => format!(
                "{} {} ({}–{})",
                o.result(),
                o.status_key(),
                o.points_text(Side::WHITE),
                o.points_text(Side::BLACK)
            ),
            None => "unfinished (a draw)".into(),
        };
        println!(
            "game {:3}  ours {}  {:<22} {:<40} {:3} plies  score {:.2}",
            n + 1,
            ours.name(),
            line.join(" "),
            ending,
            r.plies,
            r.score
        );
        let reason = r.outcome.map_or("unfinished", |o| o.status_key());
        *endings.entry(reason.to_string()).or_default() += 1;
        scores.push(r.score);
    }
    let n = scores.len() as f64;
    let mean = scores.iter().sum::<f64>() / n;
    println!("endings: {endings:?}");
    let score = format!("W/D/L {wins}/{draws}/{losses}  score {:.1}%", 100.0 * mean);
    if mean <= 0.0 || mean >= 1.0 {
        // Every game lost (or won): the logistic estimate is unbounded; the exact binomial
        // 95% bound on the score still bounds the difference on one side.
        let least = 0.025f64.powf(1.0 / n);
        let (bound, side) = if mean >= 1.0 {
            (format!("≥ {:+.0}", elo(least)), "won")
        } else {
            (format!("≤ {:+.0}", elo(1.0 - least)), "lost")
        };
        println!("{score}  Elo difference {bound} (95%; every game {side})");
    } else {
        let (diff, low, high) = elo_estimate(&scores);
        let bound = |e: f64| match e {
            e if e <= -ELO_LIMIT => "-inf".to_string(),
            e if e >= ELO_LIMIT => "+inf".to_string(),
            e => format!("{e:+.0}"),
        };
        // A half-width only when the interval is finite on both sides.
        let error = if low.abs() < ELO_LIMIT && high.abs() < ELO_LIMIT {
            format!(" ± {:.0}", (high - low) / 2.0)
        } else {
            String::new()
        };
        println!(
            "{score}  Elo difference {diff:+.0}{error} (95% interval {} … {})",
            bound(low),
            bound(high)
        );
        if let Some(e) = config.elo {
            println!(
                "against UCI_Elo {e}: about {:.0} (at {} ms a move, not the time control UCI_Elo was calibrated at)",
                e as f64 + diff,
                config.movetime
            );
        }
    }
    println!(
        "runner: {} replies asked again with searchmoves, {} forfeits, {} stalemate claims made for it, {} games stopped at {} plies; {:.0} s",
        notes.asked_again,
        notes.forfeits,
        notes.claims,
        notes.stopped,
        config.max_plies,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn main() {
    if let Err(e) = run() {
        eprintln!("engine_match: {e}");
        std::process::exit(2);
    }
}
