//! Line-at-a-time answering for `tripair pair` and `tripair check`: one answer line per input
//! line, in input order, each flushed as soon as it is known (so a coprocess that writes one line
//! and waits gets its answer), with lines held to a bounded length and read and write errors
//! ending the run instead of being skipped or retried.

use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};

/// The longest input line answered, in bytes (newline excluded): 1 MiB holds a pairing check of
/// about 1,800 BLS12-381 pairs. Longer lines are answered `error: line too long` without being
/// held in memory.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One input line as read: its text (newline and a trailing carriage return removed), or why it
/// cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Line {
    /// The line's text.
    Text(String),
    /// The line had more than the reader's bound of bytes; its bytes were dropped as they came.
    TooLong,
    /// The line is not UTF-8 text.
    NotUtf8,
}

/// Reads lines of at most `max` bytes from a buffered reader. A longer line is consumed and
/// dropped chunk by chunk, so memory stays bounded by `max` plus the reader's buffer.
pub struct LineReader<R> {
    inner: R,
    max: usize,
    buf: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    /// A reader answering lines of at most `max` bytes.
    pub fn new(inner: R, max: usize) -> Self {
        LineReader {
            inner,
            max,
            buf: Vec::new(),
        }
    }

    /// The next line, `None` at the end of the input, or the read error (a persistent error is
    /// returned, not retried: the caller ends the run).
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
        self.buf.clear();
        let mut too_long = false;
        let mut seen_any = false;
        loop {
            let chunk = match self.inner.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                if !seen_any {
                    return Ok(None);
                }
                break;
            }
            seen_any = true;
            let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i, true),
                None => (chunk.len(), false),
            };
            if !too_long {
                if self.buf.len() + take > self.max {
                    too_long = true;
                    self.buf.clear();
                } else {
                    self.buf.extend_from_slice(&chunk[..take]);
                }
            }
            self.inner.consume(take + usize::from(done));
            if done {
                break;
            }
        }
        if too_long {
            return Ok(Some(Line::TooLong));
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        Ok(Some(match std::str::from_utf8(&self.buf) {
            Ok(s) => Line::Text(s.to_string()),
            Err(_) => Line::NotUtf8,
        }))
    }
}

/// The answer to one line and whether it counts as a failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The answer line (without its newline).
    pub text: String,
    /// Whether the line failed (an `error: ...` answer).
    pub failed: bool,
}

/// The answer to one line: blank lines get blank answers (not failures); text goes to `f`, whose
/// error becomes `error: <message>`.
pub fn answer_line(line: &Line, max: usize, f: &dyn Fn(&str) -> Result<String, String>) -> Answer {
    let err = |text: String| Answer {
        text: format!("error: {text}"),
        failed: true,
    };
    match line {
        Line::TooLong => err(format!("line too long (over {max} bytes)")),
        Line::NotUtf8 => err("malformed input: not UTF-8 text".to_string()),
        Line::Text(t) if t.trim().is_empty() => Answer {
            text: String::new(),
            failed: false,
        },
        Line::Text(t) => match f(t) {
            Ok(text) => Answer {
                text,
                failed: false,
            },
            Err(e) => err(e),
        },
    }
}

/// How a run of [`answer_lines`] ended when it did not reach the end of its input.
#[derive(Debug)]
pub enum RunError {
    /// Reading the input failed (after the answers to the lines before were written).
    Read(io::Error),
    /// Writing an answer failed (for instance a closed pipe): the work stopped at once.
    Write(io::Error),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Read(e) => write!(f, "cannot read input: {e}"),
            RunError::Write(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                write!(f, "output closed (broken pipe); stopped")
            }
            RunError::Write(e) => write!(f, "cannot write output: {e}"),
        }
    }
}

/// What a complete run answered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Lines answered.
    pub lines: usize,
    /// Lines answered with an error.
    pub failed: usize,
}

/// A line answerer shared by the worker threads.
pub type AnswerFn = Arc<dyn Fn(&str) -> Result<String, String> + Send + Sync>;

fn write_answer(out: &mut dyn Write, a: &Answer) -> Result<(), RunError> {
    out.write_all(a.text.as_bytes())
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush())
        .map_err(RunError::Write)
}

