//! How good a family position is for one side of the table: the seat the search is for and
//! its partners (a fixed-team partner, declared allies), in centipawns, against every other
//! seat still playing. A finished game scores by the points the core gives.

use crate::engine::eval::WIN;
use crate::rules::bitboard::{Bb256, Bits};
use crate::rules::family::{partner, FamilyGame, FamilyOutcome, FamilyState, Seat, SEATS};
use crate::rules::geometry::CrossPromotion;
use crate::rules::position::Position;
use crate::rules::types::{Role, Side, Square};

/// Centipawns per point of the rules' piece values (pawn 1, knight 3 …).
const CENTIPAWNS: i32 = 100;
/// What a player still in the game is worth beside their pieces, so that mating an opponent
/// (whose pieces then die) counts for far more than winning a piece, even a bare king.
const PRESENCE: i32 = 3_000;

/// The two sides of the table as the search sees them, fixed at the root.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Sides {
    /// The seat the search is for.
    pub root: Side,
    /// Seat masks (bit `1 << seat`): the root and its partners; for every seat, the seats it
    /// counts as partners (used to decide its calls).
    pub us: u8,
    pub allies: [u8; 4],
    /// Opponents that count: Playing at the root and not partners. Away players are left out:
    /// their pieces neither attack nor check (FAMILY.md §6.3), so they are no one to fear.
    pub them: u8,
    /// Fixed teams: the team wins as one even when a partner is out (§7.2).
    pub fixed_teams: bool,
}

impl Sides {
    /// The root seat of `state` with `allies` (per seat) as its partners.
    pub fn new(state: &FamilyState, allies: [u8; 4]) -> Sides {
        let root = state.turn();
        let us = 1 << root.0 | allies[root.index()];
        let them = state.live_seats() & !us;
        Sides {
            root,
            us,
            allies,
            them,
            fixed_teams: state.rules().fixed_teams,
        }
    }

    /// The seat to move in `game` and its partners: a fixed-team partner (§7.2) and the
    /// seats it declared an alliance with (§7.1; they change no rule, but the computer does
    /// not play against its friends).
    pub fn of_game(game: &FamilyGame) -> Sides {
        let fixed = game.rules().fixed_teams;
        let allies = std::array::from_fn(|i| {
            let seat = Side(i as u8);
            SEATS
                .into_iter()
                .filter(|&other| (fixed && other == partner(seat)) || game.allied(seat, other))
                .fold(0u8, |mask, other| mask | 1 << other.0)
        });
        Sides::new(game.state(), allies)
    }

    pub fn is_ours(&self, seat: Side) -> bool {
        self.us & (1 << seat.0) != 0
    }

    /// The root player is out while the game goes on: its points are lost, unless a fixed
    /// team can still win without it.
    pub fn root_lost(&self, state: &FamilyState) -> bool {
        if self.fixed_teams {
            SEATS
                .into_iter()
                .filter(|&s| self.is_ours(s))
                .all(|s| state.seat(s) == Seat::Out)
        } else {
            state.seat(self.root) == Seat::Out
        }
    }
}

/// A finished game for our side at `ply`: the best half points of our seats against the best
/// of any other seat, so a win is [`WIN`], a loss `-WIN` and a draw shared with the others 0.
/// Nearer wins score higher, nearer losses lower.
pub fn outcome_score(outcome: &FamilyOutcome, sides: &Sides, ply: usize) -> i32 {
    let best = |mask: u8| {
        SEATS
            .into_iter()
            .filter(|s| mask & (1 << s.0) != 0)
            .map(|s| outcome.half_points(s) as i32)
            .max()
            .unwrap_or(0)
    };
    let score = (best(sides.us) - best(outcome.players & !sides.us)) * WIN / 2;
    let ply = ply as i32;
    match score.cmp(&0) {
        std::cmp::Ordering::Greater => score - ply,
        std::cmp::Ordering::Less => score + ply,
        std::cmp::Ordering::Equal => 0,
    }
}

