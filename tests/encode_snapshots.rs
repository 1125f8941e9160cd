//! `ompv encode --emit ppl`: snapshots of the text and JSON encodings of the example programs in
//! `tests/c/`, plus an explicit check of each program's PPL shapes (so that a wrongly accepted
//! snapshot cannot hide a wrong encoding).

use std::process::Command;

/// Runs `ompv encode FILE --format FORMAT` in the repository root; returns exit code and stdout.
fn encode(file: &str, format: &str) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_ompv"))
        // Every proof found again: no cache shared between runs or tests.
        .env("OMPV_NO_CACHE", "1")
        .args(["encode", file, "--emit", "ppl", "--format", format])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("ompv runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("UTF-8 output"),
    )
}

/// Encodes `tests/c/NAME.c`, checks the shapes of its regions, and snapshots both encodings.
fn check(name: &str, shapes: &[(&str, u32, &str)]) {
    let file = format!("tests/c/{name}.c");
    let (code, text) = encode(&file, "text");
    assert_eq!(code, 0, "{file}: {text}");
    let (code, json) = encode(&file, "json");
    assert_eq!(code, 0, "{file}: {json}");
    let value: serde_json::Value = serde_json::from_str(&json).expect("valid JSON");
    assert_eq!(value["file"], file.as_str());
    let regions = value["regions"].as_array().expect("regions");
    let got: Vec<(String, u64, String)> = regions
        .iter()
        .map(|r| {
            (
                r["function"].as_str().unwrap_or_default().to_string(),
                r["line"].as_u64().unwrap_or_default(),
                r["ppl"].as_str().unwrap_or_default().to_string(),
            )
        })
        .collect();
    let want: Vec<(String, u64, String)> = shapes
        .iter()
        .map(|(f, l, s)| (f.to_string(), u64::from(*l), s.to_string()))
        .collect();
    assert_eq!(got, want, "{file}: regions");
    for r in regions {
        assert!(r["tree"].is_object());
        assert!(r["pairs"].is_array());
    }
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path("../snapshots");
    settings.set_prepend_module_to_snapshot(false);
    settings.bind(|| {
        insta::assert_snapshot!(format!("encode_{name}_text"), text);
        insta::assert_json_snapshot!(format!("encode_{name}_json"), value);
    });
}

#[test]
fn listing4_sequential_composition() {
    check(
        "listing4_seq",
        &[("scale_then_shift", 12, "par@15 ; par@23")],
    );
}

#[test]
fn listing5_fusion() {
    check("listing5_fusion", &[("add", 12, "par@14 ⊕ par@19")]);
}

#[test]
fn listing6_vectorisation() {
    check("listing6_simd", &[("mult", 8, "par@10 || par@18")]);
}

#[test]
fn listing7_sections_with_nested_regions() {
    check(
        "listing7_sections",
        &[("add_and_mul", 17, "(par@28 ⊕ par@34) || par@43")],
    );
}

#[test]
fn listing7_sections_calling_functions() {
    check(
        "listing7_calls",
        &[
            ("both", 24, "seq@28 || seq@33"),
            ("add", 44, "par@46 ⊕ par@50"),
            ("mul", 59, "par@59"),
        ],
    );
}

#[test]
fn three_fused_loops() {
    check("three_fused", &[("pipeline", 6, "par@8 ⊕ par@13 ⊕ par@18")]);
}

#[test]
fn nowait_dynamic_then_two_fused_loops() {
    check(
        "dynamic_then_fused",
        &[("kernels", 7, "par@9 || (par@14 ⊕ par@19)")],
    );
}

#[test]
fn two_fused_loops_then_a_loop_after_nowait() {
    check(
        "fused_then_nowait",
        &[("stages", 7, "(par@9 ⊕ par@14) || par@19")],
    );
}

#[test]
fn sections_nowait_then_single() {
    check(
        "sections_nowait_single",
        &[("prepare", 7, "seq@11 || seq@18 || seq@29")],
    );
}

#[test]
fn parallel_regions_nested_in_sections() {
    check(
        "nested_in_sections",
        &[(
            "nested",
            7,
            "(par@15 ; par@19) || (par@29 ⊕ par@33) || seq@39",
        )],
    );
}

#[test]
fn parallel_for_alone_in_a_function() {
    check("parallel_for_alone", &[("fill", 7, "par@7")]);
}

#[test]
fn system_headers_printf_and_multi_line_pragmas() {
    check("headers_printf", &[("iota", 17, "par@20")]);
}
