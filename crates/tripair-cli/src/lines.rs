//! Line-at-a-time answering for `tripair pair` and `tripair check`: one answer line per input
//! line, in input order, each flushed as soon as it is known (so a coprocess that writes one line
//! and waits gets its answer), with lines held to a bounded length and read and write errors
//! ending the run instead of being skipped or retried.

use std::any::Any;
use std::collections::BTreeMap;
use std::io::{self, BufRead, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};

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
    /// Whether the reader's buffer held a complete line after the last one: the next line can
    /// be read without waiting for the input.
    buffered: bool,
}

impl<R: BufRead> LineReader<R> {
    /// A reader answering lines of at most `max` bytes.
    pub fn new(inner: R, max: usize) -> Self {
        LineReader {
            inner,
            max,
            buf: Vec::new(),
            buffered: false,
        }
    }

    /// Whether the whole next line is already in the buffer, so that reading it does not wait
    /// for the input (unlike a coprocess that writes one line and waits for its answer).
    pub fn has_buffered_input(&self) -> bool {
        self.buffered
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
                self.buffered = false;
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
            // A complete next line at hand: reading it will not wait for the input.
            self.buffered = done && chunk[take + 1..].contains(&b'\n');
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
/// error becomes `error: <message>`. A panic inside `f` (a bug, or a resource the system
/// refused) becomes `error: internal error: <message>` for that line, never a lost answer.
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
        Line::Text(t) => match catch_unwind(AssertUnwindSafe(|| f(t))) {
            Ok(Ok(text)) => Answer {
                text,
                failed: false,
            },
            Ok(Err(e)) => err(e),
            Err(panic) => err(format!("internal error: {}", panic_message(&*panic))),
        },
    }
}

/// The message of a caught panic.
fn panic_message(panic: &(dyn Any + Send)) -> &str {
    if let Some(s) = panic.downcast_ref::<&str>() {
        s
    } else if let Some(s) = panic.downcast_ref::<String>() {
        s
    } else {
        "a panic without a message"
    }
}

