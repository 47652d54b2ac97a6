//! Playing one move in the look-ahead, with the "Check!" call the rules want (FAMILY.md
//! §4.3): the mover calls whenever a call would be accepted against a king that is not a
//! partner's. A call binds the victim (§4.5b) and is the only way to mate (§4.6), so it is
//! never worse for the mover; one with nothing to accept does nothing but write a `+`, so
//! the engine does not make it.

use super::eval::Sides;
use crate::rules::family::{Event, FamilyState, SEATS};
use crate::rules::types::Move;

/// `state` after the legal move `m`, and whether the mover called check. `events` is scratch
/// space for the core's events.
pub fn play(
    state: &FamilyState,
    m: Move,
    sides: &Sides,
    events: &mut Vec<Event>,
) -> (FamilyState, bool) {
    let mover = state.turn();
    let mut next = *state;
    events.clear();
    next.apply(m, true, events);
    let accepted = events
        .iter()
        .any(|e| matches!(e, Event::Moved { check: true, .. }));
    if !accepted || state.rules().auto_check {
        // Auto-check calls for everyone: the call changes nothing then.
        return (next, accepted);
    }
    let bit = 1 << mover.0;
    // The kings the call was accepted against; a victim mated at once has lost its standing
    // check but names its checker in the event.
    let victims = SEATS
        .into_iter()
        .filter(|&v| {
            next.standing_checkers(v) & bit != 0
                || events
                    .iter()
                    .any(|e| matches!(*e, Event::Mated { seat, by } if seat == v && by & bit != 0))
        })
        .fold(0u8, |mask, v| mask | 1 << v.0);
    if victims & !sides.allies[mover.index()] != 0 {
        return (next, true);
    }
    // Only partners' kings: a declared ally is not bound by our call.
    let mut quiet = *state;
    events.clear();
    quiet.apply(m, false, events);
    (quiet, false)
}

/// Whether the mover of `state` should call check with the legal move `m`.
pub fn should_call(state: &FamilyState, m: Move, sides: &Sides) -> bool {
    play(state, m, sides, &mut Vec::new()).1
}
