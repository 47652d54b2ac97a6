//! Fun Family Chess (FAMILY.md) in the app: its own state ([`FamilyUi`], in the Leptos
//! context while the app runs), the 160-square cross board ([`CrossBoard`]) with release-move
//! dragging and tap-tap like the 8x8 board, the big "Check!" call, the player panel and move
//! list ([`FamilyPanel`]), the result screen and saving in localStorage.

use crate::rules::bitboard::Bb256;
use crate::rules::family::game::FamilyRecord;
use crate::rules::family::{
    seat_letter, seat_name, FamilyGame, FamilyOutcome, PieceState, Seat, SEATS,
};
use crate::rules::geometry::Geometry;
use crate::rules::types::{Move, MoveKind, Piece, Role, Side, Square};
use crate::ui::dialog::Modal;
use crate::ui::piece_art::{piece_layers, LayerKind};
use crate::ui::pointer::{self, client, move_hints, to_units};
use crate::ui::state::{AppState, Dialog};
use leptos::prelude::*;
use serde::{Deserialize, Serialize};
use web_sys::{Element, PointerEvent};

const SQ: f64 = 100.0;
const SIZE: f64 = 1400.0;
/// Pixels a pointer must travel before a press counts as a drag.
const DRAG_SLOP: f64 = 6.0;
const TOUCH_SCALE: f64 = 1.5;
const TOUCH_LIFT: f64 = 70.0;
const MOUSE_SCALE: f64 = 1.15;

const SAVE_KEY: &str = "classroom-chess.family";
const ROTATION_KEY: &str = "classroom-chess.family-rotation";
const SET_ASIDE_PREFIX: &str = "classroom-chess.set-aside.family-";
const APP: &str = "classroom-chess-family";

fn geo() -> &'static Geometry<Bb256> {
    Geometry::cross()
}

fn all_squares() -> impl Iterator<Item = Square> {
    (0..14u8).flat_map(|rank| (0..14u8).filter_map(move |file| geo().square(file, rank)))
}

/// `rK`: seat letter and role letter.
pub fn family_code(p: Piece) -> String {
    format!("{}{}", seat_letter(p.side), p.role.letter())
}

/// Army colours (fill, outline, detail).
fn colours(seat: Side) -> (&'static str, &'static str, &'static str) {
    match seat.0 & 3 {
        0 => ("#e0433a", "#4a0d0a", "#fff"),
        1 => ("#2f6fd6", "#0b1f45", "#fff"),
        2 => ("#f3c623", "#4a3a00", "#222"),
        _ => ("#2f9e4f", "#0b3318", "#fff"),
    }
}

/// The army's shape, so colour is never the only clue: red circle, blue square, yellow
/// triangle, green diamond (drawn centred at `(cx, cy)`, radius about `r`).
fn badge(seat: Side, cx: f64, cy: f64, r: f64, class: &'static str) -> impl IntoView {
    let (fill, _, _) = colours(seat);
    let (stroke, width) = ("#111", r / 4.0);
    match seat.0 & 3 {
        0 => view! { <circle class=class cx=cx cy=cy r=r fill=fill stroke=stroke stroke-width=width /> }
            .into_any(),
        1 => view! {
            <rect class=class x=cx - r * 0.9 y=cy - r * 0.9 width=r * 1.8 height=r * 1.8 fill=fill stroke=stroke stroke-width=width />
        }
        .into_any(),
        2 => view! {
            <polygon
                class=class
                points=format!("{},{} {},{} {},{}", cx, cy - r * 1.1, cx + r * 1.05, cy + r * 0.8, cx - r * 1.05, cy + r * 0.8)
                fill=fill
                stroke=stroke
                stroke-width=width
                stroke-linejoin="round"
            />
        }
        .into_any(),
        _ => view! {
            <polygon
                class=class
                points=format!("{},{} {},{} {},{} {},{}", cx, cy - r * 1.2, cx + r * 1.0, cy, cx, cy + r * 1.2, cx - r * 1.0, cy)
                fill=fill
                stroke=stroke
                stroke-width=width
                stroke-linejoin="round"
            />
        }
        .into_any(),
    }
}

fn symbol(p: Piece) -> impl IntoView {
    let (fill, outline, detail) = colours(p.side);
    let layers = piece_layers(p.role.index())
        .iter()
        .map(|l| {
            let (f, s) = match l.kind {
                LayerKind::Body => (fill, outline),
                LayerKind::Detail => ("none", detail),
                LayerKind::DetailFill => (detail, "none"),
            };
            view! {
                <path d=l.d fill=f stroke=s stroke-width="3" stroke-linecap="round" stroke-linejoin="round" />
            }
        })
        .collect_view();
    view! {
        <symbol id=format!("fp-{}", family_code(p)) viewBox="0 0 100 100">
            {layers}
            {badge(p.side, 82.0, 82.0, 9.0, "army-badge")}
        </symbol>
    }
}

/// The four armies' piece symbols (a zero-size SVG).
#[component]
pub fn FamilyPieceDefs() -> impl IntoView {
    let symbols = SEATS
        .into_iter()
        .flat_map(|side| Role::ALL.into_iter().map(move |role| Piece { side, role }))
        .map(symbol)
        .collect_view();
    view! {
        <svg class="piece-defs" width="0" height="0" aria-hidden="true" focusable="false">
            <defs>{symbols}</defs>
        </svg>
    }
}

/// How the cross board turns.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Rotation {
    /// The player to move sits at the bottom.
    Mover,
    /// The tablet lies flat in the middle: the board never turns, each army faces its seat.
    Fixed,
}

impl Rotation {
    fn key(self) -> &'static str {
        match self {
            Rotation::Mover => "mover",
            Rotation::Fixed => "fixed",
        }
    }
}

/// Degrees (clockwise) that bring `seat` to the bottom: Red sits at the bottom, Blue on the
/// left, Yellow at the top, Green on the right.
fn seat_angle(seat: Side) -> u16 {
    [0, 270, 180, 90][seat.index() & 3]
}

/// Top-left corner of a square on screen (board units) with the board turned `rot` degrees.
fn cell(sq: Square, rot: u16) -> (f64, f64) {
    let (mut x, mut y) = (geo().file_of(sq), 13 - geo().rank_of(sq));
    for _ in 0..(rot / 90) % 4 {
        (x, y) = (13 - y, x);
    }
    (x as f64 * SQ, y as f64 * SQ)
}

fn square_at(x: f64, y: f64, rot: u16) -> Option<Square> {
    if !(0.0..SIZE).contains(&x) || !(0.0..SIZE).contains(&y) {
        return None;
    }
    let (mut c, mut r) = ((x / SQ) as u8, (y / SQ) as u8);
    for _ in 0..(rot / 90) % 4 {
        (c, r) = (r, 13 - c);
    }
    geo().square(c, 13 - r)
}

#[derive(Clone, Copy, PartialEq, Debug)]
pub struct FamilyDrag {
    pub from: Square,
    pub pointer: i32,
    pub touch: bool,
    pub start: (f64, f64),
    pub moved: bool,
    pub epoch: u32,
}

#[derive(Serialize, Deserialize)]
struct Saved {
    app: String,
    version: u32,
    record: FamilyRecord,
    names: [String; 4],
    result_closed: bool,
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The family game's shared state (all signals, so it is `Copy`).
#[derive(Clone, Copy)]
pub struct FamilyUi {
    pub app: AppState,
    /// `Some` while the app plays Fun Family Chess.
    pub game: RwSignal<Option<FamilyGame>>,
    pub names: RwSignal<[String; 4]>,
    pub selected: RwSignal<Option<Square>>,
    pub drag: RwSignal<Option<FamilyDrag>>,
    /// "Check!" pressed before the move: the next move is played with the call.
    pub armed: RwSignal<bool>,
    /// The move just played without a call: "Check!" now re-plays it with the call, until
    /// the next player touches anything.
    pub callable: RwSignal<Option<Move>>,
    pub rotation: RwSignal<Rotation>,
    pub result_closed: RwSignal<bool>,
    pub message: RwSignal<Option<String>>,
    pub epoch: RwSignal<u32>,
    /// A pawn released on a promotion square, waiting for the player to pick a piece.
    pub promotion: RwSignal<Option<(Square, Square)>>,
}

impl FamilyUi {
    /// The saved family game, if there is one (a bad save is set aside with a notice).
    pub fn load(app: AppState) -> FamilyUi {
        let rotation = match storage().and_then(|s| s.get_item(ROTATION_KEY).ok().flatten()) {
            Some(r) if r == "fixed" => Rotation::Fixed,
            _ => Rotation::Mover,
        };
        let mut game = None;
        let mut names: [String; 4] = Default::default();
        let mut closed = false;
        if let Some(text) = storage().and_then(|s| s.get_item(SAVE_KEY).ok().flatten()) {
            let decoded = serde_json::from_str::<Saved>(&text)
                .map_err(|e| e.to_string())
                .and_then(|s| {
                    if s.app != APP {
                        return Err("not a family save".to_string());
                    }
                    FamilyGame::from_record(&s.record).map(|g| (g, s.names, s.result_closed))
                });
            match decoded {
                Ok((g, n, c)) => {
                    game = Some(g);
                    names = n;
                    closed = c;
                }
                Err(why) => {
                    leptos::logging::warn!("classroom-chess: family save set aside: {why}");
                    let key = format!("{SET_ASIDE_PREFIX}{}", js_sys_now());
                    if let Some(s) = storage() {
                        let _ = s.set_item(&key, &text);
                        let _ = s.remove_item(SAVE_KEY);
                    }
                    app.notice.set(Some(format!(
                        "Your saved family game could not be opened; it was kept aside (as \"{key}\")."
                    )));
                }
            }
        }
        FamilyUi {
            app,
            game: RwSignal::new(game),
            names: RwSignal::new(names),
            selected: RwSignal::new(None),
            drag: RwSignal::new(None),
            armed: RwSignal::new(false),
            callable: RwSignal::new(None),
            rotation: RwSignal::new(rotation),
            result_closed: RwSignal::new(closed),
            message: RwSignal::new(None),
            epoch: RwSignal::new(0),
            promotion: RwSignal::new(None),
        }
    }

    pub fn active(self) -> bool {
        self.game.with(|g| g.is_some())
    }

