# SPDX-License-Identifier: GPL-2.0
#
# lib.sh - helpers for the VM test scripts (tests/vm/guest/*.sh), sourced by
# the guest's /init before each script (busybox ash), and by the host-side
# checks in tests/vm/host/*.sh (bash).
#
# Results go to file descriptor 3: in the guest that is the second serial
# port (/dev/ttyS1), read by tests/vm/run.sh on the host; on the host it is
# run.sh's own result stream.  The stream holds
#
#   ok N - NAME                 a passed check
#   not ok N - NAME             a failed check
#   # TEXT                      a diagnostic
#   @@BEGIN NAME SIZE           an artifact: the file's content in base64,
#   ...base64 lines...          which run.sh decodes into build/vm/out/NAME
#   @@END NAME
#
# Everything a script prints on stdout/stderr goes to the guest console
# (build/vm/console.log on the host), not to the result stream.
#
# Variables set by the runner:
#   VM_TEST     name of the running script, without .sh (e.g. 00-rtla)
#   VM_RUN      scratch directory of this script (a tmpfs)
#   VM_TRACEFS  tracefs mount point (/sys/kernel/tracing)

: "${VM_TRACEFS:=/sys/kernel/tracing}"
: "${VM_TEST:=test}"
: "${VM_RUN:=/tmp}"
: "${VM_COUNT_FILE:=/run/vm/test-count}"

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
		printf '@@BEGIN %s %s\n' "$name" "$size"
		base64 < "$path"
		printf '@@END %s\n' "$name"
	} >&3
}

# snapshot_tracefs FILE - record the tracer state the tools must restore:
# every file under osnoise/ (options included), tracing_thresh,
# current_tracer, tracing_on and the list of instances.
snapshot_tracefs()
{
	local out=$1 f

	{
		for f in $(cd "$VM_TRACEFS" && find osnoise -type f | sort) \
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

# tracefs_reset - put the top-level tracer back to a quiet state and remove
# leftover instances (after a test that killed a tool on purpose)
tracefs_reset()
{
	local i

	echo nop > "$VM_TRACEFS/current_tracer"
	for i in "$VM_TRACEFS"/instances/*; do
		[ -d "$i" ] || continue
		echo nop > "$i/current_tracer" 2>/dev/null
		rmdir "$i" 2>/dev/null
	done
	echo 1 > "$VM_TRACEFS/tracing_on"
}

# osnoise_top_row CPU FILE - the data line of CPU in an osnoise top output
osnoise_top_row()
{
	awk -v cpu="$1" '$1 == cpu && $2 ~ /^#/ { print; exit }' "$2"
}

# top_col CPU COLUMN FILE - one column (1 = CPU) of that line
top_col()
{
	osnoise_top_row "$1" "$3" | awk -v c="$2" '{ print $c }'
}
