#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/vm/check.sh - `make vm-check`, in two lanes that run side by side
# when the host has two CPUs or more (RTLENS_VM_SERIAL=1: one after the
# other):
# - Debian's 6.1 rt kernel with rtla 6.1 (the tracefs path, kernel
#   threads): every guest script but 17-live-pane, 47-record, 60, 65, 66
#   and 70 in one boot, with the zoo's fast scenarios (tests/zoo/); guest/70-kvm-host.sh (a nested KVM guest) in a boot on
#   a CPU with a constant TSC; guest/45-setup.sh in a boot with isolated
#   CPUs;
# - Debian's newest rt kernel (trixie-backports) with the rtla of its
#   version (tests/vm/backports.sh): every script but 55-fleet and
#   70-kvm-host in one boot, the same suite against rtla 7.x, where timerlat counts by BPF and
#   runs user-space threads by default, plus guest/60-user-threads.sh
#   (timerlat -u: timerlat_fd, Linux 6.5+), guest/65-bpf.sh
#   (osnoise:timerlat_sample) and guest/66-osnoise-bpf.sh (osnoise counted
#   by BPF).
# Then, alone, the guest-host join (tests/vm/join/check.sh: a one-vCPU 6.1
# guest recorded with its host, a spinner on the vCPU's host CPU).
# Each boot is repeated if the guest froze, up to 3 times.
#
# Debian's 6.1-rt kernel under multi-threaded TCG (one host thread per
# vCPU, 4 vCPUs on 2 host cores) froze in about half the boots: a stall
# report showed every vCPU with interrupts off in the local APIC timer
# interrupt, at the int3 of a tracepoint being patched (text_poke_bp) while
# a tracer started. run.sh now runs TCG single-threaded (RTLENS_VM_TCG),
# where no freeze was seen. Should one happen anyway, a frozen guest is not
# a test result: the boot is repeated, loudly, with run.sh's stall report
# (tests/vm/stall-report.py) in the log. A third freeze, or any failed
# check, fails.
set -uo pipefail

cd "$(dirname "$0")/../.." || exit 1
export RTLENS_VM_STALL=${RTLENS_VM_STALL:-240}
# Time limits for runs that go on, slowly: a frozen guest is caught by the
# stall watchdog above, these only bound a guest that still writes. On 2
# host cores shared with other VMs (load ~4) the newest kernel's boot needed
# more than run.sh's 900 s (its scripts up to 55-fleet alone took 772 s),
# and 80-rtla-suite more than 300 s (killed at 312 s in its 32nd case; alone
# in a boot with less load: 252 s on 6.1, 122 s on 7.3)
export RTLENS_VM_TIMEOUT=${RTLENS_VM_TIMEOUT:-1800}
export RTLENS_VM_SCRIPT_TIMEOUT=${RTLENS_VM_SCRIPT_TIMEOUT:-600}

# boot SCRIPT...: tests/vm/run.sh, again if the guest froze
boot() {
	local n=1 status log

	log=$(mktemp)
	while :; do
		tests/vm/run.sh "$@" | tee "$log"
		status=${PIPESTATUS[0]}
		[ "$status" = 0 ] && break
		grep -q 'frozen? (RTLENS_VM_STALL)' "$log" || break
		[ $n -ge 3 ] && break
		n=$((n + 1))
		echo "# the guest froze (see above): boot $n of at most 3"
	done
	rm -f "$log"
	return "$status"
}

