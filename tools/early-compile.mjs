// Called by tools/app-build.mjs: the WebAssembly a start needs is compiled while the page is
// still being parsed, not after it.
//
// The start script is a module, so it runs only once the page is parsed; the wasm it then
// instantiated had arrived long before (it is preloaded), but was compiled only then. A plain
// script at the top of the page starts the compiling instead: the app's module always, and,
// when this browser holds anything of the app's, the parts a start waits for to read saves
// (merge-chunks.mjs `startFiles`). The split loader takes such a part's compiled module when
// it is asked for that part, and fetches as before when there is none.
//
// Nothing here can stop the app: a failed compile (a host serving wasm with the wrong type, a
// browser without compileStreaming) leaves the start script the path, and the loader a fetch.

import { transformSync } from 'esbuild';

// The app's saved keys all begin so (src/ui/platform/storage.rs).
const SAVED_PREFIX = 'classroom-chess.';

// The page's early script, as written: its arguments are filled in and esbuild shortens it.
function early(main, parts, savedPrefix) {
  function compile(url) {
    try {
      return WebAssembly.compileStreaming(fetch(url)).catch(() => url);
    } catch (e) {
      return Promise.resolve(url);
    }
  }
  self.appWasm = compile(main);
  self.appParts = {};
  try {
    for (let i = 0; i < localStorage.length; i++) {
      if (localStorage.key(i).startsWith(savedPrefix)) {
        for (const url of parts) self.appParts[new URL(url, location.href).href] = compile(url);
        break;
      }
    }
  } catch (e) {
    // No storage (a privacy mode): nothing saved to read.
  }
}

/** The script for the page's head: `main` is the app module's URL, `parts` the start's parts'. */
export const earlyScript = (main, parts) => {
  const args = [main, parts, SAVED_PREFIX].map((a) => JSON.stringify(a)).join(', ');
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
