//! Fresh names for generated Viper variables and labels.
//!
//! Viper requires every local, argument and bound variable of a member to have a name of its own
//! (even in disjoint blocks), so one generator serves a whole source function: the function's
//! method and every obligation built from its regions draw from it.

use std::collections::HashSet;
use std::sync::Arc;

/// Hands out names that were not handed out (or reserved) before.
#[derive(Clone, Debug, Default)]
pub struct NameGen {
    /// Names taken by the whole program (its global declarations), shared by the generators of
    /// all its functions rather than copied into each: copying made lowering quadratic.
    reserved: Arc<HashSet<String>>,
    used: HashSet<String>,
    /// Names of source variables: generated names avoid them, so that source variables keep
    /// their names wherever possible.
    source: HashSet<String>,
}

impl NameGen {
    pub fn new() -> NameGen {
        NameGen::default()
    }

    /// A generator that never hands out a name of `reserved`.
    pub fn with_reserved(reserved: Arc<HashSet<String>>) -> NameGen {
        NameGen {
            reserved,
            ..NameGen::default()
        }
    }

    /// Marks `name` as taken (e.g. global names of the program).
    pub fn reserve(&mut self, name: &str) {
        self.used.insert(name.to_string());
    }

    /// Whether `name` was handed out or reserved.
    pub fn is_used(&self, name: &str) -> bool {
        self.used.contains(name) || self.reserved.contains(name)
    }

    /// Keeps `name` for a source variable: [`NameGen::fresh`] will not hand it out.
    pub fn keep_for_source(&mut self, name: &str) {
        self.source.insert(name.to_string());
    }

    /// A name for a source variable: `name` itself if it is free, else a fresh variant.
    pub fn fresh_source(&mut self, name: &str) -> String {
        if self.source.contains(name)
            && !self.reserved.contains(name)
            && self.used.insert(name.to_string())
        {
            return name.to_string();
        }
        self.fresh(name)
    }

    /// `base` if it is still free, else `base_1`, `base_2`, ... (never a kept source name).
    pub fn fresh(&mut self, base: &str) -> String {
        let free = |g: &NameGen, n: &str| !g.is_used(n) && !g.source.contains(n);
        if free(self, base) {
            self.used.insert(base.to_string());
            return base.to_string();
        }
        let mut k = 1;
        loop {
            let candidate = format!("{base}_{k}");
            if free(self, &candidate) {
                self.used.insert(candidate.clone());
                return candidate;
            }
            k += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_never_handed_out_twice() {
        let mut g = NameGen::new();
        g.reserve("loc");
        assert_eq!(g.fresh("i"), "i");
        assert_eq!(g.fresh("i"), "i_1");
        assert_eq!(g.fresh("i_1"), "i_1_1");
        assert_eq!(g.fresh("loc"), "loc_1");
        assert!(g.is_used("i_1"));
        let mut shared = NameGen::with_reserved(Arc::new(HashSet::from(["a".to_string()])));
        shared.keep_for_source("a");
        assert_eq!(shared.fresh_source("a"), "a_1");
        assert_eq!(shared.fresh("a"), "a_2");
        assert!(shared.is_used("a"));
        g.keep_for_source("k");
        assert_eq!(g.fresh("k"), "k_1");
        assert_eq!(g.fresh_source("k"), "k");
        assert_eq!(g.fresh_source("k"), "k_2");
    }
}
