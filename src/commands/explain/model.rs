//! What the teaching view shows, gathered from the front end's regions and the lowering's side
//! table: each region's blocks with their permissions, its iteration pairs, and what every
//! generated obligation proves.

use super::accounting::{atoms, Atom};
use openmp::lower::Lowered;
use openmp::omp::{OmpBlock, Region};
use ppl::obligations::checks::is_check_span;
use ppl::obligations::{BlockKey, ObligationKind, Owner, RegionKey, Role};
use ppl::{BasicBlock, IterationPairs};
use std::collections::{HashMap, HashSet};
use viper::ast::{Expr, Item};

/// A basic block as the view shows it.
pub struct BlockView<'a> {
    pub block: &'a BasicBlock<OmpBlock>,
    /// The array permissions of its iteration precondition.
    pub atoms: Vec<Atom>,
    /// The Viper variable of its iteration in `atoms`.
    pub var: Option<String>,
    /// For an iteration of a worksharing loop: the Viper variable of the thread that runs it.
    pub thread: Option<String>,
    /// Whether its iterations are checked statement by statement (a `simd` loop keeping
    /// lexically forward dependences, OpenMP 5.2 §10.4): it has a stages obligation.
    pub staged: bool,
}

/// A generated obligation and what it proves.
pub struct ObligationView {
    pub name: String,
    pub kind: ObligationKind,
    pub proves: String,
}

/// A parallel region as the view shows it.
pub struct RegionView<'a> {
    pub region: &'a Region,
    pub blocks: Vec<BlockView<'a>>,
    pub pairs: Vec<IterationPairs>,
    pub obligations: Vec<ObligationView>,
    /// Viper names of renamed source variables.
    pub names: HashMap<String, String>,
}

impl RegionView<'_> {
    pub fn block(&self, id: ppl::BlockId) -> Option<&BlockView<'_>> {
        self.blocks.iter().find(|b| b.block.id == id)
    }

    /// The source name of a Viper variable of this region.
    pub fn source_name(&self, viper: &str) -> String {
        self.names
            .get(viper)
            .cloned()
            .unwrap_or_else(|| viper.to_string())
    }
}

/// The checks of every generated member (each once), by member name.
fn member_roles(lowered: &Lowered) -> HashMap<String, Vec<Role>> {
    let mut out: HashMap<String, Vec<Role>> = HashMap::new();
    for item in &lowered.program.items {
        let name = item.name().name.clone();
        let mut copy = item.clone();
        // A check's span sits on a statement and on the top of its assertion: count it once.
        let mut spans = std::collections::BTreeSet::new();
        copy.for_each_span_mut(&mut |s| {
            if is_check_span(*s) {
                spans.insert(*s);
            }
        });
        out.entry(name).or_default().extend(
            spans
                .into_iter()
                .filter_map(|s| lowered.checks.get(s).map(|c| c.role.clone())),
        );
    }
    out
}

/// The region every block belongs to (every block has a fit check in its region).
fn block_regions(roles: &HashMap<String, Vec<Role>>) -> HashMap<BlockKey, RegionKey> {
    roles
        .values()
        .flatten()
        .filter_map(|r| match r {
            Role::Fit { region, block, .. } => Some((*block, *region)),
            _ => None,
        })
        .collect()
}

/// The precondition clauses of block `key`'s par-block method.
fn block_pres(lowered: &Lowered, key: BlockKey) -> Vec<&Expr> {
    for item in &lowered.program.items {
        let Item::Method(m) = item else { continue };
        let pres: Vec<&Expr> = m
            .pres
            .iter()
            .filter(|e| {
                matches!(
                    lowered.checks.get(e.span).map(|c| &c.role),
                    Some(Role::Precondition(Owner::Block(k))) if *k == key
                )
            })
            .collect();
        if !pres.is_empty() {
            return pres;
        }
    }
    Vec::new()
}

/// Whether a member with these checks runs an iteration statement by statement
/// (`ppl::obligations::stages`).
fn is_stages(roles: &[Role]) -> bool {
    roles
        .iter()
        .any(|r| matches!(r, Role::Internal("footprint of a statement")))
}

