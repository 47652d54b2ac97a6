// tools/empty-table-slots.mjs: element segments that write nulls alone where nothing else
// writes are dropped; the table the module starts with stays the same.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dropEmptyTableSlots } from '../../tools/empty-table-slots.mjs';
import { name, section } from './wasm-bytes.mjs';

const NULL = [0xd0, 0x70, 0x0b];
const FUNC = [0xd2, 0, 0x0b];
const at = (offset) => [0x41, offset, 0x0b];

// A module of one function and a table of 8 slots, exported as `t`, filled by `segments`.
function module(segments) {
  const type = section(1, [1, 0x60, 0, 1, 0x7f]);
  const functions = section(3, [1, 0]);
  const table = section(4, [1, 0x70, 0, 8]);
  const exports = section(7, [1, ...name('t'), 1, 0]);
  const elements = section(9, [segments.length, ...segments.flat()]);
  const code = section(10, [1, 4, 0, 0x41, 7, 0x0b]);
  return Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, ...type, ...functions, ...table, ...exports, ...elements, ...code]);
}

// Which slots of the table hold a function once the module is instantiated.
const filled = (wasm) => {
  const { t } = new WebAssembly.Instance(new WebAssembly.Module(wasm)).exports;
  return Array.from({ length: t.length }, (_, i) => t.get(i) !== null);
};

test('segments of nulls alone are dropped, and the table starts the same', () => {
  const wasm = module([
    [0, ...at(0), 1, 0], // the function in slot 0
    [4, ...at(2), 3, ...NULL, ...NULL, ...NULL], // nulls in slots 2-4: dropped
    [4, ...at(5), 2, ...NULL, ...FUNC], // a null and the function: kept
    [4, ...at(7), 1, ...NULL], // a null in slot 7: dropped
  ]);
  const result = dropEmptyTableSlots(wasm);
  assert.equal(result.dropped, 2);
  assert.ok(result.wasm.length < wasm.length);
  assert.deepEqual(filled(result.wasm), filled(wasm));
  assert.deepEqual(filled(result.wasm), [true, false, false, false, false, false, true, false]);
});

test('nulls that overwrite a function, or run past the table, are kept', () => {
  const overwrite = module([
    [0, ...at(0), 2, 0, 0], // the function in slots 0 and 1
    [4, ...at(1), 1, ...NULL], // then a null in slot 1: it means something
  ]);
  const kept = dropEmptyTableSlots(overwrite);
  assert.equal(kept.dropped, 0);
  assert.deepEqual(filled(kept.wasm), [true, false, false, false, false, false, false, false]);

  // Past the table's 8 slots, instantiation fails: it must still fail.
  const past = dropEmptyTableSlots(module([[4, ...at(7), 2, ...NULL, ...NULL]]));
  assert.equal(past.dropped, 0);
  assert.throws(() => filled(past.wasm), WebAssembly.RuntimeError);
});
