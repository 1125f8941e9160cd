//! Mapping byte offsets of the preprocessor output back to the original files.
//!
//! Line markers (`# 12 "file" 1`) give the original file and line of every output line. cpp does
//! not keep columns (it collapses whitespace and expands macros), so each output line is aligned
//! token by token with its original line(s): equal tokens map exactly, tokens that come from a macro
//! expansion map to the macro's name in the original.

/// Where an output line comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineOrigin {
    /// Index into [`LineMap::file_names`]; `None` for marker lines.
    pub file: Option<usize>,
    /// 1-based line in that file.
    pub line: u32,
    /// The line of the main file this output line belongs to: the line itself in the main file,
    /// otherwise the `#include` line through which the header was reached.
    pub main_line: u32,
}

/// One token of an output line aligned with the original text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Anchor {
    /// Byte offset of the token in the output.
    out: usize,
    len: usize,
    /// Byte offset in the original file.
    orig: usize,
    /// The token's original length if it was found verbatim; 0 if it comes from a macro expansion
    /// (then every byte of it maps to `orig`).
    orig_len: usize,
}

/// Offsets of the preprocessor output mapped to original files.
#[derive(Debug)]
pub struct LineMap {
    /// File names as they appear in the markers.
    pub file_names: Vec<String>,
    /// Per entry of `file_names`: cpp says it is a system header (flag 3 of its markers).
    pub system: Vec<bool>,
    out_line_starts: Vec<usize>,
    origins: Vec<LineOrigin>,
    /// Alignments of the lines of known files, per output line.
    anchors: Vec<Vec<Anchor>>,
    main: Option<usize>,
}

/// A file whose original text is known (the user's file, ompv's omp.h).
pub struct KnownText<'a> {
    /// The name cpp uses for it in line markers.
    pub marker_name: &'a str,
    pub text: &'a str,
}

