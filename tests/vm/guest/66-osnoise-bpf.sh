# SPDX-License-Identifier: GPL-2.0
#
# osnoise counted in the kernel by BPF (issue 24), in the newest rt
# kernel's boot: osnoise top, osnoise hist and hwnoise say config.data_path
# "bpf" and a note; while they run, neither of rtlens's instances enables
# osnoise:sample_threshold (a raw tracepoint program counts the samples,
# and sends the analysis those it explains); --no-bpf reads them through
# tracefs; a stop threshold stops in the kernel, and the analysis names the
# thread that hit it. The host half (tests/vm/host/66-osnoise-bpf.sh)
# reads the reports.
#
# Nothing here compares the noise of two runs: under TCG (4 vCPUs on one
# host thread) each vCPU is away 50-80% of the time and one run's noise
# share differs from the next by up to 1.4x (bench/flood.sh compares the
# medians of several runs with rtla's). The host half checks instead what
# holds whatever the machine's speed: within one run, the samples BPF
# counted add up to the noise of the tracer's own per-period summaries.

if [ ! -d "$VM_TRACEFS/events/osnoise/sample_threshold" ]; then
	diag "no osnoise:sample_threshold on $(uname -r): nothing to test here"
	return 0
fi

# enabled STATE of sample_threshold in every instance of rtlens PID
sample_events() {
	cat "$VM_TRACEFS"/instances/rtlens-"$1"*/events/osnoise/sample_threshold/enable \
		2>/dev/null | sort -u | tr '\n' ' '
}

# ---- hist with the analysis: BPF counts, and hands the analysis its samples ----
rtlens osnoise hist -c 1-2 -d 5 --aa --json b-hist.json > b-hist.txt 2> b-hist.err &
pid=$!
wait_run $pid osnoise
wait_tracer "rtlens-$pid-aa" osnoise 120
events=$(sample_events $pid)
check "no instance of rtlens enables sample_threshold while BPF counts ('$events')" \
	[ "$events" = "0 " ]
check "the analysis has an instance of its own" [ -d "$VM_TRACEFS/instances/rtlens-$pid-aa" ]
wait $pid
check_exit "osnoise hist --aa with BPF exits 0" 0 $?
emit_file b-hist.txt
emit_file b-hist.err
emit_file b-hist.json
check_grep "hist says the samples were counted by BPF" \
	'^note: samples counted in the kernel by BPF \(osnoise:sample_threshold\)$' b-hist.txt
check_grep "hist's analysis names the tick" 'irq local_timer:236' b-hist.txt

for cmd in "osnoise top" hwnoise; do
	name=b-$(echo "$cmd" | tr ' ' '-')
	rtlens $cmd -c 1-2 -d 4 -q --json "$name.json" > "$name.txt" 2>&1
	check_exit "$cmd with BPF exits 0" 0 $?
	emit_file "$name.txt"
	emit_file "$name.json"
	# without the analysis, a table alone: rtla's layout, no note on the
	# path (the JSON says it; the guest note is everyone's)
	if grep -q '^note: samples' "$name.txt"; then
		not_ok "$cmd without the analysis says nothing of the path" \
			"$(grep '^note: samples' "$name.txt")"
	else
		ok "$cmd without the analysis says nothing of the path"
	fi
done

# ---- the same through tracefs ----
rtlens osnoise hist -c 1-2 -d 5 --no-bpf --json n-hist.json > n-hist.txt 2>&1
check_exit "osnoise hist --no-bpf exits 0" 0 $?
emit_file n-hist.json
RTLENS_NO_BPF=1 rtlens osnoise top -c 1-2 -d 3 -q --json n-top.json > n-top.txt 2>&1
check_exit "RTLENS_NO_BPF=1 osnoise top exits 0" 0 $?
emit_file n-top.json

# ---- a stop threshold stops in the kernel ----
# a 600 ms SCHED_FIFO burst every 2 s on CPU 1 against -s 300 ms: twice the
# longest gap TCG itself made in these boots (~130 ms, tests/vm/README.md)
spin -c 1 -p 95 -n rtl_osburst -d 40 --duty 30 --period-ms 2000 > spin.out 2>&1 &
spinner=$!
t0=$(now)
rtlens osnoise top -c 1-2 -s 300000 -d 30 -q --json s-top.json > s-top.txt 2>&1
rc=$?
took=$(elapsed "$t0")
kill $spinner 2>/dev/null
wait $spinner
check_exit "osnoise top -s 300000 with BPF stops with status 2" 2 $rc
check "it stopped on the burst, long before -d 30 (${took} s)" ge 20 "$took"
emit_file s-top.txt
emit_file s-top.json
check_grep "the threshold's sample is analyzed" '^## CPU 1 hit stop tracing, analyzing the sample ##$' s-top.txt
check_grep "the burst's thread is its cause" 'rtl_osburst:[0-9]+' s-top.txt
:
