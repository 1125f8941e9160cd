//! Types of declarations: declaration specifiers (with typedefs, structs and enums) and
//! declarators (pointers, arrays, functions), as C11 6.7 defines them.

use super::{Binding, Converter};
use crate::c::ast::{Ident, Storage, StructDef, StructId, Type, Var, VarId};
use crate::c::constant::eval_const;
use crate::c::types::{ArrayLen, FieldDef, FloatKind, IntRank};
use crate::error::FrontError;
use lang_c::ast as lc;
use lang_c::span::Node;
use std::collections::HashMap;

/// Whether a declarator declares a function (`f(…)`).
pub(super) fn is_function_declarator(d: &Node<lc::Declarator>) -> bool {
    match d.node.derived.last().map(|x| &x.node) {
        Some(lc::DerivedDeclarator::Function(_) | lc::DerivedDeclarator::KRFunction(_)) => {
            // `int (*fp)(int)` is a pointer, not a function.
            !matches!(&d.node.kind.node, lc::DeclaratorKind::Declarator(inner)
                if inner.node.derived.iter().any(|x| matches!(x.node, lc::DerivedDeclarator::Pointer(_))))
        }
        _ => false,
    }
}

/// The name a declarator declares.
pub(super) fn declarator_name(d: &Node<lc::Declarator>) -> Option<String> {
    match &d.node.kind.node {
        lc::DeclaratorKind::Identifier(i) => Some(i.node.name.clone()),
        lc::DeclaratorKind::Declarator(inner) => declarator_name(inner),
        lc::DeclaratorKind::Abstract => None,
    }
}

/// The name a declarator declares, with its span.
pub(super) fn declarator_ident(d: &Node<lc::Declarator>, c: &Converter<'_>) -> Option<Ident> {
    match &d.node.kind.node {
        lc::DeclaratorKind::Identifier(i) => Some(Ident {
            name: i.node.name.clone(),
            span: c.sp(i.span),
        }),
        lc::DeclaratorKind::Declarator(inner) => declarator_ident(inner, c),
        lc::DeclaratorKind::Abstract => None,
    }
}

/// What the declaration specifiers say besides the type.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Specs {
    pub typedef: bool,
    pub is_static: bool,
    pub is_extern: bool,
    pub is_const: bool,
}

/// The parameters of a function: (name, type, span) each.
/// Parameters: name, type, span, and the variable already made for it when a later parameter's
/// array length names it (`double a[n][m]`).
pub(crate) type ParamList = Vec<(Ident, Type, viper::Span, Option<VarId>)>;

/// A parameter list and whether it ends with `...`.
pub(crate) type Params = (ParamList, bool);

impl Converter<'_> {
    /// The base type of declaration specifiers and their storage class.
    pub(crate) fn decl_specs(
        &mut self,
        specs: &[Node<lc::DeclarationSpecifier>],
    ) -> Result<(Type, Specs), FrontError> {
        let mut out = Specs::default();
        let mut tss: Vec<&Node<lc::TypeSpecifier>> = Vec::new();
        for s in specs {
            let span = self.sp(s.span);
            match &s.node {
                lc::DeclarationSpecifier::TypeSpecifier(t) => tss.push(t),
                lc::DeclarationSpecifier::TypeQualifier(q) => match q.node {
                    lc::TypeQualifier::Const => out.is_const = true,
                    lc::TypeQualifier::Restrict
                    | lc::TypeQualifier::Volatile
                    | lc::TypeQualifier::Nonnull
                    | lc::TypeQualifier::Nullable
                    | lc::TypeQualifier::NullUnspecified => {}
                    lc::TypeQualifier::Atomic => {
                        return Err(FrontError::unsupported(span, "`_Atomic` types"))
                    }
                },
                lc::DeclarationSpecifier::StorageClass(sc) => match sc.node {
                    lc::StorageClassSpecifier::Typedef => out.typedef = true,
                    lc::StorageClassSpecifier::Static => out.is_static = true,
                    lc::StorageClassSpecifier::Extern => out.is_extern = true,
                    lc::StorageClassSpecifier::Auto | lc::StorageClassSpecifier::Register => {}
                    lc::StorageClassSpecifier::ThreadLocal => {
                        return Err(FrontError::unsupported(
                            span,
                            "`_Thread_local` variables (use `#pragma omp threadprivate`)",
                        ))
                    }
                },
                lc::DeclarationSpecifier::Function(_) => {}
                lc::DeclarationSpecifier::Alignment(_) => {
                    return Err(FrontError::unsupported(span, "`_Alignas`"))
                }
                // Attributes do not change what a program computes.
                lc::DeclarationSpecifier::Extension(_) => {}
            }
        }
        let first = specs
            .first()
            .map_or(viper::Span::DUMMY, |s| self.sp(s.span));
        let ty = self.type_of_specifiers(&tss, first)?;
        Ok((ty, out))
    }

    /// The type of a type name's specifiers (`(T)` in casts, `sizeof(T)`).
    pub(crate) fn specifier_qualifiers(
        &mut self,
        specs: &[Node<lc::SpecifierQualifier>],
    ) -> Result<Type, FrontError> {
        let mut tss = Vec::new();
        for s in specs {
            match &s.node {
                lc::SpecifierQualifier::TypeSpecifier(t) => tss.push(t),
                lc::SpecifierQualifier::TypeQualifier(q) => {
                    if q.node == lc::TypeQualifier::Atomic {
                        return Err(FrontError::unsupported(self.sp(q.span), "`_Atomic` types"));
                    }
                }
                lc::SpecifierQualifier::Extension(_) => {}
            }
        }
        let first = specs
            .first()
            .map_or(viper::Span::DUMMY, |s| self.sp(s.span));
        self.type_of_specifiers(&tss, first)
    }

    /// Combines type specifiers (`unsigned long int`, `struct s`, a typedef name, …).
    fn type_of_specifiers(
        &mut self,
        tss: &[&Node<lc::TypeSpecifier>],
        span: viper::Span,
    ) -> Result<Type, FrontError> {
        use lc::TypeSpecifier as T;
        let (mut signed, mut unsigned, mut longs) = (false, false, 0);
        let (mut short, mut char_, mut int_, mut double) = (false, false, false, false);
        let mut other: Option<Type> = None;
        for t in tss {
            let span = self.sp(t.span);
            let mut set = |c: &mut Converter<'_>, ty: Type| -> Result<(), FrontError> {
                let _ = c;
                if other.replace(ty).is_some() {
                    return Err(FrontError::type_error(span, "two types in one declaration"));
                }
                Ok(())
            };
            match &t.node {
                T::Void => set(self, Type::Void)?,
                T::Bool => set(self, Type::Bool)?,
                T::Float => set(self, Type::Float(FloatKind::Float))?,
                T::Double => double = true,
                T::Char => char_ = true,
                T::Short => short = true,
                T::Int => int_ = true,
                T::Long => longs += 1,
                T::Signed => signed = true,
                T::Unsigned => unsigned = true,
                T::Struct(s) => {
                    let ty = self.struct_type(s)?;
                    set(self, ty)?
                }
                T::Enum(e) => {
                    self.enum_type(e)?;
                    set(self, Type::INT)?
                }
                T::TypedefName(n) => {
                    let Some(ty) = self.typedefs.get(&n.node.name).cloned() else {
                        return Err(FrontError::type_error(
                            span,
                            format!("unknown type `{}`", n.node.name),
                        ));
                    };
                    set(self, ty)?
                }
                T::Complex => return Err(FrontError::unsupported(span, "`_Complex` numbers")),
                T::Atomic(_) => return Err(FrontError::unsupported(span, "`_Atomic` types")),
                T::TypeOf(_) => return Err(FrontError::unsupported(span, "`typeof`")),
                T::TS18661Float(_) => return Err(FrontError::unsupported(span, "`_FloatN` types")),
            }
        }
        if let Some(t) = other {
            if signed || unsigned || longs > 0 || short || char_ || int_ || double {
                return Err(FrontError::type_error(
                    span,
                    "this combination of type specifiers is not valid C",
                ));
            }
            return Ok(t);
        }
        if double {
            if signed || unsigned || short || char_ || int_ || longs > 1 {
                return Err(FrontError::type_error(
                    span,
                    "this combination of type specifiers is not valid C",
                ));
            }
            return Ok(Type::Float(if longs == 1 {
                FloatKind::LongDouble
            } else {
                FloatKind::Double
            }));
        }
        if signed && unsigned {
            return Err(FrontError::type_error(
                span,
                "`signed unsigned` is not valid C",
            ));
        }
        let rank = match (char_, short, longs) {
            (true, false, 0) => IntRank::Char,
            (false, true, 0) => IntRank::Short,
            (false, false, 0) => IntRank::Int,
            (false, false, 1) => IntRank::Long,
            (false, false, 2) => IntRank::LongLong,
            _ => {
                return Err(FrontError::type_error(
                    span,
                    "this combination of type specifiers is not valid C",
                ))
            }
        };
        if !(signed || unsigned || char_ || short || int_ || longs > 0) {
            return Err(FrontError::type_error(
                span,
                "a declaration without a type (implicit `int` is not C99)",
            ));
        }
        Ok(Type::Int {
            rank,
            signed: !unsigned,
        })
    }

    /// `struct tag { … }`, `struct tag`, or an anonymous struct.
    fn struct_type(&mut self, s: &Node<lc::StructType>) -> Result<Type, FrontError> {
        let span = self.sp(s.span);
        if s.node.kind.node == lc::StructKind::Union {
            // Reported once, where the union is first named.
            let tag = s.node.identifier.as_ref().map(|i| i.node.name.clone());
            let seen = tag
                .as_ref()
                .is_some_and(|t| !self.union_tags.insert(t.clone()));
            if seen {
                return Err(FrontError::new(
                    crate::error::ErrorKind::Unsupported,
                    super::FOLLOW_UP,
                    span,
                    "`union` types",
                ));
            }
            return Err(FrontError::unsupported(span, "`union` types"));
        }
        let tag = s.node.identifier.as_ref().map(|i| i.node.name.clone());
        let id = match &tag {
            Some(t) => match self.struct_tags.get(t) {
                Some(&id) => id,
                None => {
                    let id = StructId(self.structs.len() as u32);
                    self.structs.push(StructDef {
                        name: t.clone(),
                        fields: Vec::new(),
                        opaque: true,
                    });
                    self.struct_tags.insert(t.clone(), id);
                    id
                }
            },
            None => {
                let id = StructId(self.structs.len() as u32);
                self.structs.push(StructDef {
                    name: format!("__anonymous{}", id.0),
                    fields: Vec::new(),
                    opaque: true,
                });
                id
            }
        };
        if let Some(decls) = &s.node.declarations {
            if !self.structs[id.0 as usize].opaque {
                return Err(FrontError::type_error(
                    span,
                    format!(
                        "`struct {}` is defined twice",
                        self.structs[id.0 as usize].name
                    ),
                ));
            }
            let mut fields = Vec::new();
            for d in decls {
                let lc::StructDeclaration::Field(f) = &d.node else {
                    return Err(FrontError::unsupported(
                        self.sp(d.span),
                        "`_Static_assert` in a struct",
                    ));
                };
                let base = self.specifier_qualifiers(&f.node.specifiers)?;
                for sd in &f.node.declarators {
                    if sd.node.bit_width.is_some() {
                        return Err(FrontError::unsupported(self.sp(sd.span), "bit-fields"));
                    }
                    let Some(dr) = &sd.node.declarator else {
                        return Err(FrontError::unsupported(
                            self.sp(sd.span),
                            "an anonymous struct member",
                        ));
                    };
                    let name = declarator_name(dr).unwrap_or_default();
                    let (ty, _) = self.declarator_type(base.clone(), dr, false)?;
                    if fields.iter().any(|f: &FieldDef| f.name == name) {
                        return Err(FrontError::type_error(
                            self.sp(dr.span),
                            format!("member `{name}` declared twice"),
                        ));
                    }
                    fields.push(FieldDef { name, ty });
                }
            }
            let def = &mut self.structs[id.0 as usize];
            def.fields = fields;
            def.opaque = false;
        }
        Ok(Type::Struct(id))
    }

    /// Registers the constants of an `enum`.
    fn enum_type(&mut self, e: &Node<lc::EnumType>) -> Result<(), FrontError> {
        let mut next: i128 = 0;
        for en in &e.node.enumerators {
            if let Some(x) = &en.node.expression {
                next = self.constant_value(x)?;
            }
            let name = en.node.identifier.node.name.clone();
            self.scopes[0].insert(name, Binding::Const(next));
            next += 1;
        }
        Ok(())
    }

    /// The value of an integer constant expression.
    pub(crate) fn constant_value(&mut self, e: &Node<lc::Expression>) -> Result<i128, FrontError> {
        let mut pre = Vec::new();
        let v = self.rvalue(e, &mut pre)?;
        if !pre.is_empty() {
            return Err(FrontError::type_error(
                self.sp(e.span),
                "a constant expression must not have side effects",
            ));
        }
        eval_const(&v).ok_or_else(|| {
            FrontError::unsupported(
                v.span,
                "this expression must be an integer constant ompv can compute",
            )
        })
    }

    /// The type a declarator gives to `base`: pointers bind looser than array and function
    /// suffixes; a parenthesised inner declarator applies last. `param` makes arrays and
    /// functions decay (a parameter `int a[]` is a pointer). Also returns the parameters of a
    /// function declarator.
    pub(crate) fn declarator_type(
        &mut self,
        base: Type,
        d: &Node<lc::Declarator>,
        param: bool,
    ) -> Result<(Type, Option<Params>), FrontError> {
        let mut ty = base;
        let mut params = None;
        let derived = &d.node.derived;
        let split = derived
            .iter()
            .position(|x| !matches!(x.node, lc::DerivedDeclarator::Pointer(_)))
            .unwrap_or(derived.len());
        for _ in &derived[..split] {
            ty = Type::ptr(ty);
        }
        for x in derived[split..].iter().rev() {
            match &x.node {
                lc::DerivedDeclarator::Pointer(_) => ty = Type::ptr(ty),
                lc::DerivedDeclarator::Array(a) => {
                    let len = match &a.node.size {
                        lc::ArraySize::Unknown | lc::ArraySize::VariableUnknown => {
                            ArrayLen::Unknown
                        }
                        lc::ArraySize::VariableExpression(e)
                        | lc::ArraySize::StaticExpression(e) => self.array_len(e)?,
                    };
                    ty = Type::Array {
                        elem: Box::new(ty),
                        len,
                    };
                }
                lc::DerivedDeclarator::Function(f) => {
                    params = Some(self.parameters(&f.node, f.span, None)?);
                    ty = Type::Func;
                }
                lc::DerivedDeclarator::KRFunction(ids) => {
                    if !ids.is_empty() {
                        return Err(FrontError::unsupported(
                            self.sp(x.span),
                            "K&R-style parameter lists",
                        ));
                    }
                    params = Some((Vec::new(), false));
                    ty = Type::Func;
                }
                lc::DerivedDeclarator::Block(_) => {
                    return Err(FrontError::unsupported(self.sp(x.span), "block pointers"))
                }
            }
        }
        if let lc::DeclaratorKind::Declarator(inner) = &d.node.kind.node {
            if matches!(ty, Type::Func) {
                return Err(FrontError::unsupported(
                    self.sp(d.span),
                    "function pointers",
                ));
            }
            let (t, p) = self.declarator_type(ty, inner, param)?;
            return Ok((t, p.or(params)));
        }
        if param {
            ty = match ty {
                Type::Array { elem, .. } => Type::Ptr(elem),
                t => t,
            };
        }
        Ok((ty, params))
    }

    /// The length of an array declarator: a constant, or a variable-length array's expression.
    fn array_len(&mut self, e: &Node<lc::Expression>) -> Result<ArrayLen, FrontError> {
        let mut pre = Vec::new();
        let v = self.rvalue(e, &mut pre)?;
        if !pre.is_empty() {
            return Err(FrontError::unsupported(
                v.span,
                "an array length with side effects",
            ));
        }
        if !v.ty.is_integer() {
            return Err(FrontError::type_error(
                v.span,
                "an array length must be an integer",
            ));
        }
        Ok(match eval_const(&v) {
            Some(n) if n >= 0 => ArrayLen::Const(n as u64),
            Some(_) => {
                return Err(FrontError::type_error(v.span, "a negative array length"));
            }
            None => ArrayLen::Var(Box::new(v)),
        })
    }

    /// A function declarator's parameters (of the function `func`, when known). A parameter
    /// whose array length names an earlier parameter (C11 §6.9.1: the parameters are in scope in
    /// the declarators after them) gets variables made for the parameters as they are read.
    fn parameters(
        &mut self,
        f: &lc::FunctionDeclarator,
        span: lang_c::span::Span,
        func: Option<&str>,
    ) -> Result<Params, FrontError> {
        match self.parameters_in(f, span, None) {
            Err(e) if func.is_some() && e.message.starts_with("undeclared identifier") => {
                self.scopes.push(HashMap::new());
                let r = self.parameters_in(f, span, func);
                self.scopes.pop();
                r
            }
            r => r,
        }
    }

    /// [`Self::parameters`]; with `bind`, each parameter becomes a variable of `bind`'s function
    /// in the innermost scope as soon as it is read.
    fn parameters_in(
        &mut self,
        f: &lc::FunctionDeclarator,
        span: lang_c::span::Span,
        bind: Option<&str>,
    ) -> Result<Params, FrontError> {
        let variadic = f.ellipsis == lc::Ellipsis::Some;
        let ps = &f.parameters;
        let only_void = ps.len() == 1
            && ps[0].node.declarator.is_none()
            && matches!(
                ps[0].node.specifiers.as_slice(),
                [s] if matches!(&s.node, lc::DeclarationSpecifier::TypeSpecifier(t) if t.node == lc::TypeSpecifier::Void)
            );
        if only_void {
            return Ok((Vec::new(), variadic));
        }
        let mut out = Vec::new();
        for (k, p) in ps.iter().enumerate() {
            let (base, _) = self.decl_specs(&p.node.specifiers)?;
            let pspan = self.sp(p.span);
            let (name, ty) = match &p.node.declarator {
                Some(d) => {
                    let (ty, fp) = self.declarator_type(base, d, true)?;
                    if fp.is_some() || ty == Type::Func {
                        return Err(FrontError::unsupported(
                            pspan,
                            "function pointer parameters",
                        ));
                    }
                    let name = declarator_ident(d, self).unwrap_or(Ident {
                        name: format!("__arg{k}"),
                        span: pspan,
                    });
                    (name, ty)
                }
                None => (
                    Ident {
                        name: format!("__arg{k}"),
                        span: pspan,
                    },
                    match base {
                        Type::Array { elem, .. } => Type::Ptr(elem),
                        t => t,
                    },
                ),
            };
            if ty == Type::Void {
                return Err(FrontError::type_error(
                    pspan,
                    "a parameter cannot have type void",
                ));
            }
            if let Type::Struct(_) = ty {
                return Err(FrontError::unsupported(
                    pspan,
                    "a struct passed by value (pass a pointer to it)",
                ));
            }
            let var = bind.map(|func| {
                let v = self.new_var(Var {
                    name: name.name.clone(),
                    ty: ty.clone(),
                    storage: Storage::Param,
                    function: Some(func.to_string()),
                    span: name.span,
                    addr_taken: false,
                    is_const: false,
                    threadprivate: false,
                });
                if let Some(s) = self.scopes.last_mut() {
                    s.insert(name.name.clone(), Binding::Var(v));
                }
                v
            });
            out.push((name, ty, pspan, var));
        }
        let _ = span;
        Ok((out, variadic))
    }

    /// Return type, parameters and variadicity of a function declarator.
    pub(crate) fn signature(
        &mut self,
        specs: &[Node<lc::DeclarationSpecifier>],
        d: &Node<lc::Declarator>,
    ) -> Result<(Type, ParamList, bool), FrontError> {
        let (base, _) = self.decl_specs(specs)?;
        let derived = &d.node.derived;
        let Some(last) = derived.last() else {
            return Err(FrontError::type_error(self.sp(d.span), "not a function"));
        };
        let (params, variadic) = match &last.node {
            lc::DerivedDeclarator::Function(f) => {
                let func = declarator_name(d);
                self.parameters(&f.node, f.span, func.as_deref())?
            }
            lc::DerivedDeclarator::KRFunction(ids) if ids.is_empty() => (Vec::new(), false),
            _ => {
                return Err(FrontError::unsupported(
                    self.sp(d.span),
                    "this function declaration",
                ))
            }
        };
        // The return type: the base with the declarator's other derivations (pointers).
        let mut ret = base;
        for x in &derived[..derived.len() - 1] {
            match &x.node {
                lc::DerivedDeclarator::Pointer(_) => ret = Type::ptr(ret),
                _ => {
                    return Err(FrontError::unsupported(
                        self.sp(x.span),
                        "a function returning an array or function",
                    ))
                }
            }
        }
        if let lc::DeclaratorKind::Declarator(_) = d.node.kind.node {
            return Err(FrontError::unsupported(
                self.sp(d.span),
                "a parenthesised function declarator",
            ));
        }
        if matches!(ret, Type::Struct(_)) {
            return Err(FrontError::unsupported(
                self.sp(d.span),
                "a function returning a struct by value",
            ));
        }
        Ok((ret, params, variadic))
    }

    /// The type named by a type name (`(T)`, `sizeof(T)`).
    pub(crate) fn type_name_type(&mut self, t: &Node<lc::TypeName>) -> Result<Type, FrontError> {
        let base = self.specifier_qualifiers(&t.node.specifiers)?;
        match &t.node.declarator {
            None => Ok(base),
            Some(d) => {
                let (ty, params) = self.declarator_type(base, d, false)?;
                if params.is_some() {
                    return Err(FrontError::unsupported(self.sp(t.span), "function types"));
                }
                Ok(ty)
            }
        }
    }
}
