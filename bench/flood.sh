#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/flood.sh - osnoise top, rtlens side by side with rtla, under a
# flood of noise: boots Debian's newest rt kernel with its rtla
# (tests/vm/backports.sh) with more vCPUs than host threads, all on one TCG
# thread (RTLENS_VM_SMP 4, RTLENS_VM_TCG single: each vCPU is away most of
# the time; with the analysis' events on, the osnoise tracer writes over
# 100,000 noise samples a second), and runs bench/guest/flood.sh there:
# `osnoise top ARGS -q` under rtla, rtlens and rtlens --aa in turn, RUNS
# rounds. Prints, per CPU, each tool's runtime and noise share (noise /
# runtime) as medians and run by run, rtlens's against rtla's (rtla has no
# --aa for osnoise: both rtlens runs are compared with its runs), and the
# targets: rtlens's runtime at least 0.90x rtla's, its noise share
# 0.85-1.15x rtla's, with and without --aa, and no period missing (every
# run counts at least -d / period - 1 on each CPU: one may be cut short)
# (`ok: ...` or `below target: ...`); then the events rtlens reported lost, and
# whether its text table and its JSON report agree (bench/flood_table.py).
#
#   bench/flood.sh [RUNS]                 (`make bench`)
#
# Environment:
#   BENCH_ARGS   top options for every run (-c 1-2 -d 6)
#   BENCH_RUNS   rounds (3); RUNS on the command line wins
#   RTLENS_VM_*  as for tests/vm/run.sh (RTLENS_VM_DIR defaults to
#                build/bench-flood here)
#
# Exit status 1 when the boot or a run failed, not when a target is missed.
# Compare the tools within one boot: the flood is TCG's, and it differs
# from boot to boot.

set -uo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top" || exit 1

runs=${1:-${BENCH_RUNS:-3}}
bpo=$(tests/vm/backports.sh) || exit 1
eval "$bpo"
export RTLENS_VM_KERNEL=$BPO_KERNEL RTLENS_VM_RTLA_ROOT=$BPO_RTLA_ROOT
export RTLENS_VM_DIR=${RTLENS_VM_DIR:-build/bench-flood}
export RTLENS_GUEST_BENCH_ARGS=${BENCH_ARGS:--c 1-2 -d 6}
export RTLENS_GUEST_BENCH_RUNS=$runs

tests/vm/run.sh bench/guest/flood.sh
status=$?

python3 bench/flood_table.py "$RTLENS_VM_DIR/out/flood" "$RTLENS_GUEST_BENCH_ARGS" || status=1
exit $status
