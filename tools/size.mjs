// The first load's size: what a browser fetches before the app can be used — index.html and
// the scripts, styles and WebAssembly it names — gzipped (level 9, as the build's .gz files)
// and with brotli, file by file.
//
//   node tools/size.mjs [dist] [--budget BYTES]      (make size; CI passes the budget)
//
// With --budget it exits 1 when the gzipped total is over it, so the next feature cannot
// double the download unnoticed.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const at = args.indexOf('--budget');
const budget = at >= 0 ? Number(args.splice(at, 2)[1]) : null;
if (budget !== null && !(budget > 0)) {
  console.error('size.mjs: --budget needs a number of bytes');
  process.exit(2);
}
const dist = args[0] ?? 'dist';

// Every local file the page names in href/src or an import (the styles, and the preloads of the
// app's JS glue and of the wasm it instantiates), and the scripts those scripts import
// statically (the glue imports the split loader, __wasm_split.js). Icons and the manifest are
// left out: they do not hold up the app; so are the wasm parts the split loader fetches when a
// dialog first opens, and those a start that reads saves compiles early.
const named = new Set(['index.html']);
const queue = ['index.html'];
while (queue.length) {
  const from = queue.shift();
  const text = await readFile(path.join(dist, from), 'utf8');
  const pattern = from.endsWith('.html')
    ? /(?:href|src|from)\s*=?\s*['"]([^'"]+)['"]/g
    : /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]/g;
  for (const [, url] of text.matchAll(pattern)) {
    const file = path.posix.join(path.posix.dirname(from), url.replace(/^\.?\//, ''));
    if (!/\.(js|wasm|css)$/.test(file) || url.includes('://') || named.has(file)) continue;
    named.add(file);
    if (file.endsWith('.js')) queue.push(file);
  }
}

// The page always names the app's wasm (tools/app-build.mjs preloads it): without it the total
// would leave out most of the first load.
if (![...named].some((file) => file.endsWith('.wasm'))) {
  console.error(`size.mjs: ${dist}/index.html names no .wasm file`);
  process.exit(2);
}

const rows = [];
for (const file of named) {
  const body = await readFile(path.join(dist, file));
  const gzip = gzipSync(body, { level: 9 }).length;
  const brotli = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  rows.push({ file, raw: body.length, gzip, brotli });
}
rows.sort((a, b) => b.gzip - a.gzip);
const total = (key) => rows.reduce((sum, r) => sum + r[key], 0);
const line = (a, b, c, d) => `${String(a).padStart(10)} ${String(b).padStart(10)} ${String(c).padStart(10)}  ${d}`;
console.log(line('raw', 'gzip -9', 'brotli', 'first load'));
for (const r of rows) console.log(line(r.raw, r.gzip, r.brotli, r.file));
console.log(line(total('raw'), total('gzip'), total('brotli'), 'total'));
if (budget !== null) {
  const gz = total('gzip');
  if (gz > budget) {
    console.error(`first load ${gz} bytes gzipped is over the budget of ${budget} (Makefile FIRST_LOAD_BUDGET)`);
    process.exit(1);
  }
  console.log(`within the budget: ${gz} of ${budget} bytes gzipped (${budget - gz} to spare)`);
}
