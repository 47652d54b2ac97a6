//! The clock's heartbeat: [`GameState::tick`] every 100 ms while a timed game is on (and not
//! otherwise), and the clock saved when the page is hidden or closed. It comes with the
//! clock's part (split out by tools/app-build.mjs), fetched with the first game that has a
//! clock, whose faces need that part anyway; a part that cannot be fetched now is asked for
//! again a little later. Until it beats, a move still ends a game whose time is up.

use crate::ui::board::Kept;
use crate::ui::board::{memo, watch};
use crate::ui::game::part::{install_part, under};
use crate::ui::game::state::GameState;
use leptos::prelude::*;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use std::rc::Rc;
use std::time::Duration;

/// Starts the heartbeat with the first game that has a clock.
pub fn keep_time(state: GameState) {
    let owner = Owner::current();
    let has_clock = memo(move || state.clock.with(Option::is_some));
    let mut asked = false;
    watch(move || {
        if has_clock.get() && !asked {
            asked = true;
            let owner = owner.clone();
            install_part(Rc::new(move || Box::pin(install(state, owner.clone()))));
        }
    });
}

#[wasm_split(clock, wasm_split_path = leptos::wasm_split, fallible)]
fn install(state: GameState, owner: Option<Owner>) -> Result<(), SplitLoaderError> {
    under(owner.as_ref(), || beat(state));
    Ok(())
}

fn beat(state: GameState) {
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
