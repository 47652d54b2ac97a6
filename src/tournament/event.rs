//! A tournament as the app keeps it: its settings, the players in starting-number order, the
//! rounds with their results, and a log of the changes a teacher made after the start (typed,
//! so the UI says them in the class's language). Every operation checks what it is asked and
//! refuses with a typed reason; nothing half-done is left behind.
//!
//! Rounds and boards are numbered from 1, as the teacher sees them; players are indexes from
//! 0 into [`Tournament::players`] (the starting number is the index + 1).

use super::berger;
use super::outcomes::possible_results;
use super::result::GameResult;
use super::standings::{standings, Game, Round, Standing, TieBreak};
use crate::rules::clock::TimeControl;
use crate::rules::ruleset::{Mode, RuleSet, Scoring, MAX_HALF_POINTS};
use crate::text::msg;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most players a tournament takes (a school's year group fits).
pub const MAX_PLAYERS: usize = 200;
/// The longest player name: the width of the name in a FIDE report file.
pub const MAX_NAME_CHARS: usize = 33;
/// The longest class name.
pub const MAX_CLASS_CHARS: usize = 20;
/// The longest tournament name.
pub const MAX_TITLE_CHARS: usize = 100;
/// The highest rating a player may have.
pub const MAX_RATING: u16 = 4000;
/// The most rounds a Swiss tournament may have.
pub const MAX_SWISS_ROUNDS: u16 = 30;
/// The most rounds of any tournament (a free lesson pairs many small rounds).
pub const MAX_ROUNDS: usize = 500;
/// The longest game a time control may give each player (3 hours), and the longest increment.
pub const MAX_BASE_MS: u64 = 180 * 60_000;
pub const MAX_INCREMENT_MS: u64 = 60_000;

/// How the rounds are paired.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum System {
    /// Everyone meets everyone by the Berger tables; `double`: twice, colours reversed.
    RoundRobin { double: bool },
    /// A Swiss tournament of this many rounds.
    Swiss { rounds: u16 },
    /// A lesson's free pairing: whoever has finished plays the nearest free player.
    Free,
}

/// A player as entered. `absent_rounds`: the rounds (from 1, sorted) they will miss.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Player {
    pub name: String,
    pub class: Option<String>,
    pub rating: Option<u16>,
    pub withdrawn: bool,
    pub absent_rounds: Vec<u16>,
}

impl Player {
    pub fn new(name: &str) -> Player {
        Player {
            name: name.trim().to_string(),
            class: None,
            rating: None,
            withdrawn: false,
            absent_rounds: Vec::new(),
        }
    }
}

/// A change after the start, for the log the teacher and the class can see.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogEntry {
    /// The round the change is about: the result's round, the re-paired round, or the first
    /// round that a player joining or leaving changes.
    pub round: u16,
    pub kind: LogKind,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum LogKind {
    ResultEntered {
        board: u16,
        result: GameResult,
    },
    ResultCorrected {
        board: u16,
        was: Option<GameResult>,
        now: Option<GameResult>,
    },
    PlayerAdded {
        player: usize,
    },
    Withdrawn {
        player: usize,
    },
    RoundRepaired,
}

/// What was wrong with one line of pasted players.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LineProblem {
    NoName,
    NameTooLong,
    /// Control characters (a tab inside a field, a stray escape) in the name or class.
    BadCharacters,
    ClassTooLong,
    /// Not a whole number from 1 to [`MAX_RATING`].
    BadRating,
    /// More than a name, one class and one rating.
    TooManyFields,
}

/// A setting refused by [`Tournament::check`] or a setter.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Setting {
    Name,
    /// Swiss rounds outside 1 to [`MAX_SWISS_ROUNDS`].
    Rounds,
    /// The same tie-break twice.
    TieBreaks,
    /// More than a win.
    ByePoints,
    TimeControl,
}

