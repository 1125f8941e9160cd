//! C programs with OpenMP pragmas from fuzzer bytes (`arbitrary::Unstructured`), for the C fuzz
//! test (`tests/c_fuzz.rs`) and the cargo-fuzz target (`fuzz/`).
//!
//! Two shapes of input: programs from a small grammar of the OpenMP C ompv handles without
//! annotations (parallel loops with data-sharing clauses, regions with worksharing, `single`,
//! `critical`, `atomic`, barriers, tasks with `depend`, `taskwait` and `taskloop`, `simd`,
//! `ordered`; writers in `single nowait` and `master` before constructs whose `firstprivate`
//! copies read the original; `lastprivate`, `linear` and `reduction` of variables others write;
//! `copyin` of a `threadprivate` variable and `copyprivate`; chunked and `collapse`d schedules;
//! `rand`, `strlen` through a pointer variable, and a `char *` view of an `int` array), with
//! indices that are sometimes off by one and clauses that are sometimes
//! missing, so that both race-free and racy programs come out; and corpus programs with
//! arbitrary edits.

use arbitrary::{Result, Unstructured};

/// A generated program (see the module documentation).
pub fn program(u: &mut Unstructured<'_>) -> Result<String> {
    let n = *u.choose(&[8, 16, 33, 64])?;
    let mut g = Gen {
        u,
        out: String::new(),
        indent: 1,
        n,
    };
    g.out.push_str(
        "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <omp.h>\n",
    );
    g.out.push_str(&format!(
        "int a[{n}];\nint b[{n}];\nint m[{n}][{n}];\nint x;\nchar str[16];\nint tp;\n#pragma omp threadprivate(tp)\n\nint main(void)\n{{\n  int s = 0;\n  int t = 0;\n  int k = 1;\n"
    ));
    let parts = g.u.int_in_range(1..=3)?;
    for _ in 0..parts {
        g.top()?;
    }
    g.out.push_str(
        "  printf(\"%d %d %d %d\\n\", a[1], b[2], x, s + t + m[1][1]);\n  return 0;\n}\n",
    );
    Ok(g.out)
}

/// A corpus text with arbitrary edits.
pub fn mutated(u: &mut Unstructured<'_>, corpus: &[String]) -> Result<String> {
    if corpus.is_empty() {
        return Ok(String::new());
    }
    let mut bytes = u.choose(corpus)?.clone().into_bytes();
    for _ in 0..u.int_in_range(1..=4)? {
        if bytes.is_empty() {
            break;
        }
        let at = u.choose_index(bytes.len())?;
        match u.int_in_range(0..=3)? {
            0 => bytes[at] = *u.choose(b"(){}[];,=<>!&|+-*/%#\" \nifax01")?,
            1 => bytes.insert(at, *u.choose(b"(){};=+-1 \n")?),
            2 => {
                let end = (at + u.int_in_range(1..=10)?).min(bytes.len());
                bytes.drain(at..end);
            }
            _ => {
                let end = (at + u.int_in_range(1..=30)?).min(bytes.len());
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
    out: String,
    indent: usize,
    n: i32,
}

/// What a loop may use: its variable, and whether an `ordered` block is allowed in it.
#[derive(Clone, Copy)]
struct LoopCtx {
    ordered: bool,
}

impl Gen<'_, '_> {
    fn line(&mut self, s: &str) {
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    /// A construct at the top of `main`.
    fn top(&mut self) -> Result<()> {
        match self.u.int_in_range(0..=5)? {
            0 | 1 => self.par_for("parallel for"),
            2 | 3 => self.region(),
            4 => {
                let safelen = if self.u.arbitrary()? {
                    format!(" safelen({})", self.u.int_in_range(1..=4)?)
                } else {
                    String::new()
                };
                self.line(&format!("#pragma omp simd{safelen}"));
                self.simple_loop(LoopCtx { ordered: false })
            }
            _ => {
                // Sequential code between regions.
                let n = self.n;
                self.line(&format!("for (int i = 0; i < {n}; i++)"));
                self.line("  b[i] = a[i] + k;");
                Ok(())
            }
        }
    }

    /// `#pragma omp <directive> [clauses]` and its loop.
    fn par_for(&mut self, directive: &str) -> Result<()> {
        let mut clauses = String::new();
        let mut ordered = false;
        let mut collapse = false;
        for _ in 0..self.u.int_in_range(0..=3)? {
            let c = match self.u.int_in_range(0..=14)? {
                0 => "private(t)",
                1 => "firstprivate(t)",
                2 => "lastprivate(t)",
                3 => "reduction(+: s)",
                4 => "schedule(static)",
                5 => "schedule(dynamic, 2)",
                6 if !ordered => {
                    ordered = true;
                    "ordered"
                }
                7 if !collapse && !ordered => {
                    collapse = true;
                    "collapse(2)"
                }
                8 if directive == "for" => "nowait",
                9 => "firstprivate(x)",
                10 => "schedule(static, 2)",
                11 => "lastprivate(x)",
                12 => "reduction(+: x)",
                13 => "linear(k)",
                _ => "shared(x)",
            };
            // OpenMP 5.2 §5.4: one data-sharing attribute clause per variable, except
            // `firstprivate` with `lastprivate` (a clash is an error of its own test).
            const SHARING: [&str; 6] = [
                "private",
                "shared",
                "firstprivate",
                "lastprivate",
                "reduction(+: ",
                "linear",
            ];
            let clashes = |v: &str| {
                let named = |k: &str| {
                    let open = if k.ends_with(' ') { "" } else { "(" };
                    clauses.contains(&format!("{k}{open}{v})"))
                };
                SHARING.iter().any(|k| named(k))
                    && !(c.starts_with("firstprivate") && named("lastprivate")
                        || c.starts_with("lastprivate") && named("firstprivate"))
            };
            let var = SHARING
                .iter()
                .any(|k| c.starts_with(k.trim_end_matches(": ")))
                .then(|| {
                    c.trim_end_matches(')')
                        .rsplit(['(', ' '])
                        .next()
                        .unwrap_or_default()
                });
            if !clauses.contains(c) && !var.is_some_and(clashes) {
                clauses.push(' ');
                clauses.push_str(c);
            }
        }
        self.line(&format!("#pragma omp {directive}{clauses}"));
        if collapse {
            let n = self.n;
            self.line(&format!("for (int i = 0; i < {n}; i++)"));
            self.line(&format!("  for (int j = 0; j < {n}; j++)"));
            let idx = self.index("i")?;
            self.line(&format!("    m[i][j] = m[{idx}][j] + 1;"));
            Ok(())
        } else {
            self.simple_loop(LoopCtx { ordered })
        }
    }

    /// `for (int i = 1; i < n - 1; i++) { … }` with one to three statements.
    fn simple_loop(&mut self, ctx: LoopCtx) -> Result<()> {
        let n = self.n;
        self.line(&format!("for (int i = 1; i < {}; i++) {{", n - 1));
        self.indent += 1;
        for _ in 0..self.u.int_in_range(1..=3)? {
            self.body_stmt(ctx)?;
        }
        self.indent -= 1;
        self.line("}");
        Ok(())
    }

    /// An index into `a`/`b` for iteration variable `v`: mostly `v`, sometimes off by one or
    /// another element.
    fn index(&mut self, v: &str) -> Result<String> {
        let n = self.n;
        Ok(match self.u.int_in_range(0..=9)? {
            0 => format!("{v} + 1"),
            1 => format!("{v} - 1"),
            2 => "0".to_string(),
            3 => format!("{} - {v}", n - 1),
            4 => "k".to_string(),
            _ => v.to_string(),
        })
    }

    fn body_stmt(&mut self, ctx: LoopCtx) -> Result<()> {
        match self.u.int_in_range(0..=14)? {
            0 | 1 => {
                let (w, r) = (self.index("i")?, self.index("i")?);
                self.line(&format!("a[{w}] = b[{r}] + a[i];"));
            }
            2 => self.line("s = s + a[i];"),
            3 => {
                let r = self.index("i")?;
                self.line(&format!("t = a[{r}] * 2;"));
                self.line("b[i] = t;");
            }
            4 => self.line("x = x + 1;"),
            5 => {
                self.line("#pragma omp critical");
                self.line("x = x + a[i];");
            }
            6 => {
                self.line("#pragma omp atomic");
                self.line("x += 1;");
            }
            7 if ctx.ordered => {
                self.line("#pragma omp ordered");
                self.line("{ x = x + i; }");
            }
            8 => {
                let w = self.index("i")?;
                self.line(&format!("if (i % 2 == 0) b[{w}] = i;"));
            }
            9 => self.line("b[i] = rand() % 4;"),
            12 => {
                // A library routine reading a string through a pointer variable.
                self.line("{ char *p = str; b[i] = (int)strlen(p); }");
            }
            13 => {
                let w = self.index("i")?;
                self.line(&format!("str[({w}) % 15] = 'a';"));
            }
            10 => {
                let w = self.index("i")?;
                self.line(&format!("((char *)a)[{w}] = 1;"));
            }
            _ => {
                let n = self.n;
                self.line(&format!("for (int j = 0; j < {n}; j++)"));
                self.line("  m[i][j] = j;");
            }
        }
        Ok(())
    }

    /// `#pragma omp parallel { … }` with worksharing, synchronisation and tasks inside.
    fn region(&mut self) -> Result<()> {
        let threads = if self.u.arbitrary()? {
            format!(" num_threads({})", self.u.int_in_range(1..=4)?)
        } else {
            String::new()
        };
        // `t` private to each thread makes `copyprivate(t)` conforming (§5.7.2); without it,
        // `copyprivate(t)` must be rejected.
        let copies = match self.u.int_in_range(0..=3)? {
            0 => " copyin(tp)",
            1 => " private(t)",
            _ => "",
        };
        self.line(&format!("#pragma omp parallel{threads}{copies}"));
        self.line("{");
        self.indent += 1;
        for _ in 0..self.u.int_in_range(1..=4)? {
            match self.u.int_in_range(0..=10)? {
                0 | 1 => self.par_for("for")?,
                9 => {
                    self.line("#pragma omp single copyprivate(t)");
                    let r = self.index("1")?;
                    self.line(&format!("t = a[{r}];"));
                    self.line("b[omp_get_thread_num() % 2] = t;");
                }
                10 => {
                    self.line("tp = tp + 1;");
                    self.line("s = s + tp;");
                }
                2 => self.line("#pragma omp barrier"),
                3 => {
                    self.line("#pragma omp critical");
                    self.line("x = x + 1;");
                }
                4 => self.single()?,
                5 => {
                    self.line("#pragma omp sections");
                    self.line("{");
                    self.line("#pragma omp section");
                    self.line("  a[0] = 1;");
                    self.line("#pragma omp section");
                    let r = self.index("1")?;
                    self.line(&format!("  b[0] = a[{r}];"));
                    self.line("}");
                }
                6 => {
                    self.line("#pragma omp master");
                    self.line("x = 2;");
                }
                7 => {
                    self.line("#pragma omp single nowait");
                    self.line("x = 3;");
                }
                _ => {
                    self.line("int id = omp_get_thread_num();");
                    self.line("if (id == 0) k = 2;");
                }
            }
        }
        self.indent -= 1;
        self.line("}");
        Ok(())
    }

    /// A `single` that generates tasks.
    fn single(&mut self) -> Result<()> {
        let nowait = if self.u.arbitrary()? { " nowait" } else { "" };
        let copy = if self.u.arbitrary()? {
            " firstprivate(x)"
        } else {
            ""
        };
        self.line(&format!("#pragma omp single{nowait}{copy}"));
        self.line("{");
        self.indent += 1;
        for _ in 0..self.u.int_in_range(1..=4)? {
            match self.u.int_in_range(0..=5)? {
                0 | 1 => {
                    let dep = match self.u.int_in_range(0..=4)? {
                        0 => " depend(out: x)",
                        1 => " depend(in: x)",
                        2 => " firstprivate(x)",
                        _ => "",
                    };
                    self.line(&format!("#pragma omp task{dep}"));
                    let w = self.index("2")?;
                    self.line(&format!("{{ x = x + 1; a[{w}] = x; }}"));
                }
                2 => self.line("#pragma omp taskwait"),
                3 => {
                    let nogroup = if self.u.arbitrary()? { " nogroup" } else { "" };
                    self.line(&format!("#pragma omp taskloop{nogroup}"));
                    self.simple_loop(LoopCtx { ordered: false })?;
                }
                _ => self.line("t = a[3] + x;"),
            }
        }
        self.indent -= 1;
        self.line("}");
        Ok(())
    }
}
