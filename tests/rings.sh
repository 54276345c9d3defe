#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/rings.sh - make check's rings, every one of them, then the verdict:
# a failing ring does not hide the next. Each ring is a make target whose
# output is shown as it comes and kept in build/check/RING.log; at the end
# one table (ring, passed, failed, skipped, time), every failure by name,
# and the closing line "check: N passed, N failed, N skipped". Exits 1 if
# any ring failed.
#
# usage: tests/rings.sh RING...      (from the top of the tree; MAKE is used)
set -u

LOGS=build/check
mkdir -p "$LOGS"
declare -A passed failed skipped secs status

# count RING LOG: passed, failed and skipped checks of a ring's log. A
# runner's own summary lines ("N passed, N failed" at the start of a line)
# are summed where there are any (unit: binaries; layers, host, vm: checks);
# else TAP lines are counted (schema), else libFuzzer targets' lines (fuzz).
count() {
	local log=$1 sums

	skipped[$2]=$(grep -ciE '^ok .*# SKIP' "$log")
	sums=$(sed -nE 's/^([0-9]+) passed, ([0-9]+) failed.*/\1 \2/p' "$log" |
	       awk '{ p += $1; f += $2; n++ } END { if (n) print p, f }')
	if [ -z "$sums" ]; then
		sums="$(grep -cE '^ok\b' "$log") $(grep -cE '^not ok\b' "$log")"
		[ "$sums" = "0 0" ] &&
			sums="$(grep -cE '^fuzz_[a-z_]+ +ok ' "$log") $(grep -cE '^fuzz_[a-z_]+ +FAILED' "$log")"
	fi
	passed[$2]=$(( ${sums% *} - ${skipped[$2]} ))
	failed[$2]=${sums#* }
}

# failures LOG: the names of what failed in a ring's log: TAP's "not ok",
# a unit binary, a fuzz target, a layering rule or a compiler's error
failures() {
	grep -E '^not ok\b|^=== .*: FAILED|^fuzz_[a-z_]+ +FAILED|^src/[^ ]+: ' "$1" |
		sed 's/^/    /'
}

for ring in "$@"; do
	log=$LOGS/$ring.log
	start=$(date +%s)
	echo "===== $ring ====="
	${MAKE:-make} --no-print-directory "$ring" 2>&1 | tee "$log"
	status[$ring]=${PIPESTATUS[0]}
	secs[$ring]=$(( $(date +%s) - start ))
	count "$log" "$ring"
	# a ring that failed with no failed check (a build error, a crash of
	# its runner) counts as one failure
	if [ "${status[$ring]}" != 0 ] && [ "${failed[$ring]}" = 0 ]; then
		failed[$ring]=1
	fi
done

tp=0 tf=0 ts=0 bad=0
echo
echo "===== make check: the verdict ====="
printf '%-14s %8s %8s %8s %8s\n' ring passed failed skipped time
for ring in "$@"; do
	printf '%-14s %8d %8d %8d %7ds\n' "$ring" "${passed[$ring]}" "${failed[$ring]}" \
		"${skipped[$ring]}" "${secs[$ring]}"
	tp=$((tp + passed[$ring])) tf=$((tf + failed[$ring])) ts=$((ts + skipped[$ring]))
	[ "${status[$ring]}" != 0 ] && bad=1
done
if [ $bad = 1 ]; then
	echo
	echo "failed:"
	for ring in "$@"; do
		[ "${status[$ring]}" = 0 ] && continue
		echo "  $ring (exit ${status[$ring]}, log: $LOGS/$ring.log)"
		failures "$LOGS/$ring.log"
	done
fi
echo
echo "check: $tp passed, $tf failed, $ts skipped"
exit $bad
