//! Unit-level checks of the command line's library (the table registry and its JSON rows, the
//! report date, the line reader and answerer), as an integration test: a `#[cfg(test)]` module
//! inside the library made cargo compile the whole library a second time as its own test harness
//! (297 s of a cold `cargo test --workspace --release`, docs/build-timings.md), while this crate
//! links the library built once.

mod tables {
    use serde_json::Value;
    use tripair_cli::tables::*;

    #[test]
    fn every_table_has_its_own_name_and_a_description() {
        for (i, t) in TABLES.iter().enumerate() {
            assert!(!t.about().is_empty(), "{}", t.name());
            assert!(
                TABLES[..i].iter().all(|u| u.name() != t.name()),
                "{} twice",
                t.name()
            );
            assert!(std::ptr::addr_eq(find(t.name()).unwrap(), *t));
        }
        assert!(find("nosuch").is_none());
    }

    #[test]
    fn default_curves_are_accepted() {
        for t in TABLES {
            let defaults = Options {
                curves: t.default_curves().iter().map(|c| c.to_string()).collect(),
                samples: 1,
                ..Options::default()
            };
            // vpg takes no --curve: its list is empty.
            assert_eq!(t.refuses(&defaults), None, "{}", t.name());
        }
    }

    #[test]
    fn a_small_characteristic_curve_is_refused() {
        let eta = Options {
            curves: vec!["eta3-97".into()],
            ..Options::default()
        };
        for t in TABLES {
            assert!(t.refuses(&eta).is_some(), "{}", t.name());
        }
    }

    /// The keys README.md documents for every row of `bench --json`.
    fn assert_documented(table: &str, rows: &[Value]) {
        assert!(!rows.is_empty(), "{table}: no rows");
        for r in rows {
            assert!(
                r["curve"].is_string() != r["field"].is_string(),
                "{table}: curve or field, not both: {r}"
            );
            for key in ["op", "impl"] {
                assert!(r[key].is_string(), "{table}: no {key} in {r}");
            }
            for key in ["median_ns", "min_ns", "max_ns", "cycles"] {
                assert!(r[key].is_f64(), "{table}: {key} not a number in {r}");
            }
            assert!(r["samples"].is_u64(), "{table}: no samples in {r}");
        }
    }

    fn m(ns: f64) -> Measurement {
        Measurement {
            median_ns: ns,
            min_ns: ns * 0.9,
            max_ns: ns * 1.1,
            cycles: ns * 3.0,
            samples: 3,
        }
    }

    use tripair_cli::measure::Measurement;

    #[test]
    fn json_rows_of_every_table_carry_the_documented_keys() {
        let acar = acar::CurveTable {
            curve: "bn254".into(),
            fields: vec![acar::FieldRow {
                level: "F_p",
                ops: [
                    ("add", m(1.0)),
                    ("sub", m(1.0)),
                    ("mul", m(2.0)),
                    ("sqr", m(2.0)),
                    ("inv", m(90.0)),
                    ("inv_vartime", m(50.0)),
                ],
            }],
            pairings: vec![acar::PairingRow {
                op: "pairing",
                label: "single pairing",
                m: m(1e6),
                ratio: 1.0,
                paper_ratio: None,
            }],
        };
        assert_documented("acar", &Table::json_rows(&acar::Acar, &acar));
        let threads = threads::ThreadTable {
            curve: "bn254".into(),
            beside: Some(0),
            rows: vec![threads::ThreadRow {
                op: "pairing",
                label: "one pairing, serial",
                threads: 1,
                m: m(1e6),
                speedup: 1.0,
            }],
        };
        assert_documented(
            "threads",
            &Table::json_rows(&threads::Threads, &vec![threads]),
        );
        let row = |blst| bls::BlsRow {
            op: "bls_verify",
            label: "verify",
            tripair: m(1e6),
            blst,
            target: 1.1,
        };
        let bls = bls::BlsTable {
            rows: vec![row(Some(m(2e6))), row(None)],
            batch_over_verify: 0.3,
            blst_batch_over_verify: None,
        };
        let rows = Table::json_rows(&bls::Bls, &bls);
        assert_documented("bls", &rows);
        // tripair's and blst's rows apart, the ratio on tripair's.
        let impls: Vec<&str> = rows.iter().map(|r| r["impl"].as_str().unwrap()).collect();
        assert_eq!(impls, ["tripair", "blst", "tripair"]);
        assert_eq!(rows[0]["ratio_to_blst"], 0.5);
        assert!(rows[1]["ratio_to_blst"].is_null() && rows[2]["ratio_to_blst"].is_null());
        let ggp = ggp::GgpTable {
            curve: "bn254".into(),
            ifma: false,
            rows: vec![ggp::GgpRow {
                row: "G",
                label: "8 pairings in lanes".into(),
                results: 8,
                fields_from: "G",
                m: [m(1.0); 7],
                plain: Some(m(2.0)),
            }],
        };
        let rows = Table::json_rows(&ggp::Ggp, &ggp);
        assert_documented("ggp", &rows);
        // One row per column, the per-pairing figures on the pairing's, then the plain ate's.
        let ops: Vec<&str> = rows.iter().map(|r| r["op"].as_str().unwrap()).collect();
        assert_eq!(ops[..7], ggp::COLUMNS);
        assert_eq!(ops[7..], ["plain_ate_pairing"]);
        assert_eq!(rows[6]["per_pairing_cycles"], 3.0 / 8.0);
        assert_eq!(rows[7]["per_pairing_cycles"], 6.0 / 8.0);
        assert!(rows.iter().all(|r| r["row"] == "G" && r["results"] == 8));
        let dclxvi = dclxvi::DclxviTable {
            rows: vec![dclxvi::DclxviRow {
                op: "F_p2 multiplication",
                montgomery: m(20.0),
                float: m(30.0),
                slides: 585.0,
            }],
            core_per_tick: None,
        };
        assert_documented("dclxvi", &Table::json_rows(&dclxvi::DclxviBench, &dclxvi));
        let strategy = strategy::StrategyTable {
            curve: "bn254".into(),
            ops: vec![strategy::Operation {
                op: "product_8".into(),
                label: "product of 8".into(),
                alternatives: vec![
                    strategy::Alternative {
                        path: "projective",
                        m: m(2.0),
                        chosen: false,
                    },
                    strategy::Alternative {
                        path: "lanes",
                        m: m(1.0),
                        chosen: true,
                    },
                ],
            }],
        };
        let rows = Table::json_rows(&strategy::Strategy, &strategy);
        assert_documented("strategy", &rows);
        // The ratio on the chosen row only.
        assert_eq!(rows[1]["chosen_over_best"], 1.0);
        assert!(rows[0]["chosen_over_best"].is_null());
        let kzg = kzg::KzgTable {
            rows: vec![
                kzg::KzgRow {
                    op: "verify_kzg_proof",
                    label: "verify_kzg_proof",
                    tripair: m(1.0),
                    ckzg: Some(m(2.0)),
                    ekzg: Some(m(4.0)),
                },
                kzg::KzgRow {
                    op: "compute_cells",
                    label: "compute_cells",
                    tripair: m(3.0),
                    ckzg: None,
                    ekzg: None,
                },
            ],
            threaded: vec![("compute_cells", "compute_cells", m(2.0), 1.5)],
        };
        let rows = Table::json_rows(&kzg::Kzg, &kzg);
        assert_documented("kzg", &rows);
        // One row per implementation measured, the ratio to the faster peer on tripair's; the
        // threaded row says so.
        let impls: Vec<&str> = rows.iter().map(|r| r["impl"].as_str().unwrap()).collect();
        assert_eq!(
            impls,
            ["tripair", "c-kzg", "rust_eth_kzg", "tripair", "tripair"]
        );
        assert_eq!(rows[0]["ratio_to_best_peer"], 0.5);
        assert!(rows[1..4].iter().all(|r| r["ratio_to_best_peer"].is_null()));
        assert!(rows[..4].iter().all(|r| r["threads"] == 1));
        assert_eq!(rows[4]["threads"], 2);
        assert_eq!(rows[4]["speedup_over_1_thread"], 1.5);
        let eth = vec![
            eth::EthRow {
                op: "g1_msm",
                size: 8,
                tripair: m(1.0),
                blst: Some(m(2.0)),
                arkworks: Some(m(4.0)),
            },
            eth::EthRow {
                op: "pairing_check",
                size: 2,
                tripair: m(3.0),
                blst: None,
                arkworks: None,
            },
        ];
        let rows = Table::json_rows(&eth::Eth, &eth);
        assert_documented("eth", &rows);
        // One row per implementation measured; the ratio to the faster peer on tripair's rows.
        let impls: Vec<&str> = rows.iter().map(|r| r["impl"].as_str().unwrap()).collect();
        assert_eq!(impls, ["tripair", "blst", "arkworks", "tripair"]);
        assert_eq!(rows[0]["ratio_to_best_peer"], 0.5);
        assert!(rows[1]["ratio_to_best_peer"].is_null() && rows[3]["ratio_to_best_peer"].is_null());
        assert!(rows.iter().all(|r| r["table"] == "eth"));
        assert_eq!(rows[3]["size"], 2);
        // vpg has no JSON: refused before it measures.
        let json = Options {
            json: true,
            ..Options::default()
        };
        assert!(find("vpg").unwrap().refuses(&json).is_some());
        // A new table gets its rows checked here too.
        let checked = [
            "acar", "threads", "bls", "ggp", "dclxvi", "vpg", "strategy", "kzg", "eth",
        ];
        for t in TABLES {
            assert!(checked.contains(&t.name()), "{}: no JSON check", t.name());
        }
    }
}

