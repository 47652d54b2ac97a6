//! The two-player part of the new-game dialog: the Primary options a teacher may change, the
//! clock, who plays (two people, or one against the computer at a level named for a person)
//! and the players' names, started from the game on screen (the next game is usually the
//! same kind).

use crate::engine::LEVELS;
use crate::rules::clock::TimeControl;
use crate::rules::game::Game;
use crate::rules::ruleset::{Castling, Mode, RuleSet};
use crate::rules::types::Side;
use crate::saved_rules::SavedRuleSet;
use crate::saves::game::Computer;
use crate::text::case::capitalise;
use crate::text::msg;
use crate::text::words;
use crate::ui::board::watch;
use crate::ui::game::computer::{level_about, level_name};
use crate::ui::game::lock::{self, as_teacher, Guarded};
use crate::ui::game::panels::clock::control_text;
use crate::ui::game::state::GameState;
use crate::ui::game::two_player::default_time_control;
use crate::ui::platform::engine;
use crate::ui::platform::time::random;
use leptos::prelude::*;

/// The preset key of a time control ("10+0", "untimed").
fn control_key(tc: Option<TimeControl>) -> String {
    TimeControl::PRESETS
        .iter()
        .find(|(_, t)| *t == tc)
        .map_or_else(|| "untimed".to_string(), |(k, _)| k.to_string())
}

/// The dialog's two-player choices.
#[derive(Clone, Copy)]
pub struct TwoPlayerSetup {
    pub mode: RwSignal<Mode>,
    /// A saved custom rule set chosen (mode `Custom`).
    pub custom: RwSignal<Option<SavedRuleSet>>,
    /// The preset key of the clock; a change of mode brings that mode's usual clock unless
    /// the clock was chosen by hand in this dialog.
    clock: RwSignal<String>,
    clock_chosen: RwSignal<bool>,
    castling: RwSignal<bool>,
    midline: RwSignal<bool>,
    /// Resigning and draw offers (Primary).
    allow: RwSignal<bool>,
    margin: RwSignal<String>,
    white: RwSignal<String>,
    black: RwSignal<String>,
    /// Against the computer, which plays `computer_side` at `level`.
    against_computer: RwSignal<bool>,
    computer_side: RwSignal<Side>,
    level: RwSignal<u8>,
}

impl TwoPlayerSetup {
    pub fn new(state: GameState) -> TwoPlayerSetup {
        let on_screen = state.with_two_untracked(|g| g.rules().clone());
        let current = on_screen
            .clone()
            .unwrap_or_else(|| RuleSet::for_mode(Mode::Primary));
        let primary = current.mode == Mode::Primary;
        // With a teacher PIN, new Primary games get the teacher's resign/draw permission.
        let teacher = lock::config();
        let allow = if teacher.has_pin() {
            teacher.primary_resign_draw
        } else {
            primary && (current.resign_allowed || current.draw_offers_allowed)
        };
        let margin = if primary && current.adjudication_margin == Some(5) {
            "5"
        } else {
            "3"
        };
        // The names of a two-player game on screen; none after a Fun Family game.
        let names = on_screen
            .map(|_| state.names.get_untracked())
            .unwrap_or_default();
        // The computer's seat and level of the game on screen, if it played one.
        let computer = state.computer.get_untracked();
        let computer_seat = [Side::WHITE, Side::BLACK]
            .into_iter()
            .find(|&s| computer.level(s).is_some());
        let name = |i: usize| {
            let played_by_computer = computer_seat.is_some_and(|s| s.index() == i);
            let name = names.get(i).cloned().filter(|_| !played_by_computer);
            RwSignal::new(name.unwrap_or_default())
        };
        TwoPlayerSetup {
            mode: RwSignal::new(match current.mode {
                Mode::Orthodox | Mode::Sharp => current.mode,
                _ => Mode::Primary,
            }),
            custom: RwSignal::new(None),
            clock: RwSignal::new(control_key(state.time_control())),
            clock_chosen: RwSignal::new(false),
            castling: RwSignal::new(primary && current.castling != Castling::None),
            midline: RwSignal::new(primary && current.midline_invasion),
            allow: RwSignal::new(allow),
            margin: RwSignal::new(margin.to_string()),
            white: name(0),
            black: name(1),
            against_computer: RwSignal::new(computer_seat.is_some()),
            computer_side: RwSignal::new(computer_seat.unwrap_or(Side::BLACK)),
            level: RwSignal::new(computer_seat.and_then(|s| computer.level(s)).unwrap_or(2)),
        }
    }

