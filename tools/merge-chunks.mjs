// Called by tools/app-build.mjs after wasm-split: folds wasm-split's shared chunks into two
// files, so a part loads as at most three files, not dozens.
//
// wasm-split writes one chunk for every set of parts that share code (88 chunks for 13 parts,
// many of them a few hundred bytes), and a part's first use fetched and instantiated each of
// its chunks. Every chunk imports only the main module's memory, function table and one global
// from "__wasm_split", and fills its table slots and data at fixed addresses, so chunks can be
// joined: wasm-merge does it, once their imports all name one small hub module that re-exports
// those three (wasm-merge would otherwise keep one memory per input).
//
// The code shared by a part the app may wait for before it starts (the readers of saves, when
// something is saved) is joined on its own, `shared_early.wasm`: such a start then fetches and
// compiles only that, not every part's shared code.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const FEATURES = [
  '--enable-reference-types', '--enable-bulk-memory', '--enable-multivalue',
  '--enable-nontrapping-float-to-int', '--enable-sign-ext', '--enable-mutable-globals',
];
const SHARED = 'shared';
const EARLY = 'shared_early';
// The parts whose shared code is joined on its own: the readers of saves, which every start
// with anything saved waits for (src/ui/mod.rs `start`). (Fun Family, the one other part a
// start may wait for, needs shared.wasm as well.)
const EARLY_PARTS = ['saves'];
const HUB = 'wasm_split_hub';
const CHUNK_FILE = /^chunk_(\d+)\.wasm$/;
// One chunk's loader in __wasm_split.js, from its comment (the parts that share it) to its end.
const CHUNK_LOADER = /\/\* ([^*]*) \*\/\nconst __chunk_(\d+) = makeLoad\(\(\) => \{\n[^]*?\n\}\n, \[\]\);\n/g;
const CHUNK_LIST = /, \[(__chunk_\d+(?:, __chunk_\d+)*)\]\)\);/g;

const fail = (message) => {
  console.error(`merge-chunks.mjs: ${message}`);
  process.exit(1);
};

/** Joins `chunks` (file names in `work`) into `${file}.wasm`. */
function join(work, chunks, file) {
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
  const joined = path.join(work, `${file}.wasm`);
  tool('wasm-merge', [hubFile, HUB, ...inputs, '-o', joined, ...FEATURES]);
  // wasm-merge writes no features section; the optimiser run later reads the features from it.
  tool('wasm-opt', [joined, ...FEATURES, '--emit-target-features', '-o', joined]);
  rmSync(hubFile);
  for (const name of chunks) {
    rmSync(path.join(work, name));
    rmSync(path.join(work, `${path.basename(name, '.wasm')}.wat`));
  }
}

/** The loader of a joined file, as wasm-split writes a chunk's. */
const joinedLoader = (file, count) => `/* shared code: ${count} chunks joined by tools/merge-chunks.mjs */
const __${file} = makeLoad(() => {
    const src = fetch(new URL("./${file}.wasm", import.meta.url));
    src.catch(() => {});
    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));
}
, []);
`;

/**
 * The files `part` loads, as the merged __wasm_split.js in `work` names them (without `.wasm`):
 * the shared code it needs, then its own file.
 */
export function partFiles(work, part) {
  const loader = readFileSync(path.join(work, '__wasm_split.js'), 'utf8');
  const start = loader.indexOf(`export const __wasm_split_load_${part} =`);
  const needs = start < 0 ? null : loader.slice(start).match(/\n, \[([^\]]*)\]\)\);/);
  if (!needs) fail(`__wasm_split.js has no loader for the part "${part}"`);
  const shared = needs[1].split(', ').filter(Boolean).map((name) => name.replace(/^__/, ''));
  return [...shared, `split_${part}`];
}

/**
 * Joins the chunk files in `work` into shared_early.wasm (the chunks of the parts a start may
 * wait for) and shared.wasm (the rest), and points __wasm_split.js at them.
 */
export function mergeChunks(work) {
  const chunks = readdirSync(work).filter((name) => CHUNK_FILE.test(name));
  if (chunks.length === 0) return 0;
  const loaderFile = path.join(work, '__wasm_split.js');
  const loader = readFileSync(loaderFile, 'utf8');
  const loaders = [...loader.matchAll(CHUNK_LOADER)];
  if (loaders.length !== chunks.length) {
    fail(`__wasm_split.js has ${loaders.length} chunk loaders for ${chunks.length} chunk files`);
  }
  // Each chunk's file: the early one when a part a start may wait for shares it.
  const fileOf = new Map();
  for (const [, sharers, n] of loaders) {
    const early = sharers.split(', ').some((part) => EARLY_PARTS.includes(part));
    fileOf.set(`__chunk_${n}`, early ? EARLY : SHARED);
  }
  const files = [EARLY, SHARED].filter((file) => [...fileOf.values()].includes(file));
  for (const file of files) {
    join(work, [...fileOf].filter(([, f]) => f === file).map(([c]) => `${c.slice(2)}.wasm`), file);
  }

  let first = true;
  const rewritten = loader
    .replace(CHUNK_LOADER, () => {
      const text = first
        ? files.map((file) => joinedLoader(file, [...fileOf.values()].filter((f) => f === file).length)).join('')
        : '';
      first = false;
      return text;
    })
    .replace(CHUNK_LIST, (_, list) => {
      const needed = new Set(list.split(', ').map((c) => fileOf.get(c)));
      return `, [${files.filter((f) => needed.has(f)).map((f) => `__${f}`).join(', ')}]));`;
    });
  if (/__chunk_\d/.test(rewritten)) fail('__wasm_split.js still names a chunk after the rewrite');
  writeFileSync(loaderFile, rewritten);
  return chunks.length;
}
