//! Results found before, remembered on disk: a member whose verification inputs are unchanged
//! is not verified again, as ViperServer caches results per method.
//!
//! A member's proof key is a SHA-256 of everything its verification reads: the member as
//! printed, every field, domain and predicate, the functions of its scope and the contracts of
//! the methods it calls (each printed), which of those functions' axioms it may assume, the
//! options that change what a check answers, Z3's version and the caller's identity of the tool
//! (its version and build). The printer's output parses back to an equal tree, so equal text is
//! an equal member. A proof does not depend on positions; a failure names them, so its key also
//! covers the positions of every node of those items. Proofs and failures are stored, nothing
//! inconclusive: a timeout is tried again each time. An entry holds its own key and a checksum
//! and is read back in full; anything else there is a miss. Entries are written to a file of
//! their own and renamed into place, so concurrent runs never read half an entry.

use std::io::Write;
use std::path::PathBuf;

use sha2::{Digest, Sha256};

use super::program::ProgramIndex;
use super::result::VerifyOptions;
use super::scope::{MemberRef, Scope};
use crate::ast::{Item, Method};
use crate::printer::print_item;
use crate::VerificationError;

/// Where results are remembered, and what identifies the tool that found them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cache {
    /// The folder of the entries; it must not be writable by other users.
    pub dir: PathBuf,
    /// The caller's identity of the tool: its version and build (a result found by one build
    /// of the verifier is not taken as one of another).
    pub tool: String,
}

type Hash = [u8; 32];

fn sha(parts: &[&[u8]]) -> Hash {
    let mut h = Sha256::new();
    for p in parts {
        // Each part with its length, so that no two sequences of parts hash alike.
        h.update((p.len() as u64).to_le_bytes());
        h.update(p);
    }
    h.finalize().into()
}

/// The hashes of one item: of its text, and of its tree with every position.
#[derive(Clone, Copy)]
struct ItemHash {
    text: Hash,
    positions: Hash,
}

impl ItemHash {
    fn of(item: &Item) -> ItemHash {
        ItemHash {
            text: sha(&[print_item(item).as_bytes()]),
            // The tree's debug form holds every node and its span (the tree has no maps, so
            // the form is the same from run to run).
            positions: sha(&[format!("{item:?}").as_bytes()]),
        }
    }
}

/// The part of the keys of one program that does not depend on the member: the format, the
/// tool, Z3, the options, and every field, domain and predicate.
pub(super) struct ProgramKey {
    base: ItemHash,
    /// The hashes of the program's items, by position.
    items: Vec<ItemHash>,
}

/// The keys of one member: of its proof, and of its failure.
pub(super) struct MemberKey {
    proof: Hash,
    failure: Hash,
}

impl ProgramKey {
    pub(super) fn new(index: &ProgramIndex<'_>, options: &VerifyOptions, cache: &Cache) -> Self {
        let items: Vec<ItemHash> = index.program.items.iter().map(ItemHash::of).collect();
        let settings = format!(
            "timeout={:?} max_errors={:?} smoke={} path_ends={}",
            options.timeout_ms,
            options.max_errors_per_member,
            options.smoke,
            options.path_ends_on_purpose
        );
        let z3 = z3::full_version();
        let head: [&[u8]; 4] = [
            b"ompv-result-cache-v1",
            cache.tool.as_bytes(),
            z3.as_bytes(),
            settings.as_bytes(),
        ];
        let shared = |pick: fn(&ItemHash) -> &Hash| {
            let mut parts: Vec<&[u8]> = head.to_vec();
            for (item, h) in index.program.items.iter().zip(&items) {
                if matches!(item, Item::Field(_) | Item::Domain(_) | Item::Predicate(_)) {
                    parts.push(pick(h));
                }
            }
            sha(&parts)
        };
        ProgramKey {
            base: ItemHash {
                text: shared(|h| &h.text),
                positions: shared(|h| &h.positions),
            },
            items,
        }
    }

