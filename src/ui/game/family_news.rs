//! What a change of a Fun Family game brought, in words (FAMILY.md §4, §7): the new checks,
//! a mate, passes, players leaving and coming back, the end. Reached from the first load only
//! through [`FamilyPlay::news_since`] and [`FamilyPlay::call_would_bind`], whose code is the
//! family part's, so these words come with that part; the panels of the part use them too.

use super::family_seam::{FamilyNews, FamilyPlay};
use crate::rules::family::{Event, FamilyOutcome, SEATS};
use crate::rules::types::{Move, Side};
use crate::text::msg;
use crate::text::words;
use std::fmt::Display;

/// "Blue's king is in check (called by Red)".
pub fn check_text(victim: Side, by: Side) -> String {
    msg::family_check_called(&words::seat(victim), &words::seat(by))
}

/// Joins parts left to right with a message of two (`msg::family_and`: "Red and Blue and
/// Green"), so each language says its own "and" and punctuation; no parts make "".
pub fn join<S: Display>(
    parts: impl IntoIterator<Item = S>,
    pair: fn(&dyn Display, &dyn Display) -> String,
) -> String {
    parts
        .into_iter()
        .map(|p| p.to_string())
        .reduce(|first, next| pair(&first, &next))
        .unwrap_or_default()
}

/// The seats of a mask, "Red and Blue".
pub fn seats_and(mask: u8) -> String {
    join(
        SEATS
            .into_iter()
            .filter(|s| mask & (1 << s.0) != 0)
            .map(words::seat),
        msg::family_and,
    )
}

/// "Red wins", "Red and Yellow win", "It is a draw"; `label` names a seat's player.
pub fn outcome_title(o: &FamilyOutcome, label: &dyn Fn(Side) -> String) -> String {
    if o.is_draw() {
        return msg::family_draw().into();
    }
    let winners: Vec<String> = SEATS
        .into_iter()
        .filter(|s| o.winners & (1 << s.0) != 0)
        .map(label)
        .collect();
    match winners.len() {
        1 => msg::family_wins(&winners[0]),
        _ => msg::family_win_together(&join(winners, msg::family_and)),
    }
}

/// What the live region says about an event (moves themselves are not spoken).
fn event_text(e: &Event, label: &dyn Fn(Side) -> String) -> Option<String> {
    Some(match *e {
        Event::Moved { .. } => return None,
        Event::Passed(s) => msg::family_passed(&words::seat(s)),
        Event::Mated { seat, by } => msg::family_mated(&words::seat(seat), &seats_and(by)),
        Event::StalemateOut(s) => msg::family_stalemated(&words::seat(s)),
        Event::Resigned(s) => msg::family_resigned(&words::seat(s)),
        Event::Away(s) => msg::family_away(&words::seat(s)),
        Event::Back(s) => msg::family_back_again(&words::seat(s)),
        Event::Ended(o) => msg::family_game_over(&outcome_title(&o, label)),
    })
}

/// What changed from `before` to `after`.
pub fn news(
    before: &dyn FamilyPlay,
    after: &dyn FamilyPlay,
    label: &dyn Fn(Side) -> String,
) -> FamilyNews {
    let old_checks = before.standing();
    let fresh: Vec<(Side, Side)> = after
        .standing()
        .into_iter()
        .filter(|c| !old_checks.contains(c))
        .collect();
    let same = before
        .events()
        .iter()
        .zip(after.events())
        .take_while(|(a, b)| **a == **b)
        .count();
    let new_events = &after.events()[same.min(after.events().len())..];
    let mated = new_events.iter().find_map(|e| match *e {
        Event::Mated { seat, .. } => Some(seat),
        _ => None,
    });
    // Only something new is shown big (a take-back brings back old checks quietly).
    let new_checks = (!new_events.is_empty() && !fresh.is_empty()).then(|| {
        join(
            fresh
                .iter()
                .map(|&(v, by)| msg::family_checks(&words::seat(by), &words::seat(v))),
            msg::family_comma,
        )
    });
    let mut said: Vec<String> = fresh.iter().map(|&(v, by)| check_text(v, by)).collect();
    said.extend(new_events.iter().filter_map(|e| event_text(e, label)));
    let spoken = (!said.is_empty()).then(|| {
        let said = join(said, msg::family_sentences);
        if fresh.is_empty() {
            msg::family_spoken(&said)
        } else {
            msg::family_spoken_check(&said)
        }
    });
    FamilyNews {
        mated,
        new_checks,
        spoken,
    }
}

/// Whether `m`, played from `before` by the player to move without a call, would have made
/// a check stand had it been called (FAMILY.md §4.3): then that player may still call it.
pub fn call_would_bind(before: &dyn FamilyPlay, m: Move) -> bool {
    let mover = before.turn();
    let mut called = before.clone_box();
    called.play(m, true).is_ok()
        && !called.is_over()
        && called.standing().iter().any(|&(_, by)| by == mover)
}
