//! Cross-check with the real Viper Silicon (cargo feature `silicon`): the Viper program generated
//! for every example and every test program of `tests/c/verify/` gets the same verdict from
//! Silicon (`ompv viper --backend silicon`) as from the native back end, and the same set of
//! (error id, line) pairs.
#![cfg(feature = "silicon")]

mod verify_support;

use verify_support::{examples, ompv, root, scratch};

/// A verdict and the set of (error id, line) pairs.
type Answer = (String, std::collections::BTreeSet<(String, u64)>);

#[test]
fn generated_programs_agree_with_silicon() {
    let dir = scratch("silicon");
    let mut files: Vec<String> = examples()
        .iter()
        .map(|p| format!("examples/{}", p.file_name().unwrap().to_string_lossy()))
        .collect();
    let mut more: Vec<String> = std::fs::read_dir(root().join("tests/c/verify"))
        .expect("tests/c/verify")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .map(|p| {
            format!(
                "tests/c/verify/{}",
                p.file_name().unwrap().to_string_lossy()
            )
        })
        .collect();
    more.sort();
    files.extend(more);
    let mut written = Vec::new();
    for file in &files {
        let (code, text) = ompv(&["encode", file, "--emit", "viper"]);
        if code != 0 {
            continue;
        }
        let vpr = dir.join(file.replace('/', "_").replace(".c", ".vpr"));
        std::fs::write(&vpr, &text).expect("write");
        written.push(vpr.to_str().unwrap().to_string());
    }
    // One run per back end (one JVM for all programs); JSON Lines, one answer per file.
    let answers = |backend: &str| -> std::collections::BTreeMap<String, Answer> {
        let mut args = vec!["viper", "--format", "json", "--backend", backend];
        args.extend(written.iter().map(String::as_str));
        let (_, json) = ompv(&args);
        json.lines()
            .map(|line| {
                let v: serde_json::Value = serde_json::from_str(line).expect("JSON");
                let set = v["errors"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|e| {
                        (
                            e["id"].as_str().unwrap().to_string(),
                            e["line"].as_u64().unwrap(),
                        )
                    })
                    .collect();
                let verdict = v["verdict"].as_str().unwrap().to_string();
                (v["file"].as_str().unwrap().to_string(), (verdict, set))
            })
            .collect()
    };
    let native = answers("native");
    let silicon = answers("silicon");
    assert_eq!(native.len(), written.len(), "one native answer per program");
    assert_eq!(
        silicon.len(),
        written.len(),
        "one Silicon answer per program"
    );
    let mut compared = 0;
    let mut disagreements = Vec::new();
    for file in &written {
        let (n, s) = (&native[file], &silicon[file]);
        // Both back ends report every error of every member, so the sets must be equal.
        if n != s {
            disagreements.push(format!("{file}: native {n:?}\n  silicon {s:?}"));
        }
        compared += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(compared >= 25, "only {compared} programs compared");
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}

#[test]
fn verify_with_silicon_maps_errors_to_the_c_program() {
    let run = |file: &str| {
        let (code, json) = ompv(&["verify", file, "--backend", "silicon", "--format", "json"]);
        let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        (code, v)
    };
    let (code, v) = run("examples/fusion.c");
    assert_eq!(
        (code, v["verdict"].as_str()),
        (0, Some("verified")),
        "{v:#}"
    );
    let (code, v) = run("examples/fail_region_post.c");
    assert_eq!(code, 1, "{v:#}");
    let e = &v["errors"][0];
    assert_eq!(
        (e["kind"].as_str(), e["line"].as_u64()),
        (Some("region-contract"), Some(11))
    );
}
