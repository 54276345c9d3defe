# SPDX-License-Identifier: GPL-2.0
#
# --record and --input on the real tracers: a live run with --record writes a
# trace.dat; replayed (in the guest here, and on the host by
# host/47-record.sh, without a tracer or root) it gives the live run's
# per-CPU results, analysis and setup: lines, and says what it replays. Stop
# thresholds given to a replay stop it at the first recorded sample that
# reaches one (exit 2); options of a live run are refused. A trace.dat of
# trace-cmd itself replays; a damaged file is refused.

# same_rows NAME LIVE REPLAY - the per-CPU table lines of two outputs, the same
same_rows()
{
	grep -E '^ +[0-9]+ #' "$2" > "$2.rows"
	grep -E '^ +[0-9]+ #' "$3" > "$3.rows"
	if [ -s "$2.rows" ] && cmp -s "$2.rows" "$3.rows"; then
		ok "$1"
	else
		not_ok "$1" "$(cat "$2.rows" "$3.rows")"
	fi
}

# osnoise top --aa with a spinner on CPU 1: a source to name. -T 100: with
# the 7.3 kernel's default threshold of 1 us, each sample_threshold write
# under TCG makes the next sample: os.dat grew to 20-34 MB (285,000
# samples in 4 s), and its replays and its trip to the host made the script
# take 191-256 s (124 s with -T 100, os.dat 10 MB, kallsyms mostly)
spin -c 1 -p 95 -n rtl_spinner -d 10 --duty 30 --period-ms 10 > spin.out 2>&1 &
spinner=$!
rtlens osnoise top -c 0-1 -d 4 -q -T 100 --aa --record os.dat --json os-live.json > os-live.txt 2>&1
check_exit "osnoise top --aa --record exits 0" 0 $?
kill $spinner 2>/dev/null
wait $spinner
check_grep "osnoise top --record says where the recording went" '^  Recording saved to os.dat$' os-live.txt
rtlens osnoise top --input os.dat --aa --json os-replay.json > os-replay.txt 2>&1
check_exit "osnoise top --input --aa exits 0" 0 $?
check_grep "the replay names the spinner" 'rtl_spinner' os-replay.txt
# the tables of the live run and of the replay, the same lines
same_rows "osnoise: the replay's per-CPU table is the live run's" os-live.txt os-replay.txt
rtlens osnoise top --input os.dat -c 1 --aa > os-cpu1.txt 2>&1
check_exit "-c 1 replays one of the recorded CPUs" 0 $?
grep -E '^ +1 #' os-live.txt > os-cpu1.want
grep -E '^ +[0-9]+ #' os-cpu1.txt > os-cpu1.got
if [ -s os-cpu1.want ] && cmp -s os-cpu1.want os-cpu1.got; then
	ok "-c 1: CPU 1's row alone, as live"
else
	not_ok "-c 1: CPU 1's row alone, as live" "$(cat os-cpu1.want os-cpu1.got)"
fi
rtlens osnoise top --input os.dat -c 3 > os-cpu3.txt 2>&1
check_exit "-c 3 (not recorded) is refused" 1 $?
check_grep "saying which CPUs were" 'CPU 3 was not measured in os.dat \(it measured CPU 0-1\)' os-cpu3.txt
rtlens osnoise hist --input os.dat --json os-hist.json > os-hist.txt 2>&1
check_exit "osnoise hist replays a recording of osnoise top --aa" 0 $?
check_grep "the replay says what it replays" '^replay of osnoise top recorded on .* at [0-9-]+ [0-9:]+ UTC \([0-9.]+ s, rtlens [0-9]' os-replay.txt
# the live run's setup: lines, from the findings recorded with it
grep '^setup: ' os-live.txt > os-live.setup
grep '^setup: ' os-replay.txt > os-replay.setup
if cmp -s os-live.setup os-replay.setup; then
	ok "the replay's setup: lines are the live run's ($(wc -l < os-live.setup))"
else
	not_ok "the replay's setup: lines are the live run's" "$(diff os-live.setup os-replay.setup | head -n 10)"
fi
# -s given to the replay, on the recorded samples: under the longest it
# stops at the first that reaches it (exit 2, the sample named); over it, not
max=$(awk '/^max:/ { for (i = 2; i <= NF; i++) if ($i > m) m = $i } END { print m + 0 }' os-hist.txt)
if [ "$max" -gt 1 ]; then
	rtlens osnoise hist --input os.dat -s $((max / 2 + 1)) --json os-stop.json > os-stop.txt 2>&1
	check_exit "replay with -s under the recorded max ($max us) stops: exit 2" 2 $?
	check_grep "it says it hit the stop, as a live run" '^rtlens osnoise hit stop tracing$' os-stop.txt
	check_grep "and names the sample" "^replay: stopped at CPU [01]'s noise sample of [0-9]+ us \(threshold $((max / 2 + 1)) us\), [0-9.]+ s into the recording$" os-stop.txt
	check_grep "its report says threshold" '"reason": "threshold"' os-stop.json
	check_grep "and the sample that stopped it" '"stopped_by": \{' os-stop.json
	rtlens osnoise hist --input os.dat -s $((max + 1)) > os-nostop.txt 2>&1
	check_exit "replay with -s over the recorded max: exit 0" 0 $?
	emit_file os-stop.txt
else
	not_ok "os.dat holds noise samples (max $max us)"
fi
rtlens osnoise top --input os.dat -P f:95 -d 10 > os-live-opts.txt 2>&1
check_exit "options of a live run are refused with --input" 1 $?
check_grep "all named in one line" 'do not apply to a replay, .*: -d, -P$' os-live-opts.txt
rtlens timerlat top --input os.dat > wrong.txt 2>&1
check_exit "timerlat refuses an osnoise recording" 1 $?
check_grep "and says which command replays it" 'recording of rtlens osnoise top: replay it with rtlens osnoise' wrong.txt

# osnoise top alone: no event enabled, the tracer's own summaries only
rtlens osnoise top -c 0-1 -d 2 -q --record plain.dat > plain-live.txt 2>&1
check_exit "osnoise top --record (no analysis) exits 0" 0 $?
rtlens osnoise top --input plain.dat > plain-replay.txt 2>&1
check_exit "and replays" 0 $?
same_rows "osnoise top: the replay's per-CPU table is the live run's" plain-live.txt plain-replay.txt
rtlens osnoise top --input plain.dat --aa > plain-aa.txt 2>&1
check_exit "--aa on it is refused: no noise events recorded" 1 $?
check_grep "saying to record with --aa" 'recorded without them \(record with rtlens osnoise hist or top --aa.*without --aa' plain-aa.txt
diag "plain.dat: $(wc -c < plain.dat) B"

# hwnoise: the osnoise tracer with IRQs off, recorded and replayed
rtlens hwnoise -c 0-1 -d 3 -q --record hw.dat --json hw-live.json > hw-live.txt 2>&1
check_exit "hwnoise --record exits 0" 0 $?
rtlens hwnoise --input hw.dat --json hw-replay.json > hw-replay.txt 2>&1
check_exit "hwnoise --input exits 0" 0 $?
same_rows "hwnoise: the replay's per-CPU table is the live run's" hw-live.txt hw-replay.txt

# timerlat: a threshold stop with its analysis, and a histogram run
spin -c 1 -p 95 -n rtl_spinner -d 10 --duty 30 --period-ms 10 > spin.out 2>&1 &
spinner=$!
rtlens timerlat top -c 0-1 -a 3000 -d 8 -q --record tl.dat --json tl-live.json > tl-live.txt 2>&1
diag "timerlat top -a: exit $?"
kill $spinner 2>/dev/null
wait $spinner
rtlens timerlat top --input tl.dat --json tl-replay.json > tl-replay.txt 2>&1
diag "timerlat replay: exit $?"
same_rows "timerlat: the replay's per-CPU table is the live run's" tl-live.txt tl-replay.txt
rtlens timerlat hist -c 0-1 -d 2 --record th.dat --json th-live.json > th-live.txt 2>&1
check_exit "timerlat hist --record exits 0" 0 $?
rtlens timerlat hist --input th.dat --json th-replay.json > th-replay.txt 2>&1
check_exit "timerlat hist --input exits 0" 0 $?
# -i on the recorded IRQ latencies (none recorded under 1 us): the first stops it
rtlens timerlat hist --input th.dat --no-aa -i 1 > th-stop.txt 2>&1
check_exit "timerlat hist replay with -i 1: exit 2" 2 $?
check_grep "naming the IRQ latency" "^replay: stopped at CPU [01]'s IRQ latency of [0-9]+ us \(threshold 1 us\)" th-stop.txt

# a trace.dat of trace-cmd's
if command -v trace-cmd > /dev/null; then
	trace-cmd record -q -p osnoise -e osnoise -o tc.dat sleep 2 > tc.out 2>&1
	diag "trace-cmd record: exit $? $(tail -n 2 tc.out | tr '\n' ' ')"
	rtlens osnoise top --input tc.dat --aa --json tc-replay.json > tc-replay.txt 2>&1
	check_exit "osnoise top replays trace-cmd's own recording" 0 $?
	check_grep "and shows its CPUs" '^ +0 #' tc-replay.txt
	emit_file tc-replay.txt
	emit_file tc-replay.json
	trace-cmd record -q -p timerlat -o tct.dat sleep 2 > tct.out 2>&1
	diag "trace-cmd record -p timerlat: exit $?"
	rtlens timerlat hist --input tct.dat > tct-replay.txt 2>&1
	check_exit "timerlat hist replays trace-cmd's timerlat recording" 0 $?
	check_grep "with its samples counted" '^count:( +[1-9][0-9]*)+' tct-replay.txt
	rtlens osnoise top --input tct.dat > tct-wrong.txt 2>&1
	check_exit "osnoise refuses a timerlat recording of trace-cmd" 1 $?
	check_grep "saying it holds no osnoise samples" 'holds no osnoise samples' tct-wrong.txt
else
	not_ok "trace-cmd is in the guest"
fi

# a damaged recording: cut in the middle
size=$(wc -c < os.dat)
head -c $((size / 2)) os.dat > cut.dat
rtlens osnoise top --input cut.dat > cut.txt 2>&1
check_exit "a recording cut short is refused" 1 $?
check_grep "with a message that says so" 'error: .*cut.dat' cut.txt
emit_file cut.txt

diag "recordings: os.dat $(wc -c < os.dat) B, tl.dat $(wc -c < tl.dat) B, th.dat $(wc -c < th.dat) B"
for f in os-live.txt os-live.json os-replay.txt os-replay.json os-hist.json tl-live.txt tl-live.json \
	 tl-replay.txt tl-replay.json th-live.json th-replay.json os.dat tl.dat th.dat; do
	emit_file $f
done
