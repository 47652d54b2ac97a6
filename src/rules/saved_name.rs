//! Enums without data are saved as their variant's name (`"KingCapture"`), as serde's derive
//! writes them. [`saved_by_name!`] writes their serde code through one shared reader, not a
//! visitor per enum: every enum the saves hold would otherwise bring its own decoder.

use serde::de::Error;
use serde::{Deserialize, Deserializer};

/// The index of `names` the next value names; an unknown name is serde's "unknown variant".
pub fn read<'de, D: Deserializer<'de>>(
    d: D,
    names: &'static [&'static str],
) -> Result<usize, D::Error> {
    let name = String::deserialize(d)?;
    names
        .iter()
        .position(|n| *n == name)
        .ok_or_else(|| D::Error::unknown_variant(&name, names))
}

/// `saved_by_name!(Castling { None, Standard, RuleZero })` saves each variant under its own
/// name; `saved_by_name!(Rotation { Mover = "mover", Fixed = "fixed" })` under the one given.
/// Every variant must be listed (a missing one does not compile).
macro_rules! saved_by_name {
    ($t:ident { $($v:ident),+ $(,)? }) => {
        $crate::rules::saved_name::saved_by_name!($t { $($v = stringify!($v)),+ });
    };
    ($t:ident { $($v:ident = $name:expr),+ $(,)? }) => {
        impl $t {
            const SAVED: &'static [($t, &'static str)] = &[$(($t::$v, $name)),+];
            const SAVED_NAMES: &'static [&'static str] = &[$($name),+];
        }
        // Lists every variant: adding one without its name here is a compile error.
        const _: fn($t) = |v| match v {
            $($t::$v => {}),+
        };
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let name = $t::SAVED
                    .iter()
                    .find(|(v, _)| v == self)
                    .map_or("", |(_, n)| n);
                s.serialize_str(name)
            }
        }
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $crate::rules::saved_name::read(d, $t::SAVED_NAMES).map(|i| $t::SAVED[i].0)
            }
        }
    };
}
pub(crate) use saved_by_name;

#[cfg(test)]
mod tests {
    #[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize, serde::Deserialize)]
    #[serde(rename_all = "kebab-case")]
    enum Derived {
        First,
        SecondOne,
    }

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    enum Plain {
        First,
        SecondOne,
    }
    saved_by_name!(Plain { First, SecondOne });

    #[derive(Clone, Copy, PartialEq, Eq, Debug)]
    enum Kebab {
        First,
        SecondOne,
    }
    saved_by_name!(Kebab {
        First = "first",
        SecondOne = "second-one"
    });

    #[test]
    fn names_are_what_serdes_derive_writes_and_read_back() {
        assert_eq!(
            serde_json::to_string(&Plain::SecondOne).unwrap(),
            "\"SecondOne\""
        );
        assert_eq!(
            serde_json::to_string(&Kebab::SecondOne).unwrap(),
            serde_json::to_string(&Derived::SecondOne).unwrap()
        );
        for (p, k) in [
            (Plain::First, Kebab::First),
            (Plain::SecondOne, Kebab::SecondOne),
        ] {
            let text = serde_json::to_string(&p).unwrap();
            assert_eq!(serde_json::from_str::<Plain>(&text).unwrap(), p);
            let text = serde_json::to_string(&k).unwrap();
            assert_eq!(serde_json::from_str::<Kebab>(&text).unwrap(), k);
            assert_eq!(
                serde_json::from_str::<Derived>(&text).unwrap() as u8,
                k as u8
            );
        }
    }

    #[test]
    fn an_unknown_name_or_a_non_string_is_refused() {
        let e = serde_json::from_str::<Plain>("\"Third\"").unwrap_err();
        assert!(e.to_string().contains("unknown variant `Third`"), "{e}");
        assert!(serde_json::from_str::<Plain>("3").is_err());
        assert!(serde_json::from_str::<Plain>("null").is_err());
    }
}