/// A game in progress for our side: our armies against the opponents', the opponents' sum
/// scaled to our number of seats (1 against 3 compares one army with the average of three,
/// 2 against 2 is plain chess). The scale is fixed at the root, so an eliminated opponent,
/// whose pieces are dead and worth nothing, is a gain.
pub fn evaluate(state: &FamilyState, sides: &Sides) -> i32 {
    let pos = state.position();
    let promotion_row = match state.rules().promotion {
        CrossPromotion::CentreEdge => 10,
        CrossPromotion::OwnEighth => 7,
        CrossPromotion::BoardEdge => 13,
    };
    let mut ours = 0i64;
    let mut theirs = 0i64;
    for seat in SEATS {
        let bit = 1 << seat.0;
        let counted = match state.seat(seat) {
            Seat::Playing => sides.us & bit != 0 || sides.them & bit != 0,
            // An Away partner is still ours; an Away opponent is not counted at all.
            Seat::Away => sides.us & bit != 0,
            Seat::Out | Seat::Empty => false,
        };
        if !counted {
            continue;
        }
        let queens_against = SEATS
            .into_iter()
            .filter(|&s| s != seat && state.seat(s) == Seat::Playing)
            .any(|s| pos.pieces(s, Role::Queen).any());
        let army = PRESENCE as i64 + army_score(pos, seat, promotion_row, queens_against) as i64;
        if sides.us & bit != 0 {
            ours += army;
        } else {
            theirs += army;
        }
    }
    let (n_us, n_them) = (
        sides.us.count_ones().max(1) as i64,
        sides.them.count_ones().max(1) as i64,
    );
    (ours - theirs * n_us / n_them) as i32
}

fn army_score(pos: &Position<Bb256>, seat: Side, promotion_row: i32, queens_against: bool) -> i32 {
    let mut score = 0;
    for role in Role::ALL {
        let on_board = pos.pieces(seat, role);
        score += on_board.count() as i32 * role.value() as i32 * CENTIPAWNS;
        for square in on_board.squares() {
            score += placement(pos, seat, role, square, promotion_row, queens_against);
        }
    }
    score
}

/// A square in the seat's own frame (FAMILY.md §2.4): `(x, y)`, y = 0 on its back row.
fn frame(seat: Side, square: Square) -> (i32, i32) {
    let (f, r) = ((square.0 % 14) as i32, (square.0 / 14) as i32);
    match seat.0 & 3 {
        0 => (f, r),
        1 => (13 - r, f),
        2 => (13 - f, 13 - r),
        _ => (r, 13 - f),
    }
}

/// Where a piece stands on the cross board: knights, bishops and queens toward the centre,
/// pawns forward (more so near promotion), the king at home with pieces beside it while
/// enemy queens are on.
fn placement(
    pos: &Position<Bb256>,
    seat: Side,
    role: Role,
    square: Square,
    promotion_row: i32,
    queens_against: bool,
) -> i32 {
    let (f, r) = ((square.0 % 14) as i32, (square.0 / 14) as i32);
    // Distance from the centre of the board in half squares: 2 in the middle, 26 at the tips.
    let centre = (2 * f - 13).abs() + (2 * r - 13).abs();
    let (x, y) = frame(seat, square);
    match role {
        Role::Knight => 24 - 2 * centre,
        Role::Bishop => 12 - centre,
        Role::Queen => 6 - centre / 2,
        Role::Rook => 0,
        Role::Pawn => {
            let steps = (y - 1).clamp(0, promotion_row);
            let central = if (5..=8).contains(&x) { 4 } else { 0 };
            steps * steps * 100 / (promotion_row * promotion_row).max(1) + central * steps.min(3)
        }
        Role::King if queens_against => {
            let shield = (pos.geo.king[square.index()] & pos.side_pieces(seat)).count() as i32;
            8 * shield.min(3) - 10 * y
        }
        Role::King => 8 - centre / 2,
    }
}
