# SPDX-License-Identifier: GPL-2.0
#
# rtlens osnoise top and hist on the real tracer: layouts (against rtla 6.1
# run with the same options), JSON reports (validated on the host by
# tests/vm/host/10-osnoise.sh), exit status 2 on a stop threshold, injected
# thread noise, options that reach the kernel (-P, -H, --trace-buffer-size,
# -e/--filter, -t), the interactive top on a terminal.

ESC=$(printf '\033')
strip_ansi() { sed "s/${ESC}\[[0-9;]*[a-zA-Z]//g; s/${ESC}c//g" "$1"; }

# field N of CPU C's row of a top table
top_field() { awk -v c="$2" -v f="$3" '$1 == c && $2 ~ /^#/ { print $f }' "$1"; }

# ---- top ----
rtlens osnoise top -c 1-2 -d 4 -q --json top.json > top.txt 2> top.err
check_exit "top -d 4 exits 0" 0 $?
emit_file top.txt
emit_file top.json
check_grep "top title" '^ {42}Operating System Noise' top.txt
check_grep "top duration line" '^duration:   0 00:00:0[3-5] \| time is in us$' top.txt
check_grep "top column header" '^CPU Period       Runtime        Noise  % CPU Aval   Max Noise   Max Single          HW          NMI          IRQ      Softirq       Thread$' top.txt
check_grep "top row for cpu 1" '^  1 #[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+\.[0-9]{5} +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+$' top.txt
check_grep "top row for cpu 2" '^  2 #' top.txt
if grep -q '^  0 #' top.txt; then not_ok "top shows only -c cpus"; else ok "top shows only -c cpus"; fi
if grep -q "$(printf '\033')" top.txt; then not_ok "top -q output has no escape sequences"; else ok "top -q output has no escape sequences"; fi

rtla osnoise top -c 1-2 -d 4 -q > rtla-top.raw 2>&1
strip_ansi rtla-top.raw > rtla-top.txt
emit_file rtla-top.txt
# same lines but the numbers: title, duration line shape, header, row shape
# the guest note rtlens adds after the table is not part of rtla's layout
shape() { grep -v '^note: running as a guest' "$1" | sed -E 's/[0-9]+/N/g; s/ +/ /g' | grep -v '^$'; }
shape top.txt > top.shape
shape rtla-top.txt > rtla-top.shape
if cmp -s top.shape rtla-top.shape; then
	ok "top layout matches rtla $RTLA_VERSION"
else
	not_ok "top layout matches rtla $RTLA_VERSION" "$(diff rtla-top.shape top.shape)"
fi
if [ "$(head -1 top.txt)" = "$(head -1 rtla-top.txt)" ] &&
   [ "$(sed -n 3p top.txt)" = "$(sed -n 3p rtla-top.txt)" ]; then
	ok "top title and header byte-identical to rtla's"
else
	not_ok "top title and header byte-identical to rtla's"
fi

# ---- hist ----
rtlens osnoise hist -c 1-2 -d 4 --json hist.json > hist.txt 2> hist.err
check_exit "hist -d 4 exits 0" 0 $?
emit_file hist.txt
emit_file hist.json
check_grep "hist title" '^# rtlens osnoise histogram$' hist.txt
check_grep "hist time unit" '^# Time unit is microseconds \(us\)$' hist.txt
check_grep "hist duration" '^# Duration:   0 00:00:0[3-5]$' hist.txt
check_grep "hist index header" '^Index   CPU-001   CPU-002$' hist.txt
for row in over count min avg max; do
	check_grep "hist $row row" "^$row: *( +[0-9.]+ ){2}\$" hist.txt
done
check_grep "hist bucket rows" '^[0-9]+ +( +[0-9]+ ){2}$' hist.txt

rtla osnoise hist -c 1-2 -d 4 > rtla-hist.txt 2>&1
emit_file rtla-hist.txt
hshape() { grep -v '^note: running as a guest' "$1" | sed -E '1s/RTLA|rtlens/TOOL/; s/[0-9]+(\.[0-9]+)?/N/g; s/ +/ /g' | uniq; }
hshape hist.txt > hist.shape
hshape rtla-hist.txt > rtla-hist.shape
if cmp -s hist.shape rtla-hist.shape; then
	ok "hist layout matches rtla $RTLA_VERSION"
else
	not_ok "hist layout matches rtla $RTLA_VERSION" "$(diff rtla-hist.shape hist.shape)"
fi

# standard output alone: what stderr says (a guest of TCG, the events its
# bursts of noise made the ring buffer drop) is not the table
rtlens osnoise hist -c 1 -d 3 -b 1000 -E 10 --no-header --no-index --no-summary --with-zeros > hist-opts.txt 2> hist-opts.err
check_exit "hist with every display option exits 0" 0 $?
emit_file hist-opts.txt
emit_file hist-opts.err
grep -v '^note: running as a guest' hist-opts.txt > hist-opts.bare
lines=$(grep -c '' hist-opts.bare)
if [ "$lines" = 11 ] && ! grep -qE '^#|Index|count|over|[a-z]' hist-opts.bare; then
	ok "hist --no-header --no-index --no-summary --with-zeros: 10 buckets + over, bare"
else
	not_ok "hist --no-header --no-index --no-summary --with-zeros: 10 buckets + over, bare" "$(cat hist-opts.txt)"
fi

# ---- stop thresholds: exit 2, the message, the trace ----
# a 500 ms burst of a SCHED_FIFO spinner every second against -s 400 ms,
# above any gap of TCG's: the stop comes at a burst, which starts with a
# switch on cpu 1 (traced by -e). With -s 1000, TCG's noise hit it 8 ms
# after the start, with no switch traced on any CPU in between: a trace
# without the -e event (a switcher on cpu 0 did not prevent it)
spin -c 1 -p 95 -n rtl_burst -d 60 --duty 50 --period-ms 1000 > burst.out 2>&1 &
burst=$!
rtlens osnoise top -c 1 -s 400000 -d 60 -q -t stop-trace.txt -e sched:sched_switch \
	--filter 'prev_pid >= 0' --json stop.json > stop.txt 2>&1
check_exit "top -s exits 2 when the threshold is hit" 2 $?
kill $burst 2>/dev/null
wait $burst 2>/dev/null
emit_file stop.txt
emit_file stop.json
check_grep "top -s says it hit stop tracing" '^rtlens osnoise hit stop tracing$' stop.txt
check_grep "top -s -t saves the trace" '^  Saving trace to stop-trace.txt$' stop.txt
check_grep "the saved trace is the osnoise tracer's" '^# tracer: osnoise' stop-trace.txt
check_grep "the saved trace has the sample over the threshold" 'sample_threshold: start' stop-trace.txt
check_grep "the saved trace has the -e event" 'sched_switch: prev_comm=' stop-trace.txt
head -c 200000 stop-trace.txt > stop-trace.head
emit_file stop-trace.head

rtlens osnoise hist -c 1 -a 1000 -d 60 --json auto.json > auto.txt 2>&1
check_exit "hist -a exits 2" 2 $?
emit_file auto.json
check_grep "hist -a saves osnoise_trace.txt" '^  Saving trace to osnoise_trace.txt$' auto.txt
if [ -s osnoise_trace.txt ]; then ok "osnoise_trace.txt written"; else not_ok "osnoise_trace.txt written"; fi

# ---- injected noise: a SCHED_FIFO spinner on CPU 1, none on CPU 2 ----
spin -c 1 -p 95 -n rtl_spinner -d 9 --duty 50 --period-ms 10 > spin.out 2>&1 &
spinner=$!
rtlens osnoise top -c 1-2 -d 6 -q --aa --json spin.json > spin.txt 2>&1
check_exit "top under a spinner exits 0" 0 $?
wait $spinner
emit_file spin.txt
emit_file spin.json
t1=$(top_field spin.txt 1 12); t2=$(top_field spin.txt 2 12)
r1=$(top_field spin.txt 1 3); n1=$(top_field spin.txt 1 4)
diag "spinner: cpu1 thread=$t1 noise=$n1/$r1 us, cpu2 thread=$t2; $(cat spin.out)"
# TCG's own thread noise (rcu, kworkers: 100-600 in 6 s) blurs the count:
# the direction must hold, and the analysis must put the spinner in it
if [ -n "$t1" ] && [ -n "$t2" ] && [ "$t1" -gt "$t2" ]; then
	ok "cpu 1's thread count is above cpu 2's"
else
	not_ok "cpu 1's thread count is above cpu 2's" "$(cat spin.txt)"
fi
sed -n '/^CPU 1 noise sources/,/^  total/p' spin.txt > spin-sources.txt
check_grep "cpu 1's thread noise is the spinner's" '^  thread rtl_spinner:[0-9]+ ' spin-sources.txt
if [ -n "$n1" ] && [ "$n1" -gt $((r1 * 4 / 10)) ]; then
	ok "the spinner shows in cpu 1's noise (over 40% of runtime)"
else
	not_ok "the spinner shows in cpu 1's noise (over 40% of runtime)"
fi

