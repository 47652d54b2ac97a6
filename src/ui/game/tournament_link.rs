//! A tournament game played on this tablet ("Play this game" on the Tournament screen): when
//! it ends, its result is kept where the Tournament screen enters it the next time it opens.
//! The keeping is in the tournament's part (fetched on first use, kept by the service worker),
//! so a game outside a tournament carries none of it in the first load.

use super::state::GameState;
use crate::saves::tournament_games::{self, Finished};
use crate::text::msg;
use crate::ui::board::watch;
use crate::ui::platform::storage::{self, TOURNAMENT_GAMES_KEY};
use leptos::wasm_split::{wasm_split, SplitLoaderError};

impl GameState {
    /// Keeps the result of a tournament game as soon as it ends (again if it is taken back and
    /// ends otherwise: the later result replaces the earlier one until it is entered).
    pub fn record_tournament_results(self) {
        watch(move || {
            let Some(board) = self.tournament.get() else {
                return;
            };
            let Some(outcome) = self.with_two(|g| g.outcome()).flatten() else {
                return;
            };
            let finished = Finished::new(board, &outcome);
            leptos::task::spawn_local(async move {
                if !matches!(keep_finished(finished).await, Ok(true)) {
                    self.storage_failed(
                        "tournament-result",
                        msg::app_notice_tournament_result_not_kept(),
                    );
                }
            });
        });
    }
}

/// Adds `finished` to the games waiting for the Tournament screen; false if the browser
/// would not keep it (an error if the part could not be fetched).
#[wasm_split(tournament, wasm_split_path = leptos::wasm_split, fallible)]
fn keep_finished(finished: Finished) -> Result<bool, SplitLoaderError> {
    let waiting = storage::read(TOURNAMENT_GAMES_KEY)
        .and_then(|text| tournament_games::decode(&text).ok())
        .unwrap_or_default();
    let list = tournament_games::with_finished(waiting, finished);
    Ok(storage::write(
        TOURNAMENT_GAMES_KEY,
        &tournament_games::encode(&list),
    ))
}
