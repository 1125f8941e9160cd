//! What the C library routines of ompv's headers do to memory: through each pointer argument,
//! through the variadic arguments of the format routines, and to the library's own hidden
//! state, with whether calls on several threads may race (C11 7.1.4p5: a routine avoids data
//! races with other calls unless its description says otherwise). One entry per routine of
//! `openmp/include/{stdio,stdlib,string,math,time,unistd,assert}.h`, each citing its section of
//! C11 (ISO/IEC 9899:2011) or POSIX.1-2017; a test checks that the headers declare nothing
//! else. `c::library` turns an entry into the accesses of a call, which the lowering checks and
//! the footprint inference asks permissions for; the replay makes the same accesses.
//!
//! Hidden state ([`State`]) is a location of the library's own that ompv models as a global of
//! the program (`ompv_state_rand`, …, created where the program calls such a routine): a call
//! that updates it races with any other call that touches it at the same time, which C11 allows
//! an implementation to do (`rand`, `strtok`, `strerror`).

/// What a routine does through one argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A value: no access through it.
    Value,
    /// A string it reads: every character from the pointer up to the terminating null, which
    /// ompv bounds by the end of the pointer's object (an over-approximation).
    ReadString,
    /// A character array it writes a string into (from the pointer on).
    WriteString,
    /// A string it reads and writes (`strtok` puts null characters into it); a null pointer
    /// reads the string of the previous call instead (the hidden state).
    ReadWriteString,
    /// One object it stores a value into (`rand_r`'s seed).
    WriteObject,
    /// A `char **` it stores the end pointer through, if not null (`strtol`).
    EndPointer,
    /// A stream (`FILE *`): the library synchronises streams (C11 7.21.2p7), and ompv does not
    /// model their contents.
    Stream,
}

/// What a routine does through the arguments after its fixed ones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarArgs {
    /// No variadic arguments.
    None,
    /// The `printf` family: the argument of each `%s` is a string it reads (ompv reads every
    /// `char *` argument as one).
    Print,
    /// The `scanf` family: every pointer argument is stored into (a `char *` as a string).
    Scan,
}

/// Hidden state of the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum State {
    /// The pseudo-random sequence of `rand`/`srand` (C11 7.22.2).
    Rand,
    /// The pseudo-random sequence of POSIX `random`/`srandom`.
    Random,
    /// The sequence of POSIX `drand48`/`lrand48`/`srand48`.
    Rand48,
    /// Where `strtok` goes on from (C11 7.24.5.8).
    Strtok,
    /// The message buffer of `strerror` (C11 7.24.6.2).
    Strerror,
    /// The environment list that `getenv` reads (C11 7.22.4.6).
    Environment,
    /// What a function without a body may touch that the caller's file cannot name: the
    /// objects of other files (a `static` counter of its own) and the library's state
    /// (`c::opaque`). Every call of such a function updates it.
    Unseen,
}

impl State {
    /// The name of the global that holds it in ompv's model (not a C identifier a program can
    /// declare: it is made unique among the program's names).
    pub fn global_name(self) -> &'static str {
        match self {
            State::Rand => "ompv_state_rand",
            State::Random => "ompv_state_random",
            State::Rand48 => "ompv_state_rand48",
            State::Strtok => "ompv_state_strtok",
            State::Strerror => "ompv_state_strerror",
            State::Environment => "ompv_state_environment",
            State::Unseen => "ompv_state_unseen",
        }
    }

    /// The routines that share it, as diagnostics name them.
    pub fn routines(self) -> &'static str {
        match self {
            State::Rand => "`rand`/`srand`",
            State::Random => "`random`/`srandom`",
            State::Rand48 => "`drand48`/`lrand48`/`srand48`",
            State::Strtok => "`strtok`",
            State::Strerror => "`strerror`",
            State::Environment => "the environment (`getenv`)",
            State::Unseen => "functions without a body",
        }
    }

    /// Every state, in a fixed order.
    pub const ALL: [State; 7] = [
        State::Rand,
        State::Random,
        State::Rand48,
        State::Strtok,
        State::Strerror,
        State::Environment,
        State::Unseen,
    ];
}

