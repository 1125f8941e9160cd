//! The structure ARCHITECTURE.md promises, checked on the source (in the manner of
//! rust-analyzer's tidy tests):
//! - every path it names exists;
//! - every module of a crate imports only modules of lower layers of its "Allowed imports"
//!   table (`crate::…`, `super::…` and child-module paths in `use` items and in code);
//! - no two folders of a crate import each other, directly or around a circle;
//! - files of one folder import each other in a circle only where the folder says why (or is
//!   listed as still tangled, a list that may only shrink).
//!
//! Test code may use the whole pipeline to build its input, so it is not read: files named
//! `tests.rs`, `test_*.rs` or `testing.rs`, and a file's text from its first `#[cfg(test)]` (or
//! `#[cfg(all(test, …))]`) on.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn architecture() -> String {
    fs::read_to_string(Path::new(ROOT).join("ARCHITECTURE.md")).expect("ARCHITECTURE.md")
}

/// One crate's layers, bottom first: each a set of top-level modules (`lib.rs`/`main.rs` for the
/// crate root's own items).
struct Layers {
    src: String,
    layers: Vec<BTreeSet<String>>,
}

impl Layers {
    fn layer_of(&self, module: &str) -> Option<usize> {
        self.layers.iter().position(|l| l.contains(module))
    }
}

/// The lines `src-dir: a < b, c < d` of the fenced block after "## Allowed imports".
fn allowed_imports(text: &str) -> Vec<Layers> {
    let section = text
        .split("## Allowed imports")
        .nth(1)
        .expect("ARCHITECTURE.md has a section \"## Allowed imports\"");
    let block = section
        .split("```")
        .nth(1)
        .expect("the section has a fenced block");
    block
        .lines()
        .filter(|l| l.contains(':'))
        .map(|l| {
            let (src, rest) = l.split_once(':').unwrap();
            Layers {
                src: src.trim().to_string(),
                layers: rest
                    .split('<')
                    .map(|layer| layer.split(',').map(|m| m.trim().to_string()).collect())
                    .collect(),
            }
        })
        .collect()
}

/// A source file: its module path within the crate and the directory it belongs to.
struct File {
    path: PathBuf,
    module: Vec<String>,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn is_test_file(p: &Path) -> bool {
    let name = p.file_name().unwrap().to_str().unwrap();
    name == "tests.rs" || name == "testing.rs" || name.starts_with("test_")
}

fn files_of(src: &Path) -> Vec<File> {
    let mut paths = Vec::new();
    rust_files(src, &mut paths);
    paths
        .into_iter()
        .filter(|p| !is_test_file(p))
        .map(|p| {
            let rel = p.strip_prefix(src).unwrap().with_extension("");
            let mut module: Vec<String> = rel
                .components()
                .map(|c| c.as_os_str().to_str().unwrap().to_string())
                .collect();
            let last = module.last().unwrap().as_str();
            if matches!(last, "mod" | "lib" | "main") {
                module.pop();
            }
            File { path: p, module }
        })
        .collect()
}

/// The code of a file without comments, string literals and its test module.
fn code(text: &str) -> String {
    let text = ["#[cfg(test)]", "#[cfg(all(test"]
        .iter()
        .filter_map(|m| text.find(m))
        .min()
        .map_or(text, |i| &text[..i]);
    let mut out = String::with_capacity(text.len());
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i] == b'"' && (i == 0 || b[i - 1] != b'\'') {
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else {
            out.push(b[i] as char);
            i += 1;
        }
    }
    out
}

