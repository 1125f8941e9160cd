//! `ompv encode FILE.c --emit viper`: snapshots of the generated Viper programs of the examples,
//! and a check that each printed program parses back and type-checks (`ompv viper --emit viper`).

mod verify_support;

use verify_support::{examples, ompv, scratch};

/// Examples whose lowering fails on purpose (input errors).
const INPUT_ERRORS: &[&str] = &["fail_syntax", "fail_unsupported"];

#[test]
fn generated_viper_of_the_examples() {
    let dir = scratch("snapshots");
    for p in examples() {
        let name = p.file_stem().unwrap().to_string_lossy().to_string();
        let file = format!("examples/{name}.c");
        let (code, text) = ompv(&["encode", &file, "--emit", "viper"]);
        if INPUT_ERRORS.contains(&name.as_str()) {
            assert_eq!(code, 2, "{file}");
            continue;
        }
        assert_eq!(code, 0, "{file}");
        // The printed program is valid Viper.
        let vpr = dir.join(format!("{name}.vpr"));
        std::fs::write(&vpr, &text).expect("write");
        let (code, again) = ompv(&["viper", vpr.to_str().unwrap(), "--emit", "viper"]);
        assert_eq!(
            code, 0,
            "{file}: the printed program does not parse or type-check"
        );
        assert_eq!(again, text, "{file}: printing is not stable");
        let mut settings = insta::Settings::clone_current();
        settings.set_snapshot_path("../snapshots");
        settings.set_prepend_module_to_snapshot(false);
        settings.bind(|| insta::assert_snapshot!(format!("verify_viper_{name}"), text));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn json_form_holds_the_program() {
    let (code, json) = ompv(&[
        "encode",
        "examples/copy_zero.c",
        "--emit",
        "viper",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(v["file"], "examples/copy_zero.c");
    let text = v["viper"].as_str().expect("viper text");
    assert!(text.contains("method copy(") && text.contains("method zero__r24__sequentialize("));
}