    /// A mode chosen: its usual clock comes with it unless one was chosen by hand.
    pub fn choose(self, m: Mode) {
        self.mode.set(m);
        if !self.clock_chosen.get_untracked() {
            self.clock.set(control_key(default_time_control(m)));
        }
    }

    /// The game the choices describe, its names, clock and computer player, or why it
    /// cannot start.
    pub fn build(self) -> Result<(Game, Vec<String>, Option<TimeControl>, Computer), String> {
        let m = self.mode.get_untracked();
        let control = TimeControl::parse(&self.clock.get_untracked())?;
        let mut rules = if m == Mode::Custom {
            match self.custom.get_untracked().map(|s| s.rules()) {
                Some(r) => r?,
                None => return Err(msg::dialog_choose_game_first().into()),
            }
        } else {
            RuleSet::for_mode(m)
        };
        if m == Mode::Primary {
            let on = |b: bool| if b { "on" } else { "off" };
            // Locked: the permission is the teacher's, whatever the (disabled) box shows.
            let allow = if lock::locked_untracked() {
                lock::config().primary_resign_draw
            } else {
                self.allow.get_untracked()
            };
            let set = [
                ("castling", on(self.castling.get_untracked()).to_string()),
                ("midline", on(self.midline.get_untracked()).to_string()),
                ("resign", on(allow).to_string()),
                ("draw-offers", on(allow).to_string()),
                ("margin", self.margin.get_untracked()),
            ];
            for (k, v) in set {
                rules.set_option(k, &v)?;
            }
        }
        let mut names = vec![
            self.white.get_untracked().trim().to_string(),
            self.black.get_untracked().trim().to_string(),
        ];
        let computer = if self.against_computer.get_untracked() {
            let (side, level) = (
                self.computer_side.get_untracked(),
                self.level.get_untracked(),
            );
            names[side.index()] = level_name(level).to_string();
            // A new seed each game: the same level plays differently next time.
            Computer::playing(side, level, (random() * 9.0e15) as u64)
        } else {
            Computer::default()
        };
        let game = Game::new(rules).map_err(|e| capitalise(&e))?;
        Ok((game, names, control, computer))
    }
}

fn check(key: &'static str, sig: RwSignal<bool>, text: &'static str) -> impl IntoView {
    view! {
        <label class="check">
            <input
                type="checkbox"
                data-option=key
                prop:checked=move || sig.get()
                on:change=move |ev| sig.set(event_target_checked(&ev))
            />
            <span>{text}</span>
        </label>
    }
}

/// The Primary options, disabled (with a way in for the teacher) while locked.
fn primary_options(s: TwoPlayerSetup) -> impl IntoView {
    let margin = s.margin;
    view! {
        <fieldset class="options" disabled=lock::locked>
            <legend>{msg::dialog_teachers_options()}</legend>
            {check("castling", s.castling, msg::dialog_castling_by_agreement())}
            {check("midline", s.midline, msg::dialog_midline_wins())}
            {check("resign", s.allow, msg::dialog_resign_draw_allowed())}
            <label class="field">
                <span>{msg::dialog_margin()}</span>
                <select data-option="margin" on:change=move |ev| margin.set(event_target_value(&ev))>
                    <option value="3" selected=move || margin.get() == "3">{msg::dialog_margin_points(3)}</option>
                    <option value="5" selected=move || margin.get() == "5">{msg::dialog_margin_points(5)}</option>
                </select>
            </label>
        </fieldset>
        {move || lock::locked().then(|| view! {
            <div class="row locked-note">
                <span>{lock::padlock()} " " {msg::dialog_teacher_chose()}</span>
                <button
                    class="small"
                    data-testid="unlock-options"
                    on:click=move |_| as_teacher(Guarded::Permissions, move || s.allow.set(lock::config().primary_resign_draw))
                >
                    {msg::dialog_change_teacher()}
                </button>
            </div>
        })}
    }
}

