#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/cost.sh - what measuring costs, rtlens against rtla, in one VM run
# of tests/vm/run.sh (QEMU TCG) on a real rt kernel:
#
#   bench/cost.sh [newest|6.1] [RUNS]
#
#   newest  Debian's newest rt kernel with its rtla (trixie-backports, 7.x:
#           tests/vm/backports.sh), the default
#   6.1     Debian 12's rt kernel with its rtla 6.1
#
# It prints, rtlens against rtla, each from runs that alternate in the same
# boot (bench/guest/cost.sh):
#   (a) osnoise top -c 1: the noise each reported (mean over the runs),
#       and the events each lost;
#   (b) timerlat hist -k, defaults: the CPU time each paid per sample, as
#       the slope of the steady CPU (all the tool's threads, from 3 s after
#       the start to 1 s before the end: no setup, no teardown) between
#       -p 1000 and -p 200, and the samples counted at -p 200;
#   (c) timerlat hist -u -p 200 (kernels with timerlat_fd): samples and CPU;
#       and timerlat hist -p 200 -T 1000000, the analysis on (rtla 7.3's
#       too; rtla 6.1's hist has none), no stop: CPU;
#   (d) from (b), the CPU that 256 CPUs at -p 100 would need;
#   (e) rtlens timerlat hist -p 200 --aa (the sources of the whole run:
#       rtla has none) against the same run without it (b): CPU.
# Guest CPU times under TCG are inflated many times over: read the ratios.
#
# Environment: BENCH_RUNS (2), BENCH_ONLY ("osnoise k aa runaa u"), BENCH_TL_D
# (timerlat runs' duration, 10 s), RTLENS_VM_* as
# for tests/vm/run.sh (RTLENS_VM_SMP defaults to 3 here: the measured CPUs
# 1-2 and one for the tools to live on).

set -uo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top" || exit 1

kernel=${1:-newest}
runs=${2:-${BENCH_RUNS:-2}}
case $kernel in
newest)
	bpo=$(tests/vm/backports.sh) || exit 1
	eval "$bpo"
	export RTLENS_VM_KERNEL=$BPO_KERNEL RTLENS_VM_RTLA_ROOT=$BPO_RTLA_ROOT
	;;
6.1)	;;
*)	echo "usage: $0 [newest|6.1] [RUNS]" >&2
	exit 2 ;;
esac
export RTLENS_VM_DIR=${RTLENS_VM_DIR:-build/bench-cost-$kernel}
export RTLENS_VM_SMP=${RTLENS_VM_SMP:-3}
export RTLENS_GUEST_BENCH_RUNS=$runs
export RTLENS_GUEST_BENCH_ONLY=${BENCH_ONLY:-osnoise k aa runaa u}
export BENCH_TL_D=${BENCH_TL_D:-10}
export RTLENS_GUEST_BENCH_TL_D=$BENCH_TL_D

tests/vm/run.sh bench/guest/cost.sh
status=$?

python3 bench/cost_table.py "$RTLENS_VM_DIR/out/cost" "$kernel" || status=1
exit $status
