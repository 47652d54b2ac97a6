//! The panels only a Fun Family Chess game has: calling check ([`call`]), the players with
//! leaving, coming back and resigning ([`seats`]), draws, alliances and the supervisor
//! ([`controls`], [`powers`]), and the supervisor's rules as sentences ([`rules`]).

pub mod call;
pub mod controls;
pub mod powers;
pub mod rules;
pub mod seats;
