//! The FIDE Tournament Report File (TRF-16), written and read, so a tournament can go to and
//! come from the pairing engines (bbpPairings, JaVaFo) and the federations' software.
//!
//! Written: `012` the name, `092` the system, `122` the time control, `XXR` the rounds,
//! `XXC white1|black1` the first round's colour, the point system when it is not 1/½/0 with a
//! bye worth a win (bbpPairings' `BBW BBD BBL BBU` lines and JaVaFo's `XXS W= D= WL= BL= PAB=`;
//! a forfeit loss and a zero-point bye always score 0, both programs' default), then a `001`
//! line a player: starting number (columns 5–8), name (15–47), rating (49–52), points
//! (81–84), rank (86–89), and from column 92 ten characters a round: opponent (or `0000`),
//! colour `w`/`b`/`-`, result `1 = 0` played, `+ -` forfeit, `U` the pairing-allocated bye,
//! `H F` a half- or full-point bye of a player marked absent, `Z` absent. A game without a
//! result yet has a blank result. Players away for the next round (absent, withdrawn) get
//! `0000 - Z` in its column, which both engines read as "do not pair".
//!
//! **Scores the codes cannot hold.** A game's code is only a win, a draw or a loss, and both
//! engines refuse a file whose points column is not what the codes add up to (bbpPairings:
//! "The score for player N does not match the game results"; JaVaFo checks it strictly when
//! the point system is given). So a Chess# partial victory is written as a win for the side
//! that scored more (an 8–2 or a 7–3 as `1`/`0`, a 4–6 as `0`/`1`: Chess# has no level
//! result), the points column is the sum of those codes on the mode's scale (win 10, loss 0),
//! and the rank column ranks by those points, so the file agrees with itself. Reading the file
//! back gives 10–0 for each such game; the app's own JSON keeps the exact 8–2.
//!
//! Read: the same lines, tolerant of a byte-order mark, CRLF or CR line ends and trailing
//! spaces, ignoring header lines it does not use; strict about the lines it reads (the error
//! names the line and what is wrong, and nothing is made of a file with an error). The point
//! system picks the mode: 1/½/0 orthodox, 3/2/1 Primary, 10/5/0 Chess#, anything else a
//! custom rule set with that table.

use super::event::{default_tie_breaks, Player, System, Tournament, MAX_PLAYERS, MAX_RATING};
use super::outcomes::ResultKind;
use super::result::GameResult;
use super::standings::{standings, Game, Round};
use crate::rules::clock::TimeControl;
use crate::rules::ruleset::{Mode, RuleSet, Scoring, MAX_HALF_POINTS};
use crate::text::msg;
use std::collections::BTreeMap;
use std::fmt;

/// A file that does not read: the line (from 1; 0 for the file as a whole) and why (in the
/// reader's language).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct TrfError {
    pub line: usize,
    pub reason: String,
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.reason)
        } else {
            f.write_str(&msg::tournament_problem_trf_line(&self.line, &self.reason))
        }
    }
}

impl std::error::Error for TrfError {}

fn error(line: usize, reason: impl Into<String>) -> TrfError {
    TrfError {
        line,
        reason: reason.into(),
    }
}

/// One player's entry for one round.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cell {
    /// A game against `opponent` (an index): `white`, and the result code (`' '`: none yet).
    Game {
        opponent: usize,
        white: bool,
        code: char,
    },
    /// No game: `U`, `H`, `F` or `Z`.
    Unpaired(char),
}

/// What a code scores on `scoring`, with `pab` for the pairing-allocated bye (half points).
fn code_points(code: char, scoring: &Scoring, pab: u16) -> u16 {
    match code {
        '1' | 'W' | '+' | 'F' => scoring.win,
        '=' | 'D' | 'H' => scoring.draw,
        '0' | 'L' => scoring.loss,
        'U' => pab,
        _ => 0,
    }
}

