//! `rules tournament pair|standings <file>`: a tournament read from a FIDE TRF-16 file or the
//! app's own JSON (told apart by the first character). `pair` prints the next round as
//! bbpPairings and JaVaFo do: the number of pairs, then `white black` starting numbers a line,
//! `n 0` for the bye. `standings` prints rank, starting number, name, points and tie-breaks.
//! The file is only read, never written.

use classroom_chess::tournament::csv::{points_text, ranks, tie_break_name, tie_break_text};
use classroom_chess::tournament::event::{System, Tournament};
use std::io::Write;

type Failure = (u8, String);

fn load(path: &str) -> Result<Tournament, Failure> {
    let text =
        std::fs::read_to_string(path).map_err(|e| (2, format!("cannot read {path}: {e}")))?;
    let read = if text
        .trim_start_matches('\u{feff}')
        .trim_start()
        .starts_with('{')
    {
        Tournament::from_json(&text)
    } else {
        Tournament::from_trf(&text).map_err(|e| e.to_string())
    };
    read.map_err(|e| (2, format!("{path}: {e}")))
}

/// The system `--system` names, keeping what the file says that still applies.
fn system(word: &str, t: &Tournament) -> Result<System, String> {
    match (word, t.system()) {
        ("swiss", System::Swiss { rounds }) => Ok(System::Swiss { rounds }),
        ("swiss", _) => Ok(System::Swiss {
            rounds: t
                .total_rounds()
                .unwrap_or(0)
                .max(t.rounds().len() as u16 + 1),
        }),
        ("round-robin", System::RoundRobin { double }) => Ok(System::RoundRobin { double }),
        ("round-robin", _) => Ok(System::RoundRobin { double: false }),
        _ => Err(format!(
            "unknown system '{word}' (use swiss or round-robin)"
        )),
    }
}

pub fn run(argv: &[String], usage: impl Fn(String) -> Failure) -> Result<(), Failure> {
    let mut words = argv.iter();
    let command = words
        .next()
        .ok_or_else(|| usage("tournament needs pair or standings".into()))?;
    let mut path = None;
    let mut system_word = None;
    while let Some(word) = words.next() {
        match word.as_str() {
            "--system" if command == "pair" => {
                system_word = Some(
                    words
                        .next()
                        .ok_or_else(|| usage("--system needs swiss or round-robin".into()))?,
                );
            }
            w if w.starts_with("--") => return Err(usage(format!("unknown option '{w}'"))),
            _ if path.is_some() => return Err(usage(format!("one file only ('{word}')"))),
            _ => path = Some(word.as_str()),
        }
    }
    let path = path.ok_or_else(|| usage(format!("tournament {command} needs a file")))?;
    match command.as_str() {
        "pair" => {
            let mut t = load(path)?;
            if let Some(word) = system_word {
                let system = system(word, &t).map_err(&usage)?;
                t.set_system(system)
                    .map_err(|e| (2, format!("{path}: {e}")))?;
            }
            // Pairing the first round orders by rating: print the numbers the file gave.
            let names: Vec<String> = t.players().iter().map(|p| p.name.clone()).collect();
            let round = t
                .pair_next_round()
                .map_err(|e| (2, format!("{path}: {e}")))?
                .clone();
            let number = |p: usize| {
                let name = &t.players()[p].name;
                names.iter().position(|n| n == name).unwrap_or(p) + 1
            };
            out!("{}", round.games.len() + round.byes.len());
            for g in &round.games {
                out!("{} {}", number(g.white), number(g.black));
            }
            for &(p, _) in &round.byes {
                out!("{} 0", number(p));
            }
        }
        "standings" => {
            let t = load(path)?;
            let list = t.standings();
            let width = t
                .players()
                .iter()
                .map(|p| p.name.chars().count())
                .max()
                .unwrap_or(0)
                .max(4);
            let mut header = format!("rank   no  {:<width$}  points", "name");
            for &tb in t.tie_breaks() {
                header.push_str("  ");
                header.push_str(tie_break_name(tb));
            }
            out!("{header}");
            for (row, rank) in list.iter().zip(ranks(&list)) {
                let mut line = format!(
                    "{rank:>4} {:>4}  {:<width$}  {:>6}",
                    row.player + 1,
                    t.players()[row.player].name,
                    points_text(u64::from(row.half_points))
                );
                for (&tb, &value) in t.tie_breaks().iter().zip(&row.tie_breaks) {
                    let text = tie_break_text(tb, value, t.scoring());
                    line.push_str(&format!("  {text:>w$}", w = tie_break_name(tb).len()));
                }
                out!("{line}");
            }
        }
        other => return Err(usage(format!("unknown tournament command '{other}'"))),
    }
    Ok(())
}
