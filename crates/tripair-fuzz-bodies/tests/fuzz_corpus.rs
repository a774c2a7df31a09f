//! Replays the kept fuzz corpora (`fuzz/corpus/<target>/`, grown by `scripts/fuzz.sh`) and the seed
//! inputs through the fuzz targets' bodies: every input that libFuzzer kept must still pass, on
//! stable Rust, in the ordinary test command.

#[path = "support/arkworks_diff.rs"]
mod arkworks_diff;

use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use tripair_fuzz_bodies::{seeds, FuzzBody, TARGETS};

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

/// The next target whose kept corpus a replay test takes (the two tests below share the targets).
static NEXT_CORPUS: AtomicUsize = AtomicUsize::new(0);

/// Replays the kept corpora of the targets no other replay test has taken: every target has a
/// kept corpus, and every input in it passes; a missing or empty corpus directory fails the test
/// (it would otherwise replay nothing and pass).
fn replay_kept_corpora() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus");
    let targets = targets();
    while let Some(&(name, body)) = targets.get(NEXT_CORPUS.fetch_add(1, Ordering::Relaxed)) {
        let dir = root.join(name);
        let entries = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("corpus of target {name}: {}: {e}", dir.display()));
        let mut n = 0;
        for e in entries {
            let path = e.unwrap().path();
            let data = std::fs::read(&path).unwrap();
            body(&data);
            n += 1;
        }
        assert!(
            n > 0,
            "corpus of target {name} ({}) is empty",
            dir.display()
        );
        eprintln!("{name}: replayed {n} corpus inputs");
    }
}

/// The kept corpora on the harness's two threads: each test takes the next target until none is
/// left (run alone, one test replays them all).
#[test]
fn kept_corpora_replay() {
    replay_kept_corpora();
}

#[test]
fn kept_corpora_replay_beside() {
    replay_kept_corpora();
}

/// The fuzz crate has a binary for every target the replay knows, and no other.
#[test]
fn every_target_has_a_fuzz_binary() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let manifest = std::fs::read_to_string(fuzz.join("Cargo.toml")).unwrap();
    let bins = manifest.matches("[[bin]]").count();
    let names = targets();
    assert_eq!(
        bins,
        names.len(),
        "fuzz/Cargo.toml's binaries against the targets"
    );
    for (name, _) in names {
        assert!(
            manifest.contains(&format!("name = \"{name}\"")),
            "fuzz/Cargo.toml has no binary {name}"
        );
        assert!(
            fuzz.join(format!("fuzz_targets/{name}.rs")).exists(),
            "{name}"
        );
    }
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
