# SPDX-License-Identifier: GPL-2.0
#
# Host tests of --until-confident on replays, sourced by tests/host/run.sh
# (expect, ok, not_ok, json_valid, rec_json of record.sh, $R, $WORK, $ROOT),
# or run by itself: tests/host/gate.sh ./rtlens-san.
#
# The recordings are made by tests/host/tail_recording.py: 20 s of timerlat
# on CPUs 0-1 whose 1e-9 level is 46.4 us, the same with the thread
# latencies in bursts of four, and 2 s of it. A replay decides where the
# live run would have (the first tick, every 5 s, whose estimates decide),
# ends there (stop reason user, a stop the user asked for; that duration)
# and says so in one line: below 1 ms (exit 0), above 20 us (exit 2); at
# 46 us the intervals hold the limit to the end, the bursts fail the
# checks, 2 s is too few samples (exit 0, each with what it lacks).
# --live-replay decides at the same point; -d ends it with the estimate of
# what it replayed. No replay needs root or touches tracefs.

gate_tests() {
	local d=$WORK/gate num='[0-9]+\.[0-9]'

	mkdir -p "$d"
	if ! python3 "$ROOT/tests/host/tail_recording.py" "$d/tail.dat" 20 ||
	   ! python3 "$ROOT/tests/host/tail_recording.py" --bursts "$d/bursts.dat" 20 ||
	   ! python3 "$ROOT/tests/host/tail_recording.py" "$d/short.dat" 2; then
		not_ok "gate: tests/host/tail_recording.py writes the recordings"
		return
	fi
	expect "gate: below 1 ms, decided on a replay (exit 0)" 0 \
		"^Confident below 1000 us: the level a thread sample exceeds with probability 1e-9 is under it on every CPU; the highest, CPU [01]'s, is $num us \\(90% interval $num to $num us\\)\\.\$" -- \
		$R timerlat top --input "$d/tail.dat" --until-confident 1e-9:1000 --json "$d/below.json"
	rec_json "gate: the replay ends where it decided, its reason user" "$d/below.json" \
		'd["stop"]["reason"] == "user" and d["duration_s"] == 5 and d["stop"]["threshold"] is None'
	declare -F json_valid > /dev/null && json_valid "gate: the report is valid" "$d/below.json"
	expect "gate: above 20 us, decided on a replay (exit 2)" 2 \
		"^Confident above 20 us: the level a thread sample exceeds with probability 1e-9 is over it on CPU [01]: $num us \\(90% interval $num to ($num us|no bound)\\)\\.\$" -- \
		$R timerlat hist --input "$d/tail.dat" --until-confident 1e-9:20
	expect "gate: at 46 us the intervals hold the limit to the end (exit 0)" 0 \
		"^Undecided at 46 us: the level a thread sample exceeds with probability 1e-9 is not known to be under or over it: CPU 0: its 90% interval, $num to $num us, holds the limit" -- \
		$R timerlat top --input "$d/tail.dat" --until-confident 1e-9:46 --json "$d/wide.json"
	rec_json "gate: undecided, the replay runs to its end" "$d/wide.json" \
		'd["stop"]["reason"] == "duration" and d["duration_s"] > 20'
	expect "gate: undecided while the checks fail (bursts)" 0 \
		"^Undecided at 30 us: .*: CPU 0: .*its largest samples come in bursts \\(apart\\)" -- \
		$R timerlat top --input "$d/bursts.dat" --until-confident 1e-9:30
	expect "gate: undecided with too few samples, how much more" 0 \
		"CPU 0: 2000 samples of the 2500 a fit needs \\(about 1 s more\\); CPU 1: 2000 samples" -- \
		$R timerlat top --input "$d/short.dat" --until-confident 1e-6:30
	expect "gate: -n gives the verdict in ns" 2 "^Confident above 30000 ns: .* ns \\(90% interval [0-9]+ to [0-9]+ ns\\)" -- \
		$R timerlat top -n --input "$d/tail.dat" --until-confident 1e-9:30
	expect "gate: --live-replay decides where the replay does" 2 "^Confident above 30 us" -- \
		$R timerlat top --input "$d/tail.dat" --live-replay --speed 40 \
		--until-confident 1e-9:30 --json "$d/live.json"
	rec_json "gate: --live-replay ends at the same point" "$d/live.json" \
		'd["stop"]["reason"] == "user" and d["duration_s"] == 10'
	expect "gate: -d ends a live replay, with what it replayed" 0 \
		"^Undecided at 1000 us: .*CPU 0: 2000 samples of the 2500 a fit needs" -- \
		$R timerlat top --input "$d/tail.dat" --live-replay --speed 40 -d 2 \
		--until-confident 1e-9:1000
	expect "gate: P:US is needed" 1 "invalid --until-confident value '1e-9': write P:US" -- \
		$R timerlat top --input "$d/tail.dat" --until-confident 1e-9
	expect "gate: P under 0.01" 1 "invalid --until-confident value '0.5:50': P must be a probability over 0 and under 0.01" -- \
		$R osnoise top --until-confident 0.5:50
}

# ---- run alone ----
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	. "$(dirname "$0")/alone.sh" "$@"
	. "$(dirname "$0")/record.sh"	# rec_json
	gate_tests
	alone_end
fi
