// Classroom Chess offline: this file is a template. tools/precache.mjs (trunk's post_build
// hook) writes it into the build as sw.js with BUILD and FILES filled in.
//
// - Install: every file of this build is fetched into a cache named after the build, so after
//   one visit the app starts and plays with no network at all.
// - A page is served from one build's cache only, so it never mixes two builds.
// - A new build waits: it takes over when every tab of the app has closed (the next start), or
//   when the page asks for it (the app's "A new version is ready: reload", offered between
//   games). Then the old build's cache is deleted.
// - A language's messages (lang/<code>-<build>.txt) are kept once the app has fetched them
//   (the language was chosen), not before: a new build brings its own copy of each
//   language the old build's cache held, so a class's language works offline after updates.
// - Saved games live in localStorage, which the worker never touches.
const BUILD = '__BUILD__';
const FILES = __FILES__;
const PREFIX = 'classroom-chess-';
const CACHE = PREFIX + BUILD;
// Any page of the app (a reload, "?panic-test", the start URL) is the app's one page.
const PAGE = 'index.html';

const isLanguage = (file) => file.startsWith('lang/');
const languageOf = (file) => file.slice('lang/'.length).split('-')[0];
const fileOf = (url) => new URL(url).pathname.slice(new URL(self.registration.scope).pathname.length);

/** The languages earlier builds' caches hold. */
async function languagesKept() {
  const kept = new Set();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    for (const request of await (await caches.open(name)).keys()) {
      const file = fileOf(request.url);
      if (isLanguage(file)) kept.add(languageOf(file));
    }
  }
  return kept;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([caches.open(CACHE), languagesKept()]).then(([cache, kept]) =>
      // 'no-cache': check with the server, so the HTTP cache cannot slip in another build's page.
      cache.addAll(
        FILES.filter((file) => !isLanguage(file) || kept.has(languageOf(file))).map(
          (file) => new Request(file, { cache: 'no-cache' }),
        ),
      ),
    ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) =>
      Promise.all(names.filter((n) => n.startsWith(PREFIX) && n !== CACHE).map((n) => caches.delete(n))),
    ),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'take-over') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  const scope = new URL(self.registration.scope);
  if (url.origin !== scope.origin || !url.pathname.startsWith(scope.pathname)) return;
  const file = request.mode === 'navigate' ? PAGE : url.pathname.slice(scope.pathname.length);
  if (!FILES.includes(file)) return; // not part of the app: the network as usual
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(file);
      if (hit) return hit;
      const response = await fetch(request);
      if (isLanguage(file) && response.ok) await cache.put(file, response.clone());
      return response;
    }),
  );
});
