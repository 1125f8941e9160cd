//! Calls: functions of the file and library routines (by contract), and the library routines
//! ompv gives a meaning of its own: `malloc`/`calloc`/`free`, `assert`, `memset`/`memcpy`, and
//! pure mathematical functions.

use super::expr::{assign_stmt, is_null_constant};
use super::Converter;
use crate::c::ast::*;
use crate::error::FrontError;
use lang_c::ast as lc;
use lang_c::span::Node;
use viper::Span;

/// Whether a library function is a mathematical function of its arguments (stays inside
/// expressions), as `semantics::libc` says.
pub(crate) fn is_pure(name: &str) -> bool {
    crate::semantics::libc::routine(name).is_some_and(|r| r.function)
}

impl Converter<'_> {
    /// The global that holds the library's hidden state `s` (created at its first use, `at`).
    fn hidden_state(&mut self, s: crate::semantics::libc::State, at: Span) -> VarId {
        let name = s.global_name();
        if let Some(g) = self.globals.iter().find(|g| self.var(g.var).name == name) {
            return g.var;
        }
        let v = self.new_var(Var {
            name: name.to_string(),
            ty: Type::INT,
            storage: Storage::Global,
            function: None,
            span: at,
            addr_taken: false,
            is_const: false,
            threadprivate: false,
        });
        self.globals.push(Global { var: v, init: None });
        v
    }

    /// A call; its result is assigned to `target` if given (the call's value is then the
    /// target), else to a temporary. Returns the call's value (`None` for `void` functions).
    pub(crate) fn call(
        &mut self,
        call: &Node<lc::CallExpression>,
        target: Option<Expr>,
        span: Span,
        pre: &mut Vec<Stmt>,
        expected: Option<&Type>,
    ) -> Result<Option<Expr>, FrontError> {
        let c = &call.node;
        let lc::Expression::Identifier(id) = &c.callee.node else {
            return Err(FrontError::unsupported(
                self.sp(c.callee.span),
                "calls through function pointers",
            ));
        };
        let name = id.node.name.clone();
        let callee = Ident {
            name: name.clone(),
            span: self.sp(c.callee.span),
        };
        let sig = match self.sigs.get(&name) {
            Some(Ok(s)) => s.clone(),
            Some(Err(e)) => {
                return Err(FrontError::unsupported(
                    callee.span,
                    format!(
                        "call of `{name}`, whose signature is not supported: {}",
                        e.message
                    ),
                ))
            }
            None if self.foreign.contains(&name) => {
                if let Some(r) = self.polybench(&name, c, target, span, pre, expected) {
                    return r;
                }
                return Err(FrontError::unsupported(
                    callee.span,
                    format!(
                        "call of `{name}`, a function of a system header ompv has no contract for"
                    ),
                ));
            }
            None => {
                // PolyBench's timer routines are declared only with `POLYBENCH_TIME`, and called
                // undeclared otherwise (an implicit declaration).
                if let Some(r) = self.polybench(&name, c, target, span, pre, expected) {
                    return r;
                }
                return Err(FrontError::type_error(
                    callee.span,
                    format!("call of the undeclared function `{name}`"),
                ));
            }
        };
        if sig.library {
            match name.as_str() {
                "malloc" | "calloc" => {
                    return self.alloc(&name, c, target, span, pre, expected).map(Some)
                }
                "realloc" => {
                    return Err(FrontError::unsupported(span, "`realloc`"));
                }
                "free" => {
                    // The pointer as it is (not converted to `void *`): its element type tells
                    // what is freed.
                    let [arg] = c.arguments.as_slice() else {
                        return Err(FrontError::type_error(span, "`free` takes 1 argument"));
                    };
                    let mut p = self.rvalue(arg, pre)?;
                    if !p.ty.decay().is_pointer() {
                        return Err(FrontError::type_error(p.span, "`free` of a non-pointer"));
                    }
                    // `free((void *)p)` frees `p`'s block (a conversion to `void *` keeps it).
                    while let ExprKind::Cast(inner) = &p.kind {
                        if p.ty != Type::ptr(Type::Void) || !inner.ty.decay().is_pointer() {
                            break;
                        }
                        p = (**inner).clone();
                    }
                    pre.push(Stmt {
                        kind: StmtKind::Free(p),
                        span,
                    });
                    return Ok(None);
                }
                "__ompv_assert" => {
                    let a = self.args(&name, c, &sig, pre)?;
                    let e = a.into_iter().next().expect("one argument");
                    pre.push(Stmt {
                        kind: StmtKind::CAssert(e),
                        span,
                    });
                    return Ok(None);
                }
                "memset" => return self.memset(c, &sig, span, pre).map(|_| None),
                "memcpy" => return self.memcpy(c, &sig, span, pre).map(|_| None),
                n if is_pure(n) => {
                    let args = self.args(&name, c, &sig, pre)?;
                    let e = Expr {
                        kind: ExprKind::PureCall {
                            name: name.clone(),
                            args,
                        },
                        ty: sig.ret.clone(),
                        span,
                    };
                    return Ok(Some(match target {
                        Some(t) => {
                            let v = self.assign_conv(e, &t.ty, "an assignment")?;
                            pre.push(assign_stmt(t.clone(), v, span));
                            t
                        }
                        None => e,
                    }));
                }
                _ => {}
            }
            // The library's hidden state the routine touches (`rand`'s sequence, …) is a
            // global of the program in ompv's model.
            if let Some(r) = crate::semantics::libc::routine(&name) {
                for (state, _) in r.state {
                    self.hidden_state(*state, callee.span);
                }
            }
        } else if sig.variadic {
            return Err(FrontError::unsupported(
                callee.span,
                format!("call of the variadic function `{name}`"),
            ));
        }
        let args = self.args(&name, c, &sig, pre)?;
        if sig.ret == Type::Void {
            if let Some(t) = &target {
                return Err(FrontError::type_error(
                    t.span,
                    format!("`{name}` returns no value"),
                ));
            }
            pre.push(Stmt {
                kind: StmtKind::Call {
                    target: None,
                    callee,
                    args,
                },
                span,
            });
            return Ok(None);
        }
        // The result goes to the target directly if no conversion is needed, else through a
        // temporary.
        let direct = target.as_ref().filter(|t| t.ty == sig.ret).cloned();
        if let Some(t) = direct {
            pre.push(Stmt {
                kind: StmtKind::Call {
                    target: Some(t.clone()),
                    callee,
                    args,
                },
                span,
            });
            return Ok(Some(t));
        }
        let tmp = self.temp(sig.ret.clone(), span, pre);
        pre.push(Stmt {
            kind: StmtKind::Call {
                target: Some(tmp.clone()),
                callee,
                args,
            },
            span,
        });
        Ok(Some(match target {
            Some(t) => {
                let v = self.assign_conv(tmp, &t.ty, "an assignment")?;
                pre.push(assign_stmt(t.clone(), v, span));
                t
            }
            None => tmp,
        }))
    }

    /// The arguments of a call, converted to the parameter types (extra arguments of a variadic
    /// library routine are kept as they are).
    fn args(
        &mut self,
        name: &str,
        c: &lc::CallExpression,
        sig: &super::Signature,
        pre: &mut Vec<Stmt>,
    ) -> Result<Vec<Expr>, FrontError> {
        let n = sig.params.len();
        let count_ok = if sig.variadic {
            c.arguments.len() >= n
        } else {
            c.arguments.len() == n
        };
        if !count_ok {
            let span = c
                .arguments
                .first()
                .map_or(viper::Span::DUMMY, |a| self.sp(a.span));
            return Err(FrontError::type_error(
                span,
                format!(
                    "`{name}` takes {n} argument(s), {} given",
                    c.arguments.len()
                ),
            ));
        }
        let mut out = Vec::new();
        for (k, a) in c.arguments.iter().enumerate() {
            let v = self.rvalue(a, pre)?;
            let v = match sig.params.get(k) {
                Some(t) => self.assign_conv(v, t, &format!("argument {} of `{name}`", k + 1))?,
                None => v,
            };
            out.push(v);
        }
        Ok(out)
    }

    /// `p = malloc(n * sizeof(T))`, `calloc(n, sizeof(T))`.
    fn alloc(
        &mut self,
        name: &str,
        c: &lc::CallExpression,
        target: Option<Expr>,
        span: Span,
        pre: &mut Vec<Stmt>,
        expected: Option<&Type>,
    ) -> Result<Expr, FrontError> {
        let want = target
            .as_ref()
            .map(|t| t.ty.clone())
            .or_else(|| expected.cloned());
        let elem = match want.as_ref().and_then(|t| t.pointee()) {
            Some(Type::Void) | None => {
                return Err(FrontError::unsupported(
                    span,
                    format!(
                        "`{name}` whose result is not converted to a pointer to a known type \
                         (write `T *p = {name}(…)` or `({name}(…))` with a cast)"
                    ),
                ))
            }
            Some(t) => t.clone(),
        };
        let mut args = Vec::new();
        for a in &c.arguments {
            args.push(self.rvalue(a, pre)?);
        }
        let count = match (name, args.as_slice()) {
            ("malloc", [size]) => self.element_count(size, &elem),
            ("calloc", [n, size]) => match &size.kind {
                ExprKind::SizeOf(t) if *t == elem => Some(n.clone()),
                _ => None,
            },
            _ => {
                return Err(FrontError::type_error(
                    span,
                    format!("wrong number of arguments of `{name}`"),
                ))
            }
        };
        let Some(count) = count else {
            return Err(FrontError::unsupported(
                span,
                format!(
                    "`{name}` with a size that is not a number of elements times `sizeof({})`",
                    self.tname(&elem)
                ),
            ));
        };
        let target = match target {
            Some(t) => t,
            None => self.temp(Type::ptr(elem.clone()), span, pre),
        };
        pre.push(Stmt {
            kind: StmtKind::Alloc {
                target: target.clone(),
                elem,
                count,
                zeroed: name == "calloc",
            },
            span,
        });
        Ok(target)
    }

    /// The number of elements of type `elem` that `size` bytes hold, when `size` is written as
    /// `n * sizeof(elem)`, `sizeof(elem) * n` or `sizeof(elem)` (or `elem` is a character type).
    pub(crate) fn element_count(&self, size: &Expr, elem: &Type) -> Option<Expr> {
        let one = |span| Expr {
            kind: ExprKind::Int(1),
            ty: Type::SIZE_T,
            span,
        };
        match &size.kind {
            ExprKind::SizeOf(t) if t == elem => Some(one(size.span)),
            ExprKind::Binary {
                op: BinOp::Mul,
                lhs,
                rhs,
            } => match (&lhs.kind, &rhs.kind) {
                (ExprKind::SizeOf(t), _) if t == elem => Some((**rhs).clone()),
                (_, ExprKind::SizeOf(t)) if t == elem => Some((**lhs).clone()),
                _ => {
                    // `n * m * sizeof(T)` parses as `(n * m) * sizeof(T)`, handled above;
                    // `sizeof(T) * n * m` as `(sizeof(T) * n) * m`.
                    let inner = self.element_count(lhs, elem)?;
                    Some(Expr {
                        kind: ExprKind::Binary {
                            op: BinOp::Mul,
                            lhs: Box::new(inner),
                            rhs: rhs.clone(),
                        },
                        ty: size.ty.clone(),
                        span: size.span,
                    })
                }
            },
            ExprKind::Cast(inner) => self.element_count(inner, elem),
            _ if matches!(
                elem,
                Type::Int {
                    rank: crate::c::types::IntRank::Char,
                    ..
                }
            ) =>
            {
                Some(size.clone())
            }
            _ => None,
        }
    }

    /// The elements `n` bytes from `p` cover: `None` for the whole object (`n == sizeof obj`).
    fn byte_range(&self, p: &Expr, n: &Expr) -> Result<Option<Expr>, FrontError> {
        let obj = match &p.kind {
            ExprKind::Cast(inner) => inner,
            _ => p,
        };
        if let ExprKind::SizeOf(t) = &n.kind {
            if *t == obj.ty && matches!(obj.ty, Type::Array { .. }) {
                return Ok(None);
            }
        }
        let elem = obj.ty.decay().pointee().cloned().unwrap_or(Type::Void);
        match self.element_count(n, &elem) {
            Some(c) => Ok(Some(c)),
            None => Err(FrontError::unsupported(
                n.span,
                "a byte count that is not a whole object (`sizeof a`) or a number of elements \
                 times the element size",
            )),
        }
    }

    fn memset(
        &mut self,
        c: &lc::CallExpression,
        sig: &super::Signature,
        span: Span,
        pre: &mut Vec<Stmt>,
    ) -> Result<(), FrontError> {
        if c.arguments.len() != 3 {
            return Err(FrontError::type_error(span, "`memset` takes 3 arguments"));
        }
        let _ = sig;
        let p = self.rvalue(&c.arguments[0], pre)?;
        let v = self.rvalue(&c.arguments[1], pre)?;
        let n = self.rvalue(&c.arguments[2], pre)?;
        let count = self.byte_range(&p, &n)?;
        let target = strip_cast(p);
        pre.push(Stmt {
            kind: StmtKind::MemSet {
                target,
                count,
                zero: is_null_constant(&v),
            },
            span,
        });
        Ok(())
    }

    fn memcpy(
        &mut self,
        c: &lc::CallExpression,
        sig: &super::Signature,
        span: Span,
        pre: &mut Vec<Stmt>,
    ) -> Result<(), FrontError> {
        if c.arguments.len() != 3 {
            return Err(FrontError::type_error(span, "`memcpy` takes 3 arguments"));
        }
        let _ = sig;
        let d = self.rvalue(&c.arguments[0], pre)?;
        let s = self.rvalue(&c.arguments[1], pre)?;
        let n = self.rvalue(&c.arguments[2], pre)?;
        let count = self.byte_range(&d, &n)?;
        pre.push(Stmt {
            kind: StmtKind::MemCpy {
                dst: strip_cast(d),
                src: strip_cast(s),
                count,
            },
            span,
        });
        Ok(())
    }
}

fn strip_cast(e: Expr) -> Expr {
    match e.kind {
        ExprKind::Cast(inner) if inner.ty.decay().is_pointer() => *inner,
        _ => e,
    }
}
