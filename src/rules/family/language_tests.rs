//! The reasons of this module come from the message catalogue, in the current language.

use super::game::FamilyGame;
use super::state::EndReason;
use super::text::parse_position;
use crate::text::languages::use_language_for_test as speak;
use crate::text::{set_language, ENGLISH};

#[test]
fn family_refusals_come_in_the_players_language() {
    speak("fr");
    assert_eq!(
        parse_position("rKh1 bKa7 turn:y").unwrap_err(),
        "c'est à Jaune de jouer, mais personne n'est assis à cette place"
    );
    assert_eq!(
        parse_position("rKh1 bKa7 options:teams=maybe").unwrap_err(),
        "« options:teams=maybe » : option teams : on attend free ou fixed, pas « maybe »"
    );
    let mut game = FamilyGame::from_text("rKh1 bKa7 rQd5").unwrap();
    assert_eq!(
        game.play_text("b: Ka7-a6").unwrap_err(),
        "c'est à Rouge de jouer, pas à Bleu"
    );
    assert_eq!(
        game.play_text("Rd5-d6").unwrap_err(),
        "tu n'as pas de tour en d5"
    );
    assert_eq!(
        EndReason::AllPassed.describe(),
        "tous les joueurs ont dû passer leur tour"
    );

    // Plural forms follow the language's rule: Polish says "lata" for 2 to 4 years.
    speak("pl");
    let mut game = FamilyGame::from_text("rKh1 bKa7 options:absence=on,eligibility=3").unwrap();
    let refusal = game.away(super::BLUE, false).unwrap_err();
    assert!(
        refusal.starts_with("Niebieskie: nie mogą wyjść"),
        "{refusal}"
    );
    assert!(refusal.contains("co najmniej 3 lata"), "{refusal}");

    set_language(&ENGLISH);
    assert_eq!(
        parse_position("rKh1 bKa7 turn:y").unwrap_err(),
        "Yellow is to move but nobody sits there"
    );
}
