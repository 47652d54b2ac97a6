//! `rules`: the rules core on the command line, for tests and benchmarks.
//!
//! rules perft --mode <mode> [--fen <FEN>] [--option k=v]... [--divide] <depth>
//! rules moves --mode <mode> [--fen <FEN>] [--option k=v]...
//! rules play  --mode <mode> [--fen <FEN>] [--option k=v]... <move or action>...
//! rules search --mode <mode> [--fen <FEN>] [--option k=v]... [--depth N] [--nodes N]
//!              [--movetime MS] [<move>...]
//! rules uci   (the UCI protocol on stdin/stdout; see uci.rs)
//! rules selfplay --mode <mode> [--option k=v]... [--games N] [--level L | --level W,B]
//!              [--movetime MS]
//! rules tournament pair <file> [--system swiss|round-robin]
//! rules tournament standings <file>   (see tournament.rs)
//!
//! `--mode family` (four players) takes the family position text for `--fen` and the family
//! options (FAMILY.md §8); see `family.rs`.

use classroom_chess::engine::eval::{DECIDED, WIN};
use classroom_chess::engine::{choose, search, Choice, Limits, LEVELS};
use classroom_chess::rules::game::{Action, Game};
use classroom_chess::rules::perft::{divide, perft};
use classroom_chess::rules::ruleset::{Mode, RuleSet};
use classroom_chess::rules::san::to_uci;
use classroom_chess::rules::{Move, Position8, Side};
use std::io::Write;
use std::process::ExitCode;

/// Prints a line; a closed pipe (`rules ... | head`) ends the program quietly.
macro_rules! out {
    ($($arg:tt)*) => {
        if writeln!(std::io::stdout().lock(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    };
}

#[path = "rules/family.rs"]
mod family;
#[path = "rules/tournament.rs"]
mod tournament;
#[path = "rules/uci.rs"]
mod uci;

const USAGE: &str = "usage:
  rules perft --mode <mode> [--fen <FEN>] [--option key=value]... [--divide] <depth>
  rules moves --mode <mode> [--fen <FEN>] [--option key=value]...
  rules play  --mode <mode> [--fen <FEN>] [--option key=value]... <move>...
  rules search --mode <mode> [--fen <FEN>] [--option key=value]... [--depth N] [--nodes N]
               [--movetime MS] [<move>...]   (the computer's choice after the moves)
  rules uci   (the UCI protocol on stdin and stdout, for chess GUIs and match runners)
  rules selfplay --mode <mode> [--option key=value]... [--games N] [--level L | --level W,B]
               [--movetime MS]   (computer against computer: endings and points)
  rules tournament pair <file> [--system swiss|round-robin]
               (the next round of a FIDE TRF-16 file, XXR giving the rounds, or of the app's
               JSON tournament: the number of pairs, then 'white black' starting numbers,
               'n 0' for the bye, as bbpPairings and JaVaFo print them)
  rules tournament standings <file>   (rank, starting number, name, points, tie-breaks)
modes: orthodox, primary, sharp, family, custom
custom: orthodox chess changed by --option words (RULES.md section 5), e.g.
  --option object=stalemate-wins --option castling=rule-zero --option promotion=either-army
  (keys: object start castling double-step en-passant promotion knight no-moves insufficient
  repetition fifty-moves repeated-check margin midline resign draw-offers impasse fast-fifty
  scoring)
play also takes actions: resign, offer-draw, claim-draw, stop, flag, claim-stalemate,
  propose-fast-fifty, accept, decline (accept/decline answer the pending offer)
family: --fen takes the four-player position text (e.g. 'rKh1 bKa7 yKg14 gKn8 rQd5 turn:r');
  moves print in machine form (e2e4, h10h11q, castling h1j1); play takes that form or the
  record form (r:e2-e4, Rk1xk13, O-O), a trailing + announces check, and the actions
  away <seat>, back <seat>, resign [seat], claim-draw, agree-draw, ally <seat> <seat>,
  share-win (seats: r b y g); passes, mates and eliminations happen by themselves;
  search prints bestmove with a trailing + when it calls check; selfplay takes
  --level L | --level R,B,Y,G, --movetime MS, --plies N (a cap) and --records";

struct Args {
    command: String,
    mode: Mode,
    /// `key=value` words as given.
    options: Vec<String>,
    rules: RuleSet,
    fen: Option<String>,
    divide: bool,
    rest: Vec<String>,
}

fn parse_args(argv: &[String]) -> Result<Args, String> {
    let mut it = argv.iter();
    let command = it.next().ok_or("missing command")?.clone();
    let mut mode = None;
    let mut options = Vec::new();
    let mut fen = None;
    let mut divide = false;
    let mut rest = Vec::new();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--mode" => {
                let m = it.next().ok_or("--mode needs a value")?;
                mode = Some(Mode::parse(m).ok_or_else(|| format!("unknown mode '{m}'"))?);
            }
            "--fen" => fen = Some(it.next().ok_or("--fen needs a value")?.clone()),
            "--option" => options.push(it.next().ok_or("--option needs key=value")?.clone()),
            "--divide" => divide = true,
            _ => rest.push(a.clone()),
        }
    }
    let mode = mode.unwrap_or(Mode::Orthodox);
    let mut rules = RuleSet::for_mode(mode);
    if mode != Mode::Family {
        rules.apply_options(&options.join(" "))?;
    }
    Ok(Args {
        command,
        mode,
        options,
        rules,
        fen,
        divide,
        rest,
    })
}

