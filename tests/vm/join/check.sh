#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/vm/join/check.sh - the guest-host join on this host: a TCG guest
# with one vCPU thread (multi-threaded TCG names it "CPU 0/TCG"), two more
# serial ports on unix sockets (ttyS1: --host-sync, ttyS2: the control of
# the companion), and tests/vm/join/companion.py beside it on the host
# (pinning, rtlens timesync, the host recording, the spinner). Needs root
# (SCHED_FIFO, tracefs) and trace-cmd; says why and passes over it where
# the host lacks them.
set -uo pipefail

cd "$(dirname "$0")/../../.." || exit 1
VM_DIR=${RTLENS_VM_DIR:-build/vm}-join
TRACING=/sys/kernel/tracing
# the companion records the host through tracefs: where the machine has it
# unmounted, the test mounts it, and unmounts it at its end
mounted=
if [ "$(id -u)" = 0 ] && ! grep -q ' tracefs ' /proc/self/mounts &&
   mount -t tracefs nodev "$TRACING"; then
	mounted=1
	echo "# tracefs was not mounted: mounted for the test, until its end"
fi
trap '[ -n "$mounted" ] && umount "$TRACING"' EXIT
if [ "$(id -u)" != 0 ] || ! command -v trace-cmd > /dev/null ||
   [ ! -d "$TRACING/events/sched" ]; then
	echo "ok 1 - # SKIP the guest-host join needs root, tracefs and trace-cmd on the host"
	exit 0
fi
mkdir -p "$VM_DIR"
rm -f "$VM_DIR/sync.sock" "$VM_DIR/ctl.sock"
export RTLENS_VM_DIR=$VM_DIR RTLENS_VM_SMP=1 RTLENS_VM_TCG=multi
export RTLENS_VM_QEMU_ARGS="-name rtlens-join,debug-threads=on \
-chardev socket,id=sync,path=$VM_DIR/sync.sock,server=on,wait=off -serial chardev:sync \
-chardev socket,id=ctl,path=$VM_DIR/ctl.sock,server=on,wait=off -serial chardev:ctl"
# run by bash -c: the checkout's path quoted (it may hold spaces)
export RTLENS_VM_COMPANION="RTLENS_BIN=$(printf %q "$PWD/${RTLENS_BIN:-rtlens}") tests/vm/join/companion.py"
tests/vm/run.sh tests/vm/join/85-host-join.sh
