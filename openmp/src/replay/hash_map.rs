//! The replay's hash map: a fast hash with a fixed seed, deterministic and quick for the small
//! keys of the interpreter's hot paths.

/// A hash map with [`foldhash`]'s fixed-seed hasher.
pub(crate) type HashMap<K, V> = std::collections::HashMap<K, V, foldhash::fast::FixedState>;
