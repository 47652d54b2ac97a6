//! The chess clock (RULES.md §6) as pure logic: the caller passes the time (milliseconds
//! from any monotonic source), so it is tested natively and the web app drives it with
//! `performance.now()`. Saved as remaining times only, so time while the page is closed is
//! never charged.

use crate::rules::types::Side;
use crate::text::msg;
use serde::{Deserialize, Serialize};

/// A time control: minutes per side plus an increment per move, or untimed.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TimeControl {
    pub base_ms: u64,
    pub increment_ms: u64,
}

impl TimeControl {
    /// The presets of RULES.md §6, `None` being untimed.
    pub const PRESETS: [(&'static str, Option<TimeControl>); 8] = [
        ("1+0", Some(TimeControl::minutes(1, 0))),
        ("3+2", Some(TimeControl::minutes(3, 2))),
        ("5+0", Some(TimeControl::minutes(5, 0))),
        ("10+0", Some(TimeControl::minutes(10, 0))),
        ("10+5", Some(TimeControl::minutes(10, 5))),
        ("15+10", Some(TimeControl::minutes(15, 10))),
        ("25+0", Some(TimeControl::minutes(25, 0))),
        ("untimed", None),
    ];

    pub const fn minutes(base: u64, increment_seconds: u64) -> TimeControl {
        TimeControl {
            base_ms: base * 60_000,
            increment_ms: increment_seconds * 1000,
        }
    }

    /// `3+2` style label.
    pub fn label(&self) -> String {
        format!("{}+{}", self.base_ms / 60_000, self.increment_ms / 1000)
    }

    pub fn parse(text: &str) -> Result<Option<TimeControl>, String> {
        TimeControl::PRESETS
            .iter()
            .find(|(name, _)| *name == text.trim())
            .map(|(_, tc)| *tc)
            .ok_or_else(|| msg::problem_time_control(&text))
    }
}

/// Both sides' clocks. Only the clock of `running` counts down, and only while not paused.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Clock {
    pub control: TimeControl,
    remaining_ms: [u64; 2],
    running: Option<Side>,
    paused: bool,
    /// When the running clock was last read; not saved (a reload starts a new interval).
    #[serde(skip)]
    since: Option<f64>,
}

impl Clock {
    /// A clock that has not started: it starts with the first move's side.
    pub fn new(control: TimeControl) -> Clock {
        Clock {
            control,
            remaining_ms: [control.base_ms; 2],
            running: None,
            paused: false,
            since: None,
        }
    }

    /// Time left for `side` at time `now`.
    pub fn remaining(&self, side: Side, now: f64) -> u64 {
        let i = side.index().min(1);
        let mut left = self.remaining_ms[i];
        if self.running == Some(side) && !self.paused {
            if let Some(t) = self.since {
                left = left.saturating_sub((now - t).max(0.0) as u64);
            }
        }
        left
    }

    pub fn running(&self) -> Option<Side> {
        self.running
    }

    /// Checks a clock read from a save: a running side that is White or Black and times no
    /// game has (more than a day) refused, so nothing later misreads or overflows.
    pub fn check(&self) -> Result<(), String> {
        const DAY_MS: u64 = 24 * 3_600_000;
        if self.running.is_some_and(|s| s.0 > 1) {
            return Err(msg::problem_clock_side().into());
        }
        let times = [
            self.control.base_ms,
            self.control.increment_ms,
            self.remaining_ms[0],
            self.remaining_ms[1],
        ];
        if times.iter().any(|&t| t > DAY_MS) {
            return Err(msg::problem_clock_day().into());
        }
        Ok(())
    }

    pub fn is_paused(&self) -> bool {
        self.paused
    }

    /// Charges the running side for the time since the last reading.
    fn settle(&mut self, now: f64) {
        if let Some(side) = self.running {
            let left = self.remaining(side, now);
            self.remaining_ms[side.index().min(1)] = left;
        }
        self.since = Some(now);
    }

    /// Starts `side`'s clock (the side to move when the game starts or resumes).
    pub fn start(&mut self, side: Side, now: f64) {
        self.settle(now);
        self.running = Some(side);
        self.since = Some(now);
    }

