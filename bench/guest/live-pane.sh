# SPDX-License-Identifier: GPL-2.0
#
# Guest half of bench/live-pane.sh: `osnoise top` and `timerlat top` with
# the same options, each once with stdout to a file (no screen) and once
# on the live screen in an 80x24 tmux pane (tests/tmux.sh; with the sources
# pane on where rtlens has it), in turn, RUNS rounds (bench_rounds in
# tests/vm/lib.sh), each under cputime: rtlens's own CPU time, tmux's not.
#
# rtla's top, side by side (rtla_TOOL_HOW runs, without rtlens's options):
# it draws its table every second whether stdout is a terminal or not, so
# its own ratio is what the terminal, and the guest's other vCPUs on the
# one TCG thread, add to a CPU time measured in this guest.
#
# RTLENS_GUEST_BENCH_ARGS  top options for every run (--aa -c 1 -d 20)
# RTLENS_GUEST_BENCH_RTLA_ARGS  rtla's (-c 1 -d 20)
# RTLENS_GUEST_BENCH_RUNS  rounds (3)

. /vm/tmux.sh

args=${RTLENS_GUEST_BENCH_ARGS:---aa -c 1 -d 20}
rtla_args=${RTLENS_GUEST_BENCH_RTLA_ARGS:--c 1 -d 20}
runs=${RTLENS_GUEST_BENCH_RUNS:-3}

# bench_cmd NAME RUN: the command of RUN ([rtla_]TOOL_HOW)
bench_cmd()
{
	local run=${2%_*}

	case $run in
	rtla_*)	echo "rtla ${run#rtla_} top $rtla_args" ;;
	*)	echo "rtlens $run top $args" ;;
	esac
}

# bench_run NAME RUN: RUN under cputime, on the screen or not
bench_run()
{
	case $2 in
	*_screen)
		SCREEN_PANE=$(case $2 in rtla_*) ;; *) has_sources_pane rtlens "${2%_*} top" && echo 1 ;; esac) \
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
set -- osnoise_file osnoise_screen timerlat_file timerlat_screen
if command -v rtla > /dev/null; then
	diag "rtla $RTLA_VERSION beside it: osnoise/timerlat top $rtla_args"
	set -- "$@" rtla_osnoise_file rtla_osnoise_screen rtla_timerlat_file rtla_timerlat_screen
fi
bench_rounds "$runs" "$@"
:
