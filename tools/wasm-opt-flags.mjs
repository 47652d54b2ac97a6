// How wasm-opt optimises the app's WebAssembly, for the build (app-build.mjs) and for the size
// profile (wasm-profile.mjs), so the profile measures what ships.
// Every part: for size. The main part, the first load, once more after its control flow is
// flattened and rebuilt (--flatten --rereloop): about 1 KB less gzipped, measured, for some
// seconds more of build.
export const PART_FLAGS = ['-Oz', '--enable-reference-types'];
export const MAIN_FLAGS = ['-Oz', '--flatten', '--rereloop', '-Oz', '-Oz', '--enable-reference-types'];