# ---- options that reach the kernel, read while rtlens runs ----
# a user's thread named like the tracer's (SCHED_FIFO 1) must not get -P
spin -c 0 -p 1 -n osnoise/7 -d 20 --duty 1 --period-ms 100 > /dev/null 2>&1 &
fake=$!
rtlens osnoise top -c 1 -d 15 -q -P o:5 -p 1000000 -r 500000 -H 0 --trace-buffer-size 2048 > opts.txt 2>&1 &
pid=$!
# setup takes seconds under TCG: wait for the workload thread
for i in $(seq 40); do
	ospid=$(for d in /proc/[0-9]*; do [ "$(cat $d/comm 2>/dev/null)" = osnoise/1 ] && echo ${d#/proc/}; done | head -1)
	[ -n "$ospid" ] && break
	sleep 0.5
done
sleep 1
if [ -n "$ospid" ]; then
	stat=$(sed 's/.*) //' /proc/$ospid/stat)
	nice=$(echo "$stat" | awk '{ print $17 }'); policy=$(echo "$stat" | awk '{ print $39 }')
	if [ "$policy" = 0 ] && [ "$nice" = 5 ]; then ok "-P o:5 reaches osnoise/1"; else not_ok "-P o:5 reaches osnoise/1" "policy=$policy nice=$nice"; fi
else
	not_ok "-P o:5 reaches osnoise/1" "no osnoise/1 thread"
fi
fpolicy=$(sed 's/.*) //' /proc/$fake/stat | awk '{ print $39 }')
if [ "$fpolicy" = 1 ]; then ok "-P leaves a user thread named osnoise/7 alone"; else not_ok "-P leaves a user thread named osnoise/7 alone" "policy=$fpolicy"; fi
kill $fake 2>/dev/null
wait $fake 2>/dev/null
check_grep "-H 0 pins rtlens" '^Cpus_allowed_list:[[:space:]]+0$' /proc/$pid/status
bsize=$(cat $VM_TRACEFS/instances/rtlens-$pid/buffer_size_kb 2>/dev/null)
if [ -n "$bsize" ] && [ "$bsize" -ge 2048 ] && [ "$bsize" -le 2064 ]; then ok "--trace-buffer-size sets the instance buffer"; else not_ok "--trace-buffer-size sets the instance buffer" "buffer_size_kb=$bsize"; fi
check_grep "the instance runs the osnoise tracer" '^osnoise$' $VM_TRACEFS/instances/rtlens-$pid/current_tracer
wait $pid
check_exit "top with -P -H --trace-buffer-size exits 0" 0 $?

# ---- --warm-up: not counted in the duration ----
t0=$(cut -d. -f1 /proc/uptime)
rtlens osnoise top -c 1 --warm-up 2 -d 2 -q --json warm.json > warm.txt 2>&1
check_exit "top --warm-up exits 0" 0 $?
t1=$(cut -d. -f1 /proc/uptime)
emit_file warm.json
if [ $((t1 - t0)) -ge 4 ]; then ok "--warm-up 2 -d 2 lasts at least 4 s"; else not_ok "--warm-up 2 -d 2 lasts at least 4 s" "$((t1 - t0)) s"; fi

# ---- the interactive top on a terminal ----
ptyrun -o tty.txt -k 'p@3.5,p@5,r@6,q@8' -- rtlens osnoise top -c 1 -s 900000000
check_exit "interactive top quits on q with status 0" 0 $?
emit_file tty.txt
screens=$(grep -c 'Operating System Noise' tty.txt)
if [ "$screens" -ge 4 ]; then ok "interactive top refreshes ($screens screens)"; else not_ok "interactive top refreshes ($screens screens)"; fi
check_grep "interactive top clears the screen" "$(printf '\033')\[H$(printf '\033')\[2J" tty.txt
check_grep "interactive top shows the pause" 'paused: p resumes' tty.txt
check_grep "interactive top has colours" "$(printf '\033')\[2;30;47mCPU Period" tty.txt
# three CPUs' rows in a terminal of 6 lines: one row at a time, G the last
ptyrun -o tty-scroll.txt -k 'G@7,q@10' -- sh -c "stty rows 6 cols 80;
	exec rtlens osnoise top -c 1-3 -p 100000 -r 10000 -s 900000000"
check_exit "interactive top on 3 CPUs in 6 lines quits on q with status 0" 0 $?
emit_file tty-scroll.txt
check_grep "6 lines: the first row, and the status line says so" '^rows 1-1 of 3: PgUp/PgDn' tty-scroll.txt
check_grep "6 lines: G shows the last row" '^rows 3-3 of 3: PgUp/PgDn' tty-scroll.txt
# in a frame, not the final table: CPU 3's row right above the status line
if awk '/^  3 #/ { row = NR } /^rows 3-3 of 3/ && row == NR - 1 { f = 1 } END { exit !f }' tty-scroll.txt; then
	ok "6 lines: CPU 3's row above the status line after G"
else
	not_ok "6 lines: CPU 3's row above the status line after G"
fi
# q late enough for a period to be shown even when the setup is slow
ptyrun -o tty-alert.txt -k 'q@10' -- rtlens osnoise top -c 1 -S 1 -d 30 -s 900000000
emit_file tty-alert.txt
check_grep "a cpu over the stop threshold stands out" "$(printf '\033')\[1;31m  1 #" tty-alert.txt
:
