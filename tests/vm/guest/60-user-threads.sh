# SPDX-License-Identifier: GPL-2.0
#
# timerlat -u (user-space threads reading osnoise/per_cpu/cpuN/timerlat_fd)
# on a kernel that has it (6.5+; tests/vm/check.sh boots Debian's backports
# rt kernel for this script, with the rtla of the same version): the
# threads are rtlens's, named timerlatu/N, SCHED_FIFO 95; the tracer runs
# without its own threads (NO_OSNOISE_WORKLOAD, restored after); the "Ret
# user" latency is reported in top, hist and JSON, in rtla's layout; a
# blocker is named by the analysis. On a kernel without timerlat_fd the
# script says so and checks nothing else.

ESC=$(printf '\033')
strip_ansi() { sed "s/${ESC}\[[0-9;]*[a-zA-Z]//g; s/${ESC}c//g" "$1"; }
shape() { grep -v -e '^note: ' -e '^rtlens' "$1" | sed -E '1s/RTLA|rtlens/TOOL/; s/[0-9]+(\.[0-9]+)?/N/g; s/ +/ /g' | grep -v '^$' | uniq; }
rtla_run() { timeout -s KILL 300 rtla "$@"; }
# what a failed rtla run left would refuse the next rtlens: put it back
after_rtla() { check_restored "$1: rtla left tracefs as it was" "$VM_BEFORE" || tracefs_restore "$VM_BEFORE"; }

if [ ! -e "$VM_TRACEFS/osnoise/per_cpu/cpu0/timerlat_fd" ]; then
	diag "no timerlat_fd on $(uname -r): nothing to test here"
	return 0
fi
ok "the kernel has timerlat_fd ($(uname -r), $(rtla --version 2>&1 | head -1))"

# ---- top, and the threads while it runs ----
rtlens timerlat top -u -c 1-2 -d 6 -q --json u-top.json > u-top.txt 2> u-top.err &
pid=$!
wait_run $pid timerlat
t0=$(now)
while :; do
	threads=$(for t in /proc/$pid/task/*; do cat "$t/comm"; done 2>/dev/null | grep -c '^timerlatu/')
	[ "$threads" -ge 2 ] || ge "$(elapsed "$t0")" 30 && break
	sleep 0.2
done
check_ge "two timerlatu/N threads run" "$threads" 2
tid=$(for t in /proc/$pid/task/*; do [ "$(cat "$t/comm")" = timerlatu/1 ] && echo "${t##*/}"; done)
# fields of stat (the comm has no space here): 40 rt_priority, 41 policy (1: FIFO)
check "timerlatu/1 is SCHED_FIFO 95" \
	awk '{ exit !($40 == 95 && $41 == 1) }' "/proc/$pid/task/$tid/stat"
check_grep "the tracer runs without its own threads" 'NO_OSNOISE_WORKLOAD' "$VM_TRACEFS/osnoise/options"
wait $pid
check_exit "timerlat top -u exits 0" 0 $?
emit_file u-top.txt
emit_file u-top.json
emit_file u-top.err
check_grep "top -u header has the Ret user group" \
	'\|         Thread Timer Latency \(us\)      \|    Ret user Timer Latency \(us\)$' u-top.txt
check_grep "top -u row for cpu 1" '^  1 #[0-9]+ +\|( +[0-9]+){4} \|( +[0-9]+){4} \|( +[0-9]+){4}$' u-top.txt

rtla_run timerlat top -u -c 1-2 -d 6 -q > rtla-u-top.raw 2>&1
after_rtla "rtla timerlat top -u"
strip_ansi rtla-u-top.raw > rtla-u-top.txt
emit_file rtla-u-top.txt
shape u-top.txt > u-top.shape
shape rtla-u-top.txt > rtla-u-top.shape
if cmp -s u-top.shape rtla-u-top.shape; then
	ok "timerlat top -u layout matches rtla's"
else
	not_ok "timerlat top -u layout matches rtla's" "$(diff rtla-u-top.shape u-top.shape)"
fi

# ---- hist ----
rtlens timerlat hist -u -c 1-2 -d 4 --json u-hist.json > u-hist.txt 2> u-hist.err
check_exit "timerlat hist -u exits 0" 0 $?
emit_file u-hist.err
emit_file u-hist.txt
emit_file u-hist.json
check_grep "hist -u has Usr columns" '^Index +IRQ-001 +Thr-001 +Usr-001 +IRQ-002 +Thr-002 +Usr-002' u-hist.txt
rtla_run timerlat hist -u -c 1-2 -d 4 > rtla-u-hist.raw 2>&1
after_rtla "rtla timerlat hist -u"
strip_ansi rtla-u-hist.raw > rtla-u-hist.txt
emit_file rtla-u-hist.txt
if [ "$(grep '^Index' u-hist.txt | tr -s ' ')" = "$(grep '^Index' rtla-u-hist.txt | tr -s ' ')" ]; then
	ok "timerlat hist -u index line as rtla's"
