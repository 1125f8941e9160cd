//! Tests of the replay on small programs: each rule of the model, with the OpenMP 5.2 section
//! it follows, on a racy program (the race must be reported, at the right accesses) and on its
//! race-free twin (nothing may be reported).

use super::*;

/// Replays a C program given as text.
pub(crate) fn run_with(src: &str, cfg: &ReplayConfig) -> ReplayOutcome {
    let mut sm = SourceMap::new();
    let f = sm.add("t.c", src);
    let p = crate::parse_c(&mut sm, f, &Default::default()).unwrap_or_else(|e| panic!("{e:?}"));
    replay(&p, &sm, cfg)
}

pub(crate) fn run(src: &str) -> ReplayOutcome {
    run_with(src, &ReplayConfig::default())
}

/// The racing pairs as `line:col:R/W` pairs (ordered by position within and across pairs).
pub(crate) fn pairs(o: &ReplayOutcome) -> Vec<String> {
    match o {
        ReplayOutcome::Races(ps) => {
            let key = |a: &Access| (a.span.line, a.span.column, a.write);
            let mut v: Vec<_> = ps
                .iter()
                .map(|p| {
                    let (a, b) = (key(&p.first), key(&p.second));
                    if a <= b {
                        (a, b)
                    } else {
                        (b, a)
                    }
                })
                .collect();
            v.sort();
            v.dedup();
            let one =
                |(l, c, w): (u32, u32, bool)| format!("{l}:{c}:{}", if w { "W" } else { "R" });
            v.into_iter()
                .map(|(a, b)| format!("{} {}", one(a), one(b)))
                .collect()
        }
        other => panic!("expected races, got {other:?}"),
    }
}

fn no_race(o: &ReplayOutcome) {
    assert!(
        matches!(o, ReplayOutcome::NoRaceObserved { .. }),
        "expected no race, got {o:?}"
    );
}

#[test]
fn shifted_index_races_and_its_twin_does_not() {
    // §11.5: iterations of a worksharing loop run on different threads, unordered.
    let racy = "int main() {\n  int a[100];\n  for (int i = 0; i < 100; i++) a[i] = i;\n#pragma omp parallel for\n  for (int i = 0; i < 99; i++)\n    a[i] = a[i + 1] + 1;\n  return 0;\n}\n";
    assert_eq!(pairs(&run(racy)), ["6:5:W 6:12:R"]);
    no_race(&run(&racy.replace("a[i + 1]", "a[i]")));
}
