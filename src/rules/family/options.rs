//! The supervisor's toggles (FAMILY.md §8) as one small `Copy` value, defaults first, with the
//! `key=value` words the command line, the position text and the change log use.

use crate::rules::geometry::CrossPromotion;
use crate::rules::types::Side;
use crate::text::msg;
use serde::{Deserialize, Serialize};

/// Who may go Away (§6.1).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Eligibility {
    /// At least this many years younger than the oldest player (or ticked by hand).
    AgeGap(u8),
    /// Anyone.
    Anyone,
    /// Only players the supervisor ticked.
    ByHand,
}

/// Who may capture an Away player's (asleep) pieces (§6.3).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum AsleepCapture {
    PawnsOnly,
    NoOne,
    Anyone,
}

/// How long a seat's e.p. square stays capturable (§3.4, §8.5).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum EpWindow {
    /// Until play returns to the seat that double-stepped.
    UntilReturn,
    /// Only the next seat to move.
    NextPlayer,
    Off,
}

/// What a stalemate does (§5.3, §8.9).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum StalemateRule {
    /// The stalemated player passes; with two left it is a draw.
    Pass,
    /// The stalemated player is Out.
    Eliminate,
    /// The game is drawn.
    Draw,
}

/// The supervisor's toggles. `Default` gives the FAMILY.md defaults.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct FamilyRules {
    /// Rule 4: young players may go Away (§6).
    pub absence: bool,
    pub eligibility: Eligibility,
    pub leave_in_check: bool,
    pub asleep_capture: AsleepCapture,
    /// The app calls every check for the mover (§4.8 "auto-check").
    pub auto_check: bool,
    /// Unannounced attacks are shown (interface only).
    pub hints: bool,
    /// Normal, chess.com-style mates: drops §4.3(a) and the fallback of §4.5b.
    pub joint_mates: bool,
    /// Two-square pawn moves at any time (§3.3) or from the second row only.
    pub double_step_any_time: bool,
    pub en_passant: EpWindow,
    pub promotion: CrossPromotion,
    pub auto_queen: bool,
    /// The far-right pawn of each army is missing at the start (§2.3).
    pub far_right_pawn_removed: bool,
    /// An Out player's pieces are removed instead of staying dead (§5.2).
    pub remove_dead: bool,
    pub stalemate: StalemateRule,
    /// Fixed 2 v 2 teams, partners opposite (§7.2).
    pub fixed_teams: bool,
    /// Which seats have a player (bit `1 << seat`), and who moves first (§2.5, §8.11).
    pub seats: u8,
    pub first: Side,
}

impl Default for FamilyRules {
    fn default() -> Self {
        FamilyRules {
            absence: true,
            eligibility: Eligibility::AgeGap(25),
            leave_in_check: true,
            asleep_capture: AsleepCapture::PawnsOnly,
            auto_check: false,
            hints: false,
            joint_mates: false,
            double_step_any_time: true,
            en_passant: EpWindow::UntilReturn,
            promotion: CrossPromotion::CentreEdge,
            auto_queen: false,
            far_right_pawn_removed: true,
            remove_dead: false,
            stalemate: StalemateRule::Pass,
            fixed_teams: false,
            seats: 0b1111,
            first: Side(0),
        }
    }
}

/// The option keys, in the order `words` writes them.
pub const KEYS: [&str; 17] = [
    "absence",
    "eligibility",
    "leave-in-check",
    "asleep-capture",
    "checks",
    "hints",
    "joint-mates",
    "double-step",
    "en-passant",
    "promotion",
    "promote-to",
    "far-right-pawn",
    "dead-pieces",
    "stalemate",
    "teams",
    "seats",
    "first",
];

fn on_off(b: bool) -> &'static str {
    if b {
        "on"
    } else {
        "off"
    }
}

impl FamilyRules {
    /// The rules for 2, 3 or 4 players (§2.5): three leave Green's seat empty, two sit
    /// opposite (Red against Yellow).
    pub fn for_players(players: u8) -> FamilyRules {
        let seats = match players {
            2 => 0b0101,
            3 => 0b0111,
            _ => 0b1111,
        };
        FamilyRules {
            seats,
            ..FamilyRules::default()
        }
    }

    pub fn seat_used(&self, seat: Side) -> bool {
        self.seats & (1 << seat.0) != 0
    }

