//! The tokens of a command line's input line: hex values (an optional `0x`) and the line's
//! shape, each error naming the token and what is wrong.

/// A hex token (an optional `0x`; `0x` alone is the empty string), or the error naming it.
pub fn bytes(token: &str, what: &str) -> Result<Vec<u8>, String> {
    hex::decode(token.strip_prefix("0x").unwrap_or(token))
        .map_err(|_| format!("{what}: {}", tripair::Error::NotHex))
}

/// The line's whitespace-separated tokens, if their number is in `n`; else the error naming the
/// shape expected (`shape`, e.g. `'SKHEX MSGHEX'`).
pub fn tokens<'a>(
    line: &'a str,
    shape: &str,
    n: std::ops::RangeInclusive<usize>,
) -> Result<Vec<&'a str>, String> {
    let t: Vec<&str> = line.split_whitespace().collect();
    if n.contains(&t.len()) {
        Ok(t)
    } else {
        Err(format!(
            "malformed input: expected '{shape}', got {} tokens",
            t.len()
        ))
    }
}
