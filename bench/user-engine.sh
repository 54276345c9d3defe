#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/user-engine.sh - the user engine (kernels without the osnoise
# tracer) against oslat (rt-tests), on this machine: the same CPU, the same
# duration, one tool after the other, first quiet, then with a known noise
# (a SCHED_FIFO spinner taking DUTY % of every 100 ms on that CPU). Prints,
# side by side:
#
#   - the cost of one turn of the measuring loop (ns per clock read);
#   - the longest gap, the gaps over THRESHOLD us, those over 1 ms, and
#     their total (oslat's last bucket holds every gap past 1023 us: its
#     total is then a lower bound, shown ">=");
#   - for rtlens: the trace events per second it read and the CPU time of
#     its main thread (the housekeeping side: reading, decoding, merging).
#
#   sudo bench/user-engine.sh             (`make bench` runs it too)
#
# Environment: BENCH_CPU (1), BENCH_SECONDS (10), BENCH_THRESHOLD (5),
# BENCH_DUTY (10), RTLENS_BIN (./rtlens). Needs root, oslat (package
# rt-tests), cc and python3.

set -uo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top" || exit 1

CPU=${BENCH_CPU:-1}
SECS=${BENCH_SECONDS:-10}
THRESH=${BENCH_THRESHOLD:-5}
DUTY=${BENCH_DUTY:-10}
RTLENS=${RTLENS_BIN:-./rtlens}
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

fail() {
	echo "bench/user-engine.sh: $*" >&2
	exit 1
}

[ "$(id -u)" = 0 ] || fail "needs root (the tools drive tracefs and pin threads)"
command -v oslat >/dev/null || fail "oslat not found: apt-get install rt-tests"
[ -x "$RTLENS" ] || fail "$RTLENS not found: run make"
cc -O2 -o "$WORK/spin" tests/vm/spin.c || fail "cannot build the spinner"

noise_on() {
	[ "$1" = quiet ] && return
	"$WORK/spin" -c "$CPU" -p 10 -n rtl_spin -d $((SECS + 4)) --duty "$DUTY" \
		--period-ms 100 > /dev/null &
	SPIN=$!
	sleep 0.2
}

noise_off() {
	[ "$1" = quiet ] && return
	kill "$SPIN" 2>/dev/null
	wait "$SPIN" 2>/dev/null
}

# one line of figures per tool, from its JSON
summarise() {
	python3 - "$@" <<'EOF'
import json, re, sys

tool, path, secs, thresh = sys.argv[1], sys.argv[2], float(sys.argv[3]), int(sys.argv[4])
d = json.load(open(path))
if tool == "oslat":
    # bucket k holds the loops of (k - 1, k] us; the last one everything longer
    t = list(d["thread"].values())[0]
    hist = {int(k): v for k, v in t["histogram"].items()}
    last = max(hist)
    loops = sum(hist.values())
    over = {k: v for k, v in hist.items() if k > thresh}
    noise = sum(k * v for k, v in over.items())
    print("%-8s %10.1f %8s %10d %10d %10d %14s" % (
        "oslat", secs * 1e9 / loops, "-", t["max"], sum(over.values()), hist[last],
        (">=%d" if hist[last] else "%d") % noise))
else:
    # -b 100: bucket i holds the samples of [100 i, 100 (i + 1)) us
    c = d["histogram"]["cpus"][0]
    tot = [x for x in d["cpus"] if x["cpu"] == c["cpu"]][0]
    big = sum(b["count"] for b in c["buckets"] if b["index"] >= 10) + c["over"]
    log = open(sys.argv[5]).read()
    m = re.search(r"cpu \d+: one clock read per loop, ([0-9.]+) ns on average, (\d+) ns", log)
    ev = re.search(r"\(([0-9]+)/s\), ([0-9.]+) s of cpu .* \(([0-9.]+) % of one cpu\)", log)
    print("%-8s %10s %8s %10d %10d %10d %14d   events/s %s, main thread %s %% of a cpu" % (
        "rtlens", m.group(1) if m else "?", m.group(2) if m else "?", c["max"], c["count"],
        big, tot["noise_us"], ev.group(1) if ev else "?", ev.group(3) if ev else "?"))
EOF
}

run_case() {
	local case=$1

	echo "# $case: cpu $CPU, ${SECS} s each, gaps of ${THRESH} us or more"
	printf '%-8s %10s %8s %10s %10s %10s %14s\n' tool "ns/read" "min ns" "max us" \
		">${THRESH}us" ">1ms" "noise us"
	noise_on "$case"
	oslat -c "$CPU" -D "$SECS" -b 1024 -q --json="$WORK/oslat.json" > "$WORK/oslat.txt" 2>&1 ||
		fail "oslat failed: $(tail -3 "$WORK/oslat.txt")"
	noise_off "$case"
	summarise oslat "$WORK/oslat.json" "$SECS" "$THRESH"
	noise_on "$case"
	"$RTLENS" osnoise hist --engine user -c "$CPU" -d "$SECS" -T "$THRESH" -b 100 -E 1000 \
		--json "$WORK/rtlens.json" -D > /dev/null 2> "$WORK/rtlens.log" ||
		fail "rtlens failed: $(tail -3 "$WORK/rtlens.log")"
	noise_off "$case"
	summarise rtlens "$WORK/rtlens.json" "$SECS" "$THRESH" "$WORK/rtlens.log"
}

run_case quiet
run_case "spinner ${DUTY}%"
