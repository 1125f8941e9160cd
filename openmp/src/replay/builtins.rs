//! Library routines: output routines read their arguments and do nothing else; the string and
//! number-parsing routines of the C library; `rand` (a fixed sequence: any sequence is a
//! feasible outcome); `exit`/`abort` end the run; `sleep` hands the baton on (any timing is
//! feasible); and the OpenMP runtime routines (chapter 18), locks included (§18.9). A routine
//! the replay does not know makes the run inconclusive.

use super::memory::Origin;
use super::thread::Thread;
use super::value::{Ptr, Ub, Value};
use super::world::{inconclusive, LockKey, Stop, R};
use crate::c::ast::*;
use crate::c::types::IntRank;
use viper::Span;

/// A returned value and its type.
type Ret = Option<(Value, Type)>;

fn int(v: i128) -> Ret {
    Some((Value::Int(v), Type::INT))
}

const LONG: Type = Type::Int {
    rank: IntRank::Long,
    signed: true,
};

/// A pure mathematical function (`Err(None)`: not one the replay knows).
pub(crate) fn pure_call(
    name: &str,
    vals: &[Value],
    args: &[Expr],
    ty: &Type,
) -> Result<Value, Option<Ub>> {
    let _ = args;
    let f = |k: usize| {
        vals.get(k)
            .copied()
            .unwrap_or(Value::Uninit)
            .as_float()
            .map_err(Some)
    };
    let round = |x: f64| {
        Ok(Value::Float(match ty {
            Type::Float(k) => super::value::round_float(*k, x),
            _ => x,
        }))
    };
    match name {
        "abs" | "labs" => {
            let v = vals
                .first()
                .copied()
                .unwrap_or(Value::Uninit)
                .as_int()
                .map_err(Some)?;
            let bits = if name == "abs" { 32 } else { 64 };
            if v == -(1i128 << (bits - 1)) {
                return Err(Some(Ub(format!(
                    "`{name}` of the most negative value overflows"
                ))));
            }
            Ok(Value::Int(v.abs()))
        }
        "sqrt" | "sqrtf" => round(f(0)?.sqrt()),
        "fabs" | "fabsf" => round(f(0)?.abs()),
        "sin" => round(f(0)?.sin()),
        "cos" => round(f(0)?.cos()),
        "tan" => round(f(0)?.tan()),
        "exp" => round(f(0)?.exp()),
        "log" => round(f(0)?.ln()),
        "log10" => round(f(0)?.log10()),
        "pow" => round(f(0)?.powf(f(1)?)),
        "floor" => round(f(0)?.floor()),
        "ceil" => round(f(0)?.ceil()),
        "round" => round(f(0)?.round()),
        "fmin" => round(f(0)?.min(f(1)?)),
        "fmax" => round(f(0)?.max(f(1)?)),
        "fmod" => round(f(0)? % f(1)?),
        "atan" => round(f(0)?.atan()),
        "atan2" => round(f(0)?.atan2(f(1)?)),
        _ => Err(None),
    }
}

