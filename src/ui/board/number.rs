//! Numbers written into SVG attributes and CSS values, rounded to a few decimals and written
//! with integer formatting only: core's float formatting (about 10 KB of WebAssembly) then
//! never reaches the app's first load.

use std::fmt;

/// A number written with at most `places` decimals: rounded half away from zero, trailing
/// zeros dropped, never `-0` (`4.0` → `4`, `-3.25` → `-3.3`, `-0.04` → `0` in tenths).
/// Not-a-number writes `0`; SVG and CSS read all of these.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Num {
    value: f64,
    places: u32,
}

/// `value` to tenths: enough for board units (a square is 100) and CSS pixels.
pub fn tenths(value: f64) -> Num {
    Num { value, places: 1 }
}

/// `value` to hundredths: for factors such as a piece's `scale(1.15)`, and the small army
/// badges whose sizes are fractions of a few units.
pub fn hundredths(value: f64) -> Num {
    Num { value, places: 2 }
}

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scale = 10_u64.pow(self.places);
        // The cast saturates: NaN gives 0.
        let n = (self.value * scale as f64).round() as i64;
        if n < 0 {
            f.write_str("-")?;
        }
        let n = n.unsigned_abs();
        write!(f, "{}", n / scale)?;
        let (mut frac, mut width) = (n % scale, self.places as usize);
        if frac == 0 {
            return Ok(());
        }
        while frac % 10 == 0 {
            frac /= 10;
            width -= 1;
        }
        write!(f, ".{frac:0width$}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tenths_round_half_away_from_zero_and_drop_trailing_zeros() {
        let cases = [
            (4.0, "4"),
            (700.0, "700"),
            (0.0, "0"),
            (-0.0, "0"),
            (-0.04, "0"),
            (0.05, "0.1"),
            (-0.05, "-0.1"),
            (-3.25, "-3.3"),
            (3.25, "3.3"),
            (12.34, "12.3"),
            (-12.36, "-12.4"),
            (99.96, "100"),
            (-1400.0, "-1400"),
            (0.1 + 0.2, "0.3"),
        ];
        for (value, text) in cases {
            assert_eq!(tenths(value).to_string(), text, "{value}");
        }
    }

    #[test]
    fn hundredths_keep_two_places_with_leading_zeros() {
        let cases = [
            (1.15, "1.15"),
            (1.6, "1.6"),
            (2.25, "2.25"),
            (9.45, "9.45"),
            (1.05, "1.05"),
            (-0.004, "0"),
            (-0.005, "-0.01"),
            (3.0, "3"),
            (73.9, "73.9"),
        ];
        for (value, text) in cases {
            assert_eq!(hundredths(value).to_string(), text, "{value}");
        }
    }

    #[test]
    fn what_is_not_a_number_is_still_a_number() {
        assert_eq!(tenths(f64::NAN).to_string(), "0");
    }
}
