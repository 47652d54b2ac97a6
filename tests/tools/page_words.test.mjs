// tools/page-words.mjs: the words the page shows by itself (loading, the crash screen), from the
// message catalogue (as tools/catalogue.mjs reads it), in the page's language.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { transformSync } from 'esbuild';
import { catalogueTexts } from '../../tools/catalogue.mjs';
import { pageWords, rightToLeft, withPageWords } from '../../tools/page-words.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CRASH = 'platform-crash-screen-title = Oops\nplatform-crash-screen-text = It stopped.\nplatform-crash-screen-start-again = Again\n';

/** A catalogue folder with each language's files: `{ code: { file: text } }`. */
function catalogue(languages) {
  const dir = mkdtempSync(path.join(tmpdir(), 'messages-'));
  for (const [code, files] of Object.entries(languages)) {
    mkdirSync(path.join(dir, code));
    for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, code, file), text);
  }
  return dir;
}

test("every language of the app's catalogue has the page's words", () => {
  const words = pageWords(catalogueTexts(path.join(ROOT, 'assets', 'messages')));
  assert.equal(words.size, 10);
  assert.equal(words.get('en').get('app-loading'), 'Loading…');
  assert.equal(words.get('fr').get('app-loading'), 'Chargement…');
  assert.equal(
    words.get('en').get('platform-crash-screen-text'),
    'The app stopped because of an error. Your saved games, rule sets and settings are kept. The game that was open is set aside, so the error cannot come back.',
    'its two lines joined with a space',
  );
});

test('the words are found in whichever file holds them; a language without them stops the build', () => {
  const dir = catalogue({ en: { 'a.txt': `# c\nx = y\napp-loading = Loading…\n`, 'b.txt': CRASH }, de: { 'z.txt': `app-loading = Wird {{geladen}}\n${CRASH}` } });
  const words = pageWords(catalogueTexts(dir));
  assert.deepEqual([...words.keys()], ['de', 'en']);
  assert.equal(words.get('de').get('app-loading'), 'Wird {geladen}', 'braces doubled are braces');
  assert.equal(words.get('en').get('platform-crash-screen-start-again'), 'Again');
  assert.throws(() => pageWords(catalogueTexts(catalogue({ en: { 'a.txt': CRASH } }))), /en: no app-loading/);
  assert.throws(() => pageWords(catalogueTexts(catalogue({ en: { 'a.txt': `app-loading = Loading {n}\n${CRASH}` } }))), /no placeholders/);
});

test("the languages written right to left are read from the app's table", () => {
  assert.deepEqual(rightToLeft(readFileSync(path.join(ROOT, 'src', 'text', 'languages.rs'), 'utf8')), ['ar']);
  assert.throws(() => rightToLeft('const LANGUAGES = [];'), /no `language/);
});

const PAGE = '<html lang="en"><head></head><body><div><p class="loading-words"></p></div></body></html>';
const words = new Map(
  Object.entries({
    en: { 'app-loading': 'Loading…', 'platform-crash-screen-title': 'Oops "here" & <there>' },
    ar: { 'app-loading': 'جارٍ التحميل…' },
    fr: { 'app-loading': 'Chargement…' },
    xx: { 'app-loading': '</script><b>&' },
  }).map(([code, w]) => [code, new Map(Object.entries({ 'platform-crash-screen-text': 'T', 'platform-crash-screen-start-again': 'A', ...w }))]),
);

test("the loading words are the page's styles: English's by default, each other language's on a page in that language", () => {
  const page = withPageWords(PAGE, words, 'en');
  assert.ok(page.includes('<p class="loading-words"></p>'), 'no words in the markup');
  const [, css] = page.match(/<style>([^]*?)<\/style><\/head>/);
  assert.equal(
    css,
    '.loading-words::after{content:"Loading…"}' +
      ':lang(ar) .loading-words::after{content:"جارٍ التحميل…"}' +
      ':lang(fr) .loading-words::after{content:"Chargement…"}' +
      ':lang(xx) .loading-words::after{content:"\\3c /script>\\3c b>&"}',
    'words that look like markup stay words, and cannot end the styles',
  );
  assert.deepEqual(transformSync(css, { loader: 'css' }).warnings, [], 'styles a browser reads');
});

test("the crash screen's English words are on <html>; a page without its places stops the build", () => {
  const page = withPageWords(PAGE, words, 'en');
  assert.match(page, /^<html lang="en" data-crash-title="Oops &quot;here&quot; &amp; &lt;there>" data-crash-text="T" data-crash-again="A">/);
  assert.throws(() => withPageWords('<html lang="en"><p class="loading-words">Loading…</p>', words, 'en'), /no <p class="loading-words"><\/p>/);
  assert.throws(() => withPageWords('<html><head></head><p class="loading-words"></p>', words, 'en'), /no <html lang="en">/);
  assert.throws(() => withPageWords('<html lang="en"><p class="loading-words"></p>', words, 'en'), /no <\/head>/);
});
