//! The option catalog of custom games (RULES.md §5): every rule a teacher may change, as
//! data. The rules screen lists [`option_catalog`]; the command line (`--option key=value`),
//! the PGN `RuleOptions` tag and saved games use the same words, so a custom game is always
//! "orthodox + these words" and the words read back to the same [`RuleSet`].

use crate::rules::ruleset::{
    role_mask, Castling, DoubleStep, Insufficient, Knight, Mode, NoMoves, Object, PromotionArmy,
    RuleSet, Scoring, IMPASSE_PLIES, MARGINS, REPEATED_CHECKS, SHARP_START, STANDARD_START,
};
use crate::rules::types::Role;
use crate::text::msg;

/// One value an option can take. Its words are the message catalogue's:
/// [`choice_message`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionChoice {
    pub value: &'static str,
}

/// One option: its key (as in `key=value`) and its choices. Its title and its plain sentence
/// are the message catalogue's: [`title_message`], [`explain_message`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    pub key: &'static str,
    pub choices: &'static [OptionChoice],
}

const fn c(value: &'static str) -> OptionChoice {
    OptionChoice { value }
}

const ON_OFF: &[OptionChoice] = &[c("on"), c("off")];

static CATALOG: &[OptionSpec] = &[
    OptionSpec {
        key: "object",
        choices: &[c("checkmate"), c("king-capture"), c("stalemate-wins")],
    },
    OptionSpec {
        key: "start",
        choices: &[c("standard"), c("reserve")],
    },
    OptionSpec {
        key: "castling",
        choices: &[c("on"), c("off"), c("rule-zero")],
    },
    OptionSpec {
        key: "double-step",
        choices: &[c("first-move"), c("second-rank"), c("never")],
    },
    OptionSpec {
        key: "en-passant",
        choices: ON_OFF,
    },
    OptionSpec {
        key: "promotion",
        choices: &[c("queen"), c("any"), c("own-army"), c("either-army")],
    },
    OptionSpec {
        key: "knight",
        choices: &[c("leaping"), c("non-leaping")],
    },
    OptionSpec {
        key: "no-moves",
        choices: &[c("stalemate"), c("loses"), c("claim")],
    },
    OptionSpec {
        key: "insufficient",
        choices: &[c("dead-position"), c("lone-king"), c("off")],
    },
    OptionSpec {
        key: "repetition",
        choices: ON_OFF,
    },
    OptionSpec {
        key: "fifty-moves",
        choices: ON_OFF,
    },
    OptionSpec {
        key: "repeated-check",
        choices: &[c("off"), c("3"), c("5")],
    },
    OptionSpec {
        key: "margin",
        choices: &[c("off"), c("3"), c("5")],
    },
    OptionSpec {
        key: "midline",
        choices: ON_OFF,
    },
    OptionSpec {
        key: "resign",
        choices: ON_OFF,
    },
    OptionSpec {
        key: "draw-offers",
        choices: ON_OFF,
    },
    OptionSpec {
        key: "impasse",
        choices: &[c("off"), c("100")],
    },
    OptionSpec {
        key: "fast-fifty",
        choices: ON_OFF,
    },
    OptionSpec {
        key: "scoring",
        choices: &[c("fide"), c("primary"), c("sharp")],
    },
];

/// The message of an option's title in the catalogue (`assets/messages/en/options.txt`):
/// `option-castling`.
pub fn title_message(key: &str) -> String {
    format!("option-{key}")
}

/// The message of an option's plain sentence: `option-castling-explain`.
pub fn explain_message(key: &str) -> String {
    format!("option-{key}-explain")
}

/// The message of the words for an option's value: `option-castling-rule-zero`.
pub fn choice_message(key: &str, value: &str) -> String {
    format!("option-{key}-{value}")
}

/// Every option of a custom game, in the order a screen lists them.
pub fn option_catalog() -> &'static [OptionSpec] {
    CATALOG
}

/// The option with this key.
pub fn option_spec(key: &str) -> Option<&'static OptionSpec> {
    CATALOG.iter().find(|s| s.key == key)
}

/// Keys that are not on the rules screen but keep every field expressible in words:
/// `drops` (a setup-editor start with a reserve).
const HIDDEN_KEYS: &[&str] = &["drops"];

fn on_off(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

fn parse_on_off(key: &str, v: &str) -> Result<bool, String> {
    match v {
        "on" | "yes" | "true" | "1" => Ok(true),
        "off" | "no" | "false" | "0" => Ok(false),
        _ => Err(msg::problem_option_on_off(&key, &v)),
    }
}

/// "a, b or c" in the current language: an option's words, the moves a typed move could be.
pub fn or_list(items: &[impl AsRef<str>]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [first, middle @ .., last] => {
            let init = middle
                .iter()
                .fold(first.as_ref().to_string(), |list, next| {
                    msg::problem_list_comma(&list, &next.as_ref())
                });
            msg::problem_list_or(&init, &last.as_ref())
        }
    }
}

fn expected(key: &str, words: &[&str], got: &str) -> String {
    msg::problem_option_expected(&key, &or_list(words), &got)
}

fn count_or_off<T: std::str::FromStr + PartialOrd + Copy>(
    key: &str,
    value: &str,
    range: std::ops::RangeInclusive<T>,
    what: fn(&dyn std::fmt::Display, &dyn std::fmt::Display) -> String,
) -> Result<Option<T>, String> {
    if value == "off" {
        return Ok(None);
    }
    match value.parse::<T>() {
        Ok(n) if range.contains(&n) => Ok(Some(n)),
        _ => Err(what(&key, &value)),
    }
}

/// A `u16` range as the `u8` range of a field that holds it (the ranges fit a `u8`).
fn narrow(range: std::ops::RangeInclusive<u16>) -> std::ops::RangeInclusive<u8> {
    let clip = |n: u16| n.min(u8::MAX as u16) as u8;
    clip(*range.start())..=clip(*range.end())
}

fn scoring_name(s: &Scoring) -> &'static str {
    if *s == Scoring::FIDE {
        "fide"
    } else if *s == Scoring::PRIMARY {
        "primary"
    } else if *s == Scoring::SHARP {
        "sharp"
    } else {
        "other"
    }
}

/// Promotion masks spelled as role letters (`qr`), for masks the named choices do not cover.
fn mask_letters(mask: u8) -> String {
    Role::ALL
        .into_iter()
        .filter(|r| mask & (1 << r.index()) != 0)
        .map(|r| r.letter().to_ascii_lowercase())
        .collect()
}

impl RuleSet {
    /// A custom rule set that starts as `base` mode's rules: every field as the base's,
    /// the mode `Custom`.
    pub fn custom_from(base: Mode) -> RuleSet {
        let mut r = RuleSet::for_mode(base);
        r.mode = Mode::Custom;
        r
    }

    /// The current value of an option, as its word (`None` for an unknown key).
    pub fn option_value(&self, key: &str) -> Option<String> {
        let v: String = match key {
            "object" => match self.object {
                Object::Checkmate => "checkmate",
                Object::KingCapture => "king-capture",
                Object::StalemateWins => "stalemate-wins",
            }
            .into(),
            "start" => {
                if self.start_fen == STANDARD_START {
                    "standard".into()
                } else if self.start_fen == SHARP_START {
                    "reserve".into()
                } else {
                    // A setup-editor position: carried by the FEN, not by a word.
                    "position".into()
                }
            }
            "drops" => on_off(self.drops).into(),
            "castling" => match self.castling {
                Castling::None => "off",
                Castling::Standard => "on",
                Castling::RuleZero => "rule-zero",
            }
            .into(),
            "double-step" => match self.double_step {
                DoubleStep::FirstMove => "first-move",
                DoubleStep::SecondRankAnyTime => "second-rank",
                DoubleStep::Never => "never",
                DoubleStep::AnyTime => "any-time",
            }
            .into(),
            "en-passant" => on_off(self.en_passant).into(),
            "promotion" => match self.promotion_army {
                Some(PromotionArmy::Own) => "own-army".into(),
                Some(PromotionArmy::Either) => "either-army".into(),
                None if self.promotion == super::ruleset::QUEEN_ONLY => "queen".into(),
                None if self.promotion == super::ruleset::ANY_PIECE => "any".into(),
                None => mask_letters(self.promotion),
            },
            "knight" => match self.knight {
                Knight::Leaping => "leaping",
                Knight::NonLeaping => "non-leaping",
            }
            .into(),
            "no-moves" => match self.no_moves {
                NoMoves::MateOrStalemate => "stalemate",
                NoMoves::Loses => "loses",
                NoMoves::ClaimStalemate => "claim",
            }
            .into(),
            "insufficient" => match self.draws.insufficient {
                Insufficient::Off => "off",
                Insufficient::DeadPosition => "dead-position",
                Insufficient::LoneKingOrMinor => "lone-king",
            }
            .into(),
            "repetition" => on_off(self.draws.repetition).into(),
            "fifty-moves" => on_off(self.draws.fifty_moves).into(),
            "repeated-check" => self
                .draws
                .repeated_check
                .map_or("off".into(), |n| n.to_string()),
            "margin" => self
                .adjudication_margin
                .map_or("off".into(), |n| n.to_string()),
            "midline" => on_off(self.midline_invasion).into(),
            "resign" => on_off(self.resign_allowed).into(),
            "draw-offers" => on_off(self.draw_offers_allowed).into(),
            "impasse" => self.impasse_plies.map_or("off".into(), |n| n.to_string()),
            "fast-fifty" => on_off(self.fast_fifty).into(),
            "scoring" => scoring_name(&self.scoring).into(),
            _ => return None,
        };
        Some(v)
    }

