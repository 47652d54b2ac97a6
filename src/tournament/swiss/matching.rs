//! Maximum-weight matching on a general graph: Edmonds' blossom algorithm in its primal-dual
//! form, O(n³), after Joris van Rantwijk's well-known `mwmatching`. The Dutch criteria are
//! packed into one number per edge, the most important highest, so a weight is an unsigned
//! integer of any fixed number of 64-bit words ([`Wide`]); every weight of one graph has the
//! same number of words.
//!
//! The weights are integers and the algorithm halves only slacks between two S-vertices,
//! which are even (the duals of the vertices of one alternating tree share their parity), so
//! every step is exact.

use std::cmp::Ordering;

/// No vertex, edge end or blossom.
const NONE: usize = usize::MAX;

/// Arithmetic on unsigned integers stored as little-endian 64-bit words.
pub(super) struct Wide;

impl Wide {
    pub(super) fn add(acc: &mut [u64], x: &[u64]) {
        let mut carry = false;
        for (a, &b) in acc.iter_mut().zip(x) {
            let (s, c1) = a.overflowing_add(b);
            let (s, c2) = s.overflowing_add(u64::from(carry));
            *a = s;
            carry = c1 || c2;
        }
    }

    pub(super) fn sub(acc: &mut [u64], x: &[u64]) {
        let mut borrow = false;
        for (a, &b) in acc.iter_mut().zip(x) {
            let (s, b1) = a.overflowing_sub(b);
            let (s, b2) = s.overflowing_sub(u64::from(borrow));
            *a = s;
            borrow = b1 || b2;
        }
    }

    pub(super) fn cmp(a: &[u64], b: &[u64]) -> Ordering {
        for (x, y) in a.iter().rev().zip(b.iter().rev()) {
            match x.cmp(y) {
                Ordering::Equal => continue,
                other => return other,
            }
        }
        Ordering::Equal
    }

    pub(super) fn is_zero(a: &[u64]) -> bool {
        a.iter().all(|&w| w == 0)
    }

    fn halve(a: &mut [u64]) {
        debug_assert!(a.first().is_none_or(|w| w & 1 == 0), "odd slack halved");
        for i in 0..a.len() {
            let high = a.get(i + 1).map_or(0, |&h| h << 63);
            a[i] = (a[i] >> 1) | high;
        }
    }

    fn double(a: &mut [u64]) {
        for i in (0..a.len()).rev() {
            let low = if i > 0 { a[i - 1] >> 63 } else { 0 };
            a[i] = (a[i] << 1) | low;
        }
    }
}

/// A maximum-weight matching of the graph on `vertices` vertices with the given edges, each
/// weighing `words` words of `weights` (edge k at `k * words`). Returns each vertex's mate, or
/// the vertex itself when it stays unmatched.
pub(super) fn max_weight_matching(
    vertices: usize,
    words: usize,
    edges: &[(usize, usize)],
    weights: &[u64],
) -> Vec<usize> {
    debug_assert_eq!(weights.len(), edges.len() * words);
    let mut blossoms = Blossoms::new(vertices, words, edges, weights);
    blossoms.solve();
    (0..vertices)
        .map(|v| match blossoms.mate[v] {
            NONE => v,
            p => blossoms.endpoint[p],
        })
        .collect()
}

/// The state of the primal-dual algorithm. Edge k has ends `2k` and `2k + 1`; vertices are
/// `0..n`, blossoms `n..2n`; labels: 0 free, 1 S (outer), 2 T (inner), 5 marked by a scan.
struct Blossoms<'a> {
    n: usize,
    words: usize,
    edges: &'a [(usize, usize)],
    /// Twice each edge's weight (a slack is `dual[i] + dual[j] − 2w`).
    double_weight: Vec<u64>,
    endpoint: Vec<usize>,
    /// For each vertex, the edge ends at its neighbours.
    neighbour_ends: Vec<Vec<usize>>,
    /// The edge end at a vertex's mate.
    mate: Vec<usize>,
    label: Vec<u8>,
    label_end: Vec<usize>,
    in_blossom: Vec<usize>,
    parent: Vec<usize>,
    children: Vec<Vec<usize>>,
    base: Vec<usize>,
    /// The edges joining consecutive children of a blossom.
    child_ends: Vec<Vec<usize>>,
    best_edge: Vec<usize>,
    blossom_best_edges: Vec<Option<Vec<usize>>>,
    unused: Vec<usize>,
    dual: Vec<u64>,
    allowed: Vec<bool>,
    queue: Vec<usize>,
    /// Scratch numbers for slacks.
    scratch: [Vec<u64>; 2],
}

impl<'a> Blossoms<'a> {
    fn new(n: usize, words: usize, edges: &'a [(usize, usize)], weights: &[u64]) -> Self {
        let mut max_weight = vec![0u64; words];
        let mut double_weight = weights.to_vec();
        for k in 0..edges.len() {
            let w = &weights[k * words..(k + 1) * words];
            if Wide::cmp(w, &max_weight) == Ordering::Greater {
                max_weight.copy_from_slice(w);
            }
            Wide::double(&mut double_weight[k * words..(k + 1) * words]);
        }
        let mut endpoint = Vec::with_capacity(2 * edges.len());
        let mut neighbour_ends = vec![Vec::new(); n];
        for (k, &(i, j)) in edges.iter().enumerate() {
            endpoint.push(i);
            endpoint.push(j);
            neighbour_ends[i].push(2 * k + 1);
            neighbour_ends[j].push(2 * k);
        }
        let mut dual = vec![0u64; 2 * n * words];
        for v in 0..n {
            dual[v * words..(v + 1) * words].copy_from_slice(&max_weight);
        }
        Blossoms {
            n,
            words,
            edges,
            double_weight,
            endpoint,
            neighbour_ends,
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            label_end: vec![NONE; 2 * n],
            in_blossom: (0..n).collect(),
            parent: vec![NONE; 2 * n],
            children: vec![Vec::new(); 2 * n],
            base: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            child_ends: vec![Vec::new(); 2 * n],
            best_edge: vec![NONE; 2 * n],
            blossom_best_edges: vec![None; 2 * n],
            unused: (n..2 * n).collect(),
            dual,
            allowed: vec![false; edges.len()],
            queue: Vec::new(),
            scratch: [vec![0; words], vec![0; words]],
        }
    }

    fn dual_of(&self, x: usize) -> &[u64] {
        &self.dual[x * self.words..(x + 1) * self.words]
    }

    /// The slack of edge `k` into `out`: `dual[i] + dual[j] − 2w`, in one pass.
    fn slack_into(&self, k: usize, out: &mut [u64]) {
        let (i, j) = self.edges[k];
        let words = self.words;
        let a = &self.dual[i * words..(i + 1) * words];
        let b = &self.dual[j * words..(j + 1) * words];
        let w = &self.double_weight[k * words..(k + 1) * words];
        let mut carry = 0u128;
        let mut borrow = 0u128;
        for x in 0..words {
            let sum = u128::from(a[x]) + u128::from(b[x]) + carry;
            carry = sum >> 64;
            let low = sum as u64 as u128;
            let sub = u128::from(w[x]) + borrow;
            borrow = u128::from(low < sub);
            out[x] = (low.wrapping_sub(sub)) as u64;
        }
    }

    /// Whether edge `a` has less slack than edge `b`.
    fn less_slack(&mut self, a: usize, b: usize) -> bool {
        let [mut x, mut y] = std::mem::take(&mut self.scratch);
        self.slack_into(a, &mut x);
        self.slack_into(b, &mut y);
        let less = Wide::cmp(&x, &y) == Ordering::Less;
        self.scratch = [x, y];
        less
    }