else
	not_ok "timerlat hist -u index line as rtla's" "$(grep '^Index' rtla-u-hist.txt u-hist.txt)"
fi

# ---- a blocker named: 400 ms blocks against a 250 ms stop, far above the
# rig's own gaps (TCG's reach ~130 ms; a loaded host made a 27 ms first one) ----
spin -c 1 -p 99 -n rtl_ublocker -d 40 --duty 80 --period-ms 500 > spin.out 2>&1 &
spinner=$!
rtlens timerlat top -u -c 1 -T 250000 -d 35 -q --json u-block.json > u-block.txt 2>&1
check_exit "timerlat top -u -T stops with status 2" 2 $?
kill $spinner 2>/dev/null
wait $spinner
emit_file u-block.txt
emit_file u-block.json
check_grep "the analysis names the blocker" 'rtl_ublocker:[0-9]+' u-block.txt

# ---- -U: a workload of the user's own reads timerlat_fd ----
# rtlens first (the tracer without threads), then the workload: a test
# helper, then sample/timerlat_load
uload_run()	# NAME WORKLOAD...: rtlens timerlat top -U -c 1-2 while WORKLOAD runs
{
	local name=$1 pid
	shift

	rtlens timerlat top -U -c 1-2 -d 10 -q --json "$name.json" > "$name.txt" 2> "$name.err" &
	pid=$!
	if wait_tracer "rtlens-$pid" timerlat 60; then
		check "$name: rtlens starts no thread of its own on the cpus" \
			sh -c "! grep -qs '^timerlatu/' /proc/$pid/task/*/comm"
		"$@" > "$name.load" 2>&1
	else
		not_ok "$name: rtlens -U set the tracer up within 60 s"
	fi
	wait $pid
	check_exit "$name: timerlat top -U exits 0" 0 $?
	for f in "$name.txt" "$name.err" "$name.json" "$name.load"; do emit_file "$f"; done
}
uload_run uload tlread 4 1 2
check_grep "uload: the helper read timerlat_fd on both cpus" '^cpu 2: [1-9][0-9]+ reads$' uload.load
check_grep "uload: top -U shows the Ret user group" \
	'\|         Thread Timer Latency \(us\)      \|    Ret user Timer Latency \(us\)$' uload.txt
check_grep "uload: cpu 1 has IRQ, thread and return-to-user samples" \
	'^  1 #[1-9][0-9]* +\|( +[0-9]+){4} \|( +[0-9]+){4} \|( +[0-9]+){4}$' uload.txt
uload_run sample timerlat_load 1 -w 50 -d 4
check_grep "sample: timerlat_load ran its periods" '^timerlat_load: cpu 1: [1-9][0-9]+ periods, 50 us of work each$' sample.load
check_grep "sample: cpu 1 measured through the sample" '^  1 #[1-9][0-9]* +\|' sample.txt
rtlens timerlat top -U -u -c 1 -d 2 > uload-u.txt 2>&1
check_exit "-U with -u: exit 1" 1 $?
check_grep "-U with -u says why" 'U measures your own workload' uload-u.txt

# ---- -A: osnoise/timerlat_align_us during the run, its old value after ----
if [ -e "$VM_TRACEFS/osnoise/timerlat_align_us" ]; then
	before=$(cat "$VM_TRACEFS/osnoise/timerlat_align_us")
	rtlens timerlat top -A 300 -c 1-2 -d 6 -q --json aligned.json > aligned.txt 2>&1 &
	pid=$!
	wait_tracer "rtlens-$pid" timerlat 60
	sleep 1
	during=$(cat "$VM_TRACEFS/osnoise/timerlat_align_us")
	wait $pid
	check_exit "timerlat top -A 300 exits 0" 0 $?
	emit_file aligned.json
	check "-A 300: timerlat_align_us reads 300 during the run ($during)" [ "$during" = 300 ]
	check "-A 300: and its old value after ($before)" \
		[ "$(cat "$VM_TRACEFS/osnoise/timerlat_align_us")" = "$before" ]
else
	rtlens timerlat top -A 300 -c 1 -d 2 > aligned.txt 2>&1
	check_exit "-A without timerlat_align_us: exit 1" 1 $?
	check_grep "-A says what is missing" 'timerlat_align_us' aligned.txt
fi

# ---- --stack-format full with -s ----
rtlens timerlat top -c 1 -d 3 -q -s 30 --stack-format full --json sfmt.json > sfmt.txt 2>&1
check_exit "--stack-format full with -s exits 0" 0 $?
emit_file sfmt.json
