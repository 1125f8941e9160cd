//! How the C pipeline scales with the size of its input: a generated program of `k` functions,
//! each with a parallel region (a loop over a global array and a reduction), for k = 1, 10, 100, 1000.
//! Prints, per size, the time of the front end with inference (preprocessing, parsing, regions,
//! specifications), of the lowering to Viper, and of the verification (native back end, all
//! cores), the median of `REPS` runs. Run with `cargo bench --bench scaling`.

use std::time::{Duration, Instant};
use viper::SourceMap;

const REPS: usize = 3;

fn program(k: usize) -> String {
    let mut s = String::from("#include <omp.h>\n");
    for f in 0..k {
        s.push_str(&format!(
            "int a{f}[1000];\nint work{f}(void)\n{{\n  int sum = 0;\n\
             #pragma omp parallel for reduction(+ : sum)\n  for (int i = 0; i < 1000; i++) {{\n    \
             a{f}[i] = a{f}[i] + {f};\n    sum += a{f}[i];\n  }}\n  return sum;\n}}\n"
        ));
    }
    s
}

fn median(mut xs: Vec<Duration>) -> Duration {
    xs.sort();
    xs[xs.len() / 2]
}

fn main() {
    let dir = std::env::temp_dir();
    println!("functions  regions  front end+inference  lowering  verification  Viper lines");
    for k in [1usize, 10, 100, 1000] {
        let text = program(k);
        let (mut front, mut lower, mut verify) = (Vec::new(), Vec::new(), Vec::new());
        let mut lines = 0;
        let reps = if k >= 1000 { 1 } else { REPS };
        for _ in 0..reps {
            let mut sources = SourceMap::new();
            let file = sources.add("scaling.c", text.clone());
            let t = Instant::now();
            let p = openmp::parse_file(&mut sources, file, &openmp::Build::in_dir(Some(&dir)))
                .expect("parses");
            front.push(t.elapsed());
            let t = Instant::now();
            let l = openmp::lower::lower(&p).expect("lowers");
            lower.push(t.elapsed());
            lines = viper::print(&l.program).lines().count();
            let t = Instant::now();
            let r = viper::verifier::verify(&l.program, &Default::default()).expect("verifies");
            verify.push(t.elapsed());
            assert_eq!(r.verdict(), viper::verifier::Verdict::Verified);
        }
        println!(
            "{k:>9}  {k:>7}  {:>19.1?}  {:>8.1?}  {:>12.1?}  {lines:>11}",
            median(front),
            median(lower),
            median(verify)
        );
    }
}
