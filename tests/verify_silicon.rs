//! Cross-check with the real Viper Silicon (cargo feature `silicon`): the Viper program generated
//! for every example and every test program of `tests/c/verify/` gets the same verdict and the
//! same (error id, line) set from Silicon as from the native back end (`ompv viper --backend both`
//! reports any difference as `backend.disagreement`).
#![cfg(feature = "silicon")]

mod verify_support;

use verify_support::{examples, ompv, root, scratch};

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
    let mut compared = 0;
    let mut disagreements = Vec::new();
    for file in files {
        let (code, text) = ompv(&["encode", &file, "--emit", "viper"]);
        if code != 0 {
            continue;
        }
        let vpr = dir.join(file.replace('/', "_").replace(".c", ".vpr"));
        std::fs::write(&vpr, &text).expect("write");
        let (code, json) = ompv(&[
            "viper",
            vpr.to_str().unwrap(),
            "--backend",
            "both",
            "--format",
            "json",
        ]);
        let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        let bad = v["errors"].as_array().unwrap().iter().any(|e| {
            e["id"]
                .as_str()
                .is_some_and(|id| id.starts_with("backend.") || id.starts_with("silicon."))
        });
        if bad || code == 2 {
            disagreements.push(format!("{file}: {json}"));
        }
        compared += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(compared >= 25, "only {compared} programs compared");
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}
