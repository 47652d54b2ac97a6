//! Moves typed instead of dragged (the move box, for a keyboard or a screen reader): standard
//! notation or the machine form (`Nf3`, `g1f3`, `e8=Q`), a placement (`N@c1`), or the Fun
//! Family record form (`r: e2-e4`, a trailing `+` calling check). A typed move is played
//! exactly as the same move dragged; anything else is refused with the reason.

use super::session::Session;
use super::state::GameState;
use crate::rules::san;
use crate::text::msg;

impl GameState {
    /// Plays the move `text` names, or says why not (and changes nothing).
    pub fn play_typed(self, text: &str) -> Result<(), String> {
        let text = text.trim();
        if text.is_empty() {
            return Err(msg::game_typed_empty().into());
        }
        if super::hands_locked(self) {
            return Err(msg::game_typed_not_now().into());
        }
        let turn = self.with_board_untracked(|b| b.turn());
        if self.computer.with_untracked(|c| c.level(turn).is_some()) {
            return Err(msg::game_typed_computer().into());
        }
        let parsed = self.session.with_untracked(|s| match s {
            Session::Two(g) => san::parse_move(g.position(), text).map(|m| (m, false)),
            Session::Family(g) => g.parse_move(text),
        });
        let (mv, call) = parsed.map_err(|why| msg::game_typed_not_legal(&text, &why))?;
        if call {
            self.armed.set(true);
        }
        self.clear_selection();
        self.play(mv);
        Ok(())
    }
}
