//! `--partition`: one share of a run's inputs, so that CI machines can split a list of files
//! between them the way `cargo nextest --partition` splits tests. Every input lands in exactly
//! one share, and which one depends only on the arguments (never on timing or the machine).

use std::fmt;
use std::hash::Hasher;
use std::str::FromStr;

/// How inputs are dealt out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scheme {
    /// By position: input `i` (from 0, in the order the run takes them) goes to share
    /// `i mod N + 1`. The shares differ in size by at most one input.
    Count,
    /// By a hash of the input's name (FNV-1a of the path as given or as the directory walk found
    /// it): adding a file moves no other file to another share.
    Hash,
}

/// Share `index` (from 1) of `total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Partition {
    pub scheme: Scheme,
    pub index: u32,
    pub total: u32,
}

impl FromStr for Partition {
    type Err = String;

    /// `count:K/N`, `hash:K/N`, or `K/N` (by count), with `1 <= K <= N`.
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || {
            format!("`{s}` is not a partition: expected `count:K/N` or `hash:K/N` with 1 <= K <= N")
        };
        let (scheme, share) = match s.split_once(':') {
            Some(("count", rest)) => (Scheme::Count, rest),
            Some(("hash", rest)) => (Scheme::Hash, rest),
            Some(_) => return Err(bad()),
            None => (Scheme::Count, s),
        };
        let (k, n) = share.split_once('/').ok_or_else(bad)?;
        let (index, total) = (
            k.parse::<u32>().map_err(|_| bad())?,
            n.parse::<u32>().map_err(|_| bad())?,
        );
        if index == 0 || index > total {
            return Err(bad());
        }
        Ok(Partition {
            scheme,
            index,
            total,
        })
    }
}

impl fmt::Display for Partition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scheme = match self.scheme {
            Scheme::Count => "count",
            Scheme::Hash => "hash",
        };
        write!(f, "{scheme}:{}/{}", self.index, self.total)
    }
}

impl Partition {
    /// Whether the input at `position` (from 0) named `name` belongs to this share.
    pub fn keeps(&self, position: usize, name: &str) -> bool {
        let slot = match self.scheme {
            Scheme::Count => position as u64 % u64::from(self.total),
            Scheme::Hash => {
                let mut h = fnv::FnvHasher::default();
                h.write(name.as_bytes());
                h.finish() % u64::from(self.total)
            }
        };
        slot + 1 == u64::from(self.index)
    }

    /// The items of this share, in their order.
    pub fn select<T>(&self, items: Vec<T>, name: impl Fn(&T) -> String) -> Vec<T> {
        items
            .into_iter()
            .enumerate()
            .filter(|(k, item)| self.keeps(*k, &name(item)))
            .map(|(_, item)| item)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(n: usize) -> Vec<String> {
        (0..n).map(|k| format!("tests/c/f{k}.c")).collect()
    }

    #[test]
    fn reads_the_forms_nextest_reads_and_rejects_the_rest() {
        let p: Partition = "hash:2/3".parse().unwrap();
        assert_eq!((p.scheme, p.index, p.total), (Scheme::Hash, 2, 3));
        assert_eq!(
            "count:1/1".parse::<Partition>().unwrap().scheme,
            Scheme::Count
        );
        assert_eq!("3/4".parse::<Partition>().unwrap().to_string(), "count:3/4");
        for bad in ["0/2", "3/2", "1/0", "hash:1", "size:1/2", "a/b", "-1/2", ""] {
            let e = bad.parse::<Partition>().unwrap_err();
            assert!(e.contains("is not a partition"), "{bad}: {e}");
        }
    }

    #[test]
    fn every_input_is_in_exactly_one_share() {
        let all = names(23);
        for scheme in ["count", "hash"] {
            let mut seen: Vec<String> = Vec::new();
            for k in 1..=4 {
                let p: Partition = format!("{scheme}:{k}/4").parse().unwrap();
                seen.extend(p.select(all.clone(), |s| s.clone()));
            }
            seen.sort();
            let mut expected = all.clone();
            expected.sort();
            assert_eq!(seen, expected, "{scheme}");
        }
    }

    #[test]
    fn count_shares_are_even_and_hash_shares_do_not_move_when_a_file_is_added() {
        let all = names(10);
        let sizes: Vec<usize> = (1..=3)
            .map(|k| {
                let p = Partition {
                    scheme: Scheme::Count,
                    index: k,
                    total: 3,
                };
                p.select(all.clone(), |s| s.clone()).len()
            })
            .collect();
        assert_eq!(sizes, [4, 3, 3]);
        let p = Partition {
            scheme: Scheme::Hash,
            index: 1,
            total: 3,
        };
        let before = p.select(all.clone(), |s| s.clone());
        let mut more = all.clone();
        more.insert(0, "tests/c/new.c".into());
        let after: Vec<String> = p
            .select(more, |s| s.clone())
            .into_iter()
            .filter(|s| s != "tests/c/new.c")
            .collect();
        assert_eq!(before, after);
        assert!(!before.is_empty() && before.len() < all.len(), "{before:?}");
    }
}
