//! The typed description of a variant. Every mode of the app is a value of [`RuleSet`]; the
//! move generator and the game read these options, they never ask "which mode is this?".

use crate::rules::saved_name::saved_by_name;
use crate::rules::types::Role;
use crate::text::msg;
use serde::{Deserialize, Serialize};
use std::fmt::Display;

saved_by_name! {
    /// The named modes. `Custom` is a teacher's own rule set.
    #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
    pub enum Mode {
        Orthodox,
        Primary,
        Sharp,
        Family,
        Custom,
    }
}

impl Mode {
    pub fn key(self) -> &'static str {
        match self {
            Mode::Orthodox => "orthodox",
            Mode::Primary => "primary",
            Mode::Sharp => "sharp",
            Mode::Family => "family",
            Mode::Custom => "custom",
        }
    }

    pub fn title(self) -> &'static str {
        match self {
            Mode::Orthodox => "Orthodox Chess",
            Mode::Primary => "Primary Chess",
            Mode::Sharp => "Chess#",
            Mode::Family => "Fun Family Chess",
            Mode::Custom => "Custom",
        }
    }

    /// Accepts the key (`primary`) or the title (`Primary Chess`), any case.
    pub fn parse(text: &str) -> Option<Mode> {
        let t = text.trim().to_ascii_lowercase();
        Mode::ALL
            .into_iter()
            .find(|m| m.key() == t || m.title().to_ascii_lowercase() == t)
            .or(match t.as_str() {
                "standard" | "chess" | "fide" => Some(Mode::Orthodox),
                "chess#" | "chess-sharp" => Some(Mode::Sharp),
                _ => None,
            })
    }
}

saved_by_name! {
    /// What wins the game.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Object {
        /// Check restricts moves; checkmate wins.
        Checkmate,
        /// Check restricts nothing; capturing the king wins.
        KingCapture,
        /// Check restricts moves; stalemating the opponent wins, repeating a position is illegal.
        StalemateWins,
    }
}

saved_by_name! {
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Castling {
        None,
        Standard,
        /// The king castles with whatever unmoved piece stands in the corner.
        RuleZero,
    }
}

saved_by_name! {
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum DoubleStep {
        /// From the pawn's second row (where it starts).
        FirstMove,
        /// From the second row at any time, even after the pawn has moved.
        SecondRankAnyTime,
        Never,
        /// From any square, if both squares are empty and the first is not on the promotion
        /// line (Fun Family Chess rule 2, FAMILY.md §3.3).
        AnyTime,
    }
}

saved_by_name! {
    /// Whose army's piece types a pawn may promote to (Rule Zero, RULES.md §5).
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum PromotionArmy {
        /// The piece types (not king or pawn) the promoting side had at the start.
        Own,
        /// The piece types either side had at the start.
        Either,
    }
}

saved_by_name! {
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Knight {
        Leaping,
        /// One step orthogonally (must be empty), then one diagonally outward.
        NonLeaping,
    }
}

saved_by_name! {
    /// What happens to a player who has no move at all.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum NoMoves {
        /// In check: checkmate; otherwise stalemate, a draw (FIDE).
        MateOrStalemate,
        /// The player loses (Primary Chess: no stalemate).
        Loses,
        /// The player may claim stalemate (Chess#).
        ClaimStalemate,
    }
}

saved_by_name! {
    /// Which material counts as "cannot win" for the automatic insufficient-material draw.
    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    pub enum Insufficient {
        Off,
        /// FIDE dead positions: K v K, K+B v K, K+N v K, K+B v K+B with same-coloured bishops.
        DeadPosition,
        /// Primary: a lone king against a lone king or a king and one minor piece.
        LoneKingOrMinor,
    }
}

/// The draw rules of a mode.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct DrawRules {
    pub insufficient: Insufficient,
    /// Consecutive checks by one player that draw the game (Primary: 5).
    pub repeated_check: Option<u8>,
    /// Threefold repetition claimable, fivefold automatic.
    pub repetition: bool,
    /// Fifty-move rule claimable, seventy-five automatic.
    pub fifty_moves: bool,
}

