//! PGN read and write (RULES.md §0): seven-tag roster, `Variant`, `FEN`/`SetUp` for other
//! starts, `RuleOptions` for options that differ from the mode's defaults, `Termination`.

use crate::rules::game::{EndReason, Game, Outcome};
use crate::rules::ruleset::{Mode, RuleSet};
use crate::rules::types::Side;
use crate::text::msg;

/// Names and date for the header.
#[derive(Clone, Debug, Default)]
pub struct PgnHeader {
    pub white: String,
    pub black: String,
    pub date: String,
    pub event: String,
}

fn quote(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes a game as PGN.
pub fn write_pgn(game: &Game, header: &PgnHeader) -> String {
    let rules = game.rules();
    let or = |s: &str, d: &str| {
        if s.trim().is_empty() {
            d.to_string()
        } else {
            s.to_string()
        }
    };
    let result = game.outcome().map_or("*", |o| o.result());
    let mut tags = vec![
        ("Event", or(&header.event, "Classroom game")),
        ("Site", "Classroom Chess".to_string()),
        ("Date", or(&header.date, "????.??.??")),
        ("Round", "-".to_string()),
        ("White", or(&header.white, "White")),
        ("Black", or(&header.black, "Black")),
        ("Result", result.to_string()),
        ("Variant", rules.mode.title().to_string()),
    ];
    let options = rules.changed_options();
    if !options.is_empty() {
        tags.push(("RuleOptions", options.join(" ")));
    }
    // The start the Variant and RuleOptions tags describe, as this rule set reads it
    // (castling rights may be dropped); a custom game's setup-editor start needs the FEN.
    let mut described = RuleSet::for_mode(rules.mode);
    if described.apply_options(&options.join(" ")).is_err() {
        described = rules.clone();
    }
    let standard_start = Game::new(described).ok();
    if standard_start.is_none_or(|g| g.start_fen() != game.start_fen()) {
        tags.push(("SetUp", "1".into()));
        tags.push(("FEN", game.start_fen().to_string()));
    }
    if let Some(o) = game.outcome() {
        tags.push(("Termination", o.reason.describe().to_string()));
    }
    let mut out = String::new();
    for (k, v) in tags {
        out.push_str(&format!("[{k} \"{}\"]\n", quote(&v)));
    }
    out.push('\n');
    let mut words = Vec::new();
    let start = game.position_at(0).expect("start position");
    let mut number = start.fullmove_number();
    for (i, m) in game.moves().iter().enumerate() {
        if m.side == Side::WHITE {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        words.push(m.san.clone());
        if m.side != Side::WHITE {
            number += 1;
        }
    }
    words.push(result.to_string());
    let mut line = String::new();
    for w in words {
        if !line.is_empty() && line.len() + 1 + w.len() > 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&w);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// What a PGN holds besides the game.
#[derive(Clone, Debug, Default)]
pub struct PgnInfo {
    pub header: PgnHeader,
}

/// Reads the first game of a PGN text. `default_mode` applies when there is no Variant tag.
pub fn read_pgn(text: &str, default_mode: Mode) -> Result<(Game, PgnInfo), String> {
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut body = String::new();
    for (n, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.starts_with('[') && body.trim().is_empty() {
            let inner = t
                .strip_prefix('[')
                .and_then(|s| s.strip_suffix(']'))
                .ok_or_else(|| msg::problem_pgn_tag_end(&(n + 1)))?;
            let (key, value) = inner
                .split_once(' ')
                .ok_or_else(|| msg::problem_pgn_tag_parts(&(n + 1)))?;
            let value = value.trim();
            let value = value
                .strip_prefix('"')
                .and_then(|v| v.strip_suffix('"'))
                .ok_or_else(|| msg::problem_pgn_tag_quotes(&(n + 1)))?;
            tags.push((
                key.to_string(),
                value.replace("\\\"", "\"").replace("\\\\", "\\"),
            ));
        } else if !t.starts_with('%') {
            body.push_str(line);
            body.push('\n');
        }
    }
    let tag = |k: &str| {
        tags.iter()
            .find(|(key, _)| key == k)
            .map(|(_, v)| v.as_str())
    };
    let mode = match tag("Variant") {
        Some(v) => Mode::parse(v).ok_or_else(|| msg::problem_pgn_variant(&v))?,
        None => default_mode,
    };
    let mut rules = RuleSet::for_mode(mode);
    if let Some(opts) = tag("RuleOptions") {
        rules
            .apply_options(opts)
            .map_err(|e| msg::problem_pgn_options(&e))?;
    }
    let fen = tag("FEN")
        .map(str::to_string)
        .unwrap_or(rules.start_fen.clone());
    if mode == Mode::Custom {
        // A custom game's start position is one of its rules (RULES.md §5): the FEN is it.
        rules.start_fen = fen.clone();
    }
    let mut game = Game::from_fen(rules, &fen).map_err(|e| msg::problem_pgn_fen(&e))?;
    let mut result_token: Option<String> = None;
    for token in movetext_tokens(&body)? {
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&token.as_str()) {
            result_token = Some(token);
            break;
        }
        // Name the move as the record numbers it: "12. Nf3" or "12... Nf6".
        let number = game.position().fullmove_number();
        let dots = if game.turn() == Side::WHITE {
            "."
        } else {
            "..."
        };
        game.play_text(&token)
            .map_err(|e| msg::problem_pgn_move(&format!("{number}{dots}"), &token, &e))?;
    }
    let result = result_token.or(tag("Result").map(str::to_string));
    if let Some(r) = result {
        apply_recorded_result(&mut game, &r, tag("Termination").unwrap_or(""));
    }
    let header = PgnHeader {
        white: tag("White").unwrap_or("").to_string(),
        black: tag("Black").unwrap_or("").to_string(),
        date: tag("Date").unwrap_or("").to_string(),
        event: tag("Event").unwrap_or("").to_string(),
    };
    Ok((game, PgnInfo { header }))
}

/// Moves of the main line: comments, variations, NAGs and move numbers removed.
fn movetext_tokens(body: &str) -> Result<Vec<String>, String> {
    let mut tokens = Vec::new();
    let mut depth = 0usize;
    let mut chars = body.chars().peekable();
    let mut word = String::new();
    let flush = |word: &mut String, tokens: &mut Vec<String>| {
        let raw = std::mem::take(word);
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&raw.as_str()) {
            tokens.push(raw);
            return;
        }
        // Drop move numbers such as "12." or "12...", keep "e4" from "12.e4"; digits not
        // followed by a dot are part of the move ("0-0").
        let digits = raw.find(|c: char| !c.is_ascii_digit()).unwrap_or(raw.len());
        let w = if raw[digits..].is_empty() || raw[digits..].starts_with('.') {
            raw[digits..].trim_start_matches('.')
        } else {
            raw.as_str()
        };
        if !w.is_empty() && !w.starts_with('$') {
            tokens.push(w.to_string());
        }
    };
    while let Some(c) = chars.next() {
        match c {
            '{' => {
                flush(&mut word, &mut tokens);
                if !chars.by_ref().any(|d| d == '}') {
                    return Err(msg::problem_pgn_comment().into());
                }
            }
            ';' => {
                flush(&mut word, &mut tokens);
                for d in chars.by_ref() {
                    if d == '\n' {
                        break;
                    }
                }
            }
            '(' => {
                flush(&mut word, &mut tokens);
                depth += 1;
            }
            ')' => {
                if depth == 0 {
                    return Err(msg::problem_pgn_close().into());
                }
                word.clear();
                depth -= 1;
            }
            c if c.is_whitespace() => {
                if depth == 0 {
                    flush(&mut word, &mut tokens);
                } else {
                    word.clear();
                }
            }
            c => {
                if depth == 0 {
                    word.push(c)
                }
            }
        }
    }
    if depth > 0 {
        return Err(msg::problem_pgn_variation().into());
    }
    flush(&mut word, &mut tokens);
    Ok(tokens)
}

/// A result stated by the record for a game that did not end by its moves. Every ending this
/// app writes (`EndReason::describe` in the `Termination` tag) reads back as the same reason
/// with the same points; other wording is read as well as it can be.
fn apply_recorded_result(game: &mut Game, result: &str, termination: &str) {
    if game.is_over() || result == "*" {
        return;
    }
    let winner = match result {
        "1-0" => Some(Side::WHITE),
        "0-1" => Some(Side::BLACK),
        "1/2-1/2" => None,
        _ => return,
    };
    let t = termination.trim().to_ascii_lowercase();
    let decisive = winner.is_some();
    let written = EndReason::ALL.into_iter().find(|r| r.describe() == t);
    let reason = written.unwrap_or(if t.contains("resign") {
        EndReason::Resignation
    } else if t.contains("time") && decisive {
        EndReason::Timeout
    } else if t.contains("time") {
        EndReason::TimeoutInsufficient
    } else if t.contains("agree") {
        EndReason::Agreement
    } else if t.contains("stopped") || t.contains("adjudicat") {
        EndReason::Adjudication
    } else {
        EndReason::Recorded
    });
    // A reason that cannot give this result (a drawn "resignation", an impasse the material
    // on the board does not score that way) is not trusted: the result stands, unexplained.
    let fits = match reason {
        EndReason::Resignation | EndReason::Timeout | EndReason::StalemateClaim => decisive,
        EndReason::TimeoutInsufficient
        | EndReason::Agreement
        | EndReason::ThreefoldRepetition
        | EndReason::FiftyMoves => !decisive,
        _ => true,
    };
    let outcome: Outcome = game.recorded_outcome(winner, reason);
    let outcome = if fits && outcome.result() == result {
        outcome
    } else {
        game.recorded_outcome(winner, EndReason::Recorded)
    };
    game.set_recorded_result(outcome);
}
