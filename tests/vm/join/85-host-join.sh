# SPDX-License-Identifier: GPL-2.0
#
# The guest's end of the guest-host join (tests/vm/join/check.sh boots it):
# QEMU runs this guest's one vCPU as the host thread "CPU 0/TCG", which the
# host's companion (tests/vm/join/companion.py) pins to one host CPU. The
# guest asks the companion over its control port (/dev/ttyS2) to start the
# host's recording, then a SCHED_FIFO spinner on that host CPU, records
# osnoise with --host-sync over /dev/ttyS1 (rtlens timesync answers on the
# host), and timerlat the same way, asks for the spinner to stop, records
# osnoise again, and ends the host's recording. With the spinner and
# without it, hwlat measures the vCPU: the spinner's bursts are hardware
# latency to the guest. tests/vm/host/85-host-join.sh joins the recordings.

JOIN_RUN_S=${RTLENS_GUEST_JOIN_RUN_S:-12}

for tty in /dev/ttyS1 /dev/ttyS2; do
	if [ ! -c "$tty" ]; then
		not_ok "the guest has the join's ports" "no $tty: booted without the companion?"
		exit 0
	fi
done
stty -F /dev/ttyS2 raw -echo 2> stty.err || diag "stty: $(cat stty.err)"
exec 5<> /dev/ttyS2

# ctl WORD: the companion does it and answers ok
ctl()
{
	local reply=

	printf '%s\n' "$1" >&5
	read -r -t 300 reply <&5
	reply=$(printf '%s' "$reply" | tr -d '\r')
	if [ "$reply" = ok ]; then
		ok "the host's companion did $1"
		return 0
	fi
	not_ok "the host's companion did $1" "its answer: '$reply'"
	return 1
}

# run NAME TOOL OPTION...: TOOL on the guest's CPU, recorded, with the time sync
run()
{
	local name=$1 tool=$2

	shift 2
	rtlens "$tool" top -c 0 -d "$JOIN_RUN_S" -q "$@" --record "$name.dat" \
		--host-sync /dev/ttyS1 > "$name.txt" 2>&1
	check_exit "$tool top --record --host-sync ($name) exits 0" 0 $?
	set -- "$name"
	if grep -q 'no answer from the host' "$1.txt"; then
		not_ok "the host answered the time sync ($1)" "$(cat "$1.txt")"
	else
		ok "the host answered the time sync ($1)"
	fi
	emit_file "$1.dat"
	emit_file "$1.txt"
}

# hwl NAME: hwlat on the guest's CPU, a histogram in 1 ms buckets: each
# time the host's spinner takes the vCPU thread, the tracer's thread,
# spinning with IRQs off, sees the clock jump by the spinner's burst
hwl()
{
	rtlens hwlat hist -c 0 -d "$JOIN_RUN_S" -b 1000 -E 200 --window 250000 --width 200000 \
		--json "hwlat-$1.json" > "hwlat-$1.txt" 2>&1
	check_exit "hwlat hist ($1) exits 0" 0 $?
	emit_file "hwlat-$1.json"
	emit_file "hwlat-$1.txt"
}

ctl host-record-start || exit 0
if ctl spin-on; then
	run spin osnoise -p 1000000 -r 500000 -T 200 --aa
	run tl-spin timerlat
	hwl spin
fi
ctl spin-off && run quiet osnoise -p 1000000 -r 500000 -T 200 --aa
hwl quiet
ctl host-record-stop
