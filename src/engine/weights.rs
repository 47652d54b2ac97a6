//! Every number the evaluation adds up, in one place. Material and the piece-square tables
//! are PeSTO's (Ronald Friederich, public domain, as given on the Chess Programming Wiki);
//! the threats and the tempo are Stockfish 11's terms scaled to them; the pawn structure,
//! mobility, king safety, passed pawns, rooks on open files and the bishop pair were fitted to
//! Stockfish's scores of quiet positions (`make eval-tune`, which prints a new [`TUNED`] to
//! paste here). Fitting the material, tables, threats and tempo too fitted the scores better
//! but played worse (README, "The computer opponent, measured").

/// A middlegame and an endgame value.
pub type Score = (i32, i32);

/// The evaluation's weights (centipawns). Tables by role are in [`Role::ALL`] order (pawn,
/// knight, bishop, rook, queen, king), and piece-square tables are drawn from White's side
/// with the eighth rank first.
///
/// [`Role::ALL`]: crate::rules::Role::ALL
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    pub material: [Score; 6],
    pub pst_mg: [[i32; 64]; 6],
    pub pst_eg: [[i32; 64]; 6],
    /// Two bishops cover both colours of square.
    pub bishop_pair: Score,
    /// Per square a knight, bishop, rook, queen attacks beyond the usual few.
    pub mobility: [Score; 4],
    /// Weight of an attack on a square next to the enemy king, by attacker's role.
    pub king_attack: [i32; 6],
    /// Per pawn in front of one's king: one rank ahead, two ranks ahead (middlegame).
    pub king_shelter: [i32; 2],
    /// A passed pawn by how far it has come (its side's rank 0 … 7).
    pub passed: [Score; 8],
    /// A connected pawn by how far it has come, and per pawn guarding it.
    pub connected: [i32; 8],
    pub connected_support: i32,
    /// A backward pawn, and more when no enemy pawn stands in front of it.
    pub backward: Score,
    pub backward_open: i32,
    /// Per pawn beyond the first on a file; per pawn with no own pawn on the files beside.
    pub doubled: Score,
    pub isolated: Score,
    /// A rook on a file without pawns; without pawns of its own only.
    pub rook_open: Score,
    pub rook_half_open: Score,
    /// A piece attacked by a pawn; a piece attacked and not guarded.
    pub threat_by_pawn: Score,
    pub hanging: Score,
    /// A rook or queen attacked by a knight or bishop, a queen by a rook.
    pub rook_by_minor: Score,
    pub queen_by_minor: Score,
    pub queen_by_rook: Score,
    /// The player to move is a little better off than with the other to move.
    pub tempo: i32,
}

