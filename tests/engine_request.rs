//! The app's questions to the engine and its answers (src/engine/request.rs): the game travels
//! as its saved record and comes back as a move of the machine form (RULES.md §6), which the
//! app replays with the core.

use classroom_chess::engine::eval::WIN;
use classroom_chess::engine::request::{
    answer, answer_text, verdict, Purpose, Reply, Request, Subject, Verdict, CLAIM_STALEMATE,
};
use classroom_chess::rules::family::{FamilyGame, FamilyRules};
use classroom_chess::rules::game::Game;
use classroom_chess::rules::ruleset::{Mode, RuleSet};
use classroom_chess::rules::Side;
use std::time::Instant;

fn clock() -> impl Fn() -> f64 {
    let start = Instant::now();
    move || start.elapsed().as_secs_f64() * 1000.0
}

fn request(game: &Game, purpose: Purpose, level: u8) -> Request {
    Request {
        id: 7,
        game: Subject::Two(game.to_record()),
        purpose,
        level,
        seed: 3,
        think_ms: 300,
        asked_at: None,
    }
}

fn game(mode: Mode, moves: &[&str]) -> Game {
    let mut g = Game::of_mode(mode);
    for m in moves {
        g.play_text(m).unwrap();
    }
    g
}

/// The reply's move is legal in the game asked about: the app plays it with the core.
fn plays(g: &Game, reply: &Reply) -> Game {
    let mut g = g.clone();
    g.play_text(reply.choice.as_deref().expect("a move"))
        .expect("the engine's move is legal");
    g
}

#[test]
fn every_mode_gets_a_legal_move_at_every_level() {
    for mode in [Mode::Orthodox, Mode::Primary, Mode::Sharp] {
        let g = Game::of_mode(mode);
        for level in 1..=8 {
            let reply = answer(&request(&g, Purpose::Play, level), &clock());
            assert_eq!(reply.id, 7);
            assert_eq!(reply.error, None);
            plays(&g, &reply);
            assert!(reply.san.is_some());
            if level < 8 {
                assert!((500..=1500).contains(&reply.pause_ms), "{}", reply.pause_ms);
            }
        }
    }
}

#[test]
fn chess_sharp_starts_with_a_placement_from_the_reserve() {
    // RULES.md §3.2: the first moves place the pieces on the first rank.
    let g = Game::of_mode(Mode::Sharp);
    let reply = answer(&request(&g, Purpose::Play, 8), &clock());
    assert!(reply.choice.as_deref().unwrap().contains('@'), "{reply:?}");
}

#[test]
fn best_takes_a_king_that_can_be_taken() {
    // RULES.md §2.2 (Primary): the king is captured; the best move takes it.
    let g = game(Mode::Primary, &["e2e4", "f7f6", "d1h5", "a7a6"]);
    let reply = answer(&request(&g, Purpose::Best, 1), &clock());
    assert_eq!(reply.choice.as_deref(), Some("h5e8"));
    assert!(reply.score > WIN - 1000);
    assert_eq!(
        verdict(reply.score, Side::WHITE),
        Verdict::WinsIn(Side::WHITE, 1)
    );
}

#[test]
fn a_finished_game_gets_no_move() {
    let g = game(Mode::Orthodox, &["f2f3", "e7e5", "g2g4", "d8h4"]);
    let reply = answer(&request(&g, Purpose::Play, 8), &clock());
    assert_eq!(reply.choice, None);
    assert_eq!(reply.error, None);
}

#[test]
fn a_damaged_request_is_refused_with_the_reason() {
    let text = answer_text("{not json", &clock());
    let reply: Reply = serde_json::from_str(&text).unwrap();
    assert_eq!(reply.choice, None);
    assert!(reply.error.unwrap().contains("could not read"));
    // A record whose moves do not fit its game.
    let mut r = request(&Game::of_mode(Mode::Orthodox), Purpose::Play, 3);
    if let Subject::Two(record) = &mut r.game {
        record.moves.push("e2e5".into());
    }
    let reply = answer(&r, &clock());
    assert!(reply.error.unwrap().contains("e2e5"));
}

#[test]
fn the_request_goes_through_json_whole() {
    let mut rules = RuleSet::for_mode(Mode::Custom);
    rules
        .apply_options("object=king-capture knight=non-leaping no-moves=loses")
        .unwrap();
    let g = Game::new(rules).unwrap();
    let r = request(&g, Purpose::Play, 4);
    let text = serde_json::to_string(&r).unwrap();
    let back: Request = serde_json::from_str(&text).unwrap();
    assert_eq!(back, r);
    let reply: Reply = serde_json::from_str(&answer_text(&text, &clock())).unwrap();
    plays(&g, &reply);
}

#[test]
fn the_time_a_question_waited_counts_against_its_thinking() {
    let g = game(Mode::Orthodox, &["e2e4", "e7e5"]);
    let now = clock();
    let mut r = request(&g, Purpose::Best, 8);
    // Asked 10 s ago with 5 s to think: only the least search is left.
    r.think_ms = 5_000;
    r.asked_at = Some(now() - 10_000.0);
    let started = Instant::now();
    let reply = answer(&r, &now);
    assert!(started.elapsed().as_millis() < 2_000, "{reply:?}");
    assert!(reply.depth >= 1, "it still searched: {reply:?}");
    plays(&g, &reply);
}

#[test]
fn the_deadline_is_kept() {
    let g = game(Mode::Orthodox, &["e2e4", "e7e5", "g1f3", "b8c6"]);
    let mut r = request(&g, Purpose::Best, 8);
    r.think_ms = 200;
    let started = Instant::now();
    let reply = answer(&r, &clock());
    assert!(started.elapsed().as_millis() < 2_000, "{reply:?}");
    assert!(reply.depth >= 1);
    plays(&g, &reply);
}

#[test]
fn verdicts_read_the_score_for_the_right_side() {
    assert_eq!(verdict(0, Side::WHITE), Verdict::Equal);
    assert_eq!(verdict(-300, Side::WHITE), Verdict::Winning(Side::BLACK));
    assert_eq!(verdict(120, Side::BLACK), Verdict::Better(Side::BLACK));
    assert_eq!(
        verdict(-40, Side::BLACK),
        Verdict::SlightlyBetter(Side::WHITE)
    );
    assert_eq!(
        verdict(WIN - 5, Side::BLACK),
        Verdict::WinsIn(Side::BLACK, 3)
    );
    assert_eq!(
        verdict(-(WIN - 2), Side::WHITE),
        Verdict::WinsIn(Side::BLACK, 1)
    );
}

#[test]
fn a_claim_is_written_as_the_claim() {
    assert_eq!(CLAIM_STALEMATE, "claim-stalemate");
}

#[test]
fn a_fun_family_game_gets_a_move_with_its_call() {
    // FAMILY.md §4.3: a move is played with or without the "Check!" call; the reply says
    // which, and the game takes it back as a record.
    let mut g = FamilyGame::new(FamilyRules::default());
    g.play_text("r: e2-e4").unwrap();
    for (purpose, level) in [(Purpose::Play, 2), (Purpose::Best, 8)] {
        let r = Request {
            id: 9,
            game: Subject::Family(g.to_record()),
            purpose,
            level,
            seed: 5,
            think_ms: 300,
            asked_at: None,
        };
        let reply: Reply =
            serde_json::from_str(&answer_text(&serde_json::to_string(&r).unwrap(), &clock()))
                .unwrap();
        assert_eq!(reply.error, None);
        let mut after = g.clone();
        after.play_text(reply.choice.as_deref().unwrap()).unwrap();
        assert_ne!(after.turn(), g.turn(), "the seat to move has moved");
        assert!(!reply.san.unwrap().is_empty());
    }
}
