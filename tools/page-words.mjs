// Called by tools/app-build.mjs: the words the page shows by itself, without the app, from the
// message catalogue: those under the board it draws while the app loads ("Loading…"), and those
// of the screen it shows should the app stop (index.html's crash script).
//
// The loading words are the page's styles' (`.loading-words::after`), every language's, each
// shown when the page is in that language: the page's early script (early-compile.mjs) puts it
// in the language the app will start in before anything is drawn, so the first frame, in any
// browser, has the right words with no script to wait for. The crash screen's words go on
// `<html>` as attributes, English's; should the app stop, its panic hook puts its language's
// there first (src/ui/platform/crash.rs).

const LOADING = 'app-loading';
const LOADING_PLACE = '<p class="loading-words"></p>';
/** The crash screen's words: the attribute of `<html>` each goes in, and its message. */
const CRASH = [
  ['data-crash-title', 'platform-crash-screen-title'],
  ['data-crash-text', 'platform-crash-screen-text'],
  ['data-crash-again', 'platform-crash-screen-start-again'],
];
const KEYS = [LOADING, ...CRASH.map(([, key]) => key)];

/** The message `key` in language `code`'s lines, its indented lines joined with a space. */
function message(lines, key, code) {
  const at = lines.findIndex((line) => line.startsWith(`${key} =`));
  if (at < 0) throw new Error(`${code}: no ${key} message`);
  let text = lines[at].slice(key.length + 2).trim();
  for (let next = at + 1; /^\s+\S/.test(lines[next] ?? ''); next++) text += ` ${lines[next].trim()}`;
  if (/(^|[^{])\{[^{]/.test(text)) throw new Error(`${code}, ${key}: the page's words have no placeholders`);
  return text.replace(/\{\{/g, '{').replace(/\}\}/g, '}');
}

/** The page's words of every language of the catalogue (catalogue.mjs, code → text): code →
 * key → text. */
export function pageWords(catalogue) {
  const words = new Map();
  for (const [code, text] of catalogue) {
    const lines = text.split('\n');
    words.set(code, new Map(KEYS.map((key) => [key, message(lines, key, code)])));
  }
  return words;
}

/** The codes of the languages written right to left, from the app's table of languages. */
export function rightToLeft(languagesRs) {
  const table = [...languagesRs.matchAll(/language\(\s*"([a-z]+)",\s*"[^"]*",\s*\w+,\s*(true|false),?\s*\)/g)];
  if (table.length === 0) throw new Error('src/text/languages.rs: no `language(code, name, plural, right_to_left)` found');
  return table.filter((m) => m[2] === 'true').map((m) => m[1]);
}

const html = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** `text` as a CSS string, which no `</style>` can end. */
const cssString = (text) => `"${text.replace(/[\\"]/g, '\\$&').replace(/</g, '\\3c ').replace(/\n/g, '\\a ')}"`;

/** The styles that show the loading words: `english`'s by default, each other language's on a
 * page in that language. */
export function loadingWordsCss(words, english) {
  return [...words]
    .sort(([a], [b]) => (b === english) - (a === english))
    .map(([code, w]) => `${code === english ? '' : `:lang(${code}) `}.loading-words::after{content:${cssString(w.get(LOADING))}}`)
    .join('');
}

/** `page` with its words written in (see above); `english` is the code of the page's own language. */
export function withPageWords(page, words, english) {
  const root = `<html lang="${english}">`;
  if (!page.includes(LOADING_PLACE)) throw new Error(`index.html: no ${LOADING_PLACE} for the loading words`);
  if (!page.includes(root)) throw new Error(`index.html: no ${root} for the crash screen's words`);
  if (!page.includes('</head>')) throw new Error("index.html: no </head> for the loading words' styles");
  const own = words.get(english);
  const crash = CRASH.map(([attribute, key]) => ` ${attribute}="${html(own.get(key))}"`).join('');
  return page
    .replace('</head>', () => `<style>${loadingWordsCss(words, english)}</style></head>`)
    .replace(root, () => `<html lang="${english}"${crash}>`);
}
