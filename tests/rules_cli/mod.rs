//! Running the `rules` binary in a test: its lines on success, its message on a refusal.

use std::process::{Command, Output};

pub fn rules(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_rules"))
        .args(args)
        .output()
        .expect("run the rules binary")
}

/// The output lines of a run that must succeed.
pub fn ok(args: &[&str]) -> Vec<String> {
    let out = rules(args);
    assert!(
        out.status.success(),
        "rules {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(str::to_string)
        .collect()
}

/// The message of a run that must be refused: exit code 2, nothing on stdout, no panic.
pub fn fails(args: &[&str]) -> String {
    let out = rules(args);
    assert_eq!(out.status.code(), Some(2), "rules {args:?} should exit 2");
    assert!(out.stdout.is_empty());
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!err.contains("panicked"), "{err}");
    err
}
