//! The README's tables of implicit accesses (OpenMP) and of the C library are printed from the
//! tables the proof and the run read (`openmp::semantics`): this test fails when they differ.
//! `OMPV_BLESS=1 cargo test --test readme_tables` writes the current tables into the README.

use std::path::Path;

/// The text between the marker line naming `source` and the next end marker.
fn splice(readme: &str, source: &str, table: &str) -> (String, String) {
    let begin =
        format!("<!-- table of {source}: generated, checked by tests/readme_tables.rs -->\n");
    let end = "<!-- end of table -->";
    let start = readme
        .find(&begin)
        .unwrap_or_else(|| panic!("README.md has no marker for {source}"))
        + begin.len();
    let stop = start + readme[start..].find(end).expect("an end marker");
    let current = readme[start..stop].to_string();
    let updated = format!("{}{}{}", &readme[..start], table, &readme[stop..]);
    (current, updated)
}

#[test]
fn readme_tables_are_the_semantics_tables() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md");
    let mut readme = std::fs::read_to_string(&path).expect("README.md");
    let tables = [
        (
            "openmp/src/semantics/openmp.rs",
            openmp::semantics::openmp::markdown(),
        ),
        (
            "openmp/src/semantics/libc.rs",
            openmp::semantics::libc::markdown(),
        ),
    ];
    let bless = std::env::var_os("OMPV_BLESS").is_some();
    for (source, table) in tables {
        let (current, updated) = splice(&readme, source, &table);
        if bless {
            readme = updated;
        } else {
            assert_eq!(
                current, table,
                "the README's table of {source} is not the table (OMPV_BLESS=1 rewrites it)"
            );
        }
    }
    if bless {
        std::fs::write(&path, readme).expect("README.md written");
    }
}
