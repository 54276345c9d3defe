# SPDX-License-Identifier: GPL-2.0
#
# Guest half of bench/osnoise-hist.sh: the same `osnoise hist` session under
# rtla and under rtlens, each run under cputime (the tool's own user+sys
# CPU time; the osnoise/N kernel threads are not its children and are not
# counted).  Runs alternate rtla, rtlens, rtla, rtlens... so that drifts of
# the host hit both tools alike.
#
# RTLENS_GUEST_BENCH_ARGS  hist options (-c 1-3 -d 20 -T 1)
# RTLENS_GUEST_BENCH_RUNS  runs per tool (1)

args=${RTLENS_GUEST_BENCH_ARGS:--c 1-3 -d 20 -T 1}
runs=${RTLENS_GUEST_BENCH_RUNS:-1}
cpus=$(echo " $args " | sed -n 's/.* -c \([0-9,-]*\) .*/\1/p')

# the CPUs of a cpu list ("1-3,5" -> "1 2 3 5")
expand_cpus()
{
	echo "$1" | tr ',' '\n' | awk -F- '{
		for (i = $1; i <= ($2 == "" ? $1 : $2); i++) printf "%d ", i
	}'
}

diag "bench: osnoise hist $args, $runs run(s) per tool"
i=1
while [ $i -le "$runs" ]; do
	for tool in rtla rtlens; do
		if ! command -v $tool > /dev/null; then
			[ $i -eq 1 ] && not_ok "$tool: in the guest" "not built?"
			continue
		fi
		out=$tool-$i
		t0=$(now)
		# rtlens counts in the kernel too, as rtla does (--kernel-hist)
		extra=
		[ $tool = rtlens ] && extra=--kernel-hist
		cputime -o $out.time $tool osnoise hist $args $extra > $out.txt 2> $out.err
		rc=$?
		diag "$out: exit $rc after $(elapsed "$t0") s; $(cat $out.time)"
		diag_lines < $out.err
		emit_file $out.txt
		emit_file $out.err
		emit_file $out.time
		check_exit "$out: exit status" 0 $rc &&
			check_hist_layout "$out" $out.txt $(expand_cpus "$cpus")
		check_restored "$out: tracefs restored" "$VM_BEFORE" ||
			tracefs_restore "$VM_BEFORE"
	done
	i=$((i + 1))
done
