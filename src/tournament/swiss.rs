//! Swiss pairings by the FIDE Dutch system (Handbook C.04.3 as revised in 2025, in force from
//! 2026) with the basic rules of C.04.1. Rules are named as in the 2017 text (definitions
//! A.x, criteria C1–C19, colour rules E.1–E.5). Everything comes from the rounds played so
//! far: scores on the mode's own scale (a Primary 3/2/1 event has scoregroups of equal
//! totals), opponents, colours, byes and floats; a forfeit is no game (no meeting, no colour).
//!
//! The method is bbpPairings' (a FIDE-endorsed engine): every criterion becomes part of one
//! edge weight, most important highest (`weights`), and a maximum-weight matching over all
//! the players still to pair settles the brackets one by one, top down (`dutch`). So the
//! round is complete whenever any legal pairing exists (the completion criterion C4 looks
//! ahead to the last player), and the absolute criteria are never relaxed:
//!
//! - C1: no two players meet twice (a forfeited game is no meeting);
//! - C2: no pairing-allocated bye (PAB) to a player who had a bye or won without playing;
//! - C3: no two players with the same absolute colour preference meet, unless one of them is
//!   a topscorer (over half the possible score) in the last round. So outside that case
//!   nobody's colour difference leaves −2..=2 and nobody has one colour three games running.
//!
//! Then the quality criteria, in order: the most pairs in each bracket (C5), its moved-down
//! players paired, highest scores first (C6), the same for the next bracket (C7); the PAB in
//! the lowest scoregroup that allows it, to a player who has played the most games; the
//! colour criteria (C8–C11: topscorers beyond ±2 or thrice the same colour, preferences,
//! strong preferences) and the float criteria (C12–C19: the same downfloat or upfloat as one
//! or two rounds before, by number, then by the scores involved). Among equally good
//! pairings the first in FIDE's order wins: the fewest exchanges between S1 and S2, the
//! smallest difference of the exchanged bracket sequence numbers, the lowest transposition.
//! Colours follow E.1–E.5 with White as the initial colour; boards are ordered as C.04.2
//! orders them. Pairing numbers for E.5 count the players present or paired before, in
//! initial order, so an entrant who has not joined yet shifts nobody's number.
//!
//! Where this departs from the letter of FIDE's rules:
//! - A.7 topscorers: "over half the possible score" is measured from the loss score up,
//!   2·score > rounds played·(win + loss) in half points. On the FIDE and Chess# scales (a
//!   loss scores 0) this is FIDE's rule; on Primary's 3/2/1 it stops a player who drew every
//!   game from counting as a topscorer, so in a Primary event's last round fewer players may
//!   break the colour limits.
//! - C2: every entry of [`Round::byes`] counts as a PAB, whatever points the teacher gave (FIDE
//!   would not bar a player whose bye was a requested half- or zero-point bye); a forfeit bars
//!   the PAB when it scored at least a win.
//! - A game of a past round without a result stands as played, 0 points each: a meeting and
//!   a colour for both.
//! - Not supported: accelerated pairings (C.04.5), pairs the organiser forbids (team-mates),
//!   an initial colour other than White.

mod colours;
mod dutch;
mod history;
mod matching;
mod weights;

use super::standings::Round;
use crate::rules::ruleset::Scoring;
use history::Colour;

/// A player as the next round sees them. Players are indexed from 0; index + 1 is the
/// pairing (starting) number, and index order is the initial ranking order.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Entrant {
    /// False: absent or withdrawn this round: not paired, no bye.
    pub present: bool,
}

/// One round's pairings.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pairings {
    /// (white, black), in board order (board 1 first, as FIDE C.04.2 orders boards).
    pub pairs: Vec<(usize, usize)>,
    /// The pairing-allocated bye, if the number of present players is odd.
    pub bye: Option<usize>,
}

/// Why a round cannot be paired.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NoPairing {
    /// Nobody is present.
    NoPlayers,
    /// Every pairing would need a rematch, two players with the same absolute colour
    /// preference to meet, or a bye for a player who may not have another.
    NoLegalPairing,
}

/// Pairs the next round (round number = rounds.len() + 1) of a tournament of `total_rounds`.
pub fn pair_next(
    entrants: &[Entrant],
    rounds: &[Round],
    scoring: &Scoring,
    total_rounds: u16,
) -> Result<Pairings, NoPairing> {
    let mut players = history::players(entrants.len(), rounds, scoring);
    history::effective_ranks(&mut players, |p| entrants[p].present);
    let mut sorted: Vec<&history::Player> = players
        .iter()
        .filter(|p| entrants[p.index].present)
        .collect();
    if sorted.is_empty() {
        return Err(NoPairing::NoPlayers);
    }
    sorted.sort_by(|a, b| b.score.cmp(&a.score).then(a.index.cmp(&b.index)));
    let played = rounds.len() as u32;
    let top = u32::from(scoring.win.max(scoring.draw)) + u32::from(scoring.loss);
    let round = weights::Round {
        rounds_played: rounds.len(),
        last_round: rounds.len() + 1 >= usize::from(total_rounds),
        topscorer_above: played * top / 2,
    };
    let pairs = dutch::pair(&sorted, &round).map_err(|_| NoPairing::NoLegalPairing)?;
    let mut paired = vec![false; sorted.len()];
    let mut boards: Vec<(usize, usize)> = pairs
        .into_iter()
        .map(|(a, b)| {
            paired[a] = true;
            paired[b] = true;
            let (a, b) = (sorted[a], sorted[b]);
            match colours::colour_of(a, b) {
                Colour::White => (a.index, b.index),
                Colour::Black => (b.index, a.index),
            }
        })
        .collect();
    boards.sort_by(|&(a, b), &(c, d)| {
        colours::board_order((&players[a], &players[b]), (&players[c], &players[d]))
    });
    let bye = (0..sorted.len())
        .find(|&v| !paired[v])
        .map(|v| sorted[v].index);
    Ok(Pairings { pairs: boards, bye })
}

#[cfg(test)]
mod tests;