mod report_date {
    use tripair_cli::measure::civil_from_days;

    #[test]
    fn dates_from_day_counts() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(11_016), (2000, 2, 29));
        assert_eq!(civil_from_days(20_781), (2026, 11, 24));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
    }
}

mod lines {
    use std::io::{self, Write};
    use std::io::{BufReader, Cursor, Read};
    use std::sync::Arc;
    use tripair_cli::lines::*;

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

/// The line answerer under faults: a panicking answer, refused threads, a slow line.
mod faults {
    use std::io::{self, BufReader, Cursor, Read};
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    use std::time::Duration;
    use tripair_cli::lines::*;

    /// Upper-cases a line; "boom" panics, as a bug in an answerer would.
    fn panicky() -> AnswerFn {
        Arc::new(|s: &str| {
            if s == "boom" {
                panic!("forced panic for {s}");
            }
            Ok(s.to_uppercase())
        })
    }

    fn input(n: usize) -> (String, String) {
        let input = (0..n).map(|i| format!("l{i}\nboom\n\n")).collect();
        let expect = (0..n)
            .map(|i| format!("L{i}\nerror: internal error: forced panic for boom\n\n"))
            .collect();
        (input, expect)
    }

    #[test]
    fn a_panicking_answer_is_an_error_line_and_every_other_line_is_answered() {
        let (input, expect) = input(300);
        for threads in [1, 2, 5] {
            let mut out = Vec::new();
            let s = answer_lines(
                Cursor::new(input.clone().into_bytes()),
                &mut out,
                threads,
                64,
                panicky(),
            )
            .unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), expect, "{threads} threads");
            assert_eq!((s.lines, s.failed), (900, 300), "{threads} threads");
        }
    }

    /// Starts the first `allow` threads asked for and refuses the rest, as a system out of
    /// threads or memory does.
    fn refusing_after(allow: usize) -> impl Fn(Box<dyn FnOnce() + Send>) -> io::Result<()> {
        let started = AtomicUsize::new(0);
        move |job| {
            if started.fetch_add(1, Ordering::SeqCst) >= allow {
                return Err(io::Error::other("forced: no more threads"));
            }
            std::thread::spawn(job);
            Ok(())
        }
    }

    #[test]
    fn refused_threads_are_done_without() {
        let (input, expect) = input(300);
        // 0: no worker (this thread answers); 1: a worker but no reader (this thread answers);
        // 2: one worker and the reader; 3: two workers, the reader refused.
        for allow in [0, 1, 2, 3, 100] {
            let mut out = Vec::new();
            let s = answer_lines_with(
                Cursor::new(input.clone().into_bytes()),
                &mut out,
                4,
                64,
                panicky(),
                &refusing_after(allow),
            )
            .unwrap();
            assert_eq!(
                String::from_utf8(out).unwrap(),
                expect,
                "{allow} threads allowed"
            );
            assert_eq!(s.lines, 900, "{allow} threads allowed");
        }
    }

    /// A reader that counts the bytes taken from it.
    struct Counting {
        data: Cursor<Vec<u8>>,
        taken: Arc<AtomicUsize>,
    }
    impl Read for Counting {
        fn read(&mut self, b: &mut [u8]) -> io::Result<usize> {
            let n = self.data.read(b)?;
            self.taken.fetch_add(n, Ordering::SeqCst);
            Ok(n)
        }
    }

    #[test]
    fn lines_behind_a_slow_line_are_not_read_without_bound() {
        // "slow" first, then 200,000 two-byte lines: the reader could take them all while the
        // slow line is answered; the window stops it.
        let lines = 200_000;
        let mut data = b"slow\n".to_vec();
        for _ in 0..lines {
            data.extend_from_slice(b"x\n");
        }
        let taken = Arc::new(AtomicUsize::new(0));
        let at_slow = Arc::new(AtomicUsize::new(0));
        let f: AnswerFn = {
            let (taken, at_slow) = (Arc::clone(&taken), Arc::clone(&at_slow));
            Arc::new(move |s: &str| {
                if s == "slow" {
                    std::thread::sleep(Duration::from_millis(300));
                    at_slow.store(taken.load(Ordering::SeqCst), Ordering::SeqCst);
                }
                Ok(s.to_string())
            })
        };
        for threads in [2, 4] {
            taken.store(0, Ordering::SeqCst);
            let input = BufReader::with_capacity(
                64,
                Counting {
                    data: Cursor::new(data.clone()),
                    taken: Arc::clone(&taken),
                },
            );
            let s = answer_lines(input, &mut io::sink(), threads, 64, Arc::clone(&f)).unwrap();
            assert_eq!(s.lines, lines + 1);
            let read_ahead = at_slow.load(Ordering::SeqCst) / 2;
            assert!(
                read_ahead <= 2 * WINDOW_LINES + 64,
                "{threads} threads: {read_ahead} lines read behind the slow one"
            );
        }
    }
}

/// README figures that come from the reports in docs/: the prose must quote what the reports
/// measured, so a regenerated report that moves a figure fails here until the prose follows.
mod readme_figures {
    use std::path::Path;

    fn repo() -> &'static Path {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .unwrap()
            .parent()
            .unwrap()
    }

    /// Every `bench --table acar` report in docs/ (one per CPU family).
    fn acar_reports() -> Vec<(String, String)> {
        let mut v: Vec<(String, String)> = std::fs::read_dir(repo().join("docs"))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                let n = p.file_name().unwrap().to_string_lossy().to_string();
                n.starts_with("acar-table") && n.ends_with(".txt")
            })
            .map(|p| {
                (
                    p.display().to_string(),
                    std::fs::read_to_string(&p).unwrap(),
                )
            })
            .collect();
        v.sort();
        assert!(!v.is_empty(), "no docs/acar-table*.txt");
        v
    }

    /// The last `back`-th whitespace field of every line starting with `prefix`, as a number.
    fn column(report: &str, prefix: &str, back: usize) -> Vec<f64> {
        report
            .lines()
            .filter(|l| l.starts_with(prefix))
            .map(|l| {
                let f: Vec<&str> = l.split_whitespace().collect();
                f[f.len() - back].parse::<f64>().unwrap()
            })
            .collect()
    }

    #[test]
    fn readme_affine_prose_quotes_the_acar_reports() {
        let (mut ratio, mut im) = (Vec::new(), Vec::new());
        for (name, text) in acar_reports() {
            // Cycles (third field from the end) of the single affine and projective pairings,
            // whichever base the report's ratio column had; I/M with the vartime inversion.
            let affine = column(&text, "single affine, vartime", 3);
            let projective = column(&text, "projective ", 3);
            let i = column(&text, "F_p ", 1);
            assert!(
                !affine.is_empty() && affine.len() == projective.len() && affine.len() == i.len(),
                "{name}: curves"
            );
            ratio.extend(affine.iter().zip(&projective).map(|(a, p)| a / p));
            im.extend(i);
        }
        let lo = |v: &[f64]| v.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = |v: &[f64]| v.iter().copied().fold(0.0, f64::max);
        let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
        let readme = readme.split_whitespace().collect::<Vec<_>>().join(" ");
        for quote in [
            format!("{:.2}-{:.2}x slower alone", lo(&ratio), hi(&ratio)),
            format!(
                "costs {}-{} multiplications",
                lo(&im).floor(),
                hi(&im).ceil()
            ),
        ] {
            assert!(
                readme.contains(&quote),
                "README.md should say \"{quote}\" (docs/acar-table*.txt)"
            );
        }
    }
}
