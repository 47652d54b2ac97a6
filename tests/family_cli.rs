//! `rules ... --mode family`: perft, moves and play on the four-player game.

const KINGS: &str = "rKh1 bKa7 yKg14 gKn8";

mod rules_cli;
use rules_cli::{fails, ok};

#[test]
fn cli_family_perft_from_the_start() {
    assert_eq!(ok(&["perft", "--mode", "family", "1"]), ["nodes 30"]);
    assert_eq!(ok(&["perft", "--mode", "family", "2"]), ["nodes 852"]);
    assert_eq!(ok(&["perft", "--mode", "family", "3"]), ["nodes 23968"]);
    let divided = ok(&["perft", "--mode", "family", "--divide", "2"]);
    assert_eq!(divided.len(), 31);
    let total: u64 = divided[..30]
        .iter()
        .map(|l| l.rsplit(' ').next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(divided.last().unwrap(), &format!("nodes {total}"));
}

#[test]
fn cli_family_moves_in_machine_form() {
    let fen = format!("{KINGS} rPh10 rRk1 rRd1 yBl4");
    let moves = ok(&["moves", "--mode", "family", "--fen", &fen]);
    for m in ["h10h11q", "h10h11n", "h1f1"] {
        assert!(moves.iter().any(|l| l == m), "{m} missing from {moves:?}");
    }
    assert!(
        !moves.iter().any(|l| l == "h1j1"),
        "O-O passes an attacked square"
    );
}

#[test]
fn cli_family_play_prints_position_status_result_and_records() {
    let fen = format!("{KINGS} rRd4 rRb11");
    let lines = ok(&["play", "--mode", "family", "--fen", &fen, "r:", "Rd4-a4+"]);
    assert_eq!(
        lines,
        [
            "rKh1 rRa4 rRb11 bKa7 yKg14 gKn8 turn:y seats:POPP castle:- ep:- checks:- quiet:1 round:1",
            "status: ongoing",
            "result: *",
            "record: r: Rd4-a4+",
            "record: b: #",
        ]
    );
    let lines = ok(&[
        "play", "--mode", "family", "--fen", &fen, "d4a4+", "resign", "resign", "g",
    ]);
    assert_eq!(lines[1], "status: resignation");
    assert_eq!(lines[2], "result: r=1 b=0 y=0 g=0");
}

#[test]
fn cli_family_play_actions_and_options() {
    let lines = ok(&[
        "play",
        "--mode",
        "family",
        "--option",
        "eligibility=anyone",
        "e2e4",
        "away",
        "b",
        "y: e13-e11",
        "back",
        "b",
    ]);
    assert!(lines[0].contains("turn:g seats:PPPP"), "{}", lines[0]);
    assert_eq!(
        &lines[3..],
        [
            "record: r: e2-e4",
            "record: b: away",
            "record: y: e13-e11",
            "record: b: back"
        ]
    );
    let lines = ok(&[
        "play",
        "--mode",
        "family",
        "--option",
        "seats=ry",
        "agree-draw",
    ]);
    assert_eq!(lines[2], "result: r=1/2 y=1/2");
}

#[test]
fn cli_family_errors_exit_2_with_a_reason() {
    let err = fails(&["moves", "--mode", "family", "--fen", "rKa1 bKa7"]);
    assert!(err.contains("a1"), "{err}");
    let err = fails(&["play", "--mode", "family", "e2e5"]);
    assert!(
        err.contains("e2e5") && err.contains("not a legal move"),
        "{err}"
    );
    let err = fails(&["play", "--mode", "family", "away", "b"]);
    assert!(err.contains("may not go away"), "{err}");
    let err = fails(&["play", "--mode", "family", "away"]);
    assert!(err.contains("needs a seat"), "{err}");
    let err = fails(&["perft", "--mode", "family", "--option", "teams=maybe", "1"]);
    assert!(err.contains("teams"), "{err}");
    let err = fails(&["perft", "--mode", "family"]);
    assert!(err.contains("depth"), "{err}");
}