/// Why an operation was refused; nothing was changed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum TournamentError {
    /// Line `line` (from 1) of the pasted players.
    BadLine {
        line: usize,
        problem: LineProblem,
    },
    DuplicateName {
        line: usize,
        name: String,
    },
    TooManyPlayers,
    NotEnoughPlayers,
    NoSuchPlayer(usize),
    NoSuchRound(u16),
    NoSuchBoard {
        round: u16,
        board: u16,
    },
    /// The board has a result: correct it instead.
    ResultAlreadyEntered {
        round: u16,
        board: u16,
    },
    /// The mode's scoring cannot give these points.
    NotAResultOfTheMode,
    /// Some boards of the round have no result yet.
    RoundNotFinished {
        round: u16,
    },
    AllRoundsPaired,
    NoRoundYet,
    /// A result of the round is in: it can no longer be paired again.
    RoundHasResults {
        round: u16,
    },
    /// Only before the first round is paired.
    AlreadyStarted,
    /// A round robin's table is fixed once it starts.
    LateEntryInRoundRobin,
    AlreadyWithdrawn(usize),
    /// Free pairing: no two free players who have not just met.
    NobodyToPair,
    /// The Swiss rules leave no pairing (too few players left for the rounds).
    NoPairing,
    /// Tournaments are for two-player games.
    ModeNotForTournaments,
    BadRules(String),
    BadSetting(Setting),
    /// A round that is already paired (or past) cannot be marked as missed.
    RoundAlreadyPaired(u16),
}

impl LineProblem {
    /// The problem as a sentence about `who`: a pasted line ([`msg::tournament_problem_line`])
    /// or a player ([`msg::tournament_problem_player`]).
    pub fn text(self, who: &dyn fmt::Display) -> String {
        match self {
            LineProblem::NoName => msg::tournament_problem_no_name(who),
            LineProblem::NameTooLong => {
                msg::tournament_problem_name_too_long(who, MAX_NAME_CHARS as u64)
            }
            LineProblem::BadCharacters => msg::tournament_problem_bad_characters(who),
            LineProblem::ClassTooLong => {
                msg::tournament_problem_class_too_long(who, MAX_CLASS_CHARS as u64)
            }
            LineProblem::BadRating => msg::tournament_problem_bad_rating(who, &MAX_RATING),
            LineProblem::TooManyFields => msg::tournament_problem_too_many_fields(who),
        }
    }
}

impl fmt::Display for Setting {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = match self {
            Setting::Name => msg::tournament_problem_bad_name(MAX_TITLE_CHARS as u64),
            Setting::Rounds => msg::tournament_problem_bad_rounds(u64::from(MAX_SWISS_ROUNDS)),
            Setting::TieBreaks => msg::tournament_problem_tie_break_twice().into(),
            Setting::ByePoints => msg::tournament_problem_bye_too_much().into(),
            Setting::TimeControl => msg::tournament_problem_bad_time_control(
                &(MAX_BASE_MS / 60_000),
                &(MAX_INCREMENT_MS / 1000),
            ),
        };
        f.write_str(&text)
    }
}

impl fmt::Display for TournamentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use TournamentError as E;
        let text: String = match self {
            E::BadLine { line, problem } => problem.text(&msg::tournament_problem_line(line)),
            E::DuplicateName { line, name } => msg::tournament_problem_duplicate_name(line, name),
            E::TooManyPlayers => msg::tournament_problem_too_many_players(MAX_PLAYERS as u64),
            E::NotEnoughPlayers => msg::tournament_problem_not_enough_players().into(),
            E::NoSuchPlayer(p) => msg::tournament_problem_no_such_player(&(p + 1)),
            E::NoSuchRound(r) => msg::tournament_problem_no_such_round(r),
            E::NoSuchBoard { round, board } => msg::tournament_problem_no_such_board(round, board),
            E::ResultAlreadyEntered { round, board } => {
                msg::tournament_problem_result_already_entered(round, board)
            }
            E::NotAResultOfTheMode => msg::tournament_problem_not_a_result_of_the_mode().into(),
            E::RoundNotFinished { round } => msg::tournament_problem_round_not_finished(round),
            E::AllRoundsPaired => msg::tournament_problem_all_rounds_paired().into(),
            E::NoRoundYet => msg::tournament_problem_no_round_yet().into(),
            E::RoundHasResults { round } => msg::tournament_problem_round_has_results(round),
            E::AlreadyStarted => msg::tournament_problem_already_started().into(),
            E::LateEntryInRoundRobin => msg::tournament_problem_late_entry_round_robin().into(),
            E::AlreadyWithdrawn(p) => msg::tournament_problem_already_withdrawn(&(p + 1)),
            E::NobodyToPair => msg::tournament_problem_nobody_to_pair().into(),
            E::NoPairing => msg::tournament_problem_no_pairing().into(),
            E::ModeNotForTournaments => msg::tournament_problem_mode_not_for_tournaments().into(),
            // Already in the reader's language: the rules core says it.
            E::BadRules(why) => why.clone(),
            E::BadSetting(s) => s.to_string(),
            E::RoundAlreadyPaired(r) => msg::tournament_problem_round_already_paired(r),
        };
        f.write_str(&text)
    }
}

