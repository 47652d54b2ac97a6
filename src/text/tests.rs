use super::*;

/// English as a catalogue, from the compiled test table.
fn english_catalogue() -> Catalogue {
    english_from(EN, |id, text| {
        // Plain texts are stored with their braces resolved.
        if UNESCAPED.contains(&id) {
            catalogue::escape(text)
        } else {
            text.to_string()
        }
    })
}

/// English written back as a message file (from the compiled table).
fn english_file() -> String {
    let mut file = String::new();
    for message in english_catalogue().messages {
        for form in message.forms {
            match form.plural {
                Some(plural) => file.push_str(&format!(
                    "{}.{} = {}\n",
                    message.key,
                    plural.suffix(),
                    form.text
                )),
                None => file.push_str(&format!("{} = {}\n", message.key, form.text)),
            }
        }
    }
    file
}

/// English's file with some messages replaced (all the lines of each key given).
fn translation(replaced: &[(&str, &str)]) -> String {
    let mut file: String = english_file()
        .lines()
        .filter(|line| {
            let key = line.split([' ', '.']).next().unwrap_or("");
            !replaced.iter().any(|(k, _)| *k == key)
        })
        .map(|line| format!("{line}\n"))
        .collect();
    for (_, lines) in replaced {
        file.push_str(lines);
        file.push('\n');
    }
    file
}

#[test]
fn english_messages() {
    assert_eq!(language().code(), "en");
    assert_eq!(msg::new_game(), "New game");
    assert_eq!(msg::settings(), "Settings");
    assert_eq!(msg::export(), "Export");
    assert_eq!(msg::import(), "Import");
    assert_eq!(
        msg::viewing_move(&3, &40, &"Nf3"),
        "Viewing move 3 of 40 (Nf3)"
    );
    assert_eq!(msg::impasse_moves_each(1), "Impasse in 1 more move each");
    assert_eq!(msg::impasse_moves_each(0), "Impasse in 0 more moves each");
    assert_eq!(msg::impasse_moves_each(2), "Impasse in 2 more moves each");
}

#[test]
fn the_tables_agree() {
    assert!(KEYS.windows(2).all(|w| w[0] < w[1]), "KEYS sorted");
    assert_eq!(FIRST.len(), KEYS.len() + 1);
    assert_eq!(FIRST.last().map(|&f| usize::from(f)), Some(EN.len()));
    assert_eq!((SLOTS, SHAPES.len()), (EN.len(), EN.len()));
    // The shapes English is checked by are English's own: every message, plain or plural,
    // with its placeholders.
    let shapes = english_shapes();
    for (full, shaped) in english_catalogue().messages.iter().zip(&shapes.messages) {
        assert_eq!(full.key, shaped.key);
        assert_eq!(full.is_plural(), shaped.is_plural(), "{}", full.key);
        assert_eq!(full.placeholders(), shaped.placeholders(), "{}", full.key);
        assert_eq!(full.forms.len(), shaped.forms.len(), "{}", full.key);
    }
    for pair in FIRST.windows(2) {
        let len = pair[1] - pair[0];
        assert!(len == 1 || len == 6, "{len}");
    }
    // The compiled table is what loading English's own file gives.
    let english = Language::load("en", &english_file(), plural_en).unwrap();
    assert_eq!(english.table, EN);
    assert!(catalogue::check_english(&english_catalogue()).is_empty());
}

/// The text of every file of a language folder in `assets/messages`, in file name order.
fn folder_files(language: &str) -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/messages")
        .join(language);
    let mut files: Vec<(String, String)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "txt"))
        .map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read_to_string(path).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn english_is_its_folder_joined() {
    let files = folder_files("en");
    let names: Vec<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    for name in ["app.txt", "common.txt", "game.txt"] {
        assert!(names.contains(&name), "{names:?}");
    }
    // The joined folder loads to the compiled table: what a translation's bundle will be.
    let joined = catalogue::join(files.iter().map(|(_, text)| text.as_str()));
    let english = Language::load("en", &joined, plural_en).unwrap();
    assert_eq!(english.table, EN);
}

#[test]
fn a_translation_split_into_other_files_loads_joined() {
    // Split unlike English, a byte order mark, a file without its last line break.
    let files = [
        "\u{feff}# Menu.\nnew-game = Nouvelle partie\nsettings = Réglages",
        "",
        "# Jeu.\nviewing-move = Coup {n} sur {total} ({label})\n\
         impasse-moves-each.one = Impasse dans {n} coup\n\
         impasse-moves-each.other = Impasse dans {n} coups\n",
        "export = Exporter\nimport = Importer\n",
    ];
    // Every other message as in English, last (so the lines above keep their numbers).
    let rest = translation(&[
        ("new-game", ""),
        ("settings", ""),
        ("viewing-move", ""),
        ("impasse-moves-each", ""),
        ("export", ""),
        ("import", ""),
    ]);
    let with_rest = |parts: &[&str]| {
        let mut all = parts.to_vec();
        all.push(&rest);
        catalogue::join(all)
    };
    let french = Language::load("fr", &with_rest(&files), plural_en).unwrap();
    set_language(french);
    assert_eq!(msg::new_game(), "Nouvelle partie");
    assert_eq!(msg::settings(), "Réglages");
    assert_eq!(msg::import(), "Importer");
    assert_eq!(msg::viewing_move(&3, &40, &"Nf3"), "Coup 3 sur 40 (Nf3)");
    assert_eq!(msg::impasse_moves_each(1), "Impasse dans 1 coup");
    set_language(&ENGLISH);

    // Errors name the lines of the joined text; a key twice (in two files) is a duplicate.
    let broken = [
        files[0],
        "# Jeu.\nviewing-move = Coup {n}\n",
        files[3],
        "settings = encore\n",
    ];
    let errors: Vec<String> = match Language::load("fr", &with_rest(&broken), plural_en) {
        Ok(_) => panic!("expected errors"),
        Err(errors) => errors.iter().map(|e| e.to_string()).collect(),
    };
    assert_eq!(
        errors,
        ["fr (joined files):8: `settings`: a duplicate key (first on line 3)"]
    );
    let missing = [files[0], "# Jeu.\nviewing-move = Coup {n}\n", files[3]];
    let errors: Vec<String> = match Language::load("fr", &with_rest(&missing), plural_en) {
        Ok(_) => panic!("expected errors"),
        Err(errors) => errors.iter().map(|e| e.to_string()).collect(),
    };
    assert_eq!(
        errors,
        [
            "fr (joined files):5: `viewing-move`: placeholders differ from English (assets/messages/en); missing {total}, {label}",
            "fr (joined files): `impasse-moves-each`: missing (English has it: assets/messages/en)",
        ]
    );
    assert_eq!(language().code(), "en");
}

#[test]
fn plural_rules() {
    let en: Vec<Plural> = [0, 1, 2, 5, 21].into_iter().map(plural_en).collect();
    use Plural::*;
    assert_eq!(en, [Other, One, Other, Other, Other]);
    let ar: Vec<Plural> = [0, 1, 2, 3, 10, 11, 99, 100, 101, 102, 103, 111, 1000]
        .into_iter()
        .map(plural_ar)
        .collect();
    assert_eq!(
        ar,
        [Zero, One, Two, Few, Few, Many, Many, Other, Other, Other, Few, Many, Other]
    );
    assert_eq!(plural_zh(1), Other);
}

#[test]
fn filling_never_panics_and_shows_what_is_missing() {
    let names = ["n", "total", "label"];
    assert_eq!(
        fill_in("{n} of {total} ({label})", &names, &[&1, &2, &"x"]),
        "1 of 2 (x)"
    );
    // Missing arguments and unknown names stay visible.
    assert_eq!(
        fill_in("{n} of {total} ({label})", &names, &[&1]),
        "1 of {total} ({label})"
    );
    assert_eq!(
        fill_in("{label} {other} {n}", &names, &[&1, &2, &"x"]),
        "x {other} 1"
    );
    // Braces, repeated names, malformed text.
    assert_eq!(fill_in("{{{n}}} {n}", &names, &[&7]), "{7} 7");
    assert_eq!(fill_in("a } b { c {N}", &names, &[&7]), "a } b { c {N}");
    assert_eq!(fill_in("", &names, &[]), "");
    // Ids out of range answer the English text given, filled.
    assert_eq!(text(u16::MAX, "x"), "x");
    assert_eq!(fill(u16::MAX, "{n}!", &[&1]), "1!");
    assert_eq!(
        fill_plural(u16::MAX - 2, &["{n} xs", "", "{n} x"], 1, &[&1]),
        "1 x"
    );
    assert_eq!(fill_plural(u16::MAX - 2, &[], 1, &[&1]), "");
}

#[test]
fn a_loaded_language_replaces_english_without_changing_call_sites() {
    let file = translation(&[
        ("new-game", "# A comment.\nnew-game = لعبة\n    جديدة"),
        ("settings", "settings = {{Réglages}}"),
        ("viewing-move", "viewing-move = ({label}) {total}/{n}"),
        (
            "impasse-moves-each",
            "impasse-moves-each.zero = zero {n}\nimpasse-moves-each.two = two\n\
             impasse-moves-each.other = other {n}",
        ),
    ]);
    let arabic = Language::load("ar", &file, plural_ar).unwrap();
    set_language(arabic);
    assert_eq!(language().code(), "ar");
    assert_eq!(msg::new_game(), "لعبة جديدة");
    // A text without placeholders is stored with its braces resolved.
    assert_eq!(msg::settings(), "{Réglages}");
    // The arguments go by name, whatever the order in the translation.
    assert_eq!(msg::viewing_move(&3, &40, &"Nf3"), "(Nf3) 40/3");
    assert_eq!(msg::impasse_moves_each(0), "zero 0");
    assert_eq!(msg::impasse_moves_each(2), "two");
    // `.one` and `.few` are missing: `.other`.
    assert_eq!(msg::impasse_moves_each(1), "other 1");
    assert_eq!(msg::impasse_moves_each(5), "other 5");
    assert_eq!(msg::export(), "Export");

    set_language(&ENGLISH);
    assert_eq!(msg::new_game(), "New game");
    assert_eq!(msg::impasse_moves_each(2), "Impasse in 2 more moves each");
}

#[test]
fn loading_checks_like_the_build() {
    let errors = |file: &str| -> Vec<String> {
        match Language::load("xx", file, plural_en) {
            Ok(_) => panic!("expected errors"),
            Err(errors) => errors.iter().map(|e| e.to_string()).collect(),
        }
    };
    let missing = translation(&[("export", "")]);
    assert_eq!(
        errors(&missing),
        ["xx (joined files): `export`: missing (English has it: assets/messages/en)"]
    );
    let extra = translation(&[("unknown-key", "unknown-key = ?")]);
    assert_eq!(errors(&extra).len(), 1);
    assert!(
        errors(&extra)[0].starts_with("xx (joined files):"),
        "{:?}",
        errors(&extra)
    );
    assert!(errors(&extra)[0]
        .ends_with("`unknown-key`: no such message in English (assets/messages/en)"));
    let placeholders = translation(&[("viewing-move", "viewing-move = {n} {totl}")]);
    assert_eq!(errors(&placeholders).len(), 1);
    assert!(errors(&placeholders)[0].contains("missing {total}, {label}; not in English {totl}"));
    let plural = translation(&[("impasse-moves-each", "impasse-moves-each = {n}")]);
    assert!(errors(&plural)[0].contains("plural in English"));
    assert_eq!(
        errors("new-game = x\nbad line"),
        ["xx (joined files):2: expected `key = text` (or a `#` comment, or an indented continuation line)"]
    );
    // A failed load leaves the language as it was.
    assert_eq!(language().code(), "en");
}

/// The file the app fetches for each language is the build's table of it, and reads as the
/// same language the checked message files load as (`Language::load`).
#[test]
fn every_language_table_the_build_writes_reads_as_its_folder_loads() {
    for info in &languages::LANGUAGES[1..] {
        let path = std::path::Path::new(env!("OUT_DIR"))
            .join("lang")
            .join(format!("{}.txt", info.code));
        let file =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let read = Language::from_table(info.code, &file, info.plural)
            .unwrap_or_else(|| panic!("{} does not read", path.display()));
        let loaded = languages::load_folder(info).unwrap_or_else(|e| panic!("{}", e[0]));
        assert_eq!(read.table, loaded.table, "{}", info.code);
        assert_eq!(read.table.len(), SLOTS);
    }
}

/// A damaged table file (cut off, another language's, a host's error page) is refused whole:
/// the app then stays in English.
#[test]
fn a_damaged_table_is_refused() {
    let table: Vec<String> = (0..SLOTS).map(|slot| format!("text {slot}")).collect();
    let good = catalogue::table_file("fr", &table);
    let french = Language::from_table("fr", &good, plural_fr).expect("a whole table reads");
    assert_eq!(french.table.get(7).copied(), Some("text 7"));
    let cut = &good[..good.len() - 10];
    let longer = format!("{good}one line more\n");
    let shorter = good.replacen("text 0\n", "", 1);
    let page = "<!doctype html><title>404 Not Found</title>\n";
    for damaged in [cut, &longer, &shorter, page, "", "fr", "fr\n"] {
        assert!(
            Language::from_table("fr", damaged, plural_fr).is_none(),
            "{damaged:.40}"
        );
    }
    assert!(
        Language::from_table("de", &good, plural_en).is_none(),
        "another language's"
    );
    assert_eq!(language().code(), "en");
}
