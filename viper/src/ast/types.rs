use std::fmt;

/// A Viper type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    Int,
    Bool,
    Perm,
    Ref,
    Seq(Box<Type>),
    Set(Box<Type>),
    Multiset(Box<Type>),
    /// A domain type with its type arguments (empty for non-generic domains).
    Domain {
        name: String,
        args: Vec<Type>,
    },
    /// A type parameter of the enclosing generic domain.
    Var(String),
}

impl Type {
    pub fn domain(name: impl Into<String>) -> Type {
        Type::Domain {
            name: name.into(),
            args: Vec::new(),
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Int => write!(f, "Int"),
            Type::Bool => write!(f, "Bool"),
            Type::Perm => write!(f, "Perm"),
            Type::Ref => write!(f, "Ref"),
            Type::Seq(t) => write!(f, "Seq[{t}]"),
            Type::Set(t) => write!(f, "Set[{t}]"),
            Type::Multiset(t) => write!(f, "Multiset[{t}]"),
            Type::Domain { name, args } => {
                write!(f, "{name}")?;
                if !args.is_empty() {
                    write!(f, "[")?;
                    for (i, a) in args.iter().enumerate() {
                        if i > 0 {
                            write!(f, ", ")?;
                        }
                        write!(f, "{a}")?;
                    }
                    write!(f, "]")?;
                }
                Ok(())
            }
            Type::Var(v) => write!(f, "{v}"),
        }
    }
}