/// How a run of [`answer_lines`] ended when it did not reach the end of its input.
#[derive(Debug)]
pub enum RunError {
    /// Reading the input failed (after the answers to the lines before were written).
    Read(io::Error),
    /// Writing an answer failed (for instance a closed pipe): the work stopped at once.
    Write(io::Error),
    /// A reader or worker thread ended without handing over its lines (a bug): the run stopped
    /// after the answers written so far (the count).
    Lost(usize),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Read(e) => write!(f, "cannot read input: {e}"),
            RunError::Write(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                write!(f, "output closed (broken pipe); stopped")
            }
            RunError::Write(e) => write!(f, "cannot write output: {e}"),
            RunError::Lost(n) => write!(
                f,
                "internal error: a thread ended without its answers; stopped after {n} line(s)"
            ),
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

/// Starts a detached thread running the job, or says why the system refused one.
pub type Spawner = dyn Fn(Box<dyn FnOnce() + Send>) -> io::Result<()>;

/// The most lines read ahead of the last answer written: answers behind one slow line wait in
/// memory, and this bounds them (the reader waits). Together with [`WINDOW_BYTES`].
pub const WINDOW_LINES: usize = 16_384;
/// The most input bytes read ahead of the last answer written (a single longer line is still
/// read once nothing else is waiting).
pub const WINDOW_BYTES: usize = 8 << 20;
/// The most lines handed to a worker at once. Lines go to the workers in batches of the lines
/// the reader has at hand, split evenly between the workers: a hand-off costs a wake-up (a few
/// microseconds of system time), which cheap lines (blank ones, malformed ones) must not pay one
/// each, while a pipeline that writes one line and waits still has it answered at once.
const BATCH_LINES: usize = 2048;

fn write_answer(out: &mut dyn Write, a: &Answer) -> Result<(), RunError> {
    out.write_all(a.text.as_bytes())
        .and_then(|()| out.write_all(b"\n"))
        .map_err(RunError::Write)
}

fn flush(out: &mut dyn Write) -> Result<(), RunError> {
    out.flush().map_err(RunError::Write)
}

/// The threads a run starts: `std::thread::Builder`, which reports a refused thread as an
/// error instead of panicking.
fn system_spawner(job: Box<dyn FnOnce() + Send>) -> io::Result<()> {
    std::thread::Builder::new()
        .name("tripair-lines".into())
        .spawn(job)
        .map(drop)
}

/// A lock that a panic elsewhere cannot poison for us (every guarded value is whole at unlock).
fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// Lines and bytes read but not yet answered and written, shared by the reader (which waits
/// while the window is full) and the writer (which frees it).
#[derive(Default)]
struct Window {
    state: Mutex<WindowState>,
    room: Condvar,
}

#[derive(Default)]
struct WindowState {
    lines: usize,
    bytes: usize,
    /// The reader waits for room.
    waiting: bool,
    /// The writer stopped (a write error): the reader stops too.
    stopped: bool,
    /// The reader reached the end of the input or a read error and handed every line over.
    read_all: bool,
}

impl Window {
    /// Waits until a line can be read: fewer than [`WINDOW_LINES`] lines and [`WINDOW_BYTES`]
    /// bytes outstanding, or nothing at all. False when the run stopped.
    fn wait_for_room(&self) -> bool {
        let mut s = lock(&self.state);
        loop {
            if s.stopped {
                return false;
            }
            if s.lines == 0 || (s.lines < WINDOW_LINES && s.bytes < WINDOW_BYTES) {
                s.waiting = false;
                return true;
            }
            s.waiting = true;
            s = self.room.wait(s).unwrap_or_else(|e| e.into_inner());
        }
    }
    fn take(&self, lines: usize, bytes: usize) {
        let mut s = lock(&self.state);
        s.lines += lines;
        s.bytes += bytes;
    }
    fn free(&self, lines: usize, bytes: usize) {
        let mut s = lock(&self.state);
        s.lines -= lines;
        s.bytes -= bytes;
        if s.waiting {
            self.room.notify_one();
        }
    }
    fn read_all(&self) {
        lock(&self.state).read_all = true;
    }
    fn stop(&self) {
        lock(&self.state).stopped = true;
        self.room.notify_all();
    }
    /// Whether every line read was answered and the reader finished the input.
    fn complete(&self) -> bool {
        let s = lock(&self.state);
        s.read_all && s.lines == 0
    }
}

/// Consecutive input lines for one worker: the index of the first, then each line (a read
/// error, if any, is the last entry) with its size in bytes.
struct Batch {
    first: usize,
    lines: Vec<(io::Result<Line>, usize)>,
}

/// The answers to one [`Batch`], in its order, with the bytes of window they free.
struct Answered {
    first: usize,
    answers: Vec<Result<Answer, io::Error>>,
    bytes: usize,
}

fn line_bytes(line: &Line) -> usize {
    match line {
        Line::Text(t) => t.len() + 1,
        Line::TooLong | Line::NotUtf8 => 1,
    }
}

/// The reader thread: reads the lines at hand (up to a window's worth), splits them into one
/// batch per worker and sends them, then waits for more input.
fn read_batches<R: BufRead>(
    mut reader: LineReader<R>,
    threads: usize,
    jobs: mpsc::SyncSender<Batch>,
    window: &Window,
) {
    let mut index = 0usize;
    loop {
        if !window.wait_for_room() {
            return;
        }
        let mut lines = Vec::new();
        let mut bytes = 0;
        let mut ended = false;
        loop {
            match reader.next_line() {
                Ok(None) => ended = true,
                Ok(Some(line)) => {
                    let n = line_bytes(&line);
                    bytes += n;
                    lines.push((Ok(line), n));
                }
                Err(e) => {
                    lines.push((Err(e), 0));
                    ended = true;
                }
            }
            if ended
                || !reader.has_buffered_input()
                || lines.len() >= (BATCH_LINES * threads).min(WINDOW_LINES / 2)
                || bytes >= WINDOW_BYTES / 4
            {
                break;
            }
        }
        window.take(lines.len(), bytes);
        let per_worker = lines.len().div_ceil(threads).clamp(1, BATCH_LINES);
        let mut rest = lines.into_iter().peekable();
        while rest.peek().is_some() {
            let batch: Vec<_> = rest.by_ref().take(per_worker).collect();
            let first = index;
            index += batch.len();
            if jobs
                .send(Batch {
                    first,
                    lines: batch,
                })
                .is_err()
            {
                return;
            }
        }
        if ended {
            window.read_all();
            return;
        }
    }
}

/// A worker thread: answers batches until the reader is done or the run stopped.
fn answer_batches(
    jobs: &Mutex<mpsc::Receiver<Batch>>,
    results: mpsc::Sender<Answered>,
    stop: &AtomicBool,
    max: usize,
    f: &AnswerFn,
) {
    loop {
        let Ok(batch) = lock(jobs).recv() else { return };
        if stop.load(Ordering::Relaxed) {
            return;
        }
        let bytes = batch.lines.iter().map(|(_, n)| n).sum();
        let answers = batch
            .lines
            .into_iter()
            .map(|(line, _)| line.map(|l| answer_line(&l, max, &**f)))
            .collect();
        let answered = Answered {
            first: batch.first,
            answers,
            bytes,
        };
        if results.send(answered).is_err() {
            return;
        }
    }
}

/// Answers every line of `input` with `f` onto `out`, in input order, flushing as soon as an
/// answer is known; with `threads` > 1 the lines are answered by up to that many worker threads
/// (a reader thread feeds them in batches, this thread writes in order, at most a window of
/// [`WINDOW_LINES`] lines and [`WINDOW_BYTES`] bytes ahead). A thread the system refuses is
/// done without: with no worker at all the lines are answered on this thread. Stops at the first
/// read error (after the earlier answers) or write error; on a write error the worker threads
/// are told to stop and left to finish their current batch, so the caller should exit promptly.
pub fn answer_lines<R: BufRead + Send + 'static>(
    input: R,
    out: &mut dyn Write,
    threads: usize,
    max: usize,
    f: AnswerFn,
) -> Result<Summary, RunError> {
    answer_lines_with(input, out, threads, max, f, &system_spawner)
}

