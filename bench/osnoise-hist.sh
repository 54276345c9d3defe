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

# sum_times TOOL: "runs user sys real events" over TOOL's successful runs
sum_times()
{
	local f n=0 u=0 s=0 r=0 e=0 line txt

	for f in "$out/$1"-*.time; do
		[ -f "$f" ] || continue
		line=$(cat "$f")
		case "$line" in *" status=0") ;; *) continue ;; esac
		txt=${f%.time}.txt
		read -r u s r e <<< "$(awk -v u="$u" -v s="$s" -v r="$r" -v e="$e" \
			-v l="$line" -v ev="$(awk '$1 == "count:" { for (i = 2; i <= NF; i++) t += $i } END { print t + 0 }' "$txt")" '
			BEGIN {
				n = split(l, f, /[ =]/)
				for (i = 1; i < n; i++) v[f[i]] = f[i + 1]
				print u + v["user"], s + v["sys"], r + v["real"], e + ev
			}')"
		n=$((n + 1))
	done
	echo "$n $u $s $r $e"
}

echo
echo "osnoise hist $RTLENS_GUEST_BENCH_ARGS, $runs run(s) per tool, guest CPU seconds per run (TCG):"
printf '%-8s %9s %9s %9s %9s %12s %18s\n' tool "user s" "sys s" total "wall s" events "rtlens/rtla"
read -r rn ru rs rr re <<< "$(sum_times rtla)"
read -r ln lu ls lr le <<< "$(sum_times rtlens)"
row()
{
	local name=$1 n=$2 u=$3 s=$4 r=$5 e=$6 ratio=$7

	if [ "$n" -eq 0 ]; then
		local why="(not run)"

		ls "$out/$name"-*.time > /dev/null 2>&1 && why="(failed)"
		printf '%-8s %9s %9s %9s %9s %12s %18s\n' "$name" - - - - - "$why"
		return
	fi
	awk -v name="$name" -v n="$n" -v u="$u" -v s="$s" -v r="$r" -v e="$e" -v ratio="$ratio" 'BEGIN {
		printf "%-8s %9.2f %9.2f %9.2f %9.1f %12d %18s\n", name, u / n, s / n, (u + s) / n, r / n, e / n, ratio
	}'
}
row rtla "$rn" "$ru" "$rs" "$rr" "$re" 1.00
ratio=-
if [ "$rn" -gt 0 ] && [ "$ln" -gt 0 ]; then
	ratio=$(awk -v a="$lu" -v b="$ls" -v c="$ru" -v d="$rs" -v ln="$ln" -v rn="$rn" \
		'BEGIN { x = (c + d) / rn; printf "%.2f", x > 0 ? (a + b) / ln / x : 0 }')
fi
row rtlens "$ln" "$lu" "$ls" "$lr" "$le" "$ratio"
exit $status
