// The classes wasm-bindgen writes into the glue for crates the app links but never calls.
// Leptos always brings its server functions' streams (wasm-streams: IntoUnderlyingSource,
// IntoUnderlyingSink, IntoUnderlyingByteSource), which an app without a server never makes.
// Each class is dropped from the glue, with its finalization registry and the enums only it
// read, and the wasm's exports that only it called are dropped from the wasm, so wasm-opt then
// removes the code behind them. A class the glue still names after that is an error, never a
// silently broken glue.
import { readFileSync, writeFileSync } from 'node:fs';
import { EXPORTS, Reader, nameBytes, sections, u32Bytes, word } from './short-names.mjs';

export const UNUSED_CLASSES = ['IntoUnderlyingByteSource', 'IntoUnderlyingSink', 'IntoUnderlyingSource'];

/** Drops [`UNUSED_CLASSES`] from the wasm file and its glue, in place (the build and the profile). */
export function dropUnusedClasses(wasmFile, glueFile) {
  const { wasm, glue } = dropClasses(readFileSync(wasmFile), readFileSync(glueFile, 'utf8'), UNUSED_CLASSES);
  writeFileSync(wasmFile, wasm);
  writeFileSync(glueFile, glue);
}

/**
 * The wasm and its glue without `classes`. Gives { wasm, glue, exports } (the dropped exports).
 */
export function dropClasses(wasm, glue, classes) {
  let js = glue;
  let dropped = '';
  const cut = (text) => {
    dropped += text;
    js = js.replace(text, '');
  };
  for (const name of classes) {
    const start = js.indexOf(`export class ${name} {`);
    const tail = `if (Symbol.dispose) ${name}.prototype[Symbol.dispose] = ${name}.prototype.free;\n`;
    const end = js.indexOf(tail, start);
    if (start < 0 || end < 0) throw new Error(`the glue has no class ${name} in the shape wasm-bindgen writes`);
    cut(js.slice(start, end + tail.length));
    const registry = js.match(new RegExp(`const ${name}Finalization = [^;]*;\\n`));
    if (!registry) throw new Error(`the glue has no finalization registry for ${name}`);
    cut(registry[0]);
    if (word(name, '').test(js)) throw new Error(`the glue still names ${name}`);
  }
  for (const [line, enumName] of js.matchAll(/^const (__wbindgen_enum_\w+) = [^;\n]*;\n/gm)) {
    if ((js.match(word(enumName)) ?? []).length === 1) cut(line);
  }
  const exports = new Set([...dropped.matchAll(/wasm\.(\w+)\(/g)].map((m) => m[1]));
  for (const name of exports) if (word(`wasm.${name}`, '').test(js)) exports.delete(name);
  return { wasm: dropExports(wasm, exports), glue: js, exports: [...exports] };
}

// The wasm without the exports `names` (each must be there).
function dropExports(wasm, names) {
  const chunks = [wasm.subarray(0, 8)];
  const found = new Set();
  for (const { id, body } of sections(wasm)) {
    let out = body;
    if (id === EXPORTS) {
      const read = new Reader(body);
      const count = read.u32();
      const kept = [];
      for (let i = 0; i < count; i++) {
        const field = read.name();
        const start = read.at;
        read.exportDescription();
        if (names.has(field)) found.add(field);
        else kept.push(...nameBytes(field), ...body.subarray(start, read.at));
      }
      out = Uint8Array.from([...u32Bytes(count - found.size), ...kept]);
    }
    chunks.push(Uint8Array.from([id, ...u32Bytes(out.length)]), out);
  }
  const missing = [...names].filter((name) => !found.has(name));
  if (missing.length) throw new Error(`the wasm does not export ${missing.join(', ')}`);
  return Buffer.concat(chunks);
}
