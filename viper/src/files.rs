//! Folders ompv keeps files in that it then trusts (its headers, its proofs): made readable and
//! writable by their owner only, and refused when other users may write to them.

use std::path::Path;

/// Creates `dir` (and its parents) readable and writable by its owner only, and refuses a
/// directory that others may write to: whoever can write there could put files of their own
/// where ompv trusts what it reads.
pub fn private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(dir)?.permissions().mode();
        if mode & 0o022 != 0 {
            return Err(std::io::Error::other(format!(
                "{} may be written by other users (mode {:o}); ompv does not trust files there",
                dir.display(),
                mode & 0o777
            )));
        }
    }
    Ok(())
}

#[cfg(all(test, unix))]
mod tests {
    use super::private_dir;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn made_private_and_refused_when_shared() {
        let scratch = tempfile::tempdir().unwrap();
        let mine = scratch.path().join("a/b");
        private_dir(&mine).unwrap();
        let mode = std::fs::metadata(&mine).unwrap().permissions().mode();
        assert_eq!(mode & 0o077, 0, "mode {mode:o}");
        let shared = scratch.path().join("shared");
        std::fs::create_dir(&shared).unwrap();
        std::fs::set_permissions(&shared, std::fs::Permissions::from_mode(0o777)).unwrap();
        let refused = private_dir(&shared).unwrap_err().to_string();
        assert!(refused.contains("other users"), "{refused}");
    }
}
