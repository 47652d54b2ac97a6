//! The new-game dialog: mode, the Primary options a teacher may change, the clock, player
//! names.

use crate::rules::clock::TimeControl;
use crate::rules::game::Game;
use crate::rules::ruleset::{Castling, Mode, RuleSet};
use crate::saves::game::Names;
use crate::ui::chess_clock::control_text;
use crate::ui::dialog::Modal;
use crate::ui::family::FamilyUi;
use crate::ui::family_setup::{FamilySetup, FamilySetupFields};
use crate::ui::rules_screen::custom_mode_choices;
use crate::ui::state::{default_time_control, AppState, Dialog};
use crate::ui::teacher_lock::{self, as_teacher, Guarded};
use leptos::prelude::*;

/// The preset key of a time control ("10+0", "untimed").
fn control_key(tc: Option<TimeControl>) -> String {
    TimeControl::PRESETS
        .iter()
        .find(|(_, t)| *t == tc)
        .map_or_else(|| "untimed".to_string(), |(k, _)| k.to_string())
}

#[component]
pub fn NewGameDialog(state: AppState) -> impl IntoView {
    // Start from the current game's choices: the next game is usually the same kind.
    let current = state.game.with_untracked(|g| g.rules().clone());
    let primary = current.mode == Mode::Primary;
    let mode = RwSignal::new(match current.mode {
        Mode::Orthodox | Mode::Sharp => current.mode,
        _ => Mode::Primary,
    });
    // The current game's clock; a change of mode brings that mode's usual clock unless the
    // clock was chosen by hand in this dialog.
    let clock = RwSignal::new(control_key(state.time_control()));
    let clock_chosen = RwSignal::new(false);
    let castling = RwSignal::new(primary && current.castling != Castling::None);
    let midline = RwSignal::new(primary && current.midline_invasion);
    // With a teacher PIN, new Primary games get the teacher's resign/draw permission.
    let teacher = teacher_lock::config();
    let allow = RwSignal::new(if teacher.has_pin() {
        teacher.primary_resign_draw
    } else {
        primary && (current.resign_allowed || current.draw_offers_allowed)
    });
    let margin = RwSignal::new(
        if primary && current.adjudication_margin == Some(5) {
            "5"
        } else {
            "3"
        }
        .to_string(),
    );
    let names = state.names.get_untracked();
    let white = RwSignal::new(names.white);
    let black = RwSignal::new(names.black);
    let error = RwSignal::new(None::<String>);
    // A saved custom rule set chosen (mode `Custom`).
    let custom = RwSignal::new(None::<crate::saved_rules::SavedRuleSet>);
    let fam = use_context::<FamilyUi>();
    let family = RwSignal::new(fam.is_some_and(|f| f.game.with_untracked(|g| g.is_some())));
    let setup = FamilySetup::new(fam);
    let do_start = move || {
        if family.get_untracked() {
            setup.start(state);
            return;
        }
        let m = mode.get_untracked();
        let control = match TimeControl::parse(&clock.get_untracked()) {
            Ok(tc) => tc,
            Err(e) => {
                error.set(Some(e));
                return;
            }
        };
        let mut rules = if m == Mode::Custom {
            match custom.get_untracked().map(|s| s.rules()) {
                Some(Ok(r)) => r,
                Some(Err(e)) => return error.set(Some(e)),
                None => return error.set(Some("Choose a game first.".into())),
            }
        } else {
            RuleSet::for_mode(m)
        };
        if m == Mode::Primary {
            let on = |b: bool| if b { "on" } else { "off" };
            // Locked: the permission is the teacher's, whatever the (disabled) box shows.
            let allow = if teacher_lock::locked_untracked() {
                teacher_lock::config().primary_resign_draw
            } else {
                allow.get_untracked()
            };
            let set = [
                ("castling", on(castling.get_untracked()).to_string()),
                ("midline", on(midline.get_untracked()).to_string()),
                ("resign", on(allow).to_string()),
                ("draw-offers", on(allow).to_string()),
                ("margin", margin.get_untracked()),
            ];
            for (k, v) in set {
                if let Err(e) = rules.set_option(k, &v) {
                    error.set(Some(e));
                    return;
                }
            }
        }
        let names = Names {
            white: white.get_untracked().trim().to_string(),
            black: black.get_untracked().trim().to_string(),
        };
        let game = match Game::new(rules) {
            Ok(g) => g,
            Err(e) => {
                error.set(Some(crate::ui::state::capitalise(&e)));
                return;
            }
        };
        state.dialog.set(None);
        if let Some(fam) = fam {
            fam.end();
        }
        state.replace_game(game, names, control);
    };
    // A mode the teacher has not allowed starts only with the PIN (the choice is already
    // guarded; this also covers a dialog opened before the lock came on).
    let start = move |_| {
        let key = if family.get_untracked() {
            "family"
        } else {
            mode.get_untracked().key()
        };
        if teacher_lock::mode_open_untracked(key) {
            do_start();
        } else {
            as_teacher(Guarded::LockedMode, do_start);
        }
    };

    let choose = move |m: Mode| {
        family.set(false);
        mode.set(m);
        if !clock_chosen.get_untracked() {
            clock.set(control_key(default_time_control(m)));
        }
    };
    let mode_choice = move |m: Mode, title: &'static str, blurb: &'static str| {
        let open = move || teacher_lock::mode_open(m.key());
        view! {
            <label class="mode" class:chosen=move || !family.get() && mode.get() == m class:locked=move || !open()>
                <input
                    type="radio"
                    name="mode"
                    value=m.key()
                    prop:checked=move || !family.get() && mode.get() == m
                    on:click=move |ev| {
                        // Not allowed by the teacher: the radio stays as it was until the PIN.
                        if !teacher_lock::mode_open_untracked(m.key()) {
                            ev.prevent_default();
                            as_teacher(Guarded::LockedMode, move || choose(m));
                        }
                    }
                    on:change=move |_| choose(m)
                />
                <span class="mode-title">
                    {title}
                    {move || (!open()).then(|| view! { " " {teacher_lock::padlock()} })}
                </span>
                <span class="mode-blurb">{blurb}</span>
            </label>
        }
    };
    let check = move |key: &'static str, sig: RwSignal<bool>, text: &'static str| {
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
    };
    let options = move || {
        (!family.get() && mode.get() == Mode::Primary).then(|| {
            view! {
                <fieldset class="options" disabled=teacher_lock::locked>
                    <legend>"Teacher's options"</legend>
                    {check("castling", castling, "Castling allowed (by agreement)")}
                    {check("midline", midline, "Midline invasion: a king reaching the other half wins")}
                    {check("resign", allow, "Resigning and draw offers allowed")}
                    <label class="field">
                        <span>"Stop game: lead needed to win"</span>
                        <select data-option="margin" on:change=move |ev| margin.set(event_target_value(&ev))>
                            <option value="3" selected=move || margin.get() == "3">"3 points"</option>
                            <option value="5" selected=move || margin.get() == "5">"5 points"</option>
                        </select>
                    </label>
                </fieldset>
                {move || teacher_lock::locked().then(|| view! {
                    <div class="row locked-note">
                        <span>{teacher_lock::padlock()} " The teacher chose these options."</span>
                        <button
                            class="small"
                            data-testid="unlock-options"
                            on:click=move |_| as_teacher(Guarded::Permissions, move || allow.set(teacher_lock::config().primary_resign_draw))
                        >
                            "Change (teacher)"
                        </button>
                    </div>
                })}
            }
        })
    };
    let clock_field = move || {
        let choices = TimeControl::PRESETS
            .iter()
            .map(|(key, tc)| {
                let key = key.to_string();
                let text = match tc {
                    Some(t) => format!("{} ({})", control_text(Some(*t)), t.label()),
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
                <span>"Clock"</span>
                <select
                    data-option="clock"
                    prop:value=move || clock.get()
                    on:change=move |ev| {
                        clock_chosen.set(true);
                        clock.set(event_target_value(&ev));
                    }
                >
                    {choices}
                </select>
            </label>
        }
    };
    let name_field = move |label: &'static str, field: &'static str, sig: RwSignal<String>| {
        view! {
            <label class="field">
                <span>{label}</span>
                <input
                    type="text"
                    name=field
                    maxlength="24"
                    autocomplete="off"
                    placeholder="(optional)"
                    prop:value=move || sig.get()
                    on:input=move |ev| sig.set(event_target_value(&ev))
                />
            </label>
        }
    };

    let family_choice = move || {
        fam.map(|_| {
            view! {
                <div class="modes family-mode" role="radiogroup" aria-label="Four players">
                    <label class="mode" class:chosen=move || family.get() class:locked=move || !teacher_lock::mode_open("family")>
                        <input
                            type="radio"
                            name="mode"
                            value="family"
                            prop:checked=move || family.get()
                            on:click=move |ev| {
                                if !teacher_lock::mode_open_untracked("family") {
                                    ev.prevent_default();
                                    as_teacher(Guarded::LockedMode, move || family.set(true));
                                }
                            }
                            on:change=move |_| family.set(true)
                        />
                        <span class="mode-title">
                            "Fun Family Chess"
                            {move || (!teacher_lock::mode_open("family")).then(|| view! { " " {teacher_lock::padlock()} })}
                        </span>
                        <span class="mode-blurb">"Two to four players around one board: say \"Check!\" when you give check; younger players may leave and come back."</span>
                    </label>
                </div>
            }
        })
    };
    view! {
        <Modal state title="New game" testid="new-game-dialog">
            <div class="modes" role="radiogroup" aria-label="Game">
                {mode_choice(Mode::Primary, "Primary Chess", "Capture the king to win. Check does not stop any move.")}
                {mode_choice(Mode::Orthodox, "Orthodox Chess", "The usual rules: checkmate wins.")}
                {mode_choice(Mode::Sharp, "Chess#", "Only pawns on the board: place your pieces from the reserve, then capture the king. Scored out of 10.")}
            </div>
            // Set up any position and play it (src/ui/editor.rs).
            <div class="setup-row">
                <button class="small" data-testid="editor" on:click=move |_| {
                    if !family.get_untracked() {
                        crate::ui::editor::prefer_mode(mode.get_untracked());
                    }
                    state.dialog.set(Some(Dialog::Editor));
                }>
                    "Set up a position…"
                </button>
                <span class="explain">"Put the pieces where you like, then play from there."</span>
            </div>
            {family_choice}
            {custom_mode_choices(state, mode, family, custom)}
            {move || {
                if family.get() {
                    view! { <FamilySetupFields setup /> }.into_any()
                } else {
                    view! {
                        {options}
                        {clock_field}
                        <div class="names">
                            {name_field("White player", "white-name", white)}
                            {name_field("Black player", "black-name", black)}
                        </div>
                    }
                        .into_any()
                }
            }}
            {move || error.get().map(|e| view! { <p class="error">{e}</p> })}
            <div class="dialog-buttons">
                <button on:click=move |_| state.dialog.set(None)>"Cancel"</button>
                <button class="primary" data-testid="start-game" on:click=start>
                    "Start the game"
                </button>
            </div>
        </Modal>
    }
}
