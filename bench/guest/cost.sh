# SPDX-License-Identifier: GPL-2.0
#
# Guest half of bench/cost.sh: what measuring costs, rtlens against the
# rtla of the booted kernel's release, each command under cputime (the
# tool's own user+sys CPU time; the osnoise/N and timerlat/N kernel threads
# are not its children and are not counted), and its steady CPU: the run
# time of all its threads and its children's (schedstat, ns) from 3 s after
# the start to 1 s before the end, without the setup and the teardown. Runs alternate rtla,
# rtlens, rtla, rtlens... so that drifts of the host hit both tools alike.
#
#   osnoise-N    osnoise top -c 1 -d OSN_D -q, twice (reported noise, lost
#                events)
#   k1000/k200   timerlat hist -k -c TL_CPUS -d TL_D at -p 1000 and -p 200
#                (the marginal CPU per sample between the two); rtlens
#                also with --no-bpf (rtlens_tracefs)
#   aa200        timerlat hist -c TL_CPUS -p 200 -d TL_D -T 1000000: a stop
#                threshold that no sample reaches, the analysis on
#   u200         timerlat hist -u -c TL_CPUS -p 200 -d TL_D (timerlat_fd)
#
# RTLENS_GUEST_BENCH_RUNS      alternating runs per comparison (2)
# RTLENS_GUEST_BENCH_OSN_D     osnoise top duration, s (6)
# RTLENS_GUEST_BENCH_TL_CPUS   timerlat CPUs (1-2)
# RTLENS_GUEST_BENCH_TL_D      timerlat duration, s (10)
# RTLENS_GUEST_BENCH_ONLY      only these comparisons (osnoise k aa runaa u)

runs=${RTLENS_GUEST_BENCH_RUNS:-2}
osn_d=${RTLENS_GUEST_BENCH_OSN_D:-6}
tl_cpus=${RTLENS_GUEST_BENCH_TL_CPUS:-1-2}
tl_d=${RTLENS_GUEST_BENCH_TL_D:-10}
only=" ${RTLENS_GUEST_BENCH_ONLY:-osnoise k aa runaa u} "

# run_ns PID: the CPU time so far of PID's threads and of its children's,
# down the tree (rtla -u runs its measuring threads in child processes), ns
run_ns()
{
	local f t c sum=0 ns rest

	for t in /proc/$1/task/*; do
		read -r ns rest < "$t/schedstat" 2> /dev/null && sum=$((sum + ns))
		for c in $(cat "$t/children" 2> /dev/null); do
			sum=$((sum + $(run_ns "$c")))
		done
	done
	echo $sum
}

# steady NAME PID DURATION: NAME.steady, the CPU PID used from 3 s after its
# start to 1 s before its end (cpu_ns, window_s)
steady()
{
	local name=$1 pid=$2 d=$3 a b t0

	sleep 3
	a=$(run_ns "$pid")
	t0=$(now)
	sleep $((d - 4))
	b=$(run_ns "$pid")
	echo "cpu_ns=$((b - a)) window_s=$(elapsed "$t0")" > "$name.steady"
}

# bench_run NAME TOOL ARGS... -d D: one run under cputime; NAME.txt, .err,
# .time, .steady (and NAME.json for rtlens) go to the host
bench_run()
{
	local name=$1 tool=$2 rc cpid pid d
	shift 2

	if [ "$tool" = rtlens ]; then
		set -- "$@" --json "$name.json"
	fi
	d=$(echo " $* " | sed -n 's/.* -d \([0-9]*\) .*/\1/p')
	cputime -o "$name.time" $tool "$@" > "$name.txt" 2> "$name.err" &
	cpid=$!
	sleep 0.2
	pid=$(cat /proc/$cpid/task/$cpid/children 2> /dev/null)
	[ -n "$pid" ] && [ "${d:-0}" -gt 5 ] && steady "$name" $pid "$d"
	wait $cpid
	rc=$?
	diag "$name: exit $rc; $(cat "$name.time")"
	diag_lines < "$name.err"
	for f in "$name.txt" "$name.err" "$name.time" "$name.steady" "$name.json"; do
		[ -f "$f" ] && emit_file "$f"
	done
	check_exit "$name: exit status" 0 $rc
	check_restored "$name: tracefs restored" "$VM_BEFORE" || tracefs_restore "$VM_BEFORE"
}

# -k where the kernel can also run user threads (rtla 6.1 has no -k: it
# knows only the kernel's threads, and exits 0 on an unknown option)
kthreads=
[ -e "$VM_TRACEFS/osnoise/per_cpu/cpu0/timerlat_fd" ] && kthreads=-k
diag "bench: $(uname -r), $(rtla --version 2>&1 | head -n 1), $runs run(s) per comparison"
i=1
while [ $i -le "$runs" ]; do
	for tool in rtla rtlens; do
		# the noise varies most from run to run: twice as many
		case $only in *" osnoise "*)
			bench_run $tool-osnoise-$i $tool osnoise top -c 1 -d "$osn_d" -q
			bench_run $tool-osnoise-$i.2 $tool osnoise top -c 1 -d "$osn_d" -q ;;
		esac
		case $only in *" k "*)
			for p in 1000 200; do
				bench_run $tool-k$p-$i $tool timerlat hist $kthreads \
					-c "$tl_cpus" -p $p -d "$tl_d"
			done
			# rtlens's tracefs path (its default where it has no BPF)
			[ $tool = rtlens ] && for p in 1000 200; do
				bench_run rtlens_tracefs-k$p-$i rtlens timerlat hist \
					$kthreads -c "$tl_cpus" -p $p -d "$tl_d" --no-bpf
			done ;;
		esac
		# with a stop threshold no sample reaches (1 s): the analysis on
		case $only in *" aa "*)
			bench_run $tool-aa200-$i $tool timerlat hist $kthreads -c "$tl_cpus" \
				-p 200 -d "$tl_d" -T 1000000 ;;
		esac
		# timerlat --aa: the sources of the whole run (rtlens only: rtla
		# has none), against the same run without them (k200)
		case $only in *" runaa "*)
			[ $tool = rtlens ] &&
				bench_run rtlens-runaa200-$i rtlens timerlat hist $kthreads \
					-c "$tl_cpus" -p 200 -d "$tl_d" --aa ;;
		esac
		case $only in *" u "*)
			[ -e "$VM_TRACEFS/osnoise/per_cpu/cpu0/timerlat_fd" ] &&
				bench_run $tool-u200-$i $tool timerlat hist -u -c "$tl_cpus" \
					-p 200 -d "$tl_d" ;;
		esac
	done
	i=$((i + 1))
done
:
