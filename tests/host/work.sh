# SPDX-License-Identifier: GPL-2.0
#
# The host tests' work directory, sourced by tests/host/run.sh and
# tests/host/alone.sh: work_setup RTLENS_BINARY sets $ROOT, $WORK (removed
# at exit), $BIN and the sanitizers' options. A script may define
# work_cleanup_more, run at exit first.
#
# The checkout may be anywhere a newcomer cloned it: under a home of mode
# 0700, at a path with spaces. What the tests run, and what the sanitizers
# read, is copied into $WORK (a path without spaces, which the sanitizers'
# options cannot hold; readable by nobody, for the runs that drop root):
# rtlens as $WORK/bin/rtlens (the name decides the tool, as a link's
# would), the leak suppressions beside it.

work_cleanup() {
	declare -F work_cleanup_more > /dev/null && work_cleanup_more
	rm -rf "$WORK"
}

work_setup() {
	BIN=$(readlink -f "${1:?usage: $0 RTLENS_BINARY}")
	ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
	WORK=$(mktemp -d)
	trap work_cleanup EXIT
	mkdir -p "$WORK/bin"
	chmod 0711 "$WORK"
	chmod 0755 "$WORK/bin"
	cp "$BIN" "$WORK/bin/rtlens" && cp "$ROOT/tests/host/lsan.supp" "$WORK/bin/" &&
		chmod 0755 "$WORK/bin/rtlens" && chmod 0644 "$WORK/bin/lsan.supp" || exit 1
	BIN=$WORK/bin/rtlens
	export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
	export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
	export LSAN_OPTIONS=suppressions=$WORK/bin/lsan.supp:print_suppressions=0
}
