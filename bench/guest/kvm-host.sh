# SPDX-License-Identifier: GPL-2.0
#
# Guest half of bench/kvm-host.sh: beside a vCPU that exits all the time
# (tests/vm/vcpu.c on cpu 1, 100 % of the time, SCHED_OTHER so that the
# osnoise thread gets its share), the same `osnoise top` session under
# rtla, under rtlens, and under rtlens with the analysis (which then also
# traces kvm:kvm_exit), each under cputime.
#
# RTLENS_GUEST_BENCH_ARGS  top options (-c 1 -d 10 -q)

args=${RTLENS_GUEST_BENCH_ARGS:--c 1 -d 10 -q}

for m in irqbypass ccp kvm kvm-amd; do
	insmod "/vm/modules/$m.ko" > /dev/null 2>&1
done
if [ ! -c /dev/kvm ]; then
	not_ok "bench: KVM in the guest" "no /dev/kvm (RTLENS_VM_CPU needs +invtsc)"
	exit 0
fi
diag "bench: osnoise top $args beside a KVM vCPU on cpu 1"
for run in rtla rtlens rtlens-aa; do
	tool=${run%-aa}
	extra=
	[ $run = rtlens-aa ] && extra=--aa
	vcpu -c 1 -p 0 -n 'CPU 0/KVM' -d 600 > $run.vcpu 2>&1 &
	v=$!
	cputime -o $run.time $tool osnoise top $args $extra > $run.txt 2> $run.err
	rc=$?
	kill $v
	wait $v
	diag "$run: exit $rc; $(cat $run.time); $(cat $run.vcpu)"
	emit_file $run.txt
	emit_file $run.time
	check_exit "$run: exit status" 0 $rc
	check_restored "$run: tracefs restored" "$VM_BEFORE" || tracefs_restore "$VM_BEFORE"
done
