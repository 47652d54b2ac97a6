//! The `family` part's side of [`super::family_seam`]: the core's Fun Family game behind
//! [`FamilyPlay`], the kit that makes such games, and fetching the part that brings them.

use super::family_news;
use super::family_seam::{FamilyBox, FamilyKit, FamilyNews, FamilyPlay, FamilySaved};
use super::session::targets;
use crate::rules::bitboard::Bits;
use crate::rules::family::game::FamilyRecord;
use crate::rules::family::{notation, Event, FamilyGame, FamilyOutcome, PieceState, Seat, SEATS};
use crate::rules::movegen::MoveList;
use crate::rules::types::{Move, Piece, Role, Side, Square};
use crate::saves::family as family_save;
use crate::saves::game::Computer;
use crate::ui::board::armies::four_armies_markup;
use crate::ui::board::Shape;
use crate::ui::platform::styles::screen_styles;
use leptos::wasm_split::{wasm_split, SplitLoaderError};
use std::sync::OnceLock;

struct Kit;

static KIT: OnceLock<&'static dyn FamilyKit> = OnceLock::new();

/// The kit, once the family part is in.
pub fn kit() -> Option<&'static dyn FamilyKit> {
    KIT.get().copied()
}

/// Fetches the family part if it is not in yet, and its styles; `None` when the part could
/// not be fetched.
pub async fn load_kit() -> Option<&'static dyn FamilyKit> {
    if let Some(k) = kit() {
        return Some(k);
    }
    // Its styles are in the screens' stylesheet: asked for now, waited for with the part.
    let styles = screen_styles();
    install().await.ok()?;
    styles.await;
    kit()
}

#[wasm_split(family, wasm_split_path = leptos::wasm_split, fallible)]
fn install() -> Result<(), SplitLoaderError> {
    let _ = KIT.set(&Kit);
    Ok(())
}

impl FamilyKit for Kit {
    fn decode_save(&self, text: &str) -> Result<FamilySaved, String> {
        let c = family_save::decode(text)?;
        Ok(FamilySaved {
            game: Box::new(c.game),
            names: c.names,
            result_closed: c.result_closed,
            computer: c.computer,
        })
    }

    fn boxed(&self, game: FamilyGame) -> FamilyBox {
        Box::new(game)
    }

    fn four_armies_markup(&self) -> String {
        four_armies_markup()
    }
}

impl FamilyPlay for FamilyGame {
    fn game(&self) -> &FamilyGame {
        self
    }

    fn game_mut(&mut self) -> &mut FamilyGame {
        self
    }

    fn clone_box(&self) -> FamilyBox {
        Box::new(self.clone())
    }

    fn shape(&self) -> &'static Shape {
        Shape::cross()
    }

    fn turn(&self) -> Side {
        FamilyGame::turn(self)
    }

    fn is_over(&self) -> bool {
        FamilyGame::is_over(self)
    }

    fn is_paused(&self) -> bool {
        FamilyGame::is_paused(self)
    }

    fn outcome(&self) -> Option<FamilyOutcome> {
        FamilyGame::outcome(self)
    }

    fn seat_used(&self, seat: Side) -> bool {
        self.rules().seat_used(seat)
    }

    fn seat(&self, seat: Side) -> Seat {
        self.state().seat(seat)
    }

    fn hints(&self) -> bool {
        self.rules().hints
    }

    fn legal_moves(&self) -> MoveList {
        FamilyGame::legal_moves(self)
    }

    fn targets(&self, from: Square) -> Vec<(Square, bool)> {
        targets(
            self.state().position(),
            &FamilyGame::legal_moves(self),
            from,
        )
    }

    fn reach(&self, from: Square) -> Option<(Piece, Vec<(Square, bool)>)> {
        let st = self.state();
        let piece = st.position().piece_at(from)?;
        let dests = if piece.side == FamilyGame::turn(self) {
            FamilyPlay::targets(self, from)
        } else {
            // Not its turn: where it could go by the pieces' moves alone.
            let mut pos = *st.position();
            pos.set_turn(piece.side);
            let mut list = MoveList::new();
            pos.generate_pseudo(pos.others(piece.side), &mut list);
            targets(&pos, &list, from)
        };
        Some((piece, dests))
    }

    fn piece_state(&self, sq: Square) -> Option<(Piece, PieceState)> {
        self.state().piece_state(sq)
    }

    fn standing_check(&self, seat: Side) -> Option<Side> {
        self.state().standing_check(seat)
    }

    fn standing(&self) -> Vec<(Side, Side)> {
        SEATS
            .into_iter()
            .filter_map(|s| self.state().standing_check(s).map(|by| (s, by)))
            .collect()
    }

    fn unannounced_attacks(&self) -> Vec<(Side, Square, u8)> {
        let st = self.state();
        let mut out: Vec<(Side, Square, u8)> = Vec::new();
        for (victim, by) in st.unannounced_attacks() {
            if let Some(e) = out.iter_mut().find(|e| e.0 == victim) {
                e.2 |= 1 << by.0;
                continue;
            }
            if let Some(king) = st.position().pieces(victim, Role::King).squares().next() {
                out.push((victim, king, 1 << by.0));
            }
        }
        out
    }

    fn events(&self) -> &[Event] {
        FamilyGame::events(self)
    }

    fn record_entries(&self) -> Vec<(String, Option<usize>)> {
        FamilyGame::record_entries(self)
    }

    fn last_record(&self) -> Option<String> {
        self.records().pop()
    }

    fn undo_depth(&self) -> usize {
        FamilyGame::undo_depth(self)
    }

    fn truncated(&self, depth: usize) -> FamilyBox {
        Box::new(FamilyGame::truncated(self, depth))
    }

    fn text(&self) -> String {
        FamilyGame::text(self)
    }

    fn play(&mut self, mv: Move, call: bool) -> Result<(), String> {
        FamilyGame::play(self, mv, call).map(|_| ())
    }

    fn undo(&mut self) -> bool {
        FamilyGame::undo(self).is_some()
    }

    fn parse_move(&self, text: &str) -> Result<(Move, bool), String> {
        notation::parse_move(self.state(), text)
    }

    fn to_record(&self) -> FamilyRecord {
        FamilyGame::to_record(self)
    }

    fn news_since(&self, before: &dyn FamilyPlay, label: &dyn Fn(Side) -> String) -> FamilyNews {
        family_news::news(before, self, label)
    }

    fn call_would_bind(&self, m: Move) -> bool {
        family_news::call_would_bind(self, m)
    }

    fn encode_save(
        &self,
        names: &[String; 4],
        closed: bool,
        computer: &Computer,
        rev: u64,
    ) -> String {
        family_save::encode(self, names, closed, computer, rev)
    }
}
