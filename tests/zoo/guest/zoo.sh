# SPDX-License-Identifier: GPL-2.0
#
# The zoo of causes (tests/zoo/README.md), in the guest: each scenario
# injects one known cause onto the measured CPU while rtlens (and, where
# it applies, rtla) measures, and writes down what it injected. Nothing is
# judged here: the host's tests/zoo/table.py reads zoo.tsv and the reports
# and gives the verdicts.
#
# RTLENS_GUEST_ZOO: the scenarios to run, space separated (default all);
# RTLENS_GUEST_ZOO_TOOLS: the runs to make of each (default all of a
# scenario's: osnoise, osnoise-user, timerlat, rtla-timerlat).
#
# zoo.tsv, one line a run:
#   scenario kernel engine tool rc kind name_re measure expected report
# kind/name_re: the cause rtlens must name (kind: thread, irq, softirq, nmi,
# smi; name_re: an extended regular expression of its name); measure: time
# (expected: us on the CPU) or count (expected: events); report: the
# artifact (rtlens's JSON, or rtla's text).

ZOO_CPU=1
ZOO_SECS=4
ZOO_DUR=14	# a tracer's setup under TCG takes seconds of it (7.3: up to 6)
ZOO_STOP_US=250000
KVER=$(uname -r)
: > zoo.tsv

# quiet: nothing injected, the rig's own noise, which the verdicts take
# away from what each scenario found
zoo_scenarios_all="quiet rt_thread kworker tasklet hrtimer hrtimer_soft irqoff preemptoff storm
device block net_rx ipi resched tlb rcu nmi smi"

# ---- the injections: inject_NAME starts it in the background for
# ZOO_SECS and sets ZOO_PID; truth_NAME waits for it and sets KIND, NAME_RE,
# MEASURE and EXPECTED ----

module_start()
{
	insmod /vm/files/rtl_zoo.ko mode="$1" cpu=$ZOO_CPU hold_us="$2" rate="$3" \
		seconds=$ZOO_SECS ${4:+pid=$4} || { diag "insmod rtl_zoo mode=$1 failed"; return 1; }
}

# waits for the module to finish, sets EXPECTED (us or count) and unloads it
module_truth()
{
	local p=/sys/module/rtl_zoo/parameters i=0

	while [ "$(cat $p/done 2>/dev/null)" != 1 ] && [ $i -lt 100 ]; do
		sleep 0.2
		i=$((i + 1))
	done
	ZOO_EVENTS=$(cat $p/events 2>/dev/null)
	EXPECTED=$(awk -v ns="$(cat $p/held_ns 2>/dev/null)" 'BEGIN { printf "%.1f", ns / 1000 }')
	[ "$MEASURE" = count ] && EXPECTED=$ZOO_EVENTS
	rmmod rtl_zoo
	diag "rtl_zoo: events=$ZOO_EVENTS held_us=$EXPECTED"
}

# the count of line NAME: of /proc/interrupts (or of file $2) on ZOO_CPU
irq_count()
{
	awk -v name="$1:" -v col=$((ZOO_CPU + 2)) '$1 == name { print $col }' "${2:-/proc/interrupts}"
}

inject_quiet() { sleep $ZOO_SECS & ZOO_PID=$!; }
truth_quiet() { wait $ZOO_PID; KIND=- NAME_RE=- MEASURE=- EXPECTED=-; }

inject_rt_thread() { spin -c $ZOO_CPU -p 90 -n zoo_rt -d $ZOO_SECS --duty 10 --period-ms 50 > inj.out 2>&1 & ZOO_PID=$!; }
truth_rt_thread()
{
	wait $ZOO_PID
	KIND=thread NAME_RE='^zoo_rt$' MEASURE=time
	EXPECTED=$(sed -n 's/.*busy_ms=\([0-9]*\).*/\1000/p' inj.out)
}

inject_kworker() { module_start kworker 5000 20; }
truth_kworker() { KIND=thread NAME_RE='^kworker/1:' MEASURE=time; module_truth; }

# on PREEMPT_RT softirqs run in threads: the tasklet runs in ksoftirqd/1
inject_tasklet() { module_start tasklet 5000 20; }
truth_tasklet() { KIND='softirq|thread' NAME_RE='^(TASKLET|tasklet|ksoftirqd/1)' MEASURE=time; module_truth; }

inject_hrtimer() { module_start hrtimer 2000 50; }
truth_hrtimer() { KIND=irq NAME_RE='^local_timer' MEASURE=time; module_truth; }

inject_hrtimer_soft() { module_start hrtimer_soft 5000 20; }
truth_hrtimer_soft()
{
	KIND='softirq|thread' NAME_RE='^(HRTIMER|hrtimer|ktimers/1|ksoftirqd/1)' MEASURE=time
	module_truth
}

inject_irqoff() { module_start irqoff 5000 20; }
truth_irqoff() { KIND=thread NAME_RE='^rtl_zoo_irqoff$' MEASURE=time; module_truth; }

inject_preemptoff() { module_start preemptoff 5000 20; }
truth_preemptoff() { KIND=thread NAME_RE='^rtl_zoo_preempt$' MEASURE=time; module_truth; }

inject_storm() { storm -c $ZOO_CPU -d $ZOO_SECS -r 100 -u 1000 -n zoo_storm > inj.out 2>&1 & ZOO_PID=$!; }
truth_storm()
{
	wait $ZOO_PID
	KIND=thread NAME_RE='^zoo_storm$' MEASURE=time
	EXPECTED=$(sed -n 's/.*on_cpu_us=\([0-9]*\).*/\1/p' inj.out)
}

# a device interrupt routed to the measured CPU: the transmit interrupts
# of a serial port with nothing behind it (ttyS1, QEMU's "-serial null",
# which tests/zoo/run.sh adds: the 8250 driver is built into both rig
# kernels, where virtio's are modules), 16 bytes 200 times a second from
# CPU 0. On PREEMPT_RT its handler runs in a thread, irq/3-ttyS1, that
# follows the IRQ: the hard IRQ is counted, as /proc/interrupts counts it.
inject_device() { ttyirq -f /dev/ttyS1 -t $ZOO_CPU -d $ZOO_SECS -r 200 > inj.out 2>&1 & ZOO_PID=$!; }
truth_device()
{
	wait $ZOO_PID
	KIND=irq NAME_RE='^ttyS1$' MEASURE=count
	EXPECTED=$(sed -n 's/.* interrupts=\([0-9]*\).*/\1/p' inj.out)
	[ -n "$EXPECTED" ] || EXPECTED=the-injection-failed
	diag "device: $(cat inj.out | tr '\n' ' ')"
}

# block I/O completing on the measured CPU: direct 4 KiB reads of the
# virtio disk tests/zoo/run.sh adds (one queue, an INTx line routed to
# CPU 1), 200 a second from CPU 0. The completion raises BLOCK there (one
# queue: the softirq, not an IPI back); on PREEMPT_RT the disk's handler
# and that softirq run in irq/N-virtio0. Counted as the IRQ's interrupts
# on CPU 1 (/proc/interrupts) and its BLOCK softirqs (/proc/softirqs).
load_virtio_disk()
{
	local m i=0

	for m in virtio_ring virtio virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci \
		 virtio_blk; do
		[ -f /vm/modules/$m.ko ] && ! grep -q "^$m " /proc/modules && insmod /vm/modules/$m.ko
	done
	while [ ! -b /dev/vda ] && [ $i -lt 50 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	[ -b /dev/vda ]
}
block_count() { echo $(($(irq_count $ZOO_IRQ) + $(irq_count BLOCK /proc/softirqs))); }
inject_block()
{
	load_virtio_disk || { diag "block: no virtio disk (/dev/vda)"; return 1; }
	ZOO_IRQ=$(awk '$NF == "virtio0" { sub(":", "", $1); print $1; exit }' /proc/interrupts)
	[ -n "$ZOO_IRQ" ] || { diag "block: no virtio0 interrupt"; return 1; }
	ZOO_AFFINITY=$(cat /proc/irq/$ZOO_IRQ/smp_affinity_list)
	echo $ZOO_CPU > /proc/irq/$ZOO_IRQ/smp_affinity_list ||
		{ diag "block: IRQ $ZOO_IRQ cannot be routed to CPU $ZOO_CPU"; return 1; }
	ZOO_BEFORE=$(block_count)
	blkread -f /dev/vda -c 0 -d $ZOO_SECS -r 200 > inj.out 2>&1 &
	ZOO_PID=$!
}
truth_block()
{
	wait $ZOO_PID
	KIND='irq|softirq' NAME_RE='^(virtio0|BLOCK)$' MEASURE=count
	EXPECTED=$(($(block_count) - ZOO_BEFORE))
	echo "$ZOO_AFFINITY" > /proc/irq/$ZOO_IRQ/smp_affinity_list
	diag "block: IRQ $ZOO_IRQ and BLOCK: $EXPECTED on CPU $ZOO_CPU; $(cat inj.out | tr '\n' ' ')"
}

# network receive work on the measured CPU: UDP datagrams over the
# loopback device, 200 a second from CPU 0, steered to CPU 1 by Receive
# Packet Steering. Before Linux 6.10 a function-call IPI raises NET_RX
# there (on PREEMPT_RT, ksoftirqd/1 runs it), counted as /proc/softirqs
# counts it; PREEMPT_RT kernels since run the backlog in a thread of its
# own, backlog_napi/1, counted as the times it ran (its context switches).
ZOO_RPS=/sys/class/net/lo/queues/rx-0/rps_cpus
backlog_tid()
{
	local t

	for t in /proc/[0-9]*; do
		[ "$(cat "$t/comm" 2>/dev/null)" = "backlog_napi/$ZOO_CPU" ] && { echo "${t##*/}"; return; }
	done
}
# what the backlog did on ZOO_CPU: NET_RX softirqs, and its thread's runs
backlog_runs()
{
	local n

	n=$(irq_count NET_RX /proc/softirqs)
	[ -n "$ZOO_BACKLOG" ] &&
		n=$((n + $(awk '/ctxt_switches:/ { n += $2 } END { print n + 0 }' /proc/$ZOO_BACKLOG/status)))
	echo "$n"
}
inject_net_rx()
{
	ip link set lo up 2>/dev/null || ifconfig lo 127.0.0.1 up 2>/dev/null ||
		{ diag "net_rx: the loopback device cannot be brought up"; return 1; }
	ZOO_RPS_OLD=$(cat $ZOO_RPS)
	printf '%x\n' $((1 << ZOO_CPU)) > $ZOO_RPS ||
		{ diag "net_rx: no Receive Packet Steering to CPU $ZOO_CPU"; return 1; }
	ZOO_BACKLOG=$(backlog_tid)
	ZOO_BEFORE=$(backlog_runs)
	netrx -c 0 -d $ZOO_SECS -r 200 > inj.out 2>&1 &
	ZOO_PID=$!
}
truth_net_rx()
{
	wait $ZOO_PID
	KIND='softirq|thread' NAME_RE="^(NET_RX|backlog_napi/$ZOO_CPU)\$" MEASURE=count
	EXPECTED=$(($(backlog_runs) - ZOO_BEFORE))
	echo "$ZOO_RPS_OLD" > $ZOO_RPS
	diag "net_rx: $EXPECTED runs of the backlog on CPU $ZOO_CPU${ZOO_BACKLOG:+ (backlog_napi/$ZOO_CPU)}; $(cat inj.out | tr '\n' ' ')"
}

inject_ipi()
{
	ZOO_BEFORE=$(irq_count CAL)
	ipi -c 0 -t $ZOO_CPU -d $ZOO_SECS -r 200 > inj.out 2>&1 &
	ZOO_PID=$!
}
truth_ipi()
{
	wait $ZOO_PID
	KIND=irq NAME_RE='^call_function' MEASURE=count
	EXPECTED=$(($(irq_count CAL) - ZOO_BEFORE))
}

# reschedule IPIs: the module kicks the measuring thread (the kernel
# tracer's osnoise/1, the user engine's rtlens-osn/1) from CPU 0; nothing
# to reschedule, the IPI alone. Counted as the IPIs CPU 1 took.
measuring_tid()
{
	local t

	for t in /proc/[0-9]*/task/[0-9]*; do
		case $(cat "$t/comm" 2>/dev/null) in
		osnoise/$ZOO_CPU|rtlens-osn/$ZOO_CPU) echo "${t##*/}"; return ;;
		esac
	done
}
inject_resched()
{
	local tid

	tid=$(measuring_tid)
	[ -n "$tid" ] || { diag "resched: no measuring thread on CPU $ZOO_CPU"; return 1; }
	ZOO_BEFORE=$(irq_count RES)
	module_start resched 0 200 "$tid"
}
truth_resched()
{
	KIND=irq NAME_RE='^reschedule' MEASURE=count
	module_truth
	EXPECTED=$(($(irq_count RES) - ZOO_BEFORE))
}

# RCU callbacks queued on CPU 1, run there after a grace period (the RCU
# softirq; on PREEMPT_RT, rcuc/1)
inject_rcu() { module_start rcu 5000 20; }
truth_rcu() { KIND='softirq|thread' NAME_RE='^(RCU|rcuc/1)' MEASURE=time; module_truth; }

# TLB shootdowns of kernel addresses (a user process's reach a CPU only
# while one of its threads runs there, itself more noise than the IPIs):
# counted as the IPIs CPU 1 took (a purge may flush more than once)
inject_tlb() { ZOO_BEFORE=$(irq_count CAL); module_start tlb 0 200; }
truth_tlb()
{
	KIND=irq NAME_RE='^call_function' MEASURE=count
	module_truth
	EXPECTED=$(($(irq_count CAL) - ZOO_BEFORE))
}

# NMIs: the module sends them to CPU 1 from CPU 0, 50/s, and its handler,
# rtl_zoo_nmi, holds each 200 us. (Backtrace requests, sysrq l, were the
# first way: each makes more work than its NMI, printk's and RCU's threads
# on CPU 1 grew more than the NMIs took, and under TCG some requests sent
# none.) Counted as the NMIs CPU 1 took, timed by the handler.
inject_nmi() { ZOO_BEFORE=$(irq_count NMI); module_start nmi 200 50; }
truth_nmi()
{
	KIND=nmi NAME_RE='^rtl_zoo_nmi' MEASURE=time
	module_truth
	diag "nmi: $(($(irq_count NMI) - ZOO_BEFORE)) NMIs on CPU $ZOO_CPU, $ZOO_EVENTS handled"
}

# SMIs: QEMU's PIIX4 raises them on its first CPU, whichever CPU wrote the
# port: this one measures CPU 0, and writes the port from the other one
inject_smi() { smi -c $ZOO_CPU -n $((ZOO_SECS * 50)) -r 50 -m 0-$(($(nproc) - 1)) > inj.out 2>&1 & ZOO_PID=$!; }
truth_smi()
{
	wait $ZOO_PID
	KIND=smi NAME_RE='SMI' MEASURE=count
	EXPECTED=$(awk '/msr34 cpu=0 before/ { split($4, b, "="); split($5, a, "="); print a[2] - b[2] }' inj.out)
	[ -n "$EXPECTED" ] || EXPECTED=unreadable
	diag "smi: $(cat inj.out | tr '\n' ' ')"
}

# ---- the runs ----

# the runs a scenario makes: where the cause delays a timer, timerlat's
# stop (and rtla's, same injection); the user engine where it can see it
zoo_runs()
{
	case $1 in
	rt_thread|irqoff|preemptoff) echo "osnoise osnoise-user timerlat rtla-timerlat" ;;
	quiet|kworker|storm|device|block|net_rx|resched|rcu|nmi) echo "osnoise osnoise-user" ;;
	*) echo "osnoise" ;;
	esac
}