/// How a routine uses a hidden state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    Read,
    /// Read and written: two calls at the same time race.
    Update,
}

/// Whether calls of a routine on several threads may race with each other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Safety {
    /// It avoids data races with other calls (C11 7.1.4p5), beyond what its arguments access.
    Safe,
    /// Its description says it need not (the hidden state it updates is the race).
    MayRace,
}

/// What one routine does to memory.
#[derive(Clone, Copy, Debug)]
pub struct Routine {
    pub name: &'static str,
    pub header: &'static str,
    /// Where it is defined: a section of C11, or POSIX.
    pub section: &'static str,
    /// Its fixed arguments, in order.
    pub args: &'static [Arg],
    pub varargs: VarArgs,
    /// The hidden state it touches.
    pub state: &'static [(State, Use)],
    pub safety: Safety,
    /// Its meaning is ompv's own (allocation, `memset`/`memcpy`, `assert`, `exit`), given
    /// where the call is converted, not by the accesses above.
    pub own_meaning: bool,
    /// Its result is a function of its arguments and it has no other effect (the mathematical
    /// functions): a call stays inside its expression.
    pub function: bool,
}

use Arg::*;

const fn pure(name: &'static str, header: &'static str, section: &'static str) -> Routine {
    Routine {
        name,
        header,
        section,
        args: &[],
        varargs: VarArgs::None,
        state: &[],
        safety: Safety::Safe,
        own_meaning: false,
        function: false,
    }
}

/// A mathematical function (C11 7.12: `errno` has thread storage duration, 7.5p2, so setting it
/// is no shared effect).
const fn math(name: &'static str, header: &'static str, section: &'static str) -> Routine {
    Routine {
        function: true,
        ..pure(name, header, section)
    }
}

const fn reads(
    name: &'static str,
    header: &'static str,
    section: &'static str,
    args: &'static [Arg],
) -> Routine {
    Routine {
        args,
        ..pure(name, header, section)
    }
}

const fn own(name: &'static str, header: &'static str, section: &'static str) -> Routine {
    Routine {
        own_meaning: true,
        ..pure(name, header, section)
    }
}