/// The codes of a game for (White, Black): who scored more won.
fn game_codes(result: &Option<GameResult>) -> (char, char) {
    let Some(r) = result else { return (' ', ' ') };
    let [w, b] = r.half_points;
    match (r.played, w.cmp(&b)) {
        (true, std::cmp::Ordering::Greater) => ('1', '0'),
        (true, std::cmp::Ordering::Less) => ('0', '1'),
        (true, std::cmp::Ordering::Equal) => ('=', '='),
        (false, _) => (if w > 0 { '+' } else { '-' }, if b > 0 { '+' } else { '-' }),
    }
}

/// Every player's cell in every round (`Z` when not in it).
fn cells(t: &Tournament) -> Vec<Vec<Cell>> {
    let n = t.players.len();
    let s = &t.rules.scoring;
    let mut table = vec![Vec::with_capacity(t.rounds.len()); n];
    for (i, round) in t.rounds.iter().enumerate() {
        let number = i as u16 + 1;
        let mut row: Vec<Cell> = vec![Cell::Unpaired('Z'); n];
        for game in &round.games {
            let (w, b) = game_codes(&game.result);
            row[game.white] = Cell::Game {
                opponent: game.black,
                white: true,
                code: w,
            };
            row[game.black] = Cell::Game {
                opponent: game.white,
                white: false,
                code: b,
            };
        }
        for &(p, half) in &round.byes {
            let absent = t.players[p].absent_rounds.contains(&number);
            row[p] = Cell::Unpaired(match () {
                _ if absent && half == s.draw => 'H',
                _ if absent && half == s.win => 'F',
                _ => 'U',
            });
        }
        for (p, cell) in row.into_iter().enumerate() {
            table[p].push(cell);
        }
    }
    table
}

/// Points in the TRF's form: `2.5`, `10.0`; from 100 on a whole number (`110`), as
/// bbpPairings reads it, since `XX.X` has four columns.
fn points_text(half: u32) -> Result<String, String> {
    if half < 200 {
        Ok(format!("{}.{}", half / 2, half % 2 * 5))
    } else if half.is_multiple_of(2) && half / 2 <= 9999 {
        Ok((half / 2).to_string())
    } else {
        Err(msg::tournament_problem_trf_score_too_big(&(half / 2)))
    }
}

/// Reads `3`, `3.0`, `2.5`, `.5` as half points; anything else (a third of a point) is `None`.
fn parse_points(text: &str) -> Option<u32> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if whole.is_empty() && fraction.is_empty()
        || !whole.chars().all(|c| c.is_ascii_digit())
        || !fraction.chars().all(|c| c.is_ascii_digit())
        || whole.len() > 5
    {
        return None;
    }
    let whole: u32 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let half = match fraction.trim_end_matches('0') {
        "" => 0,
        "5" => 1,
        _ => return None,
    };
    Some(whole * 2 + half)
}

/// The first round's colour of the top player, as bbpPairings infers it: the first player (by
/// starting number) who took part in the first round with games, their colour reversed if an
/// odd number of players took part before them.
fn first_colour_white(t: &Tournament, table: &[Vec<Cell>]) -> bool {
    let Some(r) = t.rounds.iter().position(|round| !round.games.is_empty()) else {
        return true;
    };
    let mut before = 0;
    for row in table {
        match row[r] {
            Cell::Game { white, .. } => return white == (before % 2 == 0),
            Cell::Unpaired('U') => before += 1,
            Cell::Unpaired(_) => {}
        }
    }
    true
}

