# SPDX-License-Identifier: GPL-2.0
#
# Guest half of bench/live-pane.sh: `osnoise top` and `timerlat top` with
# the same options, each once with stdout to a file (no screen) and once
# on the live screen in an 80x24 tmux pane (tests/tmux.sh; with the sources
# pane on where rtlens has it), in turn, RUNS rounds (bench_rounds in
# tests/vm/lib.sh), each under cputime: rtlens's own CPU time, tmux's not.
#
# RTLENS_GUEST_BENCH_ARGS  top options for every run (--aa -c 1 -d 20)
# RTLENS_GUEST_BENCH_RUNS  rounds (3)

. /vm/tmux.sh

args=${RTLENS_GUEST_BENCH_ARGS:---aa -c 1 -d 20}
runs=${RTLENS_GUEST_BENCH_RUNS:-3}

# bench_cmd NAME RUN: the command of RUN (TOOL_HOW)
bench_cmd()
{
	echo "rtlens ${2%_*} top $args"
}

# bench_run NAME RUN: RUN under cputime, on the screen or not
bench_run()
{
	case $2 in
	*_screen)
		SCREEN_PANE=$(has_sources_pane rtlens "${2%_*} top" && echo 1) \
			screen_cputime $1 600 $(bench_cmd $1 $2) ;;
	*)
		cputime -o $1.time $(bench_cmd $1 $2) > $1.txt 2> $1.err ;;
	esac
}

if ! command -v tmux > /dev/null; then
	not_ok "tmux in the guest" "the host has none (scripts/setup.sh test installs it)"
	exit 0
fi
diag "bench: $(uname -r), $runs round(s): osnoise/timerlat top $args, to a file and on the screen"
bench_rounds "$runs" osnoise_file osnoise_screen timerlat_file timerlat_screen
:
