//! Synchronisation rewritten into `critical` sections: lock routine pairs (§18.9) and the
//! `ordered` blocks of a loop (§15.10).

pub mod locks;
pub mod ordered;
