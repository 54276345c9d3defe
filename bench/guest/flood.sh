# SPDX-License-Identifier: GPL-2.0
#
# Guest half of bench/flood.sh: `osnoise top -q` on the same CPUs under
# rtla, rtlens and rtlens --aa, in turn, RUNS rounds (bench_rounds in
# tests/vm/lib.sh), while the vCPUs outnumber the host threads that run
# them and the osnoise tracer is flooded with noise. The table (NAME.txt),
# stderr (NAME.err, where rtlens says what it lost), the exit status
# (NAME.time) and rtlens's report (NAME.json) go to the host, which
# compares them (bench/flood_table.py).
#
# RTLENS_GUEST_BENCH_ARGS  top options for every run (-c 1-2 -d 6)
# RTLENS_GUEST_BENCH_RUNS  rounds (3)

args=${RTLENS_GUEST_BENCH_ARGS:--c 1-2 -d 6}
runs=${RTLENS_GUEST_BENCH_RUNS:-3}

# bench_cmd NAME RUN: the command of RUN
bench_cmd()
{
	case $2 in
	rtla)		echo "rtla osnoise top $args -q" ;;
	rtlens)		echo "rtlens osnoise top $args -q --json $1.json" ;;
	rtlens_aa)	echo "rtlens osnoise top $args -q --aa --json $1.json" ;;
	esac
}

diag "bench: $(uname -r), rtla $RTLA_VERSION, $runs round(s): osnoise top $args -q"
bench_rounds "$runs" rtla rtlens rtlens_aa
:
