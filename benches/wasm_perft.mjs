// Perft benchmark of our rules core compiled to WebAssembly, against lichess's chessops
// (TypeScript) as a reference, both running in node.
//
//   cargo build --release --example wasm_perft --target wasm32-unknown-unknown
//   node benches/wasm_perft.mjs [--chessops-only]
//
// Exits non-zero if a node count is wrong, or if the wasm module is missing
// (unless --chessops-only is given).
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { Chess } from 'chessops/chess';
import { parseFen } from 'chessops/fen';
import { perft as chessopsPerft } from 'chessops/debug';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WASM = `${ROOT}target/wasm32-unknown-unknown/release/examples/wasm_perft.wasm`;
const RUNS = 3;

// `position` is the index understood by the wasm export bench_perft(position, depth).
const CASES = [
  {
    name: 'start',
    position: 0,
    fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    depth: 5,
    expected: 4865609,
  },
  {
    name: 'kiwipete',
    position: 1,
    fen: 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1',
    depth: 4,
    expected: 4085603,
  },
];

// Warm up once, then keep the best of RUNS timed runs. `run` returns a node count.
function measure(run) {
  let nodes = Number(run());
  let best = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const n = Number(run());
    best = Math.min(best, performance.now() - t0);
    if (n !== nodes) throw new Error(`node count changed between runs: ${nodes} then ${n}`);
  }
  return { nodes, ms: best, nps: nodes / (best / 1000) };
}

function report(engine, c, r) {
  const ok = r.nodes === c.expected;
  console.log(
    `${engine.padEnd(9)} ${c.name.padEnd(9)} depth ${c.depth}  ${String(r.nodes).padStart(9)} nodes` +
      `  ${r.ms.toFixed(1).padStart(8)} ms  ${Math.round(r.nps).toLocaleString('en-US').padStart(12)} nodes/s` +
      (ok ? '' : `  WRONG (expected ${c.expected})`),
  );
  return ok;
}

async function loadWasm() {
  const module = await WebAssembly.compile(await readFile(WASM));
  // The module should be import-free (no wasm-bindgen); stub any function import so it still
  // loads, and say so: a stub being called means the bench is not measuring what we think.
  const imports = {};
  const wanted = WebAssembly.Module.imports(module);
  for (const { module: mod, name, kind } of wanted) {
    if (kind !== 'function') throw new Error(`wasm_perft imports a ${kind} ${mod}.${name}: unsupported`);
    (imports[mod] ??= {})[name] = () => {
      throw new Error(`wasm_perft called the stubbed import ${mod}.${name}`);
    };
  }
  if (wanted.length) {
    console.warn(`warning: wasm_perft has imports, stubbed: ${wanted.map((i) => `${i.module}.${i.name}`).join(', ')}`);
  }
  const instance = await WebAssembly.instantiate(module, imports);
  const bench = instance.exports.bench_perft;
  if (typeof bench !== 'function') throw new Error('wasm_perft does not export bench_perft');
  return bench;
}

const chessopsOnly = process.argv.includes('--chessops-only');
let failed = false;
let bench = null;
if (!chessopsOnly) {
  if (existsSync(WASM)) {
    bench = await loadWasm();
  } else {
    console.error(
      `error: ${WASM} not found.\n` +
        '  Build it with: cargo build --release --example wasm_perft --target wasm32-unknown-unknown\n' +
        '  (or run `make bench`). Running the chessops reference only.',
    );
    failed = true;
  }
}

for (const c of CASES) {
  let ours = null;
  if (bench) {
    // u64 export -> BigInt in JS.
    ours = measure(() => bench(c.position, c.depth));
    failed = !report('ours', c, ours) || failed;
  }
  const setup = parseFen(c.fen).unwrap();
  const theirs = measure(() => chessopsPerft(Chess.fromSetup(setup).unwrap(), c.depth));
  failed = !report('chessops', c, theirs) || failed;
  if (ours) {
    console.log(`ratio     ${c.name.padEnd(9)} ours/chessops speed = ${(ours.nps / theirs.nps).toFixed(2)}x`);
  }
}

if (failed) process.exit(1);
