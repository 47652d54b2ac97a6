// tools/unused-classes.mjs: classes of the glue no one uses, dropped with the exports only they call.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dropClasses, stubClassMethods } from '../../tools/unused-classes.mjs';
import { sections } from '../../tools/short-names.mjs';
import { name, section } from './wasm-bytes.mjs';

// A module of three functions giving 1, 2 and 3, exported as `thing_size`, `__wbg_thing_free`
// and `shared`.
function module() {
  const type = section(1, [1, 0x60, 0, 1, 0x7f]);
  const functions = section(3, [3, 0, 0, 0]);
  const exports = section(7, [3, ...name('thing_size'), 0, 0, ...name('__wbg_thing_free'), 0, 1, ...name('shared'), 0, 2]);
  const body = (n) => [4, 0, 0x41, n, 0x0b];
  const code = section(10, [3, ...body(1), ...body(2), ...body(3)]);
  return Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, ...type, ...functions, ...exports, ...code]);
}

// A glue in the shape wasm-bindgen 0.2.130 writes: the class, its dispose line, and its
// finalization registry and enum further down.
const CLASS = `export class Thing {
    __destroy_into_raw() {
        const ptr = this.__wbg_ptr;
        this.__wbg_ptr = 0;
        ThingFinalization.unregister(this);
        return ptr;
    }
    free() {
        const ptr = this.__destroy_into_raw();
        wasm.__wbg_thing_free(ptr, 0);
    }
    get size() {
        return __wbindgen_enum_ThingSize[wasm.thing_size(this.__wbg_ptr)] + wasm.shared();
    }
}
if (Symbol.dispose) Thing.prototype[Symbol.dispose] = Thing.prototype.free;
`;
const REST = `const __wbindgen_enum_ThingSize = ["small", "large"];
const ThingFinalization = (typeof FinalizationRegistry === 'undefined')
    ? { register: () => {}, unregister: () => {} }
    : new FinalizationRegistry(ptr => wasm.__wbg_thing_free(ptr, 1));
export function shared() { return wasm.shared(); }
`;
const exportsOf = (wasm) => WebAssembly.Module.exports(new WebAssembly.Module(wasm)).map((e) => e.name);

test('a class is dropped with its registry, its enum and the exports only it calls', () => {
  const dropped = dropClasses(module(), `let wasm;\n${CLASS}${REST}`, ['Thing']);
  assert.deepEqual(dropped.exports.sort(), ['__wbg_thing_free', 'thing_size']);
  assert.deepEqual(exportsOf(dropped.wasm), ['shared']);
  assert.equal(dropped.glue, 'let wasm;\nexport function shared() { return wasm.shared(); }\n');
  const instance = new WebAssembly.Instance(new WebAssembly.Module(dropped.wasm));
  const run = new Function('wasm', `${dropped.glue.replace('let wasm;', '').replace('export ', '')} return shared();`);
  assert.equal(run(instance.exports), 3);
});

test('a class the glue still names elsewhere is refused', () => {
  const glue = `let wasm;\n${CLASS}${REST}export const made = new Thing();\n`;
  assert.throws(() => dropClasses(module(), glue, ['Thing']), /still names Thing/);
});

test('a class the glue lacks, or without its registry, is refused', () => {
  assert.throws(() => dropClasses(module(), `let wasm;\n${REST}`, ['Thing']), /no class Thing/);
  const noRegistry = `let wasm;\n${CLASS}export function shared() { return wasm.shared(); }\n`;
  assert.throws(() => dropClasses(module(), noRegistry, ['Thing']), /no finalization registry/);
});

test('an export the class calls but the wasm lacks is refused', () => {
  const glue = `let wasm;\n${CLASS.replace('wasm.thing_size(', 'wasm.thing_length(')}${REST}`;
  assert.throws(() => dropClasses(module(), glue, ['Thing']), /does not export thing_length/);
});

// A linked module as wasm-ld writes it, in little: an import, then `thing_size` (gives 1),
// `thing_free` (takes two numbers), `shared` (gives 3) and `thing_describe` (gives 4), exported
// under wasm-bindgen's names; the code section's count written in `width` bytes.
function linked(width = 1) {
  const type = section(1, [2, 0x60, 0, 1, 0x7f, 0x60, 2, 0x7f, 0x7f, 0]);
  const imports = section(2, [1, ...name('env'), ...name('log'), 0, 1]);
  const functions = section(3, [4, 0, 1, 0, 0]);
  const exports = section(7, [
    4,
    ...name('thing_size_1a2b'), 0, 1,
    ...name('__wbg_thing_free_1a2b'), 0, 2,
    ...name('shared'), 0, 3,
    ...name('__wbindgen_describe_thing_size_1a2b'), 0, 4,
  ]);
  const gives = (n) => [4, 0, 0x41, n, 0x0b];
  const count = width === 1 ? [4] : [0x84, ...Array(width - 2).fill(0x80), 0];
  const code = section(10, [...count, ...gives(1), 2, 0, 0x0b, ...gives(3), ...gives(4)]);
  return Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, ...type, ...imports, ...functions, ...exports, ...code]);
}
const instance = (wasm) => new WebAssembly.Instance(new WebAssembly.Module(wasm), { env: { log() {} } }).exports;
const codeSection = (wasm) => sections(wasm).find((s) => s.id === 10).body;

test("a class's methods and destructor stop at once; its descriptions and other exports stay", () => {
  const { wasm, stubbed } = stubClassMethods(linked(), ['Thing']);
  assert.deepEqual(stubbed, ['thing_size_1a2b', '__wbg_thing_free_1a2b']);
  const exports = instance(wasm);
  assert.deepEqual(Object.keys(exports), ['thing_size_1a2b', '__wbg_thing_free_1a2b', 'shared', '__wbindgen_describe_thing_size_1a2b']);
  assert.throws(() => exports.thing_size_1a2b(), WebAssembly.RuntimeError);
  assert.throws(() => exports.__wbg_thing_free_1a2b(1, 2), WebAssembly.RuntimeError);
  assert.equal(exports.shared(), 3);
  assert.equal(exports.__wbindgen_describe_thing_size_1a2b(), 4);
  // One stub for each type: two type indices and two bodies of four bytes added.
  assert.equal(wasm.length - linked().length, 2 + 2 * 4);
});

test('the bodies keep their offsets in the code section: its count keeps its width', () => {
  for (const width of [1, 3]) {
    const before = codeSection(linked(width));
    const { wasm } = stubClassMethods(linked(width), ['Thing']);
    const after = codeSection(wasm);
    assert.deepEqual([...after.subarray(width, before.length)], [...before.subarray(width)]);
    assert.equal(after[0] & 0x7f, 6);
    assert.equal(after[width - 1] & 0x80, 0);
    assert.equal(instance(wasm).shared(), 3);
  }
});

test('a class without exported methods, or a method that is an import, is refused', () => {
  assert.throws(() => stubClassMethods(linked(), ['Other']), /exports no method of Other/);
  const imported = Buffer.from(linked());
  const at = imported.indexOf(Buffer.from('thing_size_1a2b')) + 'thing_size_1a2b'.length + 1;
  imported[at] = 0;
  assert.throws(() => stubClassMethods(imported, ['Thing']), /is an import/);
});
