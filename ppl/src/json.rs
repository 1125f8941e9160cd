//! A JSON view of a PPL tree: `{"op": "seq"|"par"|"fuse", "parts": [...]}` for compositions and, for
//! basic blocks, `{"block": "par@27", "kind": "par", "line": 27, "column": 5, "var": "i",
//! "range": ["0", "N"], ...}` plus whatever fields the caller adds for the payload.

use crate::tree::{BasicBlock, Ppl};
use serde_json::{json, Map, Value};

/// Adds fields describing a block's payload to the block's JSON object.
pub type PayloadFields<'a, B> = &'a dyn Fn(&BasicBlock<B>, &mut Map<String, Value>);

/// The JSON tree of `p`; `payload` adds the payload's fields to each block's object.
pub fn to_json<B>(p: &Ppl<B>, payload: PayloadFields<'_, B>) -> Value {
    match p {
        Ppl::Block(b) => {
            let mut m = Map::new();
            m.insert("block".into(), json!(b.name()));
            m.insert("kind".into(), json!(b.kind.as_str()));
            m.insert("line".into(), json!(b.line));
            m.insert("column".into(), json!(b.span.column));
            if let [it] = b.iterations.as_slice() {
                m.insert("var".into(), json!(it.var));
                m.insert("range".into(), json!([it.lower, it.upper]));
            } else if !b.iterations.is_empty() {
                m.insert(
                    "dims".into(),
                    json!(b
                        .iterations
                        .iter()
                        .map(|it| json!({"var": it.var, "range": [it.lower, it.upper]}))
                        .collect::<Vec<_>>()),
                );
            }
            payload(b, &mut m);
            Value::Object(m)
        }
        Ppl::Comp { op, parts } => json!({
            "op": op.name(),
            "parts": parts.iter().map(|q| to_json(q, payload)).collect::<Vec<_>>(),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tree::tests::blk;
    use crate::tree::{BlockKind, Op};

    #[test]
    fn composition_and_blocks() {
        let p = Ppl::join(
            Op::Fuse,
            blk(0, BlockKind::Par, 3),
            blk(1, BlockKind::Par, 4),
        );
        let v = to_json(&p, &|b, m| {
            m.insert("id".into(), json!(b.id.0));
        });
        assert_eq!(v["op"], "fuse");
        assert_eq!(v["parts"][1]["block"], "par@4");
        assert_eq!(v["parts"][1]["id"], 1);
        assert!(v["parts"][0].get("var").is_none());
    }
}
