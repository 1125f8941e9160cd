//! "Did you mean" hints for misspelt keywords of pragmas and specifications.

/// The candidate closest to `word`, if it is close enough to be a likely misspelling (and not
/// `word` itself).
pub fn closest<'a>(word: &str, candidates: &[&'a str]) -> Option<&'a str> {
    if word.len() < 2 {
        return None;
    }
    candidates
        .iter()
        .filter(|c| **c != word)
        .map(|c| (strsim::jaro_winkler(word, c), *c))
        .filter(|(score, c)| *score >= 0.85 || strsim::levenshtein(word, c) <= 1)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// `; did you mean \`x\`?` for the closest candidate, or nothing.
pub fn hint(word: &str, candidates: &[&str]) -> String {
    closest(word, candidates)
        .map(|c| format!("; did you mean `{c}`?"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn near_misses_get_a_hint_and_far_words_none() {
        let kws = [
            "requires",
            "ensures",
            "context",
            "context_everywhere",
            "loop_invariant",
        ];
        assert_eq!(closest("requries", &kws), Some("requires"));
        assert_eq!(closest("contxt", &kws), Some("context"));
        assert_eq!(closest("ensure", &kws), Some("ensures"));
        assert_eq!(closest("frobnicate", &kws), None);
        assert_eq!(closest("requires", &kws), None);
        assert_eq!(
            hint("paralel", &["parallel", "for"]),
            "; did you mean `parallel`?"
        );
    }
}
