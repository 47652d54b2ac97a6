//! The bracket-by-bracket procedure of the Dutch system (C.04.3), as bbpPairings runs it: one
//! maximum-weight matching over every player still to pair keeps the round completable (C4),
//! while the weights of the current bracket and the next one carry the quality criteria. Each
//! bracket is then settled in FIDE's order: which moved-down players are paired, their
//! opponents, the fewest exchanges between S1 and S2 (and which players), then each S1
//! player's opponent, lowest transposition first; a tentative change of weights that keeps
//! the matching's total tells whether a choice is still optimal. Where a choice is made
//! player after player in a fixed order, keys below every criterion make it in one matching
//! (the first player's choice outweighing all later ones).

use super::history::Player;
use super::matching::max_weight_matching;
use super::weights::{add_at, add_signed, bits, or_low, ByePlan, Layout, Round};

/// Why the procedure could not pair the round.
#[derive(Debug)]
pub(super) struct Unpairable;

/// The weights of every possible pair, kept between brackets as the procedure changes them.
struct Graph {
    n: usize,
    words: usize,
    weights: Vec<u64>,
    /// Settled pairs: a vertex's mate, for good.
    settled: Vec<Option<usize>>,
    // Reused buffers for the matching's input.
    edges: Vec<(usize, usize)>,
    edge_weights: Vec<u64>,
    vertex_of: Vec<usize>,
    /// Tie-break keys below the weights, for one matching: `key_words` words per pair.
    key_words: usize,
    keys: Vec<u64>,
}

impl Graph {
    fn new(n: usize, words: usize) -> Graph {
        Graph {
            n,
            words,
            weights: vec![0; n * n * words],
            settled: vec![None; n],
            edges: Vec::new(),
            edge_weights: Vec::new(),
            vertex_of: Vec::new(),
            key_words: 0,
            keys: Vec::new(),
        }
    }

    fn start_keys(&mut self, words: usize) {
        self.key_words = words;
        self.keys.clear();
        self.keys.resize(self.n * self.n * words, 0);
    }

    /// Adds `key << shift` to the pair's key.
    fn set_key(&mut self, a: usize, b: usize, key: u64, shift: u32) {
        for (x, y) in [(a, b), (b, a)] {
            let at = (x * self.n + y) * self.key_words;
            add_at(&mut self.keys[at..at + self.key_words], key, shift);
        }
    }

    fn end_keys(&mut self) {
        self.key_words = 0;
        self.keys.clear();
    }

    fn set(&mut self, a: usize, b: usize, w: &[u64]) {
        for (x, y) in [(a, b), (b, a)] {
            let at = (x * self.n + y) * self.words;
            self.weights[at..at + self.words].copy_from_slice(w);
        }
    }

    fn clear(&mut self, a: usize, b: usize) {
        let zero = vec![0; self.words];
        self.set(a, b, &zero);
    }

    /// Pairs `a` with `b` for good.
    fn settle(&mut self, a: usize, b: usize) {
        self.settled[a] = Some(b);
        self.settled[b] = Some(a);
    }

    /// A maximum-weight matching of the players not yet settled (settled ones keep their
    /// mates): each player's mate, or the player when unmatched.
    fn matching(&mut self) -> Vec<usize> {
        let free: Vec<usize> = (0..self.n).filter(|&v| self.settled[v].is_none()).collect();
        self.vertex_of.clear();
        self.vertex_of.resize(self.n, usize::MAX);
        for (i, &v) in free.iter().enumerate() {
            self.vertex_of[v] = i;
        }
        self.edges.clear();
        self.edge_weights.clear();
        for (i, &a) in free.iter().enumerate() {
            for (j, &b) in free.iter().enumerate().skip(i + 1) {
                let at = (a * self.n + b) * self.words;
                let w = &self.weights[at..at + self.words];
                if w.iter().any(|&x| x != 0) {
                    self.edges.push((i, j));
                    let key = (a * self.n + b) * self.key_words;
                    self.edge_weights
                        .extend_from_slice(&self.keys[key..key + self.key_words]);
                    self.edge_weights.extend_from_slice(w);
                }
            }
        }
        let words = self.key_words + self.words;
        let mate = max_weight_matching(free.len(), words, &self.edges, &self.edge_weights);
        (0..self.n)
            .map(|v| match self.settled[v] {
                Some(m) => m,
                None => free[mate[self.vertex_of[v]]],
            })
            .collect()
    }
}

/// The pairs of a round, by index into `sorted` (the present players in pairing order: score,
/// then initial ranking); a player left out has the bye.
pub(super) fn pair(sorted: &[&Player], round: &Round) -> Result<Vec<(usize, usize)>, Unpairable> {
    let n = sorted.len();
    let scores: Vec<u32> = sorted.iter().map(|p| p.score).collect();
    let layout = Layout::new(&scores, round.rounds_played, n);
    let words = layout.words;
    let mut graph = Graph::new(n, words);
    let mut w = vec![0u64; words];
    let top = scores.first().copied().unwrap_or(0);
    let mut bye = ByePlan {
        score: 0,
        single_downfloater: false,
        played_rank: Vec::new(),
    };
    for a in 0..n {
        for b in 0..a {
            if n % 2 == 1 {
                let both_top = scores[a] >= top;
                layout.bye_search_weight(&mut w, sorted[a], sorted[b], both_top, round);
            } else {
                layout.weight(&mut w, sorted[b], sorted[a], false, false, &bye, round);
            }
            graph.set(a, b, &w);
        }
    }
    let first = graph.matching();
    let unmatched: Vec<usize> = (0..n).filter(|&v| first[v] == v).collect();
    if unmatched.len() > 1 || unmatched.iter().any(|&v| !sorted[v].bye_eligible) {
        return Err(Unpairable);
    }
    if let Some(&assignee) = unmatched.first() {
        bye.score = scores[assignee];
        bye.single_downfloater = bye.score >= top
            && (0..n)
                .take_while(|&v| scores[v] >= top)
                .all(|v| scores[first[v]] >= top);
        let mut games: Vec<u32> = (0..n)
            .filter(|&v| scores[v] == bye.score)
            .map(|v| sorted[v].played_games)
            .collect();
        games.sort_unstable_by(|a, b| b.cmp(a));
        for (rank, g) in games.into_iter().enumerate() {
            match bye.played_rank.iter_mut().find(|(x, _)| *x == g) {
                Some(entry) => entry.1 = rank as u32,
                None => bye.played_rank.push((g, rank as u32)),
            }
        }
        for a in 0..n {
            for b in 0..a {
                layout.weight(&mut w, sorted[b], sorted[a], false, false, &bye, round);
                graph.set(a, b, &w);
            }
        }
    }

    let mut matched = vec![false; n];
    let mut pairs = Vec::new();
    // The bracket: its moved-down players, then its residents, then (once added) the next
    // scoregroup; vertices are indexes into `sorted`.
    let mut bracket: Vec<usize> = (0..n).take_while(|&v| scores[v] >= top).collect();
    let mut next_group = bracket.len();
    let mut moved_down = 0;
    let mut group_start = 0;
    let s = layout.size_bits;
    let in_range = |v: usize, lo: usize, hi: usize| v >= lo && v < hi;

    while bracket.len() > 1 || next_group < n {
        let pairs_before = pairs.len();
        let residents_end = bracket.len();
        let next_start = group_start + (residents_end - moved_down);
        let next_score = scores.get(next_group).copied();
        while next_group < n && Some(scores[next_group]) == next_score {
            bracket.push(next_group);
            next_group += 1;
        }

        // base[larger][smaller], over local indexes of the bracket.
        let len = bracket.len();
        let mut base = vec![vec![0u64; words]; len * len];
        let at = |larger: usize, smaller: usize| larger * len + smaller;
        for larger in moved_down..len {
            for smaller in 0..larger {
                let (h, l) = (bracket[smaller], bracket[larger]);
                let slot = &mut base[at(larger, smaller)];
                let current = larger < residents_end;
                layout.weight(slot, sorted[h], sorted[l], current, !current, &bye, round);
                graph.set(h, l, slot);
            }
        }
        let nonzero = |x: &[u64]| x.iter().any(|&v| v != 0);

        // Exchange weights: fewest exchanges, then the smallest difference of the exchanged
        // bracket sequence numbers.
        let exchange_weight =
            |base: &[Vec<u64>], smaller: usize, larger: usize, index: usize, pairs: usize| {
                let mut r = base[at(larger, smaller)].clone();
                if nonzero(&r) {
                    let flag = i64::from(index < pairs);
                    add_signed(&mut r, ((flag << (2 * s)) - index as i64) << 1);
                }
                r
            };

        // A homogeneous bracket needs no matching before its exchanges (see below).
        let mut stable = if moved_down > 0 {
            graph.matching()
        } else {
            Vec::new()
        };

        // Which moved-down players are paired in this bracket: as many of the highest score
        // as can be, then the highest ranked among them.
        let mut group_score = 0;
        let mut remaining = 0usize;
        let mut remaining_matched = 0usize;
        for pi in 0..moved_down {
            let pv = bracket[pi];
            if pi == 0 || scores[pv] < group_score {
                group_score = scores[pv];
                remaining = 0;
                remaining_matched = 0;
                let mut mi = pi;
                while mi < len && scores[bracket[mi]] >= group_score {
                    remaining += 1;
                    if in_range(stable[bracket[mi]], group_start, next_start) {
                        remaining_matched += 1;
                    }
                    mi += 1;
                }
            }
            if remaining_matched == 0 {
                continue;
            }
            if remaining <= remaining_matched {
                matched[pv] = true;
                continue;
            }
            remaining -= 1;
            if !in_range(stable[pv], group_start, next_start) {
                for oi in moved_down..residents_end {
                    let mut e = base[at(oi, pi)].clone();
                    if nonzero(&e) {
                        or_low(&mut e, 1);
                        graph.set(pv, bracket[oi], &e);
                    }
                }
                stable = graph.matching();
            }
            if in_range(stable[pv], group_start, next_start) {
                matched[pv] = true;
                remaining_matched -= 1;
                for oi in moved_down..residents_end {
                    let mut e = base[at(oi, pi)].clone();
                    if nonzero(&e) {
                        or_low(&mut e, (residents_end - moved_down) as u64);
                        add_at(&mut e, 1, 0);
                        graph.set(pv, bracket[oi], &e);
                    }
                }
            }
        }

        // The opponents of the moved-down players, highest first, each the lowest resident
        // that keeps the pairing optimal (the first candidate in FIDE's order).
        for pi in 0..moved_down {
            let pv = bracket[pi];
            if !matched[pv] {
                continue;
            }
            let mut addend = len as u64;
            for oi in (moved_down..residents_end).rev() {
                let ov = bracket[oi];
                if matched[ov] {
                    continue;
                }
                let mut e = base[at(oi, pi)].clone();
                if nonzero(&e) {
                    add_at(&mut e, addend, 0);
                    graph.set(pv, ov, &e);
                    addend += 1;
                }
            }
            stable = graph.matching();
            let mv = stable[pv];
            matched[mv] = true;
            graph.settle(pv, mv);
        }

        // The remainder: the residents not paired with a moved-down player, and how many pairs
        // it makes. A homogeneous bracket guesses as many as it can hold and checks the guess
        // against the matching below (the weights it sets lie under every criterion that
        // decides the number of pairs).
        let mut remainder = Vec::new();
        let mut remainder_pairs = 0;
        for (pi, &pv) in bracket
            .iter()
            .enumerate()
            .take(residents_end)
            .skip(moved_down)
        {
            if moved_down > 0 && stable[pv] < group_start {
                continue;
            }
            remainder.push(pi);
            if moved_down > 0 && stable[pv] < pv {
                remainder_pairs += 1;
            }
        }
        if moved_down == 0 {
            remainder_pairs = remainder.len() / 2;
        }
        // Paired with a lower player of this bracket: in S1.
        let in_s1 = |stable: &[usize], v: usize| stable[v] > v && stable[v] < next_start;
        let per = bits(remainder.len());
        loop {
            for (b, &oi) in remainder.iter().enumerate() {
                for (index, &pi) in remainder[..b].iter().enumerate() {
                    let e = exchange_weight(&base, pi, oi, index, remainder_pairs);
                    graph.set(bracket[pi], bracket[oi], &e);
                }
            }
            // Below the exchanges: each S1 player's choice of S2 opponent, as the last step
            // makes it, in case no exchange is needed (the usual case).
            graph.start_keys((per as usize * remainder_pairs).div_ceil(64));
            for (i, &pi) in remainder[..remainder_pairs].iter().enumerate() {
                let shift = (remainder_pairs - 1 - i) as u32 * per;
                for (key, &oi) in remainder.iter().rev().enumerate() {
                    if oi > pi {
                        graph.set_key(bracket[pi], bracket[oi], key as u64, shift);
                    }
                }
            }
            stable = graph.matching();
            graph.end_keys();
            let pairs_made = remainder
                .iter()
                .filter(|&&pi| {
                    let pv = bracket[pi];
                    stable[pv] < pv && stable[pv] >= group_start
                })
                .count();
            if pairs_made == remainder_pairs {
                break;
            }
            remainder_pairs = pairs_made;
        }
        let exchanges = remainder[..remainder_pairs]
            .iter()
            .filter(|&&pi| !in_s1(&stable, bracket[pi]))
            .count();
        if exchanges == 0 {
            // S1 is the top of the remainder and the matching has made every choice.
            for &pi in &remainder[..remainder_pairs] {
                let (pv, mv) = (bracket[pi], stable[bracket[pi]]);
                matched[pv] = true;
                matched[mv] = true;
                graph.settle(pv, mv);
            }
        } else {
            // Exchanges are needed: they are chosen from a matching without the keys.
            stable = graph.matching();

            // The players S1 gives up: the lowest possible.
            let mut left = exchanges;
            let mut position = remainder_pairs;
            while position > 0 && left > 0 {
                position -= 1;
                let pi = remainder[position];
                let pv = bracket[pi];
                if in_s1(&stable, pv) {
                    for &oi in &remainder[position + 1..] {
                        let mut e = exchange_weight(&base, pi, oi, position, remainder_pairs);
                        if nonzero(&e) {
                            add_signed(&mut e, -1);
                            graph.set(pv, bracket[oi], &e);
                        }
                    }
                    stable = graph.matching();
                }
                let exchanged = !in_s1(&stable, pv);
                left -= usize::from(exchanged);
                for &oi in &remainder[position + 1..] {
                    if exchanged {
                        base[at(oi, pi)].fill(0);
                    }
                    let e = exchange_weight(&base, pi, oi, position, remainder_pairs);
                    graph.set(pv, bracket[oi], &e);
                }
            }

            // The players S2 gives up: the highest possible.
            let mut left = exchanges;
            for position in remainder_pairs..remainder.len() {
                if left <= 1 {
                    break;
                }
                let pi = remainder[position];
                let pv = bracket[pi];
                let already = in_s1(&stable, pv);
                if !already {
                    for &oi in &remainder[position + 1..] {
                        let mut e = exchange_weight(&base, pi, oi, position, remainder_pairs);
                        if nonzero(&e) {
                            add_at(&mut e, 1, 0);
                            graph.set(pv, bracket[oi], &e);
                        }
                    }
                    stable = graph.matching();
                }
                if in_s1(&stable, pv) {
                    left -= 1;
                    for &oi in &remainder[..position] {
                        base[at(pi, oi)].fill(0);
                        graph.clear(pv, bracket[oi]);
                    }
                    for oi in residents_end..len {
                        base[at(oi, pi)].fill(0);
                        graph.clear(pv, bracket[oi]);
                    }
                }
                if !already {
                    for &oi in &remainder[position + 1..] {
                        let e = exchange_weight(&base, pi, oi, position, remainder_pairs);
                        graph.set(pv, bracket[oi], &e);
                    }
                }
            }

            // S1 and S2 are now fixed: only S1–S2 pairs remain possible in the remainder.
            for (a, &pi) in remainder.iter().enumerate() {
                let pv = bracket[pi];
                for &oi in &remainder[a + 1..] {
                    let ov = bracket[oi];
                    if !in_s1(&stable, pv) || in_s1(&stable, ov) {
                        base[at(oi, pi)].fill(0);
                    }
                    graph.set(pv, ov, &base[at(oi, pi)]);
                }
            }

            // Each S1 player, in order, meets the first S2 player that keeps the pairing optimal:
            // one matching settles them all, with keys below every criterion in which the first
            // S1 player's choice outweighs all the later ones'.
            let s1: Vec<usize> = remainder
                .iter()
                .copied()
                .filter(|&pi| in_s1(&stable, bracket[pi]))
                .collect();
            if !s1.is_empty() {
                let per = bits(remainder.len());
                graph.start_keys((per as usize * s1.len()).div_ceil(64));
                for (i, &pi) in s1.iter().enumerate() {
                    let shift = (s1.len() - 1 - i) as u32 * per;
                    // The later an S2 player, the smaller the key.
                    for (key, &oi) in remainder.iter().rev().enumerate() {
                        if oi > pi {
                            graph.set_key(bracket[pi], bracket[oi], key as u64, shift);
                        }
                    }
                }
                stable = graph.matching();
                graph.end_keys();
                for &pi in &s1 {
                    let (pv, mv) = (bracket[pi], stable[bracket[pi]]);
                    matched[pv] = true;
                    matched[mv] = true;
                    graph.settle(pv, mv);
                }
            }
        }

        // The unpaired go down to the next bracket.
        let mut next = Vec::new();
        let mut next_moved_down = 0;
        bye.single_downfloater = n % 2 == 1 && next_score.is_some_and(|score| bye.score >= score);
        for (li, &v) in bracket.iter().enumerate() {
            if li < residents_end && matched[v] {
                if v < stable[v] {
                    pairs.push((v, stable[v]));
                }
            } else {
                next.push(v);
                if li < residents_end {
                    next_moved_down += 1;
                }
                if next_score.is_some_and(|score| scores[stable[v]] < score) {
                    bye.single_downfloater = false;
                }
            }
        }
        bracket = next;
        moved_down = next_moved_down;
        group_start = next_start;
        if next_score.is_none() && pairs.len() == pairs_before && bracket.len() > 1 {
            // Only moved-down players are left and the procedure pairs none of them: the
            // last matching pairs them (it is complete and optimal).
            debug_assert!(false, "moved-down players left over");
            for &v in &bracket {
                if v < stable[v] && bracket.contains(&stable[v]) {
                    pairs.push((v, stable[v]));
                }
            }
            break;
        }
    }

    // The procedure must end with a complete round; if it did not, the first matching is one.
    let paired: usize = pairs.len() * 2;
    let consistent = paired + n % 2 == n
        && pairs
            .iter()
            .all(|&(a, b)| round.compatible(sorted[a], sorted[b]));
    if !consistent {
        debug_assert!(false, "the bracket procedure left the round incomplete");
        pairs = (0..n)
            .filter(|&v| first[v] > v)
            .map(|v| (v, first[v]))
            .collect();
    }
    Ok(pairs)
}
