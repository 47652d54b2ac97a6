// The names the wasm and its JS glue share, made short in both (release builds; app-build.mjs).
// wasm-bindgen names each import after its Rust binding plus a 16-digit hash
// (`__wbg_getBoundingClientRect_329ca748ec918b0c`) and exports closures by their mangled Rust
// names; each name is written twice, in the wasm and in the glue: about 9 KB of text in each,
// whose hashes no compressor can shorten.
// - Imports: those of the glue's own module are renamed, in the wasm's import section and as
//   keys of the glue's imports object. The split loader's exports, which the wasm imports too,
//   keep their names.
// - Exports: those the glue reads only as `wasm.name` and no other script names are renamed
//   (the split loader takes the memory and the function table by name: they stay).

// The glue's module, as wasm-bindgen names it in the wasm (`--out-name=app`).
export const GLUE_MODULE = './app_bg.js';

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';

// a, b, … Z, aa, ab, …: names the minified glue can write without quotes.
function shortName(index) {
  let name = '';
  for (let n = index; ; n = Math.floor(n / LETTERS.length) - 1) {
    name = LETTERS[n % LETTERS.length] + name;
    if (n < LETTERS.length) return name;
  }
}

export class Reader {
  constructor(bytes, at = 0) {
    this.bytes = bytes;
    this.at = at;
  }
  byte() {
    if (this.at >= this.bytes.length) throw new Error('the wasm ends inside a section');
    return this.bytes[this.at++];
  }
  u32() {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const b = this.byte();
      value += (b & 0x7f) * 2 ** shift;
      if (!(b & 0x80)) return value;
      if (shift > 28) throw new Error('a LEB128 number longer than 32 bits');
    }
  }
  skipSigned() {
    while (this.byte() & 0x80);
  }
  name() {
    const length = this.u32();
    const start = this.at;
    this.at += length;
    if (this.at > this.bytes.length) throw new Error('the wasm ends inside a name');
    return new TextDecoder().decode(this.bytes.subarray(start, this.at));
  }
  limits() {
    const flags = this.byte();
    this.u32();
    if (flags & 1) this.u32();
  }
  valueType() {
    // A typed reference (0x63 nullable, 0x64 not) carries a heap type after it.
    const type = this.byte();
    if (type === 0x63 || type === 0x64) this.skipSigned();
  }
  // An import's description: its kind and type.
  importDescription() {
    const kind = this.byte();
    if (kind === 0) this.u32();
    else if (kind === 1) {
      this.valueType();
      this.limits();
    } else if (kind === 2) this.limits();
    else if (kind === 3) {
      this.valueType();
      this.byte();
    } else if (kind === 4) {
      this.byte();
      this.u32();
    } else throw new Error(`an import of unknown kind ${kind}`);
  }
  // An export's description: its kind and index.
  exportDescription() {
    this.byte();
    this.u32();
  }
}

export const u32Bytes = (value) => {
  const out = [];
  do {
    let b = value & 0x7f;
    value = Math.floor(value / 128);
    if (value) b |= 0x80;
    out.push(b);
  } while (value);
  return out;
};
export const nameBytes = (text) => {
  const utf8 = new TextEncoder().encode(text);
  return [...u32Bytes(utf8.length), ...utf8];
};

// A section of entries (a name or two, then a description), rewritten by `rename(module,
// field)`, which gives the new field name.
function rewriteEntries(section, hasModule, describe, rename) {
  const read = new Reader(section);
  const count = read.u32();
  const out = u32Bytes(count);
  for (let i = 0; i < count; i++) {
    const module = hasModule ? read.name() : null;
    const field = read.name();
    const descStart = read.at;
    describe(read);
    if (hasModule) out.push(...nameBytes(module));
    out.push(...nameBytes(rename(module, field)), ...section.subarray(descStart, read.at));
  }
  if (read.at !== section.length) throw new Error('a section has bytes after its entries');
  return Uint8Array.from(out);
}

// The wasm's sections, each as { id, body }.
export function sections(wasm) {
  if (wasm.length < 8 || wasm[0] !== 0 || wasm[1] !== 0x61 || wasm[2] !== 0x73 || wasm[3] !== 0x6d) {
    throw new Error('not a WebAssembly module');
  }
  const read = new Reader(wasm, 8);
  const list = [];
  while (read.at < wasm.length) {
    const id = read.byte();
    const size = read.u32();
    const body = wasm.subarray(read.at, read.at + size);
    read.at += size;
    if (read.at > wasm.length) throw new Error('a section runs past the end of the wasm');
    list.push({ id, body });
  }
  return list;
}

