//! Silver-style test annotations in `.vpr` files.
//!
//! An annotation is a line `//:: Kind(...)`; it refers to the next line that is not a comment
//! (several annotation lines may stack). Kinds, as in Silver's test suite:
//!
//! - `ExpectedOutput(id)`: the tool must report `id` on that line;
//! - `UnexpectedOutput(id, /tool/issue/N/)`: `tool` wrongly reports `id` there (known bug), so a
//!   run of that tool expects it;
//! - `MissingOutput(id, /tool/issue/N/)`: `tool` misses an `ExpectedOutput(id)` of that line
//!   (known bug), so a run of that tool does not expect it;
//! - `IgnoreFile(/tool/issue/N/)`: `tool` cannot run the file; `IgnoreOthers`: only the
//!   annotated errors are compared.
//!
//! An id is `error` or `error:reason`; an id without reason matches any reason. Tool names
//! compare case-insensitively. An annotation at the end of a file (followed by no line it could
//! refer to) is reported as malformed.

use std::fmt;

/// An output id: `key` or `key:reason`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutputId {
    pub key: String,
    pub reason: Option<String>,
}

impl OutputId {
    pub fn parse(s: &str) -> OutputId {
        match s.split_once(':') {
            Some((k, r)) => OutputId {
                key: k.trim().to_string(),
                reason: Some(r.trim().to_string()),
            },
            None => OutputId {
                key: s.trim().to_string(),
                reason: None,
            },
        }
    }

    /// Whether a reported id (`key` or `key:reason`) matches this expected id.
    pub fn matches(&self, reported: &str) -> bool {
        let got = OutputId::parse(reported);
        let key_ok = self.key == got.key;
        key_ok
            && match (&self.reason, &got.reason) {
                (None, _) => true,
                (Some(a), Some(b)) => a == b,
                (Some(_), None) => false,
            }
    }

    /// Whether this is an error of the front end (parser or type checker), as opposed to a
    /// verification error.
    pub fn is_front_end(&self) -> bool {
        matches!(
            self.key.as_str(),
            "parser.error" | "typechecker.error" | "consistency.error" | "unsupported"
        )
    }
}

impl fmt::Display for OutputId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.reason {
            Some(r) => write!(f, "{}:{r}", self.key),
            None => write!(f, "{}", self.key),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Expected,
    Unexpected { tool: String, issue: u32 },
    Missing { tool: String, issue: u32 },
}

/// One located annotation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Annotation {
    pub kind: Kind,
    pub id: OutputId,
    /// The line the annotation refers to (1-based).
    pub line: u32,
    /// The line of the annotation itself.
    pub at: u32,
}

/// All annotations of one file.
#[derive(Clone, Debug, Default)]
pub struct FileAnnotations {
    pub located: Vec<Annotation>,
    /// `IgnoreFile(/tool/issue/N/)`: (tool, issue).
    pub ignore_file: Vec<(String, u32)>,
    pub ignore_others: bool,
    /// Annotation lines that could not be read: (line, text).
    pub malformed: Vec<(u32, String)>,
}

impl FileAnnotations {
    /// Reads the annotations of a file's text.
    pub fn parse(text: &str) -> FileAnnotations {
        let mut out = FileAnnotations::default();
        let mut pending: Vec<Annotation> = Vec::new();
        for (i, raw) in text.lines().enumerate() {
            let n = i as u32 + 1;
            let line = raw.trim();
            if let Some(rest) = line.strip_prefix("//::") {
                match parse_one(rest.trim(), n) {
                    Some(Parsed::Located(a)) => pending.push(a),
                    Some(Parsed::IgnoreFile(tool, issue)) => out.ignore_file.push((tool, issue)),
                    Some(Parsed::IgnoreOthers) => out.ignore_others = true,
                    None => out.malformed.push((n, line.to_string())),
                }
            } else if line.starts_with("//") {
                // Ordinary comments do not end a stack of annotations.
            } else {
                for mut a in pending.drain(..) {
                    a.line = n;
                    out.located.push(a);
                }
            }
        }
        // As in Silver, an annotation must precede a line; one at the end refers to nothing.
        for a in pending {
            out.malformed.push((
                a.at,
                "annotation at the end of the file refers to no line".into(),
            ));
        }
        out
    }

    /// Whether `tool` is told to skip this file.
    pub fn ignored_by(&self, tool: &str) -> bool {
        self.ignored_by_any(&[tool])
    }

    /// Whether any of `tools` is told to skip this file.
    pub fn ignored_by_any(&self, tools: &[&str]) -> bool {
        self.ignore_file.iter().any(|(t, _)| is_one_of(t, tools))
    }

    /// The (id, line) pairs that `tool` should report: the expected outputs, minus those the tool
    /// is known to miss, plus those it is known to report wrongly.
    pub fn expected_for(&self, tool: &str) -> Vec<(OutputId, u32)> {
        self.expected_for_any(&[tool])
    }

    /// Like [`FileAnnotations::expected_for`] for a tool whose runs honour the annotations of
    /// several projects: Silver's suite for Silicon applies both `silicon` and `silver` ones.
    pub fn expected_for_any(&self, tools: &[&str]) -> Vec<(OutputId, u32)> {
        let mut out: Vec<(OutputId, u32)> = Vec::new();
        for a in &self.located {
            match &a.kind {
                Kind::Expected => out.push((a.id.clone(), a.line)),
                Kind::Unexpected { tool: t, .. } if is_one_of(t, tools) => {
                    out.push((a.id.clone(), a.line))
                }
                _ => {}
            }
        }
        for a in &self.located {
            if let Kind::Missing { tool: t, .. } = &a.kind {
                if is_one_of(t, tools) {
                    if let Some(i) = out.iter().position(|(id, l)| *l == a.line && *id == a.id) {
                        out.remove(i);
                    }
                }
            }
        }
        out
    }
}

fn is_one_of(tool: &str, tools: &[&str]) -> bool {
    tools.iter().any(|t| t.eq_ignore_ascii_case(tool))
}

enum Parsed {
    Located(Annotation),
    IgnoreFile(String, u32),
    IgnoreOthers,
}

/// `/tool/issue/N/` as (tool, N).
fn issue_ref(s: &str) -> Option<(String, u32)> {
    let parts: Vec<&str> = s.trim().trim_matches('/').split('/').collect();
    match parts.as_slice() {
        [tool, "issue", n] => Some((tool.to_string(), n.parse().ok()?)),
        _ => None,
    }
}

fn parse_one(s: &str, at: u32) -> Option<Parsed> {
    if s == "IgnoreOthers" {
        return Some(Parsed::IgnoreOthers);
    }
    let open = s.find('(')?;
    let name = &s[..open];
    let inner = s[open + 1..].strip_suffix(')')?;
    let located = |kind, id: &str| {
        Some(Parsed::Located(Annotation {
            kind,
            id: OutputId::parse(id),
            line: 0,
            at,
        }))
    };
    match name {
        "ExpectedOutput" if !inner.contains(',') && !inner.trim().is_empty() => {
            located(Kind::Expected, inner)
        }
        "UnexpectedOutput" | "MissingOutput" => {
            let (id, issue) = inner.split_once(',')?;
            let (tool, issue) = issue_ref(issue)?;
            let kind = if name == "UnexpectedOutput" {
                Kind::Unexpected { tool, issue }
            } else {
                Kind::Missing { tool, issue }
            };
            located(kind, id)
        }
        "IgnoreFile" => {
            let (tool, issue) = issue_ref(inner)?;
            Some(Parsed::IgnoreFile(tool, issue))
        }
        _ => None,
    }
}

/// Expected outputs that were not reported, and reported outputs that were not expected.
pub type Mismatch = (Vec<(OutputId, u32)>, Vec<(String, u32)>);

