//! `ompv explain --kind KIND`: what an error kind means and how to fix it (as `rustc --explain`).

use crate::kind::Kind;

/// The text `ompv explain --kind NAME` prints: the explanation, the list of kinds, or (for an
/// unknown name) an error with the closest kind.
pub fn explain(name: &str) -> Result<String, String> {
    if name == "list" {
        let mut out = String::from("kinds of problems ompv reports:\n");
        for k in Kind::ALL {
            out.push_str(&format!("  {:<20}{}\n", k.as_str(), k.summary()));
        }
        return Ok(out);
    }
    match Kind::parse(name) {
        Some(k) => Ok(format!(
            "{}: {}\n\n{}\n",
            k.as_str(),
            k.summary(),
            k.explanation()
        )),
        None => {
            let best = Kind::ALL
                .into_iter()
                .map(|k| (strsim::jaro_winkler(name, k.as_str()), k))
                .max_by(|a, b| a.0.total_cmp(&b.0));
            let hint = match best {
                Some((score, k)) if score > 0.8 => format!("; did you mean `{}`?", k.as_str()),
                _ => String::new(),
            };
            Err(format!(
                "unknown kind `{name}`{hint} (`ompv explain --kind list` lists them)"
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_is_explained_and_misspellings_get_a_hint() {
        for k in Kind::ALL {
            let t = explain(k.as_str()).unwrap();
            assert!(t.starts_with(k.as_str()) && t.len() > 100, "{t}");
        }
        assert!(explain("list").unwrap().contains("iteration-contract"));
        let e = explain("rase").unwrap_err();
        assert!(e.contains("did you mean `race`?"), "{e}");
        let e = explain("zzzzzz").unwrap_err();
        assert!(!e.contains("did you mean"), "{e}");
    }
}
