//! `rules ... --mode family`: perft, moves and play on the four-player game (FAMILY.md).
//! Moves print in machine form (`e2e4`, `h10h11q`, castling `h1j1`); `play` takes that form
//! or the record form (`r:e2-e4`, `Rk1xk13`, `O-O`), a trailing `+` announcing check.

use super::Args;
use classroom_chess::rules::family::notation::machine;
use classroom_chess::rules::family::perft::{divide, perft};
use classroom_chess::rules::family::{parse_seat, FamilyGame};
use classroom_chess::rules::types::Side;
use std::io::Write;

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
        other => return Err(usage(format!("unknown command '{other}'"))),
    }
    Ok(())
}
