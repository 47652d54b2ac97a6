//! The custom rules screen (RULES.md §5): a base mode fills every option, then one row per
//! option of the core's catalog ([`option_catalog`]) with its plain sentence and its
//! choices (their words from the message catalogue: [`option_words`]), so an option added to
//! the catalog appears here by itself, once it has its messages. A start position can be
//! typed as a FEN or set up on a board in the position editor ("Set up in the editor…", which
//! fills the same box; [`draft`] keeps this screen's choices meanwhile). Rule sets are named,
//! saved and offered in the New game dialog beside the built-in modes ([`choices`]);
//! deleting one is for the teacher.

pub mod choices;
pub mod draft;

use crate::rules::game::Game;
use crate::rules::options::option_catalog;
use crate::rules::ruleset::{Mode, RuleSet};
use crate::saved_rules::{self, check_playable, SavedRuleSet};
use crate::text::case::capitalise;
use crate::text::msg;
use crate::text::words;
use crate::ui::board::memo;
use crate::ui::game::lock::{self, as_teacher, Guarded};
use crate::ui::game::modal::Modal;
use crate::ui::game::panels::mode_line::{option_words, saved_name};
use crate::ui::game::session::Session;
use crate::ui::game::state::{Dialog, GameState};
use draft::RulesDraft;
use leptos::prelude::*;

/// The base modes a custom game can start from.
const BASES: [Mode; 3] = [Mode::Primary, Mode::Orthodox, Mode::Sharp];
/// The "start" choice that takes a position (FEN) instead of a named start.
const FROM_POSITION: &str = "position";
/// The start position shown as an example in the empty FEN box.
const FEN_EXAMPLE: &str = "bn2k2n/pppppppp/8/8/8/8/PPPPPPPP/B3K2N w KQkq - 0 1"; // text-ok: a FEN example

/// Builds the rules of the screen: the options, and the typed start position if one was
/// chosen (checked against the options, e.g. a bishop in a corner with castling rights
/// needs Rule Zero castling).
fn build(rules: &RuleSet, from_position: bool, fen: &str) -> Result<RuleSet, String> {
    let mut r = rules.clone();
    r.mode = Mode::Custom;
    if from_position {
        let fen = fen.trim();
        if fen.is_empty() {
            return Err(msg::rules_fen_first().into());
        }
        r.drops = fen.contains('[');
        crate::rules::validate_setup(&r, fen).map_err(|e| msg::rules_bad_start(&e))?;
        let g = Game::from_fen(r.clone(), fen).map_err(|e| msg::rules_bad_start(&e))?;
        r.start_fen = g.start_fen().to_string();
    }
    check_playable(&r).map_err(|e| capitalise(&e))?;
    Ok(r)
}

