//! Finding what Silicon needs at run time: its jar, a Java VM (`libjvm.so`) and a Z3 executable.
//!
//! Every lookup is explicit so that a missing piece is reported by name, with the environment
//! variable that overrides it, instead of failing somewhere inside the JVM.

use super::error::SiliconError;
use std::path::{Path, PathBuf};

/// Environment variable naming Silicon's jar.
pub const JAR_ENV: &str = "OMPV_SILICON_JAR";
/// Environment variable naming the Z3 executable Silicon runs.
pub const Z3_ENV: &str = "OMPV_Z3_EXE";
/// Environment variable limiting one Silicon verification, in seconds (`0`: no limit).
pub const TIMEOUT_ENV: &str = "OMPV_SILICON_TIMEOUT";
/// Silicon's limit per program when `OMPV_SILICON_TIMEOUT` is not set: Silicon gives Z3 no limit
/// of its own, and a run that never ends must become `unknown`, not a hang.
pub const DEFAULT_TIMEOUT_SECS: u32 = 300;

/// Where `scripts/setup.sh` puts the jar, relative to the repository root.
pub const JAR_CACHE_PATH: &str = ".cache/silicon/silicon.jar";

/// Everything needed to start Silicon.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SiliconConfig {
    /// `silicon.jar` (Silicon with Silver, Scala and their dependencies).
    pub jar: PathBuf,
    /// The JVM shared library to load.
    pub libjvm: PathBuf,
    /// The Z3 executable passed to Silicon as `--z3Exe`.
    pub z3: PathBuf,
    /// Silicon's `--timeout` for one whole program, in seconds; `None`: no limit.
    pub timeout_secs: Option<u32>,
}

/// The environment a [`SiliconConfig`] is looked up in; separate from the process environment so
/// that lookups can be tested.
#[derive(Clone, Debug, Default)]
pub struct Environment {
    /// Value of `OMPV_SILICON_JAR`.
    pub jar: Option<PathBuf>,
    /// Value of `JAVA_HOME`.
    pub java_home: Option<PathBuf>,
    /// Value of `OMPV_Z3_EXE`.
    pub z3: Option<PathBuf>,
    /// Value of `OMPV_SILICON_TIMEOUT`.
    pub timeout: Option<String>,
    /// Value of `PATH`, searched for `java` and `z3`.
    pub path: Option<std::ffi::OsString>,
    /// The repository root, whose `.cache/` holds the jar by default.
    pub repo_root: PathBuf,
}

impl Environment {
    /// The current process environment; the repository root is the one ompv was built from.
    pub fn from_process() -> Environment {
        let non_empty = |name: &str| {
            std::env::var_os(name)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        Environment {
            jar: non_empty(JAR_ENV),
            java_home: non_empty("JAVA_HOME"),
            z3: non_empty(Z3_ENV),
            timeout: std::env::var(TIMEOUT_ENV).ok().filter(|v| !v.is_empty()),
            path: std::env::var_os("PATH"),
            repo_root: repo_root(),
        }
    }
}

/// The repository this crate was built from (the parent of the `viper/` crate).
pub fn repo_root() -> PathBuf {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest.parent().unwrap_or(manifest).to_path_buf()
}

impl SiliconConfig {
    /// Looks everything up in the process environment.
    pub fn from_process() -> Result<SiliconConfig, SiliconError> {
        SiliconConfig::locate(&Environment::from_process())
    }

