//! Edited versions of test inputs for robustness tests: truncations and token deletions, from a
//! deterministic generator so that failures are reproducible.

/// A deterministic PRNG (xorshift64*), so that failures are reproducible.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Byte ranges of the tokens of `text`: words, runs of whitespace, and single other characters.
pub fn tokens(text: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut it = text.char_indices().peekable();
    while let Some((start, c)) = it.next() {
        let class = |c: char| {
            if c.is_alphanumeric() || c == '_' || c == '$' {
                0
            } else if c.is_whitespace() {
                1
            } else {
                2
            }
        };
        let k = class(c);
        let mut end = start + c.len_utf8();
        if k != 2 {
            while let Some(&(i, d)) = it.peek() {
                if class(d) != k {
                    break;
                }
                end = i + d.len_utf8();
                it.next();
            }
        }
        out.push((start, end));
    }
    out
}

/// The variants of one file's text: `cuts` truncations and `deletions` token deletions.
pub fn variants(text: &str, seed: u64, cuts: usize, deletions: usize) -> Vec<String> {
    let mut out = Vec::new();
    let len = text.len();
    for i in 1..=cuts {
        let mut cut = len * i / (cuts + 1);
        while !text.is_char_boundary(cut) {
            cut -= 1;
        }
        out.push(text[..cut].to_string());
    }
    let toks = tokens(text);
    let mut rng = Rng(seed | 1);
    for _ in 0..deletions {
        if toks.is_empty() {
            break;
        }
        let mut drop: Vec<usize> = (0..1 + rng.below(3))
            .map(|_| rng.below(toks.len()))
            .collect();
        drop.sort_unstable();
        drop.dedup();
        let mut s = String::with_capacity(len);
        let mut pos = 0;
        for &d in &drop {
            let (a, b) = toks[d];
            s.push_str(&text[pos..a]);
            pos = b;
        }
        s.push_str(&text[pos..]);
        out.push(s);
    }
    out
}

/// Runs `run` on `cuts` truncations and `deletions` token deletions of every file (seeded from
/// `seed` and the file's position), catching panics. Returns the number of variants run and a
/// message per variant that failed or panicked.
pub fn exercise(
    files: &[std::path::PathBuf],
    seed: u64,
    cuts: usize,
    deletions: usize,
    run: &dyn Fn(&std::path::Path, &str) -> Result<(), String>,
) -> (usize, Vec<String>) {
    use std::panic::{catch_unwind, AssertUnwindSafe};
    let mut failures = Vec::new();
    let mut total = 0;
    for (i, path) in files.iter().enumerate() {
        let text = std::fs::read_to_string(path).expect("readable test file");
        let variants = variants(&text, seed + i as u64, cuts, deletions);
        for (j, v) in variants.into_iter().enumerate() {
            total += 1;
            match catch_unwind(AssertUnwindSafe(|| run(path, &v))) {
                Ok(Ok(())) => {}
                Ok(Err(msg)) => {
                    failures.push(format!("{} variant {j}: {msg}", super::display(path)))
                }
                Err(_) => failures.push(format!(
                    "{} variant {j}: panic on input:\n{v}",
                    super::display(path)
                )),
            }
        }
    }
    (total, failures)
}