fn new_game(args: &Args) -> Result<Game, String> {
    match &args.fen {
        Some(f) => {
            let mut rules = args.rules.clone();
            // A custom game's start position is one of its rules (RULES.md §5), as in PGN.
            if rules.mode == Mode::Custom {
                rules.start_fen = f.clone();
            }
            Game::from_fen(rules, f).map_err(|e| format!("bad FEN: {e}"))
        }
        None => Game::new(args.rules.clone()),
    }
}

fn action(word: &str, game: &Game) -> Option<Action> {
    let side = game.turn();
    Some(match word {
        "resign" => Action::Resign(side),
        "offer-draw" => Action::OfferDraw(side),
        "accept" if game.fast_fifty_offer().is_some() => Action::AcceptFastFifty,
        "accept" => Action::AcceptDraw,
        "decline" | "reject" if game.fast_fifty_offer().is_some() => Action::RejectFastFifty,
        "decline" | "reject" => Action::DeclineDraw,
        "claim-stalemate" => Action::ClaimStalemate,
        "propose-fast-fifty" => Action::ProposeFastFifty(side),
        "claim-draw" => Action::ClaimDraw,
        "stop" => Action::Stop,
        "flag" => Action::Flag(side),
        _ => return None,
    })
}

/// The depth argument of `perft`, shared by every mode.
fn perft_depth(args: &Args, usage: impl Fn(String) -> (u8, String)) -> Result<u32, (u8, String)> {
    let depth: u32 = match args.rest.as_slice() {
        [d] => d
            .parse()
            .map_err(|_| usage(format!("depth '{d}' is not a number")))?,
        _ => return Err(usage("perft needs exactly one depth".into())),
    };
    if depth > classroom_chess::rules::perft::MAX_DEPTH {
        return Err(usage(format!(
            "perft depth {depth} is too deep: at most {} (each ply multiplies the count by about 30)",
            classroom_chess::rules::perft::MAX_DEPTH
        )));
    }
    if args.divide && depth == 0 {
        // Depth 0 has no moves to divide by; its one node is the root itself.
        return Err(usage("--divide needs a depth of at least 1".into()));
    }
    Ok(depth)
}

