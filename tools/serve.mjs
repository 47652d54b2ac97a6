// Serves the built app (dist/) the way a school's web server should: the precompressed .br or
// .gz copy the build wrote when the browser accepts it, file types the browser checks
// (application/wasm for streaming compilation), hashed files cached for a year and the rest
// (index.html, sw.js, the manifest) checked on every visit so an update is seen.
//
//   node tools/serve.mjs [dir] [--host 127.0.0.1] [--port 8080]     (make run)
//
// The browser tests start it on a free port (import { serve } from '../../tools/serve.mjs').
import http from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
// trunk names a file after its contents (main-5712f1277f34a442.css): it never changes.
const HASHED = /-[0-9a-f]{16}(_bg)?\.[a-z0-9]+$/;
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
];

async function isFile(file) {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The file to send for `pathname` under `root`, or null (outside root, or missing). */
async function resolve(root, pathname) {
  if (pathname.endsWith('/')) pathname += 'index.html';
  const file = path.join(root, path.normalize(pathname));
  if (!file.startsWith(root + path.sep)) return null;
  return (await isFile(file)) ? file : null;
}

/**
 * Start serving `root`. `cacheControl` overrides the caching headers (the tests use
 * 'no-store'). Returns { server, url, setRoot } once listening; `setRoot(dir)` switches to
 * another build on the same address (the update test).
 */
export async function serve({ root, host = '127.0.0.1', port = 0, cacheControl = null, log = false }) {
  let dir = path.resolve(root);
  const server = http.createServer(async (req, res) => {
    try {
      const pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname);
      const file = await resolve(dir, pathname);
      if (!file) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('not found');
        return;
      }
      const accepted = String(req.headers['accept-encoding'] ?? '');
      let sent = file;
      let encoding = null;
      for (const [name, suffix] of ENCODINGS) {
        if (accepted.includes(name) && (await isFile(file + suffix))) {
          sent = file + suffix;
          encoding = name;
          break;
        }
      }
      const body = await readFile(sent);
      const headers = {
        'content-type': MIME[path.extname(file)] ?? 'application/octet-stream',
        'content-length': body.length,
        'cache-control':
          cacheControl ?? (HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache'),
        vary: 'Accept-Encoding',
      };
      if (encoding) headers['content-encoding'] = encoding;
      res.writeHead(200, headers);
      res.end(req.method === 'HEAD' ? undefined : body);
      if (log) console.log(`${req.method} ${pathname} ${encoding ?? 'identity'} ${body.length}`);
    } catch (err) {
      res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(String(err));
    }
  });
  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, done);
  });
  const url = `http://${host}:${server.address().port}/`;
  return { server, url, setRoot: (next) => (dir = path.resolve(next)) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 ? args.splice(i, 2)[1] : fallback;
  };
  const host = option('--host', '127.0.0.1');
  const port = Number(option('--port', '8080'));
  const root = args[0] ?? 'dist';
  if (!(await isFile(path.join(root, 'index.html')))) {
    console.error(`${root}/index.html not found: build the app first (trunk build --release)`);
    process.exit(1);
  }
  const { url } = await serve({ root, host, port });
  console.log(`Classroom Chess: ${url} (serving ${root}/, Ctrl+C to stop)`);
}