    pub fn save(self) {
        let Some(s) = storage() else { return };
        let saved = self.game.with_untracked(|g| {
            g.as_ref().map(|g| Saved {
                app: APP.into(),
                version: 1,
                record: g.to_record(),
                names: self.names.get_untracked(),
                result_closed: self.result_closed.get_untracked(),
            })
        });
        match saved {
            Some(saved) => {
                if let Ok(text) = serde_json::to_string(&saved) {
                    let _ = s.set_item(SAVE_KEY, &text);
                }
            }
            None => {
                let _ = s.remove_item(SAVE_KEY);
            }
        }
    }

    pub fn set_rotation(self, r: Rotation) {
        self.rotation.set(r);
        if let Some(s) = storage() {
            let _ = s.set_item(ROTATION_KEY, r.key());
        }
    }

    /// Starts a family game (the 2-player game stays saved underneath).
    pub fn start(self, game: FamilyGame, names: [String; 4]) {
        self.names.set(names);
        self.game.set(Some(game));
        self.result_closed.set(false);
        self.reset_hands();
        self.save();
    }

    /// Leaves Fun Family Chess (a 2-player game was started).
    pub fn end(self) {
        self.game.set(None);
        self.reset_hands();
        self.save();
    }

    fn reset_hands(self) {
        self.selected.set(None);
        self.drag.set(None);
        self.armed.set(false);
        self.callable.set(None);
        self.message.set(None);
        self.promotion.set(None);
        self.epoch.update(|e| *e += 1);
    }

    /// "Red" or "Anna (Red)".
    pub fn label(self, seat: Side) -> String {
        let name = self.names.with(|n| n[seat.index() & 3].trim().to_string());
        if name.is_empty() {
            seat_name(seat).to_string()
        } else {
            format!("{name} ({})", seat_name(seat))
        }
    }

    fn locked(self) -> bool {
        self.app.dialog.with_untracked(|d| d.is_some())
            || self.promotion.with_untracked(|p| p.is_some())
            || self
                .game
                .with_untracked(|g| g.as_ref().is_none_or(|g| g.is_over() || g.is_paused()))
    }

    /// The standing checks as (victim, caller).
    fn standing(g: &FamilyGame) -> Vec<(Side, Side)> {
        SEATS
            .into_iter()
            .filter_map(|s| g.state().standing_check(s).map(|by| (s, by)))
            .collect()
    }

    /// Runs a change of the game; on success saves it and announces new checks.
    fn change(self, f: impl FnOnce(&mut FamilyGame) -> Result<(), String>) -> bool {
        let Some(before) = self.game.get_untracked() else {
            return false;
        };
        let old_checks = FamilyUi::standing(&before);
        let mut next = before.clone();
        match f(&mut next) {
            Ok(()) => {
                let new_checks = FamilyUi::standing(&next);
                let fresh: Vec<(Side, Side)> = new_checks
                    .iter()
                    .copied()
                    .filter(|c| !old_checks.contains(c))
                    .collect();
                self.game.set(Some(next));
                self.selected.set(None);
                self.drag.set(None);
                self.message.set(None);
                self.epoch.update(|e| *e += 1);
                let same = before
                    .events()
                    .iter()
                    .zip(next_events(self))
                    .take_while(|(a, b)| **a == *b)
                    .count();
                let mut words: Vec<String> =
                    fresh.iter().map(|&(v, by)| check_text(v, by)).collect();
                let happened: Vec<String> = self.game.with_untracked(|g| {
                    g.as_ref()
                        .map(|g| {
                            g.events()[same.min(g.events().len())..]
                                .iter()
                                .filter_map(|e| event_text(self, e))
                                .collect()
                        })
                        .unwrap_or_default()
                });
                if !fresh.is_empty() {
                    crate::ui::announcer::alert_sound("Check!", self.app.settings.get_untracked());
                }
                words.extend(happened);
                if !words.is_empty() {
                    let lead = if fresh.is_empty() { "" } else { "Check! " };
                    self.app.spoken.set(format!("{lead}{}.", words.join(". ")));
                }
                self.save();
                true
            }
            Err(e) => {
                self.message.set(Some(e));
                false
            }
        }
    }

    /// The legal moves `from`-`to` (several only for a promotion).
    fn moves(self, from: Square, to: Square) -> Vec<Move> {
        self.game.with_untracked(|g| {
            g.as_ref().map_or_else(Vec::new, |g| {
                g.legal_moves()
                    .iter()
                    .copied()
                    .filter(|m| m.from == from && m.to == to && !m.is_drop())
                    .collect()
            })
        })
    }

    /// Plays `from`-`to` if legal; a promotion with a choice opens the picker (true).
    fn try_move(self, from: Square, to: Square) -> bool {
        let moves = self.moves(from, to);
        match moves.as_slice() {
            [] => false,
            [m] => self.play(*m),
            _ => {
                self.promotion.set(Some((from, to)));
                true
            }
        }
    }

    /// The picker's choice.
    pub fn promote(self, role: Role) {
        let Some((from, to)) = self.promotion.get_untracked() else {
            return;
        };
        self.promotion.set(None);
        if let Some(m) = self
            .moves(from, to)
            .into_iter()
            .find(|m| m.kind == MoveKind::Promotion(role))
        {
            self.play(m);
        }
    }

    fn play(self, m: Move) -> bool {
        let call = self.armed.get_untracked();
        let ok = self.change(|g| g.play(m, call).map(|_| ()));
        if ok {
            self.armed.set(false);
            let over = self
                .game
                .with_untracked(|g| g.as_ref().is_some_and(|g| g.is_over()));
            self.callable.set((!call && !over).then_some(m));
        }
        ok
    }

    /// The "Check!" button: re-plays the move just made with the call, else arms the call.
    pub fn press_check(self) {
        if let Some(m) = self.callable.get_untracked() {
            self.callable.set(None);
            self.change(|g| {
                g.undo().ok_or("nothing to call")?;
                g.play(m, true).map(|_| ())
            });
        } else {
            self.armed.update(|a| *a = !*a);
        }
    }

    /// The next player touched something: the last move can no longer be called.
    fn touched(self) {
        self.callable.set(None);
    }
}

/// The events of the game now (cloned, for comparing with the events before a change).
fn next_events(fam: FamilyUi) -> Vec<crate::rules::family::Event> {
    fam.game
        .with_untracked(|g| g.as_ref().map(|g| g.events().to_vec()).unwrap_or_default())
}

/// What the live region says about an event (moves themselves are not spoken).
fn event_text(fam: FamilyUi, e: &crate::rules::family::Event) -> Option<String> {
    use crate::rules::family::Event;
    let by_mask = |mask: u8| {
        SEATS
            .into_iter()
            .filter(|s| mask & (1 << s.0) != 0)
            .map(seat_name)
            .collect::<Vec<_>>()
            .join(" and ")
    };
    Some(match *e {
        Event::Moved { .. } => return None,
        Event::Passed(s) => format!("{} cannot move and passes", seat_name(s)),
        Event::Mated { seat, by } => format!(
            "Checkmate! {} is out (mated by {})",
            seat_name(seat),
            by_mask(by)
        ),
        Event::StalemateOut(s) => format!("{} is stalemated and out", seat_name(s)),
        Event::Resigned(s) => format!("{} resigned", seat_name(s)),
        Event::Away(s) => format!("{} is away: their pieces are asleep", seat_name(s)),
        Event::Back(s) => format!("{} is back", seat_name(s)),
        Event::Ended(o) => format!("Game over: {}", outcome_title(fam, &o)),
    })
}

/// Wall-clock milliseconds, so set-aside keys of different visits differ.
fn js_sys_now() -> u64 {
    web_sys::js_sys::Date::now() as u64
}

/// "Blue's king is in check (called by Red)".
pub fn check_text(victim: Side, by: Side) -> String {
    format!(
        "{}'s king is in check (called by {})",
        seat_name(victim),
        seat_name(by)
    )
}

fn status_key(s: Seat) -> &'static str {
    match s {
        Seat::Playing => "playing",
        Seat::Away => "away",
        Seat::Out => "out",
        Seat::Empty => "empty",
    }
}

/// The board model: what the view draws.
#[derive(Clone, PartialEq)]
struct Model {
    pieces: Vec<(Square, Piece, PieceState)>,
    turn: Side,
    last: Option<(Square, Square)>,
    checked: Vec<Side>,
}

impl Model {
    fn of(g: &FamilyGame) -> Model {
        let st = g.state();
        let pieces = all_squares()
            .filter_map(|sq| st.piece_state(sq).map(|(p, s)| (sq, p, s)))
            .collect();
        let last = g.events().iter().rev().find_map(|e| match e {
            crate::rules::family::Event::Moved { mv, .. } => Some((mv.from, mv.to)),
            _ => None,
        });
        Model {
            pieces,
            turn: g.turn(),
            last,
            checked: SEATS
                .into_iter()
                .filter(|&s| st.standing_check(s).is_some())
                .collect(),
        }
    }
}

#[component]
pub fn CrossBoard(fam: FamilyUi) -> impl IntoView {
    let svg_ref = NodeRef::<leptos::svg::Svg>::new();
    let model = Memo::new(move |_| fam.game.with(|g| g.as_ref().map(Model::of)));
    let rotation = Memo::new(move |_| match fam.rotation.get() {
        Rotation::Fixed => 0,
        Rotation::Mover => model.with(|m| m.as_ref().map_or(0, |m| seat_angle(m.turn))),
    });
    let fixed = Memo::new(move |_| fam.rotation.get() == Rotation::Fixed);
    let lifted = Memo::new(move |_| fam.drag.with(|d| d.filter(|d| d.moved).map(|d| d.from)));
    let pointer = RwSignal::new((0.0_f64, 0.0_f64));
    let tap = StoredValue::new(None::<(i32, Square)>);

    let hints = Memo::new(move |_| {
        let Some(from) = fam.selected.get() else {
            return Vec::new();
        };
        fam.game.with(|g| {
            let Some(g) = g else { return Vec::new() };
            let pos = g.state().position();
            move_hints(pos, &g.legal_moves(), from)
        })
    });

    let board_el = move || svg_ref.get_untracked();
    let units = move |ev: &PointerEvent| {
        let svg = board_el()?;
        let (cx, cy) = client(ev);
        to_units(svg.as_ref(), cx, cy, SIZE)
    };
    let release = move |id: i32| {
        if let Some(svg) = board_el() {
            pointer::release(svg.as_ref(), id);
        }
    };
    let capture = move |id: i32| {
        if let Some(svg) = board_el() {
            pointer::capture(svg.as_ref(), id);
        }
    };
    let held = move |id: i32| board_el().is_some_and(|svg| pointer::holds(svg.as_ref(), id));
    let piece_at = move |sq: Square| {
        model.with_untracked(|m| {
            m.as_ref().and_then(|m| {
                m.pieces
                    .iter()
                    .find(|(s, _, _)| *s == sq)
                    .map(|(_, p, st)| (*p, *st, m.turn))
            })
        })
    };

    let on_down = move |ev: PointerEvent| {
        if ev.pointer_type() == "mouse" && ev.button() != 0 {
            return;
        }
        let id = ev.pointer_id();
        if let Some(d) = fam.drag.get_untracked() {
            if d.pointer != id && held(d.pointer) {
                return;
            }
            fam.drag.set(None);
        }
        if tap.get_value().is_some_and(|(t, _)| t != id && held(t)) {
            return;
        }
        tap.set_value(None);
        ev.prevent_default();
        let Some((x, y)) = units(&ev) else { return };
        if fam.locked() {
            return;
        }
        // The next player has touched the board: the last move can no longer be called.
        fam.touched();
        let Some(sq) = square_at(x, y, rotation.get_untracked()) else {
            fam.selected.set(None);
            return;
        };
        let own =
            piece_at(sq).is_some_and(|(p, st, turn)| p.side == turn && st == PieceState::Live);
        if own {
            capture(id);
            if fam.app.settings.with_untracked(|s| s.sound) {
                crate::ui::sound::unlock();
            }
            fam.selected.set(Some(sq));
            pointer.set((x, y));
            fam.drag.set(Some(FamilyDrag {
                from: sq,
                pointer: id,
                touch: ev.pointer_type() == "touch",
                start: client(&ev),
                moved: false,
                epoch: fam.epoch.get_untracked(),
            }));
        } else if hints.with_untracked(|h| h.iter().any(|(s, _)| *s == sq)) {
            capture(id);
            tap.set_value(Some((id, sq)));
        } else {
            fam.selected.set(None);
        }
    };

    let on_move = move |ev: PointerEvent| {
        let Some(d) = fam.drag.get_untracked() else {
            return;
        };
        if ev.pointer_id() != d.pointer {
            return;
        }
        ev.prevent_default();
        let (cx, cy) = client(&ev);
        if !d.moved && (cx - d.start.0).hypot(cy - d.start.1) < DRAG_SLOP {
            return;
        }
        if let Some(p) = units(&ev) {
            pointer.set(p);
        }
        if !d.moved {
            fam.drag.set(Some(FamilyDrag { moved: true, ..d }));
        }
    };

    let on_up = move |ev: PointerEvent| {
        let id = ev.pointer_id();
        let target = units(&ev).and_then(|(x, y)| square_at(x, y, rotation.get_untracked()));
        if let Some((_, to)) = tap.get_value().filter(|(tid, _)| *tid == id) {
            tap.set_value(None);
            release(id);
            if target == Some(to) && !fam.locked() {
                if let Some(from) = fam.selected.get_untracked() {
                    if !fam.try_move(from, to) {
                        fam.selected.set(None);
                    }
                }
            }
            return;
        }
        let Some(d) = fam.drag.get_untracked().filter(|d| d.pointer == id) else {
            return;
        };
        fam.drag.set(None);
        release(id);
        if d.epoch != fam.epoch.get_untracked() || fam.locked() {
            return;
        }
        match target {
            Some(sq) if sq == d.from => {}
            Some(sq) if fam.try_move(d.from, sq) => {}
            _ => fam.selected.set(None),
        }
    };

    let cancel = move |id: i32| {
        if fam.drag.get_untracked().is_some_and(|d| d.pointer == id) {
            fam.drag.set(None);
        }
        if tap.get_value().is_some_and(|(t, _)| t == id) {
            tap.set_value(None);
        }
    };
    let on_lost_capture = move |ev: PointerEvent| {
        use leptos::wasm_bindgen::JsCast;
        let on_board = ev
            .target()
            .and_then(|t| t.dyn_into::<Element>().ok())
            .is_some_and(|t| t.tag_name().eq_ignore_ascii_case("svg"));
        if on_board {
            cancel(ev.pointer_id());
        }
    };

    let squares = all_squares()
        .map(|sq| {
            let light = geo().is_light(sq);
            let class = move || {
                let mut c = String::from(if light { "sq light" } else { "sq dark" });
                if fam.selected.get() == Some(sq) {
                    c.push_str(" selected");
                }
                model.with(|m| {
                    if m.as_ref()
                        .and_then(|m| m.last)
                        .is_some_and(|(a, b)| a == sq || b == sq)
                    {
                        c.push_str(" last-move");
                    }
                });
                c
            };
            view! {
                <rect
                    data-square=geo().name(sq)
                    class=class
                    x=move || cell(sq, rotation.get()).0
                    y=move || cell(sq, rotation.get()).1
                    width="100"
                    height="100"
                />
            }
        })
        .collect_view();

    // File letters and rank numbers just inside the board's edge squares.
    let coords = move || {
        let rot = rotation.get();
        all_squares()
            .filter_map(|sq| {
                let (x, y) = cell(sq, rot);
                let bottom_edge = y == 13.0 * SQ;
                let left_edge = x == 0.0;
                let mut out = Vec::new();
                if bottom_edge {
                    let f = geo().file_names[geo().file_of(sq) as usize].to_string();
                    let r = (geo().rank_of(sq) + 1).to_string();
                    // The bottom row shows files when the board is upright or upside down.
                    out.push(if rot % 180 == 0 { f } else { r });
                }
                if left_edge {
                    let f = geo().file_names[geo().file_of(sq) as usize].to_string();
                    let r = (geo().rank_of(sq) + 1).to_string();
                    out.push(if rot % 180 == 0 { r } else { f });
                }
                (!out.is_empty()).then(|| {
                    let mut v = Vec::new();
                    if bottom_edge {
                        v.push(view! {
                            <text class="coord" x=x + 93.0 y=y + 92.0 text-anchor="end">{out[0].clone()}</text>
                        });
                    }
                    if left_edge {
                        let t = out.last().cloned().unwrap_or_default();
                        v.push(view! { <text class="coord" x=x + 7.0 y=y + 24.0 text-anchor="start">{t}</text> });
                    }
                    v
                })
            })
            .flatten()
            .collect_view()
    };

    let hint_marks = move || {
        let rot = rotation.get();
        hints
            .get()
            .into_iter()
            .map(|(sq, capture)| {
                let (x, y) = cell(sq, rot);
                view! {
                    <circle
                        class=if capture { "move-hint ring" } else { "move-hint dot" }
                        data-hint=geo().name(sq)
                        cx=x + 50.0
                        cy=y + 50.0
                        r=if capture { "44" } else { "15" }
                    />
                }
            })
            .collect_view()
    };

    let piece_list = move || {
        let mut v = model.with(|m| m.as_ref().map(|m| m.pieces.clone()).unwrap_or_default());
        if let Some(from) = lifted.get() {
            if let Some(i) = v.iter().position(|(s, _, _)| *s == from) {
                let p = v.remove(i);
                v.push(p);
            }
        }
        v
    };

    let piece_view = move |sq: Square, p: Piece, st: PieceState| {
        let is_lifted = move || lifted.get() == Some(sq);
        let transform = move || {
            if is_lifted() {
                let (x, y) = pointer.get();
                let touch = fam.drag.with(|d| d.is_some_and(|d| d.touch));
                let (s, lift) = if touch {
                    (TOUCH_SCALE, TOUCH_LIFT)
                } else {
                    (MOUSE_SCALE, 0.0)
                };
                format!(
                    "translate({:.1} {:.1}) scale({s})",
                    x - 50.0 * s,
                    y - 50.0 * s - lift
                )
            } else {
                let (x, y) = cell(sq, rotation.get());
                format!("translate({x} {y})")
            }
        };
        // Fixed board: each army faces its own seat.
        let turn = move || {
            if fixed.get() {
                let a = (360 - seat_angle(p.side)) % 360;
                format!("rotate({a} 50 50)")
            } else {
                String::new()
            }
        };
        let checked = move || {
            p.role == Role::King
                && model.with(|m| m.as_ref().is_some_and(|m| m.checked.contains(&p.side)))
        };
        let state_key = match st {
            PieceState::Live => "live",
            PieceState::Asleep => "asleep",
            PieceState::Dead => "dead",
        };
        view! {
            <g
                class=move || {
                    let mut c = String::from("piece");
                    if is_lifted() {
                        c.push_str(" dragging");
                    }
                    if checked() {
                        c.push_str(" announced-check");
                    }
                    c
                }
                data-piece=family_code(p)
                data-square=geo().name(sq)
                data-state=state_key
                transform=transform
            >
                {checked_glow(checked)}
                <g transform=turn>
                    <use href=format!("#fp-{}", family_code(p)) width="100" height="100"></use>
                    {(st == PieceState::Asleep)
                        .then(|| view! { <text class="asleep-mark" x="22" y="30">"z"</text> })}
                </g>
            </g>
        }
    };

    view! {
        <svg
            node_ref=svg_ref
            class="board cross-board"
            class:is-dragging=move || lifted.get().is_some()
            data-testid="board"
            data-variant="family"
            data-rotation=move || rotation.get().to_string()
            viewBox="0 0 1400 1400"
            role="img"
            aria-label="Four-player chess board"
            on:pointerdown=on_down
            on:pointermove=on_move
            on:pointerup=on_up
            on:pointercancel=move |ev: PointerEvent| cancel(ev.pointer_id())
            on:lostpointercapture=on_lost_capture
            on:contextmenu=|ev| ev.prevent_default()
        >
            <g class="squares">{squares}</g>
            <g class="coords" aria-hidden="true">{coords}</g>
            <g class="hints">{hint_marks}</g>
            <g class="pieces">
                <For
                    each=piece_list
                    key=|(s, p, st)| (*s, *p, *st as u8)
                    children=move |(sq, p, st)| piece_view(sq, p, st)
                />
            </g>
        </svg>
    }
}

