//! Shared helpers for the native integration tests.
#![allow(dead_code)]

pub mod naive;
