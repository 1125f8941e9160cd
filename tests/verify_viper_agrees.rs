//! The Viper program `ompv encode --emit viper` prints gives the same verdict through
//! `ompv viper` as `ompv verify` gives for the C file, for every example.

mod verify_support;

use verify_support::{examples, ompv, scratch, verify};

#[test]
fn printed_viper_gives_the_same_verdict() {
    let dir = scratch("agree");
    let mut checked = 0;
    for p in examples() {
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        let file = format!("examples/{name}.c");
        let (code, text) = ompv(&["encode", &file, "--emit", "viper"]);
        if code != 0 {
            continue; // input errors: nothing to print
        }
        let vpr = dir.join(format!("{name}.vpr"));
        std::fs::write(&vpr, &text).expect("write");
        let (vcode, json) = ompv(&["viper", vpr.to_str().unwrap(), "--format", "json"]);
        let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
        let c = verify(&p);
        assert_eq!(
            (v["verdict"].as_str().unwrap(), vcode),
            (c.verdict.as_str(), c.code),
            "{file}: ompv viper says {json}, ompv verify says {:#}",
            c.json
        );
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} examples checked");
    let _ = std::fs::remove_dir_all(&dir);
}
