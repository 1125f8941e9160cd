//! What each kind of problem means, why it happens and how to fix it: the text of `ompv explain
//! --kind KIND` and of the SARIF rules' help.

use super::Kind;

impl Kind {
    /// The explanation of a kind: what it means, why it happens, how to fix it.
    pub fn explanation(self) -> &'static str {
        match self {
            Kind::Race => {
                "\
Two accesses to the same memory location may happen at the same time, and at least one of them
writes it. ompv proves race freedom with permissions: every iteration of a parallel loop (and every
`single` or `section`) asks for permissions in its iteration contract (`Perm(a[i], write)`,
`Perm(a[i], 1\\2)`); two iterations that may run at the same time must together need at most a
full permission (1) of every element. `ompv explain FILE.c` lists these pairs with their
permission accounting.

Typical causes: a loop writes `a[i]` and reads `a[i + 1]` (iteration i + 1 writes what iteration i
reads); `nowait` lets the next loop start before this one ends; a shared scalar is written in a
parallel loop.

How to fix: if the program really races, change it (a barrier instead of `nowait`, a second array,
`private` for a scalar). If it does not, make the contracts say why: give each iteration only the
elements it touches, with fractions that add up to at most 1 (e.g. `1\\2` to each of two readers),
or use the same static schedule on both loops so that `nowait` fuses them.

Example: `a[i] = a[i + 1];` under `#pragma omp parallel for` races: iteration i reads a[i + 1]
while iteration i + 1 writes it. Copy into a second array instead."
            }
            Kind::IterationContract => {
                "\
An iteration contract does not hold or does not fit: the body of one iteration does not establish
the iteration's postcondition, or the permissions it asks for are not available where the block
starts, or its precondition may be false there.

How to fix: check the postcondition against the body (`ensures b[i] == a[i] + 1;` needs the body
to write exactly that); give the block's permissions from the function's or the region's contract
(`context \\pointer(a, n, write);`), and make sure the earlier blocks give them back."
            }
            Kind::RegionContract => {
                "\
The contract of a parallel region (the specification at the start of its `{ … }` body) does not
hold: its precondition may be false where the region starts, its postcondition may not follow from
the blocks' contracts, or it provides fewer permissions than its blocks need.

How to fix: the region's precondition must hold at the region (the function's contract provides
it); its postcondition must follow from the blocks' iteration postconditions (quantify over the
iterations: `ensures (\\forall int k; 0 <= k && k < n; a[k] == 0);`); it must hold every
permission its blocks ask for (`context (\\forall* int k; 0 <= k && k < n; Perm(a[k], write));`)."
            }
            Kind::Postcondition => {
                "\
A function's postcondition (`ensures`) may not hold when the function returns.

How to fix: strengthen what the body establishes, weaken the postcondition, or add the facts the
proof needs as loop invariants and contracts of parallel regions (after a region ompv knows only
what the region's or its blocks' postconditions say)."
            }
            Kind::Precondition => {
                "\
At a call, the callee's precondition (`requires`, or the permissions of its `context`) may not
hold. Calls are verified modularly: the caller must establish the callee's precondition and then
knows only the callee's postcondition.

How to fix: establish the precondition before the call, or hold the permissions the callee asks
for (the caller's own contract must provide them)."
            }
            Kind::LoopInvariant => {
                "\
A `loop_invariant` of a sequential loop may not hold when the loop starts, or may not be preserved
by one run of its body.

How to fix: check the invariant on entry (with the loop variable's first value) and after one
iteration; loops need invariants for every fact about variables and arrays they change, and for
the permissions they use."
            }
            Kind::ResourceInvariant => {
                "\
A `resource_invariant` of a lock (a `critical` name, an OpenMP lock, the `atomic` operations) may
not hold where the parallel region starts, or may not hold again at the end of a critical section.
While no thread holds the lock, the lock holds the invariant's permissions and the invariant is
true; a thread that takes the lock gets both, may break the invariant inside, and must restore it
before it releases the lock (OpenMP 5.2 §15.2, §18.9; Darabi's thesis, ch. 6).

How to fix: make the invariant true before the region (the function's contract or the code before
it), and make every critical section of the lock end in a state where it holds again.

Example: `//@ resource_invariant critical: Perm(cnt, write) ** cnt >= 0;` at the start of the
region; `#pragma omp critical cnt = cnt - 1;` does not keep `cnt >= 0` and is reported at the
`critical`."
            }
            Kind::Assertion => {
                "\
An assertion (`//@ assert e;`) may not hold, or a divisor may be zero (C's `/` and `%` are checked).

How to fix: make the assertion follow from the contracts and the code before it (a loop or a
parallel region is known only through its invariants or contracts), or guard the division."
            }
            Kind::Permission => {
                "\
An access needs a permission that may not be held where it happens: a read needs some permission
to the element, a write the full permission (`write`).

How to fix: ask for the element in the contract of the enclosing function, loop iteration,
`single` or `section` (`Perm(a[i], 1\\2)` to read, `Perm(a[i], write)` to write)."
            }
            Kind::Smoke => {
                "\
With `--smoke`, ompv checks that verified code is reachable in a consistent state: the end of
every function or method, the state after every assumption (`inhale`, `assume`, a callee's
contract), the end of every loop body and of every non-empty branch. A point that no consistent
path reaches is reported: everything proved after it holds vacuously.

Typical causes: contradictory preconditions (`requires n > 0; requires n < 0;`), a loop invariant
that contradicts the loop condition's exit, a callee whose postcondition is `false`.

How to fix: remove the contradiction. Code that is unreachable on purpose is reported too; smoke
detection is a check you ask for, not part of the verdict without `--smoke`."
            }
            Kind::Syntax => {
                "\
The input is malformed: the C code, a `#pragma omp` line, a specification comment (`/*@ … @*/`,
`//@ …`) or a Viper program does not parse. The message names what was expected; misspelt
keywords get a \"did you mean\" hint."
            }
            Kind::Nonconforming => {
                "\
The program breaks a restriction of OpenMP 5.2, so what it does is not defined: a `barrier` or a
worksharing construct closely nested in a worksharing, `task`, `taskloop`, `critical`, `ordered`,
`atomic`, `master` or `masked` region (§17), or one that the threads of a team may not all meet,
because a condition or loop around it depends on the thread's number (§15.3.1, §11), or a construct
that a `simd` loop or a loop with `order(concurrent)` does not allow (§10.4, §10.3). The message
names the rule.

How to fix: move the construct out of the region that encloses it (a barrier after the
worksharing loop, a `single` outside the `for`), or let every thread of the team reach it."
            }
            Kind::Type => {
                "\
An expression has the wrong type, or a name is not declared: e.g. a boolean where an integer is
expected, `Perm` of something that is not an array element, an undeclared variable."
            }
            Kind::Unsupported => {
                "\
A construct outside the subset ompv verifies (e.g. `reduction`, `task`, `critical`, pointer
arithmetic, structs, floating point). ompv rejects it and names it instead of skipping it: nothing
unsupported is ever reported as verified. The README lists the subset."
            }
            Kind::Io => {
                "A file could not be read (it does not exist, or is not readable or not UTF-8)."
            }
            Kind::Usage => {
                "\
The command line asks for something ompv does not do: an unknown option, a Viper file given to
`ompv verify` (use `ompv viper`), a C file given to `ompv viper` (use `ompv verify`), a directory
without input files. `ompv --help` lists the commands and options."
            }
            Kind::Backend => {
                "\
A back end could not run (`silicon.unavailable`: this ompv was built without the `silicon`
feature, or the JDK, silicon.jar or z3 is missing), or with `--backend both` the two back ends
disagree (`backend.disagreement`, which lists both answers). Neither is ever a success."
            }
            Kind::Inconclusive => {
                "\
The solver could not decide a check within the time limit (`--timeout SECONDS` per query, 0 for
no limit), or Silicon timed out. The verdict is `unknown` (exit code 3), never `verified`. Give more
time, or help the proof with smaller steps (assertions, stronger invariants)."
            }
            Kind::Internal => {
                "\
A failure ompv cannot explain: the generated Viper program does not type-check, a generated check
that cannot fail did fail, or ompv crashed. This is a bug of ompv; the verdict is never `verified`.
Please report it with the input file."
            }
        }
    }
}
