//! The teacher's lock, its pure part (no web imports, tested natively): the PIN, stored only
//! as a salted SHA-256 hash, and the teacher's settings that go with it (which modes children
//! may start, whether Primary players may resign and offer draws). The web side
//! (`ui::teacher_lock`) keeps this in localStorage under [`STORAGE_KEY`] and asks for the PIN.

use serde::{Deserialize, Serialize};

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
}

impl Default for TeacherConfig {
    fn default() -> Self {
        TeacherConfig {
            version: VERSION,
            pin: None,
            allowed_modes: MODE_KEYS.iter().map(|(k, _)| k.to_string()).collect(),
            primary_resign_draw: false,
        }
    }
}

/// A PIN is 4 to 8 digits: typed on a number pad by a teacher, remembered easily.
pub fn check_pin_format(pin: &str) -> Result<(), String> {
    if !(4..=8).contains(&pin.len()) || !pin.bytes().all(|b| b.is_ascii_digit()) {
        return Err("The PIN must be 4 to 8 digits.".into());
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
        let c: TeacherConfig = serde_json::from_str(text).map_err(|e| e.to_string())?;
        if c.version != VERSION {
            return Err(format!("unknown teacher settings version {}", c.version));
        }
        if let Some(p) = &c.pin {
            if p.hash.len() != 64 || !p.hash.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err("the stored PIN is damaged".into());
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

/// SHA-256 (FIPS 180-4), small and dependency-free.
pub fn sha256(data: &[u8]) -> [u8; 32] {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];
    let mut h: [u32; 8] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
        0x5be0cd19,
    ];
    let mut msg = data.to_vec();
    msg.push(0x80);
    while msg.len() % 64 != 56 {
        msg.push(0);
    }
    msg.extend_from_slice(&((data.len() as u64) * 8).to_be_bytes());
    for block in msg.chunks(64) {
        let mut w = [0u32; 64];
        for (i, word) in block.chunks(4).enumerate() {
            w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = h;
        for i in 0..64 {
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let ch = (e & f) ^ (!e & g);
            let t1 = hh
                .wrapping_add(s1)
                .wrapping_add(ch)
                .wrapping_add(K[i])
                .wrapping_add(w[i]);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let maj = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(maj);
            hh = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = c;
            c = b;
            b = a;
            a = t1.wrapping_add(t2);
        }
        for (x, y) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
            *x = x.wrapping_add(y);
        }
    }
    let mut out = [0u8; 32];
    for (i, x) in h.iter().enumerate() {
        out[i * 4..i * 4 + 4].copy_from_slice(&x.to_be_bytes());
    }
    out
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
