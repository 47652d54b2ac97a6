//! The web app entry point (built for wasm32 by tools/app-build.mjs, trunk's build hook).

#[cfg(all(target_arch = "wasm32", feature = "web"))]
fn main() {
    classroom_chess::ui::start();
}

#[cfg(not(all(target_arch = "wasm32", feature = "web")))]
fn main() {
    eprintln!("classroom-chess is the web app; build it with trunk (make run). For the rules core on the command line use the `rules` binary.");
}
