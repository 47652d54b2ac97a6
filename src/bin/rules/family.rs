//! `rules ... --mode family`: perft, moves, play, search and selfplay on the four-player game
//! (FAMILY.md). Moves print in machine form (`e2e4`, `h10h11q`, castling `h1j1`, a trailing
//! `+` for a call of check); `play` takes that form or the record form (`r:e2-e4`, `Rk1xk13`,
//! `O-O`), a trailing `+` announcing check.

use super::Args;
use classroom_chess::engine::eval::{DECIDED, WIN};
use classroom_chess::engine::family::eval::Sides;
use classroom_chess::engine::family::play::should_call;
use classroom_chess::engine::family::{family_choose, family_search, FAMILY_LEVELS};
use classroom_chess::engine::Limits;
use classroom_chess::rules::family::notation::machine;
use classroom_chess::rules::family::perft::{divide, perft};
use classroom_chess::rules::family::{parse_seat, seat_letter, seat_name, FamilyGame, SEATS};
use classroom_chess::rules::types::{Move, Side};
use std::io::Write;
use std::time::{Duration, Instant};

type Failure = (u8, String);

fn seat_arg(words: &mut std::slice::Iter<'_, String>, action: &str) -> Result<Side, String> {
    let w = words
        .next()
        .ok_or_else(|| format!("{action} needs a seat (r, b, y or g)"))?;
    parse_seat(w).ok_or_else(|| format!("{action}: '{w}' is not a seat (r, b, y or g)"))
}

/// Plays the words of `rules play` in order; the first refusal stops with its reason.
fn play_words(game: &mut FamilyGame, words: &[String]) -> Result<(), String> {
    let mut it = words.iter();
    while let Some(word) = it.next() {
        let refused = |e: String| format!("'{word}' refused: {e}");
        match word.as_str() {
            "away" => {
                let seat = seat_arg(&mut it, "away")?;
                game.away(seat, false).map_err(refused)?;
            }
            "back" => {
                let seat = seat_arg(&mut it, "back")?;
                game.back(seat).map_err(refused)?;
            }
            "resign" => {
                // An optional seat; without one the seat to move resigns.
                let seat = match it.clone().next().and_then(|w| parse_seat(w)) {
                    Some(s) => {
                        it.next();
                        s
                    }
                    None => game.turn(),
                };
                game.resign(seat).map_err(refused)?;
            }
            "ally" => {
                let a = seat_arg(&mut it, "ally")?;
                let b = seat_arg(&mut it, "ally")?;
                game.set_alliance(a, b, true).map_err(refused)?;
            }
            "claim-draw" => {
                game.claim_draw().map_err(refused)?;
            }
            "agree-draw" => {
                game.agree_draw().map_err(refused)?;
            }
            "share-win" => {
                game.share_win().map_err(refused)?;
            }
            // A seat prefix given as its own word: `r: e2-e4`.
            w if w.ends_with(':') => {
                let mv = it
                    .next()
                    .ok_or_else(|| format!("'{w}' is not followed by a move"))?;
                let text = format!("{w}{mv}");
                game.play_text(&text)
                    .map_err(|e| format!("move '{text}' refused: {e}"))?;
            }
            w => {
                game.play_text(w)
                    .map_err(|e| format!("move '{w}' refused: {e}"))?;
            }
        }
    }
    Ok(())
}

pub fn run(args: &Args, usage: impl Fn(String) -> Failure) -> Result<(), Failure> {
    let mut game = FamilyGame::setup(args.fen.as_deref(), &args.options.join(" "))
        .map_err(|e| (2, format!("bad family position or option: {e}")))?;
    match args.command.as_str() {
        "perft" => {
            let depth = super::perft_depth(args, usage)?;
            let state = game.state();
            let nodes = if args.divide {
                let mut total = 0;
                for (m, n) in divide(state, depth) {
                    out!("{} {n}", machine(state.position(), m));
                    total += n;
                }
                total
            } else {
                perft(state, depth)
            };
            out!("nodes {nodes}");
        }
        "moves" => {
            let state = game.state();
            for m in state.legal_moves() {
                out!("{}", machine(state.position(), m));
            }
        }
        "play" => {
            play_words(&mut game, &args.rest).map_err(|e| (2, e))?;
            out!("{}", game.text());
            match game.outcome() {
                Some(o) => {
                    out!("status: {}", o.reason.key());
                    out!("result: {}", o.result());
                }
                None => {
                    out!(
                        "status: {}",
                        if game.is_paused() {
                            "paused"
                        } else {
                            "ongoing"
                        }
                    );
                    out!("result: *");
                }
            }
            for line in game.records() {
                out!("record: {line}");
            }
        }
        "search" => search(game, args, usage)?,
        "selfplay" => selfplay(game, args, usage)?,
        other => return Err(usage(format!("unknown command '{other}'"))),
    }
    Ok(())
}

/// A number after a flag.
fn number(
    words: &mut std::slice::Iter<'_, String>,
    flag: &str,
    usage: &impl Fn(String) -> Failure,
) -> Result<u64, Failure> {
    let value = words
        .next()
        .ok_or_else(|| usage(format!("{flag} needs a number")))?;
    value
        .parse()
        .map_err(|_| usage(format!("{flag} '{value}' is not a number")))
}

/// `rules search --mode family [--depth N] [--nodes N] [--movetime MS] [<move or action>...]`:
/// the full search for the seat to move after the words; prints `info ...` and `bestmove`
/// (with a `+` when the move calls check).
fn search(
    mut game: FamilyGame,
    args: &Args,
    usage: impl Fn(String) -> Failure,
) -> Result<(), Failure> {
    let mut limits = Limits::default();
    let mut movetime = None;
    let mut words = args.rest.iter();
    let mut actions = Vec::new();
    while let Some(word) = words.next() {
        match word.as_str() {
            "--depth" => limits.depth = number(&mut words, word, &usage)?.clamp(1, 32) as u8,
            "--nodes" => limits.nodes = number(&mut words, word, &usage)?.max(1),
            "--movetime" => movetime = Some(number(&mut words, word, &usage)?),
            _ => actions.push(word.clone()),
        }
    }
    play_words(&mut game, &actions).map_err(|e| (2, e))?;
    let started = Instant::now();
    let deadline = movetime.map(|ms| started + Duration::from_millis(ms));
    let past_deadline = || deadline.is_some_and(|d| Instant::now() >= d);
    if deadline.is_some() {
        limits.stop = Some(&past_deadline);
    }
    let result = family_search(&game, &limits);
    let seconds = started.elapsed().as_secs_f64().max(1e-6);
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
        line_text(&game, &result.pv)
    );
    match result.mv {
        Some(m) => out!(
            "bestmove {}{}",
            machine(game.state().position(), m),
            if result.call { "+" } else { "" }
        ),
        None => out!("bestmove (none)"),
    }
    Ok(())
}

/// A line of play in machine form, each move with the call its mover would make.
fn line_text(game: &FamilyGame, moves: &[Move]) -> String {
    let mut at = game.clone();
    let mut texts = Vec::new();
    for &m in moves {
        let call = should_call(at.state(), m, &Sides::of_game(&at));
        texts.push(machine(at.state().position(), m) + if call { "+" } else { "" });
        if at.play(m, call).is_err() {
            break;
        }
    }
    texts.join(" ")
}

