# SPDX-License-Identifier: GPL-2.0
#
# Guest half of bench/timerlat-hist.sh: the same `timerlat hist` session
# under rtla and under rtlens, each under cputime (the tool's own user+sys
# CPU time; the timerlat/N kernel threads are not counted). Runs alternate.
#
# RTLENS_GUEST_BENCH_ARGS  hist options (-c 1-3 -p 1000 -d 20)
# RTLENS_GUEST_BENCH_RUNS  runs per tool (1)

args=${RTLENS_GUEST_BENCH_ARGS:--c 1-3 -p 1000 -d 20}
runs=${RTLENS_GUEST_BENCH_RUNS:-1}

diag "bench: timerlat hist $args, $runs run(s) per tool"
i=1
while [ $i -le "$runs" ]; do
	# rtlens with its auto-analysis (it traces every IRQ, softirq and thread
	# switch of the CPUs) and without (--no-aa: what rtla 6.1 hist does)
	for tool in rtla rtlens rtlens_noaa; do
		out=$tool-$i
		case $tool in
		rtla)		cmd="rtla timerlat hist $args" ;;
		rtlens)		cmd="rtlens timerlat hist $args --json $out.json" ;;
		rtlens_noaa)	cmd="rtlens timerlat hist $args --no-aa --json $out.json" ;;
		esac
		cputime -o $out.time $cmd > $out.txt 2>&1
		rc=$?
		diag "$out: exit $rc; $(cat $out.time)"
		emit_file $out.txt
		emit_file $out.time
		[ -f $out.json ] && emit_file $out.json
		check_exit "$out: exit status" 0 $rc
	done
	i=$((i + 1))
done
:
