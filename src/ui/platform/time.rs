//! Time: the page's monotonic clock for the chess clock and drags, and the wall clock for
//! names that must differ between visits (set-aside keys, salts).

/// Milliseconds from the page's monotonic clock (`performance.now()`): the only time source
/// of the chess clock (tests fake it).
pub fn now_ms() -> f64 {
    web_sys::window()
        .and_then(|w| w.performance())
        .map_or(0.0, |p| p.now())
}

/// Milliseconds since 1970 (`Date.now()`).
pub fn wall_ms() -> f64 {
    web_sys::js_sys::Date::now()
}

/// A random number in `[0, 1)` (`Math.random()`), for salts and tab ids.
pub fn random() -> f64 {
    web_sys::js_sys::Math::random()
}

/// Today as `(year, month 1..12, day)`, in the page's time zone.
pub fn today() -> (u32, u32, u32) {
    let d = web_sys::js_sys::Date::new_0();
    (d.get_full_year(), d.get_month() + 1, d.get_date())
}
