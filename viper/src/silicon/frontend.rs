//! The JNI calls into Silicon: creating one `viper.silicon.SiliconFrontendAPI` and running Silver's
//! phases (parse, type check, translate, consistency check, verify) on one file at a time.
//!
//! `SiliconFrontendAPI` is meant for front ends that build Silver ASTs themselves: `initialize`
//! configures Silicon once, then `verify(program)` can be called repeatedly. We hand Silicon text,
//! so instead of `verify` we drive the frontend's own phases after `reset(file)`, which is what
//! Silicon's command-line runner does, including `finish()` (error transformation and
//! de-duplication), while keeping the one Silicon instance (and its Z3 processes) warm.

use super::error::SiliconError;
use jni::errors::Error as JniError;
use jni::objects::{JObject, JString};
use jni::refs::Global;
use jni::{jni_sig, jni_str, Env, JValue};
use std::path::Path;

/// A line/column position reported by Silver (both 1-based), with the end if known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RawPos {
    pub line: u32,
    pub column: u32,
    pub end: Option<(u32, u32)>,
}

/// One entry of Silicon's `Failure(errors)`, as plain data.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawError {
    /// `fullId`, e.g. `assert.failed:assertion.false` or `parser.error`.
    pub id: String,
    /// The message without position (Silver appends the position to most messages).
    pub message: String,
    pub pos: Option<RawPos>,
    /// Position of the error's reason (the offending sub-node), for verification errors.
    pub reason_pos: Option<RawPos>,
}

/// The Silicon frontend object, kept alive across programs.
pub struct Frontend {
    api: Global<JObject<'static>>,
}

/// Converts a JNI error into a [`SiliconError`], catching (and clearing) a pending Java exception.
pub fn jni_failure(env: &Env<'_>, e: JniError) -> SiliconError {
    let e = match e {
        JniError::JavaException => match env.exception_catch() {
            Err(caught) => caught,
            Ok(()) => e,
        },
        other => other,
    };
    match e {
        JniError::CaughtJavaException {
            name, msg, stack, ..
        } => SiliconError::Exception {
            class: name,
            message: msg,
            stack: stack.lines().take(12).collect::<Vec<_>>().join("\n"),
        },
        other => SiliconError::Jni(other.to_string()),
    }
}

fn jstring(env: &mut Env<'_>, obj: JObject<'_>) -> Result<String, JniError> {
    let s = env.cast_local::<JString>(obj)?;
    s.try_to_string(env)
}

fn call_string(
    env: &mut Env<'_>,
    obj: &JObject<'_>,
    name: &jni::strings::JNIStr,
) -> Result<String, JniError> {
    let v = env
        .call_method(obj, name, jni_sig!("()Ljava/lang/String;"), &[])?
        .l()?;
    jstring(env, v)
}

/// `scala.collection.immutable.List(items...)`, built by prepending to `Nil`.
fn scala_list<'l>(env: &mut Env<'l>, items: &[String]) -> Result<JObject<'l>, JniError> {
    let mut list = env
        .get_static_field(
            jni_str!("scala/collection/immutable/Nil$"),
            jni_str!("MODULE$"),
            jni_sig!("Lscala/collection/immutable/Nil$;"),
        )?
        .l()?;
    for item in items.iter().rev() {
        let s = env.new_string(item)?;
        list = env
            .call_method(
                &list,
                jni_str!("$colon$colon"),
                jni_sig!("(Ljava/lang/Object;)Lscala/collection/immutable/List;"),
                &[JValue::Object(&s)],
            )?
            .l()?;
    }
    Ok(list)
}

impl Frontend {
    /// Creates and configures the frontend. `args` are Silicon's command-line options.
    pub fn start(env: &mut Env<'_>, args: &[String]) -> Result<Frontend, JniError> {
        // Nothing from the JVM may reach stdout, which carries ompv's JSON.
        let err = env
            .get_static_field(
                jni_str!("java/lang/System"),
                jni_str!("err"),
                jni_sig!("Ljava/io/PrintStream;"),
            )?
            .l()?;
        env.call_static_method(
            jni_str!("java/lang/System"),
            jni_str!("setOut"),
            jni_sig!("(Ljava/io/PrintStream;)V"),
            &[JValue::Object(&err)],
        )?;
        let reporter = env
            .get_static_field(
                jni_str!("viper/silver/reporter/NoopReporter$"),
                jni_str!("MODULE$"),
                jni_sig!("Lviper/silver/reporter/NoopReporter$;"),
            )?
            .l()?;
        let api = env.new_object(
            jni_str!("viper/silicon/SiliconFrontendAPI"),
            jni_sig!("(Lviper/silver/reporter/Reporter;)V"),
            &[JValue::Object(&reporter)],
        )?;
        let args = scala_list(env, args)?;
        env.call_method(
            &api,
            jni_str!("initialize"),
            jni_sig!("(Lscala/collection/immutable/Seq;)V"),
            &[JValue::Object(&args)],
        )?;
        // `initialize` creates and starts Silicon but leaves the frontend in its initial state;
        // `init` moves it to "initialized" so that `reset(file)` is accepted.
        let verifier = env
            .call_method(
                &api,
                jni_str!("verifier"),
                jni_sig!("()Lviper/silver/verifier/Verifier;"),
                &[],
            )?
            .l()?;
        env.call_method(
            &api,
            jni_str!("init"),
            jni_sig!("(Lviper/silver/verifier/Verifier;)V"),
            &[JValue::Object(&verifier)],
        )?;
        Ok(Frontend {
            api: env.new_global_ref(api)?,
        })
    }

    /// Stops Silicon: its verifier and the Z3 processes it started.
    pub fn stop(&self, env: &mut Env<'_>) -> Result<(), JniError> {
        env.call_method(self.api.as_ref(), jni_str!("stop"), jni_sig!("()V"), &[])?;
        Ok(())
    }

    /// Parses, checks and verifies the Viper file at `path`; an empty list means success.
    pub fn verify_file(&self, env: &mut Env<'_>, path: &Path) -> Result<Vec<RawError>, JniError> {
        let api = self.api.as_ref();
        let path_str = env.new_string(path.to_string_lossy())?;
        let file = env.new_object(
            jni_str!("java/io/File"),
            jni_sig!("(Ljava/lang/String;)V"),
            &[JValue::Object(&path_str)],
        )?;
        let jpath = env
            .call_method(
                &file,
                jni_str!("toPath"),
                jni_sig!("()Ljava/nio/file/Path;"),
                &[],
            )?
            .l()?;
        env.call_method(
            api,
            jni_str!("reset"),
            jni_sig!("(Ljava/nio/file/Path;)V"),
            &[JValue::Object(&jpath)],
        )?;
        // Each phase does nothing once an earlier one has recorded errors.
        for phase in [
            jni_str!("parsing"),
            jni_str!("semanticAnalysis"),
            jni_str!("translation"),
            jni_str!("consistencyCheck"),
            jni_str!("verification"),
            jni_str!("finish"),
        ] {
            env.call_method(api, phase, jni_sig!("()V"), &[])?;
        }
        let result = env
            .call_method(
                api,
                jni_str!("result"),
                jni_sig!("()Lviper/silver/verifier/VerificationResult;"),
                &[],
            )?
            .l()?;
        if !env.is_instance_of(&result, jni_str!("viper/silver/verifier/Failure"))? {
            return Ok(Vec::new());
        }
        let errors = env
            .call_method(
                &result,
                jni_str!("errors"),
                jni_sig!("()Lscala/collection/immutable/Seq;"),
                &[],
            )?
            .l()?;
        let n = env
            .call_method(&errors, jni_str!("length"), jni_sig!("()I"), &[])?
            .i()?;
        let mut out = Vec::with_capacity(n.max(0) as usize);
        for i in 0..n {
            let e = env
                .call_method(
                    &errors,
                    jni_str!("apply"),
                    jni_sig!("(I)Ljava/lang/Object;"),
                    &[JValue::Int(i)],
                )?
                .l()?;
            out.push(read_error(env, &e)?);
            env.delete_local_ref(e);
        }
        Ok(out)
    }
}

/// Reads one `viper.silver.verifier.AbstractError`.
fn read_error(env: &mut Env<'_>, e: &JObject<'_>) -> Result<RawError, JniError> {
    let id = call_string(env, e, jni_str!("fullId"))?;
    let pos = env
        .call_method(
            e,
            jni_str!("pos"),
            jni_sig!("()Lviper/silver/ast/Position;"),
            &[],
        )?
        .l()?;
    let pos = read_pos(env, &pos)?;
    let verification =
        env.is_instance_of(e, jni_str!("viper/silver/verifier/VerificationError"))?;
    let (message, reason_pos) = if verification {
        // Without id and position: Silver would append the temporary file's name.
        let m = env
            .call_method(
                e,
                jni_str!("readableMessage"),
                jni_sig!("(ZZ)Ljava/lang/String;"),
                &[JValue::Bool(false), JValue::Bool(false)],
            )?
            .l()?;
        let message = jstring(env, m)?;
        let reason = env
            .call_method(
                e,
                jni_str!("reason"),
                jni_sig!("()Lviper/silver/verifier/ErrorReason;"),
                &[],
            )?
            .l()?;
        let rpos = env
            .call_method(
                &reason,
                jni_str!("pos"),
                jni_sig!("()Lviper/silver/ast/Position;"),
                &[],
            )?
            .l()?;
        (message, read_pos(env, &rpos)?)
    } else if has_message_field(env, e)? {
        (call_string(env, e, jni_str!("message"))?, None)
    } else {
        (call_string(env, e, jni_str!("readableMessage"))?, None)
    };
    Ok(RawError {
        id,
        message,
        pos,
        reason_pos,
    })
}

/// Parse, type-checker and consistency errors carry their message without position in `message`.
fn has_message_field(env: &mut Env<'_>, e: &JObject<'_>) -> Result<bool, JniError> {
    Ok(
        env.is_instance_of(e, jni_str!("viper/silver/verifier/ParseError"))?
            || env.is_instance_of(e, jni_str!("viper/silver/verifier/TypecheckerError"))?
            || env.is_instance_of(e, jni_str!("viper/silver/verifier/ConsistencyError"))?,
    )
}

fn read_pos(env: &mut Env<'_>, pos: &JObject<'_>) -> Result<Option<RawPos>, JniError> {
    if pos.is_null() || !env.is_instance_of(pos, jni_str!("viper/silver/ast/HasLineColumn"))? {
        return Ok(None);
    }
    let (line, column) = line_column(env, pos)?;
    let mut end = None;
    if env.is_instance_of(pos, jni_str!("viper/silver/ast/AbstractSourcePosition"))? {
        let opt = env
            .call_method(pos, jni_str!("end"), jni_sig!("()Lscala/Option;"), &[])?
            .l()?;
        let defined = env
            .call_method(&opt, jni_str!("isDefined"), jni_sig!("()Z"), &[])?
            .z()?;
        if defined {
            let e = env
                .call_method(&opt, jni_str!("get"), jni_sig!("()Ljava/lang/Object;"), &[])?
                .l()?;
            end = Some(line_column(env, &e)?);
        }
    }
    Ok(Some(RawPos { line, column, end }))
}

fn line_column(env: &mut Env<'_>, pos: &JObject<'_>) -> Result<(u32, u32), JniError> {
    let line = env
        .call_method(pos, jni_str!("line"), jni_sig!("()I"), &[])?
        .i()?;
    let column = env
        .call_method(pos, jni_str!("column"), jni_sig!("()I"), &[])?
        .i()?;
    Ok((line.max(0) as u32, column.max(0) as u32))
}
