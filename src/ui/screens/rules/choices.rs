//! The saved custom rule sets as choices in the New game dialog, beside the built-in modes.

use crate::rules::ruleset::{Mode, RuleSet};
use crate::saved_rules::SavedRuleSet;
use crate::text::msg;
use crate::text::words;
use crate::ui::game::lock::{self, as_teacher, Guarded};
use crate::ui::game::state::{Dialog, GameState};
use leptos::prelude::*;

/// The saved rule sets as choices in the New game dialog, beside the built-in modes.
/// `chosen` holds the set picked; choosing one sets `mode` to `Custom`.
pub fn custom_mode_choices(
    state: GameState,
    mode: RwSignal<Mode>,
    family: RwSignal<bool>,
    chosen: RwSignal<Option<SavedRuleSet>>,
) -> impl IntoView {
    let sets = state.rule_sets.get_untracked();
    // The next game is usually the same kind: a saved custom game is chosen already.
    let current = state
        .with_two_untracked(|g| g.rules().clone())
        .unwrap_or_else(|| RuleSet::for_mode(Mode::Primary));
    if current.mode == Mode::Custom && !family.get_untracked() {
        if let Some(set) = sets
            .iter()
            .find(|s| s.rules().ok().as_ref() == Some(&current))
        {
            mode.set(Mode::Custom);
            chosen.set(Some(set.clone()));
        }
    }
    let open = move || lock::mode_open("custom");
    let items = sets
        .into_iter()
        .map(|set| {
            let slug = set.slug();
            let s = slug.clone();
            let is_chosen = move || {
                !family.get()
                    && mode.get() == Mode::Custom
                    && chosen.with(|c| c.as_ref().is_some_and(|c| c.slug() == s))
            };
            let pick = {
                let set = set.clone();
                move || {
                    family.set(false);
                    mode.set(Mode::Custom);
                    chosen.set(Some(set.clone()));
                }
            };
            let pick2 = pick.clone();
            let chosen_class = is_chosen.clone();
            view! {
                <label class="mode" class:chosen=chosen_class class:locked=move || !open()>
                    <input
                        type="radio"
                        name="mode"
                        value=format!("custom-{slug}")
                        data-testid=format!("mode-custom-{slug}")
                        prop:checked=is_chosen
                        on:click=move |ev| {
                            if !lock::mode_open_untracked("custom") {
                                ev.prevent_default();
                                as_teacher(Guarded::LockedMode, pick2.clone());
                            }
                        }
                        on:change=move |_| pick()
                    />
                    <span class="mode-title">
                        {set.name.clone()}
                        {move || (!open()).then(|| view! { " " {lock::padlock()} })}
                    </span>
                    <span class="mode-blurb">
                        {msg::rules_custom_from(&words::mode(set.base_mode()))}
                    </span>
                </label>
            }
        })
        .collect_view();
    view! {
        <div class="modes custom-modes" role="radiogroup" aria-label=msg::rules_custom_sets()>
            {items}
        </div>
        <div class="row">
            <button
                data-testid="open-rules"
                on:click=move |_| as_teacher(Guarded::CustomRules, move || state.dialog.set(Some(Dialog::Rules)))
            >
                {msg::rules_open_screen()}
            </button>
        </div>
    }
}
