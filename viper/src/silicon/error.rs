//! Why Silicon could not give an answer, told apart into "not available here" and "failed on
//! this program".

/// Why Silicon could not give an answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SiliconError {
    #[error("Silicon's jar was not found at {path} (looked up through {origin}); run scripts/setup.sh --silicon or set OMPV_SILICON_JAR")]
    JarNotFound { path: String, origin: String },
    #[error("no Java VM for Silicon: {reason}; run scripts/setup.sh --silicon (installs openjdk-17-jdk-headless) or set JAVA_HOME")]
    JvmNotFound { reason: String },
    #[error("no Z3 executable for Silicon: {reason}; run scripts/setup.sh --silicon (installs Debian's z3) or set OMPV_Z3_EXE")]
    Z3NotFound { reason: String },
    #[error("the Java VM ({libjvm}) could not be started: {reason}")]
    JvmStart { libjvm: String, reason: String },
    #[error("Silicon threw {class}: {message}\n{stack}")]
    Exception {
        class: String,
        message: String,
        stack: String,
    },
    #[error("{name}={value:?} is not {expected}")]
    BadSetting {
        name: &'static str,
        value: String,
        expected: &'static str,
    },
    #[error("JNI call failed: {0}")]
    Jni(String),
    #[error("cannot write Silicon's input file: {0}")]
    Io(String),
    #[error("cannot hand the program to Silicon: {0}")]
    Printer(String),
    #[error("the Silicon thread has stopped")]
    Disconnected,
}

impl SiliconError {
    /// `true` if something Silicon needs is missing or does not start (as opposed to Silicon
    /// failing on a program).
    pub fn is_unavailable(&self) -> bool {
        matches!(
            self,
            SiliconError::JarNotFound { .. }
                | SiliconError::JvmNotFound { .. }
                | SiliconError::Z3NotFound { .. }
                | SiliconError::JvmStart { .. }
                | SiliconError::BadSetting { .. }
        )
    }

    /// The diagnostic id: `silicon.unavailable` or `silicon.failed`.
    pub fn id(&self) -> &'static str {
        if self.is_unavailable() {
            "silicon.unavailable"
        } else {
            "silicon.failed"
        }
    }
}

impl From<jni::errors::Error> for SiliconError {
    fn from(e: jni::errors::Error) -> Self {
        SiliconError::Jni(e.to_string())
    }
}
