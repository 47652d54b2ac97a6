// tools/short-names.mjs: the names the wasm and its JS glue share, made short in both.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { GLUE_MODULE, dropUnimported, shortenNames } from '../../tools/short-names.mjs';
import { leb, name, section } from './wasm-bytes.mjs';

const FIRST = '__wbg_first_0123456789abcdef';
const SECOND = '__wbg_second_fedcba9876543210';
const SUM = '_ZN3app3sum17h0123456789abcdefE';

// A module importing two functions and a memory from the glue and one function from the split
// loader. It exports `SUM`, which adds what the four imports give, and the same function again
// as `table_like`, which the loader reads by name.
function sample() {
  const type = section(1, [1, 0x60, 0, 1, 0x7f]);
  const imports = section(2, [
    4,
    ...name(GLUE_MODULE), ...name(FIRST), 0, 0,
    ...name('./__wasm_split.js'), ...name('__wasm_split_load_part'), 0, 0,
    ...name(GLUE_MODULE), ...name('memory_import'), 2, 1, 1, 2,
    ...name(GLUE_MODULE), ...name(SECOND), 0, 0,
  ]);
  const functions = section(3, [1, 0]);
  const exports = section(7, [2, ...name(SUM), 0, 3, ...name('table_like'), 0, 3]);
  // first() + split() + second() + memory[0]
  const body = [0, 0x10, 0, 0x10, 1, 0x6a, 0x10, 2, 0x6a, 0x41, 0, 0x2d, 0, 0, 0x6a, 0x0b];
  const code = section(10, [1, ...leb(body.length), ...body]);
  const wasm = Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, ...type, ...imports, ...functions, ...exports, ...code]);
  const glue = `let wasm;
function imports() {
  return { "${GLUE_MODULE}": { ${FIRST}: function() { return 1; }, memory_import: m, ${SECOND}: function() { return 20; } } };
}
function sum() { return wasm.${SUM}() + wasm.table_like(); }`;
  const loader = 'const { table_like } = initSync();';
  return { wasm, glue, loader };
}

test('the glue imports get short names; the loader import keeps its own', () => {
  const { wasm, glue, loader } = sample();
  const short = shortenNames(wasm, glue, [loader]);
  assert.deepEqual([...short.imports], [[FIRST, 'a'], ['memory_import', 'b'], [SECOND, 'c']]);
  const listed = WebAssembly.Module.imports(new WebAssembly.Module(short.wasm));
  assert.deepEqual(listed.map((i) => `${i.module} ${i.name} ${i.kind}`), [
    `${GLUE_MODULE} a function`,
    './__wasm_split.js __wasm_split_load_part function',
    `${GLUE_MODULE} b memory`,
    `${GLUE_MODULE} c function`,
  ]);
});

test('an export the glue alone reads is renamed; one another script reads keeps its name', () => {
  const { wasm, glue, loader } = sample();
  const short = shortenNames(wasm, glue, [loader]);
  assert.deepEqual([...short.exports], [[SUM, 'a']]);
  const listed = WebAssembly.Module.exports(new WebAssembly.Module(short.wasm)).map((e) => e.name);
  assert.deepEqual(listed, ['a', 'table_like']);
  assert.match(short.glue, /wasm\.a\(\) \+ wasm\.table_like\(\)/);
  // Without the loader's text, the glue alone reads both.
  assert.deepEqual([...shortenNames(wasm, glue).exports], [[SUM, 'a'], ['table_like', 'b']]);
});

test('the shortened wasm runs with the shortened glue', () => {
  const { wasm, glue, loader } = sample();
  const short = shortenNames(wasm, glue, [loader]);
  const memory = new WebAssembly.Memory({ initial: 1, maximum: 2 });
  new Uint8Array(memory.buffer)[0] = 44;
  const run = new Function('m', 'instantiate', `${short.glue}
    const given = imports();
    given['./__wasm_split.js'] = { __wasm_split_load_part: () => 7 };
    wasm = instantiate(given);
    return sum();`);
  const instantiate = (given) => new WebAssembly.Instance(new WebAssembly.Module(short.wasm), given).exports;
  assert.equal(run(memory, instantiate), 2 * (1 + 7 + 20 + 44));
});

test('a glue that names an import twice, or not as a key, is refused', () => {
  const { wasm, glue } = sample();
  assert.throws(() => shortenNames(wasm, `${glue} ${FIRST}();`), /2 times/);
  assert.throws(() => shortenNames(wasm, glue.replace(`${SECOND}:`, `"x": ${SECOND},`)), /not as a key/);
});

test('what is not a wasm, or ends early, is refused', () => {
  assert.throws(() => shortenNames(Buffer.from('not a module'), ''), /not a WebAssembly module/);
  const { wasm, glue } = sample();
  assert.throws(() => shortenNames(wasm.subarray(0, 30), glue), /ends inside|past the end/);
});

test('the imports object loses the functions the wasm no longer imports', () => {
  // The layout wasm-bindgen 0.2.130 writes.
  const glue = `function imports() {
    const import0 = {
        __proto__: null,
        a: function(arg0) {
            return arg0 + 1;
        },
        __wbg_gone_0123456789abcdef: function(arg0, arg1) {
            const ret = new Error(arg0, arg1);
            return ret;
        },
        b: function() { return handleError(function (arg0) {
            return arg0;
        }, arguments); },
        __wbindgen_generic_0000000000000003: function() {
            return 3;
        },
    };
    return { "./app_bg.js": import0 };
}
`;
  const dropped = dropUnimported(glue, new Set(['a', 'b']));
  assert.doesNotMatch(dropped, /__wbg_gone|__wbindgen_generic|new Error/);
  const object = new Function('handleError', `${dropped} return imports()["./app_bg.js"];`)((f, args) => f(...args));
  assert.deepEqual(Object.keys(object), ['a', 'b']);
  assert.equal(object.a(1), 2);
  assert.equal(object.b(5), 5);
  // Everything imported: the same glue.
  assert.equal(dropUnimported(glue, new Set(['a', 'b', '__wbg_gone_0123456789abcdef', '__wbindgen_generic_0000000000000003'])), glue);
  // A dropped function named elsewhere is refused.
  assert.throws(() => dropUnimported(`${glue}imports().x = __wbg_gone_0123456789abcdef;\n`, new Set(['a', 'b'])), /still names __wbg_gone/);
});
