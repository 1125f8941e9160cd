//! The symbolic state and its heap: a path's state (store, heap, path conditions), basic chunks
//! of field permissions, and quantified permissions (quantified chunks, their inverse functions,
//! affine receivers, variables determined by their region, division lemmas), as Silicon's
//! `state` package and QP support.
//!
//! The files of this folder are one unit: the heap operations are methods of the verifier's state
//! and call each other's (basic and quantified chunks, and the lemmas between them).

pub(super) mod chunks;
pub(super) mod heap_basic;
pub(super) mod qp;
pub(super) mod qp_determined;
pub(super) mod qp_guard;
pub(super) mod qp_lemmas;
pub(super) mod qp_shape;
pub(super) mod qp_shared;
pub(super) mod qp_write;
pub(super) mod state;

/// Integer constants of the given names, as bound variables in the tests of the QP modules.
#[cfg(test)]
fn int_consts(names: &[&str]) -> Vec<z3::ast::Dynamic> {
    names
        .iter()
        .map(|n| z3::ast::Dynamic::from_ast(&z3::ast::Int::new_const(*n)))
        .collect()
}