fn checked_glow(checked: impl Fn() -> bool + Send + Sync + 'static) -> impl IntoView {
    move || {
        checked().then(|| {
            view! { <circle class="check-ring" cx="50" cy="50" r="47" /> }
        })
    }
}

fn outcome_title(fam: FamilyUi, o: &FamilyOutcome) -> String {
    if o.is_draw() {
        return "It is a draw".into();
    }
    let winners: Vec<String> = SEATS
        .into_iter()
        .filter(|s| o.winners & (1 << s.0) != 0)
        .map(|s| fam.label(s))
        .collect();
    match winners.len() {
        1 => format!("{} wins", winners[0]),
        _ => format!("{} win", winners.join(" and ")),
    }
}

/// "Points: Red 1, Blue 0, Yellow ½, Green ½" for the seats that had players.
fn points_text(fam: FamilyUi, o: &FamilyOutcome) -> String {
    let seats: Vec<String> = SEATS
        .into_iter()
        .filter(|s| o.players & (1 << s.0) != 0)
        .map(|s| {
            let p = ["0", "½", "1"][o.half_points(s).min(2) as usize];
            format!("{} {p}", fam.label(s))
        })
        .collect();
    format!("Points: {}", seats.join(", "))
}

/// The game-over screen of a family game.
#[component]
pub fn FamilyResult(fam: FamilyUi) -> impl IntoView {
    let state = fam.app;
    move || {
        let o = fam.game.with(|g| g.as_ref().and_then(|g| g.outcome()))?;
        if fam.result_closed.get() || state.dialog.with(|d| d.is_some()) {
            return None;
        }
        let look = Callback::new(move |_| {
            fam.result_closed.set(true);
            fam.save();
        });
        let reason = o.reason.describe();
        let reason = format!("{}{}.", reason[..1].to_uppercase(), &reason[1..]);
        Some(view! {
            <Modal state title="Game over" testid="result" on_close=look>
                <p class="result-title">{outcome_title(fam, &o)}</p>
                <p class="result-reason">{reason}</p>
                <p class="points" data-testid="points">{points_text(fam, &o)}</p>
                <div class="dialog-buttons">
                    <button data-testid="look-at-board" on:click=move |_| look.run(())>
                        "Look at the board"
                    </button>
                    <button
                        class="primary"
                        data-testid="result-new-game"
                        on:click=move |_| state.dialog.set(Some(Dialog::NewGame))
                    >
                        "New game"
                    </button>
                </div>
            </Modal>
        })
    }
}

/// The side panel of a family game: turn, "Check!", standing checks, players, rotation,
/// move list.
#[component]
pub fn FamilyPanel(fam: FamilyUi) -> impl IntoView {
    let read = move |f: &dyn Fn(&FamilyGame) -> String| {
        fam.game.with(|g| g.as_ref().map(f).unwrap_or_default())
    };
    let turn_text = move || {
        fam.game.with(|g| {
            let Some(g) = g else { return String::new() };
            if let Some(o) = g.outcome() {
                return format!("Game over: {}", outcome_title(fam, &o));
            }
            if g.is_paused() {
                return "Paused: nobody can move until a player comes back".into();
            }
            let t = g.turn();
            let name = fam.names.with(|n| n[t.index() & 3].trim().to_string());
            if name.is_empty() {
                format!("{} to move", seat_name(t))
            } else {
                format!("{} to move ({name})", seat_name(t))
            }
        })
    };
    let turn_seat = move || {
        read(&|g| {
            if g.is_over() {
                String::new()
            } else {
                seat_letter(g.turn()).to_string()
            }
        })
    };
    let auto = move || {
        fam.game
            .with(|g| g.as_ref().is_some_and(|g| g.rules().auto_check))
    };
    let over = move || fam.game.with(|g| g.as_ref().is_none_or(|g| g.is_over()));

    let standing = move || {
        fam.game.with(|g| {
            g.as_ref()
                .map(|g| {
                    FamilyUi::standing(g)
                        .into_iter()
                        .map(|(v, by)| check_text(v, by))
                        .collect::<Vec<_>>()
                        .join(". ")
                })
                .unwrap_or_default()
        })
    };

    let seat_row = move |seat: Side| {
        let l = seat_letter(seat);
        let status = move || {
            fam.game
                .with(|g| g.as_ref().map_or(Seat::Empty, |g| g.state().seat(seat)))
        };
        let eligible = move || {
            fam.game
                .with(|g| g.as_ref().is_some_and(|g| g.is_eligible(seat)))
        };
        let to_move = move || {
            fam.game
                .with(|g| g.as_ref().is_some_and(|g| g.turn() == seat && !g.is_over()))
        };
        let leave = move |_| {
            fam.touched();
            fam.change(|g| g.away(seat, false).map(|_| ()));
        };
        let back = move |_| {
            fam.touched();
            fam.change(|g| g.back(seat).map(|_| ()));
        };
        let status_text = move || match status() {
            Seat::Playing => "playing",
            Seat::Away => "away (pieces asleep)",
            Seat::Out => "out",
            Seat::Empty => "",
        };
        move || {
            (status() != Seat::Empty).then(|| {
                view! {
                    <li
                        class="family-seat"
                        class:to-move=to_move
                        data-testid=format!("seat-{l}")
                        data-status=move || status_key(status())
                    >
                        <svg class="seat-badge" viewBox="0 0 40 40" aria-hidden="true">
                            {badge(seat, 20.0, 20.0, 13.0, "seat-shape")}
                        </svg>
                        <span class="seat-name">{move || fam.label(seat)}</span>
                        <span class="seat-status">{status_text}</span>
                        {move || {
                            (eligible() && status() == Seat::Playing && !over())
                                .then(|| {
                                    view! {
                                        <button class="small" data-testid=format!("leave-{l}") on:click=leave>
                                            "I'm leaving"
                                        </button>
                                    }
                                })
                        }}
                        {move || {
                            (status() == Seat::Away && !over())
                                .then(|| {
                                    view! {
                                        <button class="small" data-testid=format!("back-{l}") on:click=back>
                                            "I'm back"
                                        </button>
                                    }
                                })
                        }}
                    </li>
                }
            })
        }
    };
    let seats = SEATS.into_iter().map(seat_row).collect_view();

    let moves = move || {
        fam.game
            .with(|g| g.as_ref().map(|g| g.records()).unwrap_or_default())
            .into_iter()
            .map(|line| view! { <li data-testid="move">{line}</li> })
            .collect_view()
    };

    view! {
        <div class="mode-line">
            <strong>"Fun Family Chess"</strong>
            <span>"Checkmate the others; say \"Check!\" when you give check"</span>
        </div>
        <div
            class="turn family-turn"
            class:over=over
            data-testid="turn"
            data-seat=turn_seat
            aria-live="polite"
        >
            {turn_text}
        </div>
        <div class="call-row">
            <button
                class="call-check"
                class:armed=move || fam.armed.get()
                data-testid="call-check"
                aria-pressed=move || fam.armed.get().to_string()
                disabled=move || auto() || over()
                on:click=move |_| fam.press_check()
            >
                "Check!"
            </button>
            <span class="call-help">
                {move || {
                    if auto() {
                        "Checks are called automatically."
                    } else if fam.armed.get() {
                        "Your next move says \"Check!\"."
                    } else {
                        "Press before or right after your move to call check."
                    }
                }}
            </span>
        </div>
        <p class="standing-checks" data-testid="standing-checks" class:empty=move || standing().is_empty()>
            {standing}
        </p>
        {move || fam.message.get().map(|m| view! { <p class="message" role="alert" data-testid="message">{m}</p> })}
        <ul class="family-seats" data-testid="players">{seats}</ul>
        <label class="field family-rotation">
            <span>"Board"</span>
            <select
                data-testid="family-rotation"
                prop:value=move || fam.rotation.get().key()
                on:change=move |ev| {
                    fam.set_rotation(if event_target_value(&ev) == "fixed" { Rotation::Fixed } else { Rotation::Mover })
                }
            >
                <option value="mover" selected=move || fam.rotation.get() == Rotation::Mover>"Turns to the player to move"</option>
                <option value="fixed" selected=move || fam.rotation.get() == Rotation::Fixed>"Fixed (tablet flat in the middle)"</option>
            </select>
        </label>
        <section class="moves">
            <h2>"Moves"</h2>
            <ol class="move-list family-moves" data-testid="move-list">{moves}</ol>
        </section>
    }
}

