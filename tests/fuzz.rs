//! The fuzz and property suite (RULES.md §0: malformed text is refused with a reason, never
//! a panic; the saved forms never lose a game). Built on `proptest`:
//!
//! - every parser and saved form — FEN of each mode, the four-player position text, SAN and
//!   machine moves, PGN, the saved game, the saved family game, rule sets, the teacher's
//!   settings, the player settings, option words — is fed random text and mutations of valid
//!   text: it must never panic, and whatever it accepts must write back and read again to
//!   the same thing;
//! - long random games in every mode keep their round trips after every ply: position text
//!   → position → text, SAN → move, undo → the position before; and at the end save → load
//!   and PGN write → read.
//!
//! `make test` runs a bounded slice with fixed seeds (`cargo test --profile fuzz --test
//! fuzz`: a release build with overflow checks, so arithmetic that would wrap fails here).
//! `make fuzz SECONDS=n` runs each target for `n` seconds with fresh seeds; `FUZZ_CASES`
//! sets the inputs per batch and `FUZZ_SEED` replays a reported seed.

use classroom_chess::rules::family::notation::parse_move as parse_family_move;
use classroom_chess::rules::family::text::{parse_position, write_position};
use classroom_chess::rules::family::{FamilyGame, FamilyRules, SEATS};
use classroom_chess::rules::game::{Action, Game};
use classroom_chess::rules::pgn::{read_pgn, write_pgn, PgnHeader};
use classroom_chess::rules::ruleset::{Mode, RuleSet, SHARP_START, STANDARD_START};
use classroom_chess::rules::san::{parse_move, to_san, to_uci};
use classroom_chess::rules::{option_catalog, Side};
use classroom_chess::saved_rules::{self, SavedRuleSet};
use classroom_chess::saves;
use classroom_chess::teacher::TeacherConfig;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};
use std::time::{Duration, Instant};

// ---- the harness ----

fn env_number(name: &str) -> Option<u64> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

/// Runs `test` on inputs from `strategy`: one batch of `cases` inputs with a seed fixed by
/// the target's name (the CI slice), or batches with fresh seeds until `FUZZ_SECONDS` have
/// passed. A failure names the seed and the smallest failing input proptest found.
/// The test of one input: `Ok(true)` when the input was accepted (parsed, loaded), so the
/// report can show that mutations reach both sides.
type Outcome = Result<bool, TestCaseError>;

fn fuzz<S>(name: &str, cases: u32, strategy: S, test: impl Fn(S::Value) -> Outcome)
where
    S: Strategy,
    S::Value: std::fmt::Debug,
{
    let cases = env_number("FUZZ_CASES").map_or(cases, |c| c as u32);
    let seconds = env_number("FUZZ_SECONDS").unwrap_or(0);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let fixed = name.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    });
    let base = env_number("FUZZ_SEED").unwrap_or(if seconds > 0 {
        fixed
            ^ std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64)
    } else {
        fixed
    });
    let started = Instant::now();
    let accepted = std::sync::atomic::AtomicU64::new(0);
    let counted = |v: S::Value| -> Result<(), TestCaseError> {
        if test(v)? {
            accepted.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        Ok(())
    };
    let mut total = 0u64;
    for batch in 0u64.. {
        let seed = base.wrapping_add(batch);
        let config = Config {
            cases,
            failure_persistence: None,
            rng_seed: RngSeed::Fixed(seed),
            max_shrink_iters: 4096,
            ..Config::default()
        };
        let mut runner = TestRunner::new(config);
        if let Err(e) = runner.run(&strategy, &counted) {
            panic!("fuzz target {name}: seed {seed} (FUZZ_SEED={seed} FUZZ_CASES={cases} to replay): {e}");
        }
        total += cases as u64;
        if Instant::now() >= deadline {
            break;
        }
    }
    eprintln!(
        "fuzz {name}: {total} inputs ({} accepted) in {:.1} s",
        accepted.into_inner(),
        started.elapsed().as_secs_f64()
    );
}

/// One change to a text, at a position taken modulo its length.
#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, char),
    Insert(usize, char),
    Delete(usize),
    Swap(usize),
    /// Copies a stretch of the text to another place (duplicated tokens, fields, moves).
    Copy(usize, usize, usize),
    Truncate(usize),
}

fn apply_edits(base: &str, edits: &[Edit]) -> String {
    let mut c: Vec<char> = base.chars().collect();
    for e in edits {
        let n = c.len();
        match *e {
            Edit::Replace(i, ch) if n > 0 => c[i % n] = ch,
            Edit::Insert(i, ch) => c.insert(i % (n + 1), ch),
            Edit::Delete(i) if n > 0 => {
                c.remove(i % n);
            }
            Edit::Swap(i) if n > 1 => c.swap(i % (n - 1), i % (n - 1) + 1),
            Edit::Copy(from, len, to) if n > 0 => {
                let from = from % n;
                let piece: Vec<char> = c[from..(from + len % 12 + 1).min(n)].to_vec();
                let at = to % (n + 1);
                c.splice(at..at, piece);
            }
            Edit::Truncate(i) if n > 0 => c.truncate(i % n),
            _ => {}
        }
    }
    c.into_iter().collect()
}

/// Mutations of `corpus` texts using characters from `alphabet` (and any character now and
/// then, so non-ASCII text is tried too).
fn mutated(corpus: Vec<String>, alphabet: &'static str) -> impl Strategy<Value = String> {
    let letters: Vec<char> = alphabet.chars().collect();
    let ch = prop_oneof![
        8 => proptest::sample::select(letters),
        1 => any::<char>(),
    ];
    let edit = prop_oneof![
        (any::<usize>(), ch.clone()).prop_map(|(i, c)| Edit::Replace(i, c)),
        (any::<usize>(), ch).prop_map(|(i, c)| Edit::Insert(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        any::<usize>().prop_map(Edit::Swap),
        (any::<usize>(), any::<usize>(), any::<usize>()).prop_map(|(a, b, c)| Edit::Copy(a, b, c)),
        any::<usize>().prop_map(Edit::Truncate),
    ];
    let n = corpus.len();
    (0..n, vec(edit, 1..6)).prop_map(move |(i, edits)| apply_edits(&corpus[i], &edits))
}

/// Random text: arbitrary characters, or words from the format's own alphabet.
fn random_text(alphabet: &'static str) -> impl Strategy<Value = String> {
    let letters: Vec<char> = alphabet.chars().collect();
    prop_oneof![
        any::<String>(),
        vec(proptest::sample::select(letters), 0..120).prop_map(|v| v.into_iter().collect()),
    ]
}

fn text_inputs(corpus: Vec<String>, alphabet: &'static str) -> impl Strategy<Value = String> {
    prop_oneof![4 => mutated(corpus, alphabet), 1 => random_text(alphabet)]
}

/// One change to a JSON document, at the `n`-th value (counted modulo the values there are),
/// so the result is still JSON and reaches the checks behind the syntax.
#[derive(Clone, Debug)]
enum JsonEdit {
    Number(i64),
    Big(u64),
    Text(Vec<Edit>),
    Flip,
    Null,
    /// Drops an array element or an object field.
    Drop,
    /// Repeats an array element.
    Repeat,
}

fn count_values(v: &serde_json::Value) -> usize {
    1 + match v {
        serde_json::Value::Array(a) => a.iter().map(count_values).sum(),
        serde_json::Value::Object(o) => o.values().map(count_values).sum(),
        _ => 0,
    }
}

/// Applies `edit` to the `n`-th value in document order; returns whether it was found.
fn edit_json(v: &mut serde_json::Value, n: &mut usize, edit: &JsonEdit) -> bool {
    use serde_json::Value;
    if *n == 0 {
        match (edit, &mut *v) {
            (JsonEdit::Number(x), _) => *v = Value::from(*x),
            (JsonEdit::Big(x), _) => *v = Value::from(*x),
            (JsonEdit::Text(edits), Value::String(t)) => *t = apply_edits(t, edits),
            (JsonEdit::Text(edits), other) => {
                *other = Value::String(apply_edits(&other.to_string(), edits))
            }
            (JsonEdit::Flip, Value::Bool(b)) => *b = !*b,
            (JsonEdit::Flip, other) => *other = Value::Bool(true),
            (JsonEdit::Null, other) => *other = Value::Null,
            (JsonEdit::Drop, Value::Array(a)) if !a.is_empty() => {
                a.pop();
            }
            (JsonEdit::Drop, Value::Object(o)) => {
                let first = o.keys().next().cloned();
                if let Some(k) = first {
                    o.remove(&k);
                }
            }
            (JsonEdit::Repeat, Value::Array(a)) if !a.is_empty() => a.push(a[0].clone()),
            _ => {}
        }
        return true;
    }
    *n -= 1;
    match v {
        Value::Array(a) => a.iter_mut().any(|x| edit_json(x, n, edit)),
        Value::Object(o) => o.values_mut().any(|x| edit_json(x, n, edit)),
        _ => false,
    }
}

/// Structure-aware mutations of JSON saves: numbers, strings, flags, missing and repeated
/// parts, a few at a time.
fn json_mutated(corpus: Vec<String>) -> impl Strategy<Value = String> {
    let letters: Vec<char> = "abcdefgh12345678xqrnbkpQRNBK@=+- ".chars().collect();
    let edit = prop_oneof![
        (any::<usize>(), proptest::sample::select(letters)).prop_map(|(i, c)| Edit::Replace(i, c)),
        any::<usize>().prop_map(Edit::Delete),
        any::<usize>().prop_map(Edit::Swap),
    ];
    let json_edit = prop_oneof![
        (-3i64..300).prop_map(JsonEdit::Number),
        any::<u64>().prop_map(JsonEdit::Big),
        vec(edit, 1..3).prop_map(JsonEdit::Text),
        Just(JsonEdit::Flip),
        Just(JsonEdit::Null),
        Just(JsonEdit::Drop),
        Just(JsonEdit::Repeat),
    ];
    let n = corpus.len();
    (0..n, vec((any::<usize>(), json_edit), 1..4)).prop_map(move |(i, edits)| {
        let mut doc: serde_json::Value = serde_json::from_str(&corpus[i]).expect("corpus is JSON");
        for (at, e) in &edits {
            let mut k = at % count_values(&doc);
            edit_json(&mut doc, &mut k, e);
        }
        doc.to_string()
    })
}

/// Inputs for a saved form: structure-aware edits, text edits and random text.
fn save_inputs(corpus: Vec<String>) -> impl Strategy<Value = String> {
    prop_oneof![
        3 => json_mutated(corpus.clone()),
        2 => mutated(corpus, JSON_ALPHABET),
        1 => random_text(JSON_ALPHABET),
    ]
}

// ---- the corpora: valid texts of every form ----

fn orthodox() -> RuleSet {
    RuleSet::orthodox()
}

/// The rule sets a FEN is read under: the built-in modes and custom games that change
/// what a position may hold (reserves, Rule Zero corners, lame knights).
fn rule_sets() -> Vec<RuleSet> {
    let mut out = vec![RuleSet::orthodox(), RuleSet::primary(), RuleSet::sharp()];
    for words in [
        "castling=rule-zero knight=non-leaping",
        "object=stalemate-wins promotion=either-army",
        "object=king-capture double-step=second-rank drops=on",
    ] {
        let mut r = RuleSet::custom_from(Mode::Orthodox);
        r.apply_options(words).unwrap();
        out.push(r);
    }
    out
}

fn fen_corpus() -> Vec<String> {
    [
        STANDARD_START,
        SHARP_START,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
        "4k3/8/8/8/8/8/8/R3K3 b Q - 149 300",
        "bn2k2n/pppppppp/8/8/8/8/PPPPPPPP/B3K2N w KQkq - 0 1",
        "1r5k/8/8/8/8/p7/P7/K7[] w - - 0 1",
        "4k3/8/8/8/8/8/PPPPPPPP/8[KQRRBBNNq] b - - 12 40",
        "kb6/prp5/PpP5/1P6/8/8/8/7K b - - 0 1",
    ]
    .map(String::from)
    .to_vec()
}

const FEN_ALPHABET: &str = "rnbqkpRNBQKP12345678/ -wb[]aceghx0369";

/// Games of every mode, some finished in each way, for the PGN and save corpora.
fn sample_games() -> Vec<Game> {
    let mut out = Vec::new();
    let mut add = |rules: RuleSet, moves: &str, action: Option<Action>| {
        let mut g = Game::new(rules).unwrap();
        for m in moves.split_whitespace() {
            g.play_text(m).unwrap();
        }
        if let Some(a) = action {
            g.act(a).unwrap();
        }
        out.push(g);
    };
    add(orthodox(), "e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 O-O f6", None);
    add(orthodox(), "f3 e5 g4 Qh4#", None);
    add(orthodox(), "d4 d5", Some(Action::Resign(Side::BLACK)));
    add(
        RuleSet::primary(),
        "e4 d5 exd5 Qxd5 Nc3",
        Some(Action::Stop),
    );
    add(RuleSet::sharp(), "K@e1 K@e8 N@b1", None);
    add(
        RuleSet::sharp(),
        "K@e1",
        Some(Action::ProposeFastFifty(Side::BLACK)),
    );
    let mut custom = RuleSet::custom_from(Mode::Orthodox);
    custom
        .apply_options("castling=rule-zero knight=non-leaping promotion=own-army")
        .unwrap();
    add(custom, "e4 e5 Bc4", None);
    out
}

fn pgn_corpus() -> Vec<String> {
    let mut out: Vec<String> = sample_games()
        .iter()
        .map(|g| write_pgn(g, &PgnHeader::default()))
        .collect();
    out.push(
        "[Event \"A\"]\n[Result \"1-0\"]\n\n1.e4 {c (d)} e5 ; x\n2. Nf3 $1 (2. f4 exf4) 2... Nc6!? 1-0\n"
            .into(),
    );
    out
}

const PGN_ALPHABET: &str = "{}();$%[]\"\n .0123456789-/*eNxO=+#abcdfgQKRB@";

fn family_corpus() -> Vec<String> {
    let mut out = vec![
        "rKh1 bKa7 yKg14 gKn8 rQd5 bPb10".to_string(),
        "rKh1 rRk1 rRd1 bKa7 yKg14 gKn8 turn:r seats:PPAP castle:rk,rq ep:- checks:- quiet:3 round:7".into(),
        "rKh1 bKa7 yKg14 gKn8 rPe4 bPd4 yPf6 turn:b ep:r=e3 options:teams=fixed,joint-mates=on".into(),
        "rKh1 bKa7 yKg14 gKn8 rRd4 yRb11 turn:b checks:b=r passes:1".into(),
    ];
    let mut g = FamilyGame::new(FamilyRules::default());
    for m in [
        "r: e2-e4",
        "b: b7-d7",
        "y: e13-e11",
        "g: m7-k7",
        "r: Nj1-i3",
    ] {
        g.play_text(m).unwrap();
    }
    out.push(g.text());
    out
}

const FAMILY_ALPHABET: &str = "rbygKQRBNPabcdefghijklmn0123456789: ,=-+PAO";

fn game_save_corpus() -> Vec<String> {
    let clock = classroom_chess::rules::clock::Clock::new(
        classroom_chess::rules::clock::TimeControl::minutes(5, 3),
    );
    sample_games()
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let names = saves::game::Names {
                white: "Anna".into(),
                black: "Бен".into(),
            };
            saves::game::encode(
                g,
                &names,
                i % 2 == 0,
                (i % 3 == 0).then_some(&clock),
                &saves::game::Computer::playing(Side(i as u8 % 2), i as u8 % 9, i as u64),
                (i % 4 == 1).then_some(saves::tournament_games::TournamentBoard {
                    tournament: i as u64,
                    round: 2,
                    board: 3,
                    white: 5,
                    black: 0,
                }),
                i as u64,
            )
        })
        .collect()
}

const JSON_ALPHABET: &str = "{}[]\":,0123456789-.truefalsnl abcdekqrpvxyz_";

fn family_save_corpus() -> Vec<String> {
    let mut out = Vec::new();
    let names = ["Ann".to_string(), String::new(), "象".into(), String::new()];
    let mut g = FamilyGame::new(FamilyRules::default());
    out.push(saves::family::encode(
        &g,
        &names,
        false,
        &Default::default(),
        1,
    ));
    for a in [
        "e2e4",
        "b7d7",
        "send-away g",
        "e13e11+",
        "option checks=auto",
        "resign b",
        "ally r y",
    ] {
        g.apply_action(a).unwrap();
        let computer = saves::game::Computer::playing(Side(2), 4, 7);
        out.push(saves::family::encode(&g, &names, true, &computer, 2));
    }
    out
}

fn rule_set_corpus() -> Vec<String> {
    let mut r = RuleSet::custom_from(Mode::Primary);
    r.apply_options("knight=non-leaping midline=on").unwrap();
    let a = SavedRuleSet::new("Week 1", Mode::Primary, &r).unwrap();
    let mut z = RuleSet::custom_from(Mode::Orthodox);
    z.set_option("castling", "rule-zero").unwrap();
    z.start_fen = "bn2k2n/pppppppp/8/8/8/8/PPPPPPPP/B3K2N w KQkq - 0 1".into();
    let b = SavedRuleSet::new("Ферзь", Mode::Orthodox, &z).unwrap();
    vec![
        saved_rules::encode(&[a.clone(), b]),
        saved_rules::encode(&[a]),
    ]
}