/// What an obligation proves, in words.
fn proves(kind: ObligationKind, roles: &[Role], lowered: &Lowered) -> String {
    let checks = &lowered.checks;
    let block = |k: BlockKey| checks.block(k).name.clone();
    match kind {
        ObligationKind::ParBlock if is_stages(roles) => roles
            .iter()
            .find_map(|r| match r {
                Role::Precondition(Owner::Block(k)) => Some(format!(
                    "each top-level statement of one iteration of {} stays within its own \
                         footprint",
                    block(*k)
                )),
                _ => None,
            })
            .unwrap_or_else(|| "each statement stays within its own footprint".into()),
        ObligationKind::ParBlock => roles
            .iter()
            .find_map(|r| match r {
                Role::Precondition(Owner::Block(k)) | Role::Postcondition(Owner::Block(k)) => {
                    Some(*k)
                }
                _ => None,
            })
            .map_or_else(
                || "one iteration of a block against its contract".to_string(),
                |k| {
                    let b = checks.block(k);
                    if b.kind == ppl::BlockKind::Seq {
                        format!("{} satisfies its contract", block(k))
                    } else {
                        format!(
                            "one iteration of {} satisfies its iteration contract",
                            block(k)
                        )
                    }
                },
            ),
        ObligationKind::Disjoint => roles
            .iter()
            .find_map(|r| match r {
                Role::Fit { block: k, .. } => Some(format!(
                    "the permissions of one run of {} are within what the region holds",
                    block(*k)
                )),
                Role::Race { first, second, .. } if first == second => Some(format!(
                    "two different iterations of {} need together no more than the region \
                     holds (no race among its iterations)",
                    block(*first)
                )),
                Role::Race { first, second, .. } => Some(format!(
                    "{} and {}, whose iterations may run at the same time, need together no \
                     more than the region holds (no race between them)",
                    block(*first),
                    block(*second)
                )),
                _ => None,
            })
            .unwrap_or_else(|| "permissions of concurrent iterations are disjoint".into()),
        ObligationKind::Sequentialize => "the blocks run one after another by their contracts \
                                          establish the region's contract"
            .into(),
        ObligationKind::Function => {
            let races = roles
                .iter()
                .filter(|r| matches!(r, Role::Race { .. } | Role::Fit { .. }))
                .count();
            let by_contract = roles
                .iter()
                .filter(|r| matches!(r, Role::RegionPre(_)))
                .count();
            let mut s = "the function's body against its contract".to_string();
            if races > 0 {
                s.push_str(&format!(
                    ", with {races} disjointness check(s) of regions without a contract in place"
                ));
            }
            if by_contract > 0 {
                s.push_str(", using regions with a contract by their contract");
            }
            s
        }
    }
}

/// The obligations of the program: the functions' and those of each region (by region key).
pub struct Obligations {
    pub functions: Vec<ObligationView>,
    pub regions: HashMap<RegionKey, Vec<ObligationView>>,
    /// Blocks checked statement by statement (they have a stages obligation).
    pub staged: HashSet<BlockKey>,
}

/// What every obligation proves, and to which region it belongs.
pub fn obligations(lowered: &Lowered) -> Obligations {
    let roles = member_roles(lowered);
    let regions_of = block_regions(&roles);
    let mut out = Obligations {
        functions: Vec::new(),
        regions: HashMap::new(),
        staged: HashSet::new(),
    };
    let none = Vec::new();
    for (name, kind, _) in &lowered.obligations {
        let rs = roles.get(name).unwrap_or(&none);
        if is_stages(rs) {
            out.staged.extend(rs.iter().filter_map(|r| match r {
                Role::Precondition(Owner::Block(k)) => Some(*k),
                _ => None,
            }));
        }
        let view = ObligationView {
            name: name.clone(),
            kind: *kind,
            proves: proves(*kind, rs, lowered),
        };
        let region = rs.iter().find_map(|r| match r {
            Role::Fit { region, .. } | Role::Race { region, .. } => Some(*region),
            Role::Precondition(Owner::Region(k)) | Role::Postcondition(Owner::Region(k)) => {
                Some(*k)
            }
            Role::Precondition(Owner::Block(b)) | Role::Postcondition(Owner::Block(b)) => {
                regions_of.get(b).copied()
            }
            _ => None,
        });
        match (kind, region) {
            (ObligationKind::Function, _) | (_, None) => out.functions.push(view),
            (_, Some(k)) => out.regions.entry(k).or_default().push(view),
        }
    }
    out
}

/// The view of every region of `program`.
pub fn regions<'a>(
    program: &'a openmp::Program,
    lowered: &'a Lowered,
    obligations: &mut Obligations,
) -> Vec<RegionView<'a>> {
    let checks = &lowered.checks;
    program
        .regions
        .iter()
        .map(|r| {
            let key = checks
                .regions
                .iter()
                .position(|i| i.function == r.function && i.line == r.line())
                .map(|k| RegionKey(k as u32));
            let blocks = r
                .ppl
                .blocks()
                .into_iter()
                .map(|b| {
                    let found = checks
                        .blocks
                        .iter()
                        .enumerate()
                        .find(|(_, i)| i.name == b.name() && i.line == b.line);
                    let (atoms, var, staged, thread) = match found {
                        Some((k, i)) => (
                            atoms(&block_pres(lowered, BlockKey(k as u32))),
                            i.vars.first().map(|v| v.1.clone()),
                            obligations.staged.contains(&BlockKey(k as u32)),
                            // The runner thread comes last (`lower::region`).
                            b.payload
                                .one_thread_per_iteration()
                                .then(|| i.vars.last().map(|v| v.1.clone()))
                                .flatten(),
                        ),
                        None => (Vec::new(), None, false, None),
                    };
                    BlockView {
                        block: b,
                        atoms,
                        var,
                        thread,
                        staged,
                    }
                })
                .collect();
            RegionView {
                region: r,
                blocks,
                pairs: ppl::incomparable_pairs_of(&r.ppl, &r.pairs),
                obligations: key
                    .and_then(|k| obligations.regions.remove(&k))
                    .unwrap_or_default(),
                names: key
                    .map(|k| checks.region(k).names.clone())
                    .unwrap_or_default(),
            }
        })
        .collect()
}