/// Compares what a tool reported with what was expected, as sets of (id, line): every expected
/// output must match a reported one on the same line and every reported one must match an
/// expected one (how often an error is reported on one line does not matter). Returns the
/// expected outputs that were not reported and the reported ones that were not expected.
pub fn compare(expected: &[(OutputId, u32)], reported: &[(String, u32)]) -> Mismatch {
    let mut missing: Vec<(OutputId, u32)> = Vec::new();
    for (id, line) in expected {
        let hit = reported.iter().any(|(r, l)| l == line && id.matches(r));
        if !hit && !missing.contains(&(id.clone(), *line)) {
            missing.push((id.clone(), *line));
        }
    }
    let mut unexpected: Vec<(String, u32)> = Vec::new();
    for (r, l) in reported {
        let hit = expected.iter().any(|(id, line)| l == line && id.matches(r));
        if !hit && !unexpected.contains(&(r.clone(), *l)) {
            unexpected.push((r.clone(), *l));
        }
    }
    (missing, unexpected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn annotations_refer_to_the_next_code_line() {
        let text = "method m() {\n//:: ExpectedOutput(typechecker.error)\n// a plain comment\n\
                    //:: ExpectedOutput(assert.failed:assertion.false)\n  assert x\n}\n";
        let a = FileAnnotations::parse(text);
        assert!(a.malformed.is_empty());
        assert_eq!(a.located.len(), 2);
        assert!(a.located.iter().all(|x| x.line == 5));
        assert_eq!(a.located[1].id.reason.as_deref(), Some("assertion.false"));
    }

    #[test]
    fn tool_specific_annotations() {
        let text = "//:: ExpectedOutput(assert.failed:assertion.false)\n\
                    //:: MissingOutput(assert.failed:assertion.false, /Silicon/issue/34/)\n\
                    a\n\
                    //:: UnexpectedOutput(postcondition.violated:assertion.false, /silicon/issue/7/)\n\
                    //:: UnexpectedOutput(assert.failed:assertion.false, /carbon/issue/8/)\n\
                    b\n\
                    //:: IgnoreFile(/carbon/issue/1/)\n";
        let a = FileAnnotations::parse(text);
        let s = a.expected_for("silicon");
        assert_eq!(s.len(), 1);
        assert_eq!((s[0].0.key.as_str(), s[0].1), ("postcondition.violated", 6));
        let c = a.expected_for("carbon");
        assert_eq!(c.len(), 2);
        assert!(a.ignored_by("Carbon") && !a.ignored_by("silicon"));
    }

    #[test]
    fn annotations_at_the_end_are_malformed() {
        let a = FileAnnotations::parse("a\nb\n//:: ExpectedOutput(parser.error)\n");
        assert!(a.located.is_empty());
        assert_eq!(a.malformed.len(), 1);
    }

    #[test]
    fn malformed_annotations_are_kept() {
        let a = FileAnnotations::parse("//:: ExpectedOutput()\n//:: Whatever(x)\nx\n");
        assert_eq!(a.malformed.len(), 2);
    }

    #[test]
    fn matching_compares_sets() {
        let e = vec![
            (OutputId::parse("assert.failed"), 3),
            (OutputId::parse("consistency.error"), 4),
        ];
        let r = vec![
            ("assert.failed:assertion.false".to_string(), 3),
            ("consistency.error".to_string(), 4),
        ];
        assert_eq!(compare(&e, &r), (vec![], vec![]));
        // A type error is not the consistency error Silver reports.
        let typed = vec![
            ("assert.failed:assertion.false".to_string(), 3),
            ("typechecker.error".to_string(), 4),
        ];
        assert_eq!(compare(&e, &typed).0.len(), 1);
        let r2 = vec![
            ("assert.failed:assertion.false".to_string(), 3),
            ("assert.failed:assertion.false".to_string(), 3),
        ];
        let (missing, unexpected) = compare(&e, &r2);
        assert_eq!(missing, vec![(OutputId::parse("consistency.error"), 4)]);
        assert!(unexpected.is_empty());
        let r3 = vec![("typechecker.error".to_string(), 5)];
        assert_eq!(compare(&[], &r3).1, r3);
        let specific = vec![(OutputId::parse("assert.failed:insufficient.permission"), 3)];
        assert_eq!(compare(&specific, &r).0.len(), 1);
    }
}