    /// Whether `slack` (already computed) is less than edge `b`'s.
    fn slack_less_than_edge(&mut self, slack: &[u64], b: usize) -> bool {
        let [mut y, x] = std::mem::take(&mut self.scratch);
        self.slack_into(b, &mut y);
        let less = Wide::cmp(slack, &y) == Ordering::Less;
        self.scratch = [y, x];
        less
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
            return;
        }
        for &t in &self.children[b] {
            if t < self.n {
                out.push(t);
            } else {
                self.leaves(t, out);
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut out = Vec::new();
        self.leaves(b, &mut out);
        out
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let b = self.in_blossom[w];
        debug_assert!(self.label[w] == 0 && self.label[b] == 0);
        self.label[w] = t;
        self.label[b] = t;
        self.label_end[w] = p;
        self.label_end[b] = p;
        self.best_edge[w] = NONE;
        self.best_edge[b] = NONE;
        if t == 1 {
            let leaves = self.leaves_of(b);
            self.queue.extend(leaves);
        } else if t == 2 {
            let base = self.base[b];
            let m = self.mate[base];
            self.assign_label(self.endpoint[m], 1, m ^ 1);
        }
    }

    /// Traces back from `v` and `w` to find a new blossom's base, or `NONE` for an
    /// augmenting path.
    fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE {
            let mut b = self.in_blossom[v];
            if self.label[b] & 4 != 0 {
                base = self.base[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.label_end[b] == NONE {
                v = NONE;
            } else {
                v = self.endpoint[self.label_end[b]];
                b = self.in_blossom[v];
                v = self.endpoint[self.label_end[b]];
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = self.edges[k];
        let bb = self.in_blossom[base];
        let mut bv = self.in_blossom[v];
        let mut bw = self.in_blossom[w];
        let b = self.unused.pop().expect("a free blossom number");
        self.base[b] = base;
        self.parent[b] = NONE;
        self.parent[bb] = b;
        let mut path = Vec::new();
        let mut ends = Vec::new();
        while bv != bb {
            self.parent[bv] = b;
            path.push(bv);
            ends.push(self.label_end[bv]);
            v = self.endpoint[self.label_end[bv]];
            bv = self.in_blossom[v];
        }
        path.push(bb);
        path.reverse();
        ends.reverse();
        ends.push(2 * k);
        while bw != bb {
            self.parent[bw] = b;
            path.push(bw);
            ends.push(self.label_end[bw] ^ 1);
            w = self.endpoint[self.label_end[bw]];
            bw = self.in_blossom[w];
        }
        self.children[b] = path.clone();
        self.child_ends[b] = ends;
        self.label[b] = 1;
        self.label_end[b] = self.label_end[bb];
        self.dual[b * self.words..(b + 1) * self.words].fill(0);
        for leaf in self.leaves_of(b) {
            if self.label[self.in_blossom[leaf]] == 2 {
                self.queue.push(leaf);
            }
            self.in_blossom[leaf] = b;
        }
        let mut best_to = vec![NONE; 2 * self.n];
        for &child in &path {
            let lists: Vec<Vec<usize>> = match self.blossom_best_edges[child].take() {
                Some(list) => vec![list],
                None => self
                    .leaves_of(child)
                    .into_iter()
                    .map(|leaf| self.neighbour_ends[leaf].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for list in lists {
                for k in list {
                    let (mut i, mut j) = self.edges[k];
                    if self.in_blossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let bj = self.in_blossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (best_to[bj] == NONE || self.less_slack(k, best_to[bj]))
                    {
                        best_to[bj] = k;
                    }
                }
            }
            self.best_edge[child] = NONE;
        }
        let best: Vec<usize> = best_to.into_iter().filter(|&k| k != NONE).collect();
        self.best_edge[b] = NONE;
        for &k in &best {
            if self.best_edge[b] == NONE || self.less_slack(k, self.best_edge[b]) {
                self.best_edge[b] = k;
            }
        }
        self.blossom_best_edges[b] = Some(best);
    }

    fn expand_blossom(&mut self, b: usize, end_of_stage: bool) {
        let children = self.children[b].clone();
        for &s in &children {
            self.parent[s] = NONE;
            if s < self.n {
                self.in_blossom[s] = s;
            } else if end_of_stage && Wide::is_zero(self.dual_of(s)) {
                self.expand_blossom(s, end_of_stage);
            } else {
                for leaf in self.leaves_of(s) {
                    self.in_blossom[leaf] = s;
                }
            }
        }
        if !end_of_stage && self.label[b] == 2 {
            let ends = self.child_ends[b].clone();
            let len = children.len() as isize;
            let at = |j: isize| (if j < 0 { j + len } else { j }) as usize;
            let entry_child = self.in_blossom[self.endpoint[self.label_end[b] ^ 1]];
            let mut j = children
                .iter()
                .position(|&c| c == entry_child)
                .expect("the entry child") as isize;
            let (step, trick): (isize, usize) = if j & 1 != 0 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let mut p = self.label_end[b];
            while j != 0 {
                self.label[self.endpoint[p ^ 1]] = 0;
                let q = ends[at(j - trick as isize)];
                self.label[self.endpoint[q ^ trick ^ 1]] = 0;
                self.assign_label(self.endpoint[p ^ 1], 2, p);
                self.allowed[q / 2] = true;
                j += step;
                p = ends[at(j - trick as isize)] ^ trick;
                self.allowed[p / 2] = true;
                j += step;
            }
            let bv = children[at(j)];
            let e = self.endpoint[p ^ 1];
            self.label[e] = 2;
            self.label[bv] = 2;
            self.label_end[e] = p;
            self.label_end[bv] = p;
            self.best_edge[bv] = NONE;
            j += step;
            while children[at(j)] != entry_child {
                let bv = children[at(j)];
                if self.label[bv] == 1 {
                    j += step;
                    continue;
                }
                let reached = self
                    .leaves_of(bv)
                    .into_iter()
                    .find(|&leaf| self.label[leaf] != 0);
                if let Some(v) = reached {
                    debug_assert_eq!(self.label[v], 2);
                    self.label[v] = 0;
                    let m = self.mate[self.base[bv]];
                    self.label[self.endpoint[m]] = 0;
                    self.assign_label(v, 2, self.label_end[v]);
                }
                j += step;
            }
        }
        self.label[b] = 0;
        self.label_end[b] = NONE;
        self.children[b].clear();
        self.child_ends[b].clear();
        self.base[b] = NONE;
        self.blossom_best_edges[b] = None;
        self.best_edge[b] = NONE;
        self.unused.push(b);
    }

    /// Swaps matched and unmatched edges along the path through blossom `b` from vertex `v`
    /// to the base.
    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.parent[t] != b {
            t = self.parent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let children = self.children[b].clone();
        let ends = self.child_ends[b].clone();
        let len = children.len() as isize;
        let at = |j: isize| (if j < 0 { j + len } else { j }) as usize;
        let i = children.iter().position(|&c| c == t).expect("a child");
        let mut j = i as isize;
        let (step, trick): (isize, usize) = if i & 1 != 0 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        while j != 0 {
            j += step;
            let t = children[at(j)];
            let p = ends[at(j - trick as isize)] ^ trick;
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += step;
            let t = children[at(j)];
            if t >= self.n {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.children[b].rotate_left(i);
        self.child_ends[b].rotate_left(i);
        self.base[b] = self.base[self.children[b][0]];
        debug_assert_eq!(self.base[b], v);
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w) = self.edges[k];
        for (start, end) in [(v, 2 * k + 1), (w, 2 * k)] {
            let (mut s, mut p) = (start, end);
            loop {
                let bs = self.in_blossom[s];
                if bs >= self.n {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.label_end[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.label_end[bs]];
                let bt = self.in_blossom[t];
                s = self.endpoint[self.label_end[bt]];
                let j = self.endpoint[self.label_end[bt] ^ 1];
                if bt >= self.n {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.label_end[bt];
                p = self.label_end[bt] ^ 1;
            }
        }
    }

    fn solve(&mut self) {
        let (n, words) = (self.n, self.words);
        let mut slack = vec![0u64; words];
        let mut delta = vec![0u64; words];
        let mut candidate = vec![0u64; words];
        for _ in 0..n {
            self.label.fill(0);
            self.best_edge.fill(NONE);
            for b in n..2 * n {
                self.blossom_best_edges[b] = None;
            }
            self.allowed.fill(false);
            self.queue.clear();
            for v in 0..n {
                if self.mate[v] == NONE && self.label[self.in_blossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while !augmented {
                    let Some(v) = self.queue.pop() else { break };
                    for index in 0..self.neighbour_ends[v].len() {
                        let p = self.neighbour_ends[v][index];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.in_blossom[v] == self.in_blossom[w] {
                            continue;
                        }
                        if !self.allowed[k] {
                            self.slack_into(k, &mut slack);
                            if Wide::is_zero(&slack) {
                                self.allowed[k] = true;
                            }
                        }
                        if self.allowed[k] {
                            if self.label[self.in_blossom[w]] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.in_blossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.label_end[w] = p ^ 1;
                            }
                        } else if self.label[self.in_blossom[w]] == 1 {
                            let b = self.in_blossom[v];
                            if self.best_edge[b] == NONE
                                || self.slack_less_than_edge(&slack, self.best_edge[b])
                            {
                                self.best_edge[b] = k;
                            }
                        } else if self.label[w] == 0
                            && (self.best_edge[w] == NONE
                                || self.slack_less_than_edge(&slack, self.best_edge[w]))
                        {
                            self.best_edge[w] = k;
                        }
                    }
                }
                if augmented {
                    break;
                }
                // No augmenting path with tight edges: move the duals by the largest step
                // that keeps them feasible.
                let mut kind = 1;
                let mut delta_edge = NONE;
                let mut delta_blossom = NONE;
                delta.copy_from_slice(self.dual_of(0));
                for v in 1..n {
                    if Wide::cmp(self.dual_of(v), &delta) == Ordering::Less {
                        delta.copy_from_slice(self.dual_of(v));
                    }
                }
                for v in 0..n {
                    if self.label[self.in_blossom[v]] == 0 && self.best_edge[v] != NONE {
                        self.slack_into(self.best_edge[v], &mut candidate);
                        if Wide::cmp(&candidate, &delta) == Ordering::Less {
                            delta.copy_from_slice(&candidate);
                            kind = 2;
                            delta_edge = self.best_edge[v];
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.parent[b] == NONE && self.label[b] == 1 && self.best_edge[b] != NONE {
                        self.slack_into(self.best_edge[b], &mut candidate);
                        Wide::halve(&mut candidate);
                        if Wide::cmp(&candidate, &delta) == Ordering::Less {
                            delta.copy_from_slice(&candidate);
                            kind = 3;
                            delta_edge = self.best_edge[b];
                        }
                    }
                }
                for b in n..2 * n {
                    if self.base[b] != NONE
                        && self.parent[b] == NONE
                        && self.label[b] == 2
                        && Wide::cmp(self.dual_of(b), &delta) == Ordering::Less
                    {
                        delta.copy_from_slice(self.dual_of(b));
                        kind = 4;
                        delta_blossom = b;
                    }
                }
                for v in 0..n {
                    let d = &mut self.dual[v * words..(v + 1) * words];
                    match self.label[self.in_blossom[v]] {
                        1 => Wide::sub(d, &delta),
                        2 => Wide::add(d, &delta),
                        _ => {}
                    }
                }
                for b in n..2 * n {
                    if self.base[b] != NONE && self.parent[b] == NONE {
                        let d = &mut self.dual[b * words..(b + 1) * words];
                        match self.label[b] {
                            1 => Wide::add(d, &delta),
                            2 => Wide::sub(d, &delta),
                            _ => {}
                        }
                    }
                }
                match kind {
                    1 => break,
                    2 => {
                        self.allowed[delta_edge] = true;
                        let (mut i, mut j) = self.edges[delta_edge];
                        if self.label[self.in_blossom[i]] == 0 {
                            std::mem::swap(&mut i, &mut j);
                        }
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowed[delta_edge] = true;
                        self.queue.push(self.edges[delta_edge].0);
                    }
                    _ => self.expand_blossom(delta_blossom, false),
                }
            }
            if !augmented {
                break;
            }
            for b in n..2 * n {
                if self.parent[b] == NONE
                    && self.base[b] != NONE
                    && self.label[b] == 1
                    && Wide::is_zero(self.dual_of(b))
                {
                    self.expand_blossom(b, true);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The best total weight over all matchings, by trying them all.
    fn brute_force(n: usize, weight: &[Vec<u64>]) -> u64 {
        fn best(free: &mut Vec<bool>, weight: &[Vec<u64>]) -> u64 {
            let Some(i) = free.iter().position(|&f| f) else {
                return 0;
            };
            free[i] = false;
            let mut top = best(free, weight);
            for j in i + 1..free.len() {
                if free[j] && weight[i][j] > 0 {
                    free[j] = false;
                    top = top.max(weight[i][j] + best(free, weight));
                    free[j] = true;
                }
            }
            free[i] = true;
            top
        }
        best(&mut vec![true; n], weight)
    }

    #[test]
    fn matches_brute_force_on_random_small_graphs() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        for _ in 0..400 {
            let n = 1 + (next() % 9) as usize;
            let mut weight = vec![vec![0u64; n]; n];
            let mut edges = Vec::new();
            let mut words = Vec::new();
            let pairs: Vec<(usize, usize)> = (0..n)
                .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
                .collect();
            for (i, j) in pairs {
                if next() % 3 != 0 {
                    let w = 1 + next() % 20;
                    weight[i][j] = w;
                    weight[j][i] = w;
                    edges.push((i, j));
                    // Two words, the weight in the high one: carries cross words.
                    words.extend([next() % 4, w]);
                }
            }
            let mate = max_weight_matching(n, 2, &edges, &words);
            let mut total = 0u64;
            for v in 0..n {
                assert_eq!(mate[mate[v]], v, "mates agree");
                if mate[v] > v {
                    assert!(weight[v][mate[v]] > 0, "only edges are matched");
                    total += weight[v][mate[v]];
                }
            }
            // The low word breaks ties only: the high words must reach the best total.
            assert_eq!(total, brute_force(n, &weight), "{n} vertices, {edges:?}");
        }
    }
}
