//! Speed of the front end on a generated 1000-line program: parse, type-check, print.

use criterion::{criterion_group, criterion_main, Criterion};
use std::hint::black_box;
use viper::FileId;

/// A program of about 1000 lines with loops, contracts, quantifiers and permissions.
fn program() -> String {
    let mut text = String::from("field f: Int\nfield g: Ref\n\n");
    text.push_str("function get(x: Ref): Int\n  requires acc(x.f, wildcard)\n{\n  x.f\n}\n\n");
    for i in 0..60 {
        text.push_str(&format!(
            "method m{i}(x: Ref, s: Seq[Int], n: Int) returns (r: Int)\n\
             \x20 requires acc(x.f) && acc(x.g, 1/2) && n >= 0\n\
             \x20 requires forall k: Int :: {{ s[k] }} 0 <= k && k < |s| ==> s[k] >= 0\n\
             \x20 ensures acc(x.f) && acc(x.g, 1/2) && r >= old(x.f)\n\
             {{\n\
             \x20 var i: Int := 0\n\
             \x20 r := x.f\n\
             \x20 while (i < n)\n\
             \x20   invariant 0 <= i && i <= n\n\
             \x20   invariant acc(x.f) && r >= x.f\n\
             \x20 {{\n\
             \x20   i := i + 1\n\
             \x20   if (i % 2 == 0) {{\n\
             \x20     r := r + get(x) * 2 - (i > 3 ? 1 : 0) + 1\n\
             \x20   }} else {{\n\
             \x20     r := r + 1\n\
             \x20   }}\n\
             \x20 }}\n\
             }}\n\n"
        ));
    }
    text
}

fn frontend(c: &mut Criterion) {
    let text = program();
    assert!(text.lines().count() >= 1000);
    c.bench_function("parse 1000 lines", |b| {
        b.iter(|| viper::parse(black_box(&text), FileId(0)).unwrap())
    });
    let program = viper::parse(&text, FileId(0)).unwrap();
    c.bench_function("typecheck 1000 lines", |b| {
        b.iter(|| {
            let mut p = program.clone();
            viper::typecheck(black_box(&mut p)).unwrap()
        })
    });
    c.bench_function("print 1000 lines", |b| {
        b.iter(|| viper::print(black_box(&program)))
    });
}

criterion_group!(benches, frontend);
criterion_main!(benches);
