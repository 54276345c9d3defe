#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/many-cpus.sh - many CPUs: boots the VM of tests/vm/run.sh with 64
# vCPUs on Debian's newest rt kernel and its rtla (tests/vm/backports.sh)
# and runs, on CPUs 1-63, `osnoise top` (rtlens: --aa), `osnoise hist`,
# `timerlat top` and `timerlat hist`, 20 s each, under rtla and rtlens
# (with --json) in turn in the same boot (bench/guest/many-cpus.sh); then
# rtlens's live `timerlat top` in a terminal of 24 and of 50 lines.
#
# It checks that every run ends within BENCH_END_S of its -d, that every
# CPU 1-63 has its row in rtlens's text and JSON (and its entry in the
# analysis of `osnoise top --aa`), and prints per measured CPU the CPU
# seconds and the peak resident memory of rtlens and of rtla, and their
# ratio (bench/many_cpus_table.py). All 64 vCPUs share one TCG thread: the
# seconds are inflated and the duty of the workloads kept low (see the
# guest half); read the ratios.
#
#   bench/many-cpus.sh                    (`make bench`)
#
# Environment: BENCH_D (20), BENCH_END_S (60), BENCH_SMP (64),
# RTLENS_GUEST_BENCH_* (the guest half's), RTLENS_VM_* as for
# tests/vm/run.sh (RTLENS_VM_DIR defaults to build/bench-many-cpus,
# RTLENS_VM_MEM to 4G, the timeouts to an hour).

set -uo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top" || exit 1

bpo=$(tests/vm/backports.sh) || exit 1
eval "$bpo"
export RTLENS_VM_KERNEL=$BPO_KERNEL RTLENS_VM_RTLA_ROOT=$BPO_RTLA_ROOT
export RTLENS_VM_DIR=${RTLENS_VM_DIR:-build/bench-many-cpus}
export RTLENS_VM_SMP=${BENCH_SMP:-64}
export RTLENS_VM_MEM=${RTLENS_VM_MEM:-4G}
export RTLENS_VM_TIMEOUT=${RTLENS_VM_TIMEOUT:-3600}
export RTLENS_VM_SCRIPT_TIMEOUT=${RTLENS_VM_SCRIPT_TIMEOUT:-3000}
export RTLENS_VM_STALL=${RTLENS_VM_STALL:-600}
export RTLENS_GUEST_BENCH_D=${BENCH_D:-20}

tests/vm/run.sh bench/guest/many-cpus.sh
status=$?

python3 bench/many_cpus_table.py "$RTLENS_VM_DIR/out/many-cpus" "$((RTLENS_VM_SMP - 1))" \
	"${BENCH_END_S:-60}" || status=1
exit $status