/// `rules selfplay --mode family [--games N] [--level L | --level R,B,Y,G] [--movetime MS]
/// [--plies N] [--records]`: the computer in every seat, from the start (or `--fen`) with one seeded
/// random move per seat first, so games differ; levels below the top vary by seed too. A
/// game still going after `--plies` (600) moves is counted as a draw among the players still
/// in. Prints how the games ended and each seat's average points (`--records`: every game's
/// move records too).
fn selfplay(
    start: FamilyGame,
    args: &Args,
    usage: impl Fn(String) -> Failure,
) -> Result<(), Failure> {
    let mut games = 10u64;
    let mut levels = [FAMILY_LEVELS; 4];
    let mut movetime = 100u64;
    let mut max_plies = 600usize;
    let mut records = false;
    let mut words = args.rest.iter();
    while let Some(word) = words.next() {
        match word.as_str() {
            "--records" => records = true,
            "--games" => games = number(&mut words, word, &usage)?.clamp(1, 100_000),
            "--movetime" => movetime = number(&mut words, word, &usage)?.max(1),
            "--plies" => max_plies = number(&mut words, word, &usage)?.clamp(1, 100_000) as usize,
            "--level" => {
                let value = words
                    .next()
                    .ok_or_else(|| usage("--level needs a value".into()))?;
                let parts: Vec<&str> = value.split(',').collect();
                if parts.len() != 1 && parts.len() != 4 {
                    return Err(usage(format!(
                        "--level '{value}': one level, or four (red, blue, yellow, green)"
                    )));
                }
                for (i, level) in levels.iter_mut().enumerate() {
                    let text = parts[i % parts.len()];
                    let n: u64 = text
                        .parse()
                        .map_err(|_| usage(format!("--level '{text}' is not a number")))?;
                    *level = n.clamp(1, FAMILY_LEVELS as u64) as u8;
                }
            }
            other => return Err(usage(format!("unknown selfplay word '{other}'"))),
        }
    }
    let mut endings: std::collections::BTreeMap<String, u64> = Default::default();
    let mut half_points = [0u64; 4];
    let mut plies_total = 0usize;
    let players = start.rules().seats;
    for n in 0..games {
        let mut game = start.clone();
        let seed = n.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let mut random = seed;
        for _ in 0..players.count_ones() {
            let moves = game.legal_moves();
            if game.is_over() || moves.is_empty() {
                break;
            }
            random ^= random << 13;
            random ^= random >> 7;
            random ^= random << 17;
            let m = moves[(random % moves.len() as u64) as usize];
            let call = should_call(game.state(), m, &Sides::of_game(&game));
            game.play(m, call).map_err(|e| (2, e))?;
        }
        let mut plies = 0;
        while !game.is_over() && plies < max_plies {
            let level = levels[game.turn().index() & 3];
            let deadline = Instant::now() + Duration::from_millis(movetime);
            let past_deadline = || Instant::now() >= deadline;
            let limits = Limits {
                stop: Some(&past_deadline),
                table_megabytes: 8,
                ..Limits::default()
            };
            let choice = family_choose(&game, level, seed, &limits);
            let Some(m) = choice.mv else { break };
            let before = game.text();
            game.play(m, choice.call)
                .map_err(|e| (2, format!("the engine's move in {before} refused: {e}")))?;
            plies += 1;
        }
        plies_total += plies;
        if records {
            out!("game {}: {}", n + 1, game.records().join(", "));
        }
        let ending = match game.outcome() {
            Some(o) => {
                for seat in SEATS {
                    half_points[seat.index()] += o.half_points(seat) as u64;
                }
                format!("{} {}", o.result(), o.reason.key())
            }
            None => {
                // Unfinished: a draw among the players still in.
                let in_game = game.state().in_game();
                for seat in SEATS.into_iter().filter(|s| in_game & (1 << s.0) != 0) {
                    half_points[seat.index()] += 1;
                }
                let why = if game.is_paused() {
                    "paused"
                } else {
                    "unfinished"
                };
                format!("{why} after {plies} moves (a draw among the players still in)")
            }
        };
        *endings.entry(ending).or_default() += 1;
    }
    for (ending, count) in &endings {
        out!("{count:6}  {ending}");
    }
    let points: Vec<String> = SEATS
        .into_iter()
        .filter(|s| players & (1 << s.0) != 0)
        .map(|s| {
            format!(
                "{} {:.2}",
                seat_name(s),
                half_points[s.index()] as f64 / 2.0 / games as f64
            )
        })
        .collect();
    let level_words: Vec<String> = SEATS
        .into_iter()
        .filter(|s| players & (1 << s.0) != 0)
        .map(|s: Side| format!("{}={}", seat_letter(s), levels[s.index()]))
        .collect();
    out!(
        "points per game: {} (levels {}, {games} games, {movetime} ms a move, {:.0} moves a game)",
        points.join(", "),
        level_words.join(" "),
        plies_total as f64 / games as f64
    );
    Ok(())
}
