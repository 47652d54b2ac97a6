//! Short tones synthesised with WebAudio (no sound files). Every failure is silent: a
//! missing or blocked audio device must never disturb the game.

use std::cell::RefCell;
use web_sys::{AudioContext, OscillatorType};

thread_local! {
    static CONTEXT: RefCell<Option<AudioContext>> = const { RefCell::new(None) };
}

/// Creates the audio context ahead, at a quiet moment: creating one blocks the page for tens
/// of milliseconds (about 100 ms on a slow tablet), which at the first pick-up cost a drag its
/// frames. It waits suspended until [`unlock`] resumes it during a gesture.
pub fn prepare() {
    CONTEXT.with(|c| {
        let mut c = c.borrow_mut();
        if c.is_none() {
            *c = AudioContext::new().ok();
        }
    });
}

/// Creates (if [`prepare`] has not) or resumes the audio context. Browsers let it play only
/// after a user gesture, so the board calls this when a piece is picked up.
pub fn unlock() {
    prepare();
    CONTEXT.with(|c| {
        if let Some(ctx) = c.borrow().as_ref() {
            let _ = ctx.resume();
        }
    });
}

/// One note: `freq` Hz starting `at` seconds from now, `len` seconds long, soft attack/decay.
fn note(ctx: &AudioContext, freq: f32, at: f64, len: f64, volume: f32) -> Option<()> {
    let t = ctx.current_time() + at;
    let osc = ctx.create_oscillator().ok()?;
    osc.set_type(OscillatorType::Triangle);
    osc.frequency().set_value_at_time(freq, t).ok()?;
    let gain = ctx.create_gain().ok()?;
    let g = gain.gain();
    g.set_value_at_time(0.0, t).ok()?;
    g.linear_ramp_to_value_at_time(volume, t + 0.02).ok()?;
    g.exponential_ramp_to_value_at_time(0.001, t + len).ok()?;
    osc.connect_with_audio_node(&gain).ok()?;
    gain.connect_with_audio_node(&ctx.destination()).ok()?;
    osc.start_with_when(t).ok()?;
    osc.stop_with_when(t + len + 0.05).ok()?;
    Some(())
}

fn play(notes: &[(f32, f64, f64)]) {
    unlock();
    CONTEXT.with(|c| {
        if let Some(ctx) = c.borrow().as_ref() {
            for &(f, at, len) in notes {
                let _ = note(ctx, f, at, len, 0.25);
            }
        }
    });
}

/// Check: two quick rising notes.
pub fn check() {
    play(&[(660.0, 0.0, 0.16), (880.0, 0.14, 0.22)]);
}

/// Game over: a short rising arpeggio.
pub fn game_over() {
    play(&[(523.0, 0.0, 0.2), (659.0, 0.15, 0.2), (784.0, 0.3, 0.4)]);
}

/// Low time on the clock: one short, quiet tick.
pub fn tick() {
    unlock();
    CONTEXT.with(|c| {
        if let Some(ctx) = c.borrow().as_ref() {
            let _ = note(ctx, 1200.0, 0.0, 0.06, 0.12);
        }
    });
}