/// Answers every line of `input` with `f` onto `out`, in input order, flushing each answer as it
/// is written; with `threads` > 1 the lines are answered by that many worker threads (a reader
/// thread feeds them, this thread writes in order). Stops at the first read error (after the
/// earlier answers) or write error; on a write error the worker threads are told to stop and left
/// to finish their current line, so the caller should exit promptly.
pub fn answer_lines<R: BufRead + Send + 'static>(
    input: R,
    out: &mut dyn Write,
    threads: usize,
    max: usize,
    f: AnswerFn,
) -> Result<Summary, RunError> {
    let mut summary = Summary::default();
    if threads <= 1 {
        let mut reader = LineReader::new(input, max);
        while let Some(line) = reader.next_line().map_err(RunError::Read)? {
            let a = answer_line(&line, max, &*f);
            summary.lines += 1;
            summary.failed += usize::from(a.failed);
            write_answer(out, &a)?;
        }
        return Ok(summary);
    }

    let stop = Arc::new(AtomicBool::new(false));
    // A bounded job queue keeps at most a few lines (each at most `max` bytes) in memory.
    let (job_tx, job_rx) = mpsc::sync_channel::<(usize, io::Result<Line>)>(threads);
    let (res_tx, res_rx) = mpsc::channel::<(usize, Result<Answer, io::Error>)>();
    {
        let stop = Arc::clone(&stop);
        std::thread::spawn(move || {
            let mut reader = LineReader::new(input, max);
            for index in 0.. {
                if stop.load(Ordering::Relaxed) {
                    return;
                }
                match reader.next_line() {
                    Ok(None) => return,
                    Ok(Some(line)) => {
                        if job_tx.send((index, Ok(line))).is_err() {
                            return;
                        }
                    }
                    Err(e) => {
                        let _ = job_tx.send((index, Err(e)));
                        return;
                    }
                }
            }
        });
    }
    let job_rx = Arc::new(Mutex::new(job_rx));
    for _ in 0..threads {
        let (job_rx, res_tx, stop, f) = (
            Arc::clone(&job_rx),
            res_tx.clone(),
            Arc::clone(&stop),
            Arc::clone(&f),
        );
        std::thread::spawn(move || loop {
            let job = match job_rx.lock() {
                Ok(rx) => rx.recv(),
                Err(_) => return,
            };
            let Ok((index, line)) = job else { return };
            if stop.load(Ordering::Relaxed) {
                return;
            }
            let answer = line.map(|l| answer_line(&l, max, &*f));
            if res_tx.send((index, answer)).is_err() {
                return;
            }
        });
    }
    drop(res_tx);
    // Answers arrive in any order; write them in input order as soon as the next one is known.
    let mut pending: BTreeMap<usize, Result<Answer, io::Error>> = BTreeMap::new();
    let mut next = 0usize;
    let finish = |r: Result<Summary, RunError>| {
        stop.store(true, Ordering::Relaxed);
        r
    };
    for (index, answer) in res_rx {
        pending.insert(index, answer);
        while let Some(answer) = pending.remove(&next) {
            next += 1;
            match answer {
                Ok(a) => {
                    summary.lines += 1;
                    summary.failed += usize::from(a.failed);
                    if let Err(e) = write_answer(out, &a) {
                        return finish(Err(e));
                    }
                }
                Err(e) => return finish(Err(RunError::Read(e))),
            }
        }
    }
    finish(Ok(summary))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Cursor, Read};

    fn read_all(input: &[u8], max: usize, buf: usize) -> Vec<Line> {
        let mut r = LineReader::new(
            BufReader::with_capacity(buf, Cursor::new(input.to_vec())),
            max,
        );
        let mut v = Vec::new();
        while let Some(l) = r.next_line().unwrap() {
            v.push(l);
        }
        v
    }

    #[test]
    fn lines_are_bounded_and_split_exactly() {
        let t = |s: &str| Line::Text(s.to_string());
        for buf in [1, 3, 64] {
            assert_eq!(
                read_all(b"ab\r\n\ncdefgh\nxy", 4, buf),
                vec![t("ab"), t(""), Line::TooLong, t("xy")],
                "buffer {buf}"
            );
            assert_eq!(read_all(b"abcd\n", 4, buf), vec![t("abcd")]);
            assert_eq!(read_all(b"\xff\n", 4, buf), vec![Line::NotUtf8]);
            assert_eq!(read_all(b"", 4, buf), vec![]);
        }
    }

    /// A reader that fails on every read after its first `ok` bytes.
    struct Failing {
        data: Cursor<Vec<u8>>,
    }
    impl Read for Failing {
        fn read(&mut self, b: &mut [u8]) -> io::Result<usize> {
            match self.data.read(b)? {
                0 => Err(io::Error::other("device gone")),
                n => Ok(n),
            }
        }
    }

    fn upper() -> AnswerFn {
        Arc::new(|s: &str| {
            if s == "bad" {
                Err("bad line".into())
            } else {
                Ok(s.to_uppercase())
            }
        })
    }

    #[test]
    fn answers_in_order_on_any_thread_count_and_stops_at_read_errors() {
        let input: String = (0..200).map(|i| format!("l{i}\n\nbad\n")).collect();
        let expect: String = (0..200)
            .map(|i| format!("L{i}\n\nerror: bad line\n"))
            .collect();
        for threads in [1, 2, 5] {
            let mut out = Vec::new();
            let s = answer_lines(
                Cursor::new(input.clone().into_bytes()),
                &mut out,
                threads,
                16,
                upper(),
            )
            .unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), expect, "{threads} threads");
            assert_eq!(
                s,
                Summary {
                    lines: 600,
                    failed: 200
                }
            );

            let mut out = Vec::new();
            let r = answer_lines(
                BufReader::new(Failing {
                    data: Cursor::new(b"a\nb\nc".to_vec()),
                }),
                &mut out,
                threads,
                16,
                upper(),
            );
            assert!(matches!(r, Err(RunError::Read(_))), "{threads} threads");
            // The complete lines before the error are answered; the unterminated "c" is not.
            assert_eq!(String::from_utf8(out).unwrap(), "A\nB\n");
        }
    }

    /// A writer that accepts `room` bytes and then fails.
    struct Full {
        room: usize,
    }
    impl Write for Full {
        fn write(&mut self, b: &[u8]) -> io::Result<usize> {
            if self.room == 0 {
                return Err(io::Error::from(io::ErrorKind::BrokenPipe));
            }
            let n = b.len().min(self.room);
            self.room -= n;
            Ok(n)
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn write_errors_end_the_run() {
        for threads in [1, 3] {
            let input: String = (0..10_000).map(|i| format!("l{i}\n")).collect();
            let r = answer_lines(
                Cursor::new(input.into_bytes()),
                &mut Full { room: 100 },
                threads,
                16,
                upper(),
            );
            assert!(matches!(r, Err(RunError::Write(_))), "{threads} threads");
        }
    }
}
