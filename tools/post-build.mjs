// trunk's post_build hook (Trunk.toml). Trunk runs the hooks of one stage at the same time, so
// the steps that must follow each other are one hook: the app's WebAssembly first, then the
// offline cache and the compressed copies of every file, the app's included.
await import('./app-build.mjs');
await import('./precache.mjs');
