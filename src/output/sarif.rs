//! The SARIF 2.1.0 format (`--format sarif`), for code-scanning interfaces: one log with one run
//! for all files. Every problem is a result whose rule is its kind (`race`, `permission`, ...);
//! Silver's id is kept in the result's properties; related spans become related locations.
//! Inconclusive obligations and code that is not verified are tool notifications, so that a
//! viewer that only shows results never mistakes them for success.
//!
//! For code scanning (GitHub's and others'): relative file names are resolved against the
//! `SRCROOT` base (the directory ompv ran in), absolute ones are `file://` URIs, and every result
//! has a `partialFingerprints` entry that does not depend on line numbers, so a result keeps its
//! identity when code above it moves.

use super::json::severity;
use crate::exit::Verdict;
use crate::kind::Kind;
use crate::report::{FileReport, Problem};
use serde_sarif::sarif::{
    ArtifactLocation, CodeFlow, Invocation, Location, Message, MultiformatMessageString,
    Notification, PhysicalLocation, PropertyBag, Region, ReportingDescriptor,
    Result as SarifResult, ResultLevel, Run, Sarif, ThreadFlow, ThreadFlowLocation, Tool,
    ToolComponent,
};
use std::collections::BTreeMap;
use std::hash::Hasher;
use viper::Span;

/// The URI base of relative file names: the directory ompv ran in.
const SRCROOT: &str = "SRCROOT";
/// The key of ompv's fingerprint in `partialFingerprints` (versioned: a new way of computing it
/// gets a new key, so that old and new results are not matched by accident).
const FINGERPRINT: &str = "ompvFingerprint/v1";

/// Escapes a file name for a SARIF URI reference (a relative path keeps its slashes).
pub fn uri(name: &str) -> String {
    let mut out = String::new();
    for b in name.bytes() {
        match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => {
                out.push(b as char)
            }
            _ => out.push_str(&format!("%{b:02X}")),
        }
    }
    out
}

fn message(text: impl Into<String>) -> Message {
    Message::builder().text(text.into()).build()
}

/// Where a file is: a `file://` URI for an absolute name, else a reference relative to
/// `SRCROOT`.
fn artifact(name: &str) -> ArtifactLocation {
    if name.starts_with('/') {
        ArtifactLocation::builder()
            .uri(format!("file://{}", uri(name)))
            .build()
    } else {
        let mut a = ArtifactLocation::builder().uri(uri(name)).build();
        a.uri_base_id = Some(SRCROOT.to_string());
        a
    }
}

/// `SRCROOT` as an absolute `file://` URI of the current directory (with the final slash a base
/// needs); `None` if the directory cannot be named.
fn srcroot() -> Option<BTreeMap<String, ArtifactLocation>> {
    let dir = std::env::current_dir().ok()?;
    let dir = dir.to_str()?;
    let base = ArtifactLocation::builder()
        .uri(format!("file://{}/", uri(dir.trim_end_matches('/'))))
        .build();
    Some(BTreeMap::from([(SRCROOT.to_string(), base)]))
}

/// A location of a span (the file alone when the span has no position).
fn location(r: &FileReport, s: Span, note: Option<&str>, id: Option<i64>) -> Location {
    let artifact = artifact(&r.file_of(s));
    let physical = if s.is_dummy() {
        PhysicalLocation::builder()
            .artifact_location(artifact)
            .build()
    } else {
        let (end_line, end_column) = r.end_of(s).unwrap_or((s.line, s.column));
        // SARIF's end column is exclusive, as ompv's end position is.
        let region = Region::builder()
            .start_line(s.line as i64)
            .start_column(s.column as i64)
            .end_line(end_line as i64)
            .end_column(end_column.max(1) as i64)
            .build();
        PhysicalLocation::builder()
            .artifact_location(artifact)
            .region(region)
            .build()
    };
    let mut l = Location::builder().physical_location(physical).build();
    l.message = note.map(message);
    l.id = id;
    l
}

fn level(p: &Problem) -> ResultLevel {
    match severity(p.severity) {
        "error" => ResultLevel::Error,
        "warning" => ResultLevel::Warning,
        _ => ResultLevel::Note,
    }
}

