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

/// Declares an enum without data whose saved form is each variant's name, or the name given
/// after it (`FaceToFace = "face-to-face"`, not valid Rust inside a plain enum: the macro
/// takes it out). It also gives `ALL`, every variant in order.
///
/// ```ignore
/// saved_by_name! {
///     #[derive(Clone, Copy, PartialEq, Eq, Debug)]
///     pub enum Castling { None, Standard, RuleZero }
/// }
/// ```
macro_rules! saved_by_name {
    (@name $v:ident) => { stringify!($v) };
    (@name $v:ident $name:literal) => { $name };
    (
        $(#[$m:meta])*
        $vis:vis enum $t:ident {
            $( $(#[$vm:meta])* $v:ident $(= $name:literal)? ),+ $(,)?
        }
    ) => {
        $(#[$m])*
        $vis enum $t {
            $( $(#[$vm])* $v ),+
        }
        impl $t {
            /// Every variant, in order.
            pub const ALL: [$t; [$(stringify!($v)),+].len()] = [$($t::$v),+];
            const SAVED_NAMES: &'static [&'static str] =
                &[$($crate::rules::saved_name::saved_by_name!(@name $v $($name)?)),+];

            /// The name this value is saved under.
            #[allow(dead_code)]
            pub fn saved_name(self) -> &'static str {
                let i = $t::ALL.iter().position(|v| *v == self).unwrap_or(0);
                $t::SAVED_NAMES[i]
            }

            /// The value saved under `name`.
            #[allow(dead_code)]
            pub fn from_saved_name(name: &str) -> Option<$t> {
                $t::SAVED_NAMES.iter().position(|n| *n == name).map(|i| $t::ALL[i])
            }
        }
        impl serde::Serialize for $t {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.saved_name())
            }
        }
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                $crate::rules::saved_name::read(d, $t::SAVED_NAMES).map(|i| $t::ALL[i])
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

    saved_by_name! {
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        enum Plain {
            First,
            SecondOne,
        }
    }

    saved_by_name! {
        #[derive(Clone, Copy, PartialEq, Eq, Debug)]
        enum Kebab {
            /// A variant's own attributes stay on it.
            First = "first",
            SecondOne = "second-one",
        }
    }

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
