//! Replays the kept fuzz corpora (`fuzz/corpus/<target>/`, grown by `scripts/fuzz.sh`) and the seed
//! inputs through the fuzz targets' bodies: every input that libFuzzer kept must still pass, on
//! stable Rust, in the ordinary test command.

#[path = "support/arkworks_diff.rs"]
mod arkworks_diff;

use std::path::Path;
use tripair_cli::fuzz_bodies::{seeds, FuzzBody, TARGETS};

/// The library's targets and the `arkworks` differential target (a test-only body: arkworks is a
/// dev-dependency).
fn targets() -> Vec<(&'static str, FuzzBody)> {
    let mut t = TARGETS.to_vec();
    t.push(("arkworks", arkworks_diff::arkworks));
    t
}

#[test]
fn seeds_pass_every_target() {
    let seeds = seeds();
    for (name, body) in TARGETS {
        let mine: Vec<&Vec<u8>> = seeds
            .iter()
            .filter(|(t, _)| t == name)
            .map(|(_, s)| s)
            .collect();
        assert!(
            !mine.is_empty() || *name == "smallchar",
            "no seed for {name}"
        );
        for s in mine {
            body(s);
        }
    }
    let ark = arkworks_diff::seeds();
    assert!(ark.len() > 20);
    for s in &ark {
        arkworks_diff::arkworks(s);
    }
}

#[test]
fn kept_corpora_replay() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
    let mut total = 0;
    for (name, body) in targets() {
        let dir = root.join(name);
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries {
            let path = e.unwrap().path();
            let data = std::fs::read(&path).unwrap();
            body(&data);
            total += 1;
        }
    }
    eprintln!("replayed {total} corpus inputs");
}

/// Writes the seeds into the corpus directories (run once with `--ignored` before fuzzing).
#[test]
#[ignore = "writes fuzz/corpus; run with --ignored"]
fn write_seed_corpus() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
    let ark = arkworks_diff::seeds().into_iter().map(|s| ("arkworks", s));
    for (i, (name, s)) in seeds().into_iter().chain(ark).enumerate() {
        let dir = root.join(name);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("seed-{i}")), s).unwrap();
    }
}
