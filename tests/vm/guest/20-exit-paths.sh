# SPDX-License-Identifier: GPL-2.0
#
# Every exit path leaves tracefs exactly as it was: normal end, SIGINT,
# SIGTERM, threshold stop, errors before and half-way through setup, and
# SIGKILL followed by the next run. A second session is refused.

snapshot_tracefs base.snap

# a non-default starting point, so that "restored" means something
echo 2 > $VM_TRACEFS/tracing_thresh
echo 0-2 > $VM_TRACEFS/osnoise/cpus
snapshot_tracefs start.snap

run_bg() { rtlens "$@" > bg.out 2>&1 & pid=$!; }

# ---- normal end, with values that differ from the start ----
rtlens osnoise top -c 1 -p 500000 -r 400000 -T 3 -d 2 -q > end.txt 2>&1
check_exit "normal end exits 0" 0 $?
check_restored "restored after a normal end" start.snap

# ---- SIGINT and SIGTERM: stop, drain, report, restore ----
for sig in INT TERM; do
	run_bg osnoise hist -c 1-2 -p 500000 -T 2 --json sig$sig.json
	wait_run $pid osnoise
	sleep 3
	kill -$sig $pid
	wait $pid
	check_exit "SIG$sig ends the run with status 0" 0 $?
	emit_file sig$sig.json
	emit_file bg.out bg-$sig.out
	check_grep "SIG$sig: the final table is printed" '^count:' bg.out
	check_restored "restored after SIG$sig" start.snap
done

# ---- threshold stop ----
rtlens osnoise hist -c 1 -s 1000 -d 60 > thr.txt 2>&1
check_exit "threshold stop exits 2" 2 $?
check_restored "restored after a threshold stop" start.snap

# ---- errors: before any change and half-way through setup ----
rtlens osnoise top -c 1 -d 2 -e nosuch:event > err1.txt 2>&1
check_exit "unknown event system: exit 1" 1 $?
check_grep "unknown event system: says which" "unknown event system 'nosuch'" err1.txt
rtlens osnoise top -c 1 -d 2 -e sched:nosuch > err2.txt 2>&1
check_exit "unknown event: exit 1" 1 $?
check_grep "unknown event: says which" "unknown event 'sched:nosuch'" err2.txt
rtlens osnoise top -c 1 -d 2 -r 2000000 > err3.txt 2>&1
check_exit "runtime over the kernel's period: exit 1" 1 $?
check_grep "runtime over the kernel's period: says why" 'runtime 2000000 us is longer than period [0-9]+ us' err3.txt
rtlens osnoise top -c 1 -d 2 -T 1 -t -e sched:sched_switch --filter 'prev_pid >>> 1' \
	--json half.json > err4.txt 2>&1
check_exit "bad filter half-way through setup: exit 1" 1 $?
check_grep "bad filter: says what failed" "cannot set the filter" err4.txt
if [ -e half.json ]; then not_ok "a failed run leaves no JSON file"; else ok "a failed run leaves no JSON file"; fi
emit_file err4.txt
check_restored "restored after errors" start.snap

# ---- a second session is refused, the first one is not disturbed ----
run_bg osnoise top -c 1 -d 6 -q
wait_run $pid osnoise
rtlens osnoise hist -c 2 -d 2 > second.txt 2>&1
check_exit "a second rtlens session is refused" 1 $?
check_grep "the refusal names the running session" "another rtlens session \(pid $pid\) is running" second.txt
wait $pid
check_exit "the first session ends normally" 0 $?
check_restored "restored after the refused session" start.snap

rtla osnoise top -c 1 -d 60 -q > rtla.out 2>&1 &
rtla_pid=$!
# rtla reads every event format first: wait until its tracer runs
for i in $(seq 60); do
	grep -qs osnoise $VM_TRACEFS/instances/*/current_tracer && break
	sleep 0.5
done
rtlens osnoise top -c 2 -d 2 > busy.txt 2>&1
check_exit "refused while rtla uses the tracer" 1 $?
check_grep "the refusal says the tracer is in use" 'already in use by instance' busy.txt
kill -INT $rtla_pid
wait $rtla_pid
check_restored "untouched while rtla ran" start.snap

# ---- SIGKILL, then the next run restores ----
run_bg osnoise top -c 1 -p 600000 -r 500000 -T 4 -q
wait_run $pid osnoise
grep -q 600000 $VM_TRACEFS/osnoise/period_us
check_exit "the killed run had changed the period" 0 $?
kill -KILL $pid
wait $pid 2>/dev/null
if [ -d $VM_TRACEFS/instances/rtlens-$pid ] && [ -e /run/rtlens/state ]; then
	ok "SIGKILL leaves the instance and the record behind"
else
	not_ok "SIGKILL leaves the instance and the record behind"
fi
rtlens osnoise top -c 2 -d 2 -q > next.txt 2>&1
check_exit "the next run succeeds" 0 $?
check_grep "the next run says it restored the killed session's state" \
	"restoring the tracefs state left by a killed session \(pid $pid\)" next.txt
check_restored "restored after SIGKILL and the next run" start.snap
if [ -e /run/rtlens/state ]; then not_ok "the record is gone"; else ok "the record is gone"; fi

# put back what this script changed
echo 0 > $VM_TRACEFS/tracing_thresh
echo "$(sed -n 's/^osnoise\/cpus: //p' base.snap)" > $VM_TRACEFS/osnoise/cpus
check_restored "back to the boot state" base.snap
:
