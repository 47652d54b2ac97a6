//! Sorting the short lists the web app works with (a piece's target squares, captured
//! pieces, promotion choices): an insertion sort, stable like the standard `sort_by_key`. The
//! standard sort is made for long slices and adds kilobytes of code to the first load for
//! every type it sorts; these lists hold a few dozen items at most.

/// Sorts `v` by `key`, equal items keeping their order.
pub fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && key(&v[j - 1]) > key(&v[j]) {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::sort_by_key;

    #[test]
    fn sorts_like_the_standard_stable_sort() {
        // Pseudo-random lists of (key, position) pairs with many equal keys: the order must
        // match the standard stable sort exactly, equal keys included.
        let mut seed = 12345u32;
        for len in 0..60 {
            let list: Vec<(u32, usize)> = (0..len)
                .map(|i| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    ((seed >> 16) % 7, i)
                })
                .collect();
            let mut ours = list.clone();
            let mut std = list;
            sort_by_key(&mut ours, |x| x.0);
            std.sort_by_key(|x| x.0);
            assert_eq!(ours, std);
        }
    }
}