/// The promotion picker of a family game: big buttons in the mover's army colour.
#[component]
pub fn FamilyPromotion(fam: FamilyUi) -> impl IntoView {
    move || {
        let (from, to) = fam.promotion.get()?;
        let side = fam.game.with_untracked(|g| g.as_ref().map(|g| g.turn()))?;
        let mut roles: Vec<Role> = fam
            .moves(from, to)
            .into_iter()
            .filter_map(|m| match m.kind {
                MoveKind::Promotion(r) => Some(r),
                _ => None,
            })
            .collect();
        roles.sort_by_key(|r| std::cmp::Reverse(r.value()));
        roles.dedup();
        let buttons = roles
            .into_iter()
            .map(|role| {
                let code = family_code(Piece { side, role });
                view! {
                    <button
                        class="promote"
                        data-promote=role.letter().to_ascii_lowercase().to_string()
                        aria-label=role.name()
                        title=role.name()
                        on:click=move |_| fam.promote(role)
                    >
                        <svg class="piece-icon" viewBox="0 0 100 100" aria-hidden="true" focusable="false">
                            <use href=format!("#fp-{code}") width="100" height="100"></use>
                        </svg>
                    </button>
                }
            })
            .collect_view();
        Some(view! {
            <div class="promotion-layer">
                <div
                    class="promotion"
                    data-testid="promotion-picker"
                    role="dialog"
                    aria-label="Choose a piece for your pawn"
                >
                    <p class="promotion-title">"Your pawn becomes…"</p>
                    <div class="promotion-buttons">{buttons}</div>
                    <button
                        class="cancel"
                        data-testid="close-dialog"
                        on:click=move |_| {
                            fam.promotion.set(None);
                            fam.selected.set(None);
                        }
                    >
                        "Cancel"
                    </button>
                </div>
            </div>
        })
    }
}