    /// `side` has moved: charge it, add the increment and start the opponent's clock.
    pub fn press(&mut self, side: Side, now: f64) {
        self.settle(now);
        let i = side.index().min(1);
        // Every completed move earns the increment, the first one too (the clock may start
        // with White's first move, before anything ran).
        if self.running != Some(Side(1 - i as u8)) {
            self.remaining_ms[i] = self.remaining_ms[i].saturating_add(self.control.increment_ms);
        }
        self.running = Some(Side(1 - i as u8));
        self.since = Some(now);
    }

    pub fn pause(&mut self, now: f64) {
        self.settle(now);
        self.paused = true;
    }

    pub fn resume(&mut self, now: f64) {
        self.paused = false;
        self.since = Some(now);
    }

    /// Stops the clock for good (game over).
    pub fn stop(&mut self, now: f64) {
        self.settle(now);
        self.running = None;
    }

    /// Records the time used so far; call before saving.
    pub fn checkpoint(&mut self, now: f64) {
        self.settle(now);
    }

    /// After loading a saved clock: count from `now`, never charging the time it was closed.
    pub fn restore(&mut self, now: f64) {
        self.since = Some(now);
    }

    /// The side whose flag has fallen, if any.
    pub fn flagged(&self, now: f64) -> Option<Side> {
        self.running.filter(|&s| self.remaining(s, now) == 0)
    }

    /// `m:ss`, or `s.t` under ten seconds so the last seconds are readable.
    pub fn format(ms: u64) -> String {
        if ms < 10_000 {
            format!("{}.{}", ms / 1000, (ms % 1000) / 100)
        } else {
            let s = ms.div_ceil(1000);
            format!("{}:{:02}", s / 60, s % 60)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_6_presets_parse() {
        assert_eq!(
            TimeControl::parse("3+2").unwrap(),
            Some(TimeControl::minutes(3, 2))
        );
        assert_eq!(TimeControl::parse("untimed").unwrap(), None);
        assert!(TimeControl::parse("7+7").is_err());
        assert_eq!(TimeControl::minutes(15, 10).label(), "15+10");
    }

    #[test]
    fn rules_6_only_the_side_to_move_runs_and_gets_the_increment() {
        let mut c = Clock::new(TimeControl::minutes(1, 2));
        c.start(Side::WHITE, 0.0);
        assert_eq!(c.remaining(Side::WHITE, 10_000.0), 50_000);
        assert_eq!(c.remaining(Side::BLACK, 10_000.0), 60_000);
        c.press(Side::WHITE, 10_000.0);
        assert_eq!(c.remaining(Side::WHITE, 20_000.0), 52_000);
        assert_eq!(c.remaining(Side::BLACK, 20_000.0), 50_000);
        assert_eq!(c.running(), Some(Side::BLACK));
    }

    #[test]
    fn rules_6_pause_and_reload_do_not_charge_time() {
        let mut c = Clock::new(TimeControl::minutes(1, 0));
        c.start(Side::WHITE, 0.0);
        c.pause(5_000.0);
        assert_eq!(c.remaining(Side::WHITE, 90_000.0), 55_000);
        c.resume(90_000.0);
        assert_eq!(c.remaining(Side::WHITE, 91_000.0), 54_000);
        // Saved and loaded an hour later in a new page (a new time origin).
        c.checkpoint(91_000.0);
        let saved = serde_json::to_string(&c).unwrap();
        let mut loaded: Clock = serde_json::from_str(&saved).unwrap();
        loaded.restore(100.0);
        let left = loaded.remaining(Side::WHITE, 1_100.0);
        assert!((52_000..=53_000).contains(&left), "{left}");
    }

    #[test]
    fn rules_6_the_first_move_earns_the_increment_even_before_the_clock_ran() {
        let mut c = Clock::new(TimeControl::minutes(3, 2));
        c.press(Side::WHITE, 0.0);
        assert_eq!(c.remaining(Side::WHITE, 0.0), 182_000);
        assert_eq!(c.running(), Some(Side::BLACK));
    }

    #[test]
    fn rules_6_the_flag_falls_at_zero() {
        let mut c = Clock::new(TimeControl::minutes(1, 0));
        c.start(Side::WHITE, 0.0);
        assert_eq!(c.flagged(59_999.0), None);
        assert_eq!(c.flagged(60_000.0), Some(Side::WHITE));
        assert_eq!(c.remaining(Side::WHITE, 70_000.0), 0);
        assert_eq!(Clock::format(61_000), "1:01");
        assert_eq!(Clock::format(9_450), "9.4");
    }
}
