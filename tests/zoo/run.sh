#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/zoo/run.sh - `make zoo`: every scenario of the zoo of causes
# (tests/zoo/README.md) on the VM rig's two kernels, then one table of the
# verdicts (tests/zoo/table.py), also written as build/zoo/zoo.json.
#
#   tests/zoo/run.sh [SCENARIO...]
#
# Environment: RTLENS_ZOO_KERNELS (which kernels: "6.1 bpo", the default,
# or one of them), RTLENS_ZOO_TOOLS (the runs: osnoise osnoise-user
# timerlat rtla-timerlat; default every run a scenario has),
# RTLENS_ZOO_DIR (build/zoo), RTLENS_VM_SERIAL=1 (the kernels one after
# the other instead of side by side), and tests/vm/run.sh's RTLENS_VM_*.
# Exit status 0 when every run passed.
set -uo pipefail

cd "$(dirname "$0")/../.." || exit 1
DIR=${RTLENS_ZOO_DIR:-build/zoo}
KERNELS=${RTLENS_ZOO_KERNELS:-6.1 bpo}
export RTLENS_VM_TIMEOUT=${RTLENS_VM_TIMEOUT:-2400}
export RTLENS_VM_SCRIPT_TIMEOUT=${RTLENS_VM_SCRIPT_TIMEOUT:-2000}
export RTLENS_VM_STALL=${RTLENS_VM_STALL:-240}
# a second serial port, ttyS1, for the device scenario's interrupts
export RTLENS_VM_QEMU_ARGS="${RTLENS_VM_QEMU_ARGS:-} -serial null"
export RTLENS_GUEST_ZOO="$*"
export RTLENS_GUEST_ZOO_TOOLS=${RTLENS_ZOO_TOOLS:-}

# lane NAME: one boot of the kernel NAME (6.1: Debian's rt kernel of this
# release; bpo: the newest, from backports, with its own rtla)
lane() {
	local name=$1 vmlinuz disk status

	if [ "$name" = bpo ]; then
		eval "$(tests/vm/backports.sh)" || return 1
		export RTLENS_VM_KERNEL=$BPO_KERNEL RTLENS_VM_RTLA_ROOT=$BPO_RTLA_ROOT
		vmlinuz=$BPO_KERNEL
	else
		vmlinuz=$(tests/vm/run.sh --kernel-path) || return 1
	fi
	tests/zoo/module.sh "$vmlinuz" "$DIR/$name/rtl_zoo.ko" || return 1
	# the block scenario's disk: virtio, one queue, no MSI-X (an INTx line
	# whose affinity can be set: MSI-X vectors of virtio are managed),
	# a sparse file of this lane's (QEMU locks its image)
	disk=$(mktemp "${TMPDIR:-/tmp}/rtlens-zoo-disk.XXXXXX") || return 1
	truncate -s 64M "$disk"
	RTLENS_VM_QEMU_ARGS="$RTLENS_VM_QEMU_ARGS -drive file=$disk,if=none,id=zoodisk,format=raw
		-device virtio-blk-pci,drive=zoodisk,num-queues=1,vectors=0" \
	RTLENS_VM_DIR=$DIR/$name RTLENS_VM_FILES="$(ls "$DIR/$name"/*.ko)" \
		tests/vm/check.sh tests/zoo/guest/zoo.sh
	status=$?
	rm -f "$disk"
	return $status
}

mkdir -p "$DIR"
pids=()
for k in $KERNELS; do
	case $k in 6.1|bpo) ;; *) echo "RTLENS_ZOO_KERNELS: 6.1 or bpo, not $k" >&2; exit 1 ;; esac
	if [ "${RTLENS_VM_SERIAL:-0}" = 1 ] || [ "$(nproc)" -lt 2 ]; then
		lane "$k" > "$DIR/lane-$k.log" 2>&1
	else
		lane "$k" > "$DIR/lane-$k.log" 2>&1 &
		pids+=($!)
	fi
done
status=0
for p in "${pids[@]}"; do
	wait "$p" || status=1
done
for k in $KERNELS; do
	echo "# ---- the $k kernel's boot ($DIR/lane-$k.log) ----"
	grep -E '^(not ok|# boot:|# the guest froze)|passed, ' "$DIR/lane-$k.log"
done
tables=()
for k in $KERNELS; do
	tables+=("$DIR/$k/out/zoo")
done
tests/zoo/table.py --json "$DIR/zoo.json" "${tables[@]}" || status=1
exit $status