impl<'p> Thread<'p, '_> {
    /// The value of an argumentless OpenMP query routine, if `name` is one.
    pub fn omp_query(&mut self, name: &str) -> Option<i128> {
        if matches!(name, "omp_get_thread_num" | "omp_get_ancestor_thread_num") {
            self.unit.thread_bound = true;
        }
        Some(match name {
            "omp_get_thread_num" => self.team.num as i128,
            "omp_get_num_threads" => self.team.size as i128,
            "omp_get_max_threads" => self.nthreads_var as i128,
            "omp_get_num_procs" | "omp_get_thread_limit" => self.rt.cfg.team_size.max(1) as i128,
            "omp_in_parallel" => (self.team.active_level > 0) as i128,
            "omp_get_dynamic"
            | "omp_get_cancellation"
            | "omp_get_num_devices"
            | "omp_get_default_device"
            | "omp_get_team_num"
            | "omp_get_device_num" => 0,
            "omp_get_nested" => (self.w().max_active_levels > 1) as i128,
            "omp_get_max_active_levels" => self.w().max_active_levels as i128,
            "omp_get_level" => self.team.level as i128,
            "omp_get_active_level" => self.team.active_level as i128,
            "omp_in_final" => self.unit.final_ as i128,
            "omp_is_initial_device" | "omp_get_num_teams" => 1,
            "omp_get_initial_device" => -1,
            _ => return None,
        })
    }

    /// A C string's bytes (reads every character).
    /// The accesses of routine `name` to the library's hidden state (`semantics::libc`): a
    /// read of its cell, and a write for an update, so that two calls that may not run at the
    /// same time race.
    fn hidden_state(&mut self, name: &str, span: Span) -> R<()> {
        use crate::semantics::libc::{routine, Use};
        let Some(r) = routine(name) else {
            return Ok(());
        };
        for (state, used) in r.state {
            let Some(v) = self.rt.prog.hidden_state(*state) else {
                continue;
            };
            let p = self.var_ptr(v, span)?;
            let old = self.load(p, span)?;
            if *used == Use::Update {
                self.store(p, old, span)?;
            }
        }
        Ok(())
    }

    /// The strings an output routine reads: its `char *` arguments other than literals.
    fn output_strings(&mut self, name: &str, args: &'p [Expr], vals: &[Value]) -> R<()> {
        use crate::semantics::libc::{routine, Arg, VarArgs};
        let Some(r) = routine(name) else {
            return Ok(());
        };
        for (k, (a, v)) in args.iter().zip(vals).enumerate() {
            let string = match r.args.get(k) {
                Some(kind) => *kind == Arg::ReadString,
                None => r.varargs == VarArgs::Print,
            };
            let is_char_ptr = matches!(
                a.ty.decay().pointee(),
                Some(Type::Int {
                    rank: IntRank::Char,
                    ..
                })
            );
            if string && is_char_ptr && !matches!(a.kind, ExprKind::Str(_)) {
                self.read_string(*v, a.span)?;
            }
        }
        Ok(())
    }

    fn read_string(&mut self, v: Value, span: Span) -> R<Vec<u8>> {
        let p = self.as_ptr(v, span)?;
        let mut out = Vec::new();
        for k in 0.. {
            let c = self
                .load(
                    Ptr {
                        obj: p.obj,
                        off: p.off + k,
                    },
                    span,
                )?
                .as_int()
                .or_else(|x| self.ub(span, x))?;
            if c == 0 {
                break;
            }
            out.push(c as u8);
        }
        Ok(out)
    }

    fn lock_key(&self, v: Value, span: Span) -> R<LockKey> {
        Ok(LockKey::Object(self.as_ptr(v, span)?))
    }

    /// Acquires a lock for the current unit (blocking while another unit owns it).
    pub fn lock_acquire(&mut self, key: LockKey, nest: bool, what: &str, span: Span) -> R<()> {
        let me = self.unit.id;
        let owner = self.w().locks.entry(key.clone()).or_default().owner;
        if owner == Some(me) {
            if nest {
                self.w().locks.get_mut(&key).expect("exists").count += 1;
                return Ok(());
            }
            return inconclusive(
                span,
                format!("{what} is already held by the task that acquires it again (a deadlock)"),
            );
        }
        let k = key.clone();
        self.wait_until(what, span, |w| {
            w.locks.get(&k).is_none_or(|l| l.owner.is_none())
        })?;
        let l = self.w().locks.entry(key).or_default();
        l.owner = Some(me);
        l.count = 1;
        let vc = l.vc.clone();
        self.unit.vc.join(&vc);
        Ok(())
    }

    /// Releases a lock the current unit owns.
    pub fn lock_release(&mut self, key: LockKey, what: &str, span: Span) -> R<()> {
        let me = self.unit.id;
        let vc = self.unit.vc.clone();
        let l = self.w().locks.entry(key).or_default();
        if l.owner != Some(me) {
            return inconclusive(
                span,
                format!("undefined behaviour: {what} is released by a task that does not own it"),
            );
        }
        l.count -= 1;
        if l.count == 0 {
            l.owner = None;
            l.vc = vc;
            self.tick();
        }
        Ok(())
    }

    /// A library routine (`None`: it returns nothing).
    pub fn builtin(&mut self, name: &str, args: &'p [Expr], vals: &[Value], span: Span) -> R<Ret> {
        let arg = |k: usize| vals.get(k).copied().unwrap_or(Value::Uninit);
        let n = |t: &mut Self, k: usize| arg(k).as_int().or_else(|x| t.ub(span, x));
        self.hidden_state(name, span)?;
        Ok(match name {
            // Output: the arguments were read, the strings among them character by character
            // (as `semantics::libc` has them); nothing else is modelled.
            "printf" | "fprintf" | "puts" | "fputs" | "perror" => {
                self.output_strings(name, args, vals)?;
                int(0)
            }
            "putchar" | "fputc" | "putc" | "fflush" => int(0),
            "fopen" => {
                let obj = match self
                    .w()
                    .mem
                    .alloc(1, Value::Int(0), Origin::Internal("FILE"), None)
                {
                    Ok(o) => o,
                    Err(m) => return inconclusive(span, m),
                };
                Some((Value::Ptr(Ptr { obj, off: 0 }), Type::ptr(Type::Void)))
            }
            "fclose" | "remove" => int(0),
            "atoi" | "atol" | "atoll" | "atof" | "strtol" | "strtoul" | "strtod" => {
                let s = self.read_string(arg(0), span)?;
                let text = String::from_utf8_lossy(&s);
                let t = text.trim_start();
                let end = t
                    .char_indices()
                    .find(|&(i, c)| {
                        !(c.is_ascii_digit()
                            || (i == 0 && (c == '-' || c == '+'))
                            || (name.ends_with('f') || name == "strtod")
                                && (c == '.' || c == 'e' || c == 'E'))
                    })
                    .map_or(t.len(), |(i, _)| i);
                let num = &t[..end];
                if matches!(name, "strtol" | "strtoul" | "strtod") {
                    if let Value::Ptr(endp) = arg(1) {
                        let consumed = (s.len() - text.trim_start().len() + end) as i64;
                        let src = self.as_ptr(arg(0), span)?;
                        self.store(
                            endp,
                            Value::Ptr(Ptr {
                                obj: src.obj,
                                off: src.off + consumed,
                            }),
                            span,
                        )?;
                    }
                }
                if name == "atof" || name == "strtod" {
                    Some((
                        Value::Float(num.parse::<f64>().unwrap_or(0.0)),
                        Type::DOUBLE,
                    ))
                } else {
                    let v = num.parse::<i128>().unwrap_or(0);
                    let v = if name == "atoi" {
                        v as i32 as i128
                    } else {
                        v as i64 as i128
                    };
                    Some((Value::Int(v), if name == "atoi" { Type::INT } else { LONG }))
                }
            }
            "rand" => {
                // A linear congruential sequence: some sequence `rand` may return.
                let w = self.w();
                w.rand = w
                    .rand
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                int(((w.rand >> 33) & 0x7fff_ffff) as i128)
            }
            "rand_r" => {
                // The same kind of sequence, its state in `*seed` (read and written, so two
                // threads sharing a seed race on it).
                // (The accesses are those of the object the argument names, as the proof has them.)
                let at = args.first().map_or(span, |a| match &a.kind {
                    crate::c::ast::ExprKind::AddrOf(lv) => lv.span,
                    _ => a.span,
                });
                let p = self.as_ptr(arg(0), span)?;
                let seed = self.load(p, at)?.as_int().or_else(|x| self.ub(span, x))?;
                let next = (seed as u64)
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                self.store(p, Value::Int((next & 0xffff_ffff) as i128), at)?;
                int(((next >> 33) & 0x7fff_ffff) as i128)
            }
            "srand" => {
                let s = n(self, 0)?;
                self.w().rand = s as u64;
                None
            }
            "exit" | "abort" => return Err(Stop::Exit),
            "getenv" => Some((Value::Null, Type::ptr(Type::Void))),
            "strlen" => {
                let s = self.read_string(arg(0), span)?;
                Some((Value::Int(s.len() as i128), Type::SIZE_T))
            }
            "strcmp" | "strncmp" => {
                let a = self.read_string(arg(0), span)?;
                let b = self.read_string(arg(1), span)?;
                let (a, b) = if name == "strncmp" {
                    let k = n(self, 2)?.max(0) as usize;
                    (a[..a.len().min(k)].to_vec(), b[..b.len().min(k)].to_vec())
                } else {
                    (a, b)
                };
                int(match a.cmp(&b) {
                    std::cmp::Ordering::Less => -1,
                    std::cmp::Ordering::Equal => 0,
                    std::cmp::Ordering::Greater => 1,
                })
            }
            "strcpy" => {
                let s = self.read_string(arg(1), span)?;
                let d = self.as_ptr(arg(0), span)?;
                for (k, c) in s.iter().chain(std::iter::once(&0)).enumerate() {
                    self.store(
                        Ptr {
                            obj: d.obj,
                            off: d.off + k as i64,
                        },
                        Value::Int(*c as i8 as i128),
                        span,
                    )?;
                }
                Some((arg(0), Type::ptr(Type::Void)))
            }
            "time" => {
                if let Value::Ptr(p) = arg(0) {
                    self.store(p, Value::Int(0), span)?;
                }
                Some((Value::Int(0), LONG))
            }
            "clock" => {
                let s = self.w().steps;
                Some((Value::Int(s as i128), LONG))
            }
            "sleep" | "usleep" => {
                // Only timing: any interleaving is feasible; let the others run.
                self.yield_now()?;
                int(0)
            }
            "omp_set_num_threads" => {
                let k = n(self, 0)?;
                if k < 1 {
                    return inconclusive(span, "`omp_set_num_threads` with a value below 1");
                }
                self.nthreads_var = k.min(super::MAX_TEAM as i128) as u32;
                None
            }
            "omp_set_dynamic" | "omp_set_schedule" | "omp_set_default_device" => None,
            "omp_set_nested" => {
                let k = n(self, 0)?;
                self.w().max_active_levels = if k != 0 { u32::MAX } else { 1 };
                None
            }
            "omp_set_max_active_levels" => {
                let k = n(self, 0)?;
                self.w().max_active_levels = k.max(0) as u32;
                None
            }
            "omp_get_ancestor_thread_num" | "omp_get_team_size" => {
                self.unit.thread_bound |= name == "omp_get_ancestor_thread_num";
                let l = n(self, 0)?;
                let size = name == "omp_get_team_size";
                int(if l == self.team.level as i128 {
                    (if size { self.team.size } else { self.team.num }) as i128
                } else if l >= 0
                    && (l as usize) < self.team.ancestors.len() + 1
                    && l < self.team.level as i128
                {
                    if l == 0 {
                        if size {
                            1
                        } else {
                            0
                        }
                    } else {
                        let (num, sz) = self.team.ancestors[l as usize - 1];
                        (if size { sz } else { num }) as i128
                    }
                } else {
                    -1
                })
            }
            "omp_get_wtime" => {
                let s = self.w().steps;
                Some((Value::Float(s as f64 * 1e-6), Type::DOUBLE))
            }
            "omp_get_wtick" => Some((Value::Float(1e-6), Type::DOUBLE)),
            "omp_init_lock"
            | "omp_init_lock_with_hint"
            | "omp_init_nest_lock"
            | "omp_init_nest_lock_with_hint" => {
                let k = self.lock_key(arg(0), span)?;
                let l = self.w().locks.entry(k).or_default();
                l.init = true;
                l.owner = None;
                l.count = 0;
                None
            }
            "omp_destroy_lock" | "omp_destroy_nest_lock" => {
                let k = self.lock_key(arg(0), span)?;
                if let Some(l) = self.w().locks.get_mut(&k) {
                    if l.owner.is_some() {
                        return inconclusive(
                            span,
                            "undefined behaviour: destroying a lock that is set",
                        );
                    }
                    l.init = false;
                }
                None
            }
            "omp_set_lock" | "omp_set_nest_lock" => {
                let k = self.lock_key(arg(0), span)?;
                self.lock_acquire(k, name == "omp_set_nest_lock", "the lock", span)?;
                None
            }
            "omp_unset_lock" | "omp_unset_nest_lock" => {
                let k = self.lock_key(arg(0), span)?;
                self.lock_release(k, "the lock", span)?;
                None
            }
            "omp_test_lock" | "omp_test_nest_lock" => {
                let k = self.lock_key(arg(0), span)?;
                let me = self.unit.id;
                let nest = name == "omp_test_nest_lock";
                let owner = self.w().locks.entry(k.clone()).or_default().owner;
                match owner {
                    None => {
                        self.lock_acquire(k, nest, "the lock", span)?;
                        int(1)
                    }
                    Some(o) if o == me && nest => {
                        self.lock_acquire(k.clone(), true, "the lock", span)?;
                        let c = self.w().locks[&k].count;
                        int(c as i128)
                    }
                    Some(o) if o == me => {
                        return inconclusive(
                            span,
                            "undefined behaviour: `omp_test_lock` of a lock the task owns",
                        )
                    }
                    Some(_) => int(0),
                }
            }
            _ => match self.omp_query(name) {
                Some(v) => int(v),
                None => {
                    let of_file = self
                        .rt
                        .prog
                        .function(name)
                        .is_some_and(|f| f.origin == crate::c::ast::Origin::Main);
                    let what = if of_file {
                        "the function"
                    } else {
                        "the library routine"
                    };
                    let why = if of_file {
                        ", which has no body to run"
                    } else {
                        " is outside the replay's model"
                    };
                    return inconclusive(span, format!("{what} `{name}`{why}"));
                }
            },
        })
    }
}
