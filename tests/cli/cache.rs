//! The result cache: a second run of an unchanged file takes every result from the cache, an
//! edit to one function re-verifies only the obligations that depend on it, and no proof of an
//! earlier text outlives an edit (a racy edit is `failed`, whatever was proved before).

use crate::cli_support::{command, scratch};
use serde_json::Value;
use std::path::Path;

const TWO_FUNCTIONS: &str = "\
/*@ context \\pointer(a, n, write); @*/
void f(int n, int *a)
{
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    a[i] = i;
}

/*@ context \\pointer(b, n, write); @*/
void g(int n, int *b)
{
  #pragma omp parallel for
  for (int i = 0; i < n; i++)
    b[i] = 2 * i;
}
";

/// `ompv verify FILE --format json` with the cache in `cache`: the exit code and, per
/// obligation, its name, status and whether it came from the cache.
fn run(cache: &Path, file: &Path) -> (i32, Vec<(String, String, bool)>) {
    let out = command(&["verify", "--format", "json", "--cache-dir"])
        .arg(cache)
        .arg(file)
        .env_remove("OMPV_NO_CACHE")
        .output()
        .unwrap();
    let report: Value = serde_json::from_slice(&out.stdout).expect("one JSON line");
    let obligations = report["obligations"]
        .as_array()
        .expect("obligations")
        .iter()
        .map(|o| {
            (
                o["name"].as_str().unwrap().to_string(),
                o["status"].as_str().unwrap().to_string(),
                o["cached"].as_bool().unwrap_or(false),
            )
        })
        .collect();
    (out.status.code().unwrap_or(-1), obligations)
}

fn cached_names(obligations: &[(String, String, bool)]) -> Vec<&str> {
    obligations
        .iter()
        .filter(|o| o.2)
        .map(|o| o.0.as_str())
        .collect()
}

#[test]
fn an_edit_re_verifies_only_what_depends_on_it() {
    let dir = scratch("cache-edit");
    let cache = dir.join("proofs");
    let file = dir.join("two.c");
    std::fs::write(&file, TWO_FUNCTIONS).unwrap();
    let (code, cold) = run(&cache, &file);
    assert_eq!(code, 0, "{cold:?}");
    assert!(cached_names(&cold).is_empty(), "{cold:?}");
    let (code, warm) = run(&cache, &file);
    assert_eq!(code, 0);
    assert_eq!(cached_names(&warm).len(), cold.len(), "{warm:?}");
    // An edit of `g`'s loop body: the loop's obligation is checked again; `f`'s and `g`'s own
    // (which uses the loop only through its contract) stay proved.
    std::fs::write(&file, TWO_FUNCTIONS.replace("2 * i", "3 * i")).unwrap();
    let (code, edited) = run(&cache, &file);
    assert_eq!(code, 0);
    let again: Vec<&str> = edited
        .iter()
        .filter(|o| !o.2)
        .map(|o| o.0.as_str())
        .collect();
    assert!(!again.is_empty(), "{edited:?}");
    assert!(again.iter().all(|n| n.starts_with("g__")), "{edited:?}");
    let kept = cached_names(&edited);
    assert!(kept.contains(&"f") && kept.contains(&"g"), "{edited:?}");
    assert!(kept.iter().any(|n| n.starts_with("f__")), "{edited:?}");
}

#[test]
fn a_racy_edit_is_never_a_proof_from_the_cache() {
    let dir = scratch("cache-race");
    let cache = dir.join("proofs");
    let file = dir.join("two.c");
    std::fs::write(&file, TWO_FUNCTIONS).unwrap();
    assert_eq!(run(&cache, &file).0, 0);
    // Each iteration now writes its neighbour's element too.
    let racy = TWO_FUNCTIONS.replace(
        "b[i] = 2 * i;",
        "{ b[i] = 2 * i; if (i + 1 < n) b[i + 1] = 0; }",
    );
    std::fs::write(&file, racy).unwrap();
    for _ in 0..2 {
        let (code, obligations) = run(&cache, &file);
        assert_eq!(code, 1, "{obligations:?}");
        assert!(
            obligations.iter().any(|o| o.1 == "failed"),
            "{obligations:?}"
        );
    }
    // And back: the race-free text's proofs are still there.
    std::fs::write(&file, TWO_FUNCTIONS).unwrap();
    let (code, back) = run(&cache, &file);
    assert_eq!(code, 0);
    assert_eq!(cached_names(&back).len(), back.len(), "{back:?}");
}

#[test]
fn no_cache_verifies_everything_again() {
    let dir = scratch("cache-off");
    let cache = dir.join("proofs");
    let file = dir.join("two.c");
    std::fs::write(&file, TWO_FUNCTIONS).unwrap();
    run(&cache, &file);
    let out = command(&["verify", "--no-cache", "--format", "json"])
        .arg(&file)
        .env_remove("OMPV_NO_CACHE")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(!text.contains("\"cached\""), "{text}");
    let text_run = command(&["verify", "--cache-dir"])
        .arg(&cache)
        .arg(&file)
        .env_remove("OMPV_NO_CACHE")
        .output()
        .unwrap();
    let line = String::from_utf8_lossy(&text_run.stdout);
    assert!(line.contains("proved before, from the cache"), "{line}");
}