/// Every path the code names that starts with `crate`, `super`, `self` or a child module,
/// expanded over `use` groups: each as its segments, the first of them resolved against the
/// file's module.
fn paths(code: &str, module: &[String]) -> Vec<Vec<String>> {
    // `mod name;` items (after any attributes): the child modules a bare path may start with.
    let children: BTreeSet<String> = code
        .split(';')
        .filter_map(|s| match s.split_whitespace().collect::<Vec<_>>()[..] {
            [.., "mod", name] => Some(name.to_string()),
            _ => None,
        })
        .collect();
    let here = module;
    let mut out = Vec::new();
    let mut rest = code;
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    while let Some(pos) = rest.find(|c: char| ident(c)) {
        let before = &rest[..pos];
        rest = &rest[pos..];
        let end = rest.find(|c: char| !ident(c)).unwrap_or(rest.len());
        let word = &rest[..end];
        let preceded_by_path = before.ends_with("::");
        if !preceded_by_path
            && (word == "crate" || word == "super" || word == "self" || children.contains(word))
            && rest[end..].starts_with("::")
        {
            let (tree, len) = path_tree(rest);
            for segs in expand(&tree) {
                if let Some(p) = resolve(&segs, here, &children) {
                    out.push(p);
                }
            }
            rest = &rest[len..];
        } else {
            rest = &rest[end..];
        }
    }
    out
}

/// The text of a path with its `{…}` groups, and its length in `s`.
fn path_tree(s: &str) -> (String, usize) {
    let mut depth = 0;
    for (i, c) in s.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => return (s[..i].to_string(), i),
            '}' => depth -= 1,
            c if depth == 0 && !(c.is_alphanumeric() || c == '_' || c == ':' || c == '*') => {
                return (s[..i].to_string(), i)
            }
            _ => {}
        }
    }
    (s.to_string(), s.len())
}

/// `a::{b, c::{d}}` as `a::b` and `a::c::d`.
fn expand(tree: &str) -> Vec<Vec<String>> {
    let tree: String = tree.chars().filter(|c| !c.is_whitespace()).collect();
    let Some(open) = tree.find('{') else {
        return vec![tree
            .split("::")
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect()];
    };
    let prefix: Vec<String> = tree[..open]
        .split("::")
        .filter(|s| !s.is_empty())
        .map(String::from)
        .collect();
    let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
    let mut parts = Vec::new();
    let (mut depth, mut start) = (0, 0);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&inner[start..]);
    parts
        .into_iter()
        .filter(|p| !p.is_empty())
        .flat_map(expand)
        .map(|tail| prefix.iter().cloned().chain(tail).collect())
        .collect()
}

/// A path as absolute module segments (`crate` dropped).
fn resolve(segs: &[String], here: &[String], children: &BTreeSet<String>) -> Option<Vec<String>> {
    let first = segs.first()?;
    let mut base: Vec<String> = match first.as_str() {
        "crate" => Vec::new(),
        "self" => here.to_vec(),
        "super" => {
            let ups = segs.iter().take_while(|s| *s == "super").count();
            if ups > here.len() {
                return None;
            }
            let mut b = here[..here.len() - ups].to_vec();
            b.extend(segs[ups..].iter().cloned());
            return Some(b);
        }
        c if children.contains(c) => {
            let mut b = here.to_vec();
            b.push(c.to_string());
            b.extend(segs[1..].iter().cloned());
            return Some(b);
        }
        _ => return None,
    };
    base.extend(segs[1..].iter().cloned());
    Some(base)
}

/// The file (by index) a module path names: the longest prefix that is a module of the crate.
fn file_of(path: &[String], modules: &BTreeMap<Vec<String>, usize>) -> Option<usize> {
    (0..=path.len())
        .rev()
        .find_map(|n| modules.get(&path[..n].to_vec()).copied())
}

/// The names the crate root re-exports, each with the module it comes from.
fn root_reexports(root: &str, files: &[File], src: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let code = code(root);
    for item in code.split(';') {
        let Some(u) = item.trim().strip_prefix("pub use ") else {
            continue;
        };
        for segs in expand(u) {
            let (Some(m), Some(name)) = (segs.first(), segs.last()) else {
                continue;
            };
            if name == "*" {
                // A glob: the names the module's file defines.
                if let Some(f) = files.iter().find(|f| f.module == [m.clone()]) {
                    let text = fs::read_to_string(src.join(&f.path)).unwrap_or_default();
                    for w in text.split_whitespace().collect::<Vec<_>>().windows(2) {
                        if matches!(w[0], "struct" | "enum" | "fn" | "type" | "trait") {
                            let n: String = w[1]
                                .chars()
                                .take_while(|c| c.is_alphanumeric() || *c == '_')
                                .collect();
                            out.insert(n, m.clone());
                        }
                    }
                }
            } else {
                out.insert(name.clone(), m.clone());
            }
        }
    }
    out
}

