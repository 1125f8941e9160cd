//! The happens-before race detector: shadow cells with the recent accesses of every memory
//! cell, each stamped with its unit's epoch (slot, clock) — Djit+/FastTrack style, keeping a
//! small set of mutually unordered accesses per cell rather than a single last write.
//!
//! Two accesses race when they touch the same cell, at least one writes, not both are atomic,
//! and neither happens before the other. Every race reported is a pair of accesses of the
//! execution that ran, unordered by happens-before: a real race.
//!
//! SIMD lanes (OpenMP 5.2 §10.4) are not units of their own: the iterations of one execution of
//! a `simd` loop run on their thread's slot, and an access carries its [`Lane`]; two accesses in
//! different iterations of the same `simd` loop are unordered unless `safelen`, an `ordered
//! simd` region or a lexically forward dependence (the earlier iteration's access in an earlier
//! top-level statement of the body) orders them.

use super::clock::VClock;
use super::hash_map::HashMap;
use crate::c::ast::VarId;
use viper::Span;

/// Where an access stands relative to its iteration's `ordered simd` region (§15.10.2): at most
/// one per iteration; the regions run in iteration order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    Before,
    InOrdered,
    After,
}

/// An access made by an iteration of a `simd` loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Lane {
    /// The execution of the `simd` loop (unique in the run).
    pub instance: u32,
    /// The logical iteration number.
    pub iter: u64,
    /// `safelen(k)`: iterations `k` or more apart are not concurrent; 0 without `safelen`.
    pub safelen: u64,
    pub phase: Phase,
    /// Whether the loop keeps lexically forward dependences (§10.4: unless `order(concurrent)`).
    pub forward: bool,
    /// The top-level statement of the loop's body the access is made in (counted from 0).
    pub stmt: u32,
}

/// One recorded access of a cell.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rec {
    pub slot: u32,
    pub clock: u32,
    /// The simulated thread that made it.
    pub thread: u32,
    /// Made by an explicit task another thread of its team could have run instead (a deferred
    /// task of a team of two or more threads that did not depend on which thread ran it).
    pub migratable: bool,
    pub site: u32,
    pub ctx: u32,
    pub write: bool,
    pub atomic: bool,
    pub lane: Option<Lane>,
}

/// The accesses of one cell that a later access may still race with.
pub(crate) type Shadow = Vec<Rec>;

/// At most this many accesses are kept per cell (a bound on time and memory; dropping one can
/// only hide a race, never invent one).
const KEEP: usize = 16;

/// The access being made, with its unit's clock.
pub(crate) struct Cur<'a> {
    pub vc: &'a VClock,
    pub rec: Rec,
}

/// Whether two different iterations of one `simd` loop are ordered.
fn lanes_ordered(a: Lane, b: Lane) -> bool {
    let (lo, hi) = if a.iter < b.iter { (a, b) } else { (b, a) };
    if lo.safelen > 0 && hi.iter - lo.iter >= lo.safelen {
        // §10.4.2: no two iterations executed concurrently have a greater distance than
        // `safelen`; iterations in different chunks run one chunk after the other.
        return true;
    }
    // §10.4: within a SIMD chunk, an earlier iteration's access in a statement before the
    // later iteration's is ordered before it (a lexically forward dependence is kept).
    if lo.forward && lo.stmt < hi.stmt {
        return true;
    }
    // §15.10.2: the `ordered simd` regions run in iteration order, so what comes before or in
    // an earlier iteration's region happens before what is in or after a later one's.
    lo.phase != Phase::After && hi.phase != Phase::Before
}

/// Whether the recorded access `r` happens before the current access.
pub(crate) fn happens_before(r: &Rec, cur: &Cur<'_>) -> bool {
    if let (Some(a), Some(b)) = (r.lane, cur.rec.lane) {
        if a.instance == b.instance && a.iter != b.iter {
            return lanes_ordered(a, b);
        }
    }
    cur.vc.get(r.slot) >= r.clock
}

