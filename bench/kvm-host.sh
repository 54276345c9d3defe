#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/kvm-host.sh - what naming vCPU threads and counting KVM exits costs:
# boots the VM of tests/vm/run.sh as a KVM host (Debian's rt kernel under
# QEMU TCG, -cpu with a constant TSC, as tests/vm/check.sh does for
# guest/70-kvm-host.sh) with bench/guest/kvm-host.sh, which runs `osnoise
# top` beside a vCPU that exits all the time: under rtla, under rtlens, and
# under rtlens --aa (kvm:kvm_exit traced and decoded). Prints
# each run's CPU time, the exits rtlens counted, and the CPU time per exit.
#
#   bench/kvm-host.sh                     (`make bench`)
#
# Environment: BENCH_ARGS (top options: -c 1 -d 10 -q), RTLENS_VM_* as for
# tests/vm/run.sh (RTLENS_VM_DIR defaults to build/bench-kvm here).
#
# Under TCG the guest's CPU times are inflated: compare the runs with each
# other, not with a real machine.

set -uo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top" || exit 1

export RTLENS_VM_DIR=${RTLENS_VM_DIR:-build/bench-kvm}
export RTLENS_VM_CPU=${RTLENS_VM_CPU:-max,+invtsc,x-force-features=on}
export RTLENS_GUEST_BENCH_ARGS=${BENCH_ARGS:--c 1 -d 10 -q}

tests/vm/run.sh bench/guest/kvm-host.sh
status=$?
out=$RTLENS_VM_DIR/out/kvm-host

# the exits rtlens counted inside the noise samples of its run
exits()
{
	sed -n 's/^  KVM exits inside the noise samples: \([0-9]*\).*/\1/p' "$1" |
		awk '{ t += $1 } END { print t + 0 }'
}

printf '\nosnoise top %s beside a vCPU exiting all the time: guest CPU seconds (TCG)\n' \
	"$RTLENS_GUEST_BENCH_ARGS"
printf '%-10s %8s %8s %8s %10s %14s\n' run "user s" "sys s" total "exits" "us per exit"
base=
for run in rtla rtlens rtlens-aa; do
	f=$out/$run.time
	if [ ! -f "$f" ]; then
		printf '%-10s %8s\n' "$run" "(not run)"
		continue
	fi
	set -- $(sed 's/[a-z]*=//g' "$f" | cut -d' ' -f2-)
	total=$(awk -v u="$1" -v s="$2" 'BEGIN { printf "%.2f", u + s }')
	n=$(exits "$out/$run.txt")
	per=-
	[ "$run" = rtlens ] && base=$total
	if [ "$run" = rtlens-aa ] && [ -n "$base" ] && [ "$n" -gt 0 ]; then
		per=$(awk -v a="$total" -v b="$base" -v n="$n" 'BEGIN { printf "%.2f", (a - b) * 1e6 / n }')
	fi
	printf '%-10s %8.2f %8.2f %8s %10s %14s\n' "$run" "$1" "$2" "$total" "$n" "$per"
done
echo "(us per exit: the analysis's extra CPU time over rtlens without it, per exit counted)"
exit $status
