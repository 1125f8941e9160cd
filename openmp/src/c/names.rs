//! Fresh names: a name a rewriting or an inferred specification introduces must not capture or
//! shadow one of the program's.

use std::collections::BTreeSet;

/// A set of names from which [`fresh`] takes new ones.
pub trait NameSet {
    /// Takes `name`; false if it was taken already.
    fn take(&mut self, name: String) -> bool;
}

impl NameSet for BTreeSet<String> {
    fn take(&mut self, name: String) -> bool {
        self.insert(name)
    }
}

/// A name not in `taken` (then taken): `base`, else `base_1`, `base_2`, ….
pub fn fresh(taken: &mut impl NameSet, base: &str) -> String {
    let mut k = 0;
    loop {
        let n = if k == 0 {
            base.to_string()
        } else {
            format!("{base}_{k}")
        };
        if taken.take(n.clone()) {
            return n;
        }
        k += 1;
    }
}