/// Whether two unordered accesses can run at the same time in an execution OpenMP allows:
/// made by different threads, by different iterations of one `simd` loop, or one of them by a
/// task another thread could have run. Two tasks that only one thread could run are never
/// simultaneous (OpenMP 5.2 §1.4.1 defines races between threads).
fn simultaneous(r: &Rec, cur: &Rec) -> bool {
    let lanes = matches!((r.lane, cur.lane), (Some(a), Some(b)) if a.instance == b.instance && a.iter != b.iter);
    r.thread != cur.thread || r.migratable || cur.migratable || lanes
}

/// Checks the current access against a cell's shadow, calling `race` for every recorded access
/// it races with, then records it.
pub(crate) fn access(shadow: &mut Shadow, cur: &Cur<'_>, mut race: impl FnMut(&Rec)) {
    for r in shadow.iter() {
        let conflict = (r.write || cur.rec.write) && !(r.atomic && cur.rec.atomic);
        if conflict && !happens_before(r, cur) && simultaneous(r, &cur.rec) {
            race(r);
        }
    }
    // An access ordered before the current one can be forgotten when every later access that
    // races with it also races with the current one: the current access writes, or both read;
    // and an atomic access never stands in for a plain one (a later atomic access races with
    // the plain one only).
    shadow.retain(|r| {
        !(happens_before(r, cur) && (cur.rec.write || !r.write) && (!cur.rec.atomic || r.atomic))
    });
    if shadow.len() >= KEEP {
        shadow.remove(0);
    }
    shadow.push(cur.rec);
}

/// A source access site: an expression (its span), reading or writing, atomically or not.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Site {
    pub span: Span,
    pub write: bool,
    pub atomic: bool,
}

/// Who made an access: the thread, the values of the enclosing worksharing, `simd` and
/// `taskloop` loop variables, and the task.
#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct Ctx {
    pub thread: u32,
    /// Loop variables with their values, outermost first, and the line of each loop.
    pub iters: Vec<(VarId, i128, u32, LoopKind)>,
    /// The line of the `task` construct that created the task, if the access is in one.
    pub task: Option<u32>,
}

/// What kind of loop an iteration belongs to (for the report's words).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LoopKind {
    Worksharing,
    Simd,
    Taskloop,
}

/// A race found: the two accesses (the first in execution order first) and the location.
#[derive(Clone, Debug)]
pub(crate) struct Found {
    pub first: (u32, u32),
    pub second: (u32, u32),
    pub location: String,
}

/// Sites, contexts and the races found.
#[derive(Debug, Default)]
pub(crate) struct Tracker {
    pub sites: Vec<Site>,
    site_ids: HashMap<Site, u32>,
    pub ctxs: Vec<Ctx>,
    /// Distinct pairs of sites, in the order found.
    pub found: Vec<Found>,
    pairs: HashMap<(u32, u32), usize>,
}

/// At most this many distinct racing pairs are reported.
pub(crate) const MAX_PAIRS: usize = 1000;

impl Tracker {
    /// The id of a site.
    pub fn site(&mut self, s: Site) -> u32 {
        if let Some(&id) = self.site_ids.get(&s) {
            return id;
        }
        let id = self.sites.len() as u32;
        self.sites.push(s.clone());
        self.site_ids.insert(s, id);
        id
    }

    /// Registers a context and returns its id.
    pub fn ctx(&mut self, c: Ctx) -> u32 {
        self.ctxs.push(c);
        self.ctxs.len() as u32 - 1
    }

    /// Whether the pair of sites is already reported.
    pub fn known(&self, a: u32, b: u32) -> bool {
        self.pairs.contains_key(&(a.min(b), a.max(b)))
    }

    /// Records a race between `first` (earlier) and `second` (site, context) on `location`.
    pub fn report(&mut self, first: (u32, u32), second: (u32, u32), location: String) {
        let key = (first.0.min(second.0), first.0.max(second.0));
        if self.pairs.contains_key(&key) || self.found.len() >= MAX_PAIRS {
            return;
        }
        self.pairs.insert(key, self.found.len());
        self.found.push(Found {
            first,
            second,
            location,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(slot: u32, clock: u32, site: u32, write: bool) -> Rec {
        Rec {
            slot,
            clock,
            thread: slot,
            migratable: false,
            site,
            ctx: 0,
            write,
            atomic: false,
            lane: None,
        }
    }

    fn clock(entries: &[(u32, u32)]) -> VClock {
        let mut v = VClock::default();
        for &(s, c) in entries {
            v.set(s, c);
        }
        v
    }

    fn races(shadow: &mut Shadow, vc: &VClock, r: Rec) -> Vec<u32> {
        let mut out = Vec::new();
        access(shadow, &Cur { vc, rec: r }, |x| out.push(x.site));
        out
    }

    #[test]
    fn unordered_conflicting_accesses_race_and_ordered_ones_do_not() {
        let mut sh = Shadow::new();
        // Unit 0 writes at clock 1; unit 1, which knows nothing of it, reads: a race.
        assert!(races(&mut sh, &clock(&[(0, 1)]), rec(0, 1, 10, true)).is_empty());
        assert_eq!(
            races(&mut sh, &clock(&[(1, 1)]), rec(1, 1, 11, false)),
            [10]
        );
        // A unit that joined unit 0's clock 1 and unit 1's clock 1 writes: ordered after both.
        assert!(races(
            &mut sh,
            &clock(&[(0, 1), (1, 1), (2, 1)]),
            rec(2, 1, 12, true)
        )
        .is_empty());
        // The write subsumed both: only it remains.
        assert_eq!(sh.len(), 1);
        // Two reads never race.
        let mut sh = Shadow::new();
        races(&mut sh, &clock(&[(0, 1)]), rec(0, 1, 1, false));
        assert!(races(&mut sh, &clock(&[(1, 1)]), rec(1, 1, 2, false)).is_empty());
        assert_eq!(sh.len(), 2);
    }

    #[test]
    fn atomic_accesses_race_only_with_plain_ones() {
        // OpenMP 5.2 §15.8.4 / §1.4.1: atomic accesses to the same location do not race with
        // each other; an atomic and a plain conflicting access do.
        let mut sh = Shadow::new();
        let mut a = rec(0, 1, 1, true);
        a.atomic = true;
        races(&mut sh, &clock(&[(0, 1)]), a);
        let mut b = rec(1, 1, 2, true);
        b.atomic = true;
        assert!(races(&mut sh, &clock(&[(1, 1)]), b).is_empty());
        assert_eq!(
            races(&mut sh, &clock(&[(2, 1)]), rec(2, 1, 3, false)),
            [1, 2]
        );
    }

    #[test]
    fn simd_lanes_are_unordered_unless_safelen_or_ordered_simd_orders_them() {
        let lane = |iter, safelen, phase| Lane {
            instance: 7,
            iter,
            safelen,
            phase,
            forward: true,
            stmt: 0,
        };
        let vc = clock(&[(0, 1)]);
        let with = |l: Lane, site, write| Rec {
            lane: Some(l),
            ..rec(0, 1, site, write)
        };
        // Same thread and clock, different iterations of one simd loop: a race (§10.4).
        let mut sh = Shadow::new();
        races(&mut sh, &vc, with(lane(3, 0, Phase::Before), 1, true));
        assert_eq!(
            races(&mut sh, &vc, with(lane(4, 0, Phase::Before), 2, false)),
            [1]
        );
        // safelen(2): iterations 2 apart are ordered (§10.4.2).
        let mut sh = Shadow::new();
        races(&mut sh, &vc, with(lane(3, 2, Phase::Before), 1, true));
        assert!(races(&mut sh, &vc, with(lane(5, 2, Phase::Before), 2, false)).is_empty());
        assert_eq!(
            races(&mut sh, &vc, with(lane(6, 2, Phase::Before), 3, true)),
            [2]
        );
        // ordered simd regions run in iteration order (§15.10.2).
        let mut sh = Shadow::new();
        races(&mut sh, &vc, with(lane(3, 0, Phase::InOrdered), 1, true));
        assert!(races(&mut sh, &vc, with(lane(4, 0, Phase::InOrdered), 2, true)).is_empty());
        assert_eq!(
            races(&mut sh, &vc, with(lane(5, 0, Phase::Before), 3, true)),
            [2]
        );
        // The same iteration is program-ordered.
        let mut sh = Shadow::new();
        races(&mut sh, &vc, with(lane(3, 0, Phase::Before), 1, true));
        assert!(races(&mut sh, &vc, with(lane(3, 0, Phase::Before), 2, true)).is_empty());
    }

    #[test]
    fn simd_lanes_keep_lexically_forward_dependences() {
        // OpenMP 5.2 §10.4: "Lexical forward dependences in the iterations of the original loop
        // must be preserved within each SIMD chunk, unless an order clause that specifies
        // concurrent is present".
        let lane = |iter, stmt, forward| Lane {
            instance: 7,
            iter,
            safelen: 0,
            phase: Phase::Before,
            forward,
            stmt,
        };
        let vc = clock(&[(0, 1)]);
        let with = |l: Lane, site, write| Rec {
            lane: Some(l),
            ..rec(0, 1, site, write)
        };
        // Iteration 3 writes in statement 0, iteration 4 reads in statement 1: ordered.
        let mut sh = Shadow::new();
        races(&mut sh, &vc, with(lane(3, 0, true), 1, true));
        assert!(races(&mut sh, &vc, with(lane(4, 1, true), 2, false)).is_empty());
        // The same statement, or a later statement of the earlier iteration: a race.
        let mut sh = Shadow::new();
        races(&mut sh, &vc, with(lane(3, 1, true), 1, true));
        assert_eq!(races(&mut sh, &vc, with(lane(4, 1, true), 2, false)), [1]);
        let mut sh = Shadow::new();
        races(&mut sh, &vc, with(lane(3, 1, true), 1, true));
        assert_eq!(races(&mut sh, &vc, with(lane(4, 0, true), 2, false)), [1]);
        // order(concurrent): nothing is kept.
        let mut sh = Shadow::new();
        races(&mut sh, &vc, with(lane(3, 0, false), 1, true));
        assert_eq!(races(&mut sh, &vc, with(lane(4, 1, false), 2, false)), [1]);
    }

    #[test]
    fn tasks_only_one_thread_can_run_never_race() {
        // Two unordered units on the same thread race only if another thread could have run
        // one of them.
        let mut sh = Shadow::new();
        let a = Rec {
            thread: 0,
            ..rec(0, 1, 1, true)
        };
        races(&mut sh, &clock(&[(0, 1)]), a);
        let b = Rec {
            thread: 0,
            ..rec(1, 1, 2, true)
        };
        assert!(races(&mut sh, &clock(&[(1, 1)]), b).is_empty());
        let c = Rec {
            thread: 0,
            migratable: true,
            ..rec(2, 1, 3, true)
        };
        assert_eq!(races(&mut sh, &clock(&[(2, 1)]), c), [1, 2]);
    }

    #[test]
    fn each_pair_of_sites_is_reported_once() {
        let mut t = Tracker::default();
        let a = t.site(Site {
            span: Span::DUMMY,
            write: true,
            atomic: false,
        });
        t.report((a, 0), (a, 1), "x".into());
        t.report((a, 2), (a, 3), "x".into());
        assert_eq!(t.found.len(), 1);
        assert!(t.known(a, a));
    }
}
