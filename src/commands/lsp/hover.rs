//! The hover on a pragma: the PPL view of its region or block (`openmp::render::at`), from the
//! text in the editor, saved or not.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::Path;

/// The hover text at byte `offset` of the C file at `path` whose text is `text`; `None` when
/// the position is not on a pragma of a region or the file does not parse.
pub fn at(path: &Path, text: &str, offset: usize) -> Option<String> {
    // A bug in the front end must not take the server down.
    crate::commands::run::on_big_stack(|| {
        catch_unwind(AssertUnwindSafe(|| {
            let mut sources = viper::SourceMap::new();
            let file = sources.add(path.display().to_string(), text);
            let program =
                openmp::parse_file(&mut sources, file, &openmp::Build::in_dir(path.parent()))
                    .ok()?;
            openmp::render::at(&program, file, offset)
        }))
        .ok()
        .flatten()
    })
}
