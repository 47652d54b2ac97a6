// tools/unused-classes.mjs: classes of the glue no one uses, dropped with the exports only they call.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dropClasses } from '../../tools/unused-classes.mjs';
import { leb, name, section } from './wasm-bytes.mjs';

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
