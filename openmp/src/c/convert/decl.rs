//! Declarations: file-scope declarations (typedefs, globals, prototypes), local declarations
//! with their initialisers, `static` locals, and `#pragma omp threadprivate`.

use super::types::{declarator_ident, declarator_name, is_function_declarator};
use super::{Binding, Converter, Signature};
use crate::c::ast::*;
use crate::error::FrontError;
use crate::pragma::Pragma;
use crate::source::{is_library, MAIN};
use crate::spec::Contract;
use lang_c::ast as lc;
use lang_c::span::Node;
use std::collections::HashMap;

impl Converter<'_> {
    /// A file-scope declaration of known file `file` (`None`: a system header). Returns the
    /// prototypes it declares (functions of the user's file and library routines).
    pub(super) fn external_declaration(
        &mut self,
        d: &Node<lc::Declaration>,
        file: Option<usize>,
        contracts: &HashMap<String, Contract>,
    ) -> Vec<Function> {
        let mut out = Vec::new();
        let (base, specs) = match self.decl_specs(&d.node.specifiers) {
            Ok(x) => x,
            Err(e) => {
                if file == Some(MAIN) {
                    self.errors.push(e);
                }
                // A system header's declaration ompv does not understand: its names cannot be used.
                for i in &d.node.declarators {
                    if let Some(n) = declarator_name(&i.node.declarator) {
                        if is_function_declarator(&i.node.declarator) {
                            self.foreign.insert(n);
                        } else {
                            self.rejected.insert(n);
                        }
                    }
                }
                return out;
            }
        };
        for init in &d.node.declarators {
            let dr = &init.node.declarator;
            let Some(name) = declarator_ident(dr, self) else {
                continue;
            };
            let span = self.sp(init.span);
            if specs.typedef {
                match self.declarator_type(base.clone(), dr, false) {
                    Ok((ty, _)) => {
                        self.typedefs.insert(name.name.clone(), ty);
                    }
                    Err(e) if file == Some(MAIN) => self.errors.push(e),
                    Err(_) => {}
                }
                continue;
            }
            if is_function_declarator(dr) {
                // A prototype in a header of the user's is one of the program's (its definition
                // is in another file): calls use its contract, or `c::opaque`'s bound.
                // One of a system header, unless ompv's table or its own headers give the name
                // a meaning, is bounded as such a function is, without the user's globals.
                let (k, system) = match file {
                    Some(k) => (k, false),
                    None if super::polybench::is_modelled(&name.name)
                        || crate::semantics::libc::routine(&name.name).is_some()
                        || name.name.starts_with("omp_") =>
                    {
                        self.foreign.insert(name.name.clone());
                        continue;
                    }
                    None => (MAIN, !self.l.in_user_header(d.span.start)),
                };
                let sig = self.signature(&d.node.specifiers, dr);
                if sig.is_err() && system {
                    // (Its types are beyond ompv: a call says so.)
                    self.foreign.insert(name.name.clone());
                    continue;
                }
                let library = is_library(k);
                match sig {
                    Ok((ret, params, variadic)) => {
                        let entry = Signature {
                            ret: ret.clone(),
                            params: params.iter().map(|p| p.1.clone()).collect(),
                            variadic,
                            library,
                        };
                        // A definition's signature wins; keep the first prototype otherwise.
                        if !matches!(self.sigs.get(&name.name), Some(Ok(_))) {
                            self.sigs.insert(name.name.clone(), Ok(entry));
                        }
                        let contract = contracts.get(&name.name).cloned();
                        let params = self.declare_params(&name.name, params);
                        if let Some(c) = &contract {
                            self.check_contract(c);
                        }
                        self.scopes.truncate(1);
                        out.push(Function {
                            name,
                            ret,
                            params,
                            variadic,
                            contract,
                            body: Body::Prototype,
                            origin: if library {
                                Origin::Library
                            } else if system {
                                Origin::System
                            } else {
                                Origin::Main
                            },
                            span,
                        });
                    }
                    Err(e) => {
                        self.sigs.insert(name.name.clone(), Err(e));
                    }
                }
                continue;
            }
            // A global variable.
            if file.is_none() {
                self.rejected.insert(name.name.clone());
                continue;
            }
            let ty = match self.declarator_type(base.clone(), dr, false) {
                Ok((ty, _)) => ty,
                Err(e) => {
                    self.errors.push(e);
                    self.rejected.insert(name.name.clone());
                    continue;
                }
            };
            if let Some(Binding::Var(v)) = self.scopes[0].get(&name.name) {
                // `extern int x;` then `int x = 1;`: one variable.
                let v = *v;
                if let Some(i) = &init.node.initializer {
                    match self.initializer(&ty, i) {
                        Ok((init, pre)) if pre.is_empty() => {
                            if let Some(g) = self.globals.iter_mut().find(|g| g.var == v) {
                                g.init = Some(init);
                            }
                        }
                        Ok(_) => self.errors.push(FrontError::type_error(
                            self.sp(i.span),
                            "a global initialiser must be constant",
                        )),
                        Err(e) => self.errors.push(e),
                    }
                }
                continue;
            }
            let ty = match (ty, &init.node.initializer) {
                (
                    Type::Array {
                        elem,
                        len: ArrayLen::Unknown,
                    },
                    Some(i),
                ) => Type::Array {
                    len: ArrayLen::Const(list_len(i)),
                    elem,
                },
                (t, _) => t,
            };
            if let Type::Array {
                len: ArrayLen::Var(_),
                ..
            } = ty
            {
                self.errors.push(FrontError::type_error(
                    span,
                    "a global array must have a constant length",
                ));
                continue;
            }
            let v = self.new_var(Var {
                name: name.name.clone(),
                ty: ty.clone(),
                storage: Storage::Global,
                function: None,
                span: name.span,
                addr_taken: false,
                is_const: specs.is_const,
                threadprivate: false,
            });
            self.scopes[0].insert(name.name.clone(), Binding::Var(v));
            let init = match &init.node.initializer {
                None => None,
                Some(i) => match self.initializer(&ty, i) {
                    Ok((init, pre)) if pre.is_empty() => Some(init),
                    Ok(_) => {
                        self.errors.push(FrontError::type_error(
                            self.sp(i.span),
                            "a global initialiser must be constant",
                        ));
                        None
                    }
                    Err(e) => {
                        self.errors.push(e);
                        None
                    }
                },
            };
            self.globals.push(Global { var: v, init });
        }
        out
    }

    /// Local variable declarations: one `Decl` statement per declarator (with the statements
    /// that compute its initialiser before it).
    pub(crate) fn local_declaration(
        &mut self,
        d: &Node<lc::Declaration>,
    ) -> Result<Vec<Stmt>, FrontError> {
        let r = self.declare_locals(d);
        if r.is_err() {
            // Later uses of these names would only repeat the error as "undeclared".
            for init in &d.node.declarators {
                if let Some(name) = declarator_ident(&init.node.declarator, self) {
                    self.rejected.insert(name.name);
                }
            }
        }
        r
    }

    fn declare_locals(&mut self, d: &Node<lc::Declaration>) -> Result<Vec<Stmt>, FrontError> {
        let (base, specs) = self.decl_specs(&d.node.specifiers)?;
        let mut out = Vec::new();
        for init in &d.node.declarators {
            let dr = &init.node.declarator;
            let span = self.sp(init.span);
            let name = declarator_ident(dr, self)
                .ok_or_else(|| FrontError::c_syntax(span, "a declaration without a name"))?;
            if specs.typedef {
                let (ty, _) = self.declarator_type(base.clone(), dr, false)?;
                self.typedefs.insert(name.name.clone(), ty);
                continue;
            }
            if is_function_declarator(dr) {
                return Err(FrontError::unsupported(
                    span,
                    "function declarations inside a function",
                ));
            }
            if specs.is_extern {
                return Err(FrontError::unsupported(
                    span,
                    "`extern` declarations in a function",
                ));
            }
            let (ty, _) = self.declarator_type(base.clone(), dr, false)?;
            let ty = match (ty, &init.node.initializer) {
                (
                    Type::Array {
                        elem,
                        len: ArrayLen::Unknown,
                    },
                    Some(i),
                ) => Type::Array {
                    len: ArrayLen::Const(list_len(i)),
                    elem,
                },
                (
                    Type::Array {
                        len: ArrayLen::Unknown,
                        ..
                    },
                    None,
                ) => {
                    return Err(FrontError::type_error(
                        span,
                        format!("the array `{}` has no length", name.name),
                    ))
                }
                (t, _) => t,
            };
            if ty == Type::Void {
                return Err(FrontError::type_error(
                    span,
                    format!("`{}` cannot have type void", name.name),
                ));
            }
            if let Type::Struct(id) = &ty {
                if self.structs[id.0 as usize].opaque {
                    return Err(FrontError::type_error(
                        span,
                        format!("`{}` has an incomplete struct type", name.name),
                    ));
                }
            }
            // The length of a variable-length array is computed once, where it is declared.
            let ty = self.fix_vla_lengths(ty, &name, &mut out)?;
            let storage = if specs.is_static {
                Storage::StaticLocal
            } else {
                Storage::Local
            };
            // `T x = f(…);` (also `malloc`): the call assigns the new variable directly.
            if storage == Storage::Local && !matches!(ty, Type::Array { .. } | Type::Struct(_)) {
                if let Some(lc::Initializer::Expression(e)) =
                    init.node.initializer.as_ref().map(|i| &i.node)
                {
                    if let lc::Expression::Call(call) = &super::expr::strip_casts(e).node {
                        let v = self.declare(&name, ty.clone(), storage, specs.is_const)?;
                        out.push(Stmt {
                            kind: StmtKind::Decl { var: v, init: None },
                            span,
                        });
                        let target = Expr {
                            kind: ExprKind::Var(v),
                            ty: ty.clone(),
                            span: name.span,
                        };
                        let cspan = self.sp(e.span);
                        if self
                            .call(call, Some(target), cspan, &mut out, Some(&ty))?
                            .is_none()
                        {
                            return Err(FrontError::type_error(
                                cspan,
                                "a call of a `void` function has no value",
                            ));
                        }
                        continue;
                    }
                }
            }
            let (init_val, pre) = match &init.node.initializer {
                None => (None, Vec::new()),
                Some(i) => {
                    let (v, pre) = self.initializer(&ty, i)?;
                    (Some(v), pre)
                }
            };
            if storage == Storage::StaticLocal && !pre.is_empty() {
                return Err(FrontError::type_error(
                    span,
                    "the initialiser of a `static` local must be constant",
                ));
            }
            out.extend(pre);
            let v = self.declare(&name, ty, storage, specs.is_const)?;
            if storage == Storage::StaticLocal {
                // One object for the whole program, initialised before `main` starts.
                self.globals.push(Global {
                    var: v,
                    init: init_val,
                });
                continue;
            }
            out.push(Stmt {
                kind: StmtKind::Decl {
                    var: v,
                    init: init_val,
                },
                span,
            });
        }
        Ok(out)
    }

    /// Replaces variable lengths of (nested) array types by synthetic variables assigned before
    /// the declaration (C evaluates them once, at the declaration).
    fn fix_vla_lengths(
        &mut self,
        ty: Type,
        name: &Ident,
        out: &mut Vec<Stmt>,
    ) -> Result<Type, FrontError> {
        Ok(match ty {
            Type::Array { elem, len } => {
                let elem = self.fix_vla_lengths(*elem, name, out)?;
                let len = match len {
                    ArrayLen::Var(e) => {
                        // The length keeps its own type: C11 6.7.6.2p5 requires it to be
                        // positive, so it is never converted to `size_t` (a negative `int`
                        // would wrap to a huge length there).
                        let len_ty = if e.ty.is_integer() {
                            e.ty.promoted()
                        } else {
                            Type::SIZE_T
                        };
                        let v = self.new_var(Var {
                            name: format!("{}__len", name.name),
                            ty: len_ty.clone(),
                            storage: Storage::Synthetic,
                            function: Some(self.func_name.clone()),
                            span: e.span,
                            addr_taken: false,
                            is_const: true,
                            threadprivate: false,
                        });
                        let vs = e.span;
                        out.push(Stmt {
                            kind: StmtKind::Decl {
                                var: v,
                                init: Some(Init::Expr(*e)),
                            },
                            span: vs,
                        });
                        ArrayLen::Var(Box::new(Expr {
                            kind: ExprKind::Var(v),
                            ty: len_ty,
                            span: vs,
                        }))
                    }
                    l => l,
                };
                Type::Array {
                    elem: Box::new(elem),
                    len,
                }
            }
            t => t,
        })
    }

    /// Declares a local in the innermost scope; redeclaration in the same block is an error,
    /// shadowing an outer variable is allowed (every variable has its own id).
    pub(crate) fn declare(
        &mut self,
        name: &Ident,
        ty: Type,
        storage: Storage,
        is_const: bool,
    ) -> Result<VarId, FrontError> {
        if self
            .scopes
            .last()
            .is_some_and(|s| s.contains_key(&name.name))
            && self.scopes.len() > 1
        {
            return Err(FrontError::type_error(
                name.span,
                format!("`{}` is already declared in this block", name.name),
            ));
        }
        let v = self.new_var(Var {
            name: name.name.clone(),
            ty,
            storage,
            function: Some(self.func_name.clone()),
            span: name.span,
            addr_taken: false,
            is_const,
            threadprivate: false,
        });
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name.name.clone(), Binding::Var(v));
        }
        self.rejected.remove(&name.name);
        Ok(v)
    }

    /// An initialiser for an object of type `ty`, with the statements that compute it.
    pub(crate) fn initializer(
        &mut self,
        ty: &Type,
        i: &Node<lc::Initializer>,
    ) -> Result<(Init, Vec<Stmt>), FrontError> {
        let mut pre = Vec::new();
        let init = self.init_value(ty, i, &mut pre)?;
        Ok((init, pre))
    }

    fn init_value(
        &mut self,
        ty: &Type,
        i: &Node<lc::Initializer>,
        pre: &mut Vec<Stmt>,
    ) -> Result<Init, FrontError> {
        let span = self.sp(i.span);
        match &i.node {
            lc::Initializer::Expression(e) => {
                if let Type::Array { .. } = ty {
                    if let lc::Expression::StringLiteral(s) = &e.node {
                        return string_init(ty, &s.node.concat(), span);
                    }
                    return Err(FrontError::type_error(
                        span,
                        "an array must be initialised with `{ … }`",
                    ));
                }
                let v = self.value(e, pre, Some(ty))?;
                let v = self.assign_conv(v, ty, "an initialiser")?;
                Ok(Init::Expr(v))
            }
            lc::Initializer::List(items) => {
                let (elem, fields): (Option<Type>, Option<Vec<Type>>) = match ty {
                    Type::Array { elem, .. } => (Some((**elem).clone()), None),
                    Type::Struct(id) => (
                        None,
                        Some(
                            self.structs[id.0 as usize]
                                .fields
                                .iter()
                                .map(|f| f.ty.clone())
                                .collect(),
                        ),
                    ),
                    _ => {
                        // `int x = { 1 };` is allowed in C.
                        if let [one] = items.as_slice() {
                            return self.init_value(ty, &one.node.initializer, pre);
                        }
                        return Err(FrontError::type_error(
                            span,
                            "an initialiser list for a scalar",
                        ));
                    }
                };
                let mut out = Vec::new();
                for (k, it) in items.iter().enumerate() {
                    if !it.node.designation.is_empty() {
                        return Err(FrontError::unsupported(
                            self.sp(it.span),
                            "designated initialisers",
                        ));
                    }
                    let t = match (&elem, &fields) {
                        (Some(t), _) => t.clone(),
                        (None, Some(fs)) => fs.get(k).cloned().ok_or_else(|| {
                            FrontError::type_error(self.sp(it.span), "too many initialisers")
                        })?,
                        _ => unreachable!("one of both"),
                    };
                    out.push(self.init_value(&t, &it.node.initializer, pre)?);
                }
                if let Type::Array {
                    len: ArrayLen::Const(n),
                    ..
                } = ty
                {
                    if out.len() as u64 > *n {
                        return Err(FrontError::type_error(span, "too many initialisers"));
                    }
                }
                Ok(Init::List(out))
            }
        }
    }

    /// `#pragma omp threadprivate(list)` (and other declarative directives) at file or function
    /// scope. `threadprivate` (OpenMP 5.2 §5.2) marks the variables it names, which must be
    /// declared before it; other declarative directives are not supported.
    pub(crate) fn declarative_pragma(&mut self, p: &Pragma) {
        use crate::pragma::{Directive, DirectiveArg};
        match (&p.directive, &p.argument) {
            (Directive::Threadprivate, Some(DirectiveArg::List(items))) => {
                for item in items {
                    match self.lookup(&item.base.name) {
                        Some(super::Binding::Var(v))
                            if matches!(
                                self.vars[v.0 as usize].storage,
                                Storage::Global | Storage::StaticLocal
                            ) =>
                        {
                            self.vars[v.0 as usize].threadprivate = true
                        }
                        Some(_) => self.errors.push(FrontError::omp_syntax(
                            item.span,
                            format!(
                                "`{}` in `threadprivate` must be a file-scope or static variable",
                                item.text
                            ),
                        )),
                        None => self.errors.push(FrontError::omp_syntax(
                            item.span,
                            format!("`{}` is not declared before `threadprivate`", item.text),
                        )),
                    }
                }
            }
            _ => self.errors.push(FrontError::unsupported(
                p.directive_span,
                format!("`omp {}` is not supported", p.directive.name()),
            )),
        }
    }
}

/// The number of elements of an initialiser list (for `T a[] = { … }`).
fn list_len(i: &Node<lc::Initializer>) -> u64 {
    match &i.node {
        lc::Initializer::List(items) => items.len() as u64,
        // `char s[] = "ab"` has room for the terminating null character (C11 6.7.9p22).
        lc::Initializer::Expression(e) => match &e.node {
            lc::Expression::StringLiteral(s) => {
                crate::c::escapes::string_bytes(&s.node.concat()).map_or(1, |b| b.len() as u64 + 1)
            }
            _ => 1,
        },
    }
}

/// A character array initialised from the string literal `text` (C11 6.7.9p14): its bytes,
/// then the terminating null character if there is room; the rest of the array is zero.
fn string_init(ty: &Type, text: &str, span: viper::Span) -> Result<Init, FrontError> {
    let Type::Array { elem, len } = ty else {
        unreachable!("called for arrays")
    };
    let Type::Int {
        rank: crate::c::types::IntRank::Char,
        signed,
    } = **elem
    else {
        return Err(FrontError::type_error(
            span,
            "only an array of characters may be initialised from a string literal",
        ));
    };
    let bytes =
        crate::c::escapes::string_bytes(text).map_err(|why| FrontError::unsupported(span, why))?;
    let ArrayLen::Const(n) = len else {
        return Err(FrontError::type_error(
            span,
            "a variable-length array cannot be initialised (C11 6.7.9p3)",
        ));
    };
    if bytes.len() as u64 > *n {
        return Err(FrontError::type_error(
            span,
            format!(
                "the string has {} characters, the array room for {n}",
                bytes.len()
            ),
        ));
    }
    let char_value = |b: u8| if signed { b as i8 as i128 } else { b as i128 };
    let mut out: Vec<Init> = bytes
        .iter()
        .map(|b| {
            Init::Expr(Expr {
                kind: ExprKind::Int(char_value(*b)),
                ty: (**elem).clone(),
                span,
            })
        })
        .collect();
    if (out.len() as u64) < *n {
        out.push(Init::Expr(Expr {
            kind: ExprKind::Int(0),
            ty: (**elem).clone(),
            span,
        }));
    }
    Ok(Init::List(out))
}
