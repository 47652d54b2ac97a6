// tools/early-compile.mjs: the page's early script, run as a browser would run it (with the
// browser's parts it touches stood in for), before the page's first paint.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { BEFORE_FIRST_PAINT, earlyScript } from '../../tools/early-compile.mjs';

const PARTS = { saves: ['shared_early', 'split_saves'], family: ['shared_early', 'shared', 'split_family'], path: './%-abc.wasm' };
const LANGUAGES = {
  codes: ['ar', 'fr', 'xx'],
  rightToLeft: ['ar'],
  messages: 'lang/%-abc.txt',
  loading: { ar: 'جارٍ التحميل…', fr: 'Chargement…', xx: '</script><b>&' },
};
const SCRIPT = earlyScript('./app-abc_bg.wasm', PARTS, LANGUAGES);

/**
 * A page that runs the early script: `stored` is its localStorage, `browser` the languages the
 * browser asks for, `fails` whether every fetch fails. Returns what the script did and the
 * handles to give the page its first frame (`frame`) or let time pass (`later`).
 */
function page({ stored = {}, browser = ['en-GB'], fails = false } = {}) {
  const words = { textContent: 'Loading…' };
  const links = [];
  const fetched = [];
  const compiled = [];
  const frames = [];
  const timers = [];
  const window = {
    document: {
      documentElement: { lang: 'en', dir: '' },
      querySelector: (selector) => (selector === '.loading-words' ? words : null),
      createElement: () => ({}),
      head: { appendChild: (link) => links.push(link) },
    },
    localStorage: { getItem: (key) => stored[key] ?? null },
    navigator: { languages: browser },
    location: { href: 'https://school.example/chess/' },
    URL,
    fetch: (url) => {
      fetched.push(url);
      return fails ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve({ url });
    },
    WebAssembly: {
      compileStreaming: async (response) => {
        const { url } = await response;
        compiled.push(url);
        return `module of ${url}`;
      },
    },
    requestAnimationFrame: (callback) => frames.push(callback),
    setTimeout: (callback, ms = 0) => timers.push({ callback, ms }),
  };
  window.self = window;
  vm.createContext(window);
  vm.runInContext(SCRIPT.replace(/^<script>/, '').replace(/<\/script>$/, ''), window);
  const settle = () => new Promise((done) => setImmediate(done));
  return {
    window,
    words,
    links,
    fetched,
    compiled,
    /** The page's first frame, and the task after it. */
    async frame() {
      for (const callback of frames.splice(0)) callback();
      for (const { callback } of timers.filter((t) => t.ms === 0)) callback();
      await settle();
    },
    /** `ms` pass with no frame (a page not shown). */
    async later(ms) {
      for (const { callback } of timers.filter((t) => t.ms > 0 && t.ms <= ms)) callback();
      await settle();
    },
  };
}

test('the page is in the language the app starts in before its first paint: words, direction, messages fetched', () => {
  const arabic = page({ browser: ['ar-EG', 'en'] });
  assert.equal(arabic.window.document.documentElement.lang, 'ar');
  assert.equal(arabic.window.document.documentElement.dir, 'rtl');
  assert.equal(arabic.words.textContent, 'جارٍ التحميل…');
  assert.deepEqual(arabic.links.map((l) => [l.rel, l.as, l.href]), [['preload', 'fetch', 'lang/ar-abc.txt']]);

  const kept = page({ stored: { 'classroom-chess.language': 'fr' }, browser: ['ar'] });
  assert.equal(kept.window.document.documentElement.lang, 'fr', 'the language kept on the device first');
  assert.equal(kept.window.document.documentElement.dir, '');
  assert.equal(kept.words.textContent, 'Chargement…');

  const other = page({ browser: ['ko-KR'] });
  assert.equal(other.window.document.documentElement.lang, 'en', 'a language the app lacks: English');
  assert.equal(other.words.textContent, 'Loading…', "English's words, already in the page");
  assert.deepEqual(other.links, [], 'English is in the app itself');

  assert.equal(page({ browser: ['xx'] }).words.textContent, '</script><b>&', 'words that look like markup stay words');
  assert.equal(SCRIPT.indexOf('</script'), SCRIPT.length - '</script>'.length, 'nothing in the script ends it early');
});

test('the fetches start at once, the compiling after the first frame; each part the start reads', async () => {
  const saved = page({ stored: { 'classroom-chess.current': '{}', 'classroom-chess.family': '{}' } });
  assert.deepEqual(saved.fetched, ['./app-abc_bg.wasm', './shared_early-abc.wasm', './shared-abc.wasm', './split_family-abc.wasm', './split_saves-abc.wasm']);
  await new Promise((done) => setImmediate(done));
  assert.deepEqual(saved.compiled, [], 'nothing compiled before the first frame');
  await saved.frame();
  assert.deepEqual(saved.compiled, saved.fetched, 'all compiled after it, each once');
  assert.equal(await saved.window.appWasm, 'module of ./app-abc_bg.wasm');
  assert.deepEqual(Object.keys(saved.window.appParts), ['shared_early', 'shared', 'split_family', 'split_saves'].map((p) => `https://school.example/chess/${p}-abc.wasm`));

  const nothing = page();
  assert.deepEqual(nothing.fetched, ['./app-abc_bg.wasm'], 'nothing saved: the app alone');
});

test('a page with no frames (not shown) compiles after a moment; a failed fetch gives the start script the path', async () => {
  const hidden = page();
  await hidden.later(100);
  assert.deepEqual(hidden.compiled, []);
  await hidden.later(200);
  assert.deepEqual(hidden.compiled, ['./app-abc_bg.wasm']);

  const offline = page({ fails: true });
  await offline.frame();
  assert.equal(await offline.window.appWasm, './app-abc_bg.wasm');
});

test("index.html's first paint waits for the early script's place, after the loading board and before any script", () => {
  const html = readFileSync(fileURLToPath(new URL('../../index.html', import.meta.url)), 'utf8');
  const place = html.indexOf(BEFORE_FIRST_PAINT);
  const id = BEFORE_FIRST_PAINT.match(/id="([^"]+)"/)[1];
  assert.ok(html.indexOf(`<link rel="expect" href="#${id}" blocking="render"`) < html.indexOf('</head>'), 'the head holds the first paint back');
  assert.ok(html.indexOf('<p class="loading-words">') < place, 'after the loading board');
  assert.ok(place < html.indexOf('<script'), 'before the page\'s other scripts');
});
