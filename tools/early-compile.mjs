// Called by tools/app-build.mjs: the WebAssembly a start needs is compiled while the page
// loads, not after it, and the page is put in the app's language before anything is drawn.
//
// The start script is a module, so it runs only once the page is parsed; the wasm it then
// instantiated had arrived long before (it is preloaded), but was compiled only then. A plain
// script at the top of the page starts the compiling instead: the app's module always, and the
// parts the start will wait for (src/ui/mod.rs `start`), each with the shared code it needs
// (merge-chunks.mjs `partFiles`): Fun Family Chess when a Fun Family game is saved, the
// readers of saves when there is a save a start reads. The split loader takes such a part's
// compiled module when it is asked for that part, and fetches as before when there is none.
// The script also chooses the language the app starts in (the one kept on this device, else
// the first of the browser's the app has: the app takes the page's), puts the page in it (the
// loading words follow it, page-words.mjs; right to left in Arabic) and, when that is not
// English, fetches its messages, the language's string table, which the page's start script
// waits for and the app's own module reads. It also gives the app its fetch of a language's
// table (`appMessages`, for Settings), which names the build's file and keeps the fetch's code
// out of the wasm. (The compiling is not put off until the first frame is drawn: a warm
// start's board then came about 100 ms later.)
//
// The script reads the saves as the app does (the keys below): should the two ever differ, a
// start only waits as it did before, or a part is compiled for nothing. Nothing here can stop
// the app: a failed compile (a host serving wasm with the wrong type, a browser without
// compileStreaming) leaves the start script the path, and the loader a fetch.

import { transformSync } from 'esbuild';

// The app's keys in localStorage: those whose saves a start reads (src/ui/game/saves_part.rs
// `READ_AT_START`), the Fun Family game's, and the chosen language's.
const KEYS = {
  saves: ['classroom-chess.current', 'classroom-chess.settings', 'classroom-chess.teacher', 'classroom-chess.rulesets'],
  family: 'classroom-chess.family',
  language: 'classroom-chess.language',
};
const ENGLISH = 'en';

// The page's early script, as written: its arguments are filled in and esbuild shortens it.
// `parts`: the files of each part compiled early, by name, and the path of a file, `%` for its
// name; `languages`: the codes of the app's languages, those written right to left, and the
// path of a language's messages, `%` for its code.
function early(main, parts, languages, keys, english) {
  function compile(url) {
    try {
      return WebAssembly.compileStreaming(fetch(url)).catch(() => url);
    } catch (e) {
      return Promise.resolve(url);
    }
  }
  function take(names) {
    for (const name of names) {
      const url = parts.path.replace('%', name);
      const href = new URL(url, location.href).href;
      if (!self.appParts[href]) self.appParts[href] = compile(url);
    }
  }
  function stored(key) {
    try {
      return localStorage.getItem(key);
    } catch (e) {
      return null; // No storage (a privacy mode): nothing saved.
    }
  }
  // The language kept on this device, else the first of the browser's the app has.
  function language() {
    const kept = (stored(keys.language) || '').trim();
    if (languages.codes.includes(kept)) return kept;
    for (const tag of navigator.languages || []) {
      const primary = tag.split(/[-_]/)[0].toLowerCase();
      if (languages.codes.includes(primary)) return primary;
    }
    return english;
  }
  self.appWasm = compile(main);
  self.appParts = {};
  // The app's fetch of a language's table (src/ui/platform/language.rs `fetch_table`): its
  // text, or null when it cannot be fetched.
  self.appMessages = (code) =>
    fetch(languages.messages.replace('%', code))
      .then((response) => (response.ok ? response.text() : null))
      .catch(() => null);
  const code = language();
  // The page is in that language from its first frame, as the app will be (language.rs
  // `mark_page`): the loading words and the side of the panel.
  document.documentElement.lang = code;
  if (languages.rightToLeft.includes(code)) document.documentElement.dir = 'rtl';
  if (code !== english) {
    // Its table, fetched now: the start script waits for it, and the app takes it from
    // appStartTable (src/ui/platform/language.rs `use_page_language`).
    self.appStart = self.appMessages(code).then((table) => {
      self.appStartTable = table;
    });
  }
  if (stored(keys.family) !== null) take(parts.family);
  if (keys.saves.some((key) => stored(key) !== null)) take(parts.saves);
}

/**
 * The script for the page's head: `main` is the app module's URL, `parts` as `early` takes them
 * (the files of the parts compiled early: saves, family), `languages` too.
 */
export const earlyScript = (main, parts, languages) => {
  const args = [main, parts, { ...languages, codes: [ENGLISH, ...languages.codes] }, KEYS, ENGLISH]
    .map((a) => JSON.stringify(a))
    .join(', ');
  return `<script>${transformSync(`(${early})(${args});`, { minify: true, target: 'es2015' }).code.trim()}</script>`;
};

// One part's fetch and instantiation, as wasm-split (and merge-chunks.mjs) write them.
const PART_LOAD =
  /const src = fetch\((new URL\("\.\/[^"]+\.wasm", import\.meta\.url\))\);\n\s*src\.catch\(\(\) => \{\}\);\n(\s*)return async \(imports\) => \(WebAssembly\.instantiateStreaming\(src, imports\)\);/g;

const HELPERS = `
/* tools/early-compile.mjs: a part compiled while the page loaded is taken once; else fetched. */
function fetchPart(url) {
    const early = self.appParts?.[url.href];
    let src;
    if (early) {
        delete self.appParts[url.href];
        src = early.then((got) => (got instanceof WebAssembly.Module ? got : fetch(url)));
    } else {
        src = fetch(url);
    }
    src.catch(() => {});
    return src;
}
async function instantiatePart(src, imports) {
    const got = await src;
    return got instanceof WebAssembly.Module
        ? WebAssembly.instantiate(got, imports)
        : WebAssembly.instantiateStreaming(got, imports);
}
`;

/** `loader` (__wasm_split.js) with every part loaded through fetchPart and instantiatePart. */
export function earlyLoader(loader) {
  const parts = loader.match(/fetch\(new URL\(/g)?.length ?? 0;
  let rewritten = 0;
  const text = loader.replace(PART_LOAD, (_, url, indent) => {
    rewritten += 1;
    return `const src = fetchPart(${url});\n${indent}return async (imports) => instantiatePart(src, imports);`;
  });
  if (rewritten === 0 || rewritten !== parts) {
    console.error(`early-compile.mjs: rewrote ${rewritten} of the ${parts} part loads in __wasm_split.js`);
    process.exit(1);
  }
  return text + HELPERS;
}
