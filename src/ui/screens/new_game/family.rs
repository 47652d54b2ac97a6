//! The Fun Family Chess part of the new-game dialog (FAMILY.md §2, §6.1, §8): how many
//! players, who sits at which seat, who starts, names, ages and who may leave, and every
//! supervisor toggle, each with one plain sentence (the table is the supervisor panel's).

use crate::engine::LEVELS;
use crate::rules::family::{
    parse_seat, seat_letter, FamilyGame, FamilyRules, PlayerInfo, RED, SEATS,
};
use crate::rules::types::Side;
use crate::saves::game::Computer;
use crate::text::{msg, words};
use crate::ui::game::computer::level_name;
use crate::ui::game::family_part;
use crate::ui::game::family_seam::FamilyKit;
use crate::ui::game::panels::family::rules::{toggle_select, TOGGLES};
use crate::ui::game::state::GameState;
use crate::ui::platform::engine;
use crate::ui::platform::time::random;
use leptos::prelude::*;

/// The usual seats for `n` players (§2.5): two sit opposite, three leave Green empty.
fn default_seats(n: usize) -> [Side; 4] {
    match n {
        2 => [RED, Side(2), Side(1), Side(3)],
        _ => SEATS,
    }
}

/// The setup's signals, started from the current family game (the next game is usually
/// the same kind).
#[derive(Clone, Copy)]
pub struct FamilySetup {
    players: RwSignal<usize>,
    /// Player n (0-based) sits at `seats[n]`; only the first `players` count.
    seats: RwSignal<[Side; 4]>,
    first: RwSignal<Side>,
    /// Per seat: name, age text, ticked as allowed to leave.
    names: [RwSignal<String>; 4],
    ages: [RwSignal<String>; 4],
    ticked: [RwSignal<bool>; 4],
    /// Per seat: the computer's level, 0 for a person.
    computer: [RwSignal<u8>; 4],
    /// Per toggle of [`TOGGLES`]: the chosen value.
    values: RwSignal<Vec<String>>,
    error: RwSignal<Option<String>>,
}

impl FamilySetup {
    pub fn new(state: GameState) -> FamilySetup {
        let game = state
            .session
            .with_untracked(|s| s.family().map(|g| g.game().clone()));
        let rules = game
            .as_ref()
            .map_or_else(FamilyRules::default, |g| *g.rules());
        let used: Vec<Side> = SEATS.into_iter().filter(|&s| rules.seat_used(s)).collect();
        let mut seats = default_seats(used.len());
        if game.is_some() {
            // Keep the seats of the game, then the free ones.
            let mut all = used.clone();
            all.extend(SEATS.into_iter().filter(|s| !used.contains(s)));
            seats.copy_from_slice(&all);
        }
        // The names are the family game's, or none.
        let names = game
            .as_ref()
            .map(|_| state.names.get_untracked())
            .unwrap_or_default();
        let name = |s: Side| names.get(s.index()).cloned().unwrap_or_default();
        let info = |s: Side| game.as_ref().map(|g| g.player(s)).unwrap_or_default();
        FamilySetup {
            players: RwSignal::new(if game.is_some() { used.len() } else { 4 }),
            seats: RwSignal::new(seats),
            first: RwSignal::new(rules.first),
            names: SEATS.map(|s| RwSignal::new(name(s))),
            ages: SEATS
                .map(|s| RwSignal::new(info(s).age.map_or(String::new(), |a| a.to_string()))),
            ticked: SEATS.map(|s| RwSignal::new(info(s).ticked)),
            computer: SEATS.map(|s| {
                let level = state.computer.with_untracked(|c| c.level(s));
                RwSignal::new(level.filter(|_| game.is_some()).unwrap_or(0))
            }),
            values: RwSignal::new(
                TOGGLES
                    .iter()
                    .map(|t| rules.get(t.key).unwrap_or_default())
                    .collect(),
            ),
            error: RwSignal::new(None),
        }
    }

    /// The seats in play, in turn order.
    fn used(self) -> Vec<Side> {
        let n = self.players.get();
        let seats = self.seats.get();
        SEATS
            .into_iter()
            .filter(|s| seats[..n].contains(s))
            .collect()
    }

    /// The first mover, or the first seat in play when the chosen one is empty.
    fn first_seat(self) -> Side {
        let used = self.used();
        let f = self.first.get();
        if used.contains(&f) {
            f
        } else {
            used.first().copied().unwrap_or(RED)
        }
    }

    /// Player `n` moves to `seat`; whoever sat there takes player n's old seat.
    fn sit(self, n: usize, seat: Side) {
        self.seats.update(|s| {
            if let Some(other) = s.iter().position(|&x| x == seat) {
                s.swap(n, other);
            }
        });
    }

    fn value(self, key: &str) -> String {
        let i = TOGGLES.iter().position(|t| t.key == key).unwrap_or(0);
        self.values.with(|v| v.get(i).cloned().unwrap_or_default())
    }

    /// The game the setup describes, or why it cannot start.
    fn build(self) -> Result<(FamilyGame, [String; 4], Computer), String> {
        let n = self.players.get_untracked();
        let used = self.used();
        let mut rules = FamilyRules::default();
        for (t, v) in TOGGLES.iter().zip(self.values.get_untracked()) {
            rules.set(t.key, &v)?;
        }
        rules.seats = used.iter().fold(0, |m, s| m | 1 << s.0);
        rules.first = self.first_seat();
        if rules.fixed_teams && n != 4 {
            return Err(msg::family_fixed_teams_need_four().into());
        }
        let mut game = FamilyGame::new(rules);
        for s in used.iter().copied() {
            let text = self.ages[s.index()].get_untracked();
            let age = match text.trim() {
                "" => None,
                t => Some(
                    t.parse::<u8>()
                        .ok()
                        .filter(|a| (1..=120).contains(a))
                        .ok_or_else(|| msg::family_age_invalid(&words::seat(s), &t))?,
                ),
            };
            let ticked = self.ticked[s.index()].get_untracked();
            game.set_player(s, PlayerInfo { age, ticked });
        }
        let level = |s: Side| {
            Some(self.computer[s.index()].get_untracked()).filter(|&l| l > 0 && used.contains(&s))
        };
        let names = SEATS.map(|s| {
            let name = self.names[s.index()].get_untracked().trim().to_string();
            match level(s) {
                // A computer seat without a name of its own is called by its level's person.
                Some(l) if name.is_empty() => level_name(l).to_string(),
                _ if used.contains(&s) => name,
                _ => String::new(),
            }
        });
        let computer = Computer {
            levels: SEATS.map(|s| level(s).unwrap_or(0)),
            seed: (random() * 9.0e15) as u64,
        };
        Ok((game, names, computer))
    }

    /// Starts the game (once the family part is in); on a mistake shows it and changes
    /// nothing.
    pub fn start(self, state: GameState) {
        let (game, names, computer) = match self.build() {
            Ok(built) => built,
            Err(e) => return self.error.set(Some(e)),
        };
        let start = move |kit: &dyn FamilyKit| {
            state.dialog.set(None);
            state.start_family(kit.boxed(game), names, computer);
        };
        match family_part::kit() {
            Some(kit) => start(kit),
            None => leptos::task::spawn_local(async move {
                match family_part::load_kit().await {
                    Some(kit) => start(kit),
                    None => self.error.set(Some(msg::app_part_missing().into())),
                }
            }),
        }
    }
}