/// [`answer_lines`] with the threads started by `spawn` (the tests refuse some).
pub fn answer_lines_with<R: BufRead + Send + 'static>(
    input: R,
    out: &mut dyn Write,
    threads: usize,
    max: usize,
    f: AnswerFn,
    spawn: &Spawner,
) -> Result<Summary, RunError> {
    let mut summary = Summary::default();
    let answer_here = |input: R, out: &mut dyn Write, summary: &mut Summary| {
        let mut reader = LineReader::new(input, max);
        while let Some(line) = reader.next_line().map_err(RunError::Read)? {
            let a = answer_line(&line, max, &*f);
            summary.lines += 1;
            summary.failed += usize::from(a.failed);
            write_answer(out, &a)?;
            if !reader.has_buffered_input() {
                flush(out)?;
            }
        }
        flush(out)
    };
    if threads <= 1 {
        return answer_here(input, out, &mut summary).map(|()| summary);
    }

    let stop = Arc::new(AtomicBool::new(false));
    let window = Arc::new(Window::default());
    // At most one batch per worker waits in the queue.
    let (job_tx, job_rx) = mpsc::sync_channel::<Batch>(threads);
    let (res_tx, res_rx) = mpsc::channel::<Answered>();
    let job_rx = Arc::new(Mutex::new(job_rx));
    let mut workers = 0;
    for _ in 0..threads {
        let (job_rx, res_tx, stop, f) = (
            Arc::clone(&job_rx),
            res_tx.clone(),
            Arc::clone(&stop),
            Arc::clone(&f),
        );
        let job = Box::new(move || answer_batches(&job_rx, res_tx, &stop, max, &f));
        if spawn(job).is_err() {
            break;
        }
        workers += 1;
    }
    drop(res_tx);
    // The input waits here until the reader thread takes it, so that a refused reader thread
    // leaves it to this thread.
    let input = Arc::new(Mutex::new(Some(input)));
    let started = workers > 0 && {
        let (input, window, job_tx) = (Arc::clone(&input), Arc::clone(&window), job_tx);
        spawn(Box::new(move || {
            if let Some(input) = lock(&input).take() {
                read_batches(LineReader::new(input, max), workers, job_tx, &window);
            }
        }))
        .is_ok()
    };
    if !started {
        // No thread to answer with: the workers started (if any) end when the queue closes.
        return match lock(&input).take() {
            Some(input) => answer_here(input, out, &mut summary).map(|()| summary),
            None => Err(RunError::Lost(0)),
        };
    }
    let finish = |r: Result<Summary, RunError>| {
        stop.store(true, Ordering::Relaxed);
        window.stop();
        r
    };
    // Batches arrive in any order; write them in input order as soon as the next one is known.
    let mut pending: BTreeMap<usize, Answered> = BTreeMap::new();
    let mut next = 0usize;
    for answered in res_rx {
        pending.insert(answered.first, answered);
        while let Some(batch) = pending.remove(&next) {
            let count = batch.answers.len();
            next += count;
            for answer in batch.answers {
                match answer {
                    Ok(a) => {
                        summary.lines += 1;
                        summary.failed += usize::from(a.failed);
                        if let Err(e) = write_answer(out, &a) {
                            return finish(Err(e));
                        }
                    }
                    Err(e) => {
                        return finish(flush(out).and(Err(RunError::Read(e))));
                    }
                }
            }
            if let Err(e) = flush(out) {
                return finish(Err(e));
            }
            window.free(count, batch.bytes);
        }
    }
    // Every worker ended. Unless the reader finished and every line it read was written, a
    // thread died outside the per-line panic guard: say so rather than end as if complete.
    if !window.complete() {
        return finish(Err(RunError::Lost(summary.lines)));
    }
    finish(Ok(summary))
}
