//! Turning pest's failures into located `parser.error`s that say, in words, what was expected.

use super::grammar::Rule;
use crate::{FileId, InputError, SourceFile};
use pest::error::{ErrorVariant, InputLocation};

/// Keywords of Silver features that ompv does not parse; reported by name instead of as a
/// generic syntax error. (`import`, `define`, `goto`, `quasihavoc`, `quasihavocall` and
/// `forperm` are parsed; what is not supported of them is reported as `unsupported`.)
const UNSUPPORTED: &[(&str, &str)] = &[
    ("package", "magic wands (`package`) are not supported"),
    ("apply", "magic wands (`apply`) are not supported"),
    ("applying", "magic wands (`applying`) are not supported"),
    ("--*", "magic wands (`--*`) are not supported"),
    ("asserting", "`asserting` is not supported"),
    ("Map", "maps (`Map`) are not supported"),
    ("interpretation", "domain interpretations are not supported"),
    ("lhs", "`old[lhs]` (magic wands) is not supported"),
];

/// Silver's reserved words (the `keyword` rule of the grammar).
const KEYWORDS: &[&str] = &[
    "result",
    "Int",
    "Perm",
    "Bool",
    "Ref",
    "Rational",
    "true",
    "false",
    "null",
    "import",
    "method",
    "function",
    "predicate",
    "domain",
    "axiom",
    "var",
    "returns",
    "field",
    "define",
    "interpretation",
    "requires",
    "ensures",
    "invariant",
    "fold",
    "unfold",
    "inhale",
    "exhale",
    "new",
    "assert",
    "assume",
    "package",
    "apply",
    "quasihavoc",
    "quasihavocall",
    "while",
    "if",
    "elseif",
    "else",
    "goto",
    "label",
    "Seq",
    "Set",
    "Multiset",
    "union",
    "intersection",
    "setminus",
    "subset",
    "Map",
    "range",
    "unfolding",
    "in",
    "applying",
    "asserting",
    "old",
    "lhs",
    "let",
    "forall",
    "exists",
    "forperm",
    "acc",
    "wildcard",
    "write",
    "none",
    "epsilon",
    "perm",
    "unique",
];

/// Builds the `parser.error` for a failed pest parse.
pub(super) fn from_pest(
    e: &pest::error::Error<Rule>,
    source: &SourceFile,
    file: FileId,
) -> InputError {
    let text = source.text();
    let pos = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    if let Some(c) = unterminated_comment(text) {
        if c <= pos {
            return InputError::parser(
                source.span(file, c, c + 2),
                "unterminated block comment `/*`",
            );
        }
    }
    // At the end of the input, point at the end of the last line (as Silver does) rather than
    // at the empty line after a final line break.
    let at_end = pos >= text.len();
    let pos = if at_end {
        text.trim_end_matches(['\n', '\r']).len()
    } else {
        pos
    };
    let token = if at_end { "" } else { token_at(text, pos) };
    let span = source.span(file, pos, pos + token.len());
    for (word, message) in UNSUPPORTED {
        if token == *word {
            return InputError::parser(span, *message);
        }
    }
    let found = if token.is_empty() {
        "end of input".to_string()
    } else {
        format!("`{token}`")
    };
    let message = match &e.variant {
        ErrorVariant::CustomError { message } => {
            if message.contains("limit") {
                "the program is nested too deeply".to_string()
            } else {
                message.clone()
            }
        }
        ErrorVariant::ParsingError { positives, .. } => {
            let found = if KEYWORDS.contains(&token) {
                format!("the keyword `{token}`")
            } else {
                found
            };
            let expected = describe_all(positives);
            if expected.is_empty() {
                format!("unexpected {found}")
            } else {
                format!("expected {expected}, found {found}")
            }
        }
    };
    InputError::parser(span, message)
}

/// The byte offset of the first `/*` that is never closed, if any (outside `//` comments).
fn unterminated_comment(text: &str) -> Option<usize> {
    let b = text.as_bytes();
    let mut i = 0;
    while i + 1 < b.len() {
        match (b[i], b[i + 1]) {
            (b'/', b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            (b'/', b'*') => match text[i + 2..].find("*/") {
                Some(k) => i = i + 2 + k + 2,
                None => return Some(i),
            },
            _ => i += 1,
        }
    }
    None
}

/// The token starting at `pos`: a word, a known multi-character operator, or one character;
/// empty at the end of the text.
fn token_at(text: &str, pos: usize) -> &str {
    let rest = text.get(pos..).unwrap_or("");
    let word_len = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
        .unwrap_or(rest.len());
    if word_len > 0 {
        return &rest[..word_len];
    }
    const OPS: &[&str] = &[
        "<==>", "--*", "==>", "::", ":=", "..", "==", "!=", "<=", ">=", "&&", "||", "++",
    ];
    for op in OPS {
        if rest.starts_with(op) {
            return &rest[..op.len()];
        }
    }
    rest.chars().next().map_or("", |c| &rest[..c.len_utf8()])
}

/// How a rule is named in an error message; rules in the same category share one name.
fn describe(rule: Rule) -> Option<&'static str> {
    use Rule::*;
    Some(match rule {
        EOI => "end of input",
        ident | domain_type => "an identifier",
        int_lit => "an integer",
        expr | unary_expr | suffix_expr | paren_expr | call | name_expr | literal | old_expr
        | acc_expr | perm_expr | quant_expr | let_expr | unfolding_expr | seq_lit | set_lit
        | multiset_lit | seq_range | size_expr | op_unary | kw_old | kw_acc | kw_perm
        | kw_forall | kw_exists | kw_let | kw_unfolding | kw_seq | kw_set | kw_multiset => {
            "an expression"
        }
        op_cond | op_iff | op_implies | op_or | op_and | op_eq | op_cmp | op_sum | op_mul
        | field_suffix | index_suffix | index_open | question | dot | kw_union
        | kw_intersection | kw_setminus | kw_subset => "an operator",
        typ | seq_type | set_type | multiset_type | kw_int | kw_bool | kw_perm_type | kw_ref => {
            "a type"
        }
        var_stmt | if_stmt | while_stmt | inhale_stmt | exhale_stmt | assert_stmt | assume_stmt
        | label_stmt | fold_stmt | unfold_stmt | assign_stmt | call_stmt | kw_var | kw_if
        | kw_while | kw_inhale | kw_exhale | kw_assert | kw_assume | kw_label | kw_fold
        | kw_unfold | block => "a statement",
        program | field_decl | method_decl | function_decl | predicate_decl | domain_decl
        | kw_field | kw_method | kw_function | kw_predicate | kw_domain => "a declaration",
        domain_function | axiom_decl | kw_axiom | kw_unique => "a domain function or axiom",
        binding | formal_args => "a declaration `name: Type`",
        new_expr | kw_new => "`new`",
        trigger => "a trigger `{ .. }`",
        lparen | call_args | condition => "`(`",
        rparen => "`)`",
        lbracket | elem_type | type_params => "`[`",
        rbracket => "`]`",
        lbrace | body_expr => "`{`",
        rbrace => "`}`",
        comma => "`,`",
        semi => "`;`",
        colon => "`:`",
        coloncolon => "`::`",
        assign_op => "`:=`",
        dotdot => "`..`",
        star => "`*`",
        bar => "`|`",
        eqeq_let => "`==`",
        kw_in => "`in`",
        kw_returns => "`returns`",
        kw_requires | precondition => "`requires`",
        kw_ensures | postcondition => "`ensures`",
        kw_invariant | invariant => "`invariant`",
        kw_elseif | elseif_part => "`elseif`",
        kw_else | else_part => "`else`",
        returns_clause => "`returns`",
        _ => return None,
    })
}

/// "A, B or C" from the attempted rules, specific tokens before categories, without repeats.
fn describe_all(rules: &[Rule]) -> String {
    let mut names: Vec<&str> = Vec::new();
    for r in rules {
        if let Some(n) = describe(*r) {
            if !names.contains(&n) {
                names.push(n);
            }
        }
    }
    // Where a statement may start, identifiers, expressions and blocks are statements too.
    if names.contains(&"a statement") {
        names.retain(|n| !matches!(*n, "an identifier" | "an expression" | "`{`"));
    }
    // Specific tokens (quoted) first, then categories, each group in attempt order.
    names.sort_by_key(|n| !n.starts_with('`'));
    match names.len() {
        0 => String::new(),
        1 => names[0].to_string(),
        n => format!("{} or {}", names[..n - 1].join(", "), names[n - 1]),
    }
}
