// The classes wasm-bindgen writes into the glue for crates the app links but never calls.
// Leptos always brings its server functions' streams (wasm-streams: IntoUnderlyingSource,
// IntoUnderlyingSink, IntoUnderlyingByteSource), which an app without a server never makes.
// Two steps. Before wasm-split, the class's methods are made to stop at once in the linked
// wasm ([`stubClassMethods`]): the code only they reach (the streams' promise callbacks,
// reached through the function table, which wasm-opt cannot see through) is then left out by
// wasm-split's own reachability over the relocations, with its table slots and data. After
// wasm-bindgen, each class is dropped from the glue ([`dropClasses`]), with its finalization
// registry and the enums only it read, and the wasm's exports that only it called, so wasm-opt
// removes the stubs. A class the glue still names after that is an error, never a silently
// broken glue.
import { readFileSync, writeFileSync } from 'node:fs';
import { EXPORTS, Reader, joinSections, nameBytes, sections, u32Bytes, word } from './short-names.mjs';

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
  const found = new Set();
  const rewritten = sections(wasm).map(({ id, body }) => {
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
    return { id, body: out };
  });
  const missing = [...names].filter((name) => !found.has(name));
  if (missing.length) throw new Error(`the wasm does not export ${missing.join(', ')}`);
  return joinSections(wasm.subarray(0, 8), rewritten);
}

const IMPORTS = 2;
const FUNCTIONS = 3;
const CODE = 10;
// A function's body that stops at once: no locals, `unreachable`, `end`.
const STOP = [3, 0, 0x00, 0x0b];

/**
 * The linked wasm (before wasm-split) with the exports of `classes`' methods and destructors
 * pointing at functions that stop at once, so the code behind them is no longer reachable and
 * wasm-split leaves it out, with the function-table slots and data only it used. The glue
 * still gets its exports' names (wasm-bindgen needs them); [`dropClasses`] drops them later.
 * The code section's entries keep their offsets (the relocations wasm-split reads count from
 * its start): the stubs go after the last body, and its count keeps its width. Gives
 * { wasm, stubbed } (the export names).
 */
export function stubClassMethods(wasm, classes) {
  const prefixes = classes.flatMap((c) => [`${c.toLowerCase()}_`, `__wbg_${c.toLowerCase()}_free`]);
  const all = sections(wasm);
  const body = (id) => all.find((s) => s.id === id)?.body;
  let imported = 0;
  if (body(IMPORTS)) {
    const read = new Reader(body(IMPORTS));
    for (let n = read.u32(); n > 0; n--) {
      read.name();
      read.name();
      if (read.bytes[read.at] === 0) imported++;
      read.importDescription();
    }
  }
  const functionTypes = [];
  const read = new Reader(body(FUNCTIONS));
  for (let n = read.u32(); n > 0; n--) functionTypes.push(read.u32());
  // One stub per type of the exports stubbed, each the next function after the last.
  const stubOfType = new Map();
  const stubbed = [];
  const exports = new Reader(body(EXPORTS));
  const count = exports.u32();
  const exportEntries = [...u32Bytes(count)];
  for (let i = 0; i < count; i++) {
    const field = exports.name();
    const kind = exports.byte();
    let index = exports.u32();
    if (kind === 0 && prefixes.some((p) => field.startsWith(p))) {
      if (index < imported) throw new Error(`the export ${field} is an import, not a method`);
      const type = functionTypes[index - imported];
      if (!stubOfType.has(type)) stubOfType.set(type, imported + functionTypes.length + stubOfType.size);
      index = stubOfType.get(type);
      stubbed.push(field);
    }
    exportEntries.push(...nameBytes(field), kind, ...u32Bytes(index));
  }
  if (!stubbed.length) throw new Error(`the wasm exports no method of ${classes.join(', ')}`);
  const stubTypes = [...stubOfType.keys()];
  const rewritten = all.map(({ id, body: old }) => {
    let out = old;
    if (id === EXPORTS) out = Uint8Array.from(exportEntries);
    if (id === FUNCTIONS) {
      out = Uint8Array.from([...u32Bytes(functionTypes.length + stubTypes.length), ...functionTypes.flatMap(u32Bytes), ...stubTypes.flatMap(u32Bytes)]);
    }
    if (id === CODE) {
      const code = new Reader(old);
      const bodies = code.u32();
      if (bodies !== functionTypes.length) throw new Error('the code section does not match the function section');
      const width = code.at;
      const newCount = paddedU32(bodies + stubTypes.length, width);
      out = Buffer.concat([Uint8Array.from(newCount), old.subarray(width), Uint8Array.from(stubTypes.flatMap(() => STOP))]);
    }
    return { id, body: out };
  });
  return { wasm: joinSections(wasm.subarray(0, 8), rewritten), stubbed };
}

// `value` as LEB128 in exactly `width` bytes (a LEB may carry continuation bytes of zeros).
function paddedU32(value, width) {
  const out = [];
  for (let i = 0; i < width; i++) {
    out.push((value & 0x7f) | (i < width - 1 ? 0x80 : 0));
    value = Math.floor(value / 128);
  }
  if (value) throw new Error(`${value} does not fit in ${width} LEB128 bytes`);
  return out;
}
