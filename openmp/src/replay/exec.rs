//! Statements and calls. Blocks are scopes: the objects a block declares live until its end.
//! Every statement is one step of the budget.

use super::env::{Binding, Frame};
use super::memory::Origin;
use super::thread::{Thread, MAX_DEPTH};
use super::value::{self, Ptr, Value};
use super::world::{inconclusive, Stop, R};
use crate::c::ast::*;
use viper::Span;

/// How a statement ends.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Flow {
    Normal,
    Break,
    Continue,
    Return(Option<Value>),
}

impl<'p> Thread<'p, '_> {
    pub fn frame(&mut self) -> &mut Frame<'p> {
        self.frames.last_mut().expect("inside a function")
    }

    /// Leaves the innermost scope of the current frame, freeing what it declared.
    pub fn pop_scope(&mut self) {
        if !self.holds() {
            return;
        }
        let freed = self.frame().pop_scope();
        for o in freed {
            let _ = self.w().mem.release(o);
        }
    }

    pub fn exec_block(&mut self, b: &'p Block) -> R<Flow> {
        self.frame().push_scope();
        let r = self.exec_stmts(&b.stmts);
        self.pop_scope();
        r
    }

    pub fn exec_stmts(&mut self, stmts: &'p [Stmt]) -> R<Flow> {
        for s in stmts {
            let f = self.exec(s)?;
            if f != Flow::Normal {
                return Ok(f);
            }
        }
        Ok(Flow::Normal)
    }

    fn truth(&mut self, e: &Expr) -> R<bool> {
        let v = self.eval(e)?;
        v.truth().or_else(|x| self.ub(e.span, x))
    }

    pub fn exec(&mut self, s: &'p Stmt) -> R<Flow> {
        self.step(s.span)?;
        match &s.kind {
            StmtKind::Decl { var, init } => {
                self.declare(*var, init.as_ref(), s.span)?;
            }
            StmtKind::Assign { target, value } => self.assign(target, value)?,
            StmtKind::Call {
                target,
                callee,
                args,
            } => self.call(target.as_ref(), callee, args, s.span)?,
            StmtKind::Alloc {
                target,
                elem,
                count,
                zeroed,
            } => self.alloc(target, elem, count, *zeroed, s.span)?,
            StmtKind::Free(e) => {
                let v = self.eval(e)?;
                match v {
                    Value::Null | Value::Int(0) => {}
                    Value::Ptr(p) => {
                        let heap = self
                            .w()
                            .mem
                            .get(p.obj)
                            .map(|o| matches!(o.origin, Origin::Heap(_)));
                        if p.off != 0 || heap != Some(true) {
                            return inconclusive(
                                s.span,
                                "undefined behaviour: `free` of a pointer that `malloc` did not \
                                 return (or of a freed object)",
                            );
                        }
                        if let Err(x) = self.w().mem.release(p.obj) {
                            return self.ub(s.span, x);
                        }
                    }
                    _ => {
                        return inconclusive(s.span, "undefined behaviour: `free` of a non-pointer")
                    }
                }
            }
            StmtKind::MemSet {
                target,
                count,
                zero,
            } => {
                if !zero {
                    return inconclusive(
                        s.span,
                        "`memset` with a non-zero byte (the model keeps values, not bytes)",
                    );
                }
                let (p, n) = self.byte_range(target, count.as_ref(), s.span)?;
                for k in 0..n {
                    let q = Ptr {
                        obj: p.obj,
                        off: p.off + k as i64,
                    };
                    self.store(q, Value::Int(0), s.span)?;
                }
            }
            StmtKind::MemCpy { dst, src, count } => {
                let (d, n) = self.byte_range(dst, count.as_ref(), s.span)?;
                let (sp, _) = self.byte_range(src, count.as_ref(), s.span)?;
                for k in 0..n {
                    let v = self.load(
                        Ptr {
                            obj: sp.obj,
                            off: sp.off + k as i64,
                        },
                        s.span,
                    )?;
                    self.store(
                        Ptr {
                            obj: d.obj,
                            off: d.off + k as i64,
                        },
                        v,
                        s.span,
                    )?;
                }
            }
            StmtKind::CAssert(e) => {
                if !self.truth(e)? {
                    // The program aborts: the run ends here, with what was found so far.
                    return Err(Stop::Exit);
                }
            }
            StmtKind::If { cond, then, els } => {
                return if self.truth(cond)? {
                    self.exec_block(then)
                } else if let Some(b) = els {
                    self.exec_block(b)
                } else {
                    Ok(Flow::Normal)
                };
            }
            StmtKind::Loop {
                kind,
                init,
                cond_pre,
                cond,
                step,
                body,
                ..
            } => {
                self.frame().push_scope();
                let r = self.run_loop(*kind, init, cond_pre, cond.as_ref(), step, body);
                self.pop_scope();
                return r;
            }
            StmtKind::Break => return Ok(Flow::Break),
            StmtKind::Continue => return Ok(Flow::Continue),
            StmtKind::Return(e) => {
                let v = match e {
                    Some(e) => Some(self.eval(e)?),
                    None => None,
                };
                return Ok(Flow::Return(v));
            }
            StmtKind::Block(b) => return self.exec_block(b),
            StmtKind::Assert(_) => {}
            StmtKind::SpecIgnored => {
                return inconclusive(
                    s.span,
                    "code between `spec_ignore` markers is not kept by the front end",
                )
            }
            StmtKind::Omp(c) => return self.omp(c),
        }
        Ok(Flow::Normal)
    }

    fn run_loop(
        &mut self,
        kind: LoopKind,
        init: &'p [Stmt],
        cond_pre: &'p [Stmt],
        cond: Option<&Expr>,
        step: &'p [Stmt],
        body: &'p Block,
    ) -> R<Flow> {
        match self.exec_stmts(init)? {
            Flow::Normal => {}
            f => return Ok(f),
        }
        let mut first = true;
        loop {
            if !(first && kind == LoopKind::DoWhile) {
                if self.exec_stmts(cond_pre)? != Flow::Normal {
                    return inconclusive(body.span, "control flow out of a loop condition");
                }
                if let Some(c) = cond {
                    if !self.truth(c)? {
                        return Ok(Flow::Normal);
                    }
                }
            }
            first = false;
            match self.exec_block(body)? {
                Flow::Break => return Ok(Flow::Normal),
                Flow::Return(v) => return Ok(Flow::Return(v)),
                Flow::Normal | Flow::Continue => {}
            }
            self.step(body.span)?;
            if self.exec_stmts(step)? != Flow::Normal {
                return inconclusive(body.span, "control flow out of a loop increment");
            }
        }
    }

    /// A new object for variable `v` in the current scope, initialised by `init`.
    pub fn declare(&mut self, v: VarId, init: Option<&Init>, span: Span) -> R<Ptr> {
        let var = self.rt.prog.var(v);
        let ty = self.resolve(&var.ty, span)?;
        let n = self.cells_of(&ty, span)?;
        let owned_ty = super::eval::has_vla(&var.ty).then(|| ty.clone());
        let obj = match self
            .w()
            .mem
            .alloc(n, Value::Uninit, Origin::Var(v), owned_ty)
        {
            Ok(o) => o,
            Err(m) => return inconclusive(span, m),
        };
        let name = var.name.as_str();
        self.frame().bind(
            v,
            name,
            Binding {
                obj,
                team_shared: false,
            },
            true,
        );
        let p = Ptr { obj, off: 0 };
        if let Some(i) = init {
            let mut cells = Vec::new();
            self.flatten(i, &ty, &mut cells, span)?;
            // A new object no other unit can see yet: no access to record.
            for (k, val) in cells.into_iter().enumerate() {
                self.init_cell(Ptr { obj, off: k as i64 }, val, span)?;
            }
        }
        Ok(p)
    }

    /// The cells an initialiser gives an object of type `t` (missing members and elements are
    /// zero, C11 6.7.9p21).
    pub fn flatten(&mut self, i: &Init, t: &Type, out: &mut Vec<Value>, span: Span) -> R<()> {
        let n = self.cells_of(t, span)? as usize;
        let start = out.len();
        match (i, t) {
            (Init::Expr(e), Type::Struct(_)) if matches!(e.ty, Type::Struct(_)) => {
                let src = self.eval(e)?;
                let p = self.as_ptr(src, e.span)?;
                for k in 0..n {
                    out.push(self.load(
                        Ptr {
                            obj: p.obj,
                            off: p.off + k as i64,
                        },
                        e.span,
                    )?);
                }
            }
            (Init::Expr(e), Type::Array { elem, .. }) if matches!(e.kind, ExprKind::Str(_)) => {
                // `char s[] = "abc"`.
                let src = self.eval(e)?;
                let p = self.as_ptr(src, e.span)?;
                let _ = elem;
                let len = self.w().mem.len(p.obj).unwrap_or(0);
                for k in 0..n.min(len) {
                    out.push(self.load(
                        Ptr {
                            obj: p.obj,
                            off: k as i64,
                        },
                        e.span,
                    )?);
                }
            }
            (Init::Expr(e), _) => {
                let v = self.eval(e)?;
                let v = value::convert(v, &e.ty.decay(), t).or_else(|x| self.ub(e.span, x))?;
                out.push(v);
            }
            (Init::List(items), Type::Array { elem, .. }) => {
                for it in items {
                    self.flatten(it, elem, out, span)?;
                }
            }
            (Init::List(items), Type::Struct(id)) => {
                let fields = &self.rt.prog.structs[id.0 as usize].fields;
                for (it, f) in items.iter().zip(fields) {
                    self.flatten(it, &f.ty, out, span)?;
                }
            }
            (Init::List(items), _) => match items.first() {
                Some(it) => self.flatten(it, t, out, span)?,
                None => out.push(Value::Int(0)),
            },
        }
        while out.len() < start + n {
            out.push(Value::Int(0));
        }
        out.truncate(start + n);
        Ok(())
    }

    fn assign(&mut self, target: &Expr, value: &Expr) -> R<()> {
        if let Type::Struct(_) = target.ty {
            let n = self.cells_of(&target.ty, target.span)?;
            let src = self.eval(value)?;
            let s = self.as_ptr(src, value.span)?;
            let d = self.place(target)?;
            for k in 0..n as i64 {
                let v = self.load(
                    Ptr {
                        obj: s.obj,
                        off: s.off + k,
                    },
                    value.span,
                )?;
                self.store(
                    Ptr {
                        obj: d.obj,
                        off: d.off + k,
                    },
                    v,
                    target.span,
                )?;
            }
            return Ok(());
        }
        let v = self.eval(value)?;
        let v =
            value::convert(v, &value.ty.decay(), &target.ty).or_else(|x| self.ub(value.span, x))?;
        let p = self.place(target)?;
        self.store(p, v, target.span)
    }

    fn alloc(
        &mut self,
        target: &Expr,
        elem: &Type,
        count: &Expr,
        zeroed: bool,
        span: Span,
    ) -> R<()> {
        let n = self.eval(count)?.as_int().or_else(|x| self.ub(span, x))?;
        if n < 0 {
            return inconclusive(span, "an allocation of a negative size");
        }
        let per = self.cells_of(elem, span)?;
        let cells = (n as u64).saturating_mul(per);
        let name = crate::c::print::print_expr(target, self.rt.prog);
        let ty = Type::Array {
            elem: Box::new(self.resolve(elem, span)?),
            len: ArrayLen::Const(n as u64),
        };
        let init = if zeroed { Value::Int(0) } else { Value::Uninit };
        let obj = match self
            .w()
            .mem
            .alloc(cells, init, Origin::Heap(name), Some(ty))
        {
            Ok(o) => o,
            Err(m) => return inconclusive(span, m),
        };
        let p = self.place(target)?;
        self.store(p, Value::Ptr(Ptr { obj, off: 0 }), target.span)
    }

    /// The first cell and the number of cells `memset`/`memcpy` cover.
    fn byte_range(&mut self, target: &Expr, count: Option<&Expr>, span: Span) -> R<(Ptr, u64)> {
        let v = self.eval(target)?;
        let p = self.as_ptr(v, span)?;
        let elem = target.ty.decay().pointee().cloned().unwrap_or(Type::Void);
        let n = match count {
            Some(c) => {
                let k = self.eval(c)?.as_int().or_else(|x| self.ub(span, x))?;
                if k < 0 {
                    return inconclusive(span, "a negative size");
                }
                k as u64 * self.cells_of(&elem, span)?
            }
            None => self.cells_of(&target.ty, span)?,
        };
        let len = self.w().mem.len(p.obj).unwrap_or(0) as i64;
        if p.off + n as i64 > len {
            return inconclusive(span, "undefined behaviour: the range leaves its object");
        }
        Ok((p, n))
    }

    /// A call statement: user functions are run, library routines have their meaning in
    /// [`super::builtins`].
    fn call(
        &mut self,
        target: Option<&Expr>,
        callee: &'p Ident,
        args: &'p [Expr],
        span: Span,
    ) -> R<()> {
        let mut vals = Vec::with_capacity(args.len());
        for a in args {
            vals.push(self.eval(a)?);
        }
        let ret = match self.rt.funcs.get(callee.name.as_str()).copied() {
            Some(f) => self.user_call(f, vals, args, span)?,
            None => self.builtin(&callee.name, args, &vals, span)?,
        };
        if let Some(t) = target {
            let Some((v, from)) = ret else {
                return inconclusive(span, format!("`{}` returned no value", callee.name));
            };
            let v = value::convert(v, &from, &t.ty).or_else(|x| self.ub(span, x))?;
            let p = self.place(t)?;
            self.store(p, v, t.span)?;
        }
        Ok(())
    }

    /// Runs a function of the program; returns its value and type.
    pub fn user_call(
        &mut self,
        f: &'p Function,
        vals: Vec<Value>,
        args: &'p [Expr],
        span: Span,
    ) -> R<Option<(Value, Type)>> {
        let Body::Verified(body) = &f.body else {
            return inconclusive(
                span,
                format!("the body of `{}` is not kept by the front end", f.name.name),
            );
        };
        if self.depth >= MAX_DEPTH {
            return inconclusive(span, format!("calls nest deeper than {MAX_DEPTH}"));
        }
        self.depth += 1;
        let mut frame = Frame::new(f.name.name.as_str());
        frame.push_scope();
        self.frames.push(frame);
        let r = self.enter(f, vals, args, body, span);
        if self.holds() {
            let freed = self
                .frames
                .last_mut()
                .map(|f| f.pop_all())
                .unwrap_or_default();
            for o in freed {
                let _ = self.w().mem.release(o);
            }
        }
        self.frames.pop();
        self.depth -= 1;
        let v = r?;
        Ok(match v {
            Some(v) => Some((v, f.ret.clone())),
            None if f.ret != Type::Void => Some((Value::Uninit, f.ret.clone())),
            None => None,
        })
    }

    fn enter(
        &mut self,
        f: &'p Function,
        vals: Vec<Value>,
        args: &'p [Expr],
        body: &'p Block,
        span: Span,
    ) -> R<Option<Value>> {
        if f.params.len() != vals.len() {
            return inconclusive(
                span,
                format!(
                    "`{}` called with the wrong number of arguments",
                    f.name.name
                ),
            );
        }
        for ((param, v), a) in f.params.iter().zip(vals).zip(args) {
            let p = self.declare(param.var, None, param.span)?;
            let ty = &self.rt.prog.var(param.var).ty;
            if let Type::Struct(_) = ty {
                let n = self.cells_of(ty, span)?;
                let s = self.as_ptr(v, a.span)?;
                for k in 0..n as i64 {
                    let x = self.load(
                        Ptr {
                            obj: s.obj,
                            off: s.off + k,
                        },
                        a.span,
                    )?;
                    self.init_cell(Ptr { obj: p.obj, off: k }, x, span)?;
                }
            } else {
                let v = value::convert(v, &a.ty.decay(), ty).or_else(|x| self.ub(a.span, x))?;
                self.init_cell(p, v, span)?;
            }
        }
        match self.exec_block(body)? {
            Flow::Return(v) => Ok(v),
            _ => Ok(None),
        }
    }

    /// Allocates and initialises the globals and static locals.
    pub fn init_globals(&mut self) -> R<()> {
        let prog = self.rt.prog;
        for g in &prog.globals {
            let var = prog.var(g.var);
            let n = self.cells_of(&var.ty, var.span)?;
            let obj = match self
                .w()
                .mem
                .alloc(n, Value::Int(0), Origin::Var(g.var), None)
            {
                Ok(o) => o,
                Err(m) => return inconclusive(var.span, m),
            };
            self.w().globals.insert(g.var, obj);
        }
        for g in &prog.globals {
            if let Some(i) = &g.init {
                let var = prog.var(g.var);
                let mut cells = Vec::new();
                self.flatten(i, &var.ty, &mut cells, var.span)?;
                let obj = self.w().globals[&g.var];
                for (k, v) in cells.into_iter().enumerate() {
                    self.init_cell(Ptr { obj, off: k as i64 }, v, var.span)?;
                }
            }
        }
        Ok(())
    }

    /// The current thread's copy of a threadprivate variable (§5.2): the primary thread of the
    /// outermost team uses the original; every other thread gets its own copy, initialised as
    /// the original was, on first use.
    pub fn threadprivate_ptr(&mut self, v: VarId, span: Span) -> R<Ptr> {
        self.unit.thread_bound = true;
        let Some(orig) = self.w().globals.get(&v).copied() else {
            return inconclusive(span, "a threadprivate variable without storage");
        };
        if self.key.is_empty() {
            return Ok(Ptr { obj: orig, off: 0 });
        }
        let key = (self.key.clone(), v);
        if let Some(o) = self.w().threadprivate.get(&key) {
            return Ok(Ptr { obj: *o, off: 0 });
        }
        let prog = self.rt.prog;
        let var = prog.var(v);
        let n = self.cells_of(&var.ty, span)?;
        let obj = match self.w().mem.alloc(n, Value::Int(0), Origin::Var(v), None) {
            Ok(o) => o,
            Err(m) => return inconclusive(span, m),
        };
        self.w().threadprivate.insert(key, obj);
        if let Some(g) = prog.globals.iter().find(|g| g.var == v) {
            if let Some(i) = &g.init {
                let mut cells = Vec::new();
                self.flatten(i, &var.ty, &mut cells, span)?;
                for (k, x) in cells.into_iter().enumerate() {
                    self.init_cell(Ptr { obj, off: k as i64 }, x, span)?;
                }
            }
        }
        Ok(Ptr { obj, off: 0 })
    }
}
