# SPDX-License-Identifier: GPL-2.0
#
# Host tests of what rtlens must never do to the system it runs on (issue
# #9): destroy a file the user named, write outside tracefs on a forged
# state record, die on a signal without restoring tracefs, write its output
# into the lock when fd 1 is closed. Sourced by tests/host/run.sh (R, WORK,
# RTLENS_RUN_DIR, expect, ok, not_ok, snapshot, json_valid); runs with the
# user engine.

# wait_started PID: until the run's instance exists (seconds under the sanitizers)
wait_started() {
	local i

	for i in $(seq 80); do
		[ -e "/sys/kernel/tracing/instances/rtlens-$1" ] && break
		sleep 0.25
	done
	sleep 0.5
}


same_file() { [ "$(cat "$1" 2>/dev/null)" = "$2" ]; }
is_char_device() { [ -c "$1" ]; }

safety_files() {
	local d=$WORK/files

	mkdir -p "$d"
	expect "--json /dev/full: exit 1, a reason" 1 "cannot write the JSON report to /dev/full" -- \
		$R osnoise top -c 1 -q -d 1 --json /dev/full
	check "--json /dev/full: the device node is still there" is_char_device /dev/full

	echo keep > "$d/existing.json"
	expect "--json FILE and a bad event: refused" 1 "unknown event system 'nosuch'" -- \
		$R osnoise top -c 1 -q -d 1 --json "$d/existing.json" -e nosuch:event
	check "--json FILE: a failed run leaves FILE as it was" same_file "$d/existing.json" keep

	echo target > "$d/target.json"
	ln -s target.json "$d/link.json"
	expect "--json SYMLINK and a bad event: refused" 1 "unknown event system" -- \
		$R osnoise top -c 1 -q -d 1 --json "$d/link.json" -e nosuch:event
	check "--json SYMLINK: the link and its target stay" \
		sh -c "[ \"\$(readlink '$d/link.json')\" = target.json ] && [ \"\$(cat '$d/target.json')\" = target ]"
	expect "--json SYMLINK: a run writes the target" 0 "Operating System Noise" -- \
		$R osnoise top -c 1 -q -d 1 --json "$d/link.json"
	check "--json SYMLINK: the link stays, the target holds the report" \
		sh -c "[ -L '$d/link.json' ] && python3 -c 'import json; json.load(open(\"$d/target.json\"))'"
	json_valid "--json SYMLINK: the report validates" "$d/target.json"

	# the second session is refused before it opens the report of the first
	echo first > "$d/first.json"
	flock -o "$RTLENS_RUN_DIR/lock" sleep 20 &
	local holder=$!
	sleep 0.3
	expect "refused second session" 1 "another rtlens session.* is running" -- \
		$R osnoise top -c 1 -q -d 1 --json "$d/first.json"
	kill $holder 2>/dev/null
	wait $holder 2>/dev/null
	check "refused second session: the first one's report is untouched" same_file "$d/first.json" first

	# fd 1 closed: nothing may land in the lock file
	$R osnoise top -c 1 -q -d 1 --json "$d/closed.json" >&- 2>"$WORK/closed.err"
	json_valid "stdout closed: the report validates" "$d/closed.json"
	check "stdout closed: the lock holds no output" \
		sh -c "! grep -q 'Noise\|schema' '$RTLENS_RUN_DIR/lock'"

	# kill -9: the old report stays whole, nothing else appears
	echo old > "$d/killed.json"
	local before pid
	before=$(ls -A "$d")
	$R osnoise top -c 1 -q -d 30 --json "$d/killed.json" >/dev/null 2>&1 &
	pid=$!
	wait_started $pid
	kill -KILL $pid
	wait $pid 2>/dev/null
	check "kill -9: the named report is as it was" same_file "$d/killed.json" old
	check "kill -9: no temporary file is left" [ "$(ls -A "$d")" = "$before" ]
	$R osnoise top -c 1 -q -d 1 > "$WORK/next.out" 2>&1
	check "kill -9: the next run removes the killed run's instance" \
		sh -c "grep -q 'restoring the tracefs state' '$WORK/next.out' &&
		       [ ! -e /sys/kernel/tracing/instances/rtlens-$pid ]"
}

