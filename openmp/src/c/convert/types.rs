//! Types of declarations: declaration specifiers and declarators of the subset.

use super::Converter;
use crate::c::ast::{Ident, Param, Type};
use crate::error::FrontError;
use lang_c::ast as lc;
use lang_c::span::Node;

/// Whether a declarator declares a function (`f(…)`).
pub(super) fn is_function_declarator(d: &Node<lc::Declarator>) -> bool {
    d.node.derived.iter().any(|x| {
        matches!(
            x.node,
            lc::DerivedDeclarator::Function(_) | lc::DerivedDeclarator::KRFunction(_)
        )
    })
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

impl Converter<'_> {
    /// The base type of declaration specifiers (`int`, `_Bool`, `void`); `function` allows the
    /// storage classes and function specifiers of function declarations.
    pub(crate) fn base_type(
        &self,
        specs: &[Node<lc::DeclarationSpecifier>],
        function: bool,
    ) -> Result<Type, FrontError> {
        let mut ty: Option<Type> = None;
        let mut signed = false;
        for s in specs {
            let span = self.sp(s.span);
            match &s.node {
                lc::DeclarationSpecifier::TypeSpecifier(t) => {
                    let this = match &t.node {
                        lc::TypeSpecifier::Int => Type::Int,
                        lc::TypeSpecifier::Bool => Type::Bool,
                        lc::TypeSpecifier::Void => Type::Void,
                        lc::TypeSpecifier::Signed => {
                            signed = true;
                            continue;
                        }
                        other => {
                            return Err(FrontError::unsupported(
                                span,
                                format!("type `{}` is not supported (only int, bool and int pointers/arrays)", type_spec_name(other)),
                            ))
                        }
                    };
                    if ty.is_some() {
                        return Err(FrontError::unsupported(
                            span,
                            "this combination of type specifiers is not supported",
                        ));
                    }
                    ty = Some(this);
                }
                lc::DeclarationSpecifier::TypeQualifier(q) => {
                    match q.node {
                        lc::TypeQualifier::Const | lc::TypeQualifier::Restrict => {}
                        _ => return Err(FrontError::unsupported(
                            span,
                            "type qualifiers other than `const` and `restrict` are not supported",
                        )),
                    }
                }
                lc::DeclarationSpecifier::StorageClass(sc) => {
                    let ok = function
                        && matches!(
                            sc.node,
                            lc::StorageClassSpecifier::Static | lc::StorageClassSpecifier::Extern
                        );
                    if !ok {
                        return Err(FrontError::unsupported(
                            span,
                            "storage class specifiers (`static`, `extern`, `typedef`, …) are not supported here",
                        ));
                    }
                }
                lc::DeclarationSpecifier::Function(_) if function => {}
                lc::DeclarationSpecifier::Function(_) => {
                    return Err(FrontError::unsupported(
                        span,
                        "`inline`/`_Noreturn` are only allowed on functions",
                    ))
                }
                lc::DeclarationSpecifier::Alignment(_) => {
                    return Err(FrontError::unsupported(span, "`_Alignas` is not supported"))
                }
                lc::DeclarationSpecifier::Extension(_) => {
                    return Err(FrontError::unsupported(
                        span,
                        "attributes (`__attribute__`) are not supported",
                    ))
                }
            }
        }
        match ty {
            Some(t) => Ok(t),
            None if signed => Ok(Type::Int),
            None => Err(FrontError::unsupported(
                specs
                    .first()
                    .map_or(viper::Span::DUMMY, |s| self.sp(s.span)),
                "a declaration without a type is not supported",
            )),
        }
    }

    /// The type a (non-function) declarator gives to `base`; `param` allows `int a[]`.
    pub(crate) fn declarator_type(
        &self,
        base: Type,
        d: &Node<lc::Declarator>,
        param: bool,
    ) -> Result<Type, FrontError> {
        if let lc::DeclaratorKind::Declarator(_) = d.node.kind.node {
            return Err(FrontError::unsupported(
                self.sp(d.span),
                "parenthesised declarators are not supported",
            ));
        }
        if !d.node.extensions.is_empty() {
            return Err(FrontError::unsupported(
                self.sp(d.span),
                "attributes (`__attribute__`) are not supported",
            ));
        }
        let name = declarator_name(d).unwrap_or_default();
        match (base, d.node.derived.as_slice()) {
            (Type::Int | Type::Bool, []) => Ok(base),
            (Type::Int, [one]) => match &one.node {
                lc::DerivedDeclarator::Pointer(quals) => {
                    for q in quals {
                        if let lc::PointerQualifier::TypeQualifier(t) = &q.node {
                            if matches!(
                                t.node,
                                lc::TypeQualifier::Const | lc::TypeQualifier::Restrict
                            ) {
                                continue;
                            }
                        }
                        return Err(FrontError::unsupported(
                            self.sp(q.span),
                            "this pointer qualifier is not supported",
                        ));
                    }
                    Ok(Type::IntPtr)
                }
                lc::DerivedDeclarator::Array(_) if param => Ok(Type::IntArray),
                lc::DerivedDeclarator::Array(_) => Err(FrontError::unsupported(
                    self.sp(d.span),
                    format!(
                        "local array `{name}` is not supported (arrays are passed as parameters)"
                    ),
                )),
                _ => Err(FrontError::unsupported(
                    self.sp(d.span),
                    format!("the type of `{name}` is not supported"),
                )),
            },
            (Type::Void, []) => Err(FrontError::type_error(
                self.sp(d.span),
                format!("`{name}` cannot have type void"),
            )),
            _ => Err(FrontError::unsupported(
                self.sp(d.span),
                format!("the type of `{name}` is not supported (only int, bool, int * and int [])"),
            )),
        }
    }

    /// Return type and parameters of a function declarator.
    pub(super) fn signature(
        &self,
        specs: &[Node<lc::DeclarationSpecifier>],
        d: &Node<lc::Declarator>,
    ) -> Result<(Type, Vec<Param>), FrontError> {
        let name = declarator_name(d).unwrap_or_default();
        let ret = self.base_type(specs, true)?;
        let fd = match d.node.derived.as_slice() {
            [f] => &f.node,
            _ => {
                return Err(FrontError::unsupported(
                    self.sp(d.span),
                    format!(
                    "the signature of `{name}` is not supported (only int, bool or void results)"
                ),
                ))
            }
        };
        let params = match fd {
            lc::DerivedDeclarator::KRFunction(ids) if ids.is_empty() => Vec::new(),
            lc::DerivedDeclarator::Function(f) => {
                if f.node.ellipsis == lc::Ellipsis::Some {
                    return Err(FrontError::unsupported(
                        self.sp(f.span),
                        format!("variadic function `{name}` is not supported"),
                    ));
                }
                let ps = &f.node.parameters;
                let only_void = ps.len() == 1
                    && ps[0].node.declarator.is_none()
                    && matches!(
                        ps[0].node.specifiers.as_slice(),
                        [s] if matches!(&s.node, lc::DeclarationSpecifier::TypeSpecifier(t) if t.node == lc::TypeSpecifier::Void)
                    );
                if only_void {
                    Vec::new()
                } else {
                    let mut out = Vec::new();
                    for (k, p) in ps.iter().enumerate() {
                        out.push(self.param(&p.node, p.span, k)?);
                    }
                    out
                }
            }
            _ => {
                return Err(FrontError::unsupported(
                    self.sp(d.span),
                    format!("the declaration of `{name}` is not supported"),
                ))
            }
        };
        Ok((ret, params))
    }

    fn param(
        &self,
        p: &lc::ParameterDeclaration,
        span: lang_c::span::Span,
        k: usize,
    ) -> Result<Param, FrontError> {
        if !p.extensions.is_empty() {
            return Err(FrontError::unsupported(
                self.sp(span),
                "attributes (`__attribute__`) are not supported",
            ));
        }
        let base = self.base_type(&p.specifiers, false)?;
        let (name, ty) = match &p.declarator {
            Some(d) => {
                let ty = self.declarator_type(base, d, true)?;
                let name = declarator_ident(d, self).unwrap_or(Ident {
                    name: format!("_arg{k}"),
                    span: self.sp(d.span),
                });
                (name, ty)
            }
            None => {
                if base == Type::Void {
                    return Err(FrontError::type_error(
                        self.sp(span),
                        "a parameter cannot have type void",
                    ));
                }
                (
                    Ident {
                        name: format!("_arg{k}"),
                        span: self.sp(span),
                    },
                    base,
                )
            }
        };
        Ok(Param {
            name,
            ty,
            span: self.sp(span),
        })
    }
}

fn type_spec_name(t: &lc::TypeSpecifier) -> String {
    match t {
        lc::TypeSpecifier::Void => "void".into(),
        lc::TypeSpecifier::Char => "char".into(),
        lc::TypeSpecifier::Short => "short".into(),
        lc::TypeSpecifier::Int => "int".into(),
        lc::TypeSpecifier::Long => "long".into(),
        lc::TypeSpecifier::Float => "float".into(),
        lc::TypeSpecifier::Double => "double".into(),
        lc::TypeSpecifier::Signed => "signed".into(),
        lc::TypeSpecifier::Unsigned => "unsigned".into(),
        lc::TypeSpecifier::Bool => "_Bool".into(),
        lc::TypeSpecifier::Complex => "_Complex".into(),
        lc::TypeSpecifier::Atomic(_) => "_Atomic".into(),
        lc::TypeSpecifier::Struct(s) => match s.node.kind.node {
            lc::StructKind::Struct => "struct".into(),
            lc::StructKind::Union => "union".into(),
        },
        lc::TypeSpecifier::Enum(_) => "enum".into(),
        lc::TypeSpecifier::TypedefName(n) => n.node.name.clone(),
        lc::TypeSpecifier::TypeOf(_) => "typeof".into(),
        lc::TypeSpecifier::TS18661Float(_) => "_FloatN".into(),
    }
}
