#!/usr/bin/env bash
# Builds the fuzz targets and runs them one at a time: ./run.sh TARGET|all [SECONDS] [libFuzzer flags...]
#
#   Fuzz/run.sh all 240                  every target for 4 minutes each
#   Fuzz/run.sh spec 60 -max_len=65536   one target, with extra libFuzzer flags
#   KEEP_GOING=1 Fuzz/run.sh diff 240    after a crash, start the target again until the time is used up
#
# Seeds are read from Corpus/<target>/ (committed); new inputs go to Generated/<target>/ (git-ignored); crashes,
# timeouts and out-of-memory inputs go to Crashes/<target>/. Logs are in .build/logs/. See docs/Fuzzing.md.
set -euo pipefail
cd "$(dirname "$0")"

targets=(json-parse json-roundtrip recording diff report-reader spec redaction)
usage() {
    echo "usage: $0 TARGET|all [SECONDS] [libFuzzer flags...]" >&2
    echo "targets: ${targets[*]}" >&2
    exit 2
}
[[ $# -ge 1 ]] || usage
which=$1
seconds=${2:-60}
shift $(($# >= 2 ? 2 : 1))
[[ $seconds =~ ^[0-9]+$ ]] || usage
if [[ $which == all ]]; then
    selected=("${targets[@]}")
else
    [[ " ${targets[*]} " == *" $which "* ]] || usage
    selected=("$which")
fi

# The targets reach ContractKit through the main package's ContractInvariants library (no -enable-testing needed).
echo "== building (release, -sanitize=fuzzer)"
swift build -c release -j "${FUZZ_BUILD_JOBS:-1}" --scratch-path .build \
    -Xswiftc -sanitize=fuzzer

dictionary() {
    case $1 in
    json-parse | json-roundtrip | redaction) echo Dictionaries/json.dict ;;
    recording | diff) echo Dictionaries/recording.dict ;;
    report-reader) echo Dictionaries/report.dict ;;
    spec) echo Dictionaries/spec.dict ;;
    esac
}

# What a saved input does: the failure message and the top ContractKit frame, from a replay with Swift's backtracer.
describe() {
    local target=$1 input=$2 trace=$3 failure frame
    mkdir -p .build/tmp
    TMPDIR="$PWD/.build/tmp" ".build/release/$target" "$input" >"$trace" 2>&1 || true
    failure=$(grep -m1 -o 'Fatal error.*\|Swift runtime failure: [^*]*\|stack-overflow\|Stack overflow' "$trace" || true)
    frame=$(grep -m1 '/Sources/ContractKit/' "$trace" | sed -E 's/^.*0x[0-9a-f]+ +//; s/ \+ [0-9]+ in [^ ]+ at / at /' || true)
    echo "${failure:-(no message)} | ${frame:-(no ContractKit frame)}"
}

mkdir -p .build/logs
summary=()
for target in "${selected[@]}"; do
    mkdir -p "Generated/$target" "Crashes/$target"
    flags=(-rss_limit_mb=2048 -timeout=10 -print_final_stats=1 -artifact_prefix="Crashes/$target/"
        -dict="$(dictionary "$target")")
    echo "== $target for ${seconds}s (logs: Fuzz/.build/logs/$target.*)"
    start=$SECONDS
    total_runs=0
    attempt=0
    crashes=()
    while :; do
        remaining=$((seconds - (SECONDS - start)))
        ((remaining > 0)) || break
        attempt=$((attempt + 1))
        log=.build/logs/$target.$attempt.log
        # The targets' temporary files go here, so that a crash (which leaves them behind) leaves nothing in /tmp.
        scratch=.build/tmp/$target
        rm -rf "$scratch" && mkdir -p "$scratch"
        status=0
        # Swift's own crash backtracer would catch the signal first, and libFuzzer would then save nothing.
        SWIFT_BACKTRACE=enable=no TMPDIR="$PWD/$scratch" ".build/release/$target" -max_total_time="$remaining" \
            "${flags[@]}" "$@" "Generated/$target" "Corpus/$target" >"$log" 2>&1 || status=$?
        rm -rf "$scratch"
        # The run count: libFuzzer's final stats, or the last `#N` status line when it stopped at a crash.
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
        [[ -n $runs ]] || runs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')
        total_runs=$((total_runs + ${runs:-0}))
        artifact=$(sed -n 's/.*Test unit written to //p' "$log" | head -1)
        [[ -n $artifact ]] || break
        crashes+=("    $artifact: $(describe "$target" "$artifact" ".build/logs/$target.$attempt.trace")")
        echo "${crashes[-1]}"
        [[ ${KEEP_GOING:-0} == 1 ]] || break
    done
    elapsed=$((SECONDS - start))
    line="$target: $total_runs runs in ${elapsed}s, $((total_runs / (elapsed > 0 ? elapsed : 1))) exec/s"
    line+=", ${#crashes[@]} crash input(s) saved in Fuzz/Crashes/$target/"
    echo "$line"
    summary+=("$line" "${crashes[@]}")
done

echo
echo "== summary"
printf '%s\n' "${summary[@]}"
