//! Upper case for the first letter of a phrase. The letters of the app's languages (Latin
//! with its accents, Cyrillic) are mapped here by their code points: Unicode's full case
//! tables would weigh more in the first load than all the English texts in it. Any other
//! character is left as it is (the tests check every letter of every language's messages).

/// The phrase with its first letter in upper case.
pub fn capitalise(text: &str) -> String {
    let mut c = text.chars();
    match c.next() {
        Some(first) => std::iter::once(upper(first)).chain(c).collect(),
        None => String::new(),
    }
}

/// The upper case of a lower-case Latin or Cyrillic letter; any other character unchanged.
pub fn upper(c: char) -> char {
    let u = c as u32;
    let odd = u % 2 == 1;
    let up = match u {
        0x61..=0x7A => u - 0x20,
        0xE0..=0xFE if u != 0xF7 => u - 0x20,
        0xFF => 0x178,
        0xB5 => 0x39C,
        0x131 => 0x49,
        0x17F => 0x53,
        // Latin Extended-A: pairs, upper case first, in two alignments.
        0x100..=0x137 | 0x14A..=0x177 if odd && u != 0x131 => u - 1,
        0x139..=0x148 | 0x179..=0x17E if !odd => u - 1,
        0x430..=0x44F => u - 0x20,
        0x450..=0x45F => u - 0x50,
        0x460..=0x481 | 0x48A..=0x4BF | 0x4D0..=0x52F if odd => u - 1,
        0x4C1..=0x4CE if !odd => u - 1,
        0x4CF => 0x4C0,
        _ => u,
    };
    char::from_u32(up).unwrap_or(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What Unicode's tables say, where the upper case is one letter.
    fn unicode_upper(c: char) -> Option<char> {
        let mut up = c.to_uppercase();
        match (up.next(), up.next()) {
            (Some(u), None) => Some(u),
            _ => None,
        }
    }

    #[test]
    fn latin_and_cyrillic_letters_match_unicode() {
        for u in (0x20..0x180).chain(0x400..0x530) {
            let Some(c) = char::from_u32(u) else { continue };
            match unicode_upper(c) {
                Some(expected) => assert_eq!(upper(c), expected, "U+{u:04X} {c}"),
                // ß and ŉ become two letters: left as they are.
                None => assert_eq!(upper(c), c, "U+{u:04X} {c}"),
            }
        }
    }

    #[test]
    fn every_letter_of_every_language_matches_unicode() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/messages");
        let mut letters = std::collections::BTreeSet::new();
        for language in std::fs::read_dir(dir).unwrap() {
            let path = language.unwrap().path();
            if !path.is_dir() {
                continue;
            }
            for file in std::fs::read_dir(path).unwrap() {
                letters.extend(
                    std::fs::read_to_string(file.unwrap().path())
                        .unwrap()
                        .chars(),
                );
            }
        }
        assert!(letters.contains(&'ї') && letters.contains(&'ł') && letters.contains(&'é'));
        for c in letters {
            if let Some(expected) = unicode_upper(c) {
                assert_eq!(upper(c), expected, "{c}");
            }
        }
    }

    #[test]
    fn phrases() {
        assert_eq!(capitalise("checkmate"), "Checkmate");
        assert_eq!(capitalise("échec et mat"), "Échec et mat");
        assert_eq!(capitalise("шах і мат"), "Шах і мат");
        assert_eq!(capitalise("łatwe"), "Łatwe");
        assert_eq!(capitalise("كش مات"), "كش مات");
        assert_eq!(capitalise(""), "");
    }
}
