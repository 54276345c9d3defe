#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench/listen.sh - what --listen costs: the CPU time of rtlens's own
# threads (the main thread, on a housekeeping CPU, renders the metrics once
# a second; the server thread answers the scrapes) with and without
# --listen, under a scraper 10 times faster than Prometheus's usual 1 s.
# The user engine measures CPUs 1-N of this machine (no tracer needed);
# its measuring threads are left out: they spin by design. Both runs in
# one go on this machine, as a ratio.
#
# usage: bench/listen.sh [SECONDS]   (as root; default 20)
set -euo pipefail
cd "$(dirname "$0")/.."

secs=${1:-20}
bin=./rtlens
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[ -x "$bin" ] || make -s rtlens
ncpu=$(nproc)
[ "$ncpu" -ge 2 ] || { echo "bench/listen.sh: needs 2 CPUs or more"; exit 1; }
cpus=1-$((ncpu - 1))

# cpu_ms PID TID...: user + system CPU time of the threads, in ms
cpu_ms() {
	local pid=$1 tid ticks=0

	shift
	for tid in "$@"; do
		[ -r "/proc/$pid/task/$tid/stat" ] || continue
		ticks=$((ticks + $(sed 's/.*) //' "/proc/$pid/task/$tid/stat" | awk '{ print $12 + $13 }')))
	done
	echo $((ticks * 1000 / $(getconf CLK_TCK)))
}

# the threads of rtlens that are not its measuring threads (rtlens-osn/N)
own_threads() {
	local t

	for t in /proc/$1/task/*; do
		grep -q '^rtlens-osn' "$t/comm" 2>/dev/null || echo "${t##*/}"
	done
}

# run NAME ARGS...: the CPU time of rtlens's own threads near the end of the run
run() {
	local name=$1 pid ms url

	shift
	# longer than the scraper, which starts later on a busy machine
	$bin osnoise top --engine user -q -c "$cpus" -d "$((secs + 5))" "$@" \
		> "$work/$name.out" 2> "$work/$name.err" &
	pid=$!
	if [ "$name" = listen ]; then
		url=$(python3 tests/host/metrics_probe.py url "$work/$name.err")
		python3 - "$url" "$secs" > "$work/scrapes" <<-'EOF' &
		import sys, time, urllib.request
		url, secs = sys.argv[1], float(sys.argv[2])
		n, size, end = 0, 0, time.time() + secs
		while time.time() < end:
		    size = len(urllib.request.urlopen(url, timeout=5).read())
		    n += 1
		    time.sleep(0.1)
		print(n, size)
		EOF
	fi
	sleep "$secs"
	# shellcheck disable=SC2046
	ms=$(cpu_ms "$pid" $(own_threads "$pid"))
	wait
	echo "$ms"
}

echo "# --listen: CPU time of rtlens's own threads over ${secs} s, user engine on CPUs $cpus"
plain=$(run plain)
listen=$(run listen --listen 127.0.0.1:0)
read -r scrapes size < "$work/scrapes"
printf '%-28s %10s\n' "run" "CPU ms"
printf '%-28s %10s\n' "osnoise top -q" "$plain"
printf '%-28s %10s\n' "  --listen, ${scrapes} scrapes" "$listen"
python3 - "$plain" "$listen" "$scrapes" "$size" "$secs" <<'EOF'
import sys
plain, listen, scrapes, size, secs = (float(x) for x in sys.argv[1:])
extra = listen - plain
print(f'--listen: {extra:+.0f} ms of CPU over {secs:.0f} s '
      f'({extra / secs / 10:+.2f}% of one housekeeping CPU), '
      f'{scrapes:.0f} scrapes of {size / 1024:.1f} KiB; ratio {listen / max(plain, 1):.2f}x')
EOF
