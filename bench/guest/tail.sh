# SPDX-License-Identifier: GPL-2.0
#
# Guest half of bench/tail.sh: pairs of a fit and an observation of the
# timerlat thread latency, per measured CPU. For each kind of noise and
# each round, a `timerlat hist --tail=HORIZON` run of FIT (the fit, its
# prediction of the worst sample of HORIZON) and then a run of HORIZON
# (what was seen in it), both on every measured CPU at once, with --json.
# Each CPU makes one pair a round: its own injector (tests/vm/burst.c,
# SCHED_FIFO 96, above timerlat's threads at 95), with a seed of its own
# and a new process in each window, or none for the VM's natural noise:
#
#   light    exponential bursts (RTLENS_GUEST_TAIL_LIGHT)
#   heavy    Pareto bursts (RTLENS_GUEST_TAIL_HEAVY)
#   natural  no injector anywhere in the VM
#
# A kind's rounds run apart from the other kinds', so that no injector is
# busy on another CPU while the natural noise is measured. The injectors'
# summary lines land in burst-KIND-ROUND-WINDOW.txt.
#
# RTLENS_GUEST_TAIL_KINDS    the kinds, in order (light heavy natural)
# RTLENS_GUEST_TAIL_ROUNDS   rounds of each kind (2)
# RTLENS_GUEST_TAIL_FIT      the fit's duration (60s)
# RTLENS_GUEST_TAIL_HORIZON  the horizon, and the observation's duration (20m)
# RTLENS_GUEST_TAIL_PERIOD   timerlat's period, us (10000)
# RTLENS_GUEST_TAIL_LIGHT    burst's law for light (--exp 20000 --gap-ms 150)
# RTLENS_GUEST_TAIL_HEAVY    burst's law for heavy (--pareto 1.5 --xm 10000 --gap-ms 300)

kinds=${RTLENS_GUEST_TAIL_KINDS:-light heavy natural}
rounds=${RTLENS_GUEST_TAIL_ROUNDS:-2}
fit=${RTLENS_GUEST_TAIL_FIT:-60s}
horizon=${RTLENS_GUEST_TAIL_HORIZON:-20m}
period=${RTLENS_GUEST_TAIL_PERIOD:-10000}
light=${RTLENS_GUEST_TAIL_LIGHT:---exp 20000 --gap-ms 150}
heavy=${RTLENS_GUEST_TAIL_HEAVY:---pareto 1.5 --xm 10000 --gap-ms 300}
last=$(($(nproc) - 1))
cpus=1-$last

# seconds DURATION: rtlens's 20m, 1h, 60s or 60 in seconds
seconds()
{
	case $1 in
	*s) echo "${1%s}" ;;
	*m) echo $((${1%m} * 60)) ;;
	*h) echo $((${1%h} * 3600)) ;;
	*) echo "$1" ;;
	esac
}

# inject KIND ROUND WINDOW SECONDS: an injector on each measured CPU
# (none for natural), its pids in INJECTORS
inject()
{
	local law kind cpu

	INJECTORS=
	case $1 in
	light) law=$light kind=1 ;;
	heavy) law=$heavy kind=2 ;;
	*) return 0 ;;
	esac
	for cpu in $(seq 1 $last); do
		# one seed per kind, round, window and CPU
		burst -c $cpu -p 96 -n tail_$1 -d $4 $law \
			--seed $(( kind * 100000 + ($2 * 2 + $3) * 100 + cpu )) \
			> burst-$cpu.out 2>&1 &
		INJECTORS="$INJECTORS $!"
	done
}

# window KIND ROUND WINDOW OPTIONS...: one run beside its injectors
window()
{
	local kind=$1 round=$2 w=$3 name=$3-$1-$2 rc t0 d pid cpu

	shift 3
	d=$(seconds "$1")
	shift
	inject $kind $round $([ $w = fit ] && echo 0 || echo 1) $((d + 300))
	t0=$(now)
	rtlens timerlat hist -c $cpus -p $period -d $d "$@" --json $name.json \
		> $name.txt 2> $name.err
	rc=$?
	[ -n "$INJECTORS" ] && kill $INJECTORS 2>/dev/null
	for pid in $INJECTORS; do
		wait $pid
	done
	: > burst-$kind-$round-$w.txt
	[ -n "$INJECTORS" ] && for cpu in $(seq 1 $last); do
		cat burst-$cpu.out >> burst-$kind-$round-$w.txt
	done
	diag "$name: exit $rc after $(elapsed "$t0") s"
	diag_lines < $name.err
	[ -s burst-$kind-$round-$w.txt ] && diag_lines < burst-$kind-$round-$w.txt
	emit_file $name.json
	emit_file burst-$kind-$round-$w.txt
	check_exit "$name: exit status" 0 $rc
	check_restored "$name: tracefs restored" "$VM_BEFORE" || tracefs_restore "$VM_BEFORE"
}

diag "bench: tail, cpus $cpus, -p $period, fit $fit, horizon $horizon, kinds $kinds, $rounds round(s)"
for kind in $kinds; do
	r=1
	while [ $r -le "$rounds" ]; do
		window $kind $r fit "$fit" --tail="$horizon"
		window $kind $r obs "$horizon" --tail
		r=$((r + 1))
	done
done
:
