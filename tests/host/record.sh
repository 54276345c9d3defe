# SPDX-License-Identifier: GPL-2.0
#
# Host tests of --record and --input, sourced by tests/host/run.sh (expect,
# ok, not_ok, json_valid, $R, $WORK, $ROOT, $RTLENS_RUN_DIR).
#
# What is refused when the options are read (--record -, '', with --input,
# --kernel-hist or --bpf-action; --input with an action or -t FILE), then
# --input of what is no recording (a missing file, a directory, a device,
# an empty file, text, a JSON report): exit 1 and a reason, no root needed.
# The recordings tests/fuzz/make_seeds.py writes (tests/fuzz/corpus/input:
# rtlens's of osnoise top --aa, timerlat top -a, timerlat top with 4-byte
# longs, hwnoise; trace-cmd's of the osnoise tracer) replay: as nobody,
# while another session holds the lock, -c among the recorded CPUs, the
# tool checked, the JSON report valid; cut short, they are refused. As
# root with tracefs and trace-cmd: trace-cmd's recording of
# sched:sched_switch here holds no samples of either tracer, which each
# command says (and what --aa or -a lacks); cut to half or to 100 bytes, or
# with bytes flipped in its headers, it is refused without a crash; a
# replay that fails leaves --json's file as it was. With 2 CPUs: --record
# of a run that fails leaves no file, and an existing one as it was; the
# user engine's --record gives a trace.dat that replays, or says it needs
# the kernel's tracer and leaves nothing. --live-replay (the seeds, and the
# user engine's recording of 5 s at --speed 10): no faster than the
# recording over --speed, the plain replay's JSON report and text; -d; on a
# terminal, the live table, p and q; --live-replay and --speed refused
# where they do not apply. No replay touches tracefs or rtlens's run
# directory (run.sh's expect compares them around each one).
#
# libtracecmd 3.1 loses a few bytes opening any trace.dat of file format 6
# (rtlens --record's, and the seeds): run.sh suppresses that leak
# (tests/host/lsan.supp).

TRACING=${TRACING:-/sys/kernel/tracing}

# rec_json NAME FILE EXPR: EXPR (python, d = the report) holds
rec_json() {
	if python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(not eval(sys.argv[2]))' \
		"$2" "$3" 2> "$WORK/rec-json.err"; then
		ok "$1"
	else
		not_ok "$1"
		echo "#   $3"
		sed 's/^/#   /' "$WORK/rec-json.err"
	fi
}

rec_same() { [ "$(cat "$1" 2>/dev/null)" = "$2" ]; }
rec_absent() { [ ! -e "$1" ]; }

# rec_flip IN OUT PATTERN SKIP COUNT: IN with COUNT bytes inverted, SKIP bytes
# after the first PATTERN (a Python bytes literal); false when not found
rec_flip() {
	python3 - "$@" <<'EOF'
import sys
src, dst, pattern, skip, count = sys.argv[1], sys.argv[2], eval(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
d = bytearray(open(src, "rb").read())
at = d.find(pattern)
if at < 0 or at + skip + count > len(d):
    sys.exit(1)
for i in range(at + skip, at + skip + count):
    d[i] ^= 0xff
open(dst, "wb").write(d)
EOF
}

rec_cut() { head -c "$3" "$1" > "$2"; }

# ---- refused when the options are read ----

record_option_tests() {
	local d=$WORK/rec-opts cmd

	mkdir -p "$d"
	for cmd in "osnoise top" "osnoise hist" "hwnoise" "timerlat top" "timerlat hist"; do
		expect "$cmd --record -: refused" 1 "invalid --record value '-': a trace.dat cannot go to stdout" -- \
			$R $cmd --record -
	done
	expect "--record '': refused" 1 "invalid --record value '': the file name is empty" -- \
		$R osnoise top --record ''
	expect "--record without a value" 1 "option '--record' needs a value" -- $R osnoise top --record
	expect "--record with --input" 1 "--record and --input exclude each other" -- \
		$R osnoise top --record "$d/a.dat" --input "$d/b.dat"
	expect "--record with --kernel-hist" 1 "--kernel-hist counts in the kernel, without events to record" -- \
		$R osnoise hist --kernel-hist --record "$d/a.dat"
	expect "--record with --bpf-action" 1 "--bpf-action runs from the BPF counting, which --record turns off" -- \
		$R timerlat top -T 10 --bpf-action "$d/a.bpf.o" --record "$d/a.dat"
	expect "--input '': refused" 1 "invalid --input value '': the file name is empty" -- \
		$R osnoise top --input ''
	expect "--input twice" 1 "one recording at a time" -- \
		$R osnoise top --input "$d/a.dat" --input "$d/b.dat"
	expect "--input with --on-end" 1 "--input: these options act on a live run and do not apply to a replay, which takes the recording's settings and runs no action: --on-end\$" -- \
		$R timerlat top --input "$d/a.dat" --on-end trace
	expect "--input with --on-threshold" 1 "do not apply to a replay, .*: --on-threshold\$" -- \
		$R osnoise top -s 10 --input "$d/a.dat" --on-threshold trace
	expect "--input with -t FILE" 1 "do not apply to a replay, .*: -t FILE\$" -- \
		$R osnoise top --input "$d/a.dat" -t "$d/x.txt"
	expect "--input with live options: all named in one line" 1 \
		"do not apply to a replay, .*: -p, -r, -P, -C, -H, -e, --engine, --warm-up, --trace-buffer-size, --no-bpf, --listen\$" -- \
		$R osnoise top --input "$d/a.dat" -p 1000 -r 900 -P f:95 -C -H 0 -e sched --engine user \
		--warm-up 1 --trace-buffer-size 100 --no-bpf --listen 127.0.0.1:9473
	expect "--input with timerlat's live options" 1 \
		"do not apply to a replay, .*: -d, -k, -A, --dma-latency, --deepest-idle-state\$" -- \
		$R timerlat hist --input "$d/a.dat" -d 10 -k -A 10 --dma-latency 0 --deepest-idle-state 1
	# -a's own trace file is no -t FILE: the file is then looked for
	expect "--input with -a: the file is read" 1 "cannot read $d/a.dat: No such file or directory" -- \
		$R timerlat top -a 50 --input "$d/a.dat"
	check "the refusals leave no file" sh -c "[ -z \"\$(ls -A '$d')\" ]"
}

# ---- --input of what is no recording ----

record_not_a_recording_tests() {
	local d=$WORK/rec-bad

	mkdir -p "$d/dir"
	: > "$d/empty.dat"
	printf 'this is no trace.dat\n%.0s' $(seq 200) > "$d/text.dat"
	expect "--input a missing file" 1 "cannot read $d/nope.dat: No such file or directory" -- \
		$R osnoise top --input "$d/nope.dat"
	expect "--input a directory" 1 "$d/dir is not a regular file: --input reads a trace.dat" -- \
		$R osnoise top --input "$d/dir"
	expect "--input a device" 1 "/dev/null is not a regular file" -- $R timerlat hist --input /dev/null
	expect "--input an empty file" 1 "$d/empty.dat is not a trace.dat that libtracecmd can read" -- \
		$R osnoise top --input "$d/empty.dat"
	expect "--input a text file" 1 "$d/text.dat is not a trace.dat that libtracecmd can read: not one, or cut short or damaged" -- \
		$R timerlat top --input "$d/text.dat"
	expect "--input a JSON report" 1 "valid-top.json is not a trace.dat that libtracecmd can read" -- \
		$R osnoise top --input "$ROOT/tests/schema/examples/valid-top.json"
}

# ---- the recordings of tests/fuzz/corpus/input, replayed ----

record_replay_tests() {
	local d=$WORK/rec-replay s=$ROOT/tests/fuzz/corpus/input name size holder

	mkdir -p "$d/json"
	chmod o+x "$WORK"	# for nobody, to the recordings
	chmod 0755 "$d"
	cp "$s"/*.dat "$d/"
	chmod 0644 "$d"/*.dat
	expect "replay: osnoise top --aa of rtlens's recording" 0 "thread kworker/1:2:412" -- \
		$R osnoise top --aa -q --input "$d/osnoise-aa.dat" --json "$d/json/os.json"
	grep -qE '^ +0 #6 +6000000 +201603 ' "$WORK/expect.out" &&
		ok "replay: CPU 0's row, as recorded" || not_ok "replay: CPU 0's row, as recorded"
	json_valid "replay: the JSON report validates" "$d/json/os.json"
	rec_json "replay: the report names the recording, by rtlens" "$d/json/os.json" \
		"d['input'] == {'file': '$d/osnoise-aa.dat', 'recorded_by': 'rtlens', 'recorded_version': '0.1.0'}"
	expect "replay: osnoise hist of osnoise top's recording" 0 "^count: +6 +2" -- \
		$R osnoise hist --input "$d/osnoise-aa.dat"
	expect "replay: -c 1 picks a recorded CPU" 0 "^ +1 #2 " -- \
		$R osnoise top -q --input "$d/osnoise-aa.dat" -c 1
	if grep -qE '^ +0 #' "$WORK/expect.out"; then
		not_ok "replay: -c 1 shows CPU 1 alone"
	else
		ok "replay: -c 1 shows CPU 1 alone"
	fi
	expect "replay: -c 0 (not recorded) is refused" 1 "CPU 0 was not measured in $d/timerlat-a.dat \\(it measured CPU 1\\)" -- \
		$R timerlat top --input "$d/timerlat-a.dat" -c 0
	expect "replay: timerlat refuses osnoise's recording" 1 "is a recording of rtlens osnoise top: replay it with rtlens osnoise top or hist" -- \
		$R timerlat top --input "$d/osnoise-aa.dat"
	expect "replay: timerlat top -a stops as the run did (exit 2)" 2 "rtl_spinner:4321" -- \
		$R timerlat top --input "$d/timerlat-a.dat"
	record_stop_tests "$d"
	record_live_replay_tests "$d"
	expect "replay: timerlat hist with 4-byte longs" 0 "^count: +3 +3" -- \
		$R timerlat hist --input "$d/timerlat-32.dat"
	expect "replay: hwnoise" 0 "Hardware-related Noise" -- $R hwnoise -q --input "$d/hwnoise.dat"
	expect "replay: trace-cmd's recording of the osnoise tracer" 0 "6 events were lost" -- \
		$R osnoise top --aa -q --input "$d/trace-cmd-osnoise.dat" --json "$d/json/tc.json"
	json_valid "replay of trace-cmd's recording: the JSON report validates" "$d/json/tc.json"
	rec_json "replay of trace-cmd's recording: recorded by another tool" "$d/json/tc.json" \
		"d['input'] == {'file': '$d/trace-cmd-osnoise.dat', 'recorded_by': 'other', 'recorded_version': None}"
	expect "replay: trace-cmd's recording of sched_switch has no samples" 1 \
		"trace-cmd-sched.dat holds no osnoise samples \\(ftrace:osnoise events\\)" -- \
		$R osnoise top --input "$d/trace-cmd-sched.dat"

	if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null; then
		expect "replay as nobody: no root needed" 0 "thread kworker/1:2:412" -- \
			as_nobody $R osnoise top --aa -q \
			--input "$d/osnoise-aa.dat"
	fi
	mkdir -p "$RTLENS_RUN_DIR"
	flock -o "$RTLENS_RUN_DIR/lock" sleep 30 &
	holder=$!
	sleep 0.3
	expect "replay while another session holds the lock" 0 "Operating System Noise" -- \
		$R osnoise top -q --input "$d/osnoise-aa.dat"
	kill $holder 2>/dev/null
	wait $holder 2>/dev/null

	# cut short: in its CPU data, or by its last byte
	for name in osnoise-aa trace-cmd-osnoise; do
		size=$(wc -c < "$d/$name.dat")
		rec_cut "$d/$name.dat" "$d/$name-half.dat" $((size / 2))
		rec_cut "$d/$name.dat" "$d/$name-short.dat" $((size - 1))
		expect "replay: $name cut to half is refused" 1 "$name-half.dat is not a trace.dat that libtracecmd can read" -- \
			$R osnoise top --input "$d/$name-half.dat"
		expect "replay: $name without its last byte is refused" 1 "$name-short.dat is not a trace.dat that libtracecmd can read" -- \
			$R osnoise top --input "$d/$name-short.dat"
	done
}

# ---- --live-replay: a recording at the pace it was recorded ----

# rec_took NAME T0 T1 LEAST: T1 - T0 (bash's $EPOCHREALTIME) is at least LEAST s
rec_took() {
	if awk -v a="$2" -v b="$3" -v least="$4" 'BEGIN { exit !(b - a >= least) }'; then
		ok "$1"
	else
		not_ok "$1"
		echo "#   took $(awk -v a="$2" -v b="$3" 'BEGIN { print b - a }') s, want at least $4 s"
	fi
	echo "# $1: $(awk -v a="$2" -v b="$3" 'BEGIN { printf "%.3f", b - a }') s"
}

# rec_live_same NAME LEAST PLAIN_JSON CMD...: CMD with --live-replay (its
# own --speed) takes at least LEAST s, exits as the plain replay did (the
# last expect), prints its text and writes PLAIN_JSON's report, whole
rec_live_same() {
	local name=$1 least=$2 plain=$3 rc t0 t1

	shift 3
	rc=$(cat "$WORK/plain.rc")
	cp "$WORK/expect.out" "$WORK/plain.out"
	t0=$EPOCHREALTIME
	expect "$name: exit $rc" "$rc" "" -- "$@" --json "${plain%.json}-live.json"
	t1=$EPOCHREALTIME
	rec_took "$name: at least half the recorded time over the speed" "$t0" "$t1" "$least"
	check "$name: the plain replay's JSON report" cmp "$plain" "${plain%.json}-live.json"
	check "$name: the plain replay's text" cmp "$WORK/plain.out" "$WORK/expect.out"
}

# rec_plain NAME STATUS CMD...: the plain replay, its report in the file of --json
rec_plain() {
	local name=$1 rc=$2

	shift 2
	expect "$name" "$rc" "" -- "$@"
	echo "$rc" > "$WORK/plain.rc"
}

# record_live_replay_tests DIR: the seeds of DIR (osnoise-aa.dat: CPUs 0
# and 1 of the kernel engine, its records 2.68 s apart from first to last,
# its run 2.0 s, every noise sample 30 us, so that --aa-top picks among
# ties; timerlat-a.dat: stopped by its own -a 50)
record_live_replay_tests() {
	local d=$1 v

	expect "--live-replay without --input: refused" 1 \
		"--live-replay plays a recording at the pace it was recorded: name the recording with --input FILE" -- \
		$R osnoise top --live-replay
	expect "--speed without --live-replay: refused" 1 \
		"--speed sets the pace of --live-replay, which is not given: add --live-replay" -- \
		$R timerlat top --input "$d/timerlat-a.dat" --speed 2
	for v in 0 -1 abc; do
		expect "--live-replay --speed $v: refused" 1 \
			"invalid --speed value '$v': (not a decimal number: )?the speed is a number over 0 up to 1000000, as 0.5, 2 or 10" -- \
			$R osnoise top --input "$d/osnoise-aa.dat" --live-replay --speed "$v"
	done
	rec_plain "live replay: osnoise hist --aa-top 3, plain" 0 \
		$R osnoise hist --aa-top 3 --input "$d/osnoise-aa.dat" --json "$d/json/aa-top.json"
	# 2.68 s at --speed's default 1: the sanitizer's build replays it at once in 0.5 s
	rec_live_same "live replay: osnoise hist --aa-top 3 at the recorded pace" 1.34 \
		"$d/json/aa-top.json" $R osnoise hist --aa-top 3 --input "$d/osnoise-aa.dat" --live-replay
	rec_plain "live replay: timerlat top, stopped as recorded, plain" 2 \
		$R timerlat top --input "$d/timerlat-a.dat" --json "$d/json/tl.json"
	rec_live_same "live replay: timerlat top at --speed 4 (2.0 s recorded)" 0.25 "$d/json/tl.json" \
		$R timerlat top --input "$d/timerlat-a.dat" --live-replay --speed 4
	expect "live replay -d 1: the first recorded second" 0 "^ +0 #2 +2000000 " -- \
		$R osnoise top -q --input "$d/osnoise-aa.dat" --live-replay --speed 4 -d 1 \
		--json "$d/json/cut.json"
	rec_json "live replay -d 1: a run of 1 s, its reason the duration" "$d/json/cut.json" \
		"d['duration_s'] == 1 and d['config']['duration_s'] == 1 and d['stop']['reason'] == 'duration' and [c['cycles'] for c in d['cpus']] == [2, 2] and d['exit_status'] == 0"
	json_valid "live replay -d 1: the JSON report validates" "$d/json/cut.json"
	record_live_screen_test "$d"
}

# record_live_screen_test DIR: osnoise top's live replay of the seed at
# --speed 0.5 (4 s) in a tmux pane: the live table redrawn as the recording
# goes, p pauses, q ends it with the replay's final table (exit 0)
record_live_screen_test() {
	local sock=rtlens-live-$$ i shown

	command -v tmux > /dev/null || return	# screen.sh says it is missing
	tmux -L "$sock" new-session -d -s live -x 160 -y 30 \
		"$R osnoise top --input $1/osnoise-aa.dat --live-replay --speed 0.5; echo EXIT=\$?; sleep 30"
	for i in $(seq 40); do
		tmux -L "$sock" capture-pane -p -t live > "$WORK/live.pane"
		grep -qE '^duration: +0 00:00:01 ' "$WORK/live.pane" && break
		sleep 0.1
	done
	if grep -qE '^ +0 #[0-9]+ ' "$WORK/live.pane" && grep -qE '^duration: +0 00:00:01 ' "$WORK/live.pane" &&
	   ! grep -q '^replay of' "$WORK/live.pane"; then
		ok "live replay on a terminal: the live table, at the recording's time"
	else
		not_ok "live replay on a terminal: the live table, at the recording's time"
		sed 's/^/#   /' "$WORK/live.pane" | head -10
	fi
	tmux -L "$sock" send-keys -t live p
	sleep 0.5
	shown=$(tmux -L "$sock" capture-pane -p -t live)
	check "live replay on a terminal: p pauses" grep -q 'paused: p resumes' <<<"$shown"
	tmux -L "$sock" send-keys -t live q
	sleep 1
	tmux -L "$sock" capture-pane -p -t live > "$WORK/live.pane"
	if grep -q '^EXIT=0' "$WORK/live.pane" && grep -q '^replay of osnoise top recorded on seed' "$WORK/live.pane"; then
		ok "live replay on a terminal: q ends it, the final table, exit 0"
	else
		not_ok "live replay on a terminal: q ends it, the final table, exit 0"
		sed 's/^/#   /' "$WORK/live.pane" | head -10
	fi
	tmux -L "$sock" kill-server 2> /dev/null
}

# ---- stop thresholds given to a replay, on the recorded samples ----

# record_stop_tests DIR: the seeds of DIR (osnoise-aa.dat: 30 us samples, 6 on
# CPU 0 and 2 on CPU 1, periods of 33601 us; timerlat-a.dat: IRQ latencies
# 2, 4, 6 us, thread 50, 100, 150 us, recorded with -a 50 and stopped)
record_stop_tests() {
	local d=$1

	expect "replay: the header names the recorded run" 0 \
		"^replay of osnoise top recorded on seed at 2026-11-25 09:06:01 UTC \\(2\\.0 s, rtlens 0\\.1\\.0\\)\$" -- \
		$R osnoise top -q --input "$d/osnoise-aa.dat"
	expect "replay: trace-cmd's recording named as another tool's" 0 \
		"^replay of another tool's recording on seed at .* UTC \\(0\\.[0-9] s\\)\$" -- \
		$R osnoise top -q --input "$d/trace-cmd-osnoise.dat"
	expect "replay: osnoise hist -s under a recorded sample stops there (exit 2)" 2 \
		"^rtlens osnoise hit stop tracing\$" -- \
		$R osnoise hist -s 20 --input "$d/osnoise-aa.dat" --json "$d/json/stop.json"
	check "replay -s: the sample named" grep -q \
		"^replay: stopped at CPU 0's noise sample of 30 us (threshold 20 us), " "$WORK/expect.out"
	check "replay -s: the table up to the sample, the analysis of it" sh -c \
		"grep -qE '^count: +1 *\$' '$WORK/expect.out' && grep -q '^## CPU 0 hit stop tracing, analyzing the sample ##' '$WORK/expect.out'"
	json_valid "replay -s: the JSON report validates" "$d/json/stop.json"
	rec_json "replay -s: stop, exit 2 and the sample in the report" "$d/json/stop.json" \
		"d['stop']['reason'] == 'threshold' and d['stop']['threshold'] == {'kind': 'single', 'limit_us': 20, 'cpu': 0} and d['config']['stop_us'] == 20 and d['exit_status'] == 2 and d['replay']['stopped_by']['cpu'] == 0 and d['replay']['stopped_by']['value_us'] == 30 and d['replay']['command'] == 'osnoise top' and d['replay']['hostname'] == 'seed' and d['replay']['rtlens_version'] == '0.1.0' and d['replay']['started_at'] == '2026-11-25T09:06:01Z'"
	expect "replay: -s over every recorded sample: no stop (exit 0)" 0 "^count: +6 +2 *\$" -- \
		$R osnoise hist -s 31 --input "$d/osnoise-aa.dat"
	expect "replay: osnoise top -S at the noisiest period stops (exit 2)" 2 \
		"^replay: stopped at CPU 0's period noise of 33601 us \\(threshold 33601 us\\)" -- \
		$R osnoise top -q -S 33601 --input "$d/osnoise-aa.dat"
	expect "replay: osnoise top -S over it: no stop" 0 "Operating System Noise" -- \
		$R osnoise top -q -S 33602 --input "$d/osnoise-aa.dat"
	expect "replay: timerlat top -i under a recorded IRQ latency (exit 2)" 2 \
		"^replay: stopped at CPU 1's IRQ latency of 6 us \\(threshold 5 us\\)" -- \
		$R timerlat top -i 5 --input "$d/timerlat-a.dat"
	expect "replay: timerlat top -T replaces the recorded -a 50" 2 \
		"^replay: stopped at CPU 1's thread latency of 100 us \\(threshold 100 us\\)" -- \
		$R timerlat top -T 100 --input "$d/timerlat-a.dat"
	expect "replay: a threshold the recording never reached: exit 0, said" 0 \
		"no latency of .*timerlat-a.dat reaches the stop thresholds given, and it ends where its own threshold stopped the run" -- \
		$R timerlat top -T 200 --input "$d/timerlat-a.dat"
	expect "replay: -T under the recorded threshold is refused" 1 \
		"-T 3: .*osnoise-aa.dat holds only the noise over its own threshold, 5 us \\(shorter noise was never traced\\): record again with -T 3" -- \
		$R osnoise hist -T 3 --input "$d/osnoise-aa.dat"
	expect "replay: -T on top's per-period table is refused" 1 \
		"-T 20: the table of osnoise top is the tracer's per-period summaries" -- \
		$R osnoise top -T 20 --input "$d/osnoise-aa.dat"
	expect "replay: -T on another tool's recording is refused" 1 \
		"-T 10: .*trace-cmd-osnoise.dat was recorded by another tool, which does not say the threshold" -- \
		$R osnoise top -T 10 --input "$d/trace-cmd-osnoise.dat"
	expect "replay: hist -T over the samples leaves them out" 0 "^count: +0 *\$" -- \
		$R osnoise hist -T 31 --input "$d/osnoise-aa.dat"
	expect "replay: -a keeps the recorded threshold" 2 "^rtlens osnoise hit stop tracing\$" -- \
		$R osnoise top -q -a 30 --input "$d/osnoise-aa.dat"
}

# record_user_replay_tests DIR: the user engine's osnoise hist --aa here,
# recorded and replayed: the replay prints the live run's setup: lines (from
# the recorded tuning); -s at the recorded maximum stops at that sample
# (exit 2), one over it does not
record_user_replay_tests() {
	local d=$1 max rc

	$R osnoise hist --aa --engine user -c 1 -d 1 --record "$d/aa.dat" --json "$d/aa.json" \
		> "$d/live.out" 2>&1
	rc=$?
	if [ "$rc" != 0 ]; then
		not_ok "user engine: osnoise hist --aa --record (exit $rc)"
		sed 's/^/#   /' "$d/live.out" | head -10
		return
	fi
	expect "user engine's recording: osnoise hist --aa replays" 0 "^replay of osnoise hist recorded on " -- \
		$R osnoise hist --aa --input "$d/aa.dat"
	if [ "$(grep -c '^setup: ' "$d/live.out")" -gt 0 ] &&
	   [ "$(grep '^setup: ' "$d/live.out")" = "$(grep '^setup: ' "$WORK/expect.out")" ]; then
		ok "replay: the live run's setup: lines, from the recorded tuning"
	else
		not_ok "replay: the live run's setup: lines, from the recorded tuning"
		diff <(grep '^setup: ' "$d/live.out") <(grep '^setup: ' "$WORK/expect.out") | sed 's/^/#   /' | head -10
	fi
	max=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["histogram"]["cpus"][0]["max"])' "$d/aa.json")
	expect "replay: -s at the recorded maximum stops (exit 2)" 2 \
		"^replay: stopped at CPU 1's noise sample of $max us \\(threshold $max us\\)" -- \
		$R osnoise hist -s "$max" --input "$d/aa.dat" --json "$d/aa-stop.json"
	rec_json "replay -s: the report says where it stopped" "$d/aa-stop.json" \
		"d['stop']['reason'] == 'threshold' and d['replay']['stopped_by']['value_us'] == $max and d['exit_status'] == 2"
	expect "replay: -s over the recorded maximum: no stop (exit 0)" 0 "^max: +$max *\$" -- \
		$R osnoise hist -s $((max + 1)) --input "$d/aa.dat"
}

# record_user_live_replay_tests DIR: the user engine's osnoise top --aa of
# 5 s here, replayed at --speed 10: at least half of its 5 s / 10, the
# plain replay's report and text (the sanitizer's build takes about 1 s to
# replay it at once: the seed's replay above is the one that tells the pace)
record_user_live_replay_tests() {
	local d=$1 rc

	$R osnoise top --aa --engine user -c 1 -q -d 5 --record "$d/five.dat" > "$d/five.out" 2>&1
	rc=$?
	if [ "$rc" != 0 ]; then
		not_ok "user engine: osnoise top --aa -d 5 --record (exit $rc)"
		sed 's/^/#   /' "$d/five.out" | head -10
		return
	fi
	rec_plain "user engine's recording of 5 s: the plain replay" 0 \
		$R osnoise top --aa -q --input "$d/five.dat" --json "$d/five.json"
	rec_live_same "user engine's recording of 5 s: live replay at --speed 10" 0.25 "$d/five.json" \
		$R osnoise top --aa -q --input "$d/five.dat" --live-replay --speed 10
}

# ---- trace-cmd's own recording on this machine ----

# record_sched FILE: trace-cmd's recording of sched:sched_switch here, 0.3 s;
# tracefs as it was after (trace-cmd record leaves tracing_on at 0). Where
# the function tracer is locked (a VM), trace-cmd's child dies writing
# set_ftrace_pid without --no-filter, and trace-cmd exits 1 on
# set_ftrace_filter after writing a good file: the file is checked with
# trace-cmd report, not by the exit status. It runs in a process group of
# its own: a trace-cmd that dies leaves its per-CPU readers running, which
# are ended with it.
record_sched() {
	local on pid

	on=$(cat "$TRACING/tracing_on")
	(cd "$(dirname "$1")" && exec setsid timeout 60 trace-cmd record -q --no-filter -d \
		-e sched:sched_switch -o "$1" sleep 0.3) > "$WORK/trace-cmd.out" 2>&1 &
	pid=$!
	wait "$pid"
	kill -- "-$pid" 2> /dev/null
	echo "$on" > "$TRACING/tracing_on"
	trace-cmd report "$1" 2> /dev/null | grep -q ' sched_switch: '
}

record_trace_cmd_tests() {
	local d=$WORK/rec-tc dat size out rc

	mkdir -p "$d/json"
	dat=$d/sched.dat
	if ! record_sched "$dat"; then
		not_ok "trace-cmd records sched:sched_switch here"
		sed 's/^/#   /' "$WORK/trace-cmd.out" | tail -5
		return
	fi
	ok "trace-cmd records sched:sched_switch here"
	expect "sched_switch alone: osnoise top says it holds no osnoise samples" 1 \
		"error: $dat holds no osnoise samples \\(ftrace:osnoise events\\): it was not recorded with the osnoise tracer" -- \
		$R osnoise top --input "$dat"
	expect "sched_switch alone: timerlat top says no timerlat samples" 1 \
		"error: $dat holds no timerlat samples \\(ftrace:timerlat events\\)" -- \
		$R timerlat top --input "$dat"
	expect "sched_switch alone: hwnoise" 1 "holds no osnoise samples" -- $R hwnoise --input "$dat"
	expect "sched_switch alone: osnoise top --aa needs the noise samples" 1 \
		"$dat has no osnoise:sample_threshold events, the noise samples that the analysis needs: .* or replay it with osnoise top without --aa" -- \
		$R osnoise top --aa --input "$dat"
	expect "sched_switch alone: timerlat top -a needs the noise events" 1 \
		"$dat has no osnoise:\\*_noise events, which the analysis needs" -- \
		$R timerlat top -a 50 --input "$dat"
	if command -v setpriv > /dev/null; then
		chmod 0755 "$d"
		chmod 0644 "$dat"
		expect "sched_switch alone, as nobody: the same reason, no root needed" 1 "holds no osnoise samples" -- \
			as_nobody $R osnoise top --input "$dat"
	fi

	# a failed replay leaves --json's file as it was, and nothing beside it
	echo "the report of before" > "$d/json/kept.json"
	expect "failed replay with --json: refused" 1 "holds no osnoise samples" -- \
		$R osnoise top --input "$dat" --json "$d/json/kept.json"
	check "failed replay with --json: the file as it was, nothing beside it" \
		sh -c "[ \"\$(cat '$d/json/kept.json')\" = 'the report of before' ] && [ \"\$(ls -A '$d/json')\" = kept.json ]"

	# cut short
	size=$(wc -c < "$dat")
	rec_cut "$dat" "$d/half.dat" $((size / 2))
	rec_cut "$dat" "$d/100.dat" 100
	expect "trace-cmd's recording cut to half: refused" 1 "$d/half.dat is not a trace.dat that libtracecmd can read" -- \
		$R osnoise top --input "$d/half.dat"
	expect "trace-cmd's recording cut to half: timerlat hist too" 1 "half.dat is not a trace.dat" -- \
		$R timerlat hist --input "$d/half.dat"
	expect "trace-cmd's recording cut to 100 bytes: refused" 1 "$d/100.dat is not a trace.dat that libtracecmd can read" -- \
		$R osnoise top --aa --input "$d/100.dat"

	# bytes flipped in its headers, uncompressed (file format 7) to find them
	if ! trace-cmd convert -i "$dat" -o "$d/plain.dat" --file-version 7 --compression none \
		> "$WORK/convert.out" 2>&1; then
		not_ok "trace-cmd convert writes the recording uncompressed"
		sed 's/^/#   /' "$WORK/convert.out" | tail -3
		return
	fi
	expect "the uncompressed recording: no samples either" 1 "plain.dat holds no osnoise samples" -- \
		$R osnoise top --input "$d/plain.dat"
	flip_refused "the ring buffer's header" "$d" flip-page "b'header_page\\0'" 60
	flip_refused "an event's format" "$d" flip-format "b'name: sched_switch'" 40
	# a size flipped to over 2^63 asks malloc for it: libc says no, which
	# libtracecmd handles; ASan aborts instead unless told to say no too
	if rec_flip "$d/plain.dat" "$d/flip-size.dat" "b'header_page\\0'" 16 4; then
		out=$(ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}allocator_may_return_null=1 \
			$R osnoise top --input "$d/flip-size.dat" 2>&1)
		rc=$?
		if [ "$rc" = 1 ] && grep -q "flip-size.dat is not a trace.dat that libtracecmd can read" <<<"$out" &&
		   ! grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error' <<<"$out"; then
			ok "a header's size flipped: refused"
		else
			not_ok "a header's size flipped: refused (exit $rc)"
			echo "$out" | sed 's/^/#   /' | head -20
		fi
	else
		not_ok "the recording has a header_page"
	fi
}

# ---- --record on this machine ----

record_live_tests() {
	local d=$WORK/rec-live out rc

	mkdir -p "$d"
	expect "--record, a run that fails: refused" 1 "unknown event system 'nosuch'" -- \
		$R osnoise top -c 1 -q -d 1 --record "$d/new.dat" -e nosuch:event
	check "--record, a run that fails: no file" rec_absent "$d/new.dat"
	echo "a recording of before" > "$d/old.dat"
	expect "--record FILE, a run that fails: refused" 1 "unknown event system 'nosuch'" -- \
		$R osnoise top -c 1 -q -d 1 --record "$d/old.dat" -e nosuch:event
	check "--record FILE, a run that fails: FILE as it was, nothing beside it" \
		sh -c "[ \"\$(cat '$d/old.dat')\" = 'a recording of before' ] && [ \"\$(ls -A '$d')\" = old.dat ]"
	expect "--record into a missing directory" 1 "cannot write the recording to $d/nope/x.dat: its directory does not exist" -- \
		$R osnoise top -c 1 -q -d 1 --record "$d/nope/x.dat"
	if ! grep -qw osnoise "$TRACING/available_tracers"; then
		expect "--record --engine kernel without the tracer" 1 "CONFIG_OSNOISE_TRACER" -- \
			$R osnoise top --engine kernel -c 1 -q -d 1 --record "$d/old.dat"
		check "--record --engine kernel without the tracer: FILE as it was" \
			rec_same "$d/old.dat" "a recording of before"

		# the user engine: a recording that replays, or the reason it cannot
		out=$($R osnoise top --engine user -c 1 -q -d 1 --record "$d/old.dat" 2>&1)
		rc=$?
		if [ "$rc" = 0 ] && grep -q "Recording saved to $d/old.dat" <<<"$out"; then
			ok "--record with the user engine: saved"
			if trace-cmd report "$d/old.dat" > /dev/null 2>&1; then
				ok "--record with the user engine: trace-cmd report reads it"
			else
				not_ok "--record with the user engine: trace-cmd report reads it"
			fi
			expect "--record with the user engine: it replays" 0 "Operating System Noise" -- \
				$R osnoise top -q --input "$d/old.dat"
			record_user_replay_tests "$d"
			record_user_live_replay_tests "$d"
		elif [ "$rc" = 1 ] &&
		     grep -q "record works with the kernel's osnoise tracer only" <<<"$out"; then
			ok "--record with the user engine: refused, it needs the kernel's tracer"
			check "--record with the user engine: FILE as it was, nothing beside it" \
				sh -c "[ \"\$(cat '$d/old.dat')\" = 'a recording of before' ] && [ \"\$(ls -A '$d')\" = old.dat ]"
		else
			not_ok "--record with the user engine: saved, or refused (exit $rc)"
			echo "$out" | sed 's/^/#   /' | head -20
		fi
	fi
}

# flip_refused WHAT DIR NAME MARK OFFSET: DIR/plain.dat with 4 bytes flipped
# OFFSET bytes after MARK (a Python bytes literal) is refused
flip_refused() {
	if rec_flip "$2/plain.dat" "$2/$3.dat" "$4" "$5" 4; then
		expect "bytes flipped in $1: refused" 1 \
			"$3.dat (is not a trace.dat that libtracecmd can read|holds no osnoise samples)" -- \
			$R osnoise top --input "$2/$3.dat"
	else
		not_ok "the recording has $1"
	fi
}

record_tests() {
	record_option_tests
	record_not_a_recording_tests
	record_replay_tests
	if [ "$(id -u)" = 0 ] && [ -w "$TRACING/tracing_on" ] && command -v trace-cmd > /dev/null; then
		record_trace_cmd_tests
	fi
	if [ "$(id -u)" = 0 ] && [ -w "$TRACING/tracing_thresh" ] && [ "$(nproc)" -ge 2 ]; then
		record_live_tests
	fi
}
