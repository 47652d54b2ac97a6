//! A deliberately simple, independent 8x8 move generator (mailbox, no bitboards, no shared
//! code with the core) used to derive perft numbers the core is checked against.

#[derive(Clone)]
pub struct Naive {
    /// 0 empty; +1..=6 white P N B R Q K; negative for black. Index rank * 8 + file.
    pub board: [i8; 64],
    pub white_to_move: bool,
    /// K, Q, k, q.
    pub castling: [bool; 4],
    pub ep: Option<usize>,
    /// Primary Chess: king capture, no en passant, queen-only promotion, castling optional.
    pub king_capture: bool,
    pub en_passant: bool,
    pub castling_allowed: bool,
    pub queen_only: bool,
    pub double_step: bool,
    /// Chess#: reserves per side (index 0 white), counts by piece code 1..=6.
    pub drops: bool,
    pub reserve: [[u8; 7]; 2],
}

/// A drop is written as `(DROP + code, to, 0)`.
pub const DROP: usize = 64;

pub type NaiveMove = (usize, usize, i8);

pub const KNIGHT: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
pub const KING: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];
const ROOK: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const BISHOP: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

fn at(f: i32, r: i32) -> Option<usize> {
    ((0..8).contains(&f) && (0..8).contains(&r)).then(|| (r * 8 + f) as usize)
}

