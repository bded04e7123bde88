#!/bin/sh
# Builds and runs the fuzz targets (Fuzz/README.md).
#
#   Fuzz/run.sh [TARGET|"TARGET ..."|all] [SECONDS]     TARGET: Certificates Revocation TrustKitConfiguration ATS Limbo Collector
#
# Each target is built with libFuzzer and AddressSanitizer into .build/fuzz (its own scratch path: the ordinary
# .build/debug is left alone) and run for SECONDS (default 60) from its committed seeds (Fuzz/Corpus/TARGET) and
# regressions (Fuzz/Regressions/TARGET) plus what earlier runs found (.build/fuzz/corpus/TARGET, where new inputs
# go). A crash, leak, timeout or out-of-memory input is kept in .build/fuzz/crashes/TARGET/; the script goes on to
# the next target and exits 1 at the end when any target found one.
# FUZZ_JOBS=N runs N fuzzing processes per target (libFuzzer's -fork), which go on after a crash, keeping each
# one; FUZZ_ARGS adds libFuzzer options.
set -eu
cd "$(dirname "$0")/.."
ALL="Certificates Revocation TrustKitConfiguration ATS Limbo Collector"
which=${1:-all}
seconds=${2:-60}
[ "$which" = all ] && targets=$ALL || targets=$which
for target in $targets; do
    case " $ALL " in *" $target "*) ;; *) echo "run.sh: no fuzz target '$target' (one of: $ALL, all)" >&2; exit 2 ;; esac
done
scratch=.build/fuzz
build="swift build -c debug --scratch-path $scratch -Xswiftc -sanitize=fuzzer,address -Xswiftc -DTRUSTCHECK_FUZZING"
for target in $targets; do
    # grep -v: the gold linker warns about ASan runtime symbols it cannot export, harmlessly.
    $build --product "Fuzz$target" 2>&1 | grep -E "error:|warning: " | grep -v "Cannot export local symbol" || true
    [ -x "$scratch/debug/Fuzz$target" ] || { echo "run.sh: Fuzz$target did not build" >&2; exit 2; }
done
# Swift keeps its runtime's caches (metadata, conformances) for the life of the process: LeakSanitizer sees
# them as leaks, so leak detection is off; every other AddressSanitizer check is on.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:allocator_may_return_null=1}"
found=""
for target in $targets; do
    corpus=$scratch/corpus/$target
    crashes=$scratch/crashes/$target
    mkdir -p "$corpus" "$crashes" "Fuzz/Regressions/$target"
    before=$(ls "$crashes" | wc -l)
    echo "== Fuzz$target: $seconds s"
    # -timeout: an input that takes 10 s is a hang; -rss_limit_mb: 2 GB is an unbounded allocation.
    set +e
    "$scratch/debug/Fuzz$target" "$corpus" "Fuzz/Corpus/$target" "Fuzz/Regressions/$target" \
        -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -max_len=16384 -detect_leaks=0 \
        -artifact_prefix="$crashes/" -print_final_stats=1 ${FUZZ_JOBS:+-fork=$FUZZ_JOBS -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1} \
        ${FUZZ_ARGS:-} > "$scratch/$target.log" 2>&1
    status=$?
    set -e
    grep -E "^(stat::number_of_executed_units|stat::new_units_added|#[0-9]+ *DONE)|ERROR: |SUMMARY: " "$scratch/$target.log" | head -8
    after=$(ls "$crashes" | wc -l)
    if [ "$status" -ne 0 ] || [ "$after" -gt "$before" ]; then
        echo "Fuzz$target: FAILED (exit $status); inputs in $crashes/, log $scratch/$target.log"
        found="$found $target"
    fi
done
if [ -n "$found" ]; then echo "run.sh: failures in:$found"; exit 1; fi
echo "run.sh: no crashes in: $targets"
