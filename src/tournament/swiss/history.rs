//! What the rounds so far say about each player, as the Dutch rules read it: the score, whom
//! they met over the board, the colours of the games they played (forfeits do not count), the
//! colour preference that follows (C.04.3 A.6), whether they may still get the pairing-allocated
//! bye (C.04.1), and the floats of the last two rounds (A.4).

use super::super::standings::Round;
use crate::rules::ruleset::Scoring;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Colour {
    White,
    Black,
}

impl Colour {
    pub(super) fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Float {
    Down,
    Up,
    None,
}

/// One player before the round to pair.
#[derive(Clone, Debug)]
pub(super) struct Player {
    /// Index among the entrants: the initial ranking (pairing number − 1).
    pub index: usize,
    /// The effective pairing number − 1: the index among the entrants who are present or
    /// have taken part in an earlier pairing (see [`effective_ranks`]).
    pub rank: usize,
    /// Paired (a game, even forfeited, or a bye) in an earlier round.
    pub took_part: bool,
    /// Half points on the mode's scale.
    pub score: u32,
    /// Whom they played over the board (indexes), forfeits left out.
    pub met: Vec<usize>,
    /// The colours of the games played over the board, oldest first.
    pub colours: Vec<Colour>,
    /// |games with White − games with Black|.
    pub imbalance: u32,
    pub preference: Option<Colour>,
    /// A colour difference of ±1 that is not absolute.
    pub strong: bool,
    /// The colour of the last two games, when they had the same one.
    pub repeated: Option<Colour>,
    /// No pairing-allocated bye yet, and no win without playing.
    pub bye_eligible: bool,
    pub played_games: u32,
    /// The float of the last round and of the round before it.
    pub floats: [Float; 2],
}

impl Player {
    /// A colour difference beyond ±1.
    pub(super) fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    /// A colour difference beyond ±1, or the same colour in the last two games (A.6.a).
    pub(super) fn absolute(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }

    pub(super) fn has_met(&self, other: usize) -> bool {
        self.met.contains(&other)
    }
}

/// What one round gave a player.
#[derive(Clone, Copy)]
enum Entry {
    Game {
        opponent: usize,
        colour: Colour,
        /// Over the board (or not yet finished): a forfeit is not.
        played: bool,
        half: u16,
    },
    Bye(u16),
    Absent,
}

fn entries(players: usize, round: &Round) -> Vec<Entry> {
    let mut row = vec![Entry::Absent; players];
    let mut seen = vec![false; players];
    for game in &round.games {
        if game.white >= players || game.black >= players || game.white == game.black {
            continue;
        }
        let (played, half) = match game.result {
            Some(result) => (result.played, result.half_points),
            // Not finished yet: it stands as played, and scores nothing so far.
            None => (true, [0, 0]),
        };
        for (me, opponent, colour, half) in [
            (game.white, game.black, Colour::White, half[0]),
            (game.black, game.white, Colour::Black, half[1]),
        ] {
            if !seen[me] {
                seen[me] = true;
                row[me] = Entry::Game {
                    opponent,
                    colour,
                    played,
                    half,
                };
            }
        }
    }
    for &(me, half) in &round.byes {
        if me < players && !seen[me] {
            seen[me] = true;
            row[me] = Entry::Bye(half);
        }
    }
    row
}

fn half_of(entry: Entry) -> u32 {
    match entry {
        Entry::Game { half, .. } | Entry::Bye(half) => u32::from(half),
        Entry::Absent => 0,
    }
}

/// Every entrant's state after `rounds`.
pub(super) fn players(count: usize, rounds: &[Round], scoring: &Scoring) -> Vec<Player> {
    let table: Vec<Vec<Entry>> = rounds.iter().map(|r| entries(count, r)).collect();
    // score_before[r][p]: p's score before round r.
    let mut score_before = vec![vec![0u32; count]];
    for row in &table {
        let last = score_before.last().expect("the first row");
        let next = (0..count).map(|p| last[p] + half_of(row[p])).collect();
        score_before.push(next);
    }
    let float = |p: usize, back: usize| -> Float {
        let Some(r) = rounds.len().checked_sub(back) else {
            return Float::None;
        };
        match table[r][p] {
            Entry::Game {
                opponent,
                played: true,
                ..
            } => {
                let (mine, theirs) = (score_before[r][p], score_before[r][opponent]);
                match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => Float::Down,
                    std::cmp::Ordering::Less => Float::Up,
                    std::cmp::Ordering::Equal => Float::None,
                }
            }
            // Scoring more than a loss without playing counts as a downfloat.
            entry if half_of(entry) > u32::from(scoring.loss) => Float::Down,
            _ => Float::None,
        }
    };
    (0..count)
        .map(|p| {
            let mut met = Vec::new();
            let mut colours = Vec::new();
            let mut bye_eligible = true;
            let mut took_part = false;
            for row in &table {
                took_part |= !matches!(row[p], Entry::Absent);
                match row[p] {
                    Entry::Game {
                        opponent,
                        colour,
                        played: true,
                        ..
                    } => {
                        met.push(opponent);
                        colours.push(colour);
                    }
                    Entry::Game { half, .. } if half >= scoring.win => bye_eligible = false,
                    Entry::Bye(_) => bye_eligible = false,
                    _ => {}
                }
            }
            let mut player = Player {
                index: p,
                rank: p,
                took_part,
                score: score_before[rounds.len()][p],
                met,
                colours,
                imbalance: 0,
                preference: None,
                strong: false,
                repeated: None,
                bye_eligible,
                played_games: 0,
                floats: [float(p, 1), float(p, 2)],
            };
            colour_preference(&mut player);
            player
        })
        .collect()
}

/// Numbers the players who are present or have taken part in a pairing, in initial ranking
/// order: players who have not joined yet (a late entry, absent from round 1) do not shift
/// the others' numbers, as a FIDE program leaves them out until they join.
pub(super) fn effective_ranks(players: &mut [Player], present: impl Fn(usize) -> bool) {
    let mut rank = 0;
    for p in players.iter_mut() {
        p.rank = rank;
        if present(p.index) || p.took_part {
            rank += 1;
        }
    }
}

/// The colour difference and the preference it gives (C.04.3 A.6).
fn colour_preference(player: &mut Player) {
    let whites = player
        .colours
        .iter()
        .filter(|&&c| c == Colour::White)
        .count() as u32;
    let blacks = player.colours.len() as u32 - whites;
    player.played_games = whites + blacks;
    player.imbalance = whites.abs_diff(blacks);
    let lower = if whites > blacks {
        Colour::Black
    } else {
        Colour::White
    };
    let last = player.colours.last().copied();
    let two_alike = player.colours.len() >= 2
        && player.colours[player.colours.len() - 2] == player.colours[player.colours.len() - 1];
    player.preference = if player.imbalance > 1 {
        Some(lower)
    } else if two_alike {
        last.map(Colour::other)
    } else if player.imbalance > 0 {
        Some(lower)
    } else {
        last.map(Colour::other)
    };
    player.repeated = if two_alike { last } else { None };
    player.strong = !player.absolute() && player.imbalance > 0;
}