/// For each file: the files it imports.
fn imports(src: &Path, files: &[File]) -> Vec<BTreeSet<usize>> {
    let modules: BTreeMap<Vec<String>, usize> = files
        .iter()
        .enumerate()
        .map(|(k, f)| (f.module.clone(), k))
        .collect();
    let root = files
        .iter()
        .position(|f| f.module.is_empty())
        .expect("a crate root");
    let reexports = root_reexports(&fs::read_to_string(&files[root].path).unwrap(), files, src);
    files
        .iter()
        .map(|f| {
            let text = fs::read_to_string(&f.path).unwrap();
            paths(&code(&text), &f.module)
                .into_iter()
                .filter_map(|p| {
                    let p = match p.first() {
                        Some(name) if !modules.contains_key(&vec![name.clone()]) => {
                            match reexports.get(name) {
                                Some(m) => vec![m.clone()],
                                None => Vec::new(),
                            }
                        }
                        _ => p,
                    };
                    file_of(&p, &modules)
                })
                .filter(|&t| t != modules[&f.module])
                .collect()
        })
        .collect()
}

/// A file's top-level module, as ARCHITECTURE.md names it.
/// A file's module one level below `prefix` (the folder a line of the table is about), as
/// ARCHITECTURE.md names it; `None` for a file outside that folder.
fn top(f: &File, prefix: &[String]) -> Option<String> {
    let rest = f.module.strip_prefix(prefix)?;
    Some(match rest.first() {
        Some(m) => m.clone(),
        None => f.path.file_name().unwrap().to_str().unwrap().to_string(),
    })
}

/// The crate source folder `dir` is in (the nearest one with a `lib.rs` or `main.rs`), and the
/// module path of `dir` in it.
fn crate_of(dir: &Path) -> (PathBuf, Vec<String>) {
    let mut src = dir.to_path_buf();
    while !src.join("lib.rs").exists() && !src.join("main.rs").exists() {
        src = src.parent().expect("a crate root above").to_path_buf();
    }
    let prefix = dir
        .strip_prefix(&src)
        .unwrap()
        .components()
        .map(|c| c.as_os_str().to_str().unwrap().to_string())
        .collect();
    (src, prefix)
}

/// The crate source folders the table names.
fn crates(text: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = allowed_imports(text)
        .iter()
        .map(|l| crate_of(&Path::new(ROOT).join(&l.src)).0)
        .collect();
    out.sort();
    out.dedup();
    out
}

fn rel(p: &Path) -> String {
    p.strip_prefix(ROOT).unwrap_or(p).display().to_string()
}