    /// Sets one option by its key, as the command line (`--option key=value`), the PGN
    /// `RuleOptions` tag and the new-game and rules screens spell it. On error nothing is
    /// changed and the message names the option and the words it accepts.
    pub fn set_option(&mut self, key: &str, value: &str) -> Result<(), String> {
        let value = value.trim();
        match key {
            "object" => {
                self.object = match value {
                    "checkmate" => Object::Checkmate,
                    "king-capture" => Object::KingCapture,
                    "stalemate-wins" => Object::StalemateWins,
                    _ => {
                        return Err(expected(
                            key,
                            &["checkmate", "king-capture", "stalemate-wins"],
                            value,
                        ))
                    }
                }
            }
            "start" => match value {
                "standard" => {
                    self.start_fen = STANDARD_START.to_string();
                    self.drops = false;
                }
                "reserve" => {
                    self.start_fen = SHARP_START.to_string();
                    self.drops = true;
                }
                _ => return Err(msg::problem_option_start(&value)),
            },
            "drops" => self.drops = parse_on_off(key, value)?,
            "castling" => {
                self.castling = match value {
                    "on" | "standard" | "yes" | "true" => Castling::Standard,
                    "off" | "none" | "no" | "false" => Castling::None,
                    "rule-zero" => Castling::RuleZero,
                    _ => return Err(expected(key, &["on", "off", "rule-zero"], value)),
                }
            }
            "double-step" => {
                self.double_step = match value {
                    "first-move" | "on" => DoubleStep::FirstMove,
                    "second-rank" => DoubleStep::SecondRankAnyTime,
                    "never" | "off" => DoubleStep::Never,
                    "any-time" => DoubleStep::AnyTime,
                    _ => {
                        return Err(expected(
                            key,
                            &["first-move", "second-rank", "any-time", "never"],
                            value,
                        ))
                    }
                }
            }
            "en-passant" => self.en_passant = parse_on_off(key, value)?,
            "promotion" => {
                let (army, mask) = match value {
                    "queen" => (None, super::ruleset::QUEEN_ONLY),
                    "any" => (None, super::ruleset::ANY_PIECE),
                    "own-army" => (Some(PromotionArmy::Own), super::ruleset::ANY_PIECE),
                    "either-army" => (Some(PromotionArmy::Either), super::ruleset::ANY_PIECE),
                    letters => {
                        // A list of piece letters, such as `qr` (what option_value writes
                        // for masks the named choices do not cover).
                        let roles: Option<Vec<Role>> = letters
                            .chars()
                            .map(|ch| {
                                Role::from_letter(ch)
                                    .filter(|r| !matches!(r, Role::King | Role::Pawn))
                            })
                            .collect();
                        let mask = roles.map_or(0, |rs| role_mask(&rs));
                        if mask == 0 {
                            return Err(expected(
                                key,
                                &["queen", "any", "own-army", "either-army"],
                                value,
                            ));
                        }
                        (None, mask)
                    }
                };
                self.promotion_army = army;
                self.promotion = mask;
            }
            "knight" => {
                self.knight = match value {
                    "leaping" => Knight::Leaping,
                    "non-leaping" => Knight::NonLeaping,
                    _ => return Err(expected(key, &["leaping", "non-leaping"], value)),
                }
            }
            "no-moves" => {
                self.no_moves = match value {
                    "stalemate" => NoMoves::MateOrStalemate,
                    "loses" => NoMoves::Loses,
                    "claim" => NoMoves::ClaimStalemate,
                    _ => return Err(expected(key, &["stalemate", "loses", "claim"], value)),
                }
            }
            "insufficient" => {
                self.draws.insufficient = match value {
                    "off" => Insufficient::Off,
                    "dead-position" | "on" => Insufficient::DeadPosition,
                    "lone-king" => Insufficient::LoneKingOrMinor,
                    _ => return Err(expected(key, &["off", "dead-position", "lone-king"], value)),
                }
            }
            "repetition" => self.draws.repetition = parse_on_off(key, value)?,
            "fifty-moves" => self.draws.fifty_moves = parse_on_off(key, value)?,
            "repeated-check" => {
                self.draws.repeated_check = count_or_off(
                    key,
                    value,
                    narrow(REPEATED_CHECKS),
                    msg::problem_option_checks,
                )?
            }
            "margin" => {
                self.adjudication_margin =
                    count_or_off(key, value, narrow(MARGINS), msg::problem_option_points)?
            }
            "midline" => self.midline_invasion = parse_on_off(key, value)?,
            "resign" => self.resign_allowed = parse_on_off(key, value)?,
            "draw-offers" => self.draw_offers_allowed = parse_on_off(key, value)?,
            "impasse" => {
                self.impasse_plies =
                    count_or_off(key, value, IMPASSE_PLIES, msg::problem_option_plies)?
            }
            "fast-fifty" => self.fast_fifty = parse_on_off(key, value)?,
            "scoring" => {
                self.scoring = match value {
                    "fide" => Scoring::FIDE,
                    "primary" => Scoring::PRIMARY,
                    "sharp" => Scoring::SHARP,
                    _ => return Err(expected(key, &["fide", "primary", "sharp"], value)),
                }
            }
            _ => {
                let known: Vec<&str> = CATALOG.iter().map(|s| s.key).collect();
                return Err(msg::problem_option_unknown(&key, &known.join(", ")));
            }
        }
        Ok(())
    }

    /// The options that differ from the mode's defaults, as `key=value` words (for `Custom`,
    /// the defaults are orthodox chess). A start position from the setup editor is not a
    /// word: the game record carries it as a FEN.
    pub fn changed_options(&self) -> Vec<String> {
        let base = RuleSet::for_mode(self.mode);
        let start = self.option_value("start");
        let start_written =
            start != base.option_value("start") && start.as_deref() != Some("position");
        // A start word brings its own placements rule (a reserve needs them): `drops` is
        // written when the rules differ from what the words before it leave.
        let drops_left = if start_written {
            start.as_deref() == Some("reserve")
        } else {
            base.drops
        };
        let mut out = Vec::new();
        for key in CATALOG
            .iter()
            .map(|s| s.key)
            .chain(HIDDEN_KEYS.iter().copied())
        {
            let (mine, theirs) = (self.option_value(key), base.option_value(key));
            let Some(v) = mine.clone() else { continue };
            let write = match key {
                "drops" => self.drops != drops_left,
                // An editor position: the FEN says where the pieces stand.
                "start" => start_written,
                "scoring" if v == "other" => false,
                _ => mine != theirs,
            };
            if write {
                out.push(format!("{key}={v}"));
            }
        }
        out
    }

