//! The languages the app speaks: English compiled in, the others loaded when chosen
//! (`assets/messages/<code>/`). Each is named in its own words, the same in every language.

use super::{plural_ar, plural_en, plural_fr, plural_pl, plural_uk, plural_zh, PluralRule};

/// A language the app can be used in.
#[derive(Clone, Copy, Debug)]
pub struct LanguageInfo {
    /// The folder name and the `lang` attribute: `en`, `ar`, ...
    pub code: &'static str,
    /// Its name in itself, as the language chooser shows it.
    pub native_name: &'static str,
    pub plural: PluralRule,
    /// Written right to left: the page mirrors (the board does not).
    pub right_to_left: bool,
}

const fn language(
    code: &'static str,
    native_name: &'static str,
    plural: PluralRule,
    right_to_left: bool,
) -> LanguageInfo {
    LanguageInfo {
        code,
        native_name,
        plural,
        right_to_left,
    }
}

/// Every language, English first; the chooser lists them in this order.
pub const LANGUAGES: [LanguageInfo; 10] = [
    language("en", "English", plural_en, false),
    language("es", "Español", plural_en, false),
    language("fr", "Français", plural_fr, false),
    language("de", "Deutsch", plural_en, false),
    language("pt", "Português", plural_fr, false),
    language("it", "Italiano", plural_en, false),
    language("pl", "Polski", plural_pl, false),
    language("uk", "Українська", plural_uk, false),
    language("zh", "中文（简体）", plural_zh, false),
    language("ar", "العربية", plural_ar, true),
];

/// The language of `code` (`es`), if the app has it.
pub fn find(code: &str) -> Option<&'static LanguageInfo> {
    LANGUAGES.iter().find(|l| l.code == code)
}

/// A language folder of `assets/messages`, loaded from its files joined (`Language::load`).
#[cfg(test)]
pub(crate) fn load_folder(
    info: &LanguageInfo,
) -> Result<&'static crate::text::Language, Vec<crate::text::Error>> {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/messages")
        .join(info.code);
    let mut files: Vec<_> = std::fs::read_dir(&folder)
        .unwrap_or_else(|e| panic!("{}: {e}", folder.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    let texts: Vec<String> = files
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap_or_default())
        .collect();
    let joined = crate::text::catalogue::join(texts.iter().map(String::as_str));
    crate::text::Language::load(info.code, &joined, info.plural)
}

/// Tests elsewhere: makes the language `code` (a folder of `assets/messages`) this thread's
/// current language, so they can check their messages in it.
#[cfg(test)]
pub(crate) fn use_language_for_test(code: &str) {
    let info = find(code).unwrap_or_else(|| panic!("no language {code}"));
    let language = load_folder(info).unwrap_or_else(|e| panic!("{code}: {}", e[0]));
    crate::text::set_language(language);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::Plural;

    #[test]
    fn only_arabic_is_right_to_left() {
        let rtl: Vec<&str> = LANGUAGES
            .iter()
            .filter(|l| l.right_to_left)
            .map(|l| l.code)
            .collect();
        assert_eq!(rtl, ["ar"]);
    }

    #[test]
    fn plural_rules_follow_cldr_for_whole_numbers() {
        use Plural::*;
        let fr = |n| find("fr").map(|l| (l.plural)(n));
        assert_eq!([fr(0), fr(1), fr(2)], [Some(One), Some(One), Some(Other)]);
        let pl = |n| (find("pl").map(|l| l.plural).unwrap())(n);
        assert_eq!(
            [1, 2, 4, 5, 12, 14, 21, 22, 25, 112, 122].map(pl),
            [One, Few, Few, Many, Many, Many, Many, Few, Many, Many, Few]
        );
        let uk = |n| (find("uk").map(|l| l.plural).unwrap())(n);
        assert_eq!(
            [0, 1, 2, 5, 11, 12, 21, 22, 25, 101, 111].map(uk),
            [Many, One, Few, Many, Many, Many, One, Few, Many, One, Many]
        );
        let ar = |n| (find("ar").map(|l| l.plural).unwrap())(n);
        assert_eq!(
            [0, 1, 2, 3, 10, 11, 99, 100, 103].map(ar),
            [Zero, One, Two, Few, Few, Many, Many, Other, Few]
        );
    }

    /// Every language folder in `assets/messages` loads (its files joined, checked, made into
    /// the table the app reads), and every language the app offers has a folder.
    #[test]
    fn every_language_folder_loads_and_every_offered_language_has_one() {
        for info in &LANGUAGES[1..] {
            if let Err(errors) = load_folder(info) {
                panic!(
                    "{}: {} problems, first: {}",
                    info.code,
                    errors.len(),
                    errors[0]
                );
            }
        }
    }
}
