//! A teacher's named custom rule sets (issue 5, RULES.md §5), their pure part: each is a base
//! mode (for the rules screen), the option words that differ from a custom game's defaults
//! (`castling=rule-zero ...`, the same words as the command line and PGN use) and, for a
//! position from the setup editor, its FEN. Words rather than the `RuleSet` struct, so a set
//! saved today still reads when the rules core grows new options. The web side keeps the
//! list in localStorage under [`STORAGE_KEY`].

use crate::rules::ruleset::{Mode, RuleSet};
use crate::text::msg;
use serde::{Deserialize, Serialize};

pub const STORAGE_KEY: &str = "classroom-chess.rulesets";
const APP: &str = "classroom-chess";
const VERSION: u32 = 1;
/// Longest name shown on a button without wrapping badly.
pub const MAX_NAME: usize = 40;

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct SavedRuleSet {
    pub name: String,
    /// The mode the set was built from (`primary`, `orthodox`, `sharp`).
    pub base: String,
    /// Option words relative to a custom game's defaults (orthodox).
    pub options: String,
    /// The start position when it is not one of the named starts (setup editor, FEN).
    #[serde(default)]
    pub start_fen: Option<String>,
}

#[derive(Serialize, Deserialize)]
struct File {
    app: String,
    version: u32,
    sets: Vec<SavedRuleSet>,
}

/// What makes two names the same rule set: the words, whatever their case and spacing
/// ("Week 1" and " week  1" are one set; "week-1!" is another; "Ферзь" and "象棋" are two).
pub fn name_key(name: &str) -> String {
    name.split_whitespace()
        .map(str::to_lowercase)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The set's identity in the DOM contract, radio values and the editor's remembered choice:
/// [`name_key`] with letters and digits of any script kept, a space written as `-` and any
/// other character as `_` and its code in hex, so two different names never share one
/// ("Bishop corner" → `bishop-corner`, "week-1!" → `week_2d1_21`).
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name_key(name).chars() {
        if c.is_alphanumeric() {
            out.push(c);
        } else if c == ' ' {
            out.push('-');
        } else {
            out.push_str(&format!("_{:x}", c as u32));
        }
    }
    if out.is_empty() {
        "rules".into()
    } else {
        out
    }
}

/// Checks that `rules` can start a game (its start position fits its options, e.g. a bishop
/// in a corner with castling rights needs Rule Zero castling).
pub fn check_playable(rules: &RuleSet) -> Result<(), String> {
    // The same checks as the position editor's (both kings, at most a full army, castling
    // rights that fit the options, ...).
    crate::rules::validate_setup(rules, &rules.start_fen).map_err(|e| msg::problem_rules_start(&e))
}

impl SavedRuleSet {
    /// A named set from the rules built on the screen; the name must be given.
    pub fn new(name: &str, base: Mode, rules: &RuleSet) -> Result<SavedRuleSet, String> {
        let name = name.trim();
        if name.is_empty() {
            return Err(msg::problem_rule_set_name().into());
        }
        if name.chars().count() > MAX_NAME {
            return Err(msg::problem_rule_set_long(MAX_NAME as u64));
        }
        let mut custom = rules.clone();
        custom.mode = Mode::Custom;
        crate::rules::validate_setup(&custom, &custom.start_fen)
            .map_err(|e| msg::problem_rule_set_start(&e))?;
        let named_start = custom.option_value("start").as_deref() != Some("position");
        let set = SavedRuleSet {
            name: name.to_string(),
            base: base.key().to_string(),
            options: custom.changed_options().join(" "),
            start_fen: (!named_start).then(|| custom.start_fen.clone()),
        };
        // What is saved must read back to the very same rules.
        match set.rules() {
            Ok(back) if back == custom => Ok(set),
            Ok(_) => Err(msg::problem_rule_set_words().into()),
            Err(e) => Err(e),
        }
    }

    pub fn slug(&self) -> String {
        slug(&self.name)
    }

    pub fn base_mode(&self) -> Mode {
        Mode::parse(&self.base).unwrap_or(Mode::Orthodox)
    }

    /// The rules of this set; an error (never a panic) when the words or the position do
    /// not read.
    pub fn rules(&self) -> Result<RuleSet, String> {
        let mut r = RuleSet::for_mode(Mode::Custom);
        r.apply_options(&self.options)
            .map_err(|e| msg::problem_rule_set_named(&self.name, &e))?;
        if let Some(fen) = &self.start_fen {
            r.start_fen = fen.clone();
        }
        check_playable(&r).map_err(|e| msg::problem_rule_set_named(&self.name, &e))?;
        Ok(r)
    }
}

/// The set with this name ([`name_key`]), if there is one.
pub fn find<'a>(sets: &'a [SavedRuleSet], name: &str) -> Option<&'a SavedRuleSet> {
    let key = name_key(name);
    sets.iter().find(|s| name_key(&s.name) == key)
}

/// Adds `set`, replacing one of the same name ([`name_key`]); true when it replaced one.
pub fn upsert(sets: &mut Vec<SavedRuleSet>, set: SavedRuleSet) -> bool {
    let key = name_key(&set.name);
    match sets.iter_mut().find(|x| name_key(&x.name) == key) {
        Some(old) => {
            *old = set;
            true
        }
        None => {
            sets.push(set);
            false
        }
    }
}

pub fn encode(sets: &[SavedRuleSet]) -> String {
    serde_json::to_string(&File {
        app: APP.into(),
        version: VERSION,
        sets: sets.to_vec(),
    })
    .unwrap_or_default()
}