fn clock_field(s: TwoPlayerSetup) -> impl IntoView {
    let clock = s.clock;
    let choices = TimeControl::PRESETS
        .iter()
        .map(|(key, tc)| {
            let key = key.to_string();
            let text = match tc {
                Some(t) => msg::dialog_clock_choice(&control_text(Some(*t)), &t.label()),
                None => control_text(None),
            };
            let k = key.clone();
            view! {
                <option value=key selected=move || clock.get() == k>
                    {text}
                </option>
            }
        })
        .collect_view();
    view! {
        <label class="field">
            <span>{msg::dialog_clock()}</span>
            <select
                data-option="clock"
                prop:value=move || clock.get()
                on:change=move |ev| {
                    s.clock_chosen.set(true);
                    clock.set(event_target_value(&ev));
                }
            >
                {choices}
            </select>
        </label>
    }
}

fn name_field(label: &'static str, field: &'static str, sig: RwSignal<String>) -> impl IntoView {
    view! {
        <label class="field">
            <span>{label}</span>
            <input
                type="text"
                name=field
                maxlength="24"
                autocomplete="off"
                placeholder=msg::dialog_optional()
                prop:value=move || sig.get()
                on:input=move |ev| sig.set(event_target_value(&ev))
            />
        </label>
    }
}

/// Two people, or one against the computer: which side it plays, and how strong it is.
fn opponent_fields(s: TwoPlayerSetup) -> impl IntoView {
    let against = s.against_computer;
    let choice = move |computer: bool, key: &'static str, words: &'static str| {
        view! {
            <label class="opponent-choice" class:chosen=move || against.get() == computer>
                <input
                    type="radio"
                    name="opponent"
                    value=key
                    data-testid=key
                    prop:checked=move || against.get() == computer
                    on:change=move |_| against.set(computer)
                />
                <span>{words}</span>
            </label>
        }
    };
    let side = s.computer_side;
    let level = s.level;
    let levels = (1..=LEVELS)
        .map(|l| {
            view! {
                <option value=l.to_string() selected=move || level.get() == l>
                    {msg::dialog_computer_choice(&level_name(l), &level_about(l))}
                </option>
            }
        })
        .collect_view();
    let computer_fields = view! {
        <label class="field">
            <span>{msg::dialog_computer_plays()}</span>
            <select
                data-option="computer-side"
                on:change=move |ev| {
                    side.set(if event_target_value(&ev) == "w" { Side::WHITE } else { Side::BLACK })
                }
            >
                <option value="w" selected=move || side.get() == Side::WHITE>{words::side(Side::WHITE)}</option>
                <option value="b" selected=move || side.get() == Side::BLACK>{words::side(Side::BLACK)}</option>
            </select>
        </label>
        <label class="field">
            <span>{msg::dialog_computer_level()}</span>
            <select
                data-option="level"
                on:change=move |ev| {
                    if let Ok(l) = event_target_value(&ev).parse::<u8>() {
                        level.set(l.clamp(1, LEVELS));
                    }
                }
            >
                {levels}
            </select>
        </label>
    };
    watch(move || {
        if against.get() {
            engine::warm_up();
        }
    });
    view! {
        <fieldset class="opponent">
            <legend>{msg::dialog_opponent()}</legend>
            <div class="row">
                {choice(false, "two-players", msg::dialog_two_players())}
                {choice(true, "against-computer", msg::dialog_against_computer())}
            </div>
            <div class="computer-fields" class:hidden=move || !against.get()>
                {computer_fields}
            </div>
        </fieldset>
    }
}

/// The two-player fields of the new-game dialog.
#[component]
pub fn TwoPlayerFields(setup: TwoPlayerSetup) -> impl IntoView {
    let s = setup;
    // Against the computer only the person's name is asked: the computer has its own.
    let asks_name = move |side: Side| !s.against_computer.get() || s.computer_side.get() != side;
    view! {
        {move || (s.mode.get() == Mode::Primary).then(|| primary_options(s))}
        {opponent_fields(s)}
        {clock_field(s)}
        <div class="names">
            <div class:hidden=move || !asks_name(Side::WHITE)>
                {name_field(msg::dialog_white_player(), "white-name", s.white)}
            </div>
            <div class:hidden=move || !asks_name(Side::BLACK)>
                {name_field(msg::dialog_black_player(), "black-name", s.black)}
            </div>
        </div>
    }
}
