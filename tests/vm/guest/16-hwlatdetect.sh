# SPDX-License-Identifier: GPL-2.0
#
# rtlens as rt-tests' hwlatdetect (a symlink of that name, and `rtlens
# hwlatdetect`): its options, its parameters and summary, a sample a line
# on stdout and in --report, its exit status (1 when a sample passed the
# hard limit, which is the threshold unless given; 2 for a refused
# option), hwlatdetect's fitting of width and window, and the settings
# restored on every exit path. The summary's figures are checked against
# the sample lines on the host (tests/vm/host/16-hwlatdetect.sh). Under
# TCG the gaps hwlat finds are milliseconds long: every run has samples.

snapshot_tracefs base.snap
echo 700000 > "$VM_TRACEFS/hwlat_detector/width"
echo 1400000 > "$VM_TRACEFS/hwlat_detector/window"
echo 3 > "$VM_TRACEFS/tracing_thresh"
snapshot_tracefs start.snap
mkdir -p links
ln -sf "$(command -v rtlens)" links/hwlatdetect

# ---- the default hard limit is the threshold: any sample fails the test ----
links/hwlatdetect --duration=5 --threshold=5us --window=300ms --width 150000 --cpu-list=1-2 \
	--report rep.txt > run.txt 2> run.err
check_exit "samples over the threshold (the hard limit): exit 1" 1 $?
emit_file run.txt
emit_file run.err
emit_file rep.txt
check_grep "first line: the duration" '^hwlatdetect:  test duration 5 seconds$' run.txt
check_grep "the CPU list given" '^        CPU list:          1-2$' run.txt
check_grep "the threshold" '^        Latency threshold: 5us$' run.txt
check_grep "the window, 300ms in us" '^        Sample window:     300000us$' run.txt
check_grep "the width" '^        Sample width:      150000us$' run.txt
check_grep "the non-sampling period" '^     Non-sampling period:  150000us$' run.txt
check_grep "the report file" '^        Output File:       rep.txt$' run.txt
check_grep "Starting test" '^Starting test$' run.txt
check_grep "test finished" '^test finished$' run.txt
check_grep "max latency over the threshold" '^Max Latency: ([6-9]|[1-9][0-9]+)us$' run.txt
check_grep "samples recorded" '^Samples recorded: [1-9][0-9]*$' run.txt
check_grep "where the report went" '^report saved to rep.txt \([1-9][0-9]* samples\)$' run.txt
check_grep "a sample line" '^ts: [0-9]+\.[0-9]{9}, inner:[0-9]+, outer:[0-9]+, cpu:[12], count:[1-9][0-9]*$' run.txt
check_restored "restored after the run" start.snap

# ---- a hard limit no gap reaches: exit 0; rtlens hwlatdetect is the same ----
rtlens hwlatdetect --duration 3 --threshold 5 --hardlimit 10s --cpu-list 1 > pass.txt 2>&1
check_exit "--hardlimit 10s: exit 0" 0 $?
emit_file pass.txt
check_grep "the kernel's window when none is given" '^        Sample window:     1400000us$' pass.txt
check_restored "restored after the passing run" start.snap

# ---- --watch --quiet: the samples alone, as they come ----
links/hwlatdetect --duration 3 --threshold 5 --hardlimit 10s --cpu-list 1 --watch --quiet \
	> watch.txt 2>&1
check_exit "--watch --quiet: exit 0" 0 $?
emit_file watch.txt
if grep -Evq '^ts: [0-9]+\.[0-9]{9}, inner:[0-9]+, outer:[0-9]+, cpu:1, count:[0-9]+$' watch.txt; then
	not_ok "--watch --quiet prints sample lines only" "$(head -5 watch.txt)"
else
	check_grep "--watch --quiet prints sample lines only" '^ts: ' watch.txt
fi

# ---- hwlatdetect's fitting: a window below the width halves the width ... ----
links/hwlatdetect --duration 2 --hardlimit 10s --window 200000 > fit1.txt 2>&1
check_exit "window below the width: run, exit 0" 0 $?
check_grep "width halved to fit the window" '^        Sample width:      100000us$' fit1.txt
# ... and a width over the window doubles the window
links/hwlatdetect --duration 2 --hardlimit 10s --window 500000 --width 900000 > fit2.txt 2>&1
check_exit "width over the window: run, exit 0" 0 $?
check_grep "window doubled to fit the width" '^        Sample window:     1800000us$' fit2.txt
emit_file fit2.txt
check_restored "restored after the fitted runs" start.snap

# ---- refused options: exit 2 as the script's parser, nothing touched ----
links/hwlatdetect --bogus > bogus.txt 2>&1
check_exit "unknown option: exit 2" 2 $?
check_grep "unknown option: named" "unknown option '--bogus'" bogus.txt
links/hwlatdetect --threshold 1.5ms > badthr.txt 2>&1
check_exit "a threshold in no whole unit: exit 2" 2 $?
links/hwlatdetect --duration 2 --report /nonexistent/dir/rep.txt > badrep.txt 2>&1
check_exit "a report in a missing directory: exit 1 before measuring" 1 $?
if grep -q '^Starting test' badrep.txt; then
	not_ok "a bad report path is refused before the test starts" "$(cat badrep.txt)"
else
	ok "a bad report path is refused before the test starts"
fi
check_restored "restored after the refusals" start.snap

# ---- SIGINT: the summary of what was measured, then restored ----
links/hwlatdetect --duration 60 --threshold 5 --cpu-list 1 > int.txt 2>&1 &
pid=$!
wait_run $pid hwlat
sleep 3
kill -INT $pid
wait $pid
status=$?
emit_file int.txt
check_grep "SIGINT: the summary is printed" '^Samples recorded: [0-9]+$' int.txt
case $status in
0|1)	ok "SIGINT: exit status of the samples so far ($status)" ;;
*)	not_ok "SIGINT: exit status of the samples so far" "got $status" ;;
esac
check_restored "restored after SIGINT" start.snap

tracefs_restore base.snap
