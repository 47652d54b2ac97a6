//! The shape of the code, checked from the source text of `src/` (std only, no tools): a small
//! script in the repository in place of a tool such as cargo-modules.
//!
//! 1. **No module import cycles.** The module tree comes from the files (`src/lib.rs` is the
//!    crate root, `src/a.rs` or `src/a/mod.rs` is `crate::a`, nested likewise). Every path a
//!    module writes (`use` trees, and paths in code such as `crate::ui::storage::write(..)`,
//!    `super::notation::machine(..)`, `storage::write(..)` after `use crate::ui::storage`) is
//!    resolved to the module that *defines* the item, following `use` / `pub use` re-exports.
//!    A module's own `pub use` lines are no edge by themselves (they only make the re-export
//!    resolvable) unless the module's own code uses the name too; `mod child;` is no edge.
//! 2. **UI layers** point down: `app` → `screens` → `game` → `board` → `platform` (folders of
//!    `src/ui/`), and the pure parts (`rules`, `saves`, `saved_rules`, `teacher`, `text`) never
//!    reference the UI or the web crates.
//! 3. **Browser APIs** (storage, audio, speech, vibration, ...) only in `src/ui/platform/`.
//! 4. **No user-visible text** in `src/ui/` outside the message catalogue (`src/text/`).
//!
//! Checks 2 to 4 apply once the folders they talk about exist (layers, `src/ui/platform/`,
//! `src/text/mod.rs`); until then they only print what they would find.
//!
//! Run: `cargo test --release --test architecture -- --nocapture`. Environment:
//! - `ARCH_INCLUDE_BINS=1`: also check the binary crates (`src/main.rs`, `src/bin/**`), each as
//!   its own crate root (off by default: see [`module_name`]);
//! - `ARCH_TEXT_PENDING=1`: user text outside the catalogue is a warning, not a failure (while
//!   the UI's texts move into the catalogue);
//! - `ARCH_LIST=1`: list every edge inside each cycle, and every finding of the checks that
//!   are not enforced yet.
//!
//! How the reading works, and what it does not see:
//! - comments, string and char literals are blanked first ([`strip`]), so paths in them do not
//!   count (check 3 also looks inside literals: `call(&el, "requestFullscreen")` is a use);
//! - items under `#[cfg(test)]` (the `mod tests { .. }` blocks) are skipped: test code may
//!   import freely;
//! - inline modules other than tests (`mod x { .. }`, none today) are read as part of their
//!   file's module; `use` inside function bodies counts as the module's;
//! - macros: `macro_rules! name` is an item of its module; items a macro generates are not
//!   seen, and a path to such an item resolves to the deepest module the path reaches;
//! - a glob import (`use a::b::*`) is an edge to `a::b`, and names it brings are looked up
//!   there; method calls and trait impls are not paths and are not followed.

use std::collections::{BTreeMap, BTreeSet, HashMap, VecDeque};
use std::fmt::Write as _;
use std::path::Path;
use std::sync::OnceLock;

// =============================================================================================
// The rules, as data.
// =============================================================================================

/// UI layers, top to bottom. A module in a layer may reference modules of its own layer and of
/// the layers below it, never above. A layer is the folder `src/ui/<name>/` (with its
/// `src/ui/<name>.rs` if the folder uses that style); the rule applies only to layers whose
/// folder exists. Anything else in `src/ui/` (`src/ui/mod.rs`, flat files) is free.
const UI_LAYERS: &[&str] = &["app", "screens", "game", "board", "platform"];

/// The pure parts of the crate: below every UI layer, they must never reference
/// [`PURE_MUST_NOT_REFERENCE`] nor the web crates [`PURE_MUST_NOT_USE_CRATES`].
const PURE_MODULES: &[&str] = &[
    "crate::text",
    "crate::rules",
    "crate::saves",
    "crate::saved_rules",
    "crate::teacher",
];
const PURE_MUST_NOT_REFERENCE: &[&str] = &["crate::ui"];
const PURE_MUST_NOT_USE_CRATES: &[&str] = &["leptos", "web_sys", "js_sys", "wasm_bindgen", "gloo"];

/// Check 3: the folder that owns the browser, and the APIs only it may mention.
const PLATFORM_DIR: &str = "src/ui/platform/";
const UI_DIR: &str = "src/ui/";
const BROWSER_APIS: &[&str] = &[
    "local_storage",
    "session_storage",
    "web_sys::Storage",
    "StorageEvent",
    "AudioContext",
    "OscillatorNode",
    "GainNode",
    "SpeechSynthesis",
    "speech_synthesis",
    "gloo::storage",
    "Vibrate",
    "vibrate",
    "wake_lock",
    "requestFullscreen",
    "exitFullscreen",
];

/// Check 4: the message catalogue; once one of these files exists, `src/ui/` holds no text.
const CATALOGUE_FILES: &[&str] = &["src/text/mod.rs", "src/text.rs"];
/// View attributes whose value a person reads (or hears).
const USER_ATTRS: &[&str] = &["aria-label", "title", "placeholder", "alt"];
/// Calls and macros whose literal arguments are developer text (console, panics).
const DEV_TEXT_CALLS: &[&str] = &[
    "warn!",
    "log!",
    "error!",
    "debug_warn!",
    "panic!",
    "unreachable!",
    "todo!",
    "unimplemented!",
    "assert!",
    "assert_eq!",
    "assert_ne!",
    "debug_assert!",
    "expect",
    "expect_err",
];
/// `// text-ok: <reason>` on the line or the line before allows that line's literals.
const TEXT_OK: &str = "text-ok:";
/// Words a format string may hold outside its `{..}` placeholders (CSS/SVG units, functions).
const UNIT_WORDS: &[&str] = &[
    "px",
    "deg",
    "rad",
    "turn",
    "em",
    "rem",
    "vh",
    "vw",
    "vmin",
    "vmax",
    "ms",
    "s",
    "fr",
    "translate",
    "translatex",
    "translatey",
    "rotate",
    "scale",
    "scalex",
    "scaley",
    "skewx",
    "skewy",
    "matrix",
    "rgb",
    "rgba",
    "hsl",
    "hsla",
    "url",
    "var",
    "calc",
];
/// CSS properties a declaration literal (`"color: red"`) may name without a hyphen.
const CSS_PROPERTIES: &[&str] = &[
    "color",
    "background",
    "fill",
    "stroke",
    "opacity",
    "transform",
    "transition",
    "display",
    "width",
    "height",
    "top",
    "left",
    "right",
    "bottom",
    "margin",
    "padding",
    "border",
    "cursor",
    "position",
    "visibility",
    "filter",
    "animation",
    "outline",
    "inset",
    "gap",
];

const INCLUDE_BINS_VAR: &str = "ARCH_INCLUDE_BINS";
const LIST_VAR: &str = "ARCH_LIST";
const TEXT_PENDING_VAR: &str = "ARCH_TEXT_PENDING";

// =============================================================================================
// Reading the tree.
// =============================================================================================

#[derive(Clone, Debug)]
struct SourceFile {
    /// Relative to the crate, with `/`: `src/ui/board.rs`.
    rel: String,
    text: String,
}

fn env_on(name: &str) -> bool {
    std::env::var(name).is_ok_and(|v| !v.is_empty() && v != "0")
}

fn read_sources() -> &'static [SourceFile] {
    static FILES: OnceLock<Vec<SourceFile>> = OnceLock::new();
    FILES.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        let mut dirs = vec![root.join("src")];
        while let Some(dir) = dirs.pop() {
            let entries = std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{dir:?}: {e}"));
            for entry in entries {
                let path = entry.expect("directory entry").path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let rel = path.strip_prefix(root).expect("under the crate");
                    let rel = rel.to_string_lossy().replace('\\', "/");
                    let text =
                        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{rel}: {e}"));
                    files.push(SourceFile { rel, text });
                }
            }
        }
        files.sort_by(|a, b| a.rel.cmp(&b.rel));
        assert!(files.iter().any(|f| f.rel == "src/lib.rs"), "no src/lib.rs");
        files
    })
}

fn tree() -> &'static Tree {
    static TREE: OnceLock<Tree> = OnceLock::new();
    TREE.get_or_init(|| Tree::build(read_sources(), env_on(INCLUDE_BINS_VAR)))
}

// =============================================================================================
// Comments and literals.
// =============================================================================================

/// A string literal (normal, raw or byte) as found in the source.
#[derive(Clone, Debug)]
struct Lit {
    /// Char offsets of the whole literal (prefix and quotes included) in the source.
    start: usize,
    end: usize,
    line: usize,
    /// The text between the quotes, as written.
    written: String,
    /// The same with escapes read (`\n`, `\"`, `\u{..}`, line continuations).
    value: String,
    /// `b".."` / `c".."`: never shown to a person.
    byte: bool,
}

#[derive(Clone, Debug)]
struct LineComment {
    line: usize,
    /// Whether code precedes the comment on its line.
    trailing: bool,
    text: String,
}

/// The source with comments and the insides of string and char literals blanked (newlines
/// kept, char offsets unchanged), plus the literals and line comments taken out.
struct Stripped {
    code: Vec<char>,
    lits: Vec<Lit>,
    comments: Vec<LineComment>,
}

impl Stripped {
    fn code_string(&self) -> String {
        self.code.iter().collect()
    }
}

fn is_ident_start(c: char) -> bool {
    c.is_alphabetic() || c == '_'
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

fn blank(code: &mut [char], from: usize, to: usize) {
    for c in &mut code[from..to] {
        if *c != '\n' {
            *c = ' ';
        }
    }
}

/// A string literal starting at `i` (`"..."`, `r#"..."#`, `b".."`, `br".."`, `c".."`):
/// (end, content start, content end, byte).
fn string_at(s: &[char], i: usize) -> Option<(usize, usize, usize, bool)> {
    let mut j = i;
    let mut byte = false;
    if s[j] == 'b' || s[j] == 'c' {
        byte = true;
        j += 1;
    }
    let raw = s.get(j) == Some(&'r');
    if raw {
        j += 1;
    }
    let mut hashes = 0;
    if raw {
        while s.get(j) == Some(&'#') {
            hashes += 1;
            j += 1;
        }
    }
    if s.get(j) != Some(&'"') {
        return None;
    }
    let content_start = j + 1;
    let mut k = content_start;
    if raw {
        loop {
            if k >= s.len() {
                return Some((s.len(), content_start, s.len(), byte));
            }
            if s[k] == '"' && (1..=hashes).all(|h| s.get(k + h) == Some(&'#')) {
                return Some((k + 1 + hashes, content_start, k, byte));
            }
            k += 1;
        }
    }
    while k < s.len() && s[k] != '"' {
        k += if s[k] == '\\' { 2 } else { 1 };
    }
    let k = k.min(s.len());
    Some(((k + 1).min(s.len()), content_start, k, byte))
}

/// The value of a normal literal's text: escapes read.
fn unescape(written: &str) -> String {
    let s: Vec<char> = written.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < s.len() {
        if s[i] != '\\' || i + 1 >= s.len() {
            out.push(s[i]);
            i += 1;
            continue;
        }
        let e = s[i + 1];
        i += 2;
        match e {
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            '0' => out.push('\0'),
            'x' => {
                let hex: String = s[i..(i + 2).min(s.len())].iter().collect();
                out.extend(u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32));
                i += 2;
            }
            'u' => {
                let close = s[i..]
                    .iter()
                    .position(|&c| c == '}')
                    .map_or(s.len(), |p| i + p);
                let hex: String = s[(i + 1).min(close)..close].iter().collect();
                out.extend(u32::from_str_radix(&hex, 16).ok().and_then(char::from_u32));
                i = close + 1;
            }
            '\n' => {
                while i < s.len() && s[i].is_whitespace() {
                    i += 1;
                }
            }
            other => out.push(other),
        }
    }
    out
}

/// Blanks comments and literals; see [`Stripped`]. Block comments nest; `'a` is a lifetime,
/// `'a'`, `'\''` and `'"'` are char literals.
fn strip(src: &str) -> Stripped {
    let s: Vec<char> = src.chars().collect();
    let mut code = s.clone();
    let mut lits = Vec::new();
    let mut comments = Vec::new();
    let (mut line, mut line_start, mut i) = (1, 0, 0);
    let count_lines = |from: usize, to: usize| s[from..to].iter().filter(|&&c| c == '\n').count();
    while i < s.len() {
        let c = s[i];
        let next = s.get(i + 1).copied();
        if c == '\n' {
            line += 1;
            i += 1;
            line_start = i;
            continue;
        }
        if c == '/' && next == Some('/') {
            let start = i;
            while i < s.len() && s[i] != '\n' {
                i += 1;
            }
            let trailing = code[line_start..start].iter().any(|c| !c.is_whitespace());
            let text = s[start + 2..i].iter().collect();
            comments.push(LineComment {
                line,
                trailing,
                text,
            });
            blank(&mut code, start, i);
            continue;
        }
        if c == '/' && next == Some('*') {
            let (start, mut depth) = (i, 0);
            while i < s.len() {
                if s[i] == '/' && s.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if s[i] == '*' && s.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            let i_end = i.min(s.len());
            blank(&mut code, start, i_end);
            let n = count_lines(start, i_end);
            if n > 0 {
                line += n;
                line_start = start + s[start..i_end].iter().rposition(|&c| c == '\n').unwrap() + 1;
            }
            i = i_end;
            continue;
        }
        let at_word_start = i == 0 || !is_ident_char(s[i - 1]);
        if c == '"' || (at_word_start && matches!(c, 'b' | 'r' | 'c')) {
            if let Some((end, from, to, byte)) = string_at(&s, i) {
                let written: String = s[from..to].iter().collect();
                let raw = s[i..from].contains(&'r');
                let value = if raw {
                    written.clone()
                } else {
                    unescape(&written)
                };
                lits.push(Lit {
                    start: i,
                    end,
                    line,
                    written,
                    value,
                    byte,
                });
                // Keep one quote at each end, blank the prefix, the hashes and the text.
                blank(&mut code, i, end);
                code[from - 1] = '"';
                if end > from {
                    code[end - 1] = '"';
                }
                let n = count_lines(i, end);
                if n > 0 {
                    line += n;
                    line_start = i + s[i..end].iter().rposition(|&c| c == '\n').unwrap() + 1;
                }
                i = end;
                continue;
            }
        }
        let quote = if c == '\'' {
            Some(i)
        } else if c == 'b' && next == Some('\'') && at_word_start {
            Some(i + 1)
        } else {
            None
        };
        if let Some(q) = quote {
            let close = if s.get(q + 1) == Some(&'\\') {
                let mut k = q + 3;
                while k < s.len() && s[k] != '\'' && s[k] != '\n' {
                    k += 1;
                }
                Some(k)
            } else if s.get(q + 2) == Some(&'\'') {
                Some(q + 2)
            } else {
                None // a lifetime or a label
            };
            if let Some(k) = close.filter(|&k| k < s.len()) {
                blank(&mut code, q + 1, k);
                i = k + 1;
                continue;
            }
        }
        i += 1;
    }
    Stripped {
        code,
        lits,
        comments,
    }
}

// =============================================================================================
// Tokens and what a file declares and refers to.
// =============================================================================================

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Ident(String),
    /// `::`
    Sep,
    P(char),
}

#[derive(Clone, Debug)]
struct Token {
    tok: Tok,
    line: usize,
    pos: usize,
}

