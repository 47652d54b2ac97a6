//! Every text a person reads, from one message catalogue (pure Rust, no web imports).
//!
//! ```ignore
//! use crate::text::msg;
//! msg::new_game()                                // "New game": &'static str
//! msg::viewing_move(&3, &40, &"Nf3")             // "Viewing move 3 of 40 (Nf3)": String
//! msg::impasse_moves_each(2)                     // "Impasse in 2 more moves each"
//! ```
//!
//! **Why this and not leptos_i18n or fluent**: bundle weight. Those cost +41..78 KB and +60 KB
//! gzipped; this is a string table indexed by a generated `u16` id, a few hundred bytes of
//! code, and one small non-generic function per message (each a one-line call of the shared
//! `text(id, english)` / `fill(id, english, &[args])`, arguments as `&dyn Display` so nothing
//! is monomorphized per call site). The English text is in its message function, so it is
//! linked where the message is used: a part of the app loaded on first use brings its own.
//!
//! # The message files: `assets/messages/<language>/*.txt`
//!
//! A folder per language (`en/`, `ar/`, ...), each holding message files split by area of the
//! app (`app.txt`, `board.txt`, `game.txt`, ...; the list: `assets/messages/README.md`), so
//! that people adding messages in different areas edit different files. A language is the union
//! of its files: every key in one file only. Beside the folders, `assets/messages` holds only
//! its `README.md`; names starting with `.` are skipped.
//!
//! ```text
//! # comment lines (`#` in the first column) and blank lines are ignored
//! new-game = New game
//! viewing-move = Viewing move {n} of {total} ({label})
//! squares-to-go.one = The {side} {piece} on {square} can go to {n} square.
//! squares-to-go.other = The {side} {piece} on {square} can go to {n} squares.
//! long-text = An indented line continues the message above it,
//!     joined with a single space.
//! ```
//!
//! - `key = text`, the text trimmed and not empty, UTF-8 (any script). Keys are lowercase
//!   ASCII letters and digits in words joined by single hyphens, starting with a letter.
//! - A plural message has a line per CLDR form: `key.zero`, `.one`, `.two`, `.few`, `.many`,
//!   `.other`; `.other` is required, and its count is the placeholder `{n}`. A form the
//!   language's rule picks but the file lacks falls back to `.other`.
//! - `{name}` (`[a-z][a-z0-9_]*`) is a placeholder; `{{` and `}}` are literal braces.
//! - A key is in one file of its language (all the forms of a plural message together).
//! - `en/` is compiled in. Every other language folder must have exactly English's keys (its
//!   files together; it may split them into files differently), each plain or plural as in
//!   English, with the same placeholders (a plural message's forms together: one form may say
//!   "one" in words without `{n}`); the order may differ.
//!
//! `build.rs` checks every folder and file ([`catalogue::check_all`]) and fails the build on any
//! problem, naming file, line and key (a key missing from a language: its folder, and where
//! English has it):
//!
//! ```text
//! assets/messages/en/game.txt:12: `viewing-move`: a lone `}` (write `}}` for a brace): `}`
//! assets/messages/en/game.txt:3: `settings`: a duplicate key: also in assets/messages/en/app.txt:9 (a key is in one file of its language)
//! assets/messages/ar: `export`: missing (English has it: assets/messages/en/app.txt:10)
//! assets/messages/en.txt: a file outside the language folders: the message files go in a folder per language, ...
//! ```
//!
//! Cargo runs `build.rs` again when a message file changes, or one is added or removed.
//!
//! # The generated API
//!
//! `build.rs` generates the module [`msg`] from `en/*.txt`, one function per message named after
//! its key in snake_case (its doc shows the English text and the file and line it comes from):
//! - no placeholder: `pub fn new_game() -> &'static str`;
//! - placeholders: each as `&dyn Display`, in the order they first appear in the English text
//!   (`.other` first for a plural message), returning `String`:
//!   `pub fn viewing_move(n: &dyn Display, total: &dyn Display, label: &dyn Display) -> String`;
//! - plural: the count `n` as `u64`, the others as `&dyn Display`, the form picked by the
//!   current language's plural rule: `pub fn impasse_moves_each(n: u64) -> String`.
//!
//! Filling never panics: a placeholder without its argument stays visible as `{name}`.
//!
//! # Languages
//!
//! The messages come from the current language: [`ENGLISH`] (compiled into the message
//! functions) until [`set_language`]. Another language arrives at run time as its string
//! table: `build.rs`, having checked its folder, writes the file `$OUT_DIR/lang/<code>.txt`
//! ([`catalogue::table`] and [`catalogue::table_file`]: its code, then a line per slot), which
//! the build serves. [`Language::from_table`] reads it with no parsing to speak of (`None` for
//! a damaged file, never a panic) and leaks its strings once into a `&'static Language`, so
//! call sites never change. Keep the loaded languages: every load leaks a new copy.
//!
//! ```ignore
//! let arabic = text::Language::from_table("ar", &fetched_table, text::plural_ar)?;
//! text::set_language(arabic);
//! ```
//!
//! [`Language::load`] does both steps from a folder's files joined ([`catalogue::join`]), with
//! the build's parser and checks (their errors name the joined text's lines): the tests load
//! every language that way.
//!
//! The current language is one per thread (the browser has one; native tests run each in
//! their own, starting in English).

pub mod case;
pub mod catalogue;
pub mod languages;
pub mod words;

use std::cell::Cell;
use std::fmt::{Display, Write as _};

use catalogue::{Catalogue, Form, Message};
pub use catalogue::{Error, Plural};

// ENGLISH_FOLDER, SLOTS, KEYS, FIRST, SHAPES, BY_KEY, `pub mod msg` (and EN, UNESCAPED in tests).
include!(concat!(env!("OUT_DIR"), "/messages.rs"));

/// A language's plural rule: the CLDR category of a count.
pub type PluralRule = fn(u64) -> Plural;

/// English, and most European languages (German, Dutch, Spanish, Italian, ...): one for 1.
pub fn plural_en(n: u64) -> Plural {
    if n == 1 {
        Plural::One
    } else {
        Plural::Other
    }
}

/// Chinese (and Japanese, Korean, ...): one form.
pub fn plural_zh(_: u64) -> Plural {
    Plural::Other
}

/// French and Portuguese (Brazil): one for 0 and 1 (CLDR, whole numbers).
pub fn plural_fr(n: u64) -> Plural {
    if n <= 1 {
        Plural::One
    } else {
        Plural::Other
    }
}

/// Polish (CLDR, whole numbers): 1; 2-4, 22-24, ...; the rest.
pub fn plural_pl(n: u64) -> Plural {
    match (n, n % 10, n % 100) {
        (1, _, _) => Plural::One,
        (_, 2..=4, m) if !(12..=14).contains(&m) => Plural::Few,
        _ => Plural::Many,
    }
}

/// Ukrainian and Russian (CLDR, whole numbers): 1, 21, 31, ...; 2-4, 22-24, ...; the rest.
pub fn plural_uk(n: u64) -> Plural {
    match (n % 10, n % 100) {
        (1, m) if m != 11 => Plural::One,
        (2..=4, m) if !(12..=14).contains(&m) => Plural::Few,
        _ => Plural::Many,
    }
}

/// Arabic (CLDR, whole numbers).
pub fn plural_ar(n: u64) -> Plural {
    match (n, n % 100) {
        (0, _) => Plural::Zero,
        (1, _) => Plural::One,
        (2, _) => Plural::Two,
        (_, 3..=10) => Plural::Few,
        (_, 11..=99) => Plural::Many,
        _ => Plural::Other,
    }
}

/// A language: its string table (one text per slot, indexed by the generated ids; empty for
/// English, whose texts are in the message functions) and its plural rule.
pub struct Language {
    code: &'static str,
    table: &'static [&'static str],
    plural: PluralRule,
}

/// English, compiled in: the language until [`set_language`] chooses another.
pub static ENGLISH: Language = Language {
    code: "en",
    table: &[],
    plural: plural_en,
};

impl Language {
    /// The language code, e.g. `en`.
    pub fn code(&self) -> &'static str {
        self.code
    }

    /// A language from its message files joined in one text ([`catalogue::join`] of
    /// `assets/messages/<code>/*.txt`), checked against English exactly as `build.rs` checks a
    /// language folder, then made into the file the build writes for it
    /// ([`catalogue::table_file`]) and read as the app reads that ([`Language::from_table`]).
    /// The errors name the text `<code> (joined files)` and its lines.
    pub fn load(
        code: &'static str,
        text: &str,
        plural: PluralRule,
    ) -> Result<&'static Language, Vec<Error>> {
        let name = format!("{code} (joined files)");
        let parsed = catalogue::parse(&name, text)?;
        let english = english_shapes();
        let errors = catalogue::check_translation(&english, &parsed);
        if !errors.is_empty() {
            return Err(errors);
        }
        let file = catalogue::table_file(code, &catalogue::table(&english, &parsed));
        Language::from_table(code, &file, plural).ok_or_else(|| {
            vec![Error {
                file: name,
                line: 0,
                key: String::new(),
                problem: "its table does not read back".to_string(),
            }]
        })
    }

    /// A language from the file the build writes for it ([`catalogue::table_file`]): `None`
    /// unless the file is `code`'s, with a line for each of this build's slots (a damaged or
    /// cut-off file, a host's error page). Its text is leaked once.
    pub fn from_table(
        code: &'static str,
        file: &str,
        plural: PluralRule,
    ) -> Option<&'static Language> {
        let lines = file.strip_prefix(code)?.strip_prefix("\n")?;
        if lines.bytes().filter(|&b| b == b'\n').count() != SLOTS || !lines.ends_with("\n") {
            return None;
        }
        // Each slot's text is the line before its line break (a loop of our own:
        // `split_terminator` weighs 57 bytes more in the first load).
        let all: &'static str = lines.to_string().leak();
        let mut table = Vec::with_capacity(SLOTS);
        let mut start = 0;
        for (end, byte) in all.bytes().enumerate() {
            if byte == b'\n' {
                table.push(all.get(start..end).unwrap_or(""));
                start = end + 1;
            }
        }
        Some(Box::leak(Box::new(Language {
            code,
            table: table.leak(),
            plural,
        })))
    }
}

thread_local! {
    static CURRENT: Cell<&'static Language> = const { Cell::new(&ENGLISH) };
}

/// The current language.
pub fn language() -> &'static Language {
    CURRENT.with(Cell::get)
}

/// Makes `language` the current one: every message function answers in it from now on.
pub fn set_language(language: &'static Language) {
    CURRENT.with(|current| current.set(language));
}

/// The text of the message `key` in the current language, for messages chosen by data (the
/// options of a custom game: `option-castling`). Only plain messages of that kind are found
/// (`BY_KEY`): `None` for any other key, a plural message or one with placeholders.
pub fn text_by_key(key: &str) -> Option<&'static str> {
    let index = BY_KEY.binary_search_by(|(k, _, _)| k.cmp(&key)).ok()?;
    BY_KEY.get(index).map(|&(_, id, english)| text(id, english))
}

/// English's keys and shapes as a catalogue (each form's text just its placeholders), to check
/// a loaded language: the same keys, plain or plural, with the same placeholders.
fn english_shapes() -> Catalogue {
    english_from(SHAPES, |_, shape| shape.trim_start_matches('=').to_string())
}

/// English as a catalogue from a table of one entry per slot ("" for a plural form English
/// lacks), each form's text made by `text` from the message's id and its entry.
fn english_from(table: &[&str], text: impl Fn(u16, &str) -> String) -> Catalogue {
    let messages = KEYS
        .iter()
        .zip(FIRST.iter().zip(FIRST.iter().skip(1)))
        .map(|(key, (&first, &end))| {
            let slots = table
                .get(usize::from(first)..usize::from(end))
                .unwrap_or(&[]);
            let form = |plural, entry: &str| Form {
                plural,
                text: text(first, entry),
                line: 0,
            };
            let forms = if let [only] = slots {
                vec![form(None, only)]
            } else {
                Plural::ALL
                    .into_iter()
                    .zip(slots)
                    .filter(|(_, entry)| !entry.is_empty())
                    .map(|(plural, entry)| form(Some(plural), entry))
                    .collect()
            };
            Message {
                key: key.to_string(),
                file: ENGLISH_FOLDER.to_string(),
                line: 0,
                forms,
            }
        })
        .collect();
    Catalogue {
        name: ENGLISH_FOLDER.to_string(),
        messages,
    }
}

/// The text of a message without placeholders, in the current language (`english` when the
/// language is English).
fn text(id: u16, english: &'static str) -> &'static str {
    language()
        .table
        .get(usize::from(id))
        .copied()
        .unwrap_or(english)
}

/// A message with placeholders, in the current language, filled with `args` (in the order of
/// the message function's parameters: the order the placeholders first appear in `english`).
fn fill(id: u16, english: &str, args: &[&dyn Display]) -> String {
    let template = language()
        .table
        .get(usize::from(id))
        .copied()
        .unwrap_or(english);
    fill_in(template, &catalogue::placeholder_order([english]), args)
}

/// A plural message: the form the current language's rule picks for `n` (else `.other`),
/// filled with `args`. `english` holds English's forms, one per slot.
fn fill_plural(id: u16, english: &[&str], n: u64, args: &[&dyn Display]) -> String {
    let id = usize::from(id);
    let language = language();
    let forms = language
        .table
        .get(id..id + Plural::ALL.len())
        .unwrap_or(english);
    let template = match forms.get((language.plural)(n).slot()) {
        Some(form) if !form.is_empty() => form,
        _ => forms.first().copied().unwrap_or(""),
    };
    fill_in(
        template,
        &catalogue::placeholder_order(english.iter().copied()),
        args,
    )
}

/// `template` with each `{name}` replaced by the argument at `name`'s place in `names`; a name
/// without an argument, and anything malformed, stays as written.
fn fill_in(template: &str, names: &[&str], args: &[&dyn Display]) -> String {
    let mut out = String::with_capacity(template.len() + 8 * args.len());
    for piece in catalogue::pieces(template) {
        match piece {
            catalogue::Piece::Text(text) | catalogue::Piece::Bad(text, _) => out.push_str(text),
            catalogue::Piece::Name(name) => {
                let arg = names
                    .iter()
                    .position(|n| *n == name)
                    .and_then(|i| args.get(i));
                match arg {
                    Some(arg) => {
                        let _ = write!(out, "{arg}");
                    }
                    None => {
                        out.push('{');
                        out.push_str(name);
                        out.push('}');
                    }
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