/// What identifies a problem without its line numbers: its rule and id, its file, the code at
/// its spans and its message with the digits left out (messages name lines and values).
fn fingerprint_text(r: &FileReport, p: &Problem) -> String {
    let mut text = format!("{}\0{}\0{}\0", p.kind, p.id, r.file_of(p.span));
    text.push_str(r.text_at(p.span).unwrap_or_default().trim());
    for (s, _) in &p.related {
        text.push('\0');
        text.push_str(r.text_at(*s).unwrap_or_default().trim());
    }
    text.push('\0');
    text.extend(p.message.chars().filter(|c| !c.is_ascii_digit()));
    text
}

/// FNV-1a over the text, as 16 hex digits: a hash that is the same in every build and version
/// of Rust (the standard hasher promises neither).
fn fnv(text: &str) -> String {
    let mut h = fnv::FnvHasher::default();
    h.write(text.as_bytes());
    format!("{:016x}", h.finish())
}

fn result(r: &FileReport, p: &Problem) -> SarifResult {
    let mut props = BTreeMap::new();
    props.insert("id".to_string(), serde_json::json!(p.id));
    if !p.notes.is_empty() {
        props.insert("notes".to_string(), serde_json::json!(p.notes));
    }
    let mut res = SarifResult::builder()
        .message(message(&p.message))
        .rule_id(p.kind.clone())
        .level(level(p))
        .locations(vec![location(r, p.span, None, None)])
        .properties(PropertyBag::builder().additional_properties(props).build())
        .build();
    if !p.related.is_empty() {
        res.related_locations = Some(
            p.related
                .iter()
                .enumerate()
                .map(|(k, (s, m))| location(r, *s, Some(m), Some(k as i64)))
                .collect(),
        );
    }
    if let Some(flow) = race_flow(r, p) {
        res.code_flows = Some(vec![flow]);
    }
    res
}

/// A race's two accesses as a code flow of two threads, one access each, in the order the
/// witness makes them (SARIF §3.36: a thread flow per thread of execution).
fn race_flow(r: &FileReport, p: &Problem) -> Option<CodeFlow> {
    if p.accesses.len() != 2 {
        return None;
    }
    let threads = p
        .accesses
        .iter()
        .enumerate()
        .map(|(k, a)| {
            let what = if a.write { "writes" } else { "reads" };
            let text = match (&p.element, a.by.is_empty()) {
                (Some(e), false) => format!("{} {what} {e}", a.by),
                (None, false) => format!("{} {what} here", a.by),
                (_, true) => format!("{what} here"),
            };
            let step = ThreadFlowLocation::builder()
                .location(location(r, a.span, Some(&text), None))
                .execution_order(k as i64)
                .build();
            let mut t = ThreadFlow::builder().locations(vec![step]).build();
            t.id = a.thread.map(|n| format!("thread {n}"));
            t
        })
        .collect::<Vec<_>>();
    Some(
        CodeFlow::builder()
            .message(message(&p.message))
            .thread_flows(threads)
            .build(),
    )
}

/// A rule per kind: its summary, and as help the whole explanation `ompv explain --kind` prints.
fn rule(kind: &str) -> ReportingDescriptor {
    let known = Kind::parse(kind);
    let summary = known.map_or("", Kind::summary);
    let help = match known {
        Some(k) => format!(
            "{}\n\n(`ompv explain --kind {kind}` prints this.)",
            k.explanation()
        ),
        None => format!("ompv explain --kind {kind}"),
    };
    ReportingDescriptor::builder()
        .id(kind.to_string())
        .short_description(MultiformatMessageString::builder().text(summary).build())
        .full_description(MultiformatMessageString::builder().text(summary).build())
        .help(MultiformatMessageString::builder().text(help).build())
        .build()
}

fn notification(r: &FileReport, text: String, level: &str) -> Notification {
    let mut n = Notification::builder().message(message(text)).build();
    n.level = Some(serde_json::json!(level));
    n.locations = Some(vec![location(r, Span::DUMMY, None, None)]);
    n
}

/// Notes that must not be lost in a viewer: inconclusive obligations, nothing to verify,
/// code that is not verified, errors left out.
fn notifications(r: &FileReport) -> Vec<Notification> {
    let mut out = Vec::new();
    match r.verdict {
        Verdict::NothingToVerify => out.push(notification(
            r,
            format!("{}: nothing to verify (no function with a body)", r.name),
            "note",
        )),
        Verdict::Unknown => out.push(notification(
            r,
            format!("{}: inconclusive (verdict unknown)", r.name),
            "warning",
        )),
        _ => {}
    }
    for n in &r.notes {
        out.push(notification(r, format!("{}: {n}", r.name), "warning"));
    }
    for s in &r.skipped {
        out.push(notification(
            r,
            format!("{}: not verified: {}", r.name, s.describe()),
            "warning",
        ));
    }
    if let Some(n) = r.stopped_at {
        out.push(notification(
            r,
            format!(
                "{}: reporting stopped after {n} error(s) (--max-errors {n}); there may be more",
                r.name
            ),
            "note",
        ));
    }
    out
}

/// The results of one file, each with its fingerprint; problems that look the same but for
/// their lines are told apart by their order.
fn results(r: &FileReport) -> Vec<SarifResult> {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    r.problems
        .iter()
        .map(|p| {
            let mut res = result(r, p);
            let hash = fnv(&fingerprint_text(r, p));
            let n = seen.entry(hash.clone()).or_default();
            *n += 1;
            res.partial_fingerprints = Some(BTreeMap::from([(
                FINGERPRINT.to_string(),
                format!("{hash}:{n}"),
            )]));
            res
        })
        .collect()
}

/// The SARIF log of a run over `reports`.
pub fn log(reports: &[FileReport]) -> Sarif {
    let results: Vec<SarifResult> = reports.iter().flat_map(results).collect();
    let mut kinds: Vec<&str> = reports
        .iter()
        .flat_map(|r| r.problems.iter().map(|p| p.kind.as_str()))
        .collect();
    kinds.sort();
    kinds.dedup();
    let driver = ToolComponent::builder()
        .name("ompv")
        .version(env!("CARGO_PKG_VERSION"))
        .semantic_version(env!("CARGO_PKG_VERSION"))
        .full_name(format!(
            "ompv {} ({})",
            env!("CARGO_PKG_VERSION"),
            env!("OMPV_GIT_COMMIT")
        ))
        .rules(kinds.into_iter().map(rule).collect::<Vec<_>>())
        .build();
    let worst = Verdict::worst(reports.iter().map(|r| r.verdict));
    let notes: Vec<Notification> = reports.iter().flat_map(notifications).collect();
    let mut invocation = Invocation::builder().execution_successful(true).build();
    invocation.exit_code = Some(worst.exit_code().code() as i64);
    invocation.exit_code_description = Some(worst.words().to_string());
    if !notes.is_empty() {
        invocation.tool_execution_notifications = Some(notes);
    }
    let mut run = Run::builder()
        .tool(Tool::builder().driver(driver).build())
        .results(results)
        .invocations(vec![invocation])
        .build();
    run.original_uri_base_ids = srcroot();
    Sarif::builder()
        .schema(serde_sarif::sarif::SCHEMA_URL)
        .version(serde_json::json!("2.1.0"))
        .runs(vec![run])
        .build()
}

/// The SARIF log as pretty-printed JSON.
pub fn render(reports: &[FileReport]) -> String {
    serde_json::to_string_pretty(&log(reports)).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris_escape_what_is_not_a_path_character() {
        assert_eq!(uri("examples/a b.c"), "examples/a%20b.c");
        assert_eq!(uri("<stdin>"), "%3Cstdin%3E");
    }

    #[test]
    fn absolute_names_are_file_uris_and_relative_ones_have_a_base() {
        let abs = artifact("/home/u/a b.c");
        assert_eq!(abs.uri.as_deref(), Some("file:///home/u/a%20b.c"));
        assert_eq!(abs.uri_base_id, None);
        let rel = artifact("src/a.c");
        assert_eq!(rel.uri.as_deref(), Some("src/a.c"));
        assert_eq!(rel.uri_base_id.as_deref(), Some(SRCROOT));
    }

    #[test]
    fn the_fingerprint_hash_is_fnv_1a() {
        // FNV-1a 64 of "a" (the published test vector): a changed hash would re-open every
        // result a code-scanning service already knows.
        assert_eq!(fnv("a"), "af63dc4c8601ec8c");
    }
}