impl Tournament {
    /// The tournament as a TRF-16 file (CRLF line ends). Fails only for a score the points
    /// column cannot hold (above 99½ with a half).
    pub fn to_trf(&self) -> Result<String, String> {
        let s = &self.rules.scoring;
        let table = cells(self);
        let next = self.rounds.len() as u16 + 1;
        let has_next = self.total_rounds().is_none_or(|t| next <= t);
        let mut lines = Vec::new();
        if !self.name.is_empty() {
            lines.push(format!("012 {}", self.name));
        }
        lines.push(format!(
            "092 {}",
            match self.system {
                System::RoundRobin { double: false } => "Round robin",
                System::RoundRobin { double: true } => "Double round robin",
                System::Swiss { .. } => "Swiss",
                System::Free => "Free pairing",
            }
        ));
        if let Some(tc) = self.time_control {
            lines.push(format!("122 {}", tc.label()));
        }
        match self.total_rounds() {
            Some(total) if total > 0 => lines.push(format!("XXR {total}")),
            None if !self.rounds.is_empty() => lines.push(format!("XXR {}", self.rounds.len())),
            _ => {}
        }
        let white1 = first_colour_white(self, &table);
        lines.push(format!("XXC {}", if white1 { "white1" } else { "black1" }));
        if (s.win, s.draw, s.loss, self.bye_points) != (2, 1, 0, 2) {
            let p = |h: u16| points_text(u32::from(h));
            for (code, half) in [("BBW", s.win), ("BBD", s.draw), ("BBL", s.loss)] {
                lines.push(format!("{code} {:>4}", p(half)?));
            }
            if self.bye_points != s.win {
                lines.push(format!("BBU {:>4}", p(self.bye_points)?));
            }
            lines.push(format!(
                "XXS W={} D={} WL={} BL={} PAB={}",
                p(s.win)?,
                p(s.draw)?,
                p(s.loss)?,
                p(s.loss)?,
                p(self.bye_points)?
            ));
        }
        // The file's own view of the results, for the points and rank columns.
        let view = self.as_codes(&table);
        let ranked = standings(self.players.len(), &view, s, &self.tie_breaks);
        let mut rank = vec![0; self.players.len()];
        for (place, row) in ranked.iter().enumerate() {
            rank[row.player] = place + 1;
        }
        for (p, player) in self.players.iter().enumerate() {
            let points: u32 = table[p]
                .iter()
                .map(|cell| {
                    u32::from(match *cell {
                        Cell::Game { code, .. } | Cell::Unpaired(code) => {
                            code_points(code, s, self.bye_points)
                        }
                    })
                })
                .sum();
            let rating = player.rating.map(|r| r.to_string()).unwrap_or_default();
            let mut line = format!(
                "001 {:>4}      {:<33} {:>4} {:3} {:>11} {:10} {:>4} {:>4}",
                p + 1,
                player.name,
                rating,
                "",
                "",
                "",
                points_text(points)?,
                rank[p]
            );
            for cell in &table[p] {
                line.push_str(&match *cell {
                    Cell::Game {
                        opponent,
                        white,
                        code,
                    } => format!(
                        "  {:>4} {} {code}",
                        opponent + 1,
                        if white { 'w' } else { 'b' }
                    ),
                    Cell::Unpaired(code) => format!("  0000 - {code}"),
                });
            }
            if has_next && self.is_away(p, next) {
                line.push_str("  0000 - Z");
            }
            lines.push(line.trim_end().to_string());
        }
        let mut text = lines.join("\r\n");
        text.push_str("\r\n");
        Ok(text)
    }

    /// The rounds as the codes score them (a Chess# 8–2 as a win), byes as their codes.
    fn as_codes(&self, table: &[Vec<Cell>]) -> Vec<Round> {
        let s = &self.rules.scoring;
        self.rounds
            .iter()
            .enumerate()
            .map(|(r, round)| Round {
                games: round
                    .games
                    .iter()
                    .map(|g| {
                        let (w, b) = game_codes(&g.result);
                        Game {
                            result: g.result.map(|r| GameResult {
                                half_points: [
                                    code_points(w, s, self.bye_points),
                                    code_points(b, s, self.bye_points),
                                ],
                                played: r.played,
                            }),
                            ..*g
                        }
                    })
                    .collect(),
                byes: round
                    .byes
                    .iter()
                    .map(|&(p, _)| match table[p][r] {
                        Cell::Unpaired(code) => (p, code_points(code, s, self.bye_points)),
                        Cell::Game { .. } => (p, 0),
                    })
                    .collect(),
            })
            .collect()
    }

