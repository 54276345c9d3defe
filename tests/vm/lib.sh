# SPDX-License-Identifier: GPL-2.0
#
# lib.sh - helpers for the VM test scripts (tests/vm/guest/*.sh), sourced by
# the guest's /init before each script (busybox ash), and by the host-side
# checks in tests/vm/host/*.sh (bash).
#
# Results go to file descriptor 3: in the guest that is a FIFO that /init's
# portout copies to QEMU's isa-debugcon port 0xe9, read by tests/vm/run.sh
# on the host (build/vm/results.log); on the host it is
# run.sh's own result stream.  The stream holds
#
#   ok N - NAME                 a passed check
#   not ok N - NAME             a failed check
#   # TEXT                      a diagnostic
#   @@BEGIN NAME SIZE gzip      an artifact: the file, gzipped, in base64,
#   ...base64 lines...          which run.sh decodes into build/vm/out/NAME
#   @@END NAME                  (SIZE: bytes once decoded)
#
# The port needs no interrupt and is much faster than a serial port was, but
# every byte is still an I/O exit under TCG: gzip helps, keep artifacts
# small (traces: tens of KB).

: "${VM_TRACEFS:=/sys/kernel/tracing}"
: "${VM_TEST:=test}"
: "${VM_RUN:=/tmp}"
: "${VM_COUNT_FILE:=/run/vm/test-count}"
# the reference rtla's release, major.minor ("6.1", "7.3"): the scripts
# expect what that release does where releases differ
: "${RTLA_VERSION:=$(rtla --version 2>&1 | sed -n 's/.*version \([0-9]*\.[0-9]*\).*/\1/p' | head -n 1)}"

# rtla_at_least MAJOR.MINOR: the reference rtla is that release or newer
rtla_at_least()
{
	local have=${RTLA_VERSION:-0.0}

	[ "${have%%.*}" -gt "${1%%.*}" ] ||
		{ [ "${have%%.*}" -eq "${1%%.*}" ] && [ "${have#*.}" -ge "${1#*.}" ]; }
}

_vm_out()
{
	printf '%s\n' "$*" >&3
	printf '%s\n' "$*"
}

_vm_next()
{
	local n

	n=$(cat "$VM_COUNT_FILE" 2>/dev/null || echo 0)
	n=$((n + 1))
	echo "$n" > "$VM_COUNT_FILE"
	echo "$n"
}

# diag TEXT... - each argument (and each line in it) becomes a diagnostic
diag()
{
	printf '%s\n' "$@" | diag_lines
}

# diag_lines - each line of stdin becomes a diagnostic
diag_lines()
{
	local line

	while IFS= read -r line; do
		_vm_out "# $line"
	done
}

# ok NAME - record a passed check
ok()
{
	_vm_out "ok $(_vm_next) - $VM_TEST: $*"
}

# not_ok NAME [WHY...] - record a failed check, WHY as diagnostics
not_ok()
{
	local name=$1

	shift
	_vm_out "not ok $(_vm_next) - $VM_TEST: $name"
	[ $# -gt 0 ] && diag "$@"
	return 0
}

# result NAME STATUS - ok if STATUS is 0, else not ok
result()
{
	if [ "$2" -eq 0 ]; then
		ok "$1"
	else
		not_ok "$1" "exit status $2"
	fi
}

# check NAME CMD [ARGS...] - run CMD; ok if it exits 0.  On failure the
# exit status and the last lines of its output become diagnostics.
# CMD's output is kept in $VM_RUN/check.log.
check()
{
	local name=$1 rc

	shift
	"$@" > "$VM_RUN/check.log" 2>&1
	rc=$?
	if [ $rc -eq 0 ]; then
		ok "$name"
		return 0
	fi
	not_ok "$name" "command: $*" "exit status: $rc"
	tail -n 15 "$VM_RUN/check.log" | diag_lines
	return $rc
}

# check_grep NAME PATTERN FILE - ok if FILE has a line matching the
# extended regular expression PATTERN
check_grep()
{
	if grep -Eq -- "$2" "$3"; then
		ok "$1"
		return 0
	fi
	not_ok "$1" "no line of $3 matches /$2/; it starts with:"
	head -n 12 "$3" | diag_lines
	return 1
}

# check_exit NAME EXPECTED ACTUAL - ok if the two exit codes are equal
check_exit()
{
	if [ "$2" = "$3" ]; then
		ok "$1"
		return 0
	fi
	not_ok "$1" "expected exit status $2, got $3"
	return 1
}

# emit_file PATH [NAME] - send a file to the host, where it lands as
# build/vm/out/NAME (default NAME: $VM_TEST/basename-of-PATH).  NAME may
# hold one or more '/' but no '..'.
emit_file()
{
	local path=$1 name=${2:-$VM_TEST/${1##*/}} size

	if [ ! -f "$path" ]; then
		not_ok "emit $name" "no such file: $path"
		return 1
	fi
	case "$name" in
	*..*|/*|*[!A-Za-z0-9._/+-]*)
		not_ok "emit $name" "bad artifact name"
		return 1
		;;
	esac
	size=$(wc -c < "$path")
	{
		printf '@@BEGIN %s %s gzip\n' "$name" "$size"
		gzip -c < "$path" | base64
		printf '@@END %s\n' "$name"
	} >&3
}

# snapshot_tracefs FILE - record the tracer state the tools must restore:
# every file under osnoise/ (options included) and hwlat_detector/,
# tracing_thresh, current_tracer, tracing_on and the list of instances.
snapshot_tracefs()
{
	local out=$1 f

	{
		for f in $(cd "$VM_TRACEFS" && find osnoise hwlat_detector -type f 2>/dev/null | sort) \
			 tracing_thresh current_tracer tracing_on; do
			printf '%s: ' "$f"
			if [ -r "$VM_TRACEFS/$f" ]; then
				tr '\n' ' ' < "$VM_TRACEFS/$f" 2>/dev/null ||
					printf '<unreadable>'
			else
				printf '<missing>'
			fi
			echo
		done
		printf 'instances: '
		ls "$VM_TRACEFS/instances" | tr '\n' ' '
		echo
	} > "$out"
}

# compare_snapshots NAME BEFORE AFTER - ok if two snapshots are equal, the
# differing lines as diagnostics otherwise
compare_snapshots()
{
	if cmp -s "$2" "$3"; then
		ok "$1"
		return 0
	fi
	not_ok "$1" "tracefs state differs (- before, + after):"
	diff "$2" "$3" | grep '^[-+][^-+]' | diag_lines
	return 1
}

# check_restored NAME BEFORE - snapshot now and compare with BEFORE
check_restored()
{
	snapshot_tracefs "$VM_RUN/snapshot.now"
	compare_snapshots "$1" "$2" "$VM_RUN/snapshot.now"
}

# tracefs_restore SNAPSHOT - put back what snapshot_tracefs recorded:
# stop and remove the instances it did not list, rewrite every value
# (after a test that killed a tool on purpose, or a tool that left a mess)
tracefs_restore()
{
	local line key val i opt keep

	keep=$(sed -n 's/^instances: //p' "$1")
	for i in "$VM_TRACEFS"/instances/*; do
		[ -d "$i" ] || continue
		case " $keep " in *" ${i##*/} "*) continue ;; esac
		echo 0 > "$i/tracing_on" 2>/dev/null
		echo nop > "$i/current_tracer" 2>/dev/null
		rmdir "$i" 2>/dev/null
	done
	while IFS= read -r line; do
		key=${line%%: *}
		val=${line#*: }
		case "$key" in
		instances) continue ;;
		osnoise/options)
			for opt in $val; do
				[ "$opt" = DEFAULTS ] && continue
				echo "$opt" > "$VM_TRACEFS/$key" 2>/dev/null
			done
			;;
		hwlat_detector/mode)	# "none [round-robin] per-cpu": the one in brackets
			val=${val#*[}
			echo "${val%%]*}" > "$VM_TRACEFS/$key" 2>/dev/null
			;;
		*)
			case "$val" in "<"*">") continue ;; esac
			echo $val > "$VM_TRACEFS/$key" 2>/dev/null
			;;
		esac
	done < "$1"
}

# strip_ansi FILE - FILE without its colour escape sequences, on stdout
strip_ansi()
{
	sed "s/$(printf '\033')\[[0-9;]*m//g" "$1"
}

# now - seconds since boot, with decimals
now()
{
	cut -d' ' -f1 /proc/uptime
}

# elapsed T0 [T1] - seconds from T0 to T1 (default: now)
elapsed()
{
	awk -v a="$1" -v b="${2:-$(now)}" 'BEGIN { printf "%.1f\n", b - a }'
}

# ge A B - true if the number A >= B (floats allowed)
ge()
{
	awk -v a="$1" -v b="$2" 'BEGIN { exit !(a + 0 >= b + 0) }'
}

# check_ge NAME A B - ok if A >= B
check_ge()
{
	if [ -n "$2" ] && ge "$2" "$3"; then
		ok "$1"
		return 0
	fi
	not_ok "$1" "expected >= $3, got '$2'"
	return 1
}

# wait_tracer INSTANCE TRACER SECONDS - wait until INSTANCE (a name under
# instances/, or "" for the top level) runs TRACER; false on timeout
wait_tracer()
{
	local dir=$VM_TRACEFS t0

	[ -n "$1" ] && dir=$VM_TRACEFS/instances/$1
	t0=$(now)
	while ! grep -qx "$2" "$dir/current_tracer" 2>/dev/null; do
		ge "$(elapsed "$t0")" "$3" && return 1
		sleep 0.2
	done
	return 0
}

# wait_run PID TRACER - wait until the rtlens of PID runs TRACER in its
# instance, rtlens-PID: its setup is done (a loaded TCG guest takes seconds
# to get there; a fixed sleep races with it); a diagnostic after 120 s
wait_run()
{
	wait_tracer "rtlens-$1" "$2" 120 ||
		diag "rtlens $1 did not run $2 in its instance within 120 s"
}

# start_spinner NAME - a SCHED_FIFO 95 spinner named NAME on CPU 1, busy
# 500 ms of every second (one single noise, or latency, of ~500 ms a burst),
# for 600 s at most; its pid in SPIN_PID
start_spinner()
{
	spin -c 1 -p 95 -n "$1" -d 600 --duty 50 --period-ms 1000 \
		> "$VM_RUN/spin.out" &
	SPIN_PID=$!
}

# stop_spinner - stop start_spinner's spinner (if it runs), its summary
# as a diagnostic
stop_spinner()
{
	[ -n "${SPIN_PID:-}" ] || return 0
	kill "$SPIN_PID"
	wait "$SPIN_PID"
	SPIN_PID=
	diag "$(cat "$VM_RUN/spin.out")"
}

# run_tool NAME CMD [ARGS...] - run CMD with its output in NAME.txt (in the
# current directory), send that file to the host; sets RC (exit status)
# and WALL (seconds)
run_tool()
{
	local name=$1 t0

	shift
	t0=$(now)
	"$@" > "$name.txt" 2>&1
	RC=$?
	WALL=$(elapsed "$t0")
	diag "$name: exit $RC after $WALL s: $*"
	emit_file "$name.txt"
}

# bench_run NAME RUN - run RUN of a bench under cputime: bench_cmd's
# command, stdout in NAME.txt, stderr in NAME.err; its exit status. A bench
# script may define its own (the live screen's runs in a tmux pane).
bench_run()
{
	cputime -o $1.time $(bench_cmd $1 $2) > $1.txt 2> $1.err
}

# bench_rounds RUNS RUN... - the runs of a bench (bench/guest/*.sh), in
# turn so that drifts of the host hit every RUN alike: RUNS rounds of
# RUN..., each run named RUN-I. The bench script defines bench_cmd NAME RUN,
# which prints the command of run RUN (NAME: RUN-I, for its files). Each
# runs under cputime (bench_run: NAME.time, its CPU time and exit status),
# stdout in NAME.txt, stderr in NAME.err (and in the diagnostics); these and
# NAME.json, if the command wrote one, go to the host. Then its exit status
# is checked (0), and tracefs put back as it was if the tool left it changed.
bench_rounds()
{
	local runs=$1 i=1 run name rc t0 f

	shift
	while [ $i -le "$runs" ]; do
		for run in "$@"; do
			name=$run-$i
			t0=$(now)
			bench_run $name $run
			rc=$?
			diag "$name: exit $rc after $(elapsed "$t0") s; $(cat $name.time)"
			diag_lines < $name.err
			for f in $name.txt $name.err $name.time $name.json; do
				[ -f $f ] && emit_file $f
			done
			check_exit "$name: exit status" 0 $rc
			check_restored "$name: tracefs restored" "$VM_BEFORE" ||
				tracefs_restore "$VM_BEFORE"
		done
		i=$((i + 1))
	done
}

# The column header of `osnoise top` (rtla 6.1; colours stripped)
OSNOISE_TOP_HEADER='CPU Period       Runtime        Noise  % CPU Aval   Max Noise   Max Single          HW          NMI          IRQ      Softirq       Thread'

# check_top_layout NAME FILE CPU... - FILE is an `osnoise top` output with
# rtla's layout: title, duration line, column header, and one well-formed
# row for each CPU given, in that order, and no other row
check_top_layout()
{
	local name=$1 file=$2 plain=$2.plain rows

	shift 2
	strip_ansi "$file" > "$plain"
	check_grep "$name: title line" '^ +Operating System Noise *$' "$plain"
	check_grep "$name: duration line" \
		'^duration: +[0-9]+ [0-9]{2}:[0-9]{2}:[0-9]{2} \| time is in us$' "$plain"
	if grep -qxF "$OSNOISE_TOP_HEADER" "$plain"; then
		ok "$name: column header"
	else
		not_ok "$name: column header" "expected: $OSNOISE_TOP_HEADER"
		sed -n 3p "$plain" | diag_lines
	fi
	rows=$(awk '$2 ~ /^#[0-9]+$/ { print $1 }' "$plain" | tr '\n' ' ')
	if [ "$rows" != "$* " ]; then
		not_ok "$name: one row per CPU" "expected rows for: $*" "got: $rows"
		return 1
	fi
	awk '$2 ~ /^#[0-9]+$/ {
		if (NF != 12) { print "row has " NF " fields: " $0; bad = 1 }
		for (i = 3; i <= NF; i++)
			if ($i !~ /^[0-9]+(\.[0-9]+)?$/) {
				print "field " i " not a number: " $0; bad = 1
			}
		if ($5 > 100 || $4 > $3) { print "noise > runtime: " $0; bad = 1 }
		if ($7 > $6) { print "max single > max noise: " $0; bad = 1 }
	} END { exit bad }' "$plain" > "$plain.err"
	if [ $? -eq 0 ]; then
		ok "$name: one well-formed row per CPU"
	else
		not_ok "$name: one well-formed row per CPU"
		diag_lines < "$plain.err"
		return 1
	fi
}

# top_field CPU FIELD FILE - one field of CPU's row (1 CPU, 2 #periods,
# 3 Runtime, 4 Noise, 5 %CPU Aval, 6 Max Noise, 7 Max Single, 8 HW,
# 9 NMI, 10 IRQ, 11 Softirq, 12 Thread)
top_field()
{
	strip_ansi "$3" | awk -v cpu="$1" -v f="$2" \
		'$1 == cpu && $2 ~ /^#[0-9]+$/ { print $f; exit }'
}

# check_hist_layout NAME FILE CPU... - FILE is an `osnoise hist` output
# with rtla's layout (header naming RTLA or rtlens, Index line, increasing
# buckets, over/count/
# min/avg/max) whose numbers add up: buckets + over = count, min <= avg
# <= max
check_hist_layout()
{
	local name=$1 file=$2 cpu index='Index'

	shift 2
	for cpu in "$@"; do
		index=$(printf '%s   CPU-%03d' "$index" "$cpu")
	done
	check_grep "$name: header line 1" '^# (RTLA|rtlens) osnoise histogram$' "$file"
	check_grep "$name: header line 2" '^# Time unit is microseconds \(us\)$' "$file"
	check_grep "$name: duration line" \
		'^# Duration: +[0-9]+ [0-9]{2}:[0-9]{2}:[0-9]{2}$' "$file"
	if grep -q "^$index *\$" "$file"; then
		ok "$name: index line"
	else
		not_ok "$name: index line" "expected: $index"
	fi
	awk -v ncol=$# '
	/^[0-9]+ / {
		if (seen && $1 <= last) { print "bucket " $1 " after " last; bad = 1 }
		last = $1; seen = 1
		if (NF != ncol + 1) { print "bucket line with " NF " fields: " $0; bad = 1 }
		for (i = 2; i <= NF; i++) sum[i] += $i
	}
	/^(over|count|min|avg|max):/ {
		if (NF != ncol + 1) { print "summary line with " NF " fields: " $0; bad = 1 }
		k = substr($1, 1, length($1) - 1)
		for (i = 2; i <= NF; i++) v[k, i] = $i
		got[k] = 1
	}
	END {
		n = split("over count min avg max", keys, " ")
		for (j = 1; j <= n; j++)
			if (!got[keys[j]]) { print "no " keys[j] ": line"; bad = 1 }
		for (i = 2; i <= ncol + 1; i++) {
			if (sum[i] + v["over", i] != v["count", i]) {
				print "column " i - 1 ": buckets " sum[i] " + over " v["over", i] " != count " v["count", i]; bad = 1
			}
			if (v["count", i] <= 0) { print "column " i - 1 ": count is 0"; bad = 1 }
			if (v["min", i] > v["avg", i] || v["avg", i] > v["max", i]) {
				print "column " i - 1 ": not min <= avg <= max"; bad = 1
			}
		}
		exit bad
	}' "$file" > "$file.err"
	if [ $? -eq 0 ]; then
		ok "$name: buckets and summary add up"
	else
		not_ok "$name: buckets and summary add up"
		diag_lines < "$file.err"
		return 1
	fi
}

# hist_field KEY COLUMN FILE - a summary value (KEY: over count min avg max)
hist_field()
{
	awk -v k="$1:" -v c="$2" '$1 == k { print $(c + 1); exit }' "$3"
}
