# SPDX-License-Identifier: GPL-2.0
#
# rtlens hwlat top and hist on the kernel's hwlat tracer: the table and the
# histogram, the JSON reports (validated on the host by
# tests/vm/host/15-hwlat.sh), the settings it writes (window, width, mode,
# tracing_thresh, the cpus) and their restoring on every exit path: the
# end, SIGINT, SIGTERM, a stop threshold (exit 2), refused settings (exit
# 1), SIGKILL and the next run. Under TCG every vCPU waits its turn on one
# host thread: the gaps hwlat finds here are milliseconds long, plenty.

snapshot_tracefs base.snap
# a non-default starting point, so that "restored" means something
echo 700000 > "$VM_TRACEFS/hwlat_detector/width"
echo 1400000 > "$VM_TRACEFS/hwlat_detector/window"
echo 3 > "$VM_TRACEFS/tracing_thresh"
snapshot_tracefs start.snap

# ---- top ----
rtlens hwlat top -c 1-2 -d 5 -q --mode per-cpu --window 400000 --width 200000 \
	--json top.json > top.txt 2> top.err
check_exit "top -d 5 exits 0" 0 $?
emit_file top.txt
emit_file top.err
emit_file top.json
check_grep "top title" '^ {31}Hardware Latency \(hwlat\)$' top.txt
check_grep "top duration line" '^duration:   0 00:00:0[4-6] \| time is in us$' top.txt
check_grep "top column header" '^CPU    Samples       Gaps   Max Inner   Max Outer     Avg Lat     Max Lat        NMIs$' top.txt
for cpu in 1 2; do
	check_grep "top row for cpu $cpu, with samples" "^  $cpu +[1-9][0-9]* +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+ +[0-9]+\$" top.txt
done
if grep -Eq '^  [03] ' top.txt; then not_ok "top shows only -c cpus"; else ok "top shows only -c cpus"; fi
check_restored "restored after top (mode, window, width, thresh)" start.snap

# ---- hist: -T writes tracing_thresh; a thread per cpu of 1-3 ----
rtlens hwlat hist -c 1-3 -d 5 -T 1 --mode per-cpu --window 300000 --width 150000 --json hist.json \
	> hist.txt 2> hist.err
check_exit "hist -d 5 exits 0" 0 $?
emit_file hist.txt
emit_file hist.err
emit_file hist.json
check_grep "hist title" '^# rtlens hwlat histogram$' hist.txt
check_grep "hist time unit" '^# Time unit is microseconds \(us\)$' hist.txt
check_grep "hist index header" '^Index( +CPU-00[1-3])+$' hist.txt
for row in over count min avg max; do
	check_grep "hist $row row" "^$row: *( +[0-9.]+)+ *\$" hist.txt
done
check_restored "restored after hist" start.snap

# ---- a stop threshold: exit 2, the sample that stopped it in the report ----
rtlens hwlat top -c 1 -d 60 -q -a 2 --json stop.json > stop.txt 2>&1
check_exit "-a 2: a gap of 2 us stops the run with status 2" 2 $?
emit_file stop.txt
emit_file stop.json
check_restored "restored after a stop threshold" start.snap

# ---- --record, then --input: the replay counts what the run counted ----
rtlens hwlat top -c 1-2 -d 4 -q --window 300000 --width 150000 --json rec.json \
	--record rec.dat > rec.txt 2>&1
check_exit "top --record exits 0" 0 $?
rtlens hwlat top --input rec.dat -q --json replay.json > replay.txt 2>&1
check_exit "top --input of the recording exits 0" 0 $?
emit_file rec.json
emit_file replay.json
emit_file replay.txt
check_restored "restored after the recording" start.snap

# ---- SIGINT and SIGTERM: stop, report, restore ----
for sig in INT TERM; do
	rtlens hwlat top -c 1-2 -q --mode per-cpu --json sig$sig.json > sig$sig.txt 2>&1 &
	pid=$!
	wait_run $pid hwlat
	sleep 3
	kill -$sig $pid
	wait $pid
	check_exit "SIG$sig ends the run with status 0" 0 $?
	check_grep "SIG$sig: the final table is printed" '^  1 ' sig$sig.txt
	emit_file sig$sig.json
	check_restored "restored after SIG$sig" start.snap
done

# ---- refused: what, why, exit 1, nothing changed ----
rtlens hwlat top -c 1 -d 2 --window 200000 --width 300000 > bad-width.txt 2>&1
check_exit "width over the window: exit 1" 1 $?
check_grep "width over the window: says why" "width \(300000 us\) must be below its window \(200000 us\)" bad-width.txt
rtlens hwlat top -c 1 -d 2 --mode bogus > bad-mode.txt 2>&1
check_exit "unknown mode: exit 1" 1 $?
check_grep "unknown mode: says which are known" 'none, round-robin or per-cpu' bad-mode.txt
rtlens hwlat top -c 1 -d 2 --engine user > bad-engine.txt 2>&1
check_exit "--engine: not an hwlat option, exit 1" 1 $?
mkdir "$VM_TRACEFS/instances/busy"
echo hwlat > "$VM_TRACEFS/instances/busy/current_tracer"
rtlens hwlat top -c 1 -d 2 > busy.txt 2>&1
check_exit "hwlat already in use elsewhere: exit 1" 1 $?
check_grep "hwlat in use: says by whom" "hwlat tracer is already in use by instance 'busy'" busy.txt
echo nop > "$VM_TRACEFS/instances/busy/current_tracer"
rmdir "$VM_TRACEFS/instances/busy"
# the test's own hwlat ran round-robin, which 7.3-rt turns into none
echo round-robin > "$VM_TRACEFS/hwlat_detector/mode"
check_restored "restored after the refusals" start.snap

# ---- SIGKILL: the next run puts everything back first ----
rtlens hwlat top -c 1-2 -q --window 500000 --width 100000 > killed.txt 2>&1 &
pid=$!
wait_run $pid hwlat
kill -KILL $pid
wait $pid 2> /dev/null
rtlens hwlat top -c 1 -d 2 -q > after-kill.txt 2>&1
check_exit "the run after a SIGKILL exits 0" 0 $?
emit_file after-kill.txt
check_restored "restored by the run after a SIGKILL" start.snap

tracefs_restore base.snap
