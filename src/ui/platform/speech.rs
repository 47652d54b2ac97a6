//! Speech: the browser's speech synthesis says a few words (a check, the end of a game).
//! Every failure is silent.

/// Says `words`, interrupting anything still being said.
pub fn speak(words: &str) {
    let Some(synth) = web_sys::window().and_then(|w| w.speech_synthesis().ok()) else {
        return;
    };
    if let Ok(utterance) = web_sys::SpeechSynthesisUtterance::new_with_text(words) {
        utterance.set_rate(1.0);
        synth.cancel();
        synth.speak(&utterance);
    }
}
