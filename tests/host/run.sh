#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# Host tests: the rtlens CLI end to end on this machine's kernel, which may
# lack the osnoise tracer. Checks help, option errors, the missing-tracer
# message, session locking, recovery after a killed run, --record and
# --input (record.sh), that tracefs is exactly as it was after every run,
# and that every JSON report a run writes validates against the report
# schema; the Debian package and the bash completion (package.sh).
#
# usage: tests/host/run.sh ./rtlens-san
set -u

. "$(dirname "$0")/work.sh"
work_setup "${1:-}"
TRACING=/sys/kernel/tracing
export RTLENS_RUN_DIR=$WORK/run
pass=0
fail=0
# tracefs, where the suite mounted it (below): unmounted at the end
suite_mounted=
work_cleanup_more() {
	[ -z "$suite_mounted" ] || umount "$TRACING"
}

# as_nobody CMD...: CMD as user nobody (its files must be readable by all)
as_nobody() {
	setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
}

ok()     { pass=$((pass + 1)); echo "ok $((pass + fail)) - $1"; }
not_ok() { fail=$((fail + 1)); echo "not ok $((pass + fail)) - $1"; }

# check NAME CMD...: ok when the command succeeds
check() {
	local name=$1

	shift
	if "$@"; then
		ok "$name"
	else
		not_ok "$name"
	fi
}

# json_valid NAME FILE: the report FILE validates against the report schema
json_valid() {
	if python3 "$ROOT/tests/schema/validate.py" "$ROOT/Documentation/rtlens-report-v2.schema.json" \
		"$2" > "$WORK/validate.out" 2>&1; then
		ok "$1"
	else
		not_ok "$1"
		sed 's/^/#   /' "$WORK/validate.out"
	fi
}

have_tracefs() { [ -w "$TRACING/tracing_thresh" ]; }
has_osnoise() { have_tracefs && grep -qw osnoise "$TRACING/available_tracers"; }

# The instances in tracefs but those of a live rtlens (rtlens-PID or
# rtlens-PID-SUFFIX with PID running): the host's tracefs is shared with
# whatever else runs on the machine, other people's rtlens sessions included
# (seen: "tracefs changed" for an instance of another test run that came or
# went meanwhile). The run under test has ended when the snapshot is taken,
# so an instance it left behind is still listed.
own_instances() {
	local i pid

	for i in $(ls "$TRACING/instances"); do
		pid=${i#rtlens-}
		pid=${pid%%-*}
		case $i in
		rtlens-[0-9]*) [ -n "$pid" ] && [ -z "${pid//[0-9]/}" ] && [ -d "/proc/$pid" ] && continue ;;
		esac
		echo "$i"
	done
}

# Everything in tracefs that rtlens may touch, plus its own run directory
# and the mounts of tracefs and debugfs.
snapshot() {
	{
		echo "mounts: $(grep -E ' (tracefs|debugfs) ' /proc/self/mounts | tr '\n' ' ')"
		if have_tracefs; then
			for f in tracing_thresh current_tracer tracing_on buffer_size_kb \
				 osnoise/cpus osnoise/period_us osnoise/runtime_us \
				 osnoise/stop_tracing_us osnoise/stop_tracing_total_us \
				 osnoise/options; do
				[ -e "$TRACING/$f" ] && echo "$f: $(cat "$TRACING/$f")"
			done
			echo "instances: $(own_instances | tr '\n' ' ')"
		fi
		echo "state: $(ls "$RTLENS_RUN_DIR" 2>/dev/null | grep -v '^lock$' | tr '\n' ' ')"
	} > "$1"
}

# expect NAME STATUS PATTERN -- CMD...: exit status, a stderr/stdout match,
# no sanitizer report, and tracefs untouched. The output stays in
# $WORK/expect.out for further checks.
expect() {
	local name=$1 want=$2 pattern=$3 out rc
	shift 4
	snapshot "$WORK/before"
	out=$("$@" 2>&1)
	rc=$?
	printf '%s\n' "$out" > "$WORK/expect.out"
	snapshot "$WORK/after"
	if [ "$rc" != "$want" ]; then
		not_ok "$name: exit $rc, want $want"
		echo "$out" | sed 's/^/#   /' | head -20
	elif ! grep -qE -- "$pattern" <<<"$out"; then
		not_ok "$name: output lacks /$pattern/"
		echo "$out" | sed 's/^/#   /' | head -20
	elif grep -qE 'Sanitizer|runtime error' <<<"$out"; then
		not_ok "$name: sanitizer report"
		echo "$out" | sed 's/^/#   /' | head -40
	elif ! cmp -s "$WORK/before" "$WORK/after"; then
		not_ok "$name: tracefs changed"
		diff "$WORK/before" "$WORK/after" | sed 's/^/#   /'
	else
		ok "$name"
	fi
}

R="$BIN"

# ---- tracefs's mount: rtlens mounts it where it is not, and unmounts it ----
. "$(dirname "$0")/mount.sh" && mount_tests	# each in a mount namespace of its own
# The checks below look into tracefs: where the machine has it unmounted,
# the suite mounts it, and unmounts it at the end.
if [ "$(id -u)" = 0 ] && ! grep -q ' tracefs ' /proc/self/mounts; then
	if mount -t tracefs nodev "$TRACING"; then
		suite_mounted=1
		echo "# tracefs was not mounted: the suite mounts it for its checks, until its end"
	else
		echo "# tracefs is not mounted and cannot be: the checks that look into it are skipped"
	fi
fi

# ---- help and commands ----
expect "rtlens --help" 0 'osnoise top' -- $R --help
expect "rtlens --version" 0 '^rtlens [0-9]+\.[0-9]+' -- $R --version
expect "no command" 1 'usage: rtlens' -- $R
expect "rtlens version" 0 '^rtlens [0-9]+\.[0-9]+' -- $R version
expect "unknown command" 1 "unknown command 'frobnicate'" -- $R frobnicate
expect "unknown mode" 1 "unknown mode 'sideways'" -- $R osnoise sideways
expect "mistyped command: the closest" 1 \
	"^rtlens: error: unknown command 'osnois': did you mean 'osnoise top'\\?$" -- $R osnois top
if [ "$(cat "$WORK/expect.out")" = "rtlens: error: unknown command 'osnois': did you mean 'osnoise top'?
Try 'rtlens --help' for the list of commands." ]; then
	ok "mistyped command: two lines, no usage"
else
	not_ok "mistyped command: two lines, no usage"
	sed 's/^/#   /' "$WORK/expect.out" | head -5
fi
expect "mistyped mode: the closest" 1 \
	"^rtlens osnoise: error: unknown mode 'tpo': did you mean 'osnoise top'\\?$" -- $R osnoise tpo
expect "mistyped word: version" 1 "did you mean 'version'\\?" -- $R versoin
expect "mistyped option: the closest" 1 "unknown option '--durtion': did you mean '--duration'\\?" -- \
	$R osnoise top --durtion 1
expect "osnoise top --help" 0 '-c/--cpus cpu-list' -- $R osnoise top --help
expect "osnoise --help is top's" 0 'rtlens osnoise top:' -- $R osnoise --help
expect "osnoise hist --help" 0 '-b/--bucket-size N' -- $R osnoise hist --help
expect "top --help: -q/--[no-]quiet" 0 '-q/--\[no-\]quiet: ' -- $R osnoise top --help
expect "hist --help has no -q" 0 '^' -- sh -c "! $R osnoise hist --help | grep -q -- '-q/'"
expect "--help's groups" 0 '^	Histogram:$' -- $R osnoise hist --help
expect "top --help has no -b" 0 '^' -- sh -c "! $R osnoise top --help | grep -q -- '--bucket-size'"
ln -s "$BIN" "$WORK/osnoise"
expect "osnoise symlink selects the tool" 0 'rtlens osnoise hist:' -- "$WORK/osnoise" hist --help
expect "osnoise symlink defaults to top" 0 'rtlens osnoise top:' -- "$WORK/osnoise" --help
ln -s "$BIN" "$WORK/hwlatdetect"
expect "hwlatdetect symlink takes the script's options" 0 '--hardlimit us' -- "$WORK/hwlatdetect" --help
expect "hwlatdetect: an unknown option exits 2, as argparse" 2 "unknown option '--frob'" -- "$WORK/hwlatdetect" --frob
expect "hwlatdetect: a bad duration exits 2" 2 "invalid --duration value '2x'" -- $R hwlatdetect --duration 2x
expect "hwlatdetect: a threshold in no whole us exits 2" 2 'whole microseconds' -- $R hwlatdetect --threshold 1500ns

# ---- bad option values: exit 1, a reason, nothing touched ----
expect "unknown option" 1 "unknown option '--frob'" -- $R osnoise top --frob
expect "--no-quiet on a hist" 1 "unknown option '--no-quiet': only osnoise top" -- \
	$R osnoise hist --no-quiet
expect "--no-no-header" 1 "unknown option '--no-no-header'" -- $R osnoise hist --no-no-header
expect "missing value" 1 "needs a value" -- $R osnoise top -c
expect "cpu out of range" 1 "cpu 4096 is out of range" -- $R osnoise top -c 4096
expect "reversed range" 1 "range 1-0 is reversed" -- $R osnoise top -c 1-0
expect "cpu list junk" 1 "invalid -c/--cpus value 'x'" -- $R osnoise top -c x
expect "house-keeping out of range" 1 "invalid -H/--house-keeping" -- $R osnoise top -H 4096
expect "period zero" 1 "period must be" -- $R osnoise top -p 0
expect "period over 10 s" 1 "period must be" -- $R osnoise top -p 20000000
expect "runtime under 100 us" 1 "runtime must be at least 100 us" -- $R osnoise top -r 50
expect "runtime over period" 1 "runtime 2000 us is longer than period 1000 us" -- $R osnoise top -p 1000 -r 2000
expect "priority fifo 100" 1 "invalid -P/--priority value 'f:100'" -- $R osnoise top -P f:100
expect "priority unknown policy" 1 "invalid -P/--priority value 'x:1'" -- $R osnoise top -P x:1
expect "deadline runtime over period" 1 "invalid -P/--priority value 'd:2ms:1ms'" -- $R osnoise top -P d:2ms:1ms
expect "duration zero" 1 "invalid -d/--duration value '0'" -- $R osnoise top -d 0
expect "duration junk" 1 "invalid -d/--duration value '5x'" -- $R osnoise top -d 5x
expect "stop junk" 1 "invalid -s/--stop value '-3'" -- $R osnoise top -s -3
expect "threshold zero" 1 "threshold must be at least 1 us" -- $R osnoise top -T 0
expect "bucket size zero" 1 "bucket size must be 1 to 999999" -- $R osnoise hist -b 0
expect "entries too few" 1 "number of entries must be 10 to 9999999" -- $R osnoise hist -E 5
expect "filter without -e" 1 "previous -e event" -- $R osnoise top --filter 'pid == 1'
expect "trigger without -e" 1 "previous -e event" -- $R osnoise hist --trigger traceoff
expect "bad event syntax" 1 "expected sys or sys:event" -- $R osnoise top -e 'a:b:c'
expect "empty json path" 1 "file name is empty" -- $R osnoise top --json ''
expect "hist option on top" 1 "unknown option '--no-header'" -- $R osnoise top --no-header
expect "stray argument" 1 "unexpected argument 'extra'" -- $R osnoise top -d 1 extra

# ---- timerlat ----
expect "timerlat top --help" 0 '-i/--irq us' -- $R timerlat top --help
expect "timerlat --help is top's" 0 'rtlens timerlat top:' -- $R timerlat --help
expect "timerlat hist --help" 0 '--no-thread' -- $R timerlat hist --help
ln -s "$BIN" "$WORK/timerlat"
expect "timerlat symlink" 0 'rtlens timerlat hist:' -- "$WORK/timerlat" hist --help
expect "timerlat period over 1 s" 1 "timerlat period must be 100 us to 1 s" -- $R timerlat top -p 2000000
expect "timerlat period under 100 us" 1 "timerlat period must be 100 us to 1 s" -- $R timerlat top -p 50
expect "timerlat -u and -k" 1 "-u and -k exclude each other" -- $R timerlat top -u -k
expect "timerlat --no-irq --no-thread" 1 "leave nothing to show" -- $R timerlat hist --no-irq --no-thread
expect "timerlat --aa-only --no-aa" 1 "exclude each other" -- $R timerlat top --aa-only 10 --no-aa
expect "timerlat --dump-tasks --no-aa" 1 "dump-tasks needs the auto-analysis" -- $R timerlat top --dump-tasks --no-aa
expect "unknown action" 1 "unknown action" -- $R timerlat top --on-threshold bogus
expect "signal action without pid" 1 "signal needs num=N and pid=P" -- $R timerlat top --on-threshold signal,num=10
expect "shell action without command" 1 "shell needs command=" -- $R timerlat top --on-end shell
expect "continue with an argument" 1 "continue takes no argument" -- $R timerlat top --on-threshold continue,x=1
expect "dma latency too large" 1 "DMA latency must be" -- $R timerlat top --dma-latency 99999999
expect "idle state junk" 1 "invalid --deepest-idle-state value 'x'" -- $R timerlat top --deepest-idle-state x
expect "osnoise has no -i" 1 "unknown option" -- $R osnoise top -i 10
# rtla 7.3's timerlat options
expect "timerlat --help lists rtla 7.3's options" 0 '-U/--user-load.*|--bpf-action' -- $R timerlat top --help
expect "timerlat -U and -u" 1 "-U measures your own workload" -- $R timerlat top -U -u
expect "timerlat -U and -P" 1 "with -U they are yours" -- $R timerlat hist -U -P f:95
expect "timerlat -A over 1 s" 1 "the alignment must be 0 to 1 s" -- $R timerlat top -A 1000001
expect "timerlat --stack-format junk" 1 "the stack format is truncate, skip or full" -- \
	$R timerlat top -s 10 --stack-format short
expect "timerlat --bpf-action without a threshold" 1 "runs when a stop threshold is crossed" -- \
	$R timerlat top --bpf-action act.bpf.o
expect "timerlat --bpf-action --no-bpf" 1 "which --no-bpf" -- $R timerlat top -T 10 --bpf-action a.o --no-bpf
expect "osnoise has no -U" 1 "unknown option" -- $R osnoise top -U
# rtla's own hwnoise test passes trigger=... as an argument: refused, with what was meant
expect "a stray trigger= argument names --trigger" 1 "is written --trigger 'hist:key=desc'" -- \
	$R hwnoise -t -e osnoise:irq_noise trigger="hist:key=desc" -d 10s

# ---- hwnoise and the osnoise analysis options ----
expect "hwnoise --help" 0 'rtlens hwnoise: a summary of hardware-related noise' -- $R hwnoise --help
ln -s "$BIN" "$WORK/hwnoise"
expect "hwnoise symlink" 0 'rtlens hwnoise:' -- "$WORK/hwnoise" --help
expect "osnoise --aa and --no-aa" 1 "exclude each other" -- $R osnoise top --aa --no-aa
expect "osnoise --aa-top 0" 1 "invalid --aa-top value '0'" -- $R osnoise hist --aa-top 0
expect "--kernel-hist with the analysis" 1 "cannot be used with the analysis" -- $R osnoise hist --kernel-hist -s 10

# ---- checks that need the system ----
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null; then
	expect "not root" 1 "needs root" -- as_nobody $R osnoise top -d 1
fi

if [ "$(id -u)" = 0 ] && ! has_osnoise; then
	K="--engine kernel"
	expect "missing osnoise tracer" 1 "CONFIG_OSNOISE_TRACER" -- $R osnoise top $K -d 1
	expect "missing tracer, hist" 1 "CONFIG_OSNOISE_TRACER" -- $R osnoise hist $K -d 1
	expect "missing tracer, symlink" 1 "CONFIG_OSNOISE_TRACER" -- "$WORK/osnoise" $K -d 1
	expect "missing timerlat tracer" 1 "CONFIG_TIMERLAT_TRACER" -- $R timerlat top $K -d 1
	expect "missing tracer, hwnoise" 1 "CONFIG_OSNOISE_TRACER" -- $R hwnoise -d 1
	expect "missing timerlat tracer, hist" 1 "CONFIG_TIMERLAT_TRACER" -- $R timerlat hist $K -d 1
	expect "json path unwritable" 1 "cannot write the JSON report to $WORK/nope/x.json" -- \
		$R osnoise top -d 1 --json "$WORK/nope/x.json"

	# a second session is refused while the lock is held
	mkdir -p "$RTLENS_RUN_DIR"
	flock -o "$RTLENS_RUN_DIR/lock" sleep 30 &
	holder=$!
	sleep 0.3
	expect "concurrent session refused" 1 "another rtlens session.* is running" -- \
		$R osnoise top -d 1
	kill $holder 2>/dev/null
	wait $holder 2>/dev/null

	# a record left by a killed run is undone by the next run
	if have_tracefs; then
		orig=$(cat $TRACING/tracing_thresh)
		mkdir "$TRACING/instances/rtlens-999999"
		echo 7 > $TRACING/tracing_thresh
		hex=$(printf '%s\n' "$orig" | od -An -tx1 | tr -d ' \n')
		printf 'rtlens-state 1\npid 999999\ninstance rtlens-999999\nfile 0 tracing_thresh %s\n' \
			"$hex" > "$RTLENS_RUN_DIR/state"
		out=$($R osnoise top -d 1 2>&1)
		if [ "$(cat $TRACING/tracing_thresh)" = "$orig" ] &&
		   [ ! -e "$TRACING/instances/rtlens-999999" ] &&
		   [ ! -e "$RTLENS_RUN_DIR/state" ] &&
		   grep -q "restoring the tracefs state left by a killed session (pid 999999)" <<<"$out"; then
			ok "killed session's record is restored and removed"
		else
			not_ok "killed session's record is restored and removed"
			echo "$out" | sed 's/^/#   /'
			rmdir "$TRACING/instances/rtlens-999999" 2>/dev/null
			echo "$orig" > $TRACING/tracing_thresh
		fi
		printf 'garbage\n' > "$RTLENS_RUN_DIR/state"
		expect "damaged record is reported, not used" 1 "state record .* is damaged" -- \
			$R osnoise top -d 1
		rm -f "$RTLENS_RUN_DIR/state"
	fi
fi

# ---- rtlens check: no tracer needed ----
. "$(dirname "$0")/check.sh"
check_tests
. "$(dirname "$0")/cpuset.sh" && cpuset_tests	# without -c, the CPUs rtlens may run on (taskset)
. "$(dirname "$0")/compare.sh" && compare_tests	# rtlens compare (real runs as root)
. "$(dirname "$0")/merge.sh" && merge_tests	# rtlens merge (reports made here)
. "$(dirname "$0")/record.sh" && record_tests	# --record and --input (trace-cmd's recording as root)
. "$(dirname "$0")/tail.sh" && tail_tests	# --tail (replays of a recording made here)
. "$(dirname "$0")/gate.sh" && gate_tests	# --until-confident on replays of recordings made here
. "$(dirname "$0")/plot.sh" && plot_tests	# --plot FILE.svg (live runs of the user engine as root)
. "$(dirname "$0")/join.sh" && join_tests	# --host-sync, timesync, --host-input (live as root)

# ---- never clobber a user's file, hold under hostile input and signals ----
if [ "$(id -u)" = 0 ] && have_tracefs && [ "$(nproc)" -ge 2 ]; then
	mkdir -p "$RTLENS_RUN_DIR"
	. "$(dirname "$0")/safety.sh"
	safety_tests
fi

# ---- the user engine, for real (this kernel's tracepoints) ----
if [ "$(id -u)" = 0 ] && have_tracefs && [ "$(nproc)" -ge 2 ]; then
	. "$(dirname "$0")/user-engine.sh"
	user_engine_tests
	. "$(dirname "$0")/vcpu.sh"	# a KVM host's vCPU threads (tests/vm/vcpu.c on /dev/kvm)
	vcpu_tests
	. "$(dirname "$0")/listen.sh"	# --listen (promtool, Prometheus), the progress line
	listen_tests
	. "$(dirname "$0")/screen.sh"	# the live screen in tmux: keys, resizes, Ctrl-C
	screen_tests
fi

# ---- the fleet samples: Kubernetes, Slurm, Grafana (no root, no cluster) ----
check "fleet samples (tests/host/samples.py)" python3 "$ROOT/tests/host/samples.py" "$ROOT"

# ---- the zoo's verdicts on made-up runs (the zoo itself runs in the VM) ----
check "zoo verdicts (tests/zoo/test_table.py)" python3 "$ROOT/tests/zoo/test_table.py"

# ---- installed: the Debian package (make deb), the bash completion, make install ----
. "$(dirname "$0")/package.sh" && package_tests

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