# a command line of run $2 of scenario $1, its report in $3
zoo_cmd()
{
	local cpu=$ZOO_CPU

	[ "$1" = smi ] && cpu=0
	case $2 in
	osnoise) echo "rtlens osnoise top -c $cpu -d $ZOO_DUR -q --aa --json $3" ;;
	osnoise-user) echo "rtlens osnoise top --engine user -c $cpu -d $ZOO_DUR -q --aa --json $3" ;;
	timerlat) echo "rtlens timerlat top -c $cpu -a $ZOO_STOP_US -d $ZOO_DUR -q --json $3" ;;
	rtla-timerlat) echo "rtla timerlat top -c $cpu -a $ZOO_STOP_US -d $ZOO_DUR -q" ;;
	esac
}

# the stop runs need a hold over the threshold: the same cause, longer
zoo_stop_variant()
{
	case $1 in
	rt_thread) inject_rt_thread() { spin -c $ZOO_CPU -p 99 -n zoo_rt -d $ZOO_SECS --duty 80 --period-ms 500 > inj.out 2>&1 & ZOO_PID=$!; } ;;
	irqoff) inject_irqoff() { module_start irqoff 400000 1; } ;;
	preemptoff) inject_preemptoff() { module_start preemptoff 400000 1; } ;;
	esac
}

zoo_run()
{
	local s=$1 run=$2 name=$1-$2 report cmd pid rc engine=kernel

	report=$name.json
	case $run in rtla-*) report=$name.txt ;; esac
	case $run in *-user) engine=user ;; esac
	cmd=$(zoo_cmd "$s" "$run" "$report")
	diag "zoo $name: $cmd"
	$cmd > "$name.txt" 2>&1 &
	pid=$!
	# after the tool's setup and its first period (a warm-up the table
	# leaves out), or the injection's first second is not measured
	case $run in
	osnoise) wait_run $pid osnoise; sleep 2 ;;
	timerlat) wait_run $pid timerlat ;;
	rtla-timerlat)
		# rtla sets its tracer up long before it turns tracing on (7.3
		# under TCG: more than the injection lasts)
		wait_tracer timerlat_top timerlat 120 ||
			diag "rtla did not run timerlat in its instance within 120 s"
		wait_tracing_on timerlat_top 120 ||
			diag "rtla did not turn tracing on in its instance within 120 s" ;;
	*) sleep 3 ;;
	esac
	if "inject_$s"; then
		"truth_$s"
		# the injection must lie inside the measurement; a stop run ends early
		case $run in
		*timerlat) ;;
		*) kill -0 $pid 2>/dev/null || EXPECTED="outlasted-the-measurement" ;;
		esac
	else	# listed, not dropped: the table says it was not run, and why
		kill $pid
		KIND=- NAME_RE=- MEASURE=- EXPECTED="the-injection-failed"
	fi
	wait $pid
	rc=$?
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$s" "$KVER" "$engine" "$run" "$rc" \
		"$KIND" "$NAME_RE" "$MEASURE" "$EXPECTED" "$name.${report##*.}" >> zoo.tsv
	[ -f "$name.json" ] && emit_file "$name.json" "zoo/$name.json"
	emit_file "$name.txt" "zoo/$name.txt"
}

# wait_tracing_on INSTANCE SECONDS: its tracing_on is 1
wait_tracing_on()
{
	local t0

	t0=$(now)
	while [ "$(cat "$VM_TRACEFS/instances/$1/tracing_on" 2>/dev/null)" != 1 ]; do
		ge "$(elapsed "$t0")" "$2" && return 1
		sleep 0.2
	done
}

modprobe_msr()
{
	[ -e /dev/cpu/0/msr ] || insmod /vm/modules/msr.ko 2>/dev/null ||
		insmod /vm/files/msr.ko 2>/dev/null ||
		diag "no msr module: the SMI counter cannot be read"
}

modprobe_msr
for s in ${RTLENS_GUEST_ZOO:-$zoo_scenarios_all}; do
	for run in $(zoo_runs "$s"); do
		case " ${RTLENS_GUEST_ZOO_TOOLS:-$run} " in *" $run "*) ;; *) continue ;; esac
		( case $run in *timerlat) zoo_stop_variant "$s" ;; esac; zoo_run "$s" "$run" )
	done
done
emit_file zoo.tsv zoo/zoo.tsv
ok "the zoo ran $(grep -c '' zoo.tsv) runs"
