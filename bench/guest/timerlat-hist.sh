# SPDX-License-Identifier: GPL-2.0
#
# Guest half of bench/timerlat-hist.sh: the same `timerlat hist` session
# under rtla and under rtlens, each under cputime (the tool's own user+sys
# CPU time; the timerlat/N kernel threads are not counted). Runs alternate
# (bench_rounds in tests/vm/lib.sh).
#
# RTLENS_GUEST_BENCH_ARGS  hist options (-c 1-3 -p 1000 -d 20)
# RTLENS_GUEST_BENCH_RUNS  runs per tool (1)

args=${RTLENS_GUEST_BENCH_ARGS:--c 1-3 -p 1000 -d 20}
runs=${RTLENS_GUEST_BENCH_RUNS:-1}

# bench_cmd NAME RUN: the command of RUN, rtlens with its auto-analysis (it
# traces every IRQ, softirq and thread switch of the CPUs) and without
# (--no-aa: what rtla 6.1 hist does)
bench_cmd()
{
	case $2 in
	rtla)		echo "rtla timerlat hist $args" ;;
	rtlens)		echo "rtlens timerlat hist $args --json $1.json" ;;
	rtlens_noaa)	echo "rtlens timerlat hist $args --no-aa --json $1.json" ;;
	esac
}

diag "bench: timerlat hist $args, $runs run(s) per tool"
bench_rounds "$runs" rtla rtlens rtlens_noaa
:
