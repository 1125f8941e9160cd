//! Facts about the input program that every member's verification needs: name lookups, which
//! functions read the heap, and the strongly connected components of the function call graph
//! (for limited function applications). What a single member depends on is its `Scope`.

use std::collections::{HashMap, HashSet};

use crate::ast::*;

use super::rules::walk::visit;

/// Read-only indexes over a program, shared by all worker threads.
pub struct ProgramIndex<'p> {
    pub program: &'p Program,
    pub methods: HashMap<&'p str, &'p Method>,
    pub functions: HashMap<&'p str, &'p Function>,
    pub predicates: HashMap<&'p str, &'p Predicate>,
    pub fields: Vec<&'p Field>,
    pub field_ids: HashMap<&'p str, usize>,
    pub domains: Vec<&'p Domain>,
    /// Domain function name → (domain, function).
    pub domain_functions: HashMap<&'p str, (&'p Domain, &'p DomainFunction)>,
    /// Functions whose precondition holds permissions (they take a snapshot argument).
    pub heap_dependent: HashSet<&'p str>,
    /// Function name → index of its strongly connected component in the call graph.
    pub function_scc: HashMap<&'p str, usize>,
    /// Functions that may apply themselves (directly or through others).
    pub recursive: HashSet<&'p str>,
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
        let predicates = program
            .predicates()
            .map(|p| (p.name.name.as_str(), p))
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
            predicates,
            fields,
            field_ids,
            domains,
            domain_functions,
            heap_dependent: HashSet::new(),
            function_scc: HashMap::new(),
            recursive: HashSet::new(),
        };
        index.find_heap_dependent_functions();
        index.compute_sccs();
        index
    }

    pub fn field_id(&self, name: &str) -> Option<usize> {
        self.field_ids.get(name).copied()
    }

    /// Adds the fields that occur in a quantified permission in `e` to `found`.
    pub fn quantified_fields_in(&self, e: &Expr, found: &mut HashSet<usize>) {
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
        let names: Vec<&'p str> = self
            .program
            .functions()
            .map(|f| f.name.name.as_str())
            .collect();
        let pos: HashMap<&str, usize> = names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
        let mut succ: Vec<Vec<usize>> = vec![Vec::new(); names.len()];
        for (i, n) in names.iter().enumerate() {
            let f = self.functions[n];
            let mut calls = std::collections::BTreeSet::new();
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
                if comp.len() > 1 || succ[i].contains(&i) {
                    self.recursive.insert(names[i]);
                }
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

/// Tarjan's algorithm with an explicit stack (a long call chain must not exhaust the stack):
/// the strongly connected components of the graph `succ`.
fn tarjan(succ: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = succ.len();
    let mut index: Vec<Option<usize>> = vec![None; n];
    let mut low = vec![0; n];
    let mut on = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut next = 0;
    let mut out = Vec::new();
    for root in 0..n {
        if index[root].is_some() {
            continue;
        }
        // Frames: (vertex, position of the next successor to visit).
        let mut frames: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = Some(next);
        low[root] = next;
        next += 1;
        stack.push(root);
        on[root] = true;
        while let Some(&mut (v, ref mut pos)) = frames.last_mut() {
            if let Some(&w) = succ[v].get(*pos) {
                *pos += 1;
                match index[w] {
                    None => {
                        index[w] = Some(next);
                        low[w] = next;
                        next += 1;
                        stack.push(w);
                        on[w] = true;
                        frames.push((w, 0));
                    }
                    Some(iw) if on[w] => low[v] = low[v].min(iw),
                    _ => {}
                }
                continue;
            }
            frames.pop();
            if let Some(&(parent, _)) = frames.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if Some(low[v]) == index[v] {
                let mut comp = Vec::new();
                while let Some(w) = stack.pop() {
                    on[w] = false;
                    comp.push(w);
                    if w == v {
                        break;
                    }
                }
                out.push(comp);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::tarjan;

    fn sorted(mut sccs: Vec<Vec<usize>>) -> Vec<Vec<usize>> {
        for c in &mut sccs {
            c.sort_unstable();
        }
        sccs.sort();
        sccs
    }

    #[test]
    fn components_of_small_graphs() {
        // 0 -> 1 -> 2 -> 0, 2 -> 3, 3 -> 3, 4 alone
        let g = vec![vec![1], vec![2], vec![0, 3], vec![3], vec![]];
        assert_eq!(sorted(tarjan(&g)), vec![vec![0, 1, 2], vec![3], vec![4]]);
        // Mutual recursion 0 <-> 1, 2 -> 0
        let g = vec![vec![1], vec![0], vec![0]];
        assert_eq!(sorted(tarjan(&g)), vec![vec![0, 1], vec![2]]);
    }

    #[test]
    fn long_chain_does_not_recurse() {
        let n = 200_000;
        let g: Vec<Vec<usize>> = (0..n)
            .map(|i| if i + 1 < n { vec![i + 1] } else { vec![0] })
            .collect();
        let sccs = tarjan(&g);
        assert_eq!(sccs.len(), 1);
        assert_eq!(sccs[0].len(), n);
    }
}
