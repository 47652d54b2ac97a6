//! Free pairing for a lesson: a class finishes its games at different speeds, so whoever is
//! free plays the nearest free player in the standings whom they have not just played. The
//! best-placed free player is paired first; two free players who have just played each other
//! wait for someone else to finish rather than play again at once.

/// A free player's standing and history.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Free {
    pub player: usize,
    /// Place in the current standings (0 = first).
    pub place: usize,
    /// Whom they played last, if anyone.
    pub last_opponent: Option<usize>,
    /// Games with White minus games with Black so far.
    pub colour_balance: i32,
}

/// Pairs of (White, Black) for the free players, best-placed first; anyone left over waits.
pub fn pair_free(free: &[Free]) -> Vec<(usize, usize)> {
    let mut waiting: Vec<Free> = free.to_vec();
    waiting.sort_by_key(|f| (f.place, f.player));
    let mut pairs = Vec::new();
    let mut i = 0;
    while i < waiting.len() {
        let a = waiting[i];
        let partner = waiting
            .iter()
            .enumerate()
            .filter(|&(j, b)| {
                j != i && b.last_opponent != Some(a.player) && a.last_opponent != Some(b.player)
            })
            .min_by_key(|(_, b)| (b.place.abs_diff(a.place), b.place, b.player))
            .map(|(j, _)| j);
        match partner {
            Some(j) => {
                let b = waiting.remove(j);
                waiting.remove(i);
                // White to whoever has had it less; on a tie, to the better placed.
                let (white, black) = if b.colour_balance < a.colour_balance {
                    (b.player, a.player)
                } else {
                    (a.player, b.player)
                };
                pairs.push((white, black));
            }
            None => i += 1,
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn free(player: usize, place: usize, last: Option<usize>, balance: i32) -> Free {
        Free {
            player,
            place,
            last_opponent: last,
            colour_balance: balance,
        }
    }

    #[test]
    fn the_best_placed_free_player_meets_the_nearest_in_the_standings() {
        // Places 0, 3, 4, 9 are free: 0 meets 3, then 4 meets 9.
        let pairs = pair_free(&[
            free(10, 9, None, 0),
            free(11, 0, None, 0),
            free(12, 4, None, 0),
            free(13, 3, None, 0),
        ]);
        assert_eq!(pairs, [(11, 13), (12, 10)]);
    }

    #[test]
    fn nobody_plays_the_one_they_have_just_played() {
        // 1 and 2 just played each other: 1 meets 3 instead, and 2 waits.
        let pairs = pair_free(&[
            free(1, 0, Some(2), 0),
            free(2, 1, Some(1), 0),
            free(3, 2, None, 0),
        ]);
        assert_eq!(pairs, [(1, 3)]);
        // Only the two of them free: they wait.
        assert!(pair_free(&[free(1, 0, Some(2), 0), free(2, 1, Some(1), 0)]).is_empty());
    }

    #[test]
    fn white_goes_to_whoever_has_had_it_less() {
        assert_eq!(
            pair_free(&[free(1, 0, None, 1), free(2, 1, None, 0)]),
            [(2, 1)]
        );
        assert_eq!(
            pair_free(&[free(1, 0, None, 0), free(2, 1, None, 0)]),
            [(1, 2)]
        );
        assert_eq!(
            pair_free(&[free(1, 0, None, -1), free(2, 1, None, 1)]),
            [(1, 2)]
        );
    }

    #[test]
    fn a_single_free_player_waits() {
        assert!(pair_free(&[free(1, 0, None, 0)]).is_empty());
        assert!(pair_free(&[]).is_empty());
    }
}