#[test]
fn imports_go_only_down_the_layers() {
    let mut wrong = Vec::new();
    for crate_layers in allowed_imports(&architecture()) {
        let (src, prefix) = crate_of(&Path::new(ROOT).join(&crate_layers.src));
        let files = files_of(&src);
        for f in &files {
            if let Some(m) = top(f, &prefix) {
                if crate_layers.layer_of(&m).is_none() {
                    wrong.push(format!("{}: module `{m}` is in no layer", rel(&f.path)));
                }
            }
        }
        for (k, targets) in imports(&src, &files).iter().enumerate() {
            let Some(from) = top(&files[k], &prefix) else {
                continue;
            };
            let from_layer = crate_layers.layer_of(&from);
            for &t in targets {
                let Some(to) = top(&files[t], &prefix) else {
                    continue;
                };
                if to == from {
                    continue;
                }
                let to_layer = crate_layers.layer_of(&to);
                if let (Some(a), Some(b)) = (from_layer, to_layer) {
                    if b >= a {
                        wrong.push(format!(
                            "{} imports {}: `{from}` may not use `{to}`",
                            rel(&files[k].path),
                            rel(&files[t].path)
                        ));
                    }
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against ARCHITECTURE.md:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn no_circle_spans_folders() {
    let mut circles = Vec::new();
    for src in crates(&architecture()) {
        let files = files_of(&src);
        // A file of the source folder itself is a top-level module of its own, which the layers
        // order; a file deeper down belongs to its folder.
        let units = units(&architecture());
        let folder = |f: &File| {
            let dir = f.path.parent().unwrap();
            if let Some(u) = units
                .iter()
                .find(|u| dir.starts_with(Path::new(ROOT).join(u)))
            {
                Path::new(ROOT).join(u)
            } else if dir == src {
                f.path.clone()
            } else {
                dir.to_path_buf()
            }
        };
        let mut graph: BTreeMap<PathBuf, BTreeMap<PathBuf, String>> = BTreeMap::new();
        for (k, targets) in imports(&src, &files).iter().enumerate() {
            for &t in targets {
                let (a, b) = (folder(&files[k]), folder(&files[t]));
                if a != b {
                    graph.entry(a).or_default().entry(b).or_insert_with(|| {
                        format!("{} -> {}", rel(&files[k].path), rel(&files[t].path))
                    });
                }
            }
        }
        // A circle exists iff some folder reaches itself.
        for start in graph.keys() {
            let mut seen = BTreeSet::new();
            let mut stack: Vec<(PathBuf, Vec<String>)> = vec![(start.clone(), Vec::new())];
            while let Some((n, trail)) = stack.pop() {
                for (m, why) in graph.get(&n).into_iter().flatten() {
                    let mut t = trail.clone();
                    t.push(why.clone());
                    if m == start {
                        circles.push(t.join("\n  "));
                    } else if seen.insert(m.clone()) {
                        stack.push((m.clone(), t));
                    }
                }
            }
        }
    }
    circles.sort();
    circles.dedup();
    assert!(
        circles.is_empty(),
        "folders in a circle:\n  {}",
        circles.join("\n\n  ")
    );
}

/// The folders of the fenced block after "## One unit": each with its subfolders is one node of
/// the folder graph.
fn units(text: &str) -> Vec<String> {
    fenced_list(text, "## One unit")
}

/// The lines of the fenced block after `heading`.
fn fenced_list(text: &str, heading: &str) -> Vec<String> {
    let Some(section) = text.split(heading).nth(1) else {
        return Vec::new();
    };
    let block = section.split("```").nth(1).unwrap_or("");
    // The first line is the block's language tag.
    block
        .lines()
        .skip(1)
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

/// The module doc of a folder's `mod.rs` (or crate root), as one line.
fn folder_doc(dir: &Path) -> String {
    let file = ["mod.rs", "lib.rs", "main.rs"]
        .iter()
        .map(|f| dir.join(f))
        .find(|f| f.exists())
        .unwrap_or_else(|| panic!("{} has no mod.rs", dir.display()));
    fs::read_to_string(file)
        .unwrap()
        .lines()
        .take_while(|l| l.starts_with("//!"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Files of one folder that import each other around a circle are allowed where the folder's
/// module doc says why they are one unit, or where ARCHITECTURE.md lists the folder as still
/// tangled.
#[test]
fn circles_within_a_folder_are_explained() {
    let mut unexplained = Vec::new();
    let tangled = fenced_list(&architecture(), "## Still tangled");
    for src in crates(&architecture()) {
        let files = files_of(&src);
        let imports = imports(&src, &files);
        let dir = |k: usize| files[k].path.parent().unwrap().to_path_buf();
        let reaches = |from: usize, to: usize| {
            let mut seen = BTreeSet::from([from]);
            let mut stack = vec![from];
            while let Some(n) = stack.pop() {
                for &m in &imports[n] {
                    if dir(m) != dir(from) {
                        continue;
                    }
                    if m == to {
                        return true;
                    }
                    if seen.insert(m) {
                        stack.push(m);
                    }
                }
            }
            false
        };
        let mut folders: BTreeMap<PathBuf, BTreeSet<String>> = BTreeMap::new();
        for (k, targets) in imports.iter().enumerate() {
            for &t in targets {
                if dir(t) == dir(k) && reaches(t, k) {
                    let name = |f: usize| files[f].path.file_name().unwrap().to_string_lossy();
                    folders.entry(dir(k)).or_default().insert(format!(
                        "{} -> {}",
                        name(k),
                        name(t)
                    ));
                }
            }
        }
        // A claim of one unit is kept true: a folder whose files no longer import each other
        // around a circle must drop it (the claim would cover a circle added later unseen).
        let listed_units = units(&architecture());
        for f in &files {
            let d = f.path.parent().unwrap();
            let root = ["mod.rs", "lib.rs", "main.rs"]
                .iter()
                .any(|n| f.path.ends_with(n));
            if root
                && d != src.as_path()
                && folder_doc(d).contains("one unit")
                && !folders.contains_key(d)
                && !listed_units.contains(&rel(d))
            {
                unexplained.push(format!(
                    "{}: says its files are one unit, but none import each other in a circle",
                    rel(d)
                ));
            }
        }
        for (d, edges) in &folders {
            if tangled.contains(&rel(d)) {
                continue;
            }
            if !folder_doc(d).contains("one unit") {
                let edges: Vec<String> = edges.iter().cloned().collect();
                unexplained.push(format!("{}: {}", rel(d), edges.join(", ")));
            }
        }
        // The list only shrinks: a folder untangled leaves it.
        for t in &tangled {
            let t_dir = Path::new(ROOT).join(t);
            if t_dir.starts_with(&src) && crate_of(&t_dir).0 == src && !folders.contains_key(&t_dir)
            {
                unexplained.push(format!("{t} has no circle any more: take it off the list"));
            }
        }
    }
    assert!(
        unexplained.is_empty(),
        "folders whose files import each other in a circle, without saying why they are one \
         unit in their module doc:\n{}",
        unexplained.join("\n")
    );
}

#[test]
fn units_say_so_in_their_module_doc() {
    for u in units(&architecture()) {
        let doc = fs::read_to_string(Path::new(ROOT).join(&u).join("mod.rs"))
            .unwrap_or_else(|e| panic!("{u}/mod.rs: {e}"));
        let doc: String = doc
            .lines()
            .take_while(|l| l.starts_with("//!"))
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            doc.contains("one unit"),
            "{u}/mod.rs does not say why its folders are one unit"
        );
    }
}

#[test]
fn named_paths_exist() {
    let text = architecture();
    let mut missing = Vec::new();
    for (k, piece) in text.split('`').enumerate() {
        let looks_like_path = k % 2 == 1
            && !piece.contains(' ')
            && (piece.ends_with('/') || piece.ends_with(".rs") || piece.ends_with(".md"))
            && piece.contains('/');
        if looks_like_path && !Path::new(ROOT).join(piece).exists() {
            missing.push(piece.to_string());
        }
    }
    for l in allowed_imports(&text) {
        let src = Path::new(ROOT).join(&l.src);
        for m in l.layers.iter().flatten() {
            let exists = src.join(m).exists() || src.join(format!("{m}.rs")).exists();
            if !exists {
                missing.push(format!("{}/{m}", l.src));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "ARCHITECTURE.md names what is not there: {missing:?}"
    );
}

/// The checks find what they look for (a test of the test).
#[test]
fn the_reader_sees_use_groups_super_and_inline_paths() {
    let here = vec!["omp".to_string(), "inline".to_string()];
    let code = code(
        "use crate::c::{ast::*, names::fresh};\nuse super::build;\n// crate::infer::x\n\
         fn f() { crate::spec::build::int(1); let s = \"crate::lower::x\"; }",
    );
    let got = paths(&code, &here);
    let want: Vec<Vec<String>> = [
        &["c", "ast", "*"][..],
        &["c", "names", "fresh"],
        &["omp", "build"],
        &["spec", "build", "int"],
    ]
    .iter()
    .map(|p| p.iter().map(|s| s.to_string()).collect())
    .collect();
    assert_eq!(got, want);
}
