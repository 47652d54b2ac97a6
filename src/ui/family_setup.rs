//! The Fun Family Chess part of the new-game dialog (FAMILY.md §2, §6.1, §8): how many
//! players, who sits at which seat, who starts, names, ages and who may leave, and every
//! supervisor toggle of [`FamilyRules`], each with one plain sentence. The toggle table
//! ([`TOGGLES`]) is shared with the mid-game supervisor panel.

use crate::rules::family::{
    seat_letter, seat_name, FamilyGame, FamilyRules, PlayerInfo, RED, SEATS,
};
use crate::rules::game::Game;
use crate::rules::types::Side;
use crate::ui::family::FamilyUi;
use crate::ui::state::AppState;
use leptos::prelude::*;

/// One supervisor toggle: its key (as [`FamilyRules::set`] reads it), a short title, and
/// each value with the sentence that says what it means.
pub struct Toggle {
    pub key: &'static str,
    pub title: &'static str,
    pub values: &'static [(&'static str, &'static str)],
    /// Chosen before the game only (it shapes the start position).
    pub setup_only: bool,
}

const fn t(
    key: &'static str,
    title: &'static str,
    values: &'static [(&'static str, &'static str)],
) -> Toggle {
    Toggle {
        key,
        title,
        values,
        setup_only: false,
    }
}

/// Every §8 toggle except the seats and the first player (chosen above them), defaults first.
pub const TOGGLES: &[Toggle] = &[
    t(
        "checks",
        "Check calls",
        &[
            ("manual", "Players press \"Check!\"; a check nobody calls does not bind."),
            ("auto", "The app calls every check (normal check rules, for the youngest)."),
        ],
    ),
    t(
        "hints",
        "Hints",
        &[
            ("off", "Kings attacked without a called check are not marked."),
            ("on", "Kings attacked without a called check are marked (a hint, not a check)."),
        ],
    ),
    t(
        "teams",
        "Teams",
        &[
            ("free", "Everyone plays for themselves; alliances may be made and broken."),
            ("fixed", "Red with Yellow against Blue with Green; partners cannot take each other (4 players)."),
        ],
    ),
    t(
        "joint-mates",
        "Joint mates",
        &[
            ("off", "A checkmate must be made by one player's pieces alone."),
            ("on", "Players' pieces may mate a king together (chess.com style)."),
        ],
    ),
    t(
        "absence",
        "Leaving the game (rule 4)",
        &[
            ("on", "Young players may leave for a while and come back; their pieces sleep."),
            ("off", "Nobody may leave the game."),
        ],
    ),
    t(
        "eligibility",
        "Who may leave",
        &[
            ("25", "Players at least 25 years younger than the oldest, or ticked below."),
            ("anyone", "Any player may leave."),
            ("by-hand", "Only the players ticked below may leave."),
        ],
    ),
    t(
        "leave-in-check",
        "Leaving while in check",
        &[
            ("on", "A player in check may still leave (the check is cancelled)."),
            ("off", "A player in check must answer it before leaving."),
        ],
    ),
    t(
        "asleep-capture",
        "Sleeping pieces",
        &[
            ("pawns", "An away player's pieces can be taken by pawns only."),
            ("no-one", "Nobody can take an away player's pieces."),
            ("anyone", "Any piece can take an away player's pieces."),
        ],
    ),
    t(
        "double-step",
        "Pawn double step",
        &[
            ("any-time", "A pawn may move two squares on any move."),
            ("first-move", "A pawn may move two squares only on its first move."),
        ],
    ),
    t(
        "en-passant",
        "En passant",
        &[
            ("until-return", "A pawn that moved two squares can be taken en passant until its player's next turn."),
            ("next-player", "Only the next player may take it en passant."),
            ("off", "No en passant."),
        ],
    ),
    t(
        "promotion",
        "Promotion line",
        &[
            ("centre", "Pawns promote on the far edge of the middle 8x8 squares."),
            ("own-eighth", "Pawns promote on their own 8th row (the middle of the board)."),
            ("board-edge", "Pawns promote on the far edge of the whole board."),
        ],
    ),
    t(
        "promote-to",
        "Promotion piece",
        &[
            ("any", "A promoting pawn becomes a queen, rook, bishop or knight."),
            ("queen", "A promoting pawn always becomes a queen."),
        ],
    ),
    t(
        "dead-pieces",
        "A mated player's pieces",
        &[
            ("stay", "They stay on the board, grey, blocking lines; anyone may take them."),
            ("removed", "They are taken off the board."),
        ],
    ),
    t(
        "stalemate",
        "Stalemate",
        &[
            ("pass", "A player who cannot move passes (with two left it is a draw)."),
            ("eliminate", "A player who cannot move is out."),
            ("draw", "A stalemate ends the game in a draw."),
        ],
    ),
    Toggle {
        key: "far-right-pawn",
        title: "Far-right pawn",
        values: &[
            ("removed", "Each army starts without the pawn in front of its king-side rook."),
            ("kept", "Each army starts with all eight pawns."),
        ],
        setup_only: true,
    },
];

