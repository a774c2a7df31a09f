//! Fuzz body for the line answerer of `pair`, `check` and the other line commands: reading with
//! a bound, answering on several threads, writing back in input order, stopping on a write error.

use std::io::{self, Cursor, Write};
use std::sync::Arc;
use std::time::Duration;
use tripair_cli::lines::{answer_lines, AnswerFn, RunError, Summary};

/// A writer that takes `room` bytes and then fails, keeping what it took.
struct Limited {
    room: usize,
    taken: Vec<u8>,
}

impl Write for Limited {
    fn write(&mut self, b: &[u8]) -> io::Result<usize> {
        if self.room == 0 {
            return Err(io::Error::from(io::ErrorKind::BrokenPipe));
        }
        let n = b.len().min(self.room);
        self.room -= n;
        self.taken.extend_from_slice(&b[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

fn run(
    input: &[u8],
    threads: usize,
    max: usize,
    room: usize,
    f: &AnswerFn,
) -> (Result<Summary, RunError>, Vec<u8>) {
    let mut out = Limited {
        room,
        taken: Vec::new(),
    };
    let r = answer_lines(
        Cursor::new(input.to_vec()),
        &mut out,
        threads,
        max,
        f.clone(),
    );
    (r, out.taken)
}

/// Byte 0 picks the threads (1 to 4) and the line bound (8 to 71 bytes), byte 1 where the
/// output fails (after 4 times its value in bytes, or never for 255); the rest is the input.
/// Lines starting with `e` are refused, with `s` answered after a short sleep (so that answers
/// finish out of order), others reversed. Properties: one answer line per input line, the same
/// answers and counts on every thread count as on one, and a failing output ends the run with a
/// write error after a prefix of those answers.
pub fn lines(data: &[u8]) {
    let [sel, room, input @ ..] = data else {
        return;
    };
    let threads = 1 + (sel & 3) as usize;
    let max = 8 + (sel >> 2) as usize;
    let f: AnswerFn = Arc::new(|l: &str| match l.as_bytes().first() {
        Some(b'e') => Err(format!("refused {}", l.len())),
        Some(b's') => {
            std::thread::sleep(Duration::from_micros(20));
            Ok(l.chars().rev().collect())
        }
        _ => Ok(l.chars().rev().collect()),
    });
    let (one, expected) = run(input, 1, max, usize::MAX, &f);
    let one = one.expect("a complete run on one thread");
    let lines = input.split(|&b| b == b'\n').count() - usize::from(input.ends_with(b"\n"));
    let lines = if input.is_empty() { 0 } else { lines };
    assert_eq!(one.lines, lines, "one answer per input line");
    assert_eq!(expected.iter().filter(|&&b| b == b'\n').count(), lines);
    let (many, answers) = run(input, threads, max, usize::MAX, &f);
    let many = many.expect("a complete run on several threads");
    assert_eq!((many.lines, many.failed), (one.lines, one.failed));
    assert_eq!(answers, expected, "{threads} threads answer as one");
    if *room != 255 {
        let (cut, taken) = run(input, threads, max, 4 * *room as usize, &f);
        assert!(expected.starts_with(&taken), "what was written is a prefix");
        match cut {
            Ok(_) => assert_eq!(taken, expected),
            Err(RunError::Write(_)) => assert!(taken.len() < expected.len()),
            Err(e) => panic!("unexpected end of the run: {e}"),
        }
    }
}
