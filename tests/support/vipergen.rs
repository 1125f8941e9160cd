//! Viper programs from fuzzer bytes (`arbitrary::Unstructured`), for the fuzz test
//! (`tests/viper_fuzz.rs`) and the cargo-fuzz target (`fuzz/`).
//!
//! Two shapes of input: programs generated from a small grammar of the Viper subset ompv
//! handles (fields, functions with and without arguments, domains with axioms, methods with
//! contracts, loops, branches, calls, inhale/exhale/assert/assume, quantified permissions, `old`,
//! labels, fractions, sequences), mostly well-typed but not always; and corpus programs with
//! arbitrary edits (bytes replaced, inserted, deleted, duplicated).

use arbitrary::{Result, Unstructured};

/// Integer variables in method bodies, in contracts, in postconditions.
const INT_VARS: &[&str] = &["i", "j", "n"];
const CONTRACT_INT_VARS: &[&str] = &["n"];
const POST_INT_VARS: &[&str] = &["n", "r"];
const REF_VARS: &[&str] = &["x", "y"];
const FIELDS: &[&str] = &["f", "g"];

/// A generated program (see the module documentation).
pub fn program(u: &mut Unstructured<'_>) -> Result<String> {
    let mut g = Gen {
        u,
        depth: 0,
        ints: INT_VARS,
        nullary: Vec::new(),
        labels: 0,
    };
    g.program()
}

/// A corpus text with arbitrary edits.
pub fn mutated(u: &mut Unstructured<'_>, corpus: &[String]) -> Result<String> {
    if corpus.is_empty() {
        return Ok(String::new());
    }
    let mut bytes = u.choose(corpus)?.clone().into_bytes();
    let edits = u.int_in_range(1..=6)?;
    for _ in 0..edits {
        if bytes.is_empty() {
            break;
        }
        let at = u.choose_index(bytes.len())?;
        match u.int_in_range(0..=3)? {
            0 => bytes[at] = *u.choose(b"(){}[]:;,.=<>!&|+-*/%?\"' \nafx0123456789")?,
            1 => {
                let b = *u.choose(b"(){}:=&|!-/0xf ")?;
                bytes.insert(at, b);
            }
            2 => {
                let end = (at + u.int_in_range(1..=12)?).min(bytes.len());
                bytes.drain(at..end);
            }
            _ => {
                let end = (at + u.int_in_range(1..=40)?).min(bytes.len());
                let copy: Vec<u8> = bytes[at..end].to_vec();
                let to = u.choose_index(bytes.len())?;
                bytes.splice(to..to, copy);
            }
        }
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

struct Gen<'a, 'b> {
    u: &'a mut Unstructured<'b>,
    depth: usize,
    /// The integer variables in scope.
    ints: &'static [&'static str],
    /// The arguments each generated function is applied to.
    nullary: Vec<&'static str>,
    /// Labels declared so far (each label is new).
    labels: usize,
}

impl Gen<'_, '_> {
    fn pick<'s>(&mut self, xs: &[&'s str]) -> Result<&'s str> {
        Ok(*self.u.choose(xs)?)
    }

    fn program(&mut self) -> Result<String> {
        let mut out = String::new();
        for f in FIELDS {
            out.push_str(&format!("field {f}: Int\n"));
        }
        if self.u.ratio(1, 2)? {
            out.push_str("field next: Ref\n");
        }
        if self.u.ratio(1, 3)? {
            out.push_str(&self.domain()?);
        }
        let functions = self.u.int_in_range(0..=3)?;
        for k in 0..functions {
            out.push_str(&self.function(k)?);
        }
        let methods = self.u.int_in_range(1..=3)?;
        for k in 0..methods {
            out.push_str(&self.method(k, functions)?);
        }
        Ok(out)
    }

    fn domain(&mut self) -> Result<String> {
        let mut s = String::from("domain D {\n  function d(k: Int): Int\n  function c(): Int\n");
        let axioms = self.u.int_in_range(0..=2)?;
        self.ints = &["k"];
        for a in 0..axioms {
            let body = match self.u.int_in_range(0..=3)? {
                0 => "forall k: Int :: { d(k) } d(k) >= 0".to_string(),
                1 => "forall k: Int :: { d(k) } d(k) > k".to_string(),
                2 => format!("c() == {}", self.u.int_in_range(-3..=3)?),
                _ => format!("forall k: Int :: {{ d(k) }} d(k) == {}", self.int_expr()?),
            };
            s.push_str(&format!("  axiom a{a} {{ {body} }}\n"));
        }
        s.push_str("}\n");
        self.ints = INT_VARS;
        Ok(s)
    }

    fn function(&mut self, k: usize) -> Result<String> {
        let nullary = self.u.ratio(1, 3)?;
        let heap = !nullary && self.u.ratio(1, 3)?;
        self.nullary.push(if nullary {
            ""
        } else if heap {
            "x, i"
        } else {
            "i"
        });
        self.ints = if nullary { &[] } else { &["i"] };
        let mut s = if nullary {
            format!("function fn{k}(): Int\n")
        } else if heap {
            format!("function fn{k}(x: Ref, i: Int): Int\n  requires acc(x.f, 1/2)\n")
        } else {
            format!("function fn{k}(i: Int): Int\n")
        };
        if !nullary && self.u.ratio(1, 3)? {
            s.push_str("  requires i >= 0\n");
        }
        if self.u.ratio(1, 2)? {
            let bound = self.u.int_in_range(-2..=2)?;
            s.push_str(&format!("  ensures result > {bound}\n"));
        }
        if self.u.ratio(3, 4)? {
            let body = if nullary {
                format!("{}", self.u.int_in_range(-3..=9)?)
            } else if heap {
                "x.f + i".to_string()
            } else if !heap && self.u.ratio(1, 3)? {
                format!("i <= 0 ? 1 : fn{k}(i - 1) + 1")
            } else {
                format!("i * {} + 1", self.u.int_in_range(0..=3)?)
            };
            s.push_str(&format!("{{ {body} }}\n"));
        }
        self.ints = INT_VARS;
        Ok(s)
    }

    fn method(&mut self, k: usize, functions: usize) -> Result<String> {
        let mut s = format!("method m{k}(x: Ref, y: Ref, n: Int) returns (r: Int)\n");
        let pres = self.u.int_in_range(0..=3)?;
        self.ints = CONTRACT_INT_VARS;
        for _ in 0..pres {
            s.push_str(&format!("  requires {}\n", self.assertion()?));
        }
        let posts = self.u.int_in_range(0..=2)?;
        self.ints = POST_INT_VARS;
        for _ in 0..posts {
            s.push_str(&format!("  ensures {}\n", self.assertion()?));
        }
        self.ints = INT_VARS;
        if self.u.ratio(1, 6)? {
            return Ok(s);
        }
        s.push_str("{\n  var i: Int := 0\n  var j: Int := n\n  var z: Ref\n");
        let stmts = self.u.int_in_range(0..=8)?;
        for _ in 0..stmts {
            s.push_str(&self.stmt(k, functions)?);
        }
        s.push_str("}\n");
        Ok(s)
    }

    fn stmt(&mut self, k: usize, functions: usize) -> Result<String> {
        self.depth += 1;
        let nested = self.depth < 3;
        let s = match self.u.int_in_range(0..=13)? {
            0 => format!("  i := {}\n", self.int_expr()?),
            1 => format!("  r := {}\n", self.int_expr()?),
            2 => format!("  x.{} := {}\n", self.pick(FIELDS)?, self.int_expr()?),
            3 => format!("  inhale {}\n", self.assertion()?),
            4 => format!("  exhale {}\n", self.assertion()?),
            5 => format!("  assert {}\n", self.assertion()?),
            6 => format!("  assume {}\n", self.bool_expr()?),
            7 if nested => {
                let c = self.bool_expr()?;
                let a = self.stmt(k, functions)?;
                let b = self.stmt(k, functions)?;
                format!("  if ({c}) {{\n{a}  }} else {{\n{b}  }}\n")
            }
            8 if nested => {
                let inv = self.assertion()?;
                let body = self.stmt(k, functions)?;
                format!("  while (i < n)\n    invariant {inv}\n  {{\n{body}    i := i + 1\n  }}\n")
            }
            9 if k > 0 => "  r := m0(x, y, i)\n".to_string(),
            10 => {
                self.labels += 1;
                let l = self.labels;
                format!("  label L{l}\n  assert old[L{l}](i) == i\n")
            }
            11 if functions > 0 => {
                let which = self.u.int_in_range(0..=functions - 1)?;
                let args = self.nullary.get(which).copied().unwrap_or("i");
                format!("  assert fn{which}({args}) == fn{which}({args})\n")
            }
            12 => "  z := new(f, g)\n  z.f := 1\n".to_string(),
            _ => format!("  j := {}\n", self.int_expr()?),
        };
        self.depth -= 1;
        Ok(s)
    }

    fn perm(&mut self) -> Result<String> {
        Ok(match self.u.int_in_range(0..=5)? {
            0 => "write".into(),
            1 => "none".into(),
            2 => "wildcard".into(),
            3 => format!(
                "{}/{}",
                self.u.int_in_range(0..=3)?,
                self.u.int_in_range(1..=4)?
            ),
            4 => "1/2 + 1/2".into(),
            _ => format!("{}/{}", self.pick(INT_VARS)?, self.u.int_in_range(1..=3)?),
        })
    }

    fn assertion(&mut self) -> Result<String> {
        Ok(match self.u.int_in_range(0..=8)? {
            0 => format!(
                "acc({}.{}, {})",
                self.pick(REF_VARS)?,
                self.pick(FIELDS)?,
                self.perm()?
            ),
            1 => format!(
                "acc({}.{}) && {}",
                self.pick(REF_VARS)?,
                self.pick(FIELDS)?,
                self.bool_expr()?
            ),
            2 => format!("{} ==> acc(x.f, {})", self.bool_expr()?, self.perm()?),
            3 => "forall k: Int :: 0 <= k && k < n ==> acc(s_loc(k).f, 1/2)"
                .replace("s_loc(k)", if self.u.ratio(1, 2)? { "x" } else { "y" }),
            4 => "acc(x.f) && acc(y.f) && x != y".into(),
            5 => format!("x.f == {}", self.int_expr()?),
            _ => self.bool_expr()?,
        })
    }

    fn bool_expr(&mut self) -> Result<String> {
        self.depth += 1;
        let deep = self.depth > 4;
        let s = match self.u.int_in_range(0..=9)? {
            0 => "true".into(),
            1 => "false".into(),
            2 | 3 => {
                let op = self.pick(&["<", "<=", "==", "!=", ">", ">="])?;
                format!("{} {op} {}", self.int_expr()?, self.int_expr()?)
            }
            4 if !deep => format!("({} && {})", self.bool_expr()?, self.bool_expr()?),
            5 if !deep => format!("({} || !({}))", self.bool_expr()?, self.bool_expr()?),
            6 if !deep => format!("({} ==> {})", self.bool_expr()?, self.bool_expr()?),
            7 => {
                let k = format!("q{}", self.depth);
                format!(
                    "(forall {k}: Int :: {k} > {} ==> {k} >= 0)",
                    self.int_expr()?
                )
            }
            8 => {
                let k = format!("q{}", self.depth);
                format!("(exists {k}: Int :: {k} == {})", self.int_expr()?)
            }
            _ => format!("{} / 2 == {}", self.int_expr()?, self.int_expr()?),
        };
        self.depth -= 1;
        Ok(s)
    }

    fn int_expr(&mut self) -> Result<String> {
        self.depth += 1;
        let deep = self.depth > 5;
        let s = match self.u.int_in_range(0..=11)? {
            0 | 1 => format!("{}", self.u.int_in_range(-5..=20)?),
            2..=4 if !self.ints.is_empty() => {
                let vars = self.ints;
                self.pick(vars)?.to_string()
            }
            5 if !deep => {
                let op = self.pick(&["+", "-", "*", "/", "%"])?;
                format!("({} {op} {})", self.int_expr()?, self.int_expr()?)
            }
            6 => format!("{}.{}", self.pick(REF_VARS)?, self.pick(FIELDS)?),
            7 if !deep => format!(
                "({} ? {} : {})",
                self.bool_expr()?,
                self.int_expr()?,
                self.int_expr()?
            ),
            8 => "|Seq(1, 2, 3)|".into(),
            9 => format!("Seq(4, 5, 6)[{}]", self.int_expr()?),
            10 if self.ints == INT_VARS => "old(j)".into(),
            _ => format!("(let t == ({}) in t + 1)", self.u.int_in_range(0..=9)?),
        };
        self.depth -= 1;
        Ok(s)
    }
}

/// Runs a text through the whole pipeline and checks what must hold of every input: the parser,
/// type checker and verifier answer (errors carry real positions), printing what parses gives a
/// text that parses to the same tree, and a member's result does not change when the program's
/// declarations are reversed. A panic or a stack overflow is a failure of its own (the fuzzer
/// reports it).
pub fn check(text: &str) -> std::result::Result<(), String> {
    use viper::verifier::{verify, VerifyOptions};
    let file = viper::FileId(0);
    let lines = text.lines().count().max(1) as u32 + 1;
    let located = |e: &viper::InputError| -> std::result::Result<(), String> {
        if e.span.is_dummy() && e.kind != viper::InputErrorKind::Unsupported {
            return Err(format!("{} without a position: {}", e.kind.id(), e.message));
        }
        if e.span.line > lines {
            return Err(format!(
                "{} beyond the text: line {}",
                e.kind.id(),
                e.span.line
            ));
        }
        Ok(())
    };
    let mut program = match viper::parse(text, file) {
        Ok(p) => p,
        Err(e) => return located(&e),
    };
    let printed = viper::print(&program);
    match viper::parse(&printed, file) {
        Ok(mut again) => {
            let mut original = program.clone();
            original.clear_spans();
            again.clear_spans();
            if original != again {
                return Err(format!("printing changes the program:\n{printed}"));
            }
        }
        Err(e) => {
            return Err(format!(
                "printed text does not parse ({}):\n{printed}",
                e.message
            ))
        }
    }
    if let Err(errors) = viper::typecheck(&mut program) {
        return errors.iter().try_for_each(located);
    }
    let options = VerifyOptions {
        timeout_ms: Some(2_000),
        ..VerifyOptions::default()
    };
    let first = match verify(&program, &options) {
        Ok(r) => r,
        Err(errors) => return errors.iter().try_for_each(located),
    };
    let key = |r: &viper::verifier::ProgramResult| {
        let mut v: Vec<(String, &'static str, Vec<String>)> = r
            .members
            .iter()
            .filter(|m| m.unknowns.is_empty())
            .map(|m| {
                let mut errs: Vec<String> = m
                    .errors
                    .iter()
                    .map(|e| format!("{}@{}:{}", e.full_id(), e.span.line, e.span.column))
                    .collect();
                errs.sort();
                (m.name.clone(), m.verdict().as_str(), errs)
            })
            .collect();
        v.sort();
        v
    };
    let mut reversed = program.clone();
    reversed.items.reverse();
    match verify(&reversed, &options) {
        Ok(r) => {
            // Members inconclusive in either run are not compared (timeouts may differ).
            let (a, b) = (key(&first), key(&r));
            let names = |k: &[(String, &str, Vec<String>)]| -> Vec<String> {
                k.iter().map(|(n, _, _)| n.clone()).collect()
            };
            let common: Vec<String> = names(&a)
                .into_iter()
                .filter(|n| names(&b).contains(n))
                .collect();
            let pick = |k: Vec<(String, &'static str, Vec<String>)>| -> Vec<_> {
                k.into_iter()
                    .filter(|(n, _, _)| common.contains(n))
                    .collect()
            };
            let (a, b) = (pick(a), pick(b));
            if a != b {
                return Err(format!(
                    "order matters:\n  as given: {a:?}\n  reversed: {b:?}"
                ));
            }
            Ok(())
        }
        Err(e) => Err(format!("the reversed program is rejected: {e:?}")),
    }
}