/// The toggle of a key.
pub fn toggle(key: &str) -> Option<&'static Toggle> {
    TOGGLES.iter().find(|t| t.key == key)
}

/// The sentence for a toggle's value (the value itself if the table does not know it, e.g.
/// an age gap other than 25 from an imported position).
pub fn sentence(key: &str, value: &str) -> String {
    toggle(key)
        .and_then(|t| t.values.iter().find(|(v, _)| *v == value))
        .map(|(_, s)| s.to_string())
        .unwrap_or_else(|| match key {
            "eligibility" => {
                format!("Players at least {value} years younger than the oldest, or ticked below.")
            }
            _ => value.to_string(),
        })
}

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
    fam: Option<FamilyUi>,
    players: RwSignal<usize>,
    /// Player n (0-based) sits at `seats[n]`; only the first `players` count.
    seats: RwSignal<[Side; 4]>,
    first: RwSignal<Side>,
    /// Per seat: name, age text, ticked as allowed to leave.
    names: [RwSignal<String>; 4],
    ages: [RwSignal<String>; 4],
    ticked: [RwSignal<bool>; 4],
    /// Per toggle of [`TOGGLES`]: the chosen value.
    values: RwSignal<Vec<String>>,
    error: RwSignal<Option<String>>,
}

impl FamilySetup {
    pub fn new(fam: Option<FamilyUi>) -> FamilySetup {
        let game = fam.and_then(|f| f.game.get_untracked());
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
        let names = fam.map(|f| f.names.get_untracked()).unwrap_or_default();
        let info = |s: Side| game.as_ref().map(|g| g.player(s)).unwrap_or_default();
        FamilySetup {
            fam,
            players: RwSignal::new(if game.is_some() { used.len() } else { 4 }),
            seats: RwSignal::new(seats),
            first: RwSignal::new(rules.first),
            names: SEATS.map(|s| RwSignal::new(names[s.index()].clone())),
            ages: SEATS
                .map(|s| RwSignal::new(info(s).age.map_or(String::new(), |a| a.to_string()))),
            ticked: SEATS.map(|s| RwSignal::new(info(s).ticked)),
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
    fn build(self) -> Result<(FamilyGame, [String; 4]), String> {
        let n = self.players.get_untracked();
        let used = self.used();
        let mut rules = FamilyRules::default();
        for (t, v) in TOGGLES.iter().zip(self.values.get_untracked()) {
            rules.set(t.key, &v)?;
        }
        rules.seats = used.iter().fold(0, |m, s| m | 1 << s.0);
        rules.first = self.first_seat();
        if rules.fixed_teams && n != 4 {
            return Err("Fixed teams need four players (Red with Yellow, Blue with Green).".into());
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
                        .ok_or_else(|| {
                            format!(
                                "{}'s age should be a number of years, such as 9 (not \"{t}\").",
                                seat_name(s)
                            )
                        })?,
                ),
            };
            let ticked = self.ticked[s.index()].get_untracked();
            game.set_player(s, PlayerInfo { age, ticked });
        }
        let names = SEATS.map(|s| {
            if used.contains(&s) {
                self.names[s.index()].get_untracked().trim().to_string()
            } else {
                String::new()
            }
        });
        Ok((game, names))
    }

    /// Starts the game; on a mistake shows it and changes nothing (returns false).
    pub fn start(self, state: AppState) -> bool {
        let Some(fam) = self.fam else { return false };
        let (game, names) = match self.build() {
            Ok(x) => x,
            Err(e) => {
                self.error.set(Some(e));
                return false;
            }
        };
        state.dialog.set(None);
        // A timed 2-player game would keep its clock running unseen: it is put away (kept
        // as the previous game) for an untimed one.
        if state.clock.with_untracked(|c| c.is_some()) {
            let rules = state.game.with_untracked(|g| g.rules().clone());
            let names = state.names.get_untracked();
            // The rules of a game in progress play their own start: they started it.
            if let Ok(fresh) = Game::new(rules) {
                state.replace_game(fresh, names, None);
            }
        }
        fam.start(game, names);
        true
    }
}