    /// Applies `key=value` words (as written by [`RuleSet::changed_options`]).
    /// On error nothing is changed.
    pub fn apply_options(&mut self, words: &str) -> Result<(), String> {
        let mut next = self.clone();
        for word in words.split_whitespace() {
            let (k, v) = word
                .split_once('=')
                .ok_or_else(|| msg::problem_option_form(&word))?;
            next.set_option(k, v)?;
        }
        // Words that contradict each other (a reserve start without placements) are refused
        // here, with the reason, rather than found when a game cannot start.
        if next.start_fen == SHARP_START && !next.drops {
            return Err(msg::problem_option_reserve_drops().into());
        }
        crate::rules::fen::parse_fen(
            crate::rules::Geometry::standard(),
            crate::rules::position::MoveRules::from(&next),
            &next.start_fen,
        )
        .map_err(|e| msg::problem_option_start_fen(&e))?;
        *self = next;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalog_choice_is_accepted_and_read_back() {
        for spec in option_catalog() {
            for choice in spec.choices {
                let mut r = RuleSet::custom_from(Mode::Orthodox);
                r.set_option(spec.key, choice.value)
                    .unwrap_or_else(|e| panic!("{}={}: {e}", spec.key, choice.value));
                assert_eq!(
                    r.option_value(spec.key).as_deref(),
                    Some(choice.value),
                    "{}",
                    spec.key
                );
            }
        }
    }

    #[test]
    fn rules_5_every_option_and_choice_has_its_words_in_the_catalogue() {
        use crate::text::text_by_key;
        let mut keys = std::collections::BTreeSet::new();
        let mut words = |key: String| {
            let text = text_by_key(&key).unwrap_or_else(|| panic!("no plain message {key}"));
            assert!(keys.insert(key.clone()), "{key} names two texts");
            text
        };
        for spec in option_catalog() {
            words(title_message(spec.key));
            let explain = words(explain_message(spec.key));
            assert!(explain.ends_with('.'), "{}: {explain}", spec.key);
            for choice in spec.choices {
                words(choice_message(spec.key, choice.value));
            }
        }
        // Not on the rules screen, but named among a custom game's options.
        for key in HIDDEN_KEYS {
            words(title_message(key));
            for value in ["on", "off"] {
                words(choice_message(key, value));
            }
        }
        assert_eq!(text_by_key("option-castling"), Some("Castling"));
        assert_eq!(
            text_by_key(&choice_message("castling", "rule-zero")),
            Some("Rule Zero: any corner piece")
        );
        // Plain messages only: not one with placeholders, not a plural one, not a missing one.
        assert_eq!(text_by_key("options-chosen"), None);
        assert_eq!(text_by_key("impasse-moves-each"), None);
        assert_eq!(text_by_key("option-castling-sometimes"), None);
    }

    #[test]
    fn every_base_mode_is_orthodox_plus_words() {
        for base in [Mode::Orthodox, Mode::Primary, Mode::Sharp, Mode::Family] {
            let r = RuleSet::custom_from(base);
            let words = r.changed_options().join(" ");
            let mut again = RuleSet::for_mode(Mode::Custom);
            again.apply_options(&words).unwrap();
            assert_eq!(again, r, "{base:?}: {words}");
        }
    }

    #[test]
    fn errors_name_the_choices_and_change_nothing() {
        let mut r = RuleSet::custom_from(Mode::Primary);
        let before = r.clone();
        let e = r.apply_options("midline=on object=sometimes").unwrap_err();
        assert_eq!(
            e,
            "option object: expected checkmate, king-capture or stalemate-wins, got 'sometimes'"
        );
        assert_eq!(r, before);
        assert!(r.set_option("promotion", "kq").is_err());
        assert!(r.set_option("promotion", "").is_err());
        let mut letters = RuleSet::custom_from(Mode::Orthodox);
        letters.set_option("promotion", "RN").unwrap();
        assert_eq!(letters.option_value("promotion").as_deref(), Some("nr"));
        assert_eq!(letters.promotion_roles(), [Role::Knight, Role::Rook]);
        assert!(r
            .set_option("start", "position")
            .unwrap_err()
            .contains("FEN"));
        assert_eq!(r, before);
    }
}