#[component]
pub fn RulesDialog(state: GameState) -> impl IntoView {
    // Start from the current game's rules when it is a custom game, else from Primary.
    let current = state
        .with_two_untracked(|g| g.rules().clone())
        .unwrap_or_else(|| RuleSet::for_mode(Mode::Primary));
    let (start_base, start_rules) = if current.mode == Mode::Custom {
        (Mode::Orthodox, current.clone())
    } else if BASES.contains(&current.mode) {
        (current.mode, RuleSet::custom_from(current.mode))
    } else {
        (Mode::Primary, RuleSet::custom_from(Mode::Primary))
    };
    let from_position = start_rules.option_value("start").as_deref() == Some(FROM_POSITION);
    // Back from the position editor: the choices made before it opened, not the game's.
    let start_ctx = draft::context();
    let draft = start_ctx
        .and_then(|c| c.take_draft())
        .unwrap_or_else(|| RulesDraft {
            base: start_base,
            rules: start_rules.clone(),
            from_position,
            fen: if from_position {
                start_rules.start_fen.clone()
            } else {
                String::new()
            },
            name: saved_name(state, &start_rules).unwrap_or_default(),
        });
    let base = RwSignal::new(draft.base);
    let rules = RwSignal::new(draft.rules);
    let from_position = RwSignal::new(draft.from_position);
    let fen = RwSignal::new(draft.fen);
    let name = RwSignal::new(draft.name);
    let error = RwSignal::new(None::<String>);
    // The name of the set saved last, and whether it replaced one of that name.
    let saved_note = RwSignal::new(None::<(String, bool)>);
    let sets = state.rule_sets;
    // A save that would replace a set of the same name, waiting for "Replace".
    let replacing = RwSignal::new(None::<SavedRuleSet>);
    // Bumped when the rows must be drawn again (new base, a loaded set).
    let generation = RwSignal::new(0u32);

    let fen_error = memo(move || {
        if !from_position.get() {
            return None;
        }
        let text = fen.get();
        if text.trim().is_empty() {
            return None;
        }
        rules.with(|r| build(r, true, &text).err())
    });

    let set_base = move |m: Mode| {
        base.set(m);
        rules.set(RuleSet::custom_from(m));
        from_position.set(false);
        error.set(None);
        generation.update(|g| *g += 1);
    };

    let row = move |spec: &'static crate::rules::options::OptionSpec| {
        let key = spec.key;
        let value = move || {
            if key == "start" && from_position.get() {
                FROM_POSITION.to_string()
            } else {
                rules.with(|r| r.option_value(key).unwrap_or_default())
            }
        };
        // A value the catalog has no word for (e.g. from the command line) is shown as is.
        let now = value();
        let mut choices: Vec<(String, String)> = spec
            .choices
            .iter()
            .map(|c| (c.value.to_string(), option_words::choice(key, c.value)))
            .collect();
        if key == "start" {
            choices.push((FROM_POSITION.into(), msg::rules_from_editor().into()));
        }
        if !choices.iter().any(|(v, _)| *v == now) {
            choices.push((now.clone(), msg::rules_other_value(&now)));
        }
        let options = choices
            .into_iter()
            .map(|(v, label)| {
                let v2 = v.clone();
                view! { <option value=v selected=move || value() == v2>{label}</option> }
            })
            .collect_view();
        // The start position made on the board, in the editor ([`draft`]).
        let editor_button = move || {
            start_ctx.filter(|_| key == "start").map(|ctx| {
                view! {
                    <div class="row start-editor-row">
                        <button
                            class="small"
                            data-testid="start-editor"
                            on:click=move |_| {
                                ctx.open_editor(
                                    state,
                                    RulesDraft {
                                        base: base.get_untracked(),
                                        rules: rules.get_untracked(),
                                        from_position: from_position.get_untracked(),
                                        fen: fen.get_untracked(),
                                        name: name.get_untracked(),
                                    },
                                )
                            }
                        >
                            {msg::rules_set_up_in_editor()}
                        </button>
                        <span class="explain">{msg::rules_set_up_explain()}</span>
                    </div>
                }
            })
        };
        let fen_box = move || {
            (key == "start" && from_position.get()).then(|| {
                view! {
                    <label class="field fen-field">
                        <span>{msg::rules_start_fen()}</span>
                        <textarea
                            data-testid="start-fen"
                            rows="2"
                            spellcheck="false"
                            autocomplete="off"
                            placeholder=msg::rules_start_fen_example(&FEN_EXAMPLE)
                            prop:value=move || fen.get()
                            on:input=move |ev| fen.set(event_target_value(&ev))
                        ></textarea>
                    </label>
                    {move || fen_error.get().map(|e| view! { <p class="error" data-testid="start-fen-error">{e}</p> })}
                }
            })
        };
        // Marked when it differs from the base mode, so the changes stand out.
        let changed = move || {
            value()
                != RuleSet::custom_from(base.get())
                    .option_value(key)
                    .unwrap_or_default()
        };
        view! {
            <div class="rule-option" data-option-row=key class:changed=changed>
                <label class="rule-head">
                    <span class="rule-title">{option_words::title(key)}</span>
                    <select
                        data-testid=format!("opt-{key}")
                        prop:value=value
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            error.set(None);
                            saved_note.set(None);
                            if key == "start" && v == FROM_POSITION {
                                from_position.set(true);
                                return;
                            }
                            if key == "start" {
                                from_position.set(false);
                            }
                            let mut next = rules.get_untracked();
                            match next.set_option(key, &v) {
                                Ok(()) => rules.set(next),
                                Err(e) => error.set(Some(capitalise(&e))),
                            }
                        }
                    >
                        {options}
                    </select>
                </label>
                <p class="rule-explain">{option_words::explain(key)}</p>
                {editor_button}
                {fen_box}
            </div>
        }
    };
    let rows = move || {
        generation.get();
        option_catalog().iter().map(row).collect_view()
    };

    let built = move || {
        rules.with_untracked(|r| build(r, from_position.get_untracked(), &fen.get_untracked()))
    };
    let store = move |set: SavedRuleSet| {
        let label = set.name.clone();
        match state.update_rule_sets(|list| saved_rules::upsert(list, set)) {
            Ok(replaced) => {
                error.set(None);
                saved_note.set(Some((label, replaced)));
            }
            Err(e) => error.set(Some(e)),
        }
    };
    let save = move |_| {
        saved_note.set(None);
        replacing.set(None);
        let r = match built() {
            Ok(r) => r,
            Err(e) => return error.set(Some(e)),
        };
        match SavedRuleSet::new(&name.get_untracked(), base.get_untracked(), &r) {
            // A set of this name exists (saved here or in another tab): ask first.
            Ok(set) if sets.with_untracked(|l| saved_rules::find(l, &set.name).is_some()) => {
                error.set(None);
                replacing.set(Some(set));
            }
            Ok(set) => store(set),
            Err(e) => error.set(Some(e)),
        }
    };
    let confirm_replace = move || {
        replacing.get().map(|set| {
            let existing = sets
                .with(|l| saved_rules::find(l, &set.name).map(|s| s.name.clone()))
                .unwrap_or_else(|| set.name.clone());
            let keep = set.clone();
            view! {
                <div class="confirm-replace" role="alertdialog" data-testid="ruleset-replace">
                    <p>{msg::rules_replace_question(&existing)}</p>
                    <div class="row">
                        <button data-testid="ruleset-replace-no" on:click=move |_| replacing.set(None)>{msg::rules_keep_old()}</button>
                        <button class="primary" data-testid="ruleset-replace-yes" on:click=move |_| {
                            replacing.set(None);
                            store(keep.clone());
                        }>{msg::rules_replace()}</button>
                    </div>
                </div>
            }
        })
    };
    let play = move |_| match built().and_then(|r| Game::new(r).map_err(|e| capitalise(&e))) {
        Ok(game) => {
            state.dialog.set(None);
            let names = state.names.get_untracked();
            state.replace(Session::Two(game), names, None, Default::default());
        }
        Err(e) => error.set(Some(e)),
    };
    let load = move |set: SavedRuleSet| match set.rules() {
        Ok(r) => {
            base.set(set.base_mode());
            from_position.set(set.start_fen.is_some());
            fen.set(set.start_fen.clone().unwrap_or_default());
            rules.set(r);
            name.set(set.name.clone());
            error.set(None);
            saved_note.set(None);
            generation.update(|g| *g += 1);
        }
        Err(e) => error.set(Some(e)),
    };
    let delete = move |slug: String| {
        as_teacher(Guarded::Delete, move || {
            if let Err(e) = state.update_rule_sets(|list| list.retain(|s| s.slug() != slug)) {
                error.set(Some(e));
            }
        });
    };
    let saved_list = move || {
        let list = sets.get();
        if list.is_empty() {
            return view! { <p class="explain">{msg::rules_none_saved()}</p> }.into_any();
        }
        view! {
            <ul class="ruleset-list">
                {list
                    .into_iter()
                    .map(|s| {
                        let slug = s.slug();
                        let summary = if s.options.is_empty() { msg::rules_no_changes().to_string() } else { option_words::in_words(s.options.split_whitespace()) };
                        let (s2, d) = (s.clone(), slug.clone());
                        view! {
                            <li data-testid=format!("ruleset-item-{slug}")>
                                <div class="ruleset-text">
                                    <strong>{s.name.clone()}</strong>
                                    <span class="explain">{msg::rules_saved_summary(&words::mode(s.base_mode()), &summary)}</span>
                                </div>
                                <button class="small" data-testid=format!("ruleset-load-{slug}") on:click=move |_| load(s2.clone())>{msg::rules_open()}</button>
                                <button class="small" data-testid=format!("ruleset-delete-{slug}") on:click=move |_| delete(d.clone())>
                                    {move || lock::locked().then(lock::padlock)} {msg::rules_delete()}
                                </button>
                            </li>
                        }
                    })
                    .collect_view()}
            </ul>
        }
        .into_any()
    };

    view! {
        <Modal state title=msg::rules_title() testid="rules-dialog">
            <p class="explain">{msg::rules_explain()}</p>
            <label class="field">
                <span>{msg::rules_start_from()}</span>
                <select
                    data-testid="ruleset-base"
                    prop:value=move || base.get().key()
                    on:change=move |ev| {
                        if let Some(m) = Mode::parse(&event_target_value(&ev)) {
                            set_base(m);
                        }
                    }
                >
                    {BASES.map(|m| view! { <option value=m.key() selected=move || base.get() == m>{words::mode(m)}</option> })}
                </select>
            </label>
            <div class="rule-options">{rows}</div>
            <label class="field">
                <span>{msg::rules_name()}</span>
                <input
                    type="text"
                    data-testid="ruleset-name"
                    maxlength="40"
                    autocomplete="off"
                    placeholder=msg::rules_name_example()
                    prop:value=move || name.get()
                    on:input=move |ev| name.set(event_target_value(&ev))
                />
            </label>
            {move || error.get().map(|e| view! { <p class="error" role="alert" data-testid="ruleset-error">{e}</p> })}
            {move || saved_note.get().map(|(name, replaced)| {
                let note = if replaced { msg::rules_saved_replaced(&name) } else { msg::rules_saved_new(&name) };
                view! { <p class="copied" role="status" data-testid="ruleset-saved">{note}</p> }
            })}
            {confirm_replace}
            <div class="dialog-buttons">
                <button on:click=move |_| state.dialog.set(Some(Dialog::NewGame))>{msg::back()}</button>
                <button data-testid="ruleset-save" on:click=save>{msg::save()}</button>
                <button class="primary" data-testid="ruleset-play" on:click=play>{msg::rules_play()}</button>
            </div>
            <h3 class="ruleset-heading">{msg::rules_saved_heading()}</h3>
            {saved_list}
        </Modal>
    }
}
