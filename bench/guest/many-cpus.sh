# SPDX-License-Identifier: GPL-2.0
#
# Guest half of bench/many-cpus.sh: on every CPU but 0 (63 of a 64-vCPU
# guest), each command under rtla and under rtlens (rtlens with --json), in
# turn, under cputime; the tool's peak resident memory (VmHWM, read once a
# second while it runs) in NAME.hwm. Then the live screen of `timerlat
# top` on those CPUs in a terminal of 24 and of 50 lines (ptyrun, stty),
# with G (the last rows) typed 5 s in.
#
#   osnoise-top    osnoise top -q (rtlens: --aa; rtla's top has no analysis)
#   osnoise-hist   osnoise hist
#   timerlat-top   timerlat top -q
#   timerlat-hist  timerlat hist
#
# RTLENS_GUEST_BENCH_D         duration of each run, s (20)
# RTLENS_GUEST_BENCH_OSN       osnoise options of both tools (-p 1000000 -r 5000:
#                              a 0.5% duty; under one TCG thread 63 busy vCPUs
#                              would leave the tools' CPU 0 a 64th of it)
# RTLENS_GUEST_BENCH_TL        timerlat options of both tools (-k -p 10000)
# RTLENS_GUEST_BENCH_ONLY      only these commands (all four, and screen)

d=${RTLENS_GUEST_BENCH_D:-20}
osn=${RTLENS_GUEST_BENCH_OSN:--p 1000000 -r 5000}
tl=${RTLENS_GUEST_BENCH_TL:--k -p 10000}
only=" ${RTLENS_GUEST_BENCH_ONLY:-osnoise-top osnoise-hist timerlat-top timerlat-hist screen} "
last=$(($(nproc) - 1))
cpus=1-$last

# hwm NAME PID: the peak VmHWM (kB) of PID while it lives, in NAME.hwm
hwm()
{
	local kb max=0

	while [ -d /proc/$2 ]; do
		kb=$(awk '$1 == "VmHWM:" { print $2 }' /proc/$2/status 2> /dev/null)
		[ -n "$kb" ] && [ "$kb" -gt "$max" ] && max=$kb
		sleep 1
	done
	echo "$max" > "$1.hwm"
}

# run NAME TOOL ARGS...: one run; NAME.txt .err .time .hwm (.json) to the host
run()
{
	local name=$1 tool=$2 cpid pid rest rc t0 f

	shift 2
	[ "$tool" = rtlens ] && set -- "$@" --json "$name.json"
	t0=$(now)
	cputime -o "$name.time" $tool "$@" > "$name.txt" 2> "$name.err" &
	cpid=$!
	pid=
	while [ -z "$pid" ] && [ -d /proc/$cpid ]; do
		read -r pid rest < /proc/$cpid/task/$cpid/children 2> /dev/null
		[ -n "$pid" ] || sleep 0.1
	done
	[ -n "$pid" ] && hwm "$name" "$pid" &
	wait $cpid
	rc=$?
	wait
	echo "wall=$(elapsed "$t0") d=$d" >> "$name.time"
	diag "$name: exit $rc; $(tr '\n' ' ' < "$name.time")peak RSS $(cat "$name.hwm" 2> /dev/null) kB"
	for f in "$name.txt" "$name.err" "$name.time" "$name.hwm" "$name.json"; do
		[ -f "$f" ] && emit_file "$f"
	done
	check_exit "$name: exit status" 0 $rc
	check_restored "$name: tracefs restored" "$VM_BEFORE" || tracefs_restore "$VM_BEFORE"
}

diag "bench: $(uname -r), $(nproc) CPUs, measured $cpus, -d $d, $(rtla --version 2>&1 | head -n 1)"
# the runs alternate, rtla then rtlens, command by command
for cmd in osnoise-top osnoise-hist timerlat-top timerlat-hist; do
	case $only in *" $cmd "*) ;; *) continue ;; esac
	for tool in rtla rtlens; do
		case $cmd in
		osnoise-top)
			aa=
			[ $tool = rtlens ] && aa=--aa
			run $tool-$cmd $tool osnoise top -c $cpus -d $d -q $osn $aa ;;
		osnoise-hist)
			run $tool-$cmd $tool osnoise hist -c $cpus -d $d $osn ;;
		timerlat-top)
			run $tool-$cmd $tool timerlat top -c $cpus -d $d -q $tl ;;
		timerlat-hist)
			run $tool-$cmd $tool timerlat hist -c $cpus -d $d $tl ;;
		esac
	done
done

# the live screen in a terminal of 24 and 50 lines, 80 columns
case $only in *" screen "*)
	grep -q ' /dev/pts devpts' /proc/mounts || mount -t devpts devpts /dev/pts
	for lines in 24 50; do
		ptyrun -o screen-$lines.txt -k G@5 -- sh -c "stty rows $lines cols 80;
			exec rtlens timerlat top -c $cpus -d 8 $tl" > /dev/null 2>&1
		check_exit "screen-$lines: exit status" 0 $?
		emit_file screen-$lines.txt
	done ;;
esac
:
