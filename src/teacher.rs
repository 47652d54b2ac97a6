//! The teacher's lock, its pure part (no web imports, tested natively): the PIN, stored only
//! as a salted SHA-256 hash, and the teacher's settings that go with it (which modes children
//! may start, whether Primary players may resign and offer draws). The web side
//! (`ui::teacher_lock`) keeps this in localStorage under [`STORAGE_KEY`] and asks for the PIN.

use crate::text::msg;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// localStorage key of the PIN and the teacher's settings. The documented PIN reset removes
/// exactly this key (never the games or the rule sets).
pub const STORAGE_KEY: &str = "classroom-chess.teacher";
const VERSION: u32 = 1;
/// Hash rounds: a 4-digit PIN is never strong, but the stored value should not give it away
/// at a glance or in a second.
const ROUNDS: u32 = 2_000;

/// The modes a child may be allowed to start, by key, as the new-game dialog names them.
pub const MODE_KEYS: [(&str, &str); 5] = [
    ("primary", "Primary Chess"),
    ("orthodox", "Orthodox Chess"),
    ("sharp", "Chess#"),
    ("family", "Fun Family Chess"),
    ("custom", "Custom rule sets"),
];

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct PinHash {
    pub salt: String,
    pub hash: String,
}

#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TeacherConfig {
    pub version: u32,
    /// `None`: no PIN, nothing is locked.
    pub pin: Option<PinHash>,
    /// Mode keys of [`MODE_KEYS`] children may start while the lock is on.
    pub allowed_modes: Vec<String>,
    /// Primary Chess: players may resign and offer draws (RULES.md §2 says no by default).
    pub primary_resign_draw: bool,
    /// The Hint button may be used while the lock is on. Settings from before hints have
    /// none: allowed.
    #[serde(default = "allowed")]
    pub hints: bool,
}

fn allowed() -> bool {
    true
}

impl Default for TeacherConfig {
    fn default() -> Self {
        TeacherConfig {
            version: VERSION,
            pin: None,
            allowed_modes: MODE_KEYS.iter().map(|(k, _)| k.to_string()).collect(),
            primary_resign_draw: false,
            hints: true,
        }
    }
}

/// A PIN is 4 to 8 digits: typed on a number pad by a teacher, remembered easily.
pub fn check_pin_format(pin: &str) -> Result<(), String> {
    if !(4..=8).contains(&pin.len()) || !pin.bytes().all(|b| b.is_ascii_digit()) {
        return Err(msg::problem_pin_format().into());
    }
    Ok(())
}

impl TeacherConfig {
    pub fn has_pin(&self) -> bool {
        self.pin.is_some()
    }

    /// Sets (or changes) the PIN; `salt` should be random (the web side uses the time and
    /// `Math.random`).
    pub fn set_pin(&mut self, pin: &str, salt: &str) -> Result<(), String> {
        check_pin_format(pin)?;
        self.pin = Some(PinHash {
            salt: salt.to_string(),
            hash: hash_pin(salt, pin),
        });
        Ok(())
    }

    /// True when `pin` is the teacher's PIN (or no PIN is set).
    pub fn verify(&self, pin: &str) -> bool {
        match &self.pin {
            None => true,
            Some(p) => hash_pin(&p.salt, pin.trim()) == p.hash,
        }
    }

    pub fn mode_allowed(&self, key: &str) -> bool {
        self.allowed_modes.iter().any(|m| m == key)
    }

    pub fn set_mode_allowed(&mut self, key: &str, on: bool) {
        self.allowed_modes.retain(|m| m != key);
        if on {
            self.allowed_modes.push(key.to_string());
        }
    }

    pub fn encode(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads the stored text; anything unreadable is an error (the caller sets it aside and
    /// says so), never a panic.
    pub fn decode(text: &str) -> Result<TeacherConfig, String> {
        let c: TeacherConfig =
            serde_json::from_str(text).map_err(|e| msg::problem_teacher_damaged(&e))?;
        if c.version != VERSION {
            return Err(msg::problem_teacher_version(&c.version));
        }
        if let Some(p) = &c.pin {
            if p.hash.len() != 64 || !p.hash.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(msg::problem_pin_damaged().into());
            }
        }
        Ok(c)
    }
}

/// The stored form of a PIN: SHA-256 of salt and PIN, iterated, as hex.
pub fn hash_pin(salt: &str, pin: &str) -> String {
    let mut digest = sha256(format!("classroom-chess:{salt}:{pin}").as_bytes());
    for _ in 1..ROUNDS {
        let mut buf = digest.to_vec();
        buf.extend_from_slice(pin.as_bytes());
        digest = sha256(&buf);
    }
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

/// SHA-256 of `data` (the well-kept `sha2` crate).
pub fn sha256(data: &[u8]) -> [u8; 32] {
    Sha256::digest(data).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(d: [u8; 32]) -> String {
        d.iter().map(|b| format!("{b:02x}")).collect()
    }

    #[test]
    fn sha256_matches_the_fips_test_vectors() {
        assert_eq!(
            hex(sha256(b"")),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert_eq!(
            hex(sha256(b"abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            hex(sha256(
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
            )),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
    }

    /// A PIN stored by an earlier version (hand-written SHA-256, same salted, iterated
    /// scheme) still verifies: updating the app never locks a teacher out.
    #[test]
    fn a_pin_stored_by_an_earlier_version_still_verifies() {
        let stored = r#"{"version":1,"pin":{"salt":"salt1","hash":"3391b990043a0ebf4ca4ddedc5b894ac6008716af2a2b396bfe0779964070da8"},"allowed_modes":["primary"],"primary_resign_draw":false}"#;
        let c = TeacherConfig::decode(stored).unwrap();
        assert!(c.verify("2468"));
        assert!(!c.verify("2467"));
    }

    #[test]
    fn the_pin_is_stored_hashed_and_checked() {
        let mut c = TeacherConfig::default();
        assert!(c.verify("anything"), "no PIN: everyone is the teacher");
        c.set_pin("2468", "salt1").unwrap();
        let stored = c.encode();
        assert!(
            !stored.contains("2468"),
            "the PIN is not stored as typed: {stored}"
        );
        let back = TeacherConfig::decode(&stored).unwrap();
        assert!(back.verify("2468"));
        assert!(!back.verify("2469"));
        assert!(!back.verify(""));
        // The same PIN with another salt stores differently.
        let mut other = TeacherConfig::default();
        other.set_pin("2468", "salt2").unwrap();
        assert_ne!(other.pin, c.pin);
    }

    #[test]
    fn bad_pins_are_refused_and_change_nothing() {
        let mut c = TeacherConfig::default();
        for bad in ["", "12", "12a4", "123456789", "12 34"] {
            assert!(c.set_pin(bad, "s").is_err(), "{bad:?}");
        }
        assert!(!c.has_pin());
    }

    #[test]
    fn allowed_modes_default_to_all_and_toggle() {
        let mut c = TeacherConfig::default();
        assert!(MODE_KEYS.iter().all(|(k, _)| c.mode_allowed(k)));
        c.set_mode_allowed("orthodox", false);
        assert!(!c.mode_allowed("orthodox"));
        c.set_mode_allowed("orthodox", true);
        c.set_mode_allowed("orthodox", true);
        assert_eq!(
            c.allowed_modes.iter().filter(|m| *m == "orthodox").count(),
            1
        );
    }

    #[test]
    fn damaged_storage_is_an_error_not_a_panic() {
        for bad in ["", "{", "null", "{\"version\":9}", "{\"version\":1,\"pin\":{\"salt\":\"s\",\"hash\":\"zz\"},\"allowed_modes\":[],\"primary_resign_draw\":false}"] {
            assert!(TeacherConfig::decode(bad).is_err(), "{bad}");
        }
    }
}
