//! The one thread that owns the JVM and the Silicon frontend.
//!
//! All JNI work happens on this thread: it is attached to the JVM once, keeps one local reference
//! frame per request, and has a large stack because Silver's parser and Silicon recurse deeply on
//! big programs. Other threads talk to it over channels.

use super::error::SiliconError;
use super::frontend::{jni_failure, Frontend, RawError};
use super::locate::SiliconConfig;
use jni::vm::{InitArgsBuilder, JavaVM};
use jni::JNIVersion;
use std::io::Write;
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// Stack of the JNI thread (reserved address space; only touched pages are used).
const JNI_THREAD_STACK: usize = 256 << 20;
/// Stack of the JVM's own threads (Silicon verifies members on worker threads).
const JAVA_THREAD_STACK: &str = "-Xss64m";

/// What Silicon answered for one program, before positions are mapped.
#[derive(Clone, Debug)]
pub struct RawAnswer {
    /// `Failure(errors)`, empty on success.
    pub errors: Vec<RawError>,
    /// Wall-clock time of the JNI call (parse to finish).
    pub time: Duration,
}

struct Request {
    text: String,
    reply: mpsc::Sender<Result<RawAnswer, SiliconError>>,
}

/// A running JVM with a configured Silicon, reachable over a channel.
pub struct Bridge {
    requests: mpsc::Sender<Request>,
    startup: Duration,
    config: SiliconConfig,
}

/// A submitted program whose answer can be awaited.
pub struct Pending(mpsc::Receiver<Result<RawAnswer, SiliconError>>);

impl Pending {
    /// Blocks until Silicon has answered.
    pub fn wait(self) -> Result<RawAnswer, SiliconError> {
        self.0.recv().unwrap_or(Err(SiliconError::Disconnected))
    }
}

impl Bridge {
    /// Starts the JNI thread, the JVM and Silicon; returns once Silicon is ready.
    pub fn start(config: SiliconConfig) -> Result<Bridge, SiliconError> {
        let started = Instant::now();
        let (requests, inbox) = mpsc::channel::<Request>();
        let (ready_tx, ready_rx) = mpsc::channel::<Result<(), SiliconError>>();
        let thread_config = config.clone();
        std::thread::Builder::new()
            .name("silicon-jni".into())
            .stack_size(JNI_THREAD_STACK)
            .spawn(move || serve(&thread_config, inbox, ready_tx))
            .map_err(|e| SiliconError::Jni(format!("cannot spawn the JNI thread: {e}")))?;
        ready_rx.recv().unwrap_or(Err(SiliconError::Disconnected))?;
        let startup = started.elapsed();
        tracing::info!(?startup, "Silicon is ready");
        Ok(Bridge {
            requests,
            startup,
            config,
        })
    }

    /// Time taken to start the JVM and configure Silicon.
    pub fn startup(&self) -> Duration {
        self.startup
    }

    /// The jar, JVM and Z3 this bridge runs.
    pub fn config(&self) -> &SiliconConfig {
        &self.config
    }

    /// Queues a program (Viper text) for Silicon; programs are verified one at a time, in order.
    pub fn submit(&self, text: String) -> Pending {
        let (reply, answer) = mpsc::channel();
        if let Err(mpsc::SendError(req)) = self.requests.send(Request { text, reply }) {
            let _ = req.reply.send(Err(SiliconError::Disconnected));
        }
        Pending(answer)
    }
}

fn start_vm(config: &SiliconConfig) -> Result<JavaVM, SiliconError> {
    let startup_error = |reason: String| SiliconError::JvmStart {
        libjvm: config.libjvm.display().to_string(),
        reason,
    };
    let args = InitArgsBuilder::new()
        .version(JNIVersion::V1_8)
        .option(format!("-Djava.class.path={}", config.jar.display()))
        .option(JAVA_THREAD_STACK)
        // Leave SIGINT/SIGTERM/SIGQUIT to ompv: Ctrl-C ends the process as usual.
        .option("-Xrs")
        .build()
        .map_err(|e| startup_error(e.to_string()))?;
    let libjvm = config.libjvm.clone();
    JavaVM::with_libjvm(args, move || Ok(libjvm)).map_err(|e| startup_error(e.to_string()))
}

/// Silicon's options: its Z3, and every error of a member rather than only the first (the native
/// back end reports all errors on different paths, so both must run in the same mode to agree).
/// `--timeout` bounds one whole program; Silicon then answers `timeout.error`.
fn silicon_args(config: &SiliconConfig) -> Vec<String> {
    let mut args = vec![
        "--z3Exe".into(),
        config.z3.display().to_string(),
        "--numberOfErrorsToReport".into(),
        "0".into(),
    ];
    if let Some(secs) = config.timeout_secs {
        args.extend(["--timeout".into(), secs.to_string()]);
    }
    args
}

/// The JNI thread's body: start everything, report readiness, then answer requests until every
/// sender is gone.
fn serve(
    config: &SiliconConfig,
    inbox: mpsc::Receiver<Request>,
    ready: mpsc::Sender<Result<(), SiliconError>>,
) {
    let vm = match start_vm(config) {
        Ok(vm) => vm,
        Err(e) => {
            let _ = ready.send(Err(e));
            return;
        }
    };
    let args = silicon_args(config);
    let start = || {
        vm.attach_current_thread(|env| -> Result<Frontend, SiliconError> {
            Frontend::start(env, &args).map_err(|e| jni_failure(env, e))
        })
    };
    let mut frontend = match start() {
        Ok(f) => f,
        Err(e) => {
            let _ = ready.send(Err(e));
            return;
        }
    };
    if ready.send(Ok(())).is_err() {
        return;
    }
    for req in inbox {
        let answer = verify_one(&vm, &frontend, &req.text);
        let timed_out = answer
            .as_ref()
            .is_ok_and(|a| a.errors.iter().any(|e| e.id == TIMEOUT_ID));
        let _ = req.reply.send(answer);
        if timed_out {
            // Silicon abandons a timed-out run without stopping it: its thread and Z3 would go
            // on working, and share Z3 with the next program. A fresh Silicon avoids both.
            let stopped = vm.attach_current_thread(|env| -> Result<(), SiliconError> {
                frontend.stop(env).map_err(|e| jni_failure(env, e))
            });
            if let Err(e) = stopped {
                tracing::warn!(%e, "stopping Silicon after a time-out failed");
            }
            match start() {
                Ok(f) => frontend = f,
                Err(e) => {
                    tracing::error!(%e, "Silicon could not be restarted after a time-out");
                    return;
                }
            }
        }
    }
}

/// Silver's id for a run that exceeded `--timeout`.
const TIMEOUT_ID: &str = "timeout.error";

fn verify_one(vm: &JavaVM, frontend: &Frontend, text: &str) -> Result<RawAnswer, SiliconError> {
    // Silver's frontend reads its input from a file.
    let mut file = tempfile::Builder::new()
        .prefix("ompv-silicon-")
        .suffix(".vpr")
        .tempfile()
        .map_err(|e| SiliconError::Io(e.to_string()))?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.flush())
        .map_err(|e| SiliconError::Io(e.to_string()))?;
    let started = Instant::now();
    let errors = vm.attach_current_thread(|env| -> Result<Vec<RawError>, SiliconError> {
        env.with_local_frame(64, |env| -> Result<Vec<RawError>, SiliconError> {
            frontend
                .verify_file(env, file.path())
                .map_err(|e| jni_failure(env, e))
        })
    })?;
    Ok(RawAnswer {
        errors,
        time: started.elapsed(),
    })
}
