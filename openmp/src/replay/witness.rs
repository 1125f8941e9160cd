//! The witness of a race in words: which storage (`a[4]`, `sum`, `p->x`), which two accesses
//! (the expressions as written, their positions and kinds) and who made them (thread, values
//! of the enclosing loop variables, task).

use super::layout;
use super::memory::{Object, Origin};
use super::race::{Ctx, LoopKind, Tracker};
use super::{Access, RacePair};
use crate::c::Program;
use viper::{SourceMap, Span};

/// The name of cell `off` of an object: `a[2][5]`, `s.x`, `p->next`.
pub(crate) fn location(prog: &Program, obj: &Object, off: usize) -> String {
    let root = match &obj.origin {
        Origin::Var(v) => prog.var(*v).name.clone(),
        Origin::Heap(name) => name.clone(),
        Origin::Str => "a string literal".into(),
        Origin::Argv(k) => format!("argv[{k}]"),
        Origin::Internal(what) => (*what).to_string(),
    };
    let ty = match (&obj.ty, &obj.origin) {
        (Some(t), _) => t.clone(),
        (None, Origin::Var(v)) => prog.var(*v).ty.clone(),
        (None, _) => return root,
    };
    let d = layout::designator(prog, &ty, off as u64);
    if let (Origin::Heap(_), Some(rest)) = (&obj.origin, d.strip_prefix("[0].")) {
        if matches!(
            ty,
            crate::c::ast::Type::Array {
                len: crate::c::ast::ArrayLen::Const(1),
                ..
            }
        ) {
            return format!("{root}->{rest}");
        }
    }
    format!("{root}{d}")
}

/// The source text of a span, whitespace runs collapsed.
pub(crate) fn text_of(sources: &SourceMap, span: Span) -> String {
    sources
        .get(span.file)
        .and_then(|f| f.text().get(span.start as usize..span.end as usize))
        .map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// Who made an access, in words.
fn unit_words(prog: &Program, c: &Ctx) -> String {
    let mut parts = Vec::new();
    if !c.iters.is_empty() {
        let line = c.iters.last().map_or(0, |x| x.2);
        let kind = match c.iters.last().map(|x| x.3) {
            Some(LoopKind::Simd) => "simd loop",
            Some(LoopKind::Taskloop) => "taskloop",
            _ => "loop",
        };
        let vals: Vec<String> = c
            .iters
            .iter()
            .map(|(v, x, _, _)| format!("{} = {x}", prog.var(*v).name))
            .collect();
        parts.push(format!(
            "iteration {} of the {kind} at line {line}",
            vals.join(", ")
        ));
    }
    if let Some(l) = c.task {
        parts.push(format!("the task created at line {l}"));
    }
    // Worded as the proof's race messages are.
    if parts.is_empty() {
        format!("thread {}", c.thread)
    } else {
        format!("{} on thread {}", parts.join(", "), c.thread)
    }
}

/// The report of one access.
fn access(prog: &Program, sources: &SourceMap, t: &Tracker, (site, ctx): (u32, u32)) -> Access {
    let s = &t.sites[site as usize];
    let c = &t.ctxs[ctx as usize];
    Access {
        span: s.span,
        text: text_of(sources, s.span),
        write: s.write,
        atomic: s.atomic,
        thread: c.thread,
        iteration: c
            .iters
            .iter()
            .map(|(v, x, _, _)| (prog.var(*v).name.clone(), *x))
            .collect(),
        unit: unit_words(prog, c),
    }
}

/// The racing pairs found, in a deterministic order (by the positions of their accesses).
pub(crate) fn pairs(prog: &Program, sources: &SourceMap, t: &Tracker) -> Vec<RacePair> {
    let mut out: Vec<RacePair> = t
        .found
        .iter()
        .map(|f| RacePair {
            first: access(prog, sources, t, f.first),
            second: access(prog, sources, t, f.second),
            location: f.location.clone(),
        })
        .collect();
    out.sort_by_key(|p| {
        let (a, b) = (p.first.span, p.second.span);
        (a.min(b), a.max(b))
    });
    out
}

impl RacePair {
    /// DataRaceBench's form, in its fixed order (see [`super::drb_pair`]).
    pub fn drb(&self) -> String {
        fn one(a: &Access) -> (&str, u32, u32, bool) {
            (a.text.as_str(), a.span.line, a.span.column, a.write)
        }
        super::drb_pair([one(&self.first), one(&self.second)])
    }

    /// The witness in words: "iteration i = 3 of the loop at line 12, thread 3 reads a[4]
    /// while iteration i = 4 of the loop at line 12, thread 0 writes it".
    pub fn words(&self) -> String {
        let verb = |a: &Access| {
            let v = if a.write { "writes" } else { "reads" };
            if a.atomic {
                format!("atomically {v}")
            } else {
                v.to_string()
            }
        };
        format!(
            "{} {} {} while {} {} it",
            self.first.unit,
            verb(&self.first),
            self.location,
            self.second.unit,
            verb(&self.second)
        )
    }
}