    /// Looks everything up in `env`; the first missing piece is reported.
    pub fn locate(env: &Environment) -> Result<SiliconConfig, SiliconError> {
        let jar = find_jar(env)?;
        let libjvm = find_libjvm(env)?;
        let z3 = find_z3(env)?;
        let timeout_secs = timeout_secs(env)?;
        Ok(SiliconConfig {
            jar,
            libjvm,
            z3,
            timeout_secs,
        })
    }
}

fn timeout_secs(env: &Environment) -> Result<Option<u32>, SiliconError> {
    let Some(text) = &env.timeout else {
        return Ok(Some(DEFAULT_TIMEOUT_SECS));
    };
    match text.trim().parse::<u32>() {
        Ok(0) => Ok(None),
        Ok(n) => Ok(Some(n)),
        Err(_) => Err(SiliconError::BadSetting {
            name: TIMEOUT_ENV,
            value: text.clone(),
            expected: "a whole number of seconds (0: no limit)",
        }),
    }
}

fn find_jar(env: &Environment) -> Result<PathBuf, SiliconError> {
    let (jar, origin) = match &env.jar {
        Some(p) => (p.clone(), JAR_ENV.to_string()),
        None => (
            env.repo_root.join(JAR_CACHE_PATH),
            format!("the default location ({JAR_ENV} is not set)"),
        ),
    };
    if jar.is_file() {
        Ok(jar)
    } else {
        Err(SiliconError::JarNotFound {
            path: jar.display().to_string(),
            origin,
        })
    }
}

/// `libjvm.so` of the JDK at `JAVA_HOME`, else of the `java` found on `PATH` (symlinks resolved,
/// as Debian's `/usr/bin/java` points through `/etc/alternatives`).
fn find_libjvm(env: &Environment) -> Result<PathBuf, SiliconError> {
    let (home, origin) = match &env.java_home {
        Some(home) => (home.clone(), "JAVA_HOME".to_string()),
        None => {
            let java = search_path(env.path.as_deref(), "java").ok_or_else(|| {
                SiliconError::JvmNotFound {
                    reason: "JAVA_HOME is not set and no `java` is on PATH".into(),
                }
            })?;
            let real = std::fs::canonicalize(&java).map_err(|e| SiliconError::JvmNotFound {
                reason: format!("cannot resolve {}: {e}", java.display()),
            })?;
            // <home>/bin/java
            let home = real
                .parent()
                .and_then(Path::parent)
                .map(Path::to_path_buf)
                .ok_or_else(|| SiliconError::JvmNotFound {
                    reason: format!("{} is not inside a JDK", real.display()),
                })?;
            (home, format!("`java` on PATH ({})", real.display()))
        }
    };
    libjvm_candidates(&home)
        .into_iter()
        .find(|p| p.is_file())
        .ok_or_else(|| SiliconError::JvmNotFound {
            reason: format!(
                "no libjvm.so under {} (found through {origin})",
                home.display()
            ),
        })
}

/// Where JDKs keep the server VM: `lib/server` since Java 9, `jre/lib/<arch>/server` before.
fn libjvm_candidates(home: &Path) -> Vec<PathBuf> {
    let mut v = vec![
        home.join("lib/server/libjvm.so"),
        home.join("jre/lib/server/libjvm.so"),
    ];
    for arch in ["amd64", "aarch64", std::env::consts::ARCH] {
        v.push(home.join(format!("jre/lib/{arch}/server/libjvm.so")));
    }
    v.push(home.join("lib/client/libjvm.so"));
    v
}

fn find_z3(env: &Environment) -> Result<PathBuf, SiliconError> {
    match &env.z3 {
        Some(z3) if z3.is_file() => Ok(z3.clone()),
        Some(z3) => Err(SiliconError::Z3NotFound {
            reason: format!("{Z3_ENV} names {}, which does not exist", z3.display()),
        }),
        None => search_path(env.path.as_deref(), "z3").ok_or_else(|| SiliconError::Z3NotFound {
            reason: format!("no `z3` on PATH and {Z3_ENV} is not set"),
        }),
    }
}

/// The first file called `name` in the directories of `path`.
fn search_path(path: Option<&std::ffi::OsStr>, name: &str) -> Option<PathBuf> {
    std::env::split_paths(path?)
        .map(|dir| dir.join(name))
        .find(|p| p.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("ompv-locate-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn missing_jar_names_the_variable_and_path() {
        let env = Environment {
            jar: Some("/nonexistent/silicon.jar".into()),
            ..Environment::default()
        };
        let e = SiliconConfig::locate(&env).unwrap_err();
        let msg = e.to_string();
        assert!(matches!(e, SiliconError::JarNotFound { .. }));
        assert!(msg.contains("/nonexistent/silicon.jar"), "{msg}");
        assert!(msg.contains(JAR_ENV), "{msg}");
    }

    #[test]
    fn default_jar_is_in_the_repository_cache() {
        let root = scratch("root");
        let env = Environment {
            repo_root: root.clone(),
            ..Environment::default()
        };
        let e = SiliconConfig::locate(&env).unwrap_err();
        assert!(e
            .to_string()
            .contains(&root.join(JAR_CACHE_PATH).display().to_string()));
    }

    #[test]
    fn java_home_without_libjvm_is_reported() {
        let dir = scratch("jdk");
        let jar = dir.join("silicon.jar");
        std::fs::write(&jar, b"").unwrap();
        let env = Environment {
            jar: Some(jar),
            java_home: Some(dir.join("no-jdk")),
            ..Environment::default()
        };
        let e = SiliconConfig::locate(&env).unwrap_err();
        assert!(matches!(e, SiliconError::JvmNotFound { .. }), "{e}");
        assert!(e.to_string().contains("JAVA_HOME"), "{e}");
    }

    #[test]
    fn no_java_anywhere_is_reported() {
        let dir = scratch("nojava");
        let jar = dir.join("silicon.jar");
        std::fs::write(&jar, b"").unwrap();
        let env = Environment {
            jar: Some(jar),
            path: Some(dir.clone().into_os_string()),
            ..Environment::default()
        };
        let e = SiliconConfig::locate(&env).unwrap_err();
        assert!(e.to_string().contains("no `java` is on PATH"), "{e}");
    }

    #[test]
    fn fake_jdk_layout_is_found_and_missing_z3_reported() {
        let dir = scratch("fakejdk");
        let jar = dir.join("silicon.jar");
        std::fs::write(&jar, b"").unwrap();
        let server = dir.join("jdk/lib/server");
        std::fs::create_dir_all(&server).unwrap();
        std::fs::write(server.join("libjvm.so"), b"").unwrap();
        let env = Environment {
            jar: Some(jar.clone()),
            java_home: Some(dir.join("jdk")),
            z3: Some(dir.join("no-z3")),
            ..Environment::default()
        };
        let e = SiliconConfig::locate(&env).unwrap_err();
        assert!(matches!(e, SiliconError::Z3NotFound { .. }), "{e}");
        assert!(e.to_string().contains(Z3_ENV), "{e}");

        std::fs::write(dir.join("z3"), b"").unwrap();
        let env = Environment {
            z3: None,
            path: Some(dir.clone().into_os_string()),
            ..env
        };
        let c = SiliconConfig::locate(&env).unwrap();
        assert_eq!(c.libjvm, server.join("libjvm.so"));
        assert_eq!(c.z3, dir.join("z3"));
        assert_eq!(c.jar, jar);
        assert_eq!(c.timeout_secs, Some(DEFAULT_TIMEOUT_SECS));

        let with = |t: &str| Environment {
            timeout: Some(t.into()),
            ..env.clone()
        };
        assert_eq!(
            SiliconConfig::locate(&with("0")).unwrap().timeout_secs,
            None
        );
        assert_eq!(
            SiliconConfig::locate(&with(" 45 ")).unwrap().timeout_secs,
            Some(45)
        );
        let e = SiliconConfig::locate(&with("1.5")).unwrap_err();
        assert!(e.to_string().contains(TIMEOUT_ENV), "{e}");
    }
}
