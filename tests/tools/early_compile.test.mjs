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
  const links = [];
  const fetched = [];
  const compiled = [];
  const window = {
    document: {
      documentElement: { lang: 'en', dir: '' },
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
  };
  window.self = window;
  vm.createContext(window);
  vm.runInContext(SCRIPT.replace(/^<script>/, '').replace(/<\/script>$/, ''), window);
  return { window, links, fetched, compiled };
}

test('the page is in the language the app starts in before anything is drawn: its direction, its messages fetched', () => {
  const arabic = page({ browser: ['ar-EG', 'en'] });
  assert.equal(arabic.window.document.documentElement.lang, 'ar');
  assert.equal(arabic.window.document.documentElement.dir, 'rtl');
  assert.deepEqual(arabic.links.map((l) => [l.rel, l.as, l.href]), [['preload', 'fetch', 'lang/ar-abc.txt']]);

  const kept = page({ stored: { 'classroom-chess.language': 'fr' }, browser: ['ar'] });
  assert.equal(kept.window.document.documentElement.lang, 'fr', 'the language kept on the device first');
  assert.equal(kept.window.document.documentElement.dir, '');

  const other = page({ browser: ['ko-KR'] });
  assert.equal(other.window.document.documentElement.lang, 'en', 'a language the app lacks: English');
  assert.deepEqual(other.links, [], 'English is in the app itself');

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