/// The family fields of the new-game dialog.
#[component]
pub fn FamilySetupFields(setup: FamilySetup) -> impl IntoView {
    let s = setup;
    let row = move |n: usize| {
        move || {
            (n < s.players.get()).then(|| {
                let seat = move || s.seats.with(|x| x[n]);
                let letter = move || seat_letter(seat()).to_string();
                let name = move || s.names[seat().index()];
                let age = move || s.ages[seat().index()];
                let ticked = move || s.ticked[seat().index()];
                let computer = move || s.computer[seat().index()];
                let played_by_options = (0..=LEVELS)
                    .map(|l| {
                        let text = if l == 0 {
                            msg::family_a_person().to_string()
                        } else {
                            msg::family_the_computer(&level_name(l))
                        };
                        view! {
                            <option value=l.to_string() selected=move || computer().get() == l>
                                {text}
                            </option>
                        }
                    })
                    .collect_view();
                let seat_options = SEATS
                    .into_iter()
                    .map(|x| {
                        view! {
                            <option value=seat_letter(x).to_string() selected=move || seat() == x>
                                {words::seat(x)}
                            </option>
                        }
                    })
                    .collect_view();
                view! {
                    <div class="family-player" data-testid=format!("family-player-{}", n + 1)>
                        <label class="field">
                            <span>{msg::family_player_sits_at(&(n + 1))}</span>
                            <select
                                data-testid=format!("family-seat-{}", n + 1)
                                prop:value=letter
                                on:change=move |ev| {
                                    if let Some(x) = parse_seat(&event_target_value(&ev)) {
                                        s.sit(n, x);
                                    }
                                }
                            >
                                {seat_options}
                            </select>
                        </label>
                        <label class="field">
                            <span>{msg::family_name()}</span>
                            <input
                                type="text"
                                data-player=letter
                                maxlength="24"
                                autocomplete="off"
                                placeholder=msg::family_optional()
                                prop:value=move || name().get()
                                on:input=move |ev| name().set(event_target_value(&ev))
                            />
                        </label>
                        <label class="field age">
                            <span>{msg::family_age()}</span>
                            <input
                                type="text"
                                inputmode="numeric"
                                data-age=letter
                                maxlength="3"
                                autocomplete="off"
                                placeholder="–"
                                prop:value=move || age().get()
                                on:input=move |ev| age().set(event_target_value(&ev))
                            />
                        </label>
                        <label class="field">
                            <span>{msg::family_played_by()}</span>
                            <select
                                data-computer=letter
                                on:change=move |ev| {
                                    let level = event_target_value(&ev).parse::<u8>().unwrap_or(0);
                                    computer().set(level.min(LEVELS));
                                    if level > 0 {
                                        engine::warm_up();
                                    }
                                }
                            >
                                {played_by_options}
                            </select>
                        </label>
                        <label class="check">
                            <input
                                type="checkbox"
                                data-eligible=letter
                                prop:checked=move || ticked().get()
                                on:change=move |ev| ticked().set(event_target_checked(&ev))
                            />
                            <span>{msg::family_may_leave()}</span>
                        </label>
                    </div>
                }
            })
        }
    };
    let rows = (0..4).map(row).collect_view();
    let first_options = move || {
        let first = s.first_seat();
        s.used()
            .into_iter()
            .map(|x| {
                let name = s.names[x.index()].get();
                let text = if name.trim().is_empty() {
                    words::seat(x).to_string()
                } else {
                    msg::family_seat_with_name(&words::seat(x), &name.trim())
                };
                view! { <option value=seat_letter(x).to_string() selected=first == x>{text}</option> }
            })
            .collect_view()
    };
    // The two rules most families choose are in sight; the rest fold away (all at the
    // FAMILY.md defaults until changed).
    const MAIN: [&str; 2] = ["checks", "teams"];
    let toggles = move |main: bool| {
        TOGGLES
            .iter()
            .enumerate()
            .filter(|(_, t)| MAIN.contains(&t.key) == main)
            .map(|(i, t)| {
                toggle_select(
                    "family-toggle",
                    t,
                    move || s.value(t.key),
                    move |v| s.values.update(|vals| vals[i] = v),
                )
            })
            .collect_view()
    };
    view! {
        <fieldset class="options family-options">
            <legend>{msg::family_players()}</legend>
            <label class="field">
                <span>{msg::family_number_of_players()}</span>
                <select
                    data-option="players"
                    prop:value=move || s.players.get().to_string()
                    on:change=move |ev| {
                        let n = event_target_value(&ev).parse().unwrap_or(4);
                        s.players.set(n);
                        s.seats.set(default_seats(n));
                    }
                >
                    <option value="2" selected=move || s.players.get() == 2>
                        {msg::family_players_two()}
                    </option>
                    <option value="3" selected=move || s.players.get() == 3>
                        {msg::family_players_three()}
                    </option>
                    <option value="4" selected=move || s.players.get() == 4>"4"</option>
                </select>
            </label>
            {rows}
            <label class="field">
                <span>{msg::family_who_starts()}</span>
                <select
                    data-testid="family-first"
                    prop:value=move || seat_letter(s.first_seat()).to_string()
                    on:change=move |ev| {
                        if let Some(x) = parse_seat(&event_target_value(&ev)) {
                            s.first.set(x);
                        }
                    }
                >
                    {first_options}
                </select>
            </label>
            <p class="field-help">{msg::family_clockwise()}</p>
        </fieldset>
        <fieldset class="options family-options family-toggles">
            <legend>{msg::family_supervisors_rules()}</legend>
            {toggles(true)}
            <details class="family-more-rules" data-testid="family-more-rules">
                <summary>{msg::family_more_rules()}</summary>
                {toggles(false)}
            </details>
        </fieldset>
        {move || s.error.get().map(|e| view! { <p class="error" role="alert" data-testid="family-setup-error">{e}</p> })}
    }
}
