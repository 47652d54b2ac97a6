//! The head of a save: whether it is a JSON object, and its `app` and `version` fields, read
//! with every other field skipped. A save is then read once, straight into its own type; no
//! generic JSON tree is built (that reader would be a second copy of every save's decoder).

use serde::de::{Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::fmt;

use crate::text::msg;

#[derive(Debug, Default, PartialEq, Eq)]
pub struct Head {
    /// The text is a JSON object (saves are; the first settings were a bare object).
    pub object: bool,
    /// The `app` field, when there is one (whatever its kind).
    pub app: Option<Field>,
    pub version: Option<Field>,
}

/// A field of the head: a string or a whole number kept, any other value only noted.
#[derive(Debug, PartialEq, Eq)]
pub enum Field {
    Text(String),
    Number(u64),
    Other,
}

impl Head {
    /// The head of `text`; an error only when the text is not JSON at all.
    pub fn read(text: &str) -> Result<Head, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// The `app` and `version` a save must have; anything else is refused with the reason.
    pub fn check(&self, app: &str, version: u32) -> Result<(), String> {
        if !matches!(&self.app, Some(Field::Text(a)) if a == app) {
            return Err(msg::problem_save_not_ours().into());
        }
        match self.version {
            Some(Field::Number(v)) if v == u64::from(version) => Ok(()),
            Some(Field::Number(v)) => Err(msg::problem_save_version(&v, &version)),
            _ => Err(msg::problem_save_no_version().into()),
        }
    }
}

impl<'de> Deserialize<'de> for Head {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Head, D::Error> {
        d.deserialize_any(HeadVisitor)
    }
}

impl<'de> Deserialize<'de> for Field {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Field, D::Error> {
        d.deserialize_any(FieldVisitor)
    }
}

/// Any JSON value that is not an object gives an empty head (not an object, no fields).
struct HeadVisitor;

impl<'de> Visitor<'de> for HeadVisitor {
    type Value = Head;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("JSON")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Head, A::Error> {
        let mut head = Head {
            object: true,
            ..Head::default()
        };
        while let Some(key) = map.next_key::<String>()? {
            // A repeated key: the last one counts.
            match key.as_str() {
                "app" => head.app = Some(map.next_value()?),
                "version" => head.version = Some(map.next_value()?),
                _ => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        Ok(head)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Head, A::Error> {
        IgnoredAny.visit_seq(seq).map(|_| Head::default())
    }
    fn visit_bool<E>(self, _: bool) -> Result<Head, E> {
        Ok(Head::default())
    }
    fn visit_i64<E>(self, _: i64) -> Result<Head, E> {
        Ok(Head::default())
    }
    fn visit_u64<E>(self, _: u64) -> Result<Head, E> {
        Ok(Head::default())
    }
    fn visit_f64<E>(self, _: f64) -> Result<Head, E> {
        Ok(Head::default())
    }
    fn visit_str<E>(self, _: &str) -> Result<Head, E> {
        Ok(Head::default())
    }
    fn visit_unit<E>(self) -> Result<Head, E> {
        Ok(Head::default())
    }
}

struct FieldVisitor;

impl<'de> Visitor<'de> for FieldVisitor {
    type Value = Field;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("JSON")
    }

    fn visit_str<E>(self, v: &str) -> Result<Field, E> {
        Ok(Field::Text(v.to_owned()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Field, E> {
        Ok(Field::Number(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Field, E> {
        Ok(u64::try_from(v).map_or(Field::Other, Field::Number))
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Field, A::Error> {
        IgnoredAny.visit_map(map).map(|_| Field::Other)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Field, A::Error> {
        IgnoredAny.visit_seq(seq).map(|_| Field::Other)
    }
    fn visit_bool<E>(self, _: bool) -> Result<Field, E> {
        Ok(Field::Other)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Field, E> {
        Ok(Field::Other)
    }
    fn visit_unit<E>(self) -> Result<Field, E> {
        Ok(Field::Other)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn head(text: &str) -> Head {
        Head::read(text).unwrap()
    }

    #[test]
    fn heads_are_checked() {
        assert!(head(r#"{"app":"a","version":1}"#).check("a", 1).is_ok());
        assert!(head(r#"{"version":1,"x":{"app":"b"},"app":"a"}"#)
            .check("a", 1)
            .is_ok());
        assert!(head(r#"{"app":"b","version":1}"#).check("a", 1).is_err());
        let e = head(r#"{"app":"a","version":7}"#)
            .check("a", 1)
            .unwrap_err();
        assert!(e.contains('7'), "{e}");
        assert!(head(r#"{"app":"a"}"#).check("a", 1).is_err());
        for no_version in ["1.0", "-1", "\"1\"", "null", "[1]"] {
            let text = format!(r#"{{"app":"a","version":{no_version}}}"#);
            assert_eq!(
                head(&text).check("a", 1),
                head(r#"{"app":"a"}"#).check("a", 1),
                "{text}"
            );
        }
    }

    #[test]
    fn any_json_has_a_head_and_only_json_does() {
        for text in [
            "[1,{\"app\":\"a\"}]",
            "\"app\"",
            "3",
            "-2.5",
            "true",
            "null",
        ] {
            assert_eq!(head(text), Head::default(), "{text}");
        }
        assert_eq!(head(r#"{"app":7}"#).app, Some(Field::Number(7)));
        assert_eq!(head(r#"{"app":{"a":[1]}}"#).app, Some(Field::Other));
        assert!(head("{}").object);
        for damaged in ["", "{", r#"{"app":"a","version":1"#, "{} x", "{\"a\":tru}"] {
            assert!(Head::read(damaged).is_err(), "{damaged}");
        }
    }
}