fn run(argv: &[String]) -> Result<(), (u8, String)> {
    let usage = |e: String| (2u8, format!("{e}\n{USAGE}"));
    if argv.first().map(String::as_str) == Some("uci") {
        return uci::run();
    }
    if argv.first().map(String::as_str) == Some("tournament") {
        return tournament::run(&argv[1..], usage);
    }
    let args = parse_args(argv).map_err(usage)?;
    if args.mode == Mode::Family {
        return family::run(&args, usage);
    }
    let mut game = new_game(&args).map_err(|e| (2, e))?;
    match args.command.as_str() {
        "perft" => {
            let depth = perft_depth(&args, usage)?;
            let pos = *game.position();
            let nodes = if args.divide {
                let mut total = 0;
                for (m, n) in divide(&pos, depth) {
                    out!("{} {n}", to_uci(&pos, m));
                    total += n;
                }
                total
            } else {
                perft(&pos, depth)
            };
            out!("nodes {nodes}");
        }
        "moves" => {
            let pos = *game.position();
            for m in game.legal_moves() {
                out!("{}", to_uci(&pos, m));
            }
        }
        "play" => {
            for word in &args.rest {
                if let Some(a) = action(word, &game) {
                    game.act(a)
                        .map_err(|e| (2, format!("action '{word}' refused: {e}")))?;
                } else {
                    game.play_text(word)
                        .map_err(|e| (2, format!("move '{word}' refused: {e}")))?;
                }
            }
            out!("{}", game.fen());
            match game.outcome() {
                Some(o) => {
                    out!("status: {}", o.status_key());
                    out!("result: {}", o.result());
                }
                None => {
                    out!("status: ongoing");
                    out!("result: *");
                }
            }
            if game.rules().draws.repeated_check.is_some() {
                let streak = game
                    .check_streak(Side::WHITE)
                    .max(game.check_streak(Side::BLACK));
                if streak > 0 {
                    out!("checks in a row: {streak}");
                }
            }
        }
        "search" => {
            let mut limits = Limits::default();
            let mut movetime = None;
            let mut words = args.rest.iter();
            while let Some(word) = words.next() {
                let mut number = |flag: &str| -> Result<u64, (u8, String)> {
                    let value = words
                        .next()
                        .ok_or_else(|| usage(format!("{flag} needs a number")))?;
                    value
                        .parse()
                        .map_err(|_| usage(format!("{flag} '{value}' is not a number")))
                };
                match word.as_str() {
                    "--depth" => limits.depth = number("--depth")?.clamp(1, 64) as u8,
                    "--nodes" => limits.nodes = number("--nodes")?.max(1),
                    "--movetime" => movetime = Some(number("--movetime")?),
                    _ => {
                        game.play_text(word)
                            .map_err(|e| (2, format!("move '{word}' refused: {e}")))?;
                    }
                }
            }
            let started = std::time::Instant::now();
            let deadline = movetime.map(|ms| started + std::time::Duration::from_millis(ms));
            let past_deadline = || deadline.is_some_and(|d| std::time::Instant::now() >= d);
            if deadline.is_some() {
                limits.stop = Some(&past_deadline);
            }
            let result = search(&game, &limits);
            let seconds = started.elapsed().as_secs_f64().max(1e-6);
            let pos = *game.position();
            let score = if result.score.abs() > DECIDED {
                let plies = WIN - result.score.abs();
                let word = if result.score > 0 { "win" } else { "loss" };
                format!("{word} in {plies} plies")
            } else {
                format!("cp {}", result.score)
            };
            out!(
                "info depth {} score {score} nodes {} nps {:.0} pv {}",
                result.depth,
                result.nodes,
                result.nodes as f64 / seconds,
                line_text(&pos, &result.pv)
            );
            match result.choice {
                Some(Choice::Move(m)) => out!("bestmove {}", to_uci(&pos, m)),
                Some(Choice::ClaimStalemate) => out!("bestmove claim-stalemate"),
                None => out!("bestmove (none)"),
            }
        }
        "selfplay" => selfplay(&args, game, usage)?,
        other => return Err(usage(format!("unknown command '{other}'"))),
    }
    Ok(())
}

