//! The web app (wasm32 only): Leptos components over the rules core. One job per file:
//! [`app`] the shell, [`state`] shared state and every game change, [`board`] the SVG board
//! and pointer handling, [`pieces`] the piece pictures from [`piece_art`], the panel parts
//! ([`status`], [`controls`], [`move_list`], [`players`]), the Chess# reserve [`tray`]s, the
//! [`chess_clock`] faces, the dialogs ([`new_game`], [`settings`], [`transfer`],
//! [`game_over`], [`promotion`]), [`announcer`] and [`sound`] for check announcements,
//! [`storage`] for persistence, the position [`editor`], [`review`] stepping through the game
//! and variations, [`demo`] the projector mode. Fun Family Chess (four players on the cross
//! board) lives in [`family`] (state and saving), [`family_board`], [`family_panel`],
//! [`family_setup`], [`family_supervisor`] and [`family_powers`], shown instead of the 2-player parts.

mod announcer;
mod app;
mod board;
mod chess_clock;
mod controls;
mod crash;
mod demo;
mod dialog;
mod editor;
mod family;
mod family_board;
mod family_panel;
mod family_powers;
mod family_setup;
mod family_supervisor;
mod game_over;
mod move_list;
mod new_game;
pub mod piece_art;
mod pieces;
mod players;
mod pointer;
mod promotion;
mod release_move;
mod review;
mod rules_screen;
mod settings;
mod sound;
mod start_editor;
mod state;
mod status;
mod storage;
mod teacher_lock;
mod teacher_settings;
mod transfer;
mod tray;

/// Starts the app: panics go to the browser console (and the crash screen, see [`crash`]),
/// the app mounts into `<body>`.
pub fn start() {
    crash::install();
    leptos::mount::mount_to_body(app::App);
}
