//! The clock's heartbeat: [`GameState::tick`] every 100 ms while a timed game is on (and not
//! otherwise), and the clock saved when the page is hidden or closed.

use crate::ui::board::Kept;
use crate::ui::board::{memo, watch};
use crate::ui::game::state::GameState;
use leptos::prelude::*;
use std::time::Duration;

pub fn install(state: GameState) {
    let handle = Kept::new(None::<IntervalHandle>);
    let live = memo(move || state.clock_live());
    let stop = move || {
        if let Some(h) = handle.get_value() {
            h.clear();
            handle.set_value(None);
        }
    };
    watch(move || {
        let on = live.get();
        stop();
        if on {
            state.tick();
            handle.set_value(
                set_interval_with_handle(move || state.tick(), Duration::from_millis(100)).ok(),
            );
        }
    });
    on_cleanup(stop);
    let save_if_timed = move |_| {
        if state.clock.with_untracked(|c| c.is_some()) {
            state.save();
        }
    };
    let hide = window_event_listener_untyped("pagehide", save_if_timed);
    let hidden = window_event_listener_untyped("visibilitychange", save_if_timed);
    on_cleanup(move || {
        hide.remove();
        hidden.remove();
    });
}
