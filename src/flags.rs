//! How each input is preprocessed: the options of its entry in the compilation database, if
//! any, then those of ompv's own command line (`-I`, `-D`, `-U`, `-include`, `-std=`).

use crate::cli::BuildArgs;
use crate::compile_db::CompileDb;
use crate::input::Input;
use openmp::source::build::{standard, CppOption};
use openmp::Build;
use std::sync::OnceLock;

/// The compilation database of this process's command line, read once.
fn database(args: &BuildArgs) -> Result<Option<&'static CompileDb>, String> {
    static DB: OnceLock<Result<Option<CompileDb>, String>> = OnceLock::new();
    DB.get_or_init(|| args.database().map(|p| CompileDb::read(&p)).transpose())
        .as_ref()
        .map(Option::as_ref)
        .map_err(Clone::clone)
}

/// The options ompv's command line gives every file.
fn command_line(args: &BuildArgs) -> Result<Vec<CppOption>, String> {
    if let Some(both) = args.define.iter().find_map(|d| {
        let name = d.split('=').next().unwrap_or(d);
        args.undefine.iter().find(|u| *u == name)
    }) {
        return Err(format!(
            "`{both}` is both defined (-D) and undefined (-U); ompv does not keep their order, so give it once"
        ));
    }
    let mut out: Vec<CppOption> = args
        .include
        .iter()
        .cloned()
        .map(CppOption::Include)
        .collect();
    out.extend(args.define.iter().cloned().map(CppOption::Define));
    out.extend(args.undefine.iter().cloned().map(CppOption::Undefine));
    out.extend(
        args.include_file
            .iter()
            .cloned()
            .map(CppOption::IncludeFile),
    );
    if let Some(s) = &args.std {
        out.push(standard(s).map_err(|e| e.to_string())?);
    }
    Ok(out)
}

/// How `input` is preprocessed. A file the database lists more than once is preprocessed as
/// its first entry says (a note says so where it is listed).
pub fn build_of(args: &BuildArgs, input: &Input) -> Result<Build, String> {
    let mut build = Build::in_dir(input.dir().as_deref());
    if let (Some(db), Input::File(path)) = (database(args)?, input) {
        if let Some(entry) = db.entries_of(path).first() {
            build.directory = Some(entry.directory.clone());
            build.options = entry.options().map_err(|e| {
                format!(
                    "{}: the entry of {}: {e}",
                    db.path.display(),
                    path.display()
                )
            })?;
        }
    }
    build.options.extend(command_line(args)?);
    Ok(build)
}

/// The inputs a compilation database adds when no file is named: every C file it lists, once,
/// in its order; a note on stderr for what it lists that is not C or lists twice. Without a
/// database, none.
pub fn database_inputs(args: &BuildArgs) -> Vec<Input> {
    let db = match database(args) {
        Ok(Some(db)) => db,
        Ok(None) => return Vec::new(),
        Err(why) => {
            let name = args.database().unwrap_or_default().display().to_string();
            return vec![Input::Invalid { name, why }];
        }
    };
    let mut out: Vec<Input> = Vec::new();
    let mut other = 0;
    let mut twice = 0;
    for e in &db.entries {
        if e.file.extension().and_then(|x| x.to_str()) != Some("c") {
            other += 1;
            continue;
        }
        // Named as the user would name it: relative to the current directory when below it.
        let shown = std::env::current_dir()
            .ok()
            .and_then(|cwd| e.file.strip_prefix(cwd).ok().map(|p| p.to_path_buf()))
            .unwrap_or_else(|| e.file.clone());
        let input = Input::File(shown);
        if out.contains(&input) {
            twice += 1;
        } else {
            out.push(input);
        }
    }
    let label = crate::output::color::paint(crate::output::color::get().stderr, "1;36", "note");
    let shown = db.path.display();
    if other > 0 {
        crate::output::errln(&format!(
            "{label}: {shown} lists {other} file(s) that are not C (`.c`); they are not verified"
        ));
    }
    if twice > 0 {
        crate::output::errln(&format!(
            "{label}: {shown} lists {twice} C file(s) more than once; each is verified as its first entry builds it"
        ));
    }
    if out.is_empty() {
        out.push(Input::Invalid {
            name: shown.to_string(),
            why: format!("{shown} lists no C file"),
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_both_defined_and_undefined_is_refused() {
        let args = BuildArgs {
            define: vec!["N=4".into()],
            undefine: vec!["N".into()],
            ..BuildArgs::default()
        };
        assert!(command_line(&args).unwrap_err().contains("`N`"));
        let args = BuildArgs {
            define: vec!["N=4".into()],
            undefine: vec!["M".into()],
            std: Some("gnu99".into()),
            ..BuildArgs::default()
        };
        assert_eq!(
            command_line(&args).unwrap(),
            vec![
                CppOption::Define("N=4".into()),
                CppOption::Undefine("M".into()),
                CppOption::Std("gnu99".into())
            ]
        );
    }
}