/// Reads the stored list; any set that does not read makes it an error, so the caller sets
/// the whole text aside (and says so) instead of dropping a set silently.
pub fn decode(text: &str) -> Result<Vec<SavedRuleSet>, String> {
    let file: File = serde_json::from_str(text).map_err(|e| msg::problem_rule_sets_damaged(&e))?;
    if file.app != APP {
        return Err(msg::problem_rule_sets_not_ours().into());
    }
    if file.version != VERSION {
        return Err(msg::problem_rule_sets_version(&file.version));
    }
    for s in &file.sets {
        s.rules()?;
    }
    Ok(file.sets)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::Game;
    use crate::rules::ruleset::Castling;

    const RULE_ZERO_FEN: &str = "bn2k2n/pppppppp/8/8/8/8/PPPPPPPP/B3K2N w KQkq - 0 1";

    fn rule_zero() -> RuleSet {
        let mut r = RuleSet::custom_from(Mode::Orthodox);
        r.set_option("castling", "rule-zero").unwrap();
        r.start_fen = RULE_ZERO_FEN.into();
        r
    }

    #[test]
    fn rules_5_a_named_set_reads_back_to_the_same_rules() {
        let mut p = RuleSet::custom_from(Mode::Primary);
        p.set_option("knight", "non-leaping").unwrap();
        p.set_option("midline", "on").unwrap();
        let set = SavedRuleSet::new("  Knights' week ", Mode::Primary, &p).unwrap();
        assert_eq!(set.name, "Knights' week");
        assert_eq!(set.slug(), "knights_27-week");
        assert_eq!(set.base_mode(), Mode::Primary);
        assert_eq!(set.start_fen, None, "the usual start is a word, not a FEN");
        let text = encode(std::slice::from_ref(&set));
        let back = decode(&text).unwrap();
        assert_eq!(back[0].rules().unwrap(), p);
    }

    #[test]
    fn rules_5_rule_zero_start_from_a_position_is_kept_with_its_fen() {
        let set = SavedRuleSet::new("Bishop corner", Mode::Orthodox, &rule_zero()).unwrap();
        assert!(
            set.options.contains("castling=rule-zero"),
            "{}",
            set.options
        );
        let r = set.rules().unwrap();
        assert_eq!(r.castling, Castling::RuleZero);
        let g = Game::new(r).unwrap();
        // Queenside Rule Zero castling with the a1 bishop: king to b1 (RULES.md §5).
        let sans: Vec<String> = g
            .legal_moves()
            .iter()
            .map(|&m| crate::rules::san::to_uci(g.position(), m))
            .collect();
        assert!(sans.iter().any(|m| m == "e1b1"), "{sans:?}");
    }

    #[test]
    fn a_position_that_does_not_fit_the_options_is_refused() {
        let mut r = rule_zero();
        r.set_option("castling", "on").unwrap();
        let e = SavedRuleSet::new("Bad", Mode::Orthodox, &r).unwrap_err();
        assert!(e.to_lowercase().contains("start position"), "{e}");
        assert!(SavedRuleSet::new("   ", Mode::Orthodox, &rule_zero()).is_err());
        let mut no_king = rule_zero();
        no_king.start_fen = "bn2k2n/pppppppp/8/8/8/8/PPPPPPPP/B6N w k - 0 1".into();
        let e = SavedRuleSet::new("No king", Mode::Orthodox, &no_king).unwrap_err();
        assert!(
            e.to_lowercase().contains("no white king") || e.contains("White has no king"),
            "{e}"
        );
        assert!(SavedRuleSet::new(&"x".repeat(41), Mode::Orthodox, &rule_zero()).is_err());
    }

    #[test]
    fn the_same_name_replaces_a_set() {
        let mut sets = Vec::new();
        let a = SavedRuleSet::new("Week 1", Mode::Orthodox, &rule_zero()).unwrap();
        assert!(!upsert(&mut sets, a.clone()));
        assert!(upsert(
            &mut sets,
            SavedRuleSet {
                base: "primary".into(),
                ..a
            }
        ));
        assert_eq!(sets.len(), 1);
        assert_eq!(sets[0].base, "primary");
    }

    #[test]
    fn damaged_storage_is_an_error_not_a_panic() {
        let good = encode(&[SavedRuleSet::new("A", Mode::Orthodox, &rule_zero()).unwrap()]);
        assert!(decode(&good).is_ok());
        for bad in [
            "",
            "[]",
            "{\"app\":\"classroom-chess\",\"version\":7,\"sets\":[]}",
            &good.replace("rule-zero", "sometimes"),
            &good.replace("B3K2N", "B3K2X"),
        ] {
            assert!(decode(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn names_in_any_script_are_kept_apart_and_slugs_never_collide() {
        let names = [
            "Ферзь",
            "象棋",
            "Week 1",
            "week-1!",
            "week_1",
            "Rule Zero!  Fun",
            "???",
            "SS",
        ];
        let slugs: std::collections::BTreeSet<String> = names.iter().map(|n| slug(n)).collect();
        assert_eq!(slugs.len(), names.len(), "{slugs:?}");
        assert_eq!(slug("Rule Zero!  Fun"), "rule-zero_21-fun");
        assert_eq!(slug("Bishop corner"), "bishop-corner");
        assert_eq!(slug("象棋"), "象棋");
        // The same words in another case or spacing are the same set.
        assert_eq!(name_key(" week  1 "), name_key("Week 1"));
        assert_eq!(slug("SS"), slug("ss"));
        let mut sets = Vec::new();
        for n in ["Ферзь", "象棋", "week-1!", "Week 1"] {
            let set = SavedRuleSet::new(n, Mode::Orthodox, &rule_zero()).unwrap();
            assert!(!upsert(&mut sets, set), "{n} replaced another set");
        }
        assert_eq!(sets.len(), 4);
        let again = SavedRuleSet::new("WEEK 1", Mode::Primary, &rule_zero()).unwrap();
        assert!(upsert(&mut sets, again), "the same name replaces");
        assert_eq!(
            find(&sets, "week 1").map(|s| s.base.as_str()),
            Some("primary")
        );
    }
}