impl std::error::Error for TournamentError {}

/// The tie-breaks a new tournament starts with: the FIDE recommendations for its system.
pub fn default_tie_breaks(system: System) -> Vec<TieBreak> {
    match system {
        System::RoundRobin { .. } => vec![
            TieBreak::DirectEncounter,
            TieBreak::SonnebornBerger,
            TieBreak::Wins,
        ],
        System::Swiss { .. } => vec![
            TieBreak::BuchholzCut1,
            TieBreak::Buchholz,
            TieBreak::DirectEncounter,
        ],
        System::Free => vec![TieBreak::Buchholz, TieBreak::Wins],
    }
}

/// The tournament.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tournament {
    /// Tells this tournament from another one on the same tablet, so a game played here for
    /// a board of an earlier tournament is not entered into a new one (0: none given).
    #[serde(default)]
    pub(super) id: u64,
    pub(super) name: String,
    pub(super) rules: RuleSet,
    pub(super) time_control: Option<TimeControl>,
    pub(super) system: System,
    pub(super) tie_breaks: Vec<TieBreak>,
    /// What a pairing-allocated bye scores, in half points (FIDE: a win).
    pub(super) bye_points: u16,
    pub(super) players: Vec<Player>,
    pub(super) rounds: Vec<Round>,
    pub(super) log: Vec<LogEntry>,
}

fn has_control(text: &str) -> bool {
    text.chars().any(char::is_control)
}

/// Reads one pasted line: `name`, `name, rating`, `name; class`, `name; class, rating`, or
/// fields separated by tabs (a spreadsheet's column copy): a number is the rating, any other
/// field the class. A comma inside the name stays (`Berg, Anna`) unless a number follows it.
fn parse_player_line(line: &str) -> Result<Player, LineProblem> {
    let mut name = None;
    let mut class = None;
    let mut rating_text = None;
    for (i, field) in line.split([';', '\t']).map(str::trim).enumerate() {
        let is_number = |t: &str| !t.is_empty() && t.chars().all(|c| c.is_ascii_digit());
        let mut text = field;
        if let Some((before, after)) = field.rsplit_once(',') {
            if is_number(after.trim()) {
                text = before.trim();
                if rating_text.replace(after.trim()).is_some() {
                    return Err(LineProblem::TooManyFields);
                }
            }
        }
        let slot = if i == 0 {
            &mut name
        } else if is_number(text) {
            &mut rating_text
        } else if text.is_empty() {
            continue;
        } else {
            &mut class
        };
        if slot.replace(text).is_some() {
            return Err(LineProblem::TooManyFields);
        }
    }
    let name = name.unwrap_or_default();
    check_name(name)?;
    if let Some(c) = class {
        if c.chars().count() > MAX_CLASS_CHARS {
            return Err(LineProblem::ClassTooLong);
        }
        if has_control(c) {
            return Err(LineProblem::BadCharacters);
        }
    }
    let rating = match rating_text {
        None => None,
        Some(t) => match t.parse::<u16>() {
            Ok(r) if (1..=MAX_RATING).contains(&r) => Some(r),
            _ => return Err(LineProblem::BadRating),
        },
    };
    Ok(Player {
        class: class.map(str::to_string),
        rating,
        ..Player::new(name)
    })
}

fn check_name(name: &str) -> Result<(), LineProblem> {
    if name.trim().is_empty() {
        Err(LineProblem::NoName)
    } else if name.chars().count() > MAX_NAME_CHARS {
        Err(LineProblem::NameTooLong)
    } else if has_control(name) {
        Err(LineProblem::BadCharacters)
    } else {
        Ok(())
    }
}

/// Names compare without case: two pupils called "anna" and "Anna" would be confused.
fn same_name(a: &str, b: &str) -> bool {
    a.trim().to_lowercase() == b.trim().to_lowercase()
}

