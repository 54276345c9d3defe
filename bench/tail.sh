#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/tail.sh - do the tail estimates (--tail, issue 38) predict what a
# longer run sees? In the VM of tests/vm/run.sh (Debian's 6.1 rt kernel
# under QEMU TCG), each measured CPU makes pairs: a fit of FIT (60 s) that
# predicts the worst timerlat thread latency of HORIZON (20 minutes), with
# its 90 % prediction interval, and then a run of HORIZON that sees it.
# The noise is injected, of a known tail (tests/vm/burst.c: exponential
# bursts, a light tail; Pareto bursts, a heavy one), or the VM's own
# (bench/guest/tail.sh says how the pairs are kept apart). Then
# bench/tail_table.py prints each pair and the summary: the light tail's
# coverage (the observed maximum inside the interval in at least 8 pairs of
# 10), the heavy tail flagged heavy (or refused by a named check, never
# given a finite bound as light), and what the natural noise gave. rtla has
# no such estimate: nothing to put side by side.
#
#   bench/tail.sh                       (`make bench`: 2 h 10 min)
#
# Environment: TAIL_SMP (6: CPUs 1-5 measured, so 5 pairs a round),
# TAIL_ROUNDS (2), TAIL_FIT (60s), TAIL_HORIZON (20m), TAIL_KINDS (light
# heavy natural), TAIL_PERIOD (10000), TAIL_LIGHT and TAIL_HEAVY (burst's
# laws, see the guest half), RTLENS_VM_* as for tests/vm/run.sh
# (RTLENS_VM_DIR: build/bench-tail; the timeouts from the windows). A
# short run: TAIL_SMP=3 TAIL_ROUNDS=1 TAIL_HORIZON=5m.

set -uo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top" || exit 1

# seconds DURATION: 20m, 1h, 60s or 60 in seconds
seconds()
{
	case $1 in
	*s) echo "${1%s}" ;;
	*m) echo $((${1%m} * 60)) ;;
	*h) echo $((${1%h} * 3600)) ;;
	*) echo "$1" ;;
	esac
}

export RTLENS_VM_DIR=${RTLENS_VM_DIR:-build/bench-tail}
export RTLENS_VM_SMP=${TAIL_SMP:-6}
export RTLENS_GUEST_TAIL_KINDS=${TAIL_KINDS:-light heavy natural}
export RTLENS_GUEST_TAIL_ROUNDS=${TAIL_ROUNDS:-2}
export RTLENS_GUEST_TAIL_FIT=${TAIL_FIT:-60s}
export RTLENS_GUEST_TAIL_HORIZON=${TAIL_HORIZON:-20m}
export RTLENS_GUEST_TAIL_PERIOD=${TAIL_PERIOD:-10000}
[ -n "${TAIL_LIGHT:-}" ] && export RTLENS_GUEST_TAIL_LIGHT=$TAIL_LIGHT
[ -n "${TAIL_HEAVY:-}" ] && export RTLENS_GUEST_TAIL_HEAVY=$TAIL_HEAVY

# a window is silent on the result port for as long as it runs, and
# rtlens's start under TCG adds up to a minute to each
fit_s=$(seconds "$RTLENS_GUEST_TAIL_FIT")
horizon_s=$(seconds "$RTLENS_GUEST_TAIL_HORIZON")
nkinds=$(echo $RTLENS_GUEST_TAIL_KINDS | wc -w)
total=$((nkinds * RTLENS_GUEST_TAIL_ROUNDS * (fit_s + horizon_s + 120)))
export RTLENS_VM_STALL=${RTLENS_VM_STALL:-$((horizon_s + 600))}
export RTLENS_VM_SCRIPT_TIMEOUT=${RTLENS_VM_SCRIPT_TIMEOUT:-$((total + 600))}
export RTLENS_VM_TIMEOUT=${RTLENS_VM_TIMEOUT:-$((total + 900))}

echo "# tail: $((RTLENS_VM_SMP - 1)) pairs a round, $RTLENS_GUEST_TAIL_ROUNDS round(s) of" \
	"$RTLENS_GUEST_TAIL_KINDS; fit $RTLENS_GUEST_TAIL_FIT, horizon" \
	"$RTLENS_GUEST_TAIL_HORIZON: about $((total / 60)) min"
tests/vm/run.sh bench/guest/tail.sh
status=$?

python3 bench/tail_table.py "$RTLENS_VM_DIR/out/tail" || status=1
exit $status
