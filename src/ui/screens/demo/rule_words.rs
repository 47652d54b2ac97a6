//! The rules demo mode explains, in words: each rule the core lists ([`RuleText`]) as a
//! title, a text and, for its demonstration position, a note, from the message catalogue
//! (`assets/messages/en/explain.txt`).

use crate::rules::explain::{points, Demo, RuleText};
use crate::rules::ruleset::{DoubleStep, Mode, Scoring};
use crate::rules::types::Role;
use crate::text::{msg, words};

/// A rule's title: "Castling".
pub fn title(rule: &RuleText) -> &'static str {
    match rule {
        RuleText::CheckmateWins => msg::explain_checkmate_wins_title(),
        RuleText::KingCaptureWins(_) => msg::explain_king_capture_title(),
        RuleText::StalemateWins => msg::explain_stalemate_wins_title(),
        RuleText::CheckmateNotTheEnd => msg::explain_checkmate_not_end_title(),
        RuleText::PlacingPieces => msg::explain_placing_title(),
        RuleText::Pawns(_) => msg::explain_pawns_title(),
        RuleText::NoCastling { .. } => msg::explain_no_castling_title(),
        RuleText::Castling => msg::explain_castling_title(),
        RuleText::CastlingRuleZero => msg::explain_castling_rule_zero_title(),
        RuleText::EnPassant => msg::explain_en_passant_title(),
        RuleText::NoEnPassant(_) => msg::explain_no_en_passant_title(),
        RuleText::Promotion(_) => msg::explain_promotion_title(),
        RuleText::KnightsDoNotJump => msg::explain_knight_title(),
        RuleText::StalemateIsADraw => msg::explain_stalemate_draw_title(),
        RuleText::NoStalemate => msg::explain_no_stalemate_title(),
        RuleText::ClaimingStalemate => msg::explain_claim_stalemate_title(),
        RuleText::NotEnoughPieces => msg::explain_dead_position_title(),
        RuleText::TooFewPieces => msg::explain_lone_king_title(),
        RuleText::ChecksInARow(_) => msg::explain_checks_in_a_row_title(),
        RuleText::Repetition => msg::explain_repetition_title(),
        RuleText::FiftyMoves => msg::explain_fifty_moves_title(),
        RuleText::Impasse { .. } => msg::explain_impasse_title(),
        RuleText::FastFifty => msg::explain_fast_fifty_title(),
        RuleText::StoppingTheGame { .. } => msg::explain_stop_game_title(),
        RuleText::MidlineInvasion => msg::explain_midline_title(),
        RuleText::PlayToTheEnd => msg::explain_play_to_end_title(),
        RuleText::ResigningNoDrawOffers => msg::explain_resign_no_draws_title(),
        RuleText::DrawOffersNoResigning => msg::explain_draws_no_resign_title(),
        RuleText::ResigningAndDraws => msg::explain_resign_and_draws_title(),
        RuleText::Points(_) | RuleText::PointsInDetail(_) => msg::explain_points_title(),
    }
}

/// A rule in one or two sentences.
pub fn text(rule: &RuleText) -> String {
    match rule {
        RuleText::CheckmateWins => msg::explain_checkmate_wins().into(),
        RuleText::KingCaptureWins(game) => match named(*game) {
            Some(name) => msg::explain_king_capture(&name),
            None => msg::explain_king_capture_this_game().into(),
        },
        RuleText::StalemateWins => msg::explain_stalemate_wins().into(),
        RuleText::CheckmateNotTheEnd => msg::explain_checkmate_not_end().into(),
        RuleText::PlacingPieces => msg::explain_placing().into(),
        RuleText::Pawns(step) => match step {
            DoubleStep::FirstMove => msg::explain_pawns_first_move(),
            DoubleStep::Never => msg::explain_pawns_never(),
            DoubleStep::SecondRankAnyTime => msg::explain_pawns_second_rank(),
            DoubleStep::AnyTime => msg::explain_pawns_any_time(),
        }
        .into(),
        RuleText::NoCastling { game, may_agree } => match (named(*game), may_agree) {
            (Some(name), true) => msg::explain_no_castling_may_agree(&name),
            (Some(name), false) => msg::explain_no_castling(&name),
            (None, _) => msg::explain_no_castling_this_game().into(),
        },
        RuleText::Castling => msg::explain_castling().into(),
        RuleText::CastlingRuleZero => msg::explain_castling_rule_zero().into(),
        RuleText::EnPassant => msg::explain_en_passant().into(),
        RuleText::NoEnPassant(game) => match named(*game) {
            Some(name) => msg::explain_no_en_passant(&name),
            None => msg::explain_no_en_passant_this_game().into(),
        },
        RuleText::Promotion(roles) => match roles.as_slice() {
            [one] => msg::explain_promotion_one(&words::role(*one)),
            many => msg::explain_promotion_choice(&piece_list(many)),
        },
        RuleText::KnightsDoNotJump => msg::explain_knight().into(),
        RuleText::StalemateIsADraw => msg::explain_stalemate_draw().into(),
        RuleText::NoStalemate => msg::explain_no_stalemate().into(),
        RuleText::ClaimingStalemate => msg::explain_claim_stalemate().into(),
        RuleText::NotEnoughPieces => msg::explain_dead_position().into(),
        RuleText::TooFewPieces => msg::explain_lone_king().into(),
        RuleText::ChecksInARow(n) => msg::explain_checks_in_a_row(u64::from(*n)),
        RuleText::Repetition => msg::explain_repetition().into(),
        RuleText::FiftyMoves => msg::explain_fifty_moves().into(),
        RuleText::Impasse { game, moves } => match named(*game) {
            Some(name) => msg::explain_impasse(&name, u64::from(*moves)),
            None => msg::explain_impasse_this_game(u64::from(*moves)),
        },
        RuleText::FastFifty => msg::explain_fast_fifty().into(),
        RuleText::StoppingTheGame { margin } => msg::explain_stop_game(u64::from(*margin)),
        RuleText::MidlineInvasion => msg::explain_midline().into(),
        RuleText::PlayToTheEnd => msg::explain_play_to_end().into(),
        RuleText::ResigningNoDrawOffers => msg::explain_resign_no_draws().into(),
        RuleText::DrawOffersNoResigning => msg::explain_draws_no_resign().into(),
        RuleText::ResigningAndDraws => msg::explain_resign_and_draws().into(),
        RuleText::Points(s) => points_text(s),
        RuleText::PointsInDetail(s) => msg::explain_points_detail(
            &s.total_text(),
            &points(s.win),
            &points(s.loss),
            &points(s.stalemate[0]),
            &points(s.stalemate[1]),
            &points(s.impasse_unequal[0]),
            &points(s.impasse_unequal[1]),
            &points(s.impasse_equal[0]),
            &points(s.impasse_equal[1]),
        ),
    }
}

/// What to do or look at in a demonstration position.
pub fn demo_note(demo: Demo) -> &'static str {
    match demo {
        Demo::Checkmate => msg::explain_checkmate_wins_demo(),
        Demo::KingCapture => msg::explain_king_capture_demo(),
        Demo::StalemateWins => msg::explain_stalemate_wins_demo(),
        Demo::Castling => msg::explain_castling_demo(),
        Demo::CastlingRuleZero => msg::explain_castling_rule_zero_demo(),
        Demo::EnPassant => msg::explain_en_passant_demo(),
        Demo::NoEnPassant => msg::explain_no_en_passant_demo(),
        Demo::Promotion => msg::explain_promotion_demo(),
        Demo::KnightBlocked => msg::explain_knight_demo(),
        Demo::StalemateIsADraw => msg::explain_stalemate_draw_demo(),
        Demo::NoStalemate => msg::explain_no_stalemate_demo(),
        Demo::Midline => msg::explain_midline_demo(),
    }
}

/// The game's name, or `None` for a custom game (its sentences say "this game").
fn named(game: Mode) -> Option<&'static str> {
    (game != Mode::Custom).then(|| words::mode(game))
}

/// "queen, rook, bishop, knight", joined by the catalogue's list message.
fn piece_list(roles: &[Role]) -> String {
    let mut names = roles.iter().map(|&r| words::role(r).to_string());
    let first = names.next().unwrap_or_default();
    names.fold(first, |list, next| msg::explain_list(&list, &next))
}

/// Win, draw and loss; the win counted in words when it is whole.
fn points_text(s: &Scoring) -> String {
    let (draw, loss) = (points(s.draw), points(s.loss));
    if s.win.is_multiple_of(2) {
        msg::explain_points(u64::from(s.win / 2), &draw, &loss)
    } else {
        msg::explain_points_half(&points(s.win), &draw, &loss)
    }
}