    /// The value of one option as its word (`on`, `pawns`, `rby`, ...).
    pub fn get(&self, key: &str) -> Option<String> {
        Some(match key {
            "absence" => on_off(self.absence).into(),
            "eligibility" => match self.eligibility {
                Eligibility::AgeGap(n) => n.to_string(),
                Eligibility::Anyone => "anyone".into(),
                Eligibility::ByHand => "by-hand".into(),
            },
            "leave-in-check" => on_off(self.leave_in_check).into(),
            "asleep-capture" => match self.asleep_capture {
                AsleepCapture::PawnsOnly => "pawns",
                AsleepCapture::NoOne => "no-one",
                AsleepCapture::Anyone => "anyone",
            }
            .into(),
            "checks" => if self.auto_check { "auto" } else { "manual" }.into(),
            "hints" => on_off(self.hints).into(),
            "joint-mates" => on_off(self.joint_mates).into(),
            "double-step" => if self.double_step_any_time {
                "any-time"
            } else {
                "first-move"
            }
            .into(),
            "en-passant" => match self.en_passant {
                EpWindow::UntilReturn => "until-return",
                EpWindow::NextPlayer => "next-player",
                EpWindow::Off => "off",
            }
            .into(),
            "promotion" => match self.promotion {
                CrossPromotion::CentreEdge => "centre",
                CrossPromotion::OwnEighth => "own-eighth",
                CrossPromotion::BoardEdge => "board-edge",
            }
            .into(),
            "promote-to" => if self.auto_queen { "queen" } else { "any" }.into(),
            "far-right-pawn" => if self.far_right_pawn_removed {
                "removed"
            } else {
                "kept"
            }
            .into(),
            "dead-pieces" => if self.remove_dead { "removed" } else { "stay" }.into(),
            "stalemate" => match self.stalemate {
                StalemateRule::Pass => "pass",
                StalemateRule::Eliminate => "eliminate",
                StalemateRule::Draw => "draw",
            }
            .into(),
            "teams" => if self.fixed_teams { "fixed" } else { "free" }.into(),
            "seats" => (0..4u8)
                .filter(|&s| self.seat_used(Side(s)))
                .map(|s| super::seat_letter(Side(s)))
                .collect(),
            "first" => super::seat_letter(self.first).to_string(),
            _ => return None,
        })
    }

    /// Sets one option; on error nothing changes and the message names the key and values.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let bad =
            |allowed: &[&str]| msg::family_problem_option_expected(&key, &one_of(allowed), &value);
        let flag = |v: &str| match v {
            "on" | "yes" | "true" => Ok(true),
            "off" | "no" | "false" => Ok(false),
            _ => Err(bad(&["on", "off"])),
        };
        match key {
            "absence" => self.absence = flag(value)?,
            "eligibility" => {
                let years = || bad(&[msg::family_problem_years(), "anyone", "by-hand"]);
                self.eligibility = match value {
                    "anyone" => Eligibility::Anyone,
                    "by-hand" => Eligibility::ByHand,
                    v => Eligibility::AgeGap(v.parse().map_err(|_| years())?),
                }
            }
            "leave-in-check" => self.leave_in_check = flag(value)?,
            "asleep-capture" => {
                self.asleep_capture = match value {
                    "pawns" => AsleepCapture::PawnsOnly,
                    "no-one" => AsleepCapture::NoOne,
                    "anyone" => AsleepCapture::Anyone,
                    _ => return Err(bad(&["pawns", "no-one", "anyone"])),
                }
            }
            "checks" => {
                self.auto_check = match value {
                    "manual" => false,
                    "auto" => true,
                    _ => return Err(bad(&["manual", "auto"])),
                }
            }
            "hints" => self.hints = flag(value)?,
            "joint-mates" => self.joint_mates = flag(value)?,
            "double-step" => {
                self.double_step_any_time = match value {
                    "any-time" => true,
                    "first-move" => false,
                    _ => return Err(bad(&["any-time", "first-move"])),
                }
            }
            "en-passant" => {
                self.en_passant = match value {
                    "until-return" | "on" => EpWindow::UntilReturn,
                    "next-player" => EpWindow::NextPlayer,
                    "off" => EpWindow::Off,
                    _ => return Err(bad(&["until-return", "next-player", "off"])),
                }
            }
            "promotion" => {
                self.promotion = match value {
                    "centre" | "center" => CrossPromotion::CentreEdge,
                    "own-eighth" => CrossPromotion::OwnEighth,
                    "board-edge" => CrossPromotion::BoardEdge,
                    _ => return Err(bad(&["centre", "own-eighth", "board-edge"])),
                }
            }
            "promote-to" => {
                self.auto_queen = match value {
                    "any" => false,
                    "queen" => true,
                    _ => return Err(bad(&["any", "queen"])),
                }
            }
            "far-right-pawn" => {
                self.far_right_pawn_removed = match value {
                    "removed" => true,
                    "kept" => false,
                    _ => return Err(bad(&["removed", "kept"])),
                }
            }
            "dead-pieces" => {
                self.remove_dead = match value {
                    "stay" => false,
                    "removed" => true,
                    _ => return Err(bad(&["stay", "removed"])),
                }
            }
            "stalemate" => {
                self.stalemate = match value {
                    "pass" => StalemateRule::Pass,
                    "eliminate" => StalemateRule::Eliminate,
                    "draw" => StalemateRule::Draw,
                    _ => return Err(bad(&["pass", "eliminate", "draw"])),
                }
            }
            "teams" => {
                self.fixed_teams = match value {
                    "free" => false,
                    "fixed" => true,
                    _ => return Err(bad(&["free", "fixed"])),
                }
            }
            "seats" => {
                let mut seats = 0u8;
                for c in value.chars() {
                    let s = super::parse_seat(&c.to_string())
                        .ok_or_else(|| bad(&[msg::family_problem_seat_letters()]))?;
                    seats |= 1 << s.0;
                }
                if seats.count_ones() < 2 {
                    return Err(bad(&[msg::family_problem_two_seat_letters()]));
                }
                self.seats = seats;
            }
            "first" => {
                self.first =
                    super::parse_seat(value).ok_or_else(|| bad(&[msg::family_problem_a_seat()]))?
            }
            _ => return Err(msg::family_problem_unknown_option(&key, &KEYS.join(", "))),
        }
        Ok(())
    }

    /// The options that differ from the defaults, as `key=value` words.
    pub fn changed(&self) -> Vec<String> {
        let base = FamilyRules::default();
        KEYS.iter()
            .filter_map(|k| {
                let v = self.get(k)?;
                (base.get(k).as_ref() != Some(&v)).then(|| format!("{k}={v}"))
            })
            .collect()
    }

    /// Applies `key=value` words separated by spaces or commas; on error nothing changes.
    pub fn apply(&mut self, words: &str) -> Result<(), String> {
        let mut next = *self;
        for word in words.split([' ', ',']).filter(|w| !w.is_empty()) {
            let (k, v) = word
                .split_once('=')
                .ok_or_else(|| msg::family_problem_option_form(&word))?;
            next.set(k, v)?;
        }
        *self = next;
        Ok(())
    }

    /// `(key, old, new)` for every option that differs between two rule sets.
    pub fn differences(&self, other: &FamilyRules) -> Vec<(&'static str, String, String)> {
        KEYS.iter()
            .filter_map(|&k| {
                let (a, b) = (self.get(k)?, other.get(k)?);
                (a != b).then_some((k, a, b))
            })
            .collect()
    }
}

/// "a, b or c": the values an option allows, in the current language.
fn one_of(allowed: &[&str]) -> String {
    let Some((last, rest)) = allowed.split_last() else {
        return String::new();
    };
    let Some((first, middle)) = rest.split_first() else {
        return last.to_string();
    };
    let list = middle.iter().fold(first.to_string(), |list, next| {
        msg::family_comma(&list, next)
    });
    msg::family_problem_or(&list, last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn family_8_defaults_come_first_and_words_round_trip() {
        let r = FamilyRules::default();
        assert!(r.changed().is_empty());
        let mut t = r;
        t.apply("teams=fixed joint-mates=on,seats=rby stalemate=draw eligibility=by-hand")
            .unwrap();
        let words = t.changed().join(" ");
        let mut again = FamilyRules::default();
        again.apply(&words).unwrap();
        assert_eq!(again, t);
        assert_eq!(r.differences(&t).len(), 5);
    }

    #[test]
    fn family_8_bad_option_is_refused_and_changes_nothing() {
        let mut r = FamilyRules::default();
        assert!(r
            .apply("teams=fixed teams=sometimes")
            .unwrap_err()
            .contains("teams"));
        assert!(r.apply("colour=red").unwrap_err().contains("unknown"));
        assert!(r.apply("seats=r").is_err());
        assert_eq!(
            r.apply("stalemate=sometimes").unwrap_err(),
            "option stalemate: expected pass, eliminate or draw, got 'sometimes'"
        );
        assert_eq!(
            r.apply("eligibility=old").unwrap_err(),
            "option eligibility: expected a number of years, anyone or by-hand, got 'old'"
        );
        assert_eq!(r, FamilyRules::default());
    }
}