if [ $# -gt 0 ]; then
	boot "$@"
	exit
fi

# The boots of Debian's 6.1 kernel, one after another
lane_61() {
	local status main

	# 47-record and 17-live-pane run in the newest kernel's boot only,
	# 55-fleet in this one only: what they test (the trace.dat, the live
	# screen, the endpoint and the pictures) is rtlens's, the same on both
	# kernels, and CI's time is short: the lanes run side by side, and
	# 55-fleet here evens their times
	main=$(ls tests/vm/guest/*.sh |
	       grep -v -e '/17-live-pane\.sh$' -e '/47-record\.sh$' \
		       -e '/60-user-threads\.sh$' \
		       -e '/65-bpf\.sh$' -e '/66-osnoise-bpf\.sh$' -e '/70-kvm-host\.sh$')
	# and the zoo's fast scenarios (tests/zoo/README.md: those that need
	# no test module), judged on the host by tests/zoo/table.py; device
	# needs the second serial port that tests/zoo/run.sh adds
	(
		export RTLENS_GUEST_ZOO="quiet rt_thread device net_rx ipi smi"
		export RTLENS_GUEST_ZOO_TOOLS="osnoise timerlat"
		export RTLENS_VM_QEMU_ARGS="${RTLENS_VM_QEMU_ARGS:-} -serial null"
		boot $main tests/zoo/guest/zoo.sh
	)
	status=$?
	tests/zoo/table.py --tap "$VM_DIR/out/zoo" || status=1

	# a KVM guest inside the test guest: the rt kernel's KVM needs a
	# constant TSC, which QEMU's TCG does not announce unless forced
	(
		export RTLENS_VM_CPU=max,+invtsc,x-force-features=on
		export RTLENS_VM_DIR=$VM_DIR-kvm
		boot tests/vm/guest/70-kvm-host.sh
	) || status=1

	# isolcpus=1 nohz_full=1 rcu_nocbs=1 irqaffinity=0: rtlens check
	# judges CPU 1 isolated, then names an IRQ moved onto it
	# (guest/45-setup.sh)
	(
		export RTLENS_VM_APPEND="isolcpus=1 nohz_full=1 rcu_nocbs=1 irqaffinity=0"
		export RTLENS_VM_DIR=$VM_DIR-isolated
		boot tests/vm/guest/45-setup.sh
	) || status=1
	return "$status"
}

# The boot of the newest kernel: every script but 55-fleet and 70-kvm-host
lane_bpo() {
	export RTLENS_VM_KERNEL=$BPO_KERNEL RTLENS_VM_RTLA_ROOT=$BPO_RTLA_ROOT
	export RTLENS_VM_DIR=$VM_DIR-bpo
	boot $(ls tests/vm/guest/*.sh | grep -v -e '/55-fleet\.sh$' -e '/70-kvm-host\.sh$')
}

VM_DIR=${RTLENS_VM_DIR:-build/vm}
export RTLENS_VM_DIR=$VM_DIR
mkdir -p "$VM_DIR"
status=0
if ! bpo=$(tests/vm/backports.sh); then
	echo "not ok 1 - vm: fetch the backports rt kernel for timerlat -u and BPF"
	lane_61
	exit 1
fi
eval "$bpo"

# Each guest runs on one host thread (TCG single-threaded): with two host
# CPUs or more, the two lanes boot side by side, each on its own CPU, and
# vm-check takes the time of the longer one (the 7.x boot) instead of the
# sum. The 6.1 lane's output is kept and printed when both have ended.
if [ "$(nproc)" -ge 2 ] && [ -z "${RTLENS_VM_SERIAL:-}" ]; then
	lane_61 > "$VM_DIR/lane-61.log" 2>&1 &
	pid=$!
	echo "# the 6.1 boots run beside this one; their output follows it"
	(lane_bpo) || status=1
	wait "$pid" || status=1
	echo "# ----- the 6.1 boots (run beside the one above) -----"
	cat "$VM_DIR/lane-61.log"
else
	lane_61 || status=1
	(lane_bpo) || status=1
fi
# the guest-host join, alone: a guest of one TCG vCPU thread beside a
# spinner on its host CPU, both recorded and joined (tests/vm/join/check.sh);
# after the lanes, so that no other guest takes that host CPU meanwhile
RTLENS_VM_DIR=$VM_DIR tests/vm/join/check.sh || status=1
exit "$status"
