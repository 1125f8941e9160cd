//! Z3 declarations for one program in the current thread's context: sorts of Viper types, the
//! snapshot sort with its constructors and sort wrappers, field-value functions, domain functions,
//! and the symbols of Viper functions (full, limited and stateless versions).

use std::cell::{Cell, RefCell};
use std::collections::HashMap;

use z3::ast::{forall_const, Ast, Bool, Dynamic};
use z3::{FuncDecl, Pattern, Sort, Symbol};

use crate::ast::{Domain, Type};

use crate::verifier::program::ProgramIndex;
use crate::verifier::scope::Scope;

thread_local! {
    static NEXT_SYMBOL: Cell<u64> = const { Cell::new(0) };
}

/// Restarts the numbering of fresh names (at the start of a member, in a new Z3 context), so that
/// a member's terms are the same whatever was verified before it on this thread.
pub fn reset_fresh_names() {
    NEXT_SYMBOL.with(|c| c.set(0));
}

/// A name never used before on this thread (Z3 identifies declarations by name and signature).
pub fn fresh_name(prefix: &str) -> String {
    NEXT_SYMBOL.with(|c| {
        let n = c.get();
        c.set(n + 1);
        format!("{prefix}@{n}")
    })
}

/// A field: the sort of its values, and its field-value-function sort with `lookup`.
pub struct FieldSym {
    pub name: String,
    pub sort: Sort,
    /// Field-value functions (`$FVF<f>`) map references to values of this field.
    pub fvf_sort: Sort,
    pub lookup: FuncDecl,
    /// `indom_f(fvf, r)`: whether `r` is in the domain of a field-value function (defined for
    /// the snapshots of consumed quantified permissions, which the extensionality axiom uses).
    pub indom: FuncDecl,
    /// Whether all chunks of this field are quantified chunks.
    pub quantified: bool,
    /// Whether this entry stands for a predicate: its chunks are predicate instances, the
    /// receiver is the instance's location (see [`PredSym`]) and the value its snapshot.
    pub predicate: bool,
}

/// A predicate, held in the heap like a field of its instances: `loc(args)` (of sort
/// `$PredLoc`, injective) is the receiver of its chunks, whose values are snapshots of its body.
/// Unlike a field, more than a full permission may be held and a location is never null.
pub struct PredSym {
    /// Index of the predicate's entry in [`Symbols::fields`].
    pub field: usize,
    pub loc: FuncDecl,
    /// `P%trigger(snapshot, args): Bool`, assumed where an instance is folded or unfolded, so
    /// that the definitions of recursive functions unfolding `P` unroll there (as in Silicon).
    pub trigger: FuncDecl,
}

/// A Viper function's symbols.
pub struct FuncSym {
    pub decl: FuncDecl,
    pub limited: FuncDecl,
    /// `f%stateless(args): Bool`, used in triggers of heap-dependent functions.
    pub stateless: FuncDecl,
    /// `f%precondition(s, args): Bool`, assumed where an application's precondition was checked;
    /// the function's axioms apply under it.
    pub pre: FuncDecl,
    pub heap_dependent: bool,
    /// Whether the first argument is a snapshot: for heap-dependent functions (the heap they
    /// read) and for functions without arguments (then always `$Snap.unit`), whose axioms would
    /// otherwise be ground facts asserted everywhere instead of quantified facts triggered by
    /// applications (as in Silicon, where every function takes a snapshot).
    pub snapshot_arg: bool,
}

/// A domain function's symbol.
pub struct DomFuncSym {
    pub decl: FuncDecl,
}

struct Wrapper {
    wrap: FuncDecl,
    unwrap: FuncDecl,
}

/// Everything declared for one program.
pub struct Symbols {
    pub ref_sort: Sort,
    pub null: Dynamic,
    pub snap_sort: Sort,
    pub unit: Dynamic,
    combine: FuncDecl,
    first: FuncDecl,
    second: FuncDecl,
    pub fields: Vec<FieldSym>,
    pub predicates: HashMap<String, PredSym>,
    pub functions: HashMap<String, FuncSym>,
    pub domain_funcs: HashMap<String, DomFuncSym>,
    pub domain_sorts: HashMap<String, Sort>,
    wrappers: HashMap<String, Wrapper>,
    /// Axioms of the declarations above (snapshots, wrappers, unique constants).
    pub axioms: Vec<Bool>,
    /// The receiver placeholder of quantified-chunk permission terms.
    pub qp_r: Dynamic,
    /// Collection sorts (sequences, sets, multisets) declared so far, with their element sorts.
    collection_sorts: RefCell<HashMap<String, Sort>>,
    /// Instances of generic domains: sort name → (domain, type arguments).
    domain_instances: RefCell<HashMap<String, (String, Vec<Sort>)>>,
    /// Names of the generic domains.
    generic_domains: std::collections::HashSet<String>,
}

impl Symbols {
    /// Declares the symbols one member's verification needs (see [`Scope`]), in program order.
    /// Fails with a message naming an unsupported type.
    pub fn new(index: &ProgramIndex<'_>, scope: &Scope) -> Result<Symbols, String> {
        let ref_sort = Sort::uninterpreted(Symbol::String("$Ref".into()));
        let snap_sort = Sort::uninterpreted(Symbol::String("$Snap".into()));
        let null = FuncDecl::new("$Ref.null", &[], &ref_sort).apply(&[]);
        let unit = FuncDecl::new("$Snap.unit", &[], &snap_sort).apply(&[]);
        let combine = FuncDecl::new("$Snap.combine", &[&snap_sort, &snap_sort], &snap_sort);
        let first = FuncDecl::new("$Snap.first", &[&snap_sort], &snap_sort);
        let second = FuncDecl::new("$Snap.second", &[&snap_sort], &snap_sort);
        let qp_r = Dynamic::new_const("$qp.r", &ref_sort);
        let mut sym = Symbols {
            ref_sort,
            null,
            snap_sort,
            unit,
            combine,
            first,
            second,
            fields: Vec::new(),
            predicates: HashMap::new(),
            functions: HashMap::new(),
            domain_funcs: HashMap::new(),
            domain_sorts: HashMap::new(),
            wrappers: HashMap::new(),
            axioms: Vec::new(),
            qp_r,
            collection_sorts: RefCell::new(HashMap::new()),
            domain_instances: RefCell::new(HashMap::new()),
            generic_domains: index
                .domains
                .iter()
                .filter(|d| !d.type_params.is_empty())
                .map(|d| d.name.name.clone())
                .collect(),
        };
        sym.snapshot_axioms();
        for d in index.domains.iter().filter(|d| d.type_params.is_empty()) {
            sym.domain_sorts.insert(
                d.name.name.clone(),
                Sort::uninterpreted(Symbol::String(format!("D.{}", d.name.name))),
            );
        }
        for d in index.domains.iter().filter(|d| d.type_params.is_empty()) {
            sym.declare_domain(d)?;
        }
        for (i, f) in index.fields.iter().enumerate() {
            let sort = sym.sort_of(&f.ty)?;
            let fvf_sort = Sort::uninterpreted(Symbol::String(format!("$FVF<{}>", f.name.name)));
            let lookup = FuncDecl::new(
                format!("$FVF.lookup_{}", f.name.name),
                &[&fvf_sort, &sym.ref_sort],
                &sort,
            );
            let indom = FuncDecl::new(
                format!("$FVF.indom_{}", f.name.name),
                &[&fvf_sort, &sym.ref_sort],
                &Sort::bool(),
            );
            sym.ensure_wrapper(&sort);
            sym.ensure_wrapper(&fvf_sort);
            let quantified = scope.quantified_fields.contains(&i);
            if quantified {
                sym.fvf_extensionality(&fvf_sort, &lookup, &indom);
            }
            sym.fields.push(FieldSym {
                name: f.name.name.clone(),
                sort,
                fvf_sort,
                lookup,
                indom,
                quantified,
                predicate: false,
            });
        }
        sym.declare_predicates(index)?;
        for name in &scope.functions {
            let Some(f) = index.functions.get(name.as_str()) else {
                continue;
            };
            let heap_dependent = index.heap_dependent.contains(name.as_str());
            let snapshot_arg = heap_dependent || f.args.is_empty();
            let mut arg_sorts = Vec::new();
            if snapshot_arg {
                arg_sorts.push(sym.snap_sort.clone());
            }
            for a in &f.args {
                arg_sorts.push(sym.sort_of(&a.ty)?);
            }
            let ret = sym.sort_of(&f.ret)?;
            let refs: Vec<&Sort> = arg_sorts.iter().collect();
            let plain: Vec<&Sort> = refs
                .iter()
                .skip(usize::from(snapshot_arg))
                .copied()
                .collect();
            sym.functions.insert(
                name.to_string(),
                FuncSym {
                    decl: FuncDecl::new(format!("f.{name}"), &refs, &ret),
                    limited: FuncDecl::new(format!("f.{name}%limited"), &refs, &ret),
                    stateless: FuncDecl::new(format!("f.{name}%stateless"), &plain, &Sort::bool()),
                    pre: FuncDecl::new(format!("f.{name}%precondition"), &refs, &Sort::bool()),
                    heap_dependent,
                    snapshot_arg,
                },
            );
        }
        Ok(sym)
    }

    /// Declares every predicate as a field of its instances (see [`PredSym`]), with the axioms
    /// that make its location function injective (an inverse per argument).
    fn declare_predicates(&mut self, index: &ProgramIndex<'_>) -> Result<(), String> {
        for p in index.program.predicates() {
            let loc_sort = Sort::uninterpreted(Symbol::String("$PredLoc".into()));
            let name = &p.name.name;
            let sorts = p
                .args
                .iter()
                .map(|a| self.sort_of(&a.ty))
                .collect::<Result<Vec<_>, _>>()?;
            let refs: Vec<&Sort> = sorts.iter().collect();
            let loc = FuncDecl::new(format!("p.{name}%loc"), &refs, &loc_sort);
            let mut trigger_dom: Vec<&Sort> = vec![&self.snap_sort];
            trigger_dom.extend(refs.iter().copied());
            let trigger = FuncDecl::new(format!("p.{name}%trigger"), &trigger_dom, &Sort::bool());
            let vars: Vec<Dynamic> = sorts
                .iter()
                .enumerate()
                .map(|(i, s)| Dynamic::new_const(format!("$p.{name}.{i}"), s))
                .collect();
            let var_refs: Vec<&dyn Ast> = vars.iter().map(|v| v as &dyn Ast).collect();
            let app = loc.apply(&var_refs);
            for (i, (v, s)) in vars.iter().zip(&sorts).enumerate() {
                let inv = FuncDecl::new(format!("p.{name}%arg{i}"), &[&loc_sort], s);
                let bound: Vec<&dyn Ast> = vars.iter().map(|v| v as &dyn Ast).collect();
                self.axioms.push(forall_const(
                    &bound,
                    &[&Pattern::new(&[&app])],
                    &inv.apply(&[&app]).eq(v),
                ));
            }
            let fvf_sort = Sort::uninterpreted(Symbol::String(format!("$PSF<{name}>")));
            let lookup = FuncDecl::new(
                format!("$PSF.lookup_{name}"),
                &[&fvf_sort, &loc_sort],
                &self.snap_sort,
            );
            let indom = FuncDecl::new(
                format!("$PSF.indom_{name}"),
                &[&fvf_sort, &loc_sort],
                &Sort::bool(),
            );
            self.predicates.insert(
                name.clone(),
                PredSym {
                    field: self.fields.len(),
                    loc,
                    trigger,
                },
            );
            self.fields.push(FieldSym {
                name: name.clone(),
                sort: self.snap_sort.clone(),
                fvf_sort,
                lookup,
                indom,
                quantified: false,
                predicate: true,
            });
        }
        Ok(())
    }

    fn declare_domain(&mut self, d: &Domain) -> Result<(), String> {
        // Ordered by sort, so that the axioms are created in the same order on every run.
        let mut uniques: std::collections::BTreeMap<String, Vec<Dynamic>> =
            std::collections::BTreeMap::new();
        for f in &d.functions {
            let args = f
                .args
                .iter()
                .map(|a| self.sort_of(&a.ty))
                .collect::<Result<Vec<_>, _>>()?;
            let ret = self.sort_of(&f.ret)?;
            let refs: Vec<&Sort> = args.iter().collect();
            let decl = FuncDecl::new(format!("d.{}", f.name.name), &refs, &ret);
            if f.unique {
                if !args.is_empty() {
                    return Err(format!(
                        "unique domain function `{}` with arguments",
                        f.name.name
                    ));
                }
                uniques
                    .entry(ret.to_string())
                    .or_default()
                    .push(decl.apply(&[]));
            }
            self.domain_funcs
                .insert(f.name.name.clone(), DomFuncSym { decl });
        }
        for consts in uniques.values() {
            if consts.len() > 1 {
                self.axioms.push(Dynamic::distinct(consts));
            }
        }
        Ok(())
    }

    /// The Z3 sort of a Viper type (without type variables).
    pub fn sort_of(&self, ty: &Type) -> Result<Sort, String> {
        self.sort_of_in(ty, &HashMap::new())
    }

    /// The Z3 sort of a Viper type whose type variables are given by `env`.
    pub fn sort_of_in(&self, ty: &Type, env: &HashMap<String, Sort>) -> Result<Sort, String> {
        Ok(match ty {
            Type::Int => Sort::int(),
            Type::Bool => Sort::bool(),
            Type::Perm => Sort::real(),
            Type::Ref => self.ref_sort.clone(),
            Type::Seq(t) => self.seq_sort(&self.sort_of_in(t, env)?),
            Type::Set(t) => self.set_sort(&self.sort_of_in(t, env)?),
            Type::Multiset(t) => self.multiset_sort(&self.sort_of_in(t, env)?),
            Type::Domain { name, args } if self.generic_domains.contains(name) => {
                let sorts = args
                    .iter()
                    .map(|a| self.sort_of_in(a, env))
                    .collect::<Result<Vec<_>, _>>()?;
                self.domain_instance_sort(name, &sorts)
            }
            Type::Domain { name, .. } => self
                .domain_sorts
                .get(name)
                .cloned()
                .ok_or_else(|| format!("unknown domain type `{name}`"))?,
            Type::Var(v) => env
                .get(v)
                .cloned()
                .ok_or_else(|| format!("the type variable `{v}`"))?,
        })
    }

    /// The sort of a generic domain instantiated with `args`.
    pub fn domain_instance_sort(&self, domain: &str, args: &[Sort]) -> Sort {
        let names: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let name = format!("D.{domain}<{}>", names.join(","));
        let sort = Sort::uninterpreted(Symbol::String(name));
        self.domain_instances
            .borrow_mut()
            .entry(sort.to_string())
            .or_insert_with(|| (domain.to_string(), args.to_vec()));
        sort
    }

    /// The generic domain and type arguments of an instance sort.
    pub fn domain_instance(&self, sort: &Sort) -> Option<(String, Vec<Sort>)> {
        self.domain_instances
            .borrow()
            .get(&sort.to_string())
            .cloned()
    }

    pub fn is_generic_domain(&self, name: &str) -> bool {
        self.generic_domains.contains(name)
    }

    fn collection_sort(&self, kind: &str, elem: &Sort) -> Sort {
        let name = format!("${kind}<{elem}>");
        let sort = Sort::uninterpreted(Symbol::String(name));
        // Keyed by the sort's printed form (Z3 may quote the name), as lookups use it.
        self.collection_sorts
            .borrow_mut()
            .entry(sort.to_string())
            .or_insert_with(|| elem.clone());
        sort
    }

    fn collection_elem(&self, kind: &str, sort: &Sort) -> Option<Sort> {
        let name = sort.to_string();
        let bare = name.trim_start_matches('|');
        if !bare.starts_with(&format!("${kind}<")) {
            return None;
        }
        self.collection_sorts.borrow().get(&name).cloned()
    }

    /// The (uninterpreted) sort of sequences of `elem`.
    pub fn seq_sort(&self, elem: &Sort) -> Sort {
        self.collection_sort("Seq", elem)
    }

    /// The element sort of a sequence sort (`None` for other sorts).
    pub fn seq_elem(&self, seq: &Sort) -> Option<Sort> {
        self.collection_elem("Seq", seq)
    }

    /// The (uninterpreted) sort of sets of `elem`.
    pub fn set_sort(&self, elem: &Sort) -> Sort {
        self.collection_sort("Set", elem)
    }

    /// The element sort of a set sort (`None` for other sorts).
    pub fn set_elem(&self, set: &Sort) -> Option<Sort> {
        self.collection_elem("Set", set)
    }

    /// The (uninterpreted) sort of multisets of `elem`.
    pub fn multiset_sort(&self, elem: &Sort) -> Sort {
        self.collection_sort("Multiset", elem)
    }

    /// The element sort of a multiset sort (`None` for other sorts).
    pub fn multiset_elem(&self, ms: &Sort) -> Option<Sort> {
        self.collection_elem("Multiset", ms)
    }

    /// Field-value functions that agree on their domains and values are equal (so that function
    /// applications over the same region in different heaps have equal snapshots). Triggered by
    /// pairs of field-value functions used as snapshots.
    fn fvf_extensionality(&mut self, fvf_sort: &Sort, lookup: &FuncDecl, indom: &FuncDecl) {
        self.ensure_wrapper(fvf_sort);
        let a = Dynamic::new_const("$ext.a", fvf_sort);
        let b = Dynamic::new_const("$ext.b", fvf_sort);
        let r = Dynamic::new_const("$ext.r", &self.ref_sort);
        let (Some(wa), Some(wb)) = (self.wrap(&a), self.wrap(&b)) else {
            return;
        };
        let (in_a, in_b) = (indom.apply(&[&a, &r]), indom.apply(&[&b, &r]));
        let (Some(in_a), Some(in_b)) = (in_a.as_bool(), in_b.as_bool()) else {
            return;
        };
        let same_dom = forall_const(
            &[&r],
            &[&Pattern::new(&[&in_a]), &Pattern::new(&[&in_b])],
            &in_a.iff(&in_b),
        );
        let (la, lb) = (lookup.apply(&[&a, &r]), lookup.apply(&[&b, &r]));
        let same_val = forall_const(
            &[&r],
            &[&Pattern::new(&[&la]), &Pattern::new(&[&lb])],
            &in_a.implies(la.eq(&lb)),
        );
        let body = Bool::and(&[&same_dom, &same_val]).implies(a.eq(&b));
        self.axioms.push(forall_const(
            &[&a, &b],
            &[&Pattern::new(&[&wa, &wb])],
            &body,
        ));
    }

    fn snapshot_axioms(&mut self) {
        let a = Dynamic::new_const("$s.a", &self.snap_sort);
        let b = Dynamic::new_const("$s.b", &self.snap_sort);
        let comb = self.combine.apply(&[&a, &b]);
        let body = Bool::and(&[
            &self.first.apply(&[&comb]).eq(&a),
            &self.second.apply(&[&comb]).eq(&b),
        ]);
        self.axioms
            .push(forall_const(&[&a, &b], &[&Pattern::new(&[&comb])], &body));
    }

    fn ensure_wrapper(&mut self, sort: &Sort) {
        let key = sort.to_string();
        if self.wrappers.contains_key(&key) {
            return;
        }
        let wrap = FuncDecl::new(
            format!("$SortWrappers.{key}To$Snap"),
            &[sort],
            &self.snap_sort,
        );
        let unwrap = FuncDecl::new(
            format!("$SortWrappers.$SnapTo{key}"),
            &[&self.snap_sort],
            sort,
        );
        let x = Dynamic::new_const(format!("$w.{key}"), sort);
        let wx = wrap.apply(&[&x]);
        let ax = forall_const(
            &[&x],
            &[&Pattern::new(&[&wx])],
            &unwrap.apply(&[&wx]).eq(&x),
        );
        self.axioms.push(ax);
        self.wrappers.insert(key, Wrapper { wrap, unwrap });
    }

    /// A value as a snapshot (for sorts declared as field or field-value-function sorts).
    pub fn wrap(&self, t: &Dynamic) -> Option<Dynamic> {
        if t.get_sort() == self.snap_sort {
            return Some(t.clone());
        }
        let w = self.wrappers.get(&t.get_sort().to_string())?;
        Some(w.wrap.apply(&[t]))
    }

    /// A snapshot as a value of `sort`.
    pub fn unwrap(&self, s: &Dynamic, sort: &Sort) -> Option<Dynamic> {
        if *sort == self.snap_sort {
            return Some(s.clone());
        }
        let w = self.wrappers.get(&sort.to_string())?;
        Some(w.unwrap.apply(&[s]))
    }

    pub fn combine(&self, a: &Dynamic, b: &Dynamic) -> Dynamic {
        self.combine.apply(&[a, b])
    }

    pub fn first(&self, s: &Dynamic) -> Dynamic {
        self.first.apply(&[s])
    }

    pub fn second(&self, s: &Dynamic) -> Dynamic {
        self.second.apply(&[s])
    }

    /// `indom_f(fvf, r)`
    pub fn indom(&self, field: usize, fvf: &Dynamic, r: &Dynamic) -> Bool {
        self.fields[field]
            .indom
            .apply(&[fvf, r])
            .as_bool()
            .unwrap_or_else(|| Bool::from_bool(false))
    }

    /// `lookup_f(fvf, r)`
    pub fn lookup(&self, field: usize, fvf: &Dynamic, r: &Dynamic) -> Dynamic {
        self.fields[field].lookup.apply(&[fvf, r])
    }
}
