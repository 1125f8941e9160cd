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

fn facts(deps: &[(DependType, &str, bool)]) -> TaskFacts {
    TaskFacts {
        undeferred: false,
        deps: deps
            .iter()
            .map(|(k, t, v)| (*k, t.to_string(), *v))
            .collect(),
    }
}

#[test]
fn dependences_order_writers_with_everything_on_the_same_item() {
    use DependType::*;
    // §15.9.5: out/inout after any earlier sibling on the item; in after out/inout.
    assert_eq!(
        depends(&facts(&[(Out, "i", true)]), &facts(&[(In, "i", true)])),
        Some(true)
    );
    assert_eq!(
        depends(&facts(&[(In, "i", true)]), &facts(&[(Inout, "i", true)])),
        Some(true)
    );
    // Two readers are not ordered.
    assert_eq!(
        depends(&facts(&[(In, "i", true)]), &facts(&[(In, "i", true)])),
        Some(false)
    );
    // Different variables are different storage.
    assert_eq!(
        depends(&facts(&[(Out, "x", true)]), &facts(&[(In, "y", true)])),
        Some(false)
    );
    // a[i] and a[j] may be the same element: unknown.
    assert_eq!(
        depends(
            &facts(&[(Out, "a[i]", false)]),
            &facts(&[(In, "a[j]", false)])
        ),
        None
    );
}