    /// Reads a TRF-16 file (see the module's notes for what is read and how).
    pub fn from_trf(text: &str) -> Result<Tournament, TrfError> {
        Reader::default().read(text)
    }
}

/// A `001` line as read.
struct Row {
    line: usize,
    number: usize,
    name: String,
    rating: Option<u16>,
    points: u32,
    /// Per round: `None` for a blank entry, else (opponent number or 0, colour, code).
    cells: Vec<Option<(usize, char, char)>>,
}

/// The point-system values a file declares, in half points, with the line that set them.
#[derive(Default)]
struct Points {
    values: BTreeMap<&'static str, (u16, usize)>,
}

const POINT_CODES: [&str; 12] = [
    "WW", "BW", "FW", "FPB", "WD", "BD", "HPB", "WL", "BL", "FL", "ZPB", "PAB",
];

impl Points {
    fn set(&mut self, codes: &[&'static str], half: u16, line: usize) {
        for code in codes {
            self.values.insert(code, (half, line));
        }
    }

    fn get(&self, code: &str, default: u16) -> (u16, usize) {
        self.values.get(code).copied().unwrap_or((default, 0))
    }

    /// Win, draw, loss and the pairing-allocated bye, if the file's values fit one table.
    fn table(&self) -> Result<(u16, u16, u16, u16), TrfError> {
        type Differs = fn(&dyn fmt::Display, &dyn fmt::Display) -> String;
        let same = |codes: &[&str], default: u16, differs: Differs| -> Result<u16, TrfError> {
            let (first, first_line) = self.get(codes[0], default);
            for code in &codes[1..] {
                let (value, line) = self.get(code, default);
                if value != first {
                    return Err(error(line.max(first_line), differs(code, &codes[0])));
                }
            }
            Ok(first)
        };
        let win = same(
            &["WW", "BW", "FW", "FPB"],
            2,
            msg::tournament_problem_trf_wins_differ,
        )?;
        let draw = same(
            &["WD", "BD", "HPB"],
            1,
            msg::tournament_problem_trf_draws_differ,
        )?;
        let loss = same(&["WL", "BL"], 0, msg::tournament_problem_trf_losses_differ)?;
        for code in ["FL", "ZPB"] {
            let (value, line) = self.get(code, 0);
            if value != 0 {
                return Err(error(
                    line,
                    msg::tournament_problem_trf_missed_scores(&code),
                ));
            }
        }
        let (pab, line) = self.get("PAB", win);
        if pab > win {
            return Err(error(line, msg::tournament_problem_bye_too_much()));
        }
        Ok((win, draw, loss, pab))
    }
}

#[derive(Default)]
struct Reader {
    name: String,
    system_words: Option<String>,
    time_control: Option<TimeControl>,
    rounds: Option<(u16, usize)>,
    absent_next: Vec<(usize, usize)>,
    points: Points,
    rows: Vec<Row>,
}

/// The characters `from..to` of a line (columns from 0), blank past its end.
fn field(chars: &[char], from: usize, to: usize) -> String {
    (from..to)
        .map(|i| chars.get(i).copied().unwrap_or(' '))
        .collect()
}

fn number(text: &str) -> Option<usize> {
    let t = text.trim();
    (!t.is_empty() && t.len() <= 6 && t.chars().all(|c| c.is_ascii_digit()))
        .then(|| t.parse().ok())
        .flatten()
}

impl Reader {
    fn read(mut self, text: &str) -> Result<Tournament, TrfError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let lines: Vec<&str> = if text.contains('\n') {
            text.split('\n')
                .map(|l| l.strip_suffix('\r').unwrap_or(l))
                .collect()
        } else {
            text.split('\r').collect()
        };
        for (i, raw) in lines.iter().enumerate() {
            let line_no = i + 1;
            let line = raw.trim_end();
            if line.chars().count() < 3 {
                continue;
            }
            let code: String = line.chars().take(3).collect();
            let rest = line.chars().skip(4).collect::<String>();
            let rest = rest.trim();
            match code.as_str() {
                "001" => self.player(line, line_no)?,
                "012" => self.name = rest.to_string(),
                "092" => self.system_words = Some(rest.to_ascii_lowercase()),
                "122" => self.time_control = time_control(rest),
                // `142` is TRF-2026's line for the rounds, which bbpPairings writes.
                "XXR" | "142" => {
                    let r = number(rest)
                        .filter(|&r| (1..=usize::from(u16::MAX)).contains(&r))
                        .ok_or_else(|| {
                            error(line_no, msg::tournament_problem_trf_needs_rounds(&code))
                        })?;
                    self.rounds = Some((r as u16, line_no));
                }
                "XXZ" => {
                    for word in rest.split_whitespace() {
                        let p = number(word).filter(|&p| p >= 1).ok_or_else(|| {
                            error(
                                line_no,
                                msg::tournament_problem_trf_not_a_starting_number(&word),
                            )
                        })?;
                        self.absent_next.push((p, line_no));
                    }
                }
                "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                    let half = point_value(rest, line_no)?;
                    let codes: &[&'static str] = match code.as_str() {
                        "BBW" => &["WW", "BW", "FW", "FPB"],
                        "BBD" => &["WD", "BD", "HPB"],
                        "BBL" => &["WL", "BL"],
                        "BBZ" => &["ZPB"],
                        "BBF" => &["FL"],
                        _ => &["PAB"],
                    };
                    self.points.set(codes, half, line_no);
                }
                "XXS" => {
                    for word in rest.split_whitespace() {
                        let (key, value) = word.split_once('=').ok_or_else(|| {
                            error(line_no, msg::tournament_problem_trf_not_code_value(&word))
                        })?;
                        let half = point_value(value, line_no)?;
                        let key = key.to_ascii_uppercase();
                        let codes: Vec<&'static str> = match key.as_str() {
                            "W" => vec!["WW", "BW", "FW", "FPB"],
                            "D" => vec!["WD", "BD", "HPB"],
                            other => match POINT_CODES.iter().find(|c| **c == other) {
                                Some(c) => vec![*c],
                                None => {
                                    return Err(error(
                                        line_no,
                                        msg::tournament_problem_trf_unknown_code(&key),
                                    ))
                                }
                            },
                        };
                        self.points.set(&codes, half, line_no);
                    }
                }
                _ => {}
            }
        }
        self.build()
    }

    fn player(&mut self, line: &str, line_no: usize) -> Result<(), TrfError> {
        let bad = |what: String| error(line_no, what);
        let chars: Vec<char> = line.chars().collect();
        if chars.len() < 84 {
            return Err(bad(msg::tournament_problem_trf_too_short().into()));
        }
        let start = number(&field(&chars, 4, 8))
            .filter(|&n| (1..=MAX_PLAYERS).contains(&n))
            .ok_or_else(|| bad(msg::tournament_problem_trf_bad_start(&MAX_PLAYERS)))?;
        let name = field(&chars, 14, 47).trim().to_string();
        if name.is_empty() {
            return Err(bad(msg::tournament_problem_trf_no_name().into()));
        }
        if name.chars().any(char::is_control) {
            return Err(bad(msg::tournament_problem_trf_name_control().into()));
        }
        let rating_text = field(&chars, 48, 52);
        let rating = if rating_text.trim().is_empty() {
            None
        } else {
            match number(&rating_text) {
                Some(0) => None,
                Some(r) if r <= usize::from(MAX_RATING) => Some(r as u16),
                _ => return Err(bad(msg::tournament_problem_trf_bad_rating(&MAX_RATING))),
            }
        };
        let points = parse_points(field(&chars, 80, 84).trim())
            .ok_or_else(|| bad(msg::tournament_problem_trf_bad_points().into()))?;
        let rank = field(&chars, 85, 89);
        if !rank.trim().is_empty() && number(&rank).is_none() {
            return Err(bad(msg::tournament_problem_trf_bad_rank().into()));
        }
        let mut cells = Vec::new();
        let mut at = 89;
        while at < chars.len() {
            let round = cells.len() + 1;
            let cell = field(&chars, at, at + 10);
            at += 10;
            if cell.trim().is_empty() {
                cells.push(None);
                continue;
            }
            let c: Vec<char> = cell.chars().collect();
            let place = msg::tournament_problem_trf_cell(&round, &(at - 9), &at);
            if c[0] != ' ' || c[1] != ' ' || c[6] != ' ' || c[8] != ' ' {
                return Err(bad(msg::tournament_problem_trf_cell_layout(&place)));
            }
            let opponent_text: String = c[2..6].iter().collect();
            let opponent = if opponent_text.trim().is_empty() {
                0
            } else {
                number(&opponent_text).ok_or_else(|| {
                    bad(msg::tournament_problem_trf_cell_opponent(
                        &place,
                        &opponent_text,
                    ))
                })?
            };
            let colour = c[7].to_ascii_lowercase();
            let code = c[9].to_ascii_uppercase();
            if !"wb- ".contains(colour) {
                return Err(bad(msg::tournament_problem_trf_cell_colour(&place, &c[7])));
            }
            if !"10=+-WDLHFUZ ".contains(code) {
                return Err(bad(msg::tournament_problem_trf_cell_code(&place, &c[9])));
            }
            if opponent == start {
                return Err(bad(msg::tournament_problem_trf_cell_self(&place)));
            }
            if opponent == 0 {
                if "10=WDL".contains(code) {
                    return Err(bad(msg::tournament_problem_trf_cell_result_alone(&place)));
                }
                if colour != '-' && colour != ' ' {
                    return Err(bad(msg::tournament_problem_trf_cell_colour_alone(&place)));
                }
            } else {
                if "HFUZ".contains(code) {
                    return Err(bad(msg::tournament_problem_trf_cell_bye_with_opponent(
                        &place,
                    )));
                }
                let forfeit = code == '+' || code == '-';
                if !(colour == 'w' || colour == 'b' || forfeit && colour == '-') {
                    return Err(bad(msg::tournament_problem_trf_cell_no_colour(&place)));
                }
            }
            cells.push(Some((opponent, colour, code)));
        }
        self.rows.push(Row {
            line: line_no,
            number: start,
            name,
            rating,
            points,
            cells,
        });
        Ok(())
    }

    fn build(self) -> Result<Tournament, TrfError> {
        if self.rows.is_empty() {
            return Err(error(0, msg::tournament_problem_trf_no_players()));
        }
        let n = self.rows.len();
        let mut by_number: Vec<Option<&Row>> = vec![None; n];
        for row in &self.rows {
            let slot = by_number.get_mut(row.number - 1).ok_or_else(|| {
                error(
                    row.line,
                    msg::tournament_problem_trf_number_too_big(&row.number, n as u64),
                )
            })?;
            if slot.is_some() {
                return Err(error(
                    row.line,
                    msg::tournament_problem_trf_number_twice(&row.number),
                ));
            }
            *slot = Some(row);
        }
        let rows: Vec<&Row> = by_number.into_iter().flatten().collect();
        for (i, row) in rows.iter().enumerate() {
            if rows[..i]
                .iter()
                .any(|r| r.name.to_lowercase() == row.name.to_lowercase())
            {
                return Err(error(
                    row.line,
                    msg::tournament_problem_trf_name_twice(&row.name),
                ));
            }
            for (k, cell) in row.cells.iter().enumerate() {
                if let Some((opponent, _, _)) = cell {
                    if *opponent > n {
                        return Err(error(
                            row.line,
                            msg::tournament_problem_trf_no_such_player(&(k + 1), opponent),
                        ));
                    }
                }
            }
        }
        let (win, draw, loss, pab) = self.points.table()?;
        let scoring = Scoring {
            win,
            draw,
            loss,
            stalemate: [draw, draw],
            impasse_unequal: [draw, draw],
            impasse_equal: [draw, draw],
        };
        let rules = match (win, draw, loss) {
            (2, 1, 0) => RuleSet::orthodox(),
            (6, 4, 2) => RuleSet::primary(),
            (20, 10, 0) => RuleSet::sharp(),
            _ if win > MAX_HALF_POINTS => {
                return Err(error(
                    0,
                    msg::tournament_problem_trf_win_too_big(&(MAX_HALF_POINTS / 2)),
                ))
            }
            _ => RuleSet {
                scoring,
                ..RuleSet::for_mode(Mode::Custom)
            },
        };
        let s = rules.scoring;
        // A round is played if someone in it has a game or the pairing-allocated bye.
        let real = |cell: &Option<(usize, char, char)>| matches!(cell, Some((o, _, c)) if *o > 0 || *c == 'U' || *c == '+');
        let played = rows
            .iter()
            .filter_map(|r| r.cells.iter().rposition(real))
            .max()
            .map_or(0, |k| k + 1);
        for row in &rows {
            for (k, cell) in row.cells.iter().enumerate().skip(played) {
                let Some((_, _, code)) = cell else { continue };
                if k > played {
                    return Err(error(
                        row.line,
                        msg::tournament_problem_trf_round_too_late(&(k + 1)),
                    ));
                }
                if !"ZHF-".contains(*code) {
                    return Err(error(
                        row.line,
                        msg::tournament_problem_trf_not_a_way_to_miss(&(k + 1)),
                    ));
                }
            }
        }
        let mut players: Vec<Player> = rows
            .iter()
            .map(|r| Player {
                rating: r.rating,
                ..Player::new(&r.name)
            })
            .collect();
        let mut rounds = vec![Round::default(); played];
        for (p, row) in rows.iter().enumerate() {
            let mut sum = 0u32;
            let mut next_bye = 0;
            for (k, round) in rounds.iter_mut().enumerate() {
                let number = k as u16 + 1;
                // A blank entry in a round played: the player was not in it.
                let cell = row.cells.get(k).copied().flatten();
                let (opponent, colour, code) = cell.unwrap_or((0, ' ', 'Z'));
                let value = match (opponent, code) {
                    (0, '+') => pab,
                    _ => code_points(code, &s, pab),
                };
                sum += u32::from(value);
                if opponent == 0 {
                    match code {
                        'U' | '+' => round.byes.push((p, pab)),
                        'H' | 'F' => {
                            round.byes.push((p, value));
                            players[p].absent_rounds.push(number);
                        }
                        _ => players[p].absent_rounds.push(number),
                    }
                    continue;
                }
                let q = opponent - 1;
                let theirs = rows[q].cells.get(k).copied().flatten();
                let game = game_of(p, q, colour, code, theirs, &s).ok_or_else(|| {
                    error(
                        row.line,
                        msg::tournament_problem_trf_game_disagrees(&number, &opponent),
                    )
                })?;
                if p < q {
                    round.games.push(game);
                }
            }
            // The next round's column: a way to miss it (checked above).
            if let Some(Some((_, _, code))) = row.cells.get(played) {
                players[p].absent_rounds.push(played as u16 + 1);
                next_bye = u32::from(code_points(*code, &s, pab));
            }
            if sum != row.points && sum + next_bye != row.points {
                return Err(error(
                    row.line,
                    msg::tournament_problem_trf_points_disagree(
                        &points_text(row.points).unwrap_or_default(),
                        &points_text(sum).unwrap_or_default(),
                    ),
                ));
            }
        }
        for &(p, line) in &self.absent_next {
            let player = players
                .get_mut(p - 1)
                .ok_or_else(|| error(line, msg::tournament_problem_trf_xxz_no_player(&p)))?;
            let next = played as u16 + 1;
            if !player.absent_rounds.contains(&next) {
                player.absent_rounds.push(next);
            }
        }
        let words = self.system_words.unwrap_or_default();
        let system = if words.contains("round") && words.contains("robin") {
            System::RoundRobin {
                double: words.contains("double"),
            }
        } else if words.contains("free") {
            System::Free
        } else {
            let rounds = self.rounds.map_or(played.max(1) as u16, |(r, _)| r);
            System::Swiss { rounds }
        };
        if let (System::Swiss { rounds: total }, Some((_, line))) = (system, self.rounds) {
            if (total as usize) < played {
                return Err(error(
                    line,
                    msg::tournament_problem_trf_xxr_too_few(&total, played as u64),
                ));
            }
        }
        let t = Tournament {
            id: 0,
            name: self.name,
            rules,
            time_control: self.time_control,
            system,
            tie_breaks: default_tie_breaks(system),
            bye_points: pab,
            players,
            rounds,
            log: Vec::new(),
        };
        t.check().map_err(|why| error(0, why))?;
        Ok(t)
    }
}

