# SPDX-License-Identifier: GPL-2.0
#
# What a group of host tests that needs no tracefs (compare.sh, merge.sh)
# has from tests/host/run.sh when it runs by itself: $R, $ROOT, $WORK, the
# sanitizers' options (tests/host/work.sh), ok, not_ok and expect (without the tracefs
# snapshots). Sourced with the group's arguments:
#
#   if [ "${BASH_SOURCE[0]}" = "$0" ]; then
#	. "$(dirname "$0")/alone.sh" "$@"
#	NAME_tests
#	alone_end
#   fi

set -u
. "$(dirname "${BASH_SOURCE[0]}")/work.sh"
work_setup "${1:-}"
R=$BIN
pass=0
fail=0
ok()     { pass=$((pass + 1)); echo "ok $((pass + fail)) - $1"; }
not_ok() { fail=$((fail + 1)); echo "not ok $((pass + fail)) - $1"; }

# expect NAME STATUS PATTERN -- CMD...: as tests/host/run.sh's, without tracefs
expect() {
	local name=$1 want=$2 pattern=$3 out rc

	shift 4
	out=$("$@" 2>&1)
	rc=$?
	printf '%s\n' "$out" > "$WORK/expect.out"
	if [ "$rc" != "$want" ] || ! grep -qE -- "$pattern" <<<"$out" ||
	   grep -qE 'Sanitizer|runtime error' <<<"$out"; then
		not_ok "$name: exit $rc (want $want), /$pattern/"
		echo "$out" | sed 's/^/#   /' | head -20
	else
		ok "$name"
	fi
}

alone_end() {
	echo "$pass passed, $fail failed"
	[ "$fail" = 0 ]
}