/// One toggle as a select with the sentence of its value beneath.
pub fn toggle_select(
    prefix: &'static str,
    t: &'static Toggle,
    value: impl Fn() -> String + Copy + Send + Sync + 'static,
    set: impl Fn(String) + Copy + Send + Sync + 'static,
) -> impl IntoView {
    let key = t.key;
    let options = move || {
        let now = value();
        let mut values: Vec<String> = t.values.iter().map(|(v, _)| v.to_string()).collect();
        if !values.contains(&now) {
            values.push(now.clone());
        }
        values
            .into_iter()
            .map(|v| {
                let selected = v == now;
                let text = sentence(key, &v);
                view! { <option value=v.clone() selected=selected>{text}</option> }
            })
            .collect_view()
    };
    view! {
        <label class="field family-toggle">
            <span>{t.title}</span>
            <select
                data-testid=format!("{prefix}-{key}")
                data-option=key
                prop:value=value
                on:change=move |ev| {
                    set(event_target_value(&ev));
                    // A refused change (e.g. fixed teams for three) shows the rule in force.
                    if let Some(el) = ev.target() {
                        let _ = web_sys::js_sys::Reflect::set(&el, &"value".into(), &value().into());
                    }
                }
            >
                {options}
            </select>
        </label>
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
                let seat_options = SEATS
                    .into_iter()
                    .map(|x| {
                        view! {
                            <option value=seat_letter(x).to_string() selected=move || seat() == x>
                                {seat_name(x)}
                            </option>
                        }
                    })
                    .collect_view();
                view! {
                    <div class="family-player" data-testid=format!("family-player-{}", n + 1)>
                        <label class="field">
                            <span>{format!("Player {} sits at", n + 1)}</span>
                            <select
                                data-testid=format!("family-seat-{}", n + 1)
                                prop:value=letter
                                on:change=move |ev| {
                                    if let Some(x) = crate::rules::family::parse_seat(&event_target_value(&ev)) {
                                        s.sit(n, x);
                                    }
                                }
                            >
                                {seat_options}
                            </select>
                        </label>
                        <label class="field">
                            <span>"Name"</span>
                            <input
                                type="text"
                                data-player=letter
                                maxlength="24"
                                autocomplete="off"
                                placeholder="(optional)"
                                prop:value=move || name().get()
                                on:input=move |ev| name().set(event_target_value(&ev))
                            />
                        </label>
                        <label class="field age">
                            <span>"Age"</span>
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
                        <label class="check">
                            <input
                                type="checkbox"
                                data-eligible=letter
                                prop:checked=move || ticked().get()
                                on:change=move |ev| ticked().set(event_target_checked(&ev))
                            />
                            <span>"may leave and come back"</span>
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
                    seat_name(x).to_string()
                } else {
                    format!("{} ({})", seat_name(x), name.trim())
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
            <legend>"Players"</legend>
            <label class="field">
                <span>"Number of players"</span>
                <select
                    data-option="players"
                    prop:value=move || s.players.get().to_string()
                    on:change=move |ev| {
                        let n = event_target_value(&ev).parse().unwrap_or(4);
                        s.players.set(n);
                        s.seats.set(default_seats(n));
                    }
                >
                    <option value="2" selected=move || s.players.get() == 2>"2 (opposite each other unless you choose)"</option>
                    <option value="3" selected=move || s.players.get() == 3>"3 (one seat stays empty)"</option>
                    <option value="4" selected=move || s.players.get() == 4>"4"</option>
                </select>
            </label>
            {rows}
            <label class="field">
                <span>"Who starts"</span>
                <select
                    data-testid="family-first"
                    prop:value=move || seat_letter(s.first_seat()).to_string()
                    on:change=move |ev| {
                        if let Some(x) = crate::rules::family::parse_seat(&event_target_value(&ev)) {
                            s.first.set(x);
                        }
                    }
                >
                    {first_options}
                </select>
            </label>
            <p class="field-help">"Play goes clockwise: Red, Blue, Yellow, Green; empty seats are skipped."</p>
        </fieldset>
        <fieldset class="options family-options family-toggles">
            <legend>"Supervisor's rules"</legend>
            {toggles(true)}
            <details class="family-more-rules" data-testid="family-more-rules">
                <summary>"More rules: leaving, pawns, promotion, mates, stalemate…"</summary>
                {toggles(false)}
            </details>
        </fieldset>
        {move || s.error.get().map(|e| view! { <p class="error" role="alert" data-testid="family-setup-error">{e}</p> })}
    }
}
