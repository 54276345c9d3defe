#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/vm/check.sh - `make vm-check`: every guest script in one boot, and
# up to two more boots if the guest froze.
#
# Debian's 6.1-rt kernel under QEMU TCG has been seen to freeze (no output,
# no kernel message) in about a third of the boots late in a long session,
# most often around kernel hist triggers, but also at other points; the
# cause is not found yet. A frozen guest is not a test result: the
# run is repeated, loudly, up to 3 boots. A third freeze, or any failed
# check, fails.
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
