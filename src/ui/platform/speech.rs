//! Speech: the browser's speech synthesis says a few words (a check, the end of a game), in
//! the app's language with a voice of that language when the browser has one. Every failure
//! is silent.

/// Says `words`, interrupting anything still being said.
pub fn speak(words: &str) {
    let Some(synth) = web_sys::window().and_then(|w| w.speech_synthesis().ok()) else {
        return;
    };
    if let Ok(utterance) = web_sys::SpeechSynthesisUtterance::new_with_text(words) {
        let code = crate::text::language().code();
        utterance.set_lang(code);
        // "pt" picks "pt-BR", "zh" picks "zh-CN": the first voice whose tag starts with it.
        let voice = synth.get_voices().iter().find_map(|v| {
            let v: web_sys::SpeechSynthesisVoice = wasm_bindgen::JsCast::dyn_into(v).ok()?;
            let tag = v.lang();
            let primary = tag.split(['-', '_']).next().unwrap_or("");
            primary.eq_ignore_ascii_case(code).then_some(v)
        });
        if let Some(voice) = voice {
            utterance.set_voice(Some(&voice));
        }
        utterance.set_rate(1.0);
        synth.cancel();
        synth.speak(&utterance);
    }
}
