# SPDX-License-Identifier: GPL-2.0
#
# rtlens check, the setup in the reports, and rtlens compare, on the real
# kernel. In a boot with isolcpus=1 nohz_full=1 rcu_nocbs=1 irqaffinity=0
# (tests/vm/check.sh's isolated boot): CPU 1 is judged isolated until an
# IRQ is moved onto it, which check then names, exit 2; the analysis of a
# run points at that IRQ's setup; compare of a quiet run and one with a
# spinner names the spinner. In the other boots: not isolated, exit 2.

isolated=$(cat /sys/devices/system/cpu/isolated)
diag "isolated: '${isolated}', nohz_full: '$(cat /sys/devices/system/cpu/nohz_full 2>/dev/null)'"

rtlens check > check.txt 2>&1
status=$?
rtlens check --json check.json > /dev/null 2>&1
emit_file check.txt
emit_file check.json
check_grep "check shows the tick of each CPU" '^ +CPU +ISOLATED +NOHZ_FULL +RCU_NOCB +TICK STOPPED' check.txt

# the boots without isolation
not_isolated_checks()
{
	check_exit "check: a boot without isolation exits 2" 2 $status
	check_grep "check: all online CPUs judged" '^rtlens check: CPU 0-3 \(all online CPUs\)' check.txt
	check_grep "check: says they are not isolated" '^  breaks  CPU 0-3 not isolated' check.txt
	check_grep "check: the verdict" '^CPU 0-3 is not isolated: [0-9]+ findings? breaks? it' check.txt
	rtlens check -c 1 -q > q.txt 2>&1
	check_exit "check -c 1 -q exits 2" 2 $?
	check_grep "check -q prints the verdict only" '^CPU 1 is not isolated' q.txt
	[ "$(grep -c '' q.txt)" = 1 ] && ok "check -q: one line" || not_ok "check -q: one line" "$(cat q.txt)"
}

# ---- the isolated boot ----
isolated_checks()
{
check_exit "check: the isolated CPU passes" 0 $status
check_grep "check: the isolated CPU is the default" '^rtlens check: CPU 1 \(the isolated CPUs\)' check.txt
check_grep "check: HZ from the kernel's config" 'HZ 250' check.txt
check_grep "check: isolated, nohz_full, rcu_nocbs" '^  isolated 1, nohz_full 1, rcu_nocbs 1' check.txt
check_grep "check: the tick is stopped on CPU 1" '^ +1 +yes +yes +yes +yes ' check.txt
check_grep "check: the verdict" '^CPU 1 is isolated: nothing breaks it' check.txt

# an IRQ moved onto the isolated CPU: the serial port's, made to fire below
irq=$(grep -l 'ttyS0' /sys/kernel/irq/*/actions 2>/dev/null | head -n 1 | cut -d/ -f5)
diag "ttyS0 is IRQ ${irq:-?}, affinity $(cat /proc/irq/$irq/smp_affinity_list 2>/dev/null)"
old=$(cat /proc/irq/$irq/smp_affinity_list)
if echo 1 > /proc/irq/$irq/smp_affinity_list; then
	ok "IRQ $irq moved onto CPU 1"
else
	not_ok "IRQ $irq moved onto CPU 1"
fi
rtlens check > moved.txt 2>&1
check_exit "check: an IRQ on the isolated CPU exits 2" 2 $?
rtlens check --json moved.json > /dev/null 2>&1
emit_file moved.txt
emit_file moved.json
check_grep "check: names that IRQ" "^  breaks  IRQ $irq \\(ttyS0\\) is delivered to CPU 1" moved.txt
check_grep "check: says how to move it back" "echo 0,2-3 > /proc/irq/$irq/smp_affinity_list" moved.txt

# the analysis meets the setup: the serial port's interrupts on CPU 1
( for i in $(seq 1 40); do echo "rtlens-vm-test $i" > /dev/ttyS0; sleep 0.1; done ) &
writer=$!
rtlens osnoise top -c 1 -d 5 -q --aa --json irq.json > irq.txt 2>&1
check_exit "osnoise top --aa with the IRQ on CPU 1 exits 0" 0 $?
wait $writer
echo "$old" > /proc/irq/$irq/smp_affinity_list
emit_file irq.txt
emit_file irq.json
# one setup line a fix: the IRQ (and its thread, on RT) and how to move it
check_grep "the analysis points to the IRQ's setup" \
	"^setup: cpu 1: .*irq ttyS0[,:].*IRQs routed there; fix: echo 0,2-3 > /proc/irq/$irq/smp_affinity_list" irq.txt
rtlens check -q > back.txt 2>&1
check_exit "check: the IRQ moved back, isolated again" 0 $?

# ---- compare: a quiet run, then one with a spinner on CPU 1 ----
# 250 ms periods: 16 in 4 s, enough for compare to tell (10 at least)
rtlens osnoise top -c 1 -d 4 -p 250000 -r 225000 -q --aa --json quiet.json > quiet.txt 2>&1
check_exit "the quiet run exits 0" 0 $?
# 100 ms bursts: above TCG's own "hardware" spikes (5-50 ms), which can make
# the quiet run's worst single noise longer than 3 ms bursts
spin -c 1 -p 95 -n rtl_spinner -d 8 --duty 50 --period-ms 200 > spin.out 2>&1 &
spinner=$!
rtlens osnoise top -c 1 -d 4 -p 250000 -r 225000 -q --aa --json spin.json > spin.txt 2>&1
check_exit "the run with a spinner exits 0" 0 $?
kill $spinner 2>/dev/null
wait $spinner
emit_file quiet.json
emit_file spin.json
rtlens compare quiet.json spin.json > compare.txt 2>&1
check_exit "compare exits 0" 0 $?
rtlens compare quiet.json spin.json --json compare.json > /dev/null 2>&1
emit_file compare.txt
emit_file compare.json
check_grep "compare names the spinner as what changed most" 'rtl_spinner' compare.txt
check_grep "compare says the quiet run is better" '^.*A is better' compare.txt
rtlens compare quiet.json check.json > refused.txt 2>&1
check_exit "compare refuses a check document" 1 $?
check_grep "compare says why it refuses" 'is the output of rtlens check, not a measurement' refused.txt

# ---- compare of two timerlat runs, the second with a spinner on CPU 1 ----
rtlens timerlat hist -c 1 -d 3 --no-aa --json tl-quiet.json > tl-quiet.txt 2>&1
check_exit "timerlat hist, quiet, exits 0" 0 $?
spin -c 1 -p 95 -n rtl_spinner -d 6 --duty 30 --period-ms 10 > spin2.out 2>&1 &
spinner=$!
rtlens timerlat hist -c 1 -d 3 --no-aa --json tl-spin.json > tl-spin.txt 2>&1
check_exit "timerlat hist with a spinner exits 0" 0 $?
kill $spinner 2>/dev/null
wait $spinner
rtlens compare tl-quiet.json tl-spin.json --json tl-compare.json > tl-compare.txt 2>&1
check_exit "compare of two timerlat runs exits 0" 0 $?
emit_file tl-compare.txt
emit_file tl-compare.json
check_grep "compare shows the thread latency side by side" 'thread' tl-compare.txt
check_grep "compare shows percentiles from the histograms" 'p99' tl-compare.txt
rtlens compare quiet.json tl-quiet.json > mixed.txt 2>&1
check_exit "compare refuses osnoise against timerlat" 1 $?
check_grep "compare says they measure different things" 'different things' mixed.txt
}

if [ -z "$isolated" ]; then
	not_isolated_checks
else
	isolated_checks
fi
