//! Facts about the input program that every member's verification needs: name lookups, which
//! fields are accessed through quantified permissions, which functions read the heap, and the
//! strongly connected components of the function call graph (for limited function applications).

use std::collections::{HashMap, HashSet};

use crate::ast::*;

use super::walk::stmt_exprs;

/// Read-only indexes over a program, shared by all worker threads.
pub struct ProgramIndex<'p> {
    pub program: &'p Program,
    pub methods: HashMap<&'p str, &'p Method>,
    pub functions: HashMap<&'p str, &'p Function>,
    pub fields: Vec<&'p Field>,
    pub field_ids: HashMap<&'p str, usize>,
    pub domains: Vec<&'p Domain>,
    /// Domain function name → (domain, function).
    pub domain_functions: HashMap<&'p str, (&'p Domain, &'p DomainFunction)>,
    /// Fields that occur in a quantified permission: all their chunks are quantified chunks.
    pub quantified_fields: HashSet<usize>,
    /// Functions whose precondition holds permissions (they take a snapshot argument).
    pub heap_dependent: HashSet<&'p str>,
    /// Function name → index of its strongly connected component in the call graph.
    pub function_scc: HashMap<&'p str, usize>,
}

impl<'p> ProgramIndex<'p> {
    pub fn new(program: &'p Program) -> ProgramIndex<'p> {
        let methods = program
            .methods()
            .map(|m| (m.name.name.as_str(), m))
            .collect();
        let functions: HashMap<&str, &Function> = program
            .functions()
            .map(|f| (f.name.name.as_str(), f))
            .collect();
        let fields: Vec<&Field> = program.fields().collect();
        let field_ids = fields
            .iter()
            .enumerate()
            .map(|(i, f)| (f.name.name.as_str(), i))
            .collect();
        let domains: Vec<&Domain> = program.domains().collect();
        let mut domain_functions = HashMap::new();
        for d in &domains {
            for f in &d.functions {
                domain_functions.insert(f.name.name.as_str(), (*d, f));
            }
        }
        let mut index = ProgramIndex {
            program,
            methods,
            functions,
            fields,
            field_ids,
            domains,
            domain_functions,
            quantified_fields: HashSet::new(),
            heap_dependent: HashSet::new(),
            function_scc: HashMap::new(),
        };
        index.find_quantified_fields();
        index.find_heap_dependent_functions();
        index.compute_sccs();
        index
    }

    pub fn field_id(&self, name: &str) -> Option<usize> {
        self.field_ids.get(name).copied()
    }

    pub fn is_quantified(&self, field: usize) -> bool {
        self.quantified_fields.contains(&field)
    }

    fn all_exprs(&self) -> Vec<&'p Expr> {
        let mut out = Vec::new();
        for item in &self.program.items {
            match item {
                Item::Method(m) => {
                    out.extend(m.pres.iter());
                    out.extend(m.posts.iter());
                    if let Some(b) = &m.body {
                        collect_block_exprs(b, &mut out);
                    }
                }
                Item::Function(f) => {
                    out.extend(f.pres.iter());
                    out.extend(f.posts.iter());
                    out.extend(f.body.iter());
                }
                Item::Domain(d) => out.extend(d.axioms.iter().map(|a| &a.expr)),
                Item::Predicate(p) => out.extend(p.body.iter()),
                Item::Field(_) => {}
            }
        }
        out
    }

    fn find_quantified_fields(&mut self) {
        let mut found = HashSet::new();
        for e in self.all_exprs() {
            visit(e, &mut |x| {
                if let ExprKind::Quant { body, .. } = &x.kind {
                    visit(body, &mut |y| {
                        if let ExprKind::Acc { loc, .. } = &y.kind {
                            if let ExprKind::Field { field, .. } = &loc.kind {
                                if let Some(id) = self.field_ids.get(field.name.as_str()) {
                                    found.insert(*id);
                                }
                            }
                        }
                    });
                }
            });
        }
        self.quantified_fields = found;
    }

    fn find_heap_dependent_functions(&mut self) {
        for (name, f) in &self.functions {
            let mut has_acc = false;
            for p in &f.pres {
                visit(p, &mut |x| {
                    if matches!(x.kind, ExprKind::Acc { .. }) {
                        has_acc = true;
                    }
                });
            }
            if has_acc {
                self.heap_dependent.insert(name);
            }
        }
    }

    /// Tarjan's algorithm over the function call graph.
    fn compute_sccs(&mut self) {
        let names: Vec<&'p str> = self.functions.keys().copied().collect();
        let pos: HashMap<&str, usize> = names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
        let mut succ: Vec<Vec<usize>> = vec![Vec::new(); names.len()];
        for (i, n) in names.iter().enumerate() {
            let f = self.functions[n];
            let mut calls = HashSet::new();
            for e in f.pres.iter().chain(f.posts.iter()).chain(f.body.iter()) {
                visit(e, &mut |x| {
                    if let ExprKind::Call { name, .. } = &x.kind {
                        if let Some(j) = pos.get(name.name.as_str()) {
                            calls.insert(*j);
                        }
                    }
                });
            }
            succ[i] = calls.into_iter().collect();
        }
        let sccs = tarjan(&succ);
        for (c, comp) in sccs.iter().enumerate() {
            for &i in comp {
                self.function_scc.insert(names[i], c);
            }
        }
    }

    /// Whether an application of `callee` inside the definition of `caller` must use the limited
    /// version (same recursion cycle), so that definitions unfold only finitely.
    pub fn same_scc(&self, caller: &str, callee: &str) -> bool {
        match (self.function_scc.get(caller), self.function_scc.get(callee)) {
            (Some(a), Some(b)) => a == b,
            _ => false,
        }
    }
}

fn collect_block_exprs<'p>(b: &'p Block, out: &mut Vec<&'p Expr>) {
    for s in &b.stmts {
        out.extend(stmt_exprs(s));
        match &s.kind {
            StmtKind::Block(inner) => collect_block_exprs(inner, out),
            StmtKind::If { then, els, .. } => {
                collect_block_exprs(then, out);
                if let Some(e) = els {
                    collect_block_exprs(e, out);
                }
            }
            StmtKind::While { body, .. } => collect_block_exprs(body, out),
            _ => {}
        }
    }
}

/// Calls `f` on `e` and on all its sub-expressions (pre-order).
pub fn visit<'a>(e: &'a Expr, f: &mut dyn FnMut(&'a Expr)) {
    let mut stack = vec![e];
    while let Some(x) = stack.pop() {
        f(x);
        let kids = x.children();
        stack.extend(kids.into_iter().rev());
    }
}

fn tarjan(succ: &[Vec<usize>]) -> Vec<Vec<usize>> {
    struct T<'a> {
        succ: &'a [Vec<usize>],
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on: Vec<bool>,
        stack: Vec<usize>,
        next: usize,
        out: Vec<Vec<usize>>,
    }
    fn strong(t: &mut T<'_>, v: usize) {
        t.index[v] = Some(t.next);
        t.low[v] = t.next;
        t.next += 1;
        t.stack.push(v);
        t.on[v] = true;
        for &w in &t.succ[v] {
            match t.index[w] {
                None => {
                    strong(t, w);
                    t.low[v] = t.low[v].min(t.low[w]);
                }
                Some(iw) if t.on[w] => t.low[v] = t.low[v].min(iw),
                _ => {}
            }
        }
        if Some(t.low[v]) == t.index[v] {
            let mut comp = Vec::new();
            while let Some(w) = t.stack.pop() {
                t.on[w] = false;
                comp.push(w);
                if w == v {
                    break;
                }
            }
            t.out.push(comp);
        }
    }
    let n = succ.len();
    let mut t = T {
        succ,
        index: vec![None; n],
        low: vec![0; n],
        on: vec![false; n],
        stack: Vec::new(),
        next: 0,
        out: Vec::new(),
    };
    for v in 0..n {
        if t.index[v].is_none() {
            strong(&mut t, v);
        }
    }
    t.out
}