impl LineMap {
    /// Builds the map of `output`; `known[0]` is the main file.
    pub fn new(output: &str, known: &[KnownText<'_>]) -> LineMap {
        let mut out_line_starts = vec![0];
        out_line_starts.extend(output.match_indices('\n').map(|(i, _)| i + 1));
        let mut file_names: Vec<String> = Vec::new();
        let mut system: Vec<bool> = Vec::new();
        let mut origins = Vec::with_capacity(out_line_starts.len());
        let mut cur_file: Option<usize> = None;
        let mut cur_line: u32 = 1;
        let mut main: Option<usize> = None;
        let mut include_line: u32 = 0;
        let main_name = known.first().map(|k| k.marker_name);
        for (k, &start) in out_line_starts.iter().enumerate() {
            let end = out_line_starts.get(k + 1).map_or(output.len(), |&e| e - 1);
            let text = &output[start..end];
            if let Some((line, name, flags)) = parse_marker(text) {
                let idx = match file_names.iter().position(|n| *n == name) {
                    Some(i) => i,
                    None => {
                        file_names.push(name.clone());
                        system.push(false);
                        file_names.len() - 1
                    }
                };
                system[idx] = flags.contains(&3);
                if main.is_none() && Some(name.as_str()) == main_name {
                    main = Some(idx);
                }
                // Entering a header from the main file: remember the `#include` line.
                if flags.contains(&1) && cur_file.is_some() && cur_file == main {
                    include_line = cur_line;
                }
                cur_file = Some(idx);
                cur_line = line;
                origins.push(LineOrigin {
                    file: None,
                    line: 0,
                    main_line: include_line,
                });
                continue;
            }
            let main_line = if cur_file.is_some() && cur_file == main {
                include_line = cur_line;
                cur_line
            } else {
                include_line
            };
            origins.push(LineOrigin {
                file: cur_file,
                line: cur_line,
                main_line,
            });
            cur_line += 1;
        }
        let mut map = LineMap {
            file_names,
            system,
            out_line_starts,
            origins,
            anchors: Vec::new(),
            main,
        };
        map.anchors = map.align_all(output, known);
        map
    }

    fn align_all(&self, output: &str, known: &[KnownText<'_>]) -> Vec<Vec<Anchor>> {
        let known_idx: Vec<Option<&KnownText<'_>>> = self
            .file_names
            .iter()
            .map(|n| known.iter().find(|k| k.marker_name == n))
            .collect();
        let starts_of: Vec<Vec<usize>> = known
            .iter()
            .map(|k| {
                let mut v = vec![0];
                v.extend(k.text.match_indices('\n').map(|(i, _)| i + 1));
                v
            })
            .collect();
        let mut out = Vec::with_capacity(self.origins.len());
        for (k, o) in self.origins.iter().enumerate() {
            let Some(kt) = o.file.and_then(|f| known_idx[f]) else {
                out.push(Vec::new());
                continue;
            };
            let kpos = known.iter().position(|x| std::ptr::eq(x, kt)).unwrap_or(0);
            let starts = &starts_of[kpos];
            let Some(&seg_start) = (o.line as usize).checked_sub(1).and_then(|l| starts.get(l))
            else {
                out.push(Vec::new());
                continue;
            };
            // The original segment runs up to the line of the next output line of the same file
            // (cpp puts a macro call spanning several lines on one output line).
            let next_line = self.origins[k + 1..]
                .iter()
                .find(|n| n.file.is_some())
                .filter(|n| n.file == o.file && n.line > o.line)
                .map_or(o.line + 1, |n| n.line);
            let seg_end = starts
                .get((next_line as usize).saturating_sub(1))
                .map_or(kt.text.len(), |&e| e.saturating_sub(1).max(seg_start));
            let out_start = self.out_line_starts[k];
            let out_end = self
                .out_line_starts
                .get(k + 1)
                .map_or(output.len(), |&e| e - 1);
            out.push(align(
                &output[out_start..out_end],
                out_start,
                &kt.text[seg_start..seg_end],
                seg_start,
            ));
        }
        out
    }

    /// The origin of the output line holding `offset`.
    pub fn origin(&self, offset: usize) -> LineOrigin {
        self.origins[self.out_line(offset)]
    }

    fn out_line(&self, offset: usize) -> usize {
        match self.out_line_starts.binary_search(&offset) {
            Ok(k) => k,
            Err(k) => k - 1,
        }
        .min(self.origins.len() - 1)
    }

    /// Index of the main file in [`LineMap::file_names`].
    pub fn main_file(&self) -> Option<usize> {
        self.main
    }

    /// The original (file index, byte offset) of output `offset`, if it lies in a known file.
    /// With `is_end`, `offset` is an exclusive end and is mapped as such.
    pub fn to_original(&self, offset: usize, is_end: bool) -> Option<(usize, usize)> {
        if is_end && offset > 0 {
            let (f, o) = self.to_original_at(offset - 1, true)?;
            return Some((f, o + 1));
        }
        self.to_original_at(offset, false)
    }

    fn to_original_at(&self, offset: usize, want_end: bool) -> Option<(usize, usize)> {
        let k = self.out_line(offset);
        let file = self.origins[k].file?;
        let anchors = &self.anchors[k];
        if anchors.is_empty() {
            return None;
        }
        let i = anchors.partition_point(|a| a.out <= offset);
        if i == 0 {
            return Some((file, anchors[0].orig));
        }
        let a = anchors[i - 1];
        if offset < a.out + a.len {
            let delta = if a.orig_len > 0 { offset - a.out } else { 0 };
            return Some((file, a.orig + delta.min(a.orig_len.saturating_sub(1))));
        }
        // In whitespace after a token: an end belongs to the token before, a start to the next.
        if want_end || i == anchors.len() {
            Some((file, a.orig + a.orig_len.max(1) - 1))
        } else {
            Some((file, anchors[i].orig))
        }
    }
}

/// Parses a line marker `# N "name" flags…`.
fn parse_marker(line: &str) -> Option<(u32, String, Vec<u32>)> {
    let rest = line.strip_prefix('#')?.trim_start();
    let rest = rest.strip_prefix("line").unwrap_or(rest).trim_start();
    let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
    if digits.is_empty() {
        return None;
    }
    let n = digits.parse().ok()?;
    let rest = rest[digits.len()..].trim_start().strip_prefix('"')?;
    let mut name = String::new();
    let mut chars = rest.char_indices();
    let mut close = None;
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => {
                if let Some((_, e)) = chars.next() {
                    name.push(e);
                }
            }
            '"' => {
                close = Some(i);
                break;
            }
            c => name.push(c),
        }
    }
    let flags = rest[close? + 1..]
        .split_whitespace()
        .filter_map(|f| f.parse().ok())
        .collect();
    Some((n, name, flags))
}

/// Tokens for alignment: identifier/number runs, literals, comments and single punctuation bytes.
fn tokens(s: &str) -> Vec<(usize, usize)> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let word = |c: u8| c.is_ascii_alphanumeric() || c == b'_' || c == b'$' || c >= 0x80;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_whitespace() || (c == b'\\' && matches!(b.get(i + 1), Some(b'\n' | b'\r'))) {
            i += 1;
            continue;
        }
        let start = i;
        if word(c) {
            while i < b.len() && word(b[i]) {
                i += 1;
            }
        } else if c == b'"' || c == b'\'' {
            i += 1;
            while i < b.len() && b[i] != c {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                i += 1;
            }
            i = (i + 2).min(b.len());
        } else if c == b'/' && b.get(i + 1) == Some(&b'/') {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else {
            i += 1;
        }
        out.push((start, i));
    }
    out
}

/// Aligns one output line (`out`, starting at output offset `out_base`) with its original segment
/// (`orig`, at original offset `orig_base`).
fn align(out: &str, out_base: usize, orig: &str, orig_base: usize) -> Vec<Anchor> {
    let ot = tokens(out);
    let st = tokens(orig);
    let text_o = |k: usize| &out[ot[k].0..ot[k].1];
    let text_s = |k: usize| &orig[st[k].0..st[k].1];
    let mut anchors = Vec::with_capacity(ot.len());
    let (mut i, mut j) = (0, 0);
    while i < ot.len() {
        if j < st.len() && text_o(i) == text_s(j) {
            anchors.push(Anchor {
                out: out_base + ot[i].0,
                len: ot[i].1 - ot[i].0,
                orig: orig_base + st[j].0,
                orig_len: st[j].1 - st[j].0,
            });
            i += 1;
            j += 1;
            continue;
        }
        // Mismatch (a macro expansion): find the nearest point where both sides agree again on two
        // tokens in a row (or on the last token), and map the skipped output tokens to the original
        // token where the mismatch started.
        let site = st.get(j).map_or(orig.len(), |t| t.0);
        let mut best: Option<(usize, usize)> = None;
        'search: for cost in 1..(ot.len() - i + st.len().saturating_sub(j) + 1) {
            for di in 0..=cost {
                let (i2, j2) = (i + di, j + 1 + (cost - di));
                if i2 >= ot.len() || j2 > st.len() || j2 == 0 {
                    continue;
                }
                if j2 < st.len()
                    && text_o(i2) == text_s(j2)
                    && (i2 + 1 == ot.len()
                        || (j2 + 1 < st.len() && text_o(i2 + 1) == text_s(j2 + 1)))
                {
                    best = Some((i2, j2));
                    break 'search;
                }
            }
        }
        let (i2, j2) = best.unwrap_or((ot.len(), st.len()));
        for t in &ot[i..i2] {
            anchors.push(Anchor {
                out: out_base + t.0,
                len: t.1 - t.0,
                orig: orig_base + site,
                orig_len: 0,
            });
        }
        i = i2;
        j = j2;
    }
    anchors
}

#[cfg(test)]
mod tests {
    use super::*;

    const ORIG: &str =
        "#define N 10\nint main(){\n\tint   a  =   N;  /* c */ int b;\n  return a;\n}\n";

    fn map_for(output: &str) -> LineMap {
        LineMap::new(
            output,
            &[KnownText {
                marker_name: "t.c",
                text: ORIG,
            }],
        )
    }

    fn orig_of(map: &LineMap, output: &str, needle: &str) -> (usize, usize) {
        let off = output.find(needle).expect("needle in output");
        map.to_original(off, false).expect("mapped")
    }

    #[test]
    fn markers_and_columns() {
        let output = "# 1 \"t.c\"\n\nint main(){\n int a = 10; /* c */ int b;\n  return a;\n}\n";
        let map = map_for(output);
        let (f, o) = orig_of(&map, output, "int b");
        assert_eq!(f, 0);
        assert_eq!(&ORIG[o..o + 5], "int b");
        // The expanded macro maps to the macro name.
        let (_, o) = orig_of(&map, output, "10");
        assert_eq!(&ORIG[o..o + 1], "N");
        let (_, o) = orig_of(&map, output, "return");
        assert_eq!(&ORIG[o..o + 6], "return");
        // An exclusive end maps just past the original token.
        let off = output.find("a = 10").unwrap() + 1;
        let (_, e) = map.to_original(off, true).unwrap();
        assert_eq!(&ORIG[e - 1..e + 1], "a ");
        assert_eq!(map.origin(output.find("return").unwrap()).line, 4);
    }

    #[test]
    fn headers_are_unknown_but_keep_the_include_line() {
        let orig = "#include <x.h>\nint y;\n";
        let output = "# 1 \"m.c\"\n# 1 \"/usr/include/x.h\" 1\nint x;\n# 2 \"m.c\" 2\nint y;\n";
        let map = LineMap::new(
            output,
            &[KnownText {
                marker_name: "m.c",
                text: orig,
            }],
        );
        let off = output.find("int x").unwrap();
        assert!(map.to_original(off, false).is_none());
        assert_eq!(map.origin(off).main_line, 1);
        let off = output.find("int y").unwrap();
        assert_eq!(
            map.to_original(off, false),
            Some((0, orig.find("int y").unwrap()))
        );
    }

    #[test]
    fn marker_parsing() {
        assert_eq!(
            parse_marker("# 12 \"a b.c\" 1 3"),
            Some((12, "a b.c".to_string(), vec![1, 3]))
        );
        assert_eq!(parse_marker("#pragma omp for"), None);
        assert_eq!(
            parse_marker("# 3 \"x\\\"y\""),
            Some((3, "x\"y".into(), vec![]))
        );
    }

    #[test]
    fn function_like_macro_maps_to_its_name() {
        let orig = "int z = MAX(a, b) + c;\n";
        let output = "# 1 \"m.c\"\nint z = ((a) > (b) ? (a) : (b)) + c;\n";
        let map = LineMap::new(
            output,
            &[KnownText {
                marker_name: "m.c",
                text: orig,
            }],
        );
        let (_, o) = map
            .to_original(output.find("+ c").unwrap() + 2, false)
            .unwrap();
        assert_eq!(&orig[o..o + 1], "c");
        let (_, o) = map
            .to_original(output.find("((a)").unwrap(), false)
            .unwrap();
        assert_eq!(&orig[o..o + 3], "MAX");
    }
}
