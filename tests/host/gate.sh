# SPDX-License-Identifier: GPL-2.0
#
# Host tests of --until-confident on replays, sourced by tests/host/run.sh
# after tail.sh (expect, ok, not_ok, tail_json, tail_valid, $R, $WORK,
# $ROOT), or run alone (no root, no tracefs): tests/host/gate.sh ./rtlens-san
#
# The recordings are tests/host/tail_recording.py's: timerlat, 20000
# periods of 1 ms on CPUs 0 and 1 whose thread latencies' 1e-9 level is
# about 20 us, 1000 periods on CPU 2; and the same with the latencies in
# bursts of four; and 40000 periods on CPUs 0 and 1 (--long). A replay
# decides where the live run would have (every 5 s of the recording, on the
# samples up to there; a CPU decides on 10000 samples or more, the same way
# on two estimates in a row: the long recording's 20 s for below 1 ms, 15 s
# for above 10 us), ends there (stop reason
# user, a stop the user asked for; that duration) and says so in one line
# and in the report's tail.gate: on CPUs 0 and 1, below 1 ms (exit 0),
# above 10 us (exit 2); at 20 us the intervals hold the limit to the end;
# the bursts fail the checks; CPU 2 has too few samples (exit 0, each with
# what it lacks). -n speaks in ns; --live-replay decides at the same
# point; -d ends it with the estimate of what it replayed.

gate_tests() {
	local d=$WORK/gate num='[0-9]+\.[0-9]'

	mkdir -p "$d"
	if ! python3 "$ROOT/tests/host/tail_recording.py" "$d/tail.dat" ||
	   ! python3 "$ROOT/tests/host/tail_recording.py" --long "$d/long.dat" ||
	   ! python3 "$ROOT/tests/host/tail_recording.py" --bursts "$d/bursts.dat"; then
		not_ok "gate: tests/host/tail_recording.py writes the recordings"
		return
	fi
	expect "gate: below 1 ms, decided on a replay (exit 0)" 0 \
		"^Confident below 1000 us: the level a thread sample exceeds with probability 1e-9 is under it on every CPU; the highest, CPU [01]'s, is $num us \\(90% interval $num to $num us\\)\\.\$" -- \
		$R timerlat hist -c 0-1 --input "$d/long.dat" --until-confident 1e-9:1000 \
		--json "$d/below.json"
	tail_json "gate: the replay ends where it decided, a stop the user asked for" "$d/below.json" \
		'd["stop"]["reason"] == "user" and d["duration_s"] == 20 and d["exit_status"] == 0'
	tail_json "gate: tail.gate says below, with the highest CPU's level" "$d/below.json" \
		't["gate"]["verdict"] == "below" and t["gate"]["p"] == 1e-9 and t["gate"]["limit"] == 1000 and t["gate"]["upper"] < 1000 and t["gate"]["cpu"] in (0, 1)'
	tail_valid "gate: the report with tail.gate is valid" "$d/below.json"
	expect "gate: above 10 us, decided on a replay (exit 2)" 2 \
		"^Confident above 10 us: the level a thread sample exceeds with probability 1e-9 is over it on CPU [01]: $num us \\(90% interval $num to ($num us|no bound)\\)\\.\$" -- \
		$R timerlat top -c 0-1 --input "$d/tail.dat" --until-confident 1e-9:10 \
		--json "$d/above.json"
	tail_json "gate: above: exit status 2, the lower end over the limit" "$d/above.json" \
		'd["exit_status"] == 2 and t["gate"]["verdict"] == "above" and t["gate"]["lower"] > 10'
	tail_valid "gate: the report of above is valid" "$d/above.json"
	expect "gate: at 20 us the intervals hold the limit to the end (exit 0)" 0 \
		"^Undecided at 20 us: the level a thread sample exceeds with probability 1e-9 is not known to be under or over it: CPU 0: its 90% interval, $num to $num us, holds the limit" -- \
		$R timerlat hist -c 0-1 --input "$d/tail.dat" --until-confident 1e-9:20 \
		--json "$d/wide.json"
	tail_json "gate: undecided, the replay runs to its end" "$d/wide.json" \
		'd["stop"]["reason"] == "duration" and d["duration_s"] == 20 and t["gate"]["verdict"] == "undecided" and "holds the limit" in t["gate"]["why"]'
	expect "gate: CPU 2's too few samples keep every CPU from below" 0 \
		"^Undecided at 1000 us: .*: CPU 2: 1000 samples of the 2500 a fit needs \\(about 2 s more\\); the highest so far" -- \
		$R timerlat hist --input "$d/tail.dat" --until-confident 1e-9:1000
	expect "gate: undecided while the checks fail (bursts)" 0 \
		"^Undecided at 1000 us: .*: CPU 0: its largest samples come in bursts \\(apart\\)" -- \
		$R timerlat hist -c 0-1 --input "$d/bursts.dat" --until-confident 1e-9:1000
	expect "gate: -n gives the verdict in ns" 2 \
		"^Confident above 10000 ns: .* [0-9]+ ns \\(90% interval [0-9]+ to [0-9]+ ns\\)" -- \
		$R timerlat top -n -c 0-1 --input "$d/tail.dat" --until-confident 1e-9:10
	expect "gate: --live-replay decides where the replay does" 2 "^Confident above 10 us" -- \
		$R timerlat top -c 0-1 --input "$d/long.dat" --live-replay --speed 40 \
		--until-confident 1e-9:10 --json "$d/live.json"
	tail_json "gate: --live-replay ends at the same point" "$d/live.json" \
		'd["stop"]["reason"] == "user" and d["duration_s"] == 15'
	expect "gate: -d ends a live replay, with what it replayed" 0 \
		"^Undecided at 1000 us: .*CPU 0: 2000 samples of the 2500 a fit needs" -- \
		$R timerlat top -c 0-1 --input "$d/tail.dat" --live-replay --speed 40 -d 2 \
		--until-confident 1e-9:1000
	expect "gate: P:US is needed" 1 "invalid --until-confident value '1e-9': write P:US" -- \
		$R timerlat top --input "$d/tail.dat" --until-confident 1e-9
	expect "gate: P under 0.01" 1 \
		"invalid --until-confident value '0.5:50': P must be a probability over 0 and under 0.01" -- \
		$R osnoise top --until-confident 0.5:50
}

# ---- run alone ----
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
	. "$(dirname "$0")/alone.sh" "$@"
	. "$(dirname "$0")/tail.sh"	# tail_json, tail_valid
	gate_tests
	alone_end
fi
