//! Generates `$OUT_DIR/messages.rs` from `assets/messages/<language>/*.txt`: the English
//! string table and one function per message (see `src/text/mod.rs`). Every language folder is
//! checked against English; any problem fails the build with its file, line and key.

use std::fmt::Write as _;
use std::path::Path;

#[allow(dead_code)]
#[path = "src/text/catalogue.rs"]
mod catalogue;

use catalogue::{Catalogue, Error, Plural};

const DIR: &str = "assets/messages";
/// Messages chosen by data, looked up by key (`text::text_by_key`): the custom options' words.
const BY_KEY_PREFIX: &str = "option-";

fn main() {
    let root = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".to_string());
    let result = read(Path::new(&root))
        .and_then(|entries| catalogue::check_all(DIR, &entries).map_err(|e| strings(&e)))
        .and_then(|(english, others)| Ok((generate(&english)?, english, others)));
    let (code, english, others) = result.unwrap_or_else(|problems| fail(&problems));
    let out = std::env::var("OUT_DIR").expect("cargo sets OUT_DIR");
    write(&Path::new(&out).join("messages.rs"), &code);
    // The other languages' tables, the files the app fetches (tools/app-build.mjs copies them
    // into the build, found by the `out_dir` cargo reports for this script).
    let tables = Path::new(&out).join("lang");
    // Emptied first: a language folder removed takes its table with it.
    let _ = std::fs::remove_dir_all(&tables);
    if let Err(e) = std::fs::create_dir_all(&tables) {
        fail(&[format!("cannot make {}: {e}", tables.display())]);
    }
    for other in &others {
        let code = other.name.rsplit('/').next().unwrap_or_default();
        let file = catalogue::table_file(code, &catalogue::table(&english, other));
        write(&tables.join(format!("{code}.txt")), &file);
    }
}

fn write(path: &Path, text: &str) {
    if let Err(e) = std::fs::write(path, text) {
        fail(&[format!("cannot write {}: {e}", path.display())]);
    }
}

fn fail(problems: &[String]) -> ! {
    for problem in problems {
        eprintln!("{problem}");
    }
    eprintln!(
        "error: {} problem(s) in the message files ({DIR}); the format: {DIR}/README.md",
        problems.len()
    );
    std::process::exit(1);
}

fn strings(errors: &[Error]) -> Vec<String> {
    errors.iter().map(|e| e.to_string()).collect()
}

/// What `DIR` holds, two levels deep, as `catalogue::check_all` takes it: paths relative to
/// `DIR`, a folder ending in `/`, each file with its text. Asks cargo to run this again when
/// any of it changes, or a file comes or goes (a folder's listing is watched with the folder).
fn read(root: &Path) -> Result<Vec<(String, String)>, Vec<String>> {
    println!("cargo:rerun-if-changed={DIR}");
    let mut entries = Vec::new();
    let mut problems = Vec::new();
    let mut folders = vec![String::new()];
    while let Some(folder) = folders.pop() {
        let shown = format!("{DIR}/{folder}");
        let listing = match std::fs::read_dir(root.join(&shown)) {
            Ok(listing) => listing.collect::<Result<Vec<_>, _>>(),
            Err(e) => Err(e),
        };
        let mut listing = match listing {
            Ok(listing) => listing,
            Err(e) => {
                problems.push(format!("{}: {e}", shown.trim_end_matches('/')));
                continue;
            }
        };
        listing.sort_by_key(|entry| entry.file_name());
        for entry in listing {
            let name = entry.file_name().to_string_lossy().into_owned();
            let path = format!("{folder}{name}");
            println!("cargo:rerun-if-changed={DIR}/{path}");
            if entry.path().is_dir() {
                let path = format!("{path}/");
                // A language folder is read; a folder in one is reported by the check.
                if folder.is_empty() {
                    folders.push(path.clone());
                }
                entries.push((path, String::new()));
            } else if folder.is_empty() || name.starts_with('.') || !name.ends_with(".txt") {
                // Not a message file (README.md, or skipped or reported by the check).
                entries.push((path, String::new()));
            } else {
                match std::fs::read_to_string(entry.path()) {
                    Ok(text) => entries.push((path, text)),
                    Err(e) => {
                        problems.push(format!("{DIR}/{path}: {e} (a message file is UTF-8 text)"))
                    }
                }
            }
        }
    }
    if problems.is_empty() {
        Ok(entries)
    } else {
        Err(problems)
    }
}

/// The Rust source of the tables and the message functions.
///
/// Each message function carries its English text itself, so a text is linked only where the
/// message is used: a message of a part of the app that loads on first use travels with that
/// part, not in the first load. The tables hold keys and shapes (placeholders), not texts.
fn generate(english: &Catalogue) -> Result<String, Vec<String>> {
    let mut keys = String::new();
    let mut first = String::new();
    let mut shapes = String::new();
    let mut table = String::new();
    let mut unescaped = String::new();
    let mut by_key = String::new();
    let mut functions = String::new();
    let mut slot = 0usize;
    for message in &english.messages {
        let id = u16::try_from(slot)
            .ok()
            .filter(|id| *id < u16::MAX - 6)
            .ok_or_else(|| vec![format!("{}: too many messages for u16 ids", english.name)])?;
        slot += message.slots();
        let _ = write!(keys, "{:?},", message.key);
        let _ = write!(first, "{id},");
        let names = message.placeholders();
        let name = catalogue::rust_name(&message.key);
        let mut doc = format!("From `{}:{}`:\n```text\n", message.file, message.line);
        for form in &message.forms {
            if let Some(plural) = form.plural {
                let _ = write!(doc, "{}: ", plural.suffix());
            }
            let _ = writeln!(doc, "{}", form.text);
        }
        doc.push_str("```");
        let _ = writeln!(functions, "    #[doc = {doc:?}]");
        if message.is_plural() {
            let mut forms = Vec::new();
            for plural in Plural::ALL {
                let text = message.forms.iter().find(|f| f.plural == Some(plural));
                let text = text.map_or("", |f| f.text.as_str());
                let _ = write!(table, "{text:?},");
                let _ = write!(shapes, "{:?},", shape(text, text.is_empty()));
                forms.push(format!("{text:?}"));
            }
            let params: Vec<String> = names
                .iter()
                .map(|p| {
                    if *p == "n" {
                        "n: u64".to_string()
                    } else {
                        format!("{p}: &dyn Display")
                    }
                })
                .collect();
            let args: Vec<&str> = names
                .iter()
                .map(|p| if *p == "n" { "&n" } else { p })
                .collect();
            let _ = writeln!(
                functions,
                "    pub fn {name}({}) -> String {{ super::fill_plural({id}, &[{}], n, &[{}]) }}",
                params.join(", "),
                forms.join(", "),
                args.join(", ")
            );
        } else {
            let text = message.forms.first().map_or("", |f| f.text.as_str());
            let _ = write!(shapes, "{:?},", shape(text, false));
            if names.is_empty() {
                // Shown as it is: stored with its braces unescaped.
                let shown = catalogue::unescape(text);
                if shown != text {
                    let _ = write!(unescaped, "{id},");
                }
                if message.key.starts_with(BY_KEY_PREFIX) {
                    let _ = write!(by_key, "({:?}, {id}, {shown:?}),", message.key);
                }
                let _ = write!(table, "{shown:?},");
                let _ = writeln!(
                    functions,
                    "    pub fn {name}() -> &'static str {{ super::text({id}, {shown:?}) }}"
                );
            } else {
                let _ = write!(table, "{text:?},");
                let params: Vec<String> =
                    names.iter().map(|p| format!("{p}: &dyn Display")).collect();
                let _ = writeln!(
                    functions,
                    "    pub fn {name}({}) -> String {{ super::fill({id}, {text:?}, &[{}]) }}",
                    params.join(", "),
                    names.join(", ")
                );
            }
        }
    }
    let _ = write!(first, "{slot},");
    let english_folder = &english.name;
    Ok(format!(
        "// Generated by build.rs from {english_folder}/*.txt: do not edit.\n\
         /// English's folder, as named in the errors of a loaded language.\n\
         const ENGLISH_FOLDER: &str = {english_folder:?};\n\
         /// How many slots a language's table has.\n\
         const SLOTS: usize = {slot};\n\
         /// The message keys, sorted: message `i` is `KEYS[i]`.\n\
         static KEYS: &[&str] = &[{keys}];\n\
         /// Message `i` has the slots `FIRST[i]..FIRST[i + 1]` of a table: one, or six for a\n\
         /// plural message (in `Plural` order, `.other` first). Its id is its first slot.\n\
         static FIRST: &[u16] = &[{first}];\n\
         /// English's shape, one per slot: `=` and the slot's placeholders (`={{n}}{{side}}`), \"\"\n\
         /// for a plural form English lacks. A loaded language is checked against it.\n\
         static SHAPES: &[&str] = &[{shapes}];\n\
         /// The English table, one text per slot (\"\" for a plural form English lacks); the app\n\
         /// takes English from the message functions, the tests compare the two.\n\
         #[cfg(test)]\n\
         static EN: &[&str] = &[{table}];\n\
         /// Ids of the messages without placeholders whose stored text has braces: stored with\n\
         /// `{{{{` / `}}}}` resolved, so they are escaped again to be checked.\n\
         #[cfg(test)]\n\
         static UNESCAPED: &[u16] = &[{unescaped}];\n\
         /// The plain messages found by key at run time (`{BY_KEY_PREFIX}…`), sorted, with their ids\n\
         /// and English texts: a table of their own, so the app does not carry every key for them.\n\
         static BY_KEY: &[(&str, u16, &str)] = &[{by_key}];\n\
         \n\
         /// One function per message, named after its key (`new-game` → `new_game()`), in the\n\
         /// current language. Generated from `{english_folder}/*.txt`.\n\
         pub mod msg {{\n\
         \x20   #![allow(clippy::too_many_arguments)]\n\
         \x20   #[allow(unused_imports)]\n\
         \x20   use core::fmt::Display;\n\
         {functions}}}\n"
    ))
}

/// A slot's shape: `=` and its placeholders in order, or "" for a missing plural form.
fn shape(text: &str, missing: bool) -> String {
    if missing {
        return String::new();
    }
    let mut shape = String::from("=");
    for name in catalogue::placeholder_order([text]) {
        let _ = write!(shape, "{{{name}}}");
    }
    shape
}
