// Called by tools/app-build.mjs after wasm-split: folds wasm-split's shared chunks into one
// file, so a part loads as at most two files, not dozens.
//
// wasm-split writes one chunk for every set of parts that share code (88 chunks for 13 parts,
// many of them a few hundred bytes), and a part's first use fetched and instantiated each of
// its chunks. Every chunk imports only the main module's memory, function table and one global
// from "__wasm_split", and fills its table slots and data at fixed addresses, so chunks can be
// joined: wasm-merge does it, once their imports all name one small hub module that re-exports
// those three (wasm-merge would otherwise keep one memory per input).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FEATURES = [
  '--enable-reference-types', '--enable-bulk-memory', '--enable-multivalue',
  '--enable-nontrapping-float-to-int', '--enable-sign-ext', '--enable-mutable-globals',
];
const SHARED = 'shared.wasm';
const HUB = 'wasm_split_hub';
const CHUNK_FILE = /^chunk_(\d+)\.wasm$/;
// One chunk's loader in __wasm_split.js, from its comment (the parts that share it) to its end.
const CHUNK_LOADER = /\/\* [^*]* \*\/\nconst (__chunk_\d+) = makeLoad\(\(\) => \{\n[^]*?\n\}\n, \[\]\);\n/g;
const CHUNK_LIST = /, \[(__chunk_\d+(?:, __chunk_\d+)*)\]\)\);/g;

const fail = (message) => {
  console.error(`merge-chunks.mjs: ${message}`);
  process.exit(1);
};

/** Joins the chunk files in `work` into shared.wasm and points __wasm_split.js at it. */
export function mergeChunks(work) {
  const chunks = readdirSync(work).filter((name) => CHUNK_FILE.test(name));
  if (chunks.length === 0) return 0;
  // binaryen's tools, from the PATH as wasm-opt is.
  const tool = (name, argv) => execFileSync(name, argv, { maxBuffer: 1 << 30 });

  const imports = [];
  const inputs = [];
  for (const name of chunks) {
    const text = tool('wasm-dis', [path.join(work, name)]).toString();
    for (const line of text.matchAll(/^ \(import "__wasm_split" "([^"]+)" \((\w+) \$\S+ (.*)\)\)$/gm)) {
      imports.push({ field: line[1], kind: line[2], limits: line[3] });
    }
    const wat = path.join(work, `${path.basename(name, '.wasm')}.wat`);
    writeFileSync(wat, text.replaceAll('(import "__wasm_split" ', `(import "${HUB}" `));
    inputs.push(wat, path.basename(name, '.wasm'));
  }
  // The hub imports each name once, with the largest limits any chunk asks for.
  const byField = new Map();
  for (const imp of imports) {
    const seen = byField.get(imp.field);
    if (seen && seen.kind !== imp.kind) fail(`chunks import "${imp.field}" as ${seen.kind} and ${imp.kind}`);
    if (!seen || (parseInt(imp.limits, 10) || 0) > (parseInt(seen.limits, 10) || 0)) byField.set(imp.field, imp);
  }
  const hub = [...byField.values()]
    .map((imp, i) => `(import "__wasm_split" "${imp.field}" (${imp.kind} $i${i} ${imp.limits}))\n` +
      `(export "${imp.field}" (${imp.kind} $i${i}))`)
    .join('\n');
  const hubFile = path.join(work, `${HUB}.wat`);
  writeFileSync(hubFile, `(module\n${hub}\n)\n`);
  const shared = path.join(work, SHARED);
  tool('wasm-merge', [hubFile, HUB, ...inputs, '-o', shared, ...FEATURES]);
  // wasm-merge writes no features section; the optimiser run later reads the features from it.
  tool('wasm-opt', [shared, ...FEATURES, '--emit-target-features', '-o', shared]);
  rmSync(hubFile);
  for (const name of chunks) {
    rmSync(path.join(work, name));
    rmSync(path.join(work, `${path.basename(name, '.wasm')}.wat`));
  }

  const loaderFile = path.join(work, '__wasm_split.js');
  const loader = readFileSync(loaderFile, 'utf8');
  const loaders = [...loader.matchAll(CHUNK_LOADER)];
  if (loaders.length !== chunks.length) {
    fail(`__wasm_split.js has ${loaders.length} chunk loaders for ${chunks.length} chunk files`);
  }
  const sharedLoader = `/* every part's shared code: ${chunks.length} chunks joined by tools/merge-chunks.mjs */
const __shared = makeLoad(() => {
    const src = fetch(new URL("./${SHARED}", import.meta.url));
    src.catch(() => {});
    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));
}
, []);
`;
  let first = true;
  const rewritten = loader
    .replace(CHUNK_LOADER, () => {
      const text = first ? sharedLoader : '';
      first = false;
      return text;
    })
    .replace(CHUNK_LIST, ', [__shared]));');
  if (/__chunk_\d/.test(rewritten)) fail('__wasm_split.js still names a chunk after the rewrite');
  writeFileSync(loaderFile, rewritten);
  return chunks.length;
}