fn check_time_control(tc: &Option<TimeControl>) -> Result<(), TournamentError> {
    match tc {
        Some(t) if !(1..=MAX_BASE_MS).contains(&t.base_ms) || t.increment_ms > MAX_INCREMENT_MS => {
            Err(TournamentError::BadSetting(Setting::TimeControl))
        }
        _ => Ok(()),
    }
}

impl Tournament {
    /// A new tournament without players. Its bye scores a win and its tie-breaks are
    /// [`default_tie_breaks`].
    pub fn new(name: &str, rules: RuleSet, system: System) -> Result<Tournament, TournamentError> {
        let t = Tournament {
            id: 0,
            name: name.trim().to_string(),
            bye_points: rules.scoring.win,
            rules,
            time_control: None,
            system,
            tie_breaks: default_tie_breaks(system),
            players: Vec::new(),
            rounds: Vec::new(),
            log: Vec::new(),
        };
        t.check_settings()?;
        Ok(t)
    }

    pub fn id(&self) -> u64 {
        self.id
    }
    pub fn set_id(&mut self, id: u64) {
        self.id = id;
    }
    pub fn name(&self) -> &str {
        &self.name
    }
    pub fn rules(&self) -> &RuleSet {
        &self.rules
    }
    pub fn scoring(&self) -> &Scoring {
        &self.rules.scoring
    }
    pub fn time_control(&self) -> Option<TimeControl> {
        self.time_control
    }
    pub fn system(&self) -> System {
        self.system
    }
    pub fn tie_breaks(&self) -> &[TieBreak] {
        &self.tie_breaks
    }
    pub fn bye_points(&self) -> u16 {
        self.bye_points
    }
    pub fn players(&self) -> &[Player] {
        &self.players
    }
    pub fn rounds(&self) -> &[Round] {
        &self.rounds
    }
    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }
    fn started(&self) -> bool {
        !self.rounds.is_empty()
    }

    pub fn set_name(&mut self, name: &str) -> Result<(), TournamentError> {
        let name = name.trim();
        if name.chars().count() > MAX_TITLE_CHARS || has_control(name) {
            return Err(TournamentError::BadSetting(Setting::Name));
        }
        self.name = name.to_string();
        Ok(())
    }

    /// The game the tournament plays; only before the first round (results depend on it).
    pub fn set_rules(&mut self, rules: RuleSet) -> Result<(), TournamentError> {
        if self.started() {
            return Err(TournamentError::AlreadyStarted);
        }
        check_rules(&rules)?;
        // A bye that scored a win still does; a smaller one stays, at most the new win.
        self.bye_points = if self.bye_points == self.rules.scoring.win {
            rules.scoring.win
        } else {
            self.bye_points.min(rules.scoring.win)
        };
        self.rules = rules;
        Ok(())
    }

    pub fn set_time_control(&mut self, tc: Option<TimeControl>) -> Result<(), TournamentError> {
        check_time_control(&tc)?;
        self.time_control = tc;
        Ok(())
    }

    /// The pairing system. After the start only when the rounds played fit the new system;
    /// the next round is then paired by it.
    pub fn set_system(&mut self, system: System) -> Result<(), TournamentError> {
        check_system(system)?;
        let old = std::mem::replace(&mut self.system, system);
        if self
            .total_rounds()
            .is_some_and(|t| self.rounds.len() > t as usize)
        {
            self.system = old;
            return Err(TournamentError::AllRoundsPaired);
        }
        // Tie-breaks nobody chose follow the system's recommendation.
        if self.tie_breaks == default_tie_breaks(old) {
            self.tie_breaks = default_tie_breaks(system);
        }
        Ok(())
    }

    /// The tie-breaks, in the order they decide; they may change at any time.
    pub fn set_tie_breaks(&mut self, order: Vec<TieBreak>) -> Result<(), TournamentError> {
        check_tie_breaks(&order)?;
        self.tie_breaks = order;
        Ok(())
    }

    /// What a pairing-allocated bye scores (half points, at most a win); only before the
    /// first round, so every bye of the event scores the same.
    pub fn set_bye_points(&mut self, half_points: u16) -> Result<(), TournamentError> {
        if self.started() {
            return Err(TournamentError::AlreadyStarted);
        }
        if half_points > self.rules.scoring.win {
            return Err(TournamentError::BadSetting(Setting::ByePoints));
        }
        self.bye_points = half_points;
        Ok(())
    }

    /// Adds the players pasted as text, one a line (blank lines are skipped; see
    /// [`parse_player_line`] for the forms). Before the first round; all or nothing. Returns
    /// how many were added.
    pub fn add_players(&mut self, text: &str) -> Result<usize, TournamentError> {
        if self.started() {
            return Err(TournamentError::AlreadyStarted);
        }
        let mut added: Vec<Player> = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line_no = i + 1;
            if line.trim().is_empty() {
                continue;
            }
            let player = parse_player_line(line).map_err(|problem| TournamentError::BadLine {
                line: line_no,
                problem,
            })?;
            if self
                .players
                .iter()
                .chain(&added)
                .any(|p| same_name(&p.name, &player.name))
            {
                return Err(TournamentError::DuplicateName {
                    line: line_no,
                    name: player.name,
                });
            }
            added.push(player);
            if self.players.len() + added.len() > MAX_PLAYERS {
                return Err(TournamentError::TooManyPlayers);
            }
        }
        let count = added.len();
        self.players.extend(added);
        Ok(count)
    }

    /// Adds one player (a line as [`Tournament::add_players`] reads it) after the start: they
    /// take the next starting number and score nothing for the rounds before. Not in a round
    /// robin, whose table is fixed. Returns the player's index.
    pub fn add_late_player(&mut self, line: &str) -> Result<usize, TournamentError> {
        if !self.started() {
            if line.trim().is_empty() {
                return Err(TournamentError::BadLine {
                    line: 1,
                    problem: LineProblem::NoName,
                });
            }
            self.add_players(line)?;
            return Ok(self.players.len() - 1);
        }
        if matches!(self.system, System::RoundRobin { .. }) {
            return Err(TournamentError::LateEntryInRoundRobin);
        }
        if line.lines().filter(|l| !l.trim().is_empty()).count() != 1 {
            return Err(TournamentError::BadLine {
                line: 1,
                problem: LineProblem::TooManyFields,
            });
        }
        let line = line.trim();
        let player = parse_player_line(line)
            .map_err(|problem| TournamentError::BadLine { line: 1, problem })?;
        if self
            .players
            .iter()
            .any(|p| same_name(&p.name, &player.name))
        {
            return Err(TournamentError::DuplicateName {
                line: 1,
                name: player.name,
            });
        }
        if self.players.len() >= MAX_PLAYERS {
            return Err(TournamentError::TooManyPlayers);
        }
        self.players.push(player);
        let index = self.players.len() - 1;
        self.log.push(LogEntry {
            round: self.next_round(),
            kind: LogKind::PlayerAdded { player: index },
        });
        Ok(index)
    }

    /// Orders the players by rating, highest first, the unrated last, keeping the entry order
    /// among equals: the starting numbers. Before the first round (pairing it does this).
    pub fn seed_by_rating(&mut self) -> Result<(), TournamentError> {
        if self.started() {
            return Err(TournamentError::AlreadyStarted);
        }
        let mut order: Vec<usize> = (0..self.players.len()).collect();
        order.sort_by_key(|&p| std::cmp::Reverse(self.players[p].rating.unwrap_or(0)));
        let mut new_index = vec![0; order.len()];
        for (new, &old) in order.iter().enumerate() {
            new_index[old] = new;
        }
        self.players = order.iter().map(|&p| self.players[p].clone()).collect();
        for entry in &mut self.log {
            match &mut entry.kind {
                LogKind::PlayerAdded { player } | LogKind::Withdrawn { player } => {
                    *player = new_index[*player];
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// Marks `player` as missing round `round` (or back for it): they are not paired then and
    /// score nothing. Only for a round not yet paired.
    pub fn set_absent(
        &mut self,
        player: usize,
        round: u16,
        absent: bool,
    ) -> Result<(), TournamentError> {
        self.player(player)?;
        if round == 0 || round as usize > MAX_ROUNDS {
            return Err(TournamentError::NoSuchRound(round));
        }
        if (round as usize) <= self.rounds.len() {
            return Err(TournamentError::RoundAlreadyPaired(round));
        }
        let list = &mut self.players[player].absent_rounds;
        match (list.binary_search(&round), absent) {
            (Err(at), true) => list.insert(at, round),
            (Ok(at), false) => {
                list.remove(at);
            }
            _ => {}
        }
        Ok(())
    }

    /// `player` leaves: not paired from the next round on (a round robin's games against them
    /// are forfeits). A game of theirs already paired stands.
    pub fn withdraw(&mut self, player: usize) -> Result<(), TournamentError> {
        if self.player(player)?.withdrawn {
            return Err(TournamentError::AlreadyWithdrawn(player));
        }
        self.players[player].withdrawn = true;
        self.log.push(LogEntry {
            round: self.next_round(),
            kind: LogKind::Withdrawn { player },
        });
        Ok(())
    }

    fn player(&self, player: usize) -> Result<&Player, TournamentError> {
        self.players
            .get(player)
            .ok_or(TournamentError::NoSuchPlayer(player))
    }

    /// The number the next round to pair will have.
    fn next_round(&self) -> u16 {
        self.rounds.len() as u16 + 1
    }

    /// Whether `player` sits out round `round` (withdrawn, or marked absent for it).
    pub fn is_away(&self, player: usize, round: u16) -> bool {
        self.players
            .get(player)
            .is_none_or(|p| p.withdrawn || p.absent_rounds.contains(&round))
    }

    /// How many rounds the tournament has: a round robin's from its players (fixed at the
    /// start), a Swiss's as set; a free lesson has no end.
    pub fn total_rounds(&self) -> Option<u16> {
        match self.system {
            System::RoundRobin { double } => {
                let players = self.players.len().min(MAX_PLAYERS) as u16;
                Some(berger::round_count(players) * if double { 2 } else { 1 })
            }
            System::Swiss { rounds } => Some(rounds),
            System::Free => None,
        }
    }

    /// Every round paired and every result in (a free lesson never finishes by itself).
    pub fn is_finished(&self) -> bool {
        self.total_rounds()
            .is_some_and(|t| t > 0 && self.rounds.len() == t as usize)
            && self
                .rounds
                .iter()
                .all(|r| r.games.iter().all(|g| g.result.is_some()))
    }

    /// The standings after the results entered so far.
    pub fn standings(&self) -> Vec<Standing> {
        standings(
            self.players.len(),
            &self.rounds,
            &self.rules.scoring,
            &self.tie_breaks,
        )
    }

    /// Pairs the next round by the tournament's system and returns it. The first round seeds
    /// the players by rating. A round robin or Swiss round waits until the last round's
    /// results are all in; a free lesson pairs whoever is free.
    pub fn pair_next_round(&mut self) -> Result<&Round, TournamentError> {
        let next = self.next_round();
        if let Some(total) = self.total_rounds() {
            if self.rounds.len() >= total as usize {
                return Err(if self.players.len() < 2 {
                    TournamentError::NotEnoughPlayers
                } else {
                    TournamentError::AllRoundsPaired
                });
            }
        }
        if self.rounds.len() >= MAX_ROUNDS {
            return Err(TournamentError::AllRoundsPaired);
        }
        if self.system != System::Free {
            if let Some(last) = self.rounds.last() {
                if last.games.iter().any(|g| g.result.is_none()) {
                    return Err(TournamentError::RoundNotFinished {
                        round: self.rounds.len() as u16,
                    });
                }
            }
        }
        let present = (0..self.players.len())
            .filter(|&p| !self.is_away(p, next))
            .count();
        if present < 2 {
            return Err(TournamentError::NotEnoughPlayers);
        }
        let mut seeded = self.clone();
        if !seeded.started() {
            seeded.seed_by_rating()?;
        }
        let round = match seeded.system {
            System::RoundRobin { double: _ } => seeded.round_robin_round(next),
            System::Swiss { rounds } => seeded.swiss_round(next, rounds)?,
            System::Free => seeded.free_round(next)?,
        };
        seeded.rounds.push(round);
        *self = seeded;
        Ok(&self.rounds[self.rounds.len() - 1])
    }

    /// Pairs the last round again (after marking someone absent, say), as long as no result
    /// of it has been entered (forfeits the pairing entered by itself do not count).
    pub fn repair_current_round(&mut self) -> Result<&Round, TournamentError> {
        let number = self.rounds.len() as u16;
        let last = self.rounds.last().ok_or(TournamentError::NoRoundYet)?;
        let entered = last.games.iter().any(|g| {
            g.result.is_some() && g.result != self.automatic_forfeit(number, g.white, g.black)
        });
        if entered {
            return Err(TournamentError::RoundHasResults { round: number });
        }
        let mut again = self.clone();
        again.rounds.pop();
        again.pair_next_round()?;
        again.log.push(LogEntry {
            round: number,
            kind: LogKind::RoundRepaired,
        });
        *self = again;
        Ok(&self.rounds[self.rounds.len() - 1])
    }

    fn board(&self, round: u16, board: u16) -> Result<&Game, TournamentError> {
        let r = (round as usize)
            .checked_sub(1)
            .and_then(|i| self.rounds.get(i))
            .ok_or(TournamentError::NoSuchRound(round))?;
        (board as usize)
            .checked_sub(1)
            .and_then(|i| r.games.get(i))
            .ok_or(TournamentError::NoSuchBoard { round, board })
    }

    fn check_result(&self, result: &GameResult) -> Result<(), TournamentError> {
        if possible_results(&self.rules)
            .iter()
            .any(|(_, r)| r == result)
        {
            Ok(())
        } else {
            Err(TournamentError::NotAResultOfTheMode)
        }
    }

    /// Enters the result of a board that has none yet.
    pub fn set_result(
        &mut self,
        round: u16,
        board: u16,
        result: GameResult,
    ) -> Result<(), TournamentError> {
        if self.board(round, board)?.result.is_some() {
            return Err(TournamentError::ResultAlreadyEntered { round, board });
        }
        self.check_result(&result)?;
        self.rounds[round as usize - 1].games[board as usize - 1].result = Some(result);
        self.log.push(LogEntry {
            round,
            kind: LogKind::ResultEntered { board, result },
        });
        Ok(())
    }

    /// Replaces (or, with `None`, clears) the result of a board; the log keeps both. Later
    /// rounds already paired stay as they are.
    pub fn correct_result(
        &mut self,
        round: u16,
        board: u16,
        result: Option<GameResult>,
    ) -> Result<(), TournamentError> {
        let was = self.board(round, board)?.result;
        if let Some(r) = &result {
            self.check_result(r)?;
        }
        if was == result {
            return Ok(());
        }
        self.rounds[round as usize - 1].games[board as usize - 1].result = result;
        self.log.push(LogEntry {
            round,
            kind: LogKind::ResultCorrected {
                board,
                was,
                now: result,
            },
        });
        Ok(())
    }

    /// The settings' checks (also those of a tournament read from outside).
    fn check_settings(&self) -> Result<(), TournamentError> {
        let name_ok = self.name.chars().count() <= MAX_TITLE_CHARS && !has_control(&self.name);
        if !name_ok {
            return Err(TournamentError::BadSetting(Setting::Name));
        }
        check_rules(&self.rules)?;
        check_time_control(&self.time_control)?;
        check_system(self.system)?;
        check_tie_breaks(&self.tie_breaks)?;
        if self.bye_points > self.rules.scoring.win {
            return Err(TournamentError::BadSetting(Setting::ByePoints));
        }
        Ok(())
    }
}

fn check_system(system: System) -> Result<(), TournamentError> {
    match system {
        System::Swiss { rounds } if !(1..=MAX_SWISS_ROUNDS).contains(&rounds) => {
            Err(TournamentError::BadSetting(Setting::Rounds))
        }
        _ => Ok(()),
    }
}

fn check_tie_breaks(order: &[TieBreak]) -> Result<(), TournamentError> {
    if order
        .iter()
        .enumerate()
        .any(|(i, tb)| order[..i].contains(tb))
    {
        Err(TournamentError::BadSetting(Setting::TieBreaks))
    } else {
        Ok(())
    }
}

fn check_rules(rules: &RuleSet) -> Result<(), TournamentError> {
    if rules.mode == Mode::Family {
        return Err(TournamentError::ModeNotForTournaments);
    }
    rules.check().map_err(TournamentError::BadRules)?;
    if rules.scoring.win > MAX_HALF_POINTS {
        return Err(TournamentError::BadRules(
            msg::tournament_problem_win_scores_too_much().into(),
        ));
    }
    Ok(())
}

mod check;
mod pairing;

#[cfg(test)]
mod tests;
