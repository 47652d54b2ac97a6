//! The web app entry point (built for wasm32 by tools/app-build.mjs, trunk's build hook).

/// The app's allocator (the first load's code is smaller with it than with dlmalloc, and it
/// allocates faster). A single thread: the app uses no WebAssembly threads.
#[cfg(all(
    target_arch = "wasm32",
    feature = "web",
    not(target_feature = "atomics")
))]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(all(target_arch = "wasm32", feature = "web"))]
fn main() {
    classroom_chess::ui::start();
}

#[cfg(not(all(target_arch = "wasm32", feature = "web")))]
fn main() {
    eprintln!("classroom-chess is the web app; build it with trunk (make run). For the rules core on the command line use the `rules` binary.");
}
