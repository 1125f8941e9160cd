//! Silicon through the JNI bridge on small programs: verdicts, error ids and lines.
#![cfg(feature = "silicon")]

use viper::silicon::Silicon;
use viper::verifier::Verdict;
use viper::{FileId, SourceFile};

fn run(text: &str) -> viper::silicon::SiliconResult {
    let silicon = Silicon::global().expect("Silicon is set up (scripts/setup.sh)");
    let src = SourceFile::new("test.vpr", text);
    silicon.verify_source(&src, FileId(0)).expect("Silicon answers")
}

#[test]
fn spike() {
    let r = run("field f: Int\nmethod m(x: Ref)\n  requires acc(x.f)\n{\n  x.f := 1\n  assert x.f == 2\n}\n");
    eprintln!("{r:#?}");
    assert_eq!(r.verdict(), Verdict::Failed);
}