    /// The keys of `member` verified with `scope` (after the restrictions of the functions
    /// verified so far).
    pub(super) fn member(
        &self,
        index: &ProgramIndex<'_>,
        member: MemberRef<'_>,
        scope: &Scope,
    ) -> MemberKey {
        let own = member.name();
        let mut text: Vec<Vec<u8>> = vec![self.base.text.to_vec(), own.as_bytes().to_vec()];
        let mut positions: Vec<Vec<u8>> = vec![self.base.positions.to_vec()];
        for (item, h) in index.program.items.iter().zip(&self.items) {
            match item {
                Item::Method(m) if m.name.name == own => {}
                Item::Function(f) if f.name.name == own || scope.has_function(&f.name.name) => {}
                Item::Predicate(p) if p.name.name == own => {}
                // A callee is used through its contract only: its body may change freely.
                Item::Method(m) if scope.callees.contains(&m.name.name) => {
                    let contract = ItemHash::of(&Item::Method(Method {
                        body: None,
                        ..m.clone()
                    }));
                    text.push(contract.text.to_vec());
                    positions.push(contract.positions.to_vec());
                    continue;
                }
                _ => continue,
            }
            text.push(h.text.to_vec());
            positions.push(h.positions.to_vec());
        }
        let mut restricted: Vec<String> = scope
            .no_definition
            .iter()
            .map(|f| format!("no definition {f}"))
            .chain(
                scope
                    .no_postcondition
                    .iter()
                    .map(|f| format!("no postcondition {f}")),
            )
            .collect();
        restricted.sort();
        text.extend(restricted.into_iter().map(String::into_bytes));
        let refs: Vec<&[u8]> = text.iter().map(Vec::as_slice).collect();
        let proof = sha(&refs);
        positions.insert(0, proof.to_vec());
        let refs: Vec<&[u8]> = positions.iter().map(Vec::as_slice).collect();
        MemberKey {
            proof,
            failure: sha(&refs),
        }
    }
}

fn hex(key: &Hash) -> String {
    key.iter().map(|b| format!("{b:02x}")).collect()
}

/// What an entry holds: its key, the errors found (none: a proof), and a checksum of both.
#[derive(serde::Serialize, serde::Deserialize)]
struct Entry {
    key: String,
    errors: Vec<VerificationError>,
    check: String,
}

impl Entry {
    fn new(key: &Hash, errors: &[VerificationError]) -> Option<Entry> {
        let json = serde_json::to_string(errors).ok()?;
        Some(Entry {
            key: hex(key),
            errors: errors.to_vec(),
            check: hex(&sha(&[key, json.as_bytes()])),
        })
    }

    /// The errors, if the entry is whole and is the one of `key`.
    fn read(text: &str, key: &Hash) -> Option<Vec<VerificationError>> {
        let e: Entry = serde_json::from_str(text).ok()?;
        let json = serde_json::to_string(&e.errors).ok()?;
        (e.key == hex(key) && e.check == hex(&sha(&[key, json.as_bytes()]))).then_some(e.errors)
    }
}

impl Cache {
    fn entry(&self, key: &Hash) -> PathBuf {
        let h = hex(key);
        self.dir.join(&h[..2]).join(&h[2..])
    }

    fn read(&self, key: &Hash) -> Option<Vec<VerificationError>> {
        let text = std::fs::read_to_string(self.entry(key)).ok()?;
        Entry::read(&text, key)
    }

    /// The errors remembered for the member of `key`: none for a proof; `None` if nothing
    /// is remembered.
    pub(super) fn lookup(&self, key: &MemberKey) -> Option<Vec<VerificationError>> {
        if let Some(errors) = self.read(&key.proof).filter(Vec::is_empty) {
            return Some(errors);
        }
        self.read(&key.failure).filter(|e| !e.is_empty())
    }

    /// Remembers the member of `key`: proved (`errors` empty) or failed with `errors`. A
    /// failure to write only costs the next run the verification's time, so it is logged, not
    /// reported.
    pub(super) fn remember(&self, key: &MemberKey, errors: &[VerificationError]) {
        let at = if errors.is_empty() {
            &key.proof
        } else {
            &key.failure
        };
        if let Err(e) = self.write(at, errors) {
            tracing::debug!(
                "cannot store a result in the cache {}: {e}",
                self.dir.display()
            );
        }
    }

    fn write(&self, key: &Hash, errors: &[VerificationError]) -> std::io::Result<()> {
        let entry = Entry::new(key, errors)
            .and_then(|e| serde_json::to_string(&e).ok())
            .ok_or_else(|| std::io::Error::other("the result does not serialise"))?;
        let path = self.entry(key);
        let dir = path.parent().unwrap_or(&self.dir);
        std::fs::create_dir_all(dir)?;
        let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
        tmp.write_all(entry.as_bytes())?;
        tmp.persist(&path).map_err(|e| e.error)?;
        Ok(())
    }

    /// Creates the folder (readable and writable by its owner only) and refuses one that other
    /// users may write to: whoever can write there can make a member look proved.
    pub fn open(&self) -> std::io::Result<()> {
        crate::files::private_dir(&self.dir)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verifier::{verify, MemberResult, Verdict};

    const CALLEE: &str =
        "method callee(x: Int) returns (r: Int)\n  ensures r > x\n{ r := x + 1 }\n";
    const CALLER: &str = "method caller() { var y: Int; y := callee(1); assert y > 1 }\n";

    /// Verifies `text` with the cache in `dir`: each member's (name, verdict, cached).
    fn run(text: &str, dir: &std::path::Path, smoke: bool) -> Vec<(String, Verdict, bool)> {
        let mut program = crate::parse(text, crate::FileId(0)).expect("parses");
        crate::typecheck(&mut program).expect("type-checks");
        let options = VerifyOptions {
            smoke,
            cache: Some(Cache {
                dir: dir.to_path_buf(),
                tool: "test".into(),
            }),
            ..VerifyOptions::default()
        };
        let result = verify(&program, &options).expect("supported");
        let mut out: Vec<_> = result
            .members
            .iter()
            .map(|m: &MemberResult| (m.name.clone(), m.verdict(), m.cached))
            .collect();
        out.sort();
        out
    }

    fn verified(name: &str, cached: bool) -> (String, Verdict, bool) {
        (name.to_string(), Verdict::Verified, cached)
    }

    #[test]
    fn a_proof_is_reused_only_while_what_it_reads_is_unchanged() {
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path().join("proofs");
        let program = format!("{CALLEE}{CALLER}");
        let cold = vec![verified("callee", false), verified("caller", false)];
        let warm = vec![verified("callee", true), verified("caller", true)];
        assert_eq!(run(&program, &dir, false), cold);
        assert_eq!(run(&program, &dir, false), warm);
        // Other options are another key.
        assert_eq!(run(&program, &dir, true), cold);
        // A callee's body is not read by its callers.
        let body = program.replace("r := x + 1", "r := x + 2");
        assert_eq!(
            run(&body, &dir, false),
            vec![verified("callee", false), verified("caller", true)]
        );
        // Its contract is: with a weaker one, the caller is checked again and fails.
        let contract = program.replace("ensures r > x", "ensures r >= x");
        let weaker = run(&contract, &dir, false);
        assert_eq!(weaker[0], verified("callee", false));
        assert_eq!(weaker[1], ("caller".to_string(), Verdict::Failed, false));
        // A failure is remembered with its positions: the same text gives it again, with the
        // same error; moved (a blank line above), it is found again.
        let failed = |text: &str| {
            let mut program = crate::parse(text, crate::FileId(0)).unwrap();
            crate::typecheck(&mut program).unwrap();
            let options = VerifyOptions {
                cache: Some(Cache {
                    dir: dir.clone(),
                    tool: "test".into(),
                }),
                ..VerifyOptions::default()
            };
            let r = verify(&program, &options).unwrap();
            let caller = r
                .members
                .iter()
                .find(|m| m.name == "caller")
                .unwrap()
                .clone();
            (caller.cached, caller.errors)
        };
        // (The run above found it.)
        let (first, errors) = failed(&contract);
        let (again, same) = failed(&contract);
        assert!(first && again, "remembered");
        assert_eq!(errors, same);
        assert_eq!(same[0].span.line, 4);
        let moved = format!("\n{contract}");
        let (cached, errors) = failed(&moved);
        assert!(!cached);
        assert_eq!(errors[0].span.line, 5);
    }

    #[test]
    fn a_damaged_entry_is_a_miss() {
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path().join("proofs");
        let program = format!("{CALLEE}{CALLER}");
        run(&program, &dir, false);
        let mut entries = 0;
        for sub in std::fs::read_dir(&dir).unwrap() {
            for e in std::fs::read_dir(sub.unwrap().path()).unwrap() {
                std::fs::write(e.unwrap().path(), "verified 00\n").unwrap();
                entries += 1;
            }
        }
        assert_eq!(entries, 2);
        assert_eq!(
            run(&program, &dir, false),
            vec![verified("callee", false), verified("caller", false)]
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_folder_others_may_write_to_is_not_used() {
        use std::os::unix::fs::PermissionsExt;
        let scratch = tempfile::tempdir().unwrap();
        let dir = scratch.path().join("shared");
        std::fs::create_dir(&dir).unwrap();
        std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap();
        let program = format!("{CALLEE}{CALLER}");
        run(&program, &dir, false);
        assert_eq!(
            run(&program, &dir, false),
            vec![verified("callee", false), verified("caller", false)]
        );
        assert_eq!(
            std::fs::read_dir(&dir).unwrap().count(),
            0,
            "nothing written"
        );
    }
}