fn tokenize(code: &[char]) -> Vec<Token> {
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < code.len() {
        let c = code[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c.is_whitespace() {
            i += 1;
        } else if c == '\'' && code.get(i + 1).is_some_and(|&c| is_ident_start(c)) {
            // A lifetime or label (char literals are blanked to `' '` by now).
            i += 1;
            while i < code.len() && is_ident_char(code[i]) {
                i += 1;
            }
        } else if is_ident_start(c) {
            let start = i;
            while i < code.len() && is_ident_char(code[i]) {
                i += 1;
            }
            let word: String = code[start..i].iter().collect();
            out.push(Token {
                tok: Tok::Ident(word),
                line,
                pos: start,
            });
        } else if c.is_ascii_digit() {
            while i < code.len()
                && (is_ident_char(code[i])
                    || (code[i] == '.' && code.get(i + 1).is_some_and(|c| c.is_ascii_digit())))
            {
                i += 1;
            }
        } else if c == ':' && code.get(i + 1) == Some(&':') {
            out.push(Token {
                tok: Tok::Sep,
                line,
                pos: i,
            });
            i += 2;
        } else {
            out.push(Token {
                tok: Tok::P(c),
                line,
                pos: i,
            });
            i += 1;
        }
    }
    out
}

/// One name a `use` declaration binds (or one glob it opens).
#[derive(Clone, Debug, PartialEq)]
struct UseLeaf {
    /// The full path as written, e.g. `["crate", "ui", "board", "A"]`; for a glob, the path
    /// of the module it opens; for `{self}`, the module's path.
    path: Vec<String>,
    /// The name bound here (`A`, or `B` for `A as B`); `None` for globs and `as _`.
    alias: Option<String>,
    glob: bool,
    /// `pub use` / `pub(crate) use`: a re-export.
    public: bool,
    /// At the file's top level (visible to other modules as `module::alias`).
    module_level: bool,
    line: usize,
}

impl UseLeaf {
    fn text(&self) -> String {
        let mut t = self.path.join("::");
        if self.glob {
            t.push_str("::*");
        }
        t
    }
}

#[derive(Clone, Debug, PartialEq)]
struct PathRef {
    segs: Vec<String>,
    line: usize,
}

/// What one file declares and refers to (test items left out).
#[derive(Clone, Debug, Default)]
struct Parsed {
    /// Items defined at the top level: fns, types, consts, statics, traits, macros, modules.
    items: BTreeSet<String>,
    /// `mod x;` declarations.
    mods: BTreeSet<String>,
    uses: Vec<UseLeaf>,
    /// Paths of two segments or more written in code (outside `use` declarations).
    paths: Vec<PathRef>,
    /// Every identifier in code outside `use` declarations.
    idents: BTreeSet<String>,
    /// Char ranges of `#[cfg(test)]` items.
    skipped: Vec<(usize, usize)>,
}

const ITEM_KEYWORDS: &[&str] = &[
    "fn", "struct", "enum", "union", "trait", "type", "const", "static", "mod",
];

fn ident(toks: &[Token], i: usize) -> Option<&str> {
    match toks.get(i).map(|t| &t.tok) {
        Some(Tok::Ident(s)) => Some(s),
        _ => None,
    }
}

fn punct(toks: &[Token], i: usize, c: char) -> bool {
    matches!(toks.get(i).map(|t| &t.tok), Some(Tok::P(p)) if *p == c)
}

fn sep(toks: &[Token], i: usize) -> bool {
    matches!(toks.get(i).map(|t| &t.tok), Some(Tok::Sep))
}

/// The end (exclusive) of the item starting at `i`: through its `;` or its `{ .. }` block.
fn item_end(toks: &[Token], i: usize) -> usize {
    let mut depth = 0i32;
    for (k, t) in toks.iter().enumerate().skip(i) {
        match t.tok {
            Tok::P('(' | '[' | '{') => depth += 1,
            Tok::P(')' | ']') => depth -= 1,
            Tok::P('}') => {
                depth -= 1;
                if depth <= 0 {
                    return k + 1;
                }
            }
            Tok::P(';') if depth <= 0 => return k + 1,
            _ => {}
        }
    }
    toks.len()
}

/// Whether `use` at `i` is preceded by a visibility (`pub`, `pub(crate)`, `pub(in ..)`).
fn has_visibility(toks: &[Token], i: usize) -> bool {
    if i >= 1 && ident(toks, i - 1) == Some("pub") {
        return true;
    }
    if i >= 1 && punct(toks, i - 1, ')') {
        if let Some(open) = (0..i - 1).rev().find(|&k| punct(toks, k, '(')) {
            return open >= 1 && ident(toks, open - 1) == Some("pub");
        }
    }
    false
}

/// Whether the `use` at `i` starts a declaration (not `<use ..>` inside a `view!`).
fn starts_declaration(toks: &[Token], i: usize) -> bool {
    if i == 0 || has_visibility(toks, i) {
        return true;
    }
    matches!(toks[i - 1].tok, Tok::P(';' | '{' | '}' | ']'))
}

/// Reads a use tree at `*i` under `prefix` into `out`.
fn parse_use_tree(
    toks: &[Token],
    i: &mut usize,
    prefix: Vec<String>,
    public: bool,
    module_level: bool,
    out: &mut Vec<UseLeaf>,
) {
    let mut segs = prefix;
    if sep(toks, *i) {
        *i += 1; // `::std::..`
    }
    loop {
        let Some(tok) = toks.get(*i) else { return };
        let line = tok.line;
        match &tok.tok {
            Tok::Ident(name) => {
                let name = name.clone();
                *i += 1;
                if sep(toks, *i) {
                    segs.push(name);
                    *i += 1;
                    continue;
                }
                let mut alias = Some(if name == "self" {
                    segs.last().cloned().unwrap_or_default()
                } else {
                    segs.push(name.clone());
                    name
                });
                if ident(toks, *i) == Some("as") {
                    alias = ident(toks, *i + 1)
                        .filter(|a| *a != "_")
                        .map(str::to_string);
                    *i += 2;
                }
                out.push(UseLeaf {
                    path: segs,
                    alias,
                    glob: false,
                    public,
                    module_level,
                    line,
                });
                return;
            }
            Tok::P('*') => {
                *i += 1;
                out.push(UseLeaf {
                    path: segs,
                    alias: None,
                    glob: true,
                    public,
                    module_level,
                    line,
                });
                return;
            }
            Tok::P('{') => {
                *i += 1;
                while *i < toks.len() && !punct(toks, *i, '}') {
                    let before = *i;
                    parse_use_tree(toks, i, segs.clone(), public, module_level, out);
                    if punct(toks, *i, ',') {
                        *i += 1;
                    }
                    if *i == before {
                        *i += 1; // not a tree: skip it
                    }
                }
                *i += 1;
                return;
            }
            _ => return,
        }
    }
}

/// What a file (its stripped code) declares and refers to.
fn parse_module(code: &[char]) -> Parsed {
    let toks = tokenize(code);
    let mut p = Parsed::default();
    let mut depth = 0usize;
    let mut i = 0;
    while i < toks.len() {
        // `#[cfg(test)]` and the item it marks are skipped whole.
        if punct(&toks, i, '#')
            && punct(&toks, i + 1, '[')
            && ident(&toks, i + 2) == Some("cfg")
            && punct(&toks, i + 3, '(')
            && ident(&toks, i + 4) == Some("test")
            && punct(&toks, i + 5, ')')
            && punct(&toks, i + 6, ']')
        {
            let end = item_end(&toks, i + 7);
            let to = toks.get(end - 1).map_or(code.len(), |t| t.pos + 1);
            p.skipped.push((toks[i].pos, to));
            i = end;
            continue;
        }
        match &toks[i].tok {
            Tok::P('{') => depth += 1,
            Tok::P('}') => depth = depth.saturating_sub(1),
            Tok::Ident(w) if w == "use" && starts_declaration(&toks, i) => {
                let public = has_visibility(&toks, i);
                let mut j = i + 1;
                parse_use_tree(&toks, &mut j, Vec::new(), public, depth == 0, &mut p.uses);
                while j < toks.len() && !punct(&toks, j, ';') {
                    j += 1;
                }
                i = j + 1;
                continue;
            }
            Tok::Ident(w) if depth == 0 && ITEM_KEYWORDS.contains(&w.as_str()) => {
                // `const fn f`, `unsafe fn f`: the name follows the last keyword.
                let mut j = i + 1;
                while ident(&toks, j)
                    .is_some_and(|k| ITEM_KEYWORDS.contains(&k) || k == "unsafe" || k == "async")
                {
                    j += 1;
                }
                if let Some(name) = ident(&toks, j).filter(|n| *n != "_") {
                    if w == "mod" && punct(&toks, j + 1, ';') {
                        p.mods.insert(name.to_string());
                    } else {
                        p.items.insert(name.to_string());
                    }
                }
            }
            Tok::Ident(w) if w == "macro_rules" && punct(&toks, i + 1, '!') => {
                if let Some(name) = ident(&toks, i + 2) {
                    p.items.insert(name.to_string());
                }
                i += 3;
                continue;
            }
            Tok::Ident(first) => {
                let mut segs = vec![first.clone()];
                let mut j = i + 1;
                while sep(&toks, j) {
                    match ident(&toks, j + 1) {
                        Some(s) => segs.push(s.to_string()),
                        None => break,
                    }
                    j += 2;
                }
                p.idents.extend(segs.iter().cloned());
                // Not a path of its own: the tail of `<T as X>::a::b`, or `pub(in crate::x)`.
                let tail = i >= 1
                    && (sep(&toks, i - 1)
                        || (ident(&toks, i - 1) == Some("in")
                            && i >= 2
                            && punct(&toks, i - 2, '(')));
                if segs.len() >= 2 && !tail {
                    p.paths.push(PathRef {
                        segs,
                        line: toks[i].line,
                    });
                }
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    p
}

// =============================================================================================
// The module tree and path resolution.
// =============================================================================================

struct Module {
    /// `crate::rules::family`; binary crates are `bin:<name>` roots.
    name: String,
    file: String,
    parent: Option<usize>,
    children: BTreeMap<String, usize>,
    parsed: Parsed,
}

struct Tree {
    modules: Vec<Module>,
    /// Every file read (`src/ui/board/mod.rs`), for the rules that apply once a folder exists.
    files: Vec<String>,
}

/// The module a file is, or `None` for files of the binary crates unless `include_bins`:
/// `src/main.rs` and `src/bin/**` are separate crates that see this library as the external
/// crate `classroom_chess`, so no cycle can run through them and the library; with
/// `include_bins` each is checked as its own root (`bin:main`, `bin:rules`, `bin:rules::family`).
fn module_name(rel: &str, include_bins: bool) -> Option<String> {
    let p = rel.strip_prefix("src/")?.strip_suffix(".rs")?;
    let mut parts: Vec<&str> = p.split('/').collect();
    let root = match parts[0] {
        "lib" if parts.len() == 1 => return Some("crate".into()),
        "main" if parts.len() == 1 => return include_bins.then(|| "bin:main".into()),
        "bin" => {
            if !include_bins || parts.len() < 2 {
                return None;
            }
            parts.remove(0);
            if parts.len() == 2 && parts[1] == "main" {
                parts.pop();
            }
            format!("bin:{}", parts.remove(0))
        }
        _ => "crate".into(),
    };
    if parts.last() == Some(&"mod") {
        parts.pop();
    }
    Some(parts.iter().fold(root, |acc, p| format!("{acc}::{p}")))
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Target {
    /// The module that defines the item; `names_module` when the path names the module itself.
    Module { id: usize, names_module: bool },
    /// Another crate (`std`, `leptos`, ...), a prelude name, or a name not found.
    External,
}

/// How deep alias chains may go before a path counts as not found.
const RESOLVE_BUDGET: u32 = 24;

impl Tree {
    fn build(files: &[SourceFile], include_bins: bool) -> Tree {
        let mut modules: Vec<Module> = files
            .iter()
            .filter_map(|f| {
                let name = module_name(&f.rel, include_bins)?;
                let parsed = parse_module(&strip(&f.text).code);
                Some(Module {
                    name,
                    file: f.rel.clone(),
                    parent: None,
                    children: BTreeMap::new(),
                    parsed,
                })
            })
            .collect();
        modules.sort_by(|a, b| a.name.cmp(&b.name));
        let index: HashMap<String, usize> = modules
            .iter()
            .enumerate()
            .map(|(i, m)| (m.name.clone(), i))
            .collect();
        for id in 0..modules.len() {
            let name = modules[id].name.clone();
            if let Some((parent, last)) = name.rsplit_once("::") {
                if let Some(&pid) = index.get(parent) {
                    modules[id].parent = Some(pid);
                    modules[pid].children.insert(last.to_string(), id);
                }
            }
        }
        Tree {
            modules,
            files: files.iter().map(|f| f.rel.clone()).collect(),
        }
    }

    fn id(&self, name: &str) -> Option<usize> {
        self.modules.iter().position(|m| m.name == name)
    }

    fn root_of(&self, mut id: usize) -> usize {
        while let Some(p) = self.modules[id].parent {
            id = p;
        }
        id
    }

    fn has_dir(&self, dir: &str) -> bool {
        self.files.iter().any(|f| f.starts_with(dir))
    }

    /// The `use` names of module `id` called `name` (only its top-level ones unless `local`).
    fn alias<'a>(&'a self, id: usize, name: &str, local: bool) -> Option<&'a UseLeaf> {
        let uses = &self.modules[id].parsed.uses;
        uses.iter()
            .find(|u| u.alias.as_deref() == Some(name) && (local || u.module_level) && !u.glob)
    }

    /// `name` looked up in the glob imports of `id`: the module it was found in.
    fn through_glob(&self, id: usize, name: &str, local: bool, budget: u32) -> Option<usize> {
        for g in self.modules[id]
            .parsed
            .uses
            .iter()
            .filter(|u| u.glob && (local || u.module_level))
        {
            if let Target::Module { id: m, .. } = self.resolve_in(id, &g.path, local, budget - 1) {
                let md = &self.modules[m];
                if m != id
                    && (md.children.contains_key(name)
                        || md.parsed.items.contains(name)
                        || self.alias(m, name, false).is_some())
                {
                    return Some(m);
                }
            }
        }
        None
    }

    /// Resolves `segs` as written in module `from` (`local`: its function-level `use`s count).
    fn resolve_in(&self, from: usize, segs: &[String], local: bool, budget: u32) -> Target {
        if budget == 0 || segs.is_empty() {
            return Target::External;
        }
        let first = segs[0].as_str();
        match first {
            "crate" => self.walk(self.root_of(from), &segs[1..], budget),
            "self" => self.walk(from, &segs[1..], budget),
            "super" => match self.modules[from].parent {
                Some(p) => self.walk(p, &segs[1..], budget),
                None => Target::External,
            },
            _ => {
                let m = &self.modules[from];
                if let Some(&child) = m.children.get(first) {
                    return self.walk(child, &segs[1..], budget);
                }
                if m.parsed.items.contains(first) {
                    return Target::Module {
                        id: from,
                        names_module: false,
                    };
                }
                if let Some(u) = self.alias(from, first, local) {
                    let full: Vec<String> = u.path.iter().chain(&segs[1..]).cloned().collect();
                    return self.resolve_in(from, &full, local, budget - 1);
                }
                if let Some(m) = self.through_glob(from, first, local, budget) {
                    return self.walk(m, segs, budget - 1);
                }
                Target::External
            }
        }
    }

    /// Follows `rest` down from module `cur`.
    fn walk(&self, mut cur: usize, rest: &[String], budget: u32) -> Target {
        for (i, seg) in rest.iter().enumerate() {
            let m = &self.modules[cur];
            match seg.as_str() {
                "self" => continue,
                "super" => match m.parent {
                    Some(p) => {
                        cur = p;
                        continue;
                    }
                    None => return Target::External,
                },
                _ => {}
            }
            if let Some(&child) = m.children.get(seg) {
                cur = child;
                continue;
            }
            if m.parsed.items.contains(seg) {
                return Target::Module {
                    id: cur,
                    names_module: false,
                };
            }
            if budget > 1 {
                if let Some(u) = self.alias(cur, seg, false) {
                    let full: Vec<String> = u.path.iter().chain(&rest[i + 1..]).cloned().collect();
                    return self.resolve_in(cur, &full, false, budget - 1);
                }
                if let Some(g) = self.through_glob(cur, seg, false, budget) {
                    return self.walk(g, &rest[i..], budget - 1);
                }
            }
            // Not found (made by a macro, say): the deepest module the path reached.
            return Target::Module {
                id: cur,
                names_module: false,
            };
        }
        Target::Module {
            id: cur,
            names_module: true,
        }
    }

    fn resolve(&self, from: usize, segs: &[String]) -> Target {
        self.resolve_in(from, segs, true, RESOLVE_BUDGET)
    }
}

// =============================================================================================
// The graph.
// =============================================================================================

#[derive(Clone, Debug)]
struct Example {
    file: String,
    line: usize,
    text: String,
}

impl std::fmt::Display for Example {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{} `{}`", self.file, self.line, self.text)
    }
}

struct Graph {
    /// (from, to) with the first reference found.
    edges: BTreeMap<(usize, usize), Example>,
    /// Per module: the other crates (first path segment) it refers to.
    externals: Vec<BTreeMap<String, Example>>,
}

impl Graph {
    fn build(tree: &Tree) -> Graph {
        let mut edges = BTreeMap::new();
        let mut externals = vec![BTreeMap::new(); tree.modules.len()];
        for (id, m) in tree.modules.iter().enumerate() {
            let example = |line: usize, text: String| Example {
                file: m.file.clone(),
                line,
                text,
            };
            let mut add = |target: Target, segs: &[String], line: usize, text: String| match target
            {
                Target::Module { id: to, .. } if to != id => {
                    edges.entry((id, to)).or_insert_with(|| example(line, text));
                }
                Target::Module { .. } => {}
                Target::External => {
                    externals[id]
                        .entry(segs[0].clone())
                        .or_insert_with(|| example(line, text));
                }
            };
            for u in &m.parsed.uses {
                let target = tree.resolve(id, &u.path);
                if u.glob {
                    add(target, &u.path, u.line, u.text());
                    continue;
                }
                // A re-export alone is no edge; a re-exported name the module's code uses is.
                let used_here = u
                    .alias
                    .as_ref()
                    .is_some_and(|a| m.parsed.idents.contains(a));
                if u.public && !used_here {
                    continue;
                }
                // Importing a module only names it; its uses (`storage::write`) are the edges.
                if matches!(
                    target,
                    Target::Module {
                        names_module: true,
                        ..
                    }
                ) {
                    continue;
                }
                add(target, &u.path, u.line, u.text());
            }
            for p in &m.parsed.paths {
                let target = tree.resolve(id, &p.segs);
                add(target, &p.segs, p.line, p.segs.join("::"));
            }
        }
        Graph { edges, externals }
    }

    fn adjacency(&self, n: usize) -> Vec<Vec<usize>> {
        let mut adj = vec![Vec::new(); n];
        for &(a, b) in self.edges.keys() {
            adj[a].push(b);
        }
        adj
    }
}

/// Strongly connected components with more than one node (Tarjan), each sorted, in order of
/// their smallest node.
fn cycles(adj: &[Vec<usize>]) -> Vec<Vec<usize>> {
    struct State<'a> {
        adj: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    fn visit(s: &mut State, v: usize) {
        s.index[v] = Some(s.next);
        s.low[v] = s.next;
        s.next += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for &w in &s.adj[v] {
            match s.index[w] {
                None => {
                    visit(s, w);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(iw) if s.on_stack[w] => s.low[v] = s.low[v].min(iw),
                Some(_) => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut scc = Vec::new();
            loop {
                let w = s.stack.pop().expect("on the stack");
                s.on_stack[w] = false;
                scc.push(w);
                if w == v {
                    break;
                }
            }
            if scc.len() > 1 {
                scc.sort_unstable();
                s.out.push(scc);
            }
        }
    }
    let n = adj.len();
    let mut s = State {
        adj,
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(&mut s, v);
        }
    }
    s.out.sort();
    s.out
}

/// A shortest cycle through the first node of `scc`, as the list of nodes in order (the
/// first node is not repeated at the end).
fn cycle_path(adj: &[Vec<usize>], scc: &[usize]) -> Vec<usize> {
    let start = scc[0];
    let inside: BTreeSet<usize> = scc.iter().copied().collect();
    let mut came_from: BTreeMap<usize, usize> = BTreeMap::new();
    let mut queue = VecDeque::from([start]);
    while let Some(v) = queue.pop_front() {
        for &w in &adj[v] {
            if w == start {
                let mut path = vec![v];
                let mut at = v;
                while at != start {
                    at = came_from[&at];
                    path.push(at);
                }
                path.reverse();
                return path;
            }
            if inside.contains(&w) && !came_from.contains_key(&w) && w != start {
                came_from.insert(w, v);
                queue.push_back(w);
            }
        }
    }
    vec![start]
}

// =============================================================================================
// Check 1: cycles.
// =============================================================================================

struct CycleReport {
    summary: String,
    /// One text per cycle: its modules, a path round it and where each step is written.
    failing: Vec<String>,
}

/// Whether module `name` is `prefix` or inside it.
fn in_module(name: &str, prefix: &str) -> bool {
    name == prefix
        || name
            .strip_prefix(prefix)
            .is_some_and(|r| r.starts_with("::"))
}

/// `list_inside`: also list every reference between members of a cycle (what to untangle).
fn check_cycles(tree: &Tree, list_inside: bool) -> CycleReport {
    let graph = Graph::build(tree);
    let adj = graph.adjacency(tree.modules.len());
    let sccs = cycles(&adj);
    let mut failing = Vec::new();
    for scc in &sccs {
        let names: Vec<&str> = scc.iter().map(|&i| tree.modules[i].name.as_str()).collect();
        let inside: Vec<(&(usize, usize), &Example)> = graph
            .edges
            .iter()
            .filter(|((a, b), _)| scc.contains(a) && scc.contains(b))
            .collect();
        let mut text = format!(
            "cycle of {} modules ({} edges among them): {}\n  one path round it:\n",
            scc.len(),
            inside.len(),
            names.join(", ")
        );
        let path = cycle_path(&adj, scc);
        for (k, &a) in path.iter().enumerate() {
            let b = path[(k + 1) % path.len()];
            let e = &graph.edges[&(a, b)];
            let _ = writeln!(
                text,
                "    {} -> {}   ({e})",
                tree.modules[a].name, tree.modules[b].name
            );
        }
        if list_inside {
            let _ = writeln!(text, "  every edge among them:");
            for (&(a, b), e) in inside {
                let _ = writeln!(
                    text,
                    "    {} -> {}   ({e})",
                    tree.modules[a].name, tree.modules[b].name
                );
            }
        }
        failing.push(text);
    }
    let summary = format!(
        "architecture: {} modules, {} edges, {} cycle{}",
        tree.modules.len(),
        graph.edges.len(),
        sccs.len(),
        if sccs.len() == 1 { "" } else { "s" }
    );
    CycleReport { summary, failing }
}

// =============================================================================================
// Check 2: layers.
// =============================================================================================

/// The UI layer of a module (index into [`UI_LAYERS`], 0 = top), for layers whose folder exists.
fn layer_of(tree: &Tree, name: &str) -> Option<usize> {
    UI_LAYERS.iter().position(|l| {
        in_module(name, &format!("crate::ui::{l}")) && tree.has_dir(&format!("{UI_DIR}{l}/"))
    })
}

struct LayerReport {
    active_layers: Vec<&'static str>,
    violations: Vec<String>,
}

fn check_layers(tree: &Tree) -> LayerReport {
    let graph = Graph::build(tree);
    let mut violations = Vec::new();
    for (&(a, b), e) in &graph.edges {
        let (from, to) = (&tree.modules[a].name, &tree.modules[b].name);
        if let (Some(la), Some(lb)) = (layer_of(tree, from), layer_of(tree, to)) {
            if lb < la {
                violations.push(format!(
                    "{from} (layer {}) uses {to} (layer {}, above it): {e}",
                    UI_LAYERS[la], UI_LAYERS[lb]
                ));
            }
        }
        let pure = PURE_MODULES.iter().any(|p| in_module(from, p));
        if pure {
            if let Some(bad) = PURE_MUST_NOT_REFERENCE.iter().find(|p| in_module(to, p)) {
                violations.push(format!(
                    "{from} (pure) uses {to} ({bad} is off limits): {e}"
                ));
            }
        }
    }
    for (id, ext) in graph.externals.iter().enumerate() {
        let from = &tree.modules[id].name;
        if PURE_MODULES.iter().any(|p| in_module(from, p)) {
            for (krate, e) in ext {
                if PURE_MUST_NOT_USE_CRATES.contains(&krate.as_str()) {
                    violations.push(format!("{from} (pure) uses the web crate {krate}: {e}"));
                }
            }
        }
    }
    violations.sort();
    let active_layers = UI_LAYERS
        .iter()
        .copied()
        .filter(|l| tree.has_dir(&format!("{UI_DIR}{l}/")))
        .collect();
    LayerReport {
        active_layers,
        violations,
    }
}

// =============================================================================================
// Check 3: browser APIs.
// =============================================================================================

struct ApiReport {
    enforced: bool,
    /// Per folder: the files that use browser APIs, with the APIs.
    by_folder: BTreeMap<String, Vec<(String, Vec<&'static str>)>>,
    violations: Vec<String>,
}

fn browser_apis_in(text: &str) -> Vec<&'static str> {
    let stripped = strip(text);
    let parsed = parse_module(&stripped.code);
    let mut haystack = stripped.code_string();
    for l in &stripped.lits {
        haystack.push('\n');
        haystack.push_str(&l.value);
    }
    for u in &parsed.uses {
        haystack.push('\n');
        haystack.push_str(&u.text());
    }
    BROWSER_APIS
        .iter()
        .copied()
        .filter(|api| haystack.contains(api))
        .collect()
}

fn check_browser_apis(files: &[SourceFile]) -> ApiReport {
    let enforced = files.iter().any(|f| f.rel.starts_with(PLATFORM_DIR));
    let mut by_folder: BTreeMap<String, Vec<(String, Vec<&'static str>)>> = BTreeMap::new();
    let mut violations = Vec::new();
    for f in files.iter().filter(|f| f.rel.starts_with(UI_DIR)) {
        let apis = browser_apis_in(&f.text);
        if apis.is_empty() {
            continue;
        }
        let folder = f.rel.rsplit_once('/').map_or("", |(d, _)| d).to_string() + "/";
        if !f.rel.starts_with(PLATFORM_DIR) {
            violations.push(format!("{}: {}", f.rel, apis.join(", ")));
        }
        by_folder
            .entry(folder)
            .or_default()
            .push((f.rel.clone(), apis));
    }
    ApiReport {
        enforced,
        by_folder,
        violations,
    }
}

// =============================================================================================
// Check 4: user-visible text.
// =============================================================================================

/// Where a literal stands in the code.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Place {
    /// Anywhere in ordinary code.
    Code,
    /// A view text node: `<span>"no changes"</span>`, `>"Cancel"<`, `{x} " to move"</p>`.
    TextNode,
    /// The value of a user-facing attribute: `aria-label="..."`, `title=format!("..")`.
    UserAttr,
    /// The value of any other view attribute: `class="..."`, `data-testid=format!("..")`.
    CodeAttr,
    /// A pattern or a comparison operand (`"Escape" =>`, `== "Enter"`): never shown.
    Compared,
}

fn prev_non_ws(code: &[char], at: usize) -> Option<usize> {
    (0..at).rev().find(|&k| !code[k].is_whitespace())
}

fn next_non_ws(code: &[char], at: usize) -> Option<usize> {
    (at..code.len()).find(|&k| !code[k].is_whitespace())
}

/// Where the literal `code[start..end]` stands.
fn place_of(code: &[char], start: usize, end: usize) -> Place {
    let before = prev_non_ws(code, start);
    let after = next_non_ws(code, end);
    let ch = |k: Option<usize>| k.map(|k| code[k]);
    let ch_before = |k: Option<usize>| k.filter(|&k| k > 0).map(|k| code[k - 1]);
    // Patterns and comparisons.
    if ch(after) == Some('=') && after.and_then(|k| code.get(k + 1)) == Some(&'>') {
        return Place::Compared;
    }
    if ch(after) == Some('|')
        && after.and_then(|k| code.get(k + 1)) != Some(&'|')
        && ch(before) != Some('=')
    {
        return Place::Compared; // `"a" | "b" =>`
    }
    if ch(before) == Some('|') && ch(before.and_then(|k| prev_non_ws(code, k))) == Some('"') {
        return Place::Compared; // the last of `"a" | "b")`
    }
    if ch(before) == Some('=') && matches!(ch_before(before), Some('=' | '!')) {
        return Place::Compared;
    }
    if ch(after) == Some('=') && after.and_then(|k| code.get(k + 1)) == Some(&'=') {
        return Place::Compared;
    }
    if ch(after) == Some('!') && after.and_then(|k| code.get(k + 1)) == Some(&'=') {
        return Place::Compared;
    }
    // View text nodes: between `>` or `}` and `<` or `{`.
    let arrow = matches!(ch_before(before), Some('=' | '-'));
    let opens = (ch(before) == Some('>') && !arrow) || ch(before) == Some('}');
    if opens && matches!(ch(after), Some('<' | '{')) {
        return Place::TextNode;
    }
    // Attribute values: `name="..."`, `name=format!("..."`, `name=move || format!("..."`.
    let line_start = (0..start)
        .rev()
        .find(|&k| code[k] == '\n')
        .map_or(0, |k| k + 1);
    let mut prefix: String = code[line_start..start]
        .iter()
        .collect::<String>()
        .trim_end()
        .to_string();
    for call in ["format!(", "move ||", "||"] {
        if let Some(p) = prefix.strip_suffix(call) {
            prefix = p.trim_end().to_string();
        }
    }
    if let Some(p) = prefix.strip_suffix('=') {
        let name_char = |c: char| c.is_alphanumeric() || c == '-' || c == ':' || c == '_';
        let name_start = p
            .char_indices()
            .rev()
            .find(|&(_, c)| !name_char(c))
            .map_or(0, |(k, c)| k + c.len_utf8());
        let name = &p[name_start..];
        if !name.is_empty() && !p.ends_with(['=', '!', '<', '>']) {
            return if USER_ATTRS.contains(&name) {
                Place::UserAttr
            } else {
                Place::CodeAttr
            };
        }
    }
    Place::Code
}

fn has_letter(s: &str) -> bool {
    s.chars().any(|c| c.is_ascii_alphabetic())
}

/// Sentence punctuation: `.!?…—:` followed by a space or the end.
fn has_sentence_punctuation(s: &str) -> bool {
    let c: Vec<char> = s.chars().collect();
    c.iter().enumerate().any(|(i, &ch)| {
        matches!(ch, '.' | '!' | '?' | '…' | '—' | ':')
            && c.get(i + 1).is_none_or(|n| n.is_whitespace())
    })
}

/// Identifiers, keys, test ids, CSS classes, attribute values: `^[a-z0-9][a-z0-9 _.:#/=\-\[\]()%,]*$`
/// after trimming (class suffixes like `" in-check"`), also starting with `#`, `.`, `-`, `_`
/// or `[` (ids, selectors, custom properties); all lowercase, no sentence punctuation (a
/// single token may end in `.` or `:`: `"classroom-chess."`). JavaScript names in camelCase
/// (`"requestFullscreen"`, `"currentColor"`) are code too.
fn is_code_like(s: &str) -> bool {
    let t = s.trim();
    let mut chars = t.chars();
    let Some(first) = chars.next() else {
        return true;
    };
    let camel = first.is_ascii_lowercase() && t.chars().all(|c| c.is_ascii_alphanumeric());
    let first_ok = first.is_ascii_lowercase()
        || first.is_ascii_digit()
        || matches!(first, '#' | '.' | '-' | '_' | '[');
    let rest_ok =
        chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || " _.:#/=-[]()%,".contains(c));
    let one_token = !t.contains(char::is_whitespace);
    camel || (first_ok && rest_ok && (one_token || !has_sentence_punctuation(t)))
}

/// SVG path data: `M3 3h3v18H3z`.
fn is_svg_path(s: &str) -> bool {
    s.chars().any(|c| c.is_ascii_digit())
        && s.chars()
            .all(|c| "MmLlHhVvCcSsQqTtAaZz0123456789.,-".contains(c) || c.is_whitespace())
}

/// CSS values: `#1F5FE0`, `rgba(0,0,0,.5)`, `url(#glow)`, declarations `--pen: #c00; opacity: .5`.
fn is_css(s: &str) -> bool {
    let t = s.trim();
    if let Some(hex) = t.strip_prefix('#') {
        if matches!(hex.len(), 3 | 4 | 6 | 8) && hex.chars().all(|c| c.is_ascii_hexdigit()) {
            return true;
        }
    }
    let functions = ["rgb(", "rgba(", "hsl(", "hsla(", "url(", "var(", "calc("];
    if functions.iter().any(|f| t.starts_with(f)) && t.ends_with(')') {
        return true;
    }
    let declarations: Vec<&str> = t
        .split(';')
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .collect();
    !declarations.is_empty()
        && declarations.iter().all(|d| {
            let Some((prop, value)) = d.split_once(':') else {
                return false;
            };
            let prop = prop.trim();
            let known =
                prop.starts_with("--") || prop.contains('-') || CSS_PROPERTIES.contains(&prop);
            let prop_ok =
                !prop.is_empty() && prop.chars().all(|c| c.is_ascii_lowercase() || c == '-');
            let value = value.trim();
            prop_ok
                && known
                && !value.is_empty()
                && value
                    .chars()
                    .all(|c| !c.is_ascii_uppercase() || value.starts_with('#'))
        })
}

/// A format string split: the text outside `{..}` placeholders, and whether there were any.
fn outside_placeholders(s: &str, fill: &str) -> (String, bool) {
    let mut out = String::new();
    let mut any = false;
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '{' if chars.peek() == Some(&'{') => {
                chars.next();
                out.push('{');
            }
            '}' if chars.peek() == Some(&'}') => {
                chars.next();
                out.push('}');
            }
            '{' => {
                any = true;
                for c in chars.by_ref() {
                    if c == '}' {
                        break;
                    }
                }
                out.push_str(fill);
            }
            _ => out.push(c),
        }
    }
    (out, any)
}

/// Whether a literal (its value) in `place` looks like text a person reads.
fn is_user_text(value: &str, place: Place) -> bool {
    if !has_letter(value) || place == Place::Compared {
        return false;
    }
    let user_place = matches!(place, Place::TextNode | Place::UserAttr);
    let (bare, formatted) = outside_placeholders(value, "");
    if formatted {
        if !has_letter(&bare) {
            return false;
        }
        let words: Vec<String> = bare
            .split(|c: char| !c.is_ascii_alphabetic())
            .filter(|w| !w.is_empty())
            .map(str::to_ascii_lowercase)
            .collect();
        if words.iter().all(|w| UNIT_WORDS.contains(&w.as_str())) {
            return false;
        }
        if is_svg_path(&outside_placeholders(value, "0").0) {
            return false;
        }
        if user_place {
            return true;
        }
        let filled = outside_placeholders(value, "x").0;
        let one_token = !filled.contains(char::is_whitespace);
        let css = is_css(&filled) || is_css(&bare);
        return !((is_code_like(&filled) && (one_token || place == Place::CodeAttr)) || css);
    }
    if is_svg_path(value) || is_css(value) {
        return false;
    }
    user_place || !is_code_like(value)
}

/// Where literals are developer text: inside the parentheses of [`DEV_TEXT_CALLS`] or inside
/// an attribute `#[..]`. One flag per literal of `lits`.
fn dev_text_flags(code: &[char], lits: &[Lit]) -> Vec<bool> {
    let mut flags = vec![false; lits.len()];
    let mut stack: Vec<bool> = Vec::new();
    let mut next_lit = 0;
    for (k, &c) in code.iter().enumerate() {
        while next_lit < lits.len() && lits[next_lit].start <= k {
            flags[next_lit] = stack.iter().any(|&d| d);
            next_lit += 1;
        }
        match c {
            '(' | '[' | '{' => {
                let before: String = code[k.saturating_sub(24)..k]
                    .iter()
                    .collect::<String>()
                    .trim_end()
                    .to_string();
                let call = DEV_TEXT_CALLS.iter().any(|m| {
                    before
                        .strip_suffix(m)
                        .is_some_and(|rest| !rest.ends_with(|c: char| is_ident_char(c)))
                });
                let attribute = c == '[' && (before.ends_with('#') || before.ends_with("#!"));
                stack.push(call || attribute);
            }
            ')' | ']' | '}' => {
                stack.pop();
            }
            _ => {}
        }
    }
    flags
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct TextFinding {
    file: String,
    line: usize,
    written: String,
}

impl std::fmt::Display for TextFinding {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: \"{}\"", self.file, self.line, self.written)
    }
}

/// The literals of one file that look like text a person reads.
fn user_text_in(rel: &str, text: &str) -> Vec<TextFinding> {
    let stripped = strip(text);
    let parsed = parse_module(&stripped.code);
    let dev = dev_text_flags(&stripped.code, &stripped.lits);
    let mut ok_lines = BTreeSet::new();
    for c in &stripped.comments {
        if let Some(reason) = c.text.trim().strip_prefix(TEXT_OK) {
            if !reason.trim().is_empty() {
                ok_lines.insert(c.line);
                if !c.trailing {
                    ok_lines.insert(c.line + 1);
                }
            }
        }
    }
    let mut found = Vec::new();
    for (lit, &dev) in stripped.lits.iter().zip(&dev) {
        let in_test = parsed
            .skipped
            .iter()
            .any(|&(a, b)| lit.start >= a && lit.start < b);
        if lit.byte || dev || in_test || ok_lines.contains(&lit.line) {
            continue;
        }
        if is_user_text(&lit.value, place_of(&stripped.code, lit.start, lit.end)) {
            found.push(TextFinding {
                file: rel.to_string(),
                line: lit.line,
                written: lit.written.clone(),
            });
        }
    }
    found
}

struct TextReport {
    enforced: bool,
    findings: Vec<TextFinding>,
}

fn check_user_text(files: &[SourceFile]) -> TextReport {
    let enforced = files
        .iter()
        .any(|f| CATALOGUE_FILES.contains(&f.rel.as_str()));
    let mut findings: Vec<TextFinding> = files
        .iter()
        .filter(|f| f.rel.starts_with(UI_DIR))
        .flat_map(|f| user_text_in(&f.rel, &f.text))
        .collect();
    findings.sort();
    TextReport { enforced, findings }
}

// =============================================================================================
// The checks on this tree.
// =============================================================================================

#[test]
fn no_module_cycles() {
    let report = check_cycles(tree(), env_on(LIST_VAR));
    println!("{}", report.summary);
    assert!(
        report.failing.is_empty(),
        "module import cycles ({}):\n{}",
        report.summary,
        report.failing.join("\n")
    );
}

#[test]
fn layers_point_down() {
    let tree = tree();
    let report = check_layers(tree);
    let active = if report.active_layers.is_empty() {
        "no layer folders yet (rule waits for src/ui/{app,screens,game,board,platform}/)"
            .to_string()
    } else {
        format!("layer folders: {}", report.active_layers.join(", "))
    };
    let out = format!(
        "layers: {active}; {} violations (UI layers and pure modules)",
        report.violations.len()
    );
    println!("{out}");
    assert!(
        report.violations.is_empty(),
        "{out}:\n{}",
        report.violations.join("\n")
    );
}

#[test]
fn browser_apis_only_in_platform() {
    let report = check_browser_apis(read_sources());
    let folders: Vec<String> = report
        .by_folder
        .iter()
        .map(|(folder, files)| {
            let names: Vec<&str> = files
                .iter()
                .map(|(f, _)| f.rsplit('/').next().unwrap_or(f))
                .collect();
            format!("{folder} {} files ({})", files.len(), names.join(", "))
        })
        .collect();
    let mode = if report.enforced {
        "enforced"
    } else {
        "not enforced until src/ui/platform/ exists"
    };
    let mut out = format!(
        "browser APIs ({mode}): {}; {} files outside {PLATFORM_DIR}",
        if folders.is_empty() {
            "none".to_string()
        } else {
            folders.join("; ")
        },
        report.violations.len()
    );
    if !report.enforced && env_on(LIST_VAR) {
        for v in &report.violations {
            let _ = write!(out, "\n  {v}");
        }
    }
    println!("{out}");
    if report.enforced {
        assert!(
            report.violations.is_empty(),
            "browser APIs outside {PLATFORM_DIR}:\n{}",
            report.violations.join("\n")
        );
    }
}

#[test]
fn user_text_only_in_catalogue() {
    let report = check_user_text(read_sources());
    let mut per_file: BTreeMap<&str, usize> = BTreeMap::new();
    for f in &report.findings {
        *per_file.entry(f.file.as_str()).or_default() += 1;
    }
    let listing: Vec<String> = report.findings.iter().map(ToString::to_string).collect();
    if report.enforced && env_on(TEXT_PENDING_VAR) {
        println!(
            "user text: {} literals in src/ui/ outside the catalogue (a warning while {TEXT_PENDING_VAR} is set)",
            report.findings.len()
        );
        if env_on(LIST_VAR) {
            println!("{}", listing.join("\n"));
        }
    } else if report.enforced {
        let out = format!(
            "user text: {} literals in src/ui/ outside the catalogue",
            report.findings.len()
        );
        println!("{out}");
        assert!(
            report.findings.is_empty(),
            "{out} (move them to src/text/, or mark a line `// {TEXT_OK} <reason>`):\n{}",
            listing.join("\n")
        );
    } else {
        let mut out = format!(
            "user text (not enforced until src/text/mod.rs exists): {} literals in {} files of src/ui/",
            report.findings.len(),
            per_file.len()
        );
        if env_on(LIST_VAR) {
            for l in &listing {
                let _ = write!(out, "\n  {l}");
            }
        } else {
            let _ = write!(out, " ({LIST_VAR}=1 lists them)");
        }
        println!("{out}");
    }
}

// =============================================================================================
// The helpers, tested.
// =============================================================================================

fn leaves(src: &str) -> Vec<(String, Option<String>, bool, bool)> {
    parse_module(&strip(src).code)
        .uses
        .into_iter()
        .map(|u| (u.text(), u.alias, u.public, u.module_level))
        .collect()
}

#[test]
fn use_trees_are_read_leaf_by_leaf() {
    let got = leaves("use crate::ui::{self, board::{A, B as C}, game::*};\npub use x::Y;\nfn f() { use super::z; }");
    let want = vec![
        ("crate::ui".to_string(), Some("ui".to_string()), false, true),
        ("crate::ui::board::A".into(), Some("A".into()), false, true),
        ("crate::ui::board::B".into(), Some("C".into()), false, true),
        ("crate::ui::game::*".into(), None, false, true),
        ("x::Y".into(), Some("Y".into()), true, true),
        ("super::z".into(), Some("z".into()), false, false),
    ];
    assert_eq!(got, want);
    // Multi-line trees, `pub(crate)`, `as _`, a leading `::`, a trailing comma.
    let got = leaves("pub(crate) use crate::a::{\n    b,\n    c::D as _,\n};\nuse ::std::fmt;");
    assert_eq!(
        got,
        vec![
            ("crate::a::b".into(), Some("b".into()), true, true),
            ("crate::a::c::D".into(), None, true, true),
            ("std::fmt".into(), Some("fmt".into()), false, true),
        ]
    );
    // Lines are those of the leaves.
    let p = parse_module(&strip("use a::{\n  b,\n  c};").code);
    assert_eq!(
        p.uses.iter().map(|u| u.line).collect::<Vec<_>>(),
        vec![2, 3]
    );
    // `<use href=..>` in a view is an SVG element, not a declaration.
    assert!(leaves("fn f() { view! { <use href=x></use> } }").is_empty());
}

#[test]
fn items_paths_and_tests_are_found() {
    let src = "pub mod a;\nmod b { }\npub(crate) struct S;\nconst fn k() {}\nmacro_rules! m { () => {} }\n\
               pub type P8 = crate::x::P<u64>;\nfn f() { super::n::g(); let _ = <T as X>::a::b; }\n\
               #[cfg(test)]\nmod tests { use crate::q::R; fn t() { crate::q::z(); } }\nimpl S { fn inner() {} }";
    let p = parse_module(&strip(src).code);
    assert_eq!(p.mods, BTreeSet::from(["a".to_string()]));
    let items: Vec<&str> = p.items.iter().map(String::as_str).collect();
    assert_eq!(items, ["P8", "S", "b", "f", "k", "m"]);
    let paths: Vec<String> = p.paths.iter().map(|p| p.segs.join("::")).collect();
    assert_eq!(paths, ["crate::x::P", "super::n::g"]);
    assert!(p.uses.is_empty(), "test module skipped: {:?}", p.uses);
    assert_eq!(p.skipped.len(), 1);
}

#[test]
fn comments_and_literals_are_blanked() {
    let src = "let a = \"// not a comment\"; // crate::x::y\nlet b = r#\"a \"quoted\" crate::q\"#; /* outer /* inner */ still */ c::d();\n\
               let c = '\"'; let d = '\\''; fn f<'a>(x: &'a str) -> &'static str { x }\nlet e = b\"x\"; let f = \"esc \\\" crate::w\";";
    let s = strip(src);
    let code = s.code_string();
    assert_eq!(code.lines().count(), src.lines().count(), "lines kept");
    assert_eq!(code.chars().count(), src.chars().count(), "offsets kept");
    for gone in [
        "not a comment",
        "crate::x::y",
        "quoted",
        "crate::q",
        "inner",
        "still",
        "crate::w",
    ] {
        assert!(!code.contains(gone), "{gone} left in:\n{code}");
    }
    for kept in [
        "c::d()",
        "fn f<'a>(x: &'a str) -> &'static str { x }",
        "let e = ",
    ] {
        assert!(code.contains(kept), "{kept} lost from:\n{code}");
    }
    let values: Vec<(&str, usize, bool)> = s
        .lits
        .iter()
        .map(|l| (l.value.as_str(), l.line, l.byte))
        .collect();
    assert_eq!(
        values,
        [
            ("// not a comment", 1, false),
            ("a \"quoted\" crate::q", 2, false),
            ("x", 4, true),
            ("esc \" crate::w", 4, false)
        ]
    );
    assert_eq!(s.comments.len(), 1);
    assert!(s.comments[0].trailing && s.comments[0].text.contains("crate::x::y"));
    // A path after a lifetime still counts; paths in char literals do not exist.
    let p = parse_module(&strip("fn g<'a>(x: &'a crate::m::T) {}").code);
    assert_eq!(p.paths[0].segs, ["crate", "m", "T"]);
    // Multi-line literals and comments keep the lines after them right.
    let s = strip("/* a\nb */ \"x\ny\" z\n\"w\"");
    assert_eq!(s.lits.iter().map(|l| l.line).collect::<Vec<_>>(), [2, 4]);
    assert_eq!(unescape("a\\n\\u{41}\\x42\\\n   c"), "a\nABc");
}

fn synthetic(files: &[(&str, &str)]) -> Vec<SourceFile> {
    files
        .iter()
        .map(|(rel, text)| SourceFile {
            rel: rel.to_string(),
            text: text.to_string(),
        })
        .collect()
}

fn edges_of(tree: &Tree) -> Vec<String> {
    let g = Graph::build(tree);
    g.edges
        .keys()
        .map(|&(a, b)| format!("{} -> {}", tree.modules[a].name, tree.modules[b].name))
        .collect()
}

#[test]
fn paths_resolve_through_re_exports() {
    let files = synthetic(&[
        ("src/lib.rs", "pub mod rules; pub mod ui;"),
        ("src/rules/mod.rs", "pub mod bitboard; pub mod position; pub mod family;\npub use bitboard::Bits;\npub use position::Position;\npub type P8 = Position<u64>;"),
        ("src/rules/bitboard.rs", "pub struct Bits;"),
        ("src/rules/position.rs", "pub struct Position<B>(B);"),
        ("src/rules/family/mod.rs", "pub mod state;\npub use state::Seat;\nuse crate::rules::bitboard::Bits;\npub const SEATS: [u8; 4] = [0; 4];\npub fn partner() -> Bits { Bits }"),
        ("src/rules/family/state.rs", "use super::{partner, SEATS};\npub enum Seat { Playing }\nuse Seat::Playing;"),
        ("src/ui/mod.rs", "mod board; mod storage; mod state;"),
        ("src/ui/board.rs", "use crate::rules::Bits;\nuse crate::ui::storage;\nfn f() { storage::write(); let _ = crate::rules::P8::new(); }"),
        ("src/ui/storage.rs", "pub fn write() {}\n// crate::ui::board::f() in a comment\nfn g() { let _ = \"crate::ui::board\"; }"),
        ("src/ui/state.rs", "use crate::rules::family::Seat;\nfn h() { self::inner(); super::board::f(); }\nfn inner() {}"),
    ]);
    let tree = Tree::build(&files, false);
    let edges = edges_of(&tree);
    let want = [
        "crate::rules -> crate::rules::position", // P8's own code uses Position
        "crate::rules::family -> crate::rules::bitboard", // partner() uses Bits
        "crate::rules::family::state -> crate::rules::family", // partner, SEATS in mod.rs
        "crate::ui::board -> crate::rules",       // P8 is defined in rules/mod.rs
        "crate::ui::board -> crate::rules::bitboard", // Bits through the re-export
        "crate::ui::board -> crate::ui::storage", // storage::write after `use`
        "crate::ui::state -> crate::rules::family::state", // Seat through family's re-export
        "crate::ui::state -> crate::ui::board",   // super::board::f
    ];
    assert_eq!(edges, want);
    // No cycle family <-> state: family/mod.rs only re-exports Seat.
    let report = check_cycles(&tree, false);
    assert!(report.failing.is_empty(), "{:?}", report.failing);
    assert_eq!(
        report.summary,
        "architecture: 10 modules, 8 edges, 0 cycles"
    );
    // Resolution itself.
    let id = |n: &str| tree.id(n).unwrap();
    let segs = |p: &str| p.split("::").map(str::to_string).collect::<Vec<_>>();
    let board = id("crate::ui::board");
    assert_eq!(
        tree.resolve(board, &segs("crate::rules::Bits")),
        Target::Module {
            id: id("crate::rules::bitboard"),
            names_module: false
        }
    );
    assert_eq!(
        tree.resolve(board, &segs("crate::rules::family::Seat::Playing")),
        Target::Module {
            id: id("crate::rules::family::state"),
            names_module: false
        }
    );
    assert_eq!(
        tree.resolve(board, &segs("storage")),
        Target::Module {
            id: id("crate::ui::storage"),
            names_module: true
        }
    );
    assert_eq!(
        tree.resolve(board, &segs("std::mem::swap")),
        Target::External
    );
    // A re-export used by the module's own code does make a cycle.
    let mut files = files;
    files[4]
        .text
        .push_str("\npub fn first() -> Seat { Seat::Playing }");
    let tree = Tree::build(&files, false);
    let report = check_cycles(&tree, false);
    assert_eq!(report.failing.len(), 1, "{}", report.summary);
    assert!(
        report.failing[0].contains("crate::rules::family -> crate::rules::family::state"),
        "{}",
        report.failing[0]
    );
}

#[test]
fn cycles_are_found_and_walked() {
    // 0 -> 1 -> 2 -> 0, 3 <-> 4, 5 -> 5 (self loops are not cycles here), 6 alone, 2 -> 3.
    let adj = vec![
        vec![1],
        vec![2],
        vec![0, 3],
        vec![4],
        vec![3],
        vec![5],
        vec![],
    ];
    let sccs = cycles(&adj);
    assert_eq!(sccs, vec![vec![0, 1, 2], vec![3, 4]]);
    assert_eq!(cycle_path(&adj, &sccs[0]), vec![0, 1, 2]);
    assert_eq!(cycle_path(&adj, &sccs[1]), vec![3, 4]);
    // The shortest way round: 0 -> 3 -> 0 rather than 0 -> 1 -> 2 -> 3 -> 0.
    let adj = vec![vec![1, 3], vec![2], vec![3], vec![0]];
    assert_eq!(cycles(&adj), vec![vec![0, 1, 2, 3]]);
    assert_eq!(cycle_path(&adj, &[0, 1, 2, 3]), vec![0, 3]);
}

#[test]
fn every_cycle_fails_with_where_it_is_written() {
    let files = synthetic(&[
        ("src/lib.rs", "pub mod rules; pub mod ui;"),
        ("src/rules/mod.rs", "pub mod a; pub mod b;"),
        ("src/rules/a.rs", "use super::b::B; pub struct A;"),
        ("src/rules/b.rs", "use super::a::A; pub struct B;"),
        ("src/ui/mod.rs", "mod x; mod y;"),
        ("src/ui/x.rs", "pub fn x() { super::y::y() }"),
        ("src/ui/y.rs", "pub fn y() { crate::ui::x::x() }"),
    ]);
    let tree = Tree::build(&files, false);
    let report = check_cycles(&tree, false);
    assert_eq!(report.failing.len(), 2);
    assert!(report.failing[0].contains("crate::rules::a, crate::rules::b"));
    assert!(
        report.failing[0].contains("src/rules/a.rs:1 `super::b::B`"),
        "{}",
        report.failing[0]
    );
    assert!(report.failing[1].contains("crate::ui::x, crate::ui::y"));
}

#[test]
fn layers_and_pure_modules() {
    let files = synthetic(&[
        ("src/lib.rs", "pub mod rules; pub mod ui;"),
        (
            "src/rules/mod.rs",
            "pub fn r() { crate::ui::mod_fn(); leptos::mount(); }",
        ),
        (
            "src/ui/mod.rs",
            "mod app; mod board; mod flat; pub fn mod_fn() {}",
        ),
        ("src/ui/app/mod.rs", "pub mod shell; pub fn a() {}"),
        (
            "src/ui/app/shell.rs",
            "pub fn s() { crate::ui::board::b(); crate::ui::flat::f(); }",
        ),
        (
            "src/ui/board/mod.rs",
            "pub fn b() { crate::ui::app::a(); crate::ui::flat::f(); }",
        ),
        (
            "src/ui/flat.rs",
            "pub fn f() { crate::ui::app::shell::s(); }",
        ),
    ]);
    let tree = Tree::build(&files, false);
    let report = check_layers(&tree);
    assert_eq!(report.active_layers, ["app", "board"]);
    assert_eq!(report.violations.len(), 3, "{:#?}", report.violations);
    assert!(
        report.violations[0].starts_with("crate::rules (pure) uses crate::ui"),
        "{}",
        report.violations[0]
    );
    assert!(
        report.violations[1].contains("the web crate leptos"),
        "{}",
        report.violations[1]
    );
    assert!(
        report.violations[2]
            .starts_with("crate::ui::board (layer board) uses crate::ui::app (layer app"),
        "{}",
        report.violations[2]
    );
    // Flat src/ui (today): no layer folders, no layer rule.
    let flat = Tree::build(
        &synthetic(&[
            ("src/lib.rs", "pub mod ui;"),
            ("src/ui/app.rs", "fn a() { crate::ui::board::b() }"),
            ("src/ui/board.rs", "pub fn b() { crate::ui::app::a() }"),
        ]),
        false,
    );
    assert!(check_layers(&flat).violations.is_empty());
}

#[test]
fn browser_apis_are_spotted_in_code_strings_and_use_trees() {
    assert_eq!(
        browser_apis_in("fn f() { w.local_storage(); }"),
        ["local_storage"]
    );
    assert_eq!(
        browser_apis_in("use web_sys::{Element, Storage};"),
        ["web_sys::Storage"]
    );
    assert_eq!(
        browser_apis_in("fn f() { call(&el, \"requestFullscreen\"); }"),
        ["requestFullscreen"]
    );
    assert!(browser_apis_in("// local_storage in a comment\nfn f() {}").is_empty());
    let files = synthetic(&[
        ("src/ui/a.rs", "fn f() { navigator.vibrate(1) }"),
        ("src/ui/b.rs", "fn g() {}"),
    ]);
    let r = check_browser_apis(&files);
    assert!(!r.enforced);
    assert_eq!(r.violations, ["src/ui/a.rs: vibrate"]);
    let mut files = files;
    files.push(SourceFile {
        rel: "src/ui/platform/sound.rs".into(),
        text: "fn s(c: AudioContext) {}".into(),
    });
    let r = check_browser_apis(&files);
    assert!(r.enforced);
    assert_eq!(r.violations, ["src/ui/a.rs: vibrate"]);
    assert_eq!(
        r.by_folder.keys().collect::<Vec<_>>(),
        ["src/ui/", "src/ui/platform/"]
    );
}

#[test]
fn text_classifier() {
    for allowed in [
        "piece dragging",
        "data-testid",
        "M3 3h3v18H3z",
        "#check-glow",
        "translate({x} {y})",
        "check-banner",
        "rgba(0, 0, 0, 0.5)",
        "url(#glow)",
        "#1F5FE0",
        "--pen: #c00",
        "{}px",
        "p-{}",
        "{n}½",
        "42",
        "",
        " in-check",
        "[data-testid=board]",
        "classroom-chess.",
        "exitFullscreen",
        "currentColor",
        "left:{:.1}px;top:{:.1}px;{}",
    ] {
        assert!(
            !is_user_text(allowed, Place::Code),
            "{allowed:?} should be allowed"
        );
    }
    for flagged in [
        "New game",
        "Check!",
        "Your pawn becomes…",
        "{} to move",
        "stop: {m}-point lead wins",
        "it ends.",
        "Escape",
        "(optional)",
        "e.g. Rule Zero week",
    ] {
        assert!(
            is_user_text(flagged, Place::Code),
            "{flagged:?} should be flagged"
        );
    }
    // Lowercase words are text where a person reads them.
    assert!(is_user_text("no changes", Place::TextNode));
    assert!(!is_user_text("no changes", Place::Code));
    assert!(is_user_text("chess board", Place::UserAttr));
    assert!(is_user_text("{} pen", Place::UserAttr));
    assert!(!is_user_text("piece-icon {class}", Place::CodeAttr));
    assert!(!is_user_text("Escape", Place::Compared));
}

fn places(src: &str) -> Vec<(String, Place)> {
    let s = strip(src);
    s.lits
        .iter()
        .map(|l| (l.value.clone(), place_of(&s.code, l.start, l.end)))
        .collect()
}

#[test]
fn literal_places() {
    let got = places(
        "view! { <span>\"no changes\"</span> <button aria-label=\"Chess board\" class=\"a b\">\n    \"Cancel\"\n</button>\n\
         <p>{x} \" to move\"</p> <i title=format!(\"{} pen\", k) data-testid=format!(\"pen-{}\", k)></i> }\n\
         match k { \"Escape\" | \"Esc\" => 1, _ if k == \"Enter\" => 2, _ => { let s = \"Hi\"; 3 } }\n\
         matches!(t, \"INPUT\" | \"SELECT\"); on:click=move |_| \"Cancel\"",
    );
    let want = [
        ("no changes", Place::TextNode),
        ("Chess board", Place::UserAttr),
        ("a b", Place::CodeAttr),
        ("Cancel", Place::TextNode),
        (" to move", Place::TextNode),
        ("{} pen", Place::UserAttr),
        ("pen-{}", Place::CodeAttr),
        ("Escape", Place::Compared),
        ("Esc", Place::Compared),
        ("Enter", Place::Compared),
        ("Hi", Place::Code),
        ("INPUT", Place::Compared),
        ("SELECT", Place::Compared),
        ("Cancel", Place::Code),
    ];
    let want: Vec<(String, Place)> = want.iter().map(|(s, p)| (s.to_string(), *p)).collect();
    assert_eq!(got, want);
}

#[test]
fn user_text_findings_with_escape_hatches() {
    let src = "fn v() -> impl IntoView {\n\
               let side = 1; let _ = format!(\"{} to move\", side);\n\
               view! { <button class=\"piece dragging\" data-testid=\"new-game\">\"New game\"</button>\n\
               <span>\"no changes\"</span> <svg aria-label=\"Chess board\"><path d=\"M3 3h3v18H3z\"/></svg> }\n\
               leptos::logging::warn!(\"Storage is full: {}\", e); x.expect(\"The board exists\");\n\
               let a = \"Kept on purpose\"; // text-ok: the app's name\n\
               // text-ok: brand\n\
               let b = \"Classroom Chess\";\n\
               #[cfg(test)] mod tests { fn t() { assert_eq!(x, \"Any Text\"); let _ = \"More Text\"; } }\n}";
    let found: Vec<String> = user_text_in("src/ui/x.rs", src)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(
        found,
        [
            "src/ui/x.rs:2: \"{} to move\"",
            "src/ui/x.rs:3: \"New game\"",
            "src/ui/x.rs:4: \"no changes\"",
            "src/ui/x.rs:4: \"Chess board\"",
        ]
    );
    // Enforced once the catalogue exists.
    let files = synthetic(&[("src/ui/x.rs", src)]);
    assert!(!check_user_text(&files).enforced);
    let mut files = files;
    files.push(SourceFile {
        rel: "src/text/mod.rs".into(),
        text: "pub const NEW_GAME: &str = \"New game\";".into(),
    });
    let r = check_user_text(&files);
    assert!(r.enforced);
    assert_eq!(r.findings.len(), 4, "the catalogue itself is not checked");
}

#[test]
fn module_names_from_files() {
    assert_eq!(module_name("src/lib.rs", false).as_deref(), Some("crate"));
    assert_eq!(
        module_name("src/rules/mod.rs", false).as_deref(),
        Some("crate::rules")
    );
    assert_eq!(
        module_name("src/rules/family/state.rs", false).as_deref(),
        Some("crate::rules::family::state")
    );
    assert_eq!(module_name("src/main.rs", false), None);
    assert_eq!(module_name("src/bin/rules.rs", false), None);
    assert_eq!(
        module_name("src/main.rs", true).as_deref(),
        Some("bin:main")
    );
    assert_eq!(
        module_name("src/bin/rules.rs", true).as_deref(),
        Some("bin:rules")
    );
    assert_eq!(
        module_name("src/bin/rules/family.rs", true).as_deref(),
        Some("bin:rules::family")
    );
    assert_eq!(
        module_name("src/bin/tool/main.rs", true).as_deref(),
        Some("bin:tool")
    );
}
