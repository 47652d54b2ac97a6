//! Who has White in each pair (C.04.3 E) and the order of the boards (C.04.2: higher score
//! first, then the higher of the pair's lower scores, then the better ranking).

use super::history::{Colour, Player};
use std::cmp::Ordering;

/// Whether `a` ranks above `b` for pairing: higher score, then better initial ranking (A.2).
pub(super) fn ranks_above(a: &Player, b: &Player) -> bool {
    (b.score, a.index) < (a.score, b.index)
}

/// The colour rule that decides `player`'s colour against `opponent`, up to E.3; `None` when
/// the two are alike all the way back.
fn by_preferences(player: &Player, opponent: &Player) -> Option<Colour> {
    let (mine, theirs) = (player.preference, opponent.preference);
    if mine.is_none() || theirs.is_none() || mine != theirs {
        // E.1: both preferences can be granted.
        return mine.or(theirs.map(Colour::other));
    }
    // E.2: the stronger preference; of two absolute ones, the wider colour difference.
    if player.absolute() && (player.imbalance > opponent.imbalance || !opponent.absolute()) {
        return mine;
    }
    if opponent.absolute() && (opponent.imbalance > player.imbalance || !player.absolute()) {
        return theirs.map(Colour::other);
    }
    if player.strong && !opponent.strong {
        return mine;
    }
    if opponent.strong && !player.strong {
        return theirs.map(Colour::other);
    }
    // E.3: alternate from the most recent game in which they had different colours.
    let mut a = player.colours.iter().rev();
    let mut b = opponent.colours.iter().rev();
    loop {
        match (a.next(), b.next()) {
            (Some(x), Some(y)) if x != y => return Some(*y),
            (Some(_), Some(_)) => continue,
            _ => return None,
        }
    }
}

/// `player`'s colour against `opponent`: E.1–E.3, then E.4 (the higher ranked player's
/// preference), then E.5 (the higher ranked player has White, the initial colour, with an odd
/// pairing number and Black with an even one).
pub(super) fn colour_of(player: &Player, opponent: &Player) -> Colour {
    if let Some(colour) = by_preferences(player, opponent) {
        return colour;
    }
    let player_higher = ranks_above(player, opponent);
    match player.preference {
        Some(mine) if player_higher => mine,
        Some(_) => opponent.preference.map_or(Colour::White, Colour::other),
        None => {
            let higher = if player_higher { player } else { opponent };
            // Pairing number = rank + 1: an even rank is an odd pairing number.
            let higher_colour = if higher.rank % 2 == 0 {
                Colour::White
            } else {
                Colour::Black
            };
            if player_higher {
                higher_colour
            } else {
                higher_colour.other()
            }
        }
    }
}

/// Board order: by the higher-ranked player's score, then the lower-ranked player's score,
/// then the higher-ranked player's ranking.
pub(super) fn board_order(a: (&Player, &Player), b: (&Player, &Player)) -> Ordering {
    let key = |(x, y): (&Player, &Player)| {
        let (high, low) = if ranks_above(x, y) { (x, y) } else { (y, x) };
        (
            std::cmp::Reverse(high.score),
            std::cmp::Reverse(low.score),
            high.index,
        )
    };
    key(a).cmp(&key(b))
}
