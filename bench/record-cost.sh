#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/record-cost.sh - the instructions rtlens's tracefs path spends in
# userspace per timerlat sample (decode, models), counted by callgrind on
# bench/record_cost.c: repeatable, whatever else the machine does. The
# kernel's part (the reads of the ring buffers) is not in it: bench/cost.sh
# measures the whole against rtla in the VM.
#
#   bench/record-cost.sh [N]      (build/bench/record_cost: `make bench`)
set -uo pipefail

cd "$(dirname "$0")/.." || exit 1
n=${1:-100000}
bin=build/bench/record_cost
command -v valgrind > /dev/null || { echo "record-cost: needs valgrind (apt-get install valgrind)" >&2; exit 1; }
[ -x "$bin" ] || { echo "record-cost: $bin not built (make $bin)" >&2; exit 1; }

# instructions of one run of N records
ir() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bin" "$1" 2>&1 |
		awk '/Collected :/ { print $NF }'
}

fixed=$(ir 0)
total=$(ir "$n")
[ -n "$fixed" ] && [ -n "$total" ] || { echo "record-cost: callgrind failed" >&2; exit 1; }
awk -v f="$fixed" -v t="$total" -v n="$n" 'BEGIN {
	printf "\ntracefs path, userspace, per timerlat sample: %.0f instructions (%d samples, callgrind)\n",
	       (t - f) / n, n
}'
