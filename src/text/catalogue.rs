//! The message files (`assets/messages/<language>/*.txt`): parsing and checking.
//!
//! One parser and one set of checks for both sides: `build.rs` includes this file with
//! `#[path]` (it reads the folder, checks it with [`check_all`], generates the message
//! functions and the English table from the result, and writes each other language's string
//! table, [`table_file`]), and the crate's tests load every language with them
//! (`Language::load`: [`parse`], [`check_translation`] and [`table`] over a folder's files
//! [`join`]ed). So this file uses `std` only and no `crate::` paths, and nothing in it panics
//! on any input.
//!
//! The format is described in the module doc of `src/text/mod.rs`.

use std::fmt;

/// A plural category (CLDR). The order is the order of a plural message's slots in a string
/// table: `Other` first, so a plural message's id is the slot of its `.other` form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Plural {
    Other,
    Zero,
    One,
    Two,
    Few,
    Many,
}

impl Plural {
    /// Every category, in slot order.
    pub const ALL: [Plural; 6] = [
        Plural::Other,
        Plural::Zero,
        Plural::One,
        Plural::Two,
        Plural::Few,
        Plural::Many,
    ];

    /// The key suffix without its dot: `other`, `zero`, `one`, `two`, `few`, `many`.
    pub fn suffix(self) -> &'static str {
        match self {
            Plural::Other => "other",
            Plural::Zero => "zero",
            Plural::One => "one",
            Plural::Two => "two",
            Plural::Few => "few",
            Plural::Many => "many",
        }
    }

    pub fn from_suffix(suffix: &str) -> Option<Plural> {
        Plural::ALL.into_iter().find(|p| p.suffix() == suffix)
    }

    /// The slot's offset from the message's id.
    pub fn slot(self) -> usize {
        self as usize
    }
}

/// One text of a message: the only one of a plain message, or one plural form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    /// `None` for a plain message.
    pub plural: Option<Plural>,
    /// As written in the file (continuation lines joined, `{{` / `}}` still escaped).
    pub text: String,
    /// 1-based line in the message's file (0 when the text did not come from a file).
    pub line: usize,
}

/// A message: a plain text, or the plural forms of one key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    /// The key without its plural suffix, e.g. `squares-to-go`.
    pub key: String,
    /// The file it comes from as shown in errors, e.g. `assets/messages/en/game.txt` (all of a
    /// message's forms are in one file).
    pub file: String,
    /// The first line of the message in its file (0 when not from a file).
    pub line: usize,
    /// One form without a category, or the plural forms in slot order (`.other` first).
    pub forms: Vec<Form>,
}

impl Message {
    pub fn is_plural(&self) -> bool {
        self.forms.first().is_some_and(|f| f.plural.is_some())
    }

    /// The placeholder names in the order they first appear, the forms taken in slot order
    /// (`.other` first). For English this is the order of the message function's arguments.
    pub fn placeholders(&self) -> Vec<&str> {
        placeholder_order(self.forms.iter().map(|f| f.text.as_str()))
    }

    /// How many slots of a string table it takes: one, or one per plural category.
    pub fn slots(&self) -> usize {
        if self.is_plural() {
            Plural::ALL.len()
        } else {
            1
        }
    }
}

/// The messages of one file, or of a whole language (its files [`merge`]d).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Catalogue {
    /// Where the messages come from, as shown in errors: a file (`assets/messages/en/app.txt`)
    /// or a language's folder (`assets/messages/en`).
    pub name: String,
    /// Sorted by key, each key once.
    pub messages: Vec<Message>,
}

impl Catalogue {
    pub fn get(&self, key: &str) -> Option<&Message> {
        self.messages
            .binary_search_by(|m| m.key.as_str().cmp(key))
            .ok()
            .and_then(|i| self.messages.get(i))
    }
}

/// A problem in a message file: which file, line and key, and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// A file, or a language's folder for a problem of no one file (a missing key).
    pub file: String,
    /// 1-based; 0 when the problem has no line (a missing key, a misplaced file).
    pub line: usize,
    /// The key as written (may be empty when the line has none).
    pub key: String,
    pub problem: String,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.file)?;
        if self.line > 0 {
            write!(f, ":{}", self.line)?;
        }
        if !self.key.is_empty() {
            write!(f, ": `{}`", self.key)?;
        }
        write!(f, ": {}", self.problem)
    }
}

fn error(file: &str, line: usize, key: &str, problem: impl Into<String>) -> Error {
    Error {
        file: file.to_string(),
        line,
        key: key.to_string(),
        problem: problem.into(),
    }
}

/// A piece of a message text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece<'a> {
    /// Literal text (an escaped `{{` or `}}` comes as its single brace).
    Text(&'a str),
    /// A placeholder `{name}`: the name.
    Name(&'a str),
    /// Not valid: the raw text and why. Shown as written when filling.
    Bad(&'a str, &'static str),
}

/// The pieces of a message text, in order.
pub fn pieces(text: &str) -> Pieces<'_> {
    Pieces { rest: text }
}

pub struct Pieces<'a> {
    rest: &'a str,
}

impl<'a> Iterator for Pieces<'a> {
    type Item = Piece<'a>;

    fn next(&mut self) -> Option<Piece<'a>> {
        let rest = self.rest;
        let bytes = rest.as_bytes();
        if bytes.is_empty() {
            return None;
        }
        // Braces are ASCII, so every split below is at a character boundary; `get` rather than
        // indexing keeps the panic machinery (kilobytes of wasm) out of the app.
        let brace = bytes.iter().position(|&b| b == b'{' || b == b'}');
        let (piece, used) = match (brace, bytes.get(1)) {
            (None, _) => (Piece::Text(rest), rest.len()),
            (Some(brace), _) if brace > 0 => (Piece::Text(rest.get(..brace).unwrap_or("")), brace),
            (_, Some(b'{')) if bytes[0] == b'{' => (Piece::Text("{"), 2),
            (_, Some(b'}')) if bytes[0] == b'}' => (Piece::Text("}"), 2),
            _ if bytes[0] == b'}' => (Piece::Bad("}", "a lone `}` (write `}}` for a brace)"), 1),
            _ => match bytes.iter().position(|&b| b == b'}') {
                None => (
                    Piece::Bad(rest, "a `{` without its `}` (write `{{` for a brace)"),
                    rest.len(),
                ),
                Some(close) => {
                    let whole = rest.get(..=close).unwrap_or("");
                    let name = rest.get(1..close).unwrap_or("");
                    if is_placeholder_name(name) {
                        (Piece::Name(name), close + 1)
                    } else {
                        let why = "a bad placeholder (a name is `[a-z][a-z0-9_]*`, e.g. `{n}`; \
                                   write `{{` for a brace)";
                        (Piece::Bad(whole, why), close + 1)
                    }
                }
            },
        };
        self.rest = rest.get(used..).unwrap_or("");
        Some(piece)
    }
}

fn is_placeholder_name(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_lowercase())
        && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
}

/// A key without its plural suffix: lowercase ASCII letters and digits in words joined by
/// single hyphens, starting with a letter (so it is also a Rust name once `-` is `_`).
fn is_key(key: &str) -> bool {
    key.starts_with(|c: char| c.is_ascii_lowercase())
        && key.split('-').all(|word| {
            !word.is_empty()
                && word
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// The distinct placeholder names of some texts, in the order they first appear.
pub fn placeholder_order<'a>(texts: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let mut names: Vec<&str> = Vec::new();
    for text in texts {
        for piece in pieces(text) {
            if let Piece::Name(name) = piece {
                if !names.contains(&name) {
                    names.push(name);
                }
            }
        }
    }
    names
}

/// A text with its escapes resolved (`{{` → `{`, `}}` → `}`): how a message without
/// placeholders is stored, so that it can be shown as it is.
pub fn unescape(text: &str) -> String {
    pieces(text)
        .map(|piece| match piece {
            Piece::Text(s) | Piece::Bad(s, _) => s.to_string(),
            Piece::Name(name) => format!("{{{name}}}"),
        })
        .collect()
}

/// The inverse of [`unescape`]: every brace doubled.
pub fn escape(text: &str) -> String {
    text.replace('{', "{{").replace('}', "}}")
}

/// Parses one message file (or a language's files [`join`]ed); `file` names it in the errors.
/// Every problem found is returned, in line order.
pub fn parse(file: &str, text: &str) -> Result<Catalogue, Vec<Error>> {
    let mut errors = Vec::new();
    // (key as written, text, line, key is good)
    let mut entries: Vec<(String, String, usize, bool)> = Vec::new();
    // Whether the previous line was a message (or its continuation), so an indented line
    // continues it.
    let mut open = false;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        if line.trim().is_empty() || line.starts_with('#') {
            open = false;
        } else if line.starts_with(char::is_whitespace) {
            match entries.last_mut() {
                Some(entry) if open => {
                    entry.1.push(' ');
                    entry.1.push_str(line.trim());
                }
                _ => errors.push(error(
                    file,
                    number,
                    "",
                    "an indented line continues a message, but no message line comes \
                     right before it",
                )),
            }
        } else if let Some((key, value)) = line.split_once('=') {
            let key = key.trim();
            let good = match key.split_once('.') {
                Some((base, suffix)) => is_key(base) && Plural::from_suffix(suffix).is_some(),
                None => is_key(key),
            };
            if !good {
                let problem = match key.split_once('.') {
                    Some((base, suffix)) if is_key(base) => format!(
                        "unknown plural form `.{suffix}` (the forms are .zero, .one, .two, \
                         .few, .many, .other)"
                    ),
                    _ => "a bad key: lowercase letters and digits in words joined by single \
                          hyphens, starting with a letter (e.g. `new-game`), optionally with a \
                          plural form (`.one`, `.other`, ...)"
                        .to_string(),
                };
                errors.push(error(file, number, key, problem));
            }
            entries.push((key.to_string(), value.trim().to_string(), number, good));
            open = true;
        } else {
            errors.push(error(
                file,
                number,
                "",
                "expected `key = text` (or a `#` comment, or an indented continuation line)",
            ));
            open = false;
        }
    }

    let mut forms: Vec<(String, Form)> = Vec::new();
    for (key, text, line, good) in entries {
        if !good {
            continue;
        }
        if text.is_empty() {
            errors.push(error(file, line, &key, "no text after `=`"));
            continue;
        }
        let mut text_ok = true;
        for piece in pieces(&text) {
            if let Piece::Bad(raw, why) = piece {
                errors.push(error(file, line, &key, format!("{why}: `{raw}`")));
                text_ok = false;
            }
        }
        if !text_ok {
            continue;
        }
        let (base, plural) = match key.split_once('.') {
            Some((base, suffix)) => (base.to_string(), Plural::from_suffix(suffix)),
            None => (key, None),
        };
        forms.push((base, Form { plural, text, line }));
    }

    // Group the forms by key; a stable sort keeps the file order among equal keys, and puts
    // a plain form (no category) before the plural forms of the same key.
    sort_by(&mut forms, |a, b| (&a.0, a.1.plural) < (&b.0, b.1.plural));
    let mut messages: Vec<Message> = Vec::new();
    let mut forms = forms.into_iter().peekable();
    while let Some((key, form)) = forms.next() {
        let mut group = vec![form];
        while let Some((_, form)) = forms.next_if(|(next, _)| *next == key) {
            group.push(form);
        }
        let written = |plural: Option<Plural>| match plural {
            Some(p) => format!("{key}.{}", p.suffix()),
            None => key.clone(),
        };
        let mut kept: Vec<Form> = Vec::new();
        for form in &group {
            if let Some(first) = kept.iter().find(|f| f.plural == form.plural) {
                let problem = format!("a duplicate key (first on line {})", first.line);
                errors.push(error(file, form.line, &written(form.plural), problem));
            } else {
                kept.push(form.clone());
            }
        }
        let first_plural = kept
            .iter()
            .filter(|f| f.plural.is_some())
            .map(|f| f.line)
            .min();
        if let Some(plural) = first_plural {
            for form in kept.iter().filter(|f| f.plural.is_none()) {
                let problem = format!(
                    "`{key}` is both a plain message (line {}) and a plural one (line {plural})",
                    form.line
                );
                errors.push(error(file, form.line, &key, problem));
            }
            kept.retain(|f| f.plural.is_some());
            if kept.first().and_then(|f| f.plural) != Some(Plural::Other) {
                let problem =
                    format!("a plural message needs a `.other` form (`{key}.other = ...`)");
                errors.push(error(file, plural, &key, problem));
            }
        }
        let line = kept.iter().map(|f| f.line).min().unwrap_or(0);
        messages.push(Message {
            key,
            file: file.to_string(),
            line,
            forms: kept,
        });
    }

    if errors.is_empty() {
        Ok(Catalogue {
            name: file.to_string(),
            messages,
        })
    } else {
        sort_by(&mut errors, |a, b| a.line < b.line);
        Err(errors)
    }
}

/// A stable insertion sort: a few hundred bytes of wasm where the standard sorts cost
/// kilobytes per use, and fast enough for a message file (a few hundred lines: under a few ms).
fn sort_by<T>(items: &mut [T], less: impl Fn(&T, &T) -> bool) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && less(&items[j], &items[j - 1]) {
            items.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// The Rust function name of a key: `new-game` → `new_game`.
pub fn rust_name(key: &str) -> String {
    key.replace('-', "_")
}

fn is_rust_keyword(name: &str) -> bool {
    const KEYWORDS: &[&str] = &[
        "abstract", "as", "async", "await", "become", "box", "break", "const", "continue", "crate",
        "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "gen", "if", "impl",
        "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub",
        "ref", "return", "self", "static", "struct", "super", "trait", "true", "try", "type",
        "typeof", "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
    ];
    KEYWORDS.contains(&name)
}

/// The checks English needs beyond parsing, because the message functions are
/// generated from it: keys and placeholders that are Rust names, and a count `{n}` in every
/// plural message.
pub fn check_english(english: &Catalogue) -> Vec<Error> {
    let mut errors = Vec::new();
    for message in &english.messages {
        let name = rust_name(&message.key);
        if is_rust_keyword(&name) {
            errors.push(error(
                &message.file,
                message.line,
                &message.key,
                format!(
                    "the message function would be `{name}`, a Rust keyword: choose another key"
                ),
            ));
        }
        let placeholders = message.placeholders();
        for placeholder in &placeholders {
            if is_rust_keyword(placeholder) {
                errors.push(error(
                    &message.file,
                    message.line,
                    &message.key,
                    format!("the placeholder `{{{placeholder}}}` is a Rust keyword: choose another name"),
                ));
            }
        }
        if message.is_plural() && !placeholders.contains(&"n") {
            errors.push(error(
                &message.file,
                message.line,
                &message.key,
                "a plural message counts `{n}`: use `{n}` in its forms",
            ));
        }
    }
    sort_by(&mut errors, |a, b| (&a.file, a.line) < (&b.file, b.line));
    errors
}

/// Checks a translation against English: the same keys, each plain or plural as in English,
/// with the same placeholders (a plural message's forms together; one form may leave out
/// `{n}`, e.g. to say "one" in words).
pub fn check_translation(english: &Catalogue, translation: &Catalogue) -> Vec<Error> {
    let mut errors = Vec::new();
    // Where English has a message: `file:line`.
    let at = |source: &Message| {
        if source.line > 0 {
            format!("{}:{}", source.file, source.line)
        } else {
            source.file.clone()
        }
    };
    for message in &translation.messages {
        let key = message.key.as_str();
        let file = message.file.as_str();
        let Some(source) = english.get(key) else {
            errors.push(error(
                file,
                message.line,
                key,
                format!("no such message in English ({})", english.name),
            ));
            continue;
        };
        if source.is_plural() != message.is_plural() {
            let problem = if source.is_plural() {
                format!(
                    "plural in English ({}): write its forms `{key}.one`, `{key}.other`, ...",
                    at(source)
                )
            } else {
                format!(
                    "not plural in English ({}): write `{key} = ...`",
                    at(source)
                )
            };
            errors.push(error(file, message.line, key, problem));
            continue;
        }
        let wanted = source.placeholders();
        let found = message.placeholders();
        let missing: Vec<_> = wanted.iter().filter(|p| !found.contains(p)).collect();
        let extra: Vec<_> = found.iter().filter(|p| !wanted.contains(p)).collect();
        if !missing.is_empty() || !extra.is_empty() {
            let list = |names: &[&&str]| {
                names
                    .iter()
                    .map(|n| format!("{{{n}}}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let mut problem = format!("placeholders differ from English ({})", at(source));
            if !missing.is_empty() {
                problem.push_str(&format!("; missing {}", list(&missing)));
            }
            if !extra.is_empty() {
                problem.push_str(&format!("; not in English {}", list(&extra)));
            }
            errors.push(error(file, message.line, key, problem));
        }
    }
    sort_by(&mut errors, |a, b| (&a.file, a.line) < (&b.file, b.line));
    for source in &english.messages {
        if translation.get(&source.key).is_none() {
            errors.push(error(
                &translation.name,
                0,
                &source.key,
                format!("missing (English has it: {})", at(source)),
            ));
        }
    }
    errors
}

/// English's folder in the messages folder: compiled into the app.
pub const ENGLISH: &str = "en";

/// The one file the messages folder may hold beside the language folders.
pub const README: &str = "README.md";

/// One language from the catalogues of its files (each from [`parse`], in file order); `name`
/// names the language in errors (its folder). A key is in one file of a language only: the
/// error is at the second place and names the first.
pub fn merge(name: &str, parts: Vec<Catalogue>) -> Result<Catalogue, Vec<Error>> {
    let mut messages: Vec<Message> = parts.into_iter().flat_map(|part| part.messages).collect();
    // Stable: among equal keys, the earlier file first.
    sort_by(&mut messages, |a, b| a.key < b.key);
    let mut errors = Vec::new();
    let mut kept: Vec<Message> = Vec::with_capacity(messages.len());
    for message in messages {
        match kept.last() {
            Some(first) if first.key == message.key => {
                let problem = format!(
                    "a duplicate key: also in {}:{} (a key is in one file of its language)",
                    first.file, first.line
                );
                errors.push(error(&message.file, message.line, &message.key, problem));
            }
            _ => kept.push(message),
        }
    }
    if errors.is_empty() {
        Ok(Catalogue {
            name: name.to_string(),
            messages: kept,
        })
    } else {
        sort_by(&mut errors, |a, b| (&a.file, a.line) < (&b.file, b.line));
        Err(errors)
    }
}

/// Checks a whole messages folder, `dir` as shown in errors (e.g. `assets/messages`): a folder
/// per language, English in [`ENGLISH`], each holding `.txt` message files split as its writers
/// like. A language is the union of its files, each key in one file ([`merge`]); every other
/// language has exactly English's keys ([`check_translation`]); beside the folders there is
/// only [`README`].
///
/// `entries` is what `dir` holds, paths relative to it with `/`, in any order: each file with
/// its text (`en/app.txt`), each folder ending in `/` with an empty text (`fr/`). A name
/// starting with `.` is skipped (`.DS_Store`, an editor's swap file). Returns English and the
/// other languages (each named by its folder, `{dir}/fr`), or every problem found.
pub fn check_all(
    dir: &str,
    entries: &[(String, String)],
) -> Result<(Catalogue, Vec<Catalogue>), Vec<Error>> {
    let mut errors = Vec::new();
    let mut sorted: Vec<&(String, String)> = entries.iter().collect();
    sort_by(&mut sorted, |a, b| a.0 < b.0);
    // Each language's folder name and its message files (path in `dir`, text), in name order:
    // sorted, the paths under one folder are together.
    let mut languages: Vec<(&str, Vec<(&str, &str)>)> = Vec::new();
    for (path, text) in sorted {
        if path.split('/').any(|part| part.starts_with('.')) {
            continue;
        }
        let shown = format!("{dir}/{path}");
        let Some((language, file)) = path.split_once('/') else {
            if path != README {
                let problem = format!(
                    "a file outside the language folders: the message files go in a folder per \
                     language, e.g. `{dir}/{ENGLISH}/app.txt` (beside the folders there is only \
                     {README})"
                );
                errors.push(error(&shown, 0, "", problem));
            }
            continue;
        };
        if languages.last().map(|(last, _)| *last) != Some(language) {
            languages.push((language, Vec::new()));
        }
        if file.is_empty() {
            continue;
        }
        let problem = if file.contains('/') {
            format!(
                "a folder in a language folder: the message files go in `{dir}/{language}/` itself"
            )
        } else if !file.ends_with(".txt") {
            "not a message file: a language folder holds `.txt` files only".to_string()
        } else {
            if let Some((_, files)) = languages.last_mut() {
                files.push((path.as_str(), text.as_str()));
            }
            continue;
        };
        errors.push(error(&shown, 0, "", problem));
    }

    let mut english: Option<Catalogue> = None;
    let mut others: Vec<Catalogue> = Vec::new();
    for (language, files) in &languages {
        let mut parts = Vec::new();
        let mut parsed = true;
        for (path, text) in files {
            match parse(&format!("{dir}/{path}"), text) {
                Ok(part) => parts.push(part),
                Err(problems) => {
                    errors.extend(problems);
                    parsed = false;
                }
            }
        }
        if !parsed {
            continue;
        }
        match merge(&format!("{dir}/{language}"), parts) {
            Ok(catalogue) if *language == ENGLISH => english = Some(catalogue),
            Ok(catalogue) => others.push(catalogue),
            Err(problems) => errors.extend(problems),
        }
    }
    let Some(english) = english else {
        if !languages.iter().any(|(language, _)| *language == ENGLISH) {
            let problem =
                format!("missing: English is compiled into the app, from `{dir}/{ENGLISH}/*.txt`");
            errors.push(error(&format!("{dir}/{ENGLISH}"), 0, "", problem));
        }
        return Err(errors);
    };
    errors.extend(check_english(&english));
    for other in &others {
        errors.extend(check_translation(&english, other));
    }
    if errors.is_empty() {
        Ok((english, others))
    } else {
        Err(errors)
    }
}

/// A translation's string table, laid out as English's: English's messages in key order, each
/// taking [`Message::slots`] slots (a plural message's forms in [`Plural`] order). A slot holds
/// the translation's text ("" for a form it lacks, or a message: [`check_translation`] finds
/// none missing): as shown for a message without placeholders (braces unescaped), as written
/// for one with them (filled in at run time).
pub fn table(english: &Catalogue, translation: &Catalogue) -> Vec<String> {
    let mut table = Vec::new();
    for source in &english.messages {
        let first = table.len();
        table.resize(first + source.slots(), String::new());
        let Some(message) = translation.get(&source.key) else {
            continue;
        };
        let plain = !message.is_plural() && message.placeholders().is_empty();
        for form in &message.forms {
            if let Some(slot) = table.get_mut(first + form.plural.map_or(0, Plural::slot)) {
                *slot = if plain {
                    unescape(&form.text)
                } else {
                    form.text.clone()
                };
            }
        }
    }
    table
}

/// A language's string table as the file the app fetches (`src/text/mod.rs`
/// `Language::from_table` reads it): the language's code on the first line, then a line per
/// slot. No text holds a line break: a continuation line is joined with a space.
pub fn table_file(code: &str, table: &[String]) -> String {
    let mut file = format!("{code}\n");
    for text in table {
        file.push_str(text);
        file.push('\n');
    }
    file
}

/// A language's files as one text, for [`parse`] (how a language is loaded at run time): each
/// file's text in turn, without its byte order mark, ending with a line break. The build has
/// checked each file alone, so the joined text has the same messages; its errors name the lines
/// of the joined text.
pub fn join<'a>(texts: impl IntoIterator<Item = &'a str>) -> String {
    let mut all = String::new();
    for text in texts {
        all.push_str(text.strip_prefix('\u{feff}').unwrap_or(text));
        if !all.is_empty() && !all.ends_with('\n') {
            all.push('\n');
        }
    }
    all
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ok(text: &str) -> Catalogue {
        match parse("t.txt", text) {
            Ok(c) => c,
            Err(errors) => panic!(
                "{}",
                errors
                    .iter()
                    .map(|e| e.to_string())
                    .collect::<Vec<_>>()
                    .join("\n")
            ),
        }
    }

    fn errors(text: &str) -> Vec<String> {
        match parse("t.txt", text) {
            Ok(_) => panic!("expected errors for {text:?}"),
            Err(errors) => errors.iter().map(|e| e.to_string()).collect(),
        }
    }

    fn text_of(c: &Catalogue, key: &str) -> String {
        c.get(key).unwrap().forms[0].text.clone()
    }

    #[test]
    fn parses_messages_comments_and_blank_lines() {
        let c = ok("# A comment\n\nnew-game = New game\n  \nsettings=Settings  \n# another\nexport =   Export\n");
        let keys: Vec<_> = c.messages.iter().map(|m| m.key.as_str()).collect();
        assert_eq!(keys, ["export", "new-game", "settings"]);
        assert_eq!(text_of(&c, "new-game"), "New game");
        assert_eq!(text_of(&c, "settings"), "Settings");
        assert_eq!(c.get("new-game").unwrap().line, 3);
        assert!(!c.get("new-game").unwrap().is_plural());
        assert!(c.get("nothing").is_none());
    }

    #[test]
    fn continuation_lines_are_joined_with_one_space() {
        let c = ok("long = The first part,\n    the second\n\tand the third.\nnext = x\n");
        assert_eq!(
            text_of(&c, "long"),
            "The first part, the second and the third."
        );
        assert_eq!(text_of(&c, "next"), "x");
        // A comment or a blank line ends a message.
        assert_eq!(
            errors("a = A\n\n  more\nb = B\n# c\n  more"),
            [
                "t.txt:3: an indented line continues a message, but no message line comes right before it",
                "t.txt:6: an indented line continues a message, but no message line comes right before it",
            ]
        );
        assert_eq!(errors("  a = A").len(), 1);
    }

    #[test]
    fn any_text_crlf_and_a_byte_order_mark() {
        let c = ok("\u{feff}dash = a — b ½ ✕ «x»\r\nar = اللعبة\r\nzh = 新游戏 = 好\r\n");
        assert_eq!(text_of(&c, "dash"), "a — b ½ ✕ «x»");
        assert_eq!(text_of(&c, "ar"), "اللعبة");
        assert_eq!(text_of(&c, "zh"), "新游戏 = 好");
    }

    #[test]
    fn placeholders_and_escaped_braces() {
        let c = ok("v = Viewing move {n} of {total} ({label}), {n} again, {{literal}} and }}");
        let m = c.get("v").unwrap();
        assert_eq!(m.placeholders(), ["n", "total", "label"]);
        assert_eq!(
            unescape(&m.forms[0].text),
            "Viewing move {n} of {total} ({label}), {n} again, {literal} and }"
        );
        assert_eq!(
            pieces("a{{b}}{c_1}").collect::<Vec<_>>(),
            [
                Piece::Text("a"),
                Piece::Text("{"),
                Piece::Text("b"),
                Piece::Text("}"),
                Piece::Name("c_1")
            ]
        );
        assert_eq!(escape("{x} }"), "{{x}} }}");
        assert_eq!(unescape(&escape("{x} } {{")), "{x} } {{");
    }

    #[test]
    fn bad_placeholders() {
        for (text, what) in [
            ("a = {Name}", "a bad placeholder"),
            ("a = {1}", "a bad placeholder"),
            ("a = { n }", "a bad placeholder"),
            ("a = {}", "a bad placeholder"),
            ("a = {n", "a `{` without its `}`"),
            ("a = n}", "a lone `}`"),
        ] {
            let e = errors(text);
            assert_eq!(e.len(), 1, "{text}");
            assert!(e[0].starts_with("t.txt:1: `a`: "), "{}", e[0]);
            assert!(e[0].contains(what), "{}", e[0]);
        }
    }

    #[test]
    fn malformed_lines_and_bad_keys() {
        assert_eq!(
            errors("ok = fine\njust text"),
            ["t.txt:2: expected `key = text` (or a `#` comment, or an indented continuation line)"]
        );
        for key in [
            "New-game", "new_game", "new game", "3d-view", "-a", "a-", "a--b", "é",
        ] {
            let e = errors(&format!("{key} = x"));
            assert_eq!(e.len(), 1, "{key}");
            assert!(e[0].contains("a bad key"), "{}", e[0]);
            assert!(e[0].starts_with("t.txt:1:"), "{}", e[0]);
        }
        assert_eq!(
            errors("a.other = x\na.some = y"),
            ["t.txt:2: `a.some`: unknown plural form `.some` (the forms are .zero, .one, .two, .few, .many, .other)"]
        );
        assert_eq!(errors("a.b.one = x").len(), 1);
        assert!(errors("= x")[0].starts_with("t.txt:1: a bad key"));
        assert_eq!(errors("a =\nb = B"), ["t.txt:1: `a`: no text after `=`"]);
        assert_eq!(errors("a =   \n  \nb = B").len(), 1);
    }

    #[test]
    fn duplicates_and_plain_plural_mixes() {
        assert_eq!(
            errors("a = A\nb = B\na = again"),
            ["t.txt:3: `a`: a duplicate key (first on line 1)"]
        );
        assert_eq!(
            errors("a.one = {n}\na.other = {n}\na.one = {n}"),
            ["t.txt:3: `a.one`: a duplicate key (first on line 1)"]
        );
        assert_eq!(
            errors("a.one = {n}\na.other = {n}\na = A"),
            ["t.txt:3: `a`: `a` is both a plain message (line 3) and a plural one (line 1)"]
        );
    }

    #[test]
    fn plural_messages() {
        let c = ok("s.other = {side} {n} squares\ns.one = {n} square for {side}\ns.few = {n} few");
        let m = c.get("s").unwrap();
        assert!(m.is_plural());
        let forms: Vec<_> = m.forms.iter().map(|f| f.plural.unwrap()).collect();
        assert_eq!(forms, [Plural::Other, Plural::One, Plural::Few]);
        // Arguments in the order of first appearance, `.other` first.
        assert_eq!(m.placeholders(), ["side", "n"]);
        assert_eq!(m.line, 1);
        assert_eq!(
            errors("x = X\ns.one = {n} square\ns.few = {n}"),
            ["t.txt:2: `s`: a plural message needs a `.other` form (`s.other = ...`)"]
        );
    }

    #[test]
    fn english_checks() {
        let c = ok("move = Move\nmove-list = Moves {type}\ncount.one = one\ncount.other = many\nfine.other = {n}");
        let e: Vec<String> = check_english(&c).iter().map(|e| e.to_string()).collect();
        assert_eq!(
            e,
            [
                "t.txt:1: `move`: the message function would be `move`, a Rust keyword: choose another key",
                "t.txt:2: `move-list`: the placeholder `{type}` is a Rust keyword: choose another name",
                "t.txt:3: `count`: a plural message counts `{n}`: use `{n}` in its forms",
            ]
        );
    }

    fn english() -> Catalogue {
        parse(
            "en.txt",
            "new-game = New game\nviewing-move = Viewing move {n} of {total} ({label})\n\
             squares.one = {piece}: {n} square\nsquares.other = {piece}: {n} squares\n",
        )
        .unwrap()
    }

    fn check(text: &str) -> Vec<String> {
        let translation = parse("xx.txt", text).unwrap();
        check_translation(&english(), &translation)
            .iter()
            .map(|e| e.to_string())
            .collect()
    }

    #[test]
    fn a_complete_translation_passes() {
        // Other order of placeholders, more plural forms, a form without `{n}`.
        let e = check(
            "new-game = لعبة جديدة\nviewing-move = ({label}) {total} / {n}\n\
             squares.zero = {piece}: لا مربعات\nsquares.one = {piece}: مربع واحد\n\
             squares.few = {piece}: {n} مربعات\nsquares.other = {piece}: {n} مربعًا\n",
        );
        assert!(e.is_empty(), "{e:?}");
        assert!(check("new-game = 新游戏\nviewing-move = 第{n}/{total}步（{label}）\nsquares.other = {piece}：{n}格\n").is_empty());
    }

    #[test]
    fn translation_errors_name_file_line_and_key() {
        assert_eq!(
            check("new-game = N\nviewing-move = {n} {total}\nsquares.other = {n}\nextra = E"),
            [
                "xx.txt:2: `viewing-move`: placeholders differ from English (en.txt:2); missing {label}",
                "xx.txt:3: `squares`: placeholders differ from English (en.txt:3); missing {piece}",
                "xx.txt:4: `extra`: no such message in English (en.txt)",
            ]
        );
        assert_eq!(
            check("new-game = N {who}\nviewing-move = {n} {total} {label} {x}\nsquares = {piece} {n}"),
            [
                "xx.txt:1: `new-game`: placeholders differ from English (en.txt:1); not in English {who}",
                "xx.txt:2: `viewing-move`: placeholders differ from English (en.txt:2); not in English {x}",
                "xx.txt:3: `squares`: plural in English (en.txt:3): write its forms `squares.one`, `squares.other`, ...",
            ]
        );
        assert_eq!(
            check("new-game.other = N {n}\nsquares.other = {piece} {n}"),
            [
                "xx.txt:1: `new-game`: not plural in English (en.txt:1): write `new-game = ...`",
                "xx.txt: `viewing-move`: missing (English has it: en.txt:2)",
            ]
        );
    }

    /// A messages folder from `(path, text)` pairs; a path ending in `/` is a folder.
    fn folder(entries: &[(&str, &str)]) -> Result<Catalogue, Vec<String>> {
        let entries: Vec<(String, String)> = entries
            .iter()
            .map(|(path, text)| (path.to_string(), text.to_string()))
            .collect();
        check_all("m", &entries)
            .map(|(english, _)| english)
            .map_err(|e| e.iter().map(|e| e.to_string()).collect())
    }

    const APP: &str = "# The shell.\nnew-game = New game\nexport = Export\n";
    const GAME: &str =
        "viewing-move = Viewing move {n} of {total} ({label})\n\nsquares.one = {piece}: {n} square\nsquares.other = {piece}: {n} squares\n";

    #[test]
    fn a_language_is_the_union_of_its_folder() {
        let english = folder(&[
            ("en/", ""),
            ("en/game.txt", GAME),
            ("README.md", "# Notes, not messages"),
            ("en/app.txt", APP),
            ("en/empty.txt", "# Nothing yet.\n"),
            (".DS_Store", "\0"),
            ("en/.app.txt.swp", "\0"),
            // Split differently, in any order.
            (
                "fr/b.txt",
                "squares.other = {piece} : {n} cases\nexport = Exporter\n",
            ),
            (
                "fr/a.txt",
                "viewing-move = Coup {n} sur {total} ({label})\n",
            ),
            ("fr/c.txt", "\u{feff}new-game = Nouvelle partie"),
        ])
        .unwrap();
        assert_eq!(english.name, "m/en");
        let keys: Vec<_> = english.messages.iter().map(|m| m.key.as_str()).collect();
        assert_eq!(keys, ["export", "new-game", "squares", "viewing-move"]);
        let export = english.get("export").unwrap();
        assert_eq!((export.file.as_str(), export.line), ("m/en/app.txt", 3));
        let squares = english.get("squares").unwrap();
        assert_eq!((squares.file.as_str(), squares.line), ("m/en/game.txt", 3));
        let parts = vec![
            parse("m/en/app.txt", APP).unwrap(),
            parse("m/en/empty.txt", "").unwrap(),
            parse("m/en/game.txt", GAME).unwrap(),
        ];
        assert_eq!(merge("m/en", parts).unwrap(), english);
        // No messages at all is fine too.
        assert!(folder(&[("en/", "")]).unwrap().messages.is_empty());
    }

    #[test]
    fn a_key_is_in_one_file_of_its_language() {
        assert_eq!(
            folder(&[
                ("en/app.txt", APP),
                ("en/game.txt", GAME),
                ("en/more.txt", "# More.\nexport = Export again\nsquares.other = {n}\n"),
            ])
            .unwrap_err(),
            [
                "m/en/more.txt:2: `export`: a duplicate key: also in m/en/app.txt:3 (a key is in one file of its language)",
                "m/en/more.txt:3: `squares`: a duplicate key: also in m/en/game.txt:3 (a key is in one file of its language)",
            ]
        );
        // The same in a translation.
        let e = folder(&[
            ("en/app.txt", APP),
            ("en/game.txt", GAME),
            ("ar/a.txt", "new-game = N\nexport = E"),
            ("ar/b.txt", GAME),
            ("ar/c.txt", "new-game = again"),
        ])
        .unwrap_err();
        assert_eq!(
            e,
            ["m/ar/c.txt:1: `new-game`: a duplicate key: also in m/ar/a.txt:1 (a key is in one file of its language)"]
        );
    }

    #[test]
    fn a_translation_has_englishs_keys_whatever_its_files() {
        assert_eq!(
            folder(&[
                ("en/app.txt", APP),
                ("en/game.txt", GAME),
                ("ar/all.txt", "new-game = N\nviewing-move = {n} {total}\nextra = E\n"),
                ("zh/", ""),
            ])
            .unwrap_err(),
            [
                "m/ar/all.txt:2: `viewing-move`: placeholders differ from English (m/en/game.txt:1); missing {label}",
                "m/ar/all.txt:3: `extra`: no such message in English (m/en)",
                "m/ar: `export`: missing (English has it: m/en/app.txt:3)",
                "m/ar: `squares`: missing (English has it: m/en/game.txt:3)",
                "m/zh: `export`: missing (English has it: m/en/app.txt:3)",
                "m/zh: `new-game`: missing (English has it: m/en/app.txt:2)",
                "m/zh: `squares`: missing (English has it: m/en/game.txt:3)",
                "m/zh: `viewing-move`: missing (English has it: m/en/game.txt:1)",
            ]
        );
        // A file that does not parse: its errors, and no check against English that would only
        // repeat them as missing keys.
        assert_eq!(
            folder(&[
                ("en/app.txt", APP),
                ("de/app.txt", "new-game = {"),
                ("en/game.txt", GAME)
            ])
            .unwrap_err(),
            ["m/de/app.txt:1: `new-game`: a `{` without its `}` (write `{{` for a brace): `{`"]
        );
        // English's own problems.
        assert_eq!(
            folder(&[("en/app.txt", "fn = Function\n")]).unwrap_err(),
            ["m/en/app.txt:1: `fn`: the message function would be `fn`, a Rust keyword: choose another key"]
        );
    }

    #[test]
    fn the_folder_layout() {
        let outside = "a file outside the language folders: the message files go in a folder \
                       per language, e.g. `m/en/app.txt` (beside the folders there is only README.md)";
        assert_eq!(
            folder(&[("en/app.txt", APP), ("en.txt", APP), ("notes.md", "")]).unwrap_err(),
            [
                format!("m/en.txt: {outside}"),
                format!("m/notes.md: {outside}")
            ]
        );
        assert_eq!(
            folder(&[("en/app.txt", APP), ("en/game.text", ""), ("en/old/", "")]).unwrap_err(),
            [
                "m/en/game.text: not a message file: a language folder holds `.txt` files only",
                "m/en/old/: a folder in a language folder: the message files go in `m/en/` itself",
            ]
        );
        // The old layout: both problems said.
        assert_eq!(
            folder(&[("en.txt", APP), ("README.md", "")]).unwrap_err(),
            [
                format!("m/en.txt: {outside}"),
                "m/en: missing: English is compiled into the app, from `m/en/*.txt`".to_string(),
            ]
        );
        assert_eq!(
            folder(&[]).unwrap_err(),
            ["m/en: missing: English is compiled into the app, from `m/en/*.txt`"]
        );
    }

    #[test]
    fn joined_files_parse_as_one_text() {
        let joined = join(["\u{feff}a = A\r\n  more", "", "\u{feff}b = B\n", "c = C"]);
        assert_eq!(joined, "a = A\r\n  more\nb = B\nc = C\n");
        let c = ok(&joined);
        assert_eq!(text_of(&c, "a"), "A more");
        assert_eq!(c.get("c").unwrap().line, 4);
        assert_eq!(join([]), "");
        assert_eq!(join(["", ""]), "");
    }

    /// A tiny deterministic generator: parsing and splitting never panic, whatever the text.
    #[test]
    fn never_panics() {
        const ALPHABET: &[&str] = &[
            "{", "}", "{{", "}}", "=", "#", " ", "\t", "\n", "\r\n", "a", "n", "-", ".", "one",
            "other", "few", "é", "—", "的", "ل", "\u{feff}", "{n}", "x = ",
        ];
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..20_000 {
            let len = next() % 24;
            let text: String = (0..len)
                .map(|_| ALPHABET[(next() % ALPHABET.len() as u64) as usize])
                .collect();
            let english = english();
            if let Ok(c) = parse("f.txt", &text) {
                let _ = check_english(&c);
                let _ = check_translation(&english, &c);
                for m in &c.messages {
                    let _ = m.placeholders();
                }
            }
            let rebuilt: String = pieces(&text)
                .map(|p| match p {
                    Piece::Text(s) | Piece::Bad(s, _) => s.to_string(),
                    Piece::Name(n) => format!("{{{n}}}"),
                })
                .collect();
            assert!(rebuilt.len() <= text.len());
            assert_eq!(unescape(&escape(&text)), text);
        }
    }
}
