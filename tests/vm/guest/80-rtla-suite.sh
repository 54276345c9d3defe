# SPDX-License-Identifier: GPL-2.0
#
# 80-rtla-suite: the cases of the kernel's own rtla tests
# (tests/vm/rtla-suite/cases.tsv: each command, its exit status, the
# pattern its output must have) run against rtlens, as engine.sh runs them
# against rtla: tracefs put back before each case, the osnoise options some
# set, a time limit of 2 minutes. Where rtlens differs on purpose, the case
# says what rtlens must do instead.
#
# rtla's own results on the booted kernel come from
# tests/vm/rtla-suite/rtla-RELEASE.tsv (recorded by this script with
# RTLENS_GUEST_RTLA_SUITE=full, which runs every case under rtla as well:
# twice as long). A case fails when rtlens fails what the rtla of this
# kernel passes; what both fail is reported, not failed.

cases=/vm/rtla-suite/cases.tsv
full=${RTLENS_GUEST_RTLA_SUITE:-}
recorded=/vm/rtla-suite/rtla-$RTLA_VERSION.tsv
TAB=$(printf '\t')

# the time limit of engine.sh (timeout 2m, then KILL 15 s later)
limited() { timeout -s TERM 120 "$@"; }

# run_case TOOL ARGS OPTIONS: the case's command under TOOL, after tracefs
# is put back and the osnoise OPTIONS (name=value, or -) written; sets OUT
# (output file) and RC. A case that takes 30 s or more is said: the whole
# suite must stay within the script's time limit (seen on 6.1: hwnoise -s 1
# -T 1 -t -d 10s, which stops at once, took 77 s)
run_case()
{
	local tool=$1 args=$2 opts=$3 t0 t

	tracefs_restore "$VM_BEFORE"
	[ "$opts" != - ] && echo "${opts#*=}" > "$VM_TRACEFS/osnoise/${opts%%=*}"
	OUT=$VM_RUN/case.out
	t0=$(now)
	eval "limited $tool $args" > "$OUT" 2>&1 < /dev/null
	RC=$?
	t=$(elapsed "$t0")
	ge "$t" 30 && diag "$tool $args: $t s"
	rm -f timerlat_trace.txt osnoise_trace.txt custom_filename.txt
}

# passes EXIT PATTERN: the last case's status and output are as expected
passes()
{
	[ "$RC" = "$1" ] || return 1
	[ "$2" = - ] || grep -qE -- "$2" "$OUT"
}

rtla_result()	# ID: pass, fail, or - when not recorded
{
	[ -f "$recorded" ] && awk -F "$TAB" -v id="$1" '$1 == id { print $2; f = 1 } END { if (!f) print "-" }' "$recorded" ||
		echo -
}

if [ -n "$full" ]; then from="measured now"; else from="from ${recorded##*/}"; fi
diag "rtla suite: $(grep -c "^[0-9]" "$cases") cases, rtla $RTLA_VERSION's results $from"
npass=0 nrtla=0
while IFS="$TAB" read -r id file name args want pattern rwant rpattern opts; do
	case $id in [0-9]*) ;; *) continue ;; esac
	[ "$rwant" = - ] && rwant=$want
	[ "$rpattern" = - ] && rpattern=$pattern
	if [ -n "$full" ]; then
		run_case rtla "$args" "$opts"
		if passes "$want" "$pattern"; then rtla=pass; else rtla=fail; fi
		echo "$id$TAB$rtla" >> rtla-results.tsv
		[ $rtla = fail ] && { diag "rtla: case $id failed: exit $RC"; head -5 "$OUT" | diag_lines; }
	else
		rtla=$(rtla_result "$id")
	fi
	[ "$rtla" = pass ] && nrtla=$((nrtla + 1))
	run_case rtlens "$args" "$opts"
	label="rtla suite $id ($file): $name"
	if passes "$rwant" "$rpattern"; then
		npass=$((npass + 1))
		ok "$label (rtla $RTLA_VERSION: $rtla)"
	elif [ "$rtla" = pass ]; then
		not_ok "$label: rtla $RTLA_VERSION passes it, rtlens does not" \
			"exit $RC (want $rwant), pattern '$rpattern'" "$(head -20 "$OUT")"
	else
		ok "$label: fails with rtla $RTLA_VERSION too (exit $RC)"
		head -5 "$OUT" | diag_lines
	fi
done < "$cases"
diag "rtla suite: rtlens passed $npass cases, rtla $RTLA_VERSION $nrtla"
[ -n "$full" ] && emit_file rtla-results.tsv
tracefs_restore "$VM_BEFORE"
:
