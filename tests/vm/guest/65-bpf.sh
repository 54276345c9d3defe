# SPDX-License-Identifier: GPL-2.0
#
# timerlat counted in the kernel by BPF, on a kernel with the
# osnoise:timerlat_sample tracepoint (tests/vm/check.sh boots Debian's
# newest rt kernel for this script, with the rtla of its version): the
# statistics and histograms come from the BPF maps (JSON config.data_path
# "bpf", a note), rtlens's instance enables no event, the counts match the
# period, the warm-up and a stop threshold work as on the tracefs path;
# --no-bpf and RTLENS_NO_BPF take the tracefs path; with a threshold, the
# analysis reads its flight recorder (an instance of its own, read at the
# stop) and names the blocker. The host half (tests/vm/host/65-bpf.sh)
# reads the reports.

if [ ! -d "$VM_TRACEFS/events/osnoise/timerlat_sample" ]; then
	diag "no osnoise:timerlat_sample on $(uname -r): nothing to test here"
	return 0
fi
ok "the kernel has osnoise:timerlat_sample ($(uname -r))"

shape() { grep -v -e '^note: ' -e '^rtlens' "$1" | sed -E '1s/RTLA|rtlens/TOOL/; s/[0-9]+/N/g; s/ +/ /g' | grep -v '^$' | uniq; }
after_rtla() { check_restored "$1: rtla left tracefs as it was" "$VM_BEFORE" || tracefs_restore "$VM_BEFORE"; }

# ---- hist: counted by BPF, nothing enabled in rtlens's instance ----
rtlens timerlat hist -c 1-2 -p 1000 -d 6 --json b-hist.json > b-hist.txt 2> b-hist.err &
pid=$!
wait_run $pid timerlat
events=$(cat "$VM_TRACEFS/instances/rtlens-$pid/events/enable" 2>/dev/null)
check "rtlens's instance enables no event while BPF counts (events/enable: '$events')" \
	[ "$events" = 0 ]
wait $pid
check_exit "timerlat hist with BPF exits 0" 0 $?
emit_file b-hist.txt
emit_file b-hist.err
emit_file b-hist.json
check_grep "the run says the samples were counted by BPF" \
	'^note: samples counted in the kernel by BPF \(osnoise:timerlat_sample\)$' b-hist.txt

# ---- the same through tracefs: --no-bpf, RTLENS_NO_BPF ----
rtlens timerlat hist -c 1-2 -p 1000 -d 6 --no-bpf --json n-hist.json > n-hist.txt 2>&1
check_exit "timerlat hist --no-bpf exits 0" 0 $?
emit_file n-hist.txt
emit_file n-hist.json
if grep -q '^note: samples' n-hist.txt; then
	not_ok "--no-bpf prints no note on the path" "$(grep '^note: samples' n-hist.txt)"
else
	ok "--no-bpf prints no note on the path"
fi
RTLENS_NO_BPF=1 rtlens timerlat top -c 1-2 -p 1000 -d 3 -q --json env-top.json > env-top.txt 2>&1
check_exit "RTLENS_NO_BPF=1 timerlat top exits 0" 0 $?
emit_file env-top.json

# ---- the layout is rtla's (both run user-space threads by default here) ----
rtla timerlat hist -c 1-2 -p 1000 -d 4 > rtla-hist.raw 2>&1
after_rtla "rtla timerlat hist"
strip_ansi rtla-hist.raw > rtla-hist.txt
emit_file rtla-hist.txt
rtlens timerlat hist -c 1-2 -p 1000 -d 4 > b-hist4.txt 2>&1
shape b-hist4.txt > b.shape
shape rtla-hist.txt > rtla.shape
if cmp -s b.shape rtla.shape; then
	ok "timerlat hist with BPF: layout as rtla's"
else
	not_ok "timerlat hist with BPF: layout as rtla's" "$(diff rtla.shape b.shape | head -20)"
fi

# ---- the warm-up is not counted ----
rtlens timerlat top -c 1 -p 1000 --warm-up 3 -d 3 -q --json warm.json > warm.txt 2>&1
check_exit "timerlat top --warm-up with BPF exits 0" 0 $?
emit_file warm.json

# ---- a stop threshold: a SCHED_FIFO 99 blocker of 400 ms every 500 ms,
# against 250 ms: far above TCG's own gaps (up to ~130 ms) ----
spin -c 1 -p 99 -n rtl_bpfblock -d 40 --duty 80 --period-ms 500 > spin.out 2>&1 &
spinner=$!
t0=$(now)
rtlens timerlat top -c 1 -T 250000 --no-aa -d 30 -q --json b-stop.json > b-stop.txt 2>&1
check_exit "timerlat top -T --no-aa with BPF stops with status 2" 2 $?
check "it stopped early ($(elapsed "$t0") s of -d 30)" ge 25 "$(elapsed "$t0")"
kill $spinner 2>/dev/null
wait $spinner
emit_file b-stop.txt
emit_file b-stop.json
check_grep "the stop is announced as with tracefs" '^rtlens timerlat hit stop tracing$' b-stop.txt

# ---- the analysis reads its flight recorder at the stop, BPF counts ----
# the instances while it runs: a threshold TCG's own gaps (up to ~130 ms)
# do not reach, so that the run is still there to look at
rtlens timerlat top -c 1 -T 500000 -d 6 -q > aa-run.txt 2>&1 &
pid=$!
wait_run $pid timerlat
wait_tracer "rtlens-$pid-aa" timerlat 120
events=$(cat "$VM_TRACEFS/instances/rtlens-$pid/events/enable" 2>/dev/null)
check "with the analysis, the instance read during the run enables no event ('$events')" \
	[ "$events" = 0 ]
check "the flight recorder rtlens-$pid-aa runs the tracer with the analysis' events" \
	sh -c "grep -qx timerlat $VM_TRACEFS/instances/rtlens-$pid-aa/current_tracer &&
	       grep -qx 1 $VM_TRACEFS/instances/rtlens-$pid-aa/events/osnoise/thread_noise/enable"
wait $pid
check_exit "timerlat top -T 500000 with the analysis exits 0" 0 $?
# the stop: the blocker runs first, so that it is what the analysis explains
spin -c 1 -p 99 -n rtl_bpfblock -d 40 --duty 80 --period-ms 500 > spin.out 2>&1 &
spinner=$!
rtlens timerlat top -c 1 -T 250000 -s 250000 -d 40 -q --json aa-stop.json > aa-stop.txt 2>&1
check_exit "timerlat top -T with the analysis stops with status 2" 2 $?
kill $spinner 2>/dev/null
wait $spinner
emit_file aa-stop.txt
emit_file aa-stop.json
check_grep "the analysis names the blocker" 'rtl_bpfblock:[0-9]+' aa-stop.txt
# the thread's latency, or its return to user's (-u by default here)
check_grep "the analysis explains the latency that stopped the run (over 250 ms)" \
	'^  (Thread|Ret user) latency: +[0-9]{6,}\.[0-9]+ us \(100%\)$' aa-stop.txt
# the tracer saves the stack right after the sample that stopped it
check_grep "the stack saved at the stop (-s) is in the window" '^ +-> [a-z_]+' aa-stop.txt

# ---- --bpf-action: the user's program runs in the kernel at the stop ----
action=/vm/timerlat_action.bpf.o
if [ -f "$action" ]; then
	echo > "$VM_TRACEFS/trace"
	spin -c 1 -p 99 -n rtl_bpfact -d 40 --duty 80 --period-ms 500 > spin.out 2>&1 &
	spinner=$!
	rtlens timerlat top -c 1 -T 250000 -d 40 -q --no-aa --bpf-action "$action" \
		--json act.json > act.txt 2>&1
	check_exit "timerlat top -T --bpf-action stops with status 2" 2 $?
	kill $spinner 2>/dev/null
	wait $spinner
	emit_file act.txt
	emit_file act.json
	grep timerlat_action "$VM_TRACEFS/trace" > act.trace
	emit_file act.trace
	# the thread's sample, or its return to user's (-u by default here)
	check_grep "the action ran once, on cpu 1, at the sample over 250 ms" \
		'timerlat_action: cpu 1 context [12] latency [0-9]{9,} ns' act.trace
	check "... and once only" [ "$(grep -c . act.trace)" = 1 ]
	echo > "$VM_TRACEFS/trace"
	rtlens timerlat top -c 1 -T 25000 -d 2 -q --bpf-action /vm/lib.sh > act-bad.txt 2>&1
	check_exit "--bpf-action with a file that is no BPF object: exit 1" 1 $?
	check_grep "... says so" 'cannot open it as a BPF object' act-bad.txt
	check_restored "... and leaves tracefs as it was" "$VM_BEFORE" || tracefs_restore "$VM_BEFORE"
else
	diag "no $action (make builds it with clang): --bpf-action not run"
fi
:
