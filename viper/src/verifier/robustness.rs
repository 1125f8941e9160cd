//! Robustness: small random edits of the corpus programs (operators, literals, permission
//! amounts) must never make the verifier panic or hit an internal error; they may only change
//! the verdict.

use std::path::{Path, PathBuf};

use num_bigint::BigInt;

use super::*;
use crate::ast::*;
use crate::FileId;

/// A deterministic pseudo-random sequence (64-bit LCG).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

fn vpr_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            vpr_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "vpr") {
            out.push(p);
        }
    }
}

type Visit<'f> = dyn FnMut(&mut Expr) -> bool + 'f;

fn visit_expr(e: &mut Expr, f: &mut Visit<'_>) -> bool {
    if f(e) {
        return true;
    }
    match &mut e.kind {
        ExprKind::Field { receiver, .. } => visit_expr(receiver, f),
        ExprKind::Unary { operand, .. } => visit_expr(operand, f),
        ExprKind::Binary { left, right, .. } => visit_expr(left, f) || visit_expr(right, f),
        ExprKind::Cond { cond, then, els } => {
            visit_expr(cond, f) || visit_expr(then, f) || visit_expr(els, f)
        }
        ExprKind::Call { args, .. } => args.iter_mut().any(|a| visit_expr(a, f)),
        ExprKind::Old { expr, .. } | ExprKind::PermOf(expr) | ExprKind::Len(expr) => {
            visit_expr(expr, f)
        }
        ExprKind::Acc { loc, perm } => {
            visit_expr(loc, f) || perm.as_mut().is_some_and(|p| visit_expr(p, f))
        }
        ExprKind::Quant { body, .. } => visit_expr(body, f),
        ExprKind::Let { value, body, .. } => visit_expr(value, f) || visit_expr(body, f),
        ExprKind::Index { seq, index } => visit_expr(seq, f) || visit_expr(index, f),
        _ => false,
    }
}

fn visit_block(b: &mut Block, f: &mut Visit<'_>) -> bool {
    b.stmts.iter_mut().any(|s| match &mut s.kind {
        StmtKind::Block(inner) => visit_block(inner, f),
        StmtKind::VarDecl { init: Some(e), .. }
        | StmtKind::Assign { value: e, .. }
        | StmtKind::Inhale(e)
        | StmtKind::Exhale(e)
        | StmtKind::Assert(e)
        | StmtKind::Assume(e) => visit_expr(e, f),
        StmtKind::FieldAssign { target, value } => visit_expr(target, f) || visit_expr(value, f),
        StmtKind::Call { args, .. } => args.iter_mut().any(|a| visit_expr(a, f)),
        StmtKind::If { cond, then, els } => {
            visit_expr(cond, f)
                || visit_block(then, f)
                || els.as_mut().is_some_and(|e| visit_block(e, f))
        }
        StmtKind::While {
            cond,
            invariants,
            body,
        } => {
            visit_expr(cond, f)
                || invariants.iter_mut().any(|i| visit_expr(i, f))
                || visit_block(body, f)
        }
        _ => false,
    })
}

/// Calls `f` on the expressions of a program (pre-order) until it returns true.
fn visit_program(program: &mut Program, f: &mut Visit<'_>) -> bool {
    program.items.iter_mut().any(|item| match item {
        Item::Method(m) => {
            m.pres.iter_mut().any(|e| visit_expr(e, f))
                || m.posts.iter_mut().any(|e| visit_expr(e, f))
                || m.body.as_mut().is_some_and(|b| visit_block(b, f))
        }
        Item::Function(x) => {
            x.pres.iter_mut().any(|e| visit_expr(e, f))
                || x.posts.iter_mut().any(|e| visit_expr(e, f))
                || x.body.as_mut().is_some_and(|b| visit_expr(b, f))
        }
        _ => false,
    })
}

/// Applies one random edit; false if the chosen node offers none.
fn mutate(program: &mut Program, rng: &mut Rng) -> bool {
    let mut count = 0;
    visit_program(program, &mut |_| {
        count += 1;
        false
    });
    if count == 0 {
        return false;
    }
    let mut k = rng.below(count);
    let choice = rng.below(3);
    let mut changed = false;
    visit_program(program, &mut |e| {
        if k > 0 {
            k -= 1;
            return false;
        }
        changed = edit(e, choice);
        true
    });
    changed
}

/// One edit of an expression node (`choice` selects among alternatives).
fn edit(e: &mut Expr, choice: usize) -> bool {
    let span = e.span;
    match &mut e.kind {
        ExprKind::IntLit(v) => {
            *v += BigInt::from(choice as i64 - 1);
            true
        }
        ExprKind::BoolLit(b) => {
            *b = !*b;
            true
        }
        ExprKind::Binary { op, .. } => {
            use BinaryOp::*;
            *op = match *op {
                Lt => Le,
                Le => Lt,
                Gt => Ge,
                Ge => Gt,
                Eq => Ne,
                Ne => Eq,
                And => Or,
                Or => And,
                Add => Sub,
                Sub => Add,
                Implies => And,
                _ => return false,
            };
            true
        }
        ExprKind::Acc { perm, .. } => {
            let lit = |v: i64| Box::new(Expr::new(ExprKind::IntLit(v.into()), span));
            *perm = match choice {
                0 => Some(Box::new(Expr::new(
                    ExprKind::Binary {
                        op: BinaryOp::PermDiv,
                        left: lit(1),
                        right: lit(2),
                    },
                    span,
                ))),
                1 => Some(Box::new(Expr::new(
                    ExprKind::PermLit(PermLit::Wildcard),
                    span,
                ))),
                _ => None,
            };
            true
        }
        ExprKind::PermLit(p) => {
            *p = if *p == PermLit::Write {
                PermLit::None
            } else {
                PermLit::Write
            };
            true
        }
        _ => false,
    }
}

#[test]
fn mutated_corpus_programs_never_crash() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/viper");
    let mut files = Vec::new();
    vpr_files(&root.join("backend"), &mut files);
    vpr_files(&root.join("verify"), &mut files);
    let options = VerifyOptions {
        timeout_ms: Some(2000),
        ..VerifyOptions::default()
    };
    let mut rng = Rng(0x5eed);
    let (mut tried, mut problems) = (0, Vec::new());
    for path in files.iter().step_by(2) {
        let Ok(text) = std::fs::read_to_string(path) else {
            continue;
        };
        let Ok(original) = crate::parse(&text, FileId(0)) else {
            continue;
        };
        for _ in 0..2 {
            let mut program = original.clone();
            if !(0..3).any(|_| mutate(&mut program, &mut rng)) {
                continue;
            }
            if crate::typecheck(&mut program).is_err() {
                continue;
            }
            tried += 1;
            if let Ok(result) = verify(&program, &options) {
                for m in &result.members {
                    for u in m.unknowns.iter().filter(|u| u.contains("internal error")) {
                        problems.push(format!("{}::{}: {u}", path.display(), m.name));
                    }
                }
            }
        }
    }
    assert!(tried > 50, "only {tried} mutants type-checked");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
