// tools/early-compile.mjs: the page's early script, run as a browser would run it (with the
// browser's parts it touches stood in for), at the top of the page.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import { earlyScript } from '../../tools/early-compile.mjs';

const PARTS = { saves: ['shared_early', 'split_saves'], family: ['shared_early', 'shared', 'split_family'], path: './%-abc.wasm' };
const LANGUAGES = { codes: ['ar', 'fr'], rightToLeft: ['ar'], messages: 'lang/%-abc.txt' };
const SCRIPT = earlyScript('./app-abc_bg.wasm', PARTS, LANGUAGES);

/**
 * A page that runs the early script: `stored` is its localStorage, `browser` the languages the
 * browser asks for, `fails` whether every fetch fails. Returns what the script did.
 */
function page({ stored = {}, browser = ['en-GB'], fails = false } = {}) {
  const fetched = [];
  const compiled = [];
  const window = {
    document: {
      documentElement: { lang: 'en', dir: '' },
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
  };
  window.self = window;
  vm.createContext(window);
  vm.runInContext(SCRIPT.replace(/^<script>/, '').replace(/<\/script>$/, ''), window);
  return { window, fetched, compiled };
}

test('the page is in the language the app starts in before anything is drawn: its direction, its messages fetched', async () => {
  const arabic = page({ browser: ['ar-EG', 'en'] });
  assert.equal(arabic.window.document.documentElement.lang, 'ar');
  assert.equal(arabic.window.document.documentElement.dir, 'rtl');
  assert.ok(arabic.fetched.includes('lang/ar-abc.txt'), `its table, fetched at once: ${arabic.fetched}`);
  await arabic.window.appStart;
  assert.equal(arabic.window.appStartTable, null, "the stand-in's answer is no table: the app is told so");

  const kept = page({ stored: { 'classroom-chess.language': ' fr ' }, browser: ['ar'] });
  assert.equal(kept.window.document.documentElement.lang, 'fr', 'the language kept on the device first');
  assert.equal(kept.window.document.documentElement.dir, '');

  const other = page({ browser: ['ko-KR'] });
  assert.equal(other.window.document.documentElement.lang, 'en', 'a language the app lacks: English');
  assert.ok(!other.fetched.some((url) => url.startsWith('lang/')), 'English is in the app itself');
  assert.equal(other.window.appStart, undefined, 'nothing for the start to wait for');

  // The browser's languages by their primary subtag, in the browser's order.
  const lang = (browser, stored) => page({ browser, stored }).window.document.documentElement.lang;
  assert.equal(lang(['ko-KR', 'fr-BE', 'ar']), 'fr');
  assert.equal(lang(['nl', 'AR-eg']), 'ar');
  assert.equal(lang(['FR_ca']), 'fr');
  assert.equal(lang(['en-GB', 'fr']), 'en');
  assert.equal(lang(['nl', 'ja']), 'en');
  assert.equal(lang([]), 'en');
  assert.equal(lang(['ar'], { 'classroom-chess.language': 'xx' }), 'ar', 'a kept code the app lacks: the browser decides');
});

test('the app and each part the start reads are fetched and compiled at once, each once', async () => {
  const saved = page({ stored: { 'classroom-chess.current': '{}', 'classroom-chess.family': '{}' } });
  assert.deepEqual(saved.fetched, ['./app-abc_bg.wasm', './shared_early-abc.wasm', './shared-abc.wasm', './split_family-abc.wasm', './split_saves-abc.wasm']);
  assert.equal(await saved.window.appWasm, 'module of ./app-abc_bg.wasm');
  assert.deepEqual(saved.compiled, saved.fetched);
  assert.deepEqual(Object.keys(saved.window.appParts), ['shared_early', 'shared', 'split_family', 'split_saves'].map((p) => `https://school.example/chess/${p}-abc.wasm`));

  const nothing = page();
  assert.deepEqual(nothing.fetched, ['./app-abc_bg.wasm'], 'nothing saved: the app alone');
});

test('a failed fetch gives the start script the path', async () => {
  const offline = page({ fails: true });
  assert.equal(await offline.window.appWasm, './app-abc_bg.wasm');
});

test("index.html's first paint waits for its whole loading board; the page's own scripts come after it", () => {
  const html = readFileSync(fileURLToPath(new URL('../../index.html', import.meta.url)), 'utf8');
  const [, id] = html.match(/<link rel="expect" href="#([a-z-]+)" blocking="render"/);
  const mark = html.indexOf(`id="${id}"`);
  assert.ok(html.indexOf('<p class="loading-words">') < mark, 'its mark is after the loading board');
  assert.ok(mark < html.indexOf('<script'), 'and before the scripts: none of them holds the first frame back');
});

test("the app's fetch of a language's table: this build's file, its text, or null when it cannot be had", async () => {
  const { window } = page();
  const asked = [];
  window.fetch = async (url) => {
    asked.push(url);
    if (url.includes('/ar-')) throw new TypeError('Failed to fetch');
    return { ok: url.includes('/fr-'), text: async () => `table of ${url}` };
  };
  assert.equal(await window.appMessages('fr'), 'table of lang/fr-abc.txt');
  assert.equal(await window.appMessages('de'), null, 'a 404 is no table');
  assert.equal(await window.appMessages('ar'), null, 'no network: no table');
  assert.deepEqual(asked, ['lang/fr-abc.txt', 'lang/de-abc.txt', 'lang/ar-abc.txt']);
});
