#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/live-pane.sh - what the live screen costs: rtlens's own CPU time
# (user + sys, under tests/vm/cputime.c; tmux's is not counted) of
# `osnoise top ARGS` and `timerlat top ARGS` on the live screen, in an
# 80x24 tmux pane (tests/tmux.sh; with the sources pane on where rtlens has
# it), against the same command with stdout redirected to a file (no
# screen). The four runs alternate, RUNS rounds; bench/live_pane_table.py
# prints each round's figures and ratio side by side, the median of the
# ratios and the target: the screen at most 1.10x the file's CPU time
# (`PASS` or `OVER`).
#
#   bench/live-pane.sh [host|6.1|newest] [RUNS]      (`make bench`)
#
#   host    this machine, with the engine rtlens picks on its kernel (the
#           user engine where it has no osnoise tracer; needs root), the
#           default. -D is added to every run: the user engine then says
#           what its main thread (reading, counting, drawing) took, and the
#           verdict is on that thread, as its measuring threads are busy
#           and rtlens's own
#   6.1     the VM of tests/vm/run.sh, Debian 12's rt kernel, with
#           bench/guest/live-pane.sh
#   newest  the same on Debian's newest rt kernel (tests/vm/backports.sh)
#
# In the VM, rtla's top runs beside it, to a file and on the screen
# (BENCH_RTLA_ARGS, -c 1 -d 20): it draws every second either way, so its
# ratio is what the terminal and TCG add to a time measured in the guest.
#
# Environment: BENCH_ARGS (--aa -c 1 -d 20), BENCH_RUNS (3; RUNS on the
# command line wins), RTLENS_BIN (./rtlens), RTLENS_VM_* as for
# tests/vm/run.sh (RTLENS_VM_DIR defaults to build/bench-live-pane-KERNEL).
# Results in build/bench-live-pane-host/ on the host.
#
# Exit status 1 when a run failed or had no figures, not when the target is
# missed (a shared machine's noise moves the ratios).

set -uo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top" || exit 1

where=${1:-host}
runs=${2:-${BENCH_RUNS:-3}}
args=${BENCH_ARGS:---aa -c 1 -d 20}
rtla_args=${BENCH_RTLA_ARGS:--c 1 -d 20}

# host_rounds OUT: the rounds on this machine, into OUT
host_rounds()
{
	local out=$1 rtlens i tool how name rc status=0

	rtlens=$(readlink -f "${RTLENS_BIN:-./rtlens}")
	[ -x "$rtlens" ] || { echo "bench/live-pane.sh: $rtlens not found: run make" >&2; return 1; }
	command -v tmux > /dev/null || { echo "bench/live-pane.sh: no tmux (scripts/setup.sh test)" >&2; return 1; }
	rm -rf "$out"
	mkdir -p "$out/bin"
	out=$(cd "$out" && pwd)
	cc -O2 -o "$out/bin/cputime" tests/vm/cputime.c || return 1
	export PATH=$out/bin:$PATH
	TMUX_TMP=$out
	. tests/tmux.sh
	cd "$out" || return 1
	echo "# bench: $(uname -r), $runs round(s): osnoise/timerlat top $args -D, to a file and on the screen"
	for i in $(seq "$runs"); do
		for tool in osnoise timerlat; do
			for how in file screen; do
				name=${tool}_$how-$i
				if [ $how = file ]; then
					cputime -o $name.time "$rtlens" $tool top $args -D > $name.txt 2> $name.err
				else
					SCREEN_PANE=$(has_sources_pane "$rtlens" "$tool top" && echo 1) \
						screen_cputime $name 600 "$rtlens" $tool top $args -D
				fi
				rc=$?
				echo "# $name: exit $rc; $(cat $name.time 2>/dev/null)"
				[ $rc = 0 ] || { status=1; grep -v ' debug: ' $name.err | tail -n 3 | sed 's/^/#   /'; }
			done
		done
	done
	cd "$top" || return 1
	return $status
}

case $where in
host)
	out=build/bench-live-pane-host
	host_rounds "$out"
	status=$? ;;
6.1|newest)
	if [ "$where" = newest ]; then
		bpo=$(tests/vm/backports.sh) || exit 1
		eval "$bpo"
		export RTLENS_VM_KERNEL=$BPO_KERNEL RTLENS_VM_RTLA_ROOT=$BPO_RTLA_ROOT
	fi
	export RTLENS_VM_DIR=${RTLENS_VM_DIR:-build/bench-live-pane-$where}
	# 4 runs a round of -d 20, each with its setup under TCG
	export RTLENS_VM_SCRIPT_TIMEOUT=${RTLENS_VM_SCRIPT_TIMEOUT:-$((runs * 400))}
	export RTLENS_VM_TIMEOUT=${RTLENS_VM_TIMEOUT:-$((runs * 400 + 300))}
	export RTLENS_GUEST_BENCH_ARGS=$args RTLENS_GUEST_BENCH_RUNS=$runs
	export RTLENS_GUEST_BENCH_RTLA_ARGS=$rtla_args
	tests/vm/run.sh bench/guest/live-pane.sh
	status=$?
	out=$RTLENS_VM_DIR/out/live-pane ;;
*)
	echo "usage: $0 [host|6.1|newest] [RUNS]" >&2
	exit 2 ;;
esac

python3 bench/live_pane_table.py "$out" "$args" "$rtla_args" || status=1
exit $status
