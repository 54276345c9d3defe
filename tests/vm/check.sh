#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/vm/check.sh - `make vm-check`: every guest script in one boot, and
# up to two more boots if the guest froze.
#
# Debian's 6.1-rt kernel under multi-threaded TCG (one host thread per
# vCPU, 4 vCPUs on 2 host cores) froze in about half the boots: a stall
# report showed every vCPU with interrupts off in the local APIC timer
# interrupt, at the int3 of a tracepoint being patched (text_poke_bp) while
# a tracer started. run.sh now runs TCG single-threaded (RTLENS_VM_TCG),
# where no freeze was seen. Should one happen anyway, a frozen guest is not
# a test result: the run is repeated, loudly, up to 3 boots, with
# run.sh's stall report (tests/vm/stall-report.py) in the log. A third
# freeze, or any failed check, fails.
set -uo pipefail

cd "$(dirname "$0")/../.." || exit 1
export RTLENS_VM_STALL=${RTLENS_VM_STALL:-240}
log=$(mktemp)
trap 'rm -f "$log"' EXIT

boot=1
while :; do
	tests/vm/run.sh "$@" | tee "$log"
	status=${PIPESTATUS[0]}
	[ "$status" = 0 ] && break
	grep -q 'frozen? (RTLENS_VM_STALL)' "$log" || break
	[ $boot -ge 3 ] && break
	boot=$((boot + 1))
	echo "# the guest froze (see above): boot $boot of at most 3 for the whole run"
done
exit "$status"
