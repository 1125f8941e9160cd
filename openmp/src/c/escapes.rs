//! The values of character constants and string literals (C11 6.4.4.4, 6.4.5): escape
//! sequences, and the bytes of adjacent literals, concatenated (translation phase 6). Only
//! literals of plain `char` (and `u8`) are read; a wide one (`L`, `u`, `U`) is refused.

/// Why a literal's value cannot be given.
pub type Refusal = &'static str;

/// The bytes of the string literals in `text` (their tokens as written, one after the other,
/// as `"ab" "cd"` or `"ab""cd"`), without the terminating null character.
pub fn string_bytes(text: &str) -> Result<Vec<u8>, Refusal> {
    let mut out = Vec::new();
    let mut rest = text.trim_start();
    while !rest.is_empty() {
        let open = rest
            .find('"')
            .ok_or("a string literal without its opening quote")?;
        match &rest[..open] {
            "" | "u8" => {}
            _ => return Err("wide string literals"),
        }
        let (bytes, len) = quoted(&rest[open + 1..], b'"')?;
        out.extend(bytes);
        rest = rest[open + 1 + len + 1..].trim_start();
    }
    Ok(out)
}

/// The value of the character constant `text` (`'a'`, `'\n'`, `'\x41'`): its byte as a `char`,
/// which is signed on the targets ompv models. Multi-character and wide constants are refused.
pub fn char_value(text: &str) -> Result<i128, Refusal> {
    let inner = text
        .strip_prefix('\'')
        .ok_or("wide or prefixed character constants")?;
    let (bytes, len) = quoted(inner, b'\'')?;
    if len + 1 != inner.len() {
        return Err("this character constant");
    }
    match bytes.as_slice() {
        [b] => Ok(*b as i8 as i128),
        _ => Err("multi-character constants (their value is implementation-defined)"),
    }
}

/// The bytes of `s` up to the unescaped `close` quote, and the length of `s` before it.
fn quoted(s: &str, close: u8) -> Result<(Vec<u8>, usize), Refusal> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut k = 0;
    while k < b.len() {
        match b[k] {
            c if c == close => return Ok((out, k)),
            b'\\' => {
                let (byte, used) = escape(&b[k + 1..])?;
                out.push(byte);
                k += 1 + used;
            }
            c => {
                out.push(c);
                k += 1;
            }
        }
    }
    Err("a literal without its closing quote")
}

/// The byte of the escape sequence after a backslash, and how many bytes it takes.
fn escape(b: &[u8]) -> Result<(u8, usize), Refusal> {
    let simple = match b.first() {
        Some(b'\'') => b'\'',
        Some(b'"') => b'"',
        Some(b'?') => b'?',
        Some(b'\\') => b'\\',
        Some(b'a') => 7,
        Some(b'b') => 8,
        Some(b'f') => 12,
        Some(b'n') => b'\n',
        Some(b'r') => b'\r',
        Some(b't') => b'\t',
        Some(b'v') => 11,
        Some(b'0'..=b'7') => {
            // Up to three octal digits (6.4.4.4p7).
            let n = b
                .iter()
                .take(3)
                .take_while(|c| matches!(c, b'0'..=b'7'))
                .count();
            let v = b[..n].iter().fold(0u32, |v, c| v * 8 + u32::from(c - b'0'));
            let v = u8::try_from(v).map_err(|_| "an octal escape beyond a `char`")?;
            return Ok((v, n));
        }
        Some(b'x') => {
            // As many hexadecimal digits as follow (6.4.4.4p7).
            let n = b[1..].iter().take_while(|c| c.is_ascii_hexdigit()).count();
            if n == 0 {
                return Err("`\\x` without hexadecimal digits");
            }
            let mut v: u32 = 0;
            for c in &b[1..=n] {
                let d = (*c as char).to_digit(16).expect("a hexadecimal digit");
                v = v
                    .checked_mul(16)
                    .ok_or("a hexadecimal escape beyond a `char`")?
                    + d;
            }
            let v = u8::try_from(v).map_err(|_| "a hexadecimal escape beyond a `char`")?;
            return Ok((v, 1 + n));
        }
        Some(b'u' | b'U') => return Err("universal character names"),
        _ => return Err("an unknown escape sequence"),
    };
    Ok((simple, 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_concatenate_and_resolve_escapes() {
        assert_eq!(string_bytes(r#""ab""cd""#).unwrap(), b"abcd");
        assert_eq!(string_bytes(r#""a\n" u8"\x41\101\0""#).unwrap(), b"a\nAA\0");
        // An octal escape takes at most three digits; a hexadecimal one every digit.
        assert_eq!(string_bytes(r#""\1234""#).unwrap(), b"S4");
        assert_eq!(string_bytes(r#""\x4a""#).unwrap(), b"J");
        assert_eq!(string_bytes(r#""\"\\\?""#).unwrap(), b"\"\\?");
        assert_eq!(string_bytes(r#""""#).unwrap(), b"");
        assert!(string_bytes(r#"L"wide""#).is_err());
        assert!(string_bytes(r#""\x100""#).is_err());
        assert!(string_bytes(r#""\q""#).is_err());
        assert!(string_bytes(r#""open"#).is_err());
    }

    #[test]
    fn character_constants_are_signed_chars() {
        assert_eq!(char_value("'a'"), Ok(97));
        assert_eq!(char_value(r"'\n'"), Ok(10));
        assert_eq!(char_value(r"'\''"), Ok(39));
        assert_eq!(char_value(r"'\0'"), Ok(0));
        assert_eq!(char_value(r"'\xff'"), Ok(-1));
        assert_eq!(char_value(r"'\377'"), Ok(-1));
        assert!(char_value("'ab'").is_err());
        assert!(char_value("L'a'").is_err());
    }
}
