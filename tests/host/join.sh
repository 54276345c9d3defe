# SPDX-License-Identifier: GPL-2.0
#
# Host tests of the guest-host join (--host-sync, rtlens timesync,
# --host-input), sourced by tests/host/run.sh (expect, ok, not_ok, $R,
# $WORK, $ROOT).
#
# What is refused, with exit 1 and a reason, nothing changed: --host-input
# without --input, --host-sync without --record, a channel that does not
# exist, timesync without one, a guest recording without round trips, a
# host recording that is missing or is no host's. As root with tracefs and
# 2 CPUs, the whole protocol on this machine alone: a relay joins the
# "guest" end (a live user-engine run on CPU 1 with --record and
# --host-sync) to rtlens timesync, a thread named "CPU 1/TCG" runs bursts
# on CPU 1, and the recording is replayed with itself as the host's: both
# ends read one clock, so the offset found must be 0 within the error the
# sync states, and the thread is CPU 1's vCPU, which ran in the samples.

SEEDS=${SEEDS:-$ROOT/tests/fuzz/corpus/input}

join_refusals()
{
	expect "--host-input needs --input" 1 'give the guest.s with --input' -- \
		$R osnoise top --host-input "$SEEDS/osnoise-aa.dat" -d 1
	expect "--host-sync needs --record" 1 'add --record FILE' -- \
		$R osnoise top --host-sync /dev/null -d 1
	expect "timesync without a channel" 1 'no channel' -- $R timesync
	expect "timesync of what does not exist" 1 'cannot use .*/nothing-here for the time sync' -- \
		$R timesync "$WORK/nothing-here"
	expect "timesync --help" 0 'usage: rtlens timesync' -- $R timesync --help
	expect "--host-input of a guest recording without round trips" 1 \
		'holds no time round trip with its host' -- \
		$R osnoise top --input "$SEEDS/osnoise-aa.dat" --host-input "$SEEDS/trace-cmd-sched.dat"
}

# relay A B: the first client of unix socket A to the first of B, both ways
relay()
{
	python3 - "$1" "$2" <<'PY' &
import os, select, socket, sys
srv = []
for p in sys.argv[1:3]:
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(p)
    s.listen(1)
    srv.append(s)
a, _ = srv[0].accept()
b, _ = srv[1].accept()
peer = {a: b, b: a}
while True:
    r, _, _ = select.select([a, b], [], [], 60)
    if not r:
        break
    for s in r:
        data = s.recv(4096)
        if not data:
            sys.exit(0)
        peer[s].sendall(data)
PY
	RELAY=$!
	for _ in $(seq 50); do
		[ -S "$1" ] && [ -S "$2" ] && return 0
		sleep 0.1
	done
}

# a thread named as QEMU names a vCPU, bursts of 2 ms every 20 ms on CPU 1
fake_vcpu()
{
	python3 - <<'PY' &
import ctypes, os, time
ctypes.CDLL(None).prctl(15, b"CPU 1/TCG", 0, 0, 0)	# PR_SET_NAME
os.sched_setaffinity(0, {1})
end = time.monotonic() + 12
while time.monotonic() < end:
    t = time.monotonic()
    while time.monotonic() - t < 0.002:
        pass
    time.sleep(0.018)
PY
	VCPU=$!
}

join_live()
{
	local h=$WORK/join-host.sock g=$WORK/join-guest.sock

	rm -f "$h" "$g"
	relay "$h" "$g"
	$R timesync "$h" > "$WORK/timesync.out" 2>&1 &
	local ts=$!
	fake_vcpu
	sleep 1
	expect "a run with --host-sync through rtlens timesync" 0 'CPU' -- \
		$R osnoise top --engine user -c 1 -d 6 -q --record "$WORK/join.dat" --host-sync "$g"
	kill "$VCPU" "$RELAY" 2> /dev/null
	wait "$VCPU" "$RELAY" 2> /dev/null
	wait "$ts"
	if grep -q '^rtlens timesync: [1-9][0-9]* round trips answered' "$WORK/timesync.out"; then
		ok "timesync answered the round trips, and ended with the guest's end"
	else
		not_ok "timesync answered the round trips"
		sed 's/^/#   /' "$WORK/timesync.out"
	fi
	expect "the recording joined with itself as the host's" 0 \
		'^CPU 1: vCPU thread CPU 1/TCG:' -- \
		$R osnoise top --input "$WORK/join.dat" --host-input "$WORK/join.dat" \
		--json "$WORK/join.json"
	json_valid "the join's report" "$WORK/join.json"
	python3 - "$WORK/join.json" > "$WORK/join-check.out" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t = d["host_join"]["time_sync"]
c = d["host_join"]["cpus"][0]
print(f'# one clock: offset {t["offset_ns"]:.0f} ns, error bound {t["error_ns"]} ns, '
      f'round trips {t["round_trips"]}, quickest {t["rtt_min_ns"]} ns')
assert t["round_trips"] >= 16 and t["rounds"] >= 2, "two rounds at least"
assert abs(t["offset_ns"]) <= t["error_ns"] + 1, "the offset of one clock is 0"
assert t["error_ns"] < 5000000, "the bound is of a round trip on one machine"
assert c["cpu"] == 1 and c["vcpu"]["comm"] == "CPU 1/TCG" and c["joined_samples"] >= 1
PY
	if [ $? = 0 ]; then
		ok "the sync of one clock finds offset 0 within its bound; the vCPU joined"
		grep '^#' "$WORK/join-check.out"
	else
		not_ok "the sync of one clock finds offset 0 within its bound; the vCPU joined"
		sed 's/^/#   /' "$WORK/join-check.out"
	fi
}

join_tests()
{
	join_refusals
	if [ "$(id -u)" = 0 ] && have_tracefs && [ "$(nproc)" -ge 2 ]; then
		join_live
	fi
}
