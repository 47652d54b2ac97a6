//! The `rules` command-line tool: perft, moves, play and search, its output format and exit
//! codes.

use std::collections::BTreeSet;
use std::process::{Command, Output};

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn rules(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rules"))
        .args(args)
        .output()
        .expect("run the rules binary")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Runs a command that must succeed and returns its output lines.
fn ok(args: &[&str]) -> Vec<String> {
    let out = rules(args);
    assert!(
        out.status.success(),
        "rules {args:?} failed ({:?}): {}",
        out.status.code(),
        stderr(&out)
    );
    stdout(&out).lines().map(str::to_string).collect()
}

/// Runs a command that must fail with exit code 2 and returns its stderr.
fn fails(args: &[&str]) -> String {
    let out = rules(args);
    assert_eq!(
        out.status.code(),
        Some(2),
        "rules {args:?} should exit 2; stdout {}",
        stdout(&out)
    );
    assert!(
        stdout(&out).is_empty(),
        "rules {args:?} printed {}",
        stdout(&out)
    );
    let err = stderr(&out);
    assert!(!err.trim().is_empty(), "rules {args:?}: no message");
    assert!(!err.contains("panicked"), "{err}");
    err
}

#[test]
fn cli_perft_orthodox_depth_3() {
    let lines = ok(&["perft", "--mode", "orthodox", "3"]);
    assert_eq!(lines.last().map(String::as_str), Some("nodes 8902"));
    assert_eq!(lines.len(), 1);
    let lines = ok(&["perft", "--mode", "orthodox", "--fen", KIWIPETE, "2"]);
    assert_eq!(lines, ["nodes 2039"]);
}

fn check_divide(args: &[&str], moves: usize, nodes: u64) {
    let lines = ok(args);
    let (last, rows) = lines.split_last().expect("output");
    assert_eq!(last, &format!("nodes {nodes}"));
    assert_eq!(rows.len(), moves, "{rows:?}");
    let mut sum = 0;
    let mut seen = BTreeSet::new();
    for row in rows {
        let (uci, count) = row.split_once(' ').unwrap_or_else(|| panic!("row {row:?}"));
        assert!(
            (4..=5).contains(&uci.len()) && uci.is_ascii(),
            "not a machine move: {uci:?}"
        );
        assert!(seen.insert(uci.to_string()), "{uci} twice");
        sum += count
            .parse::<u64>()
            .unwrap_or_else(|_| panic!("count {count:?}"));
    }
    assert_eq!(sum, nodes);
}

#[test]
fn cli_perft_divide_lists_moves_and_counts_that_sum_to_the_total() {
    check_divide(&["perft", "--mode", "orthodox", "--divide", "3"], 20, 8902);
    check_divide(&["perft", "--divide", "--fen", KIWIPETE, "2"], 48, 2039);
    let lines = ok(&["perft", "--mode", "orthodox", "--divide", "3"]);
    assert!(lines.contains(&"e2e4 600".to_string()), "{lines:?}");
    assert!(lines.contains(&"g1f3 440".to_string()), "{lines:?}");
}

#[test]
fn cli_perft_primary_counts_pseudo_legal_moves() {
    // Same as orthodox for the first plies (no check can arise yet).
    assert_eq!(ok(&["perft", "--mode", "primary", "3"]), ["nodes 8902"]);
}

#[test]
fn cli_moves_prints_the_twenty_start_moves() {
    let lines = ok(&["moves", "--mode", "orthodox"]);
    let got: BTreeSet<&str> = lines.iter().map(String::as_str).collect();
    let mut want = BTreeSet::new();
    for f in ["a", "b", "c", "d", "e", "f", "g", "h"] {
        want.insert(format!("{f}2{f}3"));
        want.insert(format!("{f}2{f}4"));
    }
    for m in ["b1a3", "b1c3", "g1f3", "g1h3"] {
        want.insert(m.to_string());
    }
    let want: BTreeSet<&str> = want.iter().map(String::as_str).collect();
    assert_eq!(lines.len(), 20);
    assert_eq!(got, want);
}

#[test]
fn cli_moves_from_a_fen() {
    let lines = ok(&["moves", "--fen", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]);
    assert!(lines.contains(&"e1g1".to_string()), "{lines:?}");
    assert_eq!(lines.len(), 15, "{lines:?}");
    // A finished game has no moves.
    assert!(ok(&["moves", "--fen", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"]).is_empty());
}

#[test]
fn cli_play_orthodox_checkmate() {
    let lines = ok(&[
        "play", "--mode", "orthodox", "e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#",
    ]);
    assert_eq!(
        lines,
        [
            "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4",
            "status: checkmate",
            "result: 1-0",
        ]
    );
}

#[test]
fn cli_play_ongoing_game_and_machine_moves() {
    let lines = ok(&["play", "e2e4", "c7c5", "Ng1f3"]);
    assert_eq!(
        lines,
        [
            "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2",
            "status: ongoing",
            "result: *",
        ]
    );
}

#[test]
fn cli_play_primary_king_capture() {
    let lines = ok(&[
        "play", "--mode", "primary", "f3", "e5", "g4", "Qh4", "a3", "Qxe1",
    ]);
    assert_eq!(lines[1], "status: king-captured");
    assert_eq!(lines[2], "result: 0-1");
    // The final position (no white king) reads back in the same mode.
    let fen = lines[0].as_str();
    assert!(
        fen.starts_with("rnb1kbnr/pppp1ppp/8/4p3/6P1/P4P2/1PPPP2P/RNBQqBNR w "),
        "{fen}"
    );
    let again = ok(&["play", "--mode", "primary", "--fen", fen]);
    assert_eq!(again[0], fen);
    assert_eq!(again[1], "status: king-captured");
    assert!(ok(&["moves", "--mode", "primary", "--fen", fen]).is_empty());
}

#[test]
fn cli_illegal_move_exits_2_naming_the_move() {
    let err = fails(&["play", "--mode", "orthodox", "e4", "e5", "Ke3"]);
    assert!(err.contains("Ke3"), "{err}");
    let err = fails(&["play", "e4", "e5", "Nf3", "Nc6", "d3", "d6", "Nd2"]);
    assert!(err.contains("Nd2") && err.contains("ambiguous"), "{err}");
    let err = fails(&["play", "f3", "e5", "g4", "Qh4#", "a3"]);
    assert!(err.contains("a3") && err.contains("over"), "{err}");
}

#[test]
fn cli_malformed_fen_exits_2_with_the_reason() {
    for command in ["moves", "perft", "play"] {
        let mut args = vec![
            command,
            "--fen",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1",
        ];
        if command == "perft" {
            args.push("1");
        }
        let err = fails(&args);
        assert!(
            err.contains("FEN") && err.contains("found 7"),
            "{command}: {err}"
        );
    }
    let err = fails(&["moves", "--fen", "4k3/8/8/8/8/8/8/4K3 w - e3 0 1"]);
    assert!(err.contains("en passant") && err.contains("e3"), "{err}");
    let err = fails(&["moves", "--fen", "4k3/8/8/8/8/8/8/8 w - - 0 1"]);
    assert!(err.contains("no white king"), "{err}");
}

#[test]
fn cli_options_castling_for_primary_and_unknown_options() {
    let moves = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"];
    let mut args = vec!["play", "--mode", "primary", "--option", "castling=on"];
    args.extend(moves);
    let lines = ok(&args);
    assert!(lines[0].contains("/RNBQ1RK1 b "), "{}", lines[0]);
    // Without the option castling is not a move in Primary Chess.
    let mut args = vec!["play", "--mode", "primary"];
    args.extend(moves);
    let err = fails(&args);
    assert!(err.contains("O-O"), "{err}");
    let err = fails(&["moves", "--mode", "primary", "--option", "colour=blue"]);
    assert!(
        err.contains("unknown option") && err.contains("colour"),
        "{err}"
    );
    let err = fails(&["moves", "--mode", "primary", "--option", "castling=maybe"]);
    assert!(err.contains("castling") && err.contains("maybe"), "{err}");
    let err = fails(&["moves", "--mode", "primary", "--option", "castling"]);
    assert!(err.contains("key=value"), "{err}");
}

#[test]
fn cli_actions_resign_draw_flag_claim() {
    let lines = ok(&["play", "--mode", "orthodox", "e4", "resign"]);
    assert_eq!(lines[1..], ["status: resignation", "result: 1-0"]);
    let lines = ok(&["play", "--mode", "orthodox", "e4", "offer-draw", "accept"]);
    assert_eq!(lines[1..], ["status: draw-agreement", "result: 1/2-1/2"]);
    let lines = ok(&["play", "e4", "offer-draw", "decline", "e5"]);
    assert_eq!(lines[1..], ["status: ongoing", "result: *"]);
    let lines = ok(&["play", "e4", "flag"]);
    assert_eq!(lines[1..], ["status: timeout", "result: 1-0"]);
    let lines = ok(&["play", "--fen", "4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", "flag"]);
    assert_eq!(
        lines[1..],
        [
            "status: draw-timeout-insufficient-material",
            "result: 1/2-1/2"
        ]
    );
    let lines = ok(&[
        "play",
        "Nf3",
        "Nf6",
        "Ng1",
        "Ng8",
        "Nf3",
        "Nf6",
        "Ng1",
        "Ng8",
        "claim-draw",
    ]);
    assert_eq!(
        lines[1..],
        ["status: draw-threefold-repetition", "result: 1/2-1/2"]
    );
    let err = fails(&["play", "e4", "claim-draw"]);
    assert!(
        err.contains("claim-draw") && err.contains("three times"),
        "{err}"
    );
    let err = fails(&["play", "e4", "accept"]);
    assert!(err.contains("no draw offer"), "{err}");
    let err = fails(&["play", "e4", "resign", "e5"]);
    assert!(err.contains("e5") && err.contains("over"), "{err}");
}

#[test]
fn cli_stop_adjudicates_primary_games_by_material_margin() {
    // Black is a queen up for a pawn: Black wins.
    let lines = ok(&[
        "play", "--mode", "primary", "e4", "e5", "Qh5", "Nc6", "Qxf7", "Kxf7", "stop",
    ]);
    assert_eq!(lines[1..3], ["status: adjudication", "result: 0-1"]);
    // White leads by exactly 3: a win with the default margin, a draw with margin 5.
    let fen = "4k3/pp6/8/8/8/8/PPPPP3/4K3 w - - 0 1";
    let lines = ok(&["play", "--mode", "primary", "--fen", fen, "stop"]);
    assert_eq!(lines[1..3], ["status: adjudication", "result: 1-0"]);
    let lines = ok(&[
        "play", "--mode", "primary", "--option", "margin=5", "--fen", fen, "stop",
    ]);
    assert_eq!(
        lines[1..3],
        ["status: draw-adjudication", "result: 1/2-1/2"]
    );
    // Orthodox games cannot be stopped.
    let err = fails(&["play", "--mode", "orthodox", "e4", "stop"]);
    assert!(err.contains("stop"), "{err}");
    // Primary refuses resignation and draw offers unless the teacher allows them.
    let err = fails(&["play", "--mode", "primary", "e4", "resign"]);
    assert!(err.contains("resign"), "{err}");
    let lines = ok(&[
        "play",
        "--mode",
        "primary",
        "--option",
        "resign=on",
        "e4",
        "resign",
    ]);
    assert_eq!(lines[1..3], ["status: resignation", "result: 1-0"]);
    fails(&["play", "--mode", "primary", "e4", "offer-draw"]);
}

#[test]
fn cli_usage_errors_exit_2() {
    let err = fails(&[]);
    assert!(err.contains("usage"), "{err}");
    let err = fails(&["fly"]);
    assert!(
        err.contains("unknown command 'fly'") && err.contains("usage"),
        "{err}"
    );
    let err = fails(&["perft"]);
    assert!(err.contains("depth"), "{err}");
    let err = fails(&["perft", "--divide", "0"]);
    assert!(
        err.contains("--divide") && err.contains("at least 1"),
        "{err}"
    );
    assert_eq!(ok(&["perft", "0"]), ["nodes 1"]);
    let err = fails(&["perft", "three"]);
    assert!(err.contains("'three'"), "{err}");
    let err = fails(&["perft", "--mode", "atomic", "1"]);
    assert!(err.contains("unknown mode 'atomic'"), "{err}");
    let err = fails(&["perft", "--mode"]);
    assert!(err.contains("--mode"), "{err}");
    let err = fails(&["perft", "1", "--fen"]);
    assert!(err.contains("--fen"), "{err}");
}

#[test]
fn cli_sharp_perft_placements_and_claims() {
    assert_eq!(
        ok(&["perft", "--mode", "sharp", "2"]).last().unwrap(),
        "nodes 1024"
    );
    let lines = ok(&[
        "play",
        "--mode",
        "sharp",
        "K@e1",
        "propose-fast-fifty",
        "K@e8",
        "accept",
    ]);
    assert!(
        lines[0].ends_with("[QRRBBNNqrrbbnn] w - - 2 2"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1], "status: fast-fifty");
    assert_eq!(lines[2], "result: 0-1", "equal material: Black 6, White 4");
    let refused = fails(&["play", "--mode", "sharp", "claim-stalemate"]);
    assert!(refused.contains("not on the board"), "{refused}");
    let fen = "1r5k/8/8/8/8/p7/P7/K7[] w - - 0 1";
    let lines = ok(&["play", "--mode", "sharp", "--fen", fen, "claim-stalemate"]);
    assert_eq!(lines[1], "status: stalemate-claimed");
    assert_eq!(lines[2], "result: 0-1");
}

#[test]
fn cli_custom_mode_takes_rule_zero_options() {
    // Stalemate wins: repeating the start position is refused, stalemating wins.
    let err = fails(&[
        "play",
        "--mode",
        "custom",
        "--option",
        "object=stalemate-wins",
        "Nf3",
        "Nf6",
        "Ng1",
        "Ng8",
    ]);
    assert!(
        err.contains("Ng8") && err.contains("repeat an earlier position"),
        "{err}"
    );
    let lines = ok(&[
        "play",
        "--mode",
        "custom",
        "--option",
        "object=stalemate-wins",
        "--fen",
        "k7/8/8/1Q6/8/8/8/4K3 w - - 0 1",
        "Qb6",
    ]);
    assert_eq!(lines[1..], ["status: stalemate-win", "result: 1-0"]);
    // Non-leaping knights have no move at the start: only the 16 pawn moves remain.
    let lines = ok(&[
        "perft",
        "--mode",
        "custom",
        "--option",
        "knight=non-leaping",
        "1",
    ]);
    assert_eq!(lines, ["nodes 16"]);
    // Rule Zero castling with a corner bishop, printed as the king's step.
    let moves: BTreeSet<String> = ok(&[
        "moves",
        "--mode",
        "custom",
        "--option",
        "castling=rule-zero",
        "--fen",
        "4k3/p7/8/8/8/8/8/B3K3 w Q - 0 1",
    ])
    .into_iter()
    .collect();
    assert!(moves.contains("e1b1"), "{moves:?}");
    let err = fails(&["moves", "--mode", "custom", "--option", "object=draughts"]);
    assert!(
        err.contains(
            "option object: expected checkmate, king-capture or stalemate-wins, got 'draughts'"
        ),
        "{err}"
    );
}

/// RULES.md §0 (perft): a depth no count could ever finish is refused with the reason
/// instead of exhausting the stack, in every mode.
#[test]
fn cli_perft_depth_is_capped_with_a_clear_error() {
    for mode in ["orthodox", "primary", "family"] {
        let err = fails(&["perft", "--mode", mode, "3000"]);
        assert!(
            err.contains("too deep") && err.contains("30"),
            "{mode}: {err}"
        );
    }
}

#[test]
fn search_prints_the_computers_choice_after_the_moves_given() {
    // Primary Chess: after 1.f3 e5 2.g4 the queen takes the king on the next move but one;
    // Qh4 attacks e1 at once (RULES.md §2.1: capture the king to win).
    let lines = ok(&[
        "search", "--mode", "primary", "--depth", "3", "f3", "e5", "g4",
    ]);
    assert_eq!(lines.last().map(String::as_str), Some("bestmove d8h4"));
    assert!(lines[0].contains(" score win in 3 plies "), "{lines:?}");
    // Chess#: a claim is a choice too (RULES.md §3.5).
    let lines = ok(&[
        "search",
        "--mode",
        "sharp",
        "--fen",
        "1r5k/8/8/8/8/p7/P7/K7[] w - - 0 1",
        "--depth",
        "2",
    ]);
    assert_eq!(
        lines.last().map(String::as_str),
        Some("bestmove claim-stalemate")
    );
    assert!(fails(&["search", "--mode", "orthodox", "--depth", "deep"]).contains("is not a number"));
    assert!(fails(&["search", "--mode", "orthodox", "e5"]).contains("move 'e5' refused"));
}

#[test]
fn selfplay_reports_endings_and_points_under_the_modes_scoring() {
    let lines = ok(&[
        "selfplay",
        "--mode",
        "primary",
        "--games",
        "2",
        "--level",
        "1,2",
        "--movetime",
        "5",
    ]);
    let last = lines.last().expect("a summary line");
    assert!(last.starts_with("points per game: White "), "{lines:?}");
    // Primary Chess scores 3/2/1 (RULES.md §2): every game gives 4 points in all.
    let numbers: Vec<f64> = last
        .split(|c: char| !c.is_ascii_digit() && c != '.')
        .filter_map(|w| w.parse().ok())
        .collect();
    assert!((numbers[0] + numbers[1] - 4.0).abs() < 1e-9, "{last}");
    let games: u64 = lines[..lines.len() - 1]
        .iter()
        .map(|l| l.split_whitespace().next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(games, 2);
    assert!(
        fails(&["selfplay", "--mode", "primary", "--games", "many"]).contains("is not a number")
    );
    assert!(
        fails(&["selfplay", "--mode", "primary", "--speed", "1"]).contains("unknown selfplay word")
    );
}

/// Runs `rules uci`, sends `script` and reads until `bestmove`; then quits. Returns the lines.
fn uci_session(script: &str) -> Vec<String> {
    use std::io::{BufRead, BufReader, Write};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_rules"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run rules uci");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(script.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let mut lines = Vec::new();
    for line in BufReader::new(child.stdout.take().unwrap()).lines() {
        let line = line.unwrap();
        let done = line.starts_with("bestmove");
        lines.push(line);
        if done {
            break;
        }
    }
    stdin.write_all(b"quit\n").unwrap();
    drop(stdin);
    assert!(child.wait().unwrap().success());
    lines
}

#[test]
fn uci_speaks_the_protocol_with_variants_levels_and_drops() {
    let lines = uci_session(
        "uci\nisready\nsetoption name UCI_Variant value primary\n\
         position startpos moves f2f3 e7e5 g2g4\ngo depth 3\n",
    );
    assert!(lines.contains(&"uciok".to_string()) && lines.contains(&"readyok".to_string()));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("option name UCI_Variant type combo")));
    // Primary Chess: Qh4 takes the king next move (RULES.md §2.1), reported as a mate in 2.
    assert!(
        lines.iter().any(|l| l.contains(" score mate 2 ")),
        "{lines:?}"
    );
    assert_eq!(lines.last().unwrap(), "bestmove d8h4");
    // Chess#: placements in the machine form, and the answer may be one (RULES.md §3.2).
    let lines = uci_session(
        "setoption name UCI_Variant value sharp\nposition startpos moves K@e1\ngo depth 2\n",
    );
    assert!(lines.last().unwrap().contains('@'), "{lines:?}");
    // Level 1 takes back a piece just taken (1.e4 d5 2.exd5 Qxd5); `chess` means orthodox.
    let lines = uci_session(
        "setoption name Level value 1\nsetoption name UCI_Variant value chess\n\
         position startpos moves e2e4 d7d5 e4d5\ngo depth 2\n",
    );
    assert_eq!(lines.last().unwrap(), "bestmove d8d5");
    // Bad input is answered in words and changes nothing.
    let lines = uci_session("position startpos moves e2e5\nbogus\ngo depth 1\n");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string move 'e2e5'")),
        "{lines:?}"
    );
    assert!(lines
        .iter()
        .any(|l| l == "info string unknown command 'bogus'"));
    assert!(lines.last().unwrap().starts_with("bestmove "));
}
