#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/soak.sh - long runs stay flat: the exporter's command (the
# rtlens-exporter unit's, debian/: `timerlat top --listen ADDR -q`) and
# `osnoise top --aa --listen`, one after the other, each for SOAK_MINUTES
# on CPU SOAK_CPU of this machine, under PID churn on that CPU (bench/churn.c:
# a process forked every millisecond, 100 command names, tens of thousands
# of pids) and a scrape of the metrics every second. At 1/30, 10/30, 20/30
# and 30/30 of the run (1, 10, 20 and 30 minutes by default) it prints the resident
# memory (VmRSS), the open fds, the CPU seconds per second of the process
# and of its own threads (its measuring threads left out: they spin or
# sleep on the measured CPU by design), and the series and bytes of a
# scrape; then a verdict per command: flat when nothing grew by more than
# 5% from the second checkpoint to the last (bench/soak.py).
#
# Where the kernel has no osnoise/timerlat tracer (this project's build
# host), rtlens says so and measures with its user engine: the soak then
# covers rtlens's own tables, the analysis of the standard tracepoints and
# the exporter, not the kernel tracer's path.
#
#   sudo bench/soak.sh [exporter] [aa]      (both by default)
#
# Environment: SOAK_MINUTES (30), SOAK_CPU (1), SOAK_DIR (build/soak),
# SOAK_TIMERLAT ("-p 100": 10,000 samples a second), SOAK_OSNOISE ("-T 1":
# a noise sample from 1 us), SOAK_CHURN ("-i 1000 -n 100 -s 20": churn's
# interval, command names, spin), SOAK_STALL (0: the seconds of a stall of
# the housekeeping CPU 0 halfway to the 10-minute mark, see soak.py),
# RTLENS_BIN (./rtlens).

set -uo pipefail

top=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$top" || exit 1

MINUTES=${SOAK_MINUTES:-30}
CPU=${SOAK_CPU:-1}
DIR=${SOAK_DIR:-build/soak}
RTLENS=${RTLENS_BIN:-./rtlens}
modes=${*:-exporter aa}

[ "$(id -u)" = 0 ] || { echo "bench/soak.sh: needs root" >&2; exit 1; }
[ -x "$RTLENS" ] || make -s rtlens || exit 1
mkdir -p "$DIR"
cc -O2 -Wall -Wextra -Werror -o "$DIR/churn" bench/churn.c || exit 1

churn="$DIR/churn -c $CPU ${SOAK_CHURN:--i 1000 -n 100 -s 20}"
echo "# soak: ${MINUTES} min each, CPU $CPU, $(uname -r), $(nproc) CPUs; churn: ${churn#"$DIR/"}"
if [ ! -e /sys/kernel/tracing/osnoise ] && [ ! -e /sys/kernel/debug/tracing/osnoise ]; then
	echo "# no osnoise/timerlat tracer in this kernel: rtlens measures with its user engine"
fi
printf '%-10s %6s %9s %5s %8s %8s %7s %8s\n' command min "RSS kB" fds "cpu s/s" "own s/s" \
	series "KiB"
status=0
for mode in $modes; do
	case $mode in
	exporter)
		# the unit's ExecStart with /etc/default/rtlens-exporter's settings
		set -- timerlat top --listen 127.0.0.1:0 -q -c "$CPU" ${SOAK_TIMERLAT:--p 100} ;;
	aa)
		set -- osnoise top --aa --listen 127.0.0.1:0 -c "$CPU" ${SOAK_OSNOISE:--T 1} ;;
	*)
		echo "bench/soak.sh: unknown command $mode (exporter, aa)" >&2
		exit 2 ;;
	esac
	python3 bench/soak.py "$mode" "$MINUTES" "$DIR" "$churn" -- \
		"$RTLENS" "$@" --json "$DIR/$mode.json" || status=1
done
exit $status
