//! A deliberately simple, independent four-player generator and turn flow for the cross board
//! (FAMILY.md, default toggles, free teams): a mailbox, no bitboards, no code shared with the
//! core beyond reading a start state. Used to check the core move by move.

/// Seat statuses.
pub const PLAYING: u8 = 0;
pub const AWAY: u8 = 1;
pub const OUT: u8 = 2;
pub const EMPTY: u8 = 3;

/// Roles: 0 pawn, 1 knight, 2 bishop, 3 rook, 4 queen, 5 king.
const PAWN: u8 = 0;
const KNIGHT: u8 = 1;
const KING: u8 = 5;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NMove {
    pub from: usize,
    pub to: usize,
    pub promo: Option<u8>,
    pub ep: bool,
    pub double: bool,
    /// Rook from, rook to.
    pub castle: Option<(usize, usize)>,
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NaiveCross {
    /// (seat, role) per cell, index 14 * rank + file.
    pub board: [Option<(u8, u8)>; 196],
    pub turn: u8,
    pub status: [u8; 4],
    /// [seat][0 = O-O-O rook (x 3), 1 = O-O rook (x 10)].
    pub castle: [[bool; 2]; 4],
    pub ep: [Option<usize>; 4],
    /// Per victim, a mask of checkers.
    pub checks: [u8; 4],
    pub passes: u8,
    pub over: bool,
    pub auto_check: bool,
    pub joint_mates: bool,
    pub fixed_teams: bool,
}

pub fn exists(f: i32, r: i32) -> bool {
    let corner = |v: i32| !(3..=10).contains(&v);
    (0..14).contains(&f) && (0..14).contains(&r) && !(corner(f) && corner(r))
}

fn at(f: i32, r: i32) -> Option<usize> {
    exists(f, r).then_some((r * 14 + f) as usize)
}

fn fr(s: usize) -> (i32, i32) {
    ((s % 14) as i32, (s / 14) as i32)
}

/// Pawn forward per seat: +rank, +file, -rank, -file.
fn forward(seat: u8) -> (i32, i32) {
    [(0, 1), (1, 0), (0, -1), (-1, 0)][seat as usize]
}

/// Seat frame (x, y) to a cell.
pub fn frame(seat: u8, x: i32, y: i32) -> usize {
    let (f, r) = match seat {
        0 => (x, y),
        1 => (y, 13 - x),
        2 => (13 - x, 13 - y),
        _ => (13 - y, x),
    };
    (r * 14 + f) as usize
}

fn on_promotion_line(seat: u8, s: usize) -> bool {
    let (f, r) = fr(s);
    match seat {
        0 => r == 10,
        1 => f == 10,
        2 => r == 3,
        _ => f == 3,
    }
}

pub fn name(s: usize) -> String {
    let (f, r) = fr(s);
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

impl NMove {
    pub fn machine(&self) -> String {
        let promo = self.promo.map_or(String::new(), |p| {
            ["p", "n", "b", "r", "q", "k"][p as usize].into()
        });
        format!("{}{}{promo}", name(self.from), name(self.to))
    }
}

// The same step tables as the 8x8 naive generator.
use super::naive::{KING as KING_STEPS, KNIGHT as KNIGHT_STEPS};

impl NaiveCross {
    fn king_of(&self, seat: u8) -> Option<usize> {
        (0..196).find(|&s| self.board[s] == Some((seat, KING)))
    }

    /// Whether the piece on `from` attacks `target` (as a capture would).
    fn piece_attacks(&self, from: usize, target: usize) -> bool {
        let Some((seat, role)) = self.board[from] else {
            return false;
        };
        let (f, r) = fr(from);
        let (tf, tr) = fr(target);
        let (df, dr) = (tf - f, tr - r);
        match role {
            PAWN => {
                let (ff, fr_) = forward(seat);
                // One forward plus one sideways (perpendicular to forward).
                (ff != 0 && df == ff && dr.abs() == 1) || (fr_ != 0 && dr == fr_ && df.abs() == 1)
            }
            KNIGHT => KNIGHT_STEPS.contains(&(df, dr)),
            KING => df.abs() <= 1 && dr.abs() <= 1 && (df, dr) != (0, 0),
            _ => {
                let straight = df == 0 || dr == 0;
                let diagonal = df.abs() == dr.abs();
                let fits = match role {
                    2 => diagonal,
                    3 => straight,
                    _ => straight || diagonal,
                };
                if !fits || (df, dr) == (0, 0) {
                    return false;
                }
                let (sf, sr) = (df.signum(), dr.signum());
                let (mut cf, mut cr) = (f + sf, r + sr);
                while (cf, cr) != (tf, tr) {
                    match at(cf, cr) {
                        Some(s) if self.board[s].is_none() => {}
                        _ => return false,
                    }
                    cf += sf;
                    cr += sr;
                }
                true
            }
        }
    }

    /// Other seats, except a partner in fixed teams.
    fn enemies(&self, a: u8, b: u8) -> bool {
        a != b && !(self.fixed_teams && (a + 2) % 4 == b)
    }

    /// Squares of live enemy pieces attacking `target`.
    fn attackers(&self, target: usize, seat: u8) -> Vec<usize> {
        (0..196)
            .filter(|&s| match self.board[s] {
                Some((o, _)) => {
                    self.enemies(o, seat)
                        && self.status[o as usize] == PLAYING
                        && self.piece_attacks(s, target)
                }
                None => false,
            })
            .collect()
    }

    fn may_take(&self, mover_role: u8, victim_seat: u8) -> bool {
        if !self.enemies(self.turn, victim_seat) {
            return false;
        }
        match self.status[victim_seat as usize] {
            AWAY => mover_role == PAWN,
            _ => true,
        }
    }

    /// Whether a piece on `s` may be taken (and by what).
    fn target_ok(&self, us: u8, role: u8, s: usize) -> bool {
        match self.board[s] {
            None => true,
            Some((o, r)) => {
                o != us && (r != KING || self.status[o as usize] == OUT) && self.may_take(role, o)
            }
        }
    }

    fn pseudo(&self) -> Vec<NMove> {
        let us = self.turn;
        let mut out = Vec::new();
        let plain = |from, to| NMove {
            from,
            to,
            promo: None,
            ep: false,
            double: false,
            castle: None,
        };
        for from in 0..196 {
            let Some((seat, role)) = self.board[from] else {
                continue;
            };
            if seat != us {
                continue;
            }
            let (f, r) = fr(from);
            match role {
                PAWN => {
                    let (ff, fr_) = forward(us);
                    let push = |list: &mut Vec<NMove>, to: usize, ep: bool, double: bool| {
                        if on_promotion_line(us, to) {
                            for p in [4, 1, 3, 2] {
                                list.push(NMove {
                                    from,
                                    to,
                                    promo: Some(p),
                                    ep: false,
                                    double: false,
                                    castle: None,
                                });
                            }
                        } else {
                            list.push(NMove {
                                from,
                                to,
                                promo: None,
                                ep,
                                double,
                                castle: None,
                            });
                        }
                    };
                    if let Some(one) = at(f + ff, r + fr_) {
                        if self.board[one].is_none() {
                            push(&mut out, one, false, false);
                            if !on_promotion_line(us, one) {
                                if let Some(two) = at(f + 2 * ff, r + 2 * fr_) {
                                    if self.board[two].is_none() {
                                        push(&mut out, two, false, true);
                                    }
                                }
                            }
                        }
                    }
                    for side in [-1, 1] {
                        let (cf, cr) = (f + ff + side * fr_.abs(), r + fr_ + side * ff.abs());
                        let Some(t) = at(cf, cr) else { continue };
                        if self.board[t].is_some() {
                            if self.target_ok(us, PAWN, t) {
                                push(&mut out, t, false, false);
                            }
                            continue;
                        }
                        for e in 0..4u8 {
                            if e == us || self.ep[e as usize] != Some(t) {
                                continue;
                            }
                            let (ef, er) = forward(e);
                            let (tf, tr) = fr(t);
                            let victim = at(tf + ef, tr + er);
                            if victim.is_some_and(|v| self.board[v] == Some((e, PAWN)))
                                && self.may_take(PAWN, e)
                            {
                                out.push(NMove {
                                    from,
                                    to: t,
                                    promo: None,
                                    ep: true,
                                    double: false,
                                    castle: None,
                                });
                                break;
                            }
                        }
                    }
                }
                KNIGHT | KING => {
                    let steps = if role == KNIGHT {
                        &KNIGHT_STEPS
                    } else {
                        &KING_STEPS
                    };
                    for &(df, dr) in steps {
                        if let Some(t) = at(f + df, r + dr) {
                            if self.target_ok(us, role, t) {
                                out.push(plain(from, t));
                            }
                        }
                    }
                }
                _ => {
                    for &(df, dr) in &KING_STEPS {
                        let diagonal = df != 0 && dr != 0;
                        if (role == 2 && !diagonal) || (role == 3 && diagonal) {
                            continue;
                        }
                        let (mut cf, mut cr) = (f + df, r + dr);
                        while let Some(t) = at(cf, cr) {
                            if self.target_ok(us, role, t) {
                                out.push(plain(from, t));
                            }
                            if self.board[t].is_some() {
                                break;
                            }
                            cf += df;
                            cr += dr;
                        }
                    }
                }
            }
        }
        // Castling: king and rook unmoved, nothing between, no attacked square on the way.
        let king = frame(us, 7, 0);
        if self.board[king] == Some((us, KING)) && self.attackers(king, us).is_empty() {
            for (wing, rook_x, king_x, rook_to_x) in [(0, 3, 5, 6), (1, 10, 9, 8)] {
                let rook = frame(us, rook_x, 0);
                if !self.castle[us as usize][wing] || self.board[rook] != Some((us, 3)) {
                    continue;
                }
                let (lo, hi) = (rook_x.min(7) + 1, rook_x.max(7));
                if (lo..hi).any(|x| self.board[frame(us, x, 0)].is_some()) {
                    continue;
                }
                let path = if king_x > 7 { 8..=9 } else { 5..=6 };
                if path
                    .clone()
                    .any(|x| !self.attackers(frame(us, x, 0), us).is_empty())
                {
                    continue;
                }
                out.push(NMove {
                    from: king,
                    to: frame(us, king_x, 0),
                    promo: None,
                    ep: false,
                    double: false,
                    castle: Some((rook, frame(us, rook_to_x, 0))),
                });
            }
        }
        out
    }

    /// Moves the pieces only (no turn flow).
    fn make(&mut self, m: NMove) {
        let us = self.turn;
        let piece = self.board[m.from].take();
        if m.ep {
            for e in 0..4u8 {
                if e != us && self.ep[e as usize] == Some(m.to) {
                    let (ef, er) = forward(e);
                    let (tf, tr) = fr(m.to);
                    if let Some(v) = at(tf + ef, tr + er) {
                        if self.board[v] == Some((e, PAWN)) {
                            self.board[v] = None;
                            break;
                        }
                    }
                }
            }
        }
        // A seat whose (dead) king is taken has no castling rights left.
        if let Some((victim, KING)) = self.board[m.to] {
            self.castle[victim as usize] = [false, false];
        }
        if let Some((rf, rt)) = m.castle {
            let rook = self.board[rf].take();
            self.board[rt] = rook;
        }
        self.board[m.to] = match m.promo {
            Some(p) => Some((us, p)),
            None => piece,
        };
        // Castling rights: a king that moves, a rook that moves or is taken.
        for seat in 0..4u8 {
            if piece == Some((seat, KING)) {
                self.castle[seat as usize] = [false, false];
            }
            for (wing, x) in [(0, 3), (1, 10)] {
                let home = frame(seat, x, 0);
                if home == m.from || home == m.to {
                    self.castle[seat as usize][wing] = false;
                }
            }
        }
        if m.double {
            let (ff, fr_) = forward(us);
            let (f, r) = fr(m.from);
            self.ep[us as usize] = at(f + ff, r + fr_);
        }
        // §3.4: a seat's e.p. right also ends when its pawn is gone or the square is taken.
        for seat in 0..4u8 {
            if let Some(sq) = self.ep[seat as usize] {
                let (ef, er) = forward(seat);
                let (f, r) = fr(sq);
                let pawn_behind =
                    at(f + ef, r + er).is_some_and(|v| self.board[v] == Some((seat, PAWN)));
                if self.board[sq].is_some() || !pawn_behind {
                    self.ep[seat as usize] = None;
                }
            }
        }
    }

    pub fn legal(&self) -> Vec<NMove> {
        if self.over || self.paused() {
            return Vec::new();
        }
        let us = self.turn;
        let Some(k) = self.king_of(us) else {
            return self.pseudo();
        };
        let a0 = self.attackers(k, us);
        let mut safe = Vec::new();
        let mut fallback = Vec::new();
        let mut free = Vec::new();
        for m in self.pseudo() {
            let mut next = self.clone();
            next.make(m);
            let k1 = if m.from == k { m.to } else { k };
            let a1 = next.attackers(k1, us);
            match self.checks[us as usize] {
                0 => {
                    let ok = if m.from == k {
                        a1.is_empty()
                    } else {
                        a1.iter().all(|s| a0.contains(s))
                    };
                    if ok {
                        free.push(m);
                    }
                }
                x => {
                    let from_x = |s: &usize| next.board[*s].is_some_and(|p| x & (1 << p.0) != 0);
                    if a1.is_empty() {
                        safe.push(m);
                    } else if !self.joint_mates && !a1.iter().any(from_x) {
                        fallback.push(m);
                    }
                }
            }
        }
        match self.checks[us as usize] {
            0 => free,
            _ if !safe.is_empty() => safe,
            _ => fallback,
        }
    }

    fn count(&self, status: u8) -> u32 {
        self.status.iter().filter(|&&s| s == status).count() as u32
    }

    fn paused(&self) -> bool {
        let playing = self.count(PLAYING);
        !self.over && (playing == 0 || (playing == 1 && self.count(AWAY) > 0))
    }

    fn attacks_king(&self, x: u8, v: u8) -> bool {
        self.status[x as usize] == PLAYING
            && self.king_of(v).is_some_and(|k| {
                self.attackers(k, v)
                    .iter()
                    .any(|&s| self.board[s].map(|p| p.0) == Some(x))
            })
    }

    fn lapse(&mut self) {
        for v in 0..4u8 {
            for x in 0..4u8 {
                if self.checks[v as usize] & (1 << x) != 0
                    && (self.status[v as usize] != PLAYING || !self.attacks_king(x, v))
                {
                    self.checks[v as usize] &= !(1 << x);
                }
            }
        }
    }

    fn advance(&mut self) {
        let mut s = self.turn;
        for _ in 0..4 {
            s = (s + 1) % 4;
            self.ep[s as usize] = None;
            if self.status[s as usize] == PLAYING {
                break;
            }
        }
        self.turn = s;
    }

    fn out(&mut self, seat: u8) {
        self.status[seat as usize] = OUT;
        self.checks[seat as usize] = 0;
        self.lapse();
        let in_game: Vec<u8> = (0..4u8)
            .filter(|&s| matches!(self.status[s as usize], PLAYING | AWAY))
            .collect();
        let one_team = self.fixed_teams && in_game.iter().all(|&s| s % 2 == in_game[0] % 2);
        if in_game.len() <= 1 || one_team {
            self.over = true;
        }
    }

    fn settle(&mut self) {
        for _ in 0..8 {
            if self.over || self.paused() {
                return;
            }
            let c = self.turn;
            if self.status[c as usize] != PLAYING {
                self.advance();
                continue;
            }
            if !self.legal().is_empty() {
                return;
            }
            if self.checks[c as usize] != 0 {
                self.out(c);
            } else if 4 - self.count(OUT) - self.count(EMPTY) <= 2 {
                self.over = true;
            } else {
                self.passes += 1;
                if self.passes as u32 >= self.count(PLAYING) {
                    self.over = true;
                }
            }
            if !self.over {
                self.advance();
            }
        }
    }

    /// Plays a legal move with the turn flow: calls, lapses, the next seat, its judgement.
    pub fn play(&mut self, m: NMove, call: bool) {
        let us = self.turn;
        self.make(m);
        self.passes = 0;
        self.checks[us as usize] = 0;
        self.lapse();
        if call || self.auto_check {
            for v in 0..4u8 {
                if self.enemies(us, v)
                    && self.status[v as usize] == PLAYING
                    && (self.joint_mates || self.checks[v as usize] & !(1 << us) == 0)
                    && self.attacks_king(us, v)
                {
                    self.checks[v as usize] |= 1 << us;
                }
            }
        }
        self.advance();
        self.settle();
    }

    pub fn go_away(&mut self, seat: u8) {
        self.status[seat as usize] = AWAY;
        self.checks[seat as usize] = 0;
        self.lapse();
        if self.turn == seat {
            self.advance();
        }
        self.settle();
    }

    pub fn come_back(&mut self, seat: u8) {
        self.status[seat as usize] = PLAYING;
        self.settle();
    }

    pub fn resign(&mut self, seat: u8) {
        self.out(seat);
        if !self.over && self.turn == seat {
            self.advance();
        }
        self.settle();
    }
}