impl Naive {
    pub fn from_fen(fen: &str, king_capture: bool) -> Naive {
        let mut parts = fen.split_whitespace();
        let mut board = [0i8; 64];
        let field = parts.next().unwrap();
        let (rows, holdings) = match field.split_once('[') {
            Some((b, h)) => (b, Some(h.trim_end_matches(']'))),
            None => (field, None),
        };
        let code = |c: char| match c.to_ascii_lowercase() {
            'p' => 1,
            'n' => 2,
            'b' => 3,
            'r' => 4,
            'q' => 5,
            _ => 6,
        };
        let mut reserve = [[0u8; 7]; 2];
        for c in holdings.unwrap_or("").chars() {
            reserve[usize::from(c.is_ascii_lowercase())][code(c)] += 1;
        }
        for (i, row) in rows.split('/').enumerate() {
            let r = 7 - i as i32;
            let mut f = 0;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    f += d as i32;
                    continue;
                }
                let v = match c.to_ascii_lowercase() {
                    'p' => 1,
                    'n' => 2,
                    'b' => 3,
                    'r' => 4,
                    'q' => 5,
                    _ => 6,
                };
                board[at(f, r).unwrap()] = if c.is_ascii_uppercase() { v } else { -v };
                f += 1;
            }
        }
        let white_to_move = parts.next() == Some("w");
        let c = parts.next().unwrap_or("-");
        let castling = [
            c.contains('K'),
            c.contains('Q'),
            c.contains('k'),
            c.contains('q'),
        ];
        let ep = parts.next().and_then(|e| {
            let b = e.as_bytes();
            (b.len() == 2).then(|| (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize)
        });
        Naive {
            board,
            white_to_move,
            castling,
            ep,
            king_capture,
            en_passant: !king_capture,
            castling_allowed: !king_capture,
            queen_only: king_capture,
            double_step: true,
            drops: holdings.is_some(),
            reserve,
        }
    }

    fn sign(&self) -> i8 {
        if self.white_to_move {
            1
        } else {
            -1
        }
    }

    /// Whether a piece of the side with `sign` attacks `sq`.
    pub fn attacked(&self, sq: usize, sign: i8) -> bool {
        let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
        let piece = |df: i32, dr: i32| at(f + df, r + dr).map(|s| self.board[s]).unwrap_or(0);
        // A pawn of `sign` attacks from one rank behind (relative to its direction).
        let back = -(sign as i32);
        if piece(-1, back) == sign || piece(1, back) == sign {
            return true;
        }
        if KNIGHT.iter().any(|&(a, b)| piece(a, b) == 2 * sign) {
            return true;
        }
        if KING.iter().any(|&(a, b)| piece(a, b) == 6 * sign) {
            return true;
        }
        for (dirs, kinds) in [(&ROOK, [4, 5]), (&BISHOP, [3, 5])] {
            for &(df, dr) in dirs.iter() {
                let (mut cf, mut cr) = (f + df, r + dr);
                while let Some(s) = at(cf, cr) {
                    let p = self.board[s];
                    if p != 0 {
                        if kinds.iter().any(|&k| p == k * sign) {
                            return true;
                        }
                        break;
                    }
                    cf += df;
                    cr += dr;
                }
            }
        }
        false
    }

    fn king_square(&self, sign: i8) -> Option<usize> {
        (0..64).find(|&s| self.board[s] == 6 * sign)
    }

    pub fn moves(&self) -> Vec<NaiveMove> {
        let s = self.sign();
        let side = usize::from(s < 0);
        let mut out = Vec::new();
        if self.drops {
            let reserve = self.reserve[side];
            let total: u8 = reserve.iter().sum();
            let back = if s > 0 { 0 } else { 7 };
            for (code, &n) in reserve.iter().enumerate().skip(2) {
                if n == 0 || (code == 5 && n != total) {
                    continue;
                }
                for f in 0..8 {
                    if self.board[back * 8 + f] == 0 {
                        out.push((DROP + code, back * 8 + f, 0));
                    }
                }
            }
        }
        if self.king_square(s).is_none() {
            return out; // no king on the board: placements only (none once it was captured)
        }
        for from in 0..64 {
            let p = self.board[from];
            if p == 0 || p.signum() != s {
                continue;
            }
            let (f, r) = ((from % 8) as i32, (from / 8) as i32);
            let add = |to: usize, out: &mut Vec<NaiveMove>| {
                let t = self.board[to];
                if t == 0 || t.signum() != s {
                    out.push((from, to, 0));
                }
            };
            match p.abs() {
                1 => {
                    let dr = s as i32;
                    let last = if s > 0 { 7 } else { 0 };
                    let start = if s > 0 { 1 } else { 6 };
                    let promos: &[i8] = if self.queen_only { &[5] } else { &[5, 4, 3, 2] };
                    let push = |to: usize, out: &mut Vec<NaiveMove>| {
                        if (to / 8) as i32 == last {
                            for &q in promos {
                                out.push((from, to, q));
                            }
                        } else {
                            out.push((from, to, 0));
                        }
                    };
                    if let Some(one) = at(f, r + dr) {
                        if self.board[one] == 0 {
                            push(one, &mut out);
                            if r == start && self.double_step {
                                if let Some(two) = at(f, r + 2 * dr) {
                                    if self.board[two] == 0 {
                                        out.push((from, two, 0));
                                    }
                                }
                            }
                        }
                    }
                    for df in [-1, 1] {
                        if let Some(to) = at(f + df, r + dr) {
                            let t = self.board[to];
                            if t != 0 && t.signum() != s {
                                push(to, &mut out);
                            } else if self.en_passant && self.ep == Some(to) {
                                out.push((from, to, 0));
                            }
                        }
                    }
                }
                2 => KNIGHT.iter().for_each(|&(a, b)| {
                    if let Some(to) = at(f + a, r + b) {
                        add(to, &mut out)
                    }
                }),
                6 => KING.iter().for_each(|&(a, b)| {
                    if let Some(to) = at(f + a, r + b) {
                        add(to, &mut out)
                    }
                }),
                k => {
                    let dirs: Vec<(i32, i32)> = match k {
                        3 => BISHOP.to_vec(),
                        4 => ROOK.to_vec(),
                        _ => ROOK.iter().chain(BISHOP.iter()).copied().collect(),
                    };
                    for (df, dr) in dirs {
                        let (mut cf, mut cr) = (f + df, r + dr);
                        while let Some(to) = at(cf, cr) {
                            add(to, &mut out);
                            if self.board[to] != 0 {
                                break;
                            }
                            cf += df;
                            cr += dr;
                        }
                    }
                }
            }
        }
        if self.castling_allowed {
            let (rank, rights) = if s > 0 { (0, [0, 1]) } else { (7, [2, 3]) };
            let king = rank * 8 + 4;
            if self.board[king] == 6 * s && !self.attacked(king, -s) {
                // (right index, rook square, squares that must be empty, king path)
                let wings = [
                    (rights[0], rank * 8 + 7, vec![5, 6], [5, 6]),
                    (rights[1], rank * 8, vec![1, 2, 3], [3, 2]),
                ];
                for (right, rook, empty, path) in wings {
                    if self.castling[right]
                        && self.board[rook] == 4 * s
                        && empty.iter().all(|&f| self.board[rank * 8 + f] == 0)
                        && path.iter().all(|&f| !self.attacked(rank * 8 + f, -s))
                    {
                        out.push((king, rank * 8 + path[1], 0));
                    }
                }
            }
        }
        if self.king_capture {
            return out;
        }
        out.into_iter()
            .filter(|&m| {
                let next = self.make(m);
                let k = next.king_square(s).unwrap();
                !next.attacked(k, -s)
            })
            .collect()
    }

    pub fn make(&self, (from, to, promo): NaiveMove) -> Naive {
        let mut n = self.clone();
        let s = self.sign();
        if from >= DROP {
            n.board[to] = (from - DROP) as i8 * s;
            n.reserve[usize::from(s < 0)][from - DROP] -= 1;
            n.ep = None;
            n.white_to_move = !self.white_to_move;
            return n;
        }
        let p = n.board[from];
        n.board[from] = 0;
        if p.abs() == 1
            && Some(to) == self.ep
            && self.en_passant
            && self.board[to] == 0
            && from % 8 != to % 8
        {
            let victim = (to as i32 - 8 * s as i32) as usize;
            n.board[victim] = 0;
        }
        n.board[to] = if promo != 0 { promo * s } else { p };
        if p.abs() == 6 && (from as i32 - to as i32).abs() == 2 {
            let rank = from / 8 * 8;
            let (rf, rt) = if to % 8 == 6 { (7, 5) } else { (0, 3) };
            n.board[rank + rt] = n.board[rank + rf];
            n.board[rank + rf] = 0;
        }
        n.ep = (p.abs() == 1 && (from as i32 - to as i32).abs() == 16).then(|| (from + to) / 2);
        for (i, sq) in [7usize, 0, 63, 56].iter().enumerate() {
            if from == *sq || to == *sq {
                n.castling[i] = false;
            }
        }
        if p.abs() == 6 {
            let i = if s > 0 { 0 } else { 2 };
            n.castling[i] = false;
            n.castling[i + 1] = false;
        }
        n.white_to_move = !self.white_to_move;
        n
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&m| self.make(m).perft(depth - 1)).sum()
    }
}
