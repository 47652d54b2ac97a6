// The table entries that say "no function here", dropped from the main wasm (release builds;
// app-build.mjs, after wasm-opt). wasm-split leaves a null entry in the function table for each
// function it moves to a part (the part writes it there when it loads), and wasm-opt keeps them
// as some 180 element segments of `ref.null` alone: about 12 KB before compression. A table's
// slots start null, so a segment that writes only nulls where no other segment writes changes
// nothing, and is dropped. One that would overwrite a function is kept: then it means something.
import { Reader, joinSections, sections, u32Bytes } from './short-names.mjs';

const TABLES = 4;
const ELEMENTS = 9;
const I32_CONST = 0x41;
const REF_NULL = 0xd0;
const REF_FUNC = 0xd2;
const END = 0x0b;

/** The wasm without its element segments of nulls alone. Gives { wasm, dropped } (segments). */
export function dropEmptyTableSlots(wasm) {
  const all = sections(wasm);
  const tableSize = firstTableSize(all);
  let dropped = 0;
  const rewritten = all.map(({ id, body }) => {
    let out = body;
    if (id === ELEMENTS) {
      const segments = readSegments(body);
      // What else writes into table 0 as the module starts; one written where the wasm does
      // not say (an offset that is not one constant) could be anywhere.
      const written = segments.filter((s) => s.active && s.table === 0 && !s.nulls);
      const overlaps = (w, s) => w.offset < 0 || (w.offset < s.offset + s.count && s.offset < w.offset + w.count);
      const droppable = (s) =>
        s.nulls && s.table === 0 && s.offset + s.count <= tableSize && !written.some((w) => overlaps(w, s));
      const kept = segments.filter((s) => !droppable(s));
      dropped = segments.length - kept.length;
      out = Buffer.concat([Uint8Array.from(u32Bytes(kept.length)), ...kept.map((s) => s.bytes)]);
    }
    return { id, body: out };
  });
  return { wasm: joinSections(wasm.subarray(0, 8), rewritten), dropped };
}

// The initial size of table 0 when the module defines it (an imported table: 0, so nothing goes).
function firstTableSize(all) {
  const tables = all.find((s) => s.id === TABLES);
  if (!tables) return 0;
  const read = new Reader(tables.body);
  if (read.u32() === 0) return 0;
  read.valueType();
  read.byte();
  return read.u32();
}

// Each segment: its bytes, whether it is written as the module starts (`active`), and for an
// active one with a constant offset, where it writes and whether it writes nulls alone. Others
// (passive, declared, a global offset) are never dropped.
function readSegments(body) {
  const read = new Reader(body);
  const count = read.u32();
  const segments = [];
  for (let i = 0; i < count; i++) {
    const start = read.at;
    const flags = read.u32();
    let table = 0;
    let offset = -1;
    if (flags === 2 || flags === 6) table = read.u32();
    if ((flags & 1) === 0) offset = constantOffset(read);
    if (flags & 3) read.valueType(); // the element kind or type
    const entries = read.u32();
    let nulls = offset >= 0 && entries > 0;
    for (let j = 0; j < entries; j++) {
      if (flags & 4) nulls = entryIsNull(read) && nulls;
      else {
        read.u32();
        nulls = false;
      }
    }
    const active = (flags & 1) === 0;
    segments.push({ bytes: body.subarray(start, read.at), active, table, offset, count: entries, nulls });
  }
  if (read.at !== body.length) throw new Error('the element section has bytes after its segments');
  return segments;
}

// An offset expression: its value when it is one constant, else -1.
function constantOffset(read) {
  if (read.bytes[read.at] !== I32_CONST) {
    skipExpression(read);
    return -1;
  }
  read.byte();
  const value = read.u32();
  if (read.byte() !== END) throw new Error('an element offset longer than one constant');
  return value;
}

// One entry of an expression segment: true when it is `ref.null`.
function entryIsNull(read) {
  const op = read.byte();
  if (op === REF_NULL) {
    read.byte();
    if (read.byte() !== END) throw new Error('an element entry longer than one instruction');
    return true;
  }
  read.at--;
  skipExpression(read);
  return false;
}

// A constant expression as element entries and offsets use them.
function skipExpression(read) {
  for (;;) {
    const op = read.byte();
    if (op === END) return;
    if (op === REF_NULL) read.byte();
    else if (op === REF_FUNC || op === 0x23 || op === I32_CONST) read.u32();
    else throw new Error(`an element expression with instruction 0x${op.toString(16)}`);
  }
}