// A module from its header and its sections, each as { id, body } (as `sections` gives them).
export function joinSections(header, list) {
  return Buffer.concat([header, ...list.flatMap(({ id, body }) => [Uint8Array.from([id, ...u32Bytes(body.length)]), body])]);
}

const IMPORTS = 2;
export const EXPORTS = 7;
// `name` written as a whole word of JS: no letter, digit, `_` or `$` either side.
export const word = (name, flags = 'g') =>
  new RegExp(`(?<![\\w$])${name.replace(/[.$]/g, '\\$&')}(?![\\w$])`, flags);

/**
 * The wasm and its glue with the names they share made short.
 * `others`: the text of every other script that could name the wasm's exports.
 * Gives { wasm, glue, imports, exports }, the last two the renames (old → new).
 */
export function shortenNames(wasm, glue, others = []) {
  const list = sections(wasm);
  const imports = new Map();
  const exports = new Map();
  // The names the wasm exports now, which a short name must not take.
  const exportNames = new Set();
  for (const { id, body } of list) {
    if (id !== EXPORTS) continue;
    rewriteEntries(body, false, (r) => r.exportDescription(), (_, field) => {
      exportNames.add(field);
      return field;
    });
  }
  let newGlue = glue;
  const rewritten = list.map(({ id, body }) => {
    if (id === IMPORTS) {
      return { id, body: rewriteEntries(body, true, (r) => r.importDescription(), (module, field) => {
        if (module !== GLUE_MODULE) return field;
        if (imports.has(field)) throw new Error(`the import ${field} is named twice`);
        const short = shortName(imports.size);
        imports.set(field, short);
        return short;
      }) };
    }
    if (id === EXPORTS) {
      let next = 0;
      return { id, body: rewriteEntries(body, false, (r) => r.exportDescription(), (_, field) => {
        const anywhere = word(field);
        const asExport = word(`wasm.${field}`);
        const used = (glue.match(anywhere) ?? []).length;
        const read = (glue.match(asExport) ?? []).length;
        if (!used || used !== read || others.some((text) => word(field, '').test(text))) return field;
        let short;
        do short = shortName(next++);
        while (exportNames.has(short));
        exports.set(field, short);
        newGlue = newGlue.replace(asExport, `wasm.${short}`);
        return short;
      }) };
    }
    return { id, body };
  });
  if (!imports.size) throw new Error('the wasm imports nothing from its glue');
  newGlue = dropUnimported(renameGlueImports(newGlue, imports), new Set(imports.values()));
  return { wasm: joinSections(wasm.subarray(0, 8), rewritten), glue: newGlue, imports, exports };
}

/**
 * The glue without the functions of its imports object that the wasm no longer imports
 * (wasm-opt removed the code that called them): `imported` holds the names it does import.
 * wasm-bindgen writes the object as `const import0 = {`, each entry from a line
 * `        name: ` to the next such line, and `    };` at its end; a glue written otherwise is
 * left as it is. Only wasm-bindgen's own functions (`__wbg_…`, `__wbindgen_…`) are dropped,
 * and one the glue names anywhere else is an error.
 */
export function dropUnimported(js, imported) {
  const start = js.indexOf('const import0 = {\n');
  const end = js.indexOf('\n    };\n', start);
  if (start < 0 || end < 0) return js;
  const object = js.slice(start, end + 1);
  const keys = [...object.matchAll(/^ {8}([\w$]+): /gm)];
  let kept = object.slice(0, keys[0]?.index ?? object.length);
  const dropped = [];
  keys.forEach((key, i) => {
    const entry = object.slice(key.index, keys[i + 1]?.index ?? object.length);
    if (/^__wb(g|indgen)_/.test(key[1]) && !imported.has(key[1])) dropped.push(key[1]);
    else kept += entry;
  });
  const out = js.slice(0, start) + kept + js.slice(end + 1);
  for (const name of dropped) {
    if (word(name, '').test(out)) throw new Error(`the glue still names ${name}, which the wasm no longer imports`);
  }
  return out;
}

// The glue with its imports object's keys renamed. Each old name must be written exactly once
// in the glue, as a key (`name:`), so nothing else in the glue can be renamed by mistake.
function renameGlueImports(js, renames) {
  let out = js;
  for (const [from, to] of renames) {
    const parts = out.split(from);
    if (parts.length !== 2 || !/^\s*:/.test(parts[1])) {
      throw new Error(`the glue names the import ${from} ${parts.length - 1} times, or not as a key`);
    }
    out = parts[0] + to + parts[1];
  }
  return out;
}