/// The game between `p` and `q` (indexes) from `p`'s entry and `q`'s, if they agree.
fn game_of(
    p: usize,
    q: usize,
    colour: char,
    code: char,
    theirs: Option<(usize, char, char)>,
    scoring: &Scoring,
) -> Option<Game> {
    let (back, their_colour, their_code) = theirs?;
    if back != p + 1 {
        return None;
    }
    let colours_agree = matches!((colour, their_colour), ('w', 'b') | ('b', 'w') | ('-', '-'));
    if !colours_agree {
        return None;
    }
    // White is whoever says `w`; a forfeit without colours puts the lower number first.
    let p_white = colour == 'w' || colour == '-' && p < q;
    let (white, black) = if p_white { (p, q) } else { (q, p) };
    let (wc, bc) = if p_white {
        (code, their_code)
    } else {
        (their_code, code)
    };
    let kind = match (wc, bc) {
        ('1' | 'W', '0' | 'L') => Some(ResultKind::WhiteWins),
        ('0' | 'L', '1' | 'W') => Some(ResultKind::BlackWins),
        ('=' | 'D', '=' | 'D') => Some(ResultKind::Draw),
        ('+', '-') => Some(ResultKind::BlackForfeits),
        ('-', '+') => Some(ResultKind::WhiteForfeits),
        ('-', '-') => Some(ResultKind::BothAbsent),
        (' ', ' ') => None,
        _ => return None,
    };
    if kind.is_none() && colour == '-' {
        return None;
    }
    Some(Game {
        white,
        black,
        result: kind.map(|k| k.result(scoring)),
    })
}

/// A point value of a point-system line, in half points.
fn point_value(text: &str, line: usize) -> Result<u16, TrfError> {
    parse_points(text.trim())
        .filter(|&h| h <= u32::from(MAX_HALF_POINTS))
        .map(|h| h as u16)
        .ok_or_else(|| {
            error(
                line,
                msg::tournament_problem_trf_bad_half_points(&text.trim(), &(MAX_HALF_POINTS / 2)),
            )
        })
}

/// `10+5` (the app's own form) as a time control; other wordings are not read.
fn time_control(text: &str) -> Option<TimeControl> {
    let (base, increment) = text.split_once('+')?;
    let base: u64 = base.trim().parse().ok()?;
    let increment: u64 = increment.trim().parse().ok()?;
    ((1..=180).contains(&base) && increment <= 60).then(|| TimeControl::minutes(base, increment))
}

#[cfg(test)]
mod tests;
