//! The PolyBench utilities DataRaceBench's kernels call (`polybench/polybench.h`, a header ompv
//! does not ship, defined in `utilities/polybench.c`): ompv knows what they do to the program's
//! memory.
//!
//! - `polybench_alloc_data(n, size)` returns a fresh block of `n * size` bytes (it exits if the
//!   allocation fails, so never `NULL`; the contents are not initialised): an allocation of the
//!   converted pointer's element type, `n * size / sizeof(element)` elements, when `size` is
//!   `sizeof` of the element's scalar type and the count is exact.
//! - `polybench_timer_start/stop/print()` read the clock, write PolyBench's own timer variables
//!   (static in `polybench.c`, which no code of the program can name) and print: they touch no
//!   memory of the program, and the calls are dropped.

use super::Converter;
use crate::c::ast::*;
use crate::error::FrontError;
use lang_c::ast as lc;
use viper::Span;

/// Routines that touch no memory of the program.
const NO_EFFECT: &[&str] = &[
    "polybench_timer_start",
    "polybench_timer_stop",
    "polybench_timer_print",
];

/// Whether ompv gives the PolyBench utility `name` a meaning of its own (its prototype in
/// `polybench.h` is then not one of the program's).
pub(super) fn is_modelled(name: &str) -> bool {
    NO_EFFECT.contains(&name) || name == "polybench_alloc_data"
}

impl Converter<'_> {
    /// A call of a PolyBench utility, if `name` is one (its value, as [`Converter::call`]).
    pub(super) fn polybench(
        &mut self,
        name: &str,
        c: &lc::CallExpression,
        target: Option<Expr>,
        span: Span,
        pre: &mut Vec<Stmt>,
        expected: Option<&Type>,
    ) -> Option<Result<Option<Expr>, FrontError>> {
        if NO_EFFECT.contains(&name) {
            return Some(if !c.arguments.is_empty() {
                Err(FrontError::type_error(
                    span,
                    format!("`{name}` takes no arguments"),
                ))
            } else if let Some(t) = target {
                Err(FrontError::type_error(
                    t.span,
                    format!("`{name}` returns no value"),
                ))
            } else {
                Ok(None)
            });
        }
        if !is_modelled(name) {
            return None;
        }
        Some(
            self.polybench_alloc(c, target, span, pre, expected)
                .map(Some),
        )
    }

    fn polybench_alloc(
        &mut self,
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
        let elem =
            match want.as_ref().and_then(|t| t.pointee()) {
                Some(Type::Void) | None => return Err(FrontError::unsupported(
                    span,
                    "`polybench_alloc_data` whose result is not converted to a pointer to a known \
                     type",
                )),
                Some(t) => t.clone(),
            };
        let [n, size] = c.arguments.as_slice() else {
            return Err(FrontError::type_error(
                span,
                "`polybench_alloc_data` takes 2 arguments",
            ));
        };
        let n = self.rvalue(n, pre)?;
        let size = self.rvalue(size, pre)?;
        let scalar = elem.innermost().clone();
        let sized = |e: &Expr| match &e.kind {
            ExprKind::SizeOf(t) => *t == scalar,
            ExprKind::Cast(inner) => matches!(&inner.kind, ExprKind::SizeOf(t) if *t == scalar),
            _ => false,
        };
        // Scalars per element: the product of the element's (constant) dimensions.
        let mut per = Some(1i128);
        let mut t = &elem;
        while let Type::Array { elem: inner, len } = t {
            per = match (per, len) {
                (Some(p), ArrayLen::Const(k)) => p.checked_mul(i128::from(*k)),
                _ => None,
            };
            t = inner;
        }
        let count = match (per, crate::c::constant::eval_const(&n)) {
            _ if !sized(&size) => None,
            (Some(1), _) => Some(n.clone()),
            (Some(p), Some(total)) if p > 0 && total % p == 0 => Some(Expr {
                kind: ExprKind::Int(total / p),
                ty: Type::SIZE_T,
                span: n.span,
            }),
            _ => None,
        };
        let Some(count) = count else {
            return Err(FrontError::unsupported(
                span,
                "`polybench_alloc_data` whose size is not a whole number of elements of the \
                 pointer's type",
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
                zeroed: false,
            },
            span,
        });
        Ok(target)
    }
}
