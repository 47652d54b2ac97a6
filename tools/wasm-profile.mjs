// Where the WebAssembly's bytes go (`make size-profile`): crate by crate, module by module of
// our own code, and function by function, measured in the optimised module as the app ships it.
//
// The app is built as tools/app-build.mjs builds it (profile web-release, wasm-split,
// wasm-bindgen, wasm-opt -Oz) and its main part, the first load, is measured, but with v0
// symbol names and the name section kept, so every generic instance names its type arguments:
// a Leptos view function instantiated for one of our components is counted for that component
// ("ui::game::panels::moves" below), not for Leptos.
//   node tools/wasm-profile.mjs [--top N]          needs twiggy (cargo install twiggy)
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { dropEmptyTableSlots } from './empty-table-slots.mjs';
import { shortenNames } from './short-names.mjs';
import { UNUSED_CLASSES, dropUnusedClasses, stubClassMethods } from './unused-classes.mjs';
import { MAIN_FLAGS } from './wasm-opt-flags.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const TOP = Number(args[args.indexOf('--top') + 1] || 30) || 30;
const OUT = path.join(ROOT, 'target', 'size-profile');
const TARGET = 'wasm32-unknown-unknown';
mkdirSync(OUT, { recursive: true });

const run = (cmd, argv, env = {}) =>
  execFileSync(cmd, argv, { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 30 });

run('cargo', ['build', '--profile', 'web-release', '--target', TARGET, '--bin', 'classroom-chess', '--target-dir', OUT], {
  RUSTFLAGS: '-C symbol-mangling-version=v0 -C link-arg=--emit-relocs',
});
const raw = path.join(OUT, TARGET, 'web-release', 'classroom-chess.wasm');
// As tools/app-build.mjs ships it: the parts that load on first use are split off, and the
// first load's module (the main part) is the one profiled here.
const split = path.join(OUT, 'split');
const stubbed = path.join(OUT, 'stubbed.wasm');
writeFileSync(stubbed, stubClassMethods(readFileSync(raw), UNUSED_CLASSES).wasm);
run('wasm-split-cli', [stubbed, split, '--target', 'web', '--out-name', 'app']);
run('wasm-bindgen', ['--target=web', `--out-dir=${OUT}`, '--out-name=app', '--no-typescript', '--keep-debug', '--keep-lld-exports', path.join(split, 'app.wasm')]);
dropUnusedClasses(path.join(OUT, 'app_bg.wasm'), path.join(OUT, 'app.js'));
const named = path.join(OUT, 'app-named.wasm');
run('wasm-opt', [...MAIN_FLAGS, '--debuginfo', `--output=${named}`, path.join(OUT, 'app_bg.wasm')]);
const shipped = path.join(OUT, 'app-shipped.wasm');
run('wasm-opt', [...MAIN_FLAGS, `--output=${shipped}`, path.join(OUT, 'app_bg.wasm')]);
// Both with the short names the build gives the imports and exports.
const glue = readFileSync(path.join(OUT, 'app.js'), 'utf8');
const loader = readFileSync(path.join(split, '__wasm_split.js'), 'utf8');
for (const file of [named, shipped]) writeFileSync(file, shortenNames(dropEmptyTableSlots(readFileSync(file)).wasm, glue, [loader]).wasm);

const csv = run('twiggy', ['top', '-n', '1000000', '-f', 'csv', named]).toString();
const items = [];
for (const line of csv.split('\n').slice(1)) {
  // Name,ShallowSize,ShallowSizePercent,RetainedSize,RetainedSizePercent (the name may be quoted)
  const m = line.match(/^("(?:[^"]|"")*"|[^,]*),(\d+),/);
  if (m) items.push({ name: m[1].replace(/^"|"$/g, '').replace(/""/g, '"'), bytes: Number(m[2]) });
}

const SECTION = /^(custom section|data segment|"?function names|Σ|\.\.\. and|elem\[|table\[|type\[|import |export |wasm magic|code section headers|memory\[|global\[)/;
const OWN = /classroom_chess(?:\[[0-9a-f]+\])?::((?:ui|rules|saves|text)(?:::[a-z_0-9]+){0,2}|[a-z_0-9]+)/;
// The crate a function belongs to: the first crate named in it, our own code wherever it
// appears as a type argument (a generic instantiated for us is ours to remove).
// Among our names in it, a UI one wins: a view instantiated for Vec<Move> is the view's cost.
function owner(name) {
  const own = [...name.matchAll(new RegExp(OWN, 'g'))].map((m) => m[1]);
  if (own.length) {
    const module = own.find((m) => m.startsWith('ui::')) ?? own[0];
    return { crate: 'classroom_chess', module };
  }
  const first = name.match(/([a-z_][a-z_0-9]*)(?:\[[0-9a-f]+\])?::/);
  if (first) return { crate: first[1], module: null };
  // Methods of built-in types (<str>::replace, <char>::to_uppercase, <[T]>::sort) are core's.
  return { crate: /^<(str|char|\[|u\d|i\d|f\d|bool)/.test(name) ? 'core' : '(unnamed)', module: null };
}

const byCrate = new Map();
const byModule = new Map();
let code = 0;
let other = 0;
const add = (map, key, n) => map.set(key, (map.get(key) ?? 0) + n);
const functions = [];
for (const item of items) {
  if (SECTION.test(item.name)) {
    if (!/function names|^(Σ|\.\.\.)/.test(item.name)) add(byCrate, `[${item.name.match(/^[a-z ]+/i)[0].trim()}]`, item.bytes);
    other += item.bytes;
    continue;
  }
  const { crate, module } = owner(item.name);
  code += item.bytes;
  add(byCrate, crate, item.bytes);
  if (module) add(byModule, module, item.bytes);
  functions.push(item);
}

const total = statSync(shipped).size;
const gz = gzipSync(readFileSync(shipped), { level: 9 }).length;
const pct = (n) => `${((100 * n) / total).toFixed(1).padStart(5)} %`;
const table = (title, map, limit = Infinity) => {
  console.log(`\n${title}`);
  [...map].sort((a, b) => b[1] - a[1]).slice(0, limit).forEach(([k, v]) => console.log(`${String(v).padStart(9)} ${pct(v)}  ${k}`));
};
console.log(`shipped wasm: ${total} bytes, ${gz} gzipped (-9); code ${code} bytes in ${functions.length} functions`);
console.log('(bytes below are of the optimised module before compression; gzip shrinks all alike, about ' + (total / gz).toFixed(1) + '×)');
table('by crate (generic code instantiated for our types counts as ours)', byCrate);
table('our code by module', byModule, 40);
console.log(`\nthe ${TOP} largest functions`);
functions.sort((a, b) => b.bytes - a.bytes).slice(0, TOP).forEach((f) => console.log(`${String(f.bytes).padStart(9)}  ${f.name.slice(0, 160)}`));
