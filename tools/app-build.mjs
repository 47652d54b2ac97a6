// Run by trunk's post_build hook (tools/post-build.mjs), before precache.mjs: builds the web
// app's WebAssembly in parts that load when first needed, which trunk's own Rust pipeline
// cannot do.
//   cargo (the final link keeps its relocations) → the methods of the classes of streams no
//   one makes stubbed (unused-classes.mjs) → wasm-split (one file per `#[wasm_split]`
//   part and for code two parts share, plus __wasm_split.js that fetches them) → the shared
//   code joined in two files (tools/merge-chunks.mjs) → wasm-bindgen on the main part →
//   the classes of streams no one makes dropped (unused-classes.mjs) →
//   wasm-opt on every part, the main wasm's table entries of nulls alone dropped
//   (empty-table-slots.mjs), the names the main wasm and its JS share made short
//   (short-names.mjs) and esbuild on the JS (release) → every file named with one build hash,
//   written into $TRUNK_STAGING_DIR, and the start script and the page's own words
//   (page-words.mjs) written into its index.html.
// Every file of one build carries the same hash: the main JS and __wasm_split.js import each
// other, so no file's name can be the hash of its own contents.
import { execFileSync } from 'node:child_process';
import { transformSync } from 'esbuild';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { catalogueTexts } from './catalogue.mjs';
import { earlyLoader, earlyScript } from './early-compile.mjs';
import { pageWords, rightToLeft, withPageWords } from './page-words.mjs';
import { dropEmptyTableSlots } from './empty-table-slots.mjs';
import { mergeChunks, partFiles } from './merge-chunks.mjs';
import { minifyCss, minifyPage } from './minify-page.mjs';
import { shortenNames } from './short-names.mjs';
import { UNUSED_CLASSES, dropUnusedClasses, stubClassMethods } from './unused-classes.mjs';
import { MAIN_FLAGS, PART_FLAGS } from './wasm-opt-flags.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STAGING = process.env.TRUNK_STAGING_DIR;
if (!STAGING) {
  console.error("app-build.mjs: TRUNK_STAGING_DIR is not set (run it as trunk's post_build hook)");
  process.exit(1);
}
const RELEASE = process.env.TRUNK_PROFILE === 'release';
const PUBLIC_URL = process.env.TRUNK_PUBLIC_URL ?? './';
const TARGET = 'wasm32-unknown-unknown';
const PROFILE = RELEASE ? 'web-release' : 'dev';
const BIN = 'classroom-chess';
const TARGET_DIR = process.env.CARGO_TARGET_DIR ?? path.join(ROOT, 'target');
const WORK = path.join(TARGET_DIR, 'app-build', PROFILE);

/** The string table of each of `codes`, from the folder build.rs wrote them to: the `out_dir`
 * of the app's build script in `cargoMessages`. */
function languageTables(cargoMessages, codes) {
  const script = cargoMessages
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line))
    .find((m) => m.reason === 'build-script-executed' && /[/#]classroom-chess[@#]/.test(m.package_id));
  if (!script) {
    console.error("app-build.mjs: cargo did not report the app's build script (where are the language tables?)");
    process.exit(1);
  }
  return new Map(codes.map((code) => [code, readFileSync(path.join(script.out_dir, 'lang', `${code}.txt`), 'utf8')]));
}

const run = (cmd, argv) => execFileSync(cmd, argv, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });

// The link keeps its relocations (wasm-split needs them to move code between files). Passed
// to the final crate only, so the dependencies' builds are shared with every other build.
// Cargo's messages (JSON; its diagnostics still go to the terminal) say where build.rs wrote
// the other languages' string tables.
const cargoMessages = execFileSync(
  'cargo',
  [
    'rustc', '--offline', '--message-format=json-render-diagnostics', '--profile', PROFILE,
    '--target', TARGET, '--bin', BIN, '--', '-C', 'link-arg=--emit-relocs',
  ],
  { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 256 << 20 },
).toString();
const linked = path.join(TARGET_DIR, TARGET, PROFILE === 'dev' ? 'debug' : PROFILE, `${BIN}.wasm`);

rmSync(WORK, { recursive: true, force: true });
mkdirSync(WORK, { recursive: true });
// The classes no one calls lose their code before the split, which then leaves out all that
// only they reach (in a release; a dev build keeps it, as it keeps every class).
let splitInput = linked;
if (RELEASE) {
  splitInput = path.join(WORK, 'stubbed.wasm');
  writeFileSync(splitInput, stubClassMethods(readFileSync(linked), UNUSED_CLASSES).wasm);
}
run('wasm-split-cli', [splitInput, WORK, '--target', 'web', '--out-name', 'app']);
if (splitInput !== linked) rmSync(splitInput);
const merged = mergeChunks(WORK);
const loaderFile = path.join(WORK, '__wasm_split.js');
writeFileSync(loaderFile, earlyLoader(readFileSync(loaderFile, 'utf8')));
// wasm-split writes the main part as app.wasm; wasm-bindgen turns it into app.js + app_bg.wasm.
const bindgen = path.join(WORK, 'bindgen');
run('wasm-bindgen', [
  '--target=web', '--keep-lld-exports', '--no-demangle', '--no-typescript',
  `--out-dir=${bindgen}`, '--out-name=app', path.join(WORK, 'app.wasm'),
]);
rmSync(path.join(WORK, 'app.wasm'));

// The parts: the main module and its JS from wasm-bindgen, the lazy parts and their loader
// from wasm-split.
const parts = new Map([
  ['app.js', path.join(bindgen, 'app.js')],
  ['app_bg.wasm', path.join(bindgen, 'app_bg.wasm')],
]);
for (const name of readdirSync(WORK)) {
  if (name.endsWith('.wasm') || name.endsWith('.js')) parts.set(name, path.join(WORK, name));
}
if (RELEASE) {
  dropUnusedClasses(parts.get('app_bg.wasm'), parts.get('app.js'));
  for (const [name, file] of parts) {
    if (!name.endsWith('.wasm')) continue;
    run('wasm-opt', [...(name === 'app_bg.wasm' ? MAIN_FLAGS : PART_FLAGS), `--output=${file}`, file]);
  }
  const others = [...parts].filter(([name]) => name.endsWith('.js') && name !== 'app.js');
  const { wasm, glue } = shortenNames(
    dropEmptyTableSlots(readFileSync(parts.get('app_bg.wasm'))).wasm,
    readFileSync(parts.get('app.js'), 'utf8'),
    others.map(([, file]) => readFileSync(file, 'utf8')),
  );
  writeFileSync(parts.get('app_bg.wasm'), wasm);
  writeFileSync(parts.get('app.js'), glue);
}

// Every language but English (compiled in) as its string table, made and checked by build.rs
// (src/text/catalogue.rs `table_file`). The app fetches lang/<code>-<build>.txt when the
// language is chosen.
const MESSAGES = path.join(ROOT, 'assets', 'messages');
const catalogue = catalogueTexts(MESSAGES);
const languages = languageTables(cargoMessages, [...catalogue.keys()].filter((code) => code !== 'en'));

// The styles of what comes in parts (the side panel and every dialog's frame, Fun Family
// Chess, the menu's dialogs, demo mode's tool column, the position editor, the Tournament
// screen): one stylesheet the app fetches with them (src/ui/platform/styles.rs), not written
// into the page, so the first load neither carries nor parses them. In this order, after the
// page's own styles, as they were written.
const SCREEN_STYLES = ['panel.css', 'family.css', 'dialogs.css', 'demo-tools.css', 'editor.css', 'tournament.css'];
const screenStyles = SCREEN_STYLES.map((f) => readFileSync(path.join(ROOT, 'style', f), 'utf8')).join('\n');

const hash = createHash('sha256');
for (const name of [...parts.keys()].sort()) hash.update(name).update('\0').update(readFileSync(parts.get(name)));
for (const [code, text] of languages) hash.update(code).update('\0').update(text);
hash.update('screens.css').update('\0').update(screenStyles);
const id = hash.digest('hex').slice(0, 16);
writeFileSync(path.join(STAGING, `screens-${id}.css`), RELEASE ? minifyCss(screenStyles) : screenStyles);
mkdirSync(path.join(STAGING, 'lang'), { recursive: true });
for (const [code, text] of languages) writeFileSync(path.join(STAGING, 'lang', `${code}-${id}.txt`), text);
const renamed = (name) => {
  if (name === 'app.js') return `${BIN}-${id}.js`;
  if (name === 'app_bg.wasm') return `${BIN}-${id}_bg.wasm`;
  const ext = path.extname(name);
  return `${path.basename(name, ext)}-${id}${ext}`;
};
// The parts name each other in imports (`from "./x.js"`) and fetches (`new URL("./x.wasm"`):
// rename those. The same words as keys of the wasm's imports object are module names inside
// the wasm and stay as they are.
const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const names = [...parts.keys()].map(escape).join('|');
const references = new RegExp(`(from\\s*|new URL\\()(["'])\\./(${names})\\2`, 'g');
for (const [name, file] of parts) {
  let body = readFileSync(file);
  if (name.endsWith('.js')) {
    body = body.toString().replace(references, (_, lead, quote, n) => `${lead}${quote}./${renamed(n)}${quote}`);
    // Names, spaces and comments shortened; exports and the wasm's import names stay as they are.
    if (RELEASE) body = transformSync(body, { minify: true, format: 'esm' }).code;
  }
  writeFileSync(path.join(STAGING, renamed(name)), body);
}

const js = renamed('app.js');
const wasm = renamed('app_bg.wasm');
// The app's JS imports the split loader: preload both, so neither waits for the other. The
// preloads go first in the head, before the inlined styles, so the downloads start with the
// page's first bytes, and after them the script that puts the page in its language and compiles
// the wasm (early-compile.mjs; its fetch takes the preload's response). The start script (a
// module: it runs once the page is parsed) goes at the body's end, after the loading board and
// the page's own scripts, and instantiates what was compiled.
const loader = renamed('__wasm_split.js');
const fileUrl = (file) => `${PUBLIC_URL}${renamed(file)}`;
const wasmUrl = `${PUBLIC_URL}${wasm}`;
const preloads = `
<meta name="app-build" content="${id}">
<link rel="modulepreload" href="${PUBLIC_URL}${js}" crossorigin="anonymous">
<link rel="modulepreload" href="${PUBLIC_URL}${loader}" crossorigin="anonymous">
<link rel="preload" href="${wasmUrl}" crossorigin="anonymous" as="fetch" type="application/wasm">`;
const early = earlyScript(
  wasmUrl,
  {
    ...Object.fromEntries(['saves', 'family'].map((part) => [part, partFiles(WORK, part)])),
    path: fileUrl('%.wasm'),
  },
  {
    codes: [...languages.keys()],
    rightToLeft: rightToLeft(readFileSync(path.join(ROOT, 'src', 'text', 'languages.rs'), 'utf8')),
    messages: `lang/%-${id}.txt`,
  },
);
// It waits for the language's table too, when the early script fetches one: the app reads it
// as it starts.
const start = `
<script type="module">
import init from '${PUBLIC_URL}${js}';
const [module_or_path] = await Promise.all([self.appWasm ?? '${wasmUrl}', self.appStart]);
await init({ module_or_path });
</script>
`;
const index = path.join(STAGING, 'index.html');
const html = readFileSync(index, 'utf8');
const charset = html.match(/<meta charset="utf-8"\s*\/?>/i);
if (!html.includes('</body>') || !charset) {
  console.error('app-build.mjs: index.html needs <meta charset="utf-8"> and </body> for the start scripts');
  process.exit(1);
}
// The page's own styles and scripts are minified before the build's scripts, already short, go in.
const page = withPageWords(RELEASE ? minifyPage(html) : html, pageWords(catalogue), 'en')
  .replace(charset[0], () => `${charset[0]}${preloads}${early}`)
  .replace('</body>', () => `${start}</body>`);
writeFileSync(index, page);
console.log(`app-build: ${parts.size} files (${merged} shared chunks joined in two), build ${id}`);
