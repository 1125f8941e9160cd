//! Files of its own, per user and per run: two runs at once with one fresh cache folder both
//! verify (the folder and its headers are created once, atomically), and a second user on the
//! same machine verifies after the first (nothing is written to a path both would share). The
//! second user is `nobody`, reached with `setpriv`, so that part needs root: as another user it
//! says so on stderr and checks the rest.

use crate::cli_support;

use std::path::Path;
use std::process::{Command, Output};

fn verified(out: &Output) -> bool {
    out.status.code() == Some(0) && String::from_utf8_lossy(&out.stdout).contains(": verified")
}

/// `ompv verify FILE` with its cache folder in `cache`.
fn verify(cache: &Path, file: &Path) -> Command {
    let mut c = Command::new(cli_support::bin());
    c.arg("verify")
        .arg(file)
        .env("XDG_CACHE_HOME", cache)
        .env_remove("NO_COLOR");
    c
}

#[test]
fn two_runs_at_once_share_a_fresh_cache_folder() {
    let dir = cli_support::scratch("users-concurrent");
    let cache = dir.join("cache");
    let file = cli_support::root().join("examples/fusion.c");
    let children: Vec<_> = (0..4)
        .map(|_| {
            verify(&cache, &file)
                .stdout(std::process::Stdio::piped())
                .stderr(std::process::Stdio::piped())
                .spawn()
                .expect("ompv starts")
        })
        .collect();
    for child in children {
        let out = child.wait_with_output().expect("ompv ends");
        assert!(verified(&out), "{}", String::from_utf8_lossy(&out.stderr));
    }
}

fn is_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

#[test]
fn a_second_user_verifies_after_the_first() {
    if !is_root() {
        eprintln!("cli_users: not root, so the second user (`nobody` via setpriv) is not tried");
        return;
    }
    let dir = cli_support::scratch("users-two");
    let example = cli_support::root().join("examples/fusion.c");
    // The first user: root, with its own cache folder.
    let first = verify(&dir.join("root-cache"), &example)
        .output()
        .expect("ompv runs");
    assert!(
        verified(&first),
        "{}",
        String::from_utf8_lossy(&first.stderr)
    );
    // The second: `nobody`, with a home and a copy of the program it owns.
    let home = dir.join("nobody");
    std::fs::create_dir_all(&home).unwrap();
    std::fs::copy(&example, home.join("fusion.c")).unwrap();
    let chown = Command::new("chown")
        .args(["-R", "65534:65534"])
        .arg(&home)
        .status()
        .expect("chown runs");
    assert!(chown.success());
    // The scratch folder's parents must let `nobody` reach its home.
    for p in [&dir, &home] {
        std::fs::set_permissions(p, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    }
    let second = Command::new("setpriv")
        .args(["--reuid=65534", "--regid=65534", "--clear-groups", "--"])
        .arg(cli_support::bin())
        .args(["verify", "fusion.c"])
        .current_dir(&home)
        .env("HOME", &home)
        .env_remove("XDG_CACHE_HOME")
        .output()
        .expect("setpriv runs");
    assert!(
        verified(&second),
        "the second user: {}{}",
        String::from_utf8_lossy(&second.stdout),
        String::from_utf8_lossy(&second.stderr)
    );
    // Its headers went to its own cache folder, private to it.
    let cache = home.join(".cache/ompv");
    let mode =
        std::os::unix::fs::PermissionsExt::mode(&std::fs::metadata(&cache).unwrap().permissions());
    assert_eq!(mode & 0o077, 0, "{}: mode {mode:o}", cache.display());
}
