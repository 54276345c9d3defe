#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/osnoise-hist.sh - CPU cost of `osnoise hist`, rtlens against rtla,
# on the real osnoise tracer: boots the VM of tests/vm/run.sh (Debian's rt
# kernel under QEMU TCG) with bench/guest/osnoise-hist.sh, which runs the
# same session under both tools, and prints each tool's own CPU time.
#
#   bench/osnoise-hist.sh [RUNS]          (`make bench`)
#
# Environment:
#   BENCH_ARGS   hist options for both tools (-c 1-3 -d 20 -T 1: -T 1 makes
#                the kernel emit a sample_threshold event for every noise
#                of 1 us or more, which the tool must read as they come)
#   BENCH_RUNS   runs per tool (1); RUNS on the command line wins
#   RTLENS_VM_*  as for tests/vm/run.sh (RTLENS_VM_DIR defaults to
#                build/bench here)
#
# Under TCG the guest's CPU times are inflated (each guest instruction is
# translated), so compare the ratio, not the seconds, and expect a few
# percent of run-to-run spread; both tools pay their setup (event format
# parsing) in the figures.

set -uo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top" || exit 1

runs=${1:-${BENCH_RUNS:-1}}
export RTLENS_VM_DIR=${RTLENS_VM_DIR:-build/bench}
export RTLENS_GUEST_BENCH_ARGS=${BENCH_ARGS:--c 1-3 -d 20 -T 1}
export RTLENS_GUEST_BENCH_RUNS=$runs

tests/vm/run.sh bench/guest/osnoise-hist.sh
status=$?

out=$RTLENS_VM_DIR/out/osnoise-hist

# events a hist output counted: the sum of its count: line
count_events()
{
	awk '$1 == "count:" { for (i = 2; i <= NF; i++) t += $i } END { print t + 0 }' "$1"
}

# one line per run: TOOL cputime: user=U sys=S real=R status=N EVENTS
for f in "$out"/*-[0-9]*.time; do
	[ -f "$f" ] || continue
	tool=${f##*/}
	echo "${tool%-*} $(cat "$f") $(count_events "${f%.time}.txt")"
done | awk -v args="$RTLENS_GUEST_BENCH_ARGS" -v runs="$runs" '
{
	tool = $1
	for (i = 3; i < NF; i++) {
		split($i, kv, "=")
		v[kv[1]] = kv[2]
	}
	if (v["status"] != 0) {
		failed[tool]++
		next
	}
	n[tool]++
	u[tool] += v["user"]
	s[tool] += v["sys"]
	r[tool] += v["real"]
	e[tool] += $NF
}
function row(t, ratio) {
	if (!n[t]) {
		printf "%-8s %8s %8s %8s %8s %12s  %s\n", t, "-", "-", "-", "-", "-",
			failed[t] ? "(failed)" : "(not run)"
		return
	}
	printf "%-8s %8.2f %8.2f %8.2f %8.1f %12d  %s\n", t, u[t] / n[t],
		s[t] / n[t], (u[t] + s[t]) / n[t], r[t] / n[t], e[t] / n[t], ratio
}
END {
	printf "\nosnoise hist %s: guest CPU seconds per run, mean of %d (TCG)\n",
		args, runs
	printf "%-8s %8s %8s %8s %8s %12s  %s\n", "tool", "user s", "sys s",
		"total", "wall s", "events", "rtlens/rtla"
	row("rtla", n["rtla"] ? "1.00" : "-")
	ratio = "-"
	if (n["rtla"] && n["rtlens"] && u["rtla"] + s["rtla"] > 0) {
		mine = (u["rtlens"] + s["rtlens"]) / n["rtlens"]
		ref = (u["rtla"] + s["rtla"]) / n["rtla"]
		ratio = sprintf("%.2f", mine / ref)
	}
	row("rtlens", ratio)
}'
exit $status