/// Every routine of ompv's C library headers.
pub const ROUTINES: &[Routine] = &[
    // <stdio.h>: streams carry locks of their own (C11 7.21.2p7-8).
    Routine {
        varargs: VarArgs::Print,
        ..reads("printf", "stdio.h", "C11 7.21.6.3", &[ReadString])
    },
    Routine {
        varargs: VarArgs::Print,
        ..reads("fprintf", "stdio.h", "C11 7.21.6.1", &[Stream, ReadString])
    },
    Routine {
        varargs: VarArgs::Print,
        ..reads(
            "sprintf",
            "stdio.h",
            "C11 7.21.6.6",
            &[WriteString, ReadString],
        )
    },
    Routine {
        varargs: VarArgs::Print,
        ..reads(
            "snprintf",
            "stdio.h",
            "C11 7.21.6.5",
            &[WriteString, Value, ReadString],
        )
    },
    reads("puts", "stdio.h", "C11 7.21.7.9", &[ReadString]),
    reads("fputs", "stdio.h", "C11 7.21.7.4", &[ReadString, Stream]),
    pure("putchar", "stdio.h", "C11 7.21.7.8"),
    reads("fputc", "stdio.h", "C11 7.21.7.3", &[Value, Stream]),
    reads("putc", "stdio.h", "C11 7.21.7.7", &[Value, Stream]),
    reads("fflush", "stdio.h", "C11 7.21.5.2", &[Stream]),
    pure("getchar", "stdio.h", "C11 7.21.7.6"),
    Routine {
        varargs: VarArgs::Scan,
        ..reads("scanf", "stdio.h", "C11 7.21.6.4", &[ReadString])
    },
    Routine {
        varargs: VarArgs::Scan,
        ..reads("fscanf", "stdio.h", "C11 7.21.6.2", &[Stream, ReadString])
    },
    Routine {
        varargs: VarArgs::Scan,
        ..reads(
            "sscanf",
            "stdio.h",
            "C11 7.21.6.7",
            &[ReadString, ReadString],
        )
    },
    reads(
        "fopen",
        "stdio.h",
        "C11 7.21.5.3",
        &[ReadString, ReadString],
    ),
    reads("fclose", "stdio.h", "C11 7.21.5.1", &[Stream]),
    reads("perror", "stdio.h", "C11 7.21.10.4", &[ReadString]),
    reads("remove", "stdio.h", "C11 7.21.4.1", &[ReadString]),
    // <stdlib.h>
    own("malloc", "stdlib.h", "C11 7.22.3.4"),
    own("calloc", "stdlib.h", "C11 7.22.3.2"),
    own("realloc", "stdlib.h", "C11 7.22.3.5"),
    own("free", "stdlib.h", "C11 7.22.3.3"),
    reads("atoi", "stdlib.h", "C11 7.22.1.2", &[ReadString]),
    reads("atol", "stdlib.h", "C11 7.22.1.2", &[ReadString]),
    reads("atoll", "stdlib.h", "C11 7.22.1.2", &[ReadString]),
    reads("atof", "stdlib.h", "C11 7.22.1.1", &[ReadString]),
    reads(
        "strtol",
        "stdlib.h",
        "C11 7.22.1.4",
        &[ReadString, EndPointer, Value],
    ),
    reads(
        "strtoul",
        "stdlib.h",
        "C11 7.22.1.4",
        &[ReadString, EndPointer, Value],
    ),
    reads(
        "strtod",
        "stdlib.h",
        "C11 7.22.1.3",
        &[ReadString, EndPointer],
    ),
    // C11 7.22.2.1p3, 7.22.2.2p3: not required to avoid data races with other calls of the
    // pseudo-random sequence functions.
    Routine {
        state: &[(State::Rand, Use::Update)],
        safety: Safety::MayRace,
        ..pure("rand", "stdlib.h", "C11 7.22.2.1")
    },
    Routine {
        state: &[(State::Rand, Use::Update)],
        safety: Safety::MayRace,
        ..pure("srand", "stdlib.h", "C11 7.22.2.2")
    },
    // POSIX: the sequence is in the seed the caller passes.
    reads("rand_r", "stdlib.h", "POSIX rand_r", &[WriteObject]),
    // POSIX: `random` and `srandom` need not be thread-safe.
    Routine {
        state: &[(State::Random, Use::Update)],
        safety: Safety::MayRace,
        ..pure("random", "stdlib.h", "POSIX random")
    },
    Routine {
        state: &[(State::Random, Use::Update)],
        safety: Safety::MayRace,
        ..pure("srandom", "stdlib.h", "POSIX srandom")
    },
    // POSIX.1-2017 §2.9.1: `drand48` and `lrand48` need not be thread-safe; `srand48` sets
    // the state they update.
    Routine {
        state: &[(State::Rand48, Use::Update)],
        safety: Safety::MayRace,
        ..pure("drand48", "stdlib.h", "POSIX drand48")
    },
    Routine {
        state: &[(State::Rand48, Use::Update)],
        safety: Safety::MayRace,
        ..pure("lrand48", "stdlib.h", "POSIX lrand48")
    },
    Routine {
        state: &[(State::Rand48, Use::Update)],
        safety: Safety::MayRace,
        ..pure("srand48", "stdlib.h", "POSIX srand48")
    },
    own("exit", "stdlib.h", "C11 7.22.4.4"),
    own("abort", "stdlib.h", "C11 7.22.4.1"),
    math("abs", "stdlib.h", "C11 7.22.6.1"),
    math("labs", "stdlib.h", "C11 7.22.6.1"),
    // C11 7.22.4.6p4: need not avoid races with threads that modify the environment (nothing
    // in ompv's headers does).
    Routine {
        state: &[(State::Environment, Use::Read)],
        ..reads("getenv", "stdlib.h", "C11 7.22.4.6", &[ReadString])
    },
    reads("system", "stdlib.h", "C11 7.22.4.8", &[ReadString]),
    // <string.h>
    own("memset", "string.h", "C11 7.24.6.1"),
    own("memcpy", "string.h", "C11 7.24.2.1"),
    reads("strlen", "string.h", "C11 7.24.6.3", &[ReadString]),
    reads(
        "strcmp",
        "string.h",
        "C11 7.24.4.2",
        &[ReadString, ReadString],
    ),
    reads(
        "strncmp",
        "string.h",
        "C11 7.24.4.4",
        &[ReadString, ReadString, Value],
    ),
    reads(
        "strcpy",
        "string.h",
        "C11 7.24.2.3",
        &[WriteString, ReadString],
    ),
    reads(
        "strncpy",
        "string.h",
        "C11 7.24.2.4",
        &[WriteString, ReadString, Value],
    ),
    reads(
        "strcat",
        "string.h",
        "C11 7.24.3.1",
        &[ReadWriteString, ReadString],
    ),
    // C11 7.24.5.8p6: not required to avoid data races with other calls of `strtok`.
    Routine {
        state: &[(State::Strtok, Use::Update)],
        safety: Safety::MayRace,
        ..reads(
            "strtok",
            "string.h",
            "C11 7.24.5.8",
            &[ReadWriteString, ReadString],
        )
    },
    // C11 7.24.6.2p3: not required to avoid data races with other calls of `strerror`.
    Routine {
        state: &[(State::Strerror, Use::Update)],
        safety: Safety::MayRace,
        ..pure("strerror", "string.h", "C11 7.24.6.2")
    },
    // <math.h>
    math("sqrt", "math.h", "C11 7.12.7.5"),
    math("fabs", "math.h", "C11 7.12.7.2"),
    math("sin", "math.h", "C11 7.12.4.6"),
    math("cos", "math.h", "C11 7.12.4.5"),
    math("tan", "math.h", "C11 7.12.4.7"),
    math("exp", "math.h", "C11 7.12.6.1"),
    math("log", "math.h", "C11 7.12.6.7"),
    math("log10", "math.h", "C11 7.12.6.8"),
    math("pow", "math.h", "C11 7.12.7.4"),
    math("floor", "math.h", "C11 7.12.9.2"),
    math("ceil", "math.h", "C11 7.12.9.1"),
    math("round", "math.h", "C11 7.12.9.6"),
    math("fmin", "math.h", "C11 7.12.12.3"),
    math("fmax", "math.h", "C11 7.12.12.2"),
    math("fmod", "math.h", "C11 7.12.10.1"),
    math("atan", "math.h", "C11 7.12.4.3"),
    math("atan2", "math.h", "C11 7.12.4.4"),
    math("sqrtf", "math.h", "C11 7.12.7.5"),
    math("fabsf", "math.h", "C11 7.12.7.2"),
    // <time.h>: `time` stores through its argument, as its contract in the header says.
    own("time", "time.h", "C11 7.27.2.4"),
    pure("clock", "time.h", "C11 7.27.2.1"),
    // <unistd.h>
    pure("sleep", "unistd.h", "POSIX sleep"),
    pure("usleep", "unistd.h", "POSIX usleep"),
    // <assert.h>: `assert(e)` is a proof obligation.
    own("__ompv_assert", "assert.h", "C11 7.2.1.1"),
];

/// The entry of the routine `name`, if ompv's headers declare it.
pub fn routine(name: &str) -> Option<&'static Routine> {
    ROUTINES.iter().find(|r| r.name == name)
}

/// The README's table of library routines that access memory beyond their value arguments.
pub fn markdown() -> String {
    let mut out = String::from(
        "| Routine | Header | Through its arguments | Hidden state | Calls on several threads \
         | Standard |\n|---|---|---|---|---|---|\n",
    );
    for r in ROUTINES {
        if r.own_meaning {
            continue;
        }
        let mut args: Vec<String> = Vec::new();
        for (k, a) in r.args.iter().enumerate() {
            let what = match a {
                Value | Stream => continue,
                ReadString => "reads the string",
                WriteString => "writes a string into",
                ReadWriteString => "reads and writes the string",
                WriteObject => "writes the object",
                EndPointer => "stores the end pointer through",
            };
            args.push(format!("{what} #{}", k + 1));
        }
        match r.varargs {
            VarArgs::None => {}
            VarArgs::Print => args.push("reads the strings of `%s`".into()),
            VarArgs::Scan => args.push("stores through every pointer after the format".into()),
        }
        if args.is_empty() && r.state.is_empty() {
            continue;
        }
        let state: Vec<String> = r
            .state
            .iter()
            .map(|(s, u)| {
                format!(
                    "`{}` ({})",
                    s.global_name(),
                    match u {
                        Use::Read => "read",
                        Use::Update => "updated",
                    }
                )
            })
            .collect();
        out.push_str(&format!(
            "| `{}` | `{}` | {} | {} | {} | {} |\n",
            r.name,
            r.header,
            if args.is_empty() {
                "—".to_string()
            } else {
                args.join("; ")
            },
            if state.is_empty() {
                "—".to_string()
            } else {
                state.join(", ")
            },
            match r.safety {
                Safety::Safe => "no race between calls",
                Safety::MayRace => "**may race** with each other",
            },
            r.section
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The function names a header of ompv declares (a declaration is a line with `name(`
    /// before which stands a type, outside comments and macros).
    fn declared(header: &str) -> Vec<String> {
        let mut out = Vec::new();
        let mut in_comment = false;
        for line in header.lines() {
            let mut l = line.trim();
            if in_comment {
                match l.find("*/") {
                    Some(k) => {
                        in_comment = false;
                        l = l[k + 2..].trim();
                    }
                    None => continue,
                }
            }
            if l.starts_with("/*") {
                if !l.contains("*/") {
                    in_comment = true;
                }
                continue;
            }
            if l.starts_with('#') || l.starts_with("typedef") || l.starts_with("extern") {
                continue;
            }
            if let Some(open) = l.find('(') {
                let name: String = l[..open]
                    .chars()
                    .rev()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect::<Vec<_>>()
                    .into_iter()
                    .rev()
                    .collect();
                if !name.is_empty() && l.ends_with(';') {
                    out.push(name);
                }
            }
        }
        out
    }

    #[test]
    fn the_table_has_every_routine_of_the_headers_and_no_other() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("include");
        let mut seen = Vec::new();
        for h in [
            "stdio.h", "stdlib.h", "string.h", "math.h", "time.h", "unistd.h", "assert.h",
        ] {
            let text = std::fs::read_to_string(dir.join(h)).expect("header");
            for name in declared(&text) {
                let r = routine(&name).unwrap_or_else(|| panic!("`{name}` ({h}) has no entry"));
                assert_eq!(r.header, h, "`{name}`");
                seen.push(name);
            }
        }
        for r in ROUTINES {
            assert!(
                seen.iter().any(|n| n == r.name),
                "`{}` has an entry but {} does not declare it",
                r.name,
                r.header
            );
            assert!(
                r.section.starts_with("C11 7.") || r.section.starts_with("POSIX "),
                "`{}`: {}",
                r.name,
                r.section
            );
            assert_eq!(
                r.safety == Safety::MayRace,
                r.state.iter().any(|(_, u)| *u == Use::Update),
                "`{}`: a routine that may race updates hidden state, and only such a one",
                r.name
            );
        }
    }
}