impl Weights {
    /// Every weight that can change the evaluation, named by its field, for a tuner to try:
    /// not the king's material, nor a pawn's middlegame value (the unit the rest is measured
    /// in), nor pawns on their first or last rank, nor what pawns and kings add to an attack
    /// on the king.
    pub fn tunable(&mut self) -> Vec<(&'static str, &mut i32)> {
        let mut all: Vec<(&'static str, &mut i32)> = Vec::new();
        for (role, (mg, eg)) in self.material.iter_mut().enumerate().take(5) {
            if role > 0 {
                all.push(("material", mg));
            }
            all.push(("material", eg));
        }
        for (name, tables) in [("pst_mg", &mut self.pst_mg), ("pst_eg", &mut self.pst_eg)] {
            for (role, table) in tables.iter_mut().enumerate() {
                for (square, value) in table.iter_mut().enumerate() {
                    if role != 0 || (8..56).contains(&square) {
                        all.push((name, value));
                    }
                }
            }
        }
        let pairs = [
            ("bishop_pair", &mut self.bishop_pair),
            ("backward", &mut self.backward),
            ("doubled", &mut self.doubled),
            ("isolated", &mut self.isolated),
            ("rook_open", &mut self.rook_open),
            ("rook_half_open", &mut self.rook_half_open),
            ("threat_by_pawn", &mut self.threat_by_pawn),
            ("hanging", &mut self.hanging),
            ("rook_by_minor", &mut self.rook_by_minor),
            ("queen_by_minor", &mut self.queen_by_minor),
            ("queen_by_rook", &mut self.queen_by_rook),
        ];
        let mobility = self.mobility.iter_mut().map(|pair| ("mobility", pair));
        let passed = self.passed[1..7].iter_mut().map(|pair| ("passed", pair));
        for (name, (mg, eg)) in pairs.into_iter().chain(mobility).chain(passed) {
            all.push((name, mg));
            all.push((name, eg));
        }
        let lists = [
            ("king_attack", &mut self.king_attack[1..5]),
            ("king_shelter", &mut self.king_shelter[..]),
            ("connected", &mut self.connected[1..7]),
        ];
        for (name, list) in lists {
            all.extend(list.iter_mut().map(|value| (name, value)));
        }
        all.push(("connected_support", &mut self.connected_support));
        all.push(("backward_open", &mut self.backward_open));
        all.push(("tempo", &mut self.tempo));
        all
    }
}

/// The weights the engine plays with.
#[rustfmt::skip]
pub const TUNED: Weights = Weights {
    material: [(82, 94), (337, 281), (365, 297), (477, 512), (1025, 936), (0, 0)],
    pst_mg: [
        [
               0,   0,   0,   0,   0,   0,   0,   0,
              98, 134,  61,  95,  68, 126,  34, -11,
              -6,   7,  26,  31,  65,  56,  25, -20,
             -14,  13,   6,  21,  23,  12,  17, -23,
             -27,  -2,  -5,  12,  17,   6,  10, -25,
             -26,  -4,  -4, -10,   3,   3,  33, -12,
             -35,  -1, -20, -23, -15,  24,  38, -22,
               0,   0,   0,   0,   0,   0,   0,   0,
        ],
        [
            -167, -89, -34, -49,  61, -97, -15,-107,
             -73, -41,  72,  36,  23,  62,   7, -17,
             -47,  60,  37,  65,  84, 129,  73,  44,
              -9,  17,  19,  53,  37,  69,  18,  22,
             -13,   4,  16,  13,  28,  19,  21,  -8,
             -23,  -9,  12,  10,  19,  17,  25, -16,
             -29, -53, -12,  -3,  -1,  18, -14, -19,
            -105, -21, -58, -33, -17, -28, -19, -23,
        ],
        [
             -29,   4, -82, -37, -25, -42,   7,  -8,
             -26,  16, -18, -13,  30,  59,  18, -47,
             -16,  37,  43,  40,  35,  50,  37,  -2,
              -4,   5,  19,  50,  37,  37,   7,  -2,
              -6,  13,  13,  26,  34,  12,  10,   4,
               0,  15,  15,  15,  14,  27,  18,  10,
               4,  15,  16,   0,   7,  21,  33,   1,
             -33,  -3, -14, -21, -13, -12, -39, -21,
        ],
        [
              32,  42,  32,  51,  63,   9,  31,  43,
              27,  32,  58,  62,  80,  67,  26,  44,
              -5,  19,  26,  36,  17,  45,  61,  16,
             -24, -11,   7,  26,  24,  35,  -8, -20,
             -36, -26, -12,  -1,   9,  -7,   6, -23,
             -45, -25, -16, -17,   3,   0,  -5, -33,
             -44, -16, -20,  -9,  -1,  11,  -6, -71,
             -19, -13,   1,  17,  16,   7, -37, -26,
        ],
        [
             -28,   0,  29,  12,  59,  44,  43,  45,
             -24, -39,  -5,   1, -16,  57,  28,  54,
             -13, -17,   7,   8,  29,  56,  47,  57,
             -27, -27, -16, -16,  -1,  17,  -2,   1,
              -9, -26,  -9, -10,  -2,  -4,   3,  -3,
             -14,   2, -11,  -2,  -5,   2,  14,   5,
             -35,  -8,  11,   2,   8,  15,  -3,   1,
              -1, -18,  -9,  10, -15, -25, -31, -50,
        ],
        [
             -65,  23,  16, -15, -56, -34,   2,  13,
              29,  -1, -20,  -7,  -8,  -4, -38, -29,
              -9,  24,   2, -16, -20,   6,  22, -22,
             -17, -20, -12, -27, -30, -25, -14, -36,
             -49,  -1, -27, -39, -46, -44, -33, -51,
             -14, -14, -22, -46, -44, -30, -15, -27,
               1,   7,  -8, -64, -43, -16,   9,   8,
             -15,  36,  12, -54,   8, -28,  24,  14,
        ],
    ],
    pst_eg: [
        [
               0,   0,   0,   0,   0,   0,   0,   0,
             178, 173, 158, 134, 147, 132, 165, 187,
              94, 100,  85,  67,  56,  53,  82,  84,
              32,  24,  13,   5,  -2,   4,  17,  17,
              13,   9,  -3,  -7,  -7,  -8,   3,  -1,
               4,   7,  -6,   1,   0,  -5,  -1,  -8,
              13,   8,   8,  10,  13,   0,   2,  -7,
               0,   0,   0,   0,   0,   0,   0,   0,
        ],
        [
             -58, -38, -13, -28, -31, -27, -63, -99,
             -25,  -8, -25,  -2,  -9, -25, -24, -52,
             -24, -20,  10,   9,  -1,  -9, -19, -41,
             -17,   3,  22,  22,  22,  11,   8, -18,
             -18,  -6,  16,  25,  16,  17,   4, -18,
             -23,  -3,  -1,  15,  10,  -3, -20, -22,
             -42, -20, -10,  -5,  -2, -20, -23, -44,
             -29, -51, -23, -15, -22, -18, -50, -64,
        ],
        [
             -14, -21, -11,  -8,  -7,  -9, -17, -24,
              -8,  -4,   7, -12,  -3, -13,  -4, -14,
               2,  -8,   0,  -1,  -2,   6,   0,   4,
              -3,   9,  12,   9,  14,  10,   3,   2,
              -6,   3,  13,  19,   7,  10,  -3,  -9,
             -12,  -3,   8,  10,  13,   3,  -7, -15,
             -14, -18,  -7,  -1,   4,  -9, -15, -27,
             -23,  -9, -23,  -5,  -9, -16,  -5, -17,
        ],
        [
              13,  10,  18,  15,  12,  12,   8,   5,
              11,  13,  13,  11,  -3,   3,   8,   3,
               7,   7,   7,   5,   4,  -3,  -5,  -3,
               4,   3,  13,   1,   2,   1,  -1,   2,
               3,   5,   8,   4,  -5,  -6,  -8, -11,
              -4,   0,  -5,  -1,  -7, -12,  -8, -16,
              -6,  -6,   0,   2,  -9,  -9, -11,  -3,
              -9,   2,   3,  -1,  -5, -13,   4, -20,
        ],
        [
              -9,  22,  22,  27,  27,  19,  10,  20,
             -17,  20,  32,  41,  58,  25,  30,   0,
             -20,   6,   9,  49,  47,  35,  19,   9,
               3,  22,  24,  45,  57,  40,  57,  36,
             -18,  28,  19,  47,  31,  34,  39,  23,
             -16, -27,  15,   6,   9,  17,  10,   5,
             -22, -23, -30, -16, -16, -23, -36, -32,
             -33, -28, -22, -43,  -5, -32, -20, -41,
        ],
        [
             -74, -35, -18, -18, -11,  15,   4, -17,
             -12,  17,  14,  17,  17,  38,  23,  11,
              10,  17,  23,  15,  20,  45,  44,  13,
              -8,  22,  24,  27,  26,  33,  26,   3,
             -18,  -4,  21,  24,  27,  23,   9, -11,
             -19,  -3,  11,  21,  23,  16,   7,  -9,
             -27, -11,   4,  13,  14,   4,  -5, -17,
             -53, -34, -21, -11, -28, -14, -24, -43,
        ],
    ],
    bishop_pair: (35, 41),
    mobility: [(6, 3), (7, 5), (5, 1), (3, 9)],
    king_attack: [0, 6, 2, 3, 8, 0],
    king_shelter: [11, 6],
    passed: [(0, 0), (-15, 8), (-41, 25), (-5, 47), (6, 71), (6, 53), (84, 30), (0, 0)],
    connected: [0, 2, 3, 9, 13, 7, 3, 0],
    connected_support: 6,
    backward: (9, -6),
    backward_open: 21,
    doubled: (17, 29),
    isolated: (2, 8),
    rook_open: (56, -14),
    rook_half_open: (16, 14),
    threat_by_pawn: (40, 30),
    hanging: (25, 15),
    rook_by_minor: (40, 54),
    queen_by_minor: (36, 72),
    queen_by_rook: (26, 19),
    tempo: 10,
};
