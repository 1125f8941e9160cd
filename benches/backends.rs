//! Native vs Silicon, per file: `cargo bench --features silicon --bench backends -- [--reps N] [PATH...]`.
//!
//! Each PATH is a `.vpr` file or a directory searched recursively (default: `tests/viper`). Silicon
//! runs in one warm JVM: after start-up, every file goes through Silicon once to warm it up (the
//! first program's time is reported separately), then each file is timed `--reps` times (default
//! 3) on each back end and the median is kept. Native time is parse + type check + verify; Silicon
//! time is the JNI call (Silver's parse and type check + Silicon's verification). The ratio is
//! Silicon's time over native's; totals and ratios cover the files both back ends answered
//! (verified, failed or unknown: neither rejected them as input errors nor crashed). Files marked
//! `[not run on Silicon]` in `tests/backend-known-differences.txt` are left out.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use viper::silicon::Silicon;
use viper::verifier::VerifyOptions;
use viper::FileId;

fn vpr_files(path: &Path, out: &mut Vec<PathBuf>) {
    if path.is_dir() {
        let mut entries: Vec<_> = std::fs::read_dir(path)
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        entries.sort();
        for p in entries {
            vpr_files(&p, out);
        }
    } else if path.extension().is_some_and(|e| e == "vpr") {
        out.push(path.to_path_buf());
    }
}

/// The native back end's verdict (or `error`) and time.
fn native(text: &str) -> (&'static str, Duration) {
    let start = Instant::now();
    let verdict = match viper::parse(text, FileId(0)) {
        Err(_) => "error",
        Ok(mut program) => match viper::typecheck(&mut program) {
            Err(_) => "error",
            Ok(()) => match viper::verifier::verify(&program, &VerifyOptions::default()) {
                Err(_) => "error",
                Ok(r) => r.verdict().as_str(),
            },
        },
    };
    (verdict, start.elapsed())
}

/// Silicon's verdict (from its raw answer) and time.
fn silicon(s: &Silicon, text: &str) -> (&'static str, Duration) {
    let start = Instant::now();
    let verdict = match s.verify_raw(text) {
        Err(_) => "crash",
        Ok(a) if a.errors.is_empty() => "verified",
        Ok(a)
            if a.errors.iter().any(|e| {
                matches!(
                    e.id.as_str(),
                    "parser.error" | "typechecker.error" | "consistency.error"
                )
            }) =>
        {
            "error"
        }
        Ok(a) if a.errors.iter().all(|e| !e.id.contains(':')) => "unknown",
        Ok(_) => "failed",
    };
    (verdict, start.elapsed())
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let mut reps = 3usize;
    let mut paths = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match a.as_str() {
            "--reps" => {
                reps = args
                    .next()
                    .and_then(|n| n.parse().ok())
                    .filter(|&n| n > 0)
                    .expect("--reps needs a positive number")
            }
            // Passed by `cargo bench`.
            "--bench" => {}
            _ => paths.push(PathBuf::from(a)),
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    if paths.is_empty() {
        paths.push(root.join("tests/viper"));
    }
    let mut files = Vec::new();
    for p in &paths {
        vpr_files(p, &mut files);
    }
    // Files Silicon does not finish (its Z3 has no time limit on some nonlinear queries) are
    // marked `[not run on Silicon]` in the known differences; they are left out.
    let known = std::fs::read_to_string(root.join("tests/backend-known-differences.txt"))
        .unwrap_or_default();
    let not_run: Vec<&str> = known
        .lines()
        .filter_map(|l| l.split_once(char::is_whitespace))
        .filter(|(_, reason)| reason.trim_start().starts_with("[not run on Silicon]"))
        .map(|(name, _)| name)
        .collect();
    files.retain(|f| !not_run.iter().any(|n| f.ends_with(n)));
    if files.is_empty() {
        eprintln!("no .vpr files under {paths:?}");
        std::process::exit(2);
    }
    let texts: Vec<String> = files
        .iter()
        .map(|f| std::fs::read_to_string(f).expect("readable file"))
        .collect();

    let started = Instant::now();
    let s = Silicon::global().unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(2)
    });
    let startup = started.elapsed();
    let warm: Vec<Duration> = texts.iter().map(|t| silicon(s, t).1).collect();
    println!(
        "Silicon start-up (JVM + SiliconFrontendAPI): {:.0} ms; first program: {:.0} ms; \
         warm-up pass over {} files: {:.0} ms",
        ms(startup),
        ms(warm[0]),
        files.len(),
        ms(warm.iter().sum())
    );
    println!(
        "{:<60} {:>10} {:>10} {:>8}  verdicts (native/silicon)",
        "file", "native ms", "silicon ms", "ratio"
    );
    let (mut total_n, mut total_s, mut log_sum, mut counted) =
        (Duration::ZERO, Duration::ZERO, 0.0, 0);
    let mut silicon_all = Duration::ZERO;
    for (file, text) in files.iter().zip(&texts) {
        let mut nt = Vec::new();
        let mut st = Vec::new();
        let (mut nv, mut sv) = ("", "");
        for _ in 0..reps {
            let (v, t) = native(text);
            nv = v;
            nt.push(t);
            let (v, t) = silicon(s, text);
            sv = v;
            st.push(t);
        }
        let (n, si) = (median(nt), median(st));
        silicon_all += si;
        let name = file
            .strip_prefix(root)
            .unwrap_or(file)
            .display()
            .to_string();
        let both_ran = nv != "error" && sv != "error" && sv != "crash";
        let ratio = if both_ran && n > Duration::ZERO {
            let r = si.as_secs_f64() / n.as_secs_f64();
            total_n += n;
            total_s += si;
            log_sum += r.ln();
            counted += 1;
            format!("{r:.1}x")
        } else {
            "n/a".into()
        };
        println!(
            "{name:<60} {:>10.1} {:>10.1} {ratio:>8}  {nv}/{sv}",
            ms(n),
            ms(si)
        );
    }
    println!(
        "Silicon, warm, all {} files: {:.0} ms (mean {:.0} ms per file)",
        files.len(),
        ms(silicon_all),
        ms(silicon_all) / files.len() as f64
    );
    if counted > 0 {
        println!(
            "total over the {counted} files both back ends answered: native {:.0} ms, Silicon {:.0} ms, \
             ratio {:.1}x; geometric mean of per-file ratios {:.1}x",
            ms(total_n),
            ms(total_s),
            total_s.as_secs_f64() / total_n.as_secs_f64().max(f64::MIN_POSITIVE),
            (log_sum / counted as f64).exp()
        );
    } else {
        println!("no file was answered by both back ends");
    }
}
