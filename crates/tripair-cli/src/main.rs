//! The tripair command line: `pair`, `check`, `hash`, `bls`, `eth`, `kzg`, `curves`, `bench`.

use clap::builder::{PossibleValue, PossibleValuesParser};
use clap::{Args, Parser, Subcommand};
use indicatif::{ProgressBar, ProgressStyle};
use serde_json::json;
use std::io::{self, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use tripair::api::PRIME_CURVES;
use tripair_cli::bench::{bench_prime_curve, OPS};
use tripair_cli::bls_cmd::{bls_line, BlsOp, Scheme, Suite};
use tripair_cli::curves::{
    all_curves, check_line, curve_names, hash_line, is_small_characteristic, pair_line,
    HashOptions, HASH_CURVES,
};
use tripair_cli::eth_cmd::{eth_line, kzg_line, KzgOp};
use tripair_cli::lines::{answer_lines, AnswerFn, RunError, MAX_LINE_BYTES};
use tripair_cli::{plot, report, smallchar_bench, tables};
use tripair_eth::kzg::TrustedSetup;

/// Pairing-based cryptography on BN and BLS12 curves (and, for research, the broken
/// small-characteristic eta_T pairings).
#[derive(Parser)]
#[command(name = "tripair", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Pairings of the points on each input line, one answer line per input line.
    ///
    /// Reads lines 'G1HEX G2HEX' on standard input and writes one line per input line: the GT
    /// value e(G1, G2) in hex, 'error: <point>: <reason>', or a blank line for a blank line.
    /// Exit status 1 if any line failed.
    Pair {
        #[command(flatten)]
        lines: LineArgs,
        /// Split each pairing's Miller loop over two threads (lower latency, same value).
        #[arg(long)]
        parallel: bool,
    },
    /// Pairing checks: is the product of the pairings on each line one?
    ///
    /// Reads lines of k >= 1 pairs 'G1HEX G2HEX G1HEX G2HEX ...' (prime-field curves) and answers
    /// 'true' when the product of the k pairings is one, 'false' when not, or 'error: <point>:
    /// <reason>'. Exit status 1 if any line failed (not for 'false').
    Check {
        #[command(flatten)]
        lines: LineArgs,
    },
    /// Hash messages to G1 or G2 (RFC 9380; bls12-381 G1/G2, bn254 G1), one point per input line.
    ///
    /// Reads one message per line (hex, optionally with 0x; '0x' alone is the empty message; or
    /// text with --text) and writes the point in hex in the curve's encoding (uncompressed, or
    /// --compressed; `pair` and `check` read both), or 'error: <what>: <reason>'. The suite is
    /// BLS12381G1/G2_XMD:SHA-256_SSWU_RO_ (hash_to_curve), or _NU_ with --encode; on bn254,
    /// BN254G1_XMD:SHA-256_SVDW_RO_ (or _NU_), the suite gnark-crypto uses (RFC 9380 has none).
    Hash {
        #[command(flatten)]
        lines: LineArgs,
        /// The group to hash to.
        #[arg(long, value_enum)]
        group: Group,
        /// The domain separation tag (its UTF-8 bytes; 1 to 255 of them: RFC 9380 forbids an
        /// empty tag). A tag may start with '-'.
        #[arg(long, value_name = "TAG", allow_hyphen_values = true)]
        dst: String,
        /// encode_to_curve (the nonuniform _NU_ suite) instead of hash_to_curve (_RO_).
        #[arg(long)]
        encode: bool,
        /// The lines are the messages as text, not hex (a blank line gets a blank answer: give
        /// the empty message as hex, `0x`).
        #[arg(long)]
        text: bool,
        /// Write compressed points (bls12-381: the ZCash format; bn254: gnark-crypto's), which
        /// `pair` and `check` read too.
        #[arg(long)]
        compressed: bool,
    },
    /// BLS signatures on bls12-381 (draft-irtf-cfrg-bls-signature-05), one answer per line.
    ///
    /// keygen: 'IKMHEX [KEYINFOHEX]' -> 'SKHEX PKHEX'; derive: 'SEEDHEX PATH' -> 'SKHEX PKHEX'
    /// (EIP-2333, paths like m/12381/3600/0/0/0); sign: 'SKHEX MSGHEX' -> 'SIGHEX';
    /// verify: 'PKHEX MSGHEX SIGHEX' -> 'true' or 'false'; aggregate: 'SIGHEX SIGHEX ...' ->
    /// 'SIGHEX'. Hex with an optional 0x ('0x' alone is the empty message); points in the ZCash
    /// compressed encoding. The default suite is Ethereum's BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_.
    Bls {
        /// What to do with each line.
        #[arg(value_enum)]
        op: BlsOpArg,
        /// Public keys in G2 and signatures in G1 (minimal-signature-size); default: keys in G1.
        #[arg(long)]
        min_sig: bool,
        /// The basic scheme (_NUL_ tags) instead of proof of possession (_POP_).
        #[arg(long, conflicts_with = "aug")]
        basic: bool,
        /// The message-augmentation scheme (_AUG_ tags; the public key is prefixed to the
        /// message) instead of proof of possession.
        #[arg(long)]
        aug: bool,
        /// Answer lines on N threads, also the most any line's work uses (default:
        /// TRIPAIR_THREADS, else every core); answers stay in input order.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
        threads: Option<u16>,
    },
    /// Ethereum's precompiles (EIP-196/197 on bn254, EIP-4844's point evaluation, EIP-2537 on
    /// bls12-381), one call per input line.
    ///
    /// Reads the call's input in hex per line ('0x' alone is the empty input) and writes its
    /// output in hex (with --gas, then the gas), or 'error: <operation>: <what is wrong>'.
    /// OPERATION is a name (bn254-add, bn254-mul, bn254-pairing, point-evaluation, bls12-g1add,
    /// bls12-g1msm, bls12-g2add, bls12-g2msm, bls12-pairing-check, bls12-map-fp-to-g1,
    /// bls12-map-fp2-to-g2) or an address (0x06, ..., 0x11).
    Eth {
        /// The precompile.
        #[arg(value_name = "OPERATION", value_parser = eth_precompile)]
        op: tripair_eth::Precompile,
        /// Append the call's gas to each answer.
        #[arg(long)]
        gas: bool,
        /// Answer lines on N threads (default: TRIPAIR_THREADS, else every core); answers stay
        /// in input order.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
        threads: Option<u16>,
    },
    /// KZG commitments for blobs (EIP-4844) and cells (EIP-7594), one answer per input line.
    ///
    /// Hex tokens with an optional 0x; a blob is 131072 bytes, a cell 2048, commitments and
    /// proofs 48 (compressed G1), z and y 32. Answers are hex, 'true'/'false', or
    /// 'error: <what is wrong>'. The mainnet trusted setup unless --setup names another.
    Kzg {
        /// What to do with each line.
        #[arg(value_enum)]
        op: KzgOp,
        /// A trusted setup in the standard text format (c-kzg-4844's trusted_setup.txt).
        #[arg(long, value_name = "FILE")]
        setup: Option<PathBuf>,
        /// Answer lines on N threads (default: TRIPAIR_THREADS, else every core); answers stay
        /// in input order.
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
        threads: Option<u16>,
    },
    /// List the curves and their parameters.
    Curves {
        /// One JSON document: an array with one object per curve.
        #[arg(long)]
        json: bool,
    },
    /// Benchmark tables on this machine (median of interleaved runs, time and rdtsc cycles).
    Bench(BenchArgs),
    /// A CPU-bound busy loop for at most SECONDS: the competing process that
    /// `bench --table threads --contended` starts and stops.
    #[command(hide = true)]
    Spin {
        #[arg(long, default_value_t = 600)]
        seconds: u64,
    },
}

#[derive(Args)]
struct LineArgs {
    /// The curve (see `tripair curves`).
    #[arg(long, value_name = "NAME", value_parser = parse_curve)]
    curve: String,
    /// Answer lines on N threads, also the most any line's work uses (default:
    /// TRIPAIR_THREADS, else every core); answers stay in input order.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
}

#[derive(Args)]
struct BenchArgs {
    /// Measure the peer libraries in the same run (needs a build with `--features peers`).
    #[arg(long)]
    peers: bool,
    /// JSON lines: a header object, then one object per row (schema in the README).
    #[arg(long)]
    json: bool,
    /// Only these curves (repeatable; default: every curve).
    #[arg(long, value_name = "NAME", value_parser = parse_curve)]
    curve: Vec<String>,
    /// Timed batches per figure (the median is reported).
    #[arg(long, value_name = "N", default_value_t = 11, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    samples: u32,
    /// Also write SVG charts into DIR (created if missing).
    #[arg(long, value_name = "DIR")]
    plot: Option<PathBuf>,
    /// No progress display (it is shown only when standard error is a terminal).
    #[arg(long)]
    quiet: bool,
    /// Print a paper's table instead of the standard ones (for the prime-field curves given with
    /// --curve, or the table's own list).
    ///
    /// Each table, what it prints and its curves:
    #[arg(long, value_name = "TABLE", value_parser = table_names())]
    table: Option<String>,
    /// With --table threads: also measure beside a CPU-bound process that the run starts and
    /// stops (at nice 0, then at nice 10; needs the `nice` command).
    #[arg(long)]
    contended: bool,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum BlsOpArg {
    /// KeyGen (HKDF-SHA256) and SkToPk: 'IKMHEX [KEYINFOHEX]' -> 'SKHEX PKHEX'.
    Keygen,
    /// EIP-2333 derivation and SkToPk: 'SEEDHEX PATH' -> 'SKHEX PKHEX' (PATH like
    /// m/12381/3600/0/0/0).
    Derive,
    /// 'SKHEX MSGHEX' -> 'SIGHEX'.
    Sign,
    /// 'PKHEX MSGHEX SIGHEX' -> 'true' or 'false'.
    Verify,
    /// 'SIGHEX SIGHEX ...' -> the aggregate signature.
    Aggregate,
}

fn eth_precompile(s: &str) -> Result<tripair_eth::Precompile, String> {
    tripair_cli::eth_cmd::precompile(s)
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum Group {
    /// G1.
    G1,
    /// G2.
    G2,
}

/// The `--table` values: every table in the registry, each with what it prints.
fn table_names() -> PossibleValuesParser {
    PossibleValuesParser::new(
        tables::TABLES
            .iter()
            .map(|t| PossibleValue::new(t.name()).help(t.help())),
    )
}

fn parse_curve(s: &str) -> Result<String, String> {
    let names = curve_names();
    if names.contains(&s) {
        Ok(s.to_string())
    } else {
        Err(format!("unknown curve '{s}' (known: {})", names.join(", ")))
    }
}

/// The exit status of a command whose output was closed by its reader: quiet, as a tool killed by
/// SIGPIPE reports to its shell (128 + 13), so `tripair curves | head` prints no error.
const CLOSED_PIPE: u8 = 141;

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        // Usage errors go to standard error with status 2.
        Err(e) if e.use_stderr() => e.exit(),
        // --help and --version: their output can fail to be written like any other.
        Err(e) => return write_out(|out| write!(out, "{}", e.render())),
    };
    // The process's thread budget (tripair::pairing::set_max_threads): refuse a bad value
    // before any work rather than run on some other count.
    if let Err(e) = tripair::pairing::threads_from_env() {
        eprintln!("error: {e}");
        return ExitCode::from(2);
    }
    let result = match cli.command {
        Command::Pair { lines, parallel } => {
            let curve = lines.curve.clone();
            run_lines(
                &lines,
                Arc::new(move |l: &str| pair_line(&curve, l, parallel).map_err(|e| e.to_string())),
            )
        }
        Command::Check { lines } => {
            if is_small_characteristic(&lines.curve) {
                eprintln!(
                    "error: check works on the prime-field curves ({}); '{}' is an eta_T curve: use `tripair pair`",
                    PRIME_CURVES.join(", "),
                    lines.curve
                );
                return ExitCode::from(2);
            }
            let curve = lines.curve.clone();
            run_lines(
                &lines,
                Arc::new(move |l: &str| {
                    check_line(&curve, l)
                        .map(|ok| ok.to_string())
                        .map_err(|e| e.to_string())
                }),
            )
        }
        Command::Hash {
            lines,
            group,
            dst,
            encode,
            text,
            compressed,
        } => {
            if !HASH_CURVES.contains(&lines.curve.as_str()) {
                eprintln!(
                    "error: hash to curve is implemented for {} only, not '{}'",
                    HASH_CURVES.join(", "),
                    lines.curve
                );
                return ExitCode::from(2);
            }
            if lines.curve == "bn254" && matches!(group, Group::G2) {
                eprintln!("error: hash to G2 is implemented for bls12-381 only; bn254 has g1");
                return ExitCode::from(2);
            }
            if dst.is_empty() || dst.len() > tripair::hash_to_curve::MAX_DST_LEN {
                eprintln!(
                    "error: --dst is {} bytes; 1 to 255 (RFC 9380, section 3.1: no empty tag)",
                    dst.len()
                );
                return ExitCode::from(2);
            }
            let options = HashOptions {
                bn254: lines.curve == "bn254",
                g2: matches!(group, Group::G2),
                dst: dst.into_bytes(),
                nonuniform: encode,
                text,
                compressed,
            };
            run_lines(
                &lines,
                Arc::new(move |l: &str| hash_line(&options, l).map_err(|e| e.to_string())),
            )
        }
        Command::Bls {
            op,
            min_sig,
            basic,
            aug,
            threads,
        } => {
            let op = match op {
                BlsOpArg::Keygen => BlsOp::Keygen,
                BlsOpArg::Derive => BlsOp::Derive,
                BlsOpArg::Sign => BlsOp::Sign,
                BlsOpArg::Verify => BlsOp::Verify,
                BlsOpArg::Aggregate => BlsOp::Aggregate,
            };
            let scheme = match (basic, aug) {
                (true, _) => Scheme::Basic,
                (_, true) => Scheme::Aug,
                _ => Scheme::Pop,
            };
            let suite = Suite { min_sig, scheme };
            let lines = LineArgs {
                curve: "bls12-381".to_string(),
                threads,
            };
            run_lines(&lines, Arc::new(move |l: &str| bls_line(op, suite, l)))
        }
        Command::Eth { op, gas, threads } => {
            let lines = LineArgs {
                curve: "bls12-381".to_string(),
                threads,
            };
            run_lines(&lines, Arc::new(move |l: &str| eth_line(op, gas, l)))
        }
        Command::Kzg { op, setup, threads } => {
            let loaded = match &setup {
                None => TrustedSetup::mainnet().map_err(|e| e.to_string()),
                Some(path) => std::fs::read_to_string(path)
                    .map_err(|e| format!("{}: {e}", path.display()))
                    .and_then(|t| {
                        TrustedSetup::from_text(&t).map_err(|e| format!("{}: {e}", path.display()))
                    }),
            };
            let setup = match loaded {
                Ok(s) => Arc::new(s),
                Err(e) => {
                    eprintln!("error: {e}");
                    return ExitCode::from(2);
                }
            };
            let lines = LineArgs {
                curve: "bls12-381".to_string(),
                threads,
            };
            run_lines(&lines, Arc::new(move |l: &str| kzg_line(&setup, op, l)))
        }
        Command::Curves { json } => write_out(|out| cmd_curves(out, json)),
        Command::Bench(args) => cmd_bench(&args),
        Command::Spin { seconds } => {
            tables::threads::spin(std::time::Duration::from_secs(seconds));
            ExitCode::SUCCESS
        }
    };
    result
}

/// Runs `f` on a buffered standard output and flushes it; a write error (a full disk) ends the
/// run with a message and exit status 1, a pipe closed by its reader quietly with [`CLOSED_PIPE`].
fn write_out(f: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> ExitCode {
    let mut out = BufWriter::new(io::stdout().lock());
    match f(&mut out).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::from(CLOSED_PIPE),
        Err(e) => {
            eprintln!("error: cannot write output: {e}");
            ExitCode::from(1)
        }
    }
}

fn run_lines(args: &LineArgs, f: AnswerFn) -> ExitCode {
    if is_small_characteristic(&args.curve) {
        eprintln!(
            "warning: {} is a small-characteristic curve whose discrete logarithms are broken; for research and comparison only",
            args.curve
        );
    }
    // --threads N is the process's budget too: the threaded forms a line uses (BLS batches,
    // `pair --parallel`) stay within it. Without it, TRIPAIR_THREADS or the cores.
    let threads = match args.threads.map(usize::from) {
        Some(n) => match tripair::pairing::set_max_threads(n) {
            Ok(()) => n,
            Err(e) => {
                eprintln!("error: --threads {n}: {e}");
                return ExitCode::from(2);
            }
        },
        None => tripair::pairing::available_threads(),
    };
    let mut out = BufWriter::new(io::stdout().lock());
    let input = io::BufReader::with_capacity(1 << 16, io::stdin());
    match answer_lines(input, &mut out, threads, MAX_LINE_BYTES, f) {
        Ok(summary) if summary.failed > 0 => {
            eprintln!("{} of {} line(s) failed", summary.failed, summary.lines);
            ExitCode::from(1)
        }
        Ok(_) => ExitCode::SUCCESS,
        Err(RunError::Write(e)) if e.kind() == io::ErrorKind::BrokenPipe => {
            ExitCode::from(CLOSED_PIPE)
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

fn cmd_curves(out: &mut dyn Write, json: bool) -> io::Result<()> {
    let curves = all_curves();
    if json {
        let doc: Vec<_> = curves
            .iter()
            .map(|c| {
                json!({
                    "name": c.name,
                    "family": c.family,
                    "u": c.u,
                    "p": c.field,
                    "r": c.r,
                    "cofactor": c.cofactor,
                    "equation": c.equation,
                    "twist": c.twist,
                    "twist_b": c.twist_b,
                    "non_residues": c.non_residues.iter().map(|(k, v)| (k.clone(), json!(v))).collect::<serde_json::Map<_, _>>(),
                    "generators": { "g1": c.g1, "g2": c.g2 },
                    "security_bits": c.security_bits,
                    "broken": c.broken,
                })
            })
            .collect();
        return writeln!(out, "{}", serde_json::Value::Array(doc));
    }
    for c in curves {
        let sec = match c.security_bits {
            Some(b) => format!("~{b}-bit security"),
            None => "BROKEN: research and comparison only".into(),
        };
        let tower: Vec<String> = c
            .non_residues
            .iter()
            .map(|(k, v)| format!("{k} = {v}"))
            .collect();
        writeln!(out, "{:<10} {} {sec}", c.name, c.family)?;
        writeln!(out, "    {}", c.equation)?;
        if let (Some(t), Some(b)) = (&c.twist, &c.twist_b) {
            writeln!(out, "    twist: {t}, b' = {b}; tower: {}", tower.join(", "))?;
        }
        writeln!(out, "    p/field: {}", c.field)?;
        writeln!(out, "    r: {}", c.r)?;
        writeln!(out, "    cofactor: {}", c.cofactor)?;
        writeln!(out, "    {}", c.details)?;
    }
    Ok(())
}

/// A progress display on standard error, only when it is a terminal and not `--quiet`.
fn progress_bar(quiet: bool, steps: u64) -> ProgressBar {
    if quiet || !io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let pb = ProgressBar::new(steps);
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} {elapsed} {msg}") {
        pb.set_style(style);
    }
    pb
}

fn cmd_bench(args: &BenchArgs) -> ExitCode {
    if args.peers && !cfg!(feature = "peers") {
        eprintln!("error: --peers needs the peer libraries: cargo run --release --features peers -- bench --peers");
        return ExitCode::from(2);
    }
    if let Some(dir) = &args.plot {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("error: cannot create plot directory {}: {e}", dir.display());
            return ExitCode::from(1);
        }
    }
    if let Ok(Some(n)) = tripair::pairing::threads_from_env() {
        // The threaded rows are labelled with the threads they ask for; the budget caps them.
        eprintln!("warning: TRIPAIR_THREADS={n}: threaded rows run on at most {n} thread(s)");
    }
    let samples = args.samples as usize;
    if args.contended && args.table.is_none() {
        eprintln!("error: --contended is for --table threads");
        return ExitCode::from(2);
    }
    if let Some(table) = &args.table {
        return bench_table(args, table);
    }
    let curves: Vec<String> = if args.curve.is_empty() {
        curve_names().iter().map(|s| s.to_string()).collect()
    } else {
        args.curve.clone()
    };
    let prime: Vec<&String> = curves
        .iter()
        .filter(|c| PRIME_CURVES.contains(&c.as_str()))
        .collect();
    let small: Vec<&String> = curves
        .iter()
        .filter(|c| is_small_characteristic(c))
        .collect();
    let steps = (prime.len() * OPS.len()) as u64 + if small.is_empty() { 0 } else { 2 };
    let pb = progress_bar(args.quiet, steps);
    let mut plot_errors = Vec::new();
    let code = write_out(|out| {
        report::write_header(out, args.json, samples)?;
        out.flush()?;
        for c in &prime {
            let mut progress = |what: &str| {
                pb.set_message(what.to_string());
                pb.inc(1);
            };
            let rows = bench_prime_curve(c, samples, args.peers, &mut progress)
                .map_err(io::Error::other)?;
            if args.json {
                report::write_json_lines(out, &report::prime_rows_json(&rows))?;
            } else {
                pb.suspend(|| report::write_prime_table(out, &rows))?;
            }
            out.flush()?;
            if let Some(dir) = &args.plot {
                if let Err(e) = plot::plot_prime_curve(dir, &rows) {
                    plot_errors.push(e);
                }
            }
        }
        if !small.is_empty() {
            // With every curve asked for, the whole field table; else the fields of those curves.
            let wanted: Vec<String> = small
                .iter()
                .filter_map(|c| smallchar_bench::field_of_curve(c))
                .collect();
            let all = args.curve.is_empty();
            pb.set_message("small-characteristic fields");
            let fields = smallchar_bench::bench_fields_where(samples, &|f| {
                all || wanted.iter().any(|w| w == f)
            });
            pb.inc(1);
            pb.set_message("eta_T pairings");
            let pairings = smallchar_bench::bench_pairings_where(samples, &|c| {
                small.iter().any(|s| s.as_str() == c)
            });
            pb.inc(1);
            if args.json {
                report::write_json_lines(out, &report::field_rows_json(&fields))?;
                report::write_json_lines(out, &report::eta_rows_json(&pairings))?;
            } else {
                pb.suspend(|| -> io::Result<()> {
                    report::write_field_table(out, &fields)?;
                    report::write_eta_table(out, &pairings)
                })?;
            }
            if let Some(dir) = &args.plot {
                if let Err(e) = plot::plot_fields(dir, &fields) {
                    plot_errors.push(e);
                }
                if let Err(e) = plot::plot_mitsunari(dir, &fields, &pairings) {
                    plot_errors.push(e);
                }
            }
        }
        Ok(())
    });
    pb.finish_and_clear();
    for e in &plot_errors {
        eprintln!("error: {e}");
    }
    if plot_errors.is_empty() {
        code
    } else {
        ExitCode::from(1)
    }
}

/// `bench --table NAME`: the table's checks of the options, then the table.
fn bench_table(args: &BenchArgs, name: &str) -> ExitCode {
    let Some(table) = tables::find(name) else {
        eprintln!("error: no table '{name}'");
        return ExitCode::from(2);
    };
    let options = tables::Options {
        curves: args.curve.clone(),
        samples: args.samples as usize,
        json: args.json,
        plot: args.plot.clone(),
        contended: args.contended,
    };
    if let Some(why) = table.refuses(&options) {
        eprintln!("error: {why}");
        return ExitCode::from(2);
    }
    let steps = table.progress_steps(&options);
    let pb = if steps == 0 {
        ProgressBar::hidden()
    } else {
        progress_bar(args.quiet, steps)
    };
    let code = write_out(|out| table.write(&options, out, &pb));
    pb.finish_and_clear();
    code
}
