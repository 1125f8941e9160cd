//! The order of tasks: series-parallel decomposition and `depend` (OpenMP 5.2 §15.9.5).

use super::*;

fn order(n: usize, edges: &[(usize, usize)]) -> Vec<Vec<bool>> {
    let mut b = vec![vec![false; n]; n];
    for &(i, j) in edges {
        b[i][j] = true;
    }
    b
}

fn code(n: usize) -> Vec<Node> {
    (0..n).map(|_| Node::Code(Vec::new())).collect()
}

#[test]
fn a_chain_is_a_sequence_and_an_antichain_a_parallel_composition() {
    let mut approx = None;
    let chain = order(3, &[(0, 1), (0, 2), (1, 2)]);
    assert_eq!(
        decompose(&[0, 1, 2], &chain, &mut approx, &code(3)),
        Sp::Seq(vec![Sp::Leaf(0), Sp::Leaf(1), Sp::Leaf(2)])
    );
    let none = order(3, &[]);
    assert_eq!(
        decompose(&[0, 1, 2], &none, &mut approx, &code(3)),
        Sp::Par(vec![Sp::Leaf(0), Sp::Leaf(1), Sp::Leaf(2)])
    );
    assert!(approx.is_none());
}

#[test]
fn code_then_a_task_beside_the_rest() {
    // C0 ; (T1 || (C2 ; T3)): C0 before everything, C2 before T3 (created after it), T1 with
    // nothing after its creation.
    let mut approx = None;
    let b = order(4, &[(0, 1), (0, 2), (0, 3), (2, 3)]);
    assert_eq!(
        decompose(&[0, 1, 2, 3], &b, &mut approx, &code(4)),
        Sp::Seq(vec![
            Sp::Leaf(0),
            Sp::Par(vec![Sp::Leaf(1), Sp::Seq(vec![Sp::Leaf(2), Sp::Leaf(3)])])
        ])
    );
    assert!(approx.is_none());
}

#[test]
fn an_n_shaped_order_is_approximated_and_recorded() {
    // 0 < 2, 1 < 2, 1 < 3: no series or parallel split exists.
    let mut approx = None;
    let b = order(4, &[(0, 2), (1, 2), (1, 3)]);
    let t = decompose(&[0, 1, 2, 3], &b, &mut approx, &code(4));
    assert!(approx.is_some(), "{t:?}");
}

/// Facts of a task with dependences `(type, item)`: a plain name stands for a variable declared
/// outside the generating code, `#n` for the generating code's variable number n, anything else
/// for an item ompv does not compare.
fn facts(deps: &[(DependType, &str)]) -> TaskFacts {
    TaskFacts {
        undeferred: false,
        deps: deps
            .iter()
            .map(|(k, t)| Dep {
                kind: *k,
                storage: match t.strip_prefix('#') {
                    Some(n) => ItemStorage::Local(VarId(n.parse().unwrap())),
                    None if t.chars().all(|c| c.is_alphanumeric() || c == '_') => {
                        ItemStorage::Outer(t.to_string())
                    }
                    None => ItemStorage::Other,
                },
                text: t.to_string(),
            })
            .collect(),
        span: Span::DUMMY,
    }
}

#[test]
fn dependences_order_writers_with_everything_on_the_same_item() {
    use DependType::*;
    // §15.9.5: out/inout after any earlier sibling on the item; in after out/inout.
    assert_eq!(
        depends(&facts(&[(Out, "i")]), &facts(&[(In, "i")])),
        Some(true)
    );
    assert_eq!(
        depends(&facts(&[(In, "i")]), &facts(&[(Inout, "i")])),
        Some(true)
    );
    // Two readers are not ordered.
    assert_eq!(
        depends(&facts(&[(In, "i")]), &facts(&[(In, "i")])),
        Some(false)
    );
    // Different variables are different storage.
    assert_eq!(
        depends(&facts(&[(Out, "x")]), &facts(&[(In, "y")])),
        Some(false)
    );
    // a[i] and a[j] may be the same element: unknown.
    assert_eq!(
        depends(&facts(&[(Out, "a[i]")]), &facts(&[(In, "a[j]")])),
        None
    );
}