# a record that names a file outside the allow-list is refused and kept
safety_forged_record() {
	local victim=$WORK/victim hex

	hex=$(printf 'pwned\n' | od -An -tx1 | tr -d ' \n')
	printf 'rtlens-state 1\npid 999999\nfile 0 ../../../../../../..%s %s\n' "$victim" "$hex" \
		> "$RTLENS_RUN_DIR/state"
	expect "forged state record: refused" 1 "line 3: not a file rtlens saves" -- \
		$R osnoise top -c 1 -q -d 1
	check "forged state record: nothing written outside tracefs" [ ! -e "$victim" ]
	check "forged state record: kept for the user to inspect" [ -s "$RTLENS_RUN_DIR/state" ]
	printf 'rtlens-state 1\ninstance ../../x\n' > "$RTLENS_RUN_DIR/state"
	expect "forged instance name: refused" 1 "not an instance rtlens creates" -- \
		$R osnoise top -c 1 -q -d 1
	rm -f "$RTLENS_RUN_DIR/state"
}

# every signal whose default action terminates ends the run like SIGTERM
safety_signals() {
	local sig pid rc

	for sig in USR1 USR2 ALRM HUP RTMIN+3; do
		snapshot "$WORK/before"
		$R osnoise top -c 1 -q --json "$WORK/sig.json" > "$WORK/sig.out" 2>&1 &
		pid=$!
		wait_started $pid
		kill -s $sig $pid
		wait $pid
		rc=$?
		snapshot "$WORK/after"
		if [ $rc = 0 ] && cmp -s "$WORK/before" "$WORK/after" &&
		   python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); sys.exit(d["stop"]["signal"] != "SIG" + sys.argv[2])' \
			"$WORK/sig.json" "$sig"; then
			ok "SIG$sig ends the run, report written, tracefs restored"
		else
			not_ok "SIG$sig ends the run, report written, tracefs restored (exit $rc)"
			diff "$WORK/before" "$WORK/after" | sed 's/^/#   /'
			sed 's/^/#   /' "$WORK/sig.out" | head -5
		fi
		json_valid "SIG$sig: the report validates" "$WORK/sig.json"
	done
}

# simultaneous starts: every refusal names the session that runs
safety_concurrent() {
	local i refused named out=$WORK/conc

	for i in 1 2 3 4 5; do
		$R osnoise top -c 1 -q -d 3 > "$out.$i" 2>&1 &
	done
	wait
	refused=$(grep -l "another rtlens session" "$out".* | wc -l)
	named=$(grep -hE "another rtlens session \(pid [1-9][0-9]*\) is running" "$out".* | wc -l)
	if [ "$refused" -ge 1 ] && [ "$named" = "$refused" ]; then
		ok "simultaneous starts: every refusal names the holder's pid ($refused refused)"
	else
		not_ok "simultaneous starts: every refusal names the holder's pid ($named of $refused)"
		grep -h "another rtlens session" "$out".* | sed 's/^/#   /'
	fi
}

safety_options() {
	expect "trace action with an empty file name" 1 "file= is empty" -- \
		$R timerlat top --on-threshold trace,file=
	expect "empty trigger" 1 "invalid --trigger value '': it is empty" -- \
		$R osnoise top -e sched:sched_switch --trigger ''
	expect "empty filter" 1 "invalid --filter value '': it is empty" -- \
		$R osnoise top -e sched:sched_switch --filter ''
	expect "duration over a year" 1 "duration must be at most 365d" -- $R osnoise top -d 99999999999d
	expect "duration of 2^63-1 s" 1 "duration must be at most 365d" -- \
		$R osnoise top -d 9223372036854775807
	expect "warm-up over a year" 1 "duration must be at most 365d" -- \
		$R osnoise top --warm-up 1099511627776
	local long
	long=$(head -c 100000 /dev/zero | tr '\0' 7)
	# a message names what the user gave whole, however long (no cut, no "...")
	expect "a 100 kB argument: refused" 1 "invalid -d/--duration value '7+'" -- \
		$R osnoise top -d "$long"
	if grep -qF "value '$long'" "$WORK/expect.out" &&
	   [ "$(grep -c "value '" "$WORK/expect.out")" = 1 ]; then
		ok "a 100 kB argument: the message names it whole, on one line"
	else
		not_ok "a 100 kB argument: the message names it whole, on one line"
	fi
	expect "bad filter: the kernel's reason" 1 "cannot set the filter 'bad \(\(' on sched:sched_switch: Too many" -- \
		$R osnoise top -c 1 -q -d 1 -e sched:sched_switch --filter 'bad (('
}

safety_tests() {
	safety_options
	safety_files
	safety_forged_record
	safety_signals
	safety_concurrent
}
