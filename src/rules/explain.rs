//! Plain-words explanations of the rules of a game, for the teacher's "Rules" panel in demo
//! mode (issue 5). Derived from the [`RuleSet`] options, never from the mode's name alone, so
//! a custom game gets the list that matches what it really plays. The texts follow RULES.md
//! §1-3; each may carry a demonstration position (FEN) that shows the rule on the board.

use crate::rules::ruleset::{Castling, DoubleStep, Insufficient, Knight, Mode, NoMoves, Object};
use crate::rules::ruleset::{RuleSet, Scoring};

/// One rule in one or two sentences, with an optional position that shows it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RuleExplanation {
    pub title: String,
    pub text: String,
    /// A position to set up on the board (legal under the same rules), or `None`.
    pub demo_fen: Option<&'static str>,
    /// What to do or look at in the demonstration position.
    pub demo_note: Option<&'static str>,
}

fn rule(title: &str, text: String) -> RuleExplanation {
    RuleExplanation {
        title: title.to_string(),
        text,
        demo_fen: None,
        demo_note: None,
    }
}

fn with_demo(mut r: RuleExplanation, fen: &'static str, note: &'static str) -> RuleExplanation {
    r.demo_fen = Some(fen);
    r.demo_note = Some(note);
    r
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

/// "In Primary Chess" / "In this game" (custom rule sets have no name of their own).
fn in_game(rules: &RuleSet) -> String {
    match rules.mode {
        Mode::Custom => "In this game".into(),
        m => format!("In {}", m.title()),
    }
}

fn points(h: u16) -> String {
    match (h / 2, h % 2) {
        (0, 1) => "½".into(),
        (n, 1) => format!("{n}½"),
        (n, _) => n.to_string(),
    }
}

fn scoring_text(s: &Scoring, rules: &RuleSet) -> String {
    let mut t = format!(
        "A win gives {} point{}, a draw {}, a loss {}.",
        points(s.win),
        if s.win == 2 { "" } else { "s" },
        points(s.draw),
        points(s.loss)
    );
    if rules.no_moves == NoMoves::ClaimStalemate || rules.impasse_plies.is_some() {
        t = format!(
            "Points out of {} (White–Black): a win {}–{}, a stalemate {}–{}, an impasse {}–{} for the side with more material, {}–{} when equal.",
            s.total_text(),
            points(s.win),
            points(s.loss),
            points(s.stalemate[0]),
            points(s.stalemate[1]),
            points(s.impasse_unequal[0]),
            points(s.impasse_unequal[1]),
            points(s.impasse_equal[0]),
            points(s.impasse_equal[1]),
        );
    }
    t
}

/// Every rule of `rules`, in the order a teacher would explain them: the goal, how pieces
/// move, how the game ends, the points.
pub fn explain(rules: &RuleSet) -> Vec<RuleExplanation> {
    let mut out = Vec::new();
    let game = in_game(rules);

    // The goal (RULES.md §1, §2.1-2.2, §3.3, §5 object).
    match rules.object {
        Object::Checkmate => out.push(with_demo(
            rule(
                "Checkmate wins",
                "Attack the king so that it cannot escape: that is checkmate, and it wins. You may never leave your own king attacked (in check).".into(),
            ),
            CHECKMATE_DEMO,
            "White to move: Ra8 is checkmate — the black king is trapped behind its own pawns.",
        )),
        Object::KingCapture => out.push(with_demo(
            rule(
                "Capture the king to win",
                format!("{game} you win by taking the other king. Check does not stop any move: a king may walk into danger or stay there — and then it can be taken."),
            ),
            KING_CAPTURE_DEMO,
            "Black's queen attacks the white king. If White does not move the king to safety, Black takes it (Qxe1) and wins.",
        )),
        Object::StalemateWins => out.push(with_demo(
            rule(
                "Stalemate wins",
                "Leave the other player with no legal move while their king is not attacked, and you win. Repeating an earlier position is not allowed.".into(),
            ),
            STALEMATE_DEMO,
            "White to move: Qf7 leaves Black with no move at all.",
        )),
    }
    if rules.object == Object::KingCapture {
        out.push(rule(
            "Checkmate is not the end",
            "A checkmated king is still on the board: the game goes on until a king is actually captured. Look for the danger yourself!".into(),
        ));
    }

    // How the pieces move.
    if rules.drops {
        out.push(rule(
            "Placing pieces",
            "The game starts with only pawns on the board. A turn is placing a piece from your reserve on an empty square of your first row or — once your king is on the board — moving a piece. The queen comes last.".into(),
        ));
    }
    let pawns = match rules.double_step {
        DoubleStep::FirstMove => "Pawns move one square forward, or two on their first move, and capture one square diagonally forward.",
        DoubleStep::Never => "Pawns move one square forward only — never two — and capture one square diagonally forward.",
        DoubleStep::SecondRankAnyTime => "Pawns move one square forward, or two from their starting row at any time, and capture one square diagonally forward.",
        DoubleStep::AnyTime => "Pawns move one square forward, or two from anywhere when both squares are empty, and capture one square diagonally forward.",
    };
    out.push(rule("Pawns", pawns.into()));
    match rules.castling {
        Castling::None => {
            let mut text = format!("{game} there is no castling.");
            if rules.mode == Mode::Primary {
                text.push_str(" The players may agree to allow it (a game option).");
            }
            out.push(rule("No castling", text));
        }
        Castling::Standard => out.push(with_demo(
            rule(
                "Castling",
                "Once a game the king moves two squares towards an unmoved rook and the rook jumps to its other side. Not with pieces in between, not out of check, through or into an attacked square.".into(),
            ),
            CASTLING_DEMO,
            "Drag a king two squares towards a rook: the rook jumps over.",
        )),
        Castling::RuleZero => out.push(with_demo(
            rule(
                "Castling with any corner piece",
                "The king castles with whatever unmoved piece stands in its corner, as a rook would. Not with pieces in between.".into(),
            ),
            CASTLING_DEMO,
            "Drag a king two squares towards a corner piece.",
        )),
    }
    if rules.en_passant {
        out.push(with_demo(
            rule(
                "En passant",
                "A pawn that moves two squares past an enemy pawn can be taken by it as if it had moved only one — on the very next move only.".into(),
            ),
            EN_PASSANT_DEMO,
            "Black plays d7–d5. Now White's pawn on e5 may take it: exd6.",
        ));
    } else if rules.double_step != DoubleStep::Never {
        out.push(with_demo(
            rule(
                "No en passant",
                format!("{game} there is no en passant: a pawn that moves two squares past an enemy pawn is safe from it."),
            ),
            EN_PASSANT_DEMO,
            "Black plays d7–d5. White's pawn on e5 may not take it.",
        ));
    }
    let roles = rules.promotion_roles();
    let promo = if roles.len() == 1 {
        format!(
            "A pawn that reaches the last row becomes a {}.",
            roles[0].name()
        )
    } else {
        let names: Vec<&str> = roles.iter().rev().map(|r| r.name()).collect();
        format!(
            "A pawn that reaches the last row becomes a {} — the player chooses.",
            names.join(", ")
        )
    };
    out.push(with_demo(
        rule("Promotion", promo),
        PROMOTION_DEMO,
        "White to move: push the pawn to b8.",
    ));
    if rules.knight == Knight::NonLeaping {
        out.push(with_demo(
            rule(
                "Knights do not jump",
                "A knight moves one square straight, then one diagonally outwards; if the first square is taken, it cannot go that way.".into(),
            ),
            KNIGHT_DEMO,
            "Tap the knight with Show moves on: the pawn beside it blocks two of its squares.",
        ));
    }

    // How the game ends.
    match rules.no_moves {
        NoMoves::MateOrStalemate => out.push(with_demo(
            rule(
                "Stalemate is a draw",
                "If the player to move has no legal move and is not in check, the game is a draw.".into(),
            ),
            STALEMATE_DEMO,
            "White to move: careful! Qf7 would leave Black with no move — only a draw.",
        )),
        NoMoves::Loses => out.push(with_demo(
            rule(
                "No stalemate",
                "A player who cannot move at all loses. If the only moves put the king in danger, one of them must be played.".into(),
            ),
            STALEMATE_DEMO,
            "White plays Qf7: Black's king must step into danger, and White takes it next.",
        )),
        NoMoves::ClaimStalemate => out.push(rule(
            "Claiming stalemate",
            "If your king is not attacked but every move you have would leave it attacked, press Claim stalemate: your opponent is stalemated and gets fewer points. A wrong claim is refused and the game goes on.".into(),
        )),
    }
    match rules.draws.insufficient {
        Insufficient::Off => {}
        Insufficient::DeadPosition => out.push(rule(
            "Not enough pieces",
            "When nobody can possibly checkmate — king against king, or king and one bishop or knight against a king — the game is a draw at once.".into(),
        )),
        Insufficient::LoneKingOrMinor => out.push(rule(
            "Too few pieces",
            "If one player has only a king and the other a king alone or with one bishop or knight, the game is a draw.".into(),
        )),
    }
    if let Some(n) = rules.draws.repeated_check {
        out.push(rule(
            "Checks in a row",
            format!("If one player gives check with {n} moves in a row, the game is a draw."),
        ));
    }
    if rules.draws.repetition {
        out.push(rule(
            "Repeating the position",
            "When the same position comes a third time, the player to move may claim a draw; the fifth time it is a draw at once.".into(),
        ));
    }
    if rules.draws.fifty_moves {
        out.push(rule(
            "Fifty moves",
            "After 50 moves by each player with no capture and no pawn move, a draw may be claimed; after 75 it is a draw at once.".into(),
        ));
    }
    if let Some(plies) = rules.impasse_plies {
        out.push(rule(
            "Impasse",
            format!("{game} there are no draws. If {} moves by each player pass with no pawn move and no capture, the game ends as an impasse, scored by the material on the board.", plies / 2),
        ));
    }
    if rules.fast_fifty {
        out.push(rule(
            "Fast-fifty",
            "A player may propose that an impasse is coming anyway; if the other player agrees, the game ends now and is scored by material.".into(),
        ));
    }
    if let Some(m) = rules.adjudication_margin {
        out.push(rule(
            "Stopping the game",
            format!("At the end of the lesson, Stop game decides by the pieces on the board (pawn 1, knight and bishop 3, rook 5, queen 9): a lead of {m} points wins, otherwise it is a draw."),
        ));
    }
    if rules.midline_invasion {
        out.push(with_demo(
            rule(
                "Midline invasion",
                "A king that crosses the middle line into the other player's half of the board wins at once.".into(),
            ),
            MIDLINE_DEMO,
            "White to move: Ke5 crosses the middle line and wins.",
        ));
    }
    match (rules.resign_allowed, rules.draw_offers_allowed) {
        (false, false) => out.push(rule(
            "Play to the end",
            "Resigning and agreeing a draw are not allowed (the teacher can allow them).".into(),
        )),
        (true, false) => out.push(rule(
            "Resigning, no draw offers",
            "A player may resign; draws cannot be offered.".into(),
        )),
        (false, true) => out.push(rule(
            "Draw offers, no resigning",
            "A player may offer a draw; resigning is not allowed.".into(),
        )),
        (true, true) => out.push(rule(
            "Resigning and draws",
            "A player may resign, or offer a draw that the other may accept.".into(),
        )),
    }
    out.push(rule("Points", scoring_text(&rules.scoring, rules)));
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

    fn find<'a>(list: &'a [RuleExplanation], title: &str) -> &'a RuleExplanation {
        list.iter()
            .find(|r| r.title == title)
            .unwrap_or_else(|| panic!("no rule titled {title}: {list:?}"))
    }

    #[test]
    fn every_demo_position_parses_and_is_playable_under_its_rules() {
        for rules in all_rule_sets() {
            for r in explain(&rules) {
                assert!(!r.text.is_empty() && !r.title.is_empty());
                if let Some(fen) = r.demo_fen {
                    let g = Game::from_fen(rules.clone(), fen).unwrap_or_else(|e| {
                        panic!("{:?} demo of '{}' does not parse: {e}", rules.mode, r.title)
                    });
                    assert!(
                        !g.is_over(),
                        "{:?}: demo of '{}' is over",
                        rules.mode,
                        r.title
                    );
                    assert!(!g.legal_moves().is_empty(), "{}", r.title);
                    assert!(r.demo_note.is_some(), "{}", r.title);
                }
            }
        }
    }

    #[test]
    fn rules_2_3_primary_says_there_is_no_en_passant_and_its_demo_shows_it() {
        let rules = RuleSet::primary();
        let list = explain(&rules);
        let r = find(&list, "No en passant");
        assert!(
            r.text.contains("In Primary Chess there is no en passant"),
            "{}",
            r.text
        );
        assert!(!list.iter().any(|r| r.title == "En passant"));
        let mut g = Game::from_fen(rules, r.demo_fen.unwrap()).unwrap();
        g.play_text("d5").unwrap();
        assert!(g.play_text("exd6").is_err(), "no en passant in Primary");
    }

    #[test]
    fn rules_1_orthodox_explains_en_passant_and_its_demo_allows_it() {
        let rules = RuleSet::orthodox();
        let list = explain(&rules);
        let r = find(&list, "En passant");
        assert!(r.text.contains("very next move"));
        let mut g = Game::from_fen(rules, r.demo_fen.unwrap()).unwrap();
        g.play_text("d5").unwrap();
        g.play_text("exd6")
            .expect("en passant is legal in orthodox");
        assert!(find(&list, "Castling").demo_fen.is_some());
    }

    #[test]
    fn rules_1_and_2_5_stalemate_demo_draws_in_orthodox_but_not_in_primary() {
        let list = explain(&RuleSet::orthodox());
        let mut g = Game::from_fen(
            RuleSet::orthodox(),
            find(&list, "Stalemate is a draw").demo_fen.unwrap(),
        )
        .unwrap();
        g.play_text("Qf7").unwrap();
        assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::Stalemate));

        let list = explain(&RuleSet::primary());
        let mut g = Game::from_fen(
            RuleSet::primary(),
            find(&list, "No stalemate").demo_fen.unwrap(),
        )
        .unwrap();
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
            let r = find(&list, "Capture the king to win");
            let mut g = Game::from_fen(rules.clone(), r.demo_fen.unwrap()).unwrap();
            g.play_text("Rh2").expect("check does not restrict moves");
            g.play_text("Qxe1").unwrap();
            assert_eq!(g.outcome().map(|o| o.reason), Some(EndReason::KingCaptured));
        }
    }

    #[test]
    fn rules_3_chess_sharp_list_names_placements_one_step_pawns_and_no_draws() {
        let list = explain(&RuleSet::sharp());
        find(&list, "Placing pieces");
        assert!(find(&list, "Pawns").text.contains("never two"));
        assert!(find(&list, "Impasse").text.contains("no draws"));
        find(&list, "Claiming stalemate");
        find(&list, "Fast-fifty");
        assert!(find(&list, "Points").text.contains("out of 10"));
        // One-step pawns: en passant cannot arise, so it is not mentioned at all.
        assert!(!list
            .iter()
            .any(|r| r.title.contains("en passant") || r.title == "En passant"));
    }

    #[test]
    fn rules_2_options_change_the_list() {
        let mut rules = RuleSet::primary();
        assert!(find(&explain(&rules), "No castling").text.contains("agree"));
        rules
            .apply_options("castling=on midline=on margin=5")
            .unwrap();
        let list = explain(&rules);
        assert!(!list.iter().any(|r| r.title == "No castling"));
        let castle = find(&list, "Castling");
        let mut g = Game::from_fen(rules.clone(), castle.demo_fen.unwrap()).unwrap();
        g.play_text("O-O").expect("castling demo allows castling");
        assert!(find(&list, "Stopping the game")
            .text
            .contains("lead of 5 points"));
        let mid = find(&list, "Midline invasion");
        let mut g = Game::from_fen(rules, mid.demo_fen.unwrap()).unwrap();
        g.play_text("Ke5").unwrap();
        assert_eq!(
            g.outcome().map(|o| o.reason),
            Some(EndReason::MidlineInvasion)
        );
    }

    #[test]
    fn rules_2_7_primary_forbids_resigning_and_scores_3_2_1() {
        let list = explain(&RuleSet::primary());
        find(&list, "Play to the end");
        assert!(find(&list, "Points")
            .text
            .contains("3 points, a draw 2, a loss 1"));
        assert!(find(&list, "Checks in a row").text.contains("5 moves"));
    }

    #[test]
    fn rules_5_custom_game_lists_its_own_options() {
        let rules = &all_rule_sets()[3];
        let list = explain(rules);
        find(&list, "Castling with any corner piece");
        find(&list, "Knights do not jump");
        find(&list, "En passant");
        assert!(find(&list, "Promotion").text.contains("the player chooses"));
        assert!(!list.iter().any(|r| r.title == "No castling"));
        let mate = explain(&all_rule_sets()[5]);
        find(&mate, "Stalemate wins");
    }
}
