// Run by trunk's post_build hook (tools/post-build.mjs), after app-build.mjs: finishes the
// build in $TRUNK_STAGING_DIR, which trunk then moves to dist/.
// 1. sw.js: the service worker (tools/service-worker.js) with this build's file list and an id
//    made from the files' contents, so two builds never share a cache.
// 2. Precompressed copies beside each text or wasm file (.gz, and .br from node's own brotli),
//    so a static host (tools/serve.mjs, nginx gzip_static/brotli_static, ...) sends them
//    compressed without compressing on every request.
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TOOLS = path.dirname(fileURLToPath(import.meta.url));
const STAGING = process.env.TRUNK_STAGING_DIR;
if (!STAGING) {
  console.error('precache.mjs: TRUNK_STAGING_DIR is not set (run it as trunk\'s post_build hook)');
  process.exit(1);
}
export const WORKER = 'sw.js';
const COMPRESSED = ['.gz', '.br'];
const COMPRESSIBLE = new Set(['.html', '.js', '.wasm', '.css', '.svg', '.json', '.webmanifest', '.txt']);

/** Every file below `dir`, as paths relative to it with '/' separators, sorted. */
async function filesBelow(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath ?? e.path, e.name)).split(path.sep).join('/'))
    .sort();
}

const files = (await filesBelow(STAGING)).filter(
  (f) => f !== WORKER && !COMPRESSED.includes(path.extname(f)),
);

const build = createHash('sha256');
for (const file of files) {
  build.update(file).update('\0').update(await readFile(path.join(STAGING, file))).update('\0');
}
const id = build.digest('hex').slice(0, 16);
const template = await readFile(path.join(TOOLS, 'service-worker.js'), 'utf8');
const worker = template
  .replace("'__BUILD__'", JSON.stringify(id))
  .replace('__FILES__', JSON.stringify(files, null, 2));
await writeFile(path.join(STAGING, WORKER), worker);

let plain = 0;
let gzipped = 0;
for (const file of [...files, WORKER]) {
  if (!COMPRESSIBLE.has(path.extname(file))) continue;
  const full = path.join(STAGING, file);
  const body = await readFile(full);
  const gz = gzipSync(body, { level: 9 });
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  await writeFile(full + '.gz', gz);
  await writeFile(full + '.br', br);
  plain += body.length;
  gzipped += gz.length;
}
console.log(`precache: build ${id}, ${files.length} files in sw.js; ${plain} bytes compressible, ${gzipped} gzipped`);
