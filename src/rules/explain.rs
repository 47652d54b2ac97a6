//! Which rules of a game a teacher explains, for demo mode's "Rules" panel: derived from the
//! [`RuleSet`] options, never from the mode's name alone, so a custom game gets the list that
//! matches what it really plays. The core decides which rules apply and with which values
//! ([`RuleText`]); their words are the message catalogue's (`assets/messages/en/explain.txt`).
//! The rules follow RULES.md §1-3; some come with a demonstration position ([`Demo`]).

use crate::rules::ruleset::{Castling, DoubleStep, Insufficient, Knight, Mode, NoMoves, Object};
use crate::rules::ruleset::{RuleSet, Scoring};
use crate::rules::types::Role;

/// One rule, with the values its sentence needs. `Mode` fields name the game in the sentence
/// ("In Primary Chess ..."; a custom game has no name of its own: "In this game ...").
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RuleText {
    CheckmateWins,
    KingCaptureWins(Mode),
    StalemateWins,
    /// With king capture: a checkmated king still has to be taken.
    CheckmateNotTheEnd,
    /// Pieces placed from a reserve.
    PlacingPieces,
    Pawns(DoubleStep),
    /// `may_agree`: the players may switch castling on (a game option of Primary Chess).
    NoCastling {
        game: Mode,
        may_agree: bool,
    },
    Castling,
    CastlingRuleZero,
    EnPassant,
    /// Said only when a pawn can step two squares: otherwise en passant cannot arise.
    NoEnPassant(Mode),
    /// The pieces a pawn may become, in the order to name them (strongest first).
    Promotion(Vec<Role>),
    KnightsDoNotJump,
    StalemateIsADraw,
    NoStalemate,
    ClaimingStalemate,
    /// FIDE's dead positions.
    NotEnoughPieces,
    /// A lone king against a king alone or with one minor piece.
    TooFewPieces,
    ChecksInARow(u8),
    Repetition,
    FiftyMoves,
    /// No draws; an impasse after `moves` moves by each player.
    Impasse {
        game: Mode,
        moves: u16,
    },
    FastFifty,
    /// "Stop game" decides by material: a lead of `margin` points wins.
    StoppingTheGame {
        margin: u8,
    },
    MidlineInvasion,
    PlayToTheEnd,
    ResigningNoDrawOffers,
    DrawOffersNoResigning,
    ResigningAndDraws,
    /// Win, draw and loss.
    Points(Scoring),
    /// Every row, White–Black: where stalemates and impasses score their own points.
    PointsInDetail(Scoring),
}

/// A position that shows a rule on the board, each with its own note of what to do there.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Demo {
    Checkmate,
    KingCapture,
    StalemateWins,
    Castling,
    CastlingRuleZero,
    EnPassant,
    NoEnPassant,
    Promotion,
    KnightBlocked,
    StalemateIsADraw,
    NoStalemate,
    Midline,
}

/// Black to move can play d7-d5 past White's pawn on e5: the en passant situation.
pub const EN_PASSANT_DEMO: &str = "4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1";
/// White to move: Qf7 leaves Black's king with no safe square (stalemate in orthodox).
pub const STALEMATE_DEMO: &str = "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1";
/// White's king is attacked by the queen on b4 and White is to move.
pub const KING_CAPTURE_DEMO: &str = "4k3/8/8/8/1q6/8/8/4K2R w - - 0 1";
/// White to move: Ra8 is a back-rank checkmate.
pub const CHECKMATE_DEMO: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
/// Both kings and rooks unmoved, nothing in between.
pub const CASTLING_DEMO: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";
/// White's pawn is one step from the last row.
pub const PROMOTION_DEMO: &str = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
/// White's king on e4 is one step from Black's half.
pub const MIDLINE_DEMO: &str = "4k3/p7/8/8/4K3/8/P7/8 w - - 0 1";
/// A white knight in the middle with a pawn beside it (non-leaping knights are blocked).
pub const KNIGHT_DEMO: &str = "4k3/8/8/8/3NP3/8/8/4K3 w - - 0 1";

impl Demo {
    /// The position to set up on the board (legal under the rules that show it).
    pub fn fen(self) -> &'static str {
        match self {
            Demo::Checkmate => CHECKMATE_DEMO,
            Demo::KingCapture => KING_CAPTURE_DEMO,
            Demo::StalemateWins | Demo::StalemateIsADraw | Demo::NoStalemate => STALEMATE_DEMO,
            Demo::Castling | Demo::CastlingRuleZero => CASTLING_DEMO,
            Demo::EnPassant | Demo::NoEnPassant => EN_PASSANT_DEMO,
            Demo::Promotion => PROMOTION_DEMO,
            Demo::KnightBlocked => KNIGHT_DEMO,
            Demo::Midline => MIDLINE_DEMO,
        }
    }
}

impl RuleText {
    /// The position that shows this rule, if it has one.
    pub fn demo(&self) -> Option<Demo> {
        Some(match self {
            RuleText::CheckmateWins => Demo::Checkmate,
            RuleText::KingCaptureWins(_) => Demo::KingCapture,
            RuleText::StalemateWins => Demo::StalemateWins,
            RuleText::Castling => Demo::Castling,
            RuleText::CastlingRuleZero => Demo::CastlingRuleZero,
            RuleText::EnPassant => Demo::EnPassant,
            RuleText::NoEnPassant(_) => Demo::NoEnPassant,
            RuleText::Promotion(_) => Demo::Promotion,
            RuleText::KnightsDoNotJump => Demo::KnightBlocked,
            RuleText::StalemateIsADraw => Demo::StalemateIsADraw,
            RuleText::NoStalemate => Demo::NoStalemate,
            RuleText::MidlineInvasion => Demo::Midline,
            _ => return None,
        })
    }
}

/// Half points as points: `½`, `1½`, `3`.
pub fn points(h: u16) -> String {
    match (h / 2, h % 2) {
        (0, 1) => "½".into(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

/// Every rule of `rules`, in the order a teacher would explain them: the goal, how pieces
/// move, how the game ends, the points.
pub fn explain(rules: &RuleSet) -> Vec<RuleText> {
    let mut out = Vec::new();
    let game = rules.mode;

    // The goal (RULES.md §1, §2.1-2.2, §3.3, §5 object).
    out.push(match rules.object {
        Object::Checkmate => RuleText::CheckmateWins,
        Object::KingCapture => RuleText::KingCaptureWins(game),
        Object::StalemateWins => RuleText::StalemateWins,
    });
    if rules.object == Object::KingCapture {
        out.push(RuleText::CheckmateNotTheEnd);
    }

    // How the pieces move.
    if rules.drops {
        out.push(RuleText::PlacingPieces);
    }
    out.push(RuleText::Pawns(rules.double_step));
    out.push(match rules.castling {
        Castling::None => RuleText::NoCastling {
            game,
            may_agree: game == Mode::Primary,
        },
        Castling::Standard => RuleText::Castling,
        Castling::RuleZero => RuleText::CastlingRuleZero,
    });
    if rules.en_passant {
        out.push(RuleText::EnPassant);
    } else if rules.double_step != DoubleStep::Never {
        out.push(RuleText::NoEnPassant(game));
    }
    let mut roles = rules.promotion_roles();
    roles.reverse();
    out.push(RuleText::Promotion(roles));
    if rules.knight == Knight::NonLeaping {
        out.push(RuleText::KnightsDoNotJump);
    }

    // How the game ends.
    out.push(match rules.no_moves {
        NoMoves::MateOrStalemate => RuleText::StalemateIsADraw,
        NoMoves::Loses => RuleText::NoStalemate,
        NoMoves::ClaimStalemate => RuleText::ClaimingStalemate,
    });
    match rules.draws.insufficient {
        Insufficient::Off => {}
        Insufficient::DeadPosition => out.push(RuleText::NotEnoughPieces),
        Insufficient::LoneKingOrMinor => out.push(RuleText::TooFewPieces),
    }
    if let Some(n) = rules.draws.repeated_check {
        out.push(RuleText::ChecksInARow(n));
    }
    if rules.draws.repetition {
        out.push(RuleText::Repetition);
    }
    if rules.draws.fifty_moves {
        out.push(RuleText::FiftyMoves);
    }
    if let Some(plies) = rules.impasse_plies {
        out.push(RuleText::Impasse {
            game,
            moves: plies / 2,
        });
    }
    if rules.fast_fifty {
        out.push(RuleText::FastFifty);
    }
    if let Some(margin) = rules.adjudication_margin {
        out.push(RuleText::StoppingTheGame { margin });
    }
    if rules.midline_invasion {
        out.push(RuleText::MidlineInvasion);
    }
    out.push(match (rules.resign_allowed, rules.draw_offers_allowed) {
        (false, false) => RuleText::PlayToTheEnd,
        (true, false) => RuleText::ResigningNoDrawOffers,
        (false, true) => RuleText::DrawOffersNoResigning,
        (true, true) => RuleText::ResigningAndDraws,
    });
    // Stalemates and impasses score points of their own: every row is named.
    let detailed = rules.no_moves == NoMoves::ClaimStalemate || rules.impasse_plies.is_some();
    out.push(if detailed {
        RuleText::PointsInDetail(rules.scoring)
    } else {
        RuleText::Points(rules.scoring)
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::game::{EndReason, Game};

    fn all_rule_sets() -> Vec<RuleSet> {
        let mut custom = RuleSet::primary();
        custom
            .apply_options(
                "castling=rule-zero midline=on knight=non-leaping en-passant=on promotion=any",
            )
            .unwrap();
        custom.mode = Mode::Custom;
        let mut primary_options = RuleSet::primary();
        primary_options
            .apply_options("castling=on midline=on")
            .unwrap();
        let mut mate = RuleSet::orthodox();
        mate.object = Object::StalemateWins;
        mate.mode = Mode::Custom;
        vec![
            RuleSet::orthodox(),
            RuleSet::primary(),
            RuleSet::sharp(),
            custom,
            primary_options,
            mate,
        ]
    }

    fn has(list: &[RuleText], rule: &RuleText) -> bool {
        list.contains(rule)
    }

    /// The demonstration position of `rule`, which must be in `list`.
    fn demo_of(list: &[RuleText], rule: &RuleText) -> &'static str {
        assert!(has(list, rule), "no {rule:?} in {list:?}");
        rule.demo()
            .unwrap_or_else(|| panic!("{rule:?} has no demo"))
            .fen()
    }

    #[test]
    fn every_demo_position_parses_and_is_playable_under_its_rules() {
        for rules in all_rule_sets() {
            for r in explain(&rules) {
                if let Some(demo) = r.demo() {
                    let g = Game::from_fen(rules.clone(), demo.fen()).unwrap_or_else(|e| {
                        panic!("{:?} demo of {r:?} does not parse: {e}", rules.mode)
                    });
                    assert!(!g.is_over(), "{:?}: demo of {r:?} is over", rules.mode);
                    assert!(!g.legal_moves().is_empty(), "{r:?}");
                }
            }
        }
    }

    #[test]
    fn rules_2_3_primary_says_there_is_no_en_passant_and_its_demo_shows_it() {
        let rules = RuleSet::primary();
        let list = explain(&rules);
        let fen = demo_of(&list, &RuleText::NoEnPassant(Mode::Primary));
        assert!(!has(&list, &RuleText::EnPassant));
        let mut g = Game::from_fen(rules, fen).unwrap();
        g.play_text("d5").unwrap();
        assert!(g.play_text("exd6").is_err(), "no en passant in Primary");
    }

    #[test]
    fn rules_1_orthodox_explains_en_passant_and_its_demo_allows_it() {
        let rules = RuleSet::orthodox();
        let list = explain(&rules);
        let fen = demo_of(&list, &RuleText::EnPassant);
        let mut g = Game::from_fen(rules, fen).unwrap();
        g.play_text("d5").unwrap();
        g.play_text("exd6")
            .expect("en passant is legal in orthodox");
        demo_of(&list, &RuleText::Castling);
        assert!(has(&list, &RuleText::Points(Scoring::FIDE)));
        assert_eq!(points(Scoring::FIDE.draw), "½");
    }

    #[test]
    fn rules_1_and_2_5_stalemate_demo_draws_in_orthodox_but_not_in_primary() {
        let list = explain(&RuleSet::orthodox());
        let fen = demo_of(&list, &RuleText::StalemateIsADraw);
        let mut g = Game::from_fen(RuleSet::orthodox(), fen).unwrap();
        g.play_text("Qf7").unwrap();
        assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::Stalemate));

        let list = explain(&RuleSet::primary());
        let fen = demo_of(&list, &RuleText::NoStalemate);
        let mut g = Game::from_fen(RuleSet::primary(), fen).unwrap();
        g.play_text("Qf7").unwrap();
        assert!(!g.is_over());
        // Every Black move walks into danger, and White then takes the king.
        g.play_text("Kg8").unwrap();
        g.play_text("Qxg8").unwrap();
        assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::KingCaptured));
    }

    #[test]
    fn rules_2_1_king_capture_demo_lets_black_take_the_king() {
        for rules in [RuleSet::primary(), RuleSet::sharp()] {
            let list = explain(&rules);
            let fen = demo_of(&list, &RuleText::KingCaptureWins(rules.mode));
            assert!(has(&list, &RuleText::CheckmateNotTheEnd));
            let mut g = Game::from_fen(rules.clone(), fen).unwrap();
            g.play_text("Rh2").expect("check does not restrict moves");
            g.play_text("Qxe1").unwrap();
            assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::KingCaptured));
        }
    }

    #[test]
    fn rules_3_chess_sharp_list_names_placements_one_step_pawns_and_no_draws() {
        let list = explain(&RuleSet::sharp());
        assert!(has(&list, &RuleText::PlacingPieces));
        assert!(has(&list, &RuleText::Pawns(DoubleStep::Never)));
        assert!(has(
            &list,
            &RuleText::Impasse {
                game: Mode::Sharp,
                moves: 50
            }
        ));
        assert!(has(&list, &RuleText::ClaimingStalemate));
        assert!(has(&list, &RuleText::FastFifty));
        assert!(has(&list, &RuleText::PointsInDetail(Scoring::SHARP)));
        assert_eq!(Scoring::SHARP.total_text(), "10");
        // One-step pawns: en passant cannot arise, so it is not mentioned at all.
        assert!(!list
            .iter()
            .any(|r| matches!(r, RuleText::EnPassant | RuleText::NoEnPassant(_))));
    }

    #[test]
    fn rules_2_options_change_the_list() {
        let mut rules = RuleSet::primary();
        assert!(has(
            &explain(&rules),
            &RuleText::NoCastling {
                game: Mode::Primary,
                may_agree: true
            }
        ));
        rules
            .apply_options("castling=on midline=on margin=5")
            .unwrap();
        let list = explain(&rules);
        assert!(!list
            .iter()
            .any(|r| matches!(r, RuleText::NoCastling { .. })));
        let mut g = Game::from_fen(rules.clone(), demo_of(&list, &RuleText::Castling)).unwrap();
        g.play_text("O-O").expect("castling demo allows castling");
        assert!(has(&list, &RuleText::StoppingTheGame { margin: 5 }));
        let fen = demo_of(&list, &RuleText::MidlineInvasion);
        let mut g = Game::from_fen(rules, fen).unwrap();
        g.play_text("Ke5").unwrap();
        assert_eq!(
            g.outcome().map(|o| o.reason),
            Some(EndReason::MidlineInvasion)
        );
    }

    #[test]
    fn rules_2_7_primary_forbids_resigning_and_scores_3_2_1() {
        let list = explain(&RuleSet::primary());
        assert!(has(&list, &RuleText::PlayToTheEnd));
        assert!(has(&list, &RuleText::Points(Scoring::PRIMARY)));
        let s = Scoring::PRIMARY;
        assert_eq!(
            [points(s.win), points(s.draw), points(s.loss)],
            ["3", "2", "1"]
        );
        assert!(has(&list, &RuleText::ChecksInARow(5)));
        assert!(has(&list, &RuleText::Promotion(vec![Role::Queen])));
    }

    #[test]
    fn rules_5_custom_game_lists_its_own_options() {
        let rules = &all_rule_sets()[3];
        let list = explain(rules);
        demo_of(&list, &RuleText::CastlingRuleZero);
        demo_of(&list, &RuleText::KnightsDoNotJump);
        demo_of(&list, &RuleText::EnPassant);
        // The player chooses, strongest first.
        demo_of(
            &list,
            &RuleText::Promotion(vec![Role::Queen, Role::Rook, Role::Bishop, Role::Knight]),
        );
        // A custom game has no name of its own: "In this game".
        assert!(has(&list, &RuleText::KingCaptureWins(Mode::Custom)));
        assert!(!list
            .iter()
            .any(|r| matches!(r, RuleText::NoCastling { .. })));
        let mate = explain(&all_rule_sets()[5]);
        demo_of(&mate, &RuleText::StalemateWins);
        assert!(has(
            &explain(&all_rule_sets()[4]),
            &RuleText::KingCaptureWins(Mode::Primary)
        ));
    }
}
