# SPDX-License-Identifier: GPL-2.0
#
# Guest half of bench/replay.sh: one large recording for the host to replay,
# `rtlens osnoise hist ARGS --aa --record big.dat` under cputime, sent to
# the host (out/replay/big.dat) with the options it was made with
# (big.args), its output, stderr and CPU time.  -T 1 gives a
# sample_threshold event for every noise of 1 us or more, --aa the
# irq/softirq/thread_noise events of the analysis.
#
# RTLENS_GUEST_BENCH_ARGS  hist options (-c 1-3 -d 60 -T 1)
#
# Seen (6.1 rt, TCG, 2 host cores): 14,600 and 27,000 events/s over CPUs
# 1-3 in two boots (at 27,000/s the recording also lost 12 % to ring-buffer
# overruns), ~50 bytes of trace.dat each, plus 3.9 MB of kallsyms; -d 45
# gave 656,000 events in 36 MB, sent in 27 s (gzip and emit_file: ~1.3 MB of
# trace.dat a second), -d 90 2.4 M events in 116 MB, sent in 122 s.

args=${RTLENS_GUEST_BENCH_ARGS:--c 1-3 -d 60 -T 1}

diag "bench: rtlens osnoise hist $args --aa --record big.dat"
t0=$(now)
cputime -o record.time rtlens osnoise hist $args --aa --record big.dat \
	> record.txt 2> record.err
rc=$?
diag "record: exit $rc after $(elapsed "$t0") s; $(cat record.time); $(wc -c < big.dat 2> /dev/null) bytes"
grep -v '^setup: ' record.err | diag_lines
echo "$args" > big.args
for f in record.txt record.err record.time big.args; do
	emit_file $f
done
check_exit "record: exit status" 0 $rc
if [ -s big.dat ]; then
	t0=$(now)
	emit_file big.dat
	diag "emit big.dat: $(elapsed "$t0") s"
	ok "big.dat sent"
else
	not_ok "big.dat sent" "rtlens wrote no big.dat"
fi
:
