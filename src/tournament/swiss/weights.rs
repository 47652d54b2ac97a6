//! The Dutch criteria as one edge weight per possible pair, the most important in the highest
//! bits, so that a maximum-weight matching meets them in their order of priority (the method of
//! bbpPairings, a FIDE-endorsed program). From the top:
//!
//! 1. completion (C4) and the bye: every pair counts, and more when a player who may not have
//!    the bye is paired, so the one left over may have it;
//! 2. pairs in the current bracket (C5), then the scores of the moved-down players paired there
//!    (C6);
//! 3. the same two for the next bracket (C7);
//! 4. when the top scoregroup is to give the bye: the fewer games a paired player has played,
//!    the better, so the one left over has played the most;
//! 5. colours (C8–C11): topscorers beyond ±2, three in a row, preferences, strong preferences;
//! 6. floats (C12–C19): repeated downfloats and upfloats of the last round and the one before,
//!    first by number, then by the scores involved;
//! 7. room at the bottom to pick, among equal pairings, the one FIDE's order of transpositions
//!    and exchanges reaches first.
//!
//! A field that counts players or pairs is wide enough for its largest total, so no field
//! carries into the one above.

use super::history::{Colour, Float, Player};

/// Bits needed to write `x`.
pub(super) fn bits(x: usize) -> u32 {
    usize::BITS - x.leading_zeros()
}

/// Where each criterion sits in an edge weight.
pub(super) struct Layout {
    pub words: usize,
    /// Bits for a count of players of one score group (S).
    pub size_bits: u32,
    /// For each score, lowest first: the offset of its count inside a scores field.
    score_shift: Vec<(u32, u32)>,
    /// Bits of a scores field (G).
    groups_bits: u32,
    rounds: usize,
    completion: u32,
    pairs: u32,
    scores: u32,
    next_pairs: u32,
    next_scores: u32,
    bye_games: u32,
    topscorer_imbalance: u32,
    three_in_a_row: u32,
    preference: u32,
    strong: u32,
    /// C12–C15: repeated downfloat, upfloat, two rounds back downfloat, upfloat.
    float_counts: [u32; 4],
    /// C16–C19: the same, weighed by scores.
    float_scores: [u32; 4],
}

/// The bye as the pairing of the top brackets sees it.
pub(super) struct ByePlan {
    /// The score of whoever will have the bye (0 for an even field).
    pub score: u32,
    /// The bye falls to the scoregroup paired next, and nobody else floats out of it: the
    /// one it leaves over has the bye.
    pub single_downfloater: bool,
    /// Among the players on the bye's score: the rank of each count of played games, most
    /// games first.
    pub played_rank: Vec<(u32, u32)>,
}

/// What every weight needs to know about the round.
pub(super) struct Round {
    pub rounds_played: usize,
    /// Pairing the last round (or later): topscorers may break the colour limits.
    pub last_round: bool,
    /// A score above this (half points) makes a topscorer.
    pub topscorer_above: u32,
}

impl Round {
    fn topscorer(&self, p: &Player) -> bool {
        self.last_round && p.score > self.topscorer_above
    }

    /// The absolute criteria: no rematch (C1) and no two non-topscorers with the same absolute
    /// colour preference (C3).
    pub(super) fn compatible(&self, a: &Player, b: &Player) -> bool {
        !a.has_met(b.index)
            && (!a.absolute()
                || !b.absolute()
                || a.preference != b.preference
                || self.topscorer(a)
                || self.topscorer(b))
    }
}

impl Layout {
    /// The layout for a round whose present players have `scores`.
    pub(super) fn new(scores: &[u32], rounds_played: usize, players: usize) -> Layout {
        let mut sorted = scores.to_vec();
        sorted.sort_unstable();
        let mut score_shift = Vec::new();
        let mut groups_bits = 0;
        let mut largest = 0;
        let mut i = 0;
        while i < sorted.len() {
            let j = sorted[i..].iter().take_while(|&&s| s == sorted[i]).count();
            score_shift.push((sorted[i], groups_bits));
            groups_bits += bits(j);
            largest = largest.max(j);
            i += j;
        }
        let s = bits(largest).max(1);
        let g = groups_bits.max(1);
        let mut at = 0;
        let mut field = |width: u32| {
            let here = at;
            at += width;
            here
        };
        // Room for the ordering of equal pairings: bbpPairings' 3S + 1 bits, and enough for
        // the sums of rank offsets the bracket procedure adds there.
        field(3 * s + 1 + bits(2 * players) + 1);
        let mut float_scores = [0; 4];
        let mut float_counts = [0; 4];
        if rounds_played >= 2 {
            float_scores[3] = field(g);
            float_scores[2] = field(g);
        }
        if rounds_played >= 1 {
            float_scores[1] = field(g);
            float_scores[0] = field(g);
        }
        if rounds_played >= 2 {
            float_counts[3] = field(s);
            float_counts[2] = field(s);
        }
        if rounds_played >= 1 {
            float_counts[1] = field(s);
            float_counts[0] = field(s);
        }
        let strong = field(s);
        let preference = field(s);
        let three_in_a_row = field(s);
        let topscorer_imbalance = field(s);
        let bye_games = field(2 * s);
        let next_scores = field(g);
        let next_pairs = field(s);
        let scores_at = field(g);
        let pairs = field(s);
        let completion = field(2);
        // Headroom: the matching doubles weights and sums them in its duals.
        let total = field(8);
        Layout {
            words: (total as usize).div_ceil(64),
            size_bits: s,
            score_shift,
            groups_bits: g,
            rounds: rounds_played,
            completion,
            pairs,
            scores: scores_at,
            next_pairs,
            next_scores,
            bye_games,
            topscorer_imbalance,
            three_in_a_row,
            preference,
            strong,
            float_counts,
            float_scores,
        }
    }

    fn shift(&self, score: u32) -> u32 {
        self.score_shift
            .iter()
            .find(|&&(s, _)| s == score)
            .map_or(0, |&(_, shift)| shift)
    }

    /// The weight of the first matching of an odd field, which finds the bye's score: pairs
    /// first, then players who may not have the bye paired, then high scores paired (so the
    /// bye goes as low as it can), then the top scoregroup paired.
    pub(super) fn bye_search_weight(
        &self,
        out: &mut [u64],
        a: &Player,
        b: &Player,
        both_top: bool,
        round: &Round,
    ) {
        out.fill(0);
        if !round.compatible(a, b) {
            return;
        }
        let s = self.size_bits;
        let completion = 1 + u64::from(!a.bye_eligible) + u64::from(!b.bye_eligible);
        add_at(out, completion, s + self.groups_bits);
        add_at(out, u64::from(self.shift(a.score) + self.shift(b.score)), s);
        add_at(out, u64::from(both_top), 0);
    }

    /// The weight of pairing `higher` with `lower` (higher in the bracket order), or zero when
    /// an absolute criterion forbids it. `lower_in_current` / `lower_in_next`: `lower` belongs
    /// to the bracket being paired / to the next one (`higher` is then in the bracket).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn weight(
        &self,
        out: &mut [u64],
        higher: &Player,
        lower: &Player,
        lower_in_current: bool,
        lower_in_next: bool,
        bye: &ByePlan,
        round: &Round,
    ) {
        out.fill(0);
        if !round.compatible(higher, lower) {
            return;
        }
        let (h, l) = (higher, lower);
        let candidate = |p: &Player| p.bye_eligible && p.score <= bye.score;
        add_at(
            out,
            1 + u64::from(!candidate(h)) + u64::from(!candidate(l)),
            self.completion,
        );
        if lower_in_current {
            add_at(out, 1, self.pairs);
            add_at(out, 1, self.scores + self.shift(h.score));
        }
        if lower_in_next {
            add_at(out, 1, self.next_pairs);
            add_at(out, 1, self.next_scores + self.shift(h.score));
        }
        if bye.single_downfloater {
            let rank = |p: &Player| {
                bye.played_rank
                    .iter()
                    .find(|&&(games, _)| games == p.played_games)
                    .map_or(0, |&(_, rank)| u64::from(rank))
            };
            for p in [h, l] {
                if p.score == bye.score {
                    add_at(out, rank(p), self.bye_games);
                }
            }
        }
        if !lower_in_current {
            return;
        }
        self.colour_bits(out, l, h);
        let down = |p: &Player, back: usize| p.floats[back] == Float::Down;
        let up = |p: &Player, back: usize| p.floats[back] == Float::Up;
        for back in 0..self.rounds.min(2) {
            let repeated_down =
                u64::from(down(l, back)) + u64::from(h.score <= l.score && down(h, back));
            add_at(out, repeated_down, self.float_counts[2 * back]);
            let repeated_up = h.score > l.score && up(l, back);
            add_at(
                out,
                u64::from(!repeated_up),
                self.float_counts[2 * back + 1],
            );
            let scores = self.float_scores[2 * back];
            if down(l, back) {
                add_at(out, 1, scores + self.shift(l.score));
            }
            if down(h, back) {
                add_at(out, 1, scores + self.shift(h.score));
            }
            if !repeated_up {
                add_at(
                    out,
                    1,
                    self.float_scores[2 * back + 1] + self.shift(h.score),
                );
            }
        }
    }

    /// C8–C11, each set when the pair does not break it.
    fn colour_bits(&self, out: &mut [u64], player: &Player, opponent: &Player) {
        let same = player.preference == opponent.preference;
        let beyond_two = player.absolute_imbalance() && opponent.absolute_imbalance() && same;
        add_at(out, u64::from(!beyond_two), self.topscorer_imbalance);
        let both_absolute = player.absolute() && opponent.absolute() && same;
        let third_in_a_row = both_absolute
            && if player.imbalance == opponent.imbalance {
                player.repeated.is_some() && player.repeated == opponent.repeated
            } else {
                // The wider colour difference gets its preference; the other repeats a colour.
                let loser = if player.imbalance > opponent.imbalance {
                    opponent
                } else {
                    player
                };
                loser.repeated == player.preference.map(Colour::other)
            };
        add_at(out, u64::from(!third_in_a_row), self.three_in_a_row);
        let clash = same && player.preference.is_some();
        add_at(out, u64::from(!clash), self.preference);
        let firm = |p: &Player| p.strong || p.absolute();
        let strong_clash =
            clash && firm(player) && firm(opponent) && !(player.absolute() && opponent.absolute());
        add_at(out, u64::from(!strong_clash), self.strong);
    }
}

/// Adds `value << bit` to the number `out`.
pub(super) fn add_at(out: &mut [u64], value: u64, bit: u32) {
    if value == 0 {
        return;
    }
    let (word, offset) = ((bit / 64) as usize, bit % 64);
    let wide = u128::from(value) << offset;
    let mut carry = 0u128;
    for (i, part) in [wide as u64, (wide >> 64) as u64].into_iter().enumerate() {
        let Some(slot) = out.get_mut(word + i) else {
            return;
        };
        let sum = u128::from(*slot) + u128::from(part) + carry;
        *slot = sum as u64;
        carry = sum >> 64;
    }
    let mut i = word + 2;
    while carry != 0 && i < out.len() {
        let sum = u128::from(out[i]) + carry;
        out[i] = sum as u64;
        carry = sum >> 64;
        i += 1;
    }
}

/// Adds a small signed `value` to the number `out` (two's complement across its words).
pub(super) fn add_signed(out: &mut [u64], value: i64) {
    if value >= 0 {
        add_at(out, value as u64, 0);
    } else {
        let mut borrow = value.unsigned_abs();
        for slot in out.iter_mut() {
            let (v, b) = slot.overflowing_sub(borrow);
            *slot = v;
            if !b {
                break;
            }
            borrow = 1;
        }
    }
}

/// Sets the low bits of `out` to `value` | what they hold (only for values below 2^63).
pub(super) fn or_low(out: &mut [u64], value: u64) {
    out[0] |= value;
}