#[test]
fn equal_text_is_not_equal_storage() {
    use DependType::*;
    // `a[i]` twice may be two elements (`i` changed in between): unknown, not ordered.
    assert_eq!(
        depends(&facts(&[(Out, "a[i]")]), &facts(&[(Out, "a[i]")])),
        None
    );
    // A name declared in the generating code is another variable than the outer one, and two
    // declarations of one name are two variables.
    assert_eq!(
        depends(&facts(&[(Out, "c")]), &facts(&[(Out, "#3")])),
        Some(false)
    );
    assert_eq!(
        depends(&facts(&[(Out, "#3")]), &facts(&[(Out, "#4")])),
        Some(false)
    );
    assert_eq!(
        depends(&facts(&[(Out, "#3")]), &facts(&[(In, "#3")])),
        Some(true)
    );
}

#[test]
fn mutexinoutset_and_inoutset_order_everything_but_their_own_kind() {
    use DependType::*;
    // §15.9.5: a set of `mutexinoutset` (or `inoutset`) tasks on one item is unordered within,
    // and ordered after earlier `in`/`out`/`inout` ones and before later ones.
    for k in [Mutexinoutset, Inoutset] {
        assert_eq!(
            depends(&facts(&[(k, "c")]), &facts(&[(k, "c")])),
            Some(false)
        );
        for other in [In, Out, Inout] {
            assert_eq!(
                depends(&facts(&[(other, "c")]), &facts(&[(k, "c")])),
                Some(true)
            );
            assert_eq!(
                depends(&facts(&[(k, "c")]), &facts(&[(other, "c")])),
                Some(true)
            );
        }
    }
    assert_eq!(
        depends(&facts(&[(Mutexinoutset, "c")]), &facts(&[(Inoutset, "c")])),
        Some(true)
    );
    // Whether two `mutexinoutset` tasks exclude each other is unknown when their items may or
    // may not be the same storage; two `inoutset` ones are unordered either way.
    assert_eq!(
        depends(
            &facts(&[(Mutexinoutset, "a[i]")]),
            &facts(&[(Mutexinoutset, "a[j]")])
        ),
        None
    );
    assert_eq!(
        depends(&facts(&[(Inoutset, "a[i]")]), &facts(&[(Inoutset, "a[j]")])),
        Some(false)
    );
}

#[test]
fn mutexinoutset_tasks_of_different_constructs_share_a_lock() {
    use DependType::*;
    let at = |line| Span {
        line,
        ..Span::DUMMY
    };
    let mut t = vec![
        facts(&[(Mutexinoutset, "c")]),
        facts(&[(Mutexinoutset, "c"), (Mutexinoutset, "#2")]),
        facts(&[(Mutexinoutset, "#2")]),
        facts(&[(Mutexinoutset, "e")]),
        facts(&[(Mutexinoutset, "a[0]")]),
        facts(&[(Mutexinoutset, "a[0]")]),
    ];
    for (i, f) in t.iter_mut().enumerate() {
        f.span = at(i as u32 + 1);
    }
    let mut approx = None;
    let locks = exclusive(&t, &mut approx);
    let l = |xs: &[&str]| xs.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    // `e` alone excludes nothing; items ompv does not compare get no lock.
    assert_eq!(
        locks,
        vec![
            l(&["c"]),
            l(&["#2#2", "c"]),
            l(&["#2#2"]),
            l(&[]),
            l(&[]),
            l(&[])
        ]
    );
    assert!(approx.is_none());
    // Two tasks of one construct (one function called twice) do not exclude each other.
    t[1].span = at(1);
    let locks = exclusive(&t, &mut approx);
    assert_eq!(locks[0], l(&[]));
    assert!(approx.is_some());
}
