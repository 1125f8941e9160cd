//! What code may write: the variables a statement list may change, directly, in the functions
//! it calls, or through pointers. The proof reads some values once (a loop's bounds at a
//! region's entry, say) and must know that nothing in the region changes them.

use crate::c::ast::{Body, Expr, ExprKind, Stmt, StmtKind, Storage, Type, VarId};
use crate::c::visit;
use crate::c::Program;
use std::collections::BTreeSet;

/// The variables `stmts` may write: those they assign; the globals and static locals the
/// functions they call assign (transitively); and every variable whose address is taken whose
/// type the code writes through a pointer, or whose address the code takes itself (a library
/// routine such as `scanf` may write it).
pub fn written(program: &Program, stmts: &[Stmt]) -> BTreeSet<VarId> {
    let mut out = visit::assigned(stmts);
    let mut through_pointers: Vec<Type> = Vec::new();
    let mut addressed = BTreeSet::new();
    let mut seen: BTreeSet<String> = BTreeSet::new();
    let mut todo: Vec<&[Stmt]> = vec![stmts];
    let mut callee = false;
    while let Some(code) = todo.pop() {
        if callee {
            out.extend(visit::assigned(code).into_iter().filter(|v| {
                matches!(
                    program.var(*v).storage,
                    Storage::Global | Storage::StaticLocal
                )
            }));
        }
        callee = true;
        visit::each_stmt(code, &mut |s| {
            let target = match &s.kind {
                StmtKind::Assign { target, .. } | StmtKind::Alloc { target, .. } => Some(target),
                StmtKind::Call {
                    target: Some(t), ..
                } => Some(t),
                _ => None,
            };
            if let Some(t) = target {
                if visit::whole_var(t).is_none() && visit::root_var(t).is_none() {
                    through_pointers.push(t.ty.clone());
                }
            }
            visit::stmt_exprs(s, &mut |e| addresses(e, &mut addressed));
            if let StmtKind::Call { callee, args, .. } = &s.kind {
                // The hidden state a library routine updates (`rand`'s sequence).
                let effects = crate::c::library::accesses(program, &callee.name, args, s.span)
                    .map(|a| a.effects)
                    .unwrap_or_default();
                for e in effects.iter().filter(|e| e.write) {
                    if let crate::c::library::Target::State(state) = e.target {
                        out.extend(program.hidden_state(state));
                    }
                }
                // A function without a body or contract may write every global, a system
                // header's only the state no file of the user's names (`c::opaque`).
                if let Some(f) = program.function(&callee.name).filter(|f| f.is_opaque()) {
                    out.extend(crate::c::opaque::reachable_globals(program, f));
                }
                if seen.insert(callee.name.clone()) {
                    if let Some(f) = program.function(&callee.name) {
                        if let Body::Verified(b) = &f.body {
                            todo.push(&b.stmts);
                        }
                    }
                }
            }
        });
    }
    for (k, v) in program.vars.iter().enumerate() {
        if v.addr_taken && through_pointers.contains(&v.ty) {
            out.insert(VarId(k as u32));
        }
    }
    out.extend(addressed);
    out
}

/// The variables whose storage `e` takes the address of.
fn addresses(e: &Expr, out: &mut BTreeSet<VarId>) {
    if let ExprKind::AddrOf(inner) = &e.kind {
        if let Some(v) = visit::root_var(inner) {
            out.insert(v);
        }
    }
    e.for_each_child(&mut |c| addresses(c, out));
}