fn teacher_corpus() -> Vec<String> {
    let plain = TeacherConfig::default();
    let mut pinned = TeacherConfig::default();
    pinned.set_pin("4321", "salt").unwrap();
    pinned.set_mode_allowed("family", false);
    vec![plain.encode(), pinned.encode()]
}

fn settings_corpus() -> Vec<String> {
    let s = saves::settings::Settings {
        sound: true,
        ..Default::default()
    };
    vec![
        saves::settings::encode(&s),
        r#"{"orientation":"flip","sound":true,"speech":false,"hints":true}"#.into(),
    ]
}

// ---- parsers and saved forms: never a panic, and what reads writes back ----

#[test]
fn fuzz_fen_of_every_mode() {
    let rules = rule_sets();
    fuzz(
        "fen",
        20000,
        text_inputs(fen_corpus(), FEN_ALPHABET),
        |text| {
            let mut accepted = false;
            for r in &rules {
                let Ok(g) = Game::from_fen(r.clone(), &text) else {
                    continue;
                };
                accepted = true;
                let fen = g.fen();
                let again = Game::from_fen(r.clone(), &fen).map_err(|e| {
                    TestCaseError::fail(format!("{text:?} read, its FEN {fen:?} not: {e}"))
                })?;
                prop_assert_eq!(again.fen(), fen.clone());
                let pos = *g.position();
                for m in g.legal_moves() {
                    let san = to_san(&pos, m);
                    prop_assert_eq!(parse_move(&pos, &san), Ok(m), "{} SAN {}", fen, san);
                    prop_assert_eq!(parse_move(&pos, &to_uci(&pos, m)), Ok(m), "{} {}", fen, san);
                }
            }
            Ok(accepted)
        },
    );
}

#[test]
fn fuzz_family_position_text() {
    fuzz(
        "family-text",
        20000,
        text_inputs(family_corpus(), FAMILY_ALPHABET),
        |text| {
            let Ok(state) = parse_position(&text) else {
                return Ok(false);
            };
            let written = write_position(&state);
            let again = parse_position(&written)
                .map_err(|e| TestCaseError::fail(format!("{text:?} read, {written:?} not: {e}")))?;
            prop_assert_eq!(write_position(&again), written);
            if let Ok(g) = FamilyGame::from_text(&text) {
                for m in g.legal_moves() {
                    let mut next = g.clone();
                    next.play(m, true).map_err(TestCaseError::fail)?;
                }
            }
            Ok(true)
        },
    );
}

#[test]
fn fuzz_move_text() {
    let positions: Vec<Game> = fen_corpus()
        .iter()
        .filter_map(|f| {
            rule_sets()
                .into_iter()
                .find_map(|r| Game::from_fen(r, f).ok())
        })
        .collect();
    let family: Vec<FamilyGame> = family_corpus()
        .iter()
        .filter_map(|t| FamilyGame::from_text(t).ok())
        .collect();
    let corpus: Vec<String> = [
        "e4",
        "Nbd7",
        "exd5",
        "O-O-O",
        "e8=Q+",
        "B@a1",
        "K@e8",
        "e7e8q",
        "r: e2-e4+",
        "Rk1xk13",
        "h10-h11=N",
        "y: f6xe5 ep",
        "0-0",
    ]
    .map(String::from)
    .to_vec();
    fuzz(
        "move-text",
        20000,
        text_inputs(corpus, "abcdefghijklmn12345678@=+#xQRBNKOo-: ry"),
        |text| {
            let mut accepted = false;
            for g in &positions {
                let pos = *g.position();
                if let Ok(m) = parse_move(&pos, &text) {
                    accepted = true;
                    prop_assert!(pos.legal_moves().contains(&m), "{} in {}", text, g.fen());
                }
            }
            for g in &family {
                if let Ok((m, _)) = parse_family_move(g.state(), &text) {
                    accepted = true;
                    prop_assert!(g.legal_moves().contains(&m), "{} in {}", text, g.text());
                }
            }
            Ok(accepted)
        },
    );
}

#[test]
fn fuzz_pgn() {
    fuzz(
        "pgn",
        10000,
        text_inputs(pgn_corpus(), PGN_ALPHABET),
        |text| {
            let mut accepted = false;
            for mode in [Mode::Orthodox, Mode::Primary, Mode::Sharp] {
                let Ok((g, _)) = read_pgn(&text, mode) else {
                    continue;
                };
                accepted = true;
                let written = write_pgn(&g, &PgnHeader::default());
                let (back, _) = read_pgn(&written, mode).map_err(|e| {
                    TestCaseError::fail(format!("{written}\nwritten, not read: {e}"))
                })?;
                prop_assert_eq!(back.fen(), g.fen());
                prop_assert_eq!(back.outcome(), g.outcome(), "{}", written);
            }
            Ok(accepted)
        },
    );
}

#[test]
fn fuzz_saved_game() {
    fuzz(
        "saved-game",
        10000,
        save_inputs(game_save_corpus()),
        |text| {
            if let Ok(c) = saves::game::decode(&text) {
                let again = saves::game::encode(
                    &c.game,
                    &c.names,
                    c.result_closed,
                    c.clock.as_ref(),
                    &c.computer,
                    c.tournament,
                    1,
                );
                let back = saves::game::decode(&again).map_err(TestCaseError::fail)?;
                prop_assert_eq!(back.game.fen(), c.game.fen());
                prop_assert_eq!(back.game.outcome(), c.game.outcome());
                return Ok(true);
            }
            Ok(false)
        },
    );
}

#[test]
fn fuzz_saved_family_game() {
    fuzz(
        "saved-family",
        4000,
        save_inputs(family_save_corpus()),
        |text| {
            if let Ok(c) = saves::family::decode(&text) {
                let again =
                    saves::family::encode(&c.game, &c.names, c.result_closed, &c.computer, 1);
                let back = saves::family::decode(&again).map_err(TestCaseError::fail)?;
                prop_assert_eq!(back.game.text(), c.game.text());
                return Ok(true);
            }
            Ok(false)
        },
    );
}

#[test]
fn fuzz_rule_sets_teacher_and_settings() {
    fuzz("rule-sets", 10000, save_inputs(rule_set_corpus()), |text| {
        if let Ok(sets) = saved_rules::decode(&text) {
            for s in &sets {
                prop_assert!(s.rules().is_ok());
            }
            prop_assert_eq!(
                saved_rules::decode(&saved_rules::encode(&sets)).map(|v| v.len()),
                Ok(sets.len())
            );
            return Ok(true);
        }
        Ok(false)
    });
    fuzz("teacher", 10000, save_inputs(teacher_corpus()), |text| {
        if let Ok(c) = TeacherConfig::decode(&text) {
            prop_assert!(TeacherConfig::decode(&c.encode()).is_ok());
            let _ = c.verify("1234");
            return Ok(true);
        }
        Ok(false)
    });
    fuzz("settings", 10000, save_inputs(settings_corpus()), |text| {
        if let Ok(s) = saves::settings::decode(&text) {
            prop_assert_eq!(saves::settings::decode(&saves::settings::encode(&s)), Ok(s));
            return Ok(true);
        }
        Ok(false)
    });
}

#[test]
fn fuzz_option_words() {
    let mut words: Vec<String> = option_catalog()
        .iter()
        .flat_map(|s| {
            s.choices
                .iter()
                .map(move |c| format!("{}={}", s.key, c.value))
        })
        .collect();
    words.extend(
        [
            "drops=on",
            "promotion=qr",
            "impasse=7",
            "margin=40",
            "repeated-check=0",
            "start=position",
        ]
        .map(String::from),
    );
    let family_words: Vec<String> = [
        "absence=off",
        "eligibility=12",
        "eligibility=by-hand",
        "checks=auto",
        "teams=fixed",
        "joint-mates=on",
        "seats=rby",
        "first=g",
        "promotion=board-edge",
        "en-passant=off",
        "stalemate=eliminate",
        "dead-pieces=removed",
        "far-right-pawn=kept",
        "promote-to=queen",
    ]
    .map(String::from)
    .to_vec();
    let all: Vec<String> = words.iter().chain(&family_words).cloned().collect();
    let phrase = vec(
        prop_oneof![4 => proptest::sample::select(all), 1 => random_text("=-,abcdefgonr0159 ")],
        0..6,
    )
    .prop_map(|w| w.join(" "));
    fuzz("option-words", 20000, phrase, |text| {
        let mut accepted = false;
        for base in [Mode::Orthodox, Mode::Primary, Mode::Sharp, Mode::Custom] {
            let mut r = RuleSet::for_mode(base);
            let before = r.clone();
            match r.apply_options(&text) {
                Ok(()) => {
                    accepted = true;
                    let again_words = r.changed_options().join(" ");
                    let mut again = RuleSet::for_mode(base);
                    again
                        .apply_options(&again_words)
                        .map_err(TestCaseError::fail)?;
                    prop_assert_eq!(again, r.clone(), "{}", again_words);
                    prop_assert!(Game::new(r).is_ok(), "{}", text);
                }
                Err(_) => prop_assert_eq!(r, before, "a refused word changes nothing"),
            }
        }
        let mut f = FamilyRules::default();
        if f.apply(&text).is_ok() {
            let mut again = FamilyRules::default();
            again
                .apply(&f.changed().join(" "))
                .map_err(TestCaseError::fail)?;
            prop_assert_eq!(again, f);
        }
        Ok(accepted)
    });
}

// ---- long random games: the round trips hold after every ply ----

/// A random game's script: which rule set, then one number per ply that picks a move (or,
/// now and then, an action).
fn game_script(rule_sets: usize, plies: usize) -> impl Strategy<Value = (usize, Vec<u16>)> {
    (0..rule_sets, vec(any::<u16>(), 0..plies))
}

#[test]
fn fuzz_random_games_of_every_two_player_mode() {
    let mut rules = rule_sets();
    let mut repeat = RuleSet::custom_from(Mode::Orthodox);
    repeat
        .apply_options("fifty-moves=off insufficient=off")
        .unwrap();
    rules.push(repeat);
    let n = rules.len();
    fuzz(
        "two-player-games",
        600,
        game_script(n, 300),
        |(which, script)| {
            let mut g = Game::new(rules[which].clone()).map_err(TestCaseError::fail)?;
            for (ply, &pick) in script.iter().enumerate() {
                if g.is_over() {
                    break;
                }
                if pick % 97 == 0 {
                    // Now and then a claim, offer or answer: refused or not, never a panic.
                    let side = g.turn();
                    let action = [
                        Action::ClaimDraw,
                        Action::ClaimStalemate,
                        Action::OfferDraw(side),
                        Action::AcceptDraw,
                        Action::ProposeFastFifty(side),
                        Action::AcceptFastFifty,
                        Action::Stop,
                    ][(pick / 97) as usize % 7];
                    let _ = g.act(action);
                    continue;
                }
                let moves = g.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let before = g.clone();
                let pos = *g.position();
                let m = moves[pick as usize % moves.len()];
                let san = to_san(&pos, m);
                prop_assert_eq!(
                    parse_move(&pos, &san),
                    Ok(m),
                    "ply {}: {} in {}",
                    ply,
                    san,
                    g.fen()
                );
                g.play(m).map_err(|e| TestCaseError::fail(e.to_string()))?;
                let fen = g.fen();
                let read = Game::from_fen(g.rules().clone(), &fen)
                    .map_err(|e| TestCaseError::fail(format!("ply {ply}: {fen}: {e}")))?;
                prop_assert_eq!(read.fen(), fen.clone());
                let mut undone = g.clone();
                undone.undo();
                prop_assert_eq!(undone.fen(), before.fen(), "undo after {}", san);
            }
            let text = saves::game::encode(
                &g,
                &Default::default(),
                false,
                None,
                &Default::default(),
                None,
                1,
            );
            let back = saves::game::decode(&text).map_err(TestCaseError::fail)?;
            prop_assert_eq!(back.game.fen(), g.fen());
            prop_assert_eq!(back.game.outcome(), g.outcome());
            let pgn = write_pgn(&g, &PgnHeader::default());
            let (read, _) = read_pgn(&pgn, Mode::Orthodox).map_err(TestCaseError::fail)?;
            prop_assert_eq!(read.fen(), g.fen(), "{}", pgn);
            prop_assert_eq!(read.outcome(), g.outcome(), "{}", pgn);
            Ok(true)
        },
    );
}

#[test]
fn fuzz_random_family_games() {
    let options = [
        "",
        "checks=auto",
        "seats=rby",
        "seats=ry",
        "dead-pieces=removed stalemate=eliminate",
        "teams=fixed joint-mates=on",
        "en-passant=next-player double-step=first-move promote-to=queen",
    ];
    fuzz(
        "family-games",
        250,
        game_script(options.len(), 400),
        |(which, script)| {
            let mut g = FamilyGame::setup(None, options[which]).map_err(TestCaseError::fail)?;
            for &pick in &script {
                if g.is_over() {
                    break;
                }
                let before = g.text();
                let seat = SEATS[(pick / 7) as usize % 4];
                let done = match pick % 61 {
                    0 => g.resign(seat).is_ok(),
                    1 => g.away(seat, true).is_ok(),
                    2 => g.back(seat).is_ok(),
                    // An option change is logged, not undone by a take-back: no undo check.
                    3 => {
                        let _ =
                            g.set_option("checks", if pick % 2 == 0 { "auto" } else { "manual" });
                        false
                    }
                    _ => {
                        let moves = g.legal_moves();
                        if moves.is_empty() {
                            if g.is_paused() {
                                let _ = g.back(seat);
                            }
                            false
                        } else {
                            let m = moves[pick as usize % moves.len()];
                            g.play(m, pick % 3 == 0).map_err(TestCaseError::fail)?;
                            true
                        }
                    }
                };
                let text = g.text();
                let again = parse_position(&text)
                    .map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
                prop_assert_eq!(write_position(&again), text.clone());
                if done && pick % 5 == 0 {
                    let mut undone = g.clone();
                    if undone.undo().is_some() {
                        prop_assert_eq!(undone.text(), before, "undo");
                    }
                }
            }
            let record = g.to_record();
            let back = FamilyGame::from_record(&record).map_err(TestCaseError::fail)?;
            prop_assert_eq!(back.text(), g.text());
            Ok(true)
        },
    );
}
