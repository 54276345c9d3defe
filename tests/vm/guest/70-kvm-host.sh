# SPDX-License-Identifier: GPL-2.0
#
# The osnoise analysis on a KVM host: the test guest runs a KVM guest of its
# own (nested, on the SVM that TCG emulates) with the vcpu helper, whose
# vCPU thread loops on CPUID and OUT exits. On cpu 1 it must be named as a
# vCPU thread among the top sources, with its exits counted by reason inside
# the noise samples, by the kernel tracer and by the user engine; a second
# vCPU on cpu 2 (not measured) must not be counted. The section of the vCPU
# threads shows its exits by reason: cpuid light (handled in the kernel),
# io heavy (to the VMM) and longer (host/70-kvm-host.sh); --vm picks a VMM. Needs KVM's modules in
# the initramfs and a CPU with a constant TSC (an rt kernel's KVM refuses to
# load otherwise): tests/vm/check.sh boots this script with
# RTLENS_VM_CPU=max,+invtsc,x-force-features=on.

for m in irqbypass ccp kvm kvm-amd; do
	insmod "/vm/modules/$m.ko" > insmod.out 2>&1 || diag "insmod $m: $(cat insmod.out)"
done
if [ ! -c /dev/kvm ]; then
	not_ok "KVM in the test guest" "no /dev/kvm: $(ls /vm/modules 2>&1 | tr '\n' ' ')" \
		"$(dmesg | grep -iE 'kvm|svm|RT requires' | tail -n 3)" \
		"constant_tsc: $(grep -c constant_tsc /proc/cpuinfo) cpus (RTLENS_VM_CPU?)"
	exit 0
fi
ok "KVM in the test guest"
events() {
	cat "$VM_TRACEFS/events/kvm/kvm_exit/enable" "$VM_TRACEFS/events/kvm/kvm_exit/filter" \
		"$VM_TRACEFS/trace_clock" | tr '\n' ' '
}
events > events.before

# ---- sources over a whole run ----
vcpu -c 1 -p 95 -n 'CPU 0/KVM' -d 60 --duty 40 --period-ms 20 > vcpu1.out 2>&1 &
vcpu1=$!
vcpu -c 2 -p 95 -n 'CPU 1/KVM' -d 60 --duty 40 --period-ms 20 > vcpu2.out 2>&1 &
vcpu2=$!
sleep 1
rtlens osnoise top -c 1 -d 8 -q --aa --aa-top 2 --json kvm.json --record kvm.dat > kvm.txt 2>&1
check_exit "osnoise top --aa --record beside a KVM guest exits 0" 0 $?
# --vm: the vCPU threads of one VMM process only (tests/vm/vcpu.c's own pid),
# while both run
rtlens osnoise top -c 1 -d 2 -q --aa --vm $vcpu1 > vm1.txt 2>&1
check_exit "osnoise top --aa --vm (the VMM on cpu 1) exits 0" 0 $?
rtlens osnoise top -c 1 -d 2 -q --aa --vm $vcpu2 > vm2.txt 2>&1
check_exit "osnoise top --aa --vm (the VMM on cpu 2) exits 0" 0 $?
# both vCPUs measured, recorded: the replay reads the CPUs merged in time
# order, as the live run put their events (host/70-kvm-host.sh)
rtlens osnoise top -c 1-2 -d 3 -q --aa --json kvm12.json --record kvm12.dat > kvm12.txt 2>&1
check_exit "osnoise top -c 1-2 --aa --record beside two vCPUs exits 0" 0 $?
rtlens osnoise top --input kvm12.dat --aa --json kvm12-replay.json > kvm12-replay.txt 2>&1
check_exit "osnoise top --input of the recording of cpus 1-2 exits 0" 0 $?
emit_file kvm12.json
emit_file kvm12-replay.json
# the recording replayed: the same vCPU threads and exits (host/70-kvm-host.sh)
rtlens osnoise top --input kvm.dat --aa --aa-top 2 --json kvm-replay.json > kvm-replay.txt 2>&1
check_exit "osnoise top --input of the KVM host's recording exits 0" 0 $?
emit_file kvm-replay.json
kill $vcpu1 $vcpu2 2>/dev/null
wait $vcpu1
wait $vcpu2
diag "$(cat vcpu1.out)" "$(cat vcpu2.out)"
emit_file kvm.txt
emit_file kvm.json
emit_file vm1.txt
emit_file vm2.txt

# ---- the vCPU threads: time out of guest mode, exits by reason ----
check_grep "the section of the vCPU threads has the one of cpu 1" \
	'^vCPU threads on the measured CPUs: 1$' kvm.txt
check_grep "the vCPU thread of cpu 1 is named, with its vCPU id and host cpu" \
	"^  CPU 0/KVM, pid $vcpu1, vCPU 0, host cpu 1\$" kvm.txt
check_grep "its cpuid exits are light (none to the VMM)" \
	'^    cpuid +[1-9][0-9]* +[0-9.]+ +[0-9.]+ +[0-9.]+ +0$' kvm.txt
# io: OUT to a port the VMM handles: every one of them heavy
io_row=$(sed -n 's/^    io \+\([0-9]*\) .* \([0-9]*\)$/\1 \2/p' kvm.txt)
if [ -n "$io_row" ] && [ "${io_row% *}" -gt 0 ] && [ "${io_row% *}" = "${io_row#* }" ]; then
	ok "its io exits are all heavy: $io_row"
else
	not_ok "its io exits are all heavy (count = heavy)" "row: '$io_row'"
fi
vcpu_section() {
	awk '/^vCPU threads on the measured CPUs/ { on = 1; print; next }
	     on && /^  / { print; next } { on = 0 }' "$1"
}
vcpu_section kvm.txt > vcpu-live.txt
vcpu_section kvm-replay.txt > vcpu-replay.txt
if [ -s vcpu-live.txt ] && cmp -s vcpu-live.txt vcpu-replay.txt; then
	ok "the replay of the recording has the live run's vCPU section"
else
	not_ok "the replay of the recording has the live run's vCPU section" \
		"$(diff vcpu-live.txt vcpu-replay.txt | head -n 20)"
fi
check_grep "--vm of the VMM on cpu 1: its vCPU thread" \
	"^vCPU threads on the measured CPUs \\(of the VMM process $vcpu1\\): 1$" vm1.txt
check_grep "--vm of the VMM on cpu 2 (not measured): none on cpu 1" \
	"^vCPU threads on the measured CPUs \\(of the VMM process $vcpu2\\): 0$" vm2.txt
rtlens osnoise top -c 1 -d 1 -q --aa --vm 4000000 > vmnone.txt 2>&1
check_exit "--vm of no running process exits 1" 1 $?
check_grep "--vm of no running process says so" 'no such running process' vmnone.txt

sed -n '/^CPU 1 noise sources/,/^  total/p' kvm.txt | sed -n '3,6p' > top4.txt
check_grep "the vCPU thread is among cpu 1's top sources, named as a vCPU" \
	'^  thread CPU 0/KVM:[0-9]+ \(vCPU 0\) ' top4.txt
if grep -q 'CPU 1/KVM' kvm.txt; then
	not_ok "the vCPU of cpu 2 (not measured) is not in cpu 1's sources"
else
	ok "the vCPU of cpu 2 (not measured) is not in cpu 1's sources"
fi
check_grep "cpu 1's exits are counted by reason" \
	'^  KVM exits inside the noise samples: [0-9]+ \((cpuid|io) [0-9]+, (cpuid|io) [0-9]+' kvm.txt
check_grep "the worst sample holds exits" '^  KVM exits inside it: [0-9]+ \(' kvm.txt
check_grep "the KVM host is said" '^note: KVM host: [12] vCPU threads? seen' kvm.txt
# rtlens counts the exits of noise samples on cpu 1 only: never more than
# the vCPU of cpu 1 made in all (its OUT exits are counted by the helper)
io_seen=$(sed -n 's/^  KVM exits inside the noise samples: .*[(,] *io \([0-9]*\).*/\1/p' kvm.txt)
io_made=$(sed -n 's/.*io_exits=\([0-9]*\).*/\1/p' vcpu1.out)
if [ -n "$io_seen" ] && [ -n "$io_made" ] && [ "$io_seen" -gt 0 ] &&
   [ "$io_seen" -le "$io_made" ]; then
	ok "io exits counted: 0 < $io_seen <= $io_made made on cpu 1"
else
	not_ok "io exits counted: 0 < seen <= made on cpu 1" "seen '$io_seen', made '$io_made'"
fi
events > events.after
if cmp -s events.before events.after; then
	ok "the top instance's kvm_exit event, filter and clock are untouched"
else
	not_ok "the top instance's kvm_exit event, filter and clock are untouched" \
		"before: $(cat events.before)" "after: $(cat events.after)"
fi

# ---- the user engine: a KVM host whose kernel has no osnoise tracer ----
vcpu -c 1 -p 95 -n 'CPU 0/KVM' -d 12 --duty 40 --period-ms 20 > uvcpu.out 2>&1 &
uvcpu=$!
rtlens osnoise top --engine user -c 1 -d 8 -q --aa --json user.json > user.txt 2>&1
check_exit "osnoise top --engine user --aa beside a KVM guest exits 0" 0 $?
kill $uvcpu 2>/dev/null
wait $uvcpu
diag "$(cat uvcpu.out)"
emit_file user.txt
emit_file user.json
check_grep "user engine: the vCPU thread's section" \
	"^  CPU 0/KVM, pid $uvcpu, vCPU 0, host cpu 1\$" user.txt
sed -n '/^CPU 1 noise sources/,/^  total/p' user.txt | sed -n '3,6p' > utop4.txt
check_grep "user engine: the vCPU thread is among cpu 1's top sources, named as a vCPU" \
	'^  thread CPU 0/KVM:[0-9]+ \(vCPU 0\) ' utop4.txt
check_grep "user engine: cpu 1's exits are counted by reason" \
	'^  KVM exits inside the noise samples: [0-9]+ \((cpuid|io) [0-9]+, (cpuid|io) [0-9]+' user.txt

# ---- the sample that hit the threshold ----
vcpu -c 1 -p 95 -n 'CPU 0/KVM' -d 20 --duty 50 --period-ms 1000 > burst.out 2>&1 &
burst=$!
rtlens osnoise hist -c 1 -s 300000 -d 20 --json burst.json > burst.txt 2>&1
check_exit "osnoise hist -s 300000 beside a KVM burst stops with status 2" 2 $?
kill $burst 2>/dev/null
wait $burst
diag "$(cat burst.out)"
emit_file burst.txt
emit_file burst.json
check_grep "the threshold's sample names the vCPU" \
	'^  thread CPU 0/KVM:[0-9]+ \(vCPU 0\) ' burst.txt
check_grep "the threshold's sample counts its exits" '^  KVM exits inside it: [0-9]+ \(' burst.txt
:
