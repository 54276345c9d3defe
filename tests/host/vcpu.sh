#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests of a KVM host's vCPU threads (issue #27, point 1), for real on
# this machine's /dev/kvm with the user engine (sourced by tests/host/run.sh,
# which provides R, ROOT, WORK, expect, ok, not_ok, json_valid; or run by
# itself: tests/host/vcpu.sh ./rtlens-san, as root). tests/vm/vcpu.c, a
# VMM of one vCPU looping on CPUID (an exit handled in the kernel) and OUT
# (an exit to the VMM), runs on cpu 1 (SCHED_OTHER, 4 ms of every 20)
# beside rtlens's measuring thread (SCHED_FIFO 1, 3.5 ms of every 7: no
# burst of the vCPU fits between two of its runs, so it preempts every
# one; two SCHED_OTHER threads left that to the scheduler, which once, on
# a loaded machine, let none happen in 3 s): its thread must be found by
# its name (QEMU's "CPU 0/KVM") and by --vm, its time split and its
# preemptions by the measuring thread shown, and the replay of the
# recording must show the same. Where
# the kernel's KVM traces kvm_exit and kvm_entry, its cpuid exits must be
# light, its io exits heavy and longer on average (the VM test checks that
# with the kernel tracer, tests/vm/guest/70-kvm-host.sh). Skipped without
# /dev/kvm or where the VMM cannot run. Ratios and structure only: this
# machine is loaded, and its own hypervisor stalls it for milliseconds.

VCPU_NAME='CPU 0/KVM'
# the vCPU's thread in the report, or None
VCPU_OF='(lambda t: t[0] if len(t) == 1 else None)([v for v in (d["vcpu_threads"] or []) if v["pid"] == int(os.environ["VCPU_PID"])])'

# vcpu_json NAME FILE EXPR: EXPR (python, v = the vCPU's thread) is true
vcpu_json() {
	local name=$1 file=$2 expr=$3

	if VCPU_PID=$vcpu_pid python3 -c "import json, os, sys; d = json.load(open(sys.argv[1])); v = $VCPU_OF; sys.exit(0 if v is not None and ($expr) else 1)" \
		"$file" 2>"$WORK/vcpu-json.err"; then
		ok "$name"
	else
		not_ok "$name"
		echo "#   $expr" && sed 's/^/#   /' "$WORK/vcpu-json.err"
		python3 -c "import json, sys; print(json.dumps(json.load(open(sys.argv[1])).get('vcpu_threads'))[:2000])" \
			"$file" 2>&1 | sed 's/^/#   /'
	fi
}

# the section of the vCPU threads in a text output
vcpu_section() {
	awk '/^vCPU threads on the measured CPUs/ { on = 1; print; next }
	     on && /^  / { print; next } { on = 0 }' "$1"
}

# vcpu_start SECONDS: the VMM on cpu 1, 20 % of every 20 ms
vcpu_start() {
	"$WORK/bin/vcpu" -c 1 -p 0 -n "$VCPU_NAME" -d "$1" --duty 20 --period-ms 20 \
		> "$WORK/vcpu.out" 2>&1 &
	vcpu_pid=$!
	sleep 0.3
}

vcpu_stop() {
	kill "$vcpu_pid" 2>/dev/null
	wait "$vcpu_pid" 2>/dev/null
}

# the VMM can run here: /dev/kvm, a VM of one vCPU, its exits
vcpu_usable() {
	mkdir -p "$WORK/bin"
	if [ ! -c /dev/kvm ]; then
		ok "# SKIP vCPU threads: no /dev/kvm on this machine"
		return 1
	fi
	if ! cc -O2 -Wall -Wextra -Werror -o "$WORK/bin/vcpu" "$ROOT/tests/vm/vcpu.c"; then
		not_ok "build the vcpu helper (tests/vm/vcpu.c)"
		return 1
	fi
	if ! "$WORK/bin/vcpu" -c 1 -p 0 -n "$VCPU_NAME" -d 1 > "$WORK/vcpu.out" 2>&1 ||
	   ! grep -q 'io_exits=[1-9]' "$WORK/vcpu.out"; then
		ok "# SKIP vCPU threads: the VMM cannot run here: $(head -n 1 "$WORK/vcpu.out")"
		return 1
	fi
	return 0
}

# Where KVM traces its exits and entries (not kvm-pvm): cpuid light, io
# heavy and longer on average; elsewhere the thread is said to lack them.
vcpu_exit_checks() {
	local reason='(lambda r: [x for x in v["exit_reasons"] if x["reason"] == r][0])'

	if ! VCPU_PID=$vcpu_pid python3 -c "import json, os, sys; d = json.load(open(sys.argv[1])); v = $VCPU_OF; sys.exit(0 if v and v['vcpu_id'] is not None else 1)" \
		"$WORK/vcpu.json" 2>/dev/null; then
		if grep -q "no kvm_exit or kvm_entry of it seen" "$WORK/vcpu.txt"; then
			ok "the thread without kvm_exit or kvm_entry is said to lack them"
		else
			not_ok "the thread without kvm_exit or kvm_entry is said to lack them"
		fi
		ok "# SKIP exits by reason: this kernel's KVM traced no kvm_exit or kvm_entry of the vCPU (kvm-pvm does not); the VM test checks them"
		return
	fi
	vcpu_json "its cpuid exits are light: none went to the VMM" "$WORK/vcpu.json" \
		"$reason('cpuid')['count'] > 0 and $reason('cpuid')['heavy'] == 0"
	vcpu_json "its io exits are heavy: all went to the VMM" "$WORK/vcpu.json" \
		"$reason('io')['count'] > 0 and $reason('io')['heavy'] == $reason('io')['count']"
	vcpu_json "its io exits are longer than its cpuid exits on average" "$WORK/vcpu.json" \
		"$reason('io')['avg_us'] > $reason('cpuid')['avg_us']"
	vcpu_json "it spent time in guest mode" "$WORK/vcpu.json" "v['guest_us'] > 0"
}

vcpu_tests() {
	local t

	vcpu_usable || return 0
	vcpu_start 30
	expect "osnoise top --engine user --aa beside a VMM on cpu 1" 0 \
		"^  $VCPU_NAME, pid $vcpu_pid, (vCPU 0, )?host cpu 1\$" -- \
		$R osnoise top --engine user -c 1 -d 3 -q --aa -P f:1 -p 7000 -r 3500 \
			--json "$WORK/vcpu.json" --record "$WORK/vcpu.dat"
	cp "$WORK/expect.out" "$WORK/vcpu.txt"
	expect "--vm of the VMM: its vCPU thread" 0 \
		"^vCPU threads on the measured CPUs \\(of the VMM process $vcpu_pid\\): 1\$" -- \
		$R osnoise top --engine user -c 1 -d 2 -q --vm "$vcpu_pid"
	expect "--vm of a process that is no VMM: none" 0 \
		"^vCPU threads on the measured CPUs \\(of the VMM process $$\\): 0\$" -- \
		$R osnoise top --engine user -c 1 -d 2 -q --vm $$
	expect "timerlat top --vm of the VMM: its vCPU thread" 0 \
		"^  $VCPU_NAME, pid $vcpu_pid, " -- \
		$R timerlat top --engine user -c 1 -d 2 -q --vm "$vcpu_pid"
	vcpu_stop
	sed "s/^/# /" "$WORK/vcpu.out"
	expect "--vm of no running process" 1 "--vm 4000000: no such running process" -- \
		$R osnoise top --engine user -c 1 -d 1 --vm 4000000

	json_valid "the report with vcpu_threads is valid" "$WORK/vcpu.json"
	vcpu_json "the report has its thread, QEMU's vCPU 0 on cpu 1" "$WORK/vcpu.json" \
		"v['comm'] == '$VCPU_NAME' and v['qemu_index'] == 0 and v['host_cpus'] == '1'"
	t="v['guest_us'] + v['host_kernel_us'] + v['vmm_us'] + v['preempted_us'] + v['sleeping_us'] + v['unknown_us']"
	vcpu_json "its time adds up, over most of the run" "$WORK/vcpu.json" \
		"abs($t - v['followed_us']) <= 1 + v['followed_us'] / 1e6 and v['followed_us'] > 1.5e6"
	# 20 % of every 20 ms busy: it sleeps most of the time, never all of it
	vcpu_json "it slept between its bursts, most of the time" "$WORK/vcpu.json" \
		"0.3 < v['sleeping_us'] / v['followed_us'] < 0.95"
	vcpu_json "the measuring thread on its cpu preempted it" "$WORK/vcpu.json" \
		"v['preemptions'] > 0 and any(p['comm'] == 'rtlens-osn/1' and p['us'] > 0 for p in v['preempted_by'])"
	vcpu_json "it went to the VMM" "$WORK/vcpu.json" "v['heavy_exits'] >= 1 and v['vmm_us'] > 0"
	vcpu_exit_checks

	expect "the recording replayed" 0 "^vCPU threads on the measured CPUs: " -- \
		$R osnoise top --input "$WORK/vcpu.dat" --aa --json "$WORK/vcpu-replay.json"
	vcpu_section "$WORK/vcpu.txt" > "$WORK/vcpu-live.section"
	vcpu_section "$WORK/expect.out" > "$WORK/vcpu-replay.section"
	if [ -s "$WORK/vcpu-live.section" ] && cmp -s "$WORK/vcpu-live.section" "$WORK/vcpu-replay.section"; then
		ok "the replay has the live run's section of the vCPU threads"
	else
		not_ok "the replay has the live run's section of the vCPU threads"
		diff "$WORK/vcpu-live.section" "$WORK/vcpu-replay.section" | sed 's/^/#   /' | head -20
	fi
	if python3 -c "import json, sys; sys.exit(0 if json.load(open(sys.argv[1]))['vcpu_threads'] == json.load(open(sys.argv[2]))['vcpu_threads'] else 1)" \
		"$WORK/vcpu.json" "$WORK/vcpu-replay.json"; then
		ok "the replay's vcpu_threads are the live run's"
	else
		not_ok "the replay's vcpu_threads are the live run's"
	fi
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	. "$(dirname "$0")/alone.sh" "$@"
	json_valid() {
		if python3 "$ROOT/tests/schema/validate.py" \
			"$ROOT/Documentation/rtlens-report-v2.schema.json" "$2" > "$WORK/validate.out" 2>&1; then
			ok "$1"
		else
			not_ok "$1"
			sed 's/^/#   /' "$WORK/validate.out"
		fi
	}
	vcpu_tests
	alone_end
fi
