//! The real Viper Silicon as a second back end, driven through JNI (cargo feature `silicon`).
//!
//! One JVM per process is started lazily on first use, with Silicon's jar on its class path; one
//! `viper.silicon.SiliconFrontendAPI` is configured once (`--z3Exe`) and reused for every program,
//! so only the first program pays for the JVM's warm-up. All JNI work runs on one dedicated thread
//! with a large stack ([`bridge`]). Programs are handed over as Viper text and go through Silver's
//! own parser and type checker. Silicon's errors are mapped to ompv's ids and spans
//! ([`mapping`]), so that its answers can be compared with the native back end's.
//!
//! Run-time needs, each overridable: `OMPV_SILICON_JAR` (default `.cache/silicon/silicon.jar` in
//! the repository, fetched by `scripts/setup.sh --silicon`), a JDK (`JAVA_HOME`, else the `java` on `PATH`),
//! and a Z3 executable (`OMPV_Z3_EXE`, else `z3` on `PATH`). When one is missing, every call fails
//! with a [`SiliconError`] naming it.

mod bridge;
mod error;
mod frontend;
mod locate;
mod mapping;
mod positions;

pub use bridge::{Bridge, Pending, RawAnswer};
pub use error::SiliconError;
pub use frontend::{RawError, RawPos};
pub use locate::{repo_root, Environment, SiliconConfig, JAR_CACHE_PATH, JAR_ENV, Z3_ENV};
pub use mapping::{map_errors, span_in, InText, Locate, OtherError, SiliconResult};
pub use positions::PrintedProgram;

use crate::ast::Program;
use crate::{FileId, SourceFile};
use std::sync::OnceLock;
use std::time::Duration;

/// The process's Silicon: a started [`Bridge`].
pub struct Silicon {
    bridge: Bridge,
}

static GLOBAL: OnceLock<Result<Silicon, SiliconError>> = OnceLock::new();

/// A program submitted to Silicon whose answer has not been awaited yet.
pub struct PendingResult<'a> {
    pending: Pending,
    locate: Box<dyn Locate + 'a>,
}

impl PendingResult<'_> {
    /// Blocks until Silicon has answered and maps the answer.
    pub fn wait(self) -> Result<SiliconResult, SiliconError> {
        let raw = self.pending.wait()?;
        Ok(map_errors(&raw.errors, raw.time, self.locate.as_ref()))
    }
}

impl Silicon {
    /// The process's Silicon, started on first use with the configuration found in the process
    /// environment. Once start-up failed, every call returns the same error.
    pub fn global() -> Result<&'static Silicon, SiliconError> {
        GLOBAL
            .get_or_init(|| {
                let config = SiliconConfig::from_process()?;
                Ok(Silicon {
                    bridge: Bridge::start(config)?,
                })
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// Time taken to start the JVM and configure Silicon.
    pub fn startup(&self) -> Duration {
        self.bridge.startup()
    }

    /// The jar, JVM and Z3 in use.
    pub fn config(&self) -> &SiliconConfig {
        self.bridge.config()
    }

    /// Verifies a Viper source file as written (Silver parses `source.text()`); spans point into
    /// `source`, registered as `file`.
    pub fn verify_source(
        &self,
        source: &SourceFile,
        file: FileId,
    ) -> Result<SiliconResult, SiliconError> {
        self.submit_source(source, file).wait()
    }

    /// Like [`Silicon::verify_source`], without waiting: the caller can do other work meanwhile.
    pub fn submit_source<'a>(&self, source: &'a SourceFile, file: FileId) -> PendingResult<'a> {
        PendingResult {
            pending: self.bridge.submit(source.text().to_string()),
            locate: Box::new(InText { source, file }),
        }
    }

    /// Verifies a program ompv built (e.g. from C): it is printed for Silicon, and Silicon's
    /// positions are mapped back to the spans of `program`'s nodes.
    pub fn verify_program(&self, program: &Program) -> Result<SiliconResult, SiliconError> {
        self.submit_program(program)?.wait()
    }

    /// Like [`Silicon::verify_program`], without waiting.
    pub fn submit_program(
        &self,
        program: &Program,
    ) -> Result<PendingResult<'static>, SiliconError> {
        let printed = PrintedProgram::new(program)?;
        Ok(PendingResult {
            pending: self.bridge.submit(printed.text().to_string()),
            locate: Box::new(printed),
        })
    }

    /// Verifies Viper text and returns Silicon's raw answer (ids and positions as Silicon gave
    /// them), e.g. for benchmarks.
    pub fn verify_raw(&self, text: &str) -> Result<RawAnswer, SiliconError> {
        self.bridge.submit(text.to_string()).wait()
    }
}