/// Points for each kind of result, in half points so that ½ is exact. Partial victories
/// (Chess#, RULES.md §3.6) have their own rows; modes without them never use those rows.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Scoring {
    pub win: u16,
    pub draw: u16,
    pub loss: u16,
    /// The player who stalemated / the stalemated player who claimed.
    #[serde(default)]
    pub stalemate: [u16; 2],
    /// Impasse: the side with more material / with less.
    #[serde(default)]
    pub impasse_unequal: [u16; 2],
    /// Impasse with equal material: White / Black.
    #[serde(default)]
    pub impasse_equal: [u16; 2],
}

impl Scoring {
    /// Win 1, draw ½, loss 0.
    pub const FIDE: Scoring = Scoring {
        win: 2,
        draw: 1,
        loss: 0,
        stalemate: [1, 1],
        impasse_unequal: [1, 1],
        impasse_equal: [1, 1],
    };
    /// Primary: win 3, draw 2, loss 1 (playing a game earns a point).
    pub const PRIMARY: Scoring = Scoring {
        win: 6,
        draw: 4,
        loss: 2,
        stalemate: [4, 4],
        impasse_unequal: [4, 4],
        impasse_equal: [4, 4],
    };
    /// Chess# out of 10: win 10–0, stalemate 8–2, impasse 7–3, equal impasse 4–6.
    pub const SHARP: Scoring = Scoring {
        win: 20,
        draw: 10,
        loss: 0,
        stalemate: [16, 4],
        impasse_unequal: [14, 6],
        impasse_equal: [8, 12],
    };

    /// Points shared by both players in one game, as text ("10", "1").
    pub fn total_text(&self) -> String {
        let h = self.win as u32 + self.loss as u32;
        if h.is_multiple_of(2) {
            (h / 2).to_string()
        } else {
            format!("{}½", h / 2)
        }
    }
}

/// A full description of a variant.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RuleSet {
    pub mode: Mode,
    pub object: Object,
    pub castling: Castling,
    pub en_passant: bool,
    pub double_step: DoubleStep,
    /// Roles a pawn may promote to, as a bit mask over `Role` indices.
    pub promotion: u8,
    /// Promotion to the piece types of an army (RULES.md §5) instead of `promotion`: the
    /// mask per side is worked out from the start position when a game begins.
    #[serde(default)]
    pub promotion_army: Option<PromotionArmy>,
    pub knight: Knight,
    /// Pieces start in a reserve and are placed on the back row.
    pub drops: bool,
    pub no_moves: NoMoves,
    pub draws: DrawRules,
    /// Stopping the game (end of lesson) adjudicates by this material margin; `None`: no stop.
    pub adjudication_margin: Option<u8>,
    /// A king that reaches the opponent's half wins.
    pub midline_invasion: bool,
    pub resign_allowed: bool,
    pub draw_offers_allowed: bool,
    /// Plies without a pawn move or capture that end the game as an impasse (Chess#: 100).
    #[serde(default)]
    pub impasse_plies: Option<u16>,
    /// Players may agree that an impasse is inevitable (Chess# "fast-fifty").
    #[serde(default)]
    pub fast_fifty: bool,
    pub scoring: Scoring,
    /// The standard start position of this rule set (FEN).
    pub start_fen: String,
}

pub const STANDARD_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
/// Chess#: only pawns on the board, every other piece in the reserve (RULES.md §3.1).
pub const SHARP_START: &str = "8/pppppppp/8/8/8/8/PPPPPPPP/8[KQRRBBNNkqrrbbnn] w - - 0 1";

/// The most points one result may give, in half points (a saved rule set is checked).
pub const MAX_HALF_POINTS: u16 = 200;
/// The ranges the numeric options accept (`margin`, `repeated-check`, `impasse`).
pub const MARGINS: std::ops::RangeInclusive<u16> = 1..=39;
pub const REPEATED_CHECKS: std::ops::RangeInclusive<u16> = 1..=50;
pub const IMPASSE_PLIES: std::ops::RangeInclusive<u16> = 2..=1000;

/// Role mask helpers.
pub fn role_mask(roles: &[Role]) -> u8 {
    roles.iter().fold(0, |m, r| m | 1 << r.index())
}
pub(crate) const QUEEN_ONLY: u8 = 1 << Role::Queen as u8;
pub(crate) const ANY_PIECE: u8 =
    1 << Role::Knight as u8 | 1 << Role::Bishop as u8 | 1 << Role::Rook as u8 | QUEEN_ONLY;

impl RuleSet {
    pub fn for_mode(mode: Mode) -> RuleSet {
        match mode {
            Mode::Primary => RuleSet::primary(),
            Mode::Sharp => RuleSet::sharp(),
            // A custom game's defaults are orthodox chess (RULES.md §5).
            Mode::Custom => RuleSet {
                mode: Mode::Custom,
                ..RuleSet::orthodox()
            },
            _ => RuleSet::orthodox(),
        }
    }

    /// FIDE chess (RULES.md §1).
    pub fn orthodox() -> RuleSet {
        RuleSet {
            mode: Mode::Orthodox,
            object: Object::Checkmate,
            castling: Castling::Standard,
            en_passant: true,
            double_step: DoubleStep::FirstMove,
            promotion: ANY_PIECE,
            promotion_army: None,
            knight: Knight::Leaping,
            drops: false,
            no_moves: NoMoves::MateOrStalemate,
            draws: DrawRules {
                insufficient: Insufficient::DeadPosition,
                repeated_check: None,
                repetition: true,
                fifty_moves: true,
            },
            adjudication_margin: None,
            midline_invasion: false,
            resign_allowed: true,
            draw_offers_allowed: true,
            impasse_plies: None,
            fast_fifty: false,
            scoring: Scoring::FIDE,
            start_fen: STANDARD_START.to_string(),
        }
    }

    /// Primary Chess (RULES.md §2).
    pub fn primary() -> RuleSet {
        RuleSet {
            mode: Mode::Primary,
            object: Object::KingCapture,
            castling: Castling::None,
            en_passant: false,
            double_step: DoubleStep::FirstMove,
            promotion: QUEEN_ONLY,
            promotion_army: None,
            knight: Knight::Leaping,
            drops: false,
            no_moves: NoMoves::Loses,
            draws: DrawRules {
                insufficient: Insufficient::LoneKingOrMinor,
                repeated_check: Some(5),
                repetition: false,
                fifty_moves: false,
            },
            adjudication_margin: Some(3),
            midline_invasion: false,
            resign_allowed: false,
            draw_offers_allowed: false,
            impasse_plies: None,
            fast_fifty: false,
            scoring: Scoring::PRIMARY,
            start_fen: STANDARD_START.to_string(),
        }
    }

    /// Chess# (RULES.md §3): reserve placements, king capture, no draws, stalemate claims,
    /// impasse and fast-fifty, 10-point partial-victory scoring.
    pub fn sharp() -> RuleSet {
        RuleSet {
            mode: Mode::Sharp,
            object: Object::KingCapture,
            castling: Castling::None,
            en_passant: false,
            double_step: DoubleStep::Never,
            promotion: QUEEN_ONLY,
            promotion_army: None,
            knight: Knight::Leaping,
            drops: true,
            no_moves: NoMoves::ClaimStalemate,
            draws: DrawRules {
                insufficient: Insufficient::Off,
                repeated_check: None,
                repetition: false,
                fifty_moves: false,
            },
            adjudication_margin: None,
            midline_invasion: false,
            resign_allowed: true,
            draw_offers_allowed: false,
            impasse_plies: Some(100),
            fast_fifty: true,
            scoring: Scoring::SHARP,
            start_fen: SHARP_START.to_string(),
        }
    }

    /// Checks a rule set that comes from outside (a saved game holds the whole struct): every
    /// value within what the options can make, so nothing later overflows, divides by zero or
    /// finds an empty list. The option words and the built-in modes always pass.
    pub fn check(&self) -> Result<(), String> {
        let s = &self.scoring;
        let points = [
            s.win,
            s.draw,
            s.loss,
            s.stalemate[0],
            s.stalemate[1],
            s.impasse_unequal[0],
            s.impasse_unequal[1],
            s.impasse_equal[0],
            s.impasse_equal[1],
        ];
        if points.iter().any(|&p| p > MAX_HALF_POINTS) {
            return Err(msg::problem_rules_points(u64::from(MAX_HALF_POINTS / 2)));
        }
        if self.promotion == 0 || self.promotion & !ANY_PIECE != 0 {
            return Err(msg::problem_rules_promotion().into());
        }
        type Outside = fn(&dyn Display, &dyn Display, &dyn Display) -> String;
        let within =
            |v: Option<u16>, range: std::ops::RangeInclusive<u16>, outside: Outside| match v {
                Some(n) if !range.contains(&n) => Err(outside(&n, range.start(), range.end())),
                _ => Ok(()),
            };
        within(
            self.adjudication_margin.map(u16::from),
            MARGINS,
            msg::problem_rules_margin,
        )?;
        within(
            self.draws.repeated_check.map(u16::from),
            REPEATED_CHECKS,
            msg::problem_rules_checks,
        )?;
        within(
            self.impasse_plies,
            IMPASSE_PLIES,
            msg::problem_rules_impasse,
        )?;
        Ok(())
    }

    /// Whether a king may be left attacked (king-capture games).
    pub fn check_restricts(&self) -> bool {
        self.object != Object::KingCapture
    }

    pub fn promotion_roles(&self) -> Vec<Role> {
        Role::ALL
            .into_iter()
            .filter(|r| self.promotion & (1 << r.index()) != 0)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_round_trip_through_words() {
        let mut r = RuleSet::primary();
        r.apply_options("castling=on midline=on margin=5").unwrap();
        assert_eq!(r.castling, Castling::Standard);
        assert!(r.midline_invasion);
        assert_eq!(r.adjudication_margin, Some(5));
        let words = r.changed_options().join(" ");
        let mut again = RuleSet::primary();
        again.apply_options(&words).unwrap();
        assert_eq!(again, r);
    }

    #[test]
    fn bad_options_are_refused_with_a_reason() {
        let mut r = RuleSet::primary();
        assert!(r
            .set_option("castling", "maybe")
            .unwrap_err()
            .contains("castling"));
        assert!(r
            .set_option("colour", "on")
            .unwrap_err()
            .contains("unknown option"));
        assert!(r.apply_options("midline").is_err());
        assert_eq!(r, RuleSet::primary());
    }

    #[test]
    fn rules_2_4_primary_promotes_to_queen_only() {
        assert_eq!(RuleSet::primary().promotion_roles(), vec![Role::Queen]);
        assert_eq!(RuleSet::orthodox().promotion_roles().len(), 4);
    }

    #[test]
    fn double_step_any_time_option_moves_two_from_anywhere() {
        let mut r = RuleSet::orthodox();
        r.apply_options("double-step=any-time").unwrap();
        assert_eq!(r.changed_options(), ["double-step=any-time"]);
        let fen = "4k3/8/3p4/8/8/4P3/8/4K3 w - - 0 1";
        let g = crate::rules::game::Game::from_fen(r, fen).unwrap();
        let pos = *g.position();
        let moves: Vec<String> = g
            .legal_moves()
            .iter()
            .map(|&m| crate::rules::san::to_uci(&pos, m))
            .collect();
        assert!(moves.contains(&"e3e5".to_string()), "{moves:?}");
        // The step leaves an e.p. square behind, as every double step does.
        let after = pos.after(*g.legal_moves().iter().find(|m| m.to.0 == 36).unwrap());
        assert_eq!(
            after.ep_square(crate::rules::Side::WHITE).map(|s| s.0),
            Some(28)
        );
    }

    #[test]
    fn mode_names_parse() {
        assert_eq!(Mode::parse("Primary Chess"), Some(Mode::Primary));
        assert_eq!(Mode::parse("orthodox"), Some(Mode::Orthodox));
        assert_eq!(Mode::parse("Standard"), Some(Mode::Orthodox));
        assert_eq!(Mode::parse("xyz"), None);
    }
}