/// `rules selfplay`: the computer against itself from the start, games with alternating
/// seeds (the levels below the top vary by seed; two random first moves each vary the top
/// level's games). Prints how the games ended and the average points of White and Black.
fn selfplay(
    args: &Args,
    start: Game,
    usage: impl Fn(String) -> (u8, String),
) -> Result<(), (u8, String)> {
    let mut games = 10u64;
    let mut levels = (LEVELS, LEVELS);
    let mut movetime = 100u64;
    let mut words = args.rest.iter();
    while let Some(word) = words.next() {
        let value = words
            .next()
            .ok_or_else(|| usage(format!("{word} needs a value")))?;
        let number = |text: &str| -> Result<u64, (u8, String)> {
            text.parse()
                .map_err(|_| usage(format!("{word} '{text}' is not a number")))
        };
        match word.as_str() {
            "--games" => games = number(value)?.clamp(1, 100_000),
            "--movetime" => movetime = number(value)?.max(1),
            "--level" => {
                let (w, b) = value.split_once(',').unwrap_or((value, value));
                let level = |t: &str| -> Result<u8, (u8, String)> {
                    Ok(number(t)?.clamp(1, LEVELS as u64) as u8)
                };
                levels = (level(w)?, level(b)?);
            }
            other => return Err(usage(format!("unknown selfplay word '{other}'"))),
        }
    }
    let mut endings: std::collections::BTreeMap<String, u64> = Default::default();
    let mut half_points = [0u64; 2];
    for n in 0..games {
        let mut game = start.clone();
        let mut seed = n.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..4 {
            let moves = game.legal_moves();
            if game.is_over() || moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = moves[(seed % moves.len() as u64) as usize];
            game.play(m).map_err(|e| (2, e.to_string()))?;
        }
        while !game.is_over() && game.moves().len() < 600 {
            let level = if game.turn() == Side::WHITE {
                levels.0
            } else {
                levels.1
            };
            let deadline = std::time::Instant::now() + std::time::Duration::from_millis(movetime);
            let past_deadline = || std::time::Instant::now() >= deadline;
            let limits = Limits {
                stop: Some(&past_deadline),
                table_megabytes: 8,
                ..Limits::default()
            };
            match choose(&game, level, seed, &limits).choice {
                Some(Choice::Move(m)) => {
                    game.play(m).map_err(|e| (2, e.to_string()))?;
                }
                Some(Choice::ClaimStalemate) => game
                    .act(Action::ClaimStalemate)
                    .map_err(|e| (2, e.to_string()))?,
                None => break,
            }
        }
        // A game still going is ended as at the end of a lesson where the mode has that
        // (Primary: by material), otherwise it counts as a draw.
        if !game.is_over() && game.act(Action::Stop).is_err() {
            let draw = game.rules().scoring.draw as u64;
            half_points[0] += draw;
            half_points[1] += draw;
        }
        let ending = match game.outcome() {
            Some(o) => {
                half_points[0] += o.half_points[0] as u64;
                half_points[1] += o.half_points[1] as u64;
                // The points tell endings of one kind apart (a Chess# impasse: 7–3 or 4–6).
                format!(
                    "{} {} ({}–{})",
                    o.result(),
                    o.status_key(),
                    o.points_text(Side::WHITE),
                    o.points_text(Side::BLACK)
                )
            }
            None => "unfinished after 600 plies (counted as a draw)".to_string(),
        };
        *endings.entry(ending).or_default() += 1;
    }
    for (ending, count) in &endings {
        out!("{count:6}  {ending}");
    }
    out!(
        "points per game: White {:.2}, Black {:.2} (levels {} and {}, {} games, {} ms a move)",
        half_points[0] as f64 / 2.0 / games as f64,
        half_points[1] as f64 / 2.0 / games as f64,
        levels.0,
        levels.1,
        games,
        movetime
    );
    Ok(())
}

/// A line of play from `pos` in the machine form, moves separated by spaces.
fn line_text(pos: &Position8, moves: &[Move]) -> String {
    let mut at = *pos;
    let texts: Vec<String> = moves
        .iter()
        .map(|&m| {
            let text = to_uci(&at, m);
            at = at.after(m);
            text
        })
        .collect();
    texts.join(" ")
}

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    match run(&argv) {
        Ok(()) => ExitCode::SUCCESS,
        Err((code, message)) => {
            eprintln!("rules: {message}");
            ExitCode::from(code)
        }
    }
}
